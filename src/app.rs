//! The app: one reducer holds the state (screen, settings, the game) and
//! decides every effect. `AppState::reduce` is the update step: it applies
//! a message ([`AppState::update`]), then decides what the change asks of
//! the world ([`AppState::decide`]: save, a bot's turn, what each device is
//! sent, …) and leaves it in the state's outbox as [`Cmd`] values, which
//! one hook runs (`exec.rs`). Components only render and send messages.

use std::rc::Rc;

use mojo_engine::{Action, Event, Phase, Seat};
use yew::prelude::*;

use crate::cmd::{BotKey, BotTurn, Cmd, Later, Outbox, Page, ReviewWork};
use crate::i18n::{Lang, Text};
use crate::net::code::{Invitation, Reply};
use crate::net::proto::{
    self, check_act, check_take_back, message_for, News, Refusal, ToHand, ToTable,
};
use crate::net::state::{
    DeviceMsg, Devices, HandMsg, HandScreen, HandState, LinkState, Problem, RemoteSeat,
    RECONNECT_MS,
};
use crate::net::BUILD;
use crate::persist::sync::{verdict, Ours, TabMsg, TabNotice, TabState, Verdict};
use crate::save::{self, Loaded, Settings, Speed};
use crate::session::{Level, Player, Session, SetupEdit, TableSetup};
use crate::stats::Stats;

/// How much longer a tab showing another tab's position waits before it
/// plays a bot's turn itself (the other tab normally does it first).
const FOLLOWER_GRACE_MS: u32 = 1500;

/// Whether this build holds the phone's side of play across devices (its
/// join screen, its hand, its link to a table). The table's page is built
/// without it (`table-only`, issue 20) and opens the phone's page instead;
/// a constant, so that the compiler drops that side from the table's
/// `.wasm` (13.6 KB brotli) and the app runs the same otherwise.
pub const PHONE_SIDE: bool = !cfg!(feature = "table-only");

/// How long bots wait after a person's card that may be taken back (none
/// at `?speed=instant`).
const TAKE_BACK_GRACE_MS: u32 = 2000;

/// Which screen is showing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Lobby,
    Table,
    /// A hand device joining a table (the invitation, then the reply).
    Join,
    /// A hand device's seat at a table.
    Hand,
}

/// A dialog over the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay {
    None,
    Rules,
    Menu,
    /// The statistics across finished games.
    Stats,
    /// The first-game walkthrough, at this step.
    Tour(u8),
    /// The players on their own devices: invitations and replies.
    Devices,
    /// "Start a new game? The game in progress (round 2) will end.": a
    /// new game asked for while one is saved and unfinished
    /// (`AppState::pending_start`).
    ConfirmStart,
    /// "Leave the table?": a phone holding a seat asked to leave it.
    ConfirmLeave,
}

/// Something the player must be told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// The saved game could not be read; its text was kept aside.
    SaveUnreadable(String),
    /// Storage is disabled or full: the game plays on without saving.
    StorageOff,
    /// A new version of the app is installed (service worker waiting):
    /// offered as a reload; the game in progress is saved and resumes.
    UpdateReady,
    /// This language's words could not be fetched (offline before the
    /// first visit finished caching them, or a broken deploy).
    LanguageUnavailable(Lang),
    /// The saved game has players on their own devices and another tab of
    /// this browser is its table: this tab leaves it to that one.
    HostedElsewhere,
    /// The page was reloaded after a fault (a wasm trap or a panic,
    /// `static/guard.js`): the game goes on from its save.
    Restored,
}

/// The whole app state.
#[derive(Clone, Debug)]
pub struct AppState {
    /// The language in effect (its words are here). The player's choice is
    /// `settings.lang`, which is what is saved.
    pub lang: Lang,
    pub settings: Settings,
    pub screen: Screen,
    /// The table being set up in the lobby.
    pub lobby: TableSetup,
    pub session: Option<Rc<Session>>,
    /// Identifies the game across saves and tabs.
    pub game_id: String,
    /// Grows with every change worth saving.
    pub seq: u64,
    pub notices: Vec<Notice>,
    pub overlay: Overlay,
    /// Bot pacing from `?speed=` (overrides the setting, not saved).
    pub speed_override: Option<Speed>,
    /// What this tab knows of the other tabs of this browser.
    pub tab: TabState,
    /// The game's seats on their own devices (play across devices).
    pub devices: Devices,
    /// This device as a hand at another device's table.
    pub hand: HandState,
    /// Whether the browser keeps saved games for good (`None`: it cannot
    /// tell).
    pub persistent: Option<bool>,
    /// The browser offers to install the app.
    pub installable: bool,
    /// A new game asked for while another is in progress, waiting for the
    /// player's yes ([`Overlay::ConfirmStart`]): its table, seed and id.
    /// The game in progress stays saved until the new one has started.
    pub pending_start: Option<Rc<(TableSetup, u64, String)>>,
    /// The statistics across finished games, as last read.
    pub stats: Rc<Stats>,
    /// The effects decided and not yet known to be run.
    pub outbox: Outbox,
    /// The bot turn scheduled last (what [`Cmd::Bot`] asked for).
    pub bot: Option<BotKey>,
    /// The round replayed on the table device (the table is not shown
    /// meanwhile).
    pub replay: Option<u32>,
    /// Hard's review of the round replayed, as far as it has come.
    pub review: Option<Rc<crate::replay::RoundReview>>,
    /// The seat the table waits for (to act, on its own device, not
    /// connected), as [`Devices::waiting_for`] answered after the last
    /// change: asked once per change, by [`Self::decide`].
    pub waiting: Option<Seat>,
    /// Today's date in UTC (`YYYY-MM-DD`), as the browser said at start
    /// or at the last "Today's deal".
    pub today: String,
    /// The page this app runs on (`join.html`: a phone's).
    pub page: Page,
    /// The QR codes on the screen, drawn by the QR worker (`Cmd::DrawQr`).
    pub qr: crate::net::qr::Codes,
}

/// Everything that can happen to the app state.
#[derive(Clone, Debug)]
pub enum Msg {
    /// A change to the lobby's table.
    EditLobby(SetupEdit),
    /// Start the lobby's table with this seed (randomness comes from
    /// outside the reducer).
    Start {
        seed: u64,
        id: String,
    },
    /// Start a game of this table (a deal code's), not the lobby's; the
    /// lobby takes it once it has started.
    StartTable {
        setup: TableSetup,
        seed: u64,
        id: String,
    },
    /// The player's yes to [`Overlay::ConfirmStart`].
    ConfirmStart,
    Continue,
    /// A person's action at the table.
    Act(Action),
    /// A bot's action, computed for the position after `after` actions of
    /// game `id` (ignored if the game moved on meanwhile).
    BotAct {
        id: String,
        after: usize,
        action: Action,
    },
    ShowHand(Seat),
    /// Replay this finished round on the table device, or close the replay.
    Replay(Option<u32>),
    /// Hard's review of the move that led to `step` of round `round` of
    /// game `game` (ignored if that review is no longer wanted).
    Reviewed {
        game: String,
        round: u32,
        step: usize,
        mark: Option<mojo_engine::bot::review::Mark>,
    },
    /// "Today's deal" in the lobby, on `date` (UTC, `YYYY-MM-DD`, from the
    /// browser's clock): you against three Hard bots, the deal of the day.
    TodaysDeal {
        date: String,
        id: String,
    },
    Rematch {
        seed: u64,
        id: String,
    },
    ToLobby,
    Overlay(Overlay),
    /// The walkthrough was skipped or finished: not shown again by itself.
    EndTour,
    SetSpeed(Speed),
    SetReduceMotion(bool),
    /// "Confirm each card" on or off.
    SetConfirmCards(bool),
    /// Sounds at the table on or off (the table's mute button).
    SetSound(bool),
    /// The interface language (remembered in the settings).
    SetLang(Lang),
    Notice(Notice),
    Dismiss(usize),
    /// Another tab of this browser, and the player's answers about it.
    Tab(TabMsg),
    /// The table's seats on their own devices.
    Device(DeviceMsg),
    /// This device as a hand at another table.
    Hand(HandMsg),
    /// The page's timers stood still this long (`Cmd::Pings` finds the
    /// gap): the device slept, its processes stopped, as a phone's system
    /// does to a page in the background. Nothing was heard meanwhile, so
    /// after [`RECONNECT_MS`] or more every paired link is given up at
    /// once: the other side gave it up already.
    Slept {
        ms: u32,
    },
    /// The person here who just played takes the card back.
    TakeBack,
    /// Whether saved games are kept for good (`None`: the browser cannot
    /// tell).
    Persistent(Option<bool>),
    /// The player asks that saved games be kept for good.
    KeepStorage,
    /// Whether the browser offers to install the app.
    Installable(bool),
    /// The statistics as read or counted.
    Stats(Rc<Stats>),
    /// The player resets the statistics.
    ResetStats,
    /// The executor ran the commands up to this number.
    Ran(u64),
    /// The QR worker drew `text` (`None`: it could not).
    QrDrawn {
        text: String,
        drawn: Option<Rc<crate::net::qr::Drawn>>,
    },
}

