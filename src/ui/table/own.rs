//! The acting person's own area at the table: their hand (each card with
//! what it will do), Mojo Time's face-down row, the two-pile draw choice,
//! and the take-back beside the hand. Drawn by [`Table`](super::Table)
//! from its props; the hand's places and tap guard are `ui/hand.rs`'s.

use std::rc::Rc;

use mojo_engine::{Action, Cards, DrawSource, Outcome, Phase, PlayerView, Seat, Value};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::offers::Placed;
use super::TableProps;
use crate::i18n::Text;
use crate::ui::cards::{card_button, card_face, CardButtonProps, CardSize};
use crate::ui::hand::TapGuard;

/// What playing `value` on a pile whose top is `top` will do, for a hand of
/// `hand_len` cards (RULES R4).
pub fn hint(value: Value, top: Option<Value>, hand_len: usize) -> Text<'static> {
    match Outcome::of(value, top, hand_len.saturating_sub(1)) {
        Outcome::LastCard => Text::HintLast,
        Outcome::Equal => Text::HintEqual,
        Outcome::Higher => Text::HintHigher,
        Outcome::Lower => Text::HintLower,
    }
}

/// How a hint looks (its colour and mark), by the message rather than its
/// words, so that it works in every language.
pub fn hint_class(hint: &Text) -> &'static str {
    match hint {
        Text::HintHigher => "card__hint--draw",
        Text::HintEqual => "card__hint--again",
        _ => "card__hint--end",
    }
}

/// Keyboard moves in a row of cards (the hand, the face-down row): the
/// row is one tab stop; Left/Right (and Up/Down) move to the neighbouring
/// card, Home/End to the first and last. `stop` remembers the row's tab
/// stop across renders.
fn roving_keys(stop: UseStateHandle<usize>) -> Callback<KeyboardEvent> {
    Callback::from(move |e: KeyboardEvent| {
        // Yew delegates events: the row is found from the key's target.
        let Some(row) = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|t| t.closest("[role='group']").ok().flatten())
        else {
            return;
        };
        let Ok(cards) = row.query_selector_all("button:not([disabled])") else {
            return;
        };
        let n = cards.length();
        if n == 0 {
            return;
        }
        let active = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.active_element());
        let at = (0..n)
            .find(|&i| {
                cards
                    .item(i)
                    .zip(active.as_ref())
                    .is_some_and(|(c, a)| js_sys::Object::is(&c, a))
            })
            .unwrap_or(0);
        let to = match e.key().as_str() {
            "ArrowLeft" | "ArrowUp" => at.saturating_sub(1),
            "ArrowRight" | "ArrowDown" => (at + 1).min(n - 1),
            "Home" => 0,
            "End" => n - 1,
            _ => return,
        };
        e.prevent_default();
        stop.set(to as usize);
        if let Some(card) = cards
            .item(to)
            .and_then(|c| c.dyn_into::<web_sys::HtmlElement>().ok())
        {
            let _ = card.focus();
        }
    })
}

/// `"0"` for the row's tab stop (`stop`, kept within the row), `"-1"`.
fn tab_index(i: usize, stop: usize, len: usize) -> AttrValue {
    AttrValue::Static(if i == stop.min(len.saturating_sub(1)) {
        "0"
    } else {
        "-1"
    })
}

/// With "Confirm each card": the card picked (move number, place).
pub type Picked = Option<UseStateHandle<Option<(u64, usize)>>>;

/// What the own area needs beyond the scene: the hand's places (see
/// `ui::hand::lay_out`), its tap guard, and the buttons offered beside the
/// cards (a take-back: in the row above the hand, or in the head line).
pub struct HandPlaces {
    pub slots: Vec<Option<Value>>,
    pub guard: Rc<TapGuard>,
    pub placed: Placed,
    pub picked: Picked,
}

