//! Fuzzing `mojo scenario` input (`mojo_cli::scenario::run_text`) with
//! proptest: arbitrary bytes, and structurally valid scenario files whose
//! content breaks the rules (values above 12, seats out of range, cards that
//! are not there, totals at the edge of `u32`, malformed actions). Never a
//! panic; every refusal names the problem.
//!
//! `PROPTEST_CASES=100000 cargo test -p mojo-cli --test fuzz_scenario --release`
//! is the long run (BENCHMARKS.md).

use mojo_cli::scenario::run_text;
use proptest::prelude::*;
use serde_json::{json, Value as Json};

fn config(default: u32) -> ProptestConfig {
    ProptestConfig {
        cases: std::env::var("PROPTEST_CASES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// How many fuzzed scenarios were valid positions and ran (printed with
/// `--nocapture`, to see that the fuzzing reaches the engine).
static RAN: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

fn check(text: &str) -> Result<(), TestCaseError> {
    match run_text(text) {
        Ok((out, diffs)) => {
            RAN.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            prop_assert!(out.contains_key("phase"));
            prop_assert!(diffs.iter().all(|d| !d.is_empty()));
        }
        Err(e) => {
            if std::env::var_os("FUZZ_STATS").is_some() {
                eprintln!("refused {e}");
            }
            prop_assert!(!e.to_string().trim().is_empty())
        }
    }
    Ok(())
}

fn value() -> impl Strategy<Value = u8> {
    prop_oneof![200 => 0u8..=12, 1 => 13u8..=255]
}

fn list(max: usize) -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(value(), 0..max)
}

fn action() -> impl Strategy<Value = Json> {
    prop_oneof![
        (value(), prop::option::of(0u8..=3)).prop_map(|(v, p)| match p {
            Some(p) => json!({"play": v, "pile": p}),
            None => json!({"play": v}),
        }),
        value().prop_map(|v| json!({"reveal": v})),
        Just(json!({"draw": "deck"})),
        Just(json!({"draw": "discard"})),
        Just(json!({"draw": "sky"})),
        Just(json!({"next_round": true})),
        Just(json!({"next_round": false})),
        Just(json!({"play": -1})),
        Just(json!({"play": 3, "reveal": 3})),
        Just(json!([1, 2])),
        Just(json!("play 3")),
        any::<u64>().prop_map(|n| json!({"play": n})),
    ]
}

fn total() -> impl Strategy<Value = u32> {
    prop_oneof![80 => 0u32..=40, 1 => Just(u32::MAX), 1 => Just(u32::MAX - 5), 1 => any::<u32>()]
}

fn scenario() -> impl Strategy<Value = Json> {
    (prop_oneof![1 => 0u8..=9, 6 => 2u8..=8], any::<bool>(), prop_oneof![3 => Just(50u32), 1 => total()], any::<u64>()).prop_flat_map(|(players, dd, target, seed)| {
        let n = players as usize;
        // One list per seat, and one time in 20 one too few or too many.
        let seats = move |max| {
            (prop::collection::vec(list(max), n + 1), 0u8..40).prop_map(move |(mut v, k)| {
                v.truncate(match k {
                    0 => n.saturating_sub(1),
                    1 => n + 1,
                    _ => n,
                });
                v
            })
        };
        (
            (seats(10), seats(4), seats(3)),
            list(70),
            prop::collection::vec(list(20), if dd { 2 } else { 1 }),
            prop::collection::vec(total(), n),
            (prop_oneof![1 => 0u8..=9, 4 => 0u8..players.max(1)], any::<bool>()),
            prop::collection::vec(action(), 0..30),
            prop::collection::btree_map(
                prop_oneof![4 => Just("phase"), 4 => Just("current"), 4 => Just("totals"), 1 => Just("nonsense")],
                prop_oneof![Just(json!("play")), Just(json!(1)), Just(json!([0, 0]))],
                0..3,
            ),
        )
            .prop_map(
                move |((hands, face_down, face_up), draw, discard, totals, (current, face), actions, expect)| {
                    json!({
                        "name": "fuzz", "rule": "R0",
                        "options": {"players": players, "double_discard": dd, "target": target, "seed": seed},
                        "state": {
                            "current": current, "mojo": if face { "+10" } else { "0" }, "totals": totals,
                            "hands": hands, "face_down": face_down, "face_up": face_up,
                            "draw": draw, "discard": discard,
                        },
                        "actions": actions,
                        "expect": expect,
                    })
                },
            )
    })
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn any_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..500)) {
        check(&String::from_utf8_lossy(&bytes))?;
    }

    #[test]
    fn rule_breaking_scenarios_run_or_are_refused_with_a_reason(s in scenario()) {
        check(&s.to_string())?;
        if std::env::var_os("FUZZ_STATS").is_some() {
            eprintln!("ran {}", RAN.load(std::sync::atomic::Ordering::Relaxed));
        }
    }

    #[test]
    fn a_real_scenario_cut_anywhere_is_refused_with_a_reason(cut in 0usize..2000, s in scenario()) {
        let text = s.to_string();
        let cut = text.char_indices().map(|(i, _)| i).nth(cut).unwrap_or(text.len());
        check(&text[..cut])?;
    }
}
