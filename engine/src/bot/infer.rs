//! Inference about the other seats' hidden cards from what they did this
//! round in public.
//!
//! The view's [`RoundLog`] holds the round's public steps: every card
//! played (with the card it covered), every draw (the card only when it
//! came from a discard pile, which everyone saw), every card put face down
//! or revealed. [`Posterior`] deals the hidden cards weighted by how well they explain
//! those steps. For each other seat in turn it draws a few candidate
//! holdings from the cards still unplaced, replays that seat's turns
//! backwards (a card drawn from the deck is one of the cards held after
//! the draw, picked at random) to find the hand it held at each of its
//! plays, and weighs the candidate by the chance that a Medium-like player
//! ([`super::common::quick_play_score`], soft-maxed) would have played
//! what it played from that hand. One candidate is kept per seat, in
//! proportion to its weight (sampling-importance-resampling); the draw
//! pile is what is left, shuffled.

use rand::{Rng, SeedableRng};

use super::common::{quick_play_score, weights, Eval};
use crate::cards::{Cards, Pile, Value};
use crate::eval::rough_risk;
use crate::game::{shuffle, Game, GameRng};
use crate::round_log::{RoundLog, Step};
use crate::types::{Seat, MAX_PLAYERS};
use crate::view::PlayerView;

/// One turn of another seat, as the inference needs it.
#[derive(Clone, Debug, Default)]
struct Turn {
    /// (value, covered top) of each card played, in order.
    plays: Vec<(Value, Option<Value>)>,
    /// A draw ended the turn: `Some(None)` from the deck, `Some(Some(v))`
    /// the public card `v` from a discard pile.
    drew: Option<Option<Value>>,
    /// Fewest face-down cards among the other seats then (99: none).
    down_min: u8,
    /// A card that did not equal its top ended the turn (a draw may follow).
    ended: bool,
}

/// Softmax temperature of the play model (fitted by maximum likelihood on
/// Medium's choices given its true hand: 0.25–0.3).
const TAU: f64 = 0.3;
/// Share of the play model that is uniform (a player is not Medium).
const EPS: f64 = 0.05;
/// Candidate holdings weighed per seat, at most (a search of `i`
/// iterations weighs about `i / 16`, at least 8).
pub(crate) const CANDIDATES: usize = 256;

/// Weighed candidates for one seat's hidden cards.
struct Bank {
    seat: usize,
    /// Hidden cards in hand (beyond the known ones) and face down.
    hidden_hand: usize,
    face_down: usize,
    /// Cards of this seat everyone has seen: known in hand, face up.
    seen: Cards,
    /// (hidden cards, weight).
    cands: Vec<(Cards, f64)>,
}

/// The seats' turns this round, and candidates for their hidden cards
/// weighed by how well they explain those turns.
pub(crate) struct Posterior {
    turns: [Vec<Turn>; MAX_PLAYERS],
    /// The evaluation each turn was weighed with, per seat and turn.
    evals: [Vec<Eval>; MAX_PLAYERS],
    banks: Vec<Bank>,
    /// The cards the viewer cannot place.
    unseen: Cards,
    rng: GameRng,
    /// Next bank to add a candidate to.
    cursor: usize,
    /// Candidates per bank.
    per_bank: usize,
    /// Weigh plays by the learned play model ([`super::learned`]).
    #[cfg(feature = "learned")]
    learned: bool,
}

