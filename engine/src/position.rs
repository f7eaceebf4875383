//! A table position written out in plain lists: the shape of the scenario
//! format (shared/scenarios/FORMAT.md), and a way to set up any position the
//! rules can reach — for tests, scenarios and rules questions.

use rand::SeedableRng;
use serde::{Deserialize, Serialize};

use crate::cards::{Cards, Pile, Value, MAX_VALUE};
use crate::game::{Game, GameRng, PositionError};
use crate::types::*;

/// A turn-start position (the scenario format's `state` plus `options`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    pub options: Options,
    pub seed: u64,
    pub current: Seat,
    pub mojo: Face,
    pub totals: Vec<u32>,
    pub hands: Vec<Vec<Value>>,
    pub face_down: Vec<Vec<Value>>,
    pub face_up: Vec<Vec<Value>>,
    /// Top first.
    pub draw: Vec<Value>,
    /// One list per pile, bottom first.
    pub discard: Vec<Vec<Value>>,
}

fn cards_per_seat(
    lists: &[Vec<Value>],
    what: &str,
    n: usize,
) -> Result<[Cards; MAX_PLAYERS], PositionError> {
    if lists.len() != n {
        return Err(PositionError(format!(
            "`{what}` has {} lists; {n} players need {n}",
            lists.len()
        )));
    }
    let mut out = [Cards::EMPTY; MAX_PLAYERS];
    for (s, list) in lists.iter().enumerate() {
        if let Some(&v) = list.iter().find(|&&v| v > MAX_VALUE) {
            return Err(PositionError(format!(
                "`{what}` of seat {s} holds {v}: card values are 0 to 12"
            )));
        }
        out[s] = Cards::from_values(list)
            .ok_or_else(|| PositionError(format!("`{what}` of seat {s} holds too many cards")))?;
    }
    Ok(out)
}

fn pile(values: &[Value], what: &str) -> Result<Pile, PositionError> {
    if let Some(&v) = values.iter().find(|&&v| v > MAX_VALUE) {
        return Err(PositionError(format!(
            "`{what}` holds {v}: card values are 0 to 12"
        )));
    }
    Pile::from_bottom_first(values)
        .ok_or_else(|| PositionError(format!("`{what}` holds too many cards")))
}

impl Game {
    /// Sets up a position at the start of `current`'s turn: they reveal if
    /// they have face-down cards, otherwise they play. Round 1; the seed
    /// drives later shuffles.
    pub fn from_position(p: &Position) -> Result<Game, PositionError> {
        p.options
            .validate()
            .map_err(|e| PositionError(e.to_string()))?;
        let n = p.options.players as usize;
        if p.current as usize >= n {
            return Err(PositionError(format!(
                "`current` is seat {}, but seats are 0 to {}",
                p.current,
                n - 1
            )));
        }
        if p.totals.len() != n {
            return Err(PositionError(format!(
                "`totals` has {} entries; {n} players need {n}",
                p.totals.len()
            )));
        }
        let piles = p.options.piles() as usize;
        if p.discard.len() != piles {
            return Err(PositionError(format!(
                "`discard` has {} piles; this table has {piles} ({})",
                p.discard.len(),
                if piles == 2 {
                    "double_discard is on"
                } else {
                    "double_discard is off"
                }
            )));
        }
        let mut draw_bottom_first = p.draw.clone();
        draw_bottom_first.reverse();
        let mut discard = [Pile::EMPTY; 2];
        for (i, list) in p.discard.iter().enumerate() {
            discard[i] = pile(list, &format!("discard pile {i}"))?;
        }
        let mut totals = [0u32; MAX_PLAYERS];
        totals[..n].copy_from_slice(&p.totals);
        let hands = cards_per_seat(&p.hands, "hands", n)?;
        let face_down = cards_per_seat(&p.face_down, "face_down", n)?;
        let mut game = Game {
            options: p.options,
            hands,
            face_down,
            face_up: cards_per_seat(&p.face_up, "face_up", n)?,
            known: [Cards::EMPTY; MAX_PLAYERS],
            draw: pile(&draw_bottom_first, "draw")?,
            discard,
            totals,
            mojo: p.mojo,
            current: p.current,
            phase: Phase::Play,
            round: 1,
            last_round: None,
            winners: 0,
            rng: GameRng::seed_from_u64(p.seed),
            log: crate::round_log::RoundLog::EMPTY,
            styles: [[0; 4]; crate::types::MAX_PLAYERS],
            keep_styles: false,
            undo: crate::game::Undo::NONE,
        };
        game.phase = if face_down[p.current as usize].is_empty() {
            Phase::Play
        } else {
            Phase::Reveal
        };
        game.check_consistency()?;
        Ok(game)
    }

    /// The whole position in plain lists (values ascending per seat).
    pub fn position(&self) -> Position {
        let n = self.options.players as usize;
        let lists = |cards: &[Cards; MAX_PLAYERS]| cards[..n].iter().map(Cards::to_vec).collect();
        let mut draw = self.draw.as_slice().to_vec();
        draw.reverse();
        Position {
            options: self.options,
            seed: 0,
            current: self.current,
            mojo: self.mojo,
            totals: self.totals().to_vec(),
            hands: lists(&self.hands),
            face_down: lists(&self.face_down),
            face_up: lists(&self.face_up),
            draw,
            discard: self
                .discards()
                .iter()
                .map(|p| p.as_slice().to_vec())
                .collect(),
        }
    }
}