impl AppState {
    /// The overlay on screen: the devices dialog while the table waits for
    /// a device; none of the walkthrough while a round summary is up (it
    /// would lie under the summary, its buttons out of reach: it comes
    /// back at the same step when the next round starts), nor while a
    /// pass-and-play cover hides every hand (it would point at cards that
    /// are not there; it starts when the first person shows theirs).
    pub fn overlay_shown(&self) -> Overlay {
        let table = self
            .session
            .as_ref()
            .filter(|_| self.screen == Screen::Table);
        if matches!(self.overlay, Overlay::Tour(_))
            && table
                .is_some_and(|s| !s.in_play() || (s.setup.covers_hands() && s.viewer().is_none()))
        {
            return Overlay::None;
        }
        if table.is_some() && self.waiting.is_some() && self.overlay == Overlay::None {
            Overlay::Devices
        } else {
            self.overlay
        }
    }

    /// The state at start-up, from what is stored and the URL.
    pub fn new(
        settings: Settings,
        saved: Option<Result<save::Loaded, String>>,
        lang: Lang,
        speed_override: Option<Speed>,
        storage_ok: bool,
    ) -> AppState {
        let lobby = settings.table.clone().unwrap_or_else(|| {
            TableSetup::first_visit_named(&Text::DefaultName.get(lang), |n| {
                Text::DefaultBot(n).get(lang)
            })
        });
        let mut state = AppState {
            lang,
            settings,
            screen: Screen::Lobby,
            lobby,
            session: None,
            game_id: String::new(),
            seq: 0,
            notices: Vec::new(),
            overlay: Overlay::None,
            speed_override,
            tab: TabState::default(),
            devices: Devices::default(),
            hand: HandState::default(),
            persistent: None,
            installable: false,
            pending_start: None,
            stats: Rc::default(),
            outbox: Outbox::default(),
            bot: None,
            replay: None,
            review: None,
            waiting: None,
            today: String::new(),
            page: Page::Table,
            qr: crate::net::qr::Codes::default(),
        };
        if !storage_ok {
            state.notices.push(Notice::StorageOff);
        }
        match saved {
            Some(Ok(loaded)) => {
                state.screen = if state.settings.in_lobby {
                    Screen::Lobby
                } else {
                    Screen::Table
                };
                state.session = Some(Rc::new(loaded.session));
                state.game_id = loaded.id;
                state.seq = loaded.seq;
            }
            Some(Err(why)) => state.notices.push(Notice::SaveUnreadable(why)),
            None => {}
        }
        state
    }

    pub fn speed(&self) -> Speed {
        self.speed_override.unwrap_or(self.settings.speed)
    }

    pub fn t(&self, text: Text) -> String {
        text.get(self.lang)
    }

    fn start(&mut self, setup: TableSetup, seed: u64, id: String) {
        if let Ok(session) = Session::new(setup.clone(), seed) {
            self.settings.table = Some(setup.clone());
            self.lobby = setup;
            // A rematch keeps the devices and their links (the same seats);
            // a new table gets new invitations.
            let same_seats = self
                .session
                .as_ref()
                .is_some_and(|s| s.setup.seats == session.setup.seats);
            if !(same_seats && self.devices.started) {
                self.devices = if session.setup.has_remote() {
                    Devices::for_game(&session, &id, false)
                } else {
                    Devices::default()
                };
            }
            self.session = Some(Rc::new(session));
            self.game_id = id;
            // Never back: a device's move number goes on across games.
            self.seq += 1;
            // A player's action: the moment to ask that saved games be kept.
            self.ask_persist();
            self.screen = Screen::Table;
            self.settings.in_lobby = false;
            // The first game starts with the walkthrough; players on their
            // own devices are paired first (the walkthrough follows).
            self.overlay = if !self.devices.started && !self.devices.seats.is_empty() {
                Overlay::Devices
            } else if self.settings.tour_done {
                Overlay::None
            } else {
                Overlay::Tour(0)
            };
        }
    }

    /// A new game asked for: started at once, or, with a game saved and
    /// not over, only after the player says yes.
    fn ask_start(&mut self, setup: TableSetup, seed: u64, id: String) {
        if self.in_progress().is_some() {
            self.pending_start = Some(Rc::new((setup, seed, id)));
            self.overlay = Overlay::ConfirmStart;
        } else {
            self.start(setup, seed, id);
        }
    }

    /// The round of the saved game, if one is in progress (not over).
    pub fn in_progress(&self) -> Option<u32> {
        self.session
            .as_ref()
            .filter(|s| !s.game.is_over())
            .map(|s| s.game.round())
    }

    pub(crate) fn with_session(&mut self, f: impl FnOnce(&mut Session) -> bool) {
        if let Some(rc) = self.session.as_mut() {
            if f(Rc::make_mut(rc)) {
                self.seq += 1;
                self.tab.follower = false;
            }
        }
    }

    /// Takes a game another tab saved.
    fn take(&mut self, loaded: &Loaded) {
        self.session = Some(Rc::new(loaded.session.clone()));
        self.game_id = loaded.id.clone();
        self.seq = loaded.seq;
    }

    /// Carries out what `persist::sync` decides about the other tabs.
    fn tab_msg(&mut self, msg: TabMsg) {
        match msg {
            TabMsg::Saw(other) => {
                let ours = self.session.as_deref().map(|session| Ours {
                    id: &self.game_id,
                    seq: self.seq,
                    session,
                });
                match (verdict(ours, self.tab.paused, &other.game), &other.game) {
                    (Verdict::Continue, Ok(loaded)) => {
                        self.take(loaded);
                        self.tab.notice = Some(TabNotice::Continued);
                        self.tab.paused = false;
                        self.tab.follower = true;
                    }
                    (Verdict::Take, Ok(loaded)) => {
                        // Nothing to protect here: the lobby offers it.
                        self.take(loaded);
                        self.tab.follower = true;
                    }
                    (Verdict::Rewrite, _) => self.tab.resave = self.tab.resave.wrapping_add(1),
                    (Verdict::Ask, _) => {
                        self.tab.notice = Some(TabNotice::OtherGame);
                        self.tab.paused = true;
                        self.tab.other = Some(other);
                    }
                    _ => {}
                }
            }
            TabMsg::Open => match self.tab.other.clone() {
                Some(other) => match &other.game {
                    // Hosted by the other tab (it holds the devices' links).
                    Ok(loaded) if loaded.session.setup.has_remote() => {}
                    Ok(loaded) => {
                        self.take(loaded);
                        self.screen = Screen::Table;
                        self.settings.in_lobby = false;
                        self.overlay = Overlay::None;
                        self.tab = TabState::default();
                    }
                    Err(why) => self.notice(Notice::SaveUnreadable(why.clone())),
                },
                None => self.tab_msg(TabMsg::Keep),
            },
            TabMsg::Keep => {
                // The player's choice: this tab's game replaces the other.
                self.tab.replace = self.tab.other.take().map(|o| o.text.clone());
                self.tab.notice = None;
                self.tab.paused = false;
            }
            TabMsg::Dismiss => {
                // Saving stays paused until the player chooses a game.
                if self.tab.notice == Some(TabNotice::Continued) {
                    self.tab.notice = None;
                }
            }
        }
    }

    fn notice(&mut self, n: Notice) {
        if !self.notices.contains(&n) {
            self.notices.push(n);
        }
    }

    // Play across devices (the state is `net::state`'s; the changes to
    // the rest of the app are decided here).
    pub(crate) fn device_msg(&mut self, msg: DeviceMsg) {
        match msg {
            DeviceMsg::PlayHere(seat) | DeviceMsg::GiveToBot(seat) => {
                let bot = matches!(msg, DeviceMsg::GiveToBot(_)).then_some(Level::Medium);
                self.with_session(|session| session.set_seat(seat, bot, false));
                self.devices.seats.retain(|r| r.seat != seat);
                if self.devices.seats.is_empty() && self.overlay == Overlay::Devices {
                    self.overlay = Overlay::None;
                }
            }
            DeviceMsg::ToOwnDevice(seat) => {
                let moved = self.session.as_ref().is_some_and(|s| !s.is_remote(seat));
                if moved {
                    self.with_session(|session| session.set_seat(seat, None, true));
                    if self.devices.seats.is_empty() {
                        // The first seat on a device: the table is named
                        // now; play is under way already.
                        if let Some(session) = &self.session {
                            self.devices = Devices::for_game(session, &self.game_id, true);
                        }
                    } else {
                        self.devices.add_seat(seat);
                    }
                }
            }
            DeviceMsg::StartPlaying => {
                self.devices.started = true;
                self.overlay = if self.settings.tour_done {
                    Overlay::None
                } else {
                    Overlay::Tour(0)
                };
            }
            DeviceMsg::Heard {
                seat,
                epoch,
                text,
                token,
            } => self.heard(seat, epoch, &text, token),
            DeviceMsg::Reply { seat, text } => self.reply(seat, &text),
            link => self.devices.apply(link),
        }
    }