impl Posterior {
    pub(crate) fn new(view: &PlayerView, log: &RoundLog, seed: u64, iterations: u32) -> Posterior {
        let per_bank = (iterations as usize / 5).clamp(8, CANDIDATES);
        let n = view.players() as usize;
        let mut turns: [Vec<Turn>; MAX_PLAYERS] = Default::default();
        let mut down = [0u8; MAX_PLAYERS];
        let mut open: Option<(Seat, Turn)> = None;
        let flush = |open: &mut Option<(Seat, Turn)>, turns: &mut [Vec<Turn>; MAX_PLAYERS]| {
            if let Some((s, t)) = open.take() {
                if !t.plays.is_empty() {
                    turns[s as usize].push(t);
                }
            }
        };
        for step in log.steps() {
            match step {
                Step::Play {
                    seat,
                    value,
                    covered,
                    ..
                } => {
                    let same = matches!(&open, Some((s, t)) if *s == seat && !t.ended);
                    if !same {
                        flush(&mut open, &mut turns);
                        let down_min = (0..n)
                            .filter(|&o| o != seat as usize && down[o] > 0)
                            .map(|o| down[o])
                            .min()
                            .unwrap_or(99);
                        open = Some((
                            seat,
                            Turn {
                                down_min,
                                ..Turn::default()
                            },
                        ));
                    }
                    if let Some((_, t)) = &mut open {
                        t.plays.push((value, covered));
                        t.ended = covered != Some(value);
                    }
                }
                Step::Draw { seat, card } => {
                    if let Some((s, t)) = &mut open {
                        if *s == seat {
                            t.drew = Some(card);
                        }
                    }
                }
                Step::FaceDown { seat, count } => {
                    if (seat as usize) < n {
                        down[seat as usize] = down[seat as usize].saturating_add(count);
                    }
                }
                Step::Reveal { seat, .. } => {
                    if (seat as usize) < n {
                        down[seat as usize] = down[seat as usize].saturating_sub(1);
                    }
                }
            }
        }
        flush(&mut open, &mut turns);
        let me = view.seat as usize;
        let w = weights();
        let risk = rough_risk();
        let threshold = view.options.threshold();
        let mut evals: [Vec<Eval>; MAX_PLAYERS] = Default::default();
        let mut banks = Vec::new();
        for s in 0..n {
            evals[s] = turns[s]
                .iter()
                .map(|t| Eval {
                    threshold,
                    risk,
                    down_min: t.down_min,
                    w,
                })
                .collect();
            if s == me || turns[s].is_empty() {
                continue;
            }
            let sv = &view.seats[s];
            let hidden_hand = (sv.hand_len as usize).saturating_sub(sv.known_in_hand.len());
            let face_down = sv.face_down_len as usize;
            if hidden_hand + face_down == 0 {
                continue;
            }
            let mut seen = sv.known_in_hand;
            seen.add_all(&sv.face_up);
            banks.push(Bank {
                seat: s,
                hidden_hand,
                face_down,
                seen,
                cands: Vec::with_capacity(per_bank),
            });
        }
        Posterior {
            turns,
            evals,
            banks,
            unseen: view.unseen(),
            rng: GameRng::seed_from_u64(seed ^ 0x696E_6665_7200),
            cursor: 0,
            per_bank,
            #[cfg(feature = "learned")]
            learned: false,
        }
    }

    /// The same, weighing plays by the learned play model.
    #[cfg(feature = "learned")]
    pub(crate) fn with_learned_plays(mut self, learned: bool) -> Posterior {
        self.learned = learned;
        self
    }

    /// Whether every bank holds its candidates.
    pub(crate) fn ready(&self) -> bool {
        self.banks.iter().all(|b| b.cands.len() >= self.per_bank)
    }

    /// Weighs one more candidate (a few microseconds): the search calls
    /// this in its first steps, so a browser can slice the work.
    pub(crate) fn build_one(&mut self) {
        let nb = self.banks.len();
        for _ in 0..nb {
            let i = self.cursor % nb;
            self.cursor += 1;
            if self.banks[i].cands.len() < self.per_bank {
                let k = self.banks[i].hidden_hand + self.banks[i].face_down;
                let hidden = random_subset(&self.unseen, k, &mut self.rng);
                let mut now = hidden;
                now.add_all(&self.banks[i].seen);
                let seat = self.banks[i].seat;
                let ll = self.log_likelihood(seat, &now);
                self.banks[i].cands.push((hidden, ll.exp()));
                return;
            }
        }
    }

    /// Log-likelihood that `seat`, holding `now` (hand, face-down and
    /// face-up cards together), played its turns as logged.
    /// The log-probability of playing `value` on `top` from `hand`.
    fn play_log_prob(&self, eval: &Eval, hand: &Cards, value: Value, top: Option<Value>) -> f64 {
        #[cfg(feature = "learned")]
        if self.learned {
            return super::learned::play_log_prob(eval, hand, value, top);
        }
        play_log_prob(eval, hand, value, top)
    }

    fn log_likelihood(&mut self, seat: usize, now: &Cards) -> f64 {
        let mut h = *now;
        let mut ll = 0.0;
        for (turn, eval) in self.turns[seat].iter().zip(&self.evals[seat]).rev() {
            match turn.drew {
                Some(Some(v)) => {
                    h.remove(v);
                }
                Some(None) => {
                    let k = h.len();
                    if k == 0 {
                        return f64::NEG_INFINITY;
                    }
                    let i = self.rng.gen_range(0..k as u32) as usize;
                    let x = h.iter().nth(i);
                    if let Some(x) = x {
                        h.remove(x);
                    }
                }
                None => {}
            }
            for &(v, _) in turn.plays.iter().rev() {
                h.add(v);
            }
            let mut hand = h;
            for &(v, top) in &turn.plays {
                ll += self.play_log_prob(eval, &hand, v, top);
                hand.remove(v);
            }
        }
        ll
    }

