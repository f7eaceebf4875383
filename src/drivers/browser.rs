//! Small pieces of the browser the app needs outside the views: the clock,
//! random bits, the URL's parameters, fetching a language's words, and the
//! news of a new version of the app.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::app::{Msg, Notice};
use crate::i18n::{self, Lang};

/// Milliseconds since the page started (`performance.now()`), or the
/// clock's time if that is unavailable.
pub fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or_else(js_sys::Date::now, |p| p.now())
}

/// 64 random bits from the browser (crypto.getRandomValues), or the clock if
/// that is unavailable.
pub fn random_u64() -> u64 {
    let mut bytes = [0u8; 8];
    match getrandom::getrandom(&mut bytes) {
        Ok(()) => u64::from_le_bytes(bytes),
        Err(_) => (js_sys::Date::now() * 1000.0) as u64 ^ (js_sys::Math::random() * 1e15) as u64,
    }
}

/// Today's date in UTC, `YYYY-MM-DD` (the browser's clock: a wrong clock
/// gets the deal of its own date).
pub fn utc_today() -> String {
    let iso = String::from(js_sys::Date::new_0().to_iso_string());
    iso.get(..10).unwrap_or("").to_string()
}

/// The local time of day `ms` milliseconds from now (the device's own
/// clock and time zone): when something made now stops being good. It is
/// written as the device writes the time (its locale's format: "7:42 PM"
/// on a 12-hour device, "19:42" on a 24-hour one), hours and minutes.
pub fn clock_in(ms: u32) -> crate::net::devices::Clock {
    let then = js_sys::Date::new(&(js_sys::Date::now() + f64::from(ms)).into());
    let options = js_sys::Object::new();
    for (key, value) in [("hour", "numeric"), ("minute", "2-digit")] {
        let _ = js_sys::Reflect::set(&options, &key.into(), &value.into());
    }
    // No locale named: the device's own.
    let format = js_sys::Intl::DateTimeFormat::new(&js_sys::Array::new(), &options);
    let shown = format
        .format()
        .call1(&wasm_bindgen::JsValue::UNDEFINED, &then)
        .ok()
        .and_then(|s| s.as_string())
        .unwrap_or_default();
    crate::net::devices::Clock {
        hours: then.get_hours() as u8,
        minutes: then.get_minutes() as u8,
        shown,
    }
}

/// Runs `f` once, `ms` milliseconds from now, in a task of its own.
///
/// Unlike a gloo `Timeout` that is `forget()`-ten, nothing stays behind
/// once `f` has run: `once_into_js` frees the closure, what it captured
/// and the externref slot of its JS function after the call. A forgotten
/// `Timeout` kept all three for ever, once a move (issue 23: the externref
/// table grew from 1,540 to 17,412 slots over a 10-minute table of bots).
pub fn after(ms: u32, f: impl FnOnce() + 'static) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let callback = Closure::once_into_js(f);
    let ms = i32::try_from(ms).unwrap_or(i32::MAX);
    let _ =
        window.set_timeout_with_callback_and_timeout_and_arguments_0(callback.unchecked_ref(), ms);
}

/// Goes to `url` (relative to this page, with this page's query: `?lang=`)
/// in place of this page: the two pages are one app, whose screens leave
/// no steps in the history (Back from the phone's page does not come back
/// to a page that sends it on).
pub fn open_page(url: &str) {
    if let Some(window) = web_sys::window() {
        let search = window.location().search().unwrap_or_default();
        let _ = window.location().replace(&with_query(url, &search));
    }
}

/// Scrolls the page to its top, at once (no smooth scrolling: the new
/// screen is simply there).
pub fn scroll_top() {
    if let Some(window) = web_sys::window() {
        window.scroll_to_with_x_and_y(0.0, 0.0);
    }
}

/// `url` with the query `search` (`?…`, or empty) before its fragment.
fn with_query(url: &str, search: &str) -> String {
    match url.split_once('#') {
        Some((page, fragment)) => format!("{page}{search}#{fragment}"),
        None => format!("{url}{search}"),
    }
}

/// A new game's id: 64 random bits in hexadecimal.
pub fn new_id() -> String {
    format!("{:016x}", random_u64())
}

