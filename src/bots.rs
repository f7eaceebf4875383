//! Bot turns in the browser: each bot's decision after the table's pause,
//! Hard's search in slices that leave the page responsive, and a table of
//! bots dealing its own next round. A decision is thrown away if the game
//! moved on before it was made (the reducer checks it too).

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use mojo_engine::bot::{mix, Budget, HardSearch};
use mojo_engine::{Action, Phase};
use yew::prelude::*;

use crate::app::{AppState, Msg, Screen};
use crate::browser::now_ms;
use crate::save::Speed;
use crate::session::{Level, Session};

/// Hard's budget in the browser: the same search as natively, capped in
/// time so a decision stays well under a quarter of a second.
const HARD_BROWSER: Budget = Budget {
    iterations: Budget::HARD.iterations,
    millis: 160.0,
};

/// How much longer a tab showing another tab's position waits before it
/// plays a bot's turn itself (the other tab normally does it first).
const FOLLOWER_GRACE_MS: u32 = 1500;

/// How long bots wait after a person's card that may be taken back (none
/// at `?speed=instant`).
const TAKE_BACK_GRACE_MS: u32 = 2000;

/// The longest slice of search between two yields to the browser, in ms.
const SLICE_MS: f64 = 12.0;

/// Plays the bots' turns of the game on the table.
#[hook]
pub fn use_bot_turns(state: &AppState, send: &Callback<Msg>) {
    // Bots wait until the players on their own devices are paired.
    let session = state
        .session
        .clone()
        .filter(|_| state.screen == Screen::Table)
        .filter(|_| state.devices.started || state.devices.seats.is_empty());
    // Who is to act is part of it: a seat given to a bot on its own turn
    // (a phone that left) changes no action count, yet a bot must play.
    let deps = (
        state.game_id.clone(),
        session
            .as_ref()
            .map(|s| (s.record.actions.len(), s.bot_to_act())),
        state.speed(),
        state.screen,
        state.tab.follower,
    );
    let send = send.clone();
    use_effect_with(deps, move |(id, _, speed, _, follower)| {
        // A tab following another one lets that tab play the bots,
        // taking over only if it falls silent.
        let extra = if *follower { FOLLOWER_GRACE_MS } else { 0 };
        let job = session.and_then(|s| BotJob::start(s, id.clone(), *speed, extra, send));
        move || drop(job)
    });
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

impl BotJob {
    fn start(
        session: Rc<Session>,
        game_id: String,
        speed: Speed,
        extra_ms: u32,
        send: Callback<Msg>,
    ) -> Option<BotJob> {
        let after = session.record.actions.len();
        let cancelled = Rc::new(Cell::new(false));
        let timer: Rc<RefCell<Option<Timeout>>> = Rc::new(RefCell::new(None));
        let finish: Rc<dyn Fn(Action)> = {
            let cancelled = cancelled.clone();
            Rc::new(move |action| {
                if !cancelled.get() {
                    send.emit(Msg::BotAct {
                        id: game_id.clone(),
                        after,
                        action,
                    });
                }
            })
        };
        let grace = if session.take_back_seat().is_some() && speed != Speed::Instant {
            TAKE_BACK_GRACE_MS
        } else {
            0
        };
        let delay = speed.delay_ms() + extra_ms + grace;
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
