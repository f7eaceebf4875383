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
use crate::types::Action;
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
        Some(Verdict {
            played: self.played,
            best,
            // The paired mean: the kept move and Hard's choice are both
            // simulated on every deal.
            played_points,
            best_points: played_points - gain,
            stderr,
            simulations,
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
