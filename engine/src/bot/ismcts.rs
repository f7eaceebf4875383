//! Information-set Monte Carlo tree search (Cowling, Powley & Whitehouse
//! 2012, single observer) for Hard.
//!
//! One tree over the searching seat's own decisions. Each iteration deals
//! the cards the seat cannot see afresh, consistently with its view (and
//! weighted by the round's public steps when they are known), then walks
//! the tree: at each of the seat's decisions the child is chosen by UCB
//! with a progressive bias toward the Medium-like evaluation of the move;
//! a node is one of the seat's information sets, so a decision reached
//! after new information (a card it drew, what the others played) has a
//! node of its own, found by what the seat knows there. The other seats
//! choose with the simulation policy, from their own cards. Past the
//! tree's depth every seat plays the policy to the end of the round, and
//! the round is valued for the game ([`super::game_value`]).

use super::common::{game_value, policy_action, quick_play_score, Eval};
use crate::game::Game;
use crate::types::{Action, NoEvents, Phase, Seat};

/// Tunable settings of the tree search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Knobs {
    /// UCB exploration constant (values are 0..1 win chances).
    pub c: f64,
    /// Weight of the progressive bias toward the evaluation's favourite.
    pub bias: f64,
    /// Temperature of the bias (points of the evaluation).
    pub bias_tau: f64,
    /// How many of the seat's turns the tree spans (1: this turn only).
    pub depth: u32,
}

pub(crate) const KNOBS: Knobs = Knobs {
    c: 0.15,
    bias: 0.2,
    bias_tau: 1.0,
    depth: 1,
};

pub(crate) fn knobs() -> Knobs {
    static K: std::sync::OnceLock<Knobs> = std::sync::OnceLock::new();
    *K.get_or_init(|| {
        let get = |name: &str, d: f64| -> f64 {
            std::env::var(name)
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(d)
        };
        Knobs {
            c: get("IS_C", KNOBS.c),
            bias: get("IS_BIAS", KNOBS.bias),
            bias_tau: get("IS_TAU", KNOBS.bias_tau),
            depth: get("IS_DEPTH", f64::from(KNOBS.depth)) as u32,
        }
    })
}

struct Edge {
    action: Action,
    n: u32,
    w: f64,
    /// Progressive bias, 0..1 (1: the evaluation's favourite).
    bias: f64,
    /// Children: (what the seat knows there, node).
    children: Vec<(u64, u32)>,
}

struct Node {
    edges: Vec<Edge>,
    visits: u32,
}

/// Longest simulation, in actions.
const MAX_STEPS: u32 = 1000;

/// The tree and its statistics.
pub(crate) struct Tree {
    nodes: Vec<Node>,
    me: Seat,
    knobs: Knobs,
    /// Scratch path of (node, edge) pairs.
    path: Vec<(u32, u32)>,
}

/// What the searching seat knows at one of its decisions, as a key: its
/// hand and face-down cards, the tops, the phase, and every seat's counts.
fn info_key(g: &Game, me: Seat) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut put = |x: u64| {
        h ^= x;
        h = h.wrapping_mul(0x0100_0000_01b3);
    };
    for &c in g.hand(me).counts() {
        put(u64::from(c));
    }
    for &c in g.face_down(me).counts() {
        put(u64::from(c) + 16);
    }
    for p in 0..g.options().piles() {
        put(g.discard(p).top().map_or(99, u64::from));
    }
    put(match g.phase() {
        Phase::Play => 1,
        Phase::Continue { pile } => 2 + u64::from(pile),
        Phase::Draw { pile } => 4 + u64::from(pile),
        Phase::Reveal => 6,
        Phase::RoundOver | Phase::GameOver => 7,
    });
    for s in 0..g.players() {
        put(g.hand(s).len() as u64 * 64 + g.face_down(s).len() as u64);
    }
    h
}

/// Evaluation-based bias of each legal action at a decision of `g`.
fn biases(g: &Game, eval: &Eval, tau: f64, actions: &[Action]) -> Vec<f64> {
    let s = g.current();
    let hand = *g.hand(s);
    let scores: Vec<f64> = actions
        .iter()
        .map(|a| match *a {
            Action::Play { value, pile } => {
                quick_play_score(eval, &hand, value, g.discard(pile).top())
            }
            _ => 0.0,
        })
        .collect();
    let best = scores.iter().copied().fold(f64::INFINITY, f64::min);
    scores.iter().map(|&x| (-(x - best) / tau).exp()).collect()
}