    /// A phone's action (or, `None`, its take-back) made at move `at` on
    /// link `epoch`: judged in this one place (a move sent twice, the
    /// turn, the move number, the rules, the take-back's window), then
    /// applied, or refused: a [`Cmd::Refuse`] sends the phone the reason.
    /// A message of a link that is gone has nobody to answer and changes
    /// nothing.
    fn remote(&mut self, seat: Seat, epoch: u32, at: u64, action: Option<Action>) {
        let linked = self.devices.seat(seat).is_some_and(|r| r.epoch == epoch);
        if !linked || self.session.is_none() {
            return;
        }
        let passed = self.devices.is_passed(seat, epoch, at);
        let now = self.seq;
        let mut refusal = None;
        self.with_session(|session| {
            let judged = match action {
                Some(_) if passed => Err(Refusal::StaleMove {
                    at,
                    now: now.max(at + 1),
                }),
                Some(action) => check_act(session, now, seat, at, action).and_then(|action| {
                    session.apply(action).map_err(|e| Refusal::Illegal {
                        rule: e.to_string(),
                    })
                }),
                None => check_take_back(session, now, seat, at).and_then(|()| {
                    if session.take_back() {
                        Ok(())
                    } else {
                        Err(Refusal::TooLate)
                    }
                }),
            };
            judged.map_err(|reason| refusal = Some(reason)).is_ok()
        });
        match refusal {
            Some(reason) => self.refuse(seat, epoch, reason),
            None if action.is_some() => self.devices.pass(seat, epoch, at),
            None => {}
        }
    }

    /// A player's action: the moment to ask that saved games be kept for
    /// good (Firefox asks the player), if they are not.
    fn ask_persist(&mut self) {
        if self.persistent == Some(false) {
            self.outbox.push(Cmd::AskPersist);
        }
    }

    /// Refuses a message of the device of `seat` on link `epoch`: counted,
    /// and the device told why.
    fn refuse(&mut self, seat: Seat, epoch: u32, reason: Refusal) {
        self.devices.refused += 1;
        self.outbox.push(Cmd::Refuse {
            seat,
            epoch,
            reason,
        });
    }

    /// A message heard on the link `epoch` of the device of `seat`
    /// (`fresh`: a new token, should it be the seat's first hello). Every
    /// one is judged here, in this order: readable, said hello first (the
    /// same build, the seat's token), then the game's judgement
    /// ([`Self::remote`]); each refusal is sent back with its reason. A
    /// message of a link that is gone is dropped: nobody is there to
    /// answer.
    fn heard(&mut self, seat: Seat, epoch: u32, text: &str, fresh: String) {
        let Some(r) = self.devices.seat(seat).filter(|r| r.epoch == epoch) else {
            return;
        };
        let (hello, held) = (r.link == LinkState::Connected, r.token.clone());
        // Anything heard on the link: its connection carries again.
        self.devices.apply(DeviceMsg::Steady { seat, epoch });
        let message = match proto::decode::<ToTable>(text) {
            Ok(m) => m,
            Err(reason) => return self.refuse(seat, epoch, reason),
        };
        let problem = |problem| DeviceMsg::Problem {
            seat,
            epoch,
            problem,
        };
        match message {
            // This link said hello already: nothing more to prove.
            ToTable::Hello { .. } if hello => {}
            ToTable::Hello { app, .. } if app != BUILD => {
                self.devices.apply(problem(Problem::OtherApp));
                let ours = BUILD.to_string();
                self.refuse(seat, epoch, Refusal::OtherApp { theirs: app, ours });
            }
            ToTable::Hello { token, .. } => {
                let token = match (held, token) {
                    (Some(held), Some(proof)) if held == proof => held,
                    (Some(_), _) => {
                        self.devices.apply(problem(Problem::SeatTaken));
                        return self.refuse(seat, epoch, Refusal::SeatTaken);
                    }
                    (None, _) => fresh,
                };
                let name = self
                    .session
                    .as_ref()
                    .map(|s| s.name(seat).to_string())
                    .unwrap_or_default();
                let welcome = ToHand::Welcome {
                    app: BUILD.to_string(),
                    table: self.devices.table,
                    seat,
                    name,
                    token: token.clone(),
                };
                self.outbox.push(Cmd::ToDevice {
                    seat,
                    epoch,
                    message: Rc::new(welcome),
                });
                // Paired: the whole game follows (`decide`).
                self.devices.apply(DeviceMsg::Paired { seat, epoch, token });
            }
            ToTable::Act { .. } | ToTable::TakeBack { .. } if !hello => {
                self.refuse(seat, epoch, Refusal::NoHello)
            }
            ToTable::Act { at, action } => self.remote(seat, epoch, at, Some(action)),
            ToTable::TakeBack { at } => self.remote(seat, epoch, at, None),
            ToTable::Sync => self.devices.resync(seat, epoch),
            // Still there (heard: no longer reconnecting, above).
            ToTable::Ping => {}
        }
    }

    /// The bot turn the table is to play now, if any: a bot's move, or a
    /// table of bots dealing its next round. Bots wait for the players on
    /// their own devices to be paired; a tab following another one leaves
    /// the bots to that tab a while longer; after a person's card that
    /// may be taken back, they leave time for it.
    pub fn bot_turn(&self) -> Option<BotTurn> {
        let session = self
            .session
            .as_ref()
            .filter(|_| self.screen == Screen::Table)
            .filter(|_| self.devices.started || self.devices.seats.is_empty())?;
        let speed = self.speed();
        let follower = if self.tab.follower {
            FOLLOWER_GRACE_MS
        } else {
            0
        };
        let grace = if session.take_back_seat().is_some() && speed != Speed::Instant {
            TAKE_BACK_GRACE_MS
        } else {
            0
        };
        let delay_ms = speed.delay_ms() + follower + grace;
        let turn = |seat, delay_ms| BotTurn {
            game: self.game_id.clone(),
            session: session.clone(),
            after: session.record.actions.len(),
            seat,
            delay_ms,
        };
        match session.bot_to_act() {
            Some(bot) => Some(turn(Some(bot), delay_ms)),
            None if session.humans() == 0 && session.game.phase() == Phase::RoundOver => {
                Some(turn(None, delay_ms.max(400) * 3))
            }
            None => None,
        }
    }

    /// Decides what the change from `before` (`None`: the app starting)
    /// asks of the world, and leaves it in the outbox. Every effect of the
    /// app is decided here or pushed by the message that asks for it.
    pub fn decide(&mut self, before: Option<&AppState>) {
        fn differs<T: PartialEq>(
            b: Option<&AppState>,
            a: &AppState,
            f: fn(&AppState) -> T,
        ) -> bool {
            b.is_none_or(|b| f(b) != f(a))
        }
        if before.is_none() {
            self.outbox.push(Cmd::ReadPersisted);
        }
        self.waiting = self
            .session
            .as_ref()
            .and_then(|s| self.devices.waiting_for(s));
        // The game, after every change worth saving (written before the
        // move is drawn: the executor runs in the same task as the render).
        let saved = |s: &AppState| {
            let at = (s.seq, s.session.is_some(), s.tab.paused, s.tab.resave);
            (s.game_id.clone(), at)
        };
        if differs(before, self, saved) && !self.tab.paused {
            self.outbox.push(Cmd::SaveGame);
        }
        if differs(before, self, |s| s.settings.clone()) {
            self.outbox.push(Cmd::SaveSettings);
        }
        if differs(before, self, |s| s.lang) {
            self.outbox.push(Cmd::PageLang(self.lang));
        }
        let tokens = |s: &AppState| {
            let d = &s.devices;
            let tokens: Vec<_> = d.seats.iter().map(|r| r.token.clone()).collect();
            (s.game_id.clone(), d.table, d.started, tokens)
        };
        if differs(before, self, tokens) {
            self.outbox.push(Cmd::SaveDevices);
        }
        if differs(before, self, |s| s.hand.ticket.clone()) {
            self.outbox.push(Cmd::SaveTicket);
        }
        let over = |s: &AppState| {
            (
                s.game_id.clone(),
                s.session.as_ref().is_some_and(|x| x.game.is_over()),
            )
        };
        if differs(before, self, over) && over(self).1 {
            self.outbox.push(Cmd::CountFinished);
        }
        if self.overlay == Overlay::Stats && differs(before, self, |s| s.overlay) {
            self.outbox.push(Cmd::ReadStats);
        }
        let hosting = |s: &AppState| {
            let remote = s.session.as_ref().is_some_and(|x| x.setup.has_remote());
            (s.screen == Screen::Table && remote).then(|| s.game_id.clone())
        };
        if differs(before, self, hosting) {
            self.outbox.push(Cmd::HostBeat(hosting(self)));
        }
        // Whenever a bot is to act, its turn is scheduled: a turn is its
        // game, position, seat and pause, so that anything changing one
        // of them (a seat given to a bot on its own turn, too) schedules
        // it again.
        let turn = self.bot_turn();
        let key = turn.as_ref().map(BotTurn::key);
        if key != self.bot {
            self.bot = key;
            self.outbox.push(Cmd::Bot(turn));
        }
        self.decide_review(before);
        self.decide_devices(before);
        self.decide_hand(before);
        self.decide_links(before);
        self.decide_sounds(before);
        self.decide_qr();
    }

