//! This device as a phone at another table ([`HandState`]): joining, its
//! seat's model, what it sends the table, and the news that change it
//! ([`HandMsg`]). Pure, like the reducer: its link is the drivers'
//! (`drivers/phone_link.rs`), and the app's reducer (`app/phone.rs`) takes
//! what changes the rest of the app.

use std::rc::Rc;

use mojo_engine::{Action, Seat};

use super::code::{Invitation, Reply};
use super::devices::{two_networks, why_no_path, NoPath, Problem, RECONNECT_MS};
use super::proto::{self, HandModel, Refusal, ToHand, ToTable};

/// A hand device's pass to a table: which seat, and the token that proves
/// it (kept in `mojo.hand`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ticket {
    pub table: u32,
    pub seat: Seat,
    pub token: String,
    pub name: String,
}

/// A hand device: joining a table, then its seat.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct HandState {
    /// The invitation as typed, pasted or scanned.
    pub text: String,
    /// The invitation being answered (link number `epoch`).
    pub invitation: Option<Invitation>,
    pub epoch: u32,
    /// The reply to show the table, once made.
    pub reply: Option<String>,
    pub problem: Option<Problem>,
    /// The channel is open and the table welcomed this device.
    pub connected: bool,
    /// The seat held at a table, kept across visits.
    pub ticket: Option<Ticket>,
    pub model: Option<Rc<HandModel>>,
    /// An action was sent: the hand waits for the table's answer.
    pub pending: bool,
    /// The last move the table refused, and why.
    pub refused: Option<Refusal>,
    /// The table gave the seat to someone else.
    pub given_away: bool,
    /// ...to a bot (else it is played on the table's screen).
    pub given_to_bot: bool,
    /// The connection went `disconnected` or `failed` and nothing has been
    /// heard since: the number of this drift ("Reconnecting…", for up to
    /// [`RECONNECT_MS`]).
    pub reconnecting: Option<u32>,
    /// Drifts so far.
    pub drifts: u32,
    /// The reply's connection found no path yet: the table has not taken
    /// the reply (it travels through a messenger). The link is kept.
    pub unanswered: bool,
    /// The table did not take the reply within [`INVITATION_MS`](super::devices::INVITATION_MS): the
    /// invitation has expired; the link was given up.
    pub expired: bool,
    /// The link of the invitation's first reply: the invitation's life
    /// ([`INVITATION_MS`](super::devices::INVITATION_MS)) counts from it,
    /// through any fresh reply.
    pub first_reply: Option<u32>,
    /// Fresh replies made for this invitation because the browser gave up
    /// the one before (its link closed before it ever opened): the phone
    /// says to send the new one. At most [`FRESH_REPLIES`].
    pub fresh: u8,
    /// The link held was made across two networks (`two_networks` of the
    /// invitation's and the reply's codes): once lost, the way back is a
    /// new invitation through the messenger, and the phone says so.
    pub far: bool,
    /// The table said its page went to the background (`ToHand::Away`),
    /// and who plays on it: "Ann's table is away; the game waits".
    pub table_away: Option<String>,
}

/// How many fresh replies a phone makes by itself for one invitation
/// when its browser gives up waiting for the table (then the link is
/// lost, as any other).
pub const FRESH_REPLIES: u8 = 3;

/// What happens on a hand device.
#[derive(Clone, Debug, PartialEq)]
pub enum HandMsg {
    /// "Join a table" from the lobby (or a link with `#join=`).
    Open(String),
    Edit(String),
    /// Answer the invitation in the box.
    Join,
    Replied {
        epoch: u32,
        code: String,
    },
    Problem {
        epoch: u32,
        problem: Problem,
    },
    Welcome {
        epoch: u32,
        ticket: Ticket,
    },
    Seen {
        epoch: u32,
        message: ToHand,
    },
    /// A message heard on link `epoch`, as the table sent it: read here
    /// (a welcome, or what the table says of the game).
    Heard {
        epoch: u32,
        text: String,
    },
    Lost {
        epoch: u32,
    },
    /// The reply's connection failed before it opened: the table has not
    /// taken the reply yet. Kept: it comes back when the table answers.
    Unanswered {
        epoch: u32,
    },
    /// The reply was made [`INVITATION_MS`](super::devices::INVITATION_MS) ago: if the table has not
    /// taken it, the invitation has expired and the link is given up.
    Expired {
        epoch: u32,
    },
    /// The connection went `disconnected` or `failed`: "Reconnecting…".
    Unsteady {
        epoch: u32,
    },
    /// The connection is back (`connected`).
    Steady {
        epoch: u32,
    },
    /// The window of drift number `drift` ended: still drifting, the link
    /// is given up (as `Lost`, and closed).
    Adrift {
        epoch: u32,
        drift: u32,
    },
    /// The link to the table opened: the device says hello.
    Opened {
        epoch: u32,
    },
    /// A tap on the hand: an action of this seat, or a take-back.
    Act(HandAct),
    /// What was to go to the table on link `epoch` could not be sent (the
    /// link closed under it): the hand stops waiting for an answer.
    Unsent {
        epoch: u32,
    },
    Leave,
}

