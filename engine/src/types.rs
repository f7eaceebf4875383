//! The vocabulary of the game: options, phases, actions, events and errors.

use core::fmt;
use serde::{Deserialize, Serialize};

use crate::cards::{Cards, Value};

/// The most players a table seats (RULES R2).
pub const MAX_PLAYERS: usize = 8;
/// The fewest players (RULES R2).
pub const MIN_PLAYERS: usize = 2;
/// The default game target (RULES R13).
pub const DEFAULT_TARGET: u32 = 50;
/// Cards dealt to each player at the start of a round (RULES R3, R12).
pub const HAND_SIZE: usize = 8;

/// A seat number, 0..players.
pub type Seat = u8;

/// The Mojo card's face (RULES R1). The face also gives the direction of play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Face {
    /// Face 0: clockwise, seat order ascending.
    #[default]
    #[serde(rename = "0")]
    Zero,
    /// Face +10: counter-clockwise, seat order descending.
    #[serde(rename = "+10")]
    PlusTen,
}

impl Face {
    /// The direction this face's arrows give (RULES R1 decision).
    pub const fn direction(self) -> Direction {
        match self {
            Face::Zero => Direction::Clockwise,
            Face::PlusTen => Direction::Counterclockwise,
        }
    }

    /// As written on the card: "0" or "+10".
    pub const fn label(self) -> &'static str {
        match self {
            Face::Zero => "0",
            Face::PlusTen => "+10",
        }
    }
}

/// The direction of play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    Clockwise,
    Counterclockwise,
}

impl Direction {
    /// The seat after `seat` at a table of `players` (computed without a
    /// branch on the seat: turn order is hard to predict in simulations).
    #[inline]
    pub const fn next(self, seat: Seat, players: u8) -> Seat {
        let step = match self {
            Direction::Clockwise => 1,
            Direction::Counterclockwise => players - 1,
        };
        let s = seat + step;
        let wrapped = s.wrapping_sub(players);
        if s >= players {
            wrapped
        } else {
            s
        }
    }

    pub const fn label(self) -> &'static str {
        match self {
            Direction::Clockwise => "clockwise",
            Direction::Counterclockwise => "counterclockwise",
        }
    }
}

/// Who starts the first round (RULES R3.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FirstPlayer {
    /// A chosen seat.
    Seat(Seat),
    /// A seat drawn from the game's seed.
    Random,
}

impl Default for FirstPlayer {
    fn default() -> Self {
        FirstPlayer::Seat(0)
    }
}

/// The table's options, fixed for a whole game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// 2–8 (RULES R2).
    pub players: u8,
    /// The two-discard-piles variant (RULES R11).
    pub double_discard: bool,
    /// The total that ends the game (RULES R13), default 50.
    pub target: u32,
    /// Who starts the first round.
    pub first_player: FirstPlayer,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            players: 4,
            double_discard: false,
            target: DEFAULT_TARGET,
            first_player: FirstPlayer::default(),
        }
    }
}

impl Options {
    /// Options for `players` players with every other option at its default.
    pub fn players(players: u8) -> Options {
        Options {
            players,
            ..Options::default()
        }
    }

    /// How many discard piles this table uses.
    pub const fn piles(&self) -> u8 {
        if self.double_discard {
            2
        } else {
            1
        }
    }

    /// The Mojo Time threshold T (RULES R2, R6): 2 with two players, else 3.
    pub const fn threshold(&self) -> usize {
        if self.players == 2 {
            2
        } else {
            3
        }
    }

    /// Checks the options; the error says what is wrong.
    pub fn validate(&self) -> Result<(), SetupError> {
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&(self.players as usize)) {
            return Err(SetupError::Players(self.players));
        }
        if self.target == 0 {
            return Err(SetupError::Target);
        }
        if let FirstPlayer::Seat(s) = self.first_player {
            if s >= self.players {
                return Err(SetupError::FirstPlayer(s));
            }
        }
        Ok(())
    }
}

/// What the player to act must do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// The first card of a normal turn (RULES R4.1).
    Play,
    /// Must play again onto `pile` after an equal card (RULES R4.2).
    Continue { pile: u8 },
    /// Two piles: played a higher card on `pile`, must choose where to draw
    /// from (RULES R11.3).
    Draw { pile: u8 },
    /// Has face-down cards: must reveal one (RULES R5.2).
    Reveal,
    /// The round is scored; the next action deals the next round (RULES R12).
    RoundOver,
    /// A total reached the target (RULES R13).
    GameOver,
}

impl Phase {
    /// Whether a round is being played: a seat is to play, draw or reveal
    /// (not a scored round waiting for the next deal, not a game over).
    pub const fn in_round(self) -> bool {
        !matches!(self, Phase::RoundOver | Phase::GameOver)
    }

