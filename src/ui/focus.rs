//! Keyboard focus around dialogs: into a dialog when it opens, back to where
//! it was when it closes, and Tab kept inside an open modal dialog.

use std::cell::RefCell;

use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlElement};

/// What can take focus inside a dialog.
const FOCUSABLE: &str =
    "button:not([disabled]), select:not([disabled]), input:not([disabled]), summary, [tabindex='0']";

/// Where focus goes when the element that opened a dialog is gone, in
/// order of preference.
const FALLBACK: [&str; 6] = [
    ".hand button[tabindex='0']",
    ".facedown__row button[tabindex='0']:not([disabled])",
    ".handoff button",
    ".summary .button--primary",
    ".status",
    ".lobby .button--primary",
];

fn document() -> Option<Document> {
    web_sys::window()?.document()
}

/// Focuses the first element matching `selector`; whether it could.
pub fn focus_first(selector: &str) -> bool {
    document()
        .and_then(|d| d.query_selector(selector).ok().flatten())
        .is_some_and(focus)
}

fn focus(el: Element) -> bool {
    el.dyn_into::<HtmlElement>()
        .map(|e| focus_in_place(&e))
        .unwrap_or(false)
}

/// Focuses `el` without scrolling to it: a dialog opens at its top (the
/// result, the title) even when the control focused is at its foot.
/// Whether it could.
pub fn focus_in_place(el: &HtmlElement) -> bool {
    let options = web_sys::FocusOptions::new();
    options.set_prevent_scroll(true);
    el.focus_with_options(&options).is_ok()
}

/// The dialog on top (the last one in the page), if any.
pub fn top_dialog() -> Option<Element> {
    let list = document()?.query_selector_all(".dialog").ok()?;
    let n = list.length();
    (n > 0)
        .then(|| list.item(n - 1))
        .flatten()
        .and_then(|node| node.dyn_into::<Element>().ok())
}

/// Focuses the first control of the top dialog (its `[autofocus]` one, if
/// it has one). Returns false when there is no dialog.
pub fn into_dialog() -> bool {
    let Some(dialog) = top_dialog() else {
        return false;
    };
    let first = dialog
        .query_selector("[autofocus]")
        .ok()
        .flatten()
        .or_else(|| dialog.query_selector(FOCUSABLE).ok().flatten());
    first.is_some_and(focus)
}

/// A dialog opened (`open`) or closed: on opening, remembers what had focus
/// in `opener` and moves focus in; on closing, gives focus back to it (or,
/// if it left the page, to the next sensible control).
pub fn dialog_changed(open: bool, opener: &RefCell<Option<Element>>) {
    let Some(doc) = document() else {
        return;
    };
    if open {
        if opener.borrow().is_none() {
            *opener.borrow_mut() = doc.active_element();
        }
        into_dialog();
    } else if let Some(el) = opener.borrow_mut().take() {
        if !(el.is_connected() && focus(el)) {
            FALLBACK.iter().any(|s| focus_first(s));
        }
    }
}

/// Tab and Shift+Tab cycle within the top modal dialog instead of leaving
/// it for the page behind.
pub fn trap_tab(e: &web_sys::KeyboardEvent) {
    if e.key() != "Tab" {
        return;
    }
    let Some(dialog) =
        top_dialog().filter(|d| d.get_attribute("aria-modal").as_deref() == Some("true"))
    else {
        return;
    };
    let Ok(list) = dialog.query_selector_all(FOCUSABLE) else {
        return;
    };
    let n = list.length();
    if n == 0 {
        return;
    }
    let active = document().and_then(|d| d.active_element());
    let is = |i: u32| {
        list.item(i)
            .zip(active.as_ref())
            .is_some_and(|(a, b)| js_sys::Object::is(&a, b))
    };
    let inside = active
        .as_ref()
        .is_some_and(|a| dialog.contains(Some(a.unchecked_ref())));
    let to = if !inside {
        Some(0)
    } else if e.shift_key() && is(0) {
        Some(n - 1)
    } else if !e.shift_key() && is(n - 1) {
        Some(0)
    } else {
        None
    };
    if let Some(el) = to
        .and_then(|i| list.item(i))
        .and_then(|n| n.dyn_into::<Element>().ok())
    {
        e.prevent_default();
        focus(el);
    }
}

/// Focus into a dialog when one opens, back where it was when it closes.
#[yew::hook]
pub fn use_dialog_focus(overlay: crate::app::Overlay) {
    let opener = yew::use_mut_ref(|| None::<Element>);
    yew::use_effect_with(overlay, move |overlay| {
        dialog_changed(*overlay != crate::app::Overlay::None, &opener);
    });
}
