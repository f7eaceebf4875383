//! The buttons beside the cards, each in the spot `ui::hand::offers`
//! gives it: a cover's "Show my cards", "Take back", and the OK under a
//! card just drawn. Each is guarded like a card (`ui::hand::TapGuard`): a
//! tap acts only if it began on that very button after it was drawn, and
//! each person's button is an element of its own (keyed by whose it is),
//! never another's button redrawn.

use std::rc::Rc;

use mojo_engine::Seat;
use yew::prelude::*;

use super::TableProps;
use crate::i18n::Text;
use crate::ui::hand::{Offer, Offered, Spot, TapGuard};

/// The offered buttons, by spot (empty where there is none).
#[derive(Default)]
pub struct Placed {
    pub turn: Html,
    pub apart: Html,
    pub head: Html,
    pub drawn: Html,
}

/// A take-back on a cover asks once: `Some(seq)` while it asks at move
/// `seq` (any move ends the question).
pub type Asking = UseStateHandle<Option<u64>>;

/// A pointer-down and a click handler for the button `what` with `guard`:
/// `on` runs for a tap begun on it since it was drawn (and settled:
/// `Offered::settle`), a key press or a scripted click (`detail` 0).
fn guarded(
    guard: &Rc<TapGuard>,
    what: Offered,
    on: Callback<()>,
) -> (Callback<PointerEvent>, Callback<MouseEvent>) {
    let (key, settle) = (what.key(), what.settle());
    let down = {
        let guard = guard.clone();
        Callback::from(move |e: PointerEvent| guard.down_settled(key, e.time_stamp(), settle))
    };
    let click = {
        let guard = guard.clone();
        Callback::from(move |e: MouseEvent| {
            if guard.click(key, e.detail() > 0) {
                on.emit(())
            }
        })
    };
    (down, click)
}

/// The buttons of `offers` in their spots.
pub fn place(p: &TableProps, offers: &[Offer], guard: &Rc<TapGuard>, asking: &Asking) -> Placed {
    let mut placed = Placed::default();
    for offer in offers {
        let html = button(p, *offer, guard, asking);
        let spot = match offer.spot {
            Spot::Turn => &mut placed.turn,
            Spot::Apart => &mut placed.apart,
            Spot::Head => &mut placed.head,
            Spot::Drawn => &mut placed.drawn,
        };
        *spot = html! { <>{ std::mem::take(spot) }{ html }</> };
    }
    placed
}

/// One offered button (or, for the question, its words and its two
/// buttons).
fn button(p: &TableProps, offer: Offer, guard: &Rc<TapGuard>, asking: &Asking) -> Html {
    let lang = p.lang;
    let t = |text: Text| text.get(lang);
    let scene = &p.scene;
    let whose: Seat = offer.whose;
    let name = scene.name(whose);
    match offer.what {
        Offered::Show => {
            let on_show = p.on_show.clone();
            let (down, click) = guarded(
                guard,
                offer.what,
                Callback::from(move |_| on_show.emit(whose)),
            );
            html! {
                <button
                    key={format!("show-{whose}")}
                    type="button"
                    class="button button--primary cover__show"
                    data-whose={whose.to_string()}
                    autofocus=true
                    onpointerdown={down}
                    onclick={click}
                >{ t(Text::ShowMyCards) }</button>
            }
        }
        Offered::TakeBack(value) => {
            // On a cover it asks first; beside one's own hand it acts.
            let on = if offer.spot == Spot::Apart {
                let (asking, seq) = (asking.clone(), p.seq);
                Callback::from(move |_| asking.set(Some(seq)))
            } else {
                p.on_take_back.clone()
            };
            let (down, click) = guarded(guard, offer.what, on);
            let words = if scene.shared {
                Text::TakeBackCard { name, value }
            } else {
                Text::TakeBackMine(value)
            };
            html! {
                <button key={format!("take-back-{whose}-{value}")} type="button" class="button take-back" data-whose={whose.to_string()} onpointerdown={down} onclick={click}>{ t(words) }</button>
            }
        }
        Offered::Seen => {
            let (down, click) = guarded(guard, offer.what, p.on_seen.clone());
            html! {
                <button key={format!("seen-{whose}")} type="button" class="button button--primary drawn__ok" data-whose={whose.to_string()} onpointerdown={down} onclick={click}>{ t(Text::DrawnOk) }</button>
            }
        }
        // The question comes once, with its "yes" (`false`: its "no"
        // is drawn with it).
        Offered::SureTakeBack(_, false) => html! {},
        Offered::SureTakeBack(value, true) => {
            let (yes_down, yes) = guarded(guard, offer.what, p.on_take_back.clone());
            let no = Offered::SureTakeBack(value, false);
            let asking = asking.clone();
            let (no_down, no) = guarded(guard, no, Callback::from(move |_| asking.set(None)));
            html! {
                <div key={format!("take-back-sure-{whose}-{value}")} class="take-back-sure" role="group" aria-labelledby="take-back-sure">
                    <p id="take-back-sure" class="take-back-sure__words">{ t(Text::TakeBackSure { name, value }) }</p>
                    <div class="take-back-sure__buttons">
                        <button type="button" class="button take-back-sure__yes" data-whose={whose.to_string()} onpointerdown={yes_down} onclick={yes}>{ t(Text::TakeBackYes) }</button>
                        <button type="button" class="button button--ghost take-back-sure__no" onpointerdown={no_down} onclick={no}>{ t(Text::TakeBackNo) }</button>
                    </div>
                </div>
            }
        }
    }
}