    /// Hard's review follows the replay: it starts when a round is
    /// replayed (its moves of people with a choice, `review_tasks`) and
    /// stops when the replay closes or goes to another round.
    fn decide_review(&mut self, before: Option<&AppState>) {
        let wanted = |s: &AppState| s.replay.map(|r| (s.game_id.clone(), r));
        if before.is_some_and(|b| wanted(b) == wanted(self)) {
            return;
        }
        let work = wanted(self)
            .zip(self.session.as_ref())
            .map(|((game, round), session)| {
                let seats = &session.setup.seats;
                let person = |s: Seat| seats.get(s as usize).is_some_and(|x| x.bot.is_none());
                let record = &session.record;
                let tasks = crate::replay::review_tasks(
                    record.options,
                    record.seed,
                    &record.actions,
                    round,
                    person,
                );
                Rc::new(ReviewWork { game, round, tasks })
            });
        self.review = work.as_ref().map(|w| {
            Rc::new(crate::replay::RoundReview {
                game: w.game.clone(),
                round: w.round,
                moves: w.tasks.len(),
                found: Vec::new(),
            })
        });
        if work.is_some() || before.is_some_and(|b| b.review.is_some()) {
            self.outbox.push(Cmd::Review(work));
        }
    }

    /// The connections' upkeep: a ping every [`PING_MS`](crate::net::state::PING_MS) on every paired
    /// link (the table's seats, this phone's link to its table), and a
    /// window of [`RECONNECT_MS`] for each drift of a link: at its end
    /// the reducer gives the link up if it still drifts.
    fn decide_links(&mut self, before: Option<&AppState>) {
        let pings = |s: &AppState| {
            let hand = (s.hand.connected).then_some(s.hand.epoch);
            (s.devices.paired(), hand)
        };
        if differs_by(before, self, pings) {
            let (table, hand) = pings(self);
            self.outbox.push(Cmd::Pings { table, hand });
        }
        for r in &self.devices.seats {
            let (seat, epoch) = (r.seat, r.epoch);
            let Some(drift) = r.reconnecting else {
                continue;
            };
            let was = before
                .and_then(|b| b.devices.seat(seat))
                .and_then(|b| b.reconnecting);
            if was != Some(drift) {
                let msg = Later::Device(DeviceMsg::Adrift { seat, epoch, drift });
                self.outbox.push(Cmd::After {
                    ms: RECONNECT_MS,
                    msg,
                });
            }
        }
        let hand = &self.hand;
        if let Some(drift) = hand.reconnecting {
            if before.is_none_or(|b| b.hand.reconnecting != Some(drift)) {
                let epoch = hand.epoch;
                self.outbox.push(Cmd::After {
                    ms: RECONNECT_MS,
                    msg: Later::Hand(HandMsg::Adrift { epoch, drift }),
                });
            }
        }
    }

    /// The QR codes the screen shows (the table's invitations while its
    /// devices dialog is open, the phone's reply), each drawn once by the
    /// QR worker: the view draws only what the state holds.
    fn decide_qr(&mut self) {
        let mut texts = Vec::new();
        // The dialog the player opened, or the one that came up by itself
        // because the table waits for a seat's device.
        if self.overlay_shown() == Overlay::Devices {
            let inviting = self.devices.seats.iter();
            let inviting = inviting.filter(|r| r.link != LinkState::Connected);
            texts.extend(inviting.filter_map(|r| Some(self.qr.link(r.invitation.as_ref()?))));
        }
        if self.screen == Screen::Join {
            texts.extend(self.hand.reply.clone());
        }
        for text in self.qr.want(texts) {
            self.outbox.push(Cmd::DrawQr(text));
        }
    }

    /// A hand device's part of [`Self::decide`]: its link follows the
    /// invitation's number; a gap in the table's updates asks for a
    /// snapshot; while it holds a seat the screen stays on, and a turn
    /// coming is felt.
    fn decide_hand(&mut self, before: Option<&AppState>) {
        let hand = &self.hand;
        if before.is_some_and(|b| b.hand.epoch != hand.epoch) {
            self.outbox.push(Cmd::HandLink(hand.epoch));
        }
        if before.is_some_and(|b| b.hand.resync < hand.resync) {
            self.outbox.push(Cmd::ToTable {
                epoch: hand.epoch,
                message: Rc::new(ToTable::Sync),
            });
        }
        let holding = |s: &AppState| s.screen == Screen::Hand;
        let my_turn = |s: &AppState| s.hand.model.as_ref().is_some_and(|m| m.my_turn());
        if holding(self) && !before.is_some_and(holding) {
            self.outbox.push(Cmd::KeepAwake);
        }
        if my_turn(self) && !before.is_some_and(my_turn) {
            self.outbox.push(Cmd::Buzz(200));
            self.outbox.push(Cmd::KeepAwake);
        }
    }

    /// What the screen shown hears of a change: the sounds of a move made
    /// (as its viewer sees it), and "your turn" when the turn has just come
    /// to the viewer. Only between two looks at the same game's table (not
    /// on opening it, a reload, or back from a replay), and only with sound
    /// on.
    fn decide_sounds(&mut self, before: Option<&AppState>) {
        let (Some(b), true) = (before, self.settings.sound) else {
            return;
        };
        let (Some(was), Some(now)) = (b.on_screen(), self.on_screen()) else {
            return;
        };
        if was.game != now.game {
            return;
        }
        let moved = was.log != now.log;
        let turn_came = now.my_turn && !was.my_turn;
        if moved || turn_came {
            let events = if moved {
                self.last_events()
            } else {
                Rc::from([])
            };
            self.outbox.push(Cmd::Sounds { events, turn_came });
        }
    }

    /// The last action's events as the viewer of the screen shown sees
    /// them.
    fn last_events(&self) -> Rc<[Event]> {
        match (self.screen, &self.session, &self.hand.model) {
            (Screen::Hand, _, Some(model)) => model.seen.events.clone().into(),
            (_, Some(session), _) => session
                .events_for(session.viewer().unwrap_or(Seat::MAX))
                .into(),
            _ => Rc::from([]),
        }
    }

