//! The table: the other players around it, the centre (draw pile, discard
//! piles, the Mojo card), and the acting person's own cards: their hand, or
//! their face-down row in Mojo Time, or the hand-off cover in pass-and-play.
//!
//! It draws a [`Scene`]: only the cards of `scene.me` are ever rendered face
//! up, and while the hand-off cover shows, no hidden card of any seat is in
//! the page (nor in the scene).

mod cover;
mod offers;
mod own;

use std::cell::RefCell;
use std::rc::Rc;

use mojo_engine::{Action, Event, Phase, Seat, Value};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::i18n::{join_names, Lang, Text};
use crate::scene::Scene;
use crate::ui::cards::{card_back, card_face, draw_pile, mojo_card, CardSize};
use crate::ui::follow;
use crate::ui::hand::{lay_out, TapGuard};
use crate::ui::log::{describe, game_log};
use crate::ui::scorepad::{score_pad, PadProps};
use crate::ui::summary::{round_summary, SummaryProps};
use cover::{cover, drawn_card, Cover};
use own::{own_area, HandPlaces};

#[derive(Properties, PartialEq)]
pub struct TableProps {
    pub lang: Lang,
    pub scene: Rc<Scene>,
    /// Changes with every action (re-render and animation keys).
    pub seq: u64,
    pub on_act: Callback<Action>,
    /// "Take back" (the person who just played, see `Scene::take_back`).
    pub on_take_back: Callback<()>,
    pub on_show: Callback<Seat>,
    /// OK under the card just drawn (`Scene::drawn`).
    #[prop_or_default]
    pub on_seen: Callback<()>,
    pub on_rematch: Callback<()>,
    pub on_new_game: Callback<()>,
    pub on_rules: Callback<()>,
    pub on_menu: Callback<()>,
    /// The players on their own devices (at a table that has some).
    #[prop_or_default]
    pub on_devices: Option<Callback<()>>,
    /// This is a hand device: the table deals the next round and starts
    /// another game, not this screen.
    #[prop_or_default]
    pub hand_device: bool,
    /// Sounds on (this device's setting), and the mute button's callback.
    #[prop_or_default]
    pub sound: bool,
    #[prop_or_default]
    pub on_sound: Option<Callback<bool>>,
    /// Opens the replay of a finished round (the table device only: never
    /// on a hand device).
    #[prop_or_default]
    pub on_replay: Option<Callback<u32>>,
    /// The game's deal code, at game over on the table device only.
    #[prop_or_default]
    pub deal_code: Option<AttrValue>,
    /// Today's deal at game over: its date and streak (the result is
    /// shared).
    #[prop_or_default]
    pub daily: Option<(AttrValue, u32)>,
    /// "Confirm each card": a first tap picks a card, a second plays it.
    #[prop_or_default]
    pub confirm: bool,
    /// The copy and share buttons' part of the state.
    pub clipboard: crate::ui::copy::Clipboard,
}

/// Focus at the hand-off: the cover's "Show my cards".
const HANDOFF_FOCUS: &str = ".handoff button";

/// Scrolls the score pad and the log (below the hand on a phone) to the
/// top of the screen.
fn show_side() {
    let side = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector(".table .side").ok().flatten());
    if let Some(side) = side {
        side.scroll_into_view_with_bool(true);
    }
}

/// Where focus belongs after the position changed: a CSS selector.
fn focus_target(scene: &Scene, my_turn: bool) -> &'static str {
    if scene.drawn.is_some() {
        ".drawn__ok"
    } else if scene.handoff.is_some() {
        HANDOFF_FOCUS
    } else if !scene.in_play() {
        ".summary .button--primary"
    } else if my_turn {
        match scene.phase() {
            Phase::Reveal => ".facedown__row button[tabindex='0']",
            Phase::Draw { .. } => ".draw-choice button",
            _ => ".hand button[tabindex='0']",
        }
    } else {
        ".status"
    }
}

