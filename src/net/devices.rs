//! The table's seats on their own devices ([`Devices`]), as the table
//! sees them, and the news that change them ([`DeviceMsg`]). Pure, like the
//! reducer: the links themselves are the drivers' (`drivers/table_links.rs`), and the app's reducer
//! (`app/devices.rs`) takes what changes the rest of the app.

use mojo_engine::Seat;

use super::code::{CodeError, Invitation, Kind, Peer};
use super::proto::Sent;
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

/// How long an invitation stays good (issue 35: a reply sent through a
/// messenger may come back minutes later). The table shows until when;
/// then it makes a new one, and a reply to the old one is told that it
/// expired (`Problem::Expired`). The phone keeps its reply's connection
/// looking for the table that long (`drivers/rtc.rs`), and then says the
/// invitation expired. The network lab connects replies taken 10 minutes
/// late (BENCHMARKS.md, "Across the internet").
pub const INVITATION_MS: u32 = 600_000;

/// A time of day on this device's clock, as its driver read it (the
/// reducer is pure): when an invitation stops being good.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    pub hours: u8,
    pub minutes: u8,
    /// As the device writes the time ("7:42 PM" on a 12-hour device,
    /// "19:42" on a 24-hour one: its own format, issue 56); empty where
    /// it could not say, then `H:MM`.
    pub shown: String,
}

impl std::fmt::Display for Clock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.shown.is_empty() {
            write!(f, "{}:{:02}", self.hours, self.minutes)
        } else {
            f.write_str(&self.shown)
        }
    }
}

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
    /// The devices found no path to each other, and why, as their codes'
    /// candidates tell ([`why_no_path`]).
    NoPath(NoPath),
    /// This browser has no WebRTC.
    NoWebRtc,
    /// The reply pasted here answered another seat's invitation (this
    /// person's): it was taken for that seat.
    TakenFor(String),
    /// The invitation answered was good until then, and no longer is (on
    /// the table: a reply to it came too late; on the phone: the table
    /// never took the reply in time).
    Expired(Clock),
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
    /// The reply being connected (its device's candidates tell why a
    /// connection that fails failed).
    pub answer: Option<Peer>,
    /// The channel of the link being connected opened: if no hello comes,
    /// the path was not the trouble.
    pub opened: bool,
    /// Until when the invitation on offer is good ([`INVITATION_MS`]).
    pub valid_until: Option<Clock>,
    /// The last invitation that expired unanswered: its tag (a reply to
    /// it is told so), and until when it was good.
    pub expired: Option<(u16, Clock)>,
}

/// Why two devices found no path, told from the candidates their codes
/// carried (issue 35: never blame the Wi-Fi when the candidates show two
/// networks).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoPath {
    /// Neither device's public address is known (no STUN server answered,
    /// or none is listed): whether they share a network cannot be told.
    NoSharedNetwork,
    /// Both public addresses are known and differ: two networks with no
    /// direct path between them; a relay (TURN) is needed.
    NeedsRelay,
    /// One public address for both: one network, which keeps its devices
    /// apart (a guest Wi-Fi).
    SameNetworkApart,
    /// A relay was offered, and still no path: its address, user name or
    /// password is wrong, or it cannot be reached.
    RelayFailed,
}

/// Why no connection between the codes `ours` and `theirs` was made
/// (their candidates: server-reflexive ones give each side's public
/// address, relay ones a relay that was reached).
pub fn why_no_path(ours: &Peer, theirs: &Peer) -> NoPath {
    let all = || ours.candidates.iter().chain(&theirs.candidates);
    if all().any(|c| c.kind == Kind::Relay) {
        return NoPath::RelayFailed;
    }
    let (mine, yours) = (ours.public_addresses(), theirs.public_addresses());
    if mine.is_empty() || yours.is_empty() {
        NoPath::NoSharedNetwork
    } else if two_networks(ours, theirs) {
        NoPath::NeedsRelay
    } else {
        NoPath::SameNetworkApart
    }
}

/// Whether the devices of codes `a` and `b` are on two networks: both
/// public addresses are known (STUN answered each) and they differ. Then
/// a link lost cannot be made again by a scan across the room: the way
/// back is a new invitation sent through the messenger.
pub fn two_networks(a: &Peer, b: &Peer) -> bool {
    let (mine, yours) = (a.public_addresses(), b.public_addresses());
    !mine.is_empty() && !yours.is_empty() && !mine.iter().any(|x| yours.contains(x))
}

impl RemoteSeat {
    /// Why its connection failed: from the invitation's and the reply's
    /// candidates when both are known, else only that it failed.
    fn why_failed(&self) -> Problem {
        let ours = self
            .invitation
            .as_deref()
            .and_then(|c| Invitation::decode(c).ok());
        match (ours, &self.answer) {
            (Some(ours), Some(theirs)) if !self.opened => {
                Problem::NoPath(why_no_path(&ours.peer, theirs))
            }
            _ => Problem::Failed,
        }
    }

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
            answer: None,
            opened: false,
            valid_until: None,
            expired: None,
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
}

