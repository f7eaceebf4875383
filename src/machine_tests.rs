//! Property tests of the state machine, run natively: random sequences of
//! messages fed to the update step (`AppState::reduce`), with the commands
//! it asks for carried out by a model of the executor, and the invariants
//! checked after every message.
//!
//! The messages mix a person's taps (shows a hand, plays, takes back),
//! bot turns (the scheduled one, or a stale one), phones' messages (valid,
//! stale, forged, sent twice, malformed, on a link gone by, pings), links
//! that drop and come back or drift (and their windows end), the table's
//! page going to the background and back, seats moving between a phone, a bot and this
//! screen, another tab's saves, and reloads from what the commands wrote.
//!
//! The invariants, each computed apart from the code it checks:
//! 1. the game is always legal and replays from its save;
//! 2. a bot is to act (by the engine's seat to act and the table's
//!    seats) and nothing else is awaited ⇒ its turn is the one in the
//!    outbox ([`bot_due`]);
//! 3. a phone sees only its own seat: a twin of the game that deals
//!    everything the seat cannot see otherwise (`Session::twin_for`) gives
//!    it byte-identical messages;
//! 4. every phone message on a live link is applied exactly once or
//!    refused once (one on a link gone by changes nothing), and a forged
//!    token, another build's hello or a move sent twice is never applied;
//! 5. a phone's model, made only of what it was sent, is the table's view
//!    of its seat whenever it is connected: after a drop and a rejoin too;
//!    and a reload loses nothing.
//!
//! Each invariant has a companion test at the end of this file that runs
//! it against a deliberately broken update step (a bot turn not scheduled,
//! a hidden card leaked, a forged token welcomed, a duplicate applied, a
//! drop that loses an update) and asserts that it fails.
//!
//! On a failure the message names the seed and the step: rerun one seed
//! with `MOJO_MACHINE_SEED=<seed> cargo test -p mojo-web --lib machine`.

use std::rc::Rc;

use mojo_engine::{Action, DrawSource, Event, Phase, Seat, MAX_PLAYERS};

use crate::app::{AppState, Msg, Screen};
use crate::cmd::Cmd;
use crate::i18n::Lang;
use crate::net::devices::{DeviceMsg, LinkState};
use crate::net::proto::{self, message_for, HandModel, News, Refusal, Sent, ToHand, ToTable};
use crate::net::stored;
use crate::net::BUILD;
use crate::save::{self, Settings};
use crate::session::{Level, SeatSetup, Session};
use crate::sync::{self, GameSave, OtherSave, SavePlan, TabMsg};
use yew::Reducible;

/// Fails the invariant check with its message (the seed and step are
/// added by [`World::at`]).
macro_rules! ensure {
    ($cond:expr, $($why:tt)*) => {
        if !$cond {
            return Err(format!($($why)*));
        }
    };
}

/// A bot turn as the test compares it: game, position, seat.
type Turn = (String, usize, Option<(Seat, Level)>);

/// What makes a phone's message (the rule "what each device has seen"
/// sends `proto::message_for`).
type MessageFor = fn(&Session, &str, u64, Seat, News, &mut Sent) -> Option<ToHand>;

/// The update step under test: the real one, or a deliberately broken one
/// (the companion tests).
#[derive(Clone, Copy)]
struct Step {
    /// One message through the update step.
    reduce: fn(Rc<AppState>, Msg) -> Rc<AppState>,
    /// What a phone is sent of the game.
    message: MessageFor,
}

fn reduce(s: Rc<AppState>, msg: Msg) -> Rc<AppState> {
    s.reduce(msg)
}

/// The app's own update step.
const REAL: Step = Step {
    reduce,
    message: message_for,
};

/// SplitMix64: the test's own randomness, from its seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// What a phone knows: the table's move number of the last view it was
/// sent, the token it was given, the last text it sent and the texts of
/// its moves the table took, and its model of the game, made only of the
/// messages it was sent on its link `epoch`.
#[derive(Clone, Default)]
struct Phone {
    at: u64,
    token: Option<String>,
    last: Option<String>,
    applied: Vec<String>,
    epoch: u32,
    model: Option<HandModel>,
    /// Its link was dropped with a game on it: the next check that finds it
    /// connected counts a rejoin.
    dropped: bool,
}

/// The world around the reducer: storage as the commands left it, the
/// bot turn last scheduled, the phones.
struct World {
    rng: Rng,
    seed: u64,
    step: usize,
    /// The update step under test.
    under_test: Step,
    /// The game's save slot and the devices' slot.
    slot: Option<String>,
    /// The text this tab last wrote to the slot.
    last: Option<String>,
    /// The slot holds another tab's save, written since this tab's last.
    foreign: bool,
    devices: Option<String>,
    /// `(game, after, seat)` of the bot turn the last `Cmd::Bot` asked
    /// for.
    scheduled: Option<Turn>,
    scheduled_turn: Option<crate::cmd::BotTurn>,
    /// The number of the last command carried out.
    done: u64,
    phones: [Phone; MAX_PLAYERS],
    tokens: u32,
    /// What happened, for the failure message.
    what: String,
    tally: Tally,
}

