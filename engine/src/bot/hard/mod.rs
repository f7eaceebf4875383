//! `hard`: determinized Monte Carlo search over the hidden information.
//!
//! Each simulation deals the cards this seat cannot see at random,
//! consistently with everything its view shows
//! ([`Game::sample_from_view`]), the other seats' hidden cards weighed by
//! how well they explain what those seats did this round in public (the
//! view's round log; [`super::infer`]), applies one candidate action and
//! plays the round out with a Medium-like policy
//! ([`super::common::policy_action`]) for every seat. The scored round is valued for the game, not just the round
//! ([`super::game_value`]: the chance to finish lowest given the totals and
//! the distance to the target, or the share of the victory at game end), so
//! the Mojo's +10 and the rank at the table both count.
//!
//! Every candidate is simulated on the same sampled deals with the same
//! future shuffles (common random numbers), so differences between actions
//! are not drowned by the luck of the deal; after a third and two thirds of
//! the budget the weaker half of the candidates is dropped (successive
//! halving). Decisions with one legal action, and reveals (which card is
//! turned up first does not change any score), are answered at once.
//!
//! Medium's choice is the default: the search's best candidate replaces it
//! only when its mean gain over Medium's choice, on the same deals, is at
//! least [`PRIOR_Z`] standard errors (a knob for measurement:
//! [`HardSearch::with_gate`], `mojo tournament`'s `hard:z=0`). Picking the best of several noisy
//! means otherwise often picks a move that only looked better (measured:
//! 29% against 3 Medium without the prior, 34–36% with it:
//! `docs/history/benchmarks-2026-11-to-12.md`, "Second pass").
//!
//! The search runs in slices ([`HardSearch::step`]) so a browser can spread
//! it over frames (the weighing of the inference's candidates comes first,
//! in the same slices); it stops after [`Budget::iterations`] simulations or
//! [`Budget::millis`] milliseconds, whichever comes first.

mod bot;

use rand::{Rng, RngCore};

#[cfg(not(feature = "playouts"))]
use super::common::policy_action;
use super::common::{bot_rng, fallback, game_value, Budget};
use super::Bot;
use crate::game::{Game, GameRng};
use crate::types::{Action, NoEvents, Phase};
use crate::view::PlayerView;

pub use bot::HardBot;

/// How simulations choose the actions after the candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rollout {
    /// The Medium-like policy, with halving (Hard).
    Policy,
    /// Uniformly random actions, every candidate equally (PIMC).
    Random,
}

/// How a search deals the others' hidden cards (issue 36). Only with the
/// feature `beliefs` (the CLI's).
#[cfg(feature = "beliefs")]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Inference {
    /// Each seat's candidates weighed by a Medium-like score ([`super::infer`]).
    #[default]
    Infer,
    /// Whole deals weighed by a mixture of policies per seat
    /// ([`super::belief`]).
    Particles,
}

/// The beliefs a search deals from.
enum Beliefs {
    Infer(Box<super::infer::Posterior>),
    #[cfg(feature = "beliefs")]
    Particles(Box<super::belief::Particles>),
}

impl Beliefs {
    fn ready(&self) -> bool {
        match self {
            Beliefs::Infer(p) => p.ready(),
            #[cfg(feature = "beliefs")]
            Beliefs::Particles(p) => p.ready(),
        }
    }

    fn build_one(&mut self) {
        match self {
            Beliefs::Infer(p) => p.build_one(),
            #[cfg(feature = "beliefs")]
            Beliefs::Particles(p) => p.build_one(),
        }
    }

    fn sample(&self, view: &PlayerView, seed: u64) -> Game {
        match self {
            Beliefs::Infer(p) => p.sample(view, seed),
            #[cfg(feature = "beliefs")]
            Beliefs::Particles(p) => p.sample(view, seed),
        }
    }
}

/// Where a search uses the learned evaluation ([`super::learned`]):
/// the default (both off) is Hard's hand-written one. Only with the
/// feature `learned` (the CLI's): the game in the browser does not carry it.
#[cfg(feature = "learned")]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Learned {
    /// Value scored rounds with the learned game model instead of
    /// [`super::game_value`]'s logistic.
    pub game: bool,
    /// Cut each rollout after this many actions and value the position by
    /// the learned round model (each seat's predicted round score).
    pub cutoff: Option<u32>,
    /// Weigh the inference's candidate holdings by the learned play model.
    pub infer: bool,
}

