//! The table device's links to the seats on their own devices: one WebRTC
//! connection per seat, opened and closed as the reducer's seats say
//! ([`Links::sync`]), and the messages the reducer decided sent on them
//! ([`Links::send`]), and a reply the reducer took accepted
//! ([`Links::accept`]). What the links hear goes to the reducer as it is
//! (`DeviceMsg::Heard`), which judges every message (`AppState::heard`):
//! this module decides nothing about the game. Its commands come from the
//! one executor (`exec.rs`).

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use mojo_engine::Seat;
use yew::prelude::*;

use crate::app::Msg;
use crate::drivers::browser::{clock_in, random_u64};
use crate::drivers::network;
use crate::drivers::rtc::{self, Link, LinkEvent};
use crate::net::code::{Invitation, Peer};
use crate::net::devices::{DeviceMsg, Problem, CONNECT_MS, INVITATION_MS};
use crate::net::ice::{self, Relay};
use crate::net::proto::{self, Refusal, ToHand};

/// One seat's connection.
struct Entry {
    seat: Seat,
    epoch: u32,
    /// `None` while the invitation is being made.
    link: Option<Rc<Link>>,
    /// The invitation's tag, which a reply must repeat.
    tag: Option<u16>,
}

type Hub = Rc<RefCell<Vec<Entry>>>;

/// The table's links, for the executor.
#[derive(Clone)]
pub struct Links {
    hub: Hub,
    send: Callback<Msg>,
}

/// Keeps the links of the table's remote seats (every link closes with
/// the table).
#[hook]
pub fn use_table_links(send: &Callback<Msg>) -> Links {
    let hub: Hub = use_mut_ref(Vec::new);
    {
        let hub = hub.clone();
        use_effect_with((), move |_| {
            move || {
                for e in hub.borrow_mut().drain(..) {
                    if let Some(link) = e.link {
                        link.close();
                    }
                }
            }
        });
    }
    Links {
        hub,
        send: send.clone(),
    }
}

impl Links {
    /// Links follow the remote seats and their invitation numbers: a link
    /// no longer wanted is closed, a wanted one is invited.
    pub fn sync(&self, table: u32, wanted: &[(Seat, u32)], relays: &Rc<[Relay]>) {
        let mut new = Vec::new();
        {
            let mut entries = self.hub.borrow_mut();
            entries.retain(|e| {
                let keep = wanted.contains(&(e.seat, e.epoch));
                if let (false, Some(link)) = (keep, &e.link) {
                    link.close();
                }
                keep
            });
            for &(seat, epoch) in wanted {
                if !entries.iter().any(|e| e.seat == seat) {
                    entries.push(Entry {
                        seat,
                        epoch,
                        link: None,
                        tag: None,
                    });
                    new.push((seat, epoch));
                }
            }
        }
        for (seat, epoch) in new {
            let (hub, send) = (Rc::downgrade(&self.hub), self.send.clone());
            invite(hub, send, relays.clone(), table, seat, epoch);
        }
    }

    /// Sends `message` on the link `epoch` of `seat`'s device, if it is
    /// still open.
    pub fn send(&self, seat: Seat, epoch: u32, message: &ToHand) {
        if let Some(link) = with_entry(&self.hub, seat, epoch, |e| e.link.clone()).flatten() {
            link.send(&proto::encode(message));
        }
    }

    /// Tells the device of `seat` (link `epoch`) why its message was
    /// refused, and logs it.
    pub fn refuse(&self, seat: Seat, epoch: u32, reason: &Refusal) {
        web_sys::console::warn_1(
            &format!("mojo: refused a message from seat {seat}'s device: {reason}").into(),
        );
        let reason = reason.clone();
        self.send(seat, epoch, &ToHand::Refused { reason });
    }

    /// The callback that takes a reply (seat, text) typed, pasted or
    /// scanned on the table.
    /// Connects `seat`'s link `epoch` to the device whose reply the
    /// reducer took; gives the connection up after [`CONNECT_MS`] without
    /// a hello (the reducer ignores that once the device said hello).
    pub fn accept(&self, seat: Seat, epoch: u32, peer: &Rc<Peer>) {
        accept(&self.hub, &self.send, seat, epoch, peer.clone());
    }
}

