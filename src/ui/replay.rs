//! "Replay this round": every move of a finished round on the table as it
//! was, every hand face up, one step at a time (previous / next / play, ←
//! and →), and the round's log, each line going to its move.
//!
//! Only the device that holds the game shows it (it is built from the
//! game's seed and actions, `crate::replay`); a hand device is never
//! offered one. The draw pile shows only how many cards it holds.

use std::rc::Rc;

use gloo::timers::callback::Timeout;
use mojo_engine::bot::review::{Mark, Why};
use mojo_engine::{Action, Event, Seat};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::i18n::{Lang, Text};
use crate::replay::{logged, Frame, Replay, RoundReview};
use crate::scene::Scene;
use crate::session::Session;
use crate::ui::cards::{card_face, draw_pile, mojo_card, CardSize};
use crate::ui::follow;
use crate::ui::log::describe;

/// The pause between two moves when the replay plays by itself, in ms.
const AUTO_MS: u32 = 1100;

#[derive(Properties, PartialEq)]
pub struct ReplayProps {
    pub lang: Lang,
    pub session: Rc<Session>,
    /// The round to open, and its step (0: the deal).
    pub round: u32,
    #[prop_or_default]
    pub step: usize,
    pub on_close: Callback<()>,
    /// Another round chosen (the review follows it).
    #[prop_or_default]
    pub on_round: Callback<u32>,
    /// Hard's review of the round opened, as far as it has come.
    #[prop_or_default]
    pub review: Option<Rc<RoundReview>>,
}

/// A mark in words: "Hard would have played 3 green (about 2 points
/// better)"; with two piles, which one.
pub fn mark_text(mark: &Mark, piles: u8, lang: Lang) -> String {
    let n = mark.cost.round().max(1.0) as u32;
    match mark.best {
        Action::Draw(source) => Text::ReviewDrew { source, n }.get(lang),
        Action::Play { value, pile } => {
            let at = if piles == 2 { pile.min(1) + 1 } else { 0 };
            Text::ReviewPlayed { value, at, n }.get(lang)
        }
        // Never marked: no choice worth reviewing.
        Action::Reveal(_) | Action::NextRound => String::new(),
    }
}

/// A move in a review's numbers: "6 yellow", "10 orange on the left
/// pile", "drawing from the draw pile".
fn move_words(action: Action, piles: u8, lang: Lang) -> String {
    match action {
        Action::Play { value, pile } => {
            let at = if piles == 2 { pile.min(1) + 1 } else { 0 };
            Text::ReviewMoveCard { value, at }.get(lang)
        }
        Action::Draw(source) => Text::ReviewMoveDraw(source).get(lang),
        Action::Reveal(_) | Action::NextRound => String::new(),
    }
}

/// The review's line under the help: how far it has come, then, for each
/// person whose moves it looked at, how many are worth a look and what
/// they cost in all; a part with moves worth a look is a button to the
/// first of them (`go`, issue 55). Nothing when the round has no move of
/// a person to review.
fn review_summary(
    review: Option<&RoundReview>,
    names: &Scene,
    go: &Callback<usize>,
    lang: Lang,
) -> Html {
    let Some(r) = review.filter(|r| r.moves() > 0) else {
        return html! {};
    };
    if !r.is_done() {
        let busy = Text::ReviewBusy {
            done: r.found.len(),
            of: r.moves(),
        };
        return html! {
            <p class="replay__review" role="status" data-done="false">{ busy.get(lang) }</p>
        };
    }
    let people = r.by_person();
    let part = |p: &crate::replay::PersonReview| -> Html {
        let name = names.name(p.seat);
        match p.first {
            Some(step) => {
                let text = Text::ReviewPerson {
                    name,
                    moves: p.marked,
                    points: p.cost.round() as u32,
                };
                html! {
                    <button type="button" class="replay__person" onclick={go.reform(move |_| step)}>
                        { text.get(lang) }
                    </button>
                }
            }
            None => {
                html! { <span class="replay__clean">{ Text::ReviewPersonClean(name).get(lang) }</span> }
            }
        }
    };
    let mut parts: Vec<Html> = people.iter().map(part).collect();
    // The last part keeps the sentence's end with it ("." alone on a line
    // on a phone, otherwise).
    let last = parts.pop();
    // The sentence around the parts, in the language's order.
    let frame = Text::ReviewSummary("\u{0}").get(lang);
    let (before, after) = frame.split_once('\u{0}').unwrap_or((&frame, ""));
    html! {
        <p class="replay__review" role="status" data-done="true">
            { before.to_string() }
            { for parts.into_iter().map(|p| html! { <>{ p }{ "; " }</> }) }
            <span class="replay__last">{ for last }{ after.to_string() }</span>
        </p>
    }
}

