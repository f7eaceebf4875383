//! # mojo-engine
//!
//! The rules of Mojo (the project's `docs/RULES.md`, R1–R14) as a
//! deterministic state machine, in the spirit of OpenSpiel's `State` and
//! boardgame.io's moves:
//!
//! - [`Game::new`] deals a game from [`Options`] and a seed;
//! - [`Game::legal_actions`] lists what the seat to act may do;
//! - [`Game::apply`] applies an [`Action`] and returns the [`Event`]s it
//!   caused, or a [`RuleError`] that says why it was refused (the game is
//!   then unchanged);
//! - [`Game::view`] gives the [`PlayerView`] of one seat: exactly what that
//!   seat may know (R14). Bots and screens take a view, never the game.
//!
//! The same options, seed and actions always give the same game, natively
//! and in WebAssembly. No web dependencies.

pub mod bot;
pub mod cards;
mod determinize;
mod eval;
mod game;
mod position;
mod record;
mod rng;
mod round_log;
#[cfg(feature = "beliefs")]
mod style;
mod types;
mod view;

pub use bot::{Bot, BotKind, Clock};
pub use cards::{Cards, Colour, Pile, Value};
pub use game::{check_action, ActionList, Game, GameRng, PositionError};
pub use position::Position;
pub use record::{GameRecord, ReplayError};
pub use round_log::{RoundLog, Step};
pub use types::*;
pub use view::{PlayerView, SeatView};