    /// A whole game consistent with `view`, the other seats' hidden cards
    /// drawn from the weighed candidates (uniformly for seats that have not
    /// played this round, or when no candidate fits what is left).
    pub(crate) fn sample(&self, view: &PlayerView, seed: u64) -> Game {
        let mut g = Game::sample_from_view(view, seed);
        if self.banks.is_empty() {
            return g;
        }
        let mut rng = GameRng::seed_from_u64(seed ^ 0x7361_6D70);
        let n = view.players() as usize;
        let me = view.seat as usize;
        let mut pool = self.unseen;
        let mut done = [false; MAX_PLAYERS];
        let nb = self.banks.len();
        let first = rng.gen_range(0..nb as u32) as usize;
        for j in 0..nb {
            let b = &self.banks[(first + j) % nb];
            let total: f64 = b
                .cands
                .iter()
                .filter(|c| fits(&c.0, &pool))
                .map(|c| c.1)
                .sum();
            if total <= 0.0 {
                continue;
            }
            let mut x = rng.gen::<f64>() * total;
            let mut pick = None;
            for c in b.cands.iter().filter(|c| fits(&c.0, &pool)) {
                pick = Some(c.0);
                x -= c.1;
                if x < 0.0 {
                    break;
                }
            }
            if let Some(hidden) = pick {
                pool.remove_all(&hidden);
                place(&mut g, b.seat, view, hidden, b.hidden_hand);
                done[b.seat] = true;
            }
        }
        for (s, sv) in view.seats.iter().enumerate().take(n) {
            if s == me || done[s] {
                continue;
            }
            let hidden_hand = (sv.hand_len as usize).saturating_sub(sv.known_in_hand.len());
            let k = hidden_hand + sv.face_down_len as usize;
            let hidden = random_subset(&pool, k, &mut rng);
            pool.remove_all(&hidden);
            place(&mut g, s, view, hidden, hidden_hand);
        }
        g.draw = shuffled_pile(&pool, &mut rng);
        g
    }
}

/// `n` deals as Hard's inference draws them for `view` (its candidates
/// weighed as a search of `iterations` simulations weighs them, then one
/// deal per seed): for measuring how well the inference knows the hidden
/// cards (`mojo beliefs`, issue 36). A function of the view and `seed`.
pub fn inferred_deals(view: &PlayerView, seed: u64, iterations: u32, n: usize) -> Vec<Game> {
    let mut posterior = Posterior::new(view, &view.log, seed, iterations);
    while !posterior.ready() {
        posterior.build_one();
    }
    (0..n as u64)
        .map(|i| posterior.sample(view, super::mix(seed ^ (i + 1))))
        .collect()
}

/// Whether every card of `a` is in `pool`.
pub(super) fn fits(a: &Cards, pool: &Cards) -> bool {
    a.counts().iter().zip(pool.counts()).all(|(x, y)| x <= y)
}

/// The cards of `pool` as a draw pile, in an order drawn from `rng`.
pub(super) fn shuffled_pile(pool: &Cards, rng: &mut GameRng) -> Pile {
    let mut rest: Vec<Value> = pool.iter().collect();
    shuffle(&mut rest, rng);
    let mut draw = Pile::EMPTY;
    for v in rest {
        draw.push(v);
    }
    draw
}

/// Gives seat `s` of `g` the hidden cards `hidden`: the first
/// `hidden_hand` (in a random order of the set) to its hand beside the
/// known ones, the rest face down.
pub(super) fn place(g: &mut Game, s: usize, view: &PlayerView, hidden: Cards, hidden_hand: usize) {
    let mut hand = view.seats[s].known_in_hand;
    let mut fd = Cards::EMPTY;
    // A seat holds hidden cards either in hand or face down, never both
    // (going face down empties the hand).
    if hidden_hand > 0 {
        hand.add_all(&hidden);
    } else {
        fd = hidden;
    }
    g.hands[s] = hand;
    g.face_down[s] = fd;
}

/// `k` cards drawn at random from `from` (fewer if it holds fewer).
pub(super) fn random_subset(from: &Cards, k: usize, rng: &mut GameRng) -> Cards {
    let mut left = *from;
    let mut out = Cards::EMPTY;
    for _ in 0..k {
        let n = left.len();
        if n == 0 {
            break;
        }
        let mut i = rng.gen_range(0..n as u32) as usize;
        for (v, &c) in left.counts().iter().enumerate() {
            if i < c as usize {
                out.add(v as Value);
                left.remove(v as Value);
                break;
            }
            i -= c as usize;
        }
    }
    out
}

/// Log-probability that a Medium-like player holding `hand` plays `value`
/// onto `top`.
fn play_log_prob(eval: &Eval, hand: &Cards, value: Value, top: Option<Value>) -> f64 {
    let mut scores = [0.0f64; 13];
    let mut k = 0;
    let mut chosen = f64::INFINITY;
    for v in hand.distinct() {
        let s = quick_play_score(eval, hand, v, top);
        if v == value {
            chosen = s;
        }
        scores[k] = s;
        k += 1;
    }
    if !chosen.is_finite() {
        return f64::NEG_INFINITY;
    }
    let z: f64 = scores[..k]
        .iter()
        .map(|s| (-(s - chosen) / TAU).exp())
        .sum();
    let p = (1.0 - EPS) / z + EPS / k.max(1) as f64;
    p.ln()
}