/// Moves focus to `selector` when focus was lost (its element left the
/// page, e.g. the card just played) or is in the player's own area, the
/// status line or a summary; focus the player took elsewhere (the menu,
/// the score pad) stays where it is.
fn move_focus(selector: &str) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let active = doc.active_element();
    let free = match &active {
        None => true,
        Some(a) => {
            doc.body().is_some_and(|b| js_sys::Object::is(a, &b))
                || a.closest(".own, .status, .cover, .summary")
                    .ok()
                    .flatten()
                    .is_some()
        }
    };
    if !free {
        return;
    }
    if let Some(el) = doc
        .query_selector(selector)
        .ok()
        .flatten()
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        // Already there (the status line while bots play): focus() again
        // would only force a style and layout pass inside this task, once
        // per bot move (measured: 27 calls in a round of four bots become 2).
        if active.is_some_and(|a| js_sys::Object::is(&a, &el)) {
            return;
        }
        // Without scrolling: a round summary opens at its top, its result
        // in view, its primary button focused at the foot.
        crate::ui::focus::focus_in_place(&el);
    }
}

/// What a screen reader hears after a change: every log line since the
/// last announcement (others' moves, the Mojo card turning, the new round),
/// the viewer's own draw with its card (and the card drawn shown to its
/// owner before the cover), then whose turn it is.
fn announcement(scene: &Scene, from: usize, lang: Lang, status: &str) -> String {
    let mut parts: Vec<String> = scene.log[from.min(scene.log.len())..]
        .iter()
        .map(|e| match e.event {
            Event::Drew { seat, source, .. } if Some(seat) == scene.me => Text::LogDrew {
                name: scene.name(seat),
                source,
                card: scene.just_drawn(),
            }
            .get(lang),
            // The card drawn shown to its owner, before the cover: named
            // to them as it is shown.
            Event::Drew { seat, source, .. } if scene.drawn.is_some_and(|d| d.seat == seat) => {
                Text::LogDrew {
                    name: scene.name(seat),
                    source,
                    card: scene.drawn.map(|d| d.value),
                }
                .get(lang)
            }
            ref event => describe(event, scene, lang),
        })
        .filter(|l| !l.is_empty())
        .collect();
    parts.push(status.to_string());
    parts.join(" ")
}

