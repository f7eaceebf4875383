//! A learned evaluation (issue 22): two small linear models fitted by
//! `mojo train` on positions of self-play games, whose weights are data
//! ([`super::learned_weights`], written by `mojo train`, committed).
//!
//! - **Round model**: a seat's round score (after the Mojo rule) predicted
//!   from a full (determinized) position in the middle of a round, by a
//!   linear least-squares fit on [`round_features`]. Used as the leaf of a
//!   rollout cut short ([`leaf_value`]).
//! - **Play model**: the chance that a player holding a hand plays each of
//!   its cards onto a top, a conditional logit over [`play_features`]
//!   fitted by maximum likelihood on Medium's plays (with its true hand).
//!   Used by Hard's inference in place of the hand-written soft-max of
//!   [`super::common::quick_play_score`] ([`play_log_prob`]).
//! - **Game model**: the seat's share of the victory predicted from the
//!   totals after a round has been scored, by a logistic regression on
//!   [`value_features`]. Used where Hard values a scored round
//!   ([`game_value`]).
//!
//! Every feature is computed from a [`Game`] that a bot holds: in Hard, a
//! game sampled from its own view. Nothing here reads the real game's
//! hidden cards.

use super::common::{keep_points, logistic, quick_play_score, weights, Eval};
use super::learned_weights::{GAME_WEIGHTS, PLAY_WEIGHTS, ROUND_WEIGHTS};

// The weights file knows nothing of this one (no import circle): their
// lengths are checked against the features here, when the engine builds.
const _: () = assert!(ROUND_WEIGHTS.len() == ROUND_FEATURES);
const _: () = assert!(GAME_WEIGHTS.len() == GAME_FEATURES);
const _: () = assert!(PLAY_WEIGHTS.len() == PLAY_FEATURES);
use crate::cards::{Cards, Value};
use crate::game::Game;
use crate::types::{Phase, Seat};

/// Number of features of the round model.
pub const ROUND_FEATURES: usize = 18;
/// Number of features of the game model.
pub const GAME_FEATURES: usize = 7;
/// Number of features of the play model.
pub const PLAY_FEATURES: usize = 8;

/// Share of the play model that is uniform, as in the hand-written one.
const PLAY_EPS: f64 = 0.05;

/// The evaluation the inference weighs a seat's plays with: a Mojo risk
/// that knows nothing of the other hands, and the fewest face-down cards
/// among the other seats (99: none).
pub(crate) fn infer_eval(threshold: usize, down_min: u8) -> Eval {
    let w = weights();
    let mut risk = [0.0; 41];
    for (p, x) in risk.iter_mut().enumerate() {
        *x = logistic((p as f64 - 6.0 - 0.5) * w.risk_slope);
    }
    Eval {
        threshold,
        risk,
        down_min,
        w,
    }
}

/// Features of playing `value` from `hand` onto a pile topped by `top`,
/// as the inference sees a play.
pub(crate) fn play_features_eval(
    eval: &Eval,
    hand: &Cards,
    value: Value,
    top: Option<Value>,
) -> [f64; PLAY_FEATURES] {
    let q = quick_play_score(eval, hand, value, top);
    let mut left = *hand;
    left.remove(value);
    let drop = f64::from(hand.points()) - f64::from(left.points());
    let (eq, hi) = match top {
        Some(t) => (
            if value == t { 1.0 } else { 0.0 },
            if value > t { 1.0 } else { 0.0 },
        ),
        None => (0.0, 0.0),
    };
    let dup = if hand.count(value) > 1 { 1.0 } else { 0.0 };
    let goes_down = if eq == 0.0 && hi == 0.0 && !left.is_empty() && left.len() <= eval.threshold {
        1.0
    } else {
        0.0
    };
    [
        q,
        f64::from(value) / 12.0,
        eq,
        hi,
        dup,
        drop / 12.0,
        goes_down,
        hi * f64::from(value) / 12.0,
    ]
}

