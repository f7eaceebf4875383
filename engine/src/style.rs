//! How a seat plays, read from its public steps (issue 36): the
//! likelihood of a round's steps under each policy the bots' beliefs weigh
//! ([`POLICIES`]), given the seat's cards. The bots' beliefs (`bot::belief`)
//! use it for the hands they guess; the game uses it at each round's end, when
//! every card is shown, to keep a public record of how each seat played
//! ([`round_style`], `SeatView::style`).

use rand::{Rng, SeedableRng};

use crate::cards::{Cards, Value};
use crate::eval::{greedy_score, logistic, quick_play_score, rough_risk, weights, Eval};
use crate::rng::GameRng;
use crate::round_log::{RoundLog, Step};
use crate::types::{Options, MAX_PLAYERS};

/// The policies of the mixture, in the order of [`Mixture`]'s weights.
pub const POLICIES: [&str; 4] = ["medium", "hard", "easy", "greedy"];
pub(crate) const MEDIUM: usize = 0;
pub(crate) const HARD: usize = 1;
pub(crate) const EASY: usize = 2;
pub(crate) const GREEDY: usize = 3;
pub(crate) const P: usize = POLICIES.len();

/// Softmax temperatures of Medium's quick score for `medium` and `hard`.
const TAU: [f64; 2] = [0.3, 1.5];
/// Temperatures of the draw choice (the other pile's card against the
/// deck's expected card) for `medium` and `hard`.
const TAU_DRAW: [f64; 2] = [0.5, 2.0];
/// Share of uniform noise in every policy.
const EPS: f64 = 0.05;
/// `easy` plays a random legal action one time in five.
const EASY_CARELESS: f64 = 0.2;

/// A seat's weights over [`POLICIES`].
pub type Mixture = [f64; P];

/// One card played: its value, the pile, both piles' tops before it, and
/// whether it was free (the turn's first card: any pile) or forced onto the
/// same pile after an equal card.
#[derive(Clone, Copy, Debug)]
struct Play {
    value: Value,
    pile: u8,
    tops: [Option<Value>; 2],
    free: bool,
}

/// One turn of a seat that played.
#[derive(Clone, Debug, Default)]
pub(crate) struct Turn {
    plays: Vec<Play>,
    /// `Some(None)`: drew from the deck; `Some(Some(v))`: took `v` from the
    /// other pile.
    drew: Option<Option<Value>>,
    /// The other pile's top when it drew, if it could have taken it.
    other: Option<Value>,
    /// Fewest face-down cards among the other seats then (99: none).
    down_min: u8,
    ended: bool,
}

/// A seat's public steps this round.
#[derive(Clone, Debug, Default)]
pub(crate) struct Steps {
    pub(crate) turns: Vec<Turn>,
    evals: Vec<Eval>,
    /// Values revealed, in order.
    reveals: Vec<Value>,
}

