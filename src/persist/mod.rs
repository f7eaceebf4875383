//! Everything the app keeps in localStorage, and keeping the tabs of one
//! browser in step, in one place:
//!
//! - [`load`]: the starting state, from what is stored and the URL;
//! - the writes the reducer's commands ask for, run by the executor
//!   (`exec.rs`): the game ([`save_game`]), the settings, the devices'
//!   tokens, the statistics; and the one listener, another tab's saves
//!   ([`use_tab_watch`]). No view and no click handler touches storage;
//! - [`sync`]: what a tab decides about the others' saves (pure, tested);
//! - [`storage`]: localStorage itself, every failure a value.
//!
//! The stored shapes are `save.rs` (the game, the settings) and `stats.rs`.

pub mod storage;
pub mod sync;

use std::cell::RefCell;
use std::rc::Rc;

use gloo::events::EventListener;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::app::{AppState, Msg, Notice, Overlay, Screen};
use crate::browser::{lang_choice, query};
use crate::cmd::{Cmd, Page};
use crate::i18n::Lang;
use crate::net::state::{Devices, HandMsg};
use crate::net::stored::{self, DEVICES_KEY, HAND_KEY};
use crate::save::{self, Settings, Speed, GAME_KEY, SETTINGS_KEY};
use crate::session::Session;
use crate::stats::{Stats, STATS_KEY};
use sync::{Forget, OtherSave, Plan, TabMsg};

/// The stored settings (the defaults if there are none or they cannot be
/// read), and whether storage can be used at all.
fn stored_settings() -> (Settings, bool) {
    match storage::read(SETTINGS_KEY) {
        Ok(text) => (text.map(|t| Settings::decode(&t)).unwrap_or_default(), true),
        Err(_) => (Settings::default(), false),
    }
}

/// The language to start in (`main.rs` fetches its words before the app
/// starts): `?lang=`, the player's choice, the browser's, or English.
pub fn initial_lang() -> Lang {
    lang_choice(stored_settings().0.lang.as_deref())
}

thread_local! {
    /// The page the app was started on (its entry point says, `crate::run`).
    static PAGE: std::cell::Cell<Page> = const { std::cell::Cell::new(Page::Table) };
}

/// Which page the app is started on (before [`load`]).
pub fn set_page(page: Page) {
    PAGE.set(page);
}

/// Reads everything stored and the URL: the starting state. The language's
/// words have been fetched before (`main.rs`); if that failed, the game
/// starts in English and says so.
pub fn load() -> AppState {
    let (settings, storage_ok) = stored_settings();
    let saved = match storage::read(GAME_KEY) {
        Ok(Some(text)) => Some(save::decode(&text).map_err(|e| {
            // Keep the raw text aside under another key, never lose it.
            let _ = storage::keep_aside("", &text);
            let _ = storage::remove(GAME_KEY);
            e.to_string()
        })),
        _ => None,
    };
    let wanted = lang_choice(settings.lang.as_deref());
    let lang = if wanted.is_ready() { wanted } else { Lang::En };
    let speed = query("speed").and_then(|s| Speed::parse(&s));
    let devices = storage::read(DEVICES_KEY).ok().flatten();
    let mut state = restore(
        settings,
        storage_ok,
        saved,
        devices.as_deref(),
        (lang, speed),
        hosted_elsewhere,
    );
    state.today = crate::browser::utc_today();
    // An invitation's QR code is a link to this page.
    state.qr.page = crate::net::qr::page_url();
    // The lobby says whether today's deal was played.
    state.outbox.push(Cmd::ReadStats);
    // The page was reloaded after a fault (static/guard.js): say so, once.
    if storage::read(RESTORED_KEY).ok().flatten().is_some() {
        state.notices.push(Notice::Restored);
        state.outbox.push(Cmd::ForgetRestored);
    }
    if lang != wanted {
        state.notices.push(Notice::LanguageUnavailable(wanted));
    }
    state.hand.ticket = storage::read(HAND_KEY)
        .ok()
        .flatten()
        .and_then(|t| stored::ticket_from(&t));
    // A link to join a table (`…#join=CODE`, from a QR code): the join step,
    // the code filled in. The phone's page opens on that step in any case.
    state.page = PAGE.get();
    if let Some(code) = join_code() {
        state.hand_msg(HandMsg::Open(code));
    } else if state.page == Page::Phone {
        state.hand_msg(HandMsg::Open(String::new()));
    } else if !take_hash("#lobby") {
        state.rejoin_at_start();
    }
    // What the app starting asks of the world: its first commands.
    state.decide(None);
    state
}

