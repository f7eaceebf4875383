//! `easy`: a beginner with simple, human-looking habits.
//!
//! - it chains an equal card when it has one (and more cards behind it);
//! - otherwise it sheds the highest card that is lower than the top (so it
//!   draws nothing), or, when every card is higher, it plays its highest
//!   card and draws;
//! - one time in five it just plays a card it likes the look of (a random
//!   legal action);
//! - it draws from the deck unless the other pile shows a blue card, and
//!   reveals its face-down cards in a random order.
//!
//! It knows nothing of the Mojo risk and never looks at the other seats.

use rand::Rng;

use super::common::{bot_rng, fallback};
use super::Bot;
use crate::game::GameRng;
use crate::types::{Action, DrawSource, Phase};
use crate::view::PlayerView;

/// The beginner.
pub struct EasyBot {
    rng: GameRng,
}

impl EasyBot {
    pub fn new(seed: u64) -> EasyBot {
        EasyBot { rng: bot_rng(seed) }
    }
}

impl Bot for EasyBot {
    fn choose(&mut self, view: &PlayerView) -> Action {
        let legal = view.legal_actions();
        if legal.len() <= 1 || !view.is_my_turn() {
            return fallback(&legal);
        }
        let careless = self.rng.gen_range(0..5u32) == 0;
        let random = legal
            .get(self.rng.gen_range(0..legal.len() as u32) as usize)
            .unwrap_or(Action::NextRound);
        match view.phase {
            Phase::Draw { pile } => {
                let other = view.top(1 - pile.min(1));
                if other.is_some_and(|v| v <= 1) {
                    Action::Draw(DrawSource::Discard)
                } else {
                    Action::Draw(DrawSource::Deck)
                }
            }
            Phase::Reveal => random,
            Phase::Play | Phase::Continue { .. } if careless => random,
            Phase::Play | Phase::Continue { .. } => {
                let hand = view.hand;
                let mut equal = None;
                let mut lower = None;
                let mut highest = None;
                for a in legal.iter() {
                    if let Action::Play { value, pile } = a {
                        let top = view.top(pile);
                        if top == Some(value) && hand.len() > 1 && equal.is_none() {
                            equal = Some(a);
                        }
                        if top.is_none_or(|t| value < t) {
                            lower = Some(a);
                        }
                        highest = Some(a);
                    }
                }
                equal.or(lower).or(highest).unwrap_or(random)
            }
            Phase::RoundOver | Phase::GameOver => fallback(&legal),
        }
    }
}