impl Devices {
    /// Applies a link's news (the messages that change the devices'
    /// state only; the app's reducer takes the others, which change the
    /// game's seats or the screen).
    pub(crate) fn apply(&mut self, msg: DeviceMsg) {
        match msg {
            DeviceMsg::Invited {
                seat,
                epoch,
                code,
                until,
            } => {
                if let Some(r) = self.seat_mut(seat, Some(epoch)) {
                    r.invitation = Some(code);
                    r.valid_until = Some(until);
                    r.link = LinkState::Inviting;
                }
            }
            DeviceMsg::Expired { seat, epoch } => {
                if let Some(r) = self.seat_mut(seat, Some(epoch)) {
                    let tag = (r.link == LinkState::Inviting)
                        .then(|| r.invitation.as_deref().map(Invitation::decode))
                        .flatten()
                        .and_then(Result::ok)
                        .map(|i| i.peer.tag());
                    if let (Some(tag), Some(until)) = (tag, r.valid_until.take()) {
                        r.expired = Some((tag, until.clone()));
                        r.problem = Some(Problem::Expired(until));
                        r.epoch += 1;
                        r.invitation = None;
                        r.valid_until = None;
                        r.answer = None;
                    }
                }
            }
            DeviceMsg::Connecting { seat, epoch } => {
                if let Some(r) = self.seat_mut(seat, Some(epoch)) {
                    r.link = LinkState::Connecting;
                    r.problem = None;
                    r.opened = false;
                }
            }
            DeviceMsg::Opened { seat, epoch } => {
                if let Some(r) = self.seat_mut(seat, Some(epoch)) {
                    r.opened = true;
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
                    r.valid_until = None;
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
                    if failed {
                        r.problem = Some(r.why_failed());
                    }
                    r.epoch += 1;
                    r.reconnecting = None;
                    r.link = LinkState::Inviting;
                    r.invitation = None;
                    r.valid_until = None;
                    r.answer = None;
                    r.opened = false;
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
                    r.valid_until = None;
                    r.problem = None;
                    r.answer = None;
                }
            }
            DeviceMsg::OtherDevice(seat) => {
                if let Some(r) = self.seat_mut(seat, None) {
                    r.token = None;
                    r.reconnecting = None;
                    r.epoch += 1;
                    r.link = LinkState::Inviting;
                    r.invitation = None;
                    r.valid_until = None;
                    r.problem = None;
                    r.answer = None;
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

    /// The reply taken for `seat`'s link `epoch`, being connected.
    pub(crate) fn answered(&mut self, seat: Seat, epoch: u32, peer: &Peer) {
        if let Some(r) = self.seat_mut(seat, Some(epoch)) {
            r.answer = Some(peer.clone());
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
    /// The invitation of `seat`'s link number `epoch` is ready, good
    /// until `until` (the driver's clock, [`INVITATION_MS`] on).
    Invited {
        seat: Seat,
        epoch: u32,
        code: String,
        until: Clock,
    },
    /// The invitation of link `epoch` was made [`INVITATION_MS`] ago: if
    /// nobody answered it, it is withdrawn and a new one made.
    Expired {
        seat: Seat,
        epoch: u32,
    },
    /// A reply was taken: connecting.
    Connecting {
        seat: Seat,
        epoch: u32,
    },
    /// The link's data channel opened: a path was found (a hello is still
    /// to come).
    Opened {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_pairing_says_which_case_it_is_from_the_candidates() {
        let peer = crate::net::code::tests::peer_with;
        let host = (Kind::Host, [192, 168, 1, 20]);
        let ann = (Kind::Srflx, [203, 0, 113, 7]);
        let ben = (Kind::Srflx, [198, 51, 100, 9]);
        let relay = (Kind::Relay, [192, 0, 2, 1]);
        // No public address known (no STUN server): it cannot be told.
        assert_eq!(
            why_no_path(&peer(&[host]), &peer(&[host])),
            NoPath::NoSharedNetwork
        );
        assert_eq!(
            why_no_path(&peer(&[host, ann]), &peer(&[host])),
            NoPath::NoSharedNetwork
        );
        // Two public addresses: two networks; never the Wi-Fi's fault.
        assert_eq!(
            why_no_path(&peer(&[host, ann]), &peer(&[host, ben])),
            NoPath::NeedsRelay
        );
        // One public address: one network that keeps devices apart.
        assert_eq!(
            why_no_path(&peer(&[host, ann]), &peer(&[ann])),
            NoPath::SameNetworkApart
        );
        // A relay was there, on either side: it is the relay.
        assert_eq!(
            why_no_path(&peer(&[host, ann, relay]), &peer(&[ben])),
            NoPath::RelayFailed
        );
        assert_eq!(
            why_no_path(&peer(&[host]), &peer(&[relay])),
            NoPath::RelayFailed
        );
    }
}