/// Why Hard's choice is better, for this move (issue 55): the +10, a
/// chain, a card kept, a card drawn, or else what the numbers are.
fn why_text(mark: &Mark, name: &str, piles: u8, lang: Lang) -> String {
    let percent = |share: f64| (share * 100.0).round().clamp(0.0, 100.0) as u32;
    let (kind, card, top, n, m) = match mark.why {
        Why::Numbers => (0, 0, 0, 0, 0),
        Why::PlusTen { played, best } => (1, 0, 0, percent(played), percent(best)),
        Why::Chain { card } => (2, card, 0, 0, 0),
        Why::Kept { card, by } => (3, card, 0, by, 0),
        Why::Drew { top, .. } => (4, mark_card(mark.best), top, 0, 0),
    };
    Text::ReviewWhy {
        kind,
        name,
        played: &move_words(mark.played, piles, lang),
        hard: &move_words(mark.best, piles, lang),
        mine: mark_card(mark.played),
        card,
        top,
        n,
        m,
    }
    .get(lang)
}

/// The card of a move (0 for a draw).
fn mark_card(action: Action) -> u8 {
    match action {
        Action::Play { value, .. } => value,
        _ => 0,
    }
}

/// Under a marked move, shown as itself (issue 55; the step before is the
/// choice its player faced): what Hard would have played, the round
/// points the search expects after each of the two moves, why for this
/// move, and the way to the same person's next move worth a look.
fn review_note(
    review: Option<&RoundReview>,
    at: usize,
    names: &Scene,
    piles: u8,
    go: &Callback<usize>,
    lang: Lang,
) -> Html {
    let Some((r, (mover, mark))) = review.and_then(|r| Some((r, r.note_at(at)?))) else {
        return html! {};
    };
    let name = names.name(mover);
    let points = Text::ReviewPoints {
        name,
        hard: &move_words(mark.best, piles, lang),
        best: mark.best_points.round().max(0.0) as u32,
        played: &move_words(mark.played, piles, lang),
        mine: mark.played_points.round().max(0.0) as u32,
    };
    let next = r.next_marked(at).map(|(step, k, of)| {
        let label = Text::ReviewNextMark { first: k == 1, k, of };
        html! {
            <button type="button" class="button replay__next-mark" onclick={go.reform(move |_| step)}>
                { label.get(lang) }<span aria-hidden="true">{ " →" }</span>
            </button>
        }
    });
    html! {
        <div class="replay__note">
            <p class="replay__mark"><span class="replay__flag" aria-hidden="true">{ "⚑ " }</span>{ mark_text(mark, piles, lang) }</p>
            <p class="replay__points">{ points.get(lang) }</p>
            <p class="replay__why">{ why_text(mark, name, piles, lang) }</p>
            { for next }
        </div>
    }
}

/// A scene that only names the players (for `describe`).
fn names_scene(session: &Session, frame: &Frame) -> Scene {
    Scene {
        view: frame.view.clone(),
        me: None,
        handoff: None,
        names: session.setup.seats.iter().map(|s| s.name.clone()).collect(),
        bots: Vec::new(),
        levels: Vec::new(),
        shared: false,
        rounds: Vec::new(),
        log: Vec::new(),
        last_events: Vec::new(),
        waiting_for: None,
        offline: Vec::new(),
        reconnecting: Vec::new(),
        waiting_table: false,
        table_away: None,
        took_back: None,
        lost: None,
        take_back: None,
        pass_to: None,
        busy: false,
        may_deal: false,
        drawn: None,
    }
}

