//! Hard's review of one move (issue 21): from the view of the seat that
//! moved, at that moment, and nothing more, Hard's search
//! ([`HardSearch`]) chooses its move; the move played is kept among the
//! candidates to the full budget (successive halving never drops it), and
//! both are played to the end of the round on the same sampled deals. The
//! cost is the difference of the seat's expected round points (R10, with
//! the Mojo's +10; lowest is best), not of Hard's own values (a chance of
//! winning the game).
//!
//! A move is marked when Hard's choice is expected to score at least
//! [`MARGIN`] round points fewer. The margin comes from `mojo
//! review-honesty` (BENCHMARKS.md): played out on the true deal, at least
//! 80% of the marked moves must really be worse than Hard's.
//!
//! The review uses the Hard the game ships ([`Budget::HARD`]'s iterations,
//! Medium-like rollouts, the inference of the others' hands, Medium's move
//! kept unless the search shows a clear gain), with no clock: the same
//! view, move and seed always give the same review. It runs in slices
//! ([`Review::step`]) so that a browser can spread it over frames.

use super::common::Budget;
use super::hard::HardSearch;
use crate::cards::{Cards, Value};
use crate::types::{Action, Outcome};
use crate::view::PlayerView;

/// The fewest round points by which Hard's choice must beat the move
/// played for the move to be marked (chosen with `mojo review-honesty`;
/// BENCHMARKS.md).
pub const MARGIN: f64 = 2.0;

/// What the review says of a move that deserves a look, with the numbers
/// the search computed for it (a player is shown both).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mark {
    /// The move played.
    pub played: Action,
    /// Hard's choice.
    pub best: Action,
    /// How many round points more the move played is expected to cost.
    pub cost: f64,
    /// The round points the seat is expected to score after the move
    /// played, and after Hard's choice (on the same sampled deals).
    pub played_points: f64,
    pub best_points: f64,
    /// What differs between the two moves, in terms a player can check.
    pub why: Why,
}

/// Why Hard's choice is better, as far as a few plain facts say it (issue
/// 55): the first of these that holds, from the mover's view (nothing it
/// could not see) and what the search counted.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Why {
    /// The move played left its player holding the Mojo with its +10 in
    /// a larger share of the search's play-outs (0 to 1) than Hard's
    /// choice, enough to make at least half of the cost.
    PlusTen { played: f64, best: f64 },
    /// Hard's card equals the pile's top card: its player would have
    /// played again (an equal-card chain, R4.2), and the card played did
    /// not.
    Chain { card: Value },
    /// Hard's move sheds `card`, which the move played kept: the cards
    /// left in hand count `by` points fewer after Hard's (R10.2).
    Kept { card: Value, by: u32 },
    /// The card played was higher than `top`, the pile's top card, so its
    /// player drew a card (R4.2); Hard's card draws none.
    Drew { card: Value, top: Value },
    /// None of these: the numbers say it.
    Numbers,
}

/// The fewest extra play-outs (a share) ending with the +10 for the
/// Mojo's +10 to be a move's reason.
const PLUS_TEN_SHARE: f64 = 0.1;

impl Why {
    /// Why `best` beats `played` in `view` (the mover's, before the move),
    /// given the shares of the search's play-outs ending with the mover
    /// paying the +10 after each, and the cost in round points.
    pub fn of(
        view: &PlayerView,
        played: Action,
        best: Action,
        plus_ten: (f64, f64),
        cost: f64,
    ) -> Why {
        let (ten_played, ten_best) = plus_ten;
        let more = ten_played - ten_best;
        if more >= PLUS_TEN_SHARE && 10.0 * more >= cost / 2.0 {
            return Why::PlusTen {
                played: ten_played,
                best: ten_best,
            };
        }
        let (Action::Play { value: p, pile: pp }, Action::Play { value: b, pile: bp }) =
            (played, best)
        else {
            return Why::Numbers;
        };
        let left = view.hand.len().saturating_sub(1);
        let (p_out, b_out) = (
            Outcome::of(p, view.top(pp), left),
            Outcome::of(b, view.top(bp), left),
        );
        if b_out == Outcome::Equal && p_out != Outcome::Equal {
            return Why::Chain { card: b };
        }
        let after = |v: Value| -> u32 {
            let mut hand: Cards = view.hand;
            hand.remove(v);
            hand.points()
        };
        let (p_pts, b_pts) = (after(p), after(b));
        if b_pts < p_pts {
            return Why::Kept {
                card: b,
                by: p_pts - b_pts,
            };
        }
        match (p_out, view.top(pp)) {
            (Outcome::Higher, Some(top)) if b_out != Outcome::Higher => Why::Drew { card: p, top },
            _ => Why::Numbers,
        }
    }
}