/// How often each thing the test means to try came up (across seeds): a
/// run that stopped trying something fails instead of passing quietly.
#[derive(Debug, Default)]
struct Tally {
    steps: usize,
    phone_applied: usize,
    phone_refused: usize,
    gone_by: usize,
    welcomed: usize,
    refused_hello: usize,
    forged: usize,
    duplicates: usize,
    bot_moves: usize,
    drops: usize,
    rejoins: usize,
    twins: usize,
    reloads: usize,
    theirs_taken: usize,
    rounds_ended: usize,
}

impl World {
    fn at(&self) -> String {
        format!("seed {} step {} ({})", self.seed, self.step, self.what)
    }
}

/// A table of two to five seats: at least one person here, at least one
/// phone, the rest bots or people here.
fn table(rng: &mut Rng) -> Rc<AppState> {
    let mut s = AppState::new(Settings::default(), None, Lang::En, None, true);
    let players = 2 + rng.below(4);
    let names = ["Ana", "Ben", "Cy", "Dee", "Eve"];
    s.lobby.seats = (0..players)
        .map(|i| match (i, rng.below(3)) {
            (0, _) => SeatSetup::human(names[i]),
            (1, _) | (_, 0) => SeatSetup::remote(names[i]),
            (_, 1) => SeatSetup::bot(names[i], Level::Easy),
            _ => SeatSetup::human(names[i]),
        })
        .collect();
    let id = format!("{:016x}", rng.next());
    Rc::new(s).reduce(Msg::Start {
        seed: rng.next(),
        id,
    })
}

/// Carries out the commands asked for since the last time, as the
/// executor would: the saves to the test's slots, the bot turn scheduled,
/// each message to a phone delivered to its model (a phone that finds a
/// gap asks for the whole game, as a real one does).
fn execute(s: &Rc<AppState>, w: &mut World) -> Result<Rc<AppState>, String> {
    let mut heard = Vec::new();
    for (n, cmd) in s.outbox.after(w.done) {
        w.done = *n;
        match cmd {
            Cmd::SaveGame(ours) => {
                if let Some(saw) = save_game(ours, w) {
                    heard.push(saw);
                }
            }
            Cmd::ForgetGame { id } => {
                let forget = sync::plan_forget(w.slot.as_deref(), id, w.last.as_deref());
                if forget != sync::Forget::Leave {
                    w.slot = None;
                }
            }
            Cmd::SaveDevices { id, text } => match text {
                Some(text) => w.devices = Some(text.clone()),
                None if w
                    .devices
                    .as_deref()
                    .is_some_and(|t| stored::is_for_game(t, id)) =>
                {
                    w.devices = None
                }
                None => {}
            },
            Cmd::Bot(turn) => {
                w.scheduled = turn.as_ref().map(|t| (t.game.clone(), t.after, t.seat));
                w.scheduled_turn = turn.clone();
            }
            Cmd::ToDevice {
                seat,
                epoch,
                message,
            } => {
                if let Some(ask) = deliver(w, *seat, *epoch, message) {
                    heard.push(ask);
                }
            }
            // The QR worker: asked only for a code the screen shows and
            // has no drawing of; its drawing comes back as a message.
            Cmd::DrawQr(text) => {
                ensure!(!text.is_empty(), "{}: an empty QR code asked for", w.at());
                heard.push(Msg::QrDrawn {
                    text: text.clone(),
                    drawn: Some(Rc::new(crate::net::qr::Drawn {
                        path: "M4 4h1v1h-1z".into(),
                        size: 29,
                        version: 1,
                    })),
                });
            }
            _ => {}
        }
    }
    // What the effects learnt comes back as messages; now and then the
    // executor says what it ran (as it does past `OUTBOX_KEPT`).
    let mut next = s.clone();
    for msg in heard {
        next = (w.under_test.reduce)(next, msg);
    }
    if w.rng.chance(20) {
        next = (w.under_test.reduce)(next, Msg::Ran(w.done));
    }
    if next.outbox.after(w.done).next().is_some() {
        next = execute(&next, w)?;
    }
    Ok(next)
}