    /// What the table shown to this device's player has to say, if one is
    /// shown (the table's, or a held seat's).
    fn on_screen(&self) -> Option<OnScreen<'_>> {
        match self.screen {
            Screen::Table if self.replay.is_none() => {
                let session = self.session.as_ref()?;
                let me = session.viewer();
                Some(OnScreen {
                    game: &self.game_id,
                    log: session.log.len(),
                    my_turn: me.is_some() && session.game.to_act() == me,
                })
            }
            Screen::Hand => {
                let model = self.hand.model.as_ref()?;
                Some(OnScreen {
                    game: &model.seen.game,
                    log: model.log.len(),
                    my_turn: model.my_turn(),
                })
            }
            _ => None,
        }
    }

    /// The devices' part of [`Self::decide`]: links follow the seats (a
    /// seat that left is told goodbye first), and each paired device is
    /// sent what it has not seen.
    fn decide_devices(&mut self, before: Option<&AppState>) {
        let links = |s: &AppState| {
            let seats: Vec<_> = s.devices.seats.iter().map(|r| (r.seat, r.epoch)).collect();
            (s.devices.table, seats)
        };
        if before.is_none_or(|b| links(b) != links(self)) {
            let gone = before
                .into_iter()
                .flat_map(|b| &b.devices.seats)
                .filter(|r| r.link == LinkState::Connected && self.devices.seat(r.seat).is_none());
            for r in gone {
                // Who plays the seat now: a bot, or the table's screen.
                let bot = self.session.as_ref().is_some_and(|s| !s.is_human(r.seat));
                self.outbox.push(Cmd::ToDevice {
                    seat: r.seat,
                    epoch: r.epoch,
                    message: Rc::new(ToHand::Bye { bot }),
                });
            }
            self.outbox.push(Cmd::SyncDevices);
        }
        let AppState {
            session,
            devices,
            outbox,
            game_id,
            seq,
            ..
        } = self;
        let Some(session) = session else {
            return;
        };
        let waiting = self.waiting;
        let offline = devices.offline();
        for r in devices.seats.iter_mut() {
            if r.link != LinkState::Connected {
                continue;
            }
            let started = devices.started;
            if let Some(m) = message_for(
                session,
                game_id,
                *seq,
                r.seat,
                News {
                    waiting_for: waiting,
                    started,
                    offline: &offline,
                },
                &mut r.sent,
            ) {
                outbox.push(Cmd::ToDevice {
                    seat: r.seat,
                    epoch: r.epoch,
                    message: Rc::new(m),
                });
            }
        }
    }

    /// A reply typed, pasted or scanned under `seat`'s invitation, judged
    /// here: its code, the invitation it answers, whether that one was
    /// answered already. A reply to another seat's invitation is taken for
    /// that seat, and the seat it was pasted under says so. Then the link
    /// connects (`Cmd::Accept`).
    fn reply(&mut self, seat: Seat, text: &str) {
        let Some(epoch) = self.devices.seat(seat).map(|r| r.epoch) else {
            return;
        };
        let said = |s: &mut Self, problem| {
            s.devices.apply(DeviceMsg::Problem {
                seat,
                epoch,
                problem,
            })
        };
        let reply = match Reply::decode(text) {
            Ok(reply) => reply,
            Err(e) => return said(self, Problem::Code(e)),
        };
        let answers = |r: &&RemoteSeat| {
            r.seat == reply.seat
                && r.invitation
                    .as_deref()
                    .and_then(|code| Invitation::decode(code).ok())
                    .is_some_and(|i| i.seat == reply.seat && i.peer.tag() == reply.tag)
        };
        let Some((to, to_epoch, link)) = self
            .devices
            .seats
            .iter()
            .find(answers)
            .map(|r| (r.seat, r.epoch, r.link))
        else {
            return said(self, Problem::OtherInvitation);
        };
        if link != LinkState::Inviting {
            return said(self, Problem::AlreadyAnswered);
        }
        if to != seat {
            let name = self.session.as_ref().map(|s| s.name(to).to_string());
            said(self, Problem::TakenFor(name.unwrap_or_default()));
        }
        self.devices.apply(DeviceMsg::Connecting {
            seat: to,
            epoch: to_epoch,
        });
        self.outbox.push(Cmd::Accept {
            seat: to,
            epoch: to_epoch,
            peer: Rc::new(reply.peer),
        });
    }

    /// A device that held a seat at a table opens on its way back to it
    /// ("Rejoin as Ben"), not in the lobby, unless it is a table itself
    /// with its game on the screen.
    pub(crate) fn rejoin_at_start(&mut self) {
        if self.hand.ticket.is_some() && self.screen == Screen::Lobby {
            self.hand_msg(HandMsg::Open(String::new()));
        }
    }

    pub(crate) fn hand_msg(&mut self, msg: HandMsg) {
        self.hand_msg_in::<PHONE_SIDE>(msg);
    }

    /// [`Self::hand_msg`] in a build with the phone's side or without it
    /// (a constant, so that the table's build drops all of it).
    fn hand_msg_in<const PHONE_SIDE: bool>(&mut self, msg: HandMsg) {
        if !PHONE_SIDE {
            // "Join a table", a link to join, or the way back to a seat
            // held: the phone's page does it.
            if let HandMsg::Open(code) = msg {
                self.outbox.push(Cmd::OpenPage {
                    page: Page::Phone,
                    code,
                });
            }
            return;
        }
        // What goes to the table: the hello on a new link, a tap's action.
        let epoch = self.hand.epoch;
        let message = match msg {
            HandMsg::Opened { epoch: e } if e == epoch => Some(self.hand.hello(BUILD)),
            HandMsg::Act(what) => self.hand.outgoing(what),
            _ => None,
        };
        if let Some(message) = message {
            self.outbox.push(Cmd::ToTable {
                epoch,
                message: Rc::new(message),
            });
            return;
        }
        let screen = self.hand.apply(msg);
        self.hand_screen(screen);
    }

    /// Shows the screen a hand device's change asks for, if any.
    fn hand_screen(&mut self, screen: Option<HandScreen>) {
        let screen = screen.map(|s| match s {
            HandScreen::Lobby => Screen::Lobby,
            HandScreen::Join => Screen::Join,
            HandScreen::Hand => Screen::Hand,
        });
        // The phone's page has no lobby of its own: the table's page has.
        // Its screen stays as it is until that page comes (its lobby drawn
        // here first would flash before the other).
        if self.page == Page::Phone && screen == Some(Screen::Lobby) {
            self.overlay = Overlay::None;
            self.outbox.push(Cmd::OpenPage {
                page: Page::Table,
                code: String::new(),
            });
            return;
        }
        match screen {
            Some(screen) if screen != self.screen => {
                self.screen = screen;
                self.overlay = Overlay::None;
            }
            _ => {}
        }
    }
}

/// Whether `f` tells `before` (`None`: the app starting) from `after`.
fn differs_by<T: PartialEq>(
    before: Option<&AppState>,
    after: &AppState,
    f: fn(&AppState) -> T,
) -> bool {
    before.is_none_or(|b| f(b) != f(after))
}

/// What [`AppState::decide_sounds`] compares: the game on the screen,
/// its log's length, and whether it is the viewer's turn.
struct OnScreen<'a> {
    game: &'a str,
    log: usize,
    my_turn: bool,
}

impl Reducible for AppState {
    type Action = Msg;

    /// The update step: the message applied, then the effects the change
    /// asks for decided and left in the outbox.
    fn reduce(self: Rc<Self>, msg: Msg) -> Rc<Self> {
        let mut s = (*self).clone();
        s.update(msg);
        s.decide(Some(&self));
        Rc::new(s)
    }
}

