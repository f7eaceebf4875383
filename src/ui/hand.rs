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

use mojo_engine::{Cards, Seat, Value};

use crate::scene::Scene;

/// Where a button of the own area, or of the cover drawn in its place,
/// sits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spot {
    /// The row above the hand, where no card lies: a cover's "Show my
    /// cards"; beside one's own hand, "Take back" of one's own card.
    Turn,
    /// On a cover, under its words, apart from every other button: "Take
    /// back" of the card the last person played, and its question.
    Apart,
    /// The hand's head line, beside the name and the totals: "Take back"
    /// of one's own card, where several people share the screen.
    Head,
    /// Under the card a person just drew, at the foot of their area: its
    /// OK. Below the row where the next person's "Show my cards" comes
    /// (and a cover's take-back is never offered after a draw).
    Drawn,
}

/// What a button of [`offers`] does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Offered {
    /// "Show my cards".
    Show,
    /// "Take back Ben's 9 orange".
    TakeBack(Value),
    /// "Take back Ben's 9 orange? Ben's turn comes back": yes, or no.
    SureTakeBack(Value, bool),
    /// OK under the card just drawn: seen, the cover may come.
    Seen,
}

/// How long a question's "yes" waits before a tap on it counts (ms): it
/// comes in the place of the button that asked, and a double tap on that
/// button must not answer it (on a landscape tablet the cover grows upward
/// and "Take it back" lies where "Take back" was). A person reads the
/// question first.
pub const ANSWER_AFTER_MS: f64 = 600.0;

impl Offered {
    /// How long after it is drawn a tap on it may begin (ms). The OK under
    /// a card just drawn waits as a question's "yes" does: the second tap
    /// of a double tap on the card that drew must not hide the card before
    /// its owner has seen it.
    pub fn settle(self) -> f64 {
        match self {
            Offered::SureTakeBack(_, true) | Offered::Seen => ANSWER_AFTER_MS,
            _ => 0.0,
        }
    }

    /// Its key in the own area's [`TapGuard`] (cards are 0 to 199).
    pub fn key(self) -> u32 {
        match self {
            Offered::Show => 200,
            Offered::TakeBack(_) => 201,
            Offered::SureTakeBack(_, yes) => 202 + u32::from(yes),
            Offered::Seen => 204,
        }
    }
}

/// A button beside the cards: where it sits, whose it is (the person a tap
/// on it acts for) and what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Offer {
    pub spot: Spot,
    pub whose: Seat,
    pub what: Offered,
}