#[function_component(Table)]
pub fn table(p: &TableProps) -> Html {
    let lang = p.lang;
    let t = |text: Text| text.get(lang);
    let scene = &p.scene;
    let view = &scene.view;
    let viewer = scene.me;
    let handoff = scene.handoff;
    let phase = scene.phase();
    let piles = view.options.piles();
    let chosen_pile = use_state(|| 0u8);
    let hand_stop = use_state(|| 0usize);
    let down_stop = use_state(|| 0usize);
    // (seq, log length) of the last announcement, and its words.
    let heard = use_mut_ref(|| None::<(u64, usize, String)>);
    // A chain or a draw fixes the pile.
    let active_pile = match phase {
        Phase::Continue { pile } | Phase::Draw { pile } => pile,
        _ => (*chosen_pile).min(piles - 1),
    };
    let my_turn = scene.my_turn();
    // The hand's places (holes in a chain: nothing slides under a finger)
    // and its tap guard, told when the hand was drawn again.
    let guard = use_memo((), |_| TapGuard::default());
    // "Confirm each card": the card picked (at move `seq`, its place).
    let picked = use_state(|| None::<(u64, usize)>);
    let layout = use_mut_ref(|| (None::<Seat>, Vec::<Option<Value>>::new()));
    let slots = {
        let mut l = layout.borrow_mut();
        let chain = my_turn && l.0 == viewer && matches!(phase, Phase::Continue { .. });
        let tapped = guard.pressed().map(|k| k as usize);
        let slots = lay_out(&l.1, &view.hand, chain, tapped);
        *l = (viewer, slots.clone());
        slots
    };
    // A take-back pressed on a cover asks once, until the next move.
    let asking: offers::Asking = use_state(|| None);
    let offered = crate::ui::hand::offers(scene, *asking == Some(p.seq));
    {
        // The hand "drawn again" for the guard: when what is under a finger
        // changes (its cards and their places, whether it may play, whose
        // hand it is, the cover lifted or put back, the buttons beside the
        // cards), not whenever the game moves: a tap on a hand that did not
        // change acts (issue 34: a genuine tap was swallowed by a redraw
        // that changed nothing under it), a tap begun on the cover does not
        // act on the cards it shows, nor one begun on one button on
        // another that took its place.
        let guard = guard.clone();
        // (While a card drawn shows, who the cover will wait for is not
        // drawn: a bot's move then changes nothing under a finger.)
        let cover = handoff.filter(|_| scene.drawn.is_none());
        let under = (slots.clone(), my_turn, viewer, cover, offered.clone());
        use_effect_with(under, move |_| {
            if let Some(perf) = web_sys::window().and_then(|w| w.performance()) {
                guard.drawn(perf.now());
            }
        });
    }

    // Seats around the table, as the person whose area shows sees them.
    let n = scene.players();
    let others = scene.seats_around();
    // The last move: who made it (highlighted), in words under the piles.
    let last_mover = follow::last_mover(scene);

    let seat_tiles = others.iter().map(|&s| seat_tile(p, s, last_mover));

    // The centre: draw pile, discard piles (top large, last plays small),
    // the Mojo card.

    // "Show my cards", "Take back Ben's 1 blue": each in its spot.
    let placed = offers::place(p, &offered, &guard, &asking);

    // The acting person's own area.
    let own = if let Some(drawn) = scene.drawn {
        drawn_card(p, drawn, placed)
    } else if let Some(to) = handoff {
        cover(p, to, Cover::HandOff, placed)
    } else if let Some(me) = viewer {
        let hand = HandPlaces {
            slots,
            guard: guard.clone(),
            placed,
            picked: p.confirm.then(|| picked.clone()),
        };
        own_area(
            p,
            me,
            view,
            active_pile,
            my_turn,
            (&hand_stop, &down_stop),
            hand,
        )
    } else if let Some(next) = scene.pass_to {
        cover(p, next, Cover::Later, placed)
    } else {
        html! {}
    };

    {
        // The question comes with focus on its "yes" (the button pressed
        // went with it).
        let asked = *asking == Some(p.seq);
        use_effect_with(asked, |&asked| {
            if asked {
                crate::drivers::browser::after(0, || move_focus(".take-back-sure__yes"));
            }
        });
    }
    let status = status_line(scene, lang);
    let announce = announce_once(&heard, scene, p.seq, lang, &status);
    use_focus_after_move(scene, p.seq, my_turn);
    use_follow_moves(scene, p.seq, viewer);
    let round_over = !phase.in_round();
    let me_name = viewer.map(|v| scene.name(v).to_string());

    html! {
        <main class={classes!("table", format!("table--{}", n), (piles == 2).then_some("table--two-piles"), scene.public().then_some("table--public"), my_turn.then_some("table--my-turn"))}>
            { top_bar(p, me_name.as_deref()) }
            <ul class="seats" aria-label={t(Text::Players)}>{ for seat_tiles }</ul>
            { centre(p, (active_pile, my_turn), &chosen_pile) }
            <p class="status" tabindex="-1">{ status }</p>
            if p.hand_device {
                <p class="keep-open">{ t(Text::KeepOpen) }</p>
            }
            if let Some((seat, value)) = scene.took_back {
                <p class="took-back" role="status">{ t(Text::TookBack { name: scene.name(seat), value }) }</p>
            }
            // (Between rounds, the summary says it: it covers this line.)
            if let Some(seat) = scene.lost.filter(|_| !round_over) {
                <p class="took-back" role="status">{ t(Text::PhoneLost(scene.name(seat))) }</p>
            }
            { own }
            <aside class="side">
                { score_pad(&PadProps { scene, lang, compact: true, id: "pad" }) }
                { game_log(scene, lang) }
            </aside>
            <div class="visually-hidden" aria-live="polite" aria-atomic="true">{ announce }</div>
            if round_over && handoff.is_none() {
                { summary(p) }
            }
        </main>
    }
}

/// Focus where it belongs after each move (`focus_target`), and the
/// hand-off's button in view.
#[hook]
fn use_focus_after_move(scene: &Scene, seq: u64, my_turn: bool) {
    // After the render's task, not inside it: focusing forces a style
    // and layout pass, which then runs on its own instead of lengthening
    // the render (a round's end was one 40-50 ms task unthrottled; now
    // two of about half that).
    let target = focus_target(scene, my_turn);
    use_effect_with((seq, target), move |&(_, target)| {
        crate::drivers::browser::after(0, move || {
            move_focus(target);
            if target == HANDOFF_FOCUS {
                crate::ui::focus::bring_into_view(".cover__show", false);
            }
        });
    });
}

