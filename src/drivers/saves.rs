//! What the app keeps in localStorage, read and written: the driver of the
//! save slot, the settings, the devices' tokens, a phone's ticket, the
//! statistics, the host's beat; and the one listener, another tab's saves
//! ([`use_tab_watch`]). Each function does what its command says, with
//! what the command carries: the reducer decides, purely, what to keep
//! (`app/effects.rs`), and `crate::sync` what to do with what the slot
//! holds.
//!
//! - [`read_start`]: everything the starting state is made of (the pure
//!   [`AppState::start`] makes it);
//! - [`save_game`], [`forget_game`]: the save slot, never written over
//!   another tab's newer save or other game (`sync::save_plan`).
//!
//! The stored shapes are `save.rs` (the game, the settings), `stats.rs`
//! and `net/stored.rs`.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::events::EventListener;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::storage;
use crate::app::{lang_choice, AppState, Msg, Notice, Start};
use crate::cmd::Page;
use crate::i18n::Lang;
use crate::net::stored::{self, DEVICES_KEY, HAND_KEY};
use crate::save::{self, Settings, GAME_KEY, SETTINGS_KEY};
use crate::session::Session;
use crate::stats::{Stats, STATS_KEY};
use crate::sync::{self, Forget, GameSave, OtherSave, SavePlan, TabMsg, HOST_BEAT_MS, HOST_KEY};

thread_local! {
    /// The page the app was started on (its entry point says, `crate::run`).
    static PAGE: std::cell::Cell<Page> = const { std::cell::Cell::new(Page::Table) };
    /// The text this tab last wrote to the save slot: while the slot still
    /// holds it, nobody else wrote, and it need not be parsed. (Not what
    /// it read at start: that may be another tab's, which hosts it.)
    static LAST: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Which page the app is started on (before [`load`]).
pub fn set_page(page: Page) {
    PAGE.set(page);
}

/// The language to start in (`crate::run` fetches its words before the
/// app starts): `?lang=`, the player's choice, the browser's, or English.
pub fn initial_lang() -> Lang {
    let settings = storage::read(SETTINGS_KEY).ok().flatten();
    let chosen = settings
        .map(|t| Settings::decode(&t).lang)
        .unwrap_or_default();
    lang_choice(
        super::browser::query("lang").as_deref(),
        chosen.as_deref(),
        super::browser::browser_lang().as_deref(),
    )
}

/// The starting state: what the browser holds, made into the app's state
/// by [`AppState::start`].
pub fn load() -> AppState {
    AppState::start(&read_start())
}

/// Everything the starting state is made of: the stored texts, the page's
/// address, the clock.
pub fn read_start() -> Start {
    let settings = storage::read(SETTINGS_KEY);
    let storage_ok = settings.is_ok();
    let read = |key| storage::read(key).ok().flatten();
    let game = read(GAME_KEY);
    let hash = web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default();
    Start {
        storage_ok,
        settings: settings.ok().flatten(),
        game,
        devices: read(DEVICES_KEY),
        ticket: read(HAND_KEY),
        host: read(HOST_KEY),
        restored: read(RESTORED_KEY).is_some(),
        tab: tab_id(),
        now: js_sys::Date::now(),
        today: super::browser::utc_today(),
        hash,
        query_lang: super::browser::query("lang"),
        query_speed: super::browser::query("speed"),
        browser_lang: super::browser::browser_lang(),
        page: PAGE.get(),
        qr_page: super::qr::page_url(),
        ios: super::browser::ios_browser(),
        camera: super::camera::possible(),
        can_share: super::clipboard::can_share(),
    }
}

/// Takes the fragment (`#join=…`, `#lobby`) out of the page's address.
pub fn clear_hash() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let l = window.location();
    if let (Ok(history), Ok(path), Ok(search)) = (window.history(), l.pathname(), l.search()) {
        let url = format!("{path}{search}");
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
    }
}

/// Left by `static/guard.js` when it reloads the page after a fault.
const RESTORED_KEY: &str = "mojo.restored";
/// A panic's text, stored by the panic hook before the wasm aborts, for
/// `static/guard.js`'s details.
const FAULT_KEY: &str = "mojo.fault";

/// Forgets the mark of a restore (its notice is up).
pub fn forget_restored() {
    let _ = storage::remove(RESTORED_KEY);
}

/// The app's panic hook (set before the app starts, `crate::run`): stores
/// the panic's text with this build for `static/guard.js`, which then
/// treats the abort that follows (a wasm trap) as fatal and restores the
/// page. A panic leaves the instance untrustworthy: nothing else is done
/// in it.
pub fn on_panic(info: &std::panic::PanicHookInfo<'_>) {
    let text = format!("{info} (build {})", crate::net::BUILD);
    web_sys::console::error_1(&format!("mojo: panic: {text}").into());
    let _ = storage::write(FAULT_KEY, &text);
}

/// This tab's id (in sessionStorage: the same across a reload of the tab).
const TAB_KEY: &str = "mojo.tab";

/// This tab's id, made once per tab.
fn tab_id() -> String {
    if let Ok(Some(id)) = storage::read_tab(TAB_KEY) {
        return id;
    }
    let id = super::browser::new_id();
    let _ = storage::write_tab(TAB_KEY, &id);
    id
}

/// While this tab is the table of game `id` with players on their own
/// devices, it says so every two seconds, so that another tab opened
/// meanwhile does not take the game (and run its bots) too. Dropping the
/// interval stops it.
pub fn host_beat(id: String) -> gloo::timers::callback::Interval {
    let tab = tab_id();
    let write = move || {
        let _ = storage::write(HOST_KEY, &sync::host_text(&id, &tab, js_sys::Date::now()));
    };
    write();
    gloo::timers::callback::Interval::new(HOST_BEAT_MS, write)
}

