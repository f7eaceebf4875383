//! The effects the reducer asks for, as values: the Elm architecture's
//! commands. The update step (`app/mod.rs`, `AppState::reduce`) decides every
//! one of them and leaves them in the state's [`Outbox`]; one hook
//! (`exec::use_commands`) carries them out in order, each exactly once:
//! the saves before the change is drawn, the rest after the render.
//! Nothing else in the app starts an effect of the app:
//! the views' own hooks only focus, scroll and animate.
//!
//! Because they are data, the native tests read what a message asks for
//! (the tests in `app/`, `src/machine_tests.rs`), with no browser.

use std::rc::Rc;

use mojo_engine::{Event, Seat};

use crate::net::code::{Invitation, Peer};
use crate::net::ice::Relay;
use crate::sync::GameSave;

use crate::net::devices::DeviceMsg;
use crate::net::hand::HandMsg;
use crate::net::proto::{Refusal, ToHand, ToTable};
pub use crate::page::Page;
use crate::session::{Level, Session};

/// One effect the app asks for. Each carries what its driver needs: no
/// driver reads the app's state.
#[derive(Clone, Debug)]
pub enum Cmd {
    /// Write the game to its slot, never over another tab's newer save or
    /// other game (`sync::save_plan` says what to do with what the slot
    /// holds; `drivers::saves::save_game` does it).
    SaveGame(Rc<GameSave>),
    /// The game `id` was left: forget it, if the slot holds it
    /// (`sync::forget_plan`).
    ForgetGame { id: String },
    /// Unreadable text found in the game's slot at start: kept aside under
    /// another key (never lost), and the slot emptied.
    SetAsideGame(String),
    /// Write the settings, as this text.
    SaveSettings(Rc<str>),
    /// Forget the mark `static/guard.js` left when it reloaded the page
    /// after a fault (its notice is shown).
    ForgetRestored,
    /// Put the language in effect on the page (its `lang` attribute).
    PageLang(crate::i18n::Lang),
    /// Fetch a language's words; the reducer switches to it once they are
    /// here (or is told they could not be fetched).
    FetchLang(crate::i18n::Lang),
    /// Show the browser's offer to install the app.
    Install,
    /// Switch to the new version of the app (the waiting service worker
    /// takes over and the page reloads; the game is saved).
    ApplyUpdate,
    /// Keep the tokens of game `id`'s seats on their own devices, as this
    /// text, or (`None`) forget them if they are that game's.
    SaveDevices { id: String, text: Option<String> },
    /// Keep this device's ticket to a table, as this text, or forget it.
    SaveTicket(Option<String>),
    /// Take the fragment (`#join=…`, `#lobby`) out of the page's address,
    /// so that a reload does not do it again.
    ClearHash,
    /// Scroll the page to its top: a new screen opens there, not where the
    /// screen before it was scrolled to.
    ScrollTop,
    /// Count the finished game `id` in the statistics (once per game id,
    /// and its day if it is today's deal), then tell the reducer the
    /// statistics.
    CountFinished { id: String, session: Rc<Session> },
    /// Read the statistics again (another tab may have counted games).
    ReadStats,
    /// Forget the statistics.
    ResetStats,
    /// Ask the browser to keep saved games for good (after a player's
    /// action: Firefox asks the player).
    AskPersist,
    /// Find out whether saved games are kept for good.
    ReadPersisted,
    /// While this tab is the table of game `Some(id)` with players on their
    /// own devices, say so every two seconds (so that another tab opened
    /// meanwhile does not take the game); `None`: stop.
    HostBeat(Option<String>),
    /// Play this bot turn (dropping the one scheduled before), or none.
    Bot(Option<BotTurn>),
    /// The seats on their own devices of table `table`: open a link for
    /// every (seat, link number) of `links` that has none, close the
    /// others. A link is made with the site's ICE servers (`network.json`,
    /// fetched as it is made: `drivers::network`) and the family's
    /// `relays`; the first relay travels in the invitation.
    SyncDevices {
        table: u32,
        links: Vec<(Seat, u32)>,
        relays: Rc<[Relay]>,
    },
    /// Send one message to the device of `seat` on its link `epoch`.
    ToDevice {
        seat: Seat,
        epoch: u32,
        message: Rc<ToHand>,
    },
    /// Connect `seat`'s link `epoch` to the device whose reply this is
    /// (the reducer judged it); give the connection up after
    /// `CONNECT_MS` without a hello (`DeviceMsg::Unanswered`).
    Accept {
        seat: Seat,
        epoch: u32,
        peer: Rc<Peer>,
    },
    /// Tell the device of `seat` (link `epoch`) why its message was
    /// refused, and log it.
    Refuse {
        seat: Seat,
        epoch: u32,
        reason: Refusal,
    },
    /// A hand device: close the link to the table, then answer
    /// `invitation` on link `epoch`, if there is one (the reply code and
    /// the link's news come back as `HandMsg`s).
    HandLink {
        epoch: u32,
        invitation: Option<Rc<Invitation>>,
        /// The family's relays: this device's own and the invitation's.
        relays: Rc<[Relay]>,
    },
    /// A hand device: send one message to the table on link `epoch` (if
    /// it closed meanwhile: `HandMsg::Unsent`).
    ToTable { epoch: u32, message: Rc<ToTable> },
    /// Keep the screen on while this device holds a seat (Screen Wake
    /// Lock, where there is one; it ends by itself when the page hides).
    KeepAwake,
    /// A short vibration of this many milliseconds (where there is one).
    Buzz(u32),
    /// Sound on or off (the settings'): while on, a tap unlocks it; once
    /// off, nothing more is heard.
    SoundOn(bool),
    /// The sounds of a move (its events, as the screen's viewer sees
    /// them), then "your turn" if it came to the viewer.
    Sounds {
        events: Rc<[Event]>,
        turn_came: bool,
    },
    /// Run Hard's review of these moves of a replayed round, in slices,
    /// dropping the review before (or none: the replay closed); each
    /// finding comes back as `Msg::Reviewed`.
    Review(Option<Rc<ReviewWork>>),
    /// Ping every `PING_MS` (`net::devices`) on these links, and these only:
    /// the table's paired seats (seat, link number), this phone's link to
    /// its table (its number).
    Pings {
        table: Vec<(Seat, u32)>,
        hand: Option<u32>,
    },
    /// Send the reducer `msg` in `ms` milliseconds (the end of a
    /// connection's window of drift).
    After { ms: u32, msg: Later },
    /// The camera on (`Some(keep_reading)`: reading on after a code, or
    /// only the first) or off. Each new code read comes back as
    /// `Msg::Camera(CameraMsg::Read)`; a camera that cannot be used as
    /// `CameraMsg::Failed`.
    Camera(Option<bool>),
    /// Copy `text`, shown on the page in the element `shown_in` (where the
    /// clipboard is refused, it is selected there); what came of it comes
    /// back as `Msg::Copied`.
    Copy { text: String, shown_in: String },
    /// Open the share sheet with `text`.
    Share { title: String, text: String },
    /// Tell this browser's other tabs (a reply handed over,
    /// `net::handoff`).
    HandOff(crate::net::handoff::HandOff),
    /// Draw this text as a QR code (in the QR worker, started by the
    /// first); the drawing comes back as `Msg::QrDrawn`.
    DrawQr(String),
    /// Say in the browser's console what went wrong that nobody is told
    /// of otherwise (a message of the table's that could not be read).
    Warn(String),
    /// Go to the other page of the build ([`Page`]), answering `code` if
    /// it is not empty. The page is left once the running task ends, so
    /// the rest of the change's commands (its saves) still run.
    OpenPage { page: Page, code: String },
}

