//! The messages between the table device and a hand device, and how the
//! table judges what a hand device sends.
//!
//! Every message is one JSON text `{"v": PROTOCOL, "m": {"type": …}}` of at
//! most [`MAX_MESSAGE`] bytes, read and written with the app's own JSON
//! (`wire.rs` for the engine's types). The table sends a hand device its seat's [`PlayerView`], the
//! events as that seat may see them ([`Event::visible_to`]), the public log
//! and the scored rounds — never the `Game`, its seed, its record, nor any
//! other seat's hidden card. A hand device sends only its hello and its
//! own seat's actions, each with the table's move number; the table checks
//! each against the engine and refuses the rest with a reason.

use mojo_engine::{Action, Event, PlayerView, RoundResult, Seat, Value};

use super::wire::{self, Read};
use crate::json::{self, obj, Fields, Json};
use crate::scene::Scene;
use crate::session::{Denied, LogEntry, Session};

/// The protocol's version: a message of another version is refused.
pub const PROTOCOL: u32 = 1;

/// The largest message either side reads, in bytes.
pub const MAX_MESSAGE: usize = 64 * 1024;

/// What a hand device sends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ToTable {
    /// The first message on a new channel: the device's build of the app
    /// and, to take back a seat it held, the token the table gave it.
    Hello { app: String, token: Option<String> },
    /// An action of the device's own seat, at the table's move `at`.
    Act { at: u64, action: Action },
    /// The device missed something: it asks for a snapshot.
    Sync,
    /// Take back the card this seat just played, at the table's move `at`.
    TakeBack { at: u64 },
    /// Still here: sent every 2 s once the table welcomed this device
    /// (so only to a table of this build: an older one would refuse it).
    Ping,
}

/// What the table sends a hand device.
#[derive(Clone, Debug, PartialEq)]
pub enum ToHand {
    /// The seat is this device's: the token proves it on a new channel
    /// (sent over the channel only, never shown).
    Welcome {
        app: String,
        table: u32,
        seat: Seat,
        /// The seat's name at the table.
        name: String,
        token: String,
    },
    /// Everything the seat may see now (on connecting, and when the table
    /// changed more than an update says: a new game, another seat's kind).
    Snapshot(Box<Seen>),
    /// What changed since the last message: the same, but only the log
    /// lines after `log_from`.
    Update(Box<Seen>),
    /// What the device sent was refused.
    Refused { reason: Refusal },
    /// The table gave the seat to someone else (a bot, if `bot`; else it
    /// is played on the table's screen): this device is done.
    Bye { bot: bool },
    /// Still here: sent every 2 s once the device said hello with this
    /// build (an older device would log it as unreadable and drop it).
    Ping,
    /// The table's page went to the background (its screen off, another
    /// app in front): the game waits for it. `host` names the person
    /// playing on it ("" if nobody does).
    Away { host: String },
    /// The table's page is in front again.
    Back,
}

/// One seat's share of the table.
#[derive(Clone, Debug, PartialEq)]
pub struct Seen {
    /// The table's move number: an action must carry it back.
    pub at: u64,
    /// The game's id (a new game starts a new log).
    pub game: String,
    pub names: Vec<String>,
    pub bots: Vec<bool>,
    /// The seat's view (its own hand and face-down cards, and the public
    /// table).
    pub view: PlayerView,
    pub rounds: Vec<RoundResult>,
    /// Where `log` starts in the round's log (0 in a snapshot).
    pub log_from: usize,
    /// Log lines of the current round, as everyone may see them.
    pub log: Vec<LogEntry>,
    /// The events of the last action, as this seat may see them.
    pub events: Vec<Event>,
    /// The seat the table waits for (its device is not connected).
    pub waiting_for: Option<Seat>,
    /// "Start playing" was pressed on the table: until then the phone
    /// says that it waits for the table.
    pub started: bool,
    /// The card the table's last change took back (whose, which): the
    /// phone announces it.
    pub took_back: Option<(Seat, Value)>,
    /// The seats whose own device is not connected to the table now
    /// (marked on every phone's tiles; one newly away is announced).
    pub offline: Vec<Seat>,
}

/// Why the table (or a hand device) refused a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Longer than [`MAX_MESSAGE`].
    TooLarge { bytes: usize },
    /// Not a message of this protocol.
    Malformed { detail: String },
    /// Another version of the protocol.
    Version { version: u32 },
    /// Another build of the app: both devices must load the same.
    OtherApp { theirs: String, ours: String },
    /// The seat is held by a device that proved it with a token.
    SeatTaken,
    /// Nothing may be played before the device said hello.
    NoHello,
    /// It is not this seat's turn.
    NotYourTurn,
    /// The action was made at another move (it came late, or twice).
    StaleMove { at: u64, now: u64 },
    /// Only the table deals the next round.
    NotYours,
    /// The rules refuse it.
    Illegal { rule: String },
    /// Too late to take back: someone acted since, or the play showed a
    /// hidden card.
    TooLate,
}