/// [`play_features_eval`] for a hand of a seat that sees `down_min` as the
/// fewest face-down cards of the others (99: none), at a table of the given
/// `threshold`: what `mojo train` fits the play model on.
pub fn play_features(
    hand: &Cards,
    value: Value,
    top: Option<Value>,
    threshold: usize,
    down_min: u8,
) -> [f64; PLAY_FEATURES] {
    play_features_eval(&infer_eval(threshold, down_min), hand, value, top)
}

/// Log-probability that a player holding `hand` plays `value` onto `top`,
/// by the learned play model (with a small uniform share).
pub(crate) fn play_log_prob(eval: &Eval, hand: &Cards, value: Value, top: Option<Value>) -> f64 {
    let mut scores = [0.0f64; 13];
    let mut k = 0;
    let mut chosen = f64::NEG_INFINITY;
    for v in hand.distinct() {
        let f = play_features_eval(eval, hand, v, top);
        let mut z = 0.0;
        for (w, x) in PLAY_WEIGHTS.iter().zip(f.iter()) {
            z += w * x;
        }
        if v == value {
            chosen = z;
        }
        scores[k] = z;
        k += 1;
    }
    if !chosen.is_finite() {
        return f64::NEG_INFINITY;
    }
    let z: f64 = scores[..k].iter().map(|s| (s - chosen).exp()).sum();
    let p = (1.0 - PLAY_EPS) / z + PLAY_EPS / k.max(1) as f64;
    p.ln()
}

/// Features of seat `s` in a full position during a round (see the module
/// text). The first is the constant 1.
pub fn round_features(game: &Game, s: Seat) -> [f64; ROUND_FEATURES] {
    let n = game.players();
    let t = game.options().threshold();
    let hand = game.hand(s);
    let down = game.face_down(s);
    let up = game.face_up(s);
    let mut all = *hand;
    all.add_all(down);
    all.add_all(up);
    let pts = f64::from(all.points());
    let is_down = !down.is_empty() || !up.is_empty();
    let keep = if is_down {
        pts
    } else {
        f64::from(keep_points(hand, t))
    };
    let excess = if is_down {
        0.0
    } else {
        hand.len().saturating_sub(t) as f64
    };
    // The others: the fewest points any of them is heading for, the fewest
    // cards any of them still has to shed, who is face down.
    let mut best_opp = f64::INFINITY;
    let mut min_excess = f64::INFINITY;
    let mut n_down = 0.0;
    let mut min_down = 99usize;
    for o in 0..n {
        if o == s {
            continue;
        }
        let (h, d, u) = (game.hand(o), game.face_down(o), game.face_up(o));
        let o_down = !d.is_empty() || !u.is_empty();
        let proj = if o_down || h.is_empty() {
            let mut a = *h;
            a.add_all(d);
            a.add_all(u);
            f64::from(a.points())
        } else {
            f64::from(keep_points(h, t))
        };
        best_opp = best_opp.min(proj);
        let ex = if o_down {
            0.0
        } else {
            h.len().saturating_sub(t) as f64
        };
        min_excess = min_excess.min(ex);
        if o_down {
            n_down += 1.0;
            min_down = min_down.min(d.len());
        }
    }
    if !best_opp.is_finite() {
        best_opp = 0.0;
        min_excess = 0.0;
    }
    let others = f64::from(n.saturating_sub(1).max(1));
    let urgent = if min_down < 99 {
        1.0 / (1.0 + min_down as f64)
    } else {
        0.0
    };
    // Turns until `s` plays (0: `s` is to act).
    let dir = game.direction();
    let mut k = 0u8;
    let mut cur = game.current();
    while cur != s && k < n {
        cur = dir.next(cur, n);
        k += 1;
    }
    let wait = f64::from(k) / f64::from(n.max(1));
    let d = if is_down { 1.0 } else { 0.0 };
    let ahead = (keep - best_opp).max(0.0);
    [
        1.0,
        keep,
        pts - keep,
        excess,
        d,
        down.len() as f64,
        d * pts,
        best_opp,
        min_excess,
        n_down / others,
        urgent,
        urgent * (pts - keep),
        ahead,
        d * ahead,
        wait,
        game.draw_pile().len() as f64 / 78.0,
        if n == 2 { 1.0 } else { 0.0 },
        1.0 / f64::from(n.max(1)),
    ]
}