impl Tree {
    pub(crate) fn new(me: Seat, root_actions: &[Action], root_bias: &[f64]) -> Tree {
        let edges = root_actions
            .iter()
            .zip(root_bias)
            .map(|(&action, &bias)| Edge {
                action,
                n: 0,
                w: 0.0,
                bias,
                children: Vec::new(),
            })
            .collect();
        Tree {
            nodes: vec![Node { edges, visits: 0 }],
            me,
            knobs: knobs(),
            path: Vec::new(),
        }
    }

    fn select(&self, node: u32) -> u32 {
        let nd = &self.nodes[node as usize];
        let k = &self.knobs;
        let ln = (f64::from(nd.visits) + 1.0).ln();
        // First-play urgency: an untried move counts as the node's mean.
        let (sn, sw) = nd
            .edges
            .iter()
            .fold((0u32, 0.0), |(n, w), e| (n + e.n, w + e.w));
        let fpu = if sn > 0 { sw / f64::from(sn) } else { 0.5 };
        let mut best = (f64::NEG_INFINITY, 0u32);
        for (i, e) in nd.edges.iter().enumerate() {
            let n = f64::from(e.n);
            let q = if e.n > 0 { e.w / n } else { fpu };
            let u = q + k.c * (ln / (n + 1.0)).sqrt() + k.bias * e.bias / (n + 1.0);
            if u > best.0 {
                best = (u, i as u32);
            }
        }
        best.1
    }

    /// One iteration on the sampled game `g` (reseeded by the caller):
    /// down the tree, then the policy to the end of the round. Returns the
    /// value reached.
    pub(crate) fn iterate(
        &mut self,
        mut g: Game,
        eval_of: &dyn Fn(&Game) -> Eval,
        forced_root: Option<u32>,
    ) -> f64 {
        let mut forced = forced_root;
        self.path.clear();
        let me = self.me;
        let mut node = 0u32;
        let mut turns = 1u32;
        let mut in_tree = true;
        let mut steps = 0;
        // The last edge taken, whose child is found at the next decision.
        let mut pending: Option<(u32, u32)> = None;
        let mut turn_over = false;
        while !matches!(g.phase(), Phase::RoundOver | Phase::GameOver) && steps < MAX_STEPS {
            steps += 1;
            let cur = g.current();
            let decision = cur == me
                && in_tree
                && matches!(
                    g.phase(),
                    Phase::Play | Phase::Continue { .. } | Phase::Draw { .. }
                );
            if decision {
                if let Some((pn, pe)) = pending.take() {
                    if turn_over {
                        turns += 1;
                        turn_over = false;
                    }
                    if turns > self.knobs.depth {
                        in_tree = false;
                    } else {
                        let key = info_key(&g, me);
                        let found = self.nodes[pn as usize].edges[pe as usize]
                            .children
                            .iter()
                            .find(|c| c.0 == key)
                            .map(|c| c.1);
                        node = match found {
                            Some(c) => c,
                            None => {
                                let legal = g.legal_actions().to_vec();
                                let eval = eval_of(&g);
                                let b = biases(&g, &eval, self.knobs.bias_tau, &legal);
                                let edges = legal
                                    .iter()
                                    .zip(&b)
                                    .map(|(&action, &bias)| Edge {
                                        action,
                                        n: 0,
                                        w: 0.0,
                                        bias,
                                        children: Vec::new(),
                                    })
                                    .collect();
                                self.nodes.push(Node { edges, visits: 0 });
                                let c = (self.nodes.len() - 1) as u32;
                                self.nodes[pn as usize].edges[pe as usize]
                                    .children
                                    .push((key, c));
                                c
                            }
                        };
                    }
                }
                if in_tree {
                    let e = forced.take().unwrap_or_else(|| self.select(node));
                    let a = self.nodes[node as usize].edges[e as usize].action;
                    self.path.push((node, e));
                    pending = Some((node, e));
                    if g.apply_with(a, &mut NoEvents).is_err() {
                        break;
                    }
                    if g.current() != me
                        || !matches!(g.phase(), Phase::Continue { .. } | Phase::Draw { .. })
                    {
                        turn_over = true;
                    }
                    continue;
                }
            }
            let a = policy_action(&g);
            if g.apply_with(a, &mut NoEvents).is_err() {
                break;
            }
        }
        let v = game_value(&g, me);
        for &(n, e) in &self.path {
            let nd = &mut self.nodes[n as usize];
            nd.visits += 1;
            let ed = &mut nd.edges[e as usize];
            ed.n += 1;
            ed.w += v;
        }
        v
    }

    /// The root's statistics: (action, visits, mean).
    pub(crate) fn root(&self) -> impl Iterator<Item = (Action, u32, f64)> + '_ {
        self.nodes[0].edges.iter().map(|e| {
            (
                e.action,
                e.n,
                if e.n > 0 { e.w / f64::from(e.n) } else { 0.0 },
            )
        })
    }
}
