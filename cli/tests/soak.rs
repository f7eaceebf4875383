//! A short soak in every `cargo test`: 2,000 complete games (every bot level,
//! 2–8 players, both variants) with every invariant checked after every
//! action. The million-game run is `mojo soak --games 1000000 --seed 1`
//! (BENCHMARKS.md).

use std::process::Command;

use mojo_cli::soak::{self, check_game, Controller, GameSetup};
use mojo_engine::{BotKind, GameRecord};

#[test]
fn two_thousand_games_break_no_invariant() {
    let s = soak::run(2024, 0, 2000, 2);
    if let Some(v) = &s.violation {
        panic!("{}", v.report(2024));
    }
    assert_eq!(s.games, 2000);
    assert!(s.actions > 100_000, "{} actions", s.actions);
    assert_eq!(s.views, s.actions + s.games, "one view check per position");
    assert!(s.refusals > s.actions / 2, "illegal actions were probed");
    assert!(
        s.seats.iter().all(|&n| n > 0),
        "every controller played: {:?}",
        s.seats
    );
    assert!(
        s.players.iter().all(|&n| n > 0),
        "every table size: {:?}",
        s.players
    );
    assert!(s.double_discard_games > 0 && s.double_discard_games < s.games);
    assert!(s.event_games > 0);
    assert!(s.longest_round > 0 && s.longest_round < soak::MAX_ROUND_ACTIONS);
}

#[test]
fn a_game_replays_from_its_index_alone() {
    // What a violation report tells you to run: the same game, the same
    // actions, from `--seed S --first I --games 1`.
    let setup = GameSetup::new(7, 5); // index 5: a Hard bot sits
    assert!(setup.seats.contains(&Controller::Bot(BotKind::Hard)));
    let a = check_game(&setup).unwrap();
    let b = check_game(&GameSetup::new(7, 5)).unwrap();
    assert_eq!((a.actions, a.rounds), (b.actions, b.rounds));
    let one = soak::run(7, 5, 1, 1);
    assert_eq!((one.games, one.actions), (1, a.actions));
}

#[test]
fn a_violation_report_holds_the_record_to_replay() {
    let setup = GameSetup::new(11, 3);
    let mut actions = Vec::new();
    soak::play(&setup, &mut actions).unwrap();
    let v = soak::Violation {
        setup: setup.clone(),
        message: "example".into(),
        actions: actions.clone(),
    };
    let report = v.report(11);
    assert_eq!(
        report["reproduce"],
        "mojo soak --seed 11 --first 3 --games 1"
    );
    let record: GameRecord = serde_json::from_value(report["record"].clone()).unwrap();
    assert_eq!(record.actions, actions);
    assert!(record.replay().unwrap().is_over());
}

#[test]
fn the_command_prints_one_json_line() {
    let out = Command::new(env!("CARGO_BIN_EXE_mojo"))
        .args(["soak", "--games", "30", "--seed", "5", "--json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 1);
    let line: serde_json::Value = serde_json::from_str(text.trim()).unwrap();
    assert_eq!(line["games"], 30);
    assert_eq!(line["violations"], 0);
    assert!(line["actions"].as_u64().unwrap() > 0);
    assert!(line["seconds"].is_number());
    for bad in [
        &["soak"][..],
        &["soak", "--games", "x"],
        &["soak", "--games", "3", "--bogus"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_mojo"))
            .args(bad)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("soak"));
    }
}
