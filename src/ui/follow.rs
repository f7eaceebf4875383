//! Moves you can follow: each card played flies from the seat that played
//! it to its pile, a drawn card (face down) from the draw pile to the seat
//! that drew it, and the table says who made the last move and sounds it.
//!
//! FLIP, and cheap: the page is drawn in its new position, the moving
//! card hidden for that one frame; an `IntersectionObserver` reports the
//! seat tile's and the card's rects from that frame's own layout (no
//! forced layout anywhere), then the offset between
//! them is set as CSS custom properties (`--fly-x`, `--fly-y`) on the card
//! in its new place, and a class starts a CSS animation of `transform`
//! from that offset to none (compositor work, no layout per frame).
//! "Reduce animations" (`.reduce-motion`) and `prefers-reduced-motion`
//! turn the movement into a ring that lights the card and goes, with no
//! fade (styles/app.css, "Moves you can follow").

use mojo_engine::{DrawSource, Event, Seat};
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlElement};

use crate::scene::Scene;
use crate::session::LogEntry;

/// A card about to fly, hidden until its flight starts (one frame).
const INCOMING: &str = "card--incoming";
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
/// own area.
///
/// Never reads a rect itself: a read in the render's task would force the
/// layout into it, and one in an animation frame's callback makes that
/// frame's style and layout count as script (measured at 4× CPU
/// throttling: frames and tasks of 60–230 ms). The cards are hidden for
/// their first frame (`card--incoming`, a class write, no layout); an
/// `IntersectionObserver` gets every rect from that frame's own layout and
/// hands them over in a small task of its own, which only writes.
pub fn animate(scope: &str, events: &[Event], me: Option<Seat>) {
    let Some(doc) = document() else {
        return;
    };
    // Earlier flights are over (a move takes longer than an animation):
    // their classes go, so that an element can fly again (and none stays
    // hidden, should its observer never have reported).
    if let Ok(old) = doc.query_selector_all(&format!(
        "{scope} .{FLY}, {scope} .{FLY_LATE}, {scope} .{INCOMING}"
    )) {
        for i in 0..old.length() {
            if let Some(e) = old.item(i).and_then(|n| n.dyn_into::<Element>().ok()) {
                let _ = e.class_list().remove_3(FLY, FLY_LATE, INCOMING);
            }
        }
    }
    let flights = flights(&doc, scope, events, me);
    if flights.is_empty() {
        return;
    }
    // Reduced motion needs no test here: its styles turn the flight
    // classes into a fade (asking `matchMedia` would force a style pass
    // into this task).
    for f in &flights {
        let _ = f.card.class_list().add_1(INCOMING);
    }
    let targets: Vec<Element> = flights
        .iter()
        .flat_map(|f| [f.card.clone(), f.from.clone()])
        .collect();
    let seen = wasm_bindgen::closure::Closure::once_into_js(
        move |entries: js_sys::Array, observer: web_sys::IntersectionObserver| {
            observer.disconnect();
            fly(flights, &entries);
        },
    );
    if let Ok(observer) = web_sys::IntersectionObserver::new(seen.unchecked_ref()) {
        for t in &targets {
            observer.observe(t);
        }
    }
}