/// The replay's effects: focus on its heading when it opens, the cards of
/// one step forward flying as they did at the table, the log's line of the
/// move shown kept in view, and (while `playing`) the next move after a
/// pause, until the end.
#[hook]
fn use_replay_effects(
    replay: Rc<Option<Replay>>,
    round: u32,
    at: usize,
    step: UseStateHandle<(u32, usize)>,
    playing: UseStateHandle<bool>,
) {
    let len = replay.as_ref().as_ref().map_or(0, Replay::len);
    use_effect_with((), |_| {
        if let Some(h) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.get_element_by_id("replay-title"))
            .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
        {
            crate::ui::focus::focus_in_place(&h);
        }
    });
    let last = use_mut_ref(|| None::<(u32, usize)>);
    let events = replay
        .as_ref()
        .as_ref()
        .and_then(|r| r.at(at))
        .map(|f| f.events.clone())
        .unwrap_or_default();
    use_effect_with((round, at), move |&(r, s)| {
        let before = last.borrow_mut().replace((r, s));
        if before.is_some_and(|(br, bs)| br == r && bs + 1 == s) {
            follow::animate(".replay", &events, None);
        }
    });
    // The log scrolls, never the page.
    use_effect_with((round, at), |_| keep_now_line_in_view());
    use_effect_with((*playing, at, len), move |&(on, at, len)| {
        let timer = (on && at + 1 < len).then(|| {
            let playing = playing.clone();
            Timeout::new(AUTO_MS, move || {
                step.set((round, at + 1));
                if at + 2 >= len {
                    playing.set(false);
                }
            })
        });
        if on && at + 1 >= len {
            playing.set(false);
        }
        move || drop(timer)
    });
}

/// ← and → step (not inside the round's list), Escape closes.
fn replay_keys(go: Callback<usize>, close: Callback<()>, at: usize) -> Callback<KeyboardEvent> {
    Callback::from(move |e: KeyboardEvent| {
        let in_field = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|t| matches!(t.tag_name().as_str(), "SELECT" | "INPUT"));
        match e.key().as_str() {
            "ArrowLeft" if !in_field => {
                e.prevent_default();
                go.emit(at.saturating_sub(1));
            }
            "ArrowRight" if !in_field => {
                e.prevent_default();
                go.emit(at + 1);
            }
            "Escape" => {
                e.prevent_default();
                close.emit(());
            }
            _ => {}
        }
    })
}

/// Seat `s` at this step: every card it holds, face up, the card just
/// drawn marked, and at the round's end its points and score.
fn replay_seat(replay: &Replay, frame: &Frame, names: &Scene, s: Seat, lang: Lang) -> Html {
    let t = |text: Text| text.get(lang);
    let view = &frame.view;
    let over = !view.phase.in_round();
    let drawn: Option<(Seat, u8)> = frame.events.iter().find_map(|e| match *e {
        Event::Drew {
            seat,
            card: Some(v),
            ..
        } => Some((seat, v)),
        _ => None,
    });
    let i = s as usize;
    let sv = &view.seats[i];
    let hand = frame.hands[i];
    let down = frame.face_down[i];
    let active = !over && view.current == s;
    let last = frame.actor == Some(s);
    let mut marked = false;
    html! {
        <li class={classes!("rseat", active.then_some("rseat--active"), last.then_some("rseat--last"), (over && s == replay.result.holder).then_some("rseat--holder"))} data-seat={s.to_string()}>
            <div class="rseat__head">
                <span class="rseat__name">{ names.name(s).to_string() }</span>
                <span class="rseat__total">{ t(Text::Total(sv.total)) }</span>
            </div>
            <div class="rseat__cards" role="group" aria-label={t(Text::ReplayHandOf(names.name(s)))}>
                { for hand.iter().map(|v| {
                    let new = !marked && drawn == Some((s, v)) && { marked = true; true };
                    card_face(v, CardSize::Small, if new { "card--drawn" } else { "" }, lang, None)
                }) }
                if !down.is_empty() {
                    <span class="rseat__down-label">{ t(Text::ReplayFaceDown) }</span>
                    { for down.iter().map(|v| card_face(v, CardSize::Small, "card--was-down", lang, None)) }
                }
                { for sv.face_up.iter().map(|v| card_face(v, CardSize::Small, "card--revealed", lang, None)) }
            </div>
            if over {
                <div class="rseat__numbers">
                    <span class="rseat__points">{ t(Text::Points(replay.result.points[i])) }</span>
                    <span class="rseat__score">{ t(Text::Score(replay.result.scores[i])) }</span>
                </div>
            }
        </li>
    }
}

