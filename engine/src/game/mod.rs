//! The whole table: every seat's cards, the piles, the Mojo card, the totals
//! and the seeded generator. [`Game::apply`] is the only way the state moves.
//!
//! By concern:
//! - this module: the [`Game`] itself, reading it, and [`Game::apply`],
//!   which checks an action and hands it to its move; the take-back;
//! - `actions`: what may be done in a position ([`ActionList`],
//!   [`check_action`]), shared with [`crate::PlayerView`];
//! - `moves`: what each action does to the table (a play, a draw, a
//!   reveal, the end of a turn, of a round, the next round's deal);
//! - `consistency`: the serialised form, read back only through
//!   [`Game::check_consistency`], the check that a position is one the
//!   rules can reach ([`PositionError`]).

mod actions;
mod consistency;
mod moves;

use rand::{RngCore, SeedableRng};
use serde::{Deserialize, Serialize};

use crate::cards::{Cards, Pile, Value, DECK_SIZE, VALUES};
use crate::round_log::{LogMark, RoundLog};
use crate::types::*;

pub use crate::rng::GameRng;
pub use actions::{check_action, ActionList};
use actions::{nth_set_bit, POPCOUNT8};
use consistency::GameData;
pub use consistency::PositionError;

/// The 78 cards in value order, as a pile to shuffle.
const DECK_PILE: Pile = {
    let mut cards = [0 as Value; DECK_SIZE];
    let mut v = 0;
    let mut k = 0;
    while v < VALUES {
        let mut c = 0;
        while c < crate::cards::COPIES[v] {
            cards[k] = v as Value;
            k += 1;
            c += 1;
        }
        v += 1;
    }
    Pile::from_array(cards)
};

/// A whole game of Mojo.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "GameData", into = "GameData")]
pub struct Game {
    pub(crate) options: Options,
    pub(crate) hands: [Cards; MAX_PLAYERS],
    pub(crate) face_down: [Cards; MAX_PLAYERS],
    pub(crate) face_up: [Cards; MAX_PLAYERS],
    /// Cards every seat saw enter a hand (taken from a discard pile, R11.3)
    /// and that are still there: public knowledge (R14).
    pub(crate) known: [Cards; MAX_PLAYERS],
    /// Top is the last card.
    pub(crate) draw: Pile,
    pub(crate) discard: [Pile; 2],
    pub(crate) totals: [u32; MAX_PLAYERS],
    pub(crate) mojo: Face,
    pub(crate) current: Seat,
    pub(crate) phase: Phase,
    pub(crate) round: u32,
    pub(crate) last_round: Option<RoundResult>,
    /// Bit i set: seat i shares the victory.
    pub(crate) winners: u8,
    pub(crate) rng: GameRng,
    /// The round's public steps (shown in every view).
    pub(crate) log: RoundLog,
    /// How each seat played in the earlier rounds ([`crate::SeatView::style`]).
    pub(crate) styles: [crate::types::Style; MAX_PLAYERS],
    /// Whether the game keeps `styles` ([`Game::keeping_styles`]): off by
    /// default, since scoring a round's steps costs about a millisecond.
    pub(crate) keep_styles: bool,
    /// What [`Game::take_back`] needs to undo the last action. Not part of
    /// the position: it compares equal whatever it holds and is not saved.
    pub(crate) undo: Undo,
}

/// The last action, as far as a take-back is concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Last {
    /// None since the game was dealt, read back or taken back.
    Nothing,
    /// A draw, a reveal or the next round.
    NotAPlay,
    /// A card played, with what it did.
    Play(Outcome),
}

/// The undo record of the last action: for a play, the few things the
/// play changed that the game after it no longer tells (the seat's hand
/// and known cards, the phase, the round log's length). [`Game::play`]
/// writes it (a few stores), every other action marks it `NotAPlay`, and
/// [`Game::take_back`] reads it instead of replaying the game.
///
/// It is not part of the position, so it compares equal whatever it holds:
/// two games are equal when they are at the same point with the same
/// future (a game read back from its serialised form, which leaves the
/// record out, equals the one written), whatever their last action was.
#[derive(Clone, Copy)]
pub(crate) struct Undo {
    last: Last,
    seat: Seat,
    value: Value,
    pile: u8,
    /// The phase before the play: `Play`, or `Continue` after an equal card.
    phase: Phase,
    /// The seat's hand and known cards before the play.
    hand: Cards,
    known: Cards,
    log: LogMark,
}