/// Each move, once: its cards fly (a display effect; its sounds are the
/// reducer's, `Cmd::Sounds`). Not on the first render (a reload, back
/// from a replay), nor for a change that is no move (the hand-off's "Show
/// my cards": same log).
#[hook]
fn use_follow_moves(scene: &Scene, seq: u64, viewer: Option<Seat>) {
    let seen = use_mut_ref(|| None::<usize>);
    let events = scene.last_events.clone();
    let log_len = scene.log.len();
    use_effect_with(seq, move |_| {
        let before = seen.borrow_mut().replace(log_len);
        if before.is_some_and(|len| len != log_len) {
            follow::animate(".table", &events, viewer);
        }
    });
}

/// What the live region says for this render: the log lines new since the
/// last announcement (kept in `heard`: its move number, the log's length
/// and its words), said once per move.
fn announce_once(
    heard: &RefCell<Option<(u64, usize, String)>>,
    scene: &Scene,
    seq: u64,
    lang: Lang,
    status: &str,
) -> String {
    let mut heard = heard.borrow_mut();
    let len = scene.log.len();
    match &*heard {
        Some((said_at, _, words)) if *said_at == seq => words.clone(),
        last => {
            let from = match last {
                // A new game has a shorter log: all of it is new.
                Some((_, seen, _)) if *seen <= len => *seen,
                Some(_) => 0,
                // Just opened: only whose turn it is.
                None => len,
            };
            let words = announcement(scene, from, lang, status);
            *heard = Some((seq, len, words.clone()));
            words
        }
    }
}

/// The round's summary, or the game's end.
fn summary(p: &TableProps) -> Html {
    let scene = &p.scene;
    let lang = p.lang;
    round_summary(&SummaryProps {
        scene: scene.clone(),
        lang,
        on_next: {
            let a = p.on_act.clone();
            Callback::from(move |_| a.emit(Action::NextRound))
        },
        on_rematch: p.on_rematch.clone(),
        on_new_game: p.on_new_game.clone(),
        on_rules: p.on_rules.clone(),
        on_menu: p.on_menu.clone(),
        hand_device: p.hand_device,
        on_replay: p.on_replay.clone().filter(|_| !p.hand_device),
        deal_code: p
            .deal_code
            .clone()
            .filter(|_| !p.hand_device && scene.is_over()),
        daily: p
            .daily
            .clone()
            .filter(|_| !p.hand_device && scene.is_over()),
        clipboard: p.clipboard.clone(),
    })
}

/// The centre: the draw pile, the discard piles (top large, last plays
/// small), the Mojo card and, in words, the last move.
fn centre(
    p: &TableProps,
    (active_pile, my_turn): (u8, bool),
    chosen_pile: &UseStateHandle<u8>,
) -> Html {
    let lang = p.lang;
    let t = |text: Text| text.get(lang);
    let scene = &p.scene;
    let view = &scene.view;
    let piles = view.options.piles();
    let discard = (0..piles).map(|i| discard_pile(p, i, (active_pile, my_turn), chosen_pile));
    let last_move: Vec<String> = follow::last_move_lines(scene)
        .into_iter()
        .map(|e| describe(&e.event, scene, lang))
        .filter(|l| !l.is_empty())
        .collect();
    html! {
        <section class="centre" aria-label={t(Text::TableCentre)}>
            { draw_pile(view.draw_len.into(), lang) }
            <div class="piles">{ for discard }</div>
            { mojo_card(view.mojo, lang) }
            if scene.in_play() {
                // Said by the live region already: for the eyes. Always
                // there, two lines high, so that nothing below it moves.
                <p class="lastmove" aria-hidden="true">{ last_move.join(" ") }</p>
            }
        </section>
    }
}

