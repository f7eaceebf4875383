//! A hand device's link to the table, for the executor (`exec.rs`): it
//! answers the invitation the reducer holds ([`HandLink::open`]), sends
//! what the reducer decided ([`HandLink::send`]) and passes everything it
//! hears to the reducer as `HandMsg`s. It decides nothing: the hello, the
//! actions and the snapshot requests are the reducer's (`AppState::hand_msg`,
//! `AppState::decide`). Also the two effects of holding a seat: the screen
//! kept on and a turn felt.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::{JsCast, JsValue};
use yew::prelude::*;

use crate::app::Msg;
use crate::drivers::network;
use crate::drivers::rtc::{self, Link, LinkEvent};
use crate::net::code::{Invitation, Reply};
use crate::net::devices::Problem;
use crate::net::hand::HandMsg;
use crate::net::ice::Relay;
use crate::net::proto::{self, ToTable};

/// The link number wanted, and its link once the answer made it.
type Slot = Rc<RefCell<(u32, Option<Rc<Link>>)>>;

/// This device's link to a table.
#[derive(Clone)]
pub struct HandLink {
    slot: Slot,
    send: Callback<Msg>,
}

/// Keeps this device's link to a table (it closes with the app).
#[hook]
pub fn use_hand_link(send: &Callback<Msg>) -> HandLink {
    let slot: Slot = use_mut_ref(|| (0, None));
    {
        let slot = slot.clone();
        use_effect_with((), move |_| {
            move || {
                if let Some(link) = slot.borrow_mut().1.take() {
                    link.close();
                }
            }
        });
    }
    HandLink {
        slot,
        send: send.clone(),
    }
}

impl HandLink {
    /// Closes the link there is, then answers `invitation` as link number
    /// `epoch` (none: the link stays closed).
    pub fn open(&self, epoch: u32, invitation: Option<&Invitation>, relays: &Rc<[Relay]>) {
        let old = std::mem::replace(&mut *self.slot.borrow_mut(), (epoch, None));
        if let Some(old) = old.1 {
            old.close();
        }
        if let Some(invitation) = invitation {
            answer(self.clone(), relays.clone(), invitation.clone(), epoch);
        }
    }

    /// Sends `message` on link `epoch`; the reducer hears if it could not.
    pub fn send(&self, epoch: u32, message: &ToTable) {
        self.send_telling(epoch, message, &self.send);
    }

    /// The same, telling `tell` if it could not (the executor's queue, when
    /// it sends from inside the render: the reducer hears after it).
    pub fn send_telling(&self, epoch: u32, message: &ToTable, tell: &Callback<Msg>) {
        let link = match &*self.slot.borrow() {
            (wanted, Some(link)) if *wanted == epoch => Some(link.clone()),
            _ => None,
        };
        let sent = link.is_some_and(|link| link.send(&proto::encode(message)));
        if !sent {
            tell.emit(Msg::Hand(HandMsg::Unsent { epoch }));
        }
    }
}

/// What link `epoch` heard, as the reducer's message: a message as it was
/// sent (the reducer reads it, as the table's reads its phones').
fn heard(epoch: u32, event: LinkEvent) -> HandMsg {
    match event {
        LinkEvent::Open => HandMsg::Opened { epoch },
        LinkEvent::Closed => HandMsg::Lost { epoch },
        LinkEvent::Unanswered => HandMsg::Unanswered { epoch },
        LinkEvent::Unsteady => HandMsg::Unsteady { epoch },
        LinkEvent::Steady => HandMsg::Steady { epoch },
        LinkEvent::Message(text) => HandMsg::Heard { epoch, text },
    }
}

/// Answers `invitation` (link number `epoch`): the reply code to show the
/// table, then the channel.
fn answer(hub: HandLink, relays: Rc<[Relay]>, invitation: Invitation, epoch: u32) {
    let send = hub.send.clone();
    let problem = move |problem| Msg::Hand(HandMsg::Problem { epoch, problem });
    if !rtc::supported() {
        send.emit(problem(Problem::NoWebRtc));
        return;
    }
    let on_event: Rc<dyn Fn(LinkEvent)> = {
        let send = send.clone();
        Rc::new(move |event| send.emit(Msg::Hand(heard(epoch, event))))
    };
    let slot = Rc::downgrade(&hub.slot);
    wasm_bindgen_futures::spawn_local(async move {
        let servers = network::link_servers(&relays, &send).await;
        match Link::answer(&servers, &invitation.peer, on_event).await {
            Ok((link, peer)) => {
                // The app closed, or another link was asked for meanwhile.
                let Some(slot) = slot.upgrade().filter(|s| s.borrow().0 == epoch) else {
                    link.close();
                    return;
                };
                slot.borrow_mut().1 = Some(link);
                let code = Reply {
                    seat: invitation.seat,
                    tag: invitation.peer.tag(),
                    peer,
                }
                .encode();
                send.emit(Msg::Hand(HandMsg::Replied { epoch, code }));
            }
            Err(why) => {
                web_sys::console::warn_1(
                    &format!("mojo: could not answer the invitation: {why}").into(),
                );
                send.emit(problem(Problem::Failed));
            }
        }
    });
}

/// A short vibration where the browser has `navigator.vibrate` (Android
/// browsers). Safari and Firefox have none: web-sys's binding would throw
/// there, and a throw inside an effect stops the app's rendering for good,
/// so the method is looked up first.
pub fn buzz(ms: u32) {
    let Some(nav) = web_sys::window().map(|w| w.navigator()) else {
        return;
    };
    let Ok(vibrate) = js_sys::Reflect::get(&nav, &JsValue::from_str("vibrate")) else {
        return;
    };
    if let Some(vibrate) = vibrate.dyn_ref::<js_sys::Function>() {
        let _ = vibrate.call1(&nav, &JsValue::from(ms));
    }
}

/// Asks the browser to keep the screen on (Screen Wake Lock, where there
/// is one: the lock ends by itself when the page is hidden, and is asked
/// for again at the next turn).
pub fn keep_awake() {
    let Some(nav) = web_sys::window().map(|w| w.navigator()) else {
        return;
    };
    let Ok(lock) = js_sys::Reflect::get(&nav, &JsValue::from_str("wakeLock")) else {
        return;
    };
    let Ok(request) = js_sys::Reflect::get(&lock, &JsValue::from_str("request")) else {
        return;
    };
    if let Some(request) = request.dyn_ref::<js_sys::Function>() {
        if let Ok(promise) = request.call1(&lock, &JsValue::from_str("screen")) {
            if let Ok(promise) = promise.dyn_into::<js_sys::Promise>() {
                // Refused (a hidden page, no permission): nothing to do.
                wasm_bindgen_futures::spawn_local(async move {
                    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
                });
            }
        }
    }
}