/// `?name=value` from the page URL.
pub fn query(name: &str) -> Option<String> {
    let search = web_sys::window()?.location().search().ok()?;
    web_sys::UrlSearchParams::new_with_str(&search)
        .ok()?
        .get(name)
}

/// The browser's own language (`navigator.language`), as it says it.
pub fn browser_lang() -> Option<String> {
    web_sys::window()?.navigator().language()
}

/// Fetches and installs `lang`'s catalogue (`i18n/<code>.json`, next to
/// the page; the service worker has it offline). Nothing to do for English
/// or a language already here.
pub async fn load_lang(lang: Lang) -> Result<(), String> {
    use wasm_bindgen_futures::JsFuture;
    if lang.is_ready() {
        return Ok(());
    }
    let window = web_sys::window().ok_or("no window")?;
    let offline = |_| "the network is unreachable".to_string();
    let response: web_sys::Response =
        JsFuture::from(window.fetch_with_str(&i18n::catalogue_path(lang)))
            .await
            .map_err(offline)?
            .dyn_into()
            .map_err(|_| "not a response")?;
    if !response.ok() {
        return Err(format!("HTTP {}", response.status()));
    }
    let text = JsFuture::from(response.text().map_err(offline)?)
        .await
        .map_err(offline)?
        .as_string()
        .ok_or("not text")?;
    i18n::install(lang, &text)
}

/// Fetches `lang`'s words (`Cmd::FetchLang`): once they are here, the
/// reducer switches to it (`Msg::SetLang`); if they cannot be fetched, it
/// says so (`Notice::LanguageUnavailable`) and the page stays as it is.
pub fn fetch_lang(lang: Lang, send: Callback<Msg>) {
    wasm_bindgen_futures::spawn_local(async move {
        send.emit(match load_lang(lang).await {
            Ok(()) => Msg::SetLang(lang),
            Err(_) => Msg::Notice(Notice::LanguageUnavailable(lang)),
        });
    });
}

/// Listens for a new version of the app, announced by static/sw-register.js
/// (the service worker's page side) with an attribute on `<html>` and a
/// window event; removes its listener when dropped.
struct UpdateWatch(Option<Closure<dyn Fn()>>);

impl UpdateWatch {
    const READY: &'static str = "mojo-update-ready";

    fn start(send: Callback<Msg>) -> UpdateWatch {
        let Some(window) = web_sys::window() else {
            return UpdateWatch(None);
        };
        let waiting = window
            .document()
            .and_then(|d| d.document_element())
            .and_then(|e| e.get_attribute("data-mojo-update"))
            .is_some_and(|v| v == "ready");
        let tell = move || send.emit(Msg::Notice(Notice::UpdateReady));
        if waiting {
            tell();
        }
        let listener = Closure::<dyn Fn()>::new(tell);
        let _ =
            window.add_event_listener_with_callback(Self::READY, listener.as_ref().unchecked_ref());
        UpdateWatch(Some(listener))
    }
}

impl Drop for UpdateWatch {
    fn drop(&mut self) {
        if let (Some(window), Some(listener)) = (web_sys::window(), self.0.take()) {
            let _ = window.remove_event_listener_with_callback(
                Self::READY,
                listener.as_ref().unchecked_ref(),
            );
        }
    }
}

/// Tells the app when a new version is installed (offered as a reload).
#[hook]
pub fn use_update_watch(send: &Callback<Msg>) {
    let send = send.clone();
    use_effect_with((), move |_| {
        let watch = UpdateWatch::start(send);
        move || drop(watch)
    });
}

/// Switches to the new version: static/sw-register.js lets the waiting
/// service worker take over, then reloads the page (the game is saved after
/// every action, so it resumes where it was).
pub fn apply_update() {
    let Some(window) = web_sys::window() else {
        return;
    };
    match web_sys::Event::new("mojo-apply-update") {
        Ok(event) => {
            let _ = window.dispatch_event(&event);
        }
        Err(_) => {
            let _ = window.location().reload();
        }
    }
}

/// Whether saved games are kept by the browser for good (the Storage API's
/// `persisted()`); `None` where the browser cannot tell.
pub async fn storage_persisted() -> Option<bool> {
    let storage = web_sys::window()?.navigator().storage();
    let answer = wasm_bindgen_futures::JsFuture::from(storage.persisted().ok()?)
        .await
        .ok()?;
    answer.as_bool()
}