/// Reads a round's log into each seat's steps, with both piles' tops at
/// every play (a top taken by a draw is read back from the next card
/// played on that pile, or from `tops`, the piles' tops after the log).
pub(crate) fn read_steps(
    log: &RoundLog,
    options: &Options,
    tops_now: [Option<Value>; 2],
) -> [Steps; MAX_PLAYERS] {
    let n = options.players as usize;
    let piles = options.piles().min(2) as usize;
    let steps: Vec<Step> = log.steps().collect();
    // The top of pile `p` from step `i` on, as far as later steps tell.
    let top_from = |p: usize, i: usize| -> Option<Value> {
        for s in &steps[i..] {
            if let Step::Play { pile, covered, .. } = *s {
                if pile as usize == p {
                    return covered;
                }
            }
        }
        tops_now[p]
    };
    let mut tops: [Option<Value>; 2] = [top_from(0, 0), top_from(1, 0)];
    if piles < 2 {
        tops[1] = None;
    }
    let mut out: [Steps; MAX_PLAYERS] = Default::default();
    let mut down = [0u8; MAX_PLAYERS];
    let mut open: Option<(usize, Turn)> = None;
    let flush = |open: &mut Option<(usize, Turn)>, out: &mut [Steps; MAX_PLAYERS]| {
        if let Some((s, t)) = open.take() {
            if !t.plays.is_empty() {
                out[s].turns.push(t);
            }
        }
    };
    for (i, step) in steps.iter().enumerate() {
        match *step {
            Step::Play {
                seat,
                value,
                pile,
                covered,
            } => {
                let s = seat as usize;
                let p = (pile as usize).min(1);
                let same = matches!(&open, Some((o, t)) if *o == s && !t.ended);
                if !same {
                    flush(&mut open, &mut out);
                    let down_min = (0..n)
                        .filter(|&o| o != s && down[o] > 0)
                        .map(|o| down[o])
                        .min()
                        .unwrap_or(99);
                    open = Some((
                        s,
                        Turn {
                            down_min,
                            ..Turn::default()
                        },
                    ));
                }
                tops[p] = covered;
                if let Some((_, t)) = &mut open {
                    t.plays.push(Play {
                        value,
                        pile: p as u8,
                        tops,
                        free: !same,
                    });
                    t.ended = covered != Some(value);
                }
                tops[p] = Some(value);
            }
            Step::Draw { seat, card } => {
                if let Some((s, t)) = &mut open {
                    if *s == seat as usize {
                        let last = t.plays.last().map_or(0, |p| p.pile as usize);
                        t.drew = Some(card);
                        if piles == 2 {
                            t.other = tops[1 - last];
                            if card.is_some() {
                                // The card under it shows from now on.
                                tops[1 - last] = top_from(1 - last, i + 1);
                            }
                        }
                    }
                }
            }
            Step::FaceDown { seat, count } => {
                if let Some(d) = down.get_mut(seat as usize) {
                    *d = d.saturating_add(count);
                }
            }
            Step::Reveal { seat, value } => {
                if let Some(d) = down.get_mut(seat as usize) {
                    *d = d.saturating_sub(1);
                }
                if (seat as usize) < n {
                    out[seat as usize].reveals.push(value);
                }
            }
        }
    }
    flush(&mut open, &mut out);
    let w = weights();
    let risk = rough_risk();
    let threshold = options.threshold();
    for st in out.iter_mut() {
        st.evals = st
            .turns
            .iter()
            .map(|t| Eval {
                threshold,
                risk,
                down_min: t.down_min,
                w,
            })
            .collect();
    }
    out
}

/// ln of a probability mixed with ε of uniform over `n` choices.
fn noisy(p: f64, n: usize) -> f64 {
    ((1.0 - EPS) * p + EPS / n.max(1) as f64).ln()
}

/// Per policy, the log-probability of `play` from `hand` (the hand before
/// it), with `piles` discard piles.
fn play_log_probs(eval: &Eval, hand: &Cards, play: &Play, piles: u8) -> [f64; P] {
    if !hand.contains(play.value) {
        return [f64::NEG_INFINITY; P];
    }
    // The legal plays in the engine's order: ascending value, pile 0 first.
    let mut acts = [(0u8, 0u8); 26];
    let mut n = 0;
    for v in hand.distinct() {
        for q in 0..piles.max(1) {
            if play.free || q == play.pile {
                acts[n] = (v, q);
                n += 1;
            }
        }
    }
    let acts = &acts[..n];
    let chosen = acts
        .iter()
        .position(|&a| a == (play.value, play.pile))
        .unwrap_or(0);
    let mut out = [0.0; P];
    // Medium's quick score, soft-maxed at two temperatures.
    let mut scores = [0.0f64; 26];
    for (i, &(v, q)) in acts.iter().enumerate() {
        scores[i] = quick_play_score(eval, hand, v, play.tops[q as usize]);
    }
    let best = scores[..n].iter().copied().fold(f64::INFINITY, f64::min);
    for (k, tau) in TAU.iter().enumerate() {
        let z: f64 = scores[..n].iter().map(|s| (-(s - best) / tau).exp()).sum();
        let p = (-(scores[chosen] - best) / tau).exp() / z;
        out[[MEDIUM, HARD][k]] = noisy(p, n);
    }
    // Greedy: the first strict minimum of its score.
    let mut g = (i32::MAX, 0);
    for (i, &(v, q)) in acts.iter().enumerate() {
        let s = greedy_score(hand, v, play.tops[q as usize]);
        if s < g.0 {
            g = (s, i);
        }
    }
    out[GREEDY] = noisy(f64::from(u8::from(g.1 == chosen)), n);
    // Easy: an equal card (with more behind it), else the highest lower
    // card, else the highest; one time in five any legal play.
    let (mut equal, mut lower) = (None, None);
    for (i, &(v, q)) in acts.iter().enumerate() {
        let top = play.tops[q as usize];
        if top == Some(v) && hand.len() > 1 && equal.is_none() {
            equal = Some(i);
        }
        if top.is_none_or(|t| v < t) {
            lower = Some(i);
        }
    }
    let rule = equal.or(lower).unwrap_or(n - 1);
    let p = (1.0 - EASY_CARELESS) * f64::from(u8::from(rule == chosen)) + EASY_CARELESS / n as f64;
    out[EASY] = p.ln();
    out
}

