//! The covers of pass-and-play: the hand's place while its person is not
//! at the screen. They cover the own area only: the table, the piles and
//! the last move stay in view, so that a bot's card lands where everyone
//! sees it (issue 34: a cover over the whole screen hid the bot's move
//! from all but the next person).
//!
//! A cover is drawn as the area of the person it waits for would be, their
//! cards face down (how many each holds is public), with the seats around
//! the table as that person's hand shows them (`Scene::seats_around`), so
//! that nothing moves when the cards turn over. Its "Show my cards" sits
//! in the row above the hand where no card ever lies: a double tap on it
//! lands on "Your turn!", not on a card (tests/e2e/blind.test.mjs checks
//! the rectangles). The take-back of the last person's card sits apart,
//! under the cover's words, and asks once (`ui::hand::offers`). The
//! cover's words go below that row, which only makes the cover taller than
//! the area it turns into: whether the area is drawn from its top (a
//! phone) or from its bottom (a landscape tablet), the button then lies
//! above every card.
//!
//! No hidden card is in a cover: its classes are not the own area's
//! (`.own`, `.hand`, `.facedown`), and its cards are backs.
//!
//! Before the cover, a person who just drew from the draw pile sees that
//! card, alone, in their area ([`drawn_card`], issue 55): drawn like a
//! cover (their name, the empty row where the next person's "Show my
//! cards" will come), then the card, and its OK at the foot, under the
//! card: where that button never is.

use mojo_engine::Seat;
use yew::prelude::*;

use super::offers::Placed;
use super::TableProps;
use crate::i18n::Text;
use crate::scene::Drawn;
use crate::ui::cards::{card_back, card_face, CardSize};

/// Which cover: before `to`'s turn, with their "Show my cards" (the
/// hand-off), or while others play before it (`Later`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Cover {
    /// "Pass the device to …" and their "Show my cards".
    HandOff,
    /// Bots play before the next person: no button yet.
    Later,
}

/// The cover of `to`'s area, with the buttons offered beside it (its
/// "Show my cards" in the row above the hand; a take-back apart, under
/// its words: `ui::hand::offers`).
pub fn cover(p: &TableProps, to: Seat, kind: Cover, placed: Placed) -> Html {
    let lang = p.lang;
    let t = |text: Text| text.get(lang);
    let scene = &p.scene;
    let seat = &scene.view.seats[to as usize];
    let name = scene.name(to);
    let (class, title_id, help) = match kind {
        Cover::HandOff => ("handoff", "handoff-title", t(Text::PassDeviceHelp)),
        Cover::Later => ("pass", "pass-title", t(Text::PassDeviceLater(name))),
    };
    html! {
        <section class={classes!("cover", class)} aria-labelledby={title_id}>
            <div class="own__head">
                <span class="own__name">{ name.to_string() }</span>
                <span class="own__total">{ t(Text::OwnTotal(seat.total)) }</span>
            </div>
            <div class="own__turn">{ placed.turn }</div>
            <div class="cover__words">
                <h2 id={title_id} class={classes!("cover__title", (kind == Cover::Later).then_some("pass__title"))}>{ t(Text::PassDevice(name)) }</h2>
                <p class="cover__help">{ help }</p>
            </div>
            <div class="cover__apart">{ placed.apart }</div>
            if seat.face_down_len > 0 {
                <div class="cover__row">
                    { for (0..seat.face_down_len).map(|_| card_back(CardSize::Normal, "")) }
                </div>
            }
            if !seat.face_up.is_empty() {
                <div class="own__faceup">
                    { for seat.face_up.iter().map(|v| card_face(v, CardSize::Small, "", lang, None)) }
                </div>
            }
            if seat.hand_len > 0 {
                <div class="cover__hand" aria-hidden="true">
                    { for (0..seat.hand_len).map(|_| card_back(CardSize::Normal, "")) }
                </div>
            }
        </section>
    }
}

/// The card `d.seat` just drew, shown to them before the cover comes, with
/// its OK in `placed.drawn` (`ui::hand::offers`). Their own card only:
/// the rest of their hand stays hidden.
pub fn drawn_card(p: &TableProps, d: Drawn, placed: Placed) -> Html {
    let lang = p.lang;
    let t = |text: Text| text.get(lang);
    let scene = &p.scene;
    let name = scene.name(d.seat);
    let total = scene.view.seats.get(d.seat as usize).map_or(0, |s| s.total);
    let help = if d.face_down {
        Text::DrawnFaceDown
    } else {
        Text::DrawnHelp
    };
    html! {
        <section class="cover drawn" aria-labelledby="drawn-title">
            <div class="own__head">
                <span class="own__name">{ name.to_string() }</span>
                <span class="own__total">{ t(Text::OwnTotal(total)) }</span>
            </div>
            // Where the next person's "Show my cards" comes: no button.
            <div class="own__turn"></div>
            // The card beside its words: no taller than the cover that
            // follows (a landscape tablet's centre keeps its room).
            <div class="drawn__body">
                { card_face(d.value, CardSize::Normal, "", lang, None) }
                <div class="drawn__words">
                    <h2 id="drawn-title" class="cover__title">{ t(Text::DrawnTitle { name, value: d.value }) }</h2>
                    <p class="cover__help">{ t(help) }</p>
                </div>
            </div>
            <div class="drawn__foot">{ placed.drawn }</div>
        </section>
    }
}
