//! Keyboard focus around dialogs: into a dialog when it opens, back to where
//! it was when it closes, and Tab kept inside an open modal dialog; and an
//! element brought into view (`bring_into_view`).

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
            // Nothing to go back to if focus was nowhere (the element that
            // had it left the page, as "Start game" does): the fallbacks
            // then apply on closing.
            let body = doc.body();
            *opener.borrow_mut() = doc
                .active_element()
                .filter(|a| !body.as_ref().is_some_and(|b| js_sys::Object::is(a, b)));
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

/// The window's size, to tell a person's scroll from one a resize caused.
fn viewport() -> (i32, i32) {
    let size =
        |v: Result<wasm_bindgen::JsValue, _>| v.ok().and_then(|v| v.as_f64()).unwrap_or(0.0) as i32;
    web_sys::window().map_or((0, 0), |w| (size(w.inner_width()), size(w.inner_height())))
}

/// Keeps a dialog's scroll where the person left it when the screen turns
/// (a tablet rotated): WebKit puts a scrolled dialog back at its top as the
/// window changes size. The place is kept as a share of the dialog's
/// height (the text reflows), from the last scroll of a `.dialog` made at
/// the window's current size (the reset comes at the new size, before the
/// resize event, and is not taken for the person's), and put back on
/// resize. A display effect: a view hook, outside the app state.
#[yew::hook]
pub fn use_dialog_scroll_kept() {
    yew::use_effect_with((), |_| {
        // The dialog last scrolled, how far (a share of its height), and
        // the window's size then.
        type Kept = Option<(Element, f64, (i32, i32))>;
        let kept = std::rc::Rc::new(RefCell::new(Kept::None));
        let listeners = web_sys::window().and_then(|window| {
            let doc = window.document()?;
            let on_scroll = {
                let kept = kept.clone();
                gloo::events::EventListener::new_with_options(
                    &doc,
                    "scroll",
                    gloo::events::EventListenerOptions::run_in_capture_phase(),
                    move |e| {
                        let Some(el) = e.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
                            return;
                        };
                        if !el.class_list().contains("dialog") {
                            return;
                        }
                        let size = viewport();
                        let resized = matches!(&*kept.borrow(), Some((d, _, at)) if js_sys::Object::is(d, &el) && *at != size);
                        if !resized {
                            let share = f64::from(el.scroll_top()) / f64::from(el.scroll_height().max(1));
                            *kept.borrow_mut() = Some((el, share, size));
                        }
                    },
                )
            };
            let on_resize = gloo::events::EventListener::new(&window, "resize", move |_| {
                let Some(dialog) = top_dialog() else {
                    return;
                };
                let share = match &mut *kept.borrow_mut() {
                    Some((el, share, at)) if js_sys::Object::is(el, &dialog) => {
                        *at = viewport();
                        *share
                    }
                    _ => return,
                };
                let want = (share * f64::from(dialog.scroll_height())).round() as i32;
                if (dialog.scroll_top() - want).abs() > 2 {
                    dialog.set_scroll_top(want);
                }
            });
            Some((on_scroll, on_resize))
        });
        move || drop(listeners)
    });
}

/// Sets `--notices-room` on the page (px): how far down the notices reach,
/// for an open dialog to start below them (its title was under them,
/// issue 34). Zero when there is no notice.
fn make_room_for_notices() {
    let Some(doc) = document() else {
        return;
    };
    let Ok(list) = doc.query_selector_all(".notices") else {
        return;
    };
    // Only notices shown are read: an empty list takes no room, and
    // reading its place would force the first screen's whole style and
    // layout inside the app's start (about 50 ms at 4× CPU, issue 37),
    // before the frame that does them anyway.
    let bottom = (0..list.length())
        .filter_map(|i| list.item(i)?.dyn_into::<Element>().ok())
        .filter(|el| el.child_element_count() > 0)
        .map(|el| el.get_bounding_client_rect().bottom())
        .fold(0.0_f64, f64::max);
    if let Some(root) = doc
        .document_element()
        .and_then(|e| e.dyn_into::<HtmlElement>().ok())
    {
        let _ = root
            .style()
            // Whole pixels: formatting an f64 would bring core's float
            // formatting into the .wasm (about 7 KB; scripts/budget.sh).
            .set_property("--notices-room", &format!("{}px", bottom.ceil() as i32));
    }
}

/// Keeps `--notices-room` true when what could move the notices changes
/// (`key`: the notices, the tab's notice, the language) and when the
/// window changes size: not after every render, where
/// reading the notices' place would force a layout into each move's task.
/// A display effect: a view hook.
#[yew::hook]
pub fn use_room_for_notices(
    key: (
        Vec<crate::app::Notice>,
        Option<crate::sync::TabNotice>,
        crate::i18n::Lang,
    ),
) {
    yew::use_effect_with(key, |_| make_room_for_notices());
    yew::use_effect_with((), |_| {
        let listener = web_sys::window().map(|window| {
            gloo::events::EventListener::new(&window, "resize", |_| make_room_for_notices())
        });
        move || drop(listener)
    });
}

/// Scrolls the page until `selector`'s element is in view, when any of it
/// is out of view: at the top of the screen (`top`) or at its foot. The
/// hand-off's button is below the fold on a phone held sideways (at the
/// foot: the table above it stays in view as far as it fits); the
/// replay's move, reached from the review's summary, comes to the top.
pub fn bring_into_view(selector: &str, top: bool) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let Some(el) = window
        .document()
        .and_then(|d| d.query_selector(selector).ok().flatten())
    else {
        return;
    };
    let r = el.get_bounding_client_rect();
    let height = window
        .inner_height()
        .ok()
        .and_then(|h| h.as_f64())
        .unwrap_or(0.0);
    if r.top() < 0.0 || r.bottom() > height {
        el.scroll_into_view_with_bool(top);
    }
}