/// What the admission rule refused (`Session::admit`), as the device is
/// told.
impl From<Denied> for Refusal {
    fn from(d: Denied) -> Refusal {
        match d {
            Denied::NotYourTurn => Refusal::NotYourTurn,
            Denied::StaleMove { at, now } => Refusal::StaleMove { at, now },
            Denied::NotYours => Refusal::NotYours,
            Denied::Illegal { rule } => Refusal::Illegal { rule },
            Denied::TooLate => Refusal::TooLate,
        }
    }
}

impl core::fmt::Display for Refusal {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Refusal::TooLarge { bytes } => {
                write!(f, "a message of {bytes} bytes (at most {MAX_MESSAGE})")
            }
            Refusal::Malformed { detail } => write!(f, "not a Mojo message ({detail})"),
            Refusal::Version { version } => write!(
                f,
                "protocol version {version} (this device speaks {PROTOCOL})"
            ),
            Refusal::OtherApp { theirs, ours } => write!(
                f,
                "the other device runs another version of Mojo ({theirs}; this one is {ours})"
            ),
            Refusal::SeatTaken => write!(f, "this seat is held by another device"),
            Refusal::NoHello => write!(f, "an action before the device said hello"),
            Refusal::NotYourTurn => write!(f, "it is not this seat's turn"),
            Refusal::StaleMove { at, now } => {
                write!(f, "an action made at move {at}, the table is at move {now}")
            }
            Refusal::NotYours => write!(f, "only the table deals the next round"),
            Refusal::Illegal { rule } => write!(f, "the rules refuse it: {rule}"),
            Refusal::TooLate => write!(f, "too late to take back that card"),
        }
    }
}

/// A message's JSON, both ways.
pub trait Wire: Sized {
    fn to_json(&self) -> Json;
    fn from_json(v: &Json) -> Read<Self>;
}

/// A message as sent.
pub fn encode<T: Wire>(message: &T) -> String {
    obj([("v", Json::Int(PROTOCOL.into())), ("m", message.to_json())]).to_text()
}

/// Reads a message of this protocol, refusing anything else with a reason.
pub fn decode<T: Wire>(text: &str) -> Result<T, Refusal> {
    if text.len() > MAX_MESSAGE {
        return Err(Refusal::TooLarge { bytes: text.len() });
    }
    let malformed = |detail: String| Refusal::Malformed {
        detail: detail.chars().take(120).collect(),
    };
    let doc = json::parse(text).map_err(malformed)?;
    // The version first: a message of another version may have another
    // shape, and deserves the right reason.
    match doc.get("v").and_then(Json::as_int::<u32>) {
        Some(PROTOCOL) => {}
        Some(version) => return Err(Refusal::Version { version }),
        None => return Err(malformed("no protocol version".into())),
    }
    let mut f = Fields::of(&doc, "a message").map_err(malformed)?;
    let _ = f.req("v");
    let message = T::from_json(f.req("m").map_err(malformed)?).map_err(malformed)?;
    f.done().map_err(malformed)?;
    Ok(message)
}

fn kind(v: &Json, key: &str) -> Read<String> {
    v.get(key)
        .and_then(Json::as_str)
        .map(str::to_string)
        .ok_or_else(|| format!("no `{key}`"))
}

impl Wire for ToTable {
    fn to_json(&self) -> Json {
        match self {
            ToTable::Hello { app, token } => obj([
                ("type", json::str("hello")),
                ("app", json::str(app)),
                ("token", token.as_deref().map_or(Json::Null, json::str)),
            ]),
            ToTable::Act { at, action } => obj([
                ("type", json::str("act")),
                ("at", Json::Int(*at as i64)),
                ("action", wire::action_json(*action)),
            ]),
            ToTable::Sync => obj([("type", json::str("sync"))]),
            ToTable::Ping => obj([("type", json::str("ping"))]),
            ToTable::TakeBack { at } => obj([
                ("type", json::str("take_back")),
                ("at", Json::Int(*at as i64)),
            ]),
        }
    }

    fn from_json(v: &Json) -> Read<ToTable> {
        let mut f = Fields::of(v, "a message")?;
        let message = match f.string("type")?.as_str() {
            "hello" => ToTable::Hello {
                app: f.string("app")?,
                token: match f.opt("token") {
                    None | Some(Json::Null) => None,
                    Some(t) => Some(
                        t.as_str()
                            .ok_or_else(|| json::wrong("token", "a string", t))?
                            .to_string(),
                    ),
                },
            },
            "act" => ToTable::Act {
                at: f.int("at")?,
                action: wire::action_from(f.req("action")?)?,
            },
            "sync" => ToTable::Sync,
            "ping" => ToTable::Ping,
            "take_back" => ToTable::TakeBack { at: f.int("at")? },
            other => return Err(format!("no message `{other}`")),
        };
        f.done()?;
        Ok(message)
    }
}