    /// The name used by the scenario format.
    pub const fn label(self) -> &'static str {
        match self {
            Phase::Play => "play",
            Phase::Continue { .. } => "continue",
            Phase::Draw { .. } => "draw",
            Phase::Reveal => "reveal",
            Phase::RoundOver => "round_over",
            Phase::GameOver => "game_over",
        }
    }
}

/// Where a two-pile player draws from (RULES R11.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DrawSource {
    /// The top of the draw pile.
    Deck,
    /// The top of the other discard pile.
    Discard,
}

/// Everything a player can do. Cards are named by value (RULES R1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Play a card of `value` onto discard pile `pile` (always 0 with one
    /// pile; in a chain, the pile of the turn's first card).
    Play { value: Value, pile: u8 },
    /// Two piles, after a higher card: choose where to draw from.
    Draw(DrawSource),
    /// Reveal one face-down card of this value.
    Reveal(Value),
    /// Deal the next round.
    NextRound,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Play { value, pile } => write!(f, "play {value} on pile {pile}"),
            Action::Draw(DrawSource::Deck) => f.write_str("draw from the deck"),
            Action::Draw(DrawSource::Discard) => f.write_str("take from the other pile"),
            Action::Reveal(v) => write!(f, "reveal {v}"),
            Action::NextRound => f.write_str("next round"),
        }
    }
}

/// Actions serialise in the scenario format: `{"play": 7, "pile": 0}`,
/// `{"draw": "deck"}`, `{"reveal": 4}`, `{"next_round": true}`.
#[derive(Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct ActionRepr {
    #[serde(skip_serializing_if = "Option::is_none")]
    play: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pile: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    draw: Option<DrawSource>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reveal: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    next_round: Option<bool>,
}

impl Serialize for Action {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let repr = match *self {
            Action::Play { value, pile } => ActionRepr {
                play: Some(value),
                pile: Some(pile),
                ..ActionRepr::default()
            },
            Action::Draw(src) => ActionRepr {
                draw: Some(src),
                ..ActionRepr::default()
            },
            Action::Reveal(v) => ActionRepr {
                reveal: Some(v),
                ..ActionRepr::default()
            },
            Action::NextRound => ActionRepr {
                next_round: Some(true),
                ..ActionRepr::default()
            },
        };
        repr.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Action {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let r = ActionRepr::deserialize(d)?;
        match (r.play, r.pile, r.draw, r.reveal, r.next_round) {
            (Some(value), pile, None, None, None) => Ok(Action::Play {
                value,
                pile: pile.unwrap_or(0),
            }),
            (None, None, Some(src), None, None) => Ok(Action::Draw(src)),
            (None, None, None, Some(v), None) => Ok(Action::Reveal(v)),
            (None, None, None, None, Some(true)) => Ok(Action::NextRound),
            _ => Err(D::Error::custom(
                "an action is one of {\"play\": V, \"pile\": P}, {\"draw\": \"deck\"|\"discard\"}, {\"reveal\": V}, {\"next_round\": true}",
            )),
        }
    }
}

/// How a played card compared with the card it covered (RULES R4.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Lower (or nothing covered): the turn ends.
    Lower,
    /// Equal: the player plays again.
    Equal,
    /// Higher: the player draws a card.
    Higher,
    /// It was the player's last card: the round ends (RULES R4.4).
    LastCard,
}

impl Outcome {
    /// What playing `value` on a pile whose top is `covered` does, when
    /// `left` cards stay in hand after it (RULES R4). The engine applies
    /// this; a screen uses it to say beforehand what a card will do.
    #[inline]
    pub fn of(value: Value, covered: Option<Value>, left: usize) -> Outcome {
        if left == 0 {
            return Outcome::LastCard;
        }
        match covered {
            Some(c) if value == c => Outcome::Equal,
            Some(c) if value > c => Outcome::Higher,
            // Lower, or a pile that was empty (only in partial positions):
            // nothing to beat, so the turn ends.
            _ => Outcome::Lower,
        }
    }
}

/// Why a round ended (RULES R9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoundEnd {
    /// The holder played their last card from hand.
    EmptiedHand,
    /// The holder revealed their last face-down card.
    RevealedLast,
}

/// How a seat played in a game's earlier rounds, per policy of the bots'
/// beliefs (`SeatView::style`): log-likelihoods in thousandths of a nat.
pub type Style = [i32; 4];