/// Medium's choice stands unless the search's best candidate beats it on
/// the same sampled deals by this many standard errors of the mean gain.
pub const PRIOR_Z: f64 = 2.0;

/// Longest simulation, in actions (a round is far shorter).
const MAX_ROLLOUT: u32 = 1000;

/// Where a search's simulated deals come from, given a seed: by default
/// [`Game::sample_from_view`] of the searching seat's view. Anything else
/// is for measurement only (`mojo tournament`'s `cheat` yardstick passes
/// the true game); no [`super::BotKind`] uses one.
pub type DealSource = Box<dyn FnMut(u64) -> Game>;

/// A resumable search for one decision.
pub struct HardSearch {
    view: PlayerView,
    /// `None`: samples of `view`.
    deals: Option<DealSource>,
    /// Weighs the samples by the round's public steps, when known.
    posterior: Option<Beliefs>,
    actions: Vec<Action>,
    sums: [f64; 28],
    counts: [u32; 28],
    active: [bool; 28],
    n_active: usize,
    rng: GameRng,
    budget: Budget,
    simulations: u32,
    start_ms: Option<f64>,
    mode: Rollout,
    /// Index of Medium's choice, which stands unless the search shows a
    /// clear gain over it.
    prior: Option<usize>,
    /// How clear: the gain's standard errors ([`PRIOR_Z`] by default).
    prior_z: f64,
    /// Per candidate, on the deals shared with the prior: the sum and the
    /// sum of squares of (its value − the prior's value), and their count.
    gain_sum: [f64; 28],
    gain_sq: [f64; 28],
    gain_n: [u32; 28],
    /// A candidate halving never drops (the review's played move).
    keep: Option<usize>,
    /// Per candidate: the sum of the searching seat's round points (R10,
    /// with the Mojo's +10) at the end of its simulations.
    points: [f64; 28],
    /// Per candidate, on the deals shared with `keep`: the sum and the sum
    /// of squares of (`keep`'s round points − its round points).
    pgain_sum: [f64; 28],
    pgain_sq: [f64; 28],
    /// Per candidate: in how many of its simulations the searching seat
    /// ended the round holding the Mojo with its +10 (R10.3; the review's
    /// reason, [`super::review::Why`]).
    plus_ten: [u32; 28],
    /// Set when the answer needs no search.
    instant: Option<Action>,
    done: bool,
    #[cfg(feature = "learned")]
    learned: Learned,
    /// How the simulations play on after the candidate.
    #[cfg(feature = "playouts")]
    playouts: super::playout::Playouts,
}

impl HardSearch {
    /// A search for `view`'s decision, seeded, stopping on `budget`.
    pub fn new(view: &PlayerView, seed: u64, budget: Budget) -> HardSearch {
        HardSearch::with_mode(view, seed, budget, Rollout::Policy)
    }

    /// A search for `view`'s decision whose simulations are played on the
    /// games `deals` returns instead of samples of the view: for measuring
    /// what knowing the hidden cards is worth (`mojo tournament`'s
    /// `cheat`). Every returned game must show the searching seat `view`.
    pub fn with_deals(
        view: &PlayerView,
        seed: u64,
        budget: Budget,
        deals: DealSource,
    ) -> HardSearch {
        let mut search = HardSearch::new(view, seed, budget);
        search.deals = Some(deals);
        // The deals are given: no weighing of sampled ones.
        search.posterior = None;
        search
    }

    pub(crate) fn with_mode(
        view: &PlayerView,
        seed: u64,
        budget: Budget,
        mode: Rollout,
    ) -> HardSearch {
        let actions = view.legal_actions();
        let instant = if !view.is_my_turn() || actions.len() <= 1 {
            Some(fallback(&actions))
        } else if view.phase == Phase::Reveal {
            Some(
                view.face_down
                    .max()
                    .map_or(fallback(&actions), Action::Reveal),
            )
        } else {
            None
        };
        let prior = if instant.is_none() && mode == Rollout::Policy {
            let m = super::MediumBot::new(seed ^ 0x6D65_6469_756D).choose(view);
            actions.iter().position(|a| a == m)
        } else {
            None
        };
        let actions = actions.to_vec();
        let n = actions.len();
        let mut active = [false; 28];
        for a in active.iter_mut().take(n) {
            *a = true;
        }
        HardSearch {
            view: view.clone(),
            deals: None,
            posterior: None,
            actions,
            sums: [0.0; 28],
            counts: [0; 28],
            active,
            n_active: n,
            rng: bot_rng(seed),
            budget,
            simulations: 0,
            start_ms: None,
            mode,
            prior,
            prior_z: PRIOR_Z,
            gain_sum: [0.0; 28],
            gain_sq: [0.0; 28],
            gain_n: [0; 28],
            keep: None,
            points: [0.0; 28],
            pgain_sum: [0.0; 28],
            pgain_sq: [0.0; 28],
            plus_ten: [0; 28],
            instant,
            done: instant.is_some(),
            #[cfg(feature = "learned")]
            learned: Learned::default(),
            #[cfg(feature = "playouts")]
            playouts: super::playout::Playouts::new(super::playout::Playout::Omniscient, seed),
        }
        .with_posterior(seed)
    }