#[allow(clippy::too_many_arguments)]
pub fn own_area(
    p: &TableProps,
    me: Seat,
    view: &PlayerView,
    pile: u8,
    my_turn: bool,
    (hand_stop, down_stop): (&UseStateHandle<usize>, &UseStateHandle<usize>),
    HandPlaces {
        slots,
        guard,
        placed,
        picked,
    }: HandPlaces,
) -> Html {
    let lang = p.lang;
    let t = |text: Text| text.get(lang);
    let scene = &p.scene;

    // What all of this seat's cards would score now (RULES R10): a
    // beginner's best guide to which cards to shed.
    let worth = {
        let mut mine = view.hand;
        mine.add_all(&view.face_down);
        mine.add_all(&view.seats[me as usize].face_up);
        mine.points()
    };

    // This seat's legal actions, asked of the engine once per render.
    let moves = scene.moves();
    let face_down = face_down_row(p, view, &moves, down_stop, &guard);
    let face_up = if !view.seats[me as usize].face_up.is_empty() {
        html! {
            <div class="own__faceup">
                { for view.seats[me as usize].face_up.iter().map(|v| card_face(v, CardSize::Small, "card--arrive", lang, None)) }
            </div>
        }
    } else {
        html! {}
    };

    let hand_html = hand_row(p, view, &moves, pile, hand_stop, (&slots, &guard, &picked));
    let draw_choice = draw_choice(p, view, &moves);

    html! {
        <section class={classes!("own", my_turn.then_some("own--turn"))} aria-label={scene.name(me).to_string()}>
            <div class="own__head">
                <span class="own__name">{ scene.name(me).to_string() }</span>
                <span class="own__total">{ t(Text::OwnTotal(view.seats[me as usize].total)) }</span>
                <span class="own__points">{ t(Text::CardsWorth(worth)) }</span>
                { placed.head }
            </div>
            // A row of its own height, always there: "Your turn!" and "Take
            // back" come and go in it without moving a card.
            <div class="own__turn">
                if my_turn {
                    // Unmistakable, on the table and on a phone; the status
                    // line and the live region say it in words.
                    <div class="turn-banner" aria-hidden="true">{ t(Text::YourTurnBanner) }</div>
                }
                { placed.turn }
            </div>
            { draw_choice }
            { face_down }
            { face_up }
            { hand_html }
        </section>
    }
}

/// Mojo Time: the face-down row. The owner may look at these cards
/// (RULES R5.3) and picks the one to reveal.
fn face_down_row(
    p: &TableProps,
    view: &PlayerView,
    moves: &[Action],
    down_stop: &UseStateHandle<usize>,
    guard: &Rc<TapGuard>,
) -> Html {
    let lang = p.lang;
    let t = |text: Text| text.get(lang);
    let act = p.on_act.clone();
    let down = &view.face_down;
    if !down.is_empty() {
        html! {
            <section class="facedown" aria-label={t(Text::YourFaceDown)}>
                <h2 class="own__title">{ t(Text::YourFaceDown) }</h2>
                <div class="facedown__row" role="group" aria-label={t(Text::YourFaceDown)} onkeydown={roving_keys(down_stop.clone())}>
                    { for down.iter().enumerate().map(|(i, v)| {
                        let act = act.clone();
                        html! {
                            { card_button(CardButtonProps {
                                value: v,
                                tabindex: tab_index(i, **down_stop, down.len()),
                                label: t(Text::RevealCard(v)).into(),
                                hint: None,
                                hint_class: None,
                                lang,
                                class: "card--facedown",
                                disabled: !moves.contains(&Action::Reveal(v)),
                                guard: Some((guard.clone(), 100 + i as u32)),
                                onclick: Callback::from(move |v| act.emit(Action::Reveal(v))),
                            }, format!("d{i}-{v}")) }
                        }
                    }) }
                </div>
            </section>
        }
    } else {
        html! {}
    }
}

