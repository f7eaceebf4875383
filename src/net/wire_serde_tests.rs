//! The devices' JSON (`wire.rs`, written by hand so that the wasm carries
//! no serde) and the engine's serde derives (what the CLI writes) describe
//! the same types: checked over thousands of random positions.
//!
//! In random games — 2 to 8 players, one or two discard piles, targets
//! from 1 to 80, a chosen or a random first player, random legal actions —
//! every seat's view (and the public view) at one position in ten and at
//! the end, every legal action and every event of every position (and an
//! event as the other seats see it, where that differs), and every scored
//! round: the wire's text parses to the `serde_json::Value` that
//! `serde_json::to_value` gives, serde reads the wire's text back to the
//! same value, and the wire reads serde's text back to the same value. The
//! test also checks that the games reached every kind of event, action,
//! phase and logged step.
//!
//! The shapes agree everywhere. The one place they once did not, a round
//! log's step (`{"step": "play", "seat", …}` on the wire, `{"play":
//! {"seat", …}}` from serde), was changed on the wire's side: both devices
//! always run the same build (the hello carries it, docs/DEVICES.md) and no
//! view is stored, while the engine's shape is in the CLI's saved games.
//! The readers differ on purpose: the wire wants every field and refuses
//! unknown ones, where serde defaults a few (the options, a view's log);
//! it reads all that serde writes. The app's own types on the wire (the
//! messages, a log line) have no serde shape to compare.

use std::collections::BTreeSet;

use mojo_engine::{Action, Event, FirstPlayer, Game, Options, PlayerView, RoundResult, Seat, Step};

use super::wire::{self, Read};
use crate::json;

/// Random games, each played to its end (at most `MOVES` actions).
const GAMES: usize = 50;
const MOVES: usize = 3_000;
/// One position in this many has every seat's view compared (a view costs
/// about 0.5 ms in a debug build; the actions and events of every position
/// are compared).
const VIEW_ONE_IN: u64 = 10;

/// splitmix64: the test's own dice (the web crate has no `rand`).
struct Dice(u64);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// How many values of each kind were compared.
#[derive(Default, Debug)]
struct Counts {
    games_over: usize,
    positions: usize,
    views: usize,
    actions: usize,
    events: usize,
    rounds: usize,
    /// The kinds of event, action, phase and logged step met.
    kinds: BTreeSet<String>,
}

/// `x` written by the wire is the document serde writes; serde reads the
/// wire's text, and the wire reads serde's, back to `x`. (A macro: the web
/// crate does not depend on serde itself, so its traits cannot be named.)
macro_rules! agree {
    ($t:ty, $x:expr, $write:expr, $read:expr) => {{
        let x: &$t = $x;
        let ours = $write(x).to_text();
        let theirs = serde_json::to_value(x).unwrap();
        let ours_parsed: serde_json::Value = serde_json::from_str(&ours).unwrap();
        assert_eq!(
            ours_parsed, theirs,
            "the wire and serde write differently:\nwire:  {ours}\nserde: {theirs}"
        );
        assert_eq!(
            &serde_json::from_str::<$t>(&ours).unwrap(),
            x,
            "serde reads the wire's {ours}"
        );
        let serde_text = serde_json::to_string(x).unwrap();
        let back: Read<$t> = json::parse(&serde_text).and_then(|v| $read(&v));
        let back = back.unwrap_or_else(|e| panic!("the wire refuses serde's {serde_text}: {e}"));
        assert_eq!(&back, x, "the wire reads serde's {serde_text}");
    }};
}

fn random_options(dice: &mut Dice) -> Options {
    let players = 2 + dice.below(7) as u8;
    Options {
        players,
        double_discard: dice.below(2) == 1,
        // Low targets end games in a round or two: more games, more ends.
        target: [1, 5, 20, 50, 80][dice.below(5) as usize],
        first_player: if dice.below(3) == 0 {
            FirstPlayer::Random
        } else {
            FirstPlayer::Seat(dice.below(u64::from(players)) as Seat)
        },
    }
}

