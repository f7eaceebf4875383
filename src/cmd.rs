//! The effects the reducer asks for, as values: the Elm architecture's
//! commands. The update step (`app.rs`, `AppState::reduce`) decides every
//! one of them and leaves them in the state's [`Outbox`]; one hook
//! (`exec::use_commands`) carries them out in order, each exactly once:
//! the saves before the change is drawn, the rest after the render.
//! Nothing else in the app starts an effect of the app:
//! the views' own hooks only focus, scroll and animate.
//!
//! Because they are data, the native tests read what a message asks for
//! (`app.rs`'s tests, `src/machine_tests.rs`), with no browser.

use std::rc::Rc;

use mojo_engine::{Event, Seat};

use crate::net::code::Peer;
use crate::net::proto::{Refusal, ToHand, ToTable};
use crate::net::state::{DeviceMsg, HandMsg};
use crate::session::{Level, Session};

/// One effect the app asks for.
#[derive(Clone, Debug)]
pub enum Cmd {
    /// Write the game to its slot as it is when the command runs (or forget
    /// it, once it was left), never over another tab's newer save or other
    /// game (`persist::save_game`).
    SaveGame,
    /// Write the settings.
    SaveSettings,
    /// Forget the mark `static/guard.js` left when it reloaded the page
    /// after a fault (its notice is shown).
    ForgetRestored,
    /// Put the language in effect on the page (its `lang` attribute).
    PageLang(crate::i18n::Lang),
    /// Keep the tokens of the seats on their own devices (or forget them:
    /// the game has none left).
    SaveDevices,
    /// Keep this device's ticket to a table (or forget it).
    SaveTicket,
    /// Count the finished game in the statistics (once per game id), then
    /// tell the reducer the statistics.
    CountFinished,
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
    /// The seats on their own devices: open a link for every seat that
    /// wants one and close the others, then send each device what it has
    /// not seen of the game.
    SyncDevices,
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
    /// A hand device: close the link to the table, then answer the
    /// invitation the state holds if its link number is this one (the
    /// reply code and the link's news come back as `HandMsg`s).
    HandLink(u32),
    /// A hand device: send one message to the table on link `epoch` (if
    /// it closed meanwhile: `HandMsg::Unsent`).
    ToTable { epoch: u32, message: Rc<ToTable> },
    /// Keep the screen on while this device holds a seat (Screen Wake
    /// Lock, where there is one; it ends by itself when the page hides).
    KeepAwake,
    /// A short vibration of this many milliseconds (where there is one).
    Buzz(u32),
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
    /// Ping every `PING_MS` (`net::state`) on these links, and these only:
    /// the table's paired seats (seat, link number), this phone's link to
    /// its table (its number).
    Pings {
        table: Vec<(Seat, u32)>,
        hand: Option<u32>,
    },
    /// Send the reducer `msg` in `ms` milliseconds (the end of a
    /// connection's window of drift).
    After { ms: u32, msg: Later },
    /// Draw this text as a QR code (in the QR worker, started by the
    /// first); the drawing comes back as `Msg::QrDrawn`.
    DrawQr(String),
    /// Go to the other page of the build ([`Page`]), answering `code` if
    /// it is not empty. The page is left once the running task ends, so
    /// the rest of the change's commands (its saves) still run.
    OpenPage { page: Page, code: String },
}

/// The build's two pages. `index.html` is the table's (built without the
/// phone's side: `PHONE_SIDE` in `app.rs`), `join.html` a phone's: "Join a
/// table" and a link to join open it, leaving it for the lobby comes back.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Page {
    #[default]
    Table,
    Phone,
}

impl Page {
    /// The page's address, relative to the other one (they sit side by
    /// side). The phone's, with the invitation to answer (`#join=CODE`) if
    /// any; the table's, in its lobby (`#lobby`: a phone that has just
    /// left its seat is not sent back to it; `code` is not used).
    pub fn link(self, code: &str) -> String {
        match self {
            Page::Table => "./#lobby".to_string(),
            Page::Phone if code.is_empty() => "join.html".to_string(),
            Page::Phone => format!("join.html#join={code}"),
        }
    }
}

/// A message the reducer asks to hear later ([`Cmd::After`]): the end of a
/// link's window of drift, on the table or on a phone. (Not the app's
/// `Msg` itself, which would make `cmd` and `app` name each other.)
#[derive(Clone, Debug, PartialEq)]
pub enum Later {
    Device(DeviceMsg),
    Hand(HandMsg),
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
