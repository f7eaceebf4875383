//! The root component and the browser side effects: reading and writing
//! localStorage, the URL parameters, the random seed, and running bot turns
//! without blocking the page.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gloo::events::EventListener;
use gloo::timers::callback::Timeout;
use mojo_engine::bot::{mix, Budget, HardSearch};
use mojo_engine::{Action, Phase};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::app::{AppState, Msg, Notice, Overlay, Screen, TabNotice};
use crate::i18n::{self, Lang, Text};
use crate::save::{self, BeforeWrite, Settings, Speed};
use crate::session::{Level, Session};
use crate::storage;
use crate::ui::focus;
use crate::ui::lobby::{lobby, LobbyProps};
use crate::ui::menu::{menu, MenuProps};
use crate::ui::notices::{notices, NoticesProps};
use crate::ui::rules::rules_help;
use crate::ui::stats::{record_finished, StatsDialog};
use crate::ui::table::Table;
use crate::ui::tour::Tour;

/// Hard's budget in the browser: the same search as natively, capped in
/// time so a decision stays well under a quarter of a second.
const HARD_BROWSER: Budget = Budget {
    iterations: Budget::HARD.iterations,
    millis: 160.0,
};

/// How much longer a tab showing another tab's position waits before it
/// plays a bot's turn itself (the other tab normally does it first).
const FOLLOWER_GRACE_MS: u32 = 1500;

/// The longest slice of search between two yields to the browser, in ms.
const SLICE_MS: f64 = 12.0;

fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or_else(js_sys::Date::now, |p| p.now())
}

/// 64 random bits from the browser (crypto.getRandomValues), or the clock if
/// that is unavailable.
fn random_u64() -> u64 {
    let mut bytes = [0u8; 8];
    match getrandom::getrandom(&mut bytes) {
        Ok(()) => u64::from_le_bytes(bytes),
        Err(_) => (js_sys::Date::now() * 1000.0) as u64 ^ (js_sys::Math::random() * 1e15) as u64,
    }
}

fn new_id() -> String {
    format!("{:016x}", random_u64())
}

/// `?name=value` from the page URL.
fn query(name: &str) -> Option<String> {
    let search = web_sys::window()?.location().search().ok()?;
    web_sys::UrlSearchParams::new_with_str(&search)
        .ok()?
        .get(name)
}

fn browser_lang() -> Option<Lang> {
    let nav = web_sys::window()?.navigator();
    nav.language().and_then(|l| Lang::from_code(&l))
}

/// The language to start in: `?lang=`, else the saved setting, else the
/// browser's, else English.
fn lang_choice(setting: Option<&str>) -> Lang {
    query("lang")
        .and_then(|l| Lang::from_code(&l))
        .or_else(|| setting.and_then(Lang::from_code))
        .or_else(browser_lang)
        .unwrap_or_default()
}

/// `lang_choice` before the app starts (`main.rs` fetches its words).
pub fn initial_lang() -> Lang {
    let settings = storage::read(save::SETTINGS_KEY)
        .ok()
        .flatten()
        .map(|text| Settings::decode(&text));
    lang_choice(settings.as_ref().and_then(|s| s.lang.as_deref()))
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

/// Puts the menu's language choice back on `lang`, the page's language,
/// after another could not be fetched (the select otherwise keeps showing
/// the one the player picked).
fn show_lang_choice(lang: Lang) {
    let select = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector(".menu__lang select").ok().flatten())
        .and_then(|e| e.dyn_into::<web_sys::HtmlSelectElement>().ok());
    if let Some(select) = select {
        select.set_value(lang.code());
    }
}

