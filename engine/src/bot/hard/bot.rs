//! The Hard bot: a [`HardSearch`] per decision, run to its budget in
//! slices, so that a clock can stop it (the search itself is `hard`'s).

use rand::RngCore;

#[cfg(feature = "beliefs")]
use super::Inference;
#[cfg(feature = "learned")]
use super::Learned;
use super::{HardSearch, Rollout, PRIOR_Z};
use crate::bot::common::{bot_rng, Budget};
use crate::bot::{Bot, SharedClock};
use crate::game::GameRng;
use crate::types::Action;
use crate::view::PlayerView;

/// The Hard bot: a [`HardSearch`] per decision, run to its budget.
pub struct HardBot {
    rng: GameRng,
    budget: Budget,
    clock: Option<SharedClock>,
    mode: Rollout,
    /// [`HardSearch::with_gate`]'s `z`.
    prior_z: f64,
    #[cfg(feature = "playouts")]
    playout: crate::bot::playout::Playout,
    #[cfg(feature = "beliefs")]
    inference: Inference,
    #[cfg(feature = "learned")]
    learned: Learned,
}

impl HardBot {
    /// A Hard bot; with a clock it also honours `budget.millis`.
    pub fn new(seed: u64, budget: Budget, clock: Option<SharedClock>) -> HardBot {
        HardBot {
            rng: bot_rng(seed),
            budget,
            clock,
            mode: Rollout::Policy,
            prior_z: PRIOR_Z,
            #[cfg(feature = "playouts")]
            playout: crate::bot::playout::Playout::Omniscient,
            #[cfg(feature = "beliefs")]
            inference: Inference::Infer,
            #[cfg(feature = "learned")]
            learned: Learned::default(),
        }
    }

    /// The same bot, its searches dealing the hidden cards as `inference`
    /// says (`mojo tournament`'s `hard-particles`).
    #[cfg(feature = "beliefs")]
    pub fn with_inference(mut self, inference: Inference) -> HardBot {
        self.inference = inference;
        self
    }

    /// The same bot, its searches using the learned evaluation as
    /// `learned` says (`mojo tournament`'s `hard-learned`).
    #[cfg(feature = "learned")]
    pub fn with_learned(mut self, learned: Learned) -> HardBot {
        self.learned = learned;
        self
    }

    /// The same bot, its searches gated at `z` ([`HardSearch::with_gate`]).
    pub fn with_gate(mut self, z: f64) -> HardBot {
        self.prior_z = z;
        self
    }

    /// The same bot, its searches playing out as `playout` says
    /// ([`HardSearch::with_playout`]; `mojo tournament`'s
    /// `hard:playout=honest`).
    #[cfg(feature = "playouts")]
    pub fn with_playout(mut self, playout: crate::bot::playout::Playout) -> HardBot {
        self.playout = playout;
        self
    }

    pub(crate) fn with_mode(mut self, mode: Rollout) -> HardBot {
        self.mode = mode;
        self
    }
}

/// Simulations between two looks at the clock.
const SLICE: u32 = 24;

impl Bot for HardBot {
    fn choose(&mut self, view: &PlayerView) -> Action {
        let seed = self.rng.next_u64();
        let search =
            HardSearch::with_mode(view, seed, self.budget, self.mode).with_gate(self.prior_z);
        #[cfg(feature = "beliefs")]
        let search = search.with_inference(self.inference, seed);
        #[cfg(feature = "learned")]
        let search = search.with_learned(self.learned);
        #[cfg(feature = "playouts")]
        let search = search.with_playout(self.playout, seed);
        let mut search = search;
        loop {
            let done = match &self.clock {
                Some(c) => search.step_timed(SLICE, c.now_ms()),
                None => search.step(SLICE),
            };
            if done {
                break;
            }
        }
        search.best()
    }
}