/// The whole finding on one move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Verdict {
    pub played: Action,
    /// Hard's choice (the move played when Hard agrees).
    pub best: Action,
    /// Expected round points of the move played and of Hard's choice, on
    /// the same sampled deals.
    pub played_points: f64,
    pub best_points: f64,
    /// The standard error of `played_points − best_points`.
    pub stderr: f64,
    /// Simulations of the move played.
    pub simulations: u32,
    /// What differs between the two moves ([`Why::Numbers`] when Hard
    /// agrees).
    pub why: Why,
}

impl Verdict {
    /// How many round points Hard's choice is expected to save.
    pub fn cost(&self) -> f64 {
        self.played_points - self.best_points
    }

    /// The mark, when Hard's choice is better by at least `margin` points.
    pub fn mark_with(&self, margin: f64) -> Option<Mark> {
        (self.best != self.played && self.cost() >= margin).then_some(Mark {
            played: self.played,
            best: self.best,
            cost: self.cost(),
            played_points: self.played_points,
            best_points: self.best_points,
            why: self.why,
        })
    }

    /// The mark with the shipped [`MARGIN`].
    pub fn mark(&self) -> Option<Mark> {
        self.mark_with(MARGIN)
    }
}

/// The review of one move, computed in slices.
pub struct Review {
    search: HardSearch,
    played: Action,
    /// The mover's view, for the reason ([`Why::of`]).
    view: PlayerView,
}

impl Review {
    /// Whether the review has anything to say of `played` in `view`: a
    /// decision of the view's seat with a choice (not a reveal, whose order
    /// never changes a score), and `played` one of its legal moves.
    pub fn worth_reviewing(view: &PlayerView, played: Action) -> bool {
        let legal = view.legal_actions();
        view.is_my_turn()
            && legal.len() > 1
            && legal.contains(played)
            && !matches!(played, Action::Reveal(_))
    }

    /// The review of `played` from `view` (the seat that moved, at that
    /// moment), seeded, with Hard's iteration budget.
    pub fn new(view: &PlayerView, played: Action, seed: u64) -> Review {
        Review::with_budget(view, played, seed, Budget::HARD.iterations)
    }

    /// The same with another iteration budget (tests, measurements).
    pub fn with_budget(view: &PlayerView, played: Action, seed: u64, iterations: u32) -> Review {
        let budget = Budget {
            iterations,
            millis: f64::INFINITY,
        };
        Review {
            search: HardSearch::new(view, seed, budget).keeping(played),
            played,
            view: view.clone(),
        }
    }

    /// Runs about `iterations` more simulations; returns whether the
    /// review is done (its iteration budget spent, or nothing to search).
    pub fn step(&mut self, iterations: u32) -> bool {
        self.search.step(iterations)
    }

    pub fn is_done(&self) -> bool {
        self.search.is_done()
    }

    /// The finding so far (final once [`Review::is_done`]); `None` when
    /// there was nothing to compare (a single legal move, or no
    /// simulation yet).
    pub fn verdict(&self) -> Option<Verdict> {
        let best = self.search.best();
        let (played_points, simulations) = self.search.mean_points(self.played)?;
        let (gain, stderr) = self.search.points_gain(best)?;
        let share = |a| self.search.plus_ten_share(a).unwrap_or(0.0);
        let why = if best == self.played {
            Why::Numbers
        } else {
            let shares = (share(self.played), share(best));
            Why::of(&self.view, self.played, best, shares, gain)
        };
        Some(Verdict {
            played: self.played,
            best,
            // The paired mean: the kept move and Hard's choice are both
            // simulated on every deal.
            played_points,
            best_points: played_points - gain,
            stderr,
            simulations,
            why,
        })
    }