/// Reads everything stored and the URL: the starting state. The language's
/// catalogue has been fetched before (`main.rs`); if that failed, the game
/// starts in English and says so.
fn load() -> AppState {
    let stored = storage::read(save::SETTINGS_KEY);
    let storage_ok = stored.is_ok();
    let settings = stored
        .ok()
        .flatten()
        .map(|text| Settings::decode(&text))
        .unwrap_or_default();
    let saved = match storage::read(save::GAME_KEY) {
        Ok(Some(text)) => Some(save::decode(&text).map_err(|e| {
            // Keep the raw text aside under another key, never lose it.
            let _ = storage::keep_aside("", &text);
            let _ = storage::remove(save::GAME_KEY);
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
    state
}

/// Listens for a new version of the app, announced by static/sw-register.js
/// (the service worker's page side) with an attribute on `<html>` and a
/// window event; removes its listener when dropped.
struct UpdateWatch(Option<Closure<dyn Fn()>>);

impl UpdateWatch {
    const READY: &'static str = "mojo-update-ready";

    fn start(dispatch: Callback<Msg>) -> UpdateWatch {
        let Some(window) = web_sys::window() else {
            return UpdateWatch(None);
        };
        let waiting = window
            .document()
            .and_then(|d| d.document_element())
            .and_then(|e| e.get_attribute("data-mojo-update"))
            .is_some_and(|v| v == "ready");
        let tell = move || dispatch.emit(Msg::Notice(Notice::UpdateReady));
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

/// Switches to the new version: static/sw-register.js lets the waiting
/// service worker take over, then reloads the page (the game is saved after
/// every action, so it resumes where it was).
fn apply_update() {
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

/// Saves this tab's game, unless that would overwrite a newer save of the
/// same game or a game another tab started (several tabs share the one save
/// slot). `known` is the id of the game this tab last saved or loaded.
fn save_game(state: &AppState, known: &RefCell<Option<String>>, dispatch: &Callback<Msg>) {
    let stored = match storage::read(save::GAME_KEY) {
        Ok(stored) => stored,
        Err(_) => {
            dispatch.emit(Msg::Notice(Notice::StorageOff));
            return;
        }
    };
    let result = match &state.session {
        Some(session) => {
            let text = save::encode(session, &state.game_id, state.seq);
            let known_id = known.borrow().clone();
            match save::before_write(
                stored.as_deref(),
                &text,
                &state.game_id,
                state.seq,
                known_id.as_deref(),
            ) {
                BeforeWrite::Newer => {
                    // Another tab played on: take its position, never
                    // overwrite it. (Unreadable here, e.g. written by a
                    // newer version: stop saving and ask.)
                    match stored.as_deref().map(save::decode) {
                        Some(Ok(loaded)) => dispatch.emit(Msg::Adopt(Box::new(loaded))),
                        _ => dispatch.emit(Msg::OtherTab(TabNotice::OtherGame)),
                    }
                    return;
                }
                BeforeWrite::OtherGame(_) => {
                    dispatch.emit(Msg::OtherTab(TabNotice::OtherGame));
                    return;
                }
                BeforeWrite::Unreadable => {
                    if let Some(old) = &stored {
                        let _ = storage::keep_aside("", old);
                    }
                }
                BeforeWrite::Write => {}
            }
            let written = if stored.as_deref() == Some(text.as_str()) {
                Ok(())
            } else {
                storage::write(save::GAME_KEY, &text)
            };
            if written.is_ok() {
                *known.borrow_mut() = Some(state.game_id.clone());
            }
            written
        }
        // The game was left: forget it, if the slot holds this tab's game.
        None => match stored.as_deref().and_then(save::peek) {
            Some((id, _)) if known.borrow().as_deref() != Some(id.as_str()) => Ok(()),
            _ => storage::remove(save::GAME_KEY),
        },
    };
    if result.is_err() {
        dispatch.emit(Msg::Notice(Notice::StorageOff));
    }
}

/// Another tab wrote the save slot: the `storage` event carries the new
/// text, handed to the reducer (which takes it only if it is this game
/// further on, or if this tab has no game).
fn watch_other_tabs(dispatch: Callback<Msg>) -> Option<EventListener> {
    let window = web_sys::window()?;
    Some(EventListener::new(&window, "storage", move |event| {
        let Some(event) = event.dyn_ref::<web_sys::StorageEvent>() else {
            return;
        };
        if event.key().as_deref() != Some(save::GAME_KEY) {
            return;
        }
        if let Some(Ok(loaded)) = event.new_value().as_deref().map(save::decode) {
            dispatch.emit(Msg::Adopt(Box::new(loaded)));
        }
    }))
}

/// The notice about another tab, with its choices.
fn tab_notice(
    state: &AppState,
    known: &Rc<RefCell<Option<String>>>,
    dispatch: &Callback<Msg>,
) -> Html {
    let Some(notice) = state.tab_notice else {
        return html! {};
    };
    let lang = state.lang;
    let t = |text: Text| text.get(lang);
    // Below the other notices, if any.
    let style = format!("top: calc(0.5rem + {}rem)", 5 * state.notices.len());
    let buttons = match notice {
        TabNotice::Continued => {
            let d = dispatch.clone();
            html! {
                <button type="button" class="button button--ghost" onclick={Callback::from(move |_| d.emit(Msg::DismissTab))}>{ t(Text::Dismiss) }</button>
            }
        }
        TabNotice::OtherGame => {
            let d = dispatch.clone();
            let open = Callback::from(move |_| {
                match storage::read(save::GAME_KEY)
                    .ok()
                    .flatten()
                    .as_deref()
                    .map(save::decode)
                {
                    Some(Ok(loaded)) => d.emit(Msg::SwitchTo(Box::new(loaded))),
                    Some(Err(e)) => d.emit(Msg::Notice(Notice::SaveUnreadable(e.to_string()))),
                    None => d.emit(Msg::KeepThisGame),
                }
            });
            let d = dispatch.clone();
            let known = known.clone();
            let keep = Callback::from(move |_| {
                // The player's choice: this tab's game replaces the other.
                let stored = storage::read(save::GAME_KEY).ok().flatten();
                *known.borrow_mut() = stored.as_deref().and_then(save::peek).map(|(id, _)| id);
                d.emit(Msg::KeepThisGame);
            });
            html! {
                <>
                    <button type="button" class="button" onclick={open}>{ t(Text::OpenOtherGame) }</button>
                    <button type="button" class="button button--ghost" onclick={keep}>{ t(Text::KeepThisGame) }</button>
                </>
            }
        }
    };
    let text = match notice {
        TabNotice::Continued => t(Text::TabContinued),
        TabNotice::OtherGame => t(Text::TabOtherGame),
    };
    html! {
        <div class="notices notices--tabs" role="status" {style}>
            <div class="notice notice--tab" role="alert">
                <p>{ text }</p>
                { buttons }
            </div>
        </div>
    }
}

/// A bot turn being prepared: cancelled (and its timer dropped) when the
/// state moves on or the component goes away.
struct BotJob {
    cancelled: Rc<Cell<bool>>,
    timer: Rc<RefCell<Option<Timeout>>>,
}

impl Drop for BotJob {
    fn drop(&mut self) {
        self.cancelled.set(true);
        self.timer.borrow_mut().take();
    }
}

fn measure_name(level: Level) -> &'static str {
    match level {
        Level::Easy => "mojo-think-easy",
        Level::Medium => "mojo-think-medium",
        Level::Hard => "mojo-think-hard",
    }
}

/// Marks the start of a bot's decision (User Timing).
fn mark_start(level: Level) {
    if let Some(perf) = web_sys::window().and_then(|w| w.performance()) {
        let _ = perf.mark(&format!("{}-start", measure_name(level)));
    }
}

/// Records a bot's think time, from its start mark, as a User Timing
/// measure (read by the end-to-end tests, visible in the browser's
/// performance tools).
fn measure(level: Level) {
    if let Some(perf) = web_sys::window().and_then(|w| w.performance()) {
        let name = measure_name(level);
        let _ = perf.measure_with_start_mark(name, &format!("{name}-start"));
    }
}

/// Runs slices of a Hard search until it is done, yielding to the browser
/// between slices.
fn hard_slice(
    search: Rc<RefCell<HardSearch>>,
    cancelled: Rc<Cell<bool>>,
    timer: Rc<RefCell<Option<Timeout>>>,
    finish: Rc<dyn Fn(Action)>,
) {
    if cancelled.get() {
        return;
    }
    let slice_start = now_ms();
    let done = loop {
        let done = search.borrow_mut().step_timed(2, now_ms());
        if done || now_ms() - slice_start >= SLICE_MS {
            break done;
        }
    };
    if done {
        measure(Level::Hard);
        let best = search.borrow().best();
        finish(best);
    } else {
        let t2 = timer.clone();
        let next = Timeout::new(0, move || hard_slice(search, cancelled, t2, finish));
        *timer.borrow_mut() = Some(next);
    }
}

impl BotJob {
    fn start(
        session: Rc<Session>,
        game_id: String,
        speed: Speed,
        extra_ms: u32,
        dispatch: Callback<Msg>,
    ) -> Option<BotJob> {
        let after = session.record.actions.len();
        let cancelled = Rc::new(Cell::new(false));
        let timer: Rc<RefCell<Option<Timeout>>> = Rc::new(RefCell::new(None));
        let finish: Rc<dyn Fn(Action)> = {
            let cancelled = cancelled.clone();
            Rc::new(move |action| {
                if !cancelled.get() {
                    dispatch.emit(Msg::BotAct {
                        id: game_id.clone(),
                        after,
                        action,
                    });
                }
            })
        };
        let delay = speed.delay_ms() + extra_ms;
        if let Some((seat, level)) = session.bot_to_act() {
            let view = session.game.view(seat);
            let seed = mix(session.record.seed ^ ((after as u64) << 8) ^ u64::from(seat));
            let c2 = cancelled.clone();
            let t2 = timer.clone();
            let run = move || {
                if c2.get() {
                    return;
                }
                mark_start(level);
                match level {
                    Level::Hard => {
                        let search =
                            Rc::new(RefCell::new(HardSearch::new(&view, seed, HARD_BROWSER)));
                        hard_slice(search, c2, t2, finish);
                    }
                    Level::Easy | Level::Medium => {
                        let mut bot = level.bot_kind().make(seed);
                        let action = bot.choose(&view);
                        measure(level);
                        finish(action);
                    }
                }
            };
            *timer.borrow_mut() = Some(Timeout::new(delay, run));
        } else if session.humans() == 0 && session.game.phase() == Phase::RoundOver {
            // A table of bots deals its next round by itself.
            let run = move || finish(Action::NextRound);
            *timer.borrow_mut() = Some(Timeout::new(delay.max(400) * 3, run));
        } else {
            return None;
        }
        Some(BotJob { cancelled, timer })
    }
}

/// The whole web app.
#[function_component(App)]
pub fn app() -> Html {
    let state = use_reducer(load);
    let dispatch: Callback<Msg> = {
        let d = state.dispatcher();
        Callback::from(move |m| d.dispatch(m))
    };

    // The game this tab last saved or loaded (see `save_game`).
    let known = {
        let loaded = state.session.is_some().then(|| state.game_id.clone());
        use_mut_ref(move || loaded)
    };
    // Save the game after every change (and forget it once it is left),
    // never over another tab's newer save or other game.
    {
        let state = state.clone();
        let d = dispatch.clone();
        let known = known.clone();
        use_effect_with(
            (
                state.game_id.clone(),
                state.seq,
                state.session.is_some(),
                state.saving_paused,
                state.resave,
            ),
            move |_| {
                if !state.saving_paused {
                    save_game(&state, &known, &d);
                }
            },
        );
    }
    // Another tab saved: show its newer position of this game, or warn.
    {
        let d = dispatch.clone();
        use_effect_with((), move |_| {
            let listener = watch_other_tabs(d);
            move || drop(listener)
        });
    }
    // Save the settings when they change.
    {
        let settings = state.settings.clone();
        let lang = state.lang;
        use_effect_with((settings, lang), move |(settings, lang)| {
            let mut s = settings.clone();
            s.lang = Some(lang.code().to_string());
            let _ = storage::write(save::SETTINGS_KEY, &s.encode());
            if let Some(root) = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.document_element())
            {
                let _ = root.set_attribute("lang", lang.code());
            }
        });
    }
    // Focus into a dialog when it opens, back where it was when it closes.
    {
        let opener = use_mut_ref(|| None::<web_sys::Element>);
        use_effect_with(state.overlay, move |overlay| {
            focus::dialog_changed(*overlay != Overlay::None, &opener);
        });
    }
    // A finished game counts in the statistics, once (by its id).
    {
        let over = state.session.as_ref().filter(|s| s.game.is_over()).cloned();
        use_effect_with((state.game_id.clone(), over.is_some()), move |(id, _)| {
            if let Some(session) = over {
                record_finished(id, &session);
            }
        });
    }
    // A new version of the app, when one is installed.
    {
        let d = dispatch.clone();
        use_effect_with((), move |_| {
            let watch = UpdateWatch::start(d);
            move || drop(watch)
        });
    }
    // Bot turns.
    {
        let session = state
            .session
            .clone()
            .filter(|_| state.screen == Screen::Table);
        let key = (
            state.game_id.clone(),
            session.as_ref().map(|s| s.record.actions.len()),
            state.speed(),
            state.screen,
            state.follower,
        );
        let d = dispatch.clone();
        use_effect_with(key, move |(id, _, speed, _, follower)| {
            // A tab following another one lets that tab play the bots,
            // taking over only if it falls silent.
            let extra = if *follower { FOLLOWER_GRACE_MS } else { 0 };
            let job = session.and_then(|s| BotJob::start(s, id.clone(), *speed, extra, d));
            move || drop(job)
        });
    }

    let lang = state.lang;
    let on = |f: fn(()) -> Msg| {
        let d = dispatch.clone();
        Callback::from(move |_: ()| d.emit(f(())))
    };
    let screen = match (&state.session, state.screen) {
        (Some(session), Screen::Table) => {
            let d = dispatch.clone();
            let d2 = dispatch.clone();
            let d3 = dispatch.clone();
            html! {
                <Table
                    {lang}
                    session={session.clone()}
                    seq={state.seq}
                    on_act={Callback::from(move |a| d.emit(Msg::Act(a)))}
                    on_show={Callback::from(move |s| d2.emit(Msg::ShowHand(s)))}
                    on_rematch={Callback::from(move |_| d3.emit(Msg::Rematch { seed: random_u64(), id: new_id() }))}
                    on_new_game={on(|_| Msg::ToLobby)}
                    on_rules={on(|_| Msg::Overlay(Overlay::Rules))}
                    on_menu={on(|_| Msg::Overlay(Overlay::Menu))}
                />
            }
        }
        _ => {
            let d = dispatch.clone();
            let d2 = dispatch.clone();
            let saved = state
                .session
                .as_ref()
                .filter(|s| !s.game.is_over())
                .map(|s| (s.game.round(), s.players() as usize));
            html! {
                <>
                    { lobby(&LobbyProps {
                        lang,
                        setup: state.lobby.clone(),
                        saved,
                        on_edit: Callback::from(move |s| d.emit(Msg::EditLobby(s))),
                        on_start: Callback::from(move |_| d2.emit(Msg::Start { seed: random_u64(), id: new_id() })),
                        on_continue: on(|_| Msg::Continue),
                    }) }
                    <footer class="lobby__footer">
                        <button type="button" class="button button--ghost" onclick={let d = dispatch.clone(); Callback::from(move |_| d.emit(Msg::Overlay(Overlay::Rules)))}>{ crate::i18n::Text::Rules.get(lang) }</button>
                        <button type="button" class="button button--ghost" onclick={let d = dispatch.clone(); Callback::from(move |_| d.emit(Msg::Overlay(Overlay::Menu)))}>{ crate::i18n::Text::Settings.get(lang) }</button>
                        <button type="button" class="button button--ghost" onclick={let d = dispatch.clone(); Callback::from(move |_| d.emit(Msg::Overlay(Overlay::Stats)))}>{ crate::i18n::Text::Statistics.get(lang) }</button>
                    </footer>
                </>
            }
        }
    };
    let overlay = match state.overlay {
        Overlay::None => html! {},
        Overlay::Rules => rules_help(lang, &on(|_| Msg::Overlay(Overlay::None))),
        Overlay::Stats => {
            html! { <StatsDialog {lang} on_close={on(|_| Msg::Overlay(Overlay::None))} /> }
        }
        Overlay::Tour(step) => {
            let d = dispatch.clone();
            let threshold = state
                .session
                .as_ref()
                .map_or(3, |s| s.game.options().threshold());
            html! { <Tour {lang} {step} {threshold} on_step={Callback::from(move |s| d.emit(Msg::Overlay(Overlay::Tour(s))))} on_done={on(|_| Msg::EndTour)} /> }
        }
        Overlay::Menu => {
            let d = dispatch.clone();
            let d2 = dispatch.clone();
            let d3 = dispatch.clone();
            menu(&MenuProps {
                lang,
                speed: state.speed(),
                reduce_motion: state.settings.reduce_motion,
                in_game: state.screen == Screen::Table,
                on_speed: Callback::from(move |s| d.emit(Msg::SetSpeed(s))),
                on_reduce_motion: Callback::from(move |b| d2.emit(Msg::SetReduceMotion(b))),
                on_lang: Callback::from(move |l: Lang| {
                    // Another language's words may have to be fetched
                    // first; until they are here the page stays as it is.
                    let d = d3.clone();
                    wasm_bindgen_futures::spawn_local(async move {
                        d.emit(match load_lang(l).await {
                            Ok(()) => Msg::SetLang(l),
                            Err(_) => {
                                show_lang_choice(lang);
                                Msg::Notice(Notice::LanguageUnavailable(l))
                            }
                        });
                    });
                }),
                on_lobby: on(|_| Msg::ToLobby),
                on_close: on(|_| Msg::Overlay(Overlay::None)),
                on_stats: on(|_| Msg::Overlay(Overlay::Stats)),
                on_tour: on(|_| Msg::Overlay(Overlay::Tour(0))),
            })
        }
    };
    // Escape closes the dialog on top (skips the walkthrough); Tab stays
    // inside an open dialog.
    let keys = {
        let d = dispatch.clone();
        let overlay = state.overlay;
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" && overlay != Overlay::None {
                e.prevent_default();
                d.emit(match overlay {
                    Overlay::Tour(_) => Msg::EndTour,
                    _ => Msg::Overlay(Overlay::None),
                });
            } else {
                focus::trap_tab(&e);
            }
        })
    };
    let d = dispatch.clone();
    html! {
        <div class={classes!("app", state.settings.reduce_motion.then_some("reduce-motion"))} onkeydown={keys}>
            { notices(&NoticesProps { lang, notices: state.notices.clone(), on_dismiss: Callback::from(move |i| d.emit(Msg::Dismiss(i))), on_reload: Callback::from(|_| apply_update()) }) }
            { tab_notice(&state, &known, &dispatch) }
            { screen }
            { overlay }
        </div>
    }
}
