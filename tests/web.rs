//! Browser tests (wasm-bindgen-test in headless Chromium): the engine deals
//! the same games in WebAssembly as natively, and the app's components
//! render with the accessible names players and tests rely on.
//!
//! Run: `CHROMEDRIVER=/usr/bin/chromedriver
//! CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner
//! cargo test --target wasm32-unknown-unknown -p mojo-web --test web`
//! (scripts/test.sh does this).

#![cfg(target_arch = "wasm32")]

use gloo_timers::future::TimeoutFuture;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement};

wasm_bindgen_test_configure!(run_in_browser);

#[path = "../engine/tests/common/golden.rs"]
mod golden;

#[wasm_bindgen_test]
fn the_engine_deals_the_same_game_in_the_browser_as_natively() {
    let (totals, digest) = golden::golden_game();
    assert_eq!(totals, golden::GOLDEN_TOTALS);
    assert_eq!(digest, golden::GOLDEN_DIGEST);
}

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

/// Mounts the app in a fresh element, with empty storage.
async fn mount() -> Element {
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    storage.clear().unwrap();
    let root = document().create_element("div").unwrap();
    document().body().unwrap().append_child(&root).unwrap();
    yew::Renderer::<mojo_web::App>::with_root(root.clone()).render();
    settle().await;
    root
}

async fn settle() {
    TimeoutFuture::new(30).await;
}

fn buttons(root: &Element, selector: &str) -> Vec<HtmlElement> {
    let list = root.query_selector_all(selector).unwrap();
    (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|n| n.dyn_into::<HtmlElement>().ok())
        .collect()
}

fn name(e: &HtmlElement) -> String {
    e.get_attribute("aria-label")
        .unwrap_or_else(|| e.text_content().unwrap_or_default().trim().to_string())
}

fn find(root: &Element, label: &str) -> Option<HtmlElement> {
    buttons(root, "button")
        .into_iter()
        .find(|b| name(b) == label)
}

#[wasm_bindgen_test]
async fn first_visit_starts_with_one_tap_and_shows_your_hand() {
    let root = mount().await;
    // You and three Medium bots are already seated.
    assert_eq!(root.query_selector_all(".lobby__seat").unwrap().length(), 4);
    assert!(find(&root, "Continue").is_none(), "nothing saved yet");
    find(&root, "Start game")
        .expect("a Start game button")
        .click();
    settle().await;
    let hand = root
        .query_selector("[role=group][aria-label='Your hand']")
        .unwrap()
        .expect("your hand is a group");
    let cards = buttons(&hand, "button");
    assert_eq!(cards.len(), 8, "8 cards dealt");
    for c in &cards {
        assert!(is_card_name(&name(c)), "card name {:?}", name(c));
    }
    // The game was saved.
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    assert!(storage.get_item("mojo.game").unwrap().is_some());
}

/// "7 yellow": a value 0-12 and its colour.
fn is_card_name(s: &str) -> bool {
    let mut parts = s.split(' ');
    let (Some(v), Some(c), None) = (parts.next(), parts.next(), parts.next()) else {
        return false;
    };
    let Ok(v) = v.parse::<u8>() else { return false };
    v <= 12 && c == mojo_engine::Colour::of(v).name()
}

/// Starts the lobby's game (you and three bots) and returns your hand.
async fn start(root: &Element) -> Element {
    find(root, "Start game").unwrap().click();
    settle().await;
    root.query_selector("[role=group][aria-label='Your hand']")
        .unwrap()
        .expect("your hand is a group")
}

#[wasm_bindgen_test]
async fn playing_a_card_moves_it_to_the_discard_pile() {
    let root = mount().await;
    let hand = start(&root).await;
    let first = buttons(&hand, "button").remove(0);
    let played = name(&first);
    let hint = first.get_attribute("aria-description").unwrap_or_default();
    assert!(
        ["ends your turn", "you draw a card", "play again"].contains(&hint.as_str()),
        "hint {hint:?}"
    );
    first.click();
    settle().await;
    let top = root
        .query_selector(".pile__top [role=img]")
        .unwrap()
        .expect("a top card");
    assert_eq!(top.get_attribute("aria-label").unwrap(), played);
}

/// The parts of a card face in the page (`.card__corner`, ...) under `card`.
fn parts(card: &Element, part: &str) -> u32 {
    card.query_selector_all(part).unwrap().length()
}