/// A message to the phone of `seat` on link `epoch`: what it keeps of it
/// (its token, the move it saw, its model); the message it sends back if
/// an update does not follow on from what it has.
fn deliver(w: &mut World, seat: Seat, epoch: u32, message: &ToHand) -> Option<Msg> {
    let phone = &mut w.phones[seat as usize];
    if phone.epoch != epoch {
        // A new link: a new phone, or the same one come back, starts over.
        phone.dropped |= phone.model.is_some();
        phone.epoch = epoch;
        phone.model = None;
    }
    match message {
        ToHand::Welcome { token, .. } => phone.token = Some(token.clone()),
        ToHand::Snapshot(seen) | ToHand::Update(seen) => {
            phone.at = seen.at;
            match HandModel::receive(phone.model.as_ref(), seat, message.clone()) {
                Ok(model) => phone.model = model,
                Err(_) => {
                    phone.model = None;
                    w.tokens += 1;
                    return Some(Msg::Device(DeviceMsg::Heard {
                        seat,
                        epoch,
                        text: proto::encode(&ToTable::Sync),
                        token: format!("T{}", w.tokens),
                    }));
                }
            }
        }
        ToHand::Refused { .. }
        | ToHand::Bye { .. }
        | ToHand::Ping
        | ToHand::Away { .. }
        | ToHand::Back => {}
    }
    None
}

/// The save as `drivers::saves::save_game` makes it, to the test's slot:
/// never over another tab's newer save or other game (then the reducer is
/// told what the slot holds).
fn save_game(ours: &GameSave, w: &mut World) -> Option<Msg> {
    match sync::save_plan(w.slot.as_deref(), ours, w.last.as_deref()) {
        SavePlan::Nothing => w.last = Some(ours.text.clone()),
        SavePlan::Write | SavePlan::KeepAsideThenWrite => {
            w.slot = Some(ours.text.clone());
            w.last = Some(ours.text.clone());
            w.foreign = false;
        }
        SavePlan::Report(theirs) => return Some(Msg::Tab(TabMsg::Saw(Rc::new(*theirs)))),
    }
    None
}

/// Invariant 2's own answer: the bot turn due now, from the engine's seat
/// to act and the table's seats alone (not `AppState::bot_turn`): a bot's
/// seat to act, or a table of bots between rounds; none while the table
/// is not shown, or waits for its players' devices to be paired.
fn bot_due(s: &AppState) -> Option<Turn> {
    let session = s.session.as_ref().filter(|_| s.screen == Screen::Table)?;
    if !s.devices.seats.is_empty() && !s.devices.started {
        return None;
    }
    let seats = &session.setup.seats;
    let after = session.record.actions.len();
    let game = s.game_id.clone();
    match session.game.to_act() {
        Some(seat) => seats[seat as usize]
            .bot
            .map(|level| (game, after, Some((seat, level)))),
        None => (seats.iter().all(|x| x.bot.is_some()) && session.game.phase() == Phase::RoundOver)
            .then_some((game, after, None)),
    }
}

/// The checks after every message.
fn check(s: &AppState, w: &mut World) -> Result<(), String> {
    // 1. Legal, and the save replays to the very same game.
    if let Some(session) = &s.session {
        let text = save::encode(session, &s.game_id, s.seq);
        let back =
            save::decode(&text).map_err(|e| format!("{}: the save does not load: {e}", w.at()))?;
        ensure!(
            back.session.game == session.game,
            "{}: the save replays to another game",
            w.at()
        );
        ensure!(
            back.session.record == session.record,
            "{}: another record",
            w.at()
        );
    }
    // 2. A bot to act has its turn scheduled, and no other turn is.
    let due = bot_due(s);
    ensure!(
        due == w.scheduled,
        "{}: the bot turn due is {due:?}, the one scheduled {:?}",
        w.at(),
        w.scheduled
    );
    let Some(session) = &s.session else {
        return Ok(());
    };
    // 3. A phone's messages depend only on its seat's view: a twin that
    // deals what the seat cannot see otherwise gives the same bytes.
    // (Every eighth message: a twin is a whole deal sampled anew.)
    let offline = s.devices.offline();
    for r in s.devices.seats.iter().filter(|_| w.step.is_multiple_of(8)) {
        let twin = session.twin_for(r.seat, w.seed ^ (w.step as u64) << 8);
        ensure!(
            twin.game.view(r.seat) == session.game.view(r.seat),
            "{}: the twin does not give seat {} the same view",
            w.at(),
            r.seat
        );
        let made = |x: &Session| {
            let news = News {
                waiting_for: s.waiting,
                started: s.devices.started,
                offline: &offline,
            };
            let message =
                (w.under_test.message)(x, &s.game_id, s.seq, r.seat, news, &mut Sent::default());
            message.map(|m| proto::encode(&m))
        };
        ensure!(
            made(session) == made(&twin),
            "{}: seat {}'s device is sent something of what it cannot see",
            w.at(),
            r.seat
        );
        w.tally.twins += 1;
    }
    // 5. A connected phone's model is the table's view of its seat.
    for r in s
        .devices
        .seats
        .iter()
        .filter(|r| r.link == LinkState::Connected)
    {
        let at = w.at();
        let phone = &mut w.phones[r.seat as usize];
        ensure!(
            phone.epoch == r.epoch,
            "{}: seat {} connected on link {} but its phone has heard nothing on it",
            at,
            r.seat,
            r.epoch
        );
        let model = phone.model.as_ref().ok_or_else(|| {
            format!(
                "{}: seat {} connected with no game on its phone",
                at, r.seat
            )
        })?;
        ensure!(
            model.seen.view == session.game.view(r.seat) && model.seen.at == s.seq,
            "{}: seat {}'s phone shows move {} and another view than the table's (move {})",
            at,
            r.seat,
            model.seen.at,
            s.seq
        );
        if std::mem::take(&mut phone.dropped) {
            w.tally.rejoins += 1;
        }
    }
    Ok(())
}