impl Wire for Refusal {
    fn to_json(&self) -> Json {
        let why = |w: &str| ("why", json::str(w));
        match self {
            Refusal::TooLarge { bytes } => {
                obj([why("too_large"), ("bytes", Json::Int(*bytes as i64))])
            }
            Refusal::Malformed { detail } => obj([why("malformed"), ("detail", json::str(detail))]),
            Refusal::Version { version } => {
                obj([why("version"), ("version", Json::Int((*version).into()))])
            }
            Refusal::OtherApp { theirs, ours } => obj([
                why("other_app"),
                ("theirs", json::str(theirs)),
                ("ours", json::str(ours)),
            ]),
            Refusal::SeatTaken => obj([why("seat_taken")]),
            Refusal::NoHello => obj([why("no_hello")]),
            Refusal::NotYourTurn => obj([why("not_your_turn")]),
            Refusal::StaleMove { at, now } => obj([
                why("stale_move"),
                ("at", Json::Int(*at as i64)),
                ("now", Json::Int(*now as i64)),
            ]),
            Refusal::NotYours => obj([why("not_yours")]),
            Refusal::Illegal { rule } => obj([why("illegal"), ("rule", json::str(rule))]),
            Refusal::TooLate => obj([why("too_late")]),
        }
    }

    fn from_json(v: &Json) -> Read<Refusal> {
        let mut f = Fields::of(v, "a refusal")?;
        let r = match f.string("why")?.as_str() {
            "too_large" => Refusal::TooLarge {
                bytes: f.int("bytes")?,
            },
            "malformed" => Refusal::Malformed {
                detail: f.string("detail")?,
            },
            "version" => Refusal::Version {
                version: f.int("version")?,
            },
            "other_app" => Refusal::OtherApp {
                theirs: f.string("theirs")?,
                ours: f.string("ours")?,
            },
            "seat_taken" => Refusal::SeatTaken,
            "no_hello" => Refusal::NoHello,
            "not_your_turn" => Refusal::NotYourTurn,
            "stale_move" => Refusal::StaleMove {
                at: f.int("at")?,
                now: f.int("now")?,
            },
            "not_yours" => Refusal::NotYours,
            "illegal" => Refusal::Illegal {
                rule: f.string("rule")?,
            },
            "too_late" => Refusal::TooLate,
            other => return Err(format!("no refusal `{other}`")),
        };
        f.done()?;
        Ok(r)
    }
}

impl Seen {
    fn fields(&self, kind: &str) -> Json {
        obj([
            ("type", json::str(kind)),
            ("at", Json::Int(self.at as i64)),
            ("game", json::str(&self.game)),
            (
                "names",
                Json::Arr(self.names.iter().map(|n| json::str(n)).collect()),
            ),
            (
                "bots",
                Json::Arr(self.bots.iter().map(|&b| Json::Bool(b)).collect()),
            ),
            ("view", wire::view_json(&self.view)),
            ("rounds", wire::rounds_json(&self.rounds)),
            ("log_from", Json::Int(self.log_from as i64)),
            ("log", wire::log_json(&self.log)),
            ("events", wire::events_json(&self.events)),
            (
                "waiting_for",
                self.waiting_for.map_or(Json::Null, |s| Json::Int(s.into())),
            ),
            ("started", Json::Bool(self.started)),
            (
                "took_back",
                self.took_back.map_or(Json::Null, |(s, v)| {
                    Json::Arr(vec![Json::Int(s.into()), Json::Int(v.into())])
                }),
            ),
            (
                "offline",
                Json::Arr(self.offline.iter().map(|&s| Json::Int(s.into())).collect()),
            ),
        ])
    }

    /// Reads a snapshot or an update, checking that it describes a table
    /// the screen can draw (a name and a kind per seat).
    fn read(f: &mut Fields) -> Read<Seen> {
        let view = wire::view_from(f.req("view")?)?;
        let players = view.options.players as usize;
        let seen = Seen {
            at: f.int("at")?,
            game: f.string("game")?,
            names: f
                .list("names")?
                .iter()
                .map(|n| {
                    n.as_str()
                        .map(str::to_string)
                        .ok_or_else(|| json::wrong("names", "a name", n))
                })
                .collect::<Read<_>>()?,
            bots: f
                .list("bots")?
                .iter()
                .map(|b| {
                    b.as_bool()
                        .ok_or_else(|| json::wrong("bots", "true or false", b))
                })
                .collect::<Read<_>>()?,
            view,
            rounds: wire::rounds_from(f.req("rounds")?)?,
            log_from: f.int("log_from")?,
            log: wire::log_from(f.req("log")?)?,
            events: wire::events_from(f.req("events")?)?,
            waiting_for: f.opt_int("waiting_for")?,
            started: f.boolean("started")?,
            took_back: match f.opt("took_back") {
                None => None,
                Some(Json::Arr(pair)) => match pair.as_slice() {
                    [s, v] => match (s.as_int(), v.as_int()) {
                        (Some(s), Some(v)) if v <= 12 => Some((s, v)),
                        _ => return Err("`took_back` should be [seat, card]".into()),
                    },
                    _ => return Err("`took_back` should be [seat, card]".into()),
                },
                Some(other) => return Err(json::wrong("took_back", "[seat, card]", other)),
            },
            // A table of an earlier build does not send it: none away.
            offline: match f.opt("offline") {
                None => Vec::new(),
                Some(Json::Arr(seats)) => seats
                    .iter()
                    .map(|s| {
                        s.as_int()
                            .ok_or_else(|| json::wrong("offline", "a seat", s))
                    })
                    .collect::<Read<_>>()?,
                Some(other) => return Err(json::wrong("offline", "a list of seats", other)),
            },
        };
        if seen.names.len() != players || seen.bots.len() != players {
            return Err(format!("names or seat kinds for a table of {players}"));
        }
        if seen.waiting_for.is_some_and(|s| s as usize >= players)
            || seen.took_back.is_some_and(|(s, _)| s as usize >= players)
            || seen.offline.iter().any(|&s| s as usize >= players)
            || seen
                .rounds
                .iter()
                .any(|r| r.players as usize != players || r.holder as usize >= players)
        {
            return Err(format!("a seat number past the table of {players}"));
        }
        Ok(seen)
    }
}