/// What a hand device sends the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandAct {
    Act(Action),
    TakeBack,
}

/// The screen a hand device's message asks for (the app's own
/// [`crate::app::Screen`] names them; `net` does not depend on `app`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandScreen {
    /// The lobby: the player left.
    Lobby,
    /// Joining: the invitation, then the reply.
    Join,
    /// The seat's hand.
    Hand,
}

/// What a hand device's message asks of the rest of the app.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HandNews {
    /// The screen to show, if it changes.
    pub screen: Option<HandScreen>,
    /// An update did not follow on from what the hand has: the table is
    /// asked for the whole game (`ToTable::Sync`).
    pub gap: bool,
    /// A message of the table's that could not be read, and why (logged).
    pub unreadable: Option<String>,
}

impl From<Option<HandScreen>> for HandNews {
    fn from(screen: Option<HandScreen>) -> HandNews {
        HandNews {
            screen,
            ..HandNews::default()
        }
    }
}

impl HandState {
    /// Applies `msg`: the screen to show if it changes, and whether the
    /// table must be asked for the whole game.
    pub(crate) fn apply(&mut self, msg: HandMsg) -> HandNews {
        match msg {
            HandMsg::Open(text) => {
                *self = HandState {
                    text,
                    ticket: self.ticket.take(),
                    epoch: self.epoch + 1,
                    ..HandState::default()
                };
                return Some(HandScreen::Join).into();
            }
            HandMsg::Edit(text) => self.text = text,
            HandMsg::Join => match Invitation::decode(&self.text) {
                Ok(invitation) => {
                    self.invitation = Some(invitation);
                    self.epoch += 1;
                    self.reply = None;
                    self.problem = None;
                    self.connected = false;
                    self.given_away = false;
                    self.expired = false;
                    self.fresh = 0;
                    self.first_reply = None;
                    self.model = None;
                }
                Err(e) => self.problem = Some(Problem::Code(e)),
            },
            HandMsg::Replied { epoch, code } if epoch == self.epoch => {
                self.reply = Some(code);
                self.first_reply.get_or_insert(epoch);
            }
            HandMsg::Problem { epoch, problem } if epoch == self.epoch => {
                self.problem = Some(problem)
            }
            HandMsg::Welcome { epoch, ticket } if epoch == self.epoch => {
                let codes = self.invitation.as_ref().zip(self.reply.as_deref());
                self.far = codes.is_some_and(|(invitation, reply)| {
                    Reply::decode(reply).is_ok_and(|r| two_networks(&invitation.peer, &r.peer))
                });
                self.ticket = Some(ticket);
                self.connected = true;
                self.table_away = None;
                self.reconnecting = None;
                self.unanswered = false;
                self.fresh = 0;
                self.problem = None;
            }
            HandMsg::Heard { epoch, text } if epoch == self.epoch => {
                return match proto::decode::<ToHand>(&text) {
                    Ok(ToHand::Welcome {
                        table,
                        seat,
                        name,
                        token,
                        ..
                    }) => {
                        let ticket = Ticket {
                            table,
                            seat,
                            token,
                            name,
                        };
                        self.apply(HandMsg::Welcome { epoch, ticket })
                    }
                    Ok(message) => self.apply(HandMsg::Seen { epoch, message }),
                    Err(reason) => HandNews {
                        unreadable: Some(reason.to_string()),
                        ..HandNews::default()
                    },
                };
            }
            HandMsg::Seen { epoch, message } if epoch == self.epoch => {
                // Anything heard: the connection carries again.
                self.reconnecting = None;
                return self.seen(message);
            }
            HandMsg::Unsteady { epoch }
                if epoch == self.epoch && self.connected && self.reconnecting.is_none() =>
            {
                self.drifts += 1;
                self.reconnecting = Some(self.drifts);
            }
            HandMsg::Steady { epoch } if epoch == self.epoch => self.reconnecting = None,
            HandMsg::Adrift { epoch, drift }
                if epoch == self.epoch && self.reconnecting == Some(drift) =>
            {
                return self.give_up().into();
            }
            HandMsg::Unanswered { epoch } if epoch == self.epoch && !self.connected => {
                self.unanswered = self.reply.is_some();
            }
            HandMsg::Expired { epoch }
                if self.first_reply == Some(epoch)
                    && !self.connected
                    && self.invitation.is_some() =>
            {
                let screen = self.give_up();
                self.expired = true;
                return screen.into();
            }
            // The browser gave the reply's connection up before it ever
            // opened (the table has not taken the reply): a fresh reply to
            // the same invitation, to send instead (issue 35).
            HandMsg::Lost { epoch }
                if epoch == self.epoch
                    && !self.connected
                    && self.reply.is_some()
                    && self.invitation.is_some()
                    && self.fresh < FRESH_REPLIES =>
            {
                self.fresh += 1;
                self.epoch += 1;
                self.reply = None;
                self.unanswered = false;
            }
            HandMsg::Lost { epoch } if epoch == self.epoch => return self.lose().into(),
            HandMsg::Unsent { epoch } if epoch == self.epoch => self.pending = false,
            HandMsg::Leave => {
                *self = HandState {
                    ticket: self.ticket.take(),
                    epoch: self.epoch + 1,
                    ..HandState::default()
                };
                return Some(HandScreen::Lobby).into();
            }
            // A message of an older link.
            _ => {}
        }
        HandNews::default()
    }

