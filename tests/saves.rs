//! Saves over time: every fixture in `tests/fixtures/saves/` loads (every
//! version ever written) or is refused with its exact reason (tampered or
//! foreign files), and save decoding is fuzzed with proptest: arbitrary
//! bytes and saves with rule-breaking content never panic, and every
//! refusal is a sentence.
//!
//! `PROPTEST_CASES=100000 cargo test -p mojo-web --test saves --release` is
//! the long fuzz run (BENCHMARKS.md).
#![cfg(not(target_arch = "wasm32"))]

use std::path::PathBuf;

use mojo_engine::{Action, Phase};
use mojo_web::save::{decode, encode, peek, LoadError, Loaded, VERSION};
use mojo_web::session::MAX_NAME_CHARS;
use proptest::prelude::*;
use serde_json::{json, Value as Json};

fn fixture(name: &str) -> String {
    let path: PathBuf = [
        env!("CARGO_MANIFEST_DIR"),
        "tests",
        "fixtures",
        "saves",
        name,
    ]
    .iter()
    .collect();
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn load(name: &str) -> Result<Loaded, LoadError> {
    decode(&fixture(name))
}

fn refusal(name: &str) -> String {
    match load(name) {
        Ok(_) => panic!("{name} loaded; it should be refused"),
        Err(e) => e.to_string(),
    }
}

/// Every save version this build has ever written loads, to the same game
/// as when it was saved.
#[test]
fn saves_of_every_version_load() {
    let new = load("v1-new-game.json").unwrap();
    assert_eq!((new.id.as_str(), new.seq), ("a1b2c3d4e5f60718", 1));
    assert!(new.session.record.actions.is_empty());
    assert_eq!(new.session.game.phase(), Phase::Play);

    let mid = load("v1-pass-and-play-mid-game.json").unwrap();
    assert_eq!((mid.id.as_str(), mid.seq), ("0f1e2d3c4b5a6978", 61));
    assert_eq!(mid.session.record.actions.len(), 60);
    assert_eq!(mid.session.game.round(), 2);
    assert_eq!(mid.session.humans(), 2);
    // Saved while Ana's cards showed; read back, they are covered until
    // she shows them again (whoever holds the device now may not be Ana).
    assert_eq!(mid.session.shown_to, None);
    assert_eq!(mid.session.viewer(), None);
    assert_eq!(mid.session.setup.seats[3].name, "Hal");

    let two = load("v1-two-piles.json").unwrap();
    assert!(two.session.setup.double_discard);
    assert_eq!(two.session.setup.seats[0].name, "Zoé");
    assert_eq!(two.session.record.seed, u64::MAX - 11);
    assert_eq!(two.session.game.phase(), Phase::Draw { pile: 1 });
    assert_eq!(two.session.game.round(), 4);

    let done = load("v1-finished.json").unwrap();
    assert!(done.session.game.is_over());
    assert!(!done.session.game.winners().is_empty());
    assert_eq!(done.seq, 500);

    // Version 2: a seat played on its own device.
    let own = load("v2-own-device-mid-game.json").unwrap();
    assert_eq!((own.id.as_str(), own.seq), ("9a8b7c6d5e4f3021", 61));
    assert_eq!(own.session.record.actions, mid.session.record.actions);
    assert!(own.session.is_remote(2) && !own.session.is_remote(0));
    assert!(own.session.is_here(0) && !own.session.is_here(2));
    assert_eq!(own.session.humans(), 2);

    // Version 3: a seat played on its own device, far away (issue 56):
    // the one person here sees her hand, no cover.
    let far = load("v3-far-seat-mid-game.json").unwrap();
    assert_eq!(far.session.record.actions, mid.session.record.actions);
    assert!(far.session.is_remote(2) && far.session.setup.seats[2].is_far());
    assert!(!own.session.setup.seats[2].is_far());
    assert!(!far.session.setup.covers_hands() && own.session.setup.covers_hands());
    assert_eq!(far.session.viewer(), Some(0));

    // Today's deal of 2026-12-04, played out (the end-to-end tests share
    // its result; src/daily.rs writes it again).
    let daily = load("daily-2026-12-04-finished.json").unwrap();
    assert!(daily.session.game.is_over());
    assert_eq!(daily.session.players(), 4);
    assert_eq!(daily.session.humans(), 1);
}

/// A loaded fixture written again is the same save, in the current
/// version: nothing is lost in a load/save cycle.
#[test]
fn a_loaded_save_writes_back_the_same() {
    for name in [
        "v1-new-game.json",
        "v1-pass-and-play-mid-game.json",
        "v1-two-piles.json",
        "v1-finished.json",
        "v2-own-device-mid-game.json",
        "v3-far-seat-mid-game.json",
    ] {
        let text = fixture(name);
        let loaded = decode(&text).unwrap();
        let again = encode(&loaded.session, &loaded.id, loaded.seq);
        let mut a: Json = serde_json::from_str(&text).unwrap();
        let b: Json = serde_json::from_str(&again).unwrap();
        // Older saves come back in the current version (their changes,
        // `remote` and `far` seats, are absent from them).
        assert_eq!(b["version"], json!(VERSION), "{name}");
        a["version"] = json!(VERSION);
        // Where the screen is passed between people, a save read back
        // covers every hand: written again, it shows nobody's.
        if loaded.session.setup.covers_hands() {
            assert_eq!(a["game"]["shown_to"], json!(0), "{name}");
            a["game"]["shown_to"] = Json::Null;
        }
        assert_eq!(a, b, "{name}");
        assert_eq!(peek(&text), Some((loaded.id.clone(), loaded.seq)), "{name}");
    }
}

/// Tampered and foreign saves: each refused with its exact reason, or
/// loaded with the damage repaired where that is safe.
#[test]
fn tampered_saves_are_refused_with_a_clear_reason() {
    let damaged = "the saved game is damaged: ";
    let cases = [
        // A save is seed + actions: an extra card is a play of a card the
        // seat does not hold, refused when the actions are replayed.
        (
            "tampered-extra-card.json",
            format!("{damaged}action 1 is not legal there: there is no 0 in the hand"),
        ),
        // A missing card: an action taken out, so a later play names a card
        // that is no longer in that hand.
        (
            "tampered-missing-card.json",
            format!("{damaged}action 41 is not legal there: there is no 10 in the hand"),
        ),
        (
            "tampered-value-13.json",
            format!("{damaged}action 6 names a card 13, but cards go from 0 to 12"),
        ),
        (
            "tampered-seat-out-of-range.json",
            format!(
                "{damaged}the table is not valid: the first player, seat 10, is not at the table"
            ),
        ),
        (
            "tampered-pile-out-of-range.json",
            format!("{damaged}action 1 is not legal there: there is no discard pile 3"),
        ),
        (
            "tampered-too-many-seats.json",
            format!("{damaged}the table is not valid: a table seats 2 to 8 players, not 12"),
        ),
        // Wrong phase: "next round" in the middle of a round.
        (
            "tampered-wrong-phase.json",
            format!("{damaged}action 6 is not legal there: the round is still being played"),
        ),
        (
            "tampered-unknown-version.json",
            format!("this save comes from a newer version of Mojo (format 7; this one reads up to {VERSION})"),
        ),
        (
            "tampered-version-0.json",
            format!("this save has format 0, which Mojo never wrote (formats 1 to {VERSION} are read)"),
        ),
        (
            "tampered-wrong-format.json",
            "this is not a Mojo save (its format is `chess-save`)".to_string(),
        ),
        (
            "tampered-no-seq.json",
            "this is not a Mojo save (missing field `seq`)".to_string(),
        ),
        (
            "tampered-truncated.json",
            "this is not a Mojo save (the text ends too early at line 135 column 8)".to_string(),
        ),
        (
            "not-json.json",
            "this is not a Mojo save (expected a value at line 1 column 1)".to_string(),
        ),
    ];
    for (name, reason) in &cases {
        assert_eq!(&refusal(name), reason, "{name}");
    }
    assert!(matches!(
        load("tampered-unknown-version.json"),
        Err(LoadError::UnknownVersion(7))
    ));
    assert!(matches!(
        load("tampered-truncated.json"),
        Err(LoadError::NotASave(_))
    ));
    assert!(matches!(
        load("tampered-extra-card.json"),
        Err(LoadError::Damaged(_))
    ));
    // The envelope of a damaged save can still be read (the app uses it to
    // compare tabs); a truncated one cannot.
    assert_eq!(
        peek(&fixture("tampered-extra-card.json")),
        Some(("0f1e2d3c4b5a6978".into(), 61))
    );
    assert_eq!(peek(&fixture("tampered-truncated.json")), None);
}

/// Damage that is safe to repair is repaired: whose cards the screen shows
/// (an unknown seat: nobody's, the pass-and-play cover) and names (cleaned,
/// at most 20 characters, always text).
#[test]
fn harmless_damage_is_repaired() {
    let shown = load("tampered-shown-to-out-of-range.json").unwrap();
    assert_eq!(shown.session.shown_to, None);
    assert_eq!(shown.session.record.actions.len(), 60);

    let long = load("tampered-long-name.json").unwrap();
    let name = &long.session.setup.seats[0].name;
    assert_eq!(name.chars().count(), MAX_NAME_CHARS);
    assert_eq!(name, "<img src=x onerror=a");
}

/// Every file in the fixtures folder is covered by a test above.
#[test]
fn every_fixture_is_checked() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/saves");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    let source = include_str!("saves.rs");
    for n in &names {
        assert!(source.contains(&format!("\"{n}\"")), "{n} is not checked");
    }
    assert!(names.len() >= 20);
}

