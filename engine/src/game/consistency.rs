//! The serialised form of a [`Game`] and the check that a position is
//! one the rules can reach ([`Game::check_consistency`]): a game read back
//! from JSON (or built by `Position`) passes it, or is refused with a
//! [`PositionError`].

use serde::{Deserialize, Serialize};

use super::{Game, GameRng, Undo};
use crate::cards::{Cards, Pile, MAX_VALUE, PILE_CAPACITY};
use crate::round_log::RoundLog;
use crate::types::*;

/// The serialised form of a [`Game`]: plain lists, checked when read back.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct GameData {
    options: Options,
    hands: Vec<Cards>,
    face_down: Vec<Cards>,
    face_up: Vec<Cards>,
    known: Vec<Cards>,
    /// Bottom first (top last).
    draw: Pile,
    discard: Vec<Pile>,
    totals: Vec<u32>,
    mojo: Face,
    current: Seat,
    phase: Phase,
    round: u32,
    last_round: Option<RoundResult>,
    winners: Vec<Seat>,
    rng: GameRng,
    /// The round's public steps (absent in games saved before it existed).
    #[serde(default)]
    log: RoundLog,
    /// Per seat, how it played in the earlier rounds (absent in games
    /// saved before it existed: nothing known).
    #[serde(default)]
    styles: Vec<crate::types::Style>,
    /// Whether it keeps them (absent: no).
    #[serde(default)]
    keep_styles: bool,
}

impl From<Game> for GameData {
    fn from(g: Game) -> GameData {
        let n = g.options.players as usize;
        GameData {
            options: g.options,
            hands: g.hands[..n].to_vec(),
            face_down: g.face_down[..n].to_vec(),
            face_up: g.face_up[..n].to_vec(),
            known: g.known[..n].to_vec(),
            draw: g.draw,
            discard: g.discards().to_vec(),
            totals: g.totals().to_vec(),
            mojo: g.mojo,
            current: g.current,
            phase: g.phase,
            round: g.round,
            last_round: g.last_round,
            winners: g.winners(),
            rng: g.rng,
            log: g.log,
            styles: g.styles[..n].to_vec(),
            keep_styles: g.keep_styles,
        }
    }
}

/// Why a stored or described position is not a game this engine can play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError(pub String);

impl core::fmt::Display for PositionError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PositionError {}

fn fail<T>(msg: impl Into<String>) -> Result<T, PositionError> {
    Err(PositionError(msg.into()))
}

fn seat_array(
    lists: &[Cards],
    what: &str,
    n: usize,
) -> Result<[Cards; MAX_PLAYERS], PositionError> {
    if lists.len() != n {
        return fail(format!("{what} has {} lists for {n} players", lists.len()));
    }
    let mut out = [Cards::EMPTY; MAX_PLAYERS];
    out[..n].copy_from_slice(lists);
    Ok(out)
}

impl TryFrom<GameData> for Game {
    type Error = PositionError;

    fn try_from(d: GameData) -> Result<Game, PositionError> {
        d.options
            .validate()
            .map_err(|e| PositionError(e.to_string()))?;
        let n = d.options.players as usize;
        let piles = d.options.piles() as usize;
        if d.discard.len() != piles {
            return fail(format!(
                "{} discard piles where the options say {piles}",
                d.discard.len()
            ));
        }
        if d.totals.len() != n {
            return fail(format!("{} totals for {n} players", d.totals.len()));
        }
        let mut discard = [Pile::EMPTY; 2];
        discard[..piles].copy_from_slice(&d.discard);
        let mut totals = [0u32; MAX_PLAYERS];
        totals[..n].copy_from_slice(&d.totals);
        let mut winners = 0u8;
        for &w in &d.winners {
            if w as usize >= n {
                return fail(format!("winner {w} is not a seat"));
            }
            winners |= 1 << w;
        }
        let mut styles = [[0; 4]; MAX_PLAYERS];
        if !d.styles.is_empty() {
            if d.styles.len() != n {
                return fail(format!("{} styles for {n} players", d.styles.len()));
            }
            styles[..n].copy_from_slice(&d.styles);
        }
        let game = Game {
            options: d.options,
            hands: seat_array(&d.hands, "hands", n)?,
            face_down: seat_array(&d.face_down, "face_down", n)?,
            face_up: seat_array(&d.face_up, "face_up", n)?,
            known: seat_array(&d.known, "known", n)?,
            draw: d.draw,
            discard,
            totals,
            mojo: d.mojo,
            current: d.current,
            phase: d.phase,
            round: d.round,
            last_round: d.last_round,
            winners,
            rng: d.rng,
            log: d.log,
            styles,
            keep_styles: d.keep_styles,
            // Not saved: a game read back has nothing to take back.
            undo: Undo::NONE,
        };
        game.check_consistency()?;
        Ok(game)
    }
}

