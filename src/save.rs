//! The saved game and settings: their own serialised shapes (never the live
//! structs), in a versioned envelope, so the format can evolve and an old or
//! damaged save is recognised and refused with a clear reason.
//!
//! A game is saved as its table, seed and actions. Loading replays every
//! action through the engine, so a save that does not describe a legal game
//! cannot be loaded, whatever was edited in it.
//!
//! Pure Rust: the browser storage itself, and what several tabs do with the
//! one save slot, are `drivers/saves.rs` and `sync.rs`.

use mojo_engine::cards::MAX_VALUE;
use mojo_engine::{Action, DrawSource, GameRecord, Seat};

use crate::json::{self, obj, opt_int, Fields, Json};
use crate::net::ice::Relay;
use crate::session::{Level, SeatSetup, Session, SessionError, Starter, TableSetup};

/// The localStorage key of the game in progress.
pub const GAME_KEY: &str = "mojo.game";
/// The key of the settings.
pub const SETTINGS_KEY: &str = "mojo.settings";
/// Where an unreadable save is kept aside (with a suffix), never deleted.
pub const QUARANTINE_PREFIX: &str = "mojo.unreadable.";

/// What every save file says about itself.
const FORMAT: &str = "mojo-save";
/// The newest save version this build writes.
pub const VERSION: u32 = 3;
/// The oldest save version this build reads: the first one Mojo wrote.
pub const FIRST_VERSION: u32 = 1;

/// One step of the migration chain: the `game` part of a save of version
/// `v`, rewritten as version `v + 1` (or why it cannot be).
type Migration = fn(Json) -> Result<Json, String>;

/// The migration chain, oldest first: `MIGRATIONS[i]` turns version
/// `FIRST_VERSION + i` into the next. Every save ever written is upgraded
/// one step at a time to [`VERSION`] and then decoded by the one current
/// decoder, so old saves keep loading (their fixtures are in
/// `tests/fixtures/saves/`).
///
/// A format change adds a step here, bumps `VERSION`, keeps the fixtures
/// of the older versions and adds new ones.
const MIGRATIONS: &[Migration] = &[migrate_v1_to_v2, migrate_v2_to_v3];

/// Version 2 lets a seat say `"remote": true`: a person who plays on their
/// own device (play across devices). Every seat of a version 1 save plays
/// on the device that saved it, which is what a seat without `remote`
/// means: the game part needs no change.
fn migrate_v1_to_v2(game: Json) -> Result<Json, String> {
    Ok(game)
}

/// Version 3 lets a seat on its own device say `"far": true`: far away,
/// not in the room, as the host said (issue 56). A seat of a version 2
/// save said nothing of it, which is what a seat without `far` means.
fn migrate_v2_to_v3(game: Json) -> Result<Json, String> {
    Ok(game)
}

// The chain leads from the first version to the current one, step by step.
const _: () = assert!(MIGRATIONS.len() as u32 == VERSION - FIRST_VERSION);

/// Upgrades the `game` part of a save of `version` to [`VERSION`].
fn upgrade(version: u32, game: Json) -> Result<Json, LoadError> {
    if !(FIRST_VERSION..=VERSION).contains(&version) {
        return Err(LoadError::UnknownVersion(version));
    }
    let mut game = game;
    let first_step = (version - FIRST_VERSION) as usize;
    for (i, step) in MIGRATIONS.iter().enumerate().skip(first_step) {
        let from = FIRST_VERSION + i as u32;
        game = step(game).map_err(|why| {
            LoadError::Damaged(format!(
                "it could not be upgraded from format {from}: {why}"
            ))
        })?;
    }
    Ok(game)
}

/// The envelope: format name, version, and a sequence number that grows with
/// every save of the same game (a newer save is never overwritten by an
/// older one).
struct Envelope {
    format: String,
    version: u32,
    seq: u64,
    game: Json,
}

impl Envelope {
    /// The envelope's own fields; anything else beside them is ignored.
    fn read(text: &str) -> Result<Envelope, String> {
        let doc = json::parse(text)?;
        let mut f = Fields::of(&doc, "a save")?;
        Ok(Envelope {
            format: f.string("format")?,
            version: f.int("version")?,
            seq: f.int("seq")?,
            game: f.req("game")?.clone(),
        })
    }
}

