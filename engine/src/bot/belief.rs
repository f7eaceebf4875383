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
//!   they were ([`crate::style::round_style`]). The game adds that up per seat
//!   ([`crate::SeatView::style`]): public, saved with the game, so a reload,
//!   a take-back or the review give the same beliefs. Each policy keeps
//!   a floor of the prior at least, since a person may change their ways.
//! - **Draws from the deck modelled.** Replaying a seat's turns
//!   backwards, the card a deck draw brought is one of the cards held after
//!   it: it is proposed by how well it explains that turn under the
//!   policies and the likelihood corrected for the proposal
//!   ([`crate::style::steps_ll`]),
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

use super::common::mix;
use super::infer::{fits, place, random_subset, shuffled_pile};
use crate::cards::{Cards, Value};
use crate::game::{Game, GameRng};
use crate::style::{log_sum_exp, prior_of, read_steps, steps_ll, Steps, P};
pub use crate::style::{Mixture, POLICIES};
use crate::types::MAX_PLAYERS;
use crate::view::PlayerView;

/// Candidates per seat at most (a search of `i` simulations weighs
/// `i / DIVISOR`, at least 16).
pub(crate) const CANDIDATES: usize = 256;
const DIVISOR: usize = 10;
/// Steps of the chain per candidate.
const MOVES: usize = 1;

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
    /// What the earlier rounds showed of its play ([`crate::style::round_style`]).
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
        self.per_bank * self.seats.len() * MOVES
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
        g.draw = shuffled_pile(&pool, &mut rng);
        g
    }
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