/// The centre at this step (step `at`): the draw pile's size, the discard
/// piles and the Mojo card.
fn replay_centre(frame: &Frame, at: usize, lang: Lang) -> Html {
    let t = |text: Text| text.get(lang);
    let view = &frame.view;
    let piles = view.options.piles();
    let discard = (0..piles).map(|i| {
        let pile = view.discard.get(i as usize).cloned().unwrap_or_default();
        let cards = pile.as_slice();
        let recent = &cards[cards.len().saturating_sub(5)..cards.len().saturating_sub(1)];
        let label = if piles == 2 {
            t(Text::Pile(i))
        } else {
            t(Text::DiscardPile)
        };
        html! {
            <div class="pile" data-pile={i.to_string()}>
                <div class="pile__label">{ label }</div>
                <div class="pile__recent" aria-hidden="true">
                    { for recent.iter().map(|&v| card_face(v, CardSize::Small, "", lang, None)) }
                </div>
                <div class="pile__top">
                    if let Some(v) = pile.top() {
                        { card_face(v, CardSize::Large, "", lang, Some(format!("{}-{i}-{}", at, cards.len()).into())) }
                    }
                </div>
            </div>
        }
    });
    html! {
        <section class="centre replay__centre" aria-label={t(Text::TableCentre)}>
            { draw_pile(view.draw_len.into(), lang) }
            <div class="piles">{ for discard }</div>
            { mojo_card(view.mojo, lang) }
        </section>
    }
}

/// The round's log: each line goes to its move (`go`); the line of step
/// `at` is the current one.
fn replay_log(
    session: &Session,
    replay: &Replay,
    names: &Scene,
    at: usize,
    go: &Callback<usize>,
    review: Option<&RoundReview>,
    lang: Lang,
) -> Html {
    let flag = Text::ReviewFlag.get(lang);
    let marked = |to: usize| review.and_then(|r| r.mark_at(to)).is_some();
    // A move's flag goes on its first line only (a play that draws has two).
    let mut last = None;
    let lines = session
        .log
        .iter()
        .filter(|e| e.round == replay.round)
        .enumerate()
        .map(|(k, e)| (replay.step_of_log_line(k), describe(&e.event, names, lang)))
        .filter(|(_, l)| !l.is_empty())
        .map(move |(to, line)| (to, line, last.replace(to) != Some(to)));
    html! {
        <section class="log replay__log" aria-labelledby="replay-log-title">
            <h2 id="replay-log-title" class="panel__title">{ Text::GameLog.get(lang) }</h2>
            <ol class="log__lines">
                { for lines.map(|(to, line, first)| html! {
                    <li>
                        <button
                            type="button"
                            class={classes!("replay__line", (to == at).then_some("replay__line--now"))}
                            aria-current={(to == at).then_some("step")}
                            // A flagged move opens as itself, with the review
                            // under it (issue 55).
                            onclick={go.reform(move |_| to)}
                        >
                            { line }
                            if first && marked(to) {
                                <span class="replay__flag">
                                    <span aria-hidden="true">{ " ⚑" }</span>
                                    <span class="visually-hidden">{ format!(" ({flag})") }</span>
                                </span>
                            }
                        </button>
                    </li>
                }) }
            </ol>
        </section>
    }
}

