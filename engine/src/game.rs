//! The whole table: every seat's cards, the piles, the Mojo card, the totals
//! and the seeded generator. [`Game::apply`] is the only way the state moves.

use rand::{RngCore, SeedableRng};
use serde::{Deserialize, Serialize};

use crate::cards::{Cards, Pile, Value, DECK_SIZE, MAX_VALUE, PILE_CAPACITY, VALUES};
use crate::round_log::{LogMark, RoundLog, Step};
use crate::types::*;

pub use crate::rng::GameRng;

/// Every action legal in one position (at most 13 values on 2 piles),
/// stored as one-byte codes so that building the list is a few wide stores.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct ActionList {
    codes: [u8; 28],
    len: u8,
}

const DRAW_CODE: u8 = 0x40;
const REVEAL_CODE: u8 = 0x80;
const NEXT_ROUND_CODE: u8 = 0xC0;

#[inline]
fn decode(code: u8) -> Action {
    match code & 0xC0 {
        0 => Action::Play {
            value: code & 0x0F,
            pile: (code >> 4) & 1,
        },
        DRAW_CODE => Action::Draw(if code & 1 == 0 {
            DrawSource::Deck
        } else {
            DrawSource::Discard
        }),
        REVEAL_CODE => Action::Reveal(code & 0x0F),
        _ => Action::NextRound,
    }
}

impl ActionList {
    const fn new() -> ActionList {
        ActionList {
            codes: [0; 28],
            len: 0,
        }
    }

    /// How many actions.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The `i`-th action (ascending by value, pile 0 before pile 1).
    #[inline]
    pub fn get(&self, i: usize) -> Option<Action> {
        self.codes[..self.len()].get(i).map(|&c| decode(c))
    }

    /// The actions in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = Action> + '_ {
        self.codes[..self.len()].iter().map(|&c| decode(c))
    }

    pub fn contains(&self, action: Action) -> bool {
        self.iter().any(|a| a == action)
    }

    pub fn to_vec(&self) -> Vec<Action> {
        self.iter().collect()
    }

    /// Builds the legal actions from what the acting seat knows: the phase,
    /// its own hand and face-down cards, and how many piles there are. The
    /// same function serves [`Game`] and [`crate::PlayerView`].
    #[inline]
    pub fn for_position(phase: Phase, hand: &Cards, face_down: &Cards, piles: u8) -> ActionList {
        let mut list = ActionList::new();
        match phase {
            Phase::Play if piles == 2 => {
                let mut mask = hand.mask();
                let mut n = 0usize;
                while mask != 0 && n < 26 {
                    let v = mask.trailing_zeros() as u8;
                    list.codes[n] = v;
                    list.codes[n + 1] = v | 0x10;
                    n += 2;
                    mask &= mask - 1;
                }
                list.len = n as u8;
            }
            Phase::Play => list.fill_values(hand, 0),
            Phase::Continue { pile } => list.fill_values(hand, (pile & 1) << 4),
            Phase::Draw { .. } => {
                list.codes[0] = DRAW_CODE;
                list.codes[1] = DRAW_CODE | 1;
                list.len = 2;
            }
            Phase::Reveal => list.fill_values(face_down, REVEAL_CODE),
            Phase::RoundOver => {
                list.codes[0] = NEXT_ROUND_CODE;
                list.len = 1;
            }
            Phase::GameOver => {}
        }
        list
    }

    /// One code per distinct value of `cards`, ascending.
    #[inline]
    fn fill_values(&mut self, cards: &Cards, tag: u8) {
        let mut mask = cards.mask();
        let mut n = 0usize;
        while mask != 0 && n < 13 {
            self.codes[n] = mask.trailing_zeros() as u8 | tag;
            n += 1;
            mask &= mask - 1;
        }
        self.len = n as u8;
    }
}

