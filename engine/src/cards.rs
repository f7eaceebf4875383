//! Card values, colours, and the two containers the engine keeps cards in:
//! [`Cards`], an unordered multiset (a hand, a face-down row), and [`Pile`],
//! an ordered stack (the draw pile, a discard pile).
//!
//! Both are fixed-size and `Copy`, so cloning a whole game for search costs a
//! memcpy and no allocation.

use core::fmt;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A card value, 0–12. The colour follows from it (RULES R1).
pub type Value = u8;

/// The number of distinct card values.
pub const VALUES: usize = 13;

/// The highest card value.
pub const MAX_VALUE: Value = 12;

/// Copies of each value in the deck (RULES R1): 4 blue, 5 green, 6 yellow,
/// 7 orange, 8 red.
pub const COPIES: [u8; VALUES] = [4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8];

/// The number of number cards in the deck (the Mojo card is not one of them).
pub const DECK_SIZE: usize = 78;

/// The five colours. Each value belongs to exactly one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    Blue,
    Green,
    Yellow,
    Orange,
    Red,
}

impl Colour {
    /// All colours, in value order.
    pub const ALL: [Colour; 5] = [
        Colour::Blue,
        Colour::Green,
        Colour::Yellow,
        Colour::Orange,
        Colour::Red,
    ];

    /// The colour of a card value. Values above 12 are not cards; callers
    /// validate values at the edge (parsing), so this is total over 0..=12
    /// and maps anything larger to red.
    pub const fn of(value: Value) -> Colour {
        match value {
            0..=1 => Colour::Blue,
            2..=4 => Colour::Green,
            5..=7 => Colour::Yellow,
            8..=10 => Colour::Orange,
            _ => Colour::Red,
        }
    }

    /// The values of this colour, lowest to highest (inclusive bounds).
    pub const fn range(self) -> (Value, Value) {
        match self {
            Colour::Blue => (0, 1),
            Colour::Green => (2, 4),
            Colour::Yellow => (5, 7),
            Colour::Orange => (8, 10),
            Colour::Red => (11, 12),
        }
    }

    /// Index 0..5 in [`Colour::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The English name, as used in accessible names ("7 yellow").
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Blue => "blue",
            Colour::Green => "green",
            Colour::Yellow => "yellow",
            Colour::Orange => "orange",
            Colour::Red => "red",
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unordered multiset of card values: a count per value.
///
/// Equal values are interchangeable (RULES R1), so a hand is fully described
/// by how many of each value it holds. The 13 counts sit in 16 bytes (the
/// last three always zero) so that the size and the set of values present
/// are a few word operations, with no branch per value.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Cards {
    counts: [u8; 16],
}

const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
const ONES: u64 = 0x0101_0101_0101_0101;