#[function_component(ReplayView)]
pub fn replay_view(p: &ReplayProps) -> Html {
    let lang = p.lang;
    let t = |text: Text| text.get(lang);
    let finished = p.session.rounds.len() as u32;
    // The round is the state's (`AppState::replay`), held there only; the
    // step is this view's, and belongs to the round it was taken in (the
    // deal of another round starts at its step 0).
    let round = p.round.clamp(1, finished.max(1));
    let step = use_state(|| (round, p.step));
    let playing = use_state(|| false);
    let replay = {
        let session = p.session.clone();
        use_memo(round, move |&r| Replay::of(&session, r).ok())
    };
    let len = replay.as_ref().as_ref().map_or(0, Replay::len);
    let at = if step.0 == round { step.1 } else { 0 };
    let at = at.min(len.saturating_sub(1));
    use_replay_effects(replay.clone(), round, at, step.clone(), playing.clone());

    let go = {
        let step = step.clone();
        let playing = playing.clone();
        Callback::from(move |to: usize| {
            playing.set(false);
            step.set((round, to.min(len.saturating_sub(1))));
        })
    };
    // A part of the review's summary goes to a move: the move shown (its
    // words and Hard's note) is brought into view once drawn.
    let jumps = use_state(|| 0u32);
    use_effect_with(*jumps, |&n| {
        if n > 0 {
            // At the top: the bar of Previous, Play and Next is at the foot.
            crate::ui::focus::bring_into_view(".replay__now", true);
        }
    });
    let jump = {
        let (go, jumps) = (go.clone(), jumps.clone());
        Callback::from(move |to: usize| {
            go.emit(to);
            jumps.set(*jumps + 1);
        })
    };
    let on_key = replay_keys(go.clone(), p.on_close.clone(), at);
    let on_round = {
        let playing = playing.clone();
        let on_round = p.on_round.clone();
        Callback::from(move |e: yew::Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if let Ok(r) = select.value().parse::<u32>() {
                playing.set(false);
                on_round.emit(r);
            }
        })
    };
    let close = p.on_close.reform(|_: MouseEvent| ());

    let Some((replay, frame)) = replay
        .as_ref()
        .as_ref()
        .and_then(|r| r.at(at).map(|f| (r, f)))
    else {
        // Nothing to replay (no finished round): only the way back.
        return html! {
            <main class="replay" onkeydown={on_key}>
                <h1 id="replay-title" tabindex="-1">{ t(Text::ReplayRound) }</h1>
                <button type="button" class="button button--primary" onclick={close}>{ t(Text::Close) }</button>
            </main>
        };
    };
    let session = &p.session;
    let review = p.review.as_deref().filter(|r| r.round == replay.round);
    let names = names_scene(session, frame);
    let end = at + 1 == len;
    // What happened at this step, in words.
    let said: Vec<String> = frame
        .events
        .iter()
        .filter(|e| logged(e))
        .map(|e| describe(e, &names, lang))
        .filter(|l| !l.is_empty())
        .collect();
    let position = if at == 0 {
        t(Text::ReplayDeal)
    } else {
        t(Text::ReplayStep {
            step: at,
            of: len - 1,
        })
    };
    let toggle = {
        let playing = playing.clone();
        let step = step.clone();
        Callback::from(move |_| {
            if !*playing && end {
                // From the end, playing starts again at the deal.
                step.set((round, 0));
            }
            playing.set(!*playing);
        })
    };

    html! {
        <main class="replay" aria-labelledby="replay-title" onkeydown={on_key}>
            <header class="topbar replay__bar">
                <h1 id="replay-title" class="replay__title" tabindex="-1">{ t(Text::ReplayTitle(replay.round)) }</h1>
                <span class="topbar__spacer"></span>
                if finished > 1 {
                    <label class="replay__round">
                        <span class="visually-hidden">{ t(Text::ReplayChooseRound) }</span>
                        <select onchange={on_round}>
                            { for (1..=finished).map(|r| html! {
                                <option value={r.to_string()} selected={r == replay.round}>{ t(Text::Round(r)) }</option>
                            }) }
                        </select>
                    </label>
                }
                <button type="button" class="button button--primary" onclick={close}>{ t(Text::Close) }</button>
            </header>
            <p class="replay__help">{ t(Text::ReplayHelp) }<span class="replay__keys">{ " " }{ t(Text::ReplayKeys) }</span></p>
            { review_summary(review, &names, &jump, lang) }
            <ul class="replay__seats">
                { for (0..frame.view.options.players).map(|s| replay_seat(replay, frame, &names, s, lang)) }
            </ul>
            { replay_centre(frame, at, lang) }
            <div class="replay__now" aria-live="polite" aria-atomic="true">
                <p class="replay__step">{ position }</p>
                <p class="replay__said">{ said.join(" ") }</p>
                { review_note(review, at, &names, frame.view.options.piles(), &go, lang) }
            </div>
            <div class="replay__controls" role="group" aria-label={t(Text::ReplayTitle(replay.round))}>
                <button type="button" class="button" disabled={at == 0} onclick={go.reform(move |_| at.saturating_sub(1))}>
                    <span aria-hidden="true">{ "← " }</span>{ t(Text::ReplayPrevious) }
                </button>
                <button type="button" class="button button--primary" aria-pressed={if *playing { "true" } else { "false" }} onclick={toggle}>
                    { t(if *playing { Text::ReplayPause } else { Text::ReplayPlay }) }
                </button>
                <button type="button" class="button" disabled={end} onclick={go.reform(move |_| at + 1)}>
                    { t(Text::ReplayNext) }<span aria-hidden="true">{ " →" }</span>
                </button>
            </div>
            { replay_log(session, replay, &names, at, &go, review, lang) }
        </main>
    }
}

