//! Taps that do what the player meant: the hand never moves under a finger,
//! and a double tap plays one card.
//!
//! - [`lay_out`]: during a chain of equal cards, a card played leaves a
//!   hole where it was instead of the next card sliding into its place
//!   (pure, tested natively). The hand closes up when the turn is over.
//! - [`TapGuard`]: a card acts only on a tap that began (`pointerdown`)
//!   after the hand was last drawn. A second tap of a double tap, or a tap
//!   the browser queued while the new hand was being drawn, began before
//!   it and does nothing. No timer: the comparison is between the input's
//!   own time stamp and the moment the hand was drawn. Keyboard presses
//!   and scripted clicks (a click with no pointer, `detail` 0) act as
//!   before.

use std::cell::Cell;

use mojo_engine::{Cards, Value};

/// Where each card of the hand sits, left to right: `None` is a hole left
/// by a card played earlier in the same chain.
///
/// With `chain` (the same person's turn goes on after an equal card), the
/// cards keep their places from `before`; a card no longer in the hand
/// leaves a hole, at `tapped` (the place last pressed) when that card was
/// one of several alike. Anything else (a new turn, a drawn card, another
/// person's hand) lays the hand out afresh, sorted, with no holes.
pub fn lay_out(
    before: &[Option<Value>],
    hand: &Cards,
    chain: bool,
    tapped: Option<usize>,
) -> Vec<Option<Value>> {
    let fresh = || hand.iter().map(Some).collect::<Vec<_>>();
    if !chain {
        return fresh();
    }
    let mut before = before.to_vec();
    // The card pressed is the one that left, if one of its value did.
    if let Some(Some(v)) = tapped.and_then(|i| before.get(i).copied()) {
        let had = before.iter().filter(|&&s| s == Some(v)).count();
        if usize::from(hand.count(v)) < had {
            before[tapped.unwrap_or_default()] = None;
        }
    }
    let mut left = *hand;
    let kept: Vec<Option<Value>> = before
        .iter()
        .map(|slot| slot.filter(|&v| left.remove(v)))
        .collect();
    if left.is_empty() {
        kept
    } else {
        // A card that was not laid out before: no places to keep.
        fresh()
    }
}

/// Whether a click may act, by when its tap began (see the module doc).
#[derive(Debug, Default)]
pub struct TapGuard {
    /// When the hand was last drawn (`performance.now()`, milliseconds).
    drawn_at: Cell<f64>,
    /// The card whose `pointerdown` began after that (its key).
    armed: Cell<Option<u32>>,
    /// The card last pressed to some effect (its key: its place).
    pressed: Cell<Option<u32>>,
}

impl TapGuard {
    /// The hand was drawn again at `now`: taps that began before it no
    /// longer count.
    pub fn drawn(&self, now: f64) {
        self.drawn_at.set(now);
        self.armed.set(None);
    }

    /// A pointer went down on card `key` at `at` (the event's time stamp).
    pub fn down(&self, key: u32, at: f64) {
        self.armed.set((at >= self.drawn_at.get()).then_some(key));
    }

    /// A click on card `key`; `pointer` if it came from a pointer (a click
    /// from the keyboard or a script has `detail` 0). Whether it acts.
    pub fn click(&self, key: u32, pointer: bool) -> bool {
        let acts = !pointer || self.armed.take() == Some(key);
        if acts {
            self.pressed.set(Some(key));
        }
        acts
    }

    /// The card last pressed to some effect (its key).
    pub fn pressed(&self) -> Option<u32> {
        self.pressed.get()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(values: &[Value]) -> Cards {
        let mut c = Cards::EMPTY;
        for &v in values {
            c.add(v);
        }
        c
    }

    #[test]
    fn a_chain_leaves_holes_and_a_new_turn_closes_them() {
        let first = lay_out(&[], &cards(&[3, 5, 5, 9]), false, None);
        assert_eq!(first, vec![Some(3), Some(5), Some(5), Some(9)]);
        // The first 5 pressed: its place is the hole, the other 5 stays
        // where it was (a second tap there finds no card).
        let chain = lay_out(&first, &cards(&[3, 5, 9]), true, Some(1));
        assert_eq!(chain, vec![Some(3), None, Some(5), Some(9)]);
        // The second 5 pressed instead.
        let other = lay_out(&first, &cards(&[3, 5, 9]), true, Some(2));
        assert_eq!(other, vec![Some(3), Some(5), None, Some(9)]);
        let chain = lay_out(&chain, &cards(&[3, 9]), true, Some(2));
        assert_eq!(chain, vec![Some(3), None, None, Some(9)]);
        // Drawn again unchanged: the same places.
        assert_eq!(lay_out(&chain, &cards(&[3, 9]), true, Some(2)), chain);
        // The turn is over: no holes.
        assert_eq!(
            lay_out(&chain, &cards(&[3, 9]), false, Some(2)),
            vec![Some(3), Some(9)]
        );
        // A card that was not there (a draw): laid out afresh.
        assert_eq!(
            lay_out(&chain, &cards(&[3, 4, 9]), true, None),
            vec![Some(3), Some(4), Some(9)]
        );
    }

    #[test]
    fn a_tap_acts_only_if_it_began_after_the_hand_was_drawn() {
        let g = TapGuard::default();
        g.drawn(100.0);
        // A tap that began before the hand was drawn (the second tap of a
        // double tap, queued while the page drew) does nothing.
        g.down(7, 90.0);
        assert!(!g.click(7, true));
        // One that began after it acts, once.
        g.down(7, 120.0);
        assert!(g.click(7, true));
        assert!(!g.click(7, true), "one pointerdown, one action");
        // Down on one card, up on another: nothing.
        g.down(7, 130.0);
        assert!(!g.click(8, true));
        // Drawn again between down and click: nothing.
        g.down(7, 140.0);
        g.drawn(150.0);
        assert!(!g.click(7, true));
        // The keyboard and scripts are not taps.
        assert!(g.click(7, false));
    }
}
