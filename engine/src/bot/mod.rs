//! Computer players (issue 3). A bot is a function of one seat's
//! [`PlayerView`] (RULES R14), its own seeded generator and a budget: it
//! never receives the [`crate::Game`], so it cannot cheat. Search bots
//! (`hard`, `pimc`) fill in what they cannot see with
//! [`crate::Game::sample_from_view`] and simulate on those samples.
//!
//! | kind     | idea |
//! |----------|------|
//! | `random` | uniform over the legal actions (a yardstick) |
//! | `greedy` | the one-line rule (a yardstick anyone can rebuild) |
//! | `easy`   | a beginner: sheds high cards and chains equal cards, sometimes carelessly |
//! | `medium` | a one-turn expectimax over its own plays and draws, with a value that knows the scoring and the Mojo risk, shedding high cards first |
//! | `hard`   | determinized Monte Carlo search (successive halving over the root actions) with Medium-like rollouts to the end of the round and a game-level value; the others' hidden cards dealt by how well they explain the round's public plays (`infer`); keeps Medium's move unless the search shows a clear gain |
//! | `pimc`   | plain determinized Monte Carlo with uniformly random rollouts (a yardstick) |
//!
//! [`learned`] is an evaluation fitted by `mojo train` on self-play (its
//! weights are data in `learned_weights.rs`); `mojo tournament`'s
//! `hard-learned` measures Hard using it ([`Learned`]).
//!
//! `belief` (with the feature `beliefs`, the CLI's) is Hard's second
//! inference (issue 36): a mixture of policies per seat, its prior the
//! seat's record of play (`SeatView::style`); `mojo tournament`'s
//! `hard-particles` measures Hard using it (`Inference::Particles`).
//!
//! `playout` (with the feature `playouts`, the CLI's) holds the playouts
//! Hard's simulations may use instead of its own, for measuring (issue
//! 60): seats that decide as Medium does, from their own view;
//! `mojo tournament`'s `hard:playout=honest`.
//!
//! [`v1`] holds frozen copies of Medium and Hard (`medium-v1`, `hard-v1`):
//! the tournament's fixed panel, never edited, not a [`BotKind`].
//!
//! Every bot is deterministic given its seed and the sequence of views it is
//! shown (for an iteration budget; a millisecond budget depends on the
//! clock). Bots never read the time themselves: `std::time::Instant` panics
//! on `wasm32-unknown-unknown`, so a time budget takes an injected [`Clock`].

use core::fmt;
use core::str::FromStr;

use crate::types::Action;
use crate::view::PlayerView;

#[cfg(feature = "beliefs")]
mod belief;
mod common;
mod easy;
mod greedy;
mod hard;
mod infer;
#[cfg(feature = "learned")]
pub mod learned;
#[cfg(feature = "learned")]
mod learned_weights;
mod medium;
mod pimc;
#[cfg(feature = "playouts")]
mod playout;
mod random;
pub mod review;
pub mod v1;

#[cfg(feature = "beliefs")]
pub use belief::{particle_deals, policy_mixtures, Mixture, POLICIES};
pub use common::{game_value, mix, Budget};
pub use easy::EasyBot;
pub use greedy::{greedy_score, GreedyBot};
#[cfg(feature = "beliefs")]
pub use hard::Inference;
#[cfg(feature = "learned")]
pub use hard::Learned;
pub use hard::{DealSource, HardBot, HardSearch, PRIOR_Z};
pub use infer::inferred_deals;
pub use medium::MediumBot;
pub use pimc::PimcBot;
#[cfg(feature = "playouts")]
pub use playout::{Playout, Playouts};
pub use random::RandomBot;

/// A computer player.
pub trait Bot {
    /// The action this bot takes in `view`. Always legal when the view's seat
    /// is to act (`view.check(action)` is `Ok`); never panics. When the seat
    /// is not to act there is nothing legal, and `Action::NextRound` is
    /// returned.
    fn choose(&mut self, view: &PlayerView) -> Action;
}

/// Milliseconds from an arbitrary origin. Native code passes a clock built
/// on `std::time::Instant`; the browser passes `performance.now()`.
pub trait Clock {
    fn now_ms(&self) -> f64;
}

impl<F: Fn() -> f64> Clock for F {
    fn now_ms(&self) -> f64 {
        self()
    }
}

/// A shareable clock for bots that run on other threads.
pub type SharedClock = Box<dyn Clock + Send>;

/// The bots by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BotKind {
    Random,
    Greedy,
    Easy,
    Medium,
    Hard,
    Pimc,
}

impl BotKind {
    /// Every kind, yardsticks first.
    pub const ALL: [BotKind; 6] = [
        BotKind::Random,
        BotKind::Greedy,
        BotKind::Easy,
        BotKind::Medium,
        BotKind::Hard,
        BotKind::Pimc,
    ];

    /// The name used on the command line and in JSON.
    pub const fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Greedy => "greedy",
            BotKind::Easy => "easy",
            BotKind::Medium => "medium",
            BotKind::Hard => "hard",
            BotKind::Pimc => "pimc",
        }
    }

    /// A bot of this kind with its default budget and no clock: search bots
    /// then stop on their iteration budget only, which makes them fully
    /// deterministic.
    pub fn make(self, seed: u64) -> Box<dyn Bot + Send> {
        self.make_with_clock(seed, None)
    }

    /// A bot of this kind; search bots also stop when `clock` says their
    /// default millisecond budget is spent.
    pub fn make_with_clock(self, seed: u64, clock: Option<SharedClock>) -> Box<dyn Bot + Send> {
        self.make_with(seed, None, clock)
    }

    /// A bot of this kind; search bots use `budget` instead of their
    /// default when it is given (other kinds have no budget).
    pub fn make_with(
        self,
        seed: u64,
        budget: Option<Budget>,
        clock: Option<SharedClock>,
    ) -> Box<dyn Bot + Send> {
        match self {
            BotKind::Random => Box::new(RandomBot::new(seed)),
            BotKind::Greedy => Box::new(GreedyBot),
            BotKind::Easy => Box::new(EasyBot::new(seed)),
            BotKind::Medium => Box::new(MediumBot::new(seed)),
            BotKind::Hard => Box::new(HardBot::new(seed, budget.unwrap_or(Budget::HARD), clock)),
            BotKind::Pimc => Box::new(PimcBot::new(seed, budget.unwrap_or(Budget::PIMC), clock)),
        }
    }
}

impl fmt::Display for BotKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a bot kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownBot(pub String);

impl fmt::Display for UnknownBot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a bot (random, greedy, easy, medium, hard, pimc)",
            self.0
        )
    }
}

impl std::error::Error for UnknownBot {}

impl FromStr for BotKind {
    type Err = UnknownBot;
    fn from_str(s: &str) -> Result<BotKind, UnknownBot> {
        BotKind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownBot(s.to_string()))
    }
}

#[cfg(test)]
mod tests;
