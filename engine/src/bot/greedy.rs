//! `greedy`: the one-line yardstick, so that anyone can rebuild it.
//!
//! For each card it may play (on each pile), score = the points (R10) of the
//! hand left after playing it, − 8 if it equals that pile's top and cards
//! remain, + 4 if it is higher than the top (a card will be drawn: only when
//! cards remain, since emptying the hand draws nothing, R4.4), − 100 if it
//! empties the hand. It plays the lowest score; ties go to the lower value,
//! then to pile 0. It draws from the deck, reveals its lowest face-down card
//! and deals the next round when the round is over.

use super::common::fallback;
use super::Bot;
pub use crate::eval::greedy_score;
use crate::types::{Action, DrawSource, Phase};
use crate::view::PlayerView;

/// The greedy yardstick (no state, no randomness).
pub struct GreedyBot;

impl Bot for GreedyBot {
    fn choose(&mut self, view: &PlayerView) -> Action {
        let legal = view.legal_actions();
        if !view.is_my_turn() {
            return fallback(&legal);
        }
        match view.phase {
            Phase::Draw { .. } => Action::Draw(DrawSource::Deck),
            Phase::Reveal => view
                .face_down
                .min()
                .map_or(fallback(&legal), Action::Reveal),
            Phase::Play | Phase::Continue { .. } => {
                // Legal plays come in ascending value, pile 0 before pile 1,
                // so keeping the first strict minimum breaks ties as asked.
                let mut best: Option<(i32, Action)> = None;
                for a in legal.iter() {
                    if let Action::Play { value, pile } = a {
                        let s = greedy_score(&view.hand, value, view.top(pile));
                        if best.is_none_or(|(b, _)| s < b) {
                            best = Some((s, a));
                        }
                    }
                }
                best.map_or(fallback(&legal), |(_, a)| a)
            }
            Phase::RoundOver | Phase::GameOver => fallback(&legal),
        }
    }
}