    /// Runs the review to its end and returns its finding.
    pub fn run(mut self) -> Option<Verdict> {
        while !self.step(64) {}
        self.verdict()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::{Bot, MediumBot};
    use crate::{Game, NoEvents, Options, Phase};

    /// A position of seat 0 with a choice, in a 4-player game `seed`, after
    /// `moves` moves of Medium (or the next position with a real choice).
    fn position(seed: u64, moves: usize) -> Option<Game> {
        let mut game = Game::new(Options::players(4), seed).ok()?;
        let mut bot = MediumBot::new(seed);
        let mut n = 0;
        loop {
            if !game.phase().in_round() {
                return None;
            }
            let view = game.view(game.current());
            if n >= moves
                && game.current() == 0
                && matches!(game.phase(), Phase::Play)
                && view.legal_actions().len() >= 3
            {
                return Some(game);
            }
            let a = bot.choose(&view);
            game.apply_with(a, &mut NoEvents).ok()?;
            n += 1;
        }
    }

    /// A costly play: the lowest card, keeping the high ones in hand.
    fn worst_play(game: &Game) -> Option<Action> {
        let view = game.view(0);
        view.legal_actions()
            .iter()
            .filter(|a| matches!(a, Action::Play { .. }))
            .min_by_key(|a| match a {
                Action::Play { value, .. } => *value,
                _ => 99,
            })
    }

    /// The same view, move and seed give the same verdict.
    #[test]
    fn the_review_is_deterministic() {
        let game = position(3, 6).unwrap();
        let view = game.view(0);
        let played = worst_play(&game).unwrap();
        let a = Review::with_budget(&view, played, 42, 300).run();
        let b = Review::with_budget(&view, played, 42, 300).run();
        assert!(a.is_some());
        assert_eq!(a, b);
        // In slices of any size: the same.
        let mut r = Review::with_budget(&view, played, 42, 300);
        while !r.step(1) {}
        assert_eq!(r.verdict(), a);
    }

    /// The move played is simulated to the full budget, whatever halving
    /// drops.
    #[test]
    fn the_move_played_is_never_dropped() {
        for seed in 0..6 {
            let Some(game) = position(seed, 4) else {
                continue;
            };
            let view = game.view(0);
            let played = worst_play(&game).unwrap();
            let v = Review::with_budget(&view, played, seed, 600).run().unwrap();
            let n = view.legal_actions().len() as u32;
            // At least its share of every deal: more than a plain
            // candidate halved twice.
            assert!(
                v.simulations >= 600 / n,
                "seed {seed}: {} simulations of {n} candidates",
                v.simulations
            );
        }
    }

    /// Shedding the lowest card and keeping the high ones is marked, with
    /// a cost of points; Hard's own choice is never marked.
    #[test]
    fn a_costly_move_is_marked_and_hards_own_choice_is_not() {
        let mut marked = 0;
        let mut tried = 0;
        for seed in 0..12 {
            let Some(game) = position(seed, 2) else {
                continue;
            };
            let view = game.view(0);
            let worst = worst_play(&game).unwrap();
            tried += 1;
            let v = Review::new(&view, worst, seed).run().unwrap();
            if let Some(m) = v.mark() {
                assert_ne!(m.best, worst);
                assert!(m.cost >= MARGIN);
                marked += 1;
            }
            // Hard's choice, reviewed: no mark.
            let hard = v.best;
            let again = Review::new(&view, hard, seed).run().unwrap();
            assert_eq!(again.mark(), None, "seed {seed}: {again:?}");
        }
        assert!(tried >= 8, "{tried}");
        assert!(marked * 2 >= tried, "{marked} of {tried} marked");
    }

    /// Seat 0's view with `hand` and one discard pile topped by `top`.
    fn holding(hand: &[u8], top: u8) -> PlayerView {
        let mut view = Game::new(Options::players(3), 1).unwrap().view(0);
        view.hand = Cards::from_values(hand).unwrap();
        view.discard = vec![crate::Pile::from_bottom_first(&[top]).unwrap()];
        view
    }

    fn play(value: u8) -> Action {
        Action::Play { value, pile: 0 }
    }

    /// Issue 55: each marked move says what differs for it, from the
    /// mover's view and the search's counts, the first that holds: the
    /// +10, a chain, a card kept, a card drawn; else the numbers.
    #[test]
    fn the_reason_says_what_differs_for_that_move() {
        let none = (0.0, 0.0);
        // Top 5: Hard's 5 plays again (R4.2); the 9 played drew a card.
        let view = holding(&[5, 9, 11, 3], 5);
        assert_eq!(
            Why::of(&view, play(9), play(5), none, 3.0),
            Why::Chain { card: 5 }
        );
        // The +10 first, when it makes at least half the cost: 40% of
        // the play-outs against 10% is 3 points of a cost of 5.
        assert_eq!(
            Why::of(&view, play(9), play(5), (0.4, 0.1), 5.0),
            Why::PlusTen {
                played: 0.4,
                best: 0.1
            }
        );
        // Not when it makes less than half (3 of 7), nor under 10 points
        // of share.
        assert_eq!(
            Why::of(&view, play(9), play(5), (0.4, 0.1), 7.0),
            Why::Chain { card: 5 }
        );
        assert_eq!(
            Why::of(&view, play(9), play(5), (0.15, 0.08), 1.0),
            Why::Chain { card: 5 }
        );
        // Top 12: both lower. The 3 played kept the 11 (red counts 11;
        // without it nothing red): the hand counts 11 + 9 + 1 = 21 after
        // the 3, 3 + 9 + 1 = 13 after Hard's 11.
        let view = holding(&[11, 3, 9, 1], 12);
        assert_eq!(
            Why::of(&view, play(3), play(11), none, 4.0),
            Why::Kept { card: 11, by: 8 }
        );
        // A second 11: shedding one counts nothing, so not a card kept.
        let view = holding(&[11, 11, 3, 4], 12);
        assert_eq!(Why::of(&view, play(3), play(11), none, 4.0), Why::Numbers);
        // Top 5: the 9 played is higher and drew; Hard's 2 is lower. The
        // 9 itself counted, so it was no card kept.
        let view = holding(&[9, 2, 4], 5);
        assert_eq!(
            Why::of(&view, play(9), play(2), none, 3.0),
            Why::Drew { card: 9, top: 5 }
        );
        // Both higher, the same points left (a second 9): the numbers
        // alone.
        let view = holding(&[9, 9, 8, 4], 5);
        assert_eq!(Why::of(&view, play(8), play(9), none, 3.0), Why::Numbers);
        // A draw's choice (two piles): the +10 or the numbers.
        let (deck, other) = (
            Action::Draw(crate::DrawSource::Deck),
            Action::Draw(crate::DrawSource::Discard),
        );
        assert_eq!(Why::of(&view, deck, other, none, 3.0), Why::Numbers);
        assert!(matches!(
            Why::of(&view, deck, other, (0.5, 0.0), 3.0),
            Why::PlusTen { .. }
        ));
    }

    /// The review's marks carry their reason, from the search: a +10 said
    /// is one the search counted.
    #[test]
    fn a_mark_carries_its_reason() {
        let mut reasons = Vec::new();
        for seed in 0..10 {
            let Some(game) = position(seed, 2) else {
                continue;
            };
            let view = game.view(0);
            let worst = worst_play(&game).unwrap();
            let Some(m) = Review::new(&view, worst, seed).run().and_then(|v| v.mark()) else {
                continue;
            };
            let shares = match m.why {
                Why::PlusTen { played, best } => (played, best),
                _ => (0.0, 0.0),
            };
            assert_eq!(m.why, Why::of(&view, m.played, m.best, shares, m.cost));
            if let Why::PlusTen { played, best } = m.why {
                assert!(played - best >= PLUS_TEN_SHARE, "{m:?}");
            }
            reasons.push(m.why);
        }
        assert!(reasons.len() >= 4, "{reasons:?}");
        // Not one sentence for every move.
        let kinds: std::collections::HashSet<_> =
            reasons.iter().map(std::mem::discriminant).collect();
        assert!(kinds.len() >= 2, "{reasons:?}");
    }

    /// A move with no choice, or a reveal, is not reviewed.
    #[test]
    fn only_real_choices_are_reviewed() {
        let game = Game::new(Options::players(3), 1).unwrap();
        let view = game.view(game.current());
        let some = view.legal_actions().get(0).unwrap();
        assert!(Review::worth_reviewing(&view, some));
        let other = game.view((game.current() + 1) % 3);
        assert!(!Review::worth_reviewing(&other, some));
        assert!(!Review::worth_reviewing(&view, Action::NextRound));
    }
}