/// The current version of a saved game: `{"id", "seats": [{"name", "bot",
/// "remote", "far"}], "double_discard", "target", "starter": "random" |
/// {"seat": n}, "seed", "actions", "shown_to"}`; every field is required
/// but `bot` and `shown_to` (null or absent for none), `remote` (absent
/// for a seat on this device, version 2) and `far` (absent for a seat
/// not said to be far away, version 3), and no other field is allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
struct GameV1 {
    /// Identifies one game across saves (two tabs, two games).
    id: String,
    seats: Vec<SeatV1>,
    double_discard: bool,
    target: u32,
    starter: StarterV1,
    /// The seed, as text: a 64-bit number is not exact in JavaScript.
    seed: String,
    actions: Vec<Action>,
    shown_to: Option<Seat>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct SeatV1 {
    name: String,
    bot: Option<String>,
    /// Version 2: a person on their own device.
    remote: bool,
    /// Version 3: ...far away, not in the room.
    far: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum StarterV1 {
    Seat(Seat),
    Random,
}

impl GameV1 {
    fn to_json(&self) -> Json {
        obj([
            ("id", json::str(&self.id)),
            ("seats", seats_json(&self.seats)),
            ("double_discard", Json::Bool(self.double_discard)),
            ("target", Json::Int(self.target.into())),
            ("starter", starter_json(self.starter)),
            ("seed", json::str(&self.seed)),
            (
                "actions",
                Json::Arr(self.actions.iter().map(|&a| action_json(a)).collect()),
            ),
            ("shown_to", opt_int(self.shown_to)),
        ])
    }

    fn from_json(v: &Json) -> Result<GameV1, String> {
        let mut f = Fields::of(v, "the game")?;
        let game = GameV1 {
            id: f.string("id")?,
            seats: seats_from(f.list("seats")?, true)?,
            double_discard: f.boolean("double_discard")?,
            target: f.int("target")?,
            starter: starter_from(f.req("starter")?)?,
            seed: f.string("seed")?,
            actions: f
                .list("actions")?
                .iter()
                .enumerate()
                .map(|(i, a)| action_from(a).map_err(|e| format!("action {}: {e}", i + 1)))
                .collect::<Result<_, _>>()?,
            shown_to: f.opt_int("shown_to")?,
        };
        f.done()?;
        Ok(game)
    }
}

/// Seats, in the save and in the settings: `[{"name", "bot", "remote",
/// "far"}]`, `bot` null (or absent) for a person, `remote` and `far`
/// written only when true.
fn seats_json(seats: &[SeatV1]) -> Json {
    Json::Arr(
        seats
            .iter()
            .map(|s| {
                let mut fields = vec![
                    ("name".to_string(), json::str(&s.name)),
                    (
                        "bot".to_string(),
                        s.bot.as_deref().map_or(Json::Null, json::str),
                    ),
                ];
                if s.remote {
                    fields.push(("remote".to_string(), Json::Bool(true)));
                }
                if s.far {
                    fields.push(("far".to_string(), Json::Bool(true)));
                }
                Json::Obj(fields)
            })
            .collect(),
    )
}

/// `strict`: a field other than `name` and `bot` is an error (saves); the
/// settings ignore it, as they ignore any field they do not know.
fn seats_from(list: &[Json], strict: bool) -> Result<Vec<SeatV1>, String> {
    list.iter()
        .map(|s| {
            let mut f = Fields::of(s, "a seat")?;
            let seat = SeatV1 {
                name: f.string("name")?,
                bot: match f.opt("bot") {
                    None => None,
                    Some(b) => Some(
                        b.as_str()
                            .ok_or_else(|| json::wrong("bot", "a string", b))?
                            .to_string(),
                    ),
                },
                remote: flag(&mut f, "remote")?,
                far: flag(&mut f, "far")?,
            };
            if strict {
                f.done()?;
            }
            Ok(seat)
        })
        .collect()
}

/// A seat's `true` or `false` that may be absent (false).
fn flag(f: &mut Fields, name: &str) -> Result<bool, String> {
    match f.opt(name) {
        None => Ok(false),
        Some(v) => v
            .as_bool()
            .ok_or_else(|| json::wrong(name, "true or false", v)),
    }
}

/// Who starts: `"random"` or `{"seat": n}`.
fn starter_json(s: StarterV1) -> Json {
    match s {
        StarterV1::Random => json::str("random"),
        StarterV1::Seat(seat) => obj([("seat", Json::Int(seat.into()))]),
    }
}

fn starter_from(v: &Json) -> Result<StarterV1, String> {
    if v.as_str() == Some("random") {
        return Ok(StarterV1::Random);
    }
    let mut f = Fields::of(v, "`starter` (\"random\" or {\"seat\": n})")?;
    let seat = f.int("seat")?;
    f.done()?;
    Ok(StarterV1::Seat(seat))
}

/// An action in the scenario format (as the engine writes it):
/// `{"play": 7, "pile": 0}`, `{"draw": "deck"}`, `{"reveal": 4}`,
/// `{"next_round": true}`.
pub(crate) fn action_json(a: Action) -> Json {
    match a {
        Action::Play { value, pile } => obj([
            ("play", Json::Int(value.into())),
            ("pile", Json::Int(pile.into())),
        ]),
        Action::Draw(src) => obj([(
            "draw",
            json::str(match src {
                DrawSource::Deck => "deck",
                DrawSource::Discard => "discard",
            }),
        )]),
        Action::Reveal(v) => obj([("reveal", Json::Int(v.into()))]),
        Action::NextRound => obj([("next_round", Json::Bool(true))]),
    }
}

/// Reads what [`action_json`] writes (a play's pile may be left out: 0).
pub(crate) fn action_from(v: &Json) -> Result<Action, String> {
    const SHAPES: &str = "an action is one of {\"play\": V, \"pile\": P}, {\"draw\": \"deck\"|\"discard\"}, {\"reveal\": V}, {\"next_round\": true}";
    let mut f = Fields::of(v, "an action")?;
    let play = f.opt_int("play")?;
    let pile = f.opt_int("pile")?;
    let draw = f.opt("draw").map(|d| match d.as_str() {
        Some("deck") => Ok(DrawSource::Deck),
        Some("discard") => Ok(DrawSource::Discard),
        _ => Err(json::wrong("draw", "\"deck\" or \"discard\"", d)),
    });
    let draw = draw.transpose()?;
    let reveal = f.opt_int("reveal")?;
    let next = f.opt("next_round").map(Json::as_bool);
    f.done()?;
    match (play, pile, draw, reveal, next) {
        (Some(value), pile, None, None, None) => Ok(Action::Play {
            value,
            pile: pile.unwrap_or(0),
        }),
        (None, None, Some(src), None, None) => Ok(Action::Draw(src)),
        (None, None, None, Some(v), None) => Ok(Action::Reveal(v)),
        (None, None, None, None, Some(Some(true))) => Ok(Action::NextRound),
        _ => Err(SHAPES.to_string()),
    }
}

/// Why a save could not be loaded. The raw text is kept aside.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// Not JSON, or not a Mojo save.
    NotASave(String),
    /// Written by a newer (or unknown) version of the game.
    UnknownVersion(u32),
    /// A Mojo save whose content is damaged or breaks the rules.
    Damaged(String),
}

impl core::fmt::Display for LoadError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            LoadError::NotASave(why) => write!(f, "this is not a Mojo save ({why})"),
            LoadError::UnknownVersion(v) if *v > VERSION => write!(
                f,
                "this save comes from a newer version of Mojo (format {v}; this one reads up to {VERSION})"
            ),
            LoadError::UnknownVersion(v) => write!(
                f,
                "this save has format {v}, which Mojo never wrote (formats {FIRST_VERSION} to {VERSION} are read)"
            ),
            LoadError::Damaged(why) => write!(f, "the saved game is damaged: {why}"),
        }
    }
}

