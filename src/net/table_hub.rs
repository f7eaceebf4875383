//! The table device's links to the seats on their own devices: one WebRTC
//! connection per seat, made when its invitation is needed, judged message
//! by message, and kept up to date after every change of the game. The
//! reducer holds what the player sees of each (`state.rs`); this hook holds
//! the connections and talks to them.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use mojo_engine::Seat;
use yew::prelude::*;

use super::code::{Invitation, Reply};
use super::proto::{self, message_for, Refusal, Sent, ToHand, ToTable};
use super::rtc::{self, Link, LinkEvent};
use super::state::{DeviceMsg, Owed, Problem, CONNECT_MS};
use super::BUILD;
use crate::app::{AppState, Msg};
use crate::browser::random_u64;

/// One seat's connection.
struct Entry {
    seat: Seat,
    epoch: u32,
    /// `None` while the invitation is being made.
    link: Option<Rc<Link>>,
    /// The invitation's tag, which a reply must repeat.
    tag: Option<u16>,
    /// The device said hello and holds the seat.
    hello: bool,
    sent: Sent,
}

type Hub = Rc<RefCell<Vec<Entry>>>;
type Latest = Rc<RefCell<Option<UseReducerHandle<AppState>>>>;

/// Keeps the links of the table's remote seats; the callback takes a
/// reply (seat, text) typed, pasted or scanned on the table.
#[hook]
pub fn use_table_devices(
    state: &UseReducerHandle<AppState>,
    send: &Callback<Msg>,
) -> Callback<(Seat, String)> {
    let hub: Hub = use_mut_ref(Vec::new);
    let latest: Latest = use_mut_ref(|| None);
    *latest.borrow_mut() = Some(state.clone());

    // Links follow the remote seats and their invitation numbers.
    {
        let wanted: Vec<(Seat, u32)> = state
            .devices
            .seats
            .iter()
            .map(|r| (r.seat, r.epoch))
            .collect();
        let hub = hub.clone();
        let latest = latest.clone();
        let send = send.clone();
        let ice = state.settings.ice_servers.clone();
        use_effect_with((wanted, state.devices.table), move |(wanted, table)| {
            let mut new = Vec::new();
            {
                let mut entries = hub.borrow_mut();
                entries.retain(|e| {
                    let keep = wanted.contains(&(e.seat, e.epoch));
                    if let (false, Some(link)) = (keep, &e.link) {
                        // A seat given to a bot or to this device: its
                        // device is told, then the link closes.
                        if e.hello && !wanted.iter().any(|(s, _)| *s == e.seat) {
                            link.send(&proto::encode(&ToHand::Bye));
                        }
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
                            hello: false,
                            sent: Sent::default(),
                        });
                        new.push((seat, epoch));
                    }
                }
            }
            for (seat, epoch) in new {
                invite(
                    Rc::downgrade(&hub),
                    latest.clone(),
                    send.clone(),
                    ice.clone(),
                    *table,
                    seat,
                    epoch,
                );
            }
        });
    }
    // Every link closes with the table.
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
    // After every change, each device gets what changed for its seat, and
    // the refusals the reducer decided since.
    {
        let hub = hub.clone();
        let state = state.clone();
        let last_owed = use_mut_ref(|| 0u32);
        let deps = (state.seq, state.game_id.clone(), state.devices.clone());
        use_effect_with(deps, move |_| {
            send_owed(&hub, &state.devices.owed, &mut last_owed.borrow_mut());
            for e in hub.borrow_mut().iter_mut() {
                update(&state, e);
            }
        });
    }
    let send = send.clone();
    Callback::from(move |(seat, text): (Seat, String)| connect(&hub, &send, seat, &text))
}

/// Sends `e`'s device what it has not seen yet.
fn update(state: &AppState, e: &mut Entry) {
    let (Some(session), Some(link)) = (&state.session, &e.link) else {
        return;
    };
    if !e.hello {
        return;
    }
    let waiting = state.devices.waiting_for(session);
    if let Some(message) = message_for(
        session,
        &state.game_id,
        state.seq,
        e.seat,
        waiting,
        &mut e.sent,
    ) {
        link.send(&proto::encode(&message));
    }
}