/// The tile of `s`, a seat other than the viewer's, around the table.
fn seat_tile(p: &TableProps, s: Seat, last_mover: Option<Seat>) -> Html {
    let lang = p.lang;
    let t = |text: Text| text.get(lang);
    let scene = &p.scene;
    let view = &scene.view;
    let holder = scene.rounds.last().map(|r| r.holder);
    let sv = &view.seats[s as usize];
    let active = scene.to_act() == Some(s);
    let thinking = active && scene.bot_to_act().is_some();
    let known = sv.known_in_hand;
    let last = last_mover == Some(s) && scene.in_play();
    html! {
        <li class={classes!("seat", active.then_some("seat--active"), last.then_some("seat--last"))} aria-current={active.then_some("true")} data-seat={s.to_string()}>
            <div class="seat__head">
                <span class="seat__name">{ scene.name(s).to_string() }</span>
                if holder == Some(s) && scene.in_play() {
                    <span class="seat__mojo" title={t(Text::MojoHolder)}>{ "M" }</span>
                }
                <span class="seat__total">{ t(Text::Total(sv.total)) }</span>
            </div>
            <div class="seat__cards">
                // No hand left (all face down): no "0" beside the face-down
                // cards (issue 34); they say how many they are.
                if sv.hand_len > 0 || sv.face_down_len == 0 {
                    <div class="seat__hand" aria-label={t(Text::HandSize(sv.hand_len as usize))} role="img">
                        { for (0..sv.hand_len.min(12)).map(|_| card_back(CardSize::Small, "seat__back")) }
                        <span class="seat__count">{ sv.hand_len }</span>
                    </div>
                }
                if sv.face_down_len > 0 {
                    <div class="seat__down" role="img" aria-label={t(Text::FaceDownCount(sv.face_down_len as usize))}>
                        { for (0..sv.face_down_len).map(|_| card_back(CardSize::Small, "seat__down-card")) }
                    </div>
                }
                if !sv.face_up.is_empty() || !known.is_empty() {
                    <div class="seat__up">
                        { for sv.face_up.iter().map(|v| card_face(v, CardSize::Small, "", lang, None)) }
                        { for known.iter().map(|v| card_face(v, CardSize::Small, "card--known", lang, None)) }
                    </div>
                }

            </div>
            if let Some(level) = scene.levels.get(s as usize).copied().flatten() {
                <div class="seat__level">{ t(Text::Bot(level)) }</div>
            } else if scene.bots.get(s as usize) == Some(&true) {
                <div class="seat__level">{ t(Text::BotSeat) }</div>
            }
            if scene.offline.contains(&s) {
                <div class="seat__offline">{ t(Text::PhoneOffline) }</div>
            } else if scene.reconnecting.contains(&s) {
                <div class="seat__offline seat__offline--reconnecting">{ t(Text::Reconnecting) }</div>
            }
            if last && !active {
                <div class="seat__last" aria-hidden="true">{ t(Text::LastMove) }</div>
            }
            // The tile already names the seat: short words that fit it.
            if thinking {
                <div class="seat__thinking">{ t(Text::SeatThinking) }</div>
            } else if active {
                <div class="seat__turn">{ t(Text::SeatTurn) }</div>
            }
        </li>
    }
}

/// Discard pile `i`: its top card large, its last plays small, who played
/// the top card, and (two piles, the viewer's turn) the button to play on it.
fn discard_pile(
    p: &TableProps,
    i: u8,
    (active_pile, my_turn): (u8, bool),
    chosen_pile: &UseStateHandle<u8>,
) -> Html {
    let lang = p.lang;
    let t = |text: Text| text.get(lang);
    let scene = &p.scene;
    let view = &scene.view;
    let phase = scene.phase();
    let piles = view.options.piles();
    let choose_pile = |i: u8| {
        let chosen = chosen_pile.clone();
        Callback::from(move |_| chosen.set(i))
    };
    let pile = view.discard.get(i as usize).cloned().unwrap_or_default();
    let cards = pile.as_slice();
    let top = pile.top();
    let first_recent = cards.len().saturating_sub(5);
    let recent = &cards[first_recent..cards.len().saturating_sub(1)];
    let selectable = my_turn && piles == 2 && phase == Phase::Play;
    let selected = piles == 2 && active_pile == i && scene.in_play();
    let label = if piles == 2 {
        t(Text::Pile(i))
    } else {
        t(Text::DiscardPile)
    };
    let by = follow::played_by(&scene.log, view.round, i).filter(|_| top.is_some());
    html! {
        <div class={classes!("pile", selected.then_some("pile--selected"))} data-pile={i.to_string()}>
            <div class="pile__label">{ label }</div>
            <div class="pile__recent" aria-hidden="true">
                // Keyed by place in the pile: a play shifts the row by
                // one card instead of repainting all four.
                { for recent.iter().enumerate().map(|(k, &v)| card_face(v, CardSize::Small, "", lang, Some(format!("{i}-{}", first_recent + k).into()))) }
            </div>
            <div class="pile__top">
                if let Some(v) = top {
                    { card_face(v, CardSize::Large, "card--arrive", lang, Some(format!("{i}-{}", cards.len()).into())) }
                }
            </div>
            if let Some(seat) = by {
                <div class="pile__by">{ t(Text::PlayedBy(scene.name(seat))) }</div>
            }
            if selectable {
                <button
                    type="button"
                    class="button pile__choose"
                    aria-pressed={if selected { "true" } else { "false" }}
                    onclick={choose_pile(i)}
                >{ t(Text::PlayOn(i)) }</button>
            }
        </div>
    }
}