impl Undo {
    pub(crate) const NONE: Undo = Undo {
        last: Last::Nothing,
        seat: 0,
        value: 0,
        pile: 0,
        phase: Phase::Play,
        hand: Cards::EMPTY,
        known: Cards::EMPTY,
        log: LogMark::EMPTY,
    };
}

impl PartialEq for Undo {
    fn eq(&self, _: &Undo) -> bool {
        true
    }
}

impl Eq for Undo {}

impl core::fmt::Debug for Undo {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.last {
            Last::Play(outcome) => write!(
                f,
                "Undo(seat {} played {} on pile {}: {outcome:?})",
                self.seat, self.value, self.pile
            ),
            last => write!(f, "Undo({last:?})"),
        }
    }
}

impl Game {
    /// Sets up the first round (RULES R3): Mojo face 0, a shuffled deck,
    /// 8 cards to each player, one card turned onto each discard pile.
    pub fn new(options: Options, seed: u64) -> Result<Game, SetupError> {
        options.validate()?;
        let mut rng = GameRng::seed_from_u64(seed);
        let mut draw = DECK_PILE;
        shuffle(draw.as_mut_slice(), &mut rng);
        let current = match options.first_player {
            FirstPlayer::Seat(s) => s,
            FirstPlayer::Random => random_seat(options.players, &mut rng),
        };
        let mut game = Game {
            options,
            hands: [Cards::EMPTY; MAX_PLAYERS],
            face_down: [Cards::EMPTY; MAX_PLAYERS],
            face_up: [Cards::EMPTY; MAX_PLAYERS],
            known: [Cards::EMPTY; MAX_PLAYERS],
            draw,
            discard: [Pile::EMPTY; 2],
            totals: [0; MAX_PLAYERS],
            mojo: Face::Zero,
            current,
            phase: Phase::Play,
            round: 1,
            last_round: None,
            winners: 0,
            rng,
            log: RoundLog::EMPTY,
            styles: [[0; 4]; MAX_PLAYERS],
            keep_styles: false,
            undo: Undo::NONE,
        };
        game.deal();
        Ok(game)
    }

    // ----- reading the state -------------------------------------------