/// Per policy, the log-probability of the draw that ended `turn`, from
/// `hand` (after the turn's plays), when the other pile's card was on
/// offer.
fn draw_log_probs(eval: &Eval, hand: &Cards, turn: &Turn) -> [f64; P] {
    let (Some(drew), Some(other)) = (turn.drew, turn.other) else {
        return [0.0; P];
    };
    let took = drew.is_some();
    let pick = |p_take: f64| noisy(if took { p_take } else { 1.0 - p_take }, 2);
    let mut with = *hand;
    with.add(other);
    let gain = eval.expect_draw(hand) - eval.leaf(&with);
    let mut out = [0.0; P];
    out[MEDIUM] = pick(logistic(gain / TAU_DRAW[0]));
    out[HARD] = pick(logistic(gain / TAU_DRAW[1]));
    out[EASY] = pick(f64::from(u8::from(other <= 1)));
    out[GREEDY] = pick(0.0);
    out
}

/// Per policy, the log-probability of the reveals `revealed` (in order),
/// the seat's face-down cards being `down` after them.
fn reveal_log_probs(down: &Cards, revealed: &[Value]) -> [f64; P] {
    let mut out = [0.0; P];
    let mut left = *down;
    for &r in revealed.iter().rev() {
        left.add(r);
        let n = left.distinct().count();
        let hi = f64::from(u8::from(left.max() == Some(r)));
        let lo = f64::from(u8::from(left.min() == Some(r)));
        out[MEDIUM] += noisy(hi, n);
        out[HARD] += noisy(hi, n);
        out[EASY] += -(n as f64).ln();
        out[GREEDY] += noisy(lo, n);
    }
    out
}

/// log Σ exp.
pub(crate) fn log_sum_exp(xs: impl Iterator<Item = f64> + Clone) -> f64 {
    let m = xs.clone().fold(f64::NEG_INFINITY, f64::max);
    if m == f64::NEG_INFINITY {
        return m;
    }
    m + xs.map(|x| (x - m).exp()).sum::<f64>().ln()
}

/// Per policy, the log-likelihood of a seat's steps `st` this round if it
/// holds `all` now (hand, face down and face up), `down` of them face down
/// (its reveals then count). The card a deck draw brought, one of the
/// hand after it, is proposed by its share of that hand times how well it
/// explains the turn under the policies, drawn with `seed`, and the
/// likelihood corrected for the proposal: sequential importance sampling
/// with a one-turn look. Picking the card alike among the hand instead
/// (as `infer` does) leaves wrong hands for a policy that plays by a rule
/// to fail on, and `greedy` was then taken for `easy` (issue 36).
pub(crate) fn steps_ll(
    st: &Steps,
    piles: u8,
    all: Cards,
    down: Option<&Cards>,
    seed: u64,
) -> [f64; P] {
    let mut out = [0.0; P];
    if let Some(down) = down {
        add(&mut out, &reveal_log_probs(down, &st.reveals));
    }
    let mut hand = all;
    let mut rng = GameRng::seed_from_u64(seed ^ 0x6472_6177);
    for (turn, eval) in st.turns.iter().zip(&st.evals).rev() {
        match turn.drew {
            // The card taken from the other pile leaves the hand (the guard
            // removes it); a hand without it cannot be.
            Some(Some(v)) if !hand.remove(v) => return [f64::NEG_INFINITY; P],
            Some(Some(_)) => {}
            Some(None) => {
                let k = hand.len() as f64;
                let options: Vec<(Value, f64, [f64; P])> = hand
                    .distinct()
                    .map(|x| {
                        let mut h = hand;
                        h.remove(x);
                        let ll = turn_ll(turn, eval, &h, piles);
                        let q = f64::from(hand.count(x)).ln() + log_sum_exp(ll.iter().copied());
                        (x, q, ll)
                    })
                    .collect();
                let z = log_sum_exp(options.iter().map(|o| o.1));
                if !z.is_finite() {
                    return [f64::NEG_INFINITY; P];
                }
                let mut u = rng.gen::<f64>();
                let mut pick = options.len() - 1;
                for (i, o) in options.iter().enumerate() {
                    u -= (o.1 - z).exp();
                    if u < 0.0 {
                        pick = i;
                        break;
                    }
                }
                let (x, q, ll) = options[pick];
                // Prior of x (its share of the hand) over the proposal.
                let correction = f64::from(hand.count(x)).ln() - k.ln() - (q - z);
                for j in 0..P {
                    out[j] += ll[j] + correction;
                }
                hand.remove(x);
                for play in &turn.plays {
                    hand.add(play.value);
                }
                continue;
            }
            None => {}
        }
        add(&mut out, &turn_ll(turn, eval, &hand, piles));
        for play in &turn.plays {
            hand.add(play.value);
        }
    }
    out
}