/// Scrolls the replay's log, and only it, so that the line of the move
/// shown is its second line, the move before it above (near the top, where
/// it stays in sight when the log runs below a tablet's screen; stepping
/// on moves the log a line at a time). Where the line is comes from an
/// `IntersectionObserver` rooted at the log, after the frame's own
/// layout: no layout is forced here (see `follow::animate`). Only the
/// newest call scrolls: steps taken faster than frames (a held arrow key)
/// would otherwise each scroll by what one and the same layout showed.
fn keep_now_line_in_view() {
    thread_local! {
        static NEWEST: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
    }
    let call = NEWEST.with(|n| {
        n.set(n.get().wrapping_add(1));
        n.get()
    });
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let (Ok(Some(line)), Ok(Some(list))) = (
        doc.query_selector(".replay .replay__line--now"),
        doc.query_selector(".replay__log .log__lines"),
    ) else {
        return;
    };
    let scroll = list.clone();
    let seen = wasm_bindgen::closure::Closure::once_into_js(
        move |entries: js_sys::Array, observer: web_sys::IntersectionObserver| {
            observer.disconnect();
            if NEWEST.with(|n| n.get()) != call {
                return;
            }
            let Some(entry) = entries
                .get(0)
                .dyn_into::<web_sys::IntersectionObserverEntry>()
                .ok()
            else {
                return;
            };
            let (Some(view), rect) = (entry.root_bounds(), entry.bounding_client_rect()) else {
                return;
            };
            // One line's height (and the gap) above it: the move before.
            let by = (rect.top() - view.top() - rect.height() * 1.25).round();
            if by != 0.0 {
                scroll.scroll_by_with_x_and_y(0.0, by);
            }
        },
    );
    let init = web_sys::IntersectionObserverInit::new();
    init.set_root(Some(&list));
    init.set_threshold(&wasm_bindgen::JsValue::from_f64(1.0));
    if let Ok(observer) =
        web_sys::IntersectionObserver::new_with_options(seen.unchecked_ref(), &init)
    {
        observer.observe(&line);
    }
}