/// The bar at the top: the round, the target, whose screen it is (on a
/// shared screen), the sound, the devices, the rules and the menu.
fn top_bar(p: &TableProps, me_name: Option<&str>) -> Html {
    let lang = p.lang;
    let t = |text: Text| text.get(lang);
    let scene = &p.scene;
    let view = &scene.view;
    let on_rules = p.on_rules.clone();
    let on_menu = p.on_menu.clone();
    html! {
    <header class="topbar">
        // On a phone the score pad and the log are below the hand: the
        // round's chip brings them into view in one tap (issue 35).
        <button type="button" class="topbar__round" aria-label={t(Text::ShowScores(view.round))} onclick={Callback::from(|_| show_side())}>
            { t(Text::Round(view.round)) }
        </button>
        <span class="topbar__target">{ t(Text::Target(view.options.target)) }</span>
        if let Some(name) = me_name.filter(|_| scene.shared) {
            <span class="topbar__me">{ t(Text::YouAre(name)) }</span>
        }
        <span class="topbar__spacer"></span>
        if let Some(on_sound) = p.on_sound.clone() {
            <button
                type="button"
                class="button button--ghost button--icon sound-toggle"
                aria-label={t(if p.sound { Text::SoundOff } else { Text::SoundOn })}
                title={t(if p.sound { Text::SoundOff } else { Text::SoundOn })}
                onclick={let on = p.sound; Callback::from(move |_| on_sound.emit(!on))}
            >{ sound_icon(p.sound) }</button>
        }
        if let Some(on_devices) = p.on_devices.clone() {
            <button type="button" class={classes!("button", "button--ghost", scene.waiting_for.map(|_| "button--alert"))} onclick={Callback::from(move |_| on_devices.emit(()))}>{ t(Text::Devices) }</button>
        }
        <button type="button" class="button button--ghost" onclick={Callback::from(move |_| on_rules.emit(()))}>{ t(Text::Rules) }</button>
        <button type="button" class="button button--ghost" onclick={Callback::from(move |_| on_menu.emit(()))}>{ t(Text::Menu) }</button>
    </header>
    }
}

/// A loudspeaker, with sound waves (on) or a cross (off): drawn, not an
/// emoji, so that every system shows it.
fn sound_icon(on: bool) -> Html {
    html! {
        <svg class="sound-toggle__icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
            if on {
                <path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
            } else {
                <path d="M16.5 9.5l5 5M21.5 9.5l-5 5" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
            }
        </svg>
    }
}

/// The viewer's status line: what to do, or whose turn it is.
pub(crate) fn status_line(scene: &Scene, lang: Lang) -> String {
    let view = &scene.view;
    let current = scene.current();
    let t = |text: Text| text.get(lang);
    if scene.me.is_some_and(|me| scene.reconnecting.contains(&me)) {
        return t(Text::Reconnecting);
    }
    if let Some(host) = &scene.table_away {
        return t(match host.as_str() {
            "" => Text::TableAwayNoName,
            host => Text::TableAway(host),
        });
    }
    if scene.waiting_table && scene.in_play() {
        return t(Text::WaitingForTable);
    }
    if !scene.in_play() {
        if scene.is_over() {
            let names: Vec<&str> = view.winners.iter().map(|&w| scene.name(w)).collect();
            return t(Text::LogGameOver(&join_names(&names, lang)));
        }
        return t(Text::RoundOverTitle(view.round));
    }
    if scene.me == Some(current) {
        return match scene.phase() {
            Phase::Reveal => t(Text::MustReveal),
            Phase::Draw { .. } => t(Text::MustDraw),
            Phase::Continue { pile } => t(Text::ContinueChain(view.top(pile).unwrap_or(0))),
            _ if view.options.double_discard => {
                format!("{} {}", t(Text::YourTurn), t(Text::ChoosePile))
            }
            _ => t(Text::YourTurn),
        };
    }
    if scene.waiting_for == Some(current) {
        t(Text::WaitingFor(scene.name(current)))
    } else if scene.bot_to_act().is_some() {
        t(Text::Thinking(scene.name(current)))
    } else {
        t(Text::TurnOf(scene.name(current)))
    }
}