/// Keeps the tokens of game `id`'s seats' devices (`text`), or forgets
/// them if they are that game's (another game's, another tab's, stay).
pub fn save_devices(id: &str, text: Option<&str>) {
    match text {
        Some(text) => {
            let _ = storage::write(DEVICES_KEY, text);
        }
        None => {
            let kept = storage::read(DEVICES_KEY).ok().flatten();
            if kept.is_some_and(|t| stored::is_for_game(&t, id)) {
                let _ = storage::remove(DEVICES_KEY);
            }
        }
    }
}

/// Keeps this device's ticket to a table (or forgets it).
pub fn save_ticket(text: Option<&str>) {
    let _ = match text {
        Some(t) => storage::write(HAND_KEY, t),
        None => storage::remove(HAND_KEY),
    };
}

/// Writes `ours` to the save slot as `sync::save_plan` says, given what the
/// slot holds: another tab's save is never written over, but handed to
/// the reducer (`TabMsg::Saw`), which decides.
pub fn save_game(ours: &GameSave, send: &Callback<Msg>) {
    let Ok(slot) = storage::read(GAME_KEY) else {
        send.emit(Msg::Notice(Notice::StorageOff));
        return;
    };
    let last = LAST.with(|l| l.borrow().clone());
    let written = match sync::save_plan(slot.as_deref(), ours, last.as_deref()) {
        SavePlan::Nothing => {
            LAST.with(|l| *l.borrow_mut() = Some(ours.text.clone()));
            Ok(())
        }
        SavePlan::Report(theirs) => {
            send.emit(Msg::Tab(TabMsg::Saw(Rc::new(*theirs))));
            Ok(())
        }
        SavePlan::KeepAsideThenWrite => {
            let _ = slot.map(|old| storage::keep_aside("", &old));
            write_game(&ours.text)
        }
        SavePlan::Write => write_game(&ours.text),
    };
    if written.is_err() {
        send.emit(Msg::Notice(Notice::StorageOff));
    }
}

fn write_game(text: &str) -> Result<(), storage::StorageError> {
    storage::write(GAME_KEY, text)?;
    LAST.with(|l| *l.borrow_mut() = Some(text.to_string()));
    Ok(())
}

/// Game `id` was left: forgotten if the slot holds it (`sync::plan_forget`).
pub fn forget_game(id: &str, send: &Callback<Msg>) {
    let Ok(slot) = storage::read(GAME_KEY) else {
        send.emit(Msg::Notice(Notice::StorageOff));
        return;
    };
    let last = LAST.with(|l| l.borrow().clone());
    let done = match sync::plan_forget(slot.as_deref(), id, last.as_deref()) {
        Forget::Leave => Ok(()),
        Forget::Remove => storage::remove(GAME_KEY),
        Forget::KeepAsideThenRemove => {
            let _ = slot.map(|old| storage::keep_aside("", &old));
            storage::remove(GAME_KEY)
        }
    };
    if done.is_err() {
        send.emit(Msg::Notice(Notice::StorageOff));
    }
}

/// Unreadable text found in the save slot at start: kept aside under
/// another key, never lost, and the slot emptied.
pub fn set_aside_game(text: &str) {
    let _ = storage::keep_aside("", text);
    let _ = storage::remove(GAME_KEY);
    LAST.with(|l| *l.borrow_mut() = None);
}

/// Another tab wrote the save slot: the `storage` event carries the new
/// text, handed to the reducer (which takes it only if it is this game
/// further on, or if this tab has no game; see [`sync::verdict`]).
#[hook]
pub fn use_tab_watch(send: &Callback<Msg>) {
    let send = send.clone();
    use_effect_with((), move |_| {
        let listener = web_sys::window().map(|window| {
            EventListener::new(&window, "storage", move |event| {
                let Some(event) = event.dyn_ref::<web_sys::StorageEvent>() else {
                    return;
                };
                if event.key().as_deref() != Some(GAME_KEY) {
                    return;
                }
                let Some(text) = event.new_value() else {
                    return;
                };
                if let Ok(game) = save::decode(&text) {
                    let other = OtherSave {
                        text,
                        game: Ok(game),
                    };
                    send.emit(Msg::Tab(TabMsg::Saw(Rc::new(other))));
                }
            })
        });
        move || drop(listener)
    });
}

/// Saves the settings, as `text`.
pub fn save_settings(text: &str) {
    let _ = storage::write(SETTINGS_KEY, text);
}

/// Puts the language in effect on the page (its `lang` attribute).
pub fn page_lang(lang: Lang) {
    if let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        let _ = root.set_attribute("lang", lang.code());
    }
}

/// The statistics as stored (zero if none; unreadable ones are kept aside).
pub fn load_stats() -> Stats {
    match storage::read(STATS_KEY) {
        Ok(Some(text)) => Stats::decode(&text).unwrap_or_else(|_| {
            let _ = storage::keep_aside("stats.", &text);
            let _ = storage::remove(STATS_KEY);
            Stats::default()
        }),
        _ => Stats::default(),
    }
}

/// Counts the finished game `id` once (a reload on the game-over screen
/// finds its id already counted), and its day if it is today's deal (by
/// the clock now); the statistics as they are now.
pub fn count_finished(id: &str, session: &Session) -> Stats {
    let mut stats = load_stats();
    let today = super::browser::utc_today();
    // Both, whatever the first says.
    let game = stats.record(id, session);
    if stats.record_daily(session, &today) | game {
        let _ = storage::write(STATS_KEY, &stats.encode());
    }
    stats
}

/// Forgets the statistics.
pub fn reset_stats() {
    let _ = storage::remove(STATS_KEY);
}