fn view_agrees(v: &PlayerView) {
    agree!(PlayerView, v, wire::view_json, wire::view_from);
}

fn action_agrees(a: &Action) {
    agree!(
        Action,
        a,
        |a: &Action| wire::action_json(*a),
        wire::action_from
    );
}

fn event_agrees(e: &Event) {
    agree!(Event, e, wire::event_json, wire::event_from);
}

fn rounds_agree(r: &[RoundResult]) {
    agree!(
        Vec<RoundResult>,
        &r.to_vec(),
        |rs: &Vec<RoundResult>| wire::rounds_json(rs),
        wire::rounds_from
    );
}

fn step_kind(s: Step) -> &'static str {
    match s {
        Step::Play { .. } => "step play",
        Step::Draw { .. } => "step draw",
        Step::FaceDown { .. } => "step face_down",
        Step::Reveal { .. } => "step reveal",
    }
}

fn action_kind(a: Action) -> &'static str {
    match a {
        Action::Play { pile: 0, .. } => "play on pile 0",
        Action::Play { .. } => "play on pile 1",
        Action::Draw(_) => "draw",
        Action::Reveal(_) => "reveal",
        Action::NextRound => "next round",
    }
}

/// One random game, compared at every step.
fn play(dice: &mut Dice, counts: &mut Counts) {
    let options = random_options(dice);
    let mut game = Game::new(options, dice.next()).unwrap();
    let players = options.players;
    for _ in 0..MOVES {
        if dice.below(VIEW_ONE_IN) == 0 || game.is_over() {
            for seat in 0..players {
                let view = game.view(seat);
                view_agrees(&view);
                counts.views += 1;
                counts.kinds.insert(format!("phase {}", view.phase.label()));
                for step in view.log.steps() {
                    counts.kinds.insert(step_kind(step).into());
                }
            }
            // The public view (no seat's cards) is written the same; the
            // wire refuses to read it as a seat's (`wire::tests`).
            let public = game.view(Seat::MAX);
            let ours = wire::view_json(&public).to_text();
            assert_eq!(
                serde_json::from_str::<serde_json::Value>(&ours).unwrap(),
                serde_json::to_value(&public).unwrap(),
                "{ours}"
            );
        }
        for action in game.legal_actions().iter() {
            action_agrees(&action);
            counts.actions += 1;
            counts.kinds.insert(action_kind(action).into());
        }
        let Some(action) = game.legal_action_at(dice.next() as u32) else {
            counts.games_over += 1;
            return;
        };
        for event in game.apply(action).unwrap() {
            event_agrees(&event);
            let tag = &serde_json::to_value(&event).unwrap()["event"];
            counts
                .kinds
                .insert(format!("event {}", tag.as_str().unwrap()));
            // As the other seats see it, where that differs (a card drawn
            // from the deck, hidden).
            if let Some(hidden) = (0..players)
                .map(|seat| event.visible_to(seat))
                .find(|e| *e != event)
            {
                event_agrees(&hidden);
            }
            counts.events += 1;
            if let Event::RoundScored { result } = &event {
                rounds_agree(&[**result]);
                counts.rounds += 1;
            }
        }
        counts.positions += 1;
    }
}

#[test]
fn the_wire_and_serde_agree_on_random_views_actions_and_events() {
    let mut dice = Dice(20);
    let mut counts = Counts::default();
    for _ in 0..GAMES {
        play(&mut dice, &mut counts);
    }
    eprintln!("{counts:?}");
    assert_eq!(counts.games_over, GAMES, "{counts:?}");
    assert!(counts.views > 2_000, "{counts:?}");
    assert!(counts.positions > 4_000, "{counts:?}");
    // 14 events, 5 actions, 6 phases, 4 steps.
    assert_eq!(counts.kinds.len(), 14 + 5 + 6 + 4, "{:?}", counts.kinds);
}
