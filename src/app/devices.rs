//! The table's seats on their own devices: a seat moved to a device, to a
//! bot or back here; every phone message judged in one place
//! ([`AppState::heard`], [`AppState::remote`]); a reply taken; what each
//! paired device is sent after a change.

use std::rc::Rc;

use mojo_engine::{Action, Seat};

use super::{AppState, Overlay};
use crate::cmd::{Cmd, Later};
use crate::net::code::{Invitation, Reply};
use crate::net::devices::{
    DeviceMsg, Devices, LinkState, Problem, RemoteSeat, INVITATION_MS, RECONNECT_MS,
};
use crate::net::proto::{self, Refusal, ToHand, ToTable};
use crate::net::BUILD;
use crate::session::{Actor, Ask, Level};

impl AppState {
    // Play across devices (the state is `net::devices`'s; the changes to
    // the rest of the app are decided here).
    pub(super) fn device_msg(&mut self, msg: DeviceMsg) {
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
            DeviceMsg::Invited { seat, epoch, .. } => {
                // Good for INVITATION_MS: then withdrawn unless answered.
                self.devices.apply(msg);
                self.outbox.push(Cmd::After {
                    ms: INVITATION_MS,
                    msg: Later::Device(DeviceMsg::Expired { seat, epoch }),
                });
            }
            DeviceMsg::Unsteady { seat, epoch } => {
                // A paired link drifts: its window of drift starts; at its
                // end the link is given up if it still drifts.
                let drift = |d: &Devices| d.seat(seat).and_then(|r| r.reconnecting);
                let was = drift(&self.devices);
                self.devices.apply(DeviceMsg::Unsteady { seat, epoch });
                if let Some(drift) = drift(&self.devices).filter(|&d| was != Some(d)) {
                    let msg = Later::Device(DeviceMsg::Adrift { seat, epoch, drift });
                    self.outbox.push(Cmd::After {
                        ms: RECONNECT_MS,
                        msg,
                    });
                }
            }
            link => self.devices.apply(link),
        }
    }

    /// The table's page went to the background (or came back): every
    /// paired device is told, so that its player knows the game waits
    /// for the table, and for whom ("Ann's table is away").
    pub(super) fn shown(&mut self, shown: bool) {
        let host = self.session.as_ref().and_then(|s| {
            let here = (0..s.players()).find(|&seat| s.is_here(seat));
            here.map(|seat| s.name(seat).to_string())
        });
        for (seat, epoch) in self.devices.paired() {
            let message = match shown {
                true => ToHand::Back,
                false => ToHand::Away {
                    host: host.clone().unwrap_or_default(),
                },
            };
            self.outbox.push(Cmd::ToDevice {
                seat,
                epoch,
                message: Rc::new(message),
            });
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
            let device = Actor::Device { seat, at, now };
            let judged = match action {
                Some(_) if passed => Err(Refusal::StaleMove {
                    at,
                    now: now.max(at + 1),
                }),
                Some(action) => session
                    .perform(device, Ask::Act(action))
                    .map_err(Refusal::from),
                None => session
                    .perform(device, Ask::TakeBack)
                    .map_err(Refusal::from),
            };
            judged.map_err(|reason| refusal = Some(reason)).is_ok()
        });
        match refusal {
            Some(reason) => self.refuse(seat, epoch, reason),
            None if action.is_some() => self.devices.pass(seat, epoch, at),
            None => {}
        }
    }

    /// Refuses a message of the device of `seat` on link `epoch`: counted,
    /// and the device told why.
    fn refuse(&mut self, seat: Seat, epoch: u32, reason: Refusal) {
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

    /// The seat whose invitation `reply` answers: its seat, link number
    /// and link's state.
    pub(super) fn answered_by(&self, reply: &Reply) -> Option<(Seat, u32, LinkState)> {
        let answers = |r: &&RemoteSeat| {
            r.seat == reply.seat
                && r.invitation
                    .as_deref()
                    .and_then(|code| Invitation::decode(code).ok())
                    .is_some_and(|i| i.seat == reply.seat && i.peer.tag() == reply.tag)
        };
        let seat = self.devices.seats.iter().find(answers);
        seat.map(|r| (r.seat, r.epoch, r.link))
    }

    /// A reply typed, pasted or scanned under `seat`'s invitation, judged
    /// here: its code, the invitation it answers, whether that one was
    /// answered already. A reply to another seat's invitation is taken for
    /// that seat, and the seat it was pasted under says so. Then the link
    /// connects (`Cmd::Accept`).
    pub(super) fn reply(&mut self, seat: Seat, text: &str) {
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
        let Some((to, to_epoch, link)) = self.answered_by(&reply) else {
            // An invitation of this table that expired, or none of its own.
            let expired = self.devices.seats.iter().find_map(|r| {
                let (tag, until) = r.expired.as_ref()?;
                (r.seat == reply.seat && *tag == reply.tag).then(|| until.clone())
            });
            return said(
                self,
                expired.map_or(Problem::OtherInvitation, Problem::Expired),
            );
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
        self.devices.answered(to, to_epoch, &reply.peer);
        self.outbox.push(Cmd::Accept {
            seat: to,
            epoch: to_epoch,
            peer: Rc::new(reply.peer),
        });
    }
}