impl Wire for ToHand {
    fn to_json(&self) -> Json {
        match self {
            ToHand::Welcome {
                app,
                table,
                seat,
                name,
                token,
            } => obj([
                ("type", json::str("welcome")),
                ("app", json::str(app)),
                ("table", Json::Int((*table).into())),
                ("seat", Json::Int((*seat).into())),
                ("name", json::str(name)),
                ("token", json::str(token)),
            ]),
            ToHand::Snapshot(seen) => seen.fields("snapshot"),
            ToHand::Update(seen) => seen.fields("update"),
            ToHand::Refused { reason } => {
                obj([("type", json::str("refused")), ("reason", reason.to_json())])
            }
            ToHand::Bye { bot } => obj([
                ("type", json::str("bye")),
                ("to", json::str(if *bot { "bot" } else { "table" })),
            ]),
            ToHand::Ping => obj([("type", json::str("ping"))]),
            ToHand::Away { host } => obj([("type", json::str("away")), ("host", json::str(host))]),
            ToHand::Back => obj([("type", json::str("back"))]),
        }
    }

    fn from_json(v: &Json) -> Read<ToHand> {
        let mut f = Fields::of(v, "a message")?;
        let message = match kind(v, "type")?.as_str() {
            "welcome" => ToHand::Welcome {
                app: f.string("app")?,
                table: f.int("table")?,
                seat: f.int("seat")?,
                name: f.string("name")?,
                token: f.string("token")?,
            },
            "snapshot" => ToHand::Snapshot(Box::new(Seen::read(&mut f)?)),
            "update" => ToHand::Update(Box::new(Seen::read(&mut f)?)),
            "refused" => ToHand::Refused {
                reason: Refusal::from_json(f.req("reason")?)?,
            },
            "bye" => ToHand::Bye {
                bot: match f.string("to")?.as_str() {
                    "bot" => true,
                    "table" => false,
                    other => return Err(format!("no seat taker `{other}`")),
                },
            },
            "ping" => ToHand::Ping,
            "away" => ToHand::Away {
                host: f.string("host")?,
            },
            "back" => ToHand::Back,
            other => return Err(format!("no message `{other}`")),
        };
        let _ = f.req("type");
        f.done()?;
        Ok(message)
    }
}

/// What the table tells its devices besides the game.
#[derive(Clone, Copy, Debug, Default)]
pub struct News<'a> {
    /// The seat it waits for (its device is not connected).
    pub waiting_for: Option<Seat>,
    /// "Start playing" was pressed.
    pub started: bool,
    /// The seats whose own device is not connected.
    pub offline: &'a [Seat],
}

impl News<'static> {
    /// Play has started; nobody is waited for, no device is away.
    pub const STARTED: News<'static> = News {
        waiting_for: None,
        started: true,
        offline: &[],
    };
}

/// What the table has sent one seat's device so far (to send only what
/// changed).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sent {
    pub game: String,
    pub at: u64,
    /// Log lines of the round sent so far, and which round.
    pub round: u32,
    pub log: usize,
    /// Names and seat kinds as sent.
    pub names: Vec<String>,
    pub bots: Vec<bool>,
    /// Whether play had started when it was sent.
    pub started: bool,
    /// The seats away (their devices not connected) as sent.
    pub offline: Vec<Seat>,
}

/// The message that brings `seat`'s device up to the table's move `at`:
/// a snapshot when nothing was sent yet (or the game, round log or seats
/// changed beyond an update), else an update; `None` if it is up to date.
pub fn message_for(
    session: &Session,
    game: &str,
    at: u64,
    seat: Seat,
    News {
        waiting_for,
        started,
        offline,
    }: News,
    sent: &mut Sent,
) -> Option<ToHand> {
    let names: Vec<String> = session.setup.seats.iter().map(|s| s.name.clone()).collect();
    let bots: Vec<bool> = session
        .setup
        .seats
        .iter()
        .map(|s| s.bot.is_some())
        .collect();
    let round = session.game.round();
    let round_log: Vec<&LogEntry> = session.log.iter().filter(|e| e.round == round).collect();
    let fresh = sent.game != game || sent.names != names || sent.bots != bots;
    if !fresh && sent.at == at && sent.started == started && sent.offline == offline {
        return None;
    }
    // A take-back rewrote the log's end (the play gone, a line saying it
    // was taken back): the whole round's log again.
    let snapshot =
        fresh || sent.round != round || sent.log > round_log.len() || session.took_back.is_some();
    let log_from = if snapshot { 0 } else { sent.log };
    let seen = Seen {
        at,
        game: game.to_string(),
        names: names.clone(),
        bots: bots.clone(),
        view: session.game.view(seat),
        rounds: session.rounds.clone(),
        log_from,
        log: round_log[log_from..].iter().map(|e| (*e).clone()).collect(),
        events: session.events_for(seat),
        waiting_for,
        started,
        took_back: session.took_back,
        offline: offline.to_vec(),
    };
    *sent = Sent {
        game: game.to_string(),
        at,
        round,
        log: round_log.len(),
        names,
        bots,
        started,
        offline: offline.to_vec(),
    };
    Some(if snapshot {
        ToHand::Snapshot(Box::new(seen))
    } else {
        ToHand::Update(Box::new(seen))
    })
}