/// A game read back from storage.
#[derive(Debug)]
pub struct Loaded {
    pub session: Session,
    pub id: String,
    pub seq: u64,
}

fn seats_v1(seats: &[SeatSetup]) -> Vec<SeatV1> {
    seats
        .iter()
        .map(|s| SeatV1 {
            name: s.name.clone(),
            bot: s.bot.map(|l| l.key().to_string()),
            remote: s.is_remote(),
            far: s.is_far(),
        })
        .collect()
}

/// The seats as the table has them (names cleaned), or the first seat
/// whose bot level is unknown, and that level.
fn seats_setup(seats: &[SeatV1]) -> Result<Vec<SeatSetup>, (usize, String)> {
    seats
        .iter()
        .enumerate()
        .map(|(i, s)| match &s.bot {
            None if s.remote && s.far => Ok(SeatSetup::far(&s.name)),
            None if s.remote => Ok(SeatSetup::remote(&s.name)),
            None => Ok(SeatSetup::human(&s.name)),
            Some(name) => Level::from_key(name)
                .map(|l| SeatSetup::bot(&s.name, l))
                .ok_or_else(|| (i, name.clone())),
        })
        .collect()
}

fn starter_v1(s: Starter) -> StarterV1 {
    match s {
        Starter::Seat(s) => StarterV1::Seat(s),
        Starter::Random => StarterV1::Random,
    }
}