    /// The link is lost: back to joining, the seat's ticket kept.
    fn lose(&mut self) -> Option<HandScreen> {
        self.connected = false;
        self.unanswered = false;
        self.table_away = None;
        self.reconnecting = None;
        self.pending = false;
        self.reply = None;
        self.invitation = None;
        self.text.clear();
        Some(HandScreen::Join)
    }

    /// The link is given up (as lost), and closed with its number
    /// (`Cmd::HandLink`).
    fn give_up(&mut self) -> Option<HandScreen> {
        let screen = self.lose();
        self.epoch += 1;
        screen
    }

    /// This device slept `ms` (`Msg::Slept`): a link quiet that long is
    /// past its window (the table gave it up): given up at once, rather
    /// than "Reconnecting…" for nothing.
    pub(crate) fn slept(&mut self, ms: u32) -> Option<HandScreen> {
        (ms >= RECONNECT_MS && self.connected)
            .then(|| self.give_up())
            .flatten()
    }

    /// The reply has found no path yet, and the two codes say that the
    /// devices are on two networks with no relay offered on either side
    /// (`why_no_path`'s `NeedsRelay`): a direct path is the only way, and
    /// behind routers that give each destination a new port (symmetric
    /// NATs) there is none. The table that could not connect says so and
    /// gives up; nothing of that reaches the phone without a path, so the
    /// phone says what it means if the table could not connect, and what
    /// to do, rather than only to keep waiting (issue 56).
    pub fn may_need_relay(&self) -> bool {
        let (Some(invitation), Some(reply)) = (&self.invitation, &self.reply) else {
            return false;
        };
        self.unanswered
            && !self.connected
            && Reply::decode(reply)
                .is_ok_and(|r| why_no_path(&invitation.peer, &r.peer) == NoPath::NeedsRelay)
    }

    /// What the phone's screen shows of `model` (its own): busy while an
    /// action waits for its answer, "Reconnecting…" while the link drifts.
    pub fn scene(&self, model: &HandModel) -> crate::scene::Scene {
        let mut scene = model.scene(self.pending);
        if self.reconnecting.is_some() {
            scene.reconnecting.push(model.seat);
        }
        scene.table_away.clone_from(&self.table_away);
        scene
    }

    /// What a tap on the hand sends the table, at the move the hand shows,
    /// if the device is connected and shows a game; an action makes the
    /// hand wait for the table's answer.
    pub fn outgoing(&mut self, what: HandAct) -> Option<ToTable> {
        let at = self.model.as_ref().filter(|_| self.connected)?.seen.at;
        Some(match what {
            HandAct::Act(action) => {
                self.pending = true;
                ToTable::Act { at, action }
            }
            HandAct::TakeBack => ToTable::TakeBack { at },
        })
    }

    /// The first message on link `epoch`: this build, and the token of the
    /// seat this device held at the table it answers, if it held that one.
    pub fn hello(&self, build: &str) -> ToTable {
        let invited = self.invitation.as_ref();
        let token = self
            .ticket
            .as_ref()
            .filter(|t| invited.is_some_and(|i| t.table == i.table && t.seat == i.seat))
            .map(|t| t.token.clone());
        ToTable::Hello {
            app: build.to_string(),
            token,
        }
    }

    fn seen(&mut self, message: ToHand) -> HandNews {
        match message {
            ToHand::Refused { reason } => {
                self.pending = false;
                match reason {
                    Refusal::OtherApp { .. } => self.problem = Some(Problem::OtherApp),
                    // The reply cannot work: the screen asks for a new
                    // invitation, which the table makes on "Pair a
                    // different device".
                    Refusal::SeatTaken => {
                        self.problem = Some(Problem::SeatTaken);
                        self.reply = None;
                        self.invitation = None;
                        self.text.clear();
                    }
                    _ => {}
                }
                self.refused = Some(reason);
                HandNews::default()
            }
            ToHand::Ping => HandNews::default(),
            ToHand::Away { host } => {
                self.table_away = Some(host);
                HandNews::default()
            }
            ToHand::Back => {
                self.table_away = None;
                HandNews::default()
            }
            ToHand::Bye { bot } => {
                self.given_away = true;
                self.given_to_bot = bot;
                self.connected = false;
                self.ticket = None;
                self.model = None;
                Some(HandScreen::Join).into()
            }
            message => {
                let Some(seat) = self.ticket.as_ref().map(|t| t.seat) else {
                    return HandNews::default();
                };
                match HandModel::receive(self.model.as_deref(), seat, message) {
                    Ok(model) => {
                        self.model = model.map(Rc::new);
                        self.pending = false;
                        self.refused = None;
                        self.model.is_some().then_some(HandScreen::Hand).into()
                    }
                    Err(_) => HandNews {
                        gap: true,
                        ..HandNews::default()
                    },
                }
            }
        }
    }
}
