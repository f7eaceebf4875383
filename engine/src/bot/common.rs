//! What several bots share: budgets, the hand evaluation that knows the
//! scoring (R10) and the Mojo risk, the fast full-information policy the
//! search bots use inside their simulations, and the game-level value of a
//! scored round.

use rand::SeedableRng;

use crate::cards::{Cards, Value};
use crate::game::{ActionList, Game, GameRng};
use crate::types::{Action, DrawSource, Phase, Seat};

/// When a search stops: after `iterations` simulations or `millis`
/// milliseconds (if it has a clock), whichever comes first.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    pub iterations: u32,
    pub millis: f64,
}

impl Budget {
    /// Hard's default: p95 well under 100 ms per decision natively. With
    /// Medium's move as the default (see `hard`), more simulations let more
    /// real gains through: on one 800-game screen against 3 Medium, 35.8% at
    /// 700, 39.8% at 1,400, no better at 2,000 or 3,000 (2,000-game runs at
    /// 1,400: 36.0% on two seeds, 37.9% and 38.2% with the inference;
    /// BENCHMARKS.md).
    pub const HARD: Budget = Budget {
        iterations: 1400,
        millis: 80.0,
    };
    /// PIMC's default: the yardstick's simulations (Hard's old default).
    pub const PIMC: Budget = Budget {
        iterations: 700,
        millis: 80.0,
    };
}

/// A bot's own generator, seeded: the same seed gives the same choices.
pub(crate) fn bot_rng(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed ^ 0x6D6F_6A6F_5F62_6F74)
}

/// The value (0..1, higher is better for `me`) of a game whose round has
/// just been scored (or that is over). At game end: `me`'s share of the
/// victory. Otherwise an estimate of the chance to finish lowest: for each
/// opponent, a logistic in the gap between totals, whose scale grows with
/// the number of rounds likely left (the distance of the leader to the
/// target, at about 12 points a round), multiplied over opponents.
pub fn game_value(game: &Game, me: Seat) -> f64 {
    let totals = game.totals();
    let me_i = me as usize;
    if game.is_over() {
        let winners = game.winners();
        return if winners.contains(&me) {
            1.0 / winners.len() as f64
        } else {
            0.0
        };
    }
    let mine = f64::from(totals.get(me_i).copied().unwrap_or(0));
    let lead = totals.iter().copied().max().unwrap_or(0);
    let left = f64::from(game.options().target.saturating_sub(lead));
    let rounds = left / 12.0 + 0.5;
    let scale = 5.0 * rounds.sqrt();
    let mut v = 1.0;
    for (o, &t) in totals.iter().enumerate() {
        if o != me_i {
            v *= logistic((f64::from(t) - mine) / scale);
        }
    }
    v
}

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
/// `mojo tournament`; see BENCHMARKS.md).
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

/// Points an opponent is projected to end the round with, seen from a full
/// game (in a simulation, where every card is known).
#[inline]
pub(crate) fn projected(game: &Game, s: Seat, threshold: usize, per_card: f64) -> f64 {
    let down = game.face_down(s);
    let up = game.face_up(s);
    let hand = game.hand(s);
    if !down.is_empty() || hand.is_empty() {
        let mut all = *down;
        all.add_all(up);
        all.add_all(hand);
        f64::from(all.points())
    } else {
        f64::from(keep_points(hand, threshold))
            + per_card * hand.len().saturating_sub(threshold) as f64
    }
}

/// The evaluation for the seat to act in a full game (inside simulations).
fn eval_in_game(game: &Game) -> Eval {
    let me = game.current();
    let n = game.players();
    let threshold = game.options().threshold();
    let w = weights();
    let mut best = f64::INFINITY;
    let mut down_min = 99u8;
    for s in 0..n {
        if s == me {
            continue;
        }
        best = best.min(projected(game, s, threshold, w.proj_per_card));
        let d = game.face_down(s).len() as u8;
        if d > 0 {
            down_min = down_min.min(d);
        }
    }
    let mut risk = [0.0; 41];
    if best.fract() == 0.0 && (0.0..=RISK_SPAN as f64).contains(&best) {
        // Whole points (the usual case): the logistic by table.
        let table = risk_table(w.risk_slope);
        let b = best as usize;
        for (p, r) in risk.iter_mut().enumerate() {
            *r = table[p + RISK_SPAN - b];
        }
    } else {
        for (p, r) in risk.iter_mut().enumerate() {
            *r = logistic((p as f64 - best - 0.5) * w.risk_slope);
        }
    }
    Eval {
        threshold,
        risk,
        down_min,
        w,
    }
}

/// Largest projected points served by [`risk_table`].
const RISK_SPAN: usize = 120;

/// `logistic((k - 0.5) * slope)` for `k` in `-RISK_SPAN..=40`, at index
/// `k + RISK_SPAN`: the same numbers [`eval_in_game`] would compute, without
/// 41 exponentials per simulated decision.
fn risk_table(slope: f64) -> &'static [f64; RISK_SPAN + 41] {
    static TABLE: std::sync::OnceLock<(f64, [f64; RISK_SPAN + 41])> = std::sync::OnceLock::new();
    let (s, t) = TABLE.get_or_init(|| {
        let mut t = [0.0; RISK_SPAN + 41];
        for (i, x) in t.iter_mut().enumerate() {
            let k = i as f64 - RISK_SPAN as f64;
            *x = logistic((k - 0.5) * slope);
        }
        (slope, t)
    });
    debug_assert_eq!(*s, slope);
    t
}

/// The search bots' simulation policy: a Medium-like one-ply choice on a
/// full (sampled) game. Each card it may play is scored by the evaluation
/// of the hand left, a drawn card counted at its average cost; equal cards
/// are chained; the lowest face-down card is revealed; with two piles the
/// other pile's top is taken when it adds no points.
pub(crate) fn policy_action(game: &Game) -> Action {
    let s = game.current();
    match game.phase() {
        Phase::RoundOver | Phase::GameOver => Action::NextRound,
        Phase::Reveal => Action::Reveal(game.face_down(s).min().unwrap_or(0)),
        Phase::Draw { pile } => {
            let hand = *game.hand(s);
            let other = game.discard(1 - pile.min(1)).top();
            match other {
                Some(v) => {
                    let mut with = hand;
                    with.add(v);
                    if with.points() == hand.points() {
                        Action::Draw(DrawSource::Discard)
                    } else {
                        Action::Draw(DrawSource::Deck)
                    }
                }
                None => Action::Draw(DrawSource::Deck),
            }
        }
        Phase::Play | Phase::Continue { .. } => {
            let legal = game.legal_actions();
            let hand = *game.hand(s);
            if legal.len() == 1 {
                return legal.get(0).unwrap_or(Action::NextRound);
            }
            let eval = eval_in_game(game);
            let mut best = (f64::INFINITY, legal.get(0).unwrap_or(Action::NextRound));
            for a in legal.iter() {
                if let Action::Play { value, pile } = a {
                    let top = game.discard(pile).top();
                    let sc = quick_play_score(&eval, &hand, value, top);
                    if sc < best.0 {
                        best = (sc, a);
                    }
                }
            }
            best.1
        }
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

/// SplitMix64: derives well-mixed seeds from a counter.
#[inline]
pub fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The first legal action, or `NextRound` when there is none (not this
/// seat's turn): the bots' fallback, so they never panic.
pub(crate) fn fallback(legal: &ActionList) -> Action {
    legal.get(0).unwrap_or(Action::NextRound)
}
