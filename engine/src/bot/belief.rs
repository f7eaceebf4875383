//! Beliefs about the other seats' hidden cards from how each of them
//! really plays (issue 36): Hard's second inference, beside [`super::infer`].
//!
//! What it adds to `infer`:
//! - **A mixture of policies per seat.** Each seat's public steps this round
//!   (plays with both piles' tops, draws from the deck or the other pile
//!   when it had the choice, the order of its reveals) are scored under four
//!   policies: Medium's quick score soft-maxed (`medium`), the same much
//!   softer (`hard`: a searcher that strays from Medium's first choice),
//!   `easy`'s and `greedy`'s rules. Each policy keeps ε of uniform noise. A
//!   seat's weights over the policies are Bayes: the likelihood of its
//!   steps this round, averaged over candidate hands drawn from the prior,
//!   times a prior from the game's earlier rounds. No seat is assumed to be
//!   Medium.
//! - **Kept across the rounds.** When a round ends every card is shown, so
//!   the round's steps can be scored under each policy with the hands as
//!   they were ([`round_style`]). The game adds that up per seat
//!   ([`crate::SeatView::style`]): public, saved with the game, so a reload,
//!   a take-back or the review give the same beliefs. Each policy keeps
//!   [`FLOOR`] of the prior at least, since a person may change their ways.
//! - **Draws from the deck modelled.** Replaying a seat's turns
//!   backwards, the card a deck draw brought is one of the cards held after
//!   it: it is proposed by how well it explains that turn under the
//!   policies and the likelihood corrected for the proposal ([`steps_ll`]),
//!   not picked alike at random.
//! - **Rejuvenation.** Each seat's candidates, resampled by their
//!   likelihood under the seat's mixture, take Metropolis–Hastings steps (a
//!   card swapped with the unseen cards, or the seed of the draws'
//!   proposals redrawn), so that they do not stay copies of the few that
//!   explained the steps best.
//! - **Whole deals, consistent across seats.** A deal takes one candidate
//!   per seat in turn among those that fit the cards left, then a sweep of
//!   Gibbs steps proposes each seat's candidate anew and accepts it by the
//!   number of ways to hold it from what the other seats leave (against
//!   every unseen card, which its bank was drawn from). `infer` pairs the
//!   seats' candidates in turn only.
//!
//! A first try kept whole-table particles (every seat's cards in one
//! particle, weighed together, resampled, moved by swaps): the product of
//! three seats' likelihoods left one or two particles of weight, and its
//! beliefs were worse than knowing nothing (33.6 nats per position against
//! uniform's 29.4, `mojo beliefs --games 300 --seed 7`). Banks per seat,
//! joined when dealing, keep the product's variety.
//!
//! Everything is a function of the seat's view (its round log and the
//! seats' styles included) and the seed. The cost: one likelihood per
//! candidate and per step of the chain, each a one-ply score per card
//! played and per card a deck draw may have brought (no search, no
//! sampling of play-outs).

use rand::{Rng, SeedableRng};

use super::common::{mix, quick_play_score, weights, Eval};
use super::greedy_score;
use super::infer::{place, random_subset, rough_risk};
use crate::cards::{Cards, Pile, Value};
use crate::game::{shuffle, Game, GameRng};
use crate::round_log::{RoundLog, Step};
use crate::types::{Options, MAX_PLAYERS};
use crate::view::PlayerView;

/// The policies of the mixture, in the order of [`Mixture`]'s weights.
pub const POLICIES: [&str; 4] = ["medium", "hard", "easy", "greedy"];
const MEDIUM: usize = 0;
const HARD: usize = 1;
const EASY: usize = 2;
const GREEDY: usize = 3;
const P: usize = POLICIES.len();

