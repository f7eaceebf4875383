//! The one place the app's effects are carried out: the commands the
//! reducer left in the state's outbox (`cmd.rs`), run in order, each once,
//! each from what it carries (no command reads the app's state).
//! The ones that keep what a fault must not lose (the game, the settings,
//! the devices' tokens, this device's ticket: [`keep`]) run first, in the
//! render of the root, before the change reaches the page: a wasm trap or
//! a panic while the move is drawn (`static/guard.js` reloads the page)
//! then finds the move saved. What the devices and the table are sent goes
//! next, still before the render, so that a move reaches the other devices
//! without waiting for the sender to draw it.
//! The others run right after the render. What
//! an effect learns comes back to the reducer as a message.
//!
//! The executor keeps what effects need between two commands and the
//! reducer has no use for: the bot job in progress, the table's links, the
//! host beat's timer, the QR worker.

use std::rc::Rc;

use gloo::timers::callback::Interval;
use yew::prelude::*;

use super::bots::{BotJob, ReviewJob};
use super::browser::{storage_persist, storage_persisted};
use super::phone_link::{self, use_hand_link, HandLink};
use super::saves;
use super::table_links::{use_table_links, Links};
use crate::app::{Msg, PHONE_SIDE};
use crate::cmd::{Cmd, Outbox, OUTBOX_KEPT};
use crate::net::devices::PING_MS;
use crate::net::proto::{ToHand, ToTable};
use crate::stats::Stats;

/// What the executor holds between commands.
#[derive(Default)]
struct Held {
    /// The number of the last command run.
    done: u64,
    /// The number of the last command looked at before drawing ([`keep`]).
    kept: u64,
    bot: Option<BotJob>,
    /// Hard's review of the round replayed, in progress.
    review: Option<ReviewJob>,
    beat: Option<Interval>,
    /// The pings on the links (`Cmd::Pings`).
    pings: Option<Interval>,
    /// The QR worker's client, from the first code drawn.
    qr: Option<super::qr::Client>,
    /// The camera, while it is on.
    camera: Option<super::camera::Camera>,
}

/// Runs the reducer's commands (the state's outbox).
#[hook]
pub fn use_commands(outbox: &Outbox, send: &Callback<Msg>) {
    let held = use_mut_ref(Held::default);
    // What the commands kept before drawing tell the reducer: sent after
    // the render, not from inside it.
    let told = use_mut_ref(Vec::<Msg>::new);
    let links = use_table_links(send);
    let hand = use_hand_link(send);
    {
        // Before drawing: this runs in the root's render, before its view
        // is made, let alone put on the page.
        let mut held = held.borrow_mut();
        let told = told.clone();
        let tell = Callback::from(move |m| told.borrow_mut().push(m));
        let last = lasts(outbox.after(held.kept).map(|(n, c)| (*n, c)));
        for (n, cmd) in outbox.after(held.kept) {
            if !superseded(*n, cmd, last) {
                keep(cmd, &tell);
            }
        }
        // Then what the devices are sent, once all of it is kept: a move's
        // way to the other devices waits for neither side's render (issue
        // 35: 100 ms apart, a move on every device within 300 ms). What
        // could not be sent is told after the render, as the saves' news.
        for (_, cmd) in outbox.after(held.kept) {
            match cmd {
                Cmd::ToDevice {
                    seat,
                    epoch,
                    message,
                } => links.send(*seat, *epoch, message),
                Cmd::ToTable { epoch, message } if PHONE_SIDE => {
                    hand.send_telling(*epoch, message, &tell)
                }
                _ => {}
            }
        }
        held.kept = outbox.last();
    }
    {
        let (outbox, send) = (outbox.clone(), send.clone());
        let links = (links.clone(), hand);
        let held = held.clone();
        use_effect_with(outbox.last(), move |_| {
            for msg in std::mem::take(&mut *told.borrow_mut()) {
                send.emit(msg);
            }
            let mut held = held.borrow_mut();
            let from = held.done;
            let last = lasts(outbox.after(from).map(|(n, c)| (*n, c)));
            for (n, cmd) in outbox.after(from) {
                held.done = *n;
                if !superseded(*n, cmd, last) {
                    run(cmd, &send, &links, &mut held);
                }
            }
            if outbox.len() > OUTBOX_KEPT {
                send.emit(Msg::Ran(held.done));
            }
        });
    }
    {
        // The bot job and the beat stop with the app.
        let held = held.clone();
        use_effect_with((), move |_| {
            move || {
                let mut held = held.borrow_mut();
                held.bot = None;
                held.review = None;
                held.beat = None;
                held.pings = None;
                held.camera = None;
            }
        });
    }
}