/// Bit i set where byte i of `x` is nonzero (8 bytes → 8 bits).
#[inline(always)]
fn nonzero_bytes(x: u64) -> u16 {
    let high = (((x & LOW7).wrapping_add(LOW7)) | x) & !LOW7;
    ((high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u16
}

/// The sum of the 8 bytes of `x` (exact while it stays below 256).
#[inline(always)]
fn byte_sum(x: u64) -> u32 {
    (x.wrapping_mul(ONES) >> 56) as u32
}

impl Cards {
    /// No cards.
    pub const EMPTY: Cards = Cards { counts: [0; 16] };

    /// The full 78-card deck.
    pub const fn full_deck() -> Cards {
        let mut counts = [0u8; 16];
        let mut v = 0;
        while v < VALUES {
            counts[v] = COPIES[v];
            v += 1;
        }
        Cards { counts }
    }

    /// Cards from a list of values. Returns `None` if a value is above 12 or
    /// there are more than 255 cards.
    pub fn from_values(values: &[Value]) -> Option<Cards> {
        if values.len() > u8::MAX as usize {
            return None;
        }
        let mut cards = Cards::EMPTY;
        for &v in values {
            if v > MAX_VALUE {
                return None;
            }
            cards.add(v);
        }
        Some(cards)
    }

    /// Cards from a count per value. `None` if the total exceeds 255.
    pub fn from_counts(counts: [u8; VALUES]) -> Option<Cards> {
        let total: u32 = counts.iter().map(|&c| u32::from(c)).sum();
        if total > u32::from(u8::MAX) {
            return None;
        }
        let mut cards = Cards::EMPTY;
        cards.counts[..VALUES].copy_from_slice(&counts);
        Some(cards)
    }

    #[inline(always)]
    fn halves(&self) -> (u64, u64) {
        let x = u128::from_le_bytes(self.counts);
        (x as u64, (x >> 64) as u64)
    }

    /// How many cards.
    #[inline]
    pub fn len(&self) -> usize {
        let (lo, hi) = self.halves();
        (byte_sum(lo) + byte_sum(hi)) as usize
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        u128::from_le_bytes(self.counts) == 0
    }

    /// Bit v set for each value v held.
    #[inline]
    pub fn mask(&self) -> u16 {
        let (lo, hi) = self.halves();
        nonzero_bytes(lo) | (nonzero_bytes(hi) << 8)
    }

    /// How many cards of `value`. Values above 12 count 0.
    #[inline]
    pub fn count(&self, value: Value) -> u8 {
        self.counts.get(value as usize).copied().unwrap_or(0)
    }

    #[inline]
    pub fn contains(&self, value: Value) -> bool {
        self.count(value) > 0
    }

    /// The count per value.
    #[inline]
    pub fn counts(&self) -> &[u8; VALUES] {
        // The first 13 of the 16 bytes.
        self.counts.first_chunk::<VALUES>().unwrap_or(&[0; VALUES])
    }

    /// Adds one card. The caller guarantees `value <= 12` and that the
    /// total stays below 256.
    #[inline]
    pub fn add(&mut self, value: Value) {
        if let Some(c) = self.counts[..VALUES].get_mut(value as usize) {
            *c += 1;
        }
    }

    /// Removes one card of `value`; `false` (and no change) if there is none.
    #[inline]
    pub fn remove(&mut self, value: Value) -> bool {
        match self.counts[..VALUES].get_mut(value as usize) {
            Some(c) if *c > 0 => {
                *c -= 1;
                true
            }
            _ => false,
        }
    }

    /// Adds every card of `other`.
    pub fn add_all(&mut self, other: &Cards) {
        for (c, o) in self.counts.iter_mut().zip(other.counts.iter()) {
            *c += o;
        }
    }

    /// Removes every card of `other`, saturating at zero per value.
    pub fn remove_all(&mut self, other: &Cards) {
        for (c, o) in self.counts.iter_mut().zip(other.counts.iter()) {
            *c = c.saturating_sub(*o);
        }
    }

    /// Keeps, per value, at most as many as `limit` holds.
    pub fn clamp_to(&mut self, limit: &Cards) {
        for (c, l) in self.counts.iter_mut().zip(limit.counts.iter()) {
            *c = (*c).min(*l);
        }
    }

    /// Every card, in ascending order (repeats included).
    pub fn iter(&self) -> impl Iterator<Item = Value> + '_ {
        self.counts()
            .iter()
            .enumerate()
            .flat_map(|(v, &c)| core::iter::repeat_n(v as Value, c as usize))
    }

    /// The distinct values held, ascending.
    pub fn distinct(&self) -> impl Iterator<Item = Value> {
        let mut mask = self.mask();
        core::iter::from_fn(move || {
            if mask == 0 {
                return None;
            }
            let v = mask.trailing_zeros() as Value;
            mask &= mask - 1;
            Some(v)
        })
    }

    /// Every card as a sorted list.
    pub fn to_vec(&self) -> Vec<Value> {
        self.iter().collect()
    }

    /// The lowest value held.
    pub fn min(&self) -> Option<Value> {
        self.distinct().next()
    }

    /// The highest value held.
    pub fn max(&self) -> Option<Value> {
        (0..VALUES as Value)
            .rev()
            .find(|&v| self.counts[v as usize] > 0)
    }

    /// The highest value held in `colour`: the card that counts (RULES R10).
    #[inline]
    pub fn top_of(&self, colour: Colour) -> Option<Value> {
        let (lo, hi) = colour.range();
        let in_colour = self.mask() & (((1u16 << (hi + 1)) - 1) & !((1u16 << lo) - 1));
        (in_colour != 0).then(|| 15 - in_colour.leading_zeros() as Value)
    }

    /// Points (RULES R10.2): for each colour the highest value held, summed.
    /// Duplicates count once; a colour with no card adds nothing. By table:
    /// the search bots score hands millions of times.
    #[inline]
    pub fn points(&self) -> u32 {
        points_of_mask(self.mask())
    }

    /// The card that counts in each colour, in [`Colour::ALL`] order.
    pub fn breakdown(&self) -> [Option<Value>; 5] {
        Colour::ALL.map(|c| self.top_of(c))
    }
}

/// Points (RULES R10) of a set of values given as a mask (bit v: value v
/// held).
#[inline]
pub(crate) fn points_of_mask(mask: u16) -> u32 {
    u32::from(POINTS_BY_MASK[usize::from(mask & 0x1FFF)])
}

/// [`points_of_mask`] for every mask of the 13 values, computed at compile
/// time: in each colour's range the highest bit set counts.
static POINTS_BY_MASK: [u8; 1 << 13] = points_table();

const fn points_table() -> [u8; 1 << 13] {
    let mut table = [0u8; 1 << 13];
    let mut mask = 0;
    while mask < (1 << 13) {
        let mut sum = 0;
        let mut c = 0;
        while c < Colour::ALL.len() {
            let (lo, hi) = Colour::ALL[c].range();
            let mut v = hi + 1;
            while v > lo {
                v -= 1;
                if mask & (1 << v) != 0 {
                    sum += v;
                    break;
                }
            }
            c += 1;
        }
        table[mask] = sum;
        mask += 1;
    }
    table
}

impl fmt::Debug for Cards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Serialize for Cards {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Cards {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let values = Vec::<Value>::deserialize(d)?;
        Cards::from_values(&values).ok_or_else(|| {
            serde::de::Error::custom("a card list holds a value above 12 or more than 255 cards")
        })
    }
}

/// The most cards one pile can hold. A real game has 78 cards in all;
/// partial positions (scenarios) may hold a few more.
pub const PILE_CAPACITY: usize = 120;

/// An ordered stack of cards; the last card is the top.
#[derive(Clone, Copy)]
pub struct Pile {
    cards: [Value; PILE_CAPACITY],
    len: u8,
}

// Equality and hashing look at the cards only, not at the unused buffer.
impl PartialEq for Pile {
    fn eq(&self, other: &Pile) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Pile {}

impl core::hash::Hash for Pile {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl Default for Pile {
    fn default() -> Self {
        Pile::EMPTY
    }
}

impl Pile {
    pub const EMPTY: Pile = Pile {
        cards: [0; PILE_CAPACITY],
        len: 0,
    };

    /// A pile from values listed bottom first. `None` if a value is above 12
    /// or there are more than [`PILE_CAPACITY`] cards.
    pub fn from_bottom_first(values: &[Value]) -> Option<Pile> {
        if values.len() > PILE_CAPACITY || values.iter().any(|&v| v > MAX_VALUE) {
            return None;
        }
        let mut pile = Pile::EMPTY;
        pile.cards[..values.len()].copy_from_slice(values);
        pile.len = values.len() as u8;
        Some(pile)
    }

    /// A pile of exactly the given cards, bottom first (compile time).
    pub(crate) const fn from_array<const N: usize>(values: [Value; N]) -> Pile {
        assert!(N <= PILE_CAPACITY);
        let mut pile = Pile::EMPTY;
        let mut i = 0;
        while i < N {
            pile.cards[i] = values[i];
            i += 1;
        }
        pile.len = N as u8;
        pile
    }

    #[inline]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The top card.
    #[inline]
    pub fn top(&self) -> Option<Value> {
        self.as_slice().last().copied()
    }

    /// The cards, bottom first.
    #[inline]
    pub fn as_slice(&self) -> &[Value] {
        &self.cards[..self.len as usize]
    }

    /// Puts a card on top. Returns `false` (no change) if the pile is full,
    /// which cannot happen with the cards of one game.
    #[inline]
    pub fn push(&mut self, value: Value) -> bool {
        if self.len() == PILE_CAPACITY {
            return false;
        }
        self.cards[self.len as usize] = value;
        self.len += 1;
        true
    }

    /// Takes the top card.
    #[inline]
    pub fn pop(&mut self) -> Option<Value> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.cards[self.len as usize])
    }

    /// Puts `values` on top, in order. Returns `false` (no change) if they
    /// do not fit.
    #[inline]
    pub fn extend_from_slice(&mut self, values: &[Value]) -> bool {
        let start = self.len();
        let Some(slot) = self.cards.get_mut(start..start + values.len()) else {
            return false;
        };
        slot.copy_from_slice(values);
        self.len += values.len() as u8;
        true
    }

    /// Puts every card of `cards` on top, ascending. Returns `false` (no
    /// change) if they do not fit.
    pub fn extend_from_cards(&mut self, cards: &Cards) -> bool {
        let start = self.len();
        let n = cards.len();
        if start + n > PILE_CAPACITY {
            return false;
        }
        let counts = cards.counts();
        if counts.iter().all(|&c| c <= 8) {
            // Write 8 copies of each value and advance by its count: no
            // branch on the counts (a real game never holds more than 8 of
            // a value; the buffer has room for the overshoot).
            let mut buf = [0u8; PILE_CAPACITY + 8];
            let mut k = 0usize;
            for (v, &c) in counts.iter().enumerate() {
                buf[k..k + 8].fill(v as Value);
                k += c as usize;
            }
            self.cards[start..start + n].copy_from_slice(&buf[..n]);
        } else {
            let mut k = start;
            for (v, &c) in counts.iter().enumerate() {
                self.cards[k..k + c as usize].fill(v as Value);
                k += c as usize;
            }
        }
        self.len += n as u8;
        true
    }

    /// Keeps the bottom `len` cards.
    #[inline]
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len as u8);
    }

    /// Removes every card.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The cards as a multiset.
    pub fn to_cards(&self) -> Cards {
        let mut counts = [0u8; VALUES];
        for &v in self.as_slice() {
            counts[v as usize] = counts[v as usize].saturating_add(1);
        }
        // A pile holds at most 120 cards, so the total fits.
        Cards::from_counts(counts).unwrap_or_default()
    }

    /// Mutable access to the cards (bottom first), for shuffling in place.
    #[inline]
    pub(crate) fn as_mut_slice(&mut self) -> &mut [Value] {
        &mut self.cards[..self.len as usize]
    }
}

