//! Moves you can follow: each card played flies from the seat that played
//! it to its pile, a drawn card (face down) from the draw pile to the seat
//! that drew it, and the table says who made the last move and sounds it.
//!
//! FLIP, and cheap: the page is drawn in its new position; then, in one
//! effect before the browser paints, the seat tile's and the pile's rects
//! are read (one layout, which the paint needed anyway), the offset between
//! them is set as CSS custom properties (`--fly-x`, `--fly-y`) on the card
//! in its new place, and a class starts a CSS animation of `transform`
//! from that offset to none (compositor work, no layout per frame).
//! "Reduce animations" (`.reduce-motion`) and `prefers-reduced-motion`
//! turn the movement into a plain fade (styles/app.css, "Moves you can
//! follow").

use mojo_engine::{DrawSource, Event, Seat};
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlElement};

use crate::scene::Scene;
use crate::session::LogEntry;
use crate::sound::{self, Sound};

/// The class that flies a card in from its offset.
const FLY: &str = "card--fly";
/// The same for a drawn card, which leaves after the play.
const FLY_LATE: &str = "card--fly-late";

fn document() -> Option<Document> {
    web_sys::window().and_then(|w| w.document())
}

fn find(doc: &Document, selector: &str) -> Option<Element> {
    doc.query_selector(selector).ok().flatten()
}

/// The centre of an element's box.
fn centre(e: &Element) -> (f64, f64) {
    let r = e.get_bounding_client_rect();
    (r.left() + r.width() / 2.0, r.top() + r.height() / 2.0)
}

/// Where a seat's cards are: the viewer's own area, or the seat's tile.
fn seat_selector(scope: &str, seat: Seat, me: Option<Seat>) -> String {
    if Some(seat) == me {
        format!("{scope} .own")
    } else {
        format!("{scope} [data-seat='{seat}']")
    }
}

/// One card to fly: the element in its new place and where it comes from.
struct Flight {
    card: Element,
    from: Element,
    class: &'static str,
}

