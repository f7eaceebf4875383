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
            styles: core::array::from_fn(|s| view.seats.get(s).map_or([0; 4], |sv| sv.style)),
            keep_styles: false,
            undo: crate::game::Undo::NONE,
        }
    }

    /// This game with its draw pile's cards in an order drawn from `seed`;
    /// everything else as it is. The order the pile had does not matter:
    /// the same cards and seed give the same order. For measurement only
    /// (`mojo tournament`'s `cheat-hands`, which knows every hand but not
    /// the draw order); no bot is ever given a [`Game`].
    pub fn with_draw_pile_shuffled(&self, seed: u64) -> Game {
        let mut rng = GameRng::seed_from_u64(seed);
        let mut cards: Vec<Value> = self.draw.to_cards().iter().collect();
        shuffle(&mut cards, &mut rng);
        let mut g = self.clone();
        g.draw = Pile::EMPTY;
        for v in cards {
            g.draw.push(v);
        }
        g
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

    /// `with_draw_pile_shuffled` changes the draw pile's order only, and
    /// forgets the order it had.
    #[test]
    fn a_reshuffled_draw_pile_keeps_everything_else() {
        let mut moved = 0;
        for seed in 0..40u64 {
            let mut game = Game::new(Options::players(2 + (seed % 5) as u8), seed).unwrap();
            for _ in 0..(seed % 30) {
                let a = game.legal_actions().get(0).unwrap();
                game.apply_with(a, &mut NoEvents).unwrap();
            }
            let g = game.with_draw_pile_shuffled(seed + 9);
            assert_eq!(g.draw_pile().to_cards(), game.draw_pile().to_cards());
            for seat in 0..game.players() {
                assert_eq!(g.view(seat), game.view(seat));
                assert_eq!(g.hand(seat), game.hand(seat));
                assert_eq!(g.face_down(seat), game.face_down(seat));
            }
            let mut same = game.clone();
            same.draw = g.draw;
            assert_eq!(same, g, "only the draw pile differs");
            moved += usize::from(g.draw_pile() != game.draw_pile());
            // The old order is forgotten: another order, the same result.
            let other = game.with_draw_pile_shuffled(seed + 1);
            assert_eq!(other.with_draw_pile_shuffled(seed + 9), g);
        }
        assert!(moved >= 38, "{moved}");
    }
}
