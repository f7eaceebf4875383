//! `medium`: a heuristic player that understands the scoring.
//!
//! At each decision it looks one whole turn ahead of itself: every card it
//! may play (on each pile), every chain an equal card forces, and every card
//! it might draw (weighted by the unseen cards). It weighs the hand it would
//! end the turn with ([`Eval::leaf`]):
//!
//! - only the highest card of each colour counts, so what matters is the
//!   points of the few low cards it will keep, plus a cost per card still
//!   to shed, plus part of the points above those (all of them when an
//!   opponent in Mojo Time is about to end the round);
//! - going face down with `p` points costs `p`, or `p + 10` when it ends the
//!   round and someone has fewer points: that risk is estimated from
//!   samples of the hidden cards, using the revealed cards and hand sizes of
//!   the others; emptying the hand scores 0;
//! - of two plays that leave equally good hands it sheds the higher card: the
//!   value of the card a turn ends on earns a small bonus
//!   ([`crate::eval::Weights::shed`]; +9 points of win share against
//!   greedy: `docs/history/benchmarks-2026-11-to-12.md`, "Second pass").
//!
//! With two piles it takes the other pile's top when that beats the
//! expected deck card. It reveals its highest face-down card first (the
//! order does not change the score).

use rand::RngCore;

use super::common::{bot_rng, fallback, logistic, projected, weights, Eval};
use super::Bot;
use crate::cards::{Cards, Value, VALUES};
use crate::game::{Game, GameRng};
use crate::types::{Action, DrawSource, Phase};
use crate::view::PlayerView;

/// Samples of the hidden cards used to estimate the Mojo risk.
const RISK_SAMPLES: u32 = 24;

/// The heuristic player.
pub struct MediumBot {
    rng: GameRng,
}

impl MediumBot {
    pub fn new(seed: u64) -> MediumBot {
        MediumBot { rng: bot_rng(seed) }
    }
}

/// The evaluation for `view`'s seat: the Mojo risk per points value from
/// sampled hidden cards.
pub(crate) fn eval_from_view(view: &PlayerView, rng: &mut GameRng) -> Eval {
    let threshold = view.options.threshold();
    let me = view.seat;
    let w = weights();
    let mut mins = [0f64; RISK_SAMPLES as usize];
    for m in mins.iter_mut() {
        let g = Game::sample_from_view(view, rng.next_u64());
        *m = (0..view.players())
            .filter(|&s| s != me)
            .map(|s| projected(&g, s, threshold, w.proj_per_card))
            .fold(f64::INFINITY, f64::min);
    }
    let mut risk = [0.0; 41];
    for (p, r) in risk.iter_mut().enumerate() {
        // Smoothed share of samples where someone has fewer than p points.
        let s: f64 = mins
            .iter()
            .map(|&m| logistic((p as f64 - m - 0.5) * w.risk_slope))
            .sum();
        *r = s / f64::from(RISK_SAMPLES);
    }
    let down_min = view
        .seats
        .iter()
        .enumerate()
        .filter(|&(s, sv)| s != me as usize && sv.face_down_len > 0)
        .map(|(_, sv)| sv.face_down_len)
        .min()
        .unwrap_or(99);
    Eval {
        threshold,
        risk,
        down_min,
        w,
    }
}

/// The unseen cards as weights for a draw from the deck.
struct Pool {
    counts: [u8; VALUES],
    total: f64,
}

impl Pool {
    fn new(view: &PlayerView) -> Pool {
        let unseen = view.unseen();
        Pool {
            counts: *unseen.counts(),
            total: unseen.len() as f64,
        }
    }

    /// Expected leaf value of `hand` plus one card drawn from the deck.
    fn expect_draw(&self, eval: &Eval, hand: &Cards) -> f64 {
        if self.total == 0.0 {
            return eval.leaf(hand);
        }
        let mut sum = 0.0;
        for (v, &c) in self.counts.iter().enumerate() {
            if c > 0 {
                let mut h = *hand;
                h.add(v as Value);
                sum += f64::from(c) * eval.leaf(&h);
            }
        }
        sum / self.total
    }
}

