// A fixed random game's digest, shared by the native property tests and the
// browser tests (tests/web.rs): the same seed must deal and play the same
// game on every platform.

use mojo_engine::{GameRecord, Options};

/// The totals and an FNV-1a digest of every event of a fixed game: seed
/// 2026, 4 players, actions chosen by a fixed linear congruential sequence.
pub fn golden_game() -> (Vec<u32>, u64) {
    let record = GameRecord {
        options: Options::players(4),
        seed: 2026,
        actions: vec![],
    };
    let mut game = record.replay().expect("a 4-player game deals");
    let mut state: u64 = 7;
    let mut next = || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 32) as u32
    };
    let mut digest: u64 = 0xcbf2_9ce4_8422_2325;
    while !game.is_over() {
        let legal = game.legal_actions();
        let a = legal
            .get(next() as usize % legal.len())
            .expect("a game not over has a legal action");
        for e in game.apply(a).expect("legal actions apply") {
            for b in format!("{e:?}").bytes() {
                digest = (digest ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
            }
        }
    }
    (game.totals().to_vec(), digest)
}

pub const GOLDEN_TOTALS: &[u32] = &[57, 45, 43, 45];
pub const GOLDEN_DIGEST: u64 = 3_193_613_268_049_098_764;