/// Per policy, the log-probability of one turn's plays and draw choice,
/// `hand` being what the seat held after its plays (before the draw).
fn turn_ll(turn: &Turn, eval: &Eval, hand: &Cards, piles: u8) -> [f64; P] {
    let mut out = draw_log_probs(eval, hand, turn);
    let mut before = *hand;
    for play in &turn.plays {
        before.add(play.value);
    }
    for play in &turn.plays {
        add(&mut out, &play_log_probs(eval, &before, play, piles));
        before.remove(play.value);
    }
    out
}

/// Latent draws averaged over when a finished round is weighed.
const ROUND_DRAWS: u64 = 8;

/// What a finished round tells of how each seat plays: per seat and
/// policy, the log-likelihood of its steps in `log` given the cards it
/// showed at the round's end (`cards`, per seat), averaged over
/// [`ROUND_DRAWS`] guesses of its deck draws, in thousandths of a nat.
/// `tops` are the discard piles' tops at the end. Public: every seat could
/// work it out. The game adds it up round after round
/// ([`crate::SeatView::style`]).
pub(crate) fn round_style(
    log: &RoundLog,
    options: &Options,
    tops: [Option<Value>; 2],
    cards: &[Cards; MAX_PLAYERS],
    round: u32,
) -> [[i32; P]; MAX_PLAYERS] {
    let steps = read_steps(log, options, tops);
    let mut out = [[0; P]; MAX_PLAYERS];
    for s in 0..(options.players as usize).min(MAX_PLAYERS) {
        let st = &steps[s];
        if st.turns.is_empty() && st.reveals.is_empty() {
            continue;
        }
        let mut down = cards[s];
        for &r in &st.reveals {
            down.remove(r);
        }
        let went_down = log
            .steps()
            .any(|x| matches!(x, Step::FaceDown { seat, .. } if seat as usize == s));
        let lls: Vec<[f64; P]> = (0..ROUND_DRAWS)
            .map(|d| {
                let seed = u64::from(round) << 16 ^ (s as u64) << 8 ^ d;
                let down = went_down.then_some(&down);
                steps_ll(st, options.piles(), cards[s], down, seed)
            })
            .collect();
        for j in 0..P {
            let l = log_sum_exp(lls.iter().map(|x| x[j])) - (ROUND_DRAWS as f64).ln();
            out[s][j] = (l * 1000.0).clamp(-1e9, 1e9) as i32;
        }
    }
    out
}

/// A seat's prior over the policies from the earlier rounds' evidence
/// (`style`, thousandths of a nat): Bayes from uniform, each policy kept
/// at [`FLOOR`] at least (a person may change their ways).
pub(crate) fn prior_of(style: &[i32; P]) -> Mixture {
    let l = style.map(|x| f64::from(x) / 1000.0);
    let top = l.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let w = l.map(|x| (x - top).exp().max(FLOOR));
    let sum: f64 = w.iter().sum();
    w.map(|x| x / sum)
}

/// The least prior weight of a policy.
const FLOOR: f64 = 0.001;

/// Adds `b` to `a`, policy by policy.
pub(crate) fn add(a: &mut [f64; P], b: &[f64; P]) {
    for (x, y) in a.iter_mut().zip(b) {
        *x += y;
    }
}
