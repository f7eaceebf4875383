//! The tabs' channel for a reply handed over (`net::handoff`): a
//! `BroadcastChannel` that every tab of the site listens to while it runs,
//! and posts to when the reducer says (`Cmd::HandOff`).

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{BroadcastChannel, MessageEvent};
use yew::prelude::*;

use crate::app::Msg;
use crate::net::handoff::{HandOff, HandOffMsg, CHANNEL};

/// Every message another tab posts, to the reducer as it came (read
/// there). Where the browser has no `BroadcastChannel`, nothing: a reply
/// link then shows its code to scan or paste.
#[hook]
pub fn use_reply_watch(send: &Callback<Msg>) {
    let send = send.clone();
    use_effect_with((), move |_| {
        let channel = BroadcastChannel::new(CHANNEL).ok();
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
                channel.close();
            }
            drop(listener);
        }
    });
}

/// Posts `message` to the other tabs (the message is theirs once posted:
/// the channel can close at once).
pub fn post(message: &HandOff) {
    if let Ok(channel) = BroadcastChannel::new(CHANNEL) {
        let _ = channel.post_message(&JsValue::from_str(&message.to_text()));
        channel.close();
    }
}
