//! A hand's value as the bots weigh it (the scoring, R10, and the Mojo
//! risk), and the one-ply scores of a play that Medium, Greedy and the
//! bots' beliefs about the others share. Below the game: the game's
//! record of how each seat plays ([`crate::style`]) is scored with it.

use crate::cards::{Cards, Value};

#[inline]
pub(crate) fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Points (R10) of the `keep` lowest cards of `hand`: roughly the hand a
/// player will end up putting face down, since they shed their high cards.
#[inline]
pub(crate) fn keep_points(hand: &Cards, keep: usize) -> u32 {
    let mut mask = 0u16;
    let mut left = keep;
    for (v, &c) in hand.counts().iter().enumerate() {
        if left == 0 {
            break;
        }
        if c > 0 {
            mask |= 1 << v;
            left = left.saturating_sub(c as usize);
        }
    }
    crate::cards::points_of_mask(mask)
}

/// The tunable weights of the hand evaluation.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Weights {
    /// Cost of each card above the threshold (turns still needed).
    pub per_card: f64,
    /// Share of the points above the kept cards that still counts, when no
    /// opponent is about to end the round.
    pub excess: f64,
    /// Chance that whoever goes face down first also ends the round.
    pub end_first: f64,
    /// Steepness of the Mojo risk in the points gap.
    pub risk_slope: f64,
    /// Points added to an opponent's projection per card still to shed.
    pub proj_per_card: f64,
    /// Tempo: going face down early also hurries the others.
    pub down_bonus: f64,
    /// Bonus per value of the card a turn ends on: of two plays that leave
    /// equally good hands, shed the higher card (the points of a high card
    /// still in hand count if the round ends sooner than expected).
    pub shed: f64,
}

pub(crate) const WEIGHTS: Weights = Weights {
    per_card: 2.0,
    excess: 0.1,
    end_first: 0.85,
    risk_slope: 1.5,
    proj_per_card: 0.0,
    down_bonus: -4.0,
    shed: 0.3,
};

/// The weights in use (tuned against `greedy` and `medium` with
/// `mojo tournament`: `docs/history/benchmarks-2026-11-to-12.md`, "First
/// pass" and "Second pass").
pub(crate) fn weights() -> Weights {
    WEIGHTS
}

/// What a seat knows when it weighs its own hands at the end of its turn:
/// the threshold, the Mojo risk per points value, and how soon an opponent
/// who is face down will end the round.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Eval {
    pub threshold: usize,
    /// `risk[p]`: chance that some opponent ends the round with fewer
    /// points than `p` (then the holder pays +10).
    pub risk: [f64; 41],
    /// Fewest face-down cards among opponents in Mojo Time (99: none).
    pub down_min: u8,
    pub w: Weights,
}

impl Eval {
    /// Expected own round score (lower is better) of ending a turn holding
    /// `hand`.
    pub fn leaf(&self, hand: &Cards) -> f64 {
        let len = hand.len();
        if len == 0 {
            return 0.0;
        }
        let p = hand.points();
        if len <= self.threshold {
            return self.down(p, len);
        }
        let keep = keep_points(hand, self.threshold);
        let urgency = match self.down_min {
            0 | 1 => 1.0,
            2 => 0.6,
            3 => 0.4,
            _ => self.w.excess,
        };
        f64::from(keep)
            + self.w.per_card * (len - self.threshold) as f64
            + urgency * f64::from(p - keep)
    }

    /// Expected round score of going face down with `k` cards worth `p`.
    pub fn down(&self, p: u32, k: usize) -> f64 {
        let pe = match (k as u8).cmp(&self.down_min) {
            core::cmp::Ordering::Less => self.w.end_first,
            core::cmp::Ordering::Equal => 0.5,
            core::cmp::Ordering::Greater => 0.1,
        };
        let p = p.min(40);
        let r = self.risk[p as usize];
        let pf = f64::from(p);
        pe * r * (pf + 10.0) + (1.0 - pe) * pf - self.w.down_bonus
    }
}

/// One-ply score of playing `value` on a pile topped by `top` (lower is
/// better): the evaluation of the hand left, with an equal card's chain
/// followed one card further and a drawn card averaged over the deck's make-up.
#[inline]
pub(crate) fn quick_play_score(eval: &Eval, hand: &Cards, value: Value, top: Option<Value>) -> f64 {
    let mut left = *hand;
    left.remove(value);
    if left.is_empty() {
        return -5.0;
    }
    // Ending the turn on a high card sheds it (see `Weights::shed`).
    let g = -eval.w.shed;
    match top {
        Some(c) if value == c => {
            // Plays again: the best next card is at least one free shed.
            let mut best = f64::INFINITY;
            for v in left.distinct() {
                let mut l2 = left;
                l2.remove(v);
                let sc = if l2.is_empty() {
                    -5.0
                } else if v > value {
                    eval.expect_draw(&l2) + g * f64::from(v)
                } else if v == value {
                    eval.leaf(&l2) - 1.0 + g * f64::from(v)
                } else {
                    eval.leaf(&l2) + g * f64::from(v)
                };
                best = best.min(sc);
            }
            best
        }
        Some(c) if value > c => {
            // The hand keeps its size: a higher card is shed, a random one
            // drawn. The drawn card may add points: count its average.
            eval.expect_draw(&left) + g * f64::from(value)
        }
        _ => eval.leaf(&left) + g * f64::from(value),
    }
}

impl Eval {
    /// Expected [`Eval::leaf`] of `hand` plus a card drawn from a deck of
    /// the usual make-up (R1 copies): cheap enough for simulations.
    pub fn expect_draw(&self, hand: &Cards) -> f64 {
        let mut sum = 0.0;
        for (v, &c) in crate::cards::COPIES.iter().enumerate() {
            let mut h = *hand;
            h.add(v as Value);
            sum += f64::from(c) * self.leaf(&h);
        }
        sum / crate::cards::DECK_SIZE as f64
    }
}

/// Greedy's score of playing `value` from `hand` onto a pile whose top is
/// `top` (lower is better).
pub fn greedy_score(hand: &Cards, value: Value, top: Option<Value>) -> i32 {
    let mut left = *hand;
    left.remove(value);
    let mut score = left.points() as i32;
    if left.is_empty() {
        return score - 100;
    }
    match top {
        Some(t) if value == t => score -= 8,
        Some(t) if value > t => score += 4,
        _ => {}
    }
    score
}

/// A Mojo risk that knows nothing of the other hands.
pub(crate) fn rough_risk() -> [f64; 41] {
    let mut r = [0.0; 41];
    for (p, x) in r.iter_mut().enumerate() {
        *x = logistic((p as f64 - 6.0 - 0.5) * weights().risk_slope);
    }
    r
}