/// The hand: one button per card, sorted, in its place (`slots`: a card
/// played in a chain leaves a hole); each says what it will do.
fn hand_row(
    p: &TableProps,
    view: &PlayerView,
    moves: &[Action],
    pile: u8,
    hand_stop: &UseStateHandle<usize>,
    (slots, guard, picked): (&[Option<Value>], &Rc<TapGuard>, &Picked),
) -> Html {
    let lang = p.lang;
    let t = |text: Text| text.get(lang);
    let scene = &p.scene;
    let act = p.on_act.clone();
    let hand: &Cards = &view.hand;
    // The cards the engine lets this seat play now (none off its turn).
    let playable = |value| moves.contains(&Action::Play { value, pile });
    let top = view.top(pile);
    let drawn = scene.just_drawn();
    let mut marked = false;
    if !hand.is_empty() {
        html! {
            <section class="hand-area">
                <div class="hand" role="group" aria-label={t(Text::YourHand)} onkeydown={roving_keys(hand_stop.clone())}>
                    { for slots.iter().enumerate().scan(0usize, |k, (i, slot)| {
                        // `k`: the card's place among the cards (tab stops).
                        let here = slot.map(|v| (*k, v));
                        *k += usize::from(slot.is_some());
                        Some((i, here))
                    }).map(|(i, here)| {
                        let Some((k, v)) = here else {
                            return html! { <span key={format!("x{i}")} class="hand__hole" aria-hidden="true"></span> };
                        };
                        let act = act.clone();
                        let new = !marked && drawn == Some(v) && {
                            marked = true;
                            true
                        };
                        let seq = p.seq;
                        let chosen = picked.as_ref().is_some_and(|c| **c == Some((seq, i)));
                        let can_play = playable(v);
                        let hint = can_play.then(|| if chosen { Text::TapAgain } else { hint(v, top, hand.len()) });
                        // With "Confirm each card", a first tap picks the
                        // card and a second on it plays it.
                        let onclick = {
                            let picked = picked.clone();
                            Callback::from(move |v| match &picked {
                                Some(c) if **c != Some((seq, i)) => c.set(Some((seq, i))),
                                _ => act.emit(Action::Play { value: v, pile }),
                            })
                        };
                        html! {
                            { card_button(CardButtonProps {
                                value: v,
                                tabindex: tab_index(k, **hand_stop, hand.len()),
                                label: t(Text::CardName(v)).into(),
                                hint_class: hint.as_ref().map(hint_class),
                                hint: hint.map(|h| AttrValue::from(t(h))),
                                lang,
                                class: if chosen { "card--picked" } else if new { "card--drawn" } else { "" },
                                disabled: !can_play,
                                guard: Some((guard.clone(), i as u32)),
                                onclick,
                            }, format!("h{i}-{v}")) }
                        }
                    }) }
                </div>
            </section>
        }
    } else {
        html! {}
    }
}

/// Two piles: after a higher card, where to draw from.
fn draw_choice(p: &TableProps, view: &PlayerView, moves: &[Action]) -> Html {
    let lang = p.lang;
    let t = |text: Text| text.get(lang);
    let scene = &p.scene;
    let phase = scene.phase();
    let act = p.on_act.clone();
    if moves.contains(&Action::Draw(DrawSource::Deck)) {
        if let Phase::Draw { pile: played } = phase {
            let other_top = view
                .top(1 - played)
                .filter(|_| moves.contains(&Action::Draw(DrawSource::Discard)));
            let deck = {
                let act = act.clone();
                Callback::from(move |_| act.emit(Action::Draw(DrawSource::Deck)))
            };
            let other = {
                let act = act.clone();
                Callback::from(move |_| act.emit(Action::Draw(DrawSource::Discard)))
            };
            html! {
                <div class="draw-choice" role="group" aria-label={t(Text::MustDraw)}>
                    <button type="button" class="button button--primary" onclick={deck}>{ t(Text::DrawFromDeck) }</button>
                    if let Some(v) = other_top {
                        <button type="button" class="button button--primary" onclick={other}>{ t(Text::TakeFromOtherPile(v)) }</button>
                    }
                </div>
            }
        } else {
            html! {}
        }
    } else {
        html! {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hints_say_what_a_card_will_do() {
        assert_eq!(hint(5, Some(7), 4), Text::HintLower);
        assert_eq!(hint(9, Some(7), 4), Text::HintHigher);
        assert_eq!(hint(7, Some(7), 4), Text::HintEqual);
        assert_eq!(hint(12, Some(7), 1), Text::HintLast);
        assert_eq!(hint(3, None, 4), Text::HintLower);
        assert_eq!(hint_class(&Text::HintHigher), "card__hint--draw");
        assert_eq!(hint_class(&Text::HintEqual), "card__hint--again");
        assert_eq!(hint_class(&Text::HintLast), "card__hint--end");
    }
}
