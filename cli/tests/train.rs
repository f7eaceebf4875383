//! `mojo train` (issue 22): a tiny run is reproducible and learns something.

use mojo_cli::train::{parse, train, Config};

fn tiny() -> Config {
    parse(
        &"--games 150 --seed 7 --players 2,4 --stride 6 --threads 1"
            .split_whitespace()
            .map(String::from)
            .collect::<Vec<_>>(),
    )
    .unwrap()
}

/// The same seed gives bit-identical weights, on one thread or two; a
/// different seed gives other weights.
#[test]
fn train_is_reproducible() {
    let cfg = tiny();
    let a = train(&cfg);
    let b = train(&cfg);
    assert_eq!(a, b);
    let bits = |t: &mojo_cli::train::Trained| {
        t.round_weights
            .iter()
            .chain(t.game_weights.iter())
            .chain(t.play_weights.iter())
            .map(|x| x.to_bits())
            .collect::<Vec<_>>()
    };
    assert_eq!(bits(&a), bits(&b));
    let two = train(&Config {
        threads: 2,
        ..cfg.clone()
    });
    assert_eq!(bits(&a), bits(&two));
    let other = train(&Config { seed: 8, ..cfg });
    assert_ne!(bits(&a), bits(&other));
}

/// On held-out games (every fifth), the fitted models beat a constant
/// predictor (the training mean): the round model's squared error and the
/// game model's log-loss are lower; the play model beats a uniform guess.
#[test]
fn train_beats_a_constant_on_held_out_games() {
    let t = train(&tiny());
    assert!(t.round_rows.0 > 1000 && t.round_rows.1 > 200, "{t:?}");
    assert!(t.game_rows.1 > 10, "{t:?}");
    assert!(t.round_mse < 0.9 * t.round_mse_const, "{t:?}");
    assert!(t.game_loss < t.game_loss_const, "{t:?}");
    // The play model explains Medium's plays better than chance.
    assert!(t.play_rows.1 > 100, "{t:?}");
    assert!(t.play_nll < 0.5 * t.play_nll_uniform, "{t:?}");
    // The written weights are Rust the engine can include.
    let src = t.to_rust(&tiny());
    assert!(src.contains("pub(crate) const ROUND_WEIGHTS"));
    let numbers = src.lines().filter(|l| l.starts_with("    ")).count();
    let weights = t.round_weights.len() + t.game_weights.len() + t.play_weights.len();
    assert_eq!(numbers, weights);
}

#[test]
fn train_refuses_bad_arguments() {
    let p = |s: &str| parse(&s.split_whitespace().map(String::from).collect::<Vec<_>>());
    assert!(p("--games 3").is_err());
    assert!(p("--players 1,4").is_err());
    assert!(p("--seed x").is_err());
    assert!(p("--bogus").is_err());
    assert_eq!(p("--games 10 --players 6").unwrap().players, vec![6]);
}
