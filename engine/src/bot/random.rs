//! `random`: a yardstick that picks uniformly among the legal actions.

use rand::Rng;

use super::common::bot_rng;
use super::Bot;
use crate::game::GameRng;
use crate::types::Action;
use crate::view::PlayerView;

/// Uniform over the legal actions of the view, from its own seeded
/// generator.
pub struct RandomBot {
    rng: GameRng,
}

impl RandomBot {
    pub fn new(seed: u64) -> RandomBot {
        RandomBot { rng: bot_rng(seed) }
    }
}

impl Bot for RandomBot {
    fn choose(&mut self, view: &PlayerView) -> Action {
        let legal = view.legal_actions();
        if legal.is_empty() {
            return Action::NextRound;
        }
        legal
            .get(self.rng.gen_range(0..legal.len() as u32) as usize)
            .unwrap_or(Action::NextRound)
    }
}