    pub fn options(&self) -> &Options {
        &self.options
    }
    pub fn players(&self) -> u8 {
        self.options.players
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// The seat to act (after a round ends: the Mojo holder).
    pub fn current(&self) -> Seat {
        self.current
    }
    /// Who may act now: the seat whose turn it is while a round is in
    /// play; `None` between rounds and after the game (the next deal,
    /// `Action::NextRound`, is nobody's turn).
    pub fn to_act(&self) -> Option<Seat> {
        self.phase.in_round().then_some(self.current)
    }
    pub fn mojo(&self) -> Face {
        self.mojo
    }
    pub fn direction(&self) -> Direction {
        self.mojo.direction()
    }
    /// The round number, from 1.
    pub fn round(&self) -> u32 {
        self.round
    }
    pub fn hand(&self, seat: Seat) -> &Cards {
        &self.hands[seat as usize]
    }
    pub fn face_down(&self, seat: Seat) -> &Cards {
        &self.face_down[seat as usize]
    }
    pub fn face_up(&self, seat: Seat) -> &Cards {
        &self.face_up[seat as usize]
    }
    /// The draw pile (top is the last card). Hidden from players (R14).
    pub fn draw_pile(&self) -> &Pile {
        &self.draw
    }
    /// Discard pile `i` (0, or 0 and 1 with two piles), bottom first.
    pub fn discard(&self, i: u8) -> &Pile {
        &self.discard[i as usize]
    }
    /// The active discard piles.
    pub fn discards(&self) -> &[Pile] {
        &self.discard[..self.options.piles() as usize]
    }
    pub fn totals(&self) -> &[u32] {
        &self.totals[..self.options.players as usize]
    }
    /// The last scored round.
    pub fn last_round(&self) -> Option<&RoundResult> {
        self.last_round.as_ref()
    }
    /// The winners, ascending, once the game is over.
    pub fn winners(&self) -> Vec<Seat> {
        (0..self.options.players)
            .filter(|s| self.winners & (1 << s) != 0)
            .collect()
    }
    pub fn is_over(&self) -> bool {
        self.phase == Phase::GameOver
    }

    /// Every card in the game (hands, face-down, face-up, piles).
    pub fn all_cards(&self) -> Cards {
        let mut counts = [0u32; VALUES];
        let seats = self.options.players as usize;
        for cards in self.hands[..seats]
            .iter()
            .chain(&self.face_down[..seats])
            .chain(&self.face_up[..seats])
        {
            for (c, &n) in counts.iter_mut().zip(cards.counts()) {
                *c += u32::from(n);
            }
        }
        for pile in core::iter::once(&self.draw).chain(self.discards()) {
            for &v in pile.as_slice() {
                counts[v as usize] += 1;
            }
        }
        let clamped = counts.map(|c| c.min(u32::from(u8::MAX)) as u8);
        Cards::from_counts(clamped).unwrap_or_default()
    }

    /// The legal actions of the seat to act.
    pub fn legal_actions(&self) -> ActionList {
        let s = self.current as usize;
        ActionList::for_position(
            self.phase,
            &self.hands[s],
            &self.face_down[s],
            self.options.piles(),
        )
    }

    /// A legal action chosen uniformly by `r` (any 32-bit number: the
    /// action is `legal_actions()[r * len / 2^32]`, without building the
    /// list). For random playouts. `None` once the game is over.
    #[inline]
    pub fn legal_action_at(&self, r: u32) -> Option<Action> {
        let s = self.current as usize;
        let pick = |mask: u16, per_value: u32| -> (u8, u32) {
            let n = u32::from(POPCOUNT8[(mask & 0xFF) as usize])
                + u32::from(POPCOUNT8[(mask >> 8) as usize]);
            let k = ((u64::from(r) * u64::from(n * per_value)) >> 32) as u32;
            (nth_set_bit(mask, k / per_value), k % per_value)
        };
        match self.phase {
            Phase::Play => {
                let piles = u32::from(self.options.piles());
                let (value, pile) = pick(self.hands[s].mask(), piles);
                Some(Action::Play {
                    value,
                    pile: pile as u8,
                })
            }
            Phase::Continue { pile } => Some(Action::Play {
                value: pick(self.hands[s].mask(), 1).0,
                pile,
            }),
            Phase::Draw { .. } => Some(Action::Draw(if r >> 31 == 0 {
                DrawSource::Deck
            } else {
                DrawSource::Discard
            })),
            Phase::Reveal => Some(Action::Reveal(pick(self.face_down[s].mask(), 1).0)),
            Phase::RoundOver => Some(Action::NextRound),
            Phase::GameOver => None,
        }
    }

    /// Whether `action` would be accepted, and why not.
    #[inline]
    pub fn check(&self, action: Action) -> Result<(), RuleError> {
        let s = self.current as usize;
        check_action(
            self.phase,
            &self.hands[s],
            &self.face_down[s],
            self.options.piles(),
            action,
        )
    }

    // ----- moving the state --------------------------------------------

    /// Applies the current seat's action and returns what happened. A
    /// refused action changes nothing.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        let mut events = Vec::new();
        self.apply_with(action, &mut events)?;
        Ok(events)
    }

    /// Applies an action, reporting events to `sink` ([`NoEvents`] for
    /// search and simulation: no allocation at all).
    #[inline(always)]
    pub fn apply_with<S: EventSink>(
        &mut self,
        action: Action,
        sink: &mut S,
    ) -> Result<(), RuleError> {
        // One dispatch on the action (nearly always a play, so it predicts
        // well), plain comparisons for legality; the exact reason for a
        // refusal comes from `check`, off the hot path.
        let s = self.current as usize;
        match action {
            Action::Play { value, pile } => {
                let pile_ok = match self.phase {
                    Phase::Play => pile < self.options.piles(),
                    Phase::Continue { pile: chain } => pile == chain,
                    _ => false,
                };
                if pile_ok && self.hands[s].contains(value) {
                    self.play(value, pile, sink);
                    return Ok(());
                }
            }
            Action::Draw(source) => {
                if let Phase::Draw { pile } = self.phase {
                    self.undo.last = Last::NotAPlay;
                    self.draw_choice(pile, source, sink);
                    self.end_turn(sink);
                    return Ok(());
                }
            }
            Action::Reveal(value) => {
                if self.phase == Phase::Reveal && self.face_down[s].contains(value) {
                    self.undo.last = Last::NotAPlay;
                    self.reveal(value, sink);
                    return Ok(());
                }
            }
            Action::NextRound => {
                if self.phase == Phase::RoundOver {
                    self.undo.last = Last::NotAPlay;
                    self.next_round(sink);
                    return Ok(());
                }
            }
        }
        Err(self.refusal(action))
    }

    /// Why `action` is refused (it is known to be illegal).
    #[cold]
    #[inline(never)]
    fn refusal(&self, action: Action) -> RuleError {
        // `check` and the fast path above accept exactly the same actions
        // (the property tests compare them on every position).
        self.check(action).err().unwrap_or(RuleError::MustPlay)
    }