/// Makes `seat`'s invitation number `epoch`.
fn invite(
    hub: Weak<RefCell<Vec<Entry>>>,
    send: Callback<Msg>,
    relays: Rc<[Relay]>,
    table: u32,
    seat: Seat,
    epoch: u32,
) {
    if !rtc::supported() {
        send.emit(Msg::Device(DeviceMsg::Problem {
            seat,
            epoch,
            problem: Problem::NoWebRtc,
        }));
        return;
    }
    let on_event: Rc<dyn Fn(LinkEvent)> = {
        let (hub, send) = (hub.clone(), send.clone());
        Rc::new(move |event| heard(&hub, &send, seat, epoch, event))
    };
    wasm_bindgen_futures::spawn_local(async move {
        let servers = network::link_servers(&relays, &send).await;
        let made = Link::offer(&servers, on_event).await;
        let Some(hub) = hub.upgrade() else {
            return;
        };
        let mut entries = hub.borrow_mut();
        let Some(entry) = entries
            .iter_mut()
            .find(|e| e.seat == seat && e.epoch == epoch)
        else {
            // No longer wanted.
            if let Ok((link, _)) = made {
                link.close();
            }
            return;
        };
        match made {
            Ok((link, peer)) => {
                entry.tag = Some(peer.tag());
                entry.link = Some(link);
                // The family's relay travels with the invitation, so the
                // phone uses it too.
                let relay = ice::travelling(&relays);
                let code = Invitation {
                    table,
                    seat,
                    peer,
                    relay,
                }
                .encode();
                drop(entries);
                let until = clock_in(INVITATION_MS);
                send.emit(Msg::Device(DeviceMsg::Invited {
                    seat,
                    epoch,
                    code,
                    until,
                }));
            }
            Err(why) => {
                drop(entries);
                web_sys::console::warn_1(
                    &format!("mojo: no invitation for seat {seat}: {why}").into(),
                );
                send.emit(Msg::Device(DeviceMsg::Problem {
                    seat,
                    epoch,
                    problem: Problem::Failed,
                }));
            }
        }
    });
}

fn accept(hub: &Hub, send: &Callback<Msg>, seat: Seat, epoch: u32, peer: Rc<Peer>) {
    let problem = move |problem| {
        Msg::Device(DeviceMsg::Problem {
            seat,
            epoch,
            problem,
        })
    };
    let link = hub
        .borrow()
        .iter()
        .find(|e| e.seat == seat && e.epoch == epoch)
        .and_then(|e| e.link.clone());
    let Some(link) = link else {
        return send.emit(problem(Problem::Failed));
    };
    if link.answered() {
        return send.emit(problem(Problem::AlreadyAnswered));
    }
    let watch = send.clone();
    crate::drivers::browser::after(CONNECT_MS, move || {
        watch.emit(Msg::Device(DeviceMsg::Unanswered { seat, epoch }))
    });
    let send = send.clone();
    wasm_bindgen_futures::spawn_local(async move {
        if let Err(why) = link.accept(&peer).await {
            web_sys::console::warn_1(
                &format!("mojo: the reply for seat {seat} was refused: {why}").into(),
            );
            send.emit(problem(Problem::Failed));
        }
    });
}

/// Runs `f` on the entry of `seat`'s link number `epoch`, if it is still
/// there.
fn with_entry<T>(hub: &Hub, seat: Seat, epoch: u32, f: impl FnOnce(&mut Entry) -> T) -> Option<T> {
    hub.borrow_mut()
        .iter_mut()
        .find(|e| e.seat == seat && e.epoch == epoch)
        .map(f)
}

/// What a seat's link heard: the reducer's to judge (a new token goes
/// with it, should it be the seat's first hello).
fn heard(
    hub: &Weak<RefCell<Vec<Entry>>>,
    send: &Callback<Msg>,
    seat: Seat,
    epoch: u32,
    event: LinkEvent,
) {
    let Some(hub) = hub.upgrade() else {
        return;
    };
    if with_entry(&hub, seat, epoch, |e| e.link.is_some()) != Some(true) {
        return;
    }
    match event {
        LinkEvent::Open => send.emit(Msg::Device(DeviceMsg::Opened { seat, epoch })),
        // The table has both codes: a connection that found no path is
        // over, and the table says why (`why_no_path`).
        LinkEvent::Closed | LinkEvent::Unanswered => {
            send.emit(Msg::Device(DeviceMsg::Lost { seat, epoch }))
        }
        LinkEvent::Unsteady => send.emit(Msg::Device(DeviceMsg::Unsteady { seat, epoch })),
        LinkEvent::Steady => send.emit(Msg::Device(DeviceMsg::Steady { seat, epoch })),
        LinkEvent::Message(text) => send.emit(Msg::Device(DeviceMsg::Heard {
            seat,
            epoch,
            text,
            token: format!("{:016x}{:016x}", random_u64(), random_u64()),
        })),
    }
}