impl Game {
    /// Checks that the state is one the rules can reach from a deal: the
    /// current seat is a seat, the phase fits the acting seat's cards, known
    /// cards are in hand, and no pile overflows. (The card count is not
    /// checked here: partial positions are allowed; see
    /// [`Game::check_full_deck`].)
    pub fn check_consistency(&self) -> Result<(), PositionError> {
        let n = self.options.players as usize;
        let cur = self.current as usize;
        if cur >= n {
            return fail(format!("the current seat {cur} is not a seat of {n}"));
        }
        if self.round == 0 {
            return fail("rounds are numbered from 1");
        }
        if self.phase != Phase::GameOver {
            if let Some((s, t)) = self.totals[..n]
                .iter()
                .enumerate()
                .find(|&(_, &t)| t >= self.options.target)
            {
                return fail(format!(
                    "seat {s} has {t} points, at or over the target {}, but the game is not over (R13)",
                    self.options.target
                ));
            }
        }
        if let Some(r) = &self.last_round {
            if r.players != self.options.players || r.holder as usize >= n {
                return fail(format!(
                    "the last round was scored for {} players with seat {} holding the Mojo, at a table of {n}",
                    r.players, r.holder
                ));
            }
        }
        for s in 0..n {
            let mut k = self.known[s];
            k.clamp_to(&self.hands[s]);
            if k != self.known[s] {
                return fail(format!("seat {s}: known cards are not all in hand"));
            }
        }
        let total = self.all_cards().len();
        if total > PILE_CAPACITY {
            return fail(format!("{total} cards: at most {PILE_CAPACITY} fit a game"));
        }
        let piles = self.options.piles();
        let hand = &self.hands[cur];
        let down = &self.face_down[cur];
        let in_play = matches!(
            self.phase,
            Phase::Play | Phase::Continue { .. } | Phase::Draw { .. } | Phase::Reveal
        );
        if in_play {
            for s in 0..n {
                if self.hands[s].is_empty() && self.face_down[s].is_empty() {
                    return fail(format!(
                        "seat {s} has no card in hand or face down while the round is on (R9: the round would be over)"
                    ));
                }
            }
        }
        match self.phase {
            Phase::Play if !down.is_empty() => {
                fail("the current seat has face-down cards, so it must reveal, not play")
            }
            Phase::Reveal if down.is_empty() => {
                fail("the current seat has no face-down card to reveal")
            }
            Phase::Continue { pile } | Phase::Draw { pile } if pile >= piles => {
                fail(format!("there is no discard pile {pile}"))
            }
            Phase::Continue { .. } if hand.is_empty() => {
                fail("a chain cannot continue with an empty hand")
            }
            Phase::Draw { .. } if !self.options.double_discard => {
                fail("only the two-pile variant chooses where to draw")
            }
            Phase::GameOver if self.winners == 0 => fail("the game is over but nobody won"),
            _ => Ok(()),
        }
    }

    /// Checks that the game holds exactly the 78 cards of the deck, each
    /// once: true of every game started with [`Game::new`].
    pub fn check_full_deck(&self) -> Result<(), PositionError> {
        let all = self.all_cards();
        if all == Cards::full_deck() {
            return Ok(());
        }
        let deck = Cards::full_deck();
        for v in 0..=MAX_VALUE {
            let (have, want) = (all.count(v), deck.count(v));
            if have != want {
                return fail(format!(
                    "{have} cards of value {v} where the deck has {want}"
                ));
            }
        }
        fail("the cards do not match the deck")
    }
}