    fn with_posterior(mut self, seed: u64) -> HardSearch {
        if self.instant.is_none() && self.mode == Rollout::Policy {
            self.posterior = Some(Beliefs::Infer(Box::new(super::infer::Posterior::new(
                &self.view,
                &self.view.log,
                seed,
                self.budget.iterations,
            ))));
        }
        self
    }

    /// The same search dealing the hidden cards as `inference` says.
    #[cfg(feature = "beliefs")]
    pub fn with_inference(mut self, inference: Inference, seed: u64) -> HardSearch {
        if self.posterior.is_some() && inference == Inference::Particles {
            self.posterior = Some(Beliefs::Particles(Box::new(super::belief::Particles::new(
                &self.view,
                seed,
                self.budget.iterations,
            ))));
        }
        self
    }

    /// The same search keeping Medium's choice unless the best candidate's
    /// mean gain over it is more than `z` standard errors (default
    /// [`PRIOR_Z`]; 0: the best mean wins whenever its gain is positive).
    /// For measuring the gate (issue 60's E1).
    pub fn with_gate(mut self, z: f64) -> HardSearch {
        self.prior_z = z;
        self
    }

    /// The same search playing its simulations out as `playout` says
    /// ([`super::playout`]), its honest estimates cached for this search.
    #[cfg(feature = "playouts")]
    pub fn with_playout(mut self, playout: super::playout::Playout, seed: u64) -> HardSearch {
        self.playouts = super::playout::Playouts::new(playout, seed);
        self
    }

    /// The honest playouts' risk estimates so far: made, reused.
    #[cfg(feature = "playouts")]
    pub fn estimates(&self) -> (u64, u64) {
        (self.playouts.misses, self.playouts.hits)
    }

    /// The same search, never dropping `action` (when it is a candidate):
    /// it is simulated on every sampled deal, to the full budget. For the
    /// review ([`super::review`]), which compares the move played with
    /// Hard's choice.
    pub(crate) fn keeping(mut self, action: Action) -> HardSearch {
        self.keep = self.actions.iter().position(|&a| a == action);
        self
    }

    /// The mean round points (R10, lower is better) of `action` for the
    /// searching seat over its simulations, and how many there were.
    pub(crate) fn mean_points(&self, action: Action) -> Option<(f64, u32)> {
        let i = self.actions.iter().position(|&a| a == action)?;
        let n = self.counts[i];
        (n > 0).then(|| (self.points[i] / f64::from(n), n))
    }

    /// The share of `action`'s simulations in which the searching seat
    /// paid the Mojo's +10 (0 to 1).
    pub(crate) fn plus_ten_share(&self, action: Action) -> Option<f64> {
        let i = self.actions.iter().position(|&a| a == action)?;
        let n = self.counts[i];
        (n > 0).then(|| f64::from(self.plus_ten[i]) / f64::from(n))
    }

    /// On the deals shared with the kept candidate: the mean of (its round
    /// points − `action`'s) and the standard error of that mean.
    pub(crate) fn points_gain(&self, action: Action) -> Option<(f64, f64)> {
        let k = self.keep?;
        let i = self.actions.iter().position(|&a| a == action)?;
        let n = self.counts[i].min(self.counts[k]);
        if n == 0 {
            return None;
        }
        let nf = f64::from(n);
        let m = self.pgain_sum[i] / nf;
        let var = (self.pgain_sq[i] / nf - m * m).max(0.0);
        Some((m, (var / nf).sqrt()))
    }

    /// The same search with the learned evaluation used as `learned` says.
    #[cfg(feature = "learned")]
    pub fn with_learned(mut self, learned: Learned) -> HardSearch {
        self.learned = learned;
        self.posterior = self.posterior.map(|p| match p {
            Beliefs::Infer(p) => Beliefs::Infer(Box::new(p.with_learned_plays(learned.infer))),
            #[cfg(feature = "beliefs")]
            other => other,
        });
        self
    }