/// The state a reload starts from, made from what storage holds: the
/// settings, the game's save (read), the devices' tokens (`mojo.devices`),
/// the language and speed in effect, and whether another tab hosts game
/// `id` now. Pure, so that the native tests reload from what the commands
/// wrote (`machine_tests.rs`).
pub fn restore(
    settings: Settings,
    storage_ok: bool,
    saved: Option<Result<save::Loaded, String>>,
    devices: Option<&str>,
    (lang, speed): (Lang, Option<Speed>),
    hosted_elsewhere: impl FnOnce(&str) -> bool,
) -> AppState {
    let mut state = AppState::new(settings, saved, lang, speed, storage_ok);
    // A game with players on their own devices is hosted by one tab: if
    // another tab of this browser is its table now, this one leaves it.
    if state.session.as_ref().is_some_and(|s| s.setup.has_remote())
        && hosted_elsewhere(&state.game_id)
    {
        state.session = None;
        // (No game id: the autosave then leaves the slot to its host.)
        state.game_id.clear();
        state.screen = Screen::Lobby;
        state.notices.push(Notice::HostedElsewhere);
    }
    // A game with players on their own devices: each must pair again (a
    // new invitation for every seat), with the tokens they hold.
    if let Some(session) = state.session.clone().filter(|s| s.setup.has_remote()) {
        let under_way = !session.record.actions.is_empty();
        state.devices = Devices::for_game(&session, &state.game_id, under_way);
        if let Some(text) = devices {
            stored::restore_devices(text, &state.game_id, &mut state.devices);
        }
        if state.screen == Screen::Table {
            state.overlay = Overlay::Devices;
        }
    }
    state
}

/// The invitation in the page's address (`#join=CODE`), taken out of the
/// address so that a reload does not join again.
fn join_code() -> Option<String> {
    let hash = web_sys::window()?.location().hash().ok()?;
    let code = hash.strip_prefix("#join=")?.to_string();
    take_hash(&hash);
    Some(code)
}

/// Whether the page's address ends with `hash` (`#lobby`: the phone's page
/// sent this one to its lobby), which is then taken out of it.
fn take_hash(hash: &str) -> bool {
    let Some(window) = web_sys::window() else {
        return false;
    };
    if window.location().hash().ok().as_deref() != Some(hash) {
        return false;
    }
    let l = window.location();
    if let (Ok(history), Ok(path), Ok(search)) = (window.history(), l.pathname(), l.search()) {
        let url = format!("{path}{search}");
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
    }
    true
}

/// Where the tab that hosts a game with players on their own devices says
/// so: `{"game", "tab", "at"}`, written every [`HOST_BEAT_MS`].
const HOST_KEY: &str = "mojo.host";
/// Left by `static/guard.js` when it reloads the page after a fault.
const RESTORED_KEY: &str = "mojo.restored";
/// A panic's text, stored by the panic hook before the wasm aborts, for
/// `static/guard.js`'s details.
const FAULT_KEY: &str = "mojo.fault";

/// Forgets the mark of a restore (its notice is up).
pub fn forget_restored() {
    let _ = storage::remove(RESTORED_KEY);
}

/// The app's panic hook (set before the app starts, `main.rs`): stores
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
const HOST_BEAT_MS: u32 = 2000;
/// A host that has not written for this long is gone.
const HOST_GONE_MS: f64 = 6000.0;

/// This tab's id, made once per tab.
fn tab_id() -> String {
    if let Ok(Some(id)) = storage::read_tab(TAB_KEY) {
        return id;
    }
    let id = crate::browser::new_id();
    let _ = storage::write_tab(TAB_KEY, &id);
    id
}

/// Whether another tab (not this one reloaded) hosted game `id` a moment ago.
fn hosted_elsewhere(id: &str) -> bool {
    let Ok(Some(text)) = storage::read(HOST_KEY) else {
        return false;
    };
    let Ok(doc) = crate::json::parse(&text) else {
        return false;
    };
    let field = |k: &str| {
        doc.get(k)
            .and_then(crate::json::Json::as_str)
            .map(str::to_string)
    };
    let at = doc
        .get("at")
        .and_then(crate::json::Json::as_int::<i64>)
        .unwrap_or(0) as f64;
    field("game").as_deref() == Some(id)
        && field("tab").is_some_and(|t| t != tab_id())
        && js_sys::Date::now() - at < HOST_GONE_MS
}

/// While this tab is the table of game `id` with players on their own
/// devices, it says so every two seconds, so that another tab opened
/// meanwhile does not take the game (and run its bots) too. Dropping the
/// interval stops it.
pub fn host_beat(id: String) -> gloo::timers::callback::Interval {
    let tab = tab_id();
    let write = move || {
        let text = crate::json::obj([
            ("game", crate::json::str(&id)),
            ("tab", crate::json::str(&tab)),
            ("at", crate::json::Json::Int(js_sys::Date::now() as i64)),
        ])
        .to_text();
        let _ = storage::write(HOST_KEY, &text);
    };
    write();
    gloo::timers::callback::Interval::new(HOST_BEAT_MS, write)
}

