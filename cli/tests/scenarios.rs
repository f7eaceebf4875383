//! Every rule scenario (the project's `scenarios/` and, where it exists, the
//! shared `../shared/scenarios/`) runs through `mojo scenario` and agrees
//! with its `expect` block; malformed files fail cleanly.

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("cli/ sits in the repository")
        .to_path_buf()
}

fn json_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "json"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

fn run_all(dir: &Path) -> usize {
    let files = json_files(dir);
    let mut failures = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        match mojo_cli::scenario::run_text(&text) {
            Ok((_, diffs)) if diffs.is_empty() => {}
            Ok((_, diffs)) => failures.push(format!("{}: {}", f.display(), diffs.join("; "))),
            Err(e) => failures.push(format!("{}: {e}", f.display())),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    files.len()
}

#[test]
fn the_projects_own_scenarios_pass() {
    let n = run_all(&repo().join("scenarios"));
    assert!(n >= 25, "only {n} scenarios in scenarios/");
}

/// Whether this run is CI's (`CI=true`, as CI services set it): there the
/// shared scenarios must be present.
fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true" || v == "1")
}

#[test]
fn the_shared_scenarios_pass_when_present() {
    let shared = repo().join("../shared/scenarios");
    if shared.is_dir() {
        let n = run_all(&shared);
        assert!(n > 0, "the shared folder exists but holds no scenario");
    } else {
        assert!(
            !in_ci(),
            "CI=true but {} is missing: CI must run the shared scenarios",
            shared.display()
        );
        eprintln!("no ../shared/scenarios here (a user's clone): skipped");
    }
}

#[test]
fn own_scenarios_cover_every_rule_r4_to_r13() {
    let mut text = String::new();
    for f in json_files(&repo().join("scenarios")) {
        text.push_str(&std::fs::read_to_string(f).unwrap());
    }
    for r in 4..=13 {
        assert!(
            text.contains(&format!("\"R{r}")) || text.contains(&format!(" R{r}")),
            "no scenario names rule R{r}"
        );
    }
}

fn mojo(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_mojo"))
        .args(args)
        .output()
        .expect("the mojo binary runs")
}

#[test]
fn the_command_prints_the_position_and_checks_expectations() {
    for f in json_files(&repo().join("scenarios")).iter().take(8) {
        let out = mojo(&["scenario", "--check", f.to_str().unwrap()]);
        assert!(out.status.success(), "{}: {:?}", f.display(), out);
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        for key in [
            "phase",
            "current",
            "direction",
            "mojo",
            "hands",
            "draw_count",
        ] {
            assert!(v.get(key).is_some(), "output lacks {key}");
        }
    }
}

#[test]
fn a_refused_action_is_reported_not_an_error() {
    let f = repo().join("scenarios/rej-switch-pile-mid-chain.json");
    let out = mojo(&["scenario", f.to_str().unwrap()]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["rejected"]["index"], 1);
    assert!(v["rejected"]["reason"].as_str().unwrap().contains("pile"));
}

fn scenario_text(edit: impl FnOnce(&mut serde_json::Value)) -> String {
    let base =
        std::fs::read_to_string(repo().join("scenarios/r04-chain-ends-higher-draws.json")).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&base).unwrap();
    edit(&mut v);
    v.to_string()
}

#[test]
fn malformed_files_and_impossible_positions_exit_non_zero_with_a_message() {
    let dir = std::env::temp_dir().join(format!("mojo-scn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cases: Vec<(&str, String, &str)> = vec![
        (
            "not-json",
            "{ this is not json".into(),
            "not a scenario file",
        ),
        ("empty", String::new(), "not a scenario file"),
        (
            "value-13",
            scenario_text(|v| v["state"]["hands"][0][0] = 13.into()),
            "0 to 12",
        ),
        (
            "seat-out-of-range",
            scenario_text(|v| v["state"]["current"] = 5.into()),
            "current",
        ),
        (
            "wrong-list-count",
            scenario_text(|v| v["state"]["face_up"] = serde_json::json!([[], []])),
            "face_up",
        ),
        (
            "nine-players",
            scenario_text(|v| v["options"]["players"] = 9.into()),
            "2 to 8",
        ),
        (
            "bad-action",
            scenario_text(|v| v["actions"] = serde_json::json!([{"fly": 1}])),
            "action 0",
        ),
        (
            "bad-expect-key",
            scenario_text(|v| v["expect"]["colour"] = 1.into()),
            "unknown key",
        ),
        (
            "negative-total",
            scenario_text(|v| v["state"]["totals"][0] = (-3).into()),
            "not a scenario file",
        ),
    ];
    for (name, text, needle) in cases {
        let path = dir.join(format!("{name}.json"));
        std::fs::write(&path, text).unwrap();
        let out = mojo(&["scenario", path.to_str().unwrap()]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{name} should fail");
        assert!(stderr.contains(needle), "{name}: {stderr}");
        assert!(!stderr.contains("panicked"), "{name}: {stderr}");
        assert!(out.stdout.is_empty(), "{name}: no position on failure");
    }
    let missing = mojo(&["scenario", dir.join("absent.json").to_str().unwrap()]);
    assert!(!missing.status.success());
    assert!(String::from_utf8_lossy(&missing.stderr).contains("cannot read"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_mismatch_fails_only_with_check() {
    let dir = std::env::temp_dir().join(format!("mojo-chk-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("wrong.json");
    std::fs::write(&path, scenario_text(|v| v["expect"]["current"] = 2.into())).unwrap();
    let p = path.to_str().unwrap();
    let plain = mojo(&["scenario", p]);
    assert!(
        plain.status.success(),
        "FORMAT.md: only bad files exit non-zero"
    );
    assert!(String::from_utf8_lossy(&plain.stderr).contains("current: expected 2"));
    let checked = mojo(&["scenario", "--check", p]);
    assert_eq!(checked.status.code(), Some(1));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_example_in_docs_scenarios_md_passes() {
    let doc = std::fs::read_to_string(repo().join("docs/SCENARIOS.md")).unwrap();
    let start = doc.find("```json\n").expect("the doc has a JSON example") + 8;
    let end = start + doc[start..].find("```").unwrap();
    let (_, diffs) = mojo_cli::scenario::run_text(&doc[start..end]).unwrap();
    assert!(diffs.is_empty(), "{diffs:?}");
}
