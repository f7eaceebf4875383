//! A hand device's link to the table: answers the invitation, says hello
//! (with the token of a seat it held there), passes the table's messages to
//! the reducer and sends this seat's actions. While it holds a seat the
//! screen stays awake and a new turn is felt (vibration).

use std::cell::RefCell;
use std::rc::Rc;

use mojo_engine::Action;
use wasm_bindgen::{JsCast, JsValue};
use yew::prelude::*;

use super::code::Reply;
use super::proto::{self, ToHand, ToTable};
use super::rtc::{self, Link, LinkEvent};
use super::state::{HandMsg, Problem, Ticket};
use super::BUILD;
use crate::app::{AppState, Msg, Screen};

/// What a hand device sends the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandAct {
    Act(Action),
    TakeBack,
}

/// Keeps this device's link to a table; the callback sends an action of
/// its seat, or a take-back (at the table's move the hand shows).
#[hook]
pub fn use_hand_link(
    state: &UseReducerHandle<AppState>,
    send: &Callback<Msg>,
) -> Callback<HandAct> {
    let link = use_mut_ref(|| None::<Rc<Link>>);
    let latest = use_mut_ref(|| None::<UseReducerHandle<AppState>>);
    *latest.borrow_mut() = Some(state.clone());

    // A new invitation to answer (or none: the link closes).
    {
        let link = link.clone();
        let send = send.clone();
        let invitation = state.hand.invitation.clone();
        let ticket = state.hand.ticket.clone();
        let ice = state.settings.ice_servers.clone();
        use_effect_with(state.hand.epoch, move |&epoch| {
            if let Some(old) = link.borrow_mut().take() {
                old.close();
            }
            if let Some(invitation) = invitation {
                answer(link.clone(), send, ice, invitation, ticket, epoch);
            }
        });
    }
    // The table's update did not follow on: ask for a snapshot.
    {
        let link = link.clone();
        use_effect_with(state.hand.resync, move |&n| {
            if n > 0 {
                if let Some(link) = link.borrow().as_ref() {
                    link.send(&proto::encode(&ToTable::Sync));
                }
            }
        });
    }
    // The link closes with the app.
    {
        let link = link.clone();
        use_effect_with((), move |_| {
            move || {
                if let Some(link) = link.borrow_mut().take() {
                    link.close();
                }
            }
        });
    }
    // While a seat is held: the screen stays on, and a turn is felt.
    {
        let holding = state.screen == Screen::Hand;
        use_effect_with(holding, |&holding| {
            if holding {
                keep_awake();
            }
        });
        let my_turn = state.hand.model.as_ref().is_some_and(|m| m.my_turn());
        use_effect_with(my_turn, |&mine| {
            if mine {
                if let Some(w) = web_sys::window() {
                    let _ = w.navigator().vibrate_with_duration(200);
                }
                keep_awake();
            }
        });
    }
    let send = send.clone();
    Callback::from(move |what: HandAct| {
        let at = latest
            .borrow()
            .as_ref()
            .and_then(|s| s.hand.model.as_ref().map(|m| m.seen.at));
        let (Some(at), Some(link)) = (at, link.borrow().clone()) else {
            return;
        };
        let message = match what {
            HandAct::Act(action) => ToTable::Act { at, action },
            HandAct::TakeBack => ToTable::TakeBack { at },
        };
        if link.send(&proto::encode(&message)) {
            if let HandAct::Act(action) = what {
                send.emit(Msg::Hand(HandMsg::Sent(action)));
            }
        }
    })
}

/// Answers `invitation` (link number `epoch`): the reply code to show the
/// table, then the channel.
fn answer(
    slot: Rc<RefCell<Option<Rc<Link>>>>,
    send: Callback<Msg>,
    ice: Vec<String>,
    invitation: super::code::Invitation,
    ticket: Option<Ticket>,
    epoch: u32,
) {
    if !rtc::supported() {
        send.emit(Msg::Hand(HandMsg::Problem {
            epoch,
            problem: Problem::NoWebRtc,
        }));
        return;
    }
    // The token of the seat this device held at this table, if any.
    let token = ticket
        .filter(|t| t.table == invitation.table && t.seat == invitation.seat)
        .map(|t| t.token);
    let on_event: Rc<dyn Fn(LinkEvent)> = {
        let (slot, send) = (Rc::downgrade(&slot), send.clone());
        Rc::new(move |event| {
            let Some(slot) = slot.upgrade() else {
                return;
            };
            let Some(link) = slot.borrow().clone() else {
                return;
            };
            match event {
                LinkEvent::Open => {
                    let hello = ToTable::Hello {
                        app: BUILD.to_string(),
                        token: token.clone(),
                    };
                    link.send(&proto::encode(&hello));
                }
                LinkEvent::Closed => send.emit(Msg::Hand(HandMsg::Lost { epoch })),
                LinkEvent::Message(text) => match proto::decode::<ToHand>(&text) {
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
                        send.emit(Msg::Hand(HandMsg::Welcome { epoch, ticket }));
                    }
                    Ok(message) => send.emit(Msg::Hand(HandMsg::Seen { epoch, message })),
                    Err(reason) => {
                        web_sys::console::warn_1(
                            &format!("mojo: refused a message from the table: {reason}").into(),
                        );
                    }
                },
            }
        })
    };
    wasm_bindgen_futures::spawn_local(async move {
        match Link::answer(&ice, &invitation.peer, on_event).await {
            Ok((link, peer)) => {
                *slot.borrow_mut() = Some(link);
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
                send.emit(Msg::Hand(HandMsg::Problem {
                    epoch,
                    problem: Problem::Failed,
                }));
            }
        }
    });
}

/// Asks the browser to keep the screen on (Screen Wake Lock, where there
/// is one: the lock ends by itself when the page is hidden, and is asked
/// for again at the next turn).
fn keep_awake() {
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
