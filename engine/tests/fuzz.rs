//! Fuzzing the engine's two doors from outside: reading a serialised
//! [`Game`] (what a save or a bot harness could hand it) and applying
//! actions (what a click or a bot could ask), with proptest.
//!
//! - arbitrary bytes and arbitrary JSON never make `serde_json::from_str::<Game>`
//!   panic, and every refusal has a message;
//! - structurally valid games with rule-breaking content (values above 12,
//!   seats out of range, totals at the edge of `u32`, any phase, any round,
//!   a last round for another table size...) are refused with a message or
//!   accepted as consistent, and an accepted one survives everything a
//!   caller can do to it: random actions (legal and not), every view,
//!   sampling, scoring, the next round;
//! - on games reached by play, a refused action says why and changes
//!   nothing, and an accepted one keeps the game consistent.
//!
//! Default case counts keep `cargo test` fast; `PROPTEST_CASES=100000 cargo
//! test -p mojo-engine --test fuzz --release` is the long run
//! (BENCHMARKS.md records the numbers run).
#![cfg(not(target_arch = "wasm32"))]

use mojo_engine::*;
use proptest::prelude::*;
use serde_json::{json, Value as Json};

/// The case count: `PROPTEST_CASES` when set, else `default`.
fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn config(default: u32) -> ProptestConfig {
    ProptestConfig {
        cases: cases(default),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// Any action, including the impossible ones (value 13+, pile 2+).
fn any_action() -> impl Strategy<Value = Action> {
    prop_oneof![
        (0u8..=15, 0u8..=3).prop_map(|(value, pile)| Action::Play { value, pile }),
        any::<bool>().prop_map(|d| Action::Draw(if d {
            DrawSource::Deck
        } else {
            DrawSource::Discard
        })),
        (0u8..=15).prop_map(Action::Reveal),
        Just(Action::NextRound),
    ]
}

/// Applies `action`; a refusal must say why and change nothing, an
/// acceptance must leave a consistent game. Returns whether it was applied.
fn apply_checked(game: &mut Game, action: Action) -> Result<bool, TestCaseError> {
    let before = game.clone();
    let legal = game.legal_actions().contains(action);
    match game.apply(action) {
        Ok(events) => {
            prop_assert!(
                legal,
                "{action:?} applied but not in {:?}",
                before.legal_actions()
            );
            prop_assert!(!events.is_empty(), "{action:?} applied without an event");
            if let Err(e) = game.check_consistency() {
                return Err(TestCaseError::fail(format!(
                    "{action:?} on {before:?} gave an inconsistent game: {e}"
                )));
            }
            Ok(true)
        }
        Err(e) => {
            prop_assert!(!legal, "legal {action:?} refused: {e}");
            prop_assert!(!e.to_string().trim().is_empty(), "{e:?} has no message");
            prop_assert_eq!(&*game, &before, "refused {:?} changed the game", action);
            Ok(false)
        }
    }
}

/// Everything a screen or a bot may do with a game, on every seat.
fn exercise(game: &Game) -> Result<(), TestCaseError> {
    for seat in 0..game.players() {
        let view = game.view(seat);
        let _ = view.legal_actions();
        let _ = view.unseen();
        let sample = Game::sample_from_view(&view, u64::from(seat));
        let _ = sample.view(seat);
        let _ = sample.legal_actions();
    }
    let _ = game.view(200);
    let _ = game.position();
    if let Some(r) = game.last_round() {
        let _ = (
            r.points(),
            r.scores(),
            r.totals(),
            r.breakdown(0),
            r.breakdown(9),
        );
    }
    let text = serde_json::to_string(game).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let back: Game =
        serde_json::from_str(&text).map_err(|e| TestCaseError::fail(format!("{e}: {text}")))?;
    prop_assert_eq!(&back, game);
    Ok(())
}

/// A card list: real values, and one time in 30 a value that is not a card.
fn cards_json(max_len: usize) -> impl Strategy<Value = Json> {
    (
        prop::collection::vec(0u8..=12, 0..max_len),
        prop::option::weighted(1.0 / 30.0, 13u8..=255),
    )
        .prop_map(|(mut v, bad)| {
            v.extend(bad);
            json!(v)
        })
}

fn edge_u32() -> impl Strategy<Value = u32> {
    prop_oneof![
        0u32..=120,
        Just(u32::MAX),
        Just(u32::MAX - 1),
        Just(u32::MAX - 12),
        any::<u32>()
    ]
}

fn phase_json() -> impl Strategy<Value = Json> {
    prop_oneof![
        Just(json!("play")),
        Just(json!("reveal")),
        Just(json!("round_over")),
        Just(json!("game_over")),
        (0u8..=3).prop_map(|p| json!({"continue": {"pile": p}})),
        (0u8..=3).prop_map(|p| json!({"draw": {"pile": p}})),
        Just(json!("sleep")),
    ]
}

fn round_result_json() -> impl Strategy<Value = Json> {
    (
        0u8..=12,
        0u8..=9,
        prop::collection::vec(edge_u32(), 8),
        prop::collection::vec(edge_u32(), 8),
        prop::collection::vec(edge_u32(), 8),
        prop::collection::vec(cards_json(6), 8),
        any::<bool>(),
    )
        .prop_map(|(players, holder, points, scores, totals, cards, face)| {
            json!({
                "round": 1, "players": players, "holder": holder,
                "reason": "emptied_hand", "points": points, "scores": scores,
                "totals": totals, "cards": cards, "face": if face { "+10" } else { "0" },
            })
        })
}

/// The serialised shape of a game, every field free: rule-breaking but
/// structurally valid.
fn game_json() -> impl Strategy<Value = Json> {
    (0u8..=9, any::<bool>(), edge_u32()).prop_flat_map(|(players, dd, target)| {
        let n = players as usize;
        let per_seat = move |max| prop::collection::vec(cards_json(max), n..=n);
        // Mostly non-empty hands and no known cards, so that many of these
        // games are consistent and reach the actions.
        let hands = prop::collection::vec(
            prop::collection::vec(0u8..=12, 1..10).prop_map(|v| json!(v)),
            n..=n,
        );
        let known = prop_oneof![
            4 => Just(json!(vec![Vec::<u8>::new(); n])).boxed(),
            1 => per_seat(3).prop_map(|v| json!(v)).boxed(),
        ];
        (
            (hands, per_seat(4), per_seat(4), known),
            cards_json(70),
            prop::collection::vec(cards_json(30), if dd { 2 } else { 1 }),
            prop::collection::vec(edge_u32(), n..=n),
            (0u8..=9, phase_json(), edge_u32(), any::<bool>()),
            prop::option::of(round_result_json()),
            prop::collection::vec(0u8..=9, 0..3),
            (any::<u64>(), 0u8..=9),
        )
            .prop_map(
                move |(
                    (hands, face_down, face_up, known),
                    draw,
                    discard,
                    totals,
                    (current, phase, round, face),
                    last_round,
                    winners,
                    (seed, first),
                )| {
                    let rng = format!("{:032x}", (u128::from(seed) << 1) | 1);
                    json!({
                        "options": {"players": players, "double_discard": dd, "target": target,
                                    "first_player": {"seat": first}},
                        "hands": hands, "face_down": face_down, "face_up": face_up,
                        "known": known, "draw": draw, "discard": discard, "totals": totals,
                        "mojo": if face { "+10" } else { "0" }, "current": current,
                        "phase": phase, "round": round, "last_round": last_round,
                        "winners": winners, "rng": rng,
                    })
                },
            )
    })
}

/// A game reached by play: options from the seed, `moves` random legal
/// actions.
fn played(seed: u64, moves: usize, players: u8, dd: bool, target: u32) -> Game {
    let options = Options {
        players,
        double_discard: dd,
        target,
        first_player: FirstPlayer::Random,
    };
    let mut game = Game::new(options, seed).unwrap();
    let mut r = seed | 1;
    for _ in 0..moves {
        r ^= r << 13;
        r ^= r >> 7;
        r ^= r << 17;
        match game.legal_action_at(r as u32) {
            Some(a) => game.apply(a).unwrap(),
            None => break,
        };
    }
    game
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn any_bytes_as_a_game_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let text = String::from_utf8_lossy(&bytes);
        if let Err(e) = serde_json::from_str::<Game>(&text) {
            prop_assert!(!e.to_string().is_empty());
        }
    }

    #[test]
    fn a_real_game_with_one_field_garbled_is_refused_or_consistent(
        seed in any::<u64>(),
        moves in 0usize..300,
        field in 0usize..15,
        garbage in prop_oneof![
            Just(json!(null)), Just(json!(-1)), Just(json!(13)), Just(json!(u64::MAX)),
            Just(json!("x")), Just(json!([])), Just(json!([[13]])), Just(json!({})),
            Just(json!([0, 1, 2, 3, 4, 5, 6, 7, 8])), Just(json!(4294967295u32)),
        ],
    ) {
        let game = played(seed, moves, 2 + (seed % 7) as u8, seed % 2 == 0, 50);
        let mut v = serde_json::to_value(&game).unwrap();
        let key = v.as_object().unwrap().keys().nth(field % 15).unwrap().clone();
        v[&key] = garbage;
        match serde_json::from_value::<Game>(v) {
            Ok(g) => {
                prop_assert!(g.check_consistency().is_ok());
                exercise(&g)?;
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn rule_breaking_games_are_refused_or_survive_any_action(
        data in game_json(),
        actions in prop::collection::vec(any_action(), 0..40),
    ) {
        let game = match serde_json::from_value::<Game>(data) {
            Ok(g) => g,
            Err(e) => {
                prop_assert!(!e.to_string().is_empty());
                return Ok(());
            }
        };
        prop_assert!(game.check_consistency().is_ok());
        exercise(&game)?;
        let mut game = game;
        for a in actions {
            apply_checked(&mut game, a)?;
            // Keep going with a legal action too, so play moves on.
            if let Some(l) = game.legal_action_at(0x9E37_79B9) {
                apply_checked(&mut game, l)?;
            }
        }
        exercise(&game)?;
    }

    #[test]
    fn actions_on_played_games_are_applied_or_refused_cleanly(
        seed in any::<u64>(),
        players in 2u8..=8,
        dd in any::<bool>(),
        target in prop_oneof![Just(1u32), Just(20), Just(50)],
        moves in 0usize..400,
        actions in prop::collection::vec(any_action(), 1..60),
    ) {
        let mut game = played(seed, moves, players, dd, target);
        for a in actions {
            apply_checked(&mut game, a)?;
            prop_assert!(game.check_full_deck().is_ok());
        }
        exercise(&game)?;
    }

    #[test]
    fn positions_with_any_cards_are_refused_or_playable(
        players in 0u8..=9,
        current in 0u8..=9,
        hands in prop::collection::vec(prop::collection::vec(0u8..=14, 0..10), 0..10),
        face_down in prop::collection::vec(prop::collection::vec(0u8..=13, 0..4), 0..10),
        draw in prop::collection::vec(0u8..=13, 0..80),
        discard in prop::collection::vec(prop::collection::vec(0u8..=13, 0..5), 0..3),
        totals in prop::collection::vec(edge_u32(), 0..10),
        target in edge_u32(),
        dd in any::<bool>(),
        actions in prop::collection::vec(any_action(), 0..60),
    ) {
        let n = hands.len();
        let p = Position {
            options: Options { players, double_discard: dd, target, first_player: FirstPlayer::Seat(0) },
            seed: 1,
            current,
            mojo: Face::Zero,
            totals,
            face_up: vec![vec![]; n],
            face_down: face_down.into_iter().chain(std::iter::repeat(vec![])).take(n).collect(),
            hands,
            draw,
            discard,
        };
        match Game::from_position(&p) {
            Err(e) => prop_assert!(!e.to_string().is_empty()),
            Ok(mut game) => {
                exercise(&game)?;
                for a in actions {
                    apply_checked(&mut game, a)?;
                    if let Some(l) = game.legal_action_at(0x1234_5678) {
                        apply_checked(&mut game, l)?;
                    }
                }
                exercise(&game)?;
            }
        }
    }
}

// Regression tests for what the fuzzers found (each panicked before).

/// A restored game whose totals sit just under a target of `u32::MAX`:
/// scoring the round overflowed `u32` (a panic in debug builds, a wrapped
/// total in release). Totals now saturate, and a full total ends the game.
#[test]
fn totals_at_the_edge_of_u32_saturate_and_end_the_game() {
    let game = played(3, 5, 2, false, 50);
    let mut v = serde_json::to_value(&game).unwrap();
    v["options"]["target"] = json!(u32::MAX);
    v["totals"] = json!([u32::MAX - 1, u32::MAX - 1]);
    let mut game: Game = serde_json::from_value(v).unwrap();
    let mut r = 7u64;
    while game.phase() != Phase::GameOver {
        r = r.wrapping_mul(6364136223846793005).wrapping_add(1);
        let a = game.legal_action_at((r >> 32) as u32).unwrap();
        game.apply(a).unwrap();
    }
    assert!(game.totals().contains(&u32::MAX), "{:?}", game.totals());
    assert!(!game.winners().is_empty());
}

/// A total at or over the target while the game goes on is not a position
/// the rules reach (R13): refused with a reason.
#[test]
fn a_total_over_the_target_mid_game_is_refused() {
    let game = played(3, 5, 3, false, 50);
    let mut v = serde_json::to_value(&game).unwrap();
    v["totals"] = json!([0, 50, 0]);
    let err = serde_json::from_value::<Game>(v).unwrap_err().to_string();
    assert!(err.contains("target"), "{err}");
}

/// A last round scored for 9 players: its accessors sliced past the 8
/// seats and panicked. Such a game is refused, and a lone result with a
/// wrong count no longer panics.
#[test]
fn a_last_round_for_another_table_is_refused_and_never_panics() {
    let mut game = played(11, 0, 2, false, 1);
    while game.phase() != Phase::GameOver {
        let a = game.legal_action_at(0x8000_0000).unwrap();
        game.apply(a).unwrap();
    }
    let mut v = serde_json::to_value(&game).unwrap();
    v["last_round"]["players"] = json!(9);
    let err = serde_json::from_value::<Game>(v.clone())
        .unwrap_err()
        .to_string();
    assert!(err.contains("last round"), "{err}");
    let r: RoundResult = serde_json::from_value(v["last_round"].clone()).unwrap();
    assert_eq!(r.points().len(), 8);
    assert_eq!((r.scores().len(), r.totals().len()), (8, 8));
}