/// Keeps the tokens the table's seats' devices hold (or forgets them, once
/// this game has no seat on a device; another game's, another tab's, stay).
pub fn save_devices(state: &AppState) {
    let (id, devices) = (&state.game_id, &state.devices);
    if !devices.seats.is_empty() {
        let _ = storage::write(DEVICES_KEY, &stored::devices_text(id, devices));
    } else if storage::read(DEVICES_KEY)
        .ok()
        .flatten()
        .is_some_and(|t| stored::is_for_game(&t, id))
    {
        let _ = storage::remove(DEVICES_KEY);
    }
}

/// Keeps this device's ticket to a table (or forgets it).
pub fn save_ticket(state: &AppState) {
    let _ = match &state.hand.ticket {
        Some(t) => storage::write(HAND_KEY, &stored::ticket_text(t)),
        None => storage::remove(HAND_KEY),
    };
}

/// Saves the game (and forgets it once it is left), never over another
/// tab's newer save or other game (see [`sync`]). `last` is the text this
/// tab last wrote: while the slot still holds it, nobody else wrote, and
/// it need not be parsed.
pub fn save_game(state: &AppState, last: &RefCell<Option<String>>, send: &Callback<Msg>) {
    let Ok(stored) = storage::read(GAME_KEY) else {
        send.emit(Msg::Notice(Notice::StorageOff));
        return;
    };
    let write = |text: String| {
        let written = storage::write(GAME_KEY, &text);
        if written.is_ok() {
            *last.borrow_mut() = Some(text);
        }
        written
    };
    let result = match &state.session {
        Some(session) => {
            let text = save::encode(session, &state.game_id, state.seq);
            let plan = sync::plan_save(
                stored.as_deref(),
                &text,
                &state.game_id,
                state.seq,
                last.borrow().as_deref(),
                state.tab.replace.as_deref(),
            );
            match (plan, stored) {
                (Plan::Nothing, _) => {
                    *last.borrow_mut() = Some(text);
                    Ok(())
                }
                (Plan::ReadTheirs, Some(theirs)) => {
                    let game = save::decode(&theirs).map_err(|e| e.to_string());
                    match &game {
                        // The very save this tab loaded (the same game,
                        // number and moves; a save read back covers the
                        // hands, so its text differs): ours to write.
                        Ok(l)
                            if l.id == state.game_id
                                && l.seq == state.seq
                                && l.session.record == session.record =>
                        {
                            write(text)
                        }
                        // Another tab's save: never written over; the
                        // reducer decides (take it, or ask).
                        _ => {
                            let text = theirs;
                            send.emit(Msg::Tab(TabMsg::Saw(Rc::new(OtherSave { text, game }))));
                            Ok(())
                        }
                    }
                }
                (Plan::KeepAsideThenWrite, Some(old)) => {
                    let _ = storage::keep_aside("", &old);
                    write(text)
                }
                _ => write(text),
            }
        }
        // The game was left: forget it, if the slot holds it.
        None => {
            match sync::plan_forget(stored.as_deref(), &state.game_id, last.borrow().as_deref()) {
                Forget::Leave => Ok(()),
                Forget::Remove => storage::remove(GAME_KEY),
                Forget::KeepAsideThenRemove => {
                    let _ = stored.map(|old| storage::keep_aside("", &old));
                    storage::remove(GAME_KEY)
                }
            }
        }
    };
    if result.is_err() {
        send.emit(Msg::Notice(Notice::StorageOff));
    }
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

/// Saves the settings.
pub fn save_settings(settings: &Settings) {
    let _ = storage::write(SETTINGS_KEY, &settings.encode());
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

/// Counts the finished game of `state` once (a reload on the game-over
/// screen finds its id already counted); the statistics as they are now.
pub fn count_finished(state: &AppState) -> Stats {
    let mut stats = load_stats();
    let over = state.session.as_ref().filter(|s| s.game.is_over());
    let today = crate::browser::utc_today();
    let counted = |stats: &mut Stats, session: &Session| {
        // Both, whatever the first says.
        let game = stats.record(&state.game_id, session);
        stats.record_daily(session, &today) | game
    };
    if over.is_some_and(|session| counted(&mut stats, session)) {
        let _ = storage::write(STATS_KEY, &stats.encode());
    }
    stats
}

/// Forgets the statistics.
pub fn reset_stats() {
    let _ = storage::remove(STATS_KEY);
}
