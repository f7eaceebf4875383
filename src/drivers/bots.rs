//! Bot turns in the browser: the turn the reducer scheduled
//! (`AppState::bot_turn`, run by the executor as `Cmd::Bot`), played after
//! the table's pause, Hard's search in slices that leave the page
//! responsive. A decision is thrown away if its job was dropped (a newer
//! turn replaced it); the reducer checks it too, by game and position.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use mojo_engine::bot::review::Review;
use mojo_engine::bot::{mix, Budget, HardSearch};
use mojo_engine::Action;
use yew::prelude::*;

use crate::app::Msg;
use crate::cmd::{BotTurn, ReviewWork};
use crate::drivers::browser::now_ms;
use crate::session::Level;

/// Hard's budget in the browser: the same search as natively, capped in
/// time so a decision stays well under a quarter of a second.
const HARD_BROWSER: Budget = Budget {
    iterations: Budget::HARD.iterations,
    millis: 160.0,
};

/// The longest slice of search between two yields to the browser, in ms.
const SLICE_MS: f64 = 12.0;

/// A bot turn being prepared: cancelled (and its timer dropped) when it is
/// dropped (a newer turn, or the app going away).
pub struct BotJob {
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
    /// Starts `turn`: its answer goes to the reducer as `Msg::BotAct`.
    pub fn start(turn: BotTurn, send: Callback<Msg>) -> BotJob {
        let BotTurn {
            game,
            session,
            after,
            seat,
            delay_ms,
        } = turn;
        let cancelled = Rc::new(Cell::new(false));
        let timer: Rc<RefCell<Option<Timeout>>> = Rc::new(RefCell::new(None));
        let finish: Rc<dyn Fn(Action)> = {
            let cancelled = cancelled.clone();
            Rc::new(move |action| {
                if !cancelled.get() {
                    send.emit(Msg::BotAct {
                        id: game.clone(),
                        after,
                        action,
                    });
                }
            })
        };
        let run: Box<dyn FnOnce()> = match seat {
            Some((seat, level)) => {
                let view = session.game.view(seat);
                let seed = mix(session.record.seed ^ ((after as u64) << 8) ^ u64::from(seat));
                let (c2, t2) = (cancelled.clone(), timer.clone());
                Box::new(move || {
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
                })
            }
            // A table of bots deals its next round by itself.
            None => Box::new(move || finish(Action::NextRound)),
        };
        *timer.borrow_mut() = Some(Timeout::new(delay_ms, run));
        BotJob { cancelled, timer }
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

/// The longest slice of Hard's review between two yields, in ms: well
/// under the 50 ms of a long task, so the replay stays smooth.
const REVIEW_SLICE_MS: f64 = 8.0;

/// Hard's review of a replayed round in progress (`Cmd::Review`): one
/// move after the other, each in slices of its search, every finding sent
/// to the reducer as `Msg::Reviewed`. Dropping it stops it.
pub struct ReviewJob {
    cancelled: Rc<Cell<bool>>,
    timer: Rc<RefCell<Option<Timeout>>>,
}

impl Drop for ReviewJob {
    fn drop(&mut self) {
        self.cancelled.set(true);
        self.timer.borrow_mut().take();
    }
}

impl ReviewJob {
    pub fn start(work: Rc<ReviewWork>, send: Callback<Msg>) -> ReviewJob {
        let cancelled = Rc::new(Cell::new(false));
        let timer: Rc<RefCell<Option<Timeout>>> = Rc::new(RefCell::new(None));
        let state = ReviewRun {
            work,
            next: 0,
            review: None,
            send,
            cancelled: cancelled.clone(),
            timer: timer.clone(),
        };
        *timer.borrow_mut() = Some(Timeout::new(0, move || state.slice()));
        ReviewJob { cancelled, timer }
    }
}

/// Where a review job is.
struct ReviewRun {
    work: Rc<ReviewWork>,
    /// The task under review (or next).
    next: usize,
    review: Option<Review>,
    send: Callback<Msg>,
    cancelled: Rc<Cell<bool>>,
    timer: Rc<RefCell<Option<Timeout>>>,
}

impl ReviewRun {
    /// One slice: search until the slice's time is up, sending each move's
    /// finding as it is done; then yield to the browser.
    fn slice(mut self) {
        if self.cancelled.get() {
            return;
        }
        let start = now_ms();
        if let Some(perf) = web_sys::window().and_then(|w| w.performance()) {
            let _ = perf.mark("mojo-review-start");
        }
        while now_ms() - start < REVIEW_SLICE_MS {
            let Some(task) = self.work.tasks.get(self.next) else {
                break;
            };
            let review = self.review.get_or_insert_with(|| task.review());
            if review.step(1) {
                let mark = review.verdict().and_then(|v| v.mark());
                self.review = None;
                self.next += 1;
                self.send.emit(Msg::Reviewed {
                    game: self.work.game.clone(),
                    round: self.work.round,
                    step: task.step,
                    mark,
                });
            }
        }
        if let Some(perf) = web_sys::window().and_then(|w| w.performance()) {
            let _ = perf.measure_with_start_mark("mojo-review-slice", "mojo-review-start");
        }
        if self.next < self.work.tasks.len() {
            let timer = self.timer.clone();
            *timer.borrow_mut() = Some(Timeout::new(0, move || self.slice()));
        }
    }
}