impl AppState {
    /// Applies one message to the state (the effects are [`Self::decide`]'s,
    /// or pushed here where a message asks for one by itself).
    pub fn update(&mut self, msg: Msg) {
        let s = self;
        match msg {
            Msg::EditLobby(edit) => {
                let lang = s.lang;
                s.lobby.edit(
                    edit,
                    |n| Text::DefaultBot(n).get(lang),
                    |n| {
                        n.map_or_else(
                            || Text::DefaultName.get(lang),
                            |n| Text::DefaultPlayer(n).get(lang),
                        )
                    },
                );
            }
            Msg::Start { seed, id } => {
                let setup = s.lobby.clone();
                s.ask_start(setup, seed, id);
            }
            Msg::StartTable { setup, seed, id } => s.ask_start(setup, seed, id),
            Msg::ConfirmStart => {
                if let Some(pending) = s.pending_start.take() {
                    s.overlay = Overlay::None;
                    let (setup, seed, id) = (*pending).clone();
                    s.start(setup, seed, id);
                }
            }
            Msg::Continue => {
                if s.session.is_some() {
                    s.screen = Screen::Table;
                    s.settings.in_lobby = false;
                    s.ask_persist();
                }
            }
            Msg::Act(action) => s.with_session(|session| {
                // Only the person whose cards are shown may act, and only
                // for their own seat; the engine checks the rest.
                let allowed = match (action, session.to_act()) {
                    (Action::NextRound, _) => session.humans() > 0,
                    (_, Some((seat, Player::Here))) => session.viewer() == Some(seat),
                    _ => false,
                };
                allowed && session.apply(action).is_ok()
            }),
            Msg::BotAct { id, after, action } => {
                let seq = s.seq;
                if id == s.game_id {
                    s.with_session(|session| {
                        session.record.actions.len() == after
                            && (session.bot_to_act().is_some()
                                || (action == Action::NextRound && session.humans() == 0))
                            && session.apply(action).is_ok()
                    });
                }
                if s.seq == seq && s.bot.as_ref().is_some_and(|b| b.after == after) {
                    // Its answer was not taken: whatever is to be played
                    // now is scheduled afresh (never a table left waiting).
                    s.bot = None;
                }
            }
            Msg::ShowHand(seat) => s.with_session(|session| session.show_hand(seat)),
            Msg::TodaysDeal { date, id } => {
                let lang = s.lang;
                let me = s
                    .lobby
                    .seats
                    .first()
                    .filter(|seat| seat.is_here() && !seat.name.trim().is_empty())
                    .map_or_else(|| Text::DefaultName.get(lang), |seat| seat.name.clone());
                let setup = crate::daily::table(&me, |n| Text::DefaultBot(n).get(lang));
                let seed = crate::daily::deal_of(&date).seed;
                s.today = date;
                s.ask_start(setup, seed, id);
            }
            Msg::Replay(round) => {
                let rounds = s.session.as_ref().map_or(0, |x| x.rounds.len() as u32);
                s.replay = round.filter(|r| (1..=rounds).contains(r));
            }
            Msg::Reviewed {
                game,
                round,
                step,
                mark,
            } => {
                if let Some(r) = s.review.as_mut() {
                    if r.game == game && r.round == round {
                        Rc::make_mut(r).add(step, mark);
                    }
                }
            }
            Msg::Rematch { seed, id } => {
                if let Some(session) = &s.session {
                    let setup = session.setup.clone();
                    s.start(setup, seed, id);
                }
            }
            Msg::ToLobby => {
                s.screen = Screen::Lobby;
                s.settings.in_lobby = true;
                s.overlay = Overlay::None;
                if s.session.as_ref().is_some_and(|x| x.game.is_over()) {
                    s.session = None;
                }
            }
            Msg::Overlay(o) => {
                if o != Overlay::ConfirmStart {
                    // Closed without a yes: the game in progress goes on.
                    s.pending_start = None;
                }
                s.overlay = o;
            }
            Msg::EndTour => {
                s.settings.tour_done = true;
                s.overlay = Overlay::None;
            }
            Msg::SetSpeed(speed) => {
                s.settings.speed = speed;
                s.speed_override = None;
            }
            Msg::SetReduceMotion(on) => s.settings.reduce_motion = on,
            Msg::SetConfirmCards(on) => s.settings.confirm_cards = on,
            Msg::SetSound(on) => s.settings.sound = on,
            Msg::SetLang(lang) => {
                // The player's choice, in effect now that its words are here.
                s.lang = lang;
                // Its words are here now: an earlier failure to fetch them
                // no longer holds.
                s.notices
                    .retain(|n| *n != Notice::LanguageUnavailable(lang));
                s.settings.lang = Some(lang.code().to_string());
            }
            Msg::Notice(n) => s.notice(n),
            Msg::Dismiss(i) => {
                if i < s.notices.len() {
                    s.notices.remove(i);
                }
            }
            Msg::Tab(msg) => s.tab_msg(msg),
            Msg::Device(msg) => s.device_msg(msg),
            Msg::Hand(msg) => s.hand_msg(msg),
            Msg::Slept { ms } => {
                s.devices.slept(ms);
                let screen = s.hand.slept(ms);
                s.hand_screen(screen);
            }
            Msg::Persistent(kept) => s.persistent = kept.or(s.persistent),
            Msg::KeepStorage => s.ask_persist(),
            Msg::Installable(yes) => s.installable = yes,
            Msg::TakeBack => {
                s.with_session(|session| session.may_take_back_here() && session.take_back())
            }
            Msg::Stats(stats) => s.stats = stats,
            Msg::ResetStats => s.outbox.push(Cmd::ResetStats),
            Msg::Ran(done) => s.outbox.ran(done),
            Msg::QrDrawn { text, drawn } => s.qr.drawn(&text, drawn),
        }
        // The replay belongs to the table it was opened on.
        if s.screen != Screen::Table || s.session.is_none() {
            s.replay = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::persist::sync::OtherSave;
    use crate::session::SeatSetup;
    use mojo_engine::BotKind;

    fn fresh() -> Rc<AppState> {
        Rc::new(AppState::new(
            Settings::default(),
            None,
            Lang::En,
            None,
            true,
        ))
    }

    /// The first legal action of the game in progress.
    fn first_action(s: &AppState) -> Action {
        s.session
            .as_ref()
            .unwrap()
            .game
            .legal_actions()
            .get(0)
            .unwrap()
    }

    /// The table's build (`table-only`) has no phone's side: "Join a
    /// table" and a link to join open the phone's page with the code, and
    /// nothing else changes. On the phone's page, leaving for the lobby
    /// goes back to the table's page, in its lobby.
    #[test]
    fn the_tables_build_sends_a_phone_to_its_page() {
        let mut s = (*fresh()).clone();
        let (screen, hand) = (s.screen, s.hand.clone());
        s.hand_msg_in::<false>(HandMsg::Open("ABC".into()));
        s.hand_msg_in::<false>(HandMsg::Join);
        s.hand_msg_in::<false>(HandMsg::Open(String::new()));
        let links: Vec<String> = s
            .outbox
            .after(0)
            .map(|(_, cmd)| match cmd {
                Cmd::OpenPage { page, code } => page.link(code),
                other => panic!("only pages are opened, not {other:?}"),
            })
            .collect();
        assert_eq!(links, ["join.html#join=ABC", "join.html"]);
        assert_eq!((s.screen, s.hand), (screen, hand));

        let mut phone = (*fresh()).clone();
        phone.page = Page::Phone;
        phone.hand_msg(HandMsg::Open(String::new()));
        assert_eq!(phone.screen, Screen::Join);
        assert!(!phone
            .outbox
            .after(0)
            .any(|(_, c)| matches!(c, Cmd::OpenPage { .. })));
        phone.hand_msg(HandMsg::Leave);
        assert_eq!(phone.screen, Screen::Join, "no lobby of its own drawn");
        let back: Vec<String> = phone
            .outbox
            .after(0)
            .filter_map(|(_, cmd)| match cmd {
                Cmd::OpenPage { page, code } => Some(page.link(code)),
                _ => None,
            })
            .collect();
        assert_eq!(back, ["./#lobby"]);
    }

    #[test]
    fn start_then_a_person_plays_and_every_change_is_numbered() {
        let s = fresh().reduce(Msg::Start {
            seed: 4,
            id: "g".into(),
        });
        assert_eq!(s.screen, Screen::Table);
        let session = s.session.clone().unwrap();
        let seq = s.seq;
        // Seat 0 (the person) starts by default.
        let action = session.game.legal_actions().get(0).unwrap();
        let s = s.reduce(Msg::Act(action));
        assert_eq!(s.seq, seq + 1);
        assert_eq!(s.session.as_ref().unwrap().record.actions, vec![action]);
    }

    #[test]
    fn a_person_cannot_act_for_a_bot_and_stale_bot_moves_are_ignored() {
        let mut s = fresh().reduce(Msg::Start {
            seed: 4,
            id: "g".into(),
        });
        // Play the person's turns until a bot is to act.
        while s.session.as_ref().unwrap().bot_to_act().is_none() {
            let a = first_action(&s);
            s = s.reduce(Msg::Act(a));
        }
        let session = s.session.clone().unwrap();
        let (seat, _) = session.bot_to_act().unwrap();
        let a = session.game.legal_actions().get(0).unwrap();
        let seq = s.seq;
        let s = s.reduce(Msg::Act(a));
        assert_eq!(s.seq, seq, "a click cannot move a bot's cards");
        let n = session.record.actions.len();
        let stale = s.clone().reduce(Msg::BotAct {
            id: "g".into(),
            after: n + 5,
            action: a,
        });
        assert_eq!(stale.seq, seq);
        let other_game = s.clone().reduce(Msg::BotAct {
            id: "other".into(),
            after: n,
            action: a,
        });
        assert_eq!(other_game.seq, seq);
        let mut bot = BotKind::Medium.make(1);
        let choice = bot.choose(&session.game.view(seat));
        let s = s.reduce(Msg::BotAct {
            id: "g".into(),
            after: n,
            action: choice,
        });
        assert_eq!(s.seq, seq + 1);
    }

    #[test]
    fn the_walkthrough_opens_on_the_first_game_only() {
        let s = fresh().reduce(Msg::Start {
            seed: 4,
            id: "g".into(),
        });
        assert_eq!(s.overlay, Overlay::Tour(0));
        let s = s
            .reduce(Msg::Overlay(Overlay::Tour(1)))
            .reduce(Msg::EndTour);
        assert_eq!(s.overlay, Overlay::None);
        assert!(s.settings.tour_done, "remembered in the settings");
        let s = s.reduce(Msg::Rematch {
            seed: 5,
            id: "h".into(),
        });
        assert_eq!(s.overlay, Overlay::None, "not on the next game");
        // Re-opened from the menu.
        let s = s.reduce(Msg::Overlay(Overlay::Tour(0)));
        assert_eq!(s.overlay, Overlay::Tour(0));
    }

    /// Pass-and-play: the walkthrough waits behind the hand-off cover and
    /// starts once the first person shows their cards; it waits again on
    /// the cover between two people's turns.
    #[test]
    fn the_walkthrough_waits_for_the_first_hand() {
        let mut s = fresh();
        let mut setup = s.lobby.clone();
        setup.seats[2] = SeatSetup::human("Ben");
        Rc::make_mut(&mut s).lobby = setup;
        s = s.reduce(Msg::Start {
            seed: 4,
            id: "g".into(),
        });
        assert_eq!(s.overlay, Overlay::Tour(0));
        let session = s.session.clone().unwrap();
        let first = session.handoff_to().expect("the first person's cover");
        assert_eq!(s.overlay_shown(), Overlay::None, "not over the cover");
        s = s.reduce(Msg::ShowHand(first));
        assert_eq!(
            s.overlay_shown(),
            Overlay::Tour(0),
            "with the cards in view"
        );
        // Play until the turn passes: the cover again, the walkthrough
        // waiting at its step.
        while s.session.as_ref().unwrap().viewer().is_some() {
            let a = first_action(&s);
            s = s.reduce(Msg::Act(a));
        }
        assert_eq!(s.overlay, Overlay::Tour(0));
        assert_eq!(s.overlay_shown(), Overlay::None);
    }

    #[test]
    fn the_walkthrough_steps_aside_for_the_round_summary() {
        let mut s = fresh().reduce(Msg::Start {
            seed: 4,
            id: "g".into(),
        });
        s = s.reduce(Msg::Overlay(Overlay::Tour(2)));
        assert_eq!(s.overlay_shown(), Overlay::Tour(2));
        let mut bots = BotKind::Medium.make(3);
        let mut n = 0;
        while s.session.as_ref().unwrap().game.phase() != Phase::RoundOver {
            let session = s.session.clone().unwrap();
            s = match session.bot_to_act() {
                Some((seat, _)) => s.reduce(Msg::BotAct {
                    id: "g".into(),
                    after: session.record.actions.len(),
                    action: bots.choose(&session.game.view(seat)),
                }),
                None => {
                    let a = first_action(&s);
                    s.reduce(Msg::Act(a))
                }
            };
            n += 1;
            assert!(n < 2000, "the round never ended");
        }
        assert_eq!(s.overlay, Overlay::Tour(2), "still open, at its step");
        assert_eq!(s.overlay_shown(), Overlay::None, "not over the summary");
        let s = s.reduce(Msg::Act(Action::NextRound));
        assert_eq!(
            s.overlay_shown(),
            Overlay::Tour(2),
            "back in the next round"
        );
    }

    #[test]
    fn the_language_is_set_and_kept_in_the_settings() {
        let s = fresh().reduce(Msg::SetLang(Lang::Pl));
        assert_eq!(s.lang, Lang::Pl);
        assert_eq!(s.settings.lang.as_deref(), Some("pl"));
    }

    #[test]
    fn a_language_that_arrives_clears_its_failure_notice() {
        let s = fresh()
            .reduce(Msg::Notice(Notice::LanguageUnavailable(Lang::Ru)))
            .reduce(Msg::Notice(Notice::LanguageUnavailable(Lang::Fr)))
            .reduce(Msg::SetLang(Lang::Ru));
        assert_eq!(s.lang, Lang::Ru);
        assert_eq!(s.notices, vec![Notice::LanguageUnavailable(Lang::Fr)]);
    }

    /// Another tab's save of `s`'s game as game `id`, number `seq`.
    fn saw(s: &AppState, id: &str, seq: u64) -> Msg {
        let session = (**s.session.as_ref().unwrap()).clone();
        let text = save::encode(&session, id, seq);
        Msg::Tab(TabMsg::Saw(Rc::new(OtherSave {
            text,
            game: Ok(Loaded {
                session,
                id: id.into(),
                seq,
            }),
        })))
    }

    #[test]
    fn another_tab_newer_save_of_this_game_is_taken_an_older_one_never() {
        let s = fresh().reduce(Msg::Start {
            seed: 4,
            id: "g".into(),
        });
        let at_start = saw(&s, "g", 1);
        let a = first_action(&s);
        let moved = s.clone().reduce(Msg::Act(a));
        assert_eq!(moved.seq, 2);
        // The other tab is behind (and saving is paused here): ignored.
        let mut paused = (*moved).clone();
        paused.tab.paused = true;
        let same = Rc::new(paused).reduce(at_start.clone());
        assert_eq!(same.seq, 2);
        assert_eq!(same.session.as_ref().unwrap().record.actions, vec![a]);
        assert_eq!(same.tab.notice, None);
        assert_eq!(same.tab.resave, moved.tab.resave);
        // The other tab is ahead: taken, and the player told.
        let ahead = s.clone().reduce(saw(&moved, "g", 2));
        assert_eq!(ahead.seq, 2);
        assert_eq!(ahead.session.as_ref().unwrap().record.actions, vec![a]);
        assert_eq!(ahead.tab.notice, Some(TabNotice::Continued));
        assert!(!ahead.tab.paused);
        assert!(ahead.tab.follower, "the other tab drives the bots now");
        // An older save of this game written over ours: ours is written again.
        let repaired = moved.clone().reduce(at_start);
        assert_eq!(repaired.tab.resave, moved.tab.resave + 1);
        assert_eq!(repaired.seq, 2);
        // A move made here (the person's, or a bot's this tab plays) makes
        // this tab the driver again.
        let session = ahead.session.clone().unwrap();
        let b = first_action(&ahead);
        let msg = match session.bot_to_act() {
            Some(_) => Msg::BotAct {
                id: "g".into(),
                after: session.record.actions.len(),
                action: b,
            },
            None => Msg::Act(b),
        };
        let driven = ahead.clone().reduce(msg);
        assert_eq!(driven.seq, ahead.seq + 1, "the move was taken");
        assert!(!driven.tab.follower);
        let ahead = ahead.reduce(Msg::Tab(TabMsg::Dismiss));
        assert_eq!(ahead.tab.notice, None);
    }

    #[test]
    fn another_tab_different_game_pauses_saving_until_the_player_chooses() {
        let s = fresh().reduce(Msg::Start {
            seed: 4,
            id: "g".into(),
        });
        let paused = s.clone().reduce(saw(&s, "h", 9));
        assert_eq!(paused.game_id, "g", "this tab's game stays");
        assert!(paused.tab.paused);
        assert_eq!(paused.tab.notice, Some(TabNotice::OtherGame));
        // Dismissing is not a choice: still paused.
        let still = paused.clone().reduce(Msg::Tab(TabMsg::Dismiss));
        assert!(still.tab.paused);
        // Keeping this game: saving resumes, and may replace exactly the
        // save the player was asked about.
        let kept = paused.clone().reduce(Msg::Tab(TabMsg::Keep));
        assert!(!kept.tab.paused && kept.tab.notice.is_none());
        assert_eq!(kept.game_id, "g");
        let other_text = paused.tab.other.as_ref().unwrap().text.clone();
        assert_eq!(kept.tab.replace.as_deref(), Some(other_text.as_str()));
        // Opening the other game.
        let switched = paused.reduce(Msg::Tab(TabMsg::Open));
        assert_eq!((switched.game_id.as_str(), switched.seq), ("h", 9));
        assert!(!switched.tab.paused && switched.tab.notice.is_none());
        assert_eq!(switched.screen, Screen::Table);
        // A save this build cannot read: asked about too; opening it says
        // why it cannot be, and saving stays paused.
        let unreadable = Msg::Tab(TabMsg::Saw(Rc::new(OtherSave {
            text: "{}".into(),
            game: Err("newer".into()),
        })));
        let asked = s.clone().reduce(unreadable).reduce(Msg::Tab(TabMsg::Open));
        assert!(asked.tab.paused);
        assert_eq!(asked.notices, vec![Notice::SaveUnreadable("newer".into())]);
        assert_eq!(asked.game_id, "g");
        // A tab with no game takes the other tab's quietly (the lobby offers
        // to continue it).
        let empty = fresh().reduce(saw(&s, "h", 9));
        assert_eq!(empty.game_id, "h");
        assert_eq!(empty.screen, Screen::Lobby);
        assert!(!empty.tab.paused && empty.tab.notice.is_none());
    }

    /// Pass-and-play: the hand-off cover for the next person offers the
    /// take-back to the person who just played, until the next person
    /// shows their cards. The save number goes forward.
    #[test]
    fn a_take_back_is_offered_behind_the_next_cover_until_the_next_person_looks() {
        let mut s = fresh();
        let mut setup = s.lobby.clone();
        setup.seats = vec![SeatSetup::human("Ana"), SeatSetup::human("Ben")];
        Rc::make_mut(&mut s).lobby = setup;
        s = s.reduce(Msg::Start {
            seed: 12,
            id: "g".into(),
        });
        let mut offered = 0;
        for _ in 0..400 {
            let session = s.session.clone().unwrap();
            if session.game.is_over() || offered >= 3 {
                break;
            }
            if let Some(seat) = session.handoff_to() {
                if session.may_take_back_here() {
                    offered += 1;
                    let who = session.take_back_seat().unwrap();
                    assert_ne!(who, seat, "the one who played, not the next");
                    let seq = s.seq;
                    let back = s.clone().reduce(Msg::TakeBack);
                    assert_eq!(back.seq, seq + 1, "a take-back is saved as a change");
                    let b = back.session.as_ref().unwrap();
                    assert_eq!(b.record.actions.len(), session.record.actions.len() - 1);
                    // Pressed on the next person's cover, by whoever holds
                    // the device: the hand waits for its owner's own "Show
                    // my cards".
                    assert_eq!(b.viewer(), None, "no hand shows after a take-back");
                    assert_eq!(b.handoff_to(), Some(who), "its owner is asked for");
                    assert!(b.scene().view.hand.is_empty());
                    let shown = back.clone().reduce(Msg::ShowHand(who));
                    assert_eq!(shown.session.as_ref().unwrap().viewer(), Some(who));
                    // Once the next person looks, it is too late.
                    let looked = s.clone().reduce(Msg::ShowHand(seat));
                    let seq = looked.seq;
                    assert_eq!(looked.clone().reduce(Msg::TakeBack).seq, seq);
                }
                s = s.reduce(Msg::ShowHand(seat));
                continue;
            }
            let a = first_action(&s);
            s = s.reduce(Msg::Act(a));
        }
        assert_eq!(offered, 3);
    }

    /// "Start game" or a deal code while a game is saved and not over
    /// asks first; the saved game stays until the new one has started.
    #[test]
    fn a_new_game_over_one_in_progress_asks_first() {
        let s = fresh().reduce(Msg::Start {
            seed: 4,
            id: "g".into(),
        });
        let a = first_action(&s);
        let s = s.reduce(Msg::Act(a)).reduce(Msg::ToLobby);
        let before = s.session.clone().unwrap();
        for msg in [
            Msg::Start {
                seed: 5,
                id: "h".into(),
            },
            Msg::StartTable {
                setup: TableSetup::first_visit("Zoé"),
                seed: 5,
                id: "h".into(),
            },
        ] {
            let asked = s.clone().reduce(msg);
            assert_eq!(asked.overlay, Overlay::ConfirmStart);
            assert_eq!(asked.in_progress(), Some(1));
            assert_eq!(asked.game_id, "g", "nothing started yet");
            assert_eq!(*asked.session.clone().unwrap(), *before);
            // No: the game in progress goes on, nothing pending.
            let no = asked.clone().reduce(Msg::Overlay(Overlay::None));
            assert_eq!(no.game_id, "g");
            assert!(no.pending_start.is_none());
            assert_eq!(no.clone().reduce(Msg::ConfirmStart).game_id, "g");
            // Yes: the new game.
            let yes = asked.reduce(Msg::ConfirmStart);
            assert_eq!(yes.game_id, "h");
            assert_eq!(yes.screen, Screen::Table);
            assert!(yes.session.as_ref().unwrap().record.actions.is_empty());
            assert!(yes.pending_start.is_none());
        }
        // With no game in progress, at once.
        let direct = fresh().reduce(Msg::Start {
            seed: 5,
            id: "h".into(),
        });
        assert_eq!(direct.game_id, "h");
    }

    #[test]
    fn a_broken_save_is_reported_and_the_lobby_shows() {
        let s = AppState::new(
            Settings::default(),
            Some(Err("bad".into())),
            Lang::En,
            None,
            true,
        );
        assert_eq!(s.screen, Screen::Lobby);
        assert_eq!(s.notices, vec![Notice::SaveUnreadable("bad".into())]);
        let blocked = AppState::new(Settings::default(), None, Lang::En, None, false);
        assert_eq!(blocked.notices, vec![Notice::StorageOff]);
    }

    /// The sounds a change asks for (`Cmd::Sounds`), from `mark` on.
    fn sounds(s: &AppState, mark: u64) -> Vec<(Vec<Event>, bool)> {
        s.outbox
            .after(mark)
            .filter_map(|(_, c)| match c {
                Cmd::Sounds { events, turn_came } => Some((events.to_vec(), *turn_came)),
                _ => None,
            })
            .collect()
    }

    /// One action of whoever is to act (a bot's as the bot job's answer).
    fn step(s: Rc<AppState>) -> Rc<AppState> {
        let session = s.session.clone().unwrap();
        let action = session.game.legal_actions().get(0).unwrap();
        let msg = match session.bot_to_act() {
            Some(_) => Msg::BotAct {
                id: s.game_id.clone(),
                after: session.record.actions.len(),
                action,
            },
            None => Msg::Act(action),
        };
        s.reduce(msg)
    }

    /// A move is heard once, as the viewer sees it; "your turn" when the
    /// turn comes back to the person; nothing on opening the table, with
    /// sound off, or while a round is replayed.
    #[test]
    fn a_move_is_heard_once_and_never_on_opening_with_sound_off_or_in_a_replay() {
        let s = fresh().reduce(Msg::Start {
            seed: 4,
            id: "g".into(),
        });
        assert!(sounds(&s, 0).is_empty(), "opening the table is silent");
        let (mut s, mut turns, mut moves) = (s, 0, 0);
        while s.session.as_ref().unwrap().in_play() {
            let mark = s.outbox.last();
            let log = s.session.as_ref().unwrap().log.len();
            s = step(s);
            let heard = sounds(&s, mark);
            let session = s.session.as_ref().unwrap();
            let moved = session.log.len() != log;
            assert_eq!(heard.len(), usize::from(moved || heard.iter().any(|h| h.1)));
            if let [(events, came)] = heard.as_slice() {
                if moved {
                    moves += 1;
                    assert_eq!(*events, session.events_for(0), "as the person sees it");
                }
                if *came {
                    turns += 1;
                    assert_eq!(session.game.current(), 0);
                }
            }
        }
        assert!(moves > 10 && turns > 3, "{moves} moves, {turns} turns");
        // The round is over: replayed, the next round's start is not heard.
        let s = s.reduce(Msg::Replay(Some(9)));
        assert_eq!(s.replay, None, "no such round");
        let s = s.reduce(Msg::Replay(Some(1)));
        assert_eq!(s.replay, Some(1));
        let mark = s.outbox.last();
        let s = s.reduce(Msg::Act(Action::NextRound));
        assert!(s.session.as_ref().unwrap().in_play());
        assert!(sounds(&s, mark).is_empty(), "{:?}", sounds(&s, mark));
        let s = s.reduce(Msg::Replay(None));
        assert!(sounds(&s, mark).is_empty(), "back from the replay");
        // Sound off: moves are silent.
        let mut s = s.reduce(Msg::SetSound(false));
        let mark = s.outbox.last();
        for _ in 0..20 {
            s = step(s);
        }
        assert!(sounds(&s, mark).is_empty());
    }

    /// The review commands the reducer asks for since `mark`.
    fn reviews(s: &AppState, mark: u64) -> Vec<Option<Rc<ReviewWork>>> {
        s.outbox
            .after(mark)
            .filter_map(|(_, c)| match c {
                Cmd::Review(w) => Some(w.clone()),
                _ => None,
            })
            .collect()
    }

    /// Opening a replay starts Hard's review of the person's moves of
    /// that round; another round starts that round's; closing stops it.
    /// Findings of the review wanted are kept, others ignored.
    #[test]
    fn the_replay_starts_and_stops_hards_review() {
        let mut s = fresh().reduce(Msg::Start {
            seed: 4,
            id: "g".into(),
        });
        while s.session.as_ref().unwrap().rounds.len() < 2 {
            s = step(s);
        }
        let mark = s.outbox.last();
        let s = s.reduce(Msg::Replay(Some(1)));
        let work = reviews(&s, mark);
        let [Some(w)] = work.as_slice() else {
            panic!("{work:?}")
        };
        assert_eq!((w.game.as_str(), w.round), ("g", 1));
        assert!(!w.tasks.is_empty());
        // Seat 0 is the person; the bots' moves are not reviewed.
        assert!(w.tasks.iter().all(|t| t.seat == 0));
        let review = s.review.clone().unwrap();
        assert_eq!(review.moves, w.tasks.len());
        // A finding is kept once; one of another round is not.
        let step0 = w.tasks[0].step;
        let found = |round| Msg::Reviewed {
            game: "g".into(),
            round,
            step: step0,
            mark: None,
        };
        let s = s.reduce(found(1)).reduce(found(2));
        assert_eq!(s.review.as_ref().unwrap().found, vec![(step0, None)]);
        // Something else happening does not start it again.
        let mark = s.outbox.last();
        let s = s.reduce(Msg::SetSound(false));
        assert!(reviews(&s, mark).is_empty());
        // Another round: its own review.
        let s = s.reduce(Msg::Replay(Some(2)));
        let work = reviews(&s, mark);
        assert!(matches!(work.as_slice(), [Some(w)] if w.round == 2));
        // Closed: stopped.
        let mark = s.outbox.last();
        let s = s.reduce(Msg::Replay(None));
        assert!(matches!(reviews(&s, mark).as_slice(), [None]));
        assert!(s.review.is_none());
    }

    /// "Today's deal" deals the day's game: the lobby's person against
    /// three Hard bots, the seed of the date; the same date deals the
    /// same game, another date another.
    #[test]
    fn todays_deal_deals_the_days_game() {
        let day = |date: &str| {
            fresh().reduce(Msg::TodaysDeal {
                date: date.into(),
                id: "d".into(),
            })
        };
        let s = day("2026-12-04");
        assert_eq!(s.screen, Screen::Table);
        assert_eq!(s.today, "2026-12-04");
        let session = s.session.as_ref().unwrap();
        assert_eq!(
            session.record.seed,
            crate::daily::deal_of("2026-12-04").seed
        );
        assert_eq!(session.players(), 4);
        assert_eq!(session.humans(), 1);
        assert!((1..4).all(|b| session.setup.seats[b].bot == Some(Level::Hard)));
        assert_eq!(session.record.options.target, 50);
        assert_eq!(
            crate::daily::date_of(session, "2026-12-04").as_deref(),
            Some("2026-12-04")
        );
        let again = day("2026-12-04");
        let other = day("2026-12-05");
        let hand = |s: &AppState| *s.session.as_ref().unwrap().game.hand(0);
        assert_eq!(hand(&again), hand(&s));
        assert_ne!(hand(&other), hand(&s));
    }
}
