//! How Hard's simulations play a round out after the candidate action
//! (issue 60), for measuring; only with the feature `playouts` (the CLI's).
//!
//! - [`Playout::Omniscient`], Hard's own: every seat plays
//!   [`super::common::policy_action`] on the sampled world, its Mojo risk
//!   read from the world's true hands.
//! - [`Playout::Medium`]: every seat plays Medium's own decision
//!   ([`super::medium::decide`]) on its view of the sampled world, the risk
//!   still read from the true hands. It is Medium on five of the six
//!   points where `policy_action` differs from it: an equal card's chain
//!   followed to its end, a draw averaged over the cards the seat has not
//!   seen, an emptied hand worth 0, the highest face-down card revealed
//!   first, the two-pile draw weighed as Medium weighs it.
//! - [`Playout::Honest`]: the same, and the sixth point: the risk from the
//!   seat's own view, estimated as Medium estimates it (24 samples of the
//!   cards it cannot see, [`super::medium::eval_from_view`]). Every seat,
//!   Hard's own future self too (Hard's default move is Medium's), then
//!   decides from its own information, as the players could. The estimate
//!   is cached per search ([`Playouts`]), keyed by the public table shape
//!   as the seat sees it ([`shape_key`]): the first seat to meet a shape
//!   estimates it from its view, later ones reuse it.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::common::{bot_rng, eval_in_game, mix, policy_action, Eval};
use super::medium::{decide, eval_from_view};
use crate::game::Game;
use crate::types::Action;
use crate::view::PlayerView;

/// How simulated seats decide (see the module's notes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Playout {
    /// [`super::common::policy_action`] on the true hands: Hard's.
    #[default]
    Omniscient,
    /// Medium's decision on the seat's view, the risk from the true hands.
    Medium,
    /// Medium's decision on the seat's view, the risk from the view.
    Honest,
}

impl Playout {
    /// Every playout, Hard's first.
    pub const ALL: [Playout; 3] = [Playout::Omniscient, Playout::Medium, Playout::Honest];

    /// The name on the command line (`hard:playout=honest`).
    pub const fn name(self) -> &'static str {
        match self {
            Playout::Omniscient => "omniscient",
            Playout::Medium => "medium",
            Playout::Honest => "honest",
        }
    }
}

impl core::str::FromStr for Playout {
    type Err = String;
    fn from_str(s: &str) -> Result<Playout, String> {
        Playout::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| format!("`{s}` is not a playout (omniscient, medium, honest)"))
    }
}

/// A search's playout policy, with its cache of honest risk estimates.
pub struct Playouts {
    mode: Playout,
    seed: u64,
    cache: HashMap<u64, Eval, BuildHasherDefault<KeyHasher>>,
    /// Estimates made (cache misses) and reused (hits).
    pub misses: u64,
    pub hits: u64,
}

impl Playouts {
    /// A fresh policy (an empty cache), its estimates seeded from `seed`.
    pub fn new(mode: Playout, seed: u64) -> Playouts {
        Playouts {
            mode,
            seed: mix(seed ^ 0x706C_6179_6F75_7473),
            cache: HashMap::default(),
            misses: 0,
            hits: 0,
        }
    }

    /// Which playout this is.
    pub fn mode(&self) -> Playout {
        self.mode
    }

    /// The action of the seat to act in `game`, a simulated (or true) world.
    pub fn action(&mut self, game: &Game) -> Action {
        match self.mode {
            Playout::Omniscient => policy_action(game),
            Playout::Medium => decide(&game.view(game.current()), |_| eval_in_game(game)),
            Playout::Honest => decide(&game.view(game.current()), |v| self.eval(v)),
        }
    }

    /// Medium's evaluation for `view`'s seat, from the cache when a seat met
    /// the same table shape before in this search.
    pub(crate) fn eval(&mut self, view: &PlayerView) -> Eval {
        let key = shape_key(view);
        if let Some(e) = self.cache.get(&key) {
            self.hits += 1;
            return *e;
        }
        self.misses += 1;
        let e = eval_from_view(view, &mut bot_rng(mix(self.seed ^ key)));
        self.cache.insert(key, e);
        e
    }
}

/// The keys are [`shape_key`]s, already mixed: hashing them again would
/// cost more than the rest of a lookup (each simulated decision makes one).
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = mix(self.0 ^ u64::from(b));
        }
    }
    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

/// The public table shape as `view`'s seat sees it, hashed: which seat it
/// is, and for every other seat (in seat order) its hand's and face-down
/// row's sizes, which values it has face up and how many cards, and the
/// same of the cards known in its hand. What the
/// seat holds itself and the discard piles' make-up are left out: they
/// change the estimate only through the pool of unseen cards, which differs
/// little between the positions of one search, and keeping them would leave
/// almost nothing to reuse.
pub(crate) fn shape_key(view: &PlayerView) -> u64 {
    let mut h = mix(u64::from(view.seat) ^ u64::from(view.options.players) << 8);
    for (s, sv) in view.seats.iter().enumerate() {
        if s == view.seat as usize {
            continue;
        }
        let up = u64::from(sv.face_up.mask()) | (sv.face_up.len() as u64) << 16;
        let known = u64::from(sv.known_in_hand.mask()) | (sv.known_in_hand.len() as u64) << 16;
        h = mix(h
            ^ u64::from(sv.hand_len)
            ^ u64::from(sv.face_down_len) << 8
            ^ up << 16
            ^ known << 40);
    }
    h
}

#[cfg(test)]
mod tests;
