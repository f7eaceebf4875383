//! Play across devices in the app state: the table's seats on their own
//! devices ([`Devices`]) and a hand device's side ([`HandState`]), with the
//! messages that change them. Pure, like the reducer: the links themselves
//! are the hooks' (`table_hub.rs`, `hand_hub.rs`).

use std::rc::Rc;

use mojo_engine::{Action, Seat};

use super::code::{CodeError, Invitation};
use super::proto::{HandModel, Refusal, Sent, ToHand, ToTable};
use crate::session::{Player, Session};

/// How long the table waits, once it took a reply, for the device to say
/// hello before it gives the connection up and makes a new invitation.
/// A pairing takes about half a second on one machine; with a channel
/// opened in-band, about one pairing in 100 between two Chromium processes
/// here came up with the channel "open" at both ends and the device's
/// hello never delivered (`tests/e2e/stress-pair.mjs`; none in 300 since
/// the channel is negotiated, `rtc.rs`). Should a connection ever stall
/// so, the table must not say "Connecting…" for ever.
pub const CONNECT_MS: u32 = 15_000;

/// How long a link whose connection went `disconnected` or `failed` is
/// kept, "Reconnecting…", before it is given up (unless its channel closes
/// first). ICE consent expires after 30 s without answers (RFC 7675);
/// libwebrtc says `failed` after about 15 s, yet the same connection comes
/// back if the other side answers again before the pair is dropped (see
/// BENCHMARKS.md, "A phone that sleeps").
pub const RECONNECT_MS: u32 = 30_000;

/// How often each side of a paired link says it is still there
/// (`ToTable::Ping`, `ToHand::Ping`).
pub const PING_MS: u32 = 2_000;

/// Where a seat's link stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkState {
    /// The invitation is being made, or waits for a reply.
    Inviting,
    /// A reply was taken: the devices are connecting.
    Connecting,
    /// The device said hello and holds the seat.
    Connected,
}

/// What went wrong while pairing, for the player to read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    Code(CodeError),
    /// A reply to another invitation (another seat, or an older one).
    OtherInvitation,
    /// The invitation was answered already.
    AlreadyAnswered,
    /// The devices run different builds of the app.
    OtherApp,
    /// The seat is held by the device that has its token.
    SeatTaken,
    /// The connection could not be made (or WebRTC refused).
    Failed,
    /// This browser has no WebRTC.
    NoWebRtc,
    /// The reply pasted here answered another seat's invitation (this
    /// person's): it was taken for that seat.
    TakenFor(String),
}

/// A seat played on its own device, as the table sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RemoteSeat {
    pub seat: Seat,
    /// Bumped for a new invitation: the link of the older one is closed.
    pub epoch: u32,
    pub link: LinkState,
    /// The invitation on offer, once made (its code).
    pub invitation: Option<String>,
    /// The token its device was given over the channel, which it proves
    /// on a new channel to take the seat back (kept in `mojo.devices`).
    pub token: Option<String>,
    pub problem: Option<Problem>,
    /// The link number and move number of the last action of this device
    /// the game took: the same move again (a message sent twice, before
    /// the table moved on) is refused.
    pub passed: Option<(u32, u64)>,
    /// What its device has been sent of the game (the reducer sends only
    /// what changed, `AppState::decide`).
    pub sent: Sent,
    /// The connection went `disconnected` or `failed` and nothing has been
    /// heard since: the number of this drift, whose window
    /// ([`RECONNECT_MS`]) gives the link up if it is still the same drift
    /// when it ends.
    pub reconnecting: Option<u32>,
    /// Drifts of this seat's links so far.
    pub drifts: u32,
}

impl RemoteSeat {
    /// A seat newly on its own device: its first invitation is to be made.
    pub(crate) fn new(seat: Seat) -> RemoteSeat {
        RemoteSeat {
            seat,
            epoch: 1,
            link: LinkState::Inviting,
            invitation: None,
            token: None,
            problem: None,
            passed: None,
            sent: Sent::default(),
            reconnecting: None,
            drifts: 0,
        }
    }
}

/// The table's seats on their own devices.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Devices {
    /// Which table (its invitations carry it; a device keeps its token
    /// under it).
    pub table: u32,
    pub seats: Vec<RemoteSeat>,
    /// "Start playing" was pressed (or the game was under way already):
    /// bots move only then.
    pub started: bool,
    /// Messages from devices refused so far (each is logged and its
    /// device told why).
    pub refused: u32,
}

impl Devices {
    /// Applies a link's news (the messages that change the devices'
    /// state only; the app's reducer takes the others, which change the
    /// game's seats or the screen).
    pub(crate) fn apply(&mut self, msg: DeviceMsg) {
        match msg {
            DeviceMsg::Invited { seat, epoch, code } => {
                if let Some(r) = self.seat_mut(seat, Some(epoch)) {
                    r.invitation = Some(code);
                    r.link = LinkState::Inviting;
                }
            }
            DeviceMsg::Connecting { seat, epoch } => {
                if let Some(r) = self.seat_mut(seat, Some(epoch)) {
                    r.link = LinkState::Connecting;
                    r.problem = None;
                }
            }
            DeviceMsg::Paired { seat, epoch, token } => {
                if let Some(r) = self.seat_mut(seat, Some(epoch)) {
                    r.link = LinkState::Connected;
                    r.reconnecting = None;
                    r.token = Some(token);
                    r.sent = Sent::default();
                    r.problem = None;
                    r.invitation = None;
                }
            }
            DeviceMsg::Unanswered { seat, epoch } => {
                let stalled = self
                    .seat_mut(seat, Some(epoch))
                    .is_some_and(|r| r.link == LinkState::Connecting);
                if stalled {
                    self.apply(DeviceMsg::Lost { seat, epoch });
                }
            }
            DeviceMsg::Lost { seat, epoch } => {
                if let Some(r) = self.seat_mut(seat, Some(epoch)) {
                    let failed = r.link == LinkState::Connecting;
                    r.epoch += 1;
                    r.reconnecting = None;
                    r.link = LinkState::Inviting;
                    r.invitation = None;
                    if failed {
                        r.problem = Some(Problem::Failed);
                    }
                }
            }
            DeviceMsg::Unsteady { seat, epoch } => {
                // Only a paired link drifts: one still connecting has its
                // own watch (`Unanswered`).
                if let Some(r) = self.seat_mut(seat, Some(epoch)) {
                    if r.link == LinkState::Connected && r.reconnecting.is_none() {
                        r.drifts += 1;
                        r.reconnecting = Some(r.drifts);
                    }
                }
            }
            DeviceMsg::Steady { seat, epoch } => {
                if let Some(r) = self.seat_mut(seat, Some(epoch)) {
                    r.reconnecting = None;
                }
            }
            DeviceMsg::Adrift { seat, epoch, drift } => {
                let still = self
                    .seat_mut(seat, Some(epoch))
                    .is_some_and(|r| r.reconnecting == Some(drift));
                if still {
                    self.apply(DeviceMsg::Lost { seat, epoch });
                }
            }
            DeviceMsg::Problem {
                seat,
                epoch,
                problem,
            } => {
                if let Some(r) = self.seat_mut(seat, Some(epoch)) {
                    r.problem = Some(problem);
                }
            }
            DeviceMsg::NewInvitation(seat) => {
                if let Some(r) = self.seat_mut(seat, None) {
                    r.reconnecting = None;
                    r.epoch += 1;
                    r.link = LinkState::Inviting;
                    r.invitation = None;
                    r.problem = None;
                }
            }
            DeviceMsg::OtherDevice(seat) => {
                if let Some(r) = self.seat_mut(seat, None) {
                    r.token = None;
                    r.reconnecting = None;
                    r.epoch += 1;
                    r.link = LinkState::Inviting;
                    r.invitation = None;
                    r.problem = None;
                }
            }
            DeviceMsg::PlayHere(_)
            | DeviceMsg::GiveToBot(_)
            | DeviceMsg::ToOwnDevice(_)
            | DeviceMsg::StartPlaying
            | DeviceMsg::Reply { .. }
            | DeviceMsg::Heard { .. } => {}
        }
    }

