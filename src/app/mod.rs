//! The app: one reducer holds the state (screen, settings, the game) and
//! decides every effect. `AppState::reduce` is the update step: it applies
//! a message ([`AppState::update`], which hands each to the part of the
//! app it concerns), then decides what the change asks of the world
//! ([`AppState::decide`]: save, a bot's turn, what each device is sent, …)
//! and leaves it in the state's outbox as [`Cmd`] values, which one hook
//! runs (`exec.rs`). Components only render and send messages.
//!
//! The parts, each an `impl AppState` of its own file:
//! - `start`: the state at start-up, from what is stored;
//! - `lobby`: the table being set up, starting a game, today's deal;
//! - `game`: taps, bots' turns, take-backs, the replay and its review;
//! - `settings`: the menu's settings and the dialogs;
//! - `tabs`: the other tabs of this browser and their saves;
//! - `devices`: the table's seats on their own devices, every phone
//!   message judged;
//! - `phone`: this device as a phone at another table;
//! - `effects`: what a change asks of the world (`decide`).

mod camera;
mod devices;
mod effects;
mod game;
mod lobby;
mod phone;
mod replies;
mod settings;
mod start;
mod tabs;

pub use camera::{auto_scan, Camera, CameraMsg, CameraUse, Scan};
pub use effects::{Rule, RULES};
pub use game::{DrawnShown, DRAWN_SHOWN_MS};
pub use lobby::Kept;
pub use start::{lang_choice, restore, Start};

use std::rc::Rc;

use mojo_engine::Seat;
use yew::prelude::*;

use crate::cmd::{BotKey, Cmd, Outbox, Page};
use crate::i18n::{Lang, Text};
use crate::net::devices::{DeviceMsg, Devices};
use crate::net::hand::{HandMsg, HandState};
use crate::net::ice::{NetworkProblem, Relay, RelayField, RelayProblem};
use crate::save::{Settings, Speed};
use crate::session::{Session, SetupEdit, TableSetup};
use crate::stats::Stats;
use crate::sync::{TabMsg, TabState};
use mojo_engine::Action;

/// Whether this build holds the phone's side of play across devices (its
/// join screen, its hand, its link to a table). The table's page is built
/// without it (`table-only`, issue 20) and opens the phone's page instead;
/// a constant, so that the compiler drops that side from the table's
/// `.wasm` (13.6 KB brotli) and the app runs the same otherwise.
pub const PHONE_SIDE: bool = !cfg!(feature = "table-only");

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

/// What a copy came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Copied {
    Yes,
    /// The text is selected on the page for the person to copy.
    SelectIt,
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
    /// An iPad or an iPhone in the browser, not the app on the Home
    /// Screen (the menu says how to keep Mojo there).
    pub ios: bool,
    /// A new game asked for while another is in progress, waiting for the
    /// player's yes ([`Overlay::ConfirmStart`]): its table, seed and id.
    /// The game in progress stays saved until the new one has started.
    pub pending_start: Option<Rc<(TableSetup, u64, String, Kept)>>,
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
    /// The camera that reads QR codes.
    pub camera: Camera,
    /// The last text copied, and what came of it (its Copy button says).
    pub copied: Option<(String, Copied)>,
    /// This browser has a share sheet (the Web Share API).
    pub can_share: bool,
    /// What was wrong with the site's `network.json` at the last pairing
    /// (shown where the devices are paired; play on one network goes on).
    pub network_problem: Option<NetworkProblem>,
    /// The Menu's relay as typed (the saved one when the Menu opens).
    pub relay_draft: Relay,
    /// What came of the Menu's last Save of the relay (saved, or why
    /// not); forgotten when a dialog opens or closes.
    pub relay_said: Option<Result<(), RelayProblem>>,
    /// The dialog the Menu was opened from, shown again when the Menu
    /// closes: the devices dialog, whose words name the Menu ("add a
    /// relay in the Menu"), before play starts too (issue 56).
    pub menu_back_to: Overlay,
    /// This tab was opened by a phone's reply link: it hands the reply to
    /// the table's tab and draws nothing else (`net::handoff`).
    pub handoff: Option<crate::net::handoff::ReplyTab>,
    /// The card a person here just drew, shown to them before the cover
    /// comes, until they tap OK or [`DRAWN_SHOWN_MS`] pass (what the screen
    /// shows of it: [`AppState::drawn_shown`]). Not saved: a reload covers
    /// every hand.
    pub drawn: Option<DrawnShown>,
}