/// The live link of the device of `seat`, if it has one.
fn link(s: &AppState, seat: Seat) -> Option<(u32, LinkState)> {
    s.devices.seat(seat).map(|r| (r.epoch, r.link))
}

fn refusals(s: &AppState, from: u64) -> Vec<(Seat, u32, Refusal)> {
    s.outbox
        .after(from)
        .filter_map(|(_, c)| match c {
            Cmd::Refuse {
                seat,
                epoch,
                reason,
            } => Some((*seat, *epoch, reason.clone())),
            _ => None,
        })
        .collect()
}

fn sent_to(s: &AppState, from: u64, to: Seat) -> usize {
    s.outbox
        .after(from)
        .filter(|(_, c)| matches!(c, Cmd::ToDevice { seat, .. } if *seat == to))
        .count()
}

/// A phone's message: which kind, for the check of invariant 4.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    Act,
    TakeBack,
    Hello { forged: bool, other_build: bool },
    Sync,
    Junk,
}

/// One message from the phone of `seat`, chosen at random among the
/// kinds a real or a forged device sends; checks invariant 4.
fn phone_says(s: Rc<AppState>, seat: Seat, w: &mut World) -> Result<Rc<AppState>, String> {
    let Some((live, state)) = link(&s, seat) else {
        return Ok(s);
    };
    // Now and then, on a link gone by.
    let epoch = if w.rng.chance(5) {
        live.saturating_sub(1)
    } else {
        live
    };
    let phone = w.phones[seat as usize].clone();
    let session = s.session.clone().expect("phones without a game");
    let held = s.devices.seat(seat).and_then(|r| r.token.clone());
    let (kind, text) = match w.rng.below(10) {
        // Sent twice.
        0 if phone.last.is_some() => (Kind::Act, phone.last.clone().unwrap()),
        0 | 1 => (
            Kind::Junk,
            ["", "{", "{\"v\":1}", "{\"v\":9,\"m\":{}}", "[1,2]"][w.rng.below(5)].to_string(),
        ),
        // Neither applied nor refused: a snapshot asked for, a ping.
        2 if w.rng.chance(50) => (Kind::Sync, proto::encode(&ToTable::Ping)),
        2 => (Kind::Sync, proto::encode(&ToTable::Sync)),
        3 => (
            Kind::TakeBack,
            proto::encode(&ToTable::TakeBack { at: phone.at }),
        ),
        4 if state != LinkState::Connected => {
            // A hello: the phone's token, or a forger's.
            let forged = w.rng.chance(20);
            let token = if forged {
                Some("forged".to_string())
            } else {
                phone.token.clone()
            };
            let other_build = w.rng.chance(5);
            let app = if other_build {
                "another build".to_string()
            } else {
                BUILD.to_string()
            };
            // A forger's token counts only where the seat has one.
            let forged = forged && held.is_some();
            (
                Kind::Hello {
                    forged,
                    other_build,
                },
                proto::encode(&ToTable::Hello { app, token }),
            )
        }
        _ => {
            // An action of this seat: a legal one at the move it saw, or
            // a stale, illegal or not its own one.
            let view = session.game.view(seat);
            let legal = view.legal_actions();
            let action = match (legal.len(), w.rng.below(6)) {
                (n, 0..=3) if n > 0 => legal.get(w.rng.below(n)).unwrap(),
                (_, 4) => Action::NextRound,
                _ => Action::Play {
                    value: w.rng.below(13) as u8,
                    pile: w.rng.below(2) as u8,
                },
            };
            let at = if w.rng.chance(10) {
                phone.at.saturating_sub(1)
            } else {
                phone.at
            };
            (Kind::Act, proto::encode(&ToTable::Act { at, action }))
        }
    };
    if kind == Kind::Act {
        w.phones[seat as usize].last = Some(text.clone());
    }
    w.tokens += 1;
    w.what = format!("seat {seat} link {epoch} sends {kind:?} {text}");
    let (mark, seq, hello) = (s.outbox.last(), s.seq, state == LinkState::Connected);
    let next = (w.under_test.reduce)(
        s.clone(),
        Msg::Device(DeviceMsg::Heard {
            seat,
            epoch,
            text: text.clone(),
            token: format!("T{}", w.tokens),
        }),
    );
    let refused = refusals(&next, mark);
    ensure!(
        refused.len() <= 1,
        "{}: refused {} times",
        w.at(),
        refused.len()
    );
    if let Some((to, on, _)) = refused.first() {
        ensure!(
            (*to, *on) == (seat, epoch),
            "{}: the refusal went elsewhere",
            w.at()
        );
    }
    let refused = !refused.is_empty();
    if epoch != live {
        w.tally.gone_by += 1;
        ensure!(
            !refused && next.seq == seq && sent_to(&next, mark, seat) == 0,
            "{}: a link gone by was answered",
            w.at()
        );
        return Ok(next);
    }
    match kind {
        Kind::Junk => ensure!(refused && next.seq == seq, "{}: junk not refused", w.at()),
        Kind::Act | Kind::TakeBack => {
            let applied = next.seq != seq;
            w.tally.phone_applied += usize::from(applied);
            w.tally.phone_refused += usize::from(refused);
            ensure!(
                applied != refused,
                "{}: applied {applied}, refused {refused}",
                w.at()
            );
            if !hello {
                ensure!(refused, "{}: an action before the hello", w.at());
            }
            // A move sent twice is taken once.
            let p = &mut w.phones[seat as usize];
            if kind == Kind::Act && p.applied.contains(&text) {
                w.tally.duplicates += 1;
                ensure!(!applied, "{}: a move applied twice", w.at());
            }
            if kind == Kind::Act && applied {
                p.applied.push(text);
            }
        }
        Kind::Hello {
            forged,
            other_build,
        } => {
            let welcomed = link(&next, seat).is_some_and(|(_, l)| l == LinkState::Connected);
            w.tally.welcomed += usize::from(welcomed);
            w.tally.refused_hello += usize::from(refused);
            w.tally.forged += usize::from(forged);
            ensure!(
                welcomed != refused,
                "{}: welcomed {welcomed}, refused {refused}",
                w.at()
            );
            ensure!(
                !(welcomed && (forged || other_build)),
                "{}: a forged token or another build's hello welcomed",
                w.at()
            );
        }
        Kind::Sync => ensure!(!refused, "{}", w.at()),
    }
    Ok(next)
}