    /// How many actions a rollout plays at most.
    fn rollout_cut(&self) -> u32 {
        #[cfg(feature = "learned")]
        if let Some(cut) = self.learned.cutoff {
            return cut;
        }
        MAX_ROLLOUT
    }

    /// The value for `me` of where a rollout stopped.
    fn leaf_value(&self, game: &Game, me: crate::Seat) -> f64 {
        #[cfg(feature = "learned")]
        if self.learned.game || self.learned.cutoff.is_some() {
            return super::learned::leaf_value(game, me, self.learned.game);
        }
        game_value(game, me)
    }

    /// Whether the search has finished.
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// Simulations run so far.
    pub fn simulations(&self) -> u32 {
        self.simulations
    }

    /// Runs about `iterations` more simulations (whole sampled deals: every
    /// remaining candidate once per deal). Returns whether the search is done
    /// (iteration budget spent). Without a clock only the iteration budget
    /// applies; see [`HardSearch::step_timed`].
    pub fn step(&mut self, iterations: u32) -> bool {
        if let Some(p) = &mut self.posterior {
            // Weighing candidates comes first, a few per iteration asked.
            let mut n = iterations.saturating_mul(4);
            while !p.ready() && n > 0 && !self.done {
                p.build_one();
                n -= 1;
            }
            if !p.ready() {
                return self.done;
            }
        }
        let target = self.simulations.saturating_add(iterations);
        while !self.done && self.simulations < target {
            self.one_deal();
            if self.simulations >= self.budget.iterations {
                self.done = true;
            }
        }
        self.done
    }

    /// Like [`HardSearch::step`], also stopping once `now_ms` is
    /// [`Budget::millis`] after the first call's `now_ms`.
    pub fn step_timed(&mut self, iterations: u32, now_ms: f64) -> bool {
        let start = *self.start_ms.get_or_insert(now_ms);
        if now_ms - start >= self.budget.millis {
            self.done = true;
        }
        self.step(iterations)
    }

    /// The best action found so far (always legal).
    pub fn best(&self) -> Action {
        if let Some(a) = self.instant {
            return a;
        }
        let mut best: Option<(f64, Action)> = None;
        for i in 0..self.actions.len() {
            if !self.active[i] || self.counts[i] == 0 {
                continue;
            }
            let mean = self.sums[i] / f64::from(self.counts[i]);
            if best.is_none_or(|(b, _)| mean > b) {
                best = Some((mean, self.actions[i]));
            }
        }
        let chosen = best.map_or_else(
            || self.actions.first().copied().unwrap_or(Action::NextRound),
            |(_, a)| a,
        );
        if let Some(p) = self.prior {
            if let Some(i) = self.actions.iter().position(|&a| a == chosen) {
                if i != p {
                    let n = f64::from(self.gain_n[i].max(1));
                    let m = self.gain_sum[i] / n;
                    let var = (self.gain_sq[i] / n - m * m).max(0.0);
                    if self.gain_n[i] < 2 || m <= self.prior_z * (var / n).sqrt() {
                        return self.actions[p];
                    }
                }
            }
        }
        chosen
    }

    /// The mean value of each candidate so far (for tests and displays).
    pub fn values(&self) -> Vec<(Action, f64, u32)> {
        (0..self.actions.len())
            .map(|i| {
                let n = self.counts[i];
                let m = if n == 0 {
                    0.0
                } else {
                    self.sums[i] / f64::from(n)
                };
                (self.actions[i], m, n)
            })
            .collect()
    }