    /// **Take-back** (not in the rulebooks: a house rule of this table,
    /// `docs/RULES.md`): the last action was a card played lower than or
    /// equal to the card it covered (or on an empty pile); the game goes
    /// back to exactly what it was before that card, field for field, the
    /// generator and the draw order included, and returns the seat whose
    /// turn it is again. What the card did by itself goes back with it:
    /// the end of the turn and going face down (R5.1), or the chain it
    /// started (R4.2). Nothing hidden was shown by such a play, so taking
    /// it back tells nobody anything.
    ///
    /// Refused, changing nothing, when
    /// - the last action was not a play (a draw, a reveal, the next round):
    ///   [`TakeBackError::NotAPlay`];
    /// - the card was higher (a card is drawn, or owed with two piles) or
    ///   the player's last (the round ended):
    ///   [`TakeBackError::ShowedMore`];
    /// - nothing was played since the game was dealt, read back from its
    ///   serialised form, or last taken back (only the last card, once):
    ///   [`TakeBackError::NothingToTakeBack`].
    ///
    /// Undone from a small record that every play writes, without
    /// replaying the game. The record is not serialised (a saved game is
    /// a position; the saves of the web app are seed and actions, and
    /// replaying them writes the record again), so a game read back from
    /// JSON has nothing to take back.
    pub fn take_back(&mut self) -> Result<Seat, TakeBackError> {
        let u = self.undo;
        match u.last {
            Last::Play(Outcome::Lower | Outcome::Equal) => {}
            Last::Play(outcome) => return Err(TakeBackError::ShowedMore(outcome)),
            Last::NotAPlay => return Err(TakeBackError::NotAPlay),
            Last::Nothing => return Err(TakeBackError::NothingToTakeBack),
        }
        let s = u.seat as usize;
        let popped = self.discard[u.pile as usize].pop();
        debug_assert_eq!(popped, Some(u.value));
        if self.hands[s].is_empty() {
            // Gone face down (R5.1) with the rest of the hand: those cards
            // go back to the hand. (A lower or equal card leaves at least
            // one card, so an empty hand means they went face down.)
            let mut went_down = u.hand;
            went_down.remove(u.value);
            self.face_down[s].remove_all(&went_down);
        }
        self.hands[s] = u.hand;
        self.known[s] = u.known;
        self.log.rewind(&u.log);
        self.current = u.seat;
        self.phase = u.phase;
        self.undo.last = Last::Nothing;
        Ok(u.seat)
    }

    /// The same game, keeping at each round's end the record of how each
    /// seat played (`SeatView::style`), which Hard's second inference reads
    /// (issue 36). Off unless asked: it costs about a millisecond a round.
    #[cfg(feature = "beliefs")]
    pub fn keeping_styles(mut self) -> Game {
        self.keep_styles = true;
        self
    }

    /// The seeded generator (e.g. for a bot's determinizations to derive
    /// their own seeds). Reading it does not change the game.
    pub fn rng(&self) -> &GameRng {
        &self.rng
    }

    /// Replaces the generator: search code reseeds each determinization so
    /// that hidden future shuffles are not the real game's.
    pub fn reseed(&mut self, seed: u64) {
        self.rng = GameRng::seed_from_u64(seed);
    }
}

/// **Part of the save format.** A saved game is its seed and actions, so
/// the deals a seed gives must never change: a change to this function, to
/// the dealing order or to [`GameRng`] needs a new save version that keeps
/// the old algorithm for old saves (the fixtures in `tests/fixtures/saves/`
/// and the golden game in `engine/tests/common/golden.rs` catch it).
///
/// Fisher–Yates. Each index comes from one 32-bit draw scaled by a
/// multiply (Lemire's method without the rejection step: the bias is below
/// 120 / 2^32, far under anything a game can show), so the result is the
/// same on 32-bit WebAssembly and 64-bit native targets.
pub(crate) fn shuffle<R: RngCore>(cards: &mut [Value], rng: &mut R) {
    for i in (1..cards.len()).rev() {
        let bound = i as u64 + 1;
        let j = ((u64::from(rng.next_u32()) * bound) >> 32) as usize;
        cards.swap(i, j);
    }
}

/// A seat index below `players` from one 32-bit draw (as [`shuffle`]).
fn random_seat<R: RngCore>(players: u8, rng: &mut R) -> Seat {
    ((u64::from(rng.next_u32()) * u64::from(players)) >> 32) as Seat
}