/// An update that does not follow on from what a device has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gap;

/// What a hand device knows of the game: everything the table sent it,
/// and nothing else. Its screen is built from this, never from a `Game`.
#[derive(Clone, Debug, PartialEq)]
pub struct HandModel {
    pub seat: Seat,
    pub seen: Seen,
    /// The round's log as received so far.
    pub log: Vec<LogEntry>,
    /// A seat whose device this message says is newly away (announced
    /// once: the next message clears it).
    pub lost: Option<Seat>,
}

/// The first seat `seen` says is away that was not before (none on a
/// device's first message: it announces only what happens while it
/// watches).
fn newly_away(model: Option<&HandModel>, seen: &Seen) -> Option<Seat> {
    let before = &model?.seen.offline;
    seen.offline.iter().copied().find(|s| !before.contains(s))
}

impl HandModel {
    /// Takes a snapshot or an update; `Err(Gap)` if an update does not
    /// follow on from what this device has (it then asks for a snapshot).
    pub fn receive(
        model: Option<&HandModel>,
        seat: Seat,
        message: ToHand,
    ) -> Result<Option<HandModel>, Gap> {
        match message {
            ToHand::Snapshot(seen) => Ok(Some(HandModel {
                seat,
                log: seen.log.clone(),
                lost: newly_away(model, &seen),
                seen: *seen,
            })),
            ToHand::Update(seen) => {
                let Some(model) = model else {
                    return Err(Gap);
                };
                let same = model.seen.game == seen.game && model.seen.view.round == seen.view.round;
                if !same || seen.log_from != model.log.len() {
                    return Err(Gap);
                }
                let mut log = model.log.clone();
                log.extend(seen.log.iter().cloned());
                Ok(Some(HandModel {
                    seat,
                    log,
                    lost: newly_away(Some(model), &seen),
                    seen: *seen,
                }))
            }
            _ => Ok(model.cloned()),
        }
    }

    /// The screen of this seat; `busy` while an action it sent waits for
    /// the table's answer.
    pub fn scene(&self, busy: bool) -> Scene {
        Scene {
            view: self.seen.view.clone(),
            me: Some(self.seat),
            handoff: None,
            names: self.seen.names.clone(),
            bots: self.seen.bots.clone(),
            levels: Vec::new(),
            shared: false,
            rounds: self.seen.rounds.clone(),
            log: self.log.clone(),
            last_events: self.seen.events.clone(),
            waiting_for: self.seen.waiting_for,
            offline: self.seen.offline.clone(),
            lost: self.lost,
            reconnecting: Vec::new(),
            waiting_table: !self.seen.started,
            table_away: None,
            took_back: self.seen.took_back,
            take_back: mojo_engine::take_back_card(&self.seen.events)
                .filter(|&(seat, _)| seat == self.seat && !busy),
            pass_to: None,
            busy,
            may_deal: false,
            drawn: None,
        }
    }