/// The score of one round (RULES R10), for every seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RoundResult {
    /// The round number, from 1.
    pub round: u32,
    pub players: u8,
    /// The Mojo holder: who ended the round.
    pub holder: Seat,
    pub reason: RoundEnd,
    /// Points before the Mojo rule, per seat (entries past `players` are 0).
    pub points: [u32; 8],
    /// Round scores after the Mojo rule.
    pub scores: [u32; 8],
    /// Totals after adding the scores.
    pub totals: [u32; 8],
    /// Per seat, every card they held at the end of the round.
    pub cards: [Cards; 8],
    /// The Mojo face after scoring: 0 if the holder was lowest (or tied),
    /// +10 otherwise.
    pub face: Face,
}

impl RoundResult {
    /// Whether the holder paid the +10 penalty.
    pub fn holder_penalised(&self) -> bool {
        self.face == Face::PlusTen
    }

    /// The seats scored: `players`, at most [`MAX_PLAYERS`] (a result read
    /// from outside may claim more; it never makes these panic).
    fn seats(&self) -> usize {
        (self.players as usize).min(MAX_PLAYERS)
    }

    pub fn points(&self) -> &[u32] {
        &self.points[..self.seats()]
    }
    pub fn scores(&self) -> &[u32] {
        &self.scores[..self.seats()]
    }
    pub fn totals(&self) -> &[u32] {
        &self.totals[..self.seats()]
    }

    /// The card that counts in each colour (blue…red) for `seat`: the
    /// per-colour breakdown of its points.
    pub fn breakdown(&self, seat: Seat) -> [Option<Value>; 5] {
        self.cards
            .get(seat as usize)
            .map_or([None; 5], Cards::breakdown)
    }
}

/// What happened, in order, as an action is applied: enough for a UI to
/// animate and a log to narrate.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "event")]
pub enum Event {
    /// `seat` played `value` on `pile`, covering `covered`.
    Played {
        seat: Seat,
        value: Value,
        pile: u8,
        covered: Option<Value>,
        outcome: Outcome,
    },
    /// `seat` drew a card. `card` is `None` in the events shown to other
    /// seats when it came from the deck (hidden, RULES R14).
    Drew {
        seat: Seat,
        source: DrawSource,
        card: Option<Value>,
    },
    /// A card was owed but none could be drawn (RULES R7).
    NothingToDraw { seat: Seat },
    /// The draw pile was rebuilt from `cards` discarded cards (RULES R7).
    Reshuffled { cards: u8 },
    /// A discard pile emptied by a draw got the other pile's top (R11.4).
    PileRefilled { pile: u8, value: Value },
    /// `seat` ended a turn with 1..T cards and put them face down (R5.1).
    WentFaceDown { seat: Seat, count: u8 },
    /// `seat` revealed a face-down card (R5.2).
    Revealed { seat: Seat, value: Value },
    /// It is `seat`'s turn.
    TurnStarted { seat: Seat, phase: Phase },
    /// The round ended; `holder` takes the Mojo card (R9).
    RoundEnded { holder: Seat, reason: RoundEnd },
    /// At the end of a round, `seat`'s face-down cards were turned up.
    FaceDownTurnedUp { seat: Seat, cards: Cards },
    /// The round was scored (R10).
    RoundScored { result: Box<RoundResult> },
    /// The Mojo card changed face (and so the direction, R12.3).
    MojoTurned { face: Face },
    /// A total reached the target; the lowest totals win (R13).
    GameOver { winners: Vec<Seat> },
    /// A new round was dealt; `starter` plays first (R12).
    RoundDealt { round: u32, starter: Seat },
    /// `seat` took back `value`, the card it had just played (the
    /// take-back house rule, [`Game::take_back`](crate::Game::take_back)).
    /// Not an event of an action: the app writes it in the game's log,
    /// where the play it undid no longer is, so that everyone at the table
    /// learns of it.
    TookBack { seat: Seat, value: Value },
}

/// **Take-back** (the house rule, `docs/RULES.md`): the card the action
/// whose events are `events` may have taken back, and whose it is: a card
/// played lower than or equal to the one it covered (or on an empty pile),
/// with what it caused by itself (the end of the turn, going face down), as
/// long as it showed no hidden card: no card drawn or revealed, the round
/// not over. The one answer to which card may be taken back: the table
/// asks it of its last action, a phone of the events it was sent, and
/// [`Game::take_back`](crate::Game::take_back) undoes exactly such a play
/// (`engine/tests/rules.rs` checks that the two agree on every play).
pub fn take_back_card(events: &[Event]) -> Option<(Seat, Value)> {
    let shows_more = events.iter().any(|e| {
        matches!(
            e,
            Event::Drew { .. }
                | Event::NothingToDraw { .. }
                | Event::Reshuffled { .. }
                | Event::Revealed { .. }
                | Event::RoundEnded { .. }
        )
    });
    match events.first() {
        Some(&Event::Played {
            seat,
            value,
            outcome: Outcome::Lower | Outcome::Equal,
            ..
        }) if !shows_more => Some((seat, value)),
        _ => None,
    }
}