/// The commands that one later in the same batch makes needless: of
/// several saves of the game (or its forgetting) before one render, only
/// the last is written; of several new links of a phone, only the last is
/// opened (each closes the one before).
#[derive(Clone, Copy, Default)]
struct Lasts {
    game: u64,
    phone_link: u64,
}

fn lasts<'a>(batch: impl Iterator<Item = (u64, &'a Cmd)>) -> Lasts {
    let mut last = Lasts::default();
    for (n, cmd) in batch {
        match cmd {
            Cmd::SaveGame(_) | Cmd::ForgetGame { .. } => last.game = n,
            Cmd::HandLink { .. } => last.phone_link = n,
            _ => {}
        }
    }
    last
}

/// Whether command `n` of its batch is made needless by a later one.
fn superseded(n: u64, cmd: &Cmd, last: Lasts) -> bool {
    match cmd {
        Cmd::SaveGame(_) | Cmd::ForgetGame { .. } => n < last.game,
        Cmd::HandLink { .. } => n < last.phone_link,
        _ => false,
    }
}

/// Carries out a command that keeps what a fault must not lose; the
/// others wait for [`run`]. Called before the change is drawn.
fn keep(cmd: &Cmd, send: &Callback<Msg>) {
    match cmd {
        Cmd::SaveGame(save) => saves::save_game(save, send),
        Cmd::ForgetGame { id } => saves::forget_game(id, send),
        Cmd::SetAsideGame(text) => saves::set_aside_game(text),
        Cmd::SaveSettings(text) => saves::save_settings(text),
        Cmd::SaveDevices { id, text } => saves::save_devices(id, text.as_deref()),
        Cmd::SaveTicket(text) => saves::save_ticket(text.as_deref()),
        _ => {}
    }
}

