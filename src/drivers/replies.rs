//! The tabs' channel for a reply handed over (`net::handoff`): one
//! `BroadcastChannel` per tab, kept for the tab's life, which it listens
//! to and posts on when the reducer says (`Cmd::HandOff`). One channel,
//! not a new one per message: a channel closed right after posting could
//! lose the message in Chromium (the lab saw a table connect on a reply
//! whose tab never heard "taken").

use std::cell::RefCell;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{BroadcastChannel, MessageEvent};
use yew::prelude::*;

use crate::app::Msg;
use crate::net::handoff::{HandOff, HandOffMsg, CHANNEL};

thread_local! {
    static TAB_CHANNEL: RefCell<Option<BroadcastChannel>> = const { RefCell::new(None) };
}

/// This tab's channel, made on first use; `None` where the browser has
/// no `BroadcastChannel` (a reply link then shows its code to scan or
/// paste).
fn channel() -> Option<BroadcastChannel> {
    TAB_CHANNEL.with(|c| {
        let mut c = c.borrow_mut();
        if c.is_none() {
            *c = BroadcastChannel::new(CHANNEL).ok();
        }
        c.clone()
    })
}

/// Every message another tab posts, to the reducer as it came (read
/// there).
#[hook]
pub fn use_reply_watch(send: &Callback<Msg>) {
    let send = send.clone();
    use_effect_with((), move |_| {
        let channel = channel();
        let listener = channel.as_ref().map(|channel| {
            let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
                if let Some(text) = e.data().as_string() {
                    send.emit(Msg::HandOff(HandOffMsg::Heard(text)));
                }
            });
            channel.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
            on_message
        });
        move || {
            if let Some(channel) = channel {
                channel.set_onmessage(None);
            }
            drop(listener);
        }
    });
}

/// Posts `message` to the other tabs (a channel never hears its own).
pub fn post(message: &HandOff) {
    if let Some(channel) = channel() {
        let _ = channel.post_message(&JsValue::from_str(&message.to_text()));
    }
}
