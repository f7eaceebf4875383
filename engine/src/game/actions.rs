//! What may be done in a position: the legal actions as one-byte codes
//! ([`ActionList`]), and the check of one action with the reason it is
//! refused ([`check_action`]), shared by [`Game`](super::Game) and
//! [`crate::PlayerView`] so that both agree exactly.

use crate::cards::Cards;
use crate::types::*;

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
pub(super) static POPCOUNT8: [u8; 256] = {
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
pub(super) fn nth_set_bit(mask: u16, k: u32) -> u8 {
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