fn starter_of(s: StarterV1) -> Starter {
    match s {
        StarterV1::Seat(s) => Starter::Seat(s),
        StarterV1::Random => Starter::Random,
    }
}

/// The text to store for `session` (game `id`, save number `seq`).
pub fn encode(session: &Session, id: &str, seq: u64) -> String {
    let setup = &session.setup;
    let game = GameV1 {
        id: id.to_string(),
        seats: seats_v1(&setup.seats),
        double_discard: setup.double_discard,
        target: setup.target,
        starter: starter_v1(setup.starter),
        seed: session.record.seed.to_string(),
        actions: session.record.actions.clone(),
        shown_to: session.shown_to,
    };
    obj([
        ("format", json::str(FORMAT)),
        ("version", Json::Int(VERSION.into())),
        // A save number past 2^63 cannot happen (one per action).
        ("seq", Json::Int(i64::try_from(seq).unwrap_or(i64::MAX))),
        ("game", game.to_json()),
    ])
    .to_text()
}

/// Reads the envelope only: game id and save number, without replaying the
/// game (to compare two tabs' saves: `persist::sync`).
pub fn peek(text: &str) -> Option<(String, u64)> {
    let envelope = Envelope::read(text).ok()?;
    let id = envelope.game.get("id")?.as_str()?.to_string();
    (envelope.format == FORMAT).then_some((id, envelope.seq))
}

/// Reads a saved game, checking everything by replaying it.
pub fn decode(text: &str) -> Result<Loaded, LoadError> {
    let envelope = Envelope::read(text).map_err(LoadError::NotASave)?;
    if envelope.format != FORMAT {
        return Err(LoadError::NotASave(format!(
            "its format is `{}`",
            envelope.format
        )));
    }
    let game = upgrade(envelope.version, envelope.game)?;
    decode_v1(game, envelope.seq)
}