// ---- fuzzing -----------------------------------------------------------

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

fn assert_outcome(text: &str) -> Result<(), TestCaseError> {
    let _ = peek(text);
    match decode(text) {
        Ok(loaded) => {
            // A save that loads is a legal game at a legal point.
            prop_assert!(loaded.session.game.check_consistency().is_ok());
            prop_assert!(loaded.session.game.check_full_deck().is_ok());
            prop_assert!(loaded
                .session
                .setup
                .seats
                .iter()
                .all(|s| s.name.chars().count() <= MAX_NAME_CHARS));
        }
        Err(e) => {
            let why = e.to_string();
            prop_assert!(why.len() > 20, "an unclear reason: {why:?}");
        }
    }
    Ok(())
}

fn any_json() -> impl Strategy<Value = Json> {
    let leaf = prop_oneof![
        Just(Json::Null),
        any::<bool>().prop_map(Json::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        any::<u64>().prop_map(|n| json!(n)),
        any::<f64>().prop_map(|n| json!(n)),
        ".{0,12}".prop_map(Json::String),
    ];
    leaf.prop_recursive(3, 24, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Json::Array),
            prop::collection::btree_map(".{0,8}", inner, 0..6)
                .prop_map(|m| Json::Object(m.into_iter().collect())),
        ]
    })
}