impl<'a> IntoIterator for &'a ActionList {
    type Item = Action;
    type IntoIter = core::iter::Map<core::slice::Iter<'a, u8>, fn(&u8) -> Action>;
    fn into_iter(self) -> Self::IntoIter {
        self.codes[..self.len()].iter().map(|&c| decode(c))
    }
}

impl core::fmt::Debug for ActionList {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Checks an action against a position, with the reason when it is refused.
/// Shared by [`Game`] and [`crate::PlayerView`] so both agree exactly.
#[inline]
pub fn check_action(
    phase: Phase,
    hand: &Cards,
    face_down: &Cards,
    piles: u8,
    action: Action,
) -> Result<(), RuleError> {
    match (phase, action) {
        (Phase::GameOver, _) => Err(RuleError::GameIsOver),
        (Phase::RoundOver, Action::NextRound) => Ok(()),
        (Phase::RoundOver, _) => Err(RuleError::RoundIsOver),
        (_, Action::NextRound) => Err(RuleError::RoundNotOver),
        (Phase::Play, Action::Play { value, pile }) => {
            if pile >= piles {
                Err(RuleError::NoSuchPile { pile })
            } else if !hand.contains(value) {
                Err(RuleError::NotInHand { value })
            } else {
                Ok(())
            }
        }
        (Phase::Continue { pile: expected }, Action::Play { value, pile }) => {
            if pile != expected {
                Err(RuleError::WrongPile {
                    expected,
                    got: pile,
                })
            } else if !hand.contains(value) {
                Err(RuleError::NotInHand { value })
            } else {
                Ok(())
            }
        }
        (Phase::Draw { .. }, Action::Draw(_)) => Ok(()),
        (Phase::Draw { .. }, _) => Err(RuleError::MustDraw),
        (Phase::Reveal, Action::Reveal(value)) => {
            if face_down.contains(value) {
                Ok(())
            } else {
                Err(RuleError::NotFaceDown { value })
            }
        }
        (Phase::Reveal, _) => Err(RuleError::MustReveal),
        (Phase::Play | Phase::Continue { .. }, Action::Draw(_)) => Err(RuleError::NoDrawOwed),
        (Phase::Play | Phase::Continue { .. }, Action::Reveal(_)) => Err(RuleError::NoRevealNow),
    }
}

/// Set bits per byte value.
static POPCOUNT8: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    t
};