/// Predicted round score of seat `s` (lower is better).
pub fn predicted_round_score(game: &Game, s: Seat) -> f64 {
    let f = round_features(game, s);
    let mut y = 0.0;
    for (w, x) in ROUND_WEIGHTS.iter().zip(f.iter()) {
        y += w * x;
    }
    y.clamp(0.0, 60.0)
}

/// Features of seat `me` given every seat's total after a round (not the
/// game's end), `target` and the number of `players`.
pub fn value_features(totals: &[f64], me: usize, target: u32) -> [f64; GAME_FEATURES] {
    let n = totals.len().max(1);
    let mine = totals.get(me).copied().unwrap_or(0.0);
    let lead = totals.iter().copied().fold(0.0, f64::max);
    let left = (f64::from(target) - lead).max(0.0);
    let sigma = (left / 12.0 + 0.5).sqrt();
    let mut min_o = f64::INFINITY;
    let mut sum_o = 0.0;
    for (o, &t) in totals.iter().enumerate() {
        if o != me {
            min_o = min_o.min(t);
            sum_o += t;
        }
    }
    if !min_o.is_finite() {
        min_o = mine;
    }
    let mean_o = sum_o / (n.saturating_sub(1).max(1)) as f64;
    let prior = 1.0 / n as f64;
    [
        1.0,
        (prior / (1.0 - prior).max(1e-9)).ln(),
        (min_o - mine) / (5.0 * sigma),
        (mean_o - mine) / (5.0 * sigma),
        (min_o - mine) / 10.0,
        (mean_o - mine) / 10.0,
        1.0 / sigma,
    ]
}

/// The game model's chance that `me` wins, from totals after a round.
pub fn learned_value_of_totals(totals: &[f64], me: usize, target: u32) -> f64 {
    let f = value_features(totals, me, target);
    let mut z = 0.0;
    for (w, x) in GAME_WEIGHTS.iter().zip(f.iter()) {
        z += w * x;
    }
    logistic(z)
}

/// Like [`super::game_value`], with the learned game model for a game not
/// over: the value (0..1) for `me` of a game whose round was just scored.
pub fn game_value(game: &Game, me: Seat) -> f64 {
    if game.is_over() {
        return super::game_value(game, me);
    }
    let mut totals = [0.0; 8];
    let n = game.players() as usize;
    for (t, &v) in totals.iter_mut().zip(game.totals()) {
        *t = f64::from(v);
    }
    learned_value_of_totals(&totals[..n], me as usize, game.options().target)
}

/// The value for `me` of a position in the middle of a round (a rollout cut
/// short): each seat's total plus its predicted round score, valued by
/// `value` (the learned game model, or the hand-written one's logistic).
pub fn leaf_value(game: &Game, me: Seat, learned_game: bool) -> f64 {
    if matches!(game.phase(), Phase::RoundOver | Phase::GameOver) {
        return if learned_game {
            game_value(game, me)
        } else {
            super::game_value(game, me)
        };
    }
    let n = game.players() as usize;
    let mut totals = [0.0; 8];
    for (s, t) in totals.iter_mut().enumerate().take(n) {
        *t = f64::from(game.totals()[s]) + predicted_round_score(game, s as Seat);
    }
    let target = f64::from(game.options().target);
    let me_i = me as usize;
    if totals[..n].iter().any(|&t| t >= target) {
        // The game would end: the share of the lowest predicted totals,
        // softened.
        let mine = totals[me_i];
        let mut v = 1.0;
        for (o, &t) in totals[..n].iter().enumerate() {
            if o != me_i {
                v *= logistic((t - mine) / 3.0);
            }
        }
        return v;
    }
    if learned_game {
        learned_value_of_totals(&totals[..n], me_i, game.options().target)
    } else {
        let lead = totals[..n].iter().copied().fold(0.0, f64::max);
        let rounds = (target - lead).max(0.0) / 12.0 + 0.5;
        let scale = 5.0 * rounds.sqrt();
        let mine = totals[me_i];
        let mut v = 1.0;
        for (o, &t) in totals[..n].iter().enumerate() {
            if o != me_i {
                v *= logistic((t - mine) / scale);
            }
        }
        v
    }
}