impl fmt::Debug for Pile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl Serialize for Pile {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Pile {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let values = Vec::<Value>::deserialize(d)?;
        Pile::from_bottom_first(&values).ok_or_else(|| {
            serde::de::Error::custom("a pile holds a value above 12 or more than 120 cards")
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r1_deck_has_78_cards_in_five_colours() {
        let deck = Cards::full_deck();
        assert_eq!(deck.len(), 78);
        assert_eq!(deck.iter().count(), 78);
        let per_colour = Colour::ALL.map(|c| {
            let (lo, hi) = c.range();
            (lo..=hi).map(|v| deck.count(v) as usize).sum::<usize>()
        });
        assert_eq!(per_colour, [8, 15, 18, 21, 16]);
        for v in 0..=MAX_VALUE {
            let (lo, hi) = Colour::of(v).range();
            assert!(lo <= v && v <= hi);
        }
    }

    #[test]
    fn r10_points_examples_from_the_rules() {
        let p = |vs: &[Value]| Cards::from_values(vs).unwrap().points();
        assert_eq!(p(&[9, 1]), 10);
        assert_eq!(p(&[0, 4]), 4);
        assert_eq!(p(&[10, 11, 3]), 24);
        assert_eq!(p(&[6, 6, 5]), 6);
        assert_eq!(p(&[]), 0);
        assert_eq!(p(&[0]), 0);
        assert_eq!(p(&[12, 11, 10, 8, 7, 5, 4, 2, 1, 0]), 12 + 10 + 7 + 4 + 1);
    }

    #[test]
    fn cards_add_remove_and_order() {
        let mut c = Cards::from_values(&[5, 1, 5, 12]).unwrap();
        assert_eq!(c.to_vec(), vec![1, 5, 5, 12]);
        assert!(c.remove(5));
        assert!(!c.remove(7));
        assert!(!c.remove(200));
        assert_eq!(c.len(), 3);
        assert_eq!(c.distinct().collect::<Vec<_>>(), vec![1, 5, 12]);
        assert_eq!((c.min(), c.max()), (Some(1), Some(12)));
        assert!(Cards::from_values(&[13]).is_none());
    }

    #[test]
    fn extend_from_cards_puts_cards_on_top_ascending() {
        let mut p = Pile::from_bottom_first(&[5]).unwrap();
        assert!(p.extend_from_cards(&Cards::from_values(&[12, 0, 3, 3, 12]).unwrap()));
        assert_eq!(p.as_slice(), &[5, 0, 3, 3, 12, 12]);
        let many = Cards::from_values(&[7; 20]).unwrap();
        assert!(p.extend_from_cards(&many));
        assert_eq!(p.len(), 26);
        assert!(p.as_slice()[6..].iter().all(|&v| v == 7));
        let mut full = Pile::from_bottom_first(&[1; PILE_CAPACITY - 1]).unwrap();
        assert!(!full.extend_from_cards(&Cards::from_values(&[2, 2]).unwrap()));
        assert_eq!(full.len(), PILE_CAPACITY - 1);
    }

    #[test]
    fn piles_compare_by_their_cards_only() {
        let mut a = Pile::from_bottom_first(&[3, 4]).unwrap();
        assert_eq!(a.pop(), Some(4));
        assert_eq!(a, Pile::from_bottom_first(&[3]).unwrap());
    }

    #[test]
    fn pile_is_a_stack() {
        let mut p = Pile::from_bottom_first(&[3, 4, 6]).unwrap();
        assert_eq!(p.top(), Some(6));
        assert!(p.push(9));
        assert_eq!(p.pop(), Some(9));
        assert_eq!(p.as_slice(), &[3, 4, 6]);
        assert!(Pile::from_bottom_first(&[13]).is_none());
        assert!(Pile::from_bottom_first(&[0; PILE_CAPACITY + 1]).is_none());
    }

    #[test]
    fn serde_round_trips_and_refuses_bad_values() {
        let c = Cards::from_values(&[0, 12, 12]).unwrap();
        let s = serde_json::to_string(&c).unwrap();
        assert_eq!(s, "[0,12,12]");
        assert_eq!(serde_json::from_str::<Cards>(&s).unwrap(), c);
        assert!(serde_json::from_str::<Cards>("[13]").is_err());
        assert!(serde_json::from_str::<Pile>("[1,99]").is_err());
    }
}
