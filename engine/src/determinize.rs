//! Filling in what a seat cannot see: a whole [`Game`] drawn at random among
//! those consistent with a [`PlayerView`]. Search bots (ISMCTS, PIMC) play
//! their simulations on such samples; they never see the real game.

use rand::SeedableRng;

use crate::cards::{Cards, Pile, Value};
use crate::game::{shuffle, Game, GameRng};
use crate::types::MAX_PLAYERS;
use crate::view::PlayerView;

impl Game {
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
    pub fn sample_from_view(view: &PlayerView, seed: u64) -> Game {
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
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{Game, NoEvents, Options};

    /// R14: a sample agrees with everything the seat sees, whatever the
    /// seed, and holds the full deck.
    #[test]
    fn r14_samples_agree_with_the_view() {
        for seed in 0..200u64 {
            let mut game = Game::new(
                Options {
                    double_discard: seed % 2 == 0,
                    ..Options::players(2 + (seed % 7) as u8)
                },
                seed,
            )
            .unwrap();
            let mut pick = seed;
            for _ in 0..(seed % 60) {
                let legal = game.legal_actions();
                if legal.is_empty() {
                    break;
                }
                pick = pick
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let a = legal.get((pick >> 33) as usize % legal.len()).unwrap();
                game.apply_with(a, &mut NoEvents).unwrap();
            }
            for seat in 0..game.players() {
                let view = game.view(seat);
                let sample = Game::sample_from_view(&view, seed * 31 + seat as u64);
                assert_eq!(sample.view(seat), view, "seed {seed} seat {seat}");
                sample.check_full_deck().unwrap();
                sample.check_consistency().unwrap();
            }
        }
    }
}