fn action_json() -> impl Strategy<Value = Json> {
    prop_oneof![
        8 => (0u8..=12, 0u8..=1).prop_map(|(v, p)| json!({"play": v, "pile": p})),
        1 => (13u8..=255, 0u8..=255).prop_map(|(v, p)| json!({"play": v, "pile": p})),
        2 => (0u8..=14).prop_map(|v| json!({"reveal": v})),
        1 => Just(json!({"draw": "deck"})),
        1 => Just(json!({"draw": "discard"})),
        1 => Just(json!({"next_round": true})),
        1 => any_json(),
    ]
}

/// A real save, then one part of it replaced by something else.
fn tampered_save() -> impl Strategy<Value = String> {
    let bases = [
        fixture("v1-new-game.json"),
        fixture("v1-pass-and-play-mid-game.json"),
        fixture("v1-two-piles.json"),
        fixture("v1-finished.json"),
    ];
    (
        0usize..4,
        0usize..12,
        any_json(),
        prop::collection::vec(action_json(), 0..6),
        0usize..200,
        ".{0,40}",
    )
        .prop_map(move |(b, what, junk, actions, at, text)| {
            let mut v: Json = serde_json::from_str(&bases[b]).unwrap();
            let g = &mut v["game"];
            let n = g["actions"].as_array().map_or(0, Vec::len);
            match what {
                0 => v["version"] = junk,
                1 => v["seq"] = junk,
                2 => v["format"] = junk,
                3 => g["seats"] = junk,
                4 => g["seed"] = json!(text),
                5 => g["starter"] = junk,
                6 => g["target"] = junk,
                7 => {
                    let seat = at % g["seats"].as_array().map_or(1, Vec::len);
                    g["seats"][seat]["name"] = json!(text.repeat(at));
                }
                8 => {
                    let seat = at % g["seats"].as_array().map_or(1, Vec::len);
                    g["seats"][seat]["bot"] = junk;
                }
                9 => g["shown_to"] = junk,
                10 => {
                    // Actions spliced in at a random point of a real game.
                    if let Some(list) = g["actions"].as_array_mut() {
                        let i = at % (n + 1);
                        list.truncate(i);
                        list.extend(actions);
                    }
                }
                _ => v["game"] = junk,
            }
            v.to_string()
        })
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn any_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        assert_outcome(&String::from_utf8_lossy(&bytes))?;
    }

    #[test]
    fn any_json_never_panics(v in any_json()) {
        assert_outcome(&v.to_string())?;
        assert_outcome(&json!({"format": "mojo-save", "version": 1, "seq": 1, "game": v}).to_string())?;
    }

    /// The app's own JSON reader (src/json.rs) reads any document serde_json
    /// writes — compact or pretty — as the same value, fractions aside
    /// (refused: our formats have none), and its writer's text reads back
    /// in serde_json as the same value.
    #[test]
    fn the_apps_json_agrees_with_serde_json(v in any_json()) {
        fn whole(v: &Json) -> bool {
            match v {
                Json::Number(n) => n.is_i64(),
                Json::Array(items) => items.iter().all(whole),
                Json::Object(m) => m.values().all(whole),
                _ => true,
            }
        }
        let not_whole = !whole(&v);
        for text in [v.to_string(), serde_json::to_string_pretty(&v).unwrap()] {
            match mojo_web::json::parse(&text) {
                Ok(ours) => {
                    let back: Json = serde_json::from_str(&ours.to_text()).unwrap();
                    prop_assert_eq!(&back, &v);
                }
                Err(why) => {
                    prop_assert!(not_whole, "refused {text:?}: {why}");
                    prop_assert!(why.contains("expected a whole number") || why.contains("too large"), "{why}");
                }
            }
        }
    }

    #[test]
    fn tampered_saves_load_legally_or_are_refused_clearly(text in tampered_save()) {
        assert_outcome(&text)?;
    }

    #[test]
    fn cut_saves_are_refused_clearly(cut in 0usize..6000) {
        let text = fixture("v1-two-piles.json");
        let end = text.char_indices().map(|(i, _)| i).nth(cut).unwrap_or(text.len());
        assert_outcome(&text[..end])?;
    }
}

