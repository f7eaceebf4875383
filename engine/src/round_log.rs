//! The public steps of the current round (RULES R14: everything here was
//! seen by every seat): each card played and the card it covered, each
//! draw (its card only when it came from a discard pile), each seat going
//! face down and each card revealed. A deck draw is logged without its
//! card, whoever drew it, so the log is the same for every seat.
//!
//! [`crate::Game`] keeps it and [`crate::PlayerView`] shows it, so a bot
//! that reasons about what the others did (Hard's inference) needs nothing
//! but the view. It is stored inline (no allocation) because search copies
//! games by the thousand; a round longer than [`RoundLog::CAPACITY`] steps
//! keeps its latest steps.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::cards::{Value, MAX_VALUE};
use crate::types::{Seat, MAX_PLAYERS};

/// One public step of a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// `seat` played `value` on `pile`, covering `covered`.
    Play {
        seat: Seat,
        value: Value,
        pile: u8,
        covered: Option<Value>,
    },
    /// `seat` drew a card: `card` only when it came from a discard pile.
    Draw { seat: Seat, card: Option<Value> },
    /// `seat` put `count` cards face down.
    FaceDown { seat: Seat, count: u8 },
    /// `seat` revealed `value`.
    Reveal { seat: Seat, value: Value },
}

const NONE: u16 = 15;

impl Step {
    /// Whether every field is in range (seats below 8, card values 0..12,
    /// piles 0..1, counts below 16).
    fn is_valid(self) -> bool {
        let card = |v: Value| v <= MAX_VALUE;
        let seat = |s: Seat| (s as usize) < MAX_PLAYERS;
        match self {
            Step::Play {
                seat: s,
                value,
                pile,
                covered,
            } => seat(s) && card(value) && pile < 2 && covered.is_none_or(card),
            Step::Draw { seat: s, card: c } => seat(s) && c.is_none_or(card),
            Step::FaceDown { seat: s, count } => seat(s) && count < 15,
            Step::Reveal { seat: s, value } => seat(s) && card(value),
        }
    }

    /// Two bytes: kind, seat and up to three small fields.
    fn encode(self) -> u16 {
        let opt = |v: Option<Value>| v.map_or(NONE, u16::from);
        match self {
            Step::Play {
                seat,
                value,
                pile,
                covered,
            } => {
                u16::from(seat) << 2
                    | u16::from(value) << 5
                    | u16::from(pile & 1) << 9
                    | opt(covered) << 10
            }
            Step::Draw { seat, card } => 1 | u16::from(seat) << 2 | opt(card) << 5,
            Step::FaceDown { seat, count } => 2 | u16::from(seat) << 2 | u16::from(count) << 5,
            Step::Reveal { seat, value } => 3 | u16::from(seat) << 2 | u16::from(value) << 5,
        }
    }

    fn decode(code: u16) -> Step {
        let seat = ((code >> 2) & 7) as Seat;
        let a = ((code >> 5) & 15) as Value;
        let opt = |v: u16| (v != NONE).then_some(v as Value);
        match code & 3 {
            0 => Step::Play {
                seat,
                value: a,
                pile: ((code >> 9) & 1) as u8,
                covered: opt((code >> 10) & 15),
            },
            1 => Step::Draw {
                seat,
                card: opt((code >> 5) & 15),
            },
            2 => Step::FaceDown { seat, count: a },
            _ => Step::Reveal { seat, value: a },
        }
    }
}

/// The public steps of the current round, oldest first. Two logs are equal
/// when they hold the same steps (what lies past the end does not count).
#[derive(Clone, Copy)]
pub struct RoundLog {
    codes: [u16; RoundLog::CAPACITY],
    len: u8,
}

impl PartialEq for RoundLog {
    fn eq(&self, other: &RoundLog) -> bool {
        self.codes[..self.len()] == other.codes[..other.len()]
    }
}

impl Eq for RoundLog {}

impl core::hash::Hash for RoundLog {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.codes[..self.len()].hash(state);
    }
}

impl Default for RoundLog {
    fn default() -> RoundLog {
        RoundLog::EMPTY
    }
}

impl RoundLog {
    /// Steps kept (a 4-player round of Medium bots takes about 40, an
    /// 8-player one about 80).
    pub const CAPACITY: usize = 128;
    /// Steps a full log drops before it takes another (the oldest quarter).
    const DROP: usize = Self::CAPACITY / 4;