impl Event {
    /// This event as `viewer` may see it (RULES R14): a card drawn from the
    /// deck by another seat is hidden.
    pub fn visible_to(&self, viewer: Seat) -> Event {
        match *self {
            Event::Drew {
                seat,
                source: DrawSource::Deck,
                card: Some(_),
            } if seat != viewer => Event::Drew {
                seat,
                source: DrawSource::Deck,
                card: None,
            },
            _ => self.clone(),
        }
    }
}

/// Where events go while an action is applied. Search code uses
/// [`NoEvents`], which compiles the reporting away.
pub trait EventSink {
    /// Whether events are wanted at all (lets the engine skip building them).
    const ENABLED: bool;
    fn emit(&mut self, event: Event);
}

impl EventSink for Vec<Event> {
    const ENABLED: bool = true;
    #[inline]
    fn emit(&mut self, event: Event) {
        self.push(event);
    }
}

/// Discards every event.
pub struct NoEvents;

impl EventSink for NoEvents {
    const ENABLED: bool = false;
    #[inline(always)]
    fn emit(&mut self, _event: Event) {}
}

/// Why an action was refused. The game is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "error")]
pub enum RuleError {
    /// The card is not in the player's hand.
    NotInHand { value: Value },
    /// The card is not among the player's face-down cards.
    NotFaceDown { value: Value },
    /// The table has no such discard pile.
    NoSuchPile { pile: u8 },
    /// A chain must continue on the pile it started on.
    WrongPile { expected: u8, got: u8 },
    /// The player has face-down cards and must reveal one.
    MustReveal,
    /// The player must play a card.
    MustPlay,
    /// The player must choose where to draw from.
    MustDraw,
    /// No card is owed (one pile draws by itself; two piles only after a
    /// higher card).
    NoDrawOwed,
    /// Nothing to reveal now.
    NoRevealNow,
    /// The round is still being played.
    RoundNotOver,
    /// The round is over: only the next round can be dealt.
    RoundIsOver,
    /// The game is over.
    GameIsOver,
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            RuleError::NotInHand { value } => write!(f, "there is no {value} in the hand"),
            RuleError::NotFaceDown { value } => {
                write!(f, "there is no {value} among the face-down cards")
            }
            RuleError::NoSuchPile { pile } => write!(f, "there is no discard pile {pile}"),
            RuleError::WrongPile { expected, got } => write!(
                f,
                "after an equal card the next card goes on the same pile ({expected}), not pile {got}"
            ),
            RuleError::MustReveal => {
                f.write_str("a player with face-down cards must reveal one instead of playing")
            }
            RuleError::MustPlay => f.write_str("the player must play a card from their hand"),
            RuleError::MustDraw => {
                f.write_str("the player must first choose where to draw a card from")
            }
            RuleError::NoDrawOwed => f.write_str("no card is to be drawn now"),
            RuleError::NoRevealNow => f.write_str("there is nothing to reveal now"),
            RuleError::RoundNotOver => f.write_str("the round is still being played"),
            RuleError::RoundIsOver => {
                f.write_str("the round is over: only the next round can be dealt")
            }
            RuleError::GameIsOver => f.write_str("the game is over"),
        }
    }
}

impl std::error::Error for RuleError {}

/// Why [`crate::Game::take_back`] refused: the last action may not be
/// taken back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TakeBackError {
    /// Nothing was played since the game was dealt, read back or last
    /// taken back (only the last card, once).
    NothingToTakeBack,
    /// The last action was a draw, a reveal or the next round.
    NotAPlay,
    /// The last card played did more than go down: a higher card draws one
    /// (or owes a draw, with two piles); a last card ends the round.
    ShowedMore(Outcome),
}

impl fmt::Display for TakeBackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TakeBackError::NothingToTakeBack => f.write_str("no card was just played"),
            TakeBackError::NotAPlay => f.write_str("the last action was not a card played"),
            TakeBackError::ShowedMore(Outcome::LastCard) => {
                f.write_str("the last card played ended the round")
            }
            TakeBackError::ShowedMore(_) => {
                f.write_str("the last card played was higher: a card is drawn for it")
            }
        }
    }
}

impl std::error::Error for TakeBackError {}

/// Why a game could not be set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SetupError {
    /// Players must be 2–8.
    Players(u8),
    /// The target must be at least 1.
    Target,
    /// The first player is not a seat.
    FirstPlayer(Seat),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SetupError::Players(n) => write!(f, "a game has 2 to 8 players, not {n}"),
            SetupError::Target => f.write_str("the target score must be at least 1"),
            SetupError::FirstPlayer(s) => write!(f, "the first player {s} is not a seat"),
        }
    }
}

impl std::error::Error for SetupError {}