    /// One sampled deal: every active candidate simulated on it.
    fn one_deal(&mut self) {
        let deal_seed = self.rng.next_u64();
        let play_seed = self.rng.next_u64();
        let mut base = match &mut self.deals {
            Some(deals) => deals(deal_seed),
            None => match &self.posterior {
                Some(p) => p.sample(&self.view, deal_seed),
                None => Game::sample_from_view(&self.view, deal_seed),
            },
        };
        base.reseed(play_seed);
        let me = self.view.seat;
        let before = base.totals().get(me as usize).copied().unwrap_or(0);
        // This deal's value and round points of each candidate (NaN: not
        // simulated).
        let mut vals = [f64::NAN; 28];
        let mut pts = [f64::NAN; 28];
        for (i, slot) in vals.iter_mut().enumerate().take(self.actions.len()) {
            if !self.active[i] {
                continue;
            }
            let mut g = base.clone();
            let (value, points) = if g.apply_with(self.actions[i], &mut NoEvents).is_ok() {
                let mut roll = bot_rng(play_seed);
                let cut = self.rollout_cut();
                #[cfg(feature = "playouts")]
                let playouts = &mut self.playouts;
                let mut policy = |g: &Game| {
                    #[cfg(feature = "playouts")]
                    return playouts.action(g);
                    #[cfg(not(feature = "playouts"))]
                    policy_action(g)
                };
                simulate_steps(&mut g, self.mode, &mut policy, &mut roll, cut);
                let after = g.totals().get(me as usize).copied().unwrap_or(0);
                let paid = g.last_round().is_some_and(|r| {
                    r.round == base.round() && r.holder == me && r.holder_penalised()
                });
                self.plus_ten[i] += u32::from(paid);
                (
                    self.leaf_value(&g, me),
                    f64::from(after.saturating_sub(before)),
                )
            } else {
                (0.0, 0.0)
            };
            self.sums[i] += value;
            self.points[i] += points;
            self.counts[i] += 1;
            self.simulations += 1;
            *slot = value;
            pts[i] = points;
        }
        if let Some(k) = self.keep {
            let pk = pts[k];
            for (i, &p) in pts.iter().enumerate().take(self.actions.len()) {
                if !p.is_nan() && !pk.is_nan() {
                    let d = pk - p;
                    self.pgain_sum[i] += d;
                    self.pgain_sq[i] += d * d;
                }
            }
        }
        if let Some(p) = self.prior {
            let vp = vals[p];
            for (i, &v) in vals.iter().enumerate().take(self.actions.len()) {
                if !v.is_nan() && !vp.is_nan() {
                    let d = v - vp;
                    self.gain_sum[i] += d;
                    self.gain_sq[i] += d * d;
                    self.gain_n[i] += 1;
                }
            }
        }
        self.maybe_halve();
    }

    fn maybe_halve(&mut self) {
        if self.mode != Rollout::Policy || self.n_active <= 2 {
            return;
        }
        let b = self.budget.iterations;
        let spent = self.simulations;
        let first = spent >= b / 3 && self.n_active == self.actions.len();
        let second = spent >= 2 * b / 3 && self.n_active * 2 > self.actions.len();
        if !(first || second) || self.n_active <= 2 {
            return;
        }
        let means: Vec<(f64, usize)> = (0..self.actions.len())
            .filter(|&i| self.active[i] && self.counts[i] > 0)
            .map(|i| (self.sums[i] / f64::from(self.counts[i]), i))
            .collect();
        let keep = means.len().div_ceil(2).max(2);
        for i in outside_best(&means, keep) {
            if Some(i) != self.prior && Some(i) != self.keep {
                self.active[i] = false;
            }
        }
        self.n_active = self.active.iter().filter(|&&a| a).count();
    }
}

/// The candidates (`(mean, index)`) not among the `keep` best: the best mean
/// first, ties going to the lower index. A candidate's rank is how many
/// others come before it; with a few dozen candidates at most this needs no
/// sort (std's stable sort would add about 4 KB to the web app for this one
/// call).
pub(crate) fn outside_best(
    means: &[(f64, usize)],
    keep: usize,
) -> impl Iterator<Item = usize> + '_ {
    means.iter().filter_map(move |&(mean, i)| {
        let rank = means
            .iter()
            .filter(|&&(m, j)| m.total_cmp(&mean).then(i.cmp(&j)).is_gt())
            .count();
        (rank >= keep).then_some(i)
    })
}

/// Plays `game` on to the end of the current round or for `max` actions,
/// whichever comes first, each action `policy`'s (or, in
/// [`Rollout::Random`], a random one).
fn simulate_steps(
    game: &mut Game,
    mode: Rollout,
    policy: &mut dyn FnMut(&Game) -> Action,
    rng: &mut GameRng,
    max: u32,
) {
    let mut steps = 0;
    while !matches!(game.phase(), Phase::RoundOver | Phase::GameOver) && steps < max {
        let a = match mode {
            Rollout::Policy => policy(game),
            Rollout::Random => {
                let legal = game.legal_actions();
                if legal.is_empty() {
                    break;
                }
                legal
                    .get(rng.gen_range(0..legal.len() as u32) as usize)
                    .unwrap_or(Action::NextRound)
            }
        };
        if game.apply_with(a, &mut NoEvents).is_err() {
            break;
        }
        steps += 1;
    }
}
