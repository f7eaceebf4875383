//! `pimc`: a yardstick — plain determinized Monte Carlo (perfect
//! information Monte Carlo). Every legal action is tried on the same random
//! deals of the hidden cards, each followed by uniformly random play to the
//! end of the round; the action with the best mean game value
//! ([`super::game_value`]) is chosen. No heuristics, no pruning.

use super::common::Budget;
use super::hard::{HardBot, Rollout};
use super::{Bot, SharedClock};
use crate::types::Action;
use crate::view::PlayerView;

/// Plain PIMC with random rollouts.
pub struct PimcBot(HardBot);

impl PimcBot {
    pub fn new(seed: u64, budget: Budget, clock: Option<SharedClock>) -> PimcBot {
        PimcBot(HardBot::new(seed, budget, clock).with_mode(Rollout::Random))
    }
}

impl Bot for PimcBot {
    fn choose(&mut self, view: &PlayerView) -> Action {
        self.0.choose(view)
    }
}