/// A message the reducer asks to hear later ([`Cmd::After`]): the end of a
/// link's window of drift, on the table or on a phone; the end of the
/// time a card just drawn shows. (Not the app's
/// `Msg` itself, which would make `cmd` and `app` name each other.)
#[derive(Clone, Debug, PartialEq)]
pub enum Later {
    Device(DeviceMsg),
    Hand(HandMsg),
    HandOff(crate::net::handoff::HandOffMsg),
    /// The time the card drawn in game `game` after `after` actions shows
    /// to its owner ran out.
    DrawnSeen {
        game: String,
        after: usize,
    },
}

/// The moves of one round for Hard's review (`crate::replay::review_tasks`).
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewWork {
    pub game: String,
    pub round: u32,
    pub tasks: Vec<crate::replay::ReviewTask>,
}

/// A bot's turn to play: the position it decides from, how long the table
/// waits first, and what identifies it (the reducer takes the answer only
/// for that game after that many actions).
#[derive(Clone, Debug)]
pub struct BotTurn {
    pub game: String,
    pub session: Rc<Session>,
    /// `session.record.actions.len()`: the position's number.
    pub after: usize,
    /// Who plays, and how well, or `None`: a table of bots deals its next
    /// round.
    pub seat: Option<(Seat, Level)>,
    pub delay_ms: u32,
}

impl BotTurn {
    /// What makes two turns the same turn: a turn scheduled again with the
    /// same key is left running.
    pub fn key(&self) -> BotKey {
        BotKey {
            game: self.game.clone(),
            after: self.after,
            seat: self.seat,
            delay_ms: self.delay_ms,
        }
    }
}

/// See [`BotTurn::key`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotKey {
    pub game: String,
    pub after: usize,
    pub seat: Option<(Seat, Level)>,
    pub delay_ms: u32,
}

/// The commands waiting for the executor, each with its number. The
/// executor remembers the last number it ran; the reducer forgets the
/// commands it was told were run ([`Outbox::ran`]), so none is lost when
/// several messages come before one render.
#[derive(Clone, Debug, Default)]
pub struct Outbox {
    next: u64,
    cmds: Vec<(u64, Cmd)>,
}

/// How many commands may wait before the executor tells the reducer it
/// ran them (a message, so a render: not after every one).
pub const OUTBOX_KEPT: usize = 32;

impl Outbox {
    pub fn push(&mut self, cmd: Cmd) {
        self.next += 1;
        self.cmds.push((self.next, cmd));
    }

    /// The number of the last command asked for (0: none yet).
    pub fn last(&self) -> u64 {
        self.next
    }

    /// The commands numbered after `done`, in order.
    pub fn after(&self, done: u64) -> impl Iterator<Item = &(u64, Cmd)> {
        self.cmds.iter().filter(move |(n, _)| *n > done)
    }

    /// Keeps only the commands `keep` says (the property tests' broken
    /// steps lose one on purpose).
    #[cfg(test)]
    pub fn retain(&mut self, keep: impl Fn(&Cmd) -> bool) {
        self.cmds.retain(|(_, c)| keep(c));
    }

    /// Forgets the commands up to number `done` (the executor ran them).
    pub fn ran(&mut self, done: u64) {
        self.cmds.retain(|(n, _)| *n > done);
    }

    /// How many commands wait.
    pub fn len(&self) -> usize {
        self.cmds.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cmds.is_empty()
    }
}
