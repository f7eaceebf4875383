//! **Frozen. Never edit anything in this folder.**
//!
//! The bot panel's first version (`medium-v1`, `hard-v1` in
//! `mojo tournament`): copies of Medium and Hard as they were on the day
//! they were frozen, with everything of theirs that later work on the bots
//! might change: `common` (the evaluation, its weights, the simulation
//! policy, the game value, the budgets), `infer` (Hard's weighing of the
//! other hands by the round log) and `determinize` (the engine's
//! `Game::sample_from_view` and `shuffle`). They are a fixed yardstick:
//! "does the new Hard beat `hard-v1`?" means the same thing next month as
//! today, whatever happens to `bot::medium`, `bot::hard` and the rest.
//!
//! The files are the originals with only their paths changed (`diff` them
//! against `../medium.rs` and the others at the freezing commit). Parts
//! the panel does not call (PIMC's random rollouts, the cheat's deal
//! source) are kept so that the diff stays that small.
//!
//! What is not frozen is what they are shown and the rules: the
//! [`PlayerView`](crate::PlayerView), the [`Game`](crate::Game) their
//! simulations apply actions to and its generator. A change there that
//! moves them fails the pinned tournament
//! (`cli/src/tournament/mod.rs`, `panel_v1_results_are_pinned`), and is a change
//! to the game, not to the panel.
//!
//! To improve a bot, change `bot::medium` or `bot::hard`; to freeze a new
//! version, copy them to a new folder beside this one (v2). If this code
//! must change to keep compiling, keep its decisions: the pinned
//! tournament must still pass.
//!
//! Like every bot they are honest: a function of one seat's
//! [`PlayerView`](crate::PlayerView), their seed and their budget (the
//! honesty tests in `bot/tests.rs` cover them). They are not
//! [`BotKind`](crate::BotKind)s: the lobby and saves never meet them.

#![allow(dead_code)]

use super::{Bot, SharedClock};

mod common;
mod determinize;
mod hard;
mod infer;
mod medium;

pub use common::{game_value, Budget};
pub use hard::{HardBot, HardSearch};
pub use medium::MediumBot;