struct Ctx<'a> {
    eval: &'a Eval,
    pool: &'a Pool,
    /// Tops of the discard piles.
    tops: [Option<Value>; 2],
    piles: u8,
    /// [`crate::eval::Weights::shed`].
    shed: f64,
}

impl Ctx<'_> {
    /// Expected value (lower is better) of playing `value` on `pile` from
    /// `hand`, following the turn to its end.
    fn play_value(&self, hand: &Cards, value: Value, pile: u8, depth: u8) -> f64 {
        let mut left = *hand;
        left.remove(value);
        if left.is_empty() {
            return 0.0;
        }
        let p = pile.min(1) as usize;
        match self.tops[p] {
            Some(t) if value == t && depth < 12 => {
                // Must play again onto the same pile, now topped by `value`.
                let mut best = f64::INFINITY;
                for v in left.distinct() {
                    best = best.min(self.play_value(&left, v, pile, depth + 1));
                }
                best
            }
            // The turn ends on `value`: a higher card shed is worth a little.
            Some(t) if value > t => self.after_draw(&left, p) - self.shed * f64::from(value),
            _ => self.eval.leaf(&left) - self.shed * f64::from(value),
        }
    }

    /// Value of having to draw after playing on pile `p`.
    fn after_draw(&self, hand: &Cards, p: usize) -> f64 {
        let deck = self.pool.expect_draw(self.eval, hand);
        if self.piles < 2 {
            return deck;
        }
        match self.tops[1 - p] {
            Some(v) => {
                let mut h = *hand;
                h.add(v);
                deck.min(self.eval.leaf(&h))
            }
            None => deck,
        }
    }
}

impl Bot for MediumBot {
    fn choose(&mut self, view: &PlayerView) -> Action {
        let rng = &mut self.rng;
        decide(view, |v| eval_from_view(v, rng))
    }
}

/// Medium's decision in `view`, its Mojo risk read by `eval` when the
/// decision needs it (a play or a draw with a choice; at most once): the
/// bot itself estimates it from samples of the view ([`eval_from_view`]);
/// the search's honest playouts pass a cached estimate (`bot::playout`).
pub(crate) fn decide(view: &PlayerView, eval: impl FnOnce(&PlayerView) -> Eval) -> Action {
    let legal = view.legal_actions();
    if legal.len() <= 1 || !view.is_my_turn() {
        return fallback(&legal);
    }
    match view.phase {
        Phase::Reveal => view
            .face_down
            .max()
            .map_or(fallback(&legal), Action::Reveal),
        Phase::Draw { pile } => {
            let eval = eval(view);
            let pool = Pool::new(view);
            let deck = pool.expect_draw(&eval, &view.hand);
            match view.top(1 - pile.min(1)) {
                Some(v) => {
                    let mut h = view.hand;
                    h.add(v);
                    if eval.leaf(&h) < deck {
                        Action::Draw(DrawSource::Discard)
                    } else {
                        Action::Draw(DrawSource::Deck)
                    }
                }
                None => Action::Draw(DrawSource::Deck),
            }
        }
        Phase::Play | Phase::Continue { .. } => {
            let eval = eval(view);
            let pool = Pool::new(view);
            let ctx = Ctx {
                eval: &eval,
                pool: &pool,
                tops: [view.top(0), view.top(1)],
                piles: view.options.piles(),
                shed: eval.w.shed,
            };
            let mut best = (f64::INFINITY, fallback(&legal));
            for a in legal.iter() {
                if let Action::Play { value, pile } = a {
                    let v = ctx.play_value(&view.hand, value, pile, 0);
                    if v < best.0 - 1e-9 {
                        best = (v, a);
                    }
                }
            }
            best.1
        }
        Phase::RoundOver | Phase::GameOver => fallback(&legal),
    }
}