/// Decodes the current version (every older one was upgraded to it).
fn decode_v1(value: Json, seq: u64) -> Result<Loaded, LoadError> {
    let g = GameV1::from_json(&value).map_err(LoadError::Damaged)?;
    if let Some((i, v)) = g.actions.iter().enumerate().find_map(|(i, a)| match *a {
        Action::Play { value, .. } | Action::Reveal(value) if value > MAX_VALUE => Some((i, value)),
        _ => None,
    }) {
        return Err(LoadError::Damaged(format!(
            "action {} names a card {v}, but cards go from 0 to {MAX_VALUE}",
            i + 1
        )));
    }
    let seats = seats_setup(&g.seats)
        .map_err(|(i, bot)| LoadError::Damaged(format!("seat {}: no bot level `{bot}`", i + 1)))?;
    let setup = TableSetup {
        seats,
        double_discard: g.double_discard,
        target: g.target,
        starter: starter_of(g.starter),
    };
    let seed: u64 = g
        .seed
        .parse()
        .map_err(|_| LoadError::Damaged(format!("the seed `{}` is not a number", g.seed)))?;
    let record = GameRecord {
        options: setup.options(),
        seed,
        actions: g.actions,
    };
    let mut session = Session::restore(setup, record, g.shown_to).map_err(|e| match e {
        SessionError::Setup(p) => LoadError::Damaged(format!("the table is not valid: {p}")),
        other => LoadError::Damaged(other.to_string()),
    })?;
    // Read from storage: after a reload, a restart or in another tab,
    // whoever holds the device now may not be the person whose cards
    // showed. Every hand waits behind its owner's "Show my cards"
    // (`shown_to` is still written, and read, for the format's sake).
    session.cover_hands();
    Ok(Loaded {
        session,
        id: g.id,
        seq,
    })
}

/// Bot pacing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Speed {
    Slow,
    #[default]
    Normal,
    Fast,
    Instant,
}

impl Speed {
    pub const ALL: [Speed; 4] = [Speed::Slow, Speed::Normal, Speed::Fast, Speed::Instant];

    /// The pause before each bot action, in milliseconds.
    pub fn delay_ms(self) -> u32 {
        match self {
            Speed::Slow => 1400,
            Speed::Normal => 800,
            Speed::Fast => 350,
            Speed::Instant => 0,
        }
    }

    pub fn parse(s: &str) -> Option<Speed> {
        Speed::ALL.into_iter().find(|v| v.name() == s)
    }

    /// Its name in the settings and in `?speed=`.
    pub fn name(self) -> &'static str {
        match self {
            Speed::Slow => "slow",
            Speed::Normal => "normal",
            Speed::Fast => "fast",
            Speed::Instant => "instant",
        }
    }
}

/// What the game remembers between visits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    pub version: u32,
    /// The last table set up in the lobby (names, bots, options).
    pub table: Option<TableSetup>,
    /// The language the player chose in the menu (stored as `lang`). The
    /// language in effect is `AppState::lang`: this one once its words are
    /// here, English while they cannot be fetched, or `?lang=` for one
    /// visit (not saved, like `?speed=`).
    pub lang: Option<String>,
    pub speed: Speed,
    pub reduce_motion: bool,
    /// The player left the table for the lobby (a reload shows the lobby,
    /// with "Continue").
    pub in_lobby: bool,
    /// The first-game walkthrough was seen (finished or skipped).
    pub tour_done: bool,
    /// The family's own relays for play across networks (the Menu's, a
    /// TURN or STUN server: URL, user name, password), beside the site's
    /// `network.json`. Empty by default: then only the site's servers are
    /// used (none, if it lists none: the devices find each other on their
    /// own network and nothing outside the page is contacted). Stored as
    /// `"relays"`, three fields each; the older `"ice"` lines ("URL
    /// [username credential]") are still read.
    pub relays: Vec<Relay>,
    /// Sounds at the table (play, draw, Mojo Time, round end, your turn);
    /// the table's mute button turns them off on this device. Stored as
    /// `"sound": false` only when off: settings with sound on keep their
    /// earlier shape.
    pub sound: bool,
    /// "Confirm each card": a tap on a card picks it, a second tap on it
    /// plays it (off by default; stored only when on).
    pub confirm_cards: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            version: 1,
            table: None,
            lang: None,
            speed: Speed::Normal,
            reduce_motion: false,
            in_lobby: false,
            tour_done: false,
            relays: Vec::new(),
            sound: true,
            confirm_cards: false,
        }
    }
}