#[wasm_bindgen_test]
async fn each_card_holds_only_what_its_size_shows() {
    let root = mount().await;
    let hand = start(&root).await;
    // Normal size (the hand): value, symbol and the corner; no colour name.
    let cards = buttons(&hand, "button");
    assert_eq!(cards.len(), 8);
    for c in &cards {
        assert_eq!(parts(c, ".card__corner"), 1, "{}", name(c));
        assert_eq!(parts(c, ".card__value"), 1, "{}", name(c));
        assert_eq!(parts(c, ".card__symbol"), 1, "{}", name(c));
        assert_eq!(parts(c, ".card__colour"), 0, "{}", name(c));
    }
    cards[0].click();
    settle().await;
    // Large (the pile's top card): the colour's name too.
    let top = root
        .query_selector(".pile__top [role=img]")
        .unwrap()
        .expect("a top card");
    let label = top.get_attribute("aria-label").unwrap();
    let colour = top
        .query_selector(".card__colour")
        .unwrap()
        .expect("a large card names its colour");
    assert_eq!(
        Some(colour.text_content().unwrap().to_lowercase().as_str()),
        label.split(' ').nth(1),
        "{label}"
    );
    assert_eq!(parts(&top, ".card__corner"), 1, "{label}");
    // Small (the cards under it): value and symbol only.
    let recent = root.query_selector_all(".pile__recent [role=img]").unwrap();
    assert!(recent.length() >= 1, "the card played is on the dealt one");
    for i in 0..recent.length() {
        let c: Element = recent.item(i).unwrap().dyn_into().unwrap();
        let label = c.get_attribute("aria-label").unwrap();
        assert!(is_card_name(&label), "{label}");
        assert_eq!(parts(&c, ".card__value"), 1, "{label}");
        assert_eq!(parts(&c, ".card__symbol"), 1, "{label}");
        assert_eq!(parts(&c, ".card__corner"), 0, "{label}");
        assert_eq!(parts(&c, ".card__colour"), 0, "{label}");
    }
}

#[wasm_bindgen_test]
async fn a_move_adds_its_log_line_and_leaves_the_others_alone() {
    let root = mount().await;
    let hand = start(&root).await;
    let lines = || {
        let list = root.query_selector_all(".log__lines li").unwrap();
        (0..list.length())
            .map(|i| list.item(i).unwrap().dyn_into::<Element>().unwrap())
            .map(|e| {
                let text = e.text_content().unwrap_or_default();
                (e, text)
            })
            .collect::<Vec<_>>()
    };
    let before = lines();
    assert!(!before.is_empty(), "the deal is in the log");
    buttons(&hand, "button").remove(0).click();
    settle().await;
    let after = lines();
    assert!(after.len() > before.len(), "the play is in the log");
    // Newest first: the new line is added at the top, and every line
    // already there stays the same element with the same words.
    for (element, text) in &before {
        assert!(element.is_connected(), "{text:?} is still in the page");
        assert_eq!(&element.text_content().unwrap_or_default(), text);
    }
    let old: Vec<&String> = before.iter().map(|(_, t)| t).collect();
    let kept: Vec<&String> = after[after.len() - before.len()..]
        .iter()
        .map(|(_, t)| t)
        .collect();
    assert_eq!(kept, old, "the older lines below the new one");
}

#[wasm_bindgen_test]
async fn the_rules_open_from_the_lobby_and_close() {
    let root = mount().await;
    find(&root, "Rules").expect("Rules from the lobby").click();
    settle().await;
    assert!(root.query_selector("[role=dialog]").unwrap().is_some());
    find(&root, "Close").unwrap().click();
    settle().await;
    assert!(root.query_selector("[role=dialog]").unwrap().is_none());
}

/// Pairing again and again leaves nothing behind: each link's listeners are
/// freed with it. The one that waited for the candidates was once forgotten:
/// it kept its closure and what it held (the connection, the promise's
/// resolve) in wasm-bindgen's externref heap for good, 6 slots a pairing.
///
/// The apps the earlier tests mounted share this page and still take and
/// free slots of their own now and then (a jump of 16 was seen once), so the
/// test judges the typical pairing, the median of the per-pairing changes: a
/// leak shows in every pairing, the others' noise in few.
#[wasm_bindgen_test]
async fn pairings_free_their_listeners() {
    use mojo_web::drivers::rtc::{Link, LinkEvent};
    use std::rc::Rc;
    let quiet: Rc<dyn Fn(LinkEvent)> = Rc::new(|_| {});
    let mut live = vec![wasm_bindgen::externref_heap_live_count()];
    for _ in 0..9 {
        let (table, offer) = Link::offer(&[], quiet.clone()).await.expect("an offer");
        let (device, answer) = Link::answer(&[], &offer, quiet.clone())
            .await
            .expect("an answer");
        table.accept(&answer).await.expect("the answer taken");
        drop((table, device));
        settle().await;
        live.push(wasm_bindgen::externref_heap_live_count());
    }
    let mut changes: Vec<i64> = live.windows(2).map(|w| w[1] as i64 - w[0] as i64).collect();
    changes.sort_unstable();
    let median = changes[changes.len() / 2];
    assert!(
        median <= 0,
        "a typical pairing kept {median} externref slots; in use after each: {live:?}"
    );
}