/// `SELECT8[b][k]`: the position of the `k`-th set bit of byte `b` (from 0).
static SELECT8: [[u8; 8]; 256] = {
    let mut t = [[0u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut k = 0;
        let mut bit = 0;
        while bit < 8 {
            if b & (1 << bit) != 0 {
                t[b][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    t
};

/// The position of the `k`-th set bit (from 0) of a 16-bit mask that has
/// more than `k` set bits, without a data-dependent branch (random
/// playouts pick among held values at random, so a loop would mispredict).
#[inline]
fn nth_set_bit(mask: u16, k: u32) -> u8 {
    let low = (mask & 0xFF) as usize;
    let high = (mask >> 8) as usize;
    let in_low = u32::from(POPCOUNT8[low]);
    let lo_pick = SELECT8[low][(k & 7) as usize];
    let hi_pick = 8 + SELECT8[high][(k.wrapping_sub(in_low) & 7) as usize];
    if k < in_low {
        lo_pick
    } else {
        hi_pick
    }
}

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

    #[inline(always)]
    fn play<S: EventSink>(&mut self, value: Value, pile: u8, sink: &mut S) {
        let seat = self.current;
        let s = seat as usize;
        let p = pile as usize;
        let covered = self.discard[p].top();
        self.undo.seat = seat;
        self.undo.value = value;
        self.undo.pile = pile;
        self.undo.phase = self.phase;
        self.undo.hand = self.hands[s];
        self.undo.known = self.known[s];
        self.log.mark(&mut self.undo.log);
        self.hands[s].remove(value);
        // Never full: a pile holds every card of a game
        // (`check_consistency`), so `take_back` pops this very card.
        self.discard[p].push(value);
        let hand = self.hands[s];
        if !self.known[s].is_empty() {
            self.known[s].clamp_to(&hand);
        }
        let outcome = Outcome::of(value, covered, hand.len());
        self.undo.last = Last::Play(outcome);
        self.log.push(Step::Play {
            seat,
            value,
            pile,
            covered,
        });
        sink.emit(Event::Played {
            seat,
            value,
            pile,
            covered,
            outcome,
        });
        match outcome {
            Outcome::LastCard => self.end_round(RoundEnd::EmptiedHand, sink),
            Outcome::Equal => self.phase = Phase::Continue { pile },
            Outcome::Lower => self.end_turn(sink),
            Outcome::Higher => {
                if self.options.double_discard {
                    self.phase = Phase::Draw { pile };
                } else {
                    self.draw_from_deck(seat, sink);
                    self.end_turn(sink);
                }
            }
        }
    }

    /// Two piles: the player who played on `pile` draws from `source`.
    fn draw_choice<S: EventSink>(&mut self, pile: u8, source: DrawSource, sink: &mut S) {
        let seat = self.current;
        match source {
            DrawSource::Deck => self.draw_from_deck(seat, sink),
            DrawSource::Discard => {
                let other = 1 - pile as usize;
                match self.discard[other].pop() {
                    Some(v) => {
                        self.hands[seat as usize].add(v);
                        self.known[seat as usize].add(v);
                        self.log.push(Step::Draw {
                            seat,
                            card: Some(v),
                        });
                        sink.emit(Event::Drew {
                            seat,
                            source,
                            card: Some(v),
                        });
                        if self.discard[other].is_empty() {
                            // R11.4: the emptied pile is formed again from
                            // the top of the other pile.
                            if let Some(top) = self.discard[pile as usize].pop() {
                                self.discard[other].push(top);
                                sink.emit(Event::PileRefilled {
                                    pile: other as u8,
                                    value: top,
                                });
                            }
                        }
                    }
                    None => sink.emit(Event::NothingToDraw { seat }),
                }
            }
        }
    }

    /// Draws the top of the draw pile, rebuilding it first if empty (R7).
    #[inline(always)]
    fn draw_from_deck<S: EventSink>(&mut self, seat: Seat, sink: &mut S) {
        if self.draw.is_empty() {
            self.reshuffle_keeping_tops(sink);
        }
        match self.draw.pop() {
            Some(v) => {
                self.hands[seat as usize].add(v);
                // Public: that a card was drawn, not which.
                self.log.push(Step::Draw { seat, card: None });
                sink.emit(Event::Drew {
                    seat,
                    source: DrawSource::Deck,
                    card: Some(v),
                });
            }
            None => sink.emit(Event::NothingToDraw { seat }),
        }
    }

    /// R7 / R11.5: keep the top of each discard pile, shuffle the rest into
    /// a new draw pile.
    fn reshuffle_keeping_tops<S: EventSink>(&mut self, sink: &mut S) {
        for i in 0..self.options.piles() as usize {
            let pile = &mut self.discard[i];
            if let Some(top) = pile.pop() {
                self.draw.extend_from_slice(pile.as_slice());
                pile.clear();
                pile.push(top);
            }
        }
        if !self.draw.is_empty() {
            shuffle(self.draw.as_mut_slice(), &mut self.rng);
            sink.emit(Event::Reshuffled {
                cards: self.draw.len() as u8,
            });
        }
    }

    /// R12.1: while dealing, an empty draw pile takes the whole discard
    /// pile(s), shuffled.
    fn reshuffle_everything<S: EventSink>(&mut self, sink: &mut S) {
        for i in 0..self.options.piles() as usize {
            self.draw.extend_from_slice(self.discard[i].as_slice());
            self.discard[i].clear();
        }
        if !self.draw.is_empty() {
            shuffle(self.draw.as_mut_slice(), &mut self.rng);
            sink.emit(Event::Reshuffled {
                cards: self.draw.len() as u8,
            });
        }
    }

    fn deal_one<S: EventSink>(&mut self, sink: &mut S) -> Option<Value> {
        if self.draw.is_empty() {
            self.reshuffle_everything(sink);
        }
        self.draw.pop()
    }

    /// Deals 8 cards to each seat one at a time and turns one card onto
    /// each discard pile (R3, R12).
    fn deal(&mut self) {
        self.deal_with(&mut NoEvents);
    }

    fn deal_with<S: EventSink>(&mut self, sink: &mut S) {
        let n = self.options.players as usize;
        let piles = self.options.piles() as usize;
        let needed = n * HAND_SIZE + piles;
        if self.draw.len() >= needed {
            // Enough cards: deal straight off the top, one card at a time
            // around the table, then turn one onto each discard pile.
            let cards = self.draw.as_slice();
            let top = cards.len();
            let mut seat = 0;
            for &v in cards[top - n * HAND_SIZE..].iter().rev() {
                self.hands[seat].add(v);
                seat += 1;
                if seat == n {
                    seat = 0;
                }
            }
            let mut rest = top - n * HAND_SIZE;
            for p in 0..piles {
                rest -= 1;
                let v = self.draw.as_slice()[rest];
                self.discard[p].push(v);
            }
            self.draw.truncate(rest);
            self.phase = self.turn_phase(self.current);
            return;
        }
        'dealing: for _ in 0..HAND_SIZE {
            for s in 0..n {
                match self.deal_one(sink) {
                    Some(v) => self.hands[s].add(v),
                    None => break 'dealing,
                }
            }
        }
        for p in 0..self.options.piles() as usize {
            if let Some(v) = self.deal_one(sink) {
                self.discard[p].push(v);
            }
        }
        self.phase = self.turn_phase(self.current);
    }

    /// End of a normal turn: Mojo Time (R5.1), then the next seat (R8).
    #[inline(always)]
    fn end_turn<S: EventSink>(&mut self, sink: &mut S) {
        let seat = self.current;
        let s = seat as usize;
        let left = self.hands[s].len();
        if left >= 1 && left <= self.options.threshold() {
            let hand = self.hands[s];
            self.face_down[s].add_all(&hand);
            self.hands[s] = Cards::EMPTY;
            self.known[s] = Cards::EMPTY;
            self.log.push(Step::FaceDown {
                seat,
                count: left as u8,
            });
            sink.emit(Event::WentFaceDown {
                seat,
                count: left as u8,
            });
        }
        self.advance(sink);
    }

    #[inline]
    fn turn_phase(&self, seat: Seat) -> Phase {
        if self.face_down[seat as usize].is_empty() {
            Phase::Play
        } else {
            Phase::Reveal
        }
    }

    #[inline(always)]
    fn advance<S: EventSink>(&mut self, sink: &mut S) {
        let next = self.direction().next(self.current, self.options.players);
        self.current = next;
        self.phase = self.turn_phase(next);
        sink.emit(Event::TurnStarted {
            seat: next,
            phase: self.phase,
        });
    }

    fn reveal<S: EventSink>(&mut self, value: Value, sink: &mut S) {
        let seat = self.current;
        let s = seat as usize;
        self.face_down[s].remove(value);
        self.face_up[s].add(value);
        self.log.push(Step::Reveal { seat, value });
        sink.emit(Event::Revealed { seat, value });
        if self.face_down[s].is_empty() {
            self.end_round(RoundEnd::RevealedLast, sink);
        } else {
            self.advance(sink);
        }
    }

    /// R9 and R10: reveal everything, score, turn the Mojo card, and end the
    /// game if a total reached the target (R13).
    fn end_round<S: EventSink>(&mut self, reason: RoundEnd, sink: &mut S) {
        let holder = self.current;
        let n = self.options.players as usize;
        sink.emit(Event::RoundEnded { holder, reason });
        let mut points = [0u32; MAX_PLAYERS];
        let mut cards = [Cards::EMPTY; MAX_PLAYERS];
        for s in 0..n {
            if !self.face_down[s].is_empty() {
                let down = self.face_down[s];
                self.face_up[s].add_all(&down);
                self.face_down[s] = Cards::EMPTY;
                if S::ENABLED {
                    sink.emit(Event::FaceDownTurnedUp {
                        seat: s as Seat,
                        cards: down,
                    });
                }
            }
            let mut all = self.hands[s];
            all.add_all(&self.face_up[s]);
            cards[s] = all;
            points[s] = all.points();
        }
        let h = holder as usize;
        let lowest = (0..n).all(|s| points[h] <= points[s]);
        let mut scores = points;
        let face = if lowest {
            scores[h] = 0;
            Face::Zero
        } else {
            scores[h] = scores[h].saturating_add(10);
            Face::PlusTen
        };
        // Saturating: a restored game may carry totals near `u32::MAX`
        // (with a target as high); a full total still ends the game.
        for (total, score) in self.totals[..n].iter_mut().zip(&scores) {
            *total = total.saturating_add(*score);
        }
        let result = RoundResult {
            round: self.round,
            players: self.options.players,
            holder,
            reason,
            points,
            scores,
            totals: self.totals,
            cards,
            face,
        };
        self.last_round = Some(result);
        if S::ENABLED {
            sink.emit(Event::RoundScored {
                result: Box::new(result),
            });
        }
        if face != self.mojo {
            self.mojo = face;
            sink.emit(Event::MojoTurned { face });
        }
        if self.totals[..n].iter().any(|&t| t >= self.options.target) {
            let best = self.totals[..n].iter().copied().min().unwrap_or(0);
            self.winners = (0..n)
                .filter(|&s| self.totals[s] == best)
                .fold(0u8, |m, s| m | (1 << s));
            self.phase = Phase::GameOver;
            if S::ENABLED {
                sink.emit(Event::GameOver {
                    winners: self.winners(),
                });
            }
        } else {
            self.phase = Phase::RoundOver;
        }
    }

    /// The same game, keeping at each round's end the record of how each
    /// seat played (`SeatView::style`), which Hard's second inference reads
    /// (issue 36). Off unless asked: it costs about a millisecond a round.
    #[cfg(feature = "beliefs")]
    pub fn keeping_styles(mut self) -> Game {
        self.keep_styles = true;
        self
    }

    /// R12: gather the players' cards onto the first discard pile, deal a
    /// new round from the carried-over draw pile; the holder starts.
    fn next_round<S: EventSink>(&mut self, sink: &mut S) {
        let n = self.options.players as usize;
        for s in 0..n {
            let mut held = self.hands[s];
            held.add_all(&self.face_down[s]);
            held.add_all(&self.face_up[s]);
            if !self.discard[0].extend_from_cards(&held) {
                // Only a partial position could overflow a pile; the cards
                // then go to the draw pile so none is lost.
                self.draw.extend_from_cards(&held);
            }
            self.hands[s] = Cards::EMPTY;
            self.face_down[s] = Cards::EMPTY;
            self.face_up[s] = Cards::EMPTY;
            self.known[s] = Cards::EMPTY;
        }
        #[cfg(feature = "beliefs")]
        if let Some(r) = self.last_round.as_ref().filter(|_| self.keep_styles) {
            let tops = [self.discard[0].top(), self.discard[1].top()];
            let style =
                crate::style::round_style(&self.log, &self.options, tops, &r.cards, self.round);
            for (s, add) in self.styles.iter_mut().zip(style) {
                for (x, y) in s.iter_mut().zip(add) {
                    *x = x.saturating_add(y);
                }
            }
        }
        self.round = self.round.saturating_add(1);
        self.log.clear();
        self.deal_with(sink);
        sink.emit(Event::RoundDealt {
            round: self.round,
            starter: self.current,
        });
        sink.emit(Event::TurnStarted {
            seat: self.current,
            phase: self.phase,
        });
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

/// The serialised form of a [`Game`]: plain lists, checked when read back.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct GameData {
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