/// The cards that move for `events`, and where each comes from.
fn flights(doc: &Document, scope: &str, events: &[Event], me: Option<Seat>) -> Vec<Flight> {
    let mut flights = Vec::new();
    let played = events.iter().any(|e| matches!(e, Event::Played { .. }));
    for event in events {
        match *event {
            Event::Played { seat, pile, .. } => {
                let card = find(
                    doc,
                    &format!("{scope} [data-pile='{pile}'] .pile__top .card"),
                );
                let from = find(doc, &seat_selector(scope, seat, me));
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
                let card = if Some(seat) == me {
                    find(doc, &format!("{scope} .own .card--drawn"))
                } else {
                    find(doc, &format!("{scope} [data-seat='{seat}'] .card--drawn")).or_else(|| {
                        find(
                            doc,
                            &format!("{scope} [data-seat='{seat}'] .seat__hand .card:last-of-type"),
                        )
                    })
                };
                let from = match source {
                    DrawSource::Deck => find(doc, &format!("{scope} .draw__stack")),
                    // The other pile: the one not played on last.
                    DrawSource::Discard => find(doc, &format!("{scope} .piles")),
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
    flights
}

/// The observer's first report: every card's and origin's rect, from the
/// frame's own layout. Sets the offsets and starts the flights.
fn fly(flights: Vec<Flight>, entries: &js_sys::Array) {
    let rect_of = |el: &Element| {
        entries.iter().find_map(|e| {
            let e: web_sys::IntersectionObserverEntry = e.dyn_into().ok()?;
            js_sys::Object::is(&e.target(), el).then(|| {
                let r = e.bounding_client_rect();
                (r.x() + r.width() / 2.0, r.y() + r.height() / 2.0)
            })
        })
    };
    for f in flights {
        let _ = f.card.class_list().remove_1(INCOMING);
        let (Some((fx, fy)), Some((tx, ty))) = (rect_of(&f.from), rect_of(&f.card)) else {
            continue;
        };
        if let Some(h) = f.card.dyn_ref::<HtmlElement>() {
            let style = h.style();
            // Whole pixels by integer formatting: `{:.0}` on an f64 brings
            // core's float formatting into the .wasm (6.8 KB brotli).
            let _ = style.set_property("--fly-x", &format!("{}px", whole_px(fx - tx)));
            let _ = style.set_property("--fly-y", &format!("{}px", whole_px(fy - ty)));
        }
        let _ = f.card.class_list().add_1(f.class);
    }
}

/// `px` rounded to whole pixels (NaN and the infinities, which a layout
/// does not give, to 0 and the ends of `i32`).
fn whole_px(px: f64) -> i32 {
    px.round() as i32
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

/// Who played the top card of `pile` (the last play on it this round;
/// nobody when the pile was refilled from the other one since, R11.4, or
/// its top is the card turned up at the deal).
pub fn played_by(log: &[LogEntry], round: u32, pile: u8) -> Option<Seat> {
    log.iter()
        .rev()
        .take_while(|e| e.round == round)
        .find_map(|e| match e.event {
            Event::Played { seat, pile: p, .. } if p == pile => Some(Some(seat)),
            Event::PileRefilled { pile: p, .. } if p == pile => Some(None),
            _ => None,
        })
        .flatten()
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

#[cfg(test)]
mod tests {
    use super::*;
    use mojo_engine::Outcome;

    #[test]
    fn flights_move_by_whole_pixels() {
        assert_eq!(whole_px(-12.5), -13);
        assert_eq!(whole_px(12.49), 12);
        assert_eq!(whole_px(0.0), 0);
        assert_eq!(whole_px(f64::NAN), 0);
        assert_eq!(format!("{}px", whole_px(-240.6)), "-241px");
    }

    fn line(round: u32, event: Event) -> LogEntry {
        LogEntry { round, event }
    }

    fn played(seat: Seat, pile: u8, value: u8, outcome: Outcome) -> Event {
        Event::Played {
            seat,
            value,
            pile,
            covered: None,
            outcome,
        }
    }

    #[test]
    fn who_played_each_pile_this_round() {
        let log = vec![
            line(1, played(2, 0, 5, Outcome::Lower)),
            line(
                2,
                Event::RoundDealt {
                    round: 2,
                    starter: 1,
                },
            ),
            line(2, played(1, 0, 7, Outcome::Higher)),
            line(2, played(3, 1, 4, Outcome::Lower)),
        ];
        assert_eq!(played_by(&log, 2, 0), Some(1));
        assert_eq!(played_by(&log, 2, 1), Some(3));
        // Last round's plays are not this round's.
        assert_eq!(played_by(&log[..2], 2, 0), None);
        // A pile refilled from the other: nobody played its top.
        let mut refilled = log.clone();
        refilled.push(line(2, Event::PileRefilled { pile: 0, value: 4 }));
        assert_eq!(played_by(&refilled, 2, 0), None);
        assert_eq!(played_by(&refilled, 2, 1), Some(3));
    }

    /// The last move is the last seat's whole turn: a chain of equal cards
    /// and the draw after it; its seat is the one highlighted.
    #[test]
    fn the_last_move_is_a_whole_turn() {
        use crate::session::{Session, TableSetup};
        let mut scene = Session::new(TableSetup::first_visit("Ana"), 1)
            .unwrap()
            .scene();
        let round = scene.view.round;
        scene.log = vec![
            line(round, Event::RoundDealt { round, starter: 0 }),
            line(round, played(0, 0, 3, Outcome::Lower)),
            line(round, played(1, 0, 3, Outcome::Equal)),
            line(round, played(1, 0, 9, Outcome::Higher)),
            line(
                round,
                Event::Drew {
                    seat: 1,
                    source: DrawSource::Deck,
                    card: None,
                },
            ),
        ];
        let lines: Vec<&Event> = last_move_lines(&scene).iter().map(|e| &e.event).collect();
        assert_eq!(lines.len(), 3, "{lines:?}");
        assert!(matches!(lines[0], Event::Played { value: 3, .. }));
        assert_eq!(last_mover(&scene), Some(1));
        scene.log.truncate(1);
        assert!(last_move_lines(&scene).is_empty());
        assert_eq!(last_mover(&scene), None);
    }
}