/// The buttons the own area (or its cover) offers besides the cards.
/// `asking`: a take-back on a cover was pressed, and the cover asks.
///
/// Two buttons of different people never take each other's place, in one
/// screen or from one screen to the next (issue 55: "Take back Cleo's 1
/// blue" gave way to Ana's "Show my cards" in the same place, and a late
/// tap meant for one did the other).
///
/// - "Show my cards": the row above the hand, where no card lies.
/// - A take-back on a cover (someone else's area): apart, under the
///   cover's words. Pressed, it asks once, in the same spot, and "Show my
///   cards" waits until it is answered.
/// - A take-back beside one's own hand: in its head line on a shared
///   screen (the row above the hand is the next person's "Show my cards"
///   as soon as the turn is over); alone at the screen, in the row above
///   the hand, where only one's own buttons ever are.
/// - The card just drawn, shown to its owner: its OK alone, under it; the
///   next person's "Show my cards" waits until it is seen.
pub fn offers(scene: &Scene, asking: bool) -> Vec<Offer> {
    if let Some(drawn) = scene.drawn {
        return vec![Offer {
            spot: Spot::Drawn,
            whose: drawn.seat,
            what: Offered::Seen,
        }];
    }
    let take_back = scene.take_back.map(|(whose, value)| {
        let spot = match scene.me {
            None => Spot::Apart,
            Some(_) if scene.shared => Spot::Head,
            Some(_) => Spot::Turn,
        };
        (spot, whose, value)
    });
    let asks = asking && matches!(take_back, Some((Spot::Apart, ..)));
    let show = scene.handoff.filter(|_| !asks).map(|to| Offer {
        spot: Spot::Turn,
        whose: to,
        what: Offered::Show,
    });
    let take_back = take_back.into_iter().flat_map(|(spot, whose, value)| {
        let what = if asks {
            vec![
                Offered::SureTakeBack(value, true),
                Offered::SureTakeBack(value, false),
            ]
        } else {
            vec![Offered::TakeBack(value)]
        };
        what.into_iter()
            .map(move |what| Offer { spot, whose, what })
    });
    show.into_iter().chain(take_back).collect()
}

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
        self.down_settled(key, at, 0.0);
    }

    /// A pointer went down on `key` at `at`, a button that acts only on a
    /// tap begun `settle` ms or more after it was drawn (see
    /// [`Offered::settle`]).
    pub fn down_settled(&self, key: u32, at: f64, settle: f64) {
        self.armed
            .set((at >= self.drawn_at.get() + settle).then_some(key));
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
    use crate::scene::tests::people_and_bots;
    use mojo_engine::BotKind;

    /// Every screen of a pass-and-play game of `people` and `bots`, in
    /// order, each with whether a cover asks about a take-back: every
    /// other card that may be taken back is (asked first on a cover); a
    /// card a person drew from the draw pile shows to them before the
    /// cover that follows.
    fn screens(people: usize, bots: usize, seed: u64) -> Vec<(Scene, bool)> {
        let mut s = people_and_bots(people, bots, seed);
        let mut bot = BotKind::Easy.make(seed);
        let mut out = Vec::new();
        let (mut offered, mut drawn_shown) = (0, 0);
        for _ in 0..2500 {
            if s.game.is_over() {
                break;
            }
            let scene = s.scene();
            out.push((scene.clone(), false));
            if scene.take_back.is_some() {
                offered += 1;
                if offered % 2 == 0 {
                    if scene.me.is_none() {
                        out.push((scene, true));
                    }
                    assert!(s.take_back());
                    continue;
                }
            }
            if let Some(to) = s.handoff_to() {
                assert!(s.show_hand(to));
                continue;
            }
            let view = s.game.view(s.game.current());
            s.apply(bot.choose(&view)).unwrap();
            // A card drawn by a person shows to them before the cover.
            if let Some(drawn) = s.drawn_to_show() {
                let mut scene = s.scene();
                scene.drawn = Some(drawn);
                out.push((scene, false));
                drawn_shown += 1;
            }
        }
        assert!(drawn_shown > 0, "{people}+{bots}: no card drawn shown");
        out
    }

    /// Issue 55: from one screen to the next, and within one, a spot holds
    /// the buttons of one person only: a late or second tap meant for one
    /// person's button never lands on another's ("Take back Cleo's 1 blue"
    /// became Ana's "Show my cards" in the same place as a bot played).
    /// Three, four and six seats; covers with and without a take-back;
    /// the OK under a card just drawn, then the next person's cover.
    #[test]
    fn two_peoples_buttons_never_take_each_others_place() {
        let (mut covers_with_take_back, mut drawn_then_shown) = (0, 0);
        for (people, bots, seed) in [(2, 1, 3), (3, 1, 4), (3, 3, 5), (4, 0, 6)] {
            let screens = screens(people, bots, seed);
            for pair in screens.windows(2) {
                let [(a, asked_a), (b, asked_b)] = pair else {
                    unreachable!()
                };
                let (before, after) = (offers(a, *asked_a), offers(b, *asked_b));
                if a.me.is_none() && a.take_back.is_some() {
                    covers_with_take_back += 1;
                }
                if a.drawn.is_some() && after.iter().any(|o| o.what == Offered::Show) {
                    drawn_then_shown += 1;
                }
                for spot in [Spot::Turn, Spot::Apart, Spot::Head, Spot::Drawn] {
                    let mut whose: Vec<Seat> = before
                        .iter()
                        .chain(&after)
                        .filter(|o| o.spot == spot)
                        .map(|o| o.whose)
                        .collect();
                    whose.sort_unstable();
                    whose.dedup();
                    assert!(
                        whose.len() <= 1,
                        "{people}+{bots}: {spot:?} holds {before:?}, then {after:?}"
                    );
                }
            }
        }
        assert!(covers_with_take_back > 20, "{covers_with_take_back}");
        // The OK under a card drawn, then the next person's "Show my
        // cards".
        assert!(drawn_then_shown > 5, "{drawn_then_shown}");
    }

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

    /// A question's "yes" counts only a tap begun a while after it came: a
    /// double tap on the button that asked, which it replaced, does not
    /// answer it (issue 55).
    #[test]
    fn a_questions_yes_waits_before_a_tap_counts() {
        let yes = Offered::SureTakeBack(9, true);
        let g = TapGuard::default();
        g.drawn(1000.0);
        for late in [10.0, 200.0, 400.0, ANSWER_AFTER_MS - 1.0] {
            g.down_settled(yes.key(), 1000.0 + late, yes.settle());
            assert!(!g.click(yes.key(), true), "a tap {late} ms after it came");
        }
        g.down_settled(yes.key(), 1000.0 + ANSWER_AFTER_MS, yes.settle());
        assert!(g.click(yes.key(), true));
        // Every other button beside the cards is a card's match.
        for other in [
            Offered::Show,
            Offered::TakeBack(9),
            Offered::SureTakeBack(9, false),
        ] {
            g.down_settled(other.key(), 1010.0, other.settle());
            assert!(g.click(other.key(), true), "{other:?}");
        }
    }
}
