//! Frozen copy of the engine's `Game::sample_from_view` (`determinize.rs`)
//! and of the game's `shuffle`, as they were when the panel was frozen:
//! the frozen Medium draws its Mojo risk from these samples and the frozen
//! Hard plays its simulations on them, so a later change to the engine's
//! sampling must not move them. Never edit (see [`super`]).

use rand::{RngCore, SeedableRng};

use crate::cards::{Cards, Pile, Value};
use crate::game::{Game, GameRng};
use crate::types::MAX_PLAYERS;
use crate::view::PlayerView;

/// The engine's `shuffle` (Fisher–Yates with a 32-bit multiply-shift
/// bound), frozen.
pub(crate) fn shuffle<R: RngCore>(cards: &mut [Value], rng: &mut R) {
    for i in (1..cards.len()).rev() {
        let bound = i as u64 + 1;
        let j = ((u64::from(rng.next_u32()) * bound) >> 32) as usize;
        cards.swap(i, j);
    }
}

/// A game consistent with `view`: this seat's cards, every public card,
/// pile and count are as the view shows; the unseen cards (other hands
/// beyond their known cards, other face-down rows, the draw pile) are
/// dealt uniformly at random from [`PlayerView::unseen`], and the game's
/// generator is seeded from `seed`, so future shuffles are not the real
/// game's either.
///
/// Where the view's counts and the unseen cards disagree (only in partial
/// positions that do not hold the 78-card deck), the draw pile takes what
/// is left and may be shorter or longer than the view says.
pub(crate) fn sample_from_view(view: &PlayerView, seed: u64) -> Game {
    let mut rng = GameRng::seed_from_u64(seed);
    let n = view.options.players as usize;
    let me = view.seat as usize;
    let mut pool: Vec<Value> = view.unseen().iter().collect();
    shuffle(&mut pool, &mut rng);
    let mut pool = pool.into_iter();

    let mut hands = [Cards::EMPTY; MAX_PLAYERS];
    let mut face_down = [Cards::EMPTY; MAX_PLAYERS];
    let mut face_up = [Cards::EMPTY; MAX_PLAYERS];
    let mut known = [Cards::EMPTY; MAX_PLAYERS];
    let mut totals = [0u32; MAX_PLAYERS];
    for (s, sv) in view.seats.iter().enumerate().take(n) {
        face_up[s] = sv.face_up;
        known[s] = sv.known_in_hand;
        totals[s] = sv.total;
        if s == me {
            hands[s] = view.hand;
            face_down[s] = view.face_down;
            continue;
        }
        hands[s] = sv.known_in_hand;
        let hidden = (sv.hand_len as usize).saturating_sub(sv.known_in_hand.len());
        for v in pool.by_ref().take(hidden) {
            hands[s].add(v);
        }
        for v in pool.by_ref().take(sv.face_down_len as usize) {
            face_down[s].add(v);
        }
    }
    let mut draw = Pile::EMPTY;
    for v in pool {
        draw.push(v);
    }
    let mut discard = [Pile::EMPTY; 2];
    for (i, p) in view.discard.iter().take(2).enumerate() {
        discard[i] = *p;
    }
    let winners = view
        .winners
        .iter()
        .filter(|&&w| (w as usize) < n)
        .fold(0u8, |m, &w| m | (1 << w));
    Game {
        options: view.options,
        hands,
        face_down,
        face_up,
        known,
        draw,
        discard,
        totals,
        mojo: view.mojo,
        current: view.current,
        phase: view.phase,
        round: view.round,
        last_round: view.last_round,
        winners,
        rng,
        log: view.log,
        styles: core::array::from_fn(|s| view.seats.get(s).map_or([0; 4], |sv| sv.style)),
        keep_styles: false,
        undo: crate::game::Undo::NONE,
    }
}

#[cfg(test)]
mod tests {
    use crate::{Game, NoEvents, Options};

    /// The frozen sampler gives the same games as the engine's today (true
    /// at freezing time: delete this test when `Game::sample_from_view`
    /// changes on purpose), and its samples agree with the view.
    #[test]
    fn frozen_sampler_equals_the_engines_at_freezing_time() {
        for seed in 0..60u64 {
            let mut game = Game::new(
                Options {
                    double_discard: seed % 2 == 0,
                    ..Options::players(2 + (seed % 7) as u8)
                },
                seed,
            )
            .unwrap();
            for _ in 0..(seed % 40) {
                let a = game.legal_actions().get(0).unwrap();
                game.apply_with(a, &mut NoEvents).unwrap();
            }
            for seat in 0..game.players() {
                let view = game.view(seat);
                let ours = super::sample_from_view(&view, seed * 31 + u64::from(seat));
                assert_eq!(
                    ours,
                    Game::sample_from_view(&view, seed * 31 + u64::from(seat))
                );
                assert_eq!(ours.view(seat), view);
            }
        }
    }
}