    pub const EMPTY: RoundLog = RoundLog {
        codes: [0; RoundLog::CAPACITY],
        len: 0,
    };

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The steps, oldest first.
    pub fn steps(&self) -> impl DoubleEndedIterator<Item = Step> + '_ {
        self.codes[..self.len()].iter().map(|&c| Step::decode(c))
    }

    /// Adds a step; when full, the oldest quarter is dropped first. A step
    /// with a field out of range is not logged.
    pub fn push(&mut self, step: Step) {
        if !step.is_valid() {
            return;
        }
        if self.len() == Self::CAPACITY {
            self.codes.copy_within(Self::DROP.., 0);
            self.len -= Self::DROP as u8;
        }
        self.codes[self.len()] = step.encode();
        self.len += 1;
    }

    /// Forgets every step (a new round).
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Notes in `mark` what [`RoundLog::rewind`] needs to bring the log
    /// back to this point after up to two more [`RoundLog::push`]es (a
    /// play and a seat going face down): its length, and, when those
    /// pushes could fill it, the oldest quarter that a full log drops.
    /// A few stores, except on the rare play near a full log.
    #[inline(always)]
    pub(crate) fn mark(&self, mark: &mut LogMark) {
        mark.len = self.len;
        if self.len() >= Self::CAPACITY - 1 {
            mark.head.copy_from_slice(&self.codes[..Self::DROP]);
        }
    }

    /// Brings the log back to the point `mark` noted (after at most two
    /// pushes since): the same steps, those a full log dropped included.
    pub(crate) fn rewind(&mut self, mark: &LogMark) {
        let len = mark.len as usize;
        if self.len() < len {
            // A push found the log full: it dropped the oldest quarter, so
            // what was `codes[DROP..len]` now starts at 0.
            self.codes.copy_within(..len - Self::DROP, Self::DROP);
            self.codes[..Self::DROP].copy_from_slice(&mark.head);
        }
        self.len = mark.len;
    }
}

/// A point of a [`RoundLog`] to come back to ([`RoundLog::mark`],
/// [`RoundLog::rewind`]): what a take-back of the last play needs.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct LogMark {
    len: u8,
    /// The oldest quarter, when the log was within two steps of full.
    head: [u16; RoundLog::DROP],
}

impl LogMark {
    pub(crate) const EMPTY: LogMark = LogMark {
        len: 0,
        head: [0; RoundLog::DROP],
    };
}

impl core::fmt::Debug for RoundLog {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.steps()).finish()
    }
}

impl Serialize for RoundLog {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.steps())
    }
}

impl<'de> Deserialize<'de> for RoundLog {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<RoundLog, D::Error> {
        use serde::de::Error;
        let steps = Vec::<Step>::deserialize(d)?;
        if steps.len() > Self::CAPACITY {
            return Err(D::Error::custom(format!(
                "a round log holds at most {} steps",
                Self::CAPACITY
            )));
        }
        let mut log = RoundLog::EMPTY;
        for step in steps {
            if !step.is_valid() {
                return Err(D::Error::custom(format!(
                    "{step:?} is not a step of a game"
                )));
            }
            log.push(step);
        }
        Ok(log)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_round_trip_through_their_codes() {
        let mut log = RoundLog::EMPTY;
        let mut all = Vec::new();
        for seat in 0..8u8 {
            for v in 0..=12u8 {
                for covered in [None, Some(0), Some(12)] {
                    all.push(Step::Play {
                        seat,
                        value: v,
                        pile: v & 1,
                        covered,
                    });
                }
                all.push(Step::Draw {
                    seat,
                    card: (v < 12).then_some(v),
                });
                all.push(Step::FaceDown { seat, count: v });
                all.push(Step::Reveal { seat, value: v });
            }
        }
        for &s in &all {
            assert_eq!(Step::decode(s.encode()), s);
        }
        for &s in all.iter().take(RoundLog::CAPACITY) {
            log.push(s);
        }
        let back: Vec<Step> = log.steps().collect();
        assert_eq!(back, all[..RoundLog::CAPACITY]);
        // Full: the oldest quarter goes.
        log.push(all[RoundLog::CAPACITY]);
        assert_eq!(log.len(), RoundLog::CAPACITY * 3 / 4 + 1);
        assert_eq!(log.steps().next(), Some(all[RoundLog::CAPACITY / 4]));
        assert_eq!(log.steps().last(), Some(all[RoundLog::CAPACITY]));
        let text = serde_json::to_string(&log).unwrap();
        assert_eq!(serde_json::from_str::<RoundLog>(&text).unwrap(), log);
        assert!(serde_json::from_str::<RoundLog>(r#"[{"reveal":{"seat":1,"value":13}}]"#).is_err());
    }

    /// A take-back's rewind: up to two steps pushed after a mark go, and
    /// the oldest quarter a full log dropped for them comes back.
    #[test]
    fn a_rewind_brings_back_the_steps_a_full_log_dropped() {
        let step = |i: usize| Step::Reveal {
            seat: (i % 8) as Seat,
            value: (i % 13) as Value,
        };
        for len in (0..=8).chain(RoundLog::CAPACITY - 8..=RoundLog::CAPACITY) {
            for pushes in 0..=2 {
                let mut log = RoundLog::EMPTY;
                for i in 0..len {
                    log.push(step(i));
                }
                let before = log;
                let mut mark = LogMark::EMPTY;
                log.mark(&mut mark);
                for i in 0..pushes {
                    log.push(Step::FaceDown {
                        seat: 1,
                        count: i as u8 + 1,
                    });
                }
                log.rewind(&mark);
                assert_eq!(log, before, "{len} steps, {pushes} pushed");
                assert_eq!(
                    log.steps().collect::<Vec<_>>(),
                    before.steps().collect::<Vec<_>>()
                );
            }
        }
    }
}