#[test]
fn legal_actions_spliced_in_still_load() {
    // The fuzzer's splice can only load when every action is legal: check
    // the loaded outcome is reachable (a real continuation loads).
    let text = fixture("v1-new-game.json");
    let loaded = decode(&text).unwrap();
    let mut session = loaded.session;
    let a: Action = session.game.legal_actions().get(0).unwrap();
    session.apply(a).unwrap();
    let again = decode(&encode(&session, "x", 2)).unwrap();
    assert_eq!(again.session.record.actions, vec![a]);
}

/// The eight-seat table the browser tests look at (the score pad's names
/// turned upright, the chart, the seats on a phone): two people and six
/// bots in round 3. Made by `make_eight_seat_fixture` below.
#[test]
fn the_eight_seat_fixture_loads() {
    let eight = load("v2-eight-seats-mid-game.json").unwrap();
    assert_eq!(eight.session.players(), 8);
    assert_eq!(eight.session.humans(), 2);
    assert_eq!(eight.session.game.round(), 3);
    assert!(eight.session.in_play());
}

/// Writes `v2-eight-seats-mid-game.json` again (run it by name with
/// `--ignored` after a change of the save format or of the rules).
#[test]
#[ignore]
fn make_eight_seat_fixture() {
    use mojo_engine::BotKind;
    use mojo_web::session::{Level, SeatSetup, Session, Starter, TableSetup};
    let names = [
        "Ana",
        "Bot 1",
        "Benedetta",
        "Bot 3",
        "Bot 4",
        "Hal",
        "Bot 6",
        "Bot 7",
    ];
    let seats = names
        .iter()
        .enumerate()
        .map(|(i, n)| match i {
            0 | 2 => SeatSetup::human(n),
            _ => SeatSetup::bot(n, Level::Medium),
        })
        .collect();
    let setup = TableSetup {
        seats,
        double_discard: false,
        target: 100,
        starter: Starter::Seat(0),
    };
    let mut s = Session::new(setup, 808).unwrap();
    let mut bot = BotKind::Medium.make(5);
    while s.game.round() < 3 || !s.in_play() {
        let view = s.game.view(s.game.current());
        s.apply(bot.choose(&view)).unwrap();
    }
    // A few moves into round 3.
    for _ in 0..5 {
        let view = s.game.view(s.game.current());
        s.apply(bot.choose(&view)).unwrap();
    }
    let text = encode(&s, "8e8e8e8e8e8e8e8e", s.record.actions.len() as u64 + 1);
    let pretty =
        serde_json::to_string_pretty(&serde_json::from_str::<Json>(&text).unwrap()).unwrap();
    let path: PathBuf = [
        env!("CARGO_MANIFEST_DIR"),
        "tests",
        "fixtures",
        "saves",
        "v2-eight-seats-mid-game.json",
    ]
    .iter()
    .collect();
    std::fs::write(path, pretty + "\n").unwrap();
}