    /// Whether this seat is to act.
    pub fn my_turn(&self) -> bool {
        let v = &self.seen.view;
        v.to_act() == Some(self.seat)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A device's action through the one admission rule, as the table
    /// judges it (`app/devices.rs`).
    fn check_act(s: &Session, now: u64, seat: Seat, at: u64, a: Action) -> Result<Ask, Refusal> {
        let device = Actor::Device { seat, at, now };
        s.admit(device, Ask::Act(a)).map_err(Refusal::from)
    }

    fn check_take_back(s: &Session, now: u64, seat: Seat, at: u64) -> Result<Ask, Refusal> {
        let device = Actor::Device { seat, at, now };
        s.admit(device, Ask::TakeBack).map_err(Refusal::from)
    }
    use crate::session::{Actor, Ask, SeatSetup, TableSetup};
    use mojo_engine::{BotKind, Cards, DrawSource};

    fn table() -> Session {
        let mut setup = TableSetup::first_visit("Ana");
        setup.seats[2] = SeatSetup::human("Ben");
        Session::new(setup, 41).unwrap()
    }

    #[test]
    fn messages_round_trip() {
        let hello = ToTable::Hello {
            app: "b1".into(),
            token: Some("t".into()),
        };
        assert_eq!(decode::<ToTable>(&encode(&hello)), Ok(hello));
        assert_eq!(encode(&ToTable::Ping), r#"{"v":1,"m":{"type":"ping"}}"#);
        assert_eq!(encode(&ToHand::Ping), r#"{"v":1,"m":{"type":"ping"}}"#);
        assert_eq!(
            decode::<ToTable>(&encode(&ToTable::Ping)),
            Ok(ToTable::Ping)
        );
        let act = ToTable::Act {
            at: 7,
            action: Action::Play { value: 9, pile: 0 },
        };
        let text = encode(&act);
        assert_eq!(
            text,
            r#"{"v":1,"m":{"type":"act","at":7,"action":{"play":9,"pile":0}}}"#
        );
        assert_eq!(decode::<ToTable>(&text), Ok(act));
        let s = table();
        let mut sent = Sent::default();
        let snap = message_for(&s, "g", 3, 2, News::STARTED, &mut sent).unwrap();
        assert!(matches!(snap, ToHand::Snapshot(_)));
        assert_eq!(decode::<ToHand>(&encode(&snap)), Ok(snap));
        for m in [
            ToHand::Welcome {
                app: "b".into(),
                table: 9,
                seat: 2,
                name: "Ben".into(),
                token: "x".into(),
            },
            ToHand::Refused {
                reason: Refusal::StaleMove { at: 1, now: 2 },
            },
            ToHand::Bye { bot: true },
            ToHand::Bye { bot: false },
            ToHand::Ping,
            ToHand::Away { host: "Ann".into() },
            ToHand::Back,
        ] {
            assert_eq!(decode::<ToHand>(&encode(&m)), Ok(m));
        }
    }

    #[test]
    fn anything_else_is_refused_with_a_reason() {
        let big = format!(
            r#"{{"v":1,"m":{{"type":"hello","app":"{}","token":null}}}}"#,
            "x".repeat(MAX_MESSAGE)
        );
        assert_eq!(
            decode::<ToTable>(&big),
            Err(Refusal::TooLarge { bytes: big.len() })
        );
        for garbage in ["", "garbage", "[]", "{}", r#"{"v":"1"}"#, "\u{0}"] {
            assert!(
                matches!(decode::<ToTable>(garbage), Err(Refusal::Malformed { .. })),
                "{garbage}"
            );
        }
        assert_eq!(
            decode::<ToTable>(r#"{"v":2,"m":{"type":"dance"}}"#),
            Err(Refusal::Version { version: 2 })
        );
        for odd in [
            r#"{"v":1,"m":{"type":"dance"}}"#,
            r#"{"v":1,"m":{"type":"act","at":-1,"action":{"reveal":3}}}"#,
            r#"{"v":1,"m":{"type":"act","at":1,"action":{"reveal":3},"seat":2}}"#,
            r#"{"v":1,"m":{"type":"hello","app":"b"},"extra":1}"#,
        ] {
            assert!(
                matches!(decode::<ToTable>(odd), Err(Refusal::Malformed { .. })),
                "{odd}"
            );
        }
        // Deeply nested input does not exhaust the stack.
        let deep = format!(
            r#"{{"v":1,"m":{}{}}}"#,
            "[".repeat(10_000),
            "]".repeat(10_000)
        );
        assert!(matches!(
            decode::<ToTable>(&deep),
            Err(Refusal::Malformed { .. })
        ));
        for r in [Refusal::NotYourTurn, Refusal::SeatTaken, Refusal::NotYours] {
            assert!(r.to_string().len() > 10);
        }
    }

    /// Ana and bots at the table, Ben (seat 2) on his own device, played
    /// by bots until it is Ben's turn; the bot that played.
    fn until_ben_on_his_device_acts() -> (Session, Box<dyn mojo_engine::Bot>) {
        let mut setup = TableSetup::first_visit("Ana");
        setup.seats[2] = SeatSetup::remote("Ben");
        let mut s = Session::new(setup, 41).unwrap();
        let mut bot = BotKind::Medium.make(5);
        while s.game.to_act() != Some(2) {
            let view = s.game.view(s.game.current());
            s.apply(bot.choose(&view)).unwrap();
        }
        (s, bot)
    }

    #[test]
    fn the_table_takes_only_the_seats_own_legal_action_at_the_current_move() {
        let (mut s, _) = until_ben_on_his_device_acts();
        let legal = s.game.legal_actions().get(0).unwrap();
        assert_eq!(check_act(&s, 10, 2, 10, legal), Ok(Ask::Act(legal)));
        // The same seat played at this screen has no device to act from.
        let mut here = s.clone();
        here.setup.seats[2] = SeatSetup::human("Ben");
        assert_eq!(
            check_act(&here, 10, 2, 10, legal),
            Err(Refusal::NotYourTurn)
        );
        assert_eq!(check_act(&s, 10, 0, 10, legal), Err(Refusal::NotYourTurn));
        assert_eq!(
            check_act(&s, 10, 2, 9, legal),
            Err(Refusal::StaleMove { at: 9, now: 10 })
        );
        assert_eq!(
            check_act(&s, 10, 2, 10, Action::NextRound),
            Err(Refusal::NotYours)
        );
        let missing = (0..=12).find(|v| !s.game.hand(2).contains(*v)).unwrap();
        for value in [missing, 13, 255] {
            assert!(matches!(
                check_act(&s, 10, 2, 10, Action::Play { value, pile: 0 }),
                Err(Refusal::Illegal { .. })
            ));
        }
        // A duplicated message: the first is taken (the move goes on), the
        // second comes at a move that is gone.
        s.apply(legal).unwrap();
        assert_eq!(
            check_act(&s, 11, 2, 10, legal).unwrap_err(),
            if s.game.current() == 2 && s.in_play() {
                Refusal::StaleMove { at: 10, now: 11 }
            } else {
                Refusal::NotYourTurn
            }
        );
    }

    /// A device takes back its own card, at the move it was played, and
    /// nobody else's: the move number settles a race with the next seat.
    #[test]
    fn a_device_takes_back_only_its_own_last_card_before_anyone_acts() {
        let mut s = table();
        let mut bot = BotKind::Medium.make(5);
        let mut now = 1;
        let mut checked = 0;
        while checked < 5 && !s.game.is_over() {
            let seat = s.game.current();
            s.apply(bot.choose(&s.game.view(seat))).unwrap();
            now += 1;
            if s.take_back_seat() == Some(seat) {
                assert_eq!(check_take_back(&s, now, seat, now), Ok(Ask::TakeBack));
                assert_eq!(
                    check_take_back(&s, now, seat, now - 1),
                    Err(Refusal::TooLate)
                );
                let other = (seat + 1) % 4;
                assert_eq!(check_take_back(&s, now, other, now), Err(Refusal::TooLate));
                checked += 1;
            } else {
                assert_eq!(check_take_back(&s, now, seat, now), Err(Refusal::TooLate));
            }
        }
        assert_eq!(checked, 5);
    }

    /// Through a whole game, every message to each seat's device holds that
    /// seat's hidden cards and no other: its view's hand and face-down
    /// cards are its own, and no event or log line shows a card another
    /// seat drew from the deck. A device that follows the messages sees
    /// the same table as the seat's own view.
    #[test]
    fn no_message_to_a_device_holds_another_seats_hidden_card() {
        let mut s = table();
        let mut bot = BotKind::Medium.make(8);
        let mut sent = [
            Sent::default(),
            Sent::default(),
            Sent::default(),
            Sent::default(),
        ];
        let mut models: [Option<HandModel>; 4] = Default::default();
        let mut at = 1;
        let mut messages = 0;
        while !s.game.is_over() {
            for seat in 0..4u8 {
                let Some(m) =
                    message_for(&s, "g", at, seat, News::STARTED, &mut sent[seat as usize])
                else {
                    continue;
                };
                messages += 1;
                let text = encode(&m);
                let back: ToHand = decode(&text).unwrap();
                if let ToHand::Snapshot(seen) | ToHand::Update(seen) = &back {
                    assert_eq!(seen.view, s.game.view(seat));
                    assert_eq!(seen.view.hand, *s.game.hand(seat));
                    for other in (0..4u8).filter(|&o| o != seat) {
                        // Another seat's hand never appears as a list of
                        // its cards (only its size).
                        assert_ne!(seen.view.seat, other);
                    }
                    for e in seen.events.iter().chain(seen.log.iter().map(|l| &l.event)) {
                        if let Event::Drew {
                            seat: who,
                            source: DrawSource::Deck,
                            card,
                        } = e
                        {
                            assert!(card.is_none() || *who == seat, "{e:?} sent to seat {seat}");
                        }
                    }
                }
                let model = HandModel::receive(models[seat as usize].as_ref(), seat, back).unwrap();
                models[seat as usize] = model;
                let scene = models[seat as usize].as_ref().unwrap().scene(false);
                let local = Scene {
                    handoff: None,
                    shared: false,
                    me: Some(seat),
                    ..s.scene()
                };
                assert_eq!(scene.view, s.game.view(seat));
                assert_eq!(
                    scene.round_log().collect::<Vec<_>>(),
                    local.round_log().collect::<Vec<_>>()
                );
                assert_eq!(scene.rounds, s.rounds);
            }
            if let Some(seat) = s.handoff_to() {
                s.show_hand(seat);
            }
            let view = s.game.view(s.game.current());
            s.apply(bot.choose(&view)).unwrap();
            at += 1;
        }
        assert!(messages > 300, "{messages} messages");
        assert_eq!(Cards::EMPTY, s.game.view(Seat::MAX).hand);
    }

    #[test]
    fn an_update_that_does_not_follow_on_is_not_taken() {
        let s = table();
        let mut sent = Sent::default();
        let snap = message_for(&s, "g", 1, 0, News::STARTED, &mut sent).unwrap();
        let ToHand::Snapshot(seen) = snap.clone() else {
            panic!()
        };
        assert!(HandModel::receive(None, 0, ToHand::Update(seen.clone())).is_err());
        let model = HandModel::receive(None, 0, snap).unwrap().unwrap();
        let mut gap = seen;
        gap.log_from = 5;
        assert!(HandModel::receive(Some(&model), 0, ToHand::Update(gap)).is_err());
        assert_eq!(
            message_for(&s, "g", 1, 0, News::STARTED, &mut sent),
            None,
            "nothing new"
        );
    }

    /// A phone is told when play starts (an update with no move), and of
    /// a take-back at the table; until play starts it offers no move.
    #[test]
    fn a_phone_hears_that_play_started_and_that_a_card_was_taken_back() {
        let (mut s, mut bot) = until_ben_on_his_device_acts();
        let mut sent = Sent::default();
        let read = |m: ToHand| -> Seen {
            let back = decode::<ToHand>(&encode(&m)).unwrap();
            assert_eq!(back, m);
            match back {
                ToHand::Snapshot(seen) | ToHand::Update(seen) => *seen,
                other => panic!("{other:?}"),
            }
        };
        let before = read(message_for(&s, "g", 5, 2, News::default(), &mut sent).unwrap());
        assert!(!before.started);
        let model = HandModel::receive(None, 2, ToHand::Snapshot(Box::new(before)))
            .unwrap()
            .unwrap();
        let scene = model.scene(false);
        assert!(scene.moves().is_empty(), "no move before the table starts");
        assert_eq!(scene.took_back, None);
        // "Start playing": the same move, and still an update.
        assert!(message_for(&s, "g", 5, 2, News::default(), &mut sent).is_none());
        let started = message_for(&s, "g", 5, 2, News::STARTED, &mut sent).unwrap();
        let seen = read(started.clone());
        assert!(seen.started);
        let model = HandModel::receive(Some(&model), 2, started)
            .unwrap()
            .unwrap();
        assert!(
            !model.scene(false).moves().is_empty(),
            "Ben's turn, play started"
        );
        // Ben plays a card that ends his turn, and takes it back.
        let card = (model.seen.view.hand.iter())
            .find(|&v| {
                let mut t = s.clone();
                t.apply(Action::Play { value: v, pile: 0 }).is_ok() && t.take_back_seat() == Some(2)
            })
            .expect("a card Ben may take back");
        s.apply(Action::Play {
            value: card,
            pile: 0,
        })
        .unwrap();
        let played = message_for(&s, "g", 6, 2, News::STARTED, &mut sent).unwrap();
        let model = HandModel::receive(Some(&model), 2, played)
            .unwrap()
            .unwrap();
        assert!(s.take_back());
        let back = message_for(&s, "g", 7, 2, News::STARTED, &mut sent).unwrap();
        let model = HandModel::receive(Some(&model), 2, back.clone())
            .unwrap()
            .unwrap();
        let back = read(back);
        assert_eq!(back.took_back, Some((2, card)));
        // The phone's log is the table's: the play gone, the take-back
        // said where it was (issue 55).
        let table_log: Vec<LogEntry> = s.round_log().cloned().collect();
        assert_eq!(model.log, table_log);
        assert_eq!(
            model.log.last().map(|e| &e.event),
            Some(&Event::TookBack {
                seat: 2,
                value: card
            })
        );
        // The next move: no more.
        let view = s.game.view(2);
        s.apply(bot.choose(&view)).unwrap();
        let next = read(message_for(&s, "g", 8, 2, News::STARTED, &mut sent).unwrap());
        assert_eq!(next.took_back, None);
        // A seat past the table is refused.
        let bad = encode(&ToHand::Update(Box::new(Seen {
            took_back: Some((9, 3)),
            ..next
        })));
        assert!(decode::<ToHand>(&bad).is_err());
    }

    #[test]
    fn a_seat_whose_device_drops_is_marked_on_every_phone_and_announced_once() {
        let (s, _) = until_ben_on_his_device_acts();
        let mut sent = Sent::default();
        let model = |m: Option<ToHand>, before: Option<&HandModel>| {
            let m = decode::<ToHand>(&encode(&m.expect("a message"))).unwrap();
            HandModel::receive(before, 2, m).unwrap().unwrap()
        };
        let first = model(message_for(&s, "g", 5, 2, News::STARTED, &mut sent), None);
        let away = News {
            offline: &[1],
            ..News::STARTED
        };
        assert_eq!((first.seen.offline.clone(), first.lost), (vec![], None));
        // Cy's device (seat 1) drops: the table says so, though no move
        // was made, and Ben's phone marks and announces it.
        let dropped = model(message_for(&s, "g", 5, 2, away, &mut sent), Some(&first));
        let scene = dropped.scene(false);
        assert_eq!((scene.offline, scene.lost), (vec![1], Some(1)));
        // Announced once: the next message still marks the seat.
        let later = model(message_for(&s, "g", 6, 2, away, &mut sent), Some(&dropped));
        assert_eq!((later.seen.offline.clone(), later.lost), (vec![1], None));
        // Nothing new to say: nothing sent.
        assert!(message_for(&s, "g", 6, 2, away, &mut sent).is_none());
        // A table of an earlier build sends no `offline`: none away.
        let text = encode(&ToHand::Update(Box::new(later.seen.clone())));
        let old = text.replace(",\"offline\":[1]", "");
        assert_ne!(old, text);
        match decode::<ToHand>(&old).unwrap() {
            ToHand::Update(seen) => assert!(seen.offline.is_empty()),
            other => panic!("{other:?}"),
        }
    }
}