/// Asks the browser to keep saved games for good (`persist()`): Safari may
/// otherwise clear a site's storage after seven days without a visit;
/// Firefox asks the player, so it is asked only after a player's action.
pub async fn storage_persist() -> Option<bool> {
    let storage = web_sys::window()?.navigator().storage();
    let answer = wasm_bindgen_futures::JsFuture::from(storage.persist().ok()?)
        .await
        .ok()?;
    answer.as_bool()
}

/// Whether this is an iPad or an iPhone in the browser (not the app added
/// to the Home Screen): there "Add to Home Screen" keeps Mojo and its games.
pub fn ios_browser() -> bool {
    let Some(nav) = web_sys::window().map(|w| w.navigator()) else {
        return false;
    };
    let agent = nav.user_agent().unwrap_or_default();
    let ipad_as_mac = nav.platform().is_ok_and(|p| p == "MacIntel") && nav.max_touch_points() > 1;
    let standalone =
        js_sys::Reflect::get(&nav, &"standalone".into()).is_ok_and(|v| v.as_bool() == Some(true));
    (agent.contains("iPhone") || agent.contains("iPad") || ipad_as_mac) && !standalone
}

/// Tells the app when the browser offers to install it (static/sw-register.js
/// keeps the offer), and when the offer is gone.
#[hook]
pub fn use_install_watch(send: &Callback<Msg>) {
    let send = send.clone();
    use_effect_with((), move |_| {
        let window = web_sys::window();
        let ready = window
            .as_ref()
            .and_then(|w| w.document())
            .and_then(|d| d.document_element())
            .and_then(|e| e.get_attribute("data-mojo-install"))
            .is_some_and(|v| v == "ready");
        if ready {
            send.emit(Msg::Installable(true));
        }
        let listeners = window.map(|w| {
            let (yes, no) = (send.clone(), send.clone());
            (
                gloo::events::EventListener::new(&w, "mojo-install-ready", move |_| {
                    yes.emit(Msg::Installable(true))
                }),
                gloo::events::EventListener::new(&w, "mojo-install-done", move |_| {
                    no.emit(Msg::Installable(false))
                }),
            )
        });
        move || drop(listeners)
    });
}

/// Tells the app when its page goes to the background and comes back
/// (`visibilitychange`): a table tells its devices (`ToHand::Away`).
#[hook]
pub fn use_visibility_watch(send: &Callback<Msg>) {
    let send = send.clone();
    use_effect_with((), move |_| {
        let document = web_sys::window().and_then(|w| w.document());
        let listener = document.map(|d| {
            let doc = d.clone();
            gloo::events::EventListener::new(&d, "visibilitychange", move |_| {
                send.emit(Msg::Shown(!doc.hidden()))
            })
        });
        move || drop(listener)
    });
}

/// Tells the app when the page's fragment changes while it is open
/// (`hashchange`): a second link opened in this tab (a messenger may
/// reuse it) changes only the fragment, and the page does not load again.
#[hook]
pub fn use_address_watch(send: &Callback<Msg>) {
    let send = send.clone();
    use_effect_with((), move |_| {
        let listener = web_sys::window().map(|w| {
            let window = w.clone();
            gloo::events::EventListener::new(&w, "hashchange", move |_| {
                let hash = window.location().hash().unwrap_or_default();
                send.emit(Msg::Address {
                    hash,
                    id: random_u64() as u32,
                })
            })
        });
        move || drop(listener)
    });
}

/// Shows the browser's offer to install the app (kept by sw-register.js).
pub fn install() {
    if let (Some(window), Ok(event)) = (web_sys::window(), web_sys::Event::new("mojo-install")) {
        let _ = window.dispatch_event(&event);
    }
}

#[cfg(test)]
mod tests {
    use super::with_query;

    /// The other page keeps this one's query (`?lang=fr`), before the
    /// fragment that carries an invitation.
    #[test]
    fn the_other_page_keeps_the_query() {
        assert_eq!(
            with_query("join.html#join=AB", "?lang=fr"),
            "join.html?lang=fr#join=AB"
        );
        assert_eq!(with_query("join.html", "?lang=fr"), "join.html?lang=fr");
        assert_eq!(with_query("./#lobby", ""), "./#lobby");
    }
}
