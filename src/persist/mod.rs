//! Everything the app keeps in localStorage, and keeping the tabs of one
//! browser in step, in one place:
//!
//! - [`load`]: the starting state, from what is stored and the URL;
//! - the root's hooks, which do every read and write after that: the game
//!   after every change ([`use_autosave`]), another tab's saves
//!   ([`use_tab_watch`]), the settings ([`use_settings`]) and the statistics
//!   ([`use_statistics`]). No view and no click handler touches storage;
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
    let mut state = AppState::new(settings, saved, lang, speed, storage_ok);
    if lang != wanted {
        state.notices.push(Notice::LanguageUnavailable(wanted));
    }
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
        if let Ok(Some(text)) = storage::read(DEVICES_KEY) {
            stored::restore_devices(&text, &state.game_id, &mut state.devices);
        }
        if state.screen == Screen::Table {
            state.overlay = Overlay::Devices;
        }
    }
    state.hand.ticket = storage::read(HAND_KEY)
        .ok()
        .flatten()
        .and_then(|t| stored::ticket_from(&t));
    // A link to join a table (`…#join=CODE`, from a QR code): the join step,
    // the code filled in.
    if let Some(code) = join_code() {
        state.hand_msg(HandMsg::Open(code));
    }
    state
}

/// The invitation in the page's address (`#join=CODE`), taken out of the
/// address so that a reload does not join again.
fn join_code() -> Option<String> {
    let window = web_sys::window()?;
    let hash = window.location().hash().ok()?;
    let code = hash.strip_prefix("#join=")?.to_string();
    if let Ok(history) = window.history() {
        let url = format!(
            "{}{}",
            window.location().pathname().ok()?,
            window.location().search().ok()?
        );
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
    }
    Some(code)
}

/// Where the tab that hosts a game with players on their own devices says
/// so: `{"game", "tab", "at"}`, written every [`HOST_BEAT_MS`].
const HOST_KEY: &str = "mojo.host";
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

/// While this tab is the table of a game with players on their own
/// devices, it says so every two seconds, so that another tab opened
/// meanwhile does not take the game (and run its bots) too.
#[hook]
pub fn use_host_beat(state: &AppState) {
    let hosting = state.screen == Screen::Table
        && state.session.as_ref().is_some_and(|s| s.setup.has_remote());
    let id = state.game_id.clone();
    use_effect_with((hosting, id), |(hosting, id)| {
        let beat = hosting.then(|| {
            let (id, tab) = (id.clone(), tab_id());
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
        });
        move || drop(beat)
    });
}

/// Keeps what play across devices must remember: on the table, the tokens
/// its seats' devices hold; on a hand device, its ticket to a table.
#[hook]
pub fn use_devices_stored(state: &AppState) {
    let tokens: Vec<Option<String>> = state
        .devices
        .seats
        .iter()
        .map(|r| r.token.clone())
        .collect();
    let deps = (
        state.game_id.clone(),
        state.devices.table,
        state.devices.started,
        tokens,
    );
    let (id, devices) = (state.game_id.clone(), state.devices.clone());
    use_effect_with(deps, move |_| {
        if !devices.seats.is_empty() {
            let _ = storage::write(DEVICES_KEY, &stored::devices_text(&id, &devices));
        } else if storage::read(DEVICES_KEY)
            .ok()
            .flatten()
            .is_some_and(|t| stored::is_for_game(&t, &id))
        {
            // This game has no seat on a device any more. (Another game's
            // tokens, another tab's, stay.)
            let _ = storage::remove(DEVICES_KEY);
        }
    });
    use_effect_with(state.hand.ticket.clone(), |ticket| {
        let _ = match ticket {
            Some(t) => storage::write(HAND_KEY, &stored::ticket_text(t)),
            None => storage::remove(HAND_KEY),
        };
    });
}

/// Saves the game after every change (and forgets it once it is left),
/// never over another tab's newer save or other game (see [`sync`]).
#[hook]
pub fn use_autosave(state: &UseReducerHandle<AppState>, send: &Callback<Msg>) {
    // The text this tab last wrote: while the slot still holds it, nobody
    // else wrote, and it need not be parsed.
    let last = use_mut_ref(|| None::<String>);
    let deps = (
        state.game_id.clone(),
        state.seq,
        state.session.is_some(),
        state.tab.paused,
        state.tab.resave,
    );
    let state = state.clone();
    let send = send.clone();
    use_effect_with(deps, move |_| {
        if !state.tab.paused {
            save_game(&state, &last, &send);
        }
    });
}

fn save_game(state: &AppState, last: &RefCell<Option<String>>, send: &Callback<Msg>) {
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

/// Saves the settings when they change, and keeps the page's `lang`
/// attribute on the language in effect.
#[hook]
pub fn use_settings(state: &AppState) {
    use_effect_with(state.settings.clone(), |settings| {
        let _ = storage::write(SETTINGS_KEY, &settings.encode());
    });
    use_effect_with(state.lang, |lang| {
        if let Some(root) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.document_element())
        {
            let _ = root.set_attribute("lang", lang.code());
        }
    });
}

/// The statistics as stored (zero if none; unreadable ones are kept aside).
fn load_stats() -> Stats {
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
/// finds its id already counted); the statistics as they are now.
fn record_finished(id: &str, session: &Session) -> Stats {
    let mut stats = load_stats();
    if stats.record(id, session) {
        let _ = storage::write(STATS_KEY, &stats.encode());
    }
    stats
}

/// The statistics across finished games, for the dialog, and the callback
/// that resets them. A finished game is counted once; the statistics are
/// read again whenever the dialog opens (another tab may have counted
/// games); a reset removes them. A failure never reaches the game.
#[hook]
pub fn use_statistics(state: &AppState) -> (Rc<Stats>, Callback<()>) {
    let stats = use_state_eq(|| Rc::new(Stats::default()));
    let resets = use_state_eq(|| 0u32);
    {
        let over = state.session.as_ref().filter(|s| s.game.is_over()).cloned();
        let stats = stats.clone();
        use_effect_with((state.game_id.clone(), over.is_some()), move |(id, _)| {
            if let Some(session) = over {
                stats.set(Rc::new(record_finished(id, &session)));
            }
        });
    }
    {
        let stats = stats.clone();
        use_effect_with(state.overlay == Overlay::Stats, move |&open| {
            if open {
                stats.set(Rc::new(load_stats()));
            }
        });
    }
    {
        let stats = stats.clone();
        use_effect_with(*resets, move |&n| {
            if n > 0 {
                let _ = storage::remove(STATS_KEY);
                stats.set(Rc::new(Stats::default()));
            }
        });
    }
    let on_reset = Callback::from(move |()| resets.set(*resets + 1));
    ((*stats).clone(), on_reset)
}