/// Reloads the table from what the commands wrote (invariant 5): the
/// same game, the same move, the phones' tokens.
fn reload(s: &AppState, w: &mut World) -> Result<Rc<AppState>, String> {
    let loaded = w
        .slot
        .as_deref()
        .map(|t| save::decode(t).map_err(|e| e.to_string()));
    let mut back = crate::app::restore(
        Settings::default(),
        true,
        loaded,
        w.devices.as_deref(),
        (Lang::En, None),
        |_| false,
    );
    back.decide(None);
    let back = Rc::new(back);
    let record = |s: &AppState| s.session.as_ref().map(|x| x.record.clone());
    ensure!(
        record(&back) == record(s),
        "{}: the reload lost moves",
        w.at()
    );
    ensure!(
        (&back.game_id, back.seq) == (&s.game_id, s.seq),
        "{}: the reload is another game or move",
        w.at()
    );
    let tokens = |s: &AppState| {
        s.devices
            .seats
            .iter()
            .map(|r| (r.seat, r.token.clone()))
            .collect::<Vec<_>>()
    };
    ensure!(
        tokens(&back) == tokens(s),
        "{}: the reload lost a phone's token",
        w.at()
    );
    w.done = 0;
    w.scheduled = None;
    w.scheduled_turn = None;
    // A new page: its save driver has written nothing yet.
    w.last = None;
    Ok(back)
}