/// Makes `seat`'s invitation number `epoch`.
fn invite(
    hub: Weak<RefCell<Vec<Entry>>>,
    latest: Latest,
    send: Callback<Msg>,
    ice: Vec<String>,
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
        Rc::new(move |event| heard(&hub, &latest, &send, seat, epoch, event))
    };
    wasm_bindgen_futures::spawn_local(async move {
        let made = Link::offer(&ice, on_event).await;
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
                let code = Invitation { table, seat, peer }.encode();
                drop(entries);
                send.emit(Msg::Device(DeviceMsg::Invited { seat, epoch, code }));
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

/// A reply for `seat`'s invitation: checked, then taken. (No borrow of the
/// hub is held while a message is sent: the reducer may run at once.)
fn connect(hub: &Hub, send: &Callback<Msg>, seat: Seat, text: &str) {
    let found = hub
        .borrow()
        .iter()
        .find(|e| e.seat == seat)
        .and_then(|e| Some((e.epoch, e.link.clone()?, e.tag)));
    let Some((epoch, link, tag)) = found else {
        return;
    };
    let problem = move |problem| {
        Msg::Device(DeviceMsg::Problem {
            seat,
            epoch,
            problem,
        })
    };
    let reply = match Reply::decode(text) {
        Ok(r) => r,
        Err(e) => return send.emit(problem(Problem::Code(e))),
    };
    if reply.seat != seat || Some(reply.tag) != tag {
        return send.emit(problem(Problem::OtherInvitation));
    }
    if link.answered() {
        return send.emit(problem(Problem::AlreadyAnswered));
    }
    send.emit(Msg::Device(DeviceMsg::Connecting { seat, epoch }));
    // A connection that does not open in time is given up (the reducer
    // ignores this once the device said hello, or for an older link).
    let watch = send.clone();
    gloo::timers::callback::Timeout::new(CONNECT_MS, move || {
        watch.emit(Msg::Device(DeviceMsg::Unanswered { seat, epoch }))
    })
    .forget();
    let send = send.clone();
    wasm_bindgen_futures::spawn_local(async move {
        if let Err(why) = link.accept(&reply.peer).await {
            web_sys::console::warn_1(
                &format!("mojo: the reply for seat {seat} was refused: {why}").into(),
            );
            send.emit(problem(Problem::Failed));
        }
    });
}

/// Sends each refusal of `owed` numbered after `last` to its device (the
/// link it came on, if still open), and logs it.
fn send_owed(hub: &Hub, owed: &[Owed], last: &mut u32) {
    let from = *last;
    for o in owed.iter().filter(|o| o.id > from) {
        *last = o.id;
        web_sys::console::warn_1(
            &format!(
                "mojo: refused a message from seat {}'s device: {}",
                o.seat, o.reason
            )
            .into(),
        );
        let link = with_entry(hub, o.seat, o.epoch, |e| e.link.clone()).flatten();
        if let Some(link) = link {
            link.send(&proto::encode(&ToHand::Refused {
                reason: o.reason.clone(),
            }));
        }
    }
}

/// Refuses a message of `seat`'s device at the link's level (before the
/// game's judgement: unreadable, no hello, another app, the seat taken):
/// tells it why, and logs it.
fn refuse(link: &Link, send: &Callback<Msg>, seat: Seat, reason: Refusal) {
    web_sys::console::warn_1(
        &format!("mojo: refused a message from seat {seat}'s device: {reason}").into(),
    );
    link.send(&proto::encode(&ToHand::Refused { reason }));
    send.emit(Msg::Device(DeviceMsg::Refused));
}

/// Runs `f` on the entry of `seat`'s link number `epoch`, if it is still
/// there.
fn with_entry<T>(hub: &Hub, seat: Seat, epoch: u32, f: impl FnOnce(&mut Entry) -> T) -> Option<T> {
    hub.borrow_mut()
        .iter_mut()
        .find(|e| e.seat == seat && e.epoch == epoch)
        .map(f)
}

/// What a seat's link heard.
fn heard(
    hub: &Weak<RefCell<Vec<Entry>>>,
    latest: &Latest,
    send: &Callback<Msg>,
    seat: Seat,
    epoch: u32,
    event: LinkEvent,
) {
    let Some(hub) = hub.upgrade() else {
        return;
    };
    let Some((link, hello)) =
        with_entry(&hub, seat, epoch, |e| Some((e.link.clone()?, e.hello))).flatten()
    else {
        return;
    };
    let text = match event {
        LinkEvent::Open => return,
        LinkEvent::Closed => return send.emit(Msg::Device(DeviceMsg::Lost { seat, epoch })),
        LinkEvent::Message(text) => text,
    };
    let Some(state) = latest.borrow().clone() else {
        return;
    };
    let message = match proto::decode::<ToTable>(&text) {
        Ok(m) => m,
        Err(reason) => return refuse(&link, send, seat, reason),
    };
    let problem = |problem| {
        Msg::Device(DeviceMsg::Problem {
            seat,
            epoch,
            problem,
        })
    };
    match message {
        // This link said hello already: nothing more to prove.
        ToTable::Hello { .. } if hello => {}
        ToTable::Hello { app, token } => {
            if app != BUILD {
                send.emit(problem(Problem::OtherApp));
                return refuse(
                    &link,
                    send,
                    seat,
                    Refusal::OtherApp {
                        theirs: app,
                        ours: BUILD.to_string(),
                    },
                );
            }
            let held = state.devices.seat(seat).and_then(|r| r.token.clone());
            let token = match (held, token) {
                (Some(held), Some(proof)) if held == proof => held,
                (Some(_), _) => {
                    send.emit(problem(Problem::SeatTaken));
                    return refuse(&link, send, seat, Refusal::SeatTaken);
                }
                (None, _) => format!("{:016x}{:016x}", random_u64(), random_u64()),
            };
            let name = state
                .session
                .as_ref()
                .map(|s| s.name(seat).to_string())
                .unwrap_or_default();
            link.send(&proto::encode(&ToHand::Welcome {
                app: BUILD.to_string(),
                table: state.devices.table,
                seat,
                name,
                token: token.clone(),
            }));
            with_entry(&hub, seat, epoch, |e| {
                e.hello = true;
                e.sent = Sent::default();
                update(&state, e);
            });
            send.emit(Msg::Device(DeviceMsg::Paired { seat, epoch, token }));
        }
        // The game's judgement is the reducer's (`AppState::remote`): it
        // applies the action or owes the device a refusal, which the
        // effect after the change sends (`send_owed`).
        ToTable::Act { .. } | ToTable::TakeBack { .. } if !hello => {
            refuse(&link, send, seat, Refusal::NoHello)
        }
        ToTable::Act { at, action } => send.emit(Msg::RemoteAct {
            seat,
            epoch,
            at,
            action,
        }),
        ToTable::TakeBack { at } => send.emit(Msg::RemoteTakeBack { seat, epoch, at }),
        ToTable::Sync => {
            with_entry(&hub, seat, epoch, |e| {
                if e.hello {
                    e.sent = Sent::default();
                    update(&state, e);
                }
            });
        }
    }
}
