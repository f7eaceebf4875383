//! Copy and Share buttons: one helper for every code the app hands out (a
//! deal code, an invitation, a reply). Never a button that silently does
//! nothing: Copy tries the clipboard API, then, where that is refused (no
//! secure context, no permission), selects the text on the page and asks
//! the browser to copy the selection; it then says "Copied", or "Select and
//! copy" with the text selected for the person to copy by hand. Share opens
//! the system's share sheet (the Web Share API) and is offered only where
//! it exists.

use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

use crate::i18n::{Lang, Text};

/// What a copy came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Copied {
    Yes,
    /// The text is selected on the page for the person to copy.
    SelectIt,
}

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

/// Copies `text`, shown on the page in the element `selector`; `done` is
/// told how it went.
pub fn copy_text(text: String, selector: String, done: Callback<Copied>) {
    wasm_bindgen_futures::spawn_local(async move {
        let by_api = match navigator_member("clipboard") {
            Some((clipboard, write)) => match write.call1(&clipboard, &text.into()) {
                Ok(promise) => JsFuture::from(js_sys::Promise::resolve(&promise))
                    .await
                    .is_ok(),
                Err(_) => false,
            },
            None => false,
        };
        let copied = by_api || (select_text(&selector) && copy_selection());
        if !copied {
            // Left selected: the person copies it by hand.
            select_text(&selector);
        }
        done.emit(if copied {
            Copied::Yes
        } else {
            Copied::SelectIt
        });
    });
}

/// Whether this browser has a share sheet (the Web Share API).
pub fn can_share() -> bool {
    navigator_member("share").is_some()
}

/// Opens the share sheet with `text`; whether it could open.
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

#[derive(Properties, PartialEq)]
pub struct CopyProps {
    pub lang: Lang,
    pub text: AttrValue,
    pub label: AttrValue,
    /// The element that shows the text (selected where the clipboard is
    /// refused).
    pub shown_in: AttrValue,
}

/// A button that copies a code, and says what came of it.
#[function_component(CopyButton)]
pub fn copy_button(p: &CopyProps) -> Html {
    let outcome = use_state(|| None::<Copied>);
    let onclick = {
        let outcome = outcome.clone();
        let (text, shown_in) = (p.text.to_string(), p.shown_in.to_string());
        Callback::from(move |_| {
            let outcome = outcome.clone();
            copy_text(
                text.clone(),
                shown_in.clone(),
                Callback::from(move |c| outcome.set(Some(c))),
            );
        })
    };
    let said = match *outcome {
        Some(Copied::Yes) => Text::Copied.get(p.lang),
        Some(Copied::SelectIt) => Text::SelectAndCopy.get(p.lang),
        None => String::new(),
    };
    html! {
        <>
            <button type="button" class="button" {onclick}>{ p.label.clone() }</button>
            <span class="copied" role="status">{ said }</span>
        </>
    }
}