/// One random message to the reducer.
fn one_step(s: Rc<AppState>, w: &mut World) -> Result<Rc<AppState>, String> {
    let Some(session) = s.session.clone() else {
        return Ok(s);
    };
    let current = session.game.current();
    let remote: Vec<Seat> = s.devices.seats.iter().map(|r| r.seat).collect();
    let roll = w.rng.below(100);
    let msg = match roll {
        // The bot turn scheduled plays (or, now and then, one stale).
        0..=29 => match w.scheduled_turn.clone() {
            Some(turn) => {
                let legal = turn.session.game.legal_actions();
                let action = legal
                    .get(w.rng.below(legal.len().max(1)))
                    .unwrap_or(Action::NextRound);
                let after = if w.rng.chance(10) {
                    turn.after.saturating_sub(1)
                } else {
                    turn.after
                };
                Msg::BotAct {
                    id: turn.game,
                    after,
                    action,
                }
            }
            None => Msg::Continue,
        },
        // A person here: looks, plays (a legal or an illegal card), takes back.
        30..=54 if session.is_here(current) && session.viewer() != Some(current) => {
            Msg::ShowHand(current)
        }
        30..=49 => {
            let legal = session.game.legal_actions();
            match legal.len() {
                n if n > 0 && !w.rng.chance(10) => Msg::Act(legal.get(w.rng.below(n)).unwrap()),
                _ => Msg::Act(Action::Play {
                    value: w.rng.below(13) as u8,
                    pile: 0,
                }),
            }
        }
        50..=54 => Msg::TakeBack,
        // The phones.
        55..=79 if !remote.is_empty() => {
            let seat = remote[w.rng.below(remote.len())];
            return phone_says(s, seat, w);
        }
        // Links: a connection is made, or lost; playing starts.
        55..=84 if !remote.is_empty() => {
            let seat = remote[w.rng.below(remote.len())];
            let (epoch, state) = link(&s, seat).unwrap();
            match state {
                LinkState::Inviting => Msg::Device(DeviceMsg::Connecting { seat, epoch }),
                LinkState::Connecting if w.rng.chance(20) => {
                    Msg::Device(DeviceMsg::Unanswered { seat, epoch })
                }
                LinkState::Connecting => return phone_says(s, seat, w),
                LinkState::Connected if w.rng.chance(30) => Msg::Device(DeviceMsg::StartPlaying),
                // The table's page goes to the background, or comes back.
                LinkState::Connected if w.rng.chance(10) => Msg::Shown(w.rng.chance(50)),
                // The connection drifts, comes back, or its window ends
                // (this drift's, or an older one's).
                LinkState::Connected if w.rng.chance(50) => {
                    let drifts = s.devices.seat(seat).map_or(0, |r| r.drifts);
                    match w.rng.below(3) {
                        0 => Msg::Device(DeviceMsg::Unsteady { seat, epoch }),
                        1 => Msg::Device(DeviceMsg::Steady { seat, epoch }),
                        _ => Msg::Device(DeviceMsg::Adrift {
                            seat,
                            epoch,
                            drift: drifts.saturating_sub(w.rng.below(2) as u32),
                        }),
                    }
                }
                LinkState::Connected => Msg::Device(DeviceMsg::Lost { seat, epoch }),
            }
        }
        // A seat moves: to a bot (on its own turn, too), here, to a phone.
        85..=89 => {
            let seat = w.rng.below(session.players() as usize) as Seat;
            match w.rng.below(3) {
                0 => Msg::Device(DeviceMsg::GiveToBot(seat)),
                1 => Msg::Device(DeviceMsg::PlayHere(seat)),
                _ => Msg::Device(DeviceMsg::ToOwnDevice(seat)),
            }
        }
        // Another tab wrote the slot: an older save of this game, or this
        // game one move further; then the player's answer, if asked.
        90..=94 => {
            let mut theirs = (*session).clone();
            let legal = theirs.game.legal_actions();
            let seq = match legal.get(0) {
                Some(a) if w.rng.chance(50) && theirs.apply(a).is_ok() => s.seq + 1,
                _ => s.seq.saturating_sub(1),
            };
            let text = save::encode(&theirs, &s.game_id, seq);
            let game = save::decode(&text).map_err(|e| e.to_string());
            w.slot = Some(text.clone());
            w.foreign = true;
            Msg::Tab(TabMsg::Saw(Rc::new(OtherSave { text, game })))
        }
        95..=96 => Msg::Tab([TabMsg::Keep, TabMsg::Open, TabMsg::Dismiss][w.rng.below(3)].clone()),
        // A reload of the table, from what the commands wrote.
        97..=99 if !w.foreign => {
            w.what = "reload".into();
            w.tally.reloads += 1;
            return reload(&s, w);
        }
        _ => Msg::Continue,
    };
    w.what = format!("{msg:?}").chars().take(160).collect();
    let (seq, round) = (s.seq, session.game.round());
    let next = (w.under_test.reduce)(s, msg.clone());
    let moved = next.seq != seq;
    let t = &mut w.tally;
    match msg {
        Msg::BotAct { .. } => t.bot_moves += usize::from(moved),
        Msg::Device(DeviceMsg::Lost { .. }) => t.drops += 1,
        Msg::Tab(TabMsg::Saw(_)) => t.theirs_taken += usize::from(moved),
        _ => {}
    }
    let new_round = next
        .session
        .as_ref()
        .is_some_and(|x| x.game.round() > round);
    t.rounds_ended += usize::from(new_round);
    Ok(next)
}

/// Plays one seeded run of `steps` messages through `step`, checking
/// after each; the first broken invariant, named with its seed and step.
fn run(seed: u64, steps: usize, step: Step) -> Result<Tally, String> {
    let mut rng = Rng(seed);
    let s = table(&mut rng);
    let mut w = World {
        rng,
        seed,
        step: 0,
        under_test: step,
        slot: None,
        last: None,
        foreign: false,
        devices: None,
        scheduled: None,
        scheduled_turn: None,
        done: 0,
        phones: Default::default(),
        tokens: 0,
        what: "start".into(),
        tally: Tally::default(),
    };
    let mut s = execute(&s, &mut w)?;
    check(&s, &mut w)?;
    for step in 1..=steps {
        w.step = step;
        w.tally.steps += 1;
        s = one_step(s, &mut w)?;
        s = execute(&s, &mut w)?;
        check(&s, &mut w)?;
        if s.screen != Screen::Table {
            // The game was left (or another tab's was opened): go on with
            // it, or stop.
            if s.session.is_none() {
                break;
            }
            let next = (w.under_test.reduce)(s.clone(), Msg::Continue);
            s = execute(&next, &mut w)?;
        }
    }
    Ok(w.tally)
}