    /// Adds `seat`, now played on its own device, in seat order (no sort:
    /// a few seats, and a sort costs kilobytes of wasm).
    pub(crate) fn add_seat(&mut self, seat: Seat) {
        let at = self
            .seats
            .iter()
            .position(|r| r.seat > seat)
            .unwrap_or(self.seats.len());
        self.seats.insert(at, RemoteSeat::new(seat));
    }

    /// The devices of `session`'s seats that are remote, for the table of
    /// game `id` (its first 32 bits name the table).
    pub fn for_game(session: &Session, id: &str, started: bool) -> Devices {
        let table = u32::from_str_radix(id.get(..8).unwrap_or(""), 16).unwrap_or(0);
        Devices {
            table,
            seats: (0..session.players())
                .filter(|&s| session.is_remote(s))
                .map(RemoteSeat::new)
                .collect(),
            started,
            refused: 0,
        }
    }

    pub fn seat(&self, seat: Seat) -> Option<&RemoteSeat> {
        self.seats.iter().find(|r| r.seat == seat)
    }

    /// The device of `seat` on link `epoch` asked for the whole game
    /// again: sent from nothing (`AppState::decide`).
    pub(crate) fn resync(&mut self, seat: Seat, epoch: u32) {
        if let Some(r) = self.seat_mut(seat, Some(epoch)) {
            r.sent = Sent::default();
        }
    }

    /// A device's action, made at move `at` on link `epoch`, when the table
    /// is at move `now`: whether it is the same move as the last one taken
    /// from it (a message sent twice).
    pub(crate) fn is_passed(&self, seat: Seat, epoch: u32, at: u64) -> bool {
        self.seat(seat)
            .and_then(|r| r.passed)
            .is_some_and(|(e, p)| e == epoch && at <= p)
    }

    /// Notes that the game took `seat`'s action made at move `at`.
    pub(crate) fn pass(&mut self, seat: Seat, epoch: u32, at: u64) {
        if let Some(r) = self.seat_mut(seat, Some(epoch)) {
            r.passed = Some((epoch, at));
        }
    }

    fn seat_mut(&mut self, seat: Seat, epoch: Option<u32>) -> Option<&mut RemoteSeat> {
        self.seats
            .iter_mut()
            .find(|r| r.seat == seat && epoch.is_none_or(|e| e == r.epoch))
    }

    /// The seats whose device is not connected.
    pub fn offline(&self) -> Vec<Seat> {
        let off = self.seats.iter().filter(|r| r.link != LinkState::Connected);
        off.map(|r| r.seat).collect()
    }

    /// The table slept `ms` (`Msg::Slept`): every paired link quiet that
    /// long is past its window; each is given up for a new invitation.
    pub(crate) fn slept(&mut self, ms: u32) {
        if ms < RECONNECT_MS {
            return;
        }
        for (seat, epoch) in self.paired() {
            self.apply(DeviceMsg::Lost { seat, epoch });
        }
    }

    /// The seats whose device's connection drifts ("Reconnecting…").
    pub fn reconnecting(&self) -> Vec<Seat> {
        let drifting = self.seats.iter().filter(|r| r.reconnecting.is_some());
        drifting.map(|r| r.seat).collect()
    }

    /// The links a ping goes on: every paired one (`Cmd::Pings`).
    pub fn paired(&self) -> Vec<(Seat, u32)> {
        let paired = self.seats.iter().filter(|r| r.link == LinkState::Connected);
        paired.map(|r| (r.seat, r.epoch)).collect()
    }

    /// Every device connected.
    pub fn all_connected(&self) -> bool {
        self.seats.iter().all(|r| r.link == LinkState::Connected)
    }

    /// The seat to act, if it is on its own device and that device is not
    /// connected: the table waits for it.
    pub fn waiting_for(&self, session: &Session) -> Option<Seat> {
        match session.to_act()? {
            (seat, Player::OwnDevice) => self
                .seat(seat)
                .is_some_and(|r| r.link != LinkState::Connected)
                .then_some(seat),
            _ => None,
        }
    }
}