impl Settings {
    /// Settings from storage; anything unreadable gives the defaults (the
    /// settings are a convenience, never a reason to stop the game).
    pub fn decode(text: &str) -> Settings {
        let d = Settings::default();
        let Ok(Json::Obj(fields)) = json::parse(text) else {
            return d;
        };
        // Field by field: one unreadable setting does not cost the others.
        let get = |key: &str| fields.iter().find(|(k, _)| k == key).map(|(_, v)| v);
        let flag = |key: &str, default: bool| get(key).and_then(Json::as_bool).unwrap_or(default);
        Settings {
            version: get("version").and_then(Json::as_int).unwrap_or(d.version),
            table: get("table")
                .and_then(|t| table_from(t).ok())
                .filter(|t| t.check().is_ok()),
            lang: get("lang").and_then(Json::as_str).map(str::to_string),
            speed: get("speed")
                .and_then(Json::as_str)
                .and_then(Speed::parse)
                .unwrap_or(d.speed),
            reduce_motion: flag("reduce_motion", d.reduce_motion),
            in_lobby: flag("in_lobby", d.in_lobby),
            tour_done: flag("tour_done", d.tour_done),
            relays: match (get("relays"), get("ice")) {
                (Some(Json::Arr(relays)), _) => {
                    relays.iter().filter_map(Relay::from_json).collect()
                }
                (_, Some(Json::Arr(lines))) => lines
                    .iter()
                    .filter_map(Json::as_str)
                    .map(Relay::from_line)
                    .filter(|r| !r.is_empty())
                    .collect(),
                _ => Vec::new(),
            },
            sound: flag("sound", d.sound),
            confirm_cards: flag("confirm_cards", d.confirm_cards),
        }
    }

    pub fn encode(&self) -> String {
        let mut doc = obj([
            ("version", Json::Int(self.version.into())),
            ("table", self.table.as_ref().map_or(Json::Null, table_json)),
            ("lang", self.lang.as_deref().map_or(Json::Null, json::str)),
            ("speed", json::str(self.speed.name())),
            ("reduce_motion", Json::Bool(self.reduce_motion)),
            ("in_lobby", Json::Bool(self.in_lobby)),
            ("tour_done", Json::Bool(self.tour_done)),
        ]);
        // Only when set: settings without servers keep their shape.
        if let (Json::Obj(fields), false) = (&mut doc, self.relays.is_empty()) {
            let relays = self.relays.iter().map(Relay::to_json).collect();
            fields.push(("relays".to_string(), Json::Arr(relays)));
        }
        if let (Json::Obj(fields), false) = (&mut doc, self.sound) {
            fields.push(("sound".to_string(), Json::Bool(false)));
        }
        if let (Json::Obj(fields), true) = (&mut doc, self.confirm_cards) {
            fields.push(("confirm_cards".to_string(), Json::Bool(true)));
        }
        doc.to_text()
    }
}

/// The lobby's table as the settings keep it: `{"seats": [{"name", "bot":
/// "easy"|"medium"|"hard"|null}], "double_discard", "target", "starter"}`.
fn table_json(t: &TableSetup) -> Json {
    obj([
        ("seats", seats_json(&seats_v1(&t.seats))),
        ("double_discard", Json::Bool(t.double_discard)),
        ("target", Json::Int(t.target.into())),
        ("starter", starter_json(starter_v1(t.starter))),
    ])
}

