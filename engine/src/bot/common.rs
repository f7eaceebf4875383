//! What several bots share: budgets, the hand evaluation that knows the
//! scoring (R10) and the Mojo risk (from [`crate::eval`], which the game's
//! record of how each seat plays also uses), the fast full-information
//! policy the search bots use inside their simulations, and the game-level
//! value of a scored round.

use rand::SeedableRng;

pub(crate) use crate::eval::{keep_points, logistic, quick_play_score, weights, Eval};
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
    /// 1,400: 36.0% on two seeds, 37.9% and 38.2% with the inference:
    /// `docs/history/benchmarks-2026-11-to-12.md`, "Second pass" and
    /// "Issue 15").
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
pub(crate) fn eval_in_game(game: &Game) -> Eval {
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