/// What happens to the table's devices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeviceMsg {
    /// The invitation of `seat`'s link number `epoch` is ready.
    Invited {
        seat: Seat,
        epoch: u32,
        code: String,
    },
    /// A reply was taken: connecting.
    Connecting {
        seat: Seat,
        epoch: u32,
    },
    /// A reply typed, pasted or scanned under the invitation of `seat`
    /// (judged by the reducer: `AppState::reply`).
    Reply {
        seat: Seat,
        text: String,
    },
    /// The device said hello with the right token (or took the seat's
    /// first token).
    Paired {
        seat: Seat,
        epoch: u32,
        token: String,
    },
    /// The link closed (its channel, or a connection that failed before
    /// its channel opened), or its drift's window ended: a new invitation
    /// is made.
    Lost {
        seat: Seat,
        epoch: u32,
    },
    /// The connection of a paired link went `disconnected` or `failed`:
    /// the seat is "Reconnecting…" for up to [`RECONNECT_MS`].
    Unsteady {
        seat: Seat,
        epoch: u32,
    },
    /// The connection is back (`connected`), or a message came on it.
    Steady {
        seat: Seat,
        epoch: u32,
    },
    /// The window of drift number `drift` ended: still drifting, the link
    /// is given up (`Lost`).
    Adrift {
        seat: Seat,
        epoch: u32,
        drift: u32,
    },
    /// The reply was taken [`CONNECT_MS`] ago and the device has still
    /// not said hello: the connection is given up (a new invitation is
    /// made) unless it is already paired.
    Unanswered {
        seat: Seat,
        epoch: u32,
    },
    Problem {
        seat: Seat,
        epoch: u32,
        problem: Problem,
    },
    /// A message heard on the link `epoch` of the device of `seat`, as
    /// sent; `token` is a new one, should it be the seat's first hello
    /// (tokens are random: made outside the reducer).
    Heard {
        seat: Seat,
        epoch: u32,
        text: String,
        token: String,
    },
    /// The player asks for a new invitation (the old one is closed).
    NewInvitation(Seat),
    /// The player lets another device take the seat (its token goes).
    OtherDevice(Seat),
    /// The seat is played here from now on (pass-and-play).
    PlayHere(Seat),
    /// A bot plays the seat from now on.
    GiveToBot(Seat),
    /// A seat played here or by a bot goes to its own device (an
    /// invitation is made for it).
    ToOwnDevice(Seat),
    StartPlaying,
}

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
    /// Bumped to ask the table for a snapshot (an update did not follow on).
    pub resync: u32,
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
}

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
    Lost {
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

impl HandState {
    /// Applies `msg`; the screen to show if it changes.
    pub(crate) fn apply(&mut self, msg: HandMsg) -> Option<HandScreen> {
        match msg {
            HandMsg::Open(text) => {
                *self = HandState {
                    text,
                    ticket: self.ticket.take(),
                    epoch: self.epoch + 1,
                    ..HandState::default()
                };
                return Some(HandScreen::Join);
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
                    self.model = None;
                }
                Err(e) => self.problem = Some(Problem::Code(e)),
            },
            HandMsg::Replied { epoch, code } if epoch == self.epoch => self.reply = Some(code),
            HandMsg::Problem { epoch, problem } if epoch == self.epoch => {
                self.problem = Some(problem)
            }
            HandMsg::Welcome { epoch, ticket } if epoch == self.epoch => {
                self.ticket = Some(ticket);
                self.connected = true;
                self.reconnecting = None;
                self.problem = None;
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
                return self.give_up();
            }
            HandMsg::Lost { epoch } if epoch == self.epoch => {
                self.connected = false;
                self.reconnecting = None;
                self.pending = false;
                self.reply = None;
                self.invitation = None;
                self.text.clear();
                return Some(HandScreen::Join);
            }
            HandMsg::Unsent { epoch } if epoch == self.epoch => self.pending = false,
            HandMsg::Leave => {
                *self = HandState {
                    ticket: self.ticket.take(),
                    epoch: self.epoch + 1,
                    ..HandState::default()
                };
                return Some(HandScreen::Lobby);
            }
            // A message of an older link.
            _ => {}
        }
        None
    }

    /// The link is given up (as `Lost`), and closed with its number
    /// (`Cmd::HandLink`).
    fn give_up(&mut self) -> Option<HandScreen> {
        let screen = self.apply(HandMsg::Lost { epoch: self.epoch });
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

    /// What the phone's screen shows of `model` (its own): busy while an
    /// action waits for its answer, "Reconnecting…" while the link drifts.
    pub fn scene(&self, model: &HandModel) -> crate::scene::Scene {
        let mut scene = model.scene(self.pending);
        if self.reconnecting.is_some() {
            scene.reconnecting.push(model.seat);
        }
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

    fn seen(&mut self, message: ToHand) -> Option<HandScreen> {
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
                None
            }
            ToHand::Ping => None,
            ToHand::Bye { bot } => {
                self.given_away = true;
                self.given_to_bot = bot;
                self.connected = false;
                self.ticket = None;
                self.model = None;
                Some(HandScreen::Join)
            }
            message => {
                let seat = self.ticket.as_ref()?.seat;
                match HandModel::receive(self.model.as_deref(), seat, message) {
                    Ok(model) => {
                        self.model = model.map(Rc::new);
                        self.pending = false;
                        self.refused = None;
                        self.model.is_some().then_some(HandScreen::Hand)
                    }
                    Err(_) => {
                        self.resync += 1;
                        None
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::{AppState, Msg, Overlay, Screen};
    use crate::cmd::Cmd;
    use crate::i18n::Lang;
    use crate::net::code::{Peer, Reply};
    use crate::net::proto::{self, message_for, Sent, ToTable};
    use crate::net::BUILD;
    use crate::save::Settings;
    use crate::session::{Level, SeatSetup};
    use mojo_engine::Seat;
    use yew::Reducible;

    fn table() -> Rc<AppState> {
        let mut s = AppState::new(Settings::default(), None, Lang::En, None, true);
        s.lobby.seats[1] = SeatSetup::remote("Ben");
        Rc::new(s).reduce(Msg::Start {
            seed: 9,
            id: "0000002a00000000".into(),
        })
    }

    #[test]
    fn a_device_that_held_a_seat_opens_on_its_way_back_unless_its_own_game_is_on_screen() {
        let ticket = Ticket {
            table: 5,
            seat: 1,
            token: "T".into(),
            name: "Ben".into(),
        };
        // A phone reloaded (or opened again) with its ticket: the join
        // screen ("Rejoin as Ben"), the ticket kept for the hello.
        let mut phone = AppState::new(Settings::default(), None, Lang::En, None, true);
        phone.hand.ticket = Some(ticket.clone());
        phone.rejoin_at_start();
        assert_eq!(phone.screen, Screen::Join);
        assert_eq!(phone.hand.ticket, Some(ticket.clone()));
        // No ticket: the lobby.
        let mut fresh = AppState::new(Settings::default(), None, Lang::En, None, true);
        fresh.rejoin_at_start();
        assert_eq!(fresh.screen, Screen::Lobby);
        // A table with its game on the screen stays the table.
        let mut host = (*table()).clone();
        host.hand.ticket = Some(ticket);
        host.rejoin_at_start();
        assert_eq!(host.screen, Screen::Table);
    }

    #[test]
    fn a_phone_refused_a_held_seat_is_asked_for_a_new_invitation_not_left_on_its_reply() {
        let mut hand = HandState {
            text: "old invitation".into(),
            reply: Some("reply".into()),
            epoch: 2,
            ..HandState::default()
        };
        let screen = hand.apply(HandMsg::Seen {
            epoch: 2,
            message: ToHand::Refused {
                reason: Refusal::SeatTaken,
            },
        });
        assert_eq!(screen, None);
        assert_eq!(hand.problem, Some(Problem::SeatTaken));
        assert_eq!((hand.reply.as_deref(), hand.text.as_str()), (None, ""));
    }

    #[test]
    fn the_dialog_that_comes_up_by_itself_for_a_waiting_seat_gets_its_qr_codes_drawn() {
        // Ben's seat, on its own device, is to act and its device is away:
        // the table waits, and its devices dialog shows without a tap.
        let mut s = AppState::new(Settings::default(), None, Lang::En, None, true);
        s.lobby.seats[0] = SeatSetup::remote("Ana");
        s.lobby.seats[1] = SeatSetup::remote("Ben");
        let s = Rc::new(s).reduce(Msg::Start {
            seed: 9,
            id: "0000002a00000000".into(),
        });
        // The person closed the dialog; Ana's new invitation comes.
        let s = s.reduce(Msg::Overlay(Overlay::None));
        let seen = s.outbox.last();
        let s = s.reduce(Msg::Device(DeviceMsg::Invited {
            seat: 0,
            epoch: 1,
            code: "CODE".into(),
        }));
        assert_eq!(
            (s.overlay, s.overlay_shown()),
            (Overlay::None, Overlay::Devices)
        );
        let link = s.qr.link("CODE");
        assert!(
            s.outbox
                .after(seen)
                .any(|(_, c)| matches!(c, Cmd::DrawQr(t) if *t == link)),
            "the invitation's QR code is drawn: {:?}",
            s.outbox.after(seen).collect::<Vec<_>>()
        );
    }

    #[test]
    fn a_connection_that_never_opens_is_given_up_for_a_new_invitation() {
        let s = table()
            .reduce(Msg::Device(DeviceMsg::Connecting { seat: 1, epoch: 1 }))
            .reduce(Msg::Device(DeviceMsg::Unanswered { seat: 1, epoch: 1 }));
        let r = &s.devices.seats[0];
        assert_eq!((r.epoch, r.link), (2, LinkState::Inviting));
        assert_eq!(r.problem, Some(Problem::Failed));
        // The watch of an older link number changes nothing.
        let s = s.reduce(Msg::Device(DeviceMsg::Unanswered { seat: 1, epoch: 1 }));
        assert_eq!(s.devices.seats[0].epoch, 2);
        // Nor does it once the device said hello in time.
        let s = s
            .reduce(Msg::Device(DeviceMsg::Connecting { seat: 1, epoch: 2 }))
            .reduce(Msg::Device(DeviceMsg::Paired {
                seat: 1,
                epoch: 2,
                token: "T".into(),
            }))
            .reduce(Msg::Device(DeviceMsg::Unanswered { seat: 1, epoch: 2 }));
        let r = &s.devices.seats[0];
        assert_eq!((r.epoch, r.link), (2, LinkState::Connected));
        assert_eq!(r.problem, None);
        // Nor before a reply was taken (the invitation waits for a person).
        let s = table().reduce(Msg::Device(DeviceMsg::Unanswered { seat: 1, epoch: 1 }));
        assert_eq!(
            (s.devices.seats[0].epoch, s.devices.seats[0].link),
            (1, LinkState::Inviting)
        );
    }

    #[test]
    fn a_table_with_a_seat_on_its_device_pairs_it_before_the_bots_move() {
        let s = table();
        assert_eq!(s.overlay, Overlay::Devices);
        assert_eq!(s.devices.table, 42);
        assert!(!s.devices.started);
        assert_eq!(s.devices.seats.len(), 1);
        let r = &s.devices.seats[0];
        assert_eq!((r.seat, r.epoch, r.link), (1, 1, LinkState::Inviting));
        // The invitation of an older link number is not taken.
        let s = s.reduce(Msg::Device(DeviceMsg::Invited {
            seat: 1,
            epoch: 0,
            code: "OLD".into(),
        }));
        assert_eq!(s.devices.seats[0].invitation, None);
        let s = s.reduce(Msg::Device(DeviceMsg::Invited {
            seat: 1,
            epoch: 1,
            code: "C".into(),
        }));
        assert_eq!(s.devices.seats[0].invitation.as_deref(), Some("C"));
        // A connection that fails: a new invitation, and the player told.
        let s = s
            .reduce(Msg::Device(DeviceMsg::Connecting { seat: 1, epoch: 1 }))
            .reduce(Msg::Device(DeviceMsg::Lost { seat: 1, epoch: 1 }));
        let r = &s.devices.seats[0];
        assert_eq!(
            (r.epoch, r.link, r.invitation.is_none()),
            (2, LinkState::Inviting, true)
        );
        assert_eq!(r.problem, Some(Problem::Failed));
        let s = s.reduce(Msg::Device(DeviceMsg::Paired {
            seat: 1,
            epoch: 2,
            token: "T".into(),
        }));
        assert!(s.devices.all_connected());
        assert_eq!(s.devices.seats[0].token.as_deref(), Some("T"));
        // Start playing: the walkthrough of a first game follows.
        let s = s.reduce(Msg::Device(DeviceMsg::StartPlaying));
        assert!(s.devices.started);
        assert_eq!(s.overlay, Overlay::Tour(0));
        // "Pair a different device" forgets the token.
        let s = s.reduce(Msg::Device(DeviceMsg::OtherDevice(1)));
        assert_eq!(
            (s.devices.seats[0].token.as_ref(), s.devices.seats[0].epoch),
            (None, 3)
        );
    }

    /// Plays on (the person here and the bots, first legal actions) until
    /// it is `seat`'s turn in a round.
    fn until_turn_of(mut s: Rc<AppState>, seat: Seat) -> Rc<AppState> {
        for _ in 0..500 {
            let session = s.session.as_ref().unwrap();
            if session.in_play() && session.game.current() == seat {
                return s;
            }
            let current = session.game.current();
            if session.in_play() && session.is_here(current) && session.viewer() != Some(current) {
                s = s.reduce(Msg::ShowHand(current));
                continue;
            }
            let action = session.game.legal_actions().get(0).unwrap();
            let msg = if session.bot_to_act().is_some() {
                Msg::BotAct {
                    id: s.game_id.clone(),
                    after: session.record.actions.len(),
                    action,
                }
            } else {
                Msg::Act(action)
            };
            let seq = s.seq;
            s = s.reduce(msg);
            assert_eq!(s.seq, seq + 1, "the driver's action was taken");
        }
        panic!("seat {seat}'s turn never came");
    }

    /// The refusals the reducer asked to send since command `after`:
    /// (seat, link, reason).
    fn refusals(s: &AppState, after: u64) -> Vec<(Seat, u32, Refusal)> {
        s.outbox
            .after(after)
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

    /// The messages the reducer asked to send since command `after`.
    fn sent(s: &AppState, after: u64) -> Vec<(Seat, u32, Rc<ToHand>)> {
        s.outbox
            .after(after)
            .filter_map(|(_, c)| match c {
                Cmd::ToDevice {
                    seat,
                    epoch,
                    message,
                } => Some((*seat, *epoch, message.clone())),
                _ => None,
            })
            .collect()
    }

    fn heard(s: &Rc<AppState>, seat: Seat, epoch: u32, message: &ToTable) -> Rc<AppState> {
        s.clone().reduce(Msg::Device(DeviceMsg::Heard {
            seat,
            epoch,
            text: proto::encode(message),
            token: "FRESH".into(),
        }))
    }

    #[test]
    fn a_phones_action_is_judged_once_and_every_refusal_is_sent_back_with_its_reason() {
        let s = table()
            .reduce(Msg::Device(DeviceMsg::Paired {
                seat: 1,
                epoch: 1,
                token: "T".into(),
            }))
            .reduce(Msg::Device(DeviceMsg::StartPlaying));
        let s = until_turn_of(s, 1);
        let act =
            |s: &Rc<AppState>, epoch, at, action| heard(s, 1, epoch, &ToTable::Act { at, action });
        let view = s.session.as_ref().unwrap().game.view(1);
        let legal = view.legal_actions().get(0).unwrap();
        let missing = (0..=mojo_engine::cards::MAX_VALUE)
            .find(|&v| !view.hand.contains(v))
            .expect("a value not in the hand");
        let (seq, refused) = (s.seq, s.devices.refused);
        // Each refusal: the game unchanged, one more counted, and one
        // command to send it, with its reason, on the link it came on.
        type Case = (u64, Action, fn(&Refusal) -> bool);
        let cases: [Case; 3] = [
            (
                seq,
                Action::Play {
                    value: missing,
                    pile: 0,
                },
                |r| matches!(r, Refusal::Illegal { .. }),
            ),
            (seq - 1, legal, |r| matches!(r, Refusal::StaleMove { .. })),
            (seq, Action::NextRound, |r| *r == Refusal::NotYours),
        ];
        let mut t = s.clone();
        for (i, (at, action, why)) in cases.into_iter().enumerate() {
            let mark = t.outbox.last();
            t = act(&t, 1, at, action);
            assert_eq!(t.seq, seq, "refusal {i}: the game did not move");
            assert_eq!(t.devices.refused, refused + 1 + i as u32);
            let got = refusals(&t, mark);
            assert_eq!(got.len(), 1, "refusal {i}: exactly one sent back: {got:?}");
            assert_eq!((got[0].0, got[0].1), (1, 1));
            assert!(why(&got[0].2), "refusal {i}: {:?}", got[0].2);
        }
        // A message of a link that is gone: nobody to answer, nothing done.
        let mark = t.outbox.last();
        let gone = act(&t, 0, seq, legal);
        assert_eq!(gone.seq, seq);
        assert!(refusals(&gone, mark).is_empty());
        assert!(sent(&gone, mark).is_empty());
        // The legal move at the right number: applied, saved, nothing
        // refused, and the phone sent the update.
        let played = act(&t, 1, seq, legal);
        assert_eq!(played.seq, seq + 1);
        assert!(refusals(&played, mark).is_empty());
        assert!(played
            .outbox
            .after(mark)
            .any(|(_, c)| matches!(c, Cmd::SaveGame)));
        let to_phone = sent(&played, mark);
        assert!(
            matches!(to_phone.as_slice(), [(1, 1, m)] if matches!(**m, ToHand::Update(_))),
            "{to_phone:?}"
        );
        assert_eq!(
            played.session.as_ref().unwrap().record.actions.last(),
            Some(&legal)
        );
        // The same message again (sent twice): refused as stale, once.
        let mark = played.outbox.last();
        let twice = act(&played, 1, seq, legal);
        assert_eq!(twice.seq, seq + 1);
        assert_eq!(
            refusals(&twice, mark),
            vec![(
                1,
                1,
                Refusal::StaleMove {
                    at: seq,
                    now: seq + 1
                }
            )]
        );
        // A take-back asked at a move gone by: too late, and said so.
        let mark = twice.outbox.last();
        let late = heard(&twice, 1, 1, &ToTable::TakeBack { at: seq });
        assert_eq!(late.seq, seq + 1);
        assert_eq!(refusals(&late, mark), vec![(1, 1, Refusal::TooLate)]);
        // Text that is not a message: refused as malformed, the game as it was.
        let mark = late.outbox.last();
        let junk = late.clone().reduce(Msg::Device(DeviceMsg::Heard {
            seat: 1,
            epoch: 1,
            text: "{\"v\":1,\"m\":".into(),
            token: "FRESH".into(),
        }));
        assert_eq!(junk.seq, late.seq);
        let got = refusals(&junk, mark);
        assert!(
            matches!(got.as_slice(), [(1, 1, Refusal::Malformed { .. })]),
            "{got:?}"
        );
    }

    #[test]
    fn a_phone_says_hello_first_with_this_build_and_the_seats_token() {
        // Seat 1 held by a phone with token "T"; its link 1 is open but has
        // not said hello yet.
        let s = table()
            .reduce(Msg::Device(DeviceMsg::Paired {
                seat: 1,
                epoch: 1,
                token: "T".into(),
            }))
            .reduce(Msg::Device(DeviceMsg::StartPlaying))
            .reduce(Msg::Device(DeviceMsg::Lost { seat: 1, epoch: 1 }))
            .reduce(Msg::Device(DeviceMsg::Connecting { seat: 1, epoch: 2 }));
        assert_ne!(s.devices.seats[0].link, LinkState::Connected);
        let hello = |app: &str, token: Option<&str>| ToTable::Hello {
            app: app.into(),
            token: token.map(String::from),
        };
        // An action before the hello.
        let mark = s.outbox.last();
        let early = heard(
            &s,
            1,
            2,
            &ToTable::Act {
                at: s.seq,
                action: Action::NextRound,
            },
        );
        assert_eq!(refusals(&early, mark), vec![(1, 2, Refusal::NoHello)]);
        assert_eq!(early.seq, s.seq);
        // Another build: refused, and the table says why.
        let other = heard(&s, 1, 2, &hello("another build", Some("T")));
        let got = refusals(&other, mark);
        assert!(
            matches!(got.as_slice(), [(1, 2, Refusal::OtherApp { .. })]),
            "{got:?}"
        );
        assert_eq!(other.devices.seats[0].problem, Some(Problem::OtherApp));
        // Another device, without the seat's token: the seat is taken.
        for token in [None, Some("not T")] {
            let thief = heard(&s, 1, 2, &hello(BUILD, token));
            assert_eq!(refusals(&thief, mark), vec![(1, 2, Refusal::SeatTaken)]);
            assert_eq!(thief.devices.seats[0].problem, Some(Problem::SeatTaken));
            assert!(
                sent(&thief, mark).is_empty(),
                "nothing of the game to a stranger"
            );
        }
        // The phone that holds the seat: welcomed, then sent the whole game,
        // its own seat's view only.
        let back = heard(&s, 1, 2, &hello(BUILD, Some("T")));
        assert!(refusals(&back, mark).is_empty());
        assert_eq!(back.devices.seats[0].link, LinkState::Connected);
        let to_phone = sent(&back, mark);
        assert!(
            matches!(&to_phone[..], [(1, 2, w), (1, 2, v)]
                if matches!(&**w, ToHand::Welcome { seat: 1, token, .. } if token == "T")
                    && matches!(&**v, ToHand::Snapshot(seen) if seen.view.seat == 1)),
            "{to_phone:?}"
        );
        // A first hello on a seat without a token: the fresh token is given.
        let fresh = table().reduce(Msg::Device(DeviceMsg::Connecting { seat: 1, epoch: 1 }));
        let mark = fresh.outbox.last();
        let new = heard(&fresh, 1, 1, &hello(BUILD, None));
        assert_eq!(new.devices.seats[0].token.as_deref(), Some("FRESH"));
        assert!(
            matches!(&*sent(&new, mark)[0].2, ToHand::Welcome { token, .. } if token == "FRESH")
        );
    }

    /// The regression test of 28dd929: a seat given to a bot on its own
    /// turn changes neither the game nor its move count, and its turn
    /// must still be scheduled.
    #[test]
    fn a_seat_given_to_a_bot_on_its_own_turn_has_its_turn_scheduled() {
        let s = table()
            .reduce(Msg::Device(DeviceMsg::Paired {
                seat: 1,
                epoch: 1,
                token: "T".into(),
            }))
            .reduce(Msg::Device(DeviceMsg::StartPlaying));
        let s = until_turn_of(s, 1);
        assert!(s.bot_turn().is_none(), "the phone's turn");
        let (mark, after) = (
            s.outbox.last(),
            s.session.as_ref().unwrap().record.actions.len(),
        );
        let s = s.reduce(Msg::Device(DeviceMsg::GiveToBot(1)));
        let turns: Vec<_> = s
            .outbox
            .after(mark)
            .filter_map(|(_, c)| match c {
                Cmd::Bot(turn) => Some(turn.clone()),
                _ => None,
            })
            .collect();
        assert!(
            matches!(turns.as_slice(), [Some(t)] if t.seat == Some((1, Level::Medium)) && t.after == after),
            "{turns:?}"
        );
    }

    #[test]
    fn a_seat_moves_between_a_device_a_bot_and_this_screen() {
        let s = table();
        let seq = s.seq;
        let bot = s.clone().reduce(Msg::Device(DeviceMsg::GiveToBot(1)));
        assert!(bot.devices.seats.is_empty());
        assert_eq!(
            bot.session.as_ref().unwrap().setup.seats[1].bot,
            Some(Level::Medium)
        );
        assert_eq!(bot.seq, seq + 1, "saved");
        let here = s.clone().reduce(Msg::Device(DeviceMsg::PlayHere(1)));
        assert!(here.session.as_ref().unwrap().is_here(1));
        // And back to a device, in the middle of the game.
        let back = here.reduce(Msg::Device(DeviceMsg::ToOwnDevice(2)));
        let session = back.session.as_ref().unwrap();
        assert!(session.is_remote(2));
        assert_eq!(
            back.devices
                .seats
                .iter()
                .map(|r| r.seat)
                .collect::<Vec<_>>(),
            vec![2]
        );
        assert!(back.devices.started, "play was under way");
    }

    #[test]
    fn a_hand_joins_takes_its_seat_and_is_told_when_it_is_given_away() {
        let s = Rc::new(AppState::new(
            Settings::default(),
            None,
            Lang::En,
            None,
            true,
        ));
        let s = s.reduce(Msg::Hand(HandMsg::Open("nonsense".into())));
        assert_eq!(s.screen, Screen::Join);
        let s = s.reduce(Msg::Hand(HandMsg::Join));
        assert_eq!(s.hand.problem, Some(Problem::Code(CodeError::NotACode)));
        let peer = Peer::from_sdp(crate::net::code::tests::CHROMIUM_OFFER).unwrap();
        let code = Invitation {
            table: 5,
            seat: 1,
            peer: peer.clone(),
        }
        .encode();
        let s = s
            .reduce(Msg::Hand(HandMsg::Edit(code)))
            .reduce(Msg::Hand(HandMsg::Join));
        assert_eq!(s.hand.problem, None);
        let epoch = s.hand.epoch;
        let reply = Reply {
            seat: 1,
            tag: peer.tag(),
            peer,
        }
        .encode();
        let s = s.reduce(Msg::Hand(HandMsg::Replied {
            epoch,
            code: reply.clone(),
        }));
        assert_eq!(s.hand.reply.as_deref(), Some(reply.as_str()));
        let ticket = Ticket {
            table: 5,
            seat: 1,
            token: "T".into(),
            name: "Ben".into(),
        };
        let s = s.reduce(Msg::Hand(HandMsg::Welcome {
            epoch,
            ticket: ticket.clone(),
        }));
        assert_eq!(s.hand.ticket, Some(ticket));
        // The first snapshot shows the seat.
        let game = table();
        let mut sent = Sent::default();
        let snap = message_for(
            game.session.as_ref().unwrap(),
            "g",
            3,
            1,
            crate::net::proto::News::STARTED,
            &mut sent,
        )
        .unwrap();
        let s = s.reduce(Msg::Hand(HandMsg::Seen {
            epoch,
            message: snap,
        }));
        assert_eq!(s.screen, Screen::Hand);
        assert_eq!(s.hand.model.as_ref().unwrap().scene(false).me, Some(1));
        // A message of an older link changes nothing.
        let s2 = s
            .clone()
            .reduce(Msg::Hand(HandMsg::Lost { epoch: epoch - 1 }));
        assert_eq!(s2.screen, Screen::Hand);
        // The seat given to a bot: back to joining, the ticket gone.
        let s = s.reduce(Msg::Hand(HandMsg::Seen {
            epoch,
            message: ToHand::Bye { bot: true },
        }));
        assert_eq!(s.screen, Screen::Join);
        assert!(s.hand.given_away && s.hand.ticket.is_none());
    }

    /// The windows of drift the reducer asked for since `mark`, and the
    /// pings it set up last.
    fn afters(s: &AppState, mark: u64) -> Vec<(u32, Msg)> {
        s.outbox
            .after(mark)
            .filter_map(|(_, c)| match c {
                Cmd::After { ms, msg } => Some((
                    *ms,
                    match msg.clone() {
                        crate::cmd::Later::Device(m) => Msg::Device(m),
                        crate::cmd::Later::Hand(m) => Msg::Hand(m),
                    },
                )),
                _ => None,
            })
            .collect()
    }

    /// The links pinged: the table's (seat, link number), the phone's.
    type Pinged = (Vec<(Seat, u32)>, Option<u32>);

    fn pings(s: &AppState) -> Option<Pinged> {
        s.outbox
            .after(0)
            .filter_map(|(_, c)| match c {
                Cmd::Pings { table, hand } => Some((table.clone(), *hand)),
                _ => None,
            })
            .last()
    }

    /// A paired seat whose connection drifts is "Reconnecting…" for 30 s,
    /// its link kept: anything heard, or `connected` again, ends the
    /// drift; the window of an ended drift changes nothing; a window that
    /// ends on the same drift gives the link up for a new invitation.
    #[test]
    fn a_table_keeps_a_drifting_link_for_its_window_and_gives_it_up_after() {
        let s = table()
            .reduce(Msg::Device(DeviceMsg::Connecting { seat: 1, epoch: 1 }))
            // Drifting before the hello: the connection's own watch.
            .reduce(Msg::Device(DeviceMsg::Unsteady { seat: 1, epoch: 1 }));
        assert_eq!(s.devices.seats[0].reconnecting, None);
        assert!(pings(&s).is_none(), "no ping before the hello");
        let s = heard(
            &s,
            1,
            1,
            &ToTable::Hello {
                app: BUILD.into(),
                token: None,
            },
        );
        assert_eq!(s.devices.seats[0].link, LinkState::Connected);
        assert_eq!(
            pings(&s),
            Some((vec![(1, 1)], None)),
            "a ping on the paired link"
        );
        let mark = s.outbox.last();
        let s = s.reduce(Msg::Device(DeviceMsg::Unsteady { seat: 1, epoch: 1 }));
        let r = &s.devices.seats[0];
        assert_eq!(
            (r.link, r.reconnecting, r.epoch),
            (LinkState::Connected, Some(1), 1)
        );
        assert_eq!(s.devices.reconnecting(), vec![1]);
        let window = |drift| {
            Msg::Device(DeviceMsg::Adrift {
                seat: 1,
                epoch: 1,
                drift,
            })
        };
        assert_eq!(
            format!("{:?}", afters(&s, mark)),
            format!("{:?}", vec![(RECONNECT_MS, window(1))])
        );
        // `failed` after `disconnected`: the same drift, no second window.
        let mark = s.outbox.last();
        let s = s.reduce(Msg::Device(DeviceMsg::Unsteady { seat: 1, epoch: 1 }));
        assert!(afters(&s, mark).is_empty());
        // A ping heard: the link carries again.
        let s = heard(&s, 1, 1, &ToTable::Ping);
        assert_eq!(s.devices.seats[0].reconnecting, None);
        assert!(refusals(&s, mark).is_empty(), "a ping is never refused");
        // The first drift's window ends: it is over, nothing changes.
        let s = s.reduce(window(1));
        assert_eq!(s.devices.seats[0].link, LinkState::Connected);
        // A second drift, ended by `connected`, then a third that lasts.
        let s = s
            .reduce(Msg::Device(DeviceMsg::Unsteady { seat: 1, epoch: 1 }))
            .reduce(Msg::Device(DeviceMsg::Steady { seat: 1, epoch: 1 }))
            .reduce(window(2));
        assert_eq!(s.devices.seats[0].link, LinkState::Connected);
        let s = s.reduce(Msg::Device(DeviceMsg::Unsteady { seat: 1, epoch: 1 }));
        assert_eq!(s.devices.seats[0].reconnecting, Some(3));
        let s = s.reduce(window(2));
        assert_eq!(
            s.devices.seats[0].link,
            LinkState::Connected,
            "an old window"
        );
        let mark = s.outbox.last();
        let s = s.reduce(window(3));
        let r = &s.devices.seats[0];
        assert_eq!(
            (r.link, r.reconnecting, r.epoch),
            (LinkState::Inviting, None, 2)
        );
        assert_eq!(s.devices.offline(), vec![1]);
        assert_eq!(
            pings(&s),
            Some((vec![], None)),
            "no ping on a link given up"
        );
        // The link of the old number is closed (`SyncDevices` closes what
        // the seats no longer want).
        assert!(s
            .outbox
            .after(mark)
            .any(|(_, c)| matches!(c, Cmd::SyncDevices)));
    }

    /// A phone whose link drifts says "Reconnecting…" and keeps its seat;
    /// anything heard from the table ends the drift; a window that ends on
    /// the same drift closes the link and the phone is back at joining.
    /// A phone that pasted table 5's invitation for seat 1 and answers it.
    fn answering_ben() -> Rc<AppState> {
        let peer = Peer::from_sdp(crate::net::code::tests::CHROMIUM_OFFER).unwrap();
        let invitation = Invitation {
            table: 5,
            seat: 1,
            peer,
        };
        Rc::new(AppState::new(
            Settings::default(),
            None,
            Lang::En,
            None,
            true,
        ))
        .reduce(Msg::Hand(HandMsg::Open(invitation.encode())))
        .reduce(Msg::Hand(HandMsg::Join))
    }

    #[test]
    fn a_phone_keeps_a_drifting_link_for_its_window_and_gives_it_up_after() {
        let s = answering_ben();
        let epoch = s.hand.epoch;
        // Not welcomed yet: a drift is not this phone's to count.
        let s = s.reduce(Msg::Hand(HandMsg::Unsteady { epoch }));
        assert_eq!(s.hand.reconnecting, None);
        let ticket = Ticket {
            table: 5,
            seat: 1,
            token: "T".into(),
            name: "Ben".into(),
        };
        let s = s.reduce(Msg::Hand(HandMsg::Welcome { epoch, ticket }));
        assert_eq!(
            pings(&s),
            Some((vec![], Some(epoch))),
            "pings once welcomed"
        );
        let game = table();
        let mut sent = Sent::default();
        let snap = message_for(
            game.session.as_ref().unwrap(),
            "g",
            3,
            1,
            crate::net::proto::News::STARTED,
            &mut sent,
        );
        let s = s.reduce(Msg::Hand(HandMsg::Seen {
            epoch,
            message: snap.unwrap(),
        }));
        assert_eq!(s.screen, Screen::Hand);
        let mark = s.outbox.last();
        let s = s.reduce(Msg::Hand(HandMsg::Unsteady { epoch }));
        assert_eq!(s.hand.reconnecting, Some(1));
        let model = s.hand.model.clone().unwrap();
        assert_eq!(
            s.hand.scene(&model).reconnecting,
            vec![1],
            "the screen says so"
        );
        let window = |drift| Msg::Hand(HandMsg::Adrift { epoch, drift });
        assert_eq!(
            format!("{:?}", afters(&s, mark)),
            format!("{:?}", vec![(RECONNECT_MS, window(1))])
        );
        // A ping from the table: the link carries again; the old window
        // changes nothing.
        let s = s
            .reduce(Msg::Hand(HandMsg::Seen {
                epoch,
                message: ToHand::Ping,
            }))
            .reduce(window(1));
        assert_eq!((s.hand.reconnecting, s.screen), (None, Screen::Hand));
        assert!(s.hand.scene(&model).reconnecting.is_empty());
        // A drift that lasts its window: the link is closed, the ticket kept.
        let s = s.reduce(Msg::Hand(HandMsg::Unsteady { epoch }));
        let mark = s.outbox.last();
        let s = s.reduce(window(2));
        assert_eq!(s.screen, Screen::Join);
        assert!(!s.hand.connected && s.hand.ticket.is_some());
        let closed: Vec<_> = s
            .outbox
            .after(mark)
            .filter_map(|(_, c)| match c {
                Cmd::HandLink(e) => Some(*e),
                _ => None,
            })
            .collect();
        assert_eq!(closed, vec![epoch + 1], "the drifting link is closed");
        assert_eq!(pings(&s), Some((vec![], None)));
    }

    /// A device that slept past the window (its timers stood still: no
    /// ping could go, nothing was heard) gives its paired links up at
    /// once, on the table and on a phone; a shorter sleep changes nothing.
    #[test]
    fn a_device_that_slept_past_the_window_gives_its_links_up_at_once() {
        let s = table().reduce(Msg::Device(DeviceMsg::Connecting { seat: 1, epoch: 1 }));
        let s = heard(
            &s,
            1,
            1,
            &ToTable::Hello {
                app: BUILD.into(),
                token: None,
            },
        );
        let s = s.reduce(Msg::Slept {
            ms: RECONNECT_MS - 1,
        });
        assert_eq!(s.devices.seats[0].link, LinkState::Connected);
        let s = s.reduce(Msg::Slept {
            ms: RECONNECT_MS + 10_000,
        });
        let r = &s.devices.seats[0];
        assert_eq!((r.link, r.epoch), (LinkState::Inviting, 2));

        let s = answering_ben();
        let epoch = s.hand.epoch;
        let ticket = Ticket {
            table: 5,
            seat: 1,
            token: "T".into(),
            name: "Ben".into(),
        };
        let s = s.reduce(Msg::Hand(HandMsg::Welcome { epoch, ticket }));
        let game = table();
        let mut sent = Sent::default();
        let snap = message_for(
            game.session.as_ref().unwrap(),
            "g",
            3,
            1,
            crate::net::proto::News::STARTED,
            &mut sent,
        );
        let s = s.reduce(Msg::Hand(HandMsg::Seen {
            epoch,
            message: snap.unwrap(),
        }));
        let s = s.reduce(Msg::Slept { ms: 20_000 });
        assert_eq!((s.screen, s.hand.epoch), (Screen::Hand, epoch));
        let mark = s.outbox.last();
        let s = s.reduce(Msg::Slept { ms: 40_000 });
        assert_eq!((s.screen, s.hand.epoch), (Screen::Join, epoch + 1));
        assert!(s.hand.ticket.is_some(), "the seat's ticket is kept");
        let closed: Vec<_> = s
            .outbox
            .after(mark)
            .filter_map(|(_, c)| match c {
                Cmd::HandLink(e) => Some(*e),
                _ => None,
            })
            .collect();
        assert_eq!(closed, vec![epoch + 1], "the link is closed");
    }

    /// Every effect of a hand device is the reducer's: the link follows
    /// the invitation's number, the hello carries this build and the
    /// seat's token, a tap goes at the move shown, a gap asks for a
    /// snapshot, and a turn coming keeps the screen on and buzzes.
    #[test]
    fn a_hand_devices_link_messages_and_buzz_are_decided_by_the_reducer() {
        let to_table = |s: &AppState, mark: u64| -> Vec<(u32, ToTable)> {
            s.outbox
                .after(mark)
                .filter_map(|(_, c)| match c {
                    Cmd::ToTable { epoch, message } => Some((*epoch, (**message).clone())),
                    _ => None,
                })
                .collect()
        };
        let peer = Peer::from_sdp(crate::net::code::tests::CHROMIUM_OFFER).unwrap();
        let invitation = Invitation {
            table: 5,
            seat: 1,
            peer,
        };
        let ticket = Ticket {
            table: 5,
            seat: 1,
            token: "T".into(),
            name: "Ben".into(),
        };
        // This device held seat 1 at table 5 on an earlier visit.
        let mut s = AppState::new(Settings::default(), None, Lang::En, None, true);
        s.hand.ticket = Some(ticket.clone());
        let s = Rc::new(s)
            .reduce(Msg::Hand(HandMsg::Open(invitation.encode())))
            .reduce(Msg::Hand(HandMsg::Join));
        let epoch = s.hand.epoch;
        let links: Vec<u32> = s
            .outbox
            .after(0)
            .filter_map(|(_, c)| match c {
                Cmd::HandLink(e) => Some(*e),
                _ => None,
            })
            .collect();
        assert_eq!(links.last(), Some(&epoch), "{links:?}");
        // The link opens: the hello, with the seat's token.
        let mark = s.outbox.last();
        let s = s.reduce(Msg::Hand(HandMsg::Opened { epoch }));
        let hello = ToTable::Hello {
            app: BUILD.into(),
            token: Some("T".into()),
        };
        assert_eq!(to_table(&s, mark), vec![(epoch, hello)]);
        // An older link's news, and a tap before the table's welcome: nothing.
        let mark = s.outbox.last();
        let s = s
            .reduce(Msg::Hand(HandMsg::Opened { epoch: epoch - 1 }))
            .reduce(Msg::Hand(HandMsg::Act(HandAct::TakeBack)));
        assert!(to_table(&s, mark).is_empty());
        // Welcomed, and shown the game on this seat's turn.
        let game = table()
            .reduce(Msg::Device(DeviceMsg::Paired {
                seat: 1,
                epoch: 1,
                token: "T".into(),
            }))
            .reduce(Msg::Device(DeviceMsg::StartPlaying));
        let game = until_turn_of(game, 1);
        let session = game.session.as_ref().unwrap();
        let snap = message_for(
            session,
            "g",
            3,
            1,
            crate::net::proto::News::STARTED,
            &mut Sent::default(),
        )
        .unwrap();
        let ToHand::Snapshot(seen) = &snap else {
            panic!("{snap:?}")
        };
        let seen = seen.clone();
        let s = s.reduce(Msg::Hand(HandMsg::Welcome {
            epoch,
            ticket: ticket.clone(),
        }));
        let mark = s.outbox.last();
        let s = s.reduce(Msg::Hand(HandMsg::Seen {
            epoch,
            message: snap,
        }));
        assert_eq!(s.screen, Screen::Hand);
        let asked: Vec<_> = s.outbox.after(mark).map(|(_, c)| c.clone()).collect();
        assert!(
            asked.iter().any(|c| matches!(c, Cmd::Buzz(200)))
                && asked.iter().any(|c| matches!(c, Cmd::KeepAwake)),
            "{asked:?}"
        );
        // A tap: the action at the move shown; the hand waits for the answer.
        let action = session.game.legal_actions().get(0).unwrap();
        let mark = s.outbox.last();
        let s = s.reduce(Msg::Hand(HandMsg::Act(HandAct::Act(action))));
        assert_eq!(
            to_table(&s, mark),
            vec![(epoch, ToTable::Act { at: 3, action })]
        );
        assert!(s.hand.pending);
        // It could not go (the link closed under it): no more waiting.
        let s = s.reduce(Msg::Hand(HandMsg::Unsent { epoch }));
        assert!(!s.hand.pending);
        // An update that does not follow on: a snapshot is asked for.
        let mut gap = (*seen).clone();
        gap.log_from += 1;
        let mark = s.outbox.last();
        let s = s.reduce(Msg::Hand(HandMsg::Seen {
            epoch,
            message: ToHand::Update(Box::new(gap)),
        }));
        assert_eq!(to_table(&s, mark), vec![(epoch, ToTable::Sync)]);
        // Leaving closes the link: the next number, with no invitation.
        let mark = s.outbox.last();
        let s = s.reduce(Msg::Hand(HandMsg::Leave));
        assert!(s.hand.invitation.is_none());
        assert!(s
            .outbox
            .after(mark)
            .any(|(_, c)| matches!(c, Cmd::HandLink(e) if *e == s.hand.epoch && *e > epoch)));
    }

    /// A reply is judged by the reducer: a code that is cut off says so;
    /// a reply pasted under the wrong seat is taken for its own, and the
    /// seat it was pasted under says so; an invitation answered already,
    /// or another one, is refused; a reply inside a message is found.
    #[test]
    fn a_reply_is_judged_in_the_reducer_and_taken_for_its_own_seat() {
        use crate::net::code::tests::{CHROMIUM_OFFER, FIREFOX_ANSWER};
        let mut s = AppState::new(Settings::default(), None, Lang::En, None, true);
        s.lobby.seats[1] = SeatSetup::remote("Ben");
        s.lobby.seats[2] = SeatSetup::remote("Cy");
        let s = Rc::new(s).reduce(Msg::Start {
            seed: 9,
            id: "0000002a00000000".into(),
        });
        let table = s.devices.table;
        let offers = [
            Peer::from_sdp(CHROMIUM_OFFER).unwrap(),
            Peer::from_sdp(&CHROMIUM_OFFER.replace("YStB", "QxZw")).unwrap(),
        ];
        assert_ne!(offers[0].tag(), offers[1].tag());
        let mut s = s;
        for (seat, peer) in [(1, &offers[0]), (2, &offers[1])] {
            let code = Invitation {
                table,
                seat,
                peer: peer.clone(),
            }
            .encode();
            s = s.reduce(Msg::Device(DeviceMsg::Invited {
                seat,
                epoch: 1,
                code,
            }));
        }
        let phone = Peer::from_sdp(FIREFOX_ANSWER).unwrap();
        let reply = |seat: Seat, tag| {
            Reply {
                seat,
                tag,
                peer: phone.clone(),
            }
            .encode()
        };
        let paste = |s: &Rc<AppState>, under: Seat, text: String| {
            s.clone()
                .reduce(Msg::Device(DeviceMsg::Reply { seat: under, text }))
        };
        let accepted = |s: &AppState, mark: u64| -> Vec<(Seat, u32)> {
            s.outbox
                .after(mark)
                .filter_map(|(_, c)| match c {
                    Cmd::Accept { seat, epoch, peer } => {
                        assert_eq!(**peer, phone);
                        Some((*seat, *epoch))
                    }
                    _ => None,
                })
                .collect()
        };
        let row = |s: &AppState, seat: Seat| s.devices.seat(seat).unwrap().clone();
        let mark = s.outbox.last();
        // Cut off.
        let cy = reply(2, offers[1].tag());
        let cut = paste(&s, 1, cy[..cy.len() - 10].to_string());
        assert_eq!(row(&cut, 1).problem, Some(Problem::Code(CodeError::CutOff)));
        assert!(accepted(&cut, mark).is_empty());
        // Another invitation (an older one's tag).
        let old = paste(&s, 2, reply(2, offers[1].tag() ^ 1));
        assert_eq!(row(&old, 2).problem, Some(Problem::OtherInvitation));
        assert!(accepted(&old, mark).is_empty());
        // Cy's reply pasted under Ben: taken for Cy, and Ben's row says so.
        let s = paste(&s, 1, format!("Cy's reply: {cy} thanks"));
        assert_eq!(accepted(&s, mark), vec![(2, 1)]);
        assert_eq!(row(&s, 2).link, LinkState::Connecting);
        assert_eq!(row(&s, 1).link, LinkState::Inviting);
        assert_eq!(row(&s, 1).problem, Some(Problem::TakenFor("Cy".into())));
        // The same again: answered already.
        let mark = s.outbox.last();
        let again = paste(&s, 2, cy.clone());
        assert_eq!(row(&again, 2).problem, Some(Problem::AlreadyAnswered));
        assert!(accepted(&again, mark).is_empty());
        // Ben's own reply, under his seat.
        let s = paste(&s, 1, reply(1, offers[0].tag()));
        assert_eq!(accepted(&s, mark), vec![(1, 1)]);
        assert_eq!(row(&s, 1).problem, None);
    }
}