fn table_from(v: &Json) -> Result<TableSetup, String> {
    let mut f = Fields::of(v, "the table")?;
    let seats = seats_from(f.list("seats")?, false)?;
    let table = TableSetup {
        seats: seats_setup(&seats)
            .map_err(|(i, bot)| format!("seat {}: no bot level `{bot}`", i + 1))?,
        double_discard: f.boolean("double_discard")?,
        target: f.int("target")?,
        starter: starter_of(starter_from(f.req("starter")?)?),
    };
    Ok(table)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use mojo_engine::BotKind;

    /// A pass-and-play game (Ana and Ben, two bots) after `moves` actions.
    pub(crate) fn played(seed: u64, moves: usize) -> Session {
        let mut setup = TableSetup::first_visit("Ana");
        setup.seats[2] = SeatSetup::human("Ben");
        let mut s = Session::new(setup, seed).unwrap();
        let mut bot = BotKind::Medium.make(seed);
        for _ in 0..moves {
            if s.game.is_over() {
                break;
            }
            if let Some(seat) = s.handoff_to() {
                s.show_hand(seat);
            }
            let view = s.game.view(s.game.current());
            s.apply(bot.choose(&view)).unwrap();
        }
        s
    }

    #[test]
    fn a_save_restores_the_same_position_and_screen() {
        for moves in [0, 1, 7, 30, 120, 400] {
            let s = played(77, moves);
            let text = encode(&s, "g1", 5);
            let loaded = decode(&text).unwrap();
            assert_eq!(loaded.session.game, s.game);
            assert_eq!(loaded.session.setup, s.setup);
            // Read back, every hand is covered until its owner shows it:
            // whoever holds the device after a reload may be anyone.
            let mut covered = s.clone();
            covered.cover_hands();
            assert_eq!(loaded.session.viewer(), None);
            assert_eq!(loaded.session.viewer(), covered.viewer());
            assert_eq!(loaded.session.handoff_to(), covered.handoff_to());
            assert_eq!(loaded.session.rounds, s.rounds);
            assert_eq!((loaded.id.as_str(), loaded.seq), ("g1", 5));
            assert_eq!(peek(&text), Some(("g1".to_string(), 5)));
        }
    }

    /// Alone with bots, a reload shows the person's hand at once, as
    /// before: there is nobody to hide it from.
    #[test]
    fn a_solo_save_keeps_the_hand_in_view() {
        let mut s = Session::new(TableSetup::first_visit("Ana"), 9).unwrap();
        let first = s.game.legal_actions().get(0).unwrap();
        s.apply(first).unwrap();
        let loaded = decode(&encode(&s, "g", 2)).unwrap();
        assert_eq!(loaded.session.shown_to, Some(0));
        assert_eq!(loaded.session.viewer(), s.viewer());
    }

    #[test]
    fn the_seed_survives_as_text() {
        let s = Session::new(TableSetup::first_visit("A"), u64::MAX - 3).unwrap();
        let text = encode(&s, "x", 1);
        assert!(text.contains(&format!("\"{}\"", u64::MAX - 3)));
        assert_eq!(decode(&text).unwrap().session.record.seed, u64::MAX - 3);
    }

    #[test]
    fn unreadable_saves_are_refused_with_a_reason() {
        let good = encode(&played(3, 40), "g", 1);
        let v: serde_json::Value = serde_json::from_str(&good).unwrap();
        let edit = |f: &dyn Fn(&mut serde_json::Value)| {
            let mut w = v.clone();
            f(&mut w);
            decode(&w.to_string())
        };
        assert!(matches!(decode("{oops"), Err(LoadError::NotASave(_))));
        assert!(matches!(decode("[]"), Err(LoadError::NotASave(_))));
        assert!(matches!(
            edit(&|w| w["format"] = "chess".into()),
            Err(LoadError::NotASave(_))
        ));
        assert_eq!(
            edit(&|w| w["version"] = 99.into()).unwrap_err(),
            LoadError::UnknownVersion(99)
        );
        // An action the rules refuse at that point.
        let bad_action = edit(&|w| {
            w["game"]["actions"][5] = serde_json::json!({"reveal": 3});
        });
        assert!(matches!(bad_action, Err(LoadError::Damaged(ref m)) if m.contains("action 6")));
        for f in [
            &(|w: &mut serde_json::Value| w["game"]["seats"] = serde_json::json!([]))
                as &dyn Fn(&mut serde_json::Value),
            &|w| w["game"]["seats"][1]["bot"] = "genius".into(),
            &|w| w["game"]["seed"] = "twelve".into(),
            &|w| w["game"]["target"] = 0.into(),
            &|w| w["game"]["actions"] = serde_json::json!([{"play": 13}]),
            &|w| w["game"]["starter"] = serde_json::json!({"seat": 9}),
            &|w| w["game"]["extra"] = 1.into(),
        ] {
            assert!(
                matches!(edit(f), Err(LoadError::Damaged(_))),
                "{:?}",
                edit(f)
            );
        }
        // Every message is a sentence for people.
        assert!(LoadError::UnknownVersion(VERSION + 1)
            .to_string()
            .contains("newer version"));
    }

    #[test]
    fn settings_fall_back_to_defaults() {
        assert_eq!(Settings::decode("garbage"), Settings::default());
        let s = Settings {
            speed: Speed::Fast,
            lang: Some("fr".into()),
            table: Some(TableSetup::first_visit("Zoé")),
            relays: vec![Relay {
                url: "turn:t.example.org".into(),
                username: "a".into(),
                password: "a password with spaces".into(),
            }],
            confirm_cards: true,
            ..Settings::default()
        };
        assert_eq!(Settings::decode(&s.encode()), s);
        // The older form: one line per server, split on spaces.
        let old =
            r#"{"version":1,"ice":["stun:stun.example.org:3478","turn:t.example.org a b",""]}"#;
        let read = Settings::decode(old).relays;
        assert_eq!(read.len(), 2);
        assert_eq!(read[0].url, "stun:stun.example.org:3478");
        assert_eq!(
            (read[1].username.as_str(), read[1].password.as_str()),
            ("a", "b")
        );
        let mut broken = s.clone();
        broken.table.as_mut().unwrap().seats.clear();
        assert_eq!(Settings::decode(&broken.encode()).table, None);
    }

    /// Sound is on unless the player turned it off; only "off" is written,
    /// and anything but `false` reads as on.
    #[test]
    fn sound_is_remembered_and_written_only_when_off() {
        let on = Settings::default();
        assert!(on.sound);
        assert!(!on.encode().contains("sound"), "{}", on.encode());
        let off = Settings {
            sound: false,
            ..Settings::default()
        };
        assert!(
            off.encode().contains(r#""sound":false"#),
            "{}",
            off.encode()
        );
        assert_eq!(Settings::decode(&off.encode()), off);
        assert!(Settings::decode(r#"{"sound": "loud"}"#).sound);
        assert!(Settings::decode(r#"{"sound": true}"#).sound);
    }

    /// Settings as earlier builds wrote them (serde's derived shape) read
    /// back the same; one unreadable setting does not cost the others.
    #[test]
    fn stored_settings_of_earlier_builds_still_read() {
        let earlier = r#"{"version":1,"table":{"seats":[{"name":"Ana","bot":null},{"name":"Bot 2","bot":"medium"},{"name":"Bot 3","bot":"hard"}],"double_discard":true,"target":80,"starter":{"seat":2}},"lang":"pl","speed":"slow","reduce_motion":true,"in_lobby":true,"tour_done":true}"#;
        let s = Settings::decode(earlier);
        let table = TableSetup {
            seats: vec![
                SeatSetup::human("Ana"),
                SeatSetup::bot("Bot 2", Level::Medium),
                SeatSetup::bot("Bot 3", Level::Hard),
            ],
            double_discard: true,
            target: 80,
            starter: Starter::Seat(2),
        };
        let expected = Settings {
            version: 1,
            table: Some(table),
            lang: Some("pl".into()),
            speed: Speed::Slow,
            reduce_motion: true,
            in_lobby: true,
            tour_done: true,
            relays: Vec::new(),
            sound: true,
            confirm_cards: false,
        };
        assert_eq!(s, expected);
        let ours: serde_json::Value = serde_json::from_str(&s.encode()).unwrap();
        let theirs: serde_json::Value = serde_json::from_str(earlier).unwrap();
        assert_eq!(ours, theirs, "written back in the same shape");
        // Fields a later build may add are ignored, in the table too.
        let later = earlier
            .replace(r#""bot":null"#, r#""bot":null,"colour":"red""#)
            .replace(r#""target":80"#, r#""target":80,"timer":30"#);
        assert_eq!(Settings::decode(&later), expected);
        // What the tests' init scripts store: the rest are defaults.
        let tour = Settings::decode(r#"{"tour_done": true}"#);
        assert_eq!(
            tour,
            Settings {
                tour_done: true,
                ..Settings::default()
            }
        );
        // A wrong speed and a table that is not one: those two only.
        let odd = Settings::decode(r#"{"speed": "warp", "table": 3, "lang": "ru"}"#);
        assert_eq!(
            (odd.speed, odd.table, odd.lang.as_deref()),
            (Speed::Normal, None, Some("ru"))
        );
    }
}