/// A message the reducer asked for later (`Cmd::After`), as it arrives.
impl From<crate::cmd::Later> for Msg {
    fn from(later: crate::cmd::Later) -> Msg {
        use crate::cmd::Later;
        match later {
            Later::Device(m) => Msg::Device(m),
            Later::Hand(m) => Msg::Hand(m),
            Later::HandOff(m) => Msg::HandOff(m),
            Later::DrawnSeen { game, after } => Msg::DrawnSeen(Some((game, after))),
        }
    }
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
    /// The person who drew has seen the card shown to them: their OK
    /// (`None`: whatever card shows), or the time it shows ran out for the
    /// card drawn in game `.0` after `.1` actions.
    DrawnSeen(Option<(String, usize)>),
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
    /// A field of the Menu's relay typed.
    EditRelay(RelayField, String),
    /// The Menu's relay as typed saved, if it is a server
    /// (`Relay::server`; blank fields: none), else the Menu says why.
    SaveRelay,
    /// The site's list of ICE servers was read as a link was made: what is
    /// wrong with it, or nothing.
    Network(Option<NetworkProblem>),
    /// Sounds at the table on or off (the table's mute button).
    SetSound(bool),
    /// The interface language, its words here (remembered in the
    /// settings).
    SetLang(Lang),
    /// A language chosen in the menu: its words are fetched first.
    ChooseLang(Lang),
    /// The player asks to install the app (the browser's offer).
    Install,
    /// The player takes the new version of the app.
    ApplyUpdate,
    Notice(Notice),
    Dismiss(usize),
    /// Another tab of this browser, and the player's answers about it.
    Tab(TabMsg),
    /// The table's seats on their own devices.
    Device(DeviceMsg),
    /// This device as a hand at another table.
    Hand(HandMsg),
    /// The camera that reads QR codes.
    Camera(CameraMsg),
    /// A reply handed from tab to tab (`net::handoff`).
    HandOff(crate::net::handoff::HandOffMsg),
    /// Copy `text`, shown on the page in the element `shown_in`.
    Copy {
        text: String,
        shown_in: String,
    },
    /// What came of copying `text`.
    Copied {
        text: String,
        copied: Copied,
    },
    /// Open the share sheet with `text`.
    Share {
        title: String,
        text: String,
    },
    /// The page's timers stood still this long (`Cmd::Pings` finds the
    /// gap): the device slept, its processes stopped, as a phone's system
    /// does to a page in the background. Nothing was heard meanwhile, so
    /// after [`RECONNECT_MS`] or more every paired link is given up at
    /// once: the other side gave it up already.
    Slept {
        ms: u32,
    },
    /// The page's fragment changed while it was open (`hashchange`: a
    /// second link opened in this tab, which a messenger may reuse); `id`
    /// a random number, for a reply handed to another tab.
    Address {
        hash: String,
        id: u32,
    },
    /// The page came to the front (`true`) or went to the background
    /// (the screen off, another app or tab in front).
    Shown(bool),
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

    pub fn speed(&self) -> Speed {
        self.speed_override.unwrap_or(self.settings.speed)
    }