#[test]
fn random_messages_keep_every_invariant_of_the_state_machine() {
    if let Some(seed) = std::env::var("MOJO_MACHINE_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
    {
        println!("{:?}", run(seed, 2000, REAL));
        return;
    }
    let mut all = Tally::default();
    for seed in 0..200 {
        let t = run(seed, 400, REAL).unwrap_or_else(|e| panic!("{e}"));
        all.steps += t.steps;
        all.phone_applied += t.phone_applied;
        all.phone_refused += t.phone_refused;
        all.gone_by += t.gone_by;
        all.welcomed += t.welcomed;
        all.refused_hello += t.refused_hello;
        all.forged += t.forged;
        all.duplicates += t.duplicates;
        all.bot_moves += t.bot_moves;
        all.drops += t.drops;
        all.rejoins += t.rejoins;
        all.twins += t.twins;
        all.reloads += t.reloads;
        all.theirs_taken += t.theirs_taken;
        all.rounds_ended += t.rounds_ended;
    }
    println!("{all:?}");
    // Everything the test means to try came up, often.
    let Tally {
        steps,
        phone_applied,
        phone_refused,
        gone_by,
        welcomed,
        refused_hello,
        forged,
        duplicates,
        bot_moves,
        drops,
        rejoins,
        twins,
        reloads,
        theirs_taken,
        rounds_ended,
    } = all;
    assert!(steps > 60_000, "{all:?}");
    for (what, n) in [
        ("phone actions applied", phone_applied),
        ("phone actions refused", phone_refused),
        ("messages on a link gone by", gone_by),
        ("hellos welcomed", welcomed),
        ("hellos refused", refused_hello),
        ("forged hellos", forged),
        ("moves sent twice", duplicates),
        ("bot moves", bot_moves),
        ("drops", drops),
        ("drops and rejoins", rejoins),
        ("twins compared", twins),
        ("reloads", reloads),
        ("another tab's saves taken", theirs_taken),
        ("rounds ended", rounds_ended),
    ] {
        assert!(n >= 50, "only {n} {what}: {all:?}");
    }
}

/// Runs `broken` on seeds from 0 until one of its runs breaks an
/// invariant; the failure message, which must say `what` (the invariant).
fn caught(broken: Step, what: &str) {
    for seed in 0..60 {
        if let Err(e) = run(seed, 400, broken) {
            assert!(e.contains(what), "another invariant broke first: {e}");
            return;
        }
    }
    panic!("a broken step went unnoticed: no run broke \"{what}\"");
}

/// The companion of invariant 2: a step that leaves a bot's turn out of
/// the outbox (the reducer says it scheduled it) is caught.
#[test]
fn a_bot_turn_left_unscheduled_is_caught() {
    fn no_bot(s: Rc<AppState>, msg: Msg) -> Rc<AppState> {
        let mut next = (*s.reduce(msg)).clone();
        next.outbox.retain(|c| !matches!(c, Cmd::Bot(Some(_))));
        Rc::new(next)
    }
    caught(
        Step {
            reduce: no_bot,
            ..REAL
        },
        "the bot turn due",
    );
}

/// The companion of invariant 3: a phone's message that carries a card
/// another seat holds is caught.
#[test]
fn a_hidden_card_leaked_to_a_phone_is_caught() {
    fn leaky(
        session: &Session,
        game: &str,
        at: u64,
        seat: Seat,
        news: News,
        sent: &mut Sent,
    ) -> Option<ToHand> {
        let mut message = message_for(session, game, at, seat, news, sent)?;
        if let ToHand::Snapshot(seen) | ToHand::Update(seen) = &mut message {
            let other = (seat + 1) % session.players();
            let card = session.game.hand(other).iter().next();
            seen.events.push(Event::Drew {
                seat: other,
                source: DrawSource::Deck,
                card,
            });
        }
        Some(message)
    }
    caught(
        Step {
            message: leaky,
            ..REAL
        },
        "something of what it cannot see",
    );
}

/// The companion of invariant 4: a table that takes any token is caught
/// welcoming a forger.
#[test]
fn a_forged_token_welcomed_is_caught() {
    fn trusting(s: Rc<AppState>, msg: Msg) -> Rc<AppState> {
        let msg = match msg {
            Msg::Device(DeviceMsg::Heard {
                seat,
                epoch,
                text,
                token,
            }) => {
                let held = s.devices.seat(seat).and_then(|r| r.token.clone());
                let text = match (proto::decode::<ToTable>(&text), held) {
                    (
                        Ok(ToTable::Hello {
                            app,
                            token: Some(_),
                        }),
                        Some(held),
                    ) => proto::encode(&ToTable::Hello {
                        app,
                        token: Some(held),
                    }),
                    _ => text,
                };
                Msg::Device(DeviceMsg::Heard {
                    seat,
                    epoch,
                    text,
                    token,
                })
            }
            msg => msg,
        };
        s.reduce(msg)
    }
    caught(
        Step {
            reduce: trusting,
            ..REAL
        },
        "a forged token or another build's hello welcomed",
    );
}

/// The companion of invariant 4: a table that takes a move again when it
/// is sent twice (it reads the move number as now) is caught.
#[test]
fn a_move_sent_twice_and_applied_twice_is_caught() {
    fn forgetful(s: Rc<AppState>, msg: Msg) -> Rc<AppState> {
        let msg = match msg {
            Msg::Device(DeviceMsg::Heard {
                seat,
                epoch,
                text,
                token,
            }) => {
                let text = match proto::decode::<ToTable>(&text) {
                    Ok(ToTable::Act { action, .. }) => {
                        proto::encode(&ToTable::Act { at: s.seq, action })
                    }
                    _ => text,
                };
                Msg::Device(DeviceMsg::Heard {
                    seat,
                    epoch,
                    text,
                    token,
                })
            }
            msg => msg,
        };
        s.reduce(msg)
    }
    caught(
        Step {
            reduce: forgetful,
            ..REAL
        },
        "a move applied twice",
    );
}

/// The companion of invariant 5: a step that loses the updates a phone
/// is sent (its snapshots still go) is caught.
#[test]
fn a_drop_that_loses_an_update_is_caught() {
    fn lossy(s: Rc<AppState>, msg: Msg) -> Rc<AppState> {
        let mut next = (*s.reduce(msg)).clone();
        next.outbox
            .retain(|c| !matches!(c, Cmd::ToDevice { message, .. } if matches!(**message, ToHand::Update(_))));
        Rc::new(next)
    }
    caught(
        Step {
            reduce: lossy,
            ..REAL
        },
        "another view than the table's",
    );
}

/// The QR codes: each invitation the devices dialog shows is asked of the
/// QR worker once (`Cmd::DrawQr`, its text the link that joins the table),
/// its drawing is kept in the state while it is shown, and forgotten once
/// the dialog closes.
#[test]
fn each_qr_code_shown_is_drawn_once_and_kept_while_shown() {
    use crate::app::Overlay;
    use crate::net::qr::{Drawing, Drawn};
    let mut s = AppState::new(Settings::default(), None, Lang::En, None, true);
    s.qr.page = "https://example.org/mojo/".into();
    s.lobby.seats = vec![SeatSetup::human("Ana"), SeatSetup::remote("Ben")];
    let s = Rc::new(s).reduce(Msg::Start {
        seed: 1,
        id: "qr".into(),
    });
    assert_eq!(s.overlay, Overlay::Devices);
    let draws = |s: &AppState, from: u64| -> Vec<String> {
        s.outbox
            .after(from)
            .filter_map(|(_, c)| match c {
                Cmd::DrawQr(text) => Some(text.clone()),
                _ => None,
            })
            .collect()
    };
    assert!(
        draws(&s, 0).is_empty(),
        "no code before the invitation is made"
    );
    let epoch = link(&s, 1).unwrap().0;
    let mark = s.outbox.last();
    let s = s.reduce(Msg::Device(DeviceMsg::Invited {
        seat: 1,
        epoch,
        code: "KT47MRIW".into(),
        until: crate::net::devices::Clock::default(),
    }));
    let link_text = "https://example.org/mojo/#join=KT47MRIW".to_string();
    assert_eq!(draws(&s, mark), vec![link_text.clone()]);
    assert_eq!(s.qr.get(&link_text), Some(&Drawing::Waiting));
    // Asked once: another change leaves it waiting.
    let mark = s.outbox.last();
    let s = s.reduce(Msg::Persistent(Some(true)));
    assert!(draws(&s, mark).is_empty());
    let drawn = Rc::new(Drawn {
        path: "M4 4h7v1h-7z".into(),
        size: 29,
        version: 1,
    });
    let s = s.reduce(Msg::QrDrawn {
        text: link_text.clone(),
        drawn: Some(drawn.clone()),
    });
    assert_eq!(s.qr.get(&link_text), Some(&Drawing::Done(Some(drawn))));
    // The dialog closed: the drawing goes; opened again, it is asked again.
    let s = s.reduce(Msg::Overlay(Overlay::None));
    assert_eq!(s.qr.get(&link_text), None);
    let mark = s.outbox.last();
    let s = s.reduce(Msg::Overlay(Overlay::Devices));
    assert_eq!(draws(&s, mark), vec![link_text]);
}
