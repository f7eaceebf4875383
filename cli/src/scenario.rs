//! `mojo scenario FILE.json`: runs a rule scenario (the format of
//! `scenarios/FORMAT.md`) and reports the resulting position.

use serde::Deserialize;
use serde_json::{json, Map, Value as Json};

use mojo_engine::{Action, DrawSource, Face, FirstPlayer, Game, Options, Phase, Position};

/// Why a scenario file could not be run. The command exits non-zero.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScenarioError(pub String);

impl std::fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ScenarioError {}

fn err<T>(msg: impl Into<String>) -> Result<T, ScenarioError> {
    Err(ScenarioError(msg.into()))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileOptions {
    players: u8,
    #[serde(default)]
    double_discard: bool,
    #[serde(default = "default_target")]
    target: u32,
    #[serde(default)]
    seed: u64,
}

fn default_target() -> u32 {
    mojo_engine::DEFAULT_TARGET
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileState {
    current: u8,
    mojo: Face,
    totals: Vec<u32>,
    hands: Vec<Vec<u8>>,
    face_down: Vec<Vec<u8>>,
    face_up: Vec<Vec<u8>>,
    draw: Vec<u8>,
    discard: Vec<Vec<u8>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScenarioFile {
    #[serde(default)]
    name: String,
    #[serde(default)]
    rule: String,
    options: FileOptions,
    state: FileState,
    #[serde(default)]
    actions: Vec<Json>,
    #[serde(default)]
    expect: Map<String, Json>,
}

/// A parsed scenario, ready to run.
pub struct Scenario {
    pub name: String,
    pub rule: String,
    game: Game,
    actions: Vec<Json>,
    pub expect: Map<String, Json>,
}

/// The keys the output may have; `expect` may list only these.
const KEYS: &[&str] = &[
    "phase",
    "current",
    "direction",
    "mojo",
    "hands",
    "face_down",
    "face_up",
    "hand_sizes",
    "draw",
    "draw_count",
    "discard",
    "totals",
    "round",
    "winners",
    "rejected",
];

impl Scenario {
    /// Parses a scenario from JSON text. Errors name the problem.
    pub fn parse(text: &str) -> Result<Scenario, ScenarioError> {
        let file: ScenarioFile = serde_json::from_str(text)
            .map_err(|e| ScenarioError(format!("not a scenario file: {e}")))?;
        for key in file.expect.keys() {
            if !KEYS.contains(&key.as_str()) {
                return err(format!(
                    "`expect` has an unknown key `{key}` (known: {})",
                    KEYS.join(", ")
                ));
            }
        }
        let position = Position {
            options: Options {
                players: file.options.players,
                double_discard: file.options.double_discard,
                target: file.options.target,
                first_player: FirstPlayer::Seat(0),
            },
            seed: file.options.seed,
            current: file.state.current,
            mojo: file.state.mojo,
            totals: file.state.totals,
            hands: file.state.hands,
            face_down: file.state.face_down,
            face_up: file.state.face_up,
            draw: file.state.draw,
            discard: file.state.discard,
        };
        let game = Game::from_position(&position)
            .map_err(|e| ScenarioError(format!("impossible position: {e}")))?;
        Ok(Scenario {
            name: file.name,
            rule: file.rule,
            game,
            actions: file.actions,
            expect: file.expect,
        })
    }

    /// Applies the actions in order and returns the output object. A
    /// refused action stops the run and is reported under `rejected`.
    pub fn run(&self) -> Result<Map<String, Json>, ScenarioError> {
        let mut game = self.game.clone();
        let mut rejected = None;
        for (i, raw) in self.actions.iter().enumerate() {
            let action = parse_action(raw, game.phase())
                .map_err(|e| ScenarioError(format!("action {i}: {e}")))?;
            if let Err(e) = game.apply(action) {
                rejected = Some(json!({"index": i, "reason": e.to_string()}));
                break;
            }
        }
        Ok(output(&game, rejected))
    }
}

/// One action of the file. With two piles, `pile` may be left out on a
/// later card of a chain (it then means the chain's pile) and defaults to 0
/// on the first card.
fn parse_action(raw: &Json, phase: Phase) -> Result<Action, String> {
    let obj = raw
        .as_object()
        .ok_or_else(|| format!("expected an object, found {raw}"))?;
    let known = ["play", "pile", "draw", "reveal", "next_round"];
    if let Some(k) = obj.keys().find(|k| !known.contains(&k.as_str())) {
        return Err(format!("unknown key `{k}` in {raw}"));
    }
    let value = |key: &str| -> Result<u8, String> {
        obj[key]
            .as_u64()
            .and_then(|v| u8::try_from(v).ok())
            .ok_or_else(|| format!("`{key}` must be a card value, found {}", obj[key]))
    };
    let only = |key: &str| obj.len() == 1 && obj.contains_key(key);
    if obj.contains_key("play") {
        if obj.keys().any(|k| k != "play" && k != "pile") {
            return Err(format!("a play has only `play` and `pile`: {raw}"));
        }
        let pile = match obj.get("pile") {
            Some(p) => p
                .as_u64()
                .and_then(|v| u8::try_from(v).ok())
                .ok_or_else(|| format!("`pile` must be 0 or 1, found {p}"))?,
            None => match phase {
                Phase::Continue { pile } => pile,
                _ => 0,
            },
        };
        Ok(Action::Play {
            value: value("play")?,
            pile,
        })
    } else if only("draw") {
        match obj["draw"].as_str() {
            Some("deck") => Ok(Action::Draw(DrawSource::Deck)),
            Some("discard") => Ok(Action::Draw(DrawSource::Discard)),
            _ => Err(format!(
                "`draw` is \"deck\" or \"discard\", found {}",
                obj["draw"]
            )),
        }
    } else if only("reveal") {
        Ok(Action::Reveal(value("reveal")?))
    } else if only("next_round") && obj["next_round"] == Json::Bool(true) {
        Ok(Action::NextRound)
    } else {
        Err(format!("not an action: {raw}"))
    }
}

/// The output object of FORMAT.md.
pub fn output(game: &Game, rejected: Option<Json>) -> Map<String, Json> {
    let n = game.players();
    let seats = 0..n;
    let mut out = Map::new();
    out.insert("phase".into(), json!(game.phase().label()));
    out.insert("current".into(), json!(game.current()));
    out.insert("direction".into(), json!(game.direction().label()));
    out.insert("mojo".into(), json!(game.mojo().label()));
    out.insert(
        "hands".into(),
        json!(seats
            .clone()
            .map(|s| game.hand(s).to_vec())
            .collect::<Vec<_>>()),
    );
    out.insert(
        "face_down".into(),
        json!(seats
            .clone()
            .map(|s| game.face_down(s).to_vec())
            .collect::<Vec<_>>()),
    );
    out.insert(
        "face_up".into(),
        json!(seats
            .clone()
            .map(|s| game.face_up(s).to_vec())
            .collect::<Vec<_>>()),
    );
    out.insert(
        "hand_sizes".into(),
        json!(seats.map(|s| game.hand(s).len()).collect::<Vec<_>>()),
    );
    let mut draw = game.draw_pile().as_slice().to_vec();
    draw.reverse();
    out.insert("draw_count".into(), json!(draw.len()));
    out.insert("draw".into(), json!(draw));
    out.insert(
        "discard".into(),
        json!(game
            .discards()
            .iter()
            .map(|p| p.as_slice().to_vec())
            .collect::<Vec<_>>()),
    );
    out.insert("totals".into(), json!(game.totals()));
    if matches!(game.phase(), Phase::RoundOver | Phase::GameOver) {
        if let Some(r) = game.last_round() {
            out.insert(
                "round".into(),
                json!({"holder": r.holder, "points": r.points(), "scores": r.scores()}),
            );
        }
    }
    if game.phase() == Phase::GameOver {
        out.insert("winners".into(), json!(game.winners()));
    }
    if let Some(r) = rejected {
        out.insert("rejected".into(), r);
    }
    out
}

/// The differences between `expect` and the output: one line each.
pub fn compare(expect: &Map<String, Json>, out: &Map<String, Json>) -> Vec<String> {
    let mut diffs = Vec::new();
    for (key, want) in expect {
        let got = out.get(key);
        let same = if key == "rejected" {
            got.and_then(|g| g.get("index")) == want.get("index")
        } else {
            got == Some(want)
        };
        if !same {
            let got = got.map_or_else(|| "(absent)".to_string(), Json::to_string);
            diffs.push(format!("{key}: expected {want}, got {got}"));
        }
    }
    diffs
}

/// Runs a scenario file's text: the output and the differences from its
/// `expect` block.
pub fn run_text(text: &str) -> Result<(Map<String, Json>, Vec<String>), ScenarioError> {
    let scenario = Scenario::parse(text)?;
    let out = scenario.run()?;
    let diffs = compare(&scenario.expect, &out);
    Ok((out, diffs))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pile_defaults_to_the_chain_pile() {
        let a = parse_action(&json!({"play": 4}), Phase::Continue { pile: 1 }).unwrap();
        assert_eq!(a, Action::Play { value: 4, pile: 1 });
        let a = parse_action(&json!({"play": 4}), Phase::Play).unwrap();
        assert_eq!(a, Action::Play { value: 4, pile: 0 });
    }

    #[test]
    fn malformed_actions_are_named() {
        for bad in [
            json!({"jump": 1}),
            json!({"play": "x"}),
            json!({"draw": "sky"}),
            json!({"next_round": false}),
            json!(7),
            json!({"play": 3, "reveal": 3}),
        ] {
            assert!(parse_action(&bad, Phase::Play).is_err(), "{bad}");
        }
    }
}