    pub fn t(&self, text: Text) -> String {
        text.get(self.lang)
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

    fn notice(&mut self, n: Notice) {
        if !self.notices.contains(&n) {
            self.notices.push(n);
        }
    }

    /// A player's action: the moment to ask that saved games be kept for
    /// good (Firefox asks the player), if they are not.
    fn ask_persist(&mut self) {
        if self.persistent == Some(false) {
            self.outbox.push(Cmd::AskPersist);
        }
    }
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
    /// Applies one message to the state, handing it to the part of the app
    /// it concerns (the effects are [`Self::decide`]'s, or pushed there
    /// where a message asks for one by itself).
    pub fn update(&mut self, msg: Msg) {
        match msg {
            Msg::EditLobby(edit) => self.edit_lobby(edit),
            Msg::Start { seed, id } => {
                let setup = self.lobby.clone();
                self.ask_start(setup, seed, id, Kept::Lobby);
            }
            Msg::StartTable { setup, seed, id } => self.ask_start(setup, seed, id, Kept::Lobby),
            Msg::ConfirmStart => self.confirm_start(),
            Msg::Continue => self.continue_game(),
            Msg::TodaysDeal { date, id } => self.todays_deal(date, id),
            Msg::Rematch { seed, id } => self.rematch(seed, id),
            Msg::ToLobby => self.back_to_lobby(),
            Msg::Act(action) => self.with_sounds(|s| s.act(action)),
            Msg::BotAct { id, after, action } => {
                self.with_sounds(|s| s.bot_act(&id, after, action))
            }
            Msg::ShowHand(seat) => {
                self.with_sounds(|s| s.with_session(|session| session.show_hand(seat)))
            }
            Msg::DrawnSeen(at) => self.drawn_seen(at),
            Msg::TakeBack => self.with_sounds(|s| s.take_back_here()),
            Msg::Replay(round) => self.replay(round),
            Msg::Reviewed {
                game,
                round,
                step,
                mark,
            } => self.reviewed(&game, round, step, mark),
            Msg::Overlay(o) => self.overlay(o),
            Msg::EndTour => self.end_tour(),
            Msg::SetSpeed(speed) => self.set_speed(speed),
            Msg::SetReduceMotion(on) => self.settings.reduce_motion = on,
            Msg::SetConfirmCards(on) => self.settings.confirm_cards = on,
            Msg::EditRelay(field, text) => self.relay_draft.set(field, text),
            Msg::SaveRelay => self.save_relay(),
            Msg::Network(problem) => self.network_problem = problem,
            Msg::SetSound(on) => self.settings.sound = on,
            Msg::SetLang(lang) => self.set_lang(lang),
            Msg::ChooseLang(lang) => {
                if lang != self.lang {
                    self.outbox.push(Cmd::FetchLang(lang));
                }
            }
            Msg::Install => self.outbox.push(Cmd::Install),
            Msg::ApplyUpdate => self.outbox.push(Cmd::ApplyUpdate),
            Msg::Notice(n) => self.notice(n),
            Msg::Dismiss(i) => {
                if i < self.notices.len() {
                    self.notices.remove(i);
                }
            }
            Msg::Tab(msg) => self.with_sounds(|s| s.tab_msg(msg)),
            Msg::Device(msg) => self.with_sounds(|s| s.device_msg(msg)),
            Msg::Hand(msg) => self.with_sounds(|s| s.hand_msg(msg)),
            Msg::Camera(msg) => self.camera_msg(msg),
            Msg::HandOff(msg) => self.handoff_msg(msg),
            Msg::Copy { text, shown_in } => self.outbox.push(Cmd::Copy { text, shown_in }),
            Msg::Copied { text, copied } => self.copied = Some((text, copied)),
            Msg::Share { title, text } => self.outbox.push(Cmd::Share { title, text }),
            Msg::Slept { ms } => self.slept(ms),
            Msg::Address { hash, id } => {
                self.follow_link(&hash, id);
            }
            Msg::Shown(shown) => self.shown(shown),
            Msg::Persistent(kept) => self.persistent = kept.or(self.persistent),
            Msg::KeepStorage => self.ask_persist(),
            Msg::Installable(yes) => self.installable = yes,
            Msg::Stats(stats) => self.stats = stats,
            Msg::ResetStats => self.outbox.push(Cmd::ResetStats),
            Msg::Ran(done) => self.outbox.ran(done),
            Msg::QrDrawn { text, drawn } => self.qr.drawn(&text, drawn),
        }
        // The replay belongs to the table it was opened on.
        if self.screen != Screen::Table || self.session.is_none() {
            self.replay = None;
        }
        self.camera_put_away();
    }
}

#[cfg(test)]
mod devices_tests;
#[cfg(test)]
mod network_tests;
#[cfg(test)]
mod phone_tests;
#[cfg(test)]
mod replies_tests;
#[cfg(test)]
mod test_kit;
#[cfg(test)]
mod tests;
