//! The clipboard and the share sheet (`Cmd::Copy`, `Cmd::Share`). Never a
//! copy that silently does nothing: Copy tries the clipboard API, then,
//! where that is refused (no secure context, no permission), selects the
//! text on the page and asks the browser to copy the selection; the
//! reducer is told "copied", or that the text is left selected for the
//! person to copy by hand. Share opens the system's share sheet (the Web
//! Share API), offered only where it exists (`can_share`, read at start).

use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use yew::Callback;

use crate::app::{Copied, Msg};

fn navigator_member(name: &str) -> Option<(JsValue, js_sys::Function)> {
    let navigator = web_sys::window()?.navigator();
    let target = if name == "share" {
        JsValue::from(navigator)
    } else {
        js_sys::Reflect::get(&navigator, &"clipboard".into()).ok()?
    };
    let method = if name == "share" {
        "share"
    } else {
        "writeText"
    };
    let f = js_sys::Reflect::get(&target, &method.into())
        .ok()?
        .dyn_into::<js_sys::Function>()
        .ok()?;
    Some((target, f))
}

/// Selects the text of the element `selector` (a code shown on the page).
fn select_text(selector: &str) -> bool {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return false;
    };
    let Some(el) = doc.query_selector(selector).ok().flatten() else {
        return false;
    };
    if let Ok(input) = el.clone().dyn_into::<web_sys::HtmlTextAreaElement>() {
        input.select();
        return true;
    }
    if let Ok(input) = el.clone().dyn_into::<web_sys::HtmlInputElement>() {
        input.select();
        return true;
    }
    let (Ok(Some(selection)), Ok(range)) = (doc.get_selection(), doc.create_range()) else {
        return false;
    };
    let _ = selection.remove_all_ranges();
    range.select_node_contents(&el).is_ok() && selection.add_range(&range).is_ok()
}

/// `document.execCommand('copy')` of the selection: the way that works
/// outside a secure context.
fn copy_selection() -> bool {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return false;
    };
    js_sys::Reflect::get(&doc, &"execCommand".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
        .and_then(|f| f.call1(&doc, &"copy".into()).ok())
        .and_then(|r| r.as_bool())
        .unwrap_or(false)
}

/// Copies `text`, shown on the page in the element `selector`
/// (`Cmd::Copy`); the reducer is told how it went (`Msg::Copied`).
pub fn copy_text(text: String, selector: String, send: Callback<Msg>) {
    wasm_bindgen_futures::spawn_local(async move {
        let by_api = match navigator_member("clipboard") {
            Some((clipboard, write)) => match write.call1(&clipboard, &text.as_str().into()) {
                Ok(promise) => JsFuture::from(js_sys::Promise::resolve(&promise))
                    .await
                    .is_ok(),
                Err(_) => false,
            },
            None => false,
        };
        let done = by_api || (select_text(&selector) && copy_selection());
        if !done {
            // Left selected: the person copies it by hand.
            select_text(&selector);
        }
        let copied = if done { Copied::Yes } else { Copied::SelectIt };
        send.emit(Msg::Copied { text, copied });
    });
}

/// Whether this browser has a share sheet (the Web Share API).
pub fn can_share() -> bool {
    navigator_member("share").is_some()
}

/// Opens the share sheet with `text` (`Cmd::Share`); whether it could
/// open.
pub fn share_text(title: &str, text: &str) -> bool {
    let Some((navigator, share)) = navigator_member("share") else {
        return false;
    };
    let data = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&data, &"title".into(), &title.into());
    let _ = js_sys::Reflect::set(&data, &"text".into(), &text.into());
    match share.call1(&navigator, &data) {
        Ok(promise) => {
            // Cancelled by the person, or refused: nothing to say.
            wasm_bindgen_futures::spawn_local(async move {
                let _ = JsFuture::from(js_sys::Promise::resolve(&promise)).await;
            });
            true
        }
        Err(_) => false,
    }
}