/// Starts the animations of `events` (the last action's) in the part of
/// the page under `scope` (".table", ".replay"), `me`'s cards being in the
/// own area. Reads every rect first, then writes: one layout.
pub fn animate(scope: &str, events: &[Event], me: Option<Seat>) {
    let Some(doc) = document() else {
        return;
    };
    // Earlier flights are over (a move takes longer than an animation):
    // their classes go, so that an element can fly again.
    if let Ok(old) = doc.query_selector_all(&format!("{scope} .{FLY}, {scope} .{FLY_LATE}")) {
        for i in 0..old.length() {
            if let Some(e) = old.item(i).and_then(|n| n.dyn_into::<Element>().ok()) {
                let _ = e.class_list().remove_2(FLY, FLY_LATE);
            }
        }
    }
    let mut flights = Vec::new();
    let played = events.iter().any(|e| matches!(e, Event::Played { .. }));
    for event in events {
        match *event {
            Event::Played { seat, pile, .. } => {
                let card = find(
                    &doc,
                    &format!("{scope} [data-pile='{pile}'] .pile__top .card"),
                );
                let from = find(&doc, &seat_selector(scope, seat, me));
                if let (Some(card), Some(from)) = (card, from) {
                    flights.push(Flight {
                        card,
                        from,
                        class: FLY,
                    });
                }
            }
            Event::Drew { seat, source, .. } => {
                // The card just drawn, marked (the viewer's own, or a
                // replay's face-up hand), else the last back in the tile.
                let card =
                    if Some(seat) == me {
                        find(&doc, &format!("{scope} .own .card--drawn"))
                    } else {
                        find(&doc, &format!("{scope} [data-seat='{seat}'] .card--drawn")).or_else(
                            || {
                                find(
                            &doc,
                            &format!("{scope} [data-seat='{seat}'] .seat__hand .card:last-of-type"),
                        )
                            },
                        )
                    };
                let from = match source {
                    DrawSource::Deck => find(&doc, &format!("{scope} .draw__stack")),
                    // The other pile: the one not played on last.
                    DrawSource::Discard => find(&doc, &format!("{scope} .piles")),
                };
                if let (Some(card), Some(from)) = (card, from) {
                    flights.push(Flight {
                        card,
                        from,
                        class: if played { FLY_LATE } else { FLY },
                    });
                }
            }
            _ => {}
        }
    }
    // A new card may be in its own arrival animation (a transform, which
    // the rect would include): paused for the measure, replaced by the
    // flight after it.
    for f in &flights {
        if let Some(h) = f.card.dyn_ref::<HtmlElement>() {
            let _ = h.style().set_property("animation", "none");
        }
    }
    // Read every position, then write: the browser lays out once.
    let moves: Vec<(Element, f64, f64, &'static str)> = flights
        .into_iter()
        .map(|f| {
            let (fx, fy) = centre(&f.from);
            let (tx, ty) = centre(&f.card);
            (f.card, fx - tx, fy - ty, f.class)
        })
        .collect();
    for (card, dx, dy, class) in moves {
        if let Some(h) = card.dyn_ref::<HtmlElement>() {
            let style = h.style();
            let _ = style.remove_property("animation");
            let _ = style.set_property("--fly-x", &format!("{dx:.0}px"));
            let _ = style.set_property("--fly-y", &format!("{dy:.0}px"));
        }
        let _ = card.class_list().add_1(class);
    }
}

/// The sounds of the last action's `events`, and "your turn" when the
/// turn has just come to the viewer.
pub fn sounds(events: &[Event], turn_came: bool) {
    let mut delay = 0.0;
    for event in events {
        let sound = match event {
            Event::Played { .. } => Sound::Play,
            Event::Drew { .. } => Sound::Draw,
            Event::WentFaceDown { .. } => Sound::MojoTime,
            Event::RoundEnded { .. } => Sound::RoundEnd,
            _ => continue,
        };
        sound::play(sound, delay);
        delay += 0.12;
    }
    if turn_came {
        sound::play(Sound::YourTurn, delay + 0.05);
    }
}

/// The seat that made the last move of the round (played, drew,
/// revealed, went face down), from the log.
pub fn last_mover(scene: &Scene) -> Option<Seat> {
    let round = scene.view.round;
    scene
        .log
        .iter()
        .rev()
        .take_while(|e| e.round == round)
        .find_map(|e| match e.event {
            Event::Played { seat, .. }
            | Event::Drew { seat, .. }
            | Event::Revealed { seat, .. }
            | Event::WentFaceDown { seat, .. }
            | Event::NothingToDraw { seat } => Some(seat),
            _ => None,
        })
}

/// Who played the top card of `pile` (the last play on it this round).
pub fn played_by(log: &[LogEntry], round: u32, pile: u8) -> Option<Seat> {
    log.iter()
        .rev()
        .take_while(|e| e.round == round)
        .find_map(|e| match e.event {
            Event::Played { seat, pile: p, .. } if p == pile => Some(seat),
            _ => None,
        })
}

/// The log lines of the last move: from the last line that names a seat's
/// play, reveal or draw to the end (what the table says under the piles).
pub fn last_move_lines(scene: &Scene) -> Vec<&LogEntry> {
    let round: Vec<&LogEntry> = scene.round_log().collect();
    let from = round
        .iter()
        .rposition(|e| {
            matches!(
                e.event,
                Event::Played { .. } | Event::Revealed { .. } | Event::NothingToDraw { .. }
            )
        })
        .map(|i| {
            // A chain of equal cards is one move.
            let mut i = i;
            while i > 0
                && matches!(
                    round[i - 1].event,
                    Event::Played {
                        outcome: mojo_engine::Outcome::Equal,
                        ..
                    }
                )
            {
                i -= 1;
            }
            i
        })
        .unwrap_or(round.len());
    round[from..].to_vec()
}
