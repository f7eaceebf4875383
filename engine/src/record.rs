//! A game written down as its options, seed and actions: the smallest exact
//! record of a game. Replaying it rebuilds the same game (the engine is
//! deterministic), which is how saves and replays stay small and honest.

use serde::{Deserialize, Serialize};

use crate::game::Game;
use crate::types::{Action, Event, Options, RuleError, SetupError};

/// Options + seed + every action applied, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    pub options: Options,
    pub seed: u64,
    pub actions: Vec<Action>,
}

/// Why a record does not replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// The options are not a game.
    Setup(SetupError),
    /// Action `index` was refused.
    Refused { index: usize, error: RuleError },
}

impl core::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ReplayError::Setup(e) => write!(f, "the game cannot be set up: {e}"),
            ReplayError::Refused { index, error } => {
                write!(f, "action {} is not legal there: {error}", index + 1)
            }
        }
    }
}

impl std::error::Error for ReplayError {}

impl GameRecord {
    /// A record of a new game.
    pub fn new(options: Options, seed: u64) -> GameRecord {
        GameRecord {
            options,
            seed,
            actions: Vec::new(),
        }
    }

    /// Replays every action from the deal.
    pub fn replay(&self) -> Result<Game, ReplayError> {
        self.replay_with(|_, _| {})
    }

    /// Replays every action, handing each one's events to `on_events`
    /// (e.g. to rebuild a game log or a score pad).
    pub fn replay_with(
        &self,
        mut on_events: impl FnMut(usize, &[Event]),
    ) -> Result<Game, ReplayError> {
        let mut game = Game::new(self.options, self.seed).map_err(ReplayError::Setup)?;
        let mut events = Vec::new();
        for (index, &action) in self.actions.iter().enumerate() {
            events.clear();
            game.apply_with(action, &mut events)
                .map_err(|error| ReplayError::Refused { index, error })?;
            on_events(index, &events);
        }
        Ok(game)
    }
}