/// Softmax temperatures of Medium's quick score for `medium` and `hard`.
const TAU: [f64; 2] = [0.3, 1.5];
/// Temperatures of the draw choice (the other pile's card against the
/// deck's expected card) for `medium` and `hard`.
const TAU_DRAW: [f64; 2] = [0.5, 2.0];
/// Share of uniform noise in every policy.
const EPS: f64 = 0.05;
/// `easy` plays a random legal action one time in five.
const EASY_CARELESS: f64 = 0.2;
/// Candidates per seat at most (a search of `i` simulations weighs
/// `i / DIVISOR`, at least 16).
pub(crate) const CANDIDATES: usize = 256;
const DIVISOR: usize = 10;
/// Rejuvenation: `MOVES / MOVES_PER` steps of the chain per candidate.
const MOVES: usize = 1;
const MOVES_PER: usize = 1;

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
struct Turn {
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
struct Steps {
    turns: Vec<Turn>,
    evals: Vec<Eval>,
    /// Values revealed, in order.
    reveals: Vec<Value>,
}

/// Reads a round's log into each seat's steps, with both piles' tops at
/// every play (a top taken by a draw is read back from the next card
/// played on that pile, or from `tops`, the piles' tops after the log).
fn read_steps(
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
    out[MEDIUM] = pick(super::common::logistic(gain / TAU_DRAW[0]));
    out[HARD] = pick(super::common::logistic(gain / TAU_DRAW[1]));
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
fn log_sum_exp(xs: impl Iterator<Item = f64> + Clone) -> f64 {
    let m = xs.clone().fold(f64::NEG_INFINITY, f64::max);
    if m == f64::NEG_INFINITY {
        return m;
    }
    m + xs.map(|x| (x - m).exp()).sum::<f64>().ln()
}

/// A seat with hidden cards.
#[derive(Clone, Copy, Debug)]
struct Hidden {
    seat: usize,
    /// Hidden cards in hand (beyond the known ones); 0 when face down.
    in_hand: usize,
    /// All its hidden cards (in hand or face down).
    count: usize,
    /// Its cards everyone has seen (known in hand, face up).
    seen: Cards,
    face_down: bool,
    /// What the earlier rounds showed of its play ([`round_style`]).
    style: [i32; P],
}

/// A candidate for one seat's hidden cards.
#[derive(Clone, Copy, Debug)]
struct Candidate {
    hidden: Cards,
    /// The seed of its deck draws' proposals ([`steps_ll`]).
    draws: u64,
    /// Per policy, the log-likelihood of the seat's steps.
    ll: [f64; P],
    /// Under the seat's mixture (set once the mixture is known).
    lw: f64,
}

/// Beliefs about the hidden cards (see the module's text), built a step at
/// a time ([`Particles::build_one`]) so that a browser can slice the work;
/// then [`Particles::sample`] deals whole games.
///
/// Per seat, candidates drawn from the prior are weighed by the seat's
/// steps under each policy; the seat's mixture is Bayes over those
/// weights, from the earlier rounds' evidence as the prior. The candidates
/// are then resampled by their mixture likelihood and each takes
/// Metropolis–Hastings steps (a card swapped with the unseen cards, or its
/// draws' seed redrawn), so that they do not collapse into copies. A deal
/// is a particle of the whole table: one candidate per seat, drawn in turn
/// among those that fit the cards left, then a sweep of Gibbs steps in
/// which each seat's candidate is proposed anew and accepted by how well
/// it fits the cards the other seats leave (the prior's count of the ways
/// to hold it), so that the seats are consistent with each other.
pub(crate) struct Particles {
    steps: [Steps; MAX_PLAYERS],
    piles: u8,
    seats: Vec<Hidden>,
    unseen: Cards,
    /// Per entry of `seats`: its candidates.
    banks: Vec<Vec<Candidate>>,
    /// Per entry of `seats`: its weights over the policies, once known.
    mixtures: Vec<Mixture>,
    per_bank: usize,
    cursor: usize,
    moves_done: usize,
    rng: GameRng,
}

impl Particles {
    pub(crate) fn new(view: &PlayerView, seed: u64, iterations: u32) -> Particles {
        let steps = read_steps(&view.log, &view.options, [view.top(0), view.top(1)]);
        let me = view.seat as usize;
        let mut seats = Vec::new();
        for (s, sv) in view.seats.iter().enumerate().take(view.players() as usize) {
            if s == me {
                continue;
            }
            let in_hand = (sv.hand_len as usize).saturating_sub(sv.known_in_hand.len());
            let count = in_hand + sv.face_down_len as usize;
            if count == 0 {
                continue;
            }
            let mut seen = sv.known_in_hand;
            seen.add_all(&sv.face_up);
            seats.push(Hidden {
                seat: s,
                in_hand,
                count,
                seen,
                face_down: in_hand == 0,
                style: sv.style,
            });
        }
        let banks = vec![Vec::new(); seats.len()];
        Particles {
            steps,
            piles: view.options.piles(),
            seats,
            unseen: view.unseen(),
            banks,
            mixtures: Vec::new(),
            per_bank: (iterations as usize / DIVISOR).clamp(16, CANDIDATES),
            cursor: 0,
            moves_done: 0,
            rng: GameRng::seed_from_u64(seed ^ 0x6265_6C69_6566),
        }
    }

    /// Whether the candidates are ready to deal from.
    pub(crate) fn ready(&self) -> bool {
        self.seats.is_empty()
            || (!self.mixtures.is_empty() && self.moves_done >= self.moves_wanted())
    }

    fn moves_wanted(&self) -> usize {
        self.per_bank * self.seats.len() * MOVES / MOVES_PER
    }

    /// One unit of work (tens of microseconds): a candidate drawn and
    /// weighed, the mixtures and the resampling, or one step of the chain.
    pub(crate) fn build_one(&mut self) {
        if self.ready() {
            return;
        }
        let ns = self.seats.len();
        if self.mixtures.is_empty() {
            if let Some(k) = (0..ns)
                .map(|j| (self.cursor + j) % ns)
                .find(|&k| self.banks[k].len() < self.per_bank)
            {
                self.cursor = k + 1;
                let hidden = random_subset(&self.unseen, self.seats[k].count, &mut self.rng);
                let draws = self.rng.gen();
                let ll = self.seat_ll(k, &hidden, draws);
                self.banks[k].push(Candidate {
                    hidden,
                    draws,
                    ll,
                    lw: 0.0,
                });
                return;
            }
            self.settle();
            return;
        }
        let k = self.moves_done % ns;
        let i = (self.moves_done / ns) % self.banks[k].len().max(1);
        self.rejuvenate(k, i);
        self.moves_done += 1;
    }

    /// The policy weights of `seat` given its steps (uniform for a seat
    /// with no hidden cards, or before the candidates are weighed).
    pub(crate) fn mixture(&self, seat: usize) -> Mixture {
        self.seats
            .iter()
            .position(|h| h.seat == seat)
            .and_then(|k| self.mixtures.get(k))
            .copied()
            .unwrap_or([1.0 / P as f64; P])
    }

    /// Each seat's mixture (its prior from the earlier rounds times the
    /// mean likelihood of each policy over the prior candidates), then its
    /// candidates resampled by their likelihood under it.
    fn settle(&mut self) {
        for k in 0..self.seats.len() {
            let prior = prior_of(&self.seats[k].style);
            let bank = &self.banks[k];
            let mut joint = [0.0; P];
            for (j, x) in joint.iter_mut().enumerate() {
                *x = prior[j].ln() + log_sum_exp(bank.iter().map(|c| c.ll[j]));
            }
            let z = log_sum_exp(joint.iter().copied());
            let mixture = if z.is_finite() {
                joint.map(|x| (x - z).exp())
            } else {
                prior
            };
            self.mixtures.push(mixture);
            let mut bank = std::mem::take(&mut self.banks[k]);
            for c in bank.iter_mut() {
                c.lw = mixed(&mixture, &c.ll);
            }
            self.banks[k] = resample(&bank, &mut self.rng);
        }
    }

    /// One Metropolis–Hastings step on candidate `i` of seat entry `k`,
    /// aimed at the seat's own posterior: a card swapped with one of the
    /// unseen cards it does not hold, or its draws' seed redrawn. Picking
    /// each card alike among the cards of its side is the same as swapping
    /// two physical cards chosen alike, a symmetric proposal over deals of
    /// physical cards, whose prior is uniform: only the likelihoods decide.
    fn rejuvenate(&mut self, k: usize, i: usize) {
        let Some(&old) = self.banks[k].get(i) else {
            return;
        };
        let mut c = old;
        if self.rng.gen_range(0..4u32) == 0 {
            c.draws = self.rng.gen();
        } else {
            let mut rest = self.unseen;
            rest.remove_all(&c.hidden);
            let (Some(x), Some(y)) = (
                nth_card(&c.hidden, &mut self.rng),
                nth_card(&rest, &mut self.rng),
            ) else {
                return;
            };
            if x == y {
                return;
            }
            c.hidden.remove(x);
            c.hidden.add(y);
        }
        c.ll = self.seat_ll(k, &c.hidden, c.draws);
        c.lw = mixed(&self.mixtures[k], &c.ll);
        let delta = c.lw - old.lw;
        if delta >= 0.0 || self.rng.gen::<f64>() < delta.exp() {
            self.banks[k][i] = c;
        }
    }

    /// Per policy, the log-likelihood of seat entry `k`'s steps this round
    /// if its hidden cards are `hidden` and its deck draws are proposed
    /// with `draws`.
    fn seat_ll(&self, k: usize, hidden: &Cards, draws: u64) -> [f64; P] {
        let h = &self.seats[k];
        let mut all = *hidden;
        all.add_all(&h.seen);
        steps_ll(
            &self.steps[h.seat],
            self.piles,
            all,
            h.face_down.then_some(hidden),
            draws,
        )
    }

    /// A whole game consistent with `view`, its hidden cards a particle of
    /// the table drawn with `seed` (see [`Particles`]), the draw pile the
    /// cards it leaves, shuffled.
    pub(crate) fn sample(&self, view: &PlayerView, seed: u64) -> Game {
        let mut g = Game::sample_from_view(view, seed);
        let ns = self.seats.len();
        if ns == 0 || self.banks.iter().any(|b| b.is_empty()) {
            return g;
        }
        let mut rng = GameRng::seed_from_u64(seed ^ 0x7061_7274);
        // In turn, from a random seat: a candidate among those that fit.
        let mut pool = self.unseen;
        let mut pick: Vec<Option<Cards>> = vec![None; ns];
        let first = rng.gen_range(0..ns as u32) as usize;
        for j in 0..ns {
            let k = (first + j) % ns;
            let i = rng.gen_range(0..self.banks[k].len() as u32) as usize;
            let bank = &self.banks[k];
            if let Some(c) = (0..bank.len())
                .map(|d| &bank[(i + d) % bank.len()])
                .find(|c| fits(&c.hidden, &pool))
            {
                pool.remove_all(&c.hidden);
                pick[k] = Some(c.hidden);
            }
        }
        // A sweep of Gibbs steps: each seat's candidate proposed anew from
        // its bank and accepted by the prior's count of the ways to hold
        // it from what the others leave, over the same count from every
        // unseen card (the bank was drawn from all of them).
        for (k, slot) in pick.iter_mut().enumerate() {
            let Some(now) = *slot else { continue };
            let mut free = pool;
            free.add_all(&now);
            let bank = &self.banks[k];
            let c = &bank[rng.gen_range(0..bank.len() as u32) as usize];
            if c.hidden == now || !fits(&c.hidden, &free) {
                continue;
            }
            let ratio = ways(&c.hidden, &free)
                - ways(&c.hidden, &self.unseen)
                - (ways(&now, &free) - ways(&now, &self.unseen));
            if ratio >= 0.0 || rng.gen::<f64>() < ratio.exp() {
                pool = free;
                pool.remove_all(&c.hidden);
                *slot = Some(c.hidden);
            }
        }
        // A seat no candidate fits gets cards of the pool alike.
        for (h, slot) in self.seats.iter().zip(&pick) {
            let hidden = match *slot {
                Some(cards) => cards,
                None => {
                    let cards = random_subset(&pool, h.count, &mut rng);
                    pool.remove_all(&cards);
                    cards
                }
            };
            place(&mut g, h.seat, view, hidden, h.in_hand);
        }
        let mut rest: Vec<Value> = pool.iter().collect();
        shuffle(&mut rest, &mut rng);
        let mut draw = Pile::EMPTY;
        for v in rest {
            draw.push(v);
        }
        g.draw = draw;
        g
    }
}

/// Whether every card of `a` is in `pool`.
fn fits(a: &Cards, pool: &Cards) -> bool {
    a.counts().iter().zip(pool.counts()).all(|(x, y)| x <= y)
}

/// ln of the number of ways to take the cards `h` from `from` (a product
/// of binomials over the values).
fn ways(h: &Cards, from: &Cards) -> f64 {
    h.counts()
        .iter()
        .zip(from.counts())
        .map(|(&k, &n)| ln_choose(n, k))
        .sum()
}

fn ln_choose(n: u8, k: u8) -> f64 {
    if k > n {
        return f64::NEG_INFINITY;
    }
    (0..k)
        .map(|i| f64::from(n - i).ln() - f64::from(i + 1).ln())
        .sum()
}

/// The log-likelihood under `mixture` of per-policy log-likelihoods `ll`.
fn mixed(mixture: &Mixture, ll: &[f64; P]) -> f64 {
    log_sum_exp((0..P).map(|j| mixture[j].ln() + ll[j]))
}

/// Systematic resampling of `bank` by the weights `exp(lw)` (unchanged if
/// no candidate has any weight).
fn resample(bank: &[Candidate], rng: &mut GameRng) -> Vec<Candidate> {
    let n = bank.len();
    let top = bank.iter().map(|c| c.lw).fold(f64::NEG_INFINITY, f64::max);
    if n == 0 || !top.is_finite() {
        return bank.to_vec();
    }
    let w: Vec<f64> = bank.iter().map(|c| (c.lw - top).exp()).collect();
    let total: f64 = w.iter().sum();
    let u0 = rng.gen::<f64>() / n as f64;
    let mut out = Vec::with_capacity(n);
    let (mut acc, mut j) = (w[0] / total, 0);
    for i in 0..n {
        let u = u0 + i as f64 / n as f64;
        while u > acc && j + 1 < n {
            j += 1;
            acc += w[j] / total;
        }
        out.push(bank[j]);
    }
    out
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
fn steps_ll(st: &Steps, piles: u8, all: Cards, down: Option<&Cards>, seed: u64) -> [f64; P] {
    let mut out = [0.0; P];
    if let Some(down) = down {
        add(&mut out, &reveal_log_probs(down, &st.reveals));
    }
    let mut hand = all;
    let mut rng = GameRng::seed_from_u64(mix(seed));
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
                let seed = mix(u64::from(round) << 16 ^ (s as u64) << 8 ^ d);
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
fn prior_of(style: &[i32; P]) -> Mixture {
    let l = style.map(|x| f64::from(x) / 1000.0);
    let top = l.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let w = l.map(|x| (x - top).exp().max(FLOOR));
    let sum: f64 = w.iter().sum();
    w.map(|x| x / sum)
}

/// The least prior weight of a policy.
const FLOOR: f64 = 0.001;

fn add(a: &mut [f64; P], b: &[f64; P]) {
    for (x, y) in a.iter_mut().zip(b) {
        *x += y;
    }
}

/// One card of `cards` picked alike among them (by count).
fn nth_card(cards: &Cards, rng: &mut GameRng) -> Option<Value> {
    let n = cards.len();
    if n == 0 {
        return None;
    }
    cards.iter().nth(rng.gen_range(0..n as u32) as usize)
}

/// `n` deals as the particles of a search of `iterations` simulations
/// deal them for `view` (one per seed): for `mojo beliefs` (issue 36).
pub fn particle_deals(view: &PlayerView, seed: u64, iterations: u32, n: usize) -> Vec<Game> {
    let mut p = Particles::new(view, seed, iterations);
    while !p.ready() {
        p.build_one();
    }
    (0..n as u64)
        .map(|i| p.sample(view, mix(seed ^ (i + 1))))
        .collect()
}

/// The policy weights the particles give each seat of `view` (uniform for
/// the viewer and seats with nothing hidden): for tests and `mojo beliefs`.
pub fn policy_mixtures(view: &PlayerView, seed: u64, iterations: u32) -> Vec<Mixture> {
    let mut p = Particles::new(view, seed, iterations);
    while !p.ready() {
        p.build_one();
    }
    (0..view.players() as usize).map(|s| p.mixture(s)).collect()
}

#[cfg(test)]
mod tests;