/// Carries out one command, after the render.
fn run(cmd: &Cmd, send: &Callback<Msg>, (links, hand): &(Links, HandLink), held: &mut Held) {
    let stats = |stats: Stats| send.emit(Msg::Stats(Rc::new(stats)));
    match cmd {
        // Kept before the change was drawn.
        Cmd::SaveGame(_)
        | Cmd::ForgetGame { .. }
        | Cmd::SetAsideGame(_)
        | Cmd::SaveSettings(_)
        | Cmd::SaveDevices { .. }
        | Cmd::SaveTicket(_) => {}
        Cmd::ForgetRestored => saves::forget_restored(),
        Cmd::PageLang(lang) => saves::page_lang(*lang),
        Cmd::FetchLang(lang) => super::browser::fetch_lang(*lang, send.clone()),
        Cmd::Install => super::browser::install(),
        Cmd::ApplyUpdate => super::browser::apply_update(),
        Cmd::ClearHash => saves::clear_hash(),
        Cmd::ScrollTop => super::browser::scroll_top(),
        Cmd::CountFinished { id, session } => stats(saves::count_finished(id, session)),
        Cmd::ReadStats => stats(saves::load_stats()),
        Cmd::ResetStats => {
            saves::reset_stats();
            stats(Stats::default());
        }
        Cmd::AskPersist => {
            let send = send.clone();
            wasm_bindgen_futures::spawn_local(async move {
                send.emit(Msg::Persistent(storage_persist().await));
            });
        }
        Cmd::ReadPersisted => {
            let send = send.clone();
            wasm_bindgen_futures::spawn_local(async move {
                send.emit(Msg::Persistent(storage_persisted().await));
            });
        }
        Cmd::HostBeat(id) => held.beat = id.clone().map(saves::host_beat),
        // The job before is dropped (cancelled) first.
        Cmd::Bot(turn) => {
            held.bot = None;
            held.bot = turn.clone().map(|t| BotJob::start(t, send.clone()));
        }
        Cmd::Review(work) => {
            held.review = None;
            held.review = work.clone().map(|w| ReviewJob::start(w, send.clone()));
        }
        Cmd::SyncDevices {
            table,
            links: want,
            relays,
        } => links.sync(*table, want, relays),
        // Sent before the change was drawn, after what it keeps.
        Cmd::ToDevice { .. } | Cmd::ToTable { .. } => {}
        Cmd::Accept { seat, epoch, peer } => links.accept(*seat, *epoch, peer),
        Cmd::Refuse {
            seat,
            epoch,
            reason,
        } => links.refuse(*seat, *epoch, reason),
        // A phone's commands: the table's build (`PHONE_SIDE`) never has
        // them to run.
        Cmd::HandLink {
            epoch,
            invitation,
            relays,
        } if PHONE_SIDE => hand.open(*epoch, invitation.as_deref(), relays),
        Cmd::KeepAwake if PHONE_SIDE => phone_link::keep_awake(),
        Cmd::Buzz(ms) if PHONE_SIDE => phone_link::buzz(*ms),
        Cmd::HandLink { .. } | Cmd::KeepAwake | Cmd::Buzz(_) => {}
        Cmd::SoundOn(on) => super::sound::set_on(*on),
        Cmd::Sounds { events, turn_came } => super::sound::play_move(events, *turn_came),
        Cmd::Pings { table, hand: own } => {
            held.pings = None;
            if !table.is_empty() || own.is_some() {
                let (links, hand, table, own) = (links.clone(), hand.clone(), table.clone(), *own);
                // A tick long overdue: the page's timers stood still (the
                // device slept); the reducer decides what that costs.
                let (send, last) = (send.clone(), std::cell::Cell::new(js_sys::Date::now()));
                held.pings = Some(Interval::new(PING_MS, move || {
                    let now = js_sys::Date::now();
                    let gap = now - last.replace(now);
                    if gap > f64::from(3 * PING_MS) {
                        send.emit(Msg::Slept { ms: gap as u32 });
                    }
                    for &(seat, epoch) in &table {
                        links.send(seat, epoch, &ToHand::Ping);
                    }
                    if let Some(epoch) = own.filter(|_| PHONE_SIDE) {
                        hand.send(epoch, &ToTable::Ping);
                    }
                }));
            }
        }
        Cmd::After { ms, msg } => {
            let msg = Msg::from(msg.clone());
            let send = send.clone();
            super::browser::after(*ms, move || send.emit(msg));
        }
        Cmd::Copy { text, shown_in } => {
            super::clipboard::copy_text(text.clone(), shown_in.clone(), send.clone())
        }
        Cmd::HandOff(message) => super::replies::post(message),
        Cmd::Share { title, text } => {
            super::clipboard::share_text(title, text);
        }
        Cmd::Warn(text) => web_sys::console::warn_1(&text.as_str().into()),
        Cmd::OpenPage { page, code } => super::browser::open_page(&page.link(code)),
        // The camera before is turned off first.
        Cmd::Camera(on) => {
            held.camera = None;
            held.camera =
                on.map(|keep_reading| super::camera::Camera::start(keep_reading, send.clone()));
        }
        Cmd::DrawQr(text) => {
            let (send, owned) = (send.clone(), text.clone());
            let qr = held.qr.get_or_insert_with(super::qr::Client::shared);
            qr.draw(text, move |drawn| {
                let drawn = drawn.map(Rc::new);
                send.emit(Msg::QrDrawn { text: owned, drawn });
            });
        }
    }
}
