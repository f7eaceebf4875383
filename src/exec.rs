//! The one place the app's effects are carried out: the commands the
//! reducer left in the state's outbox (`cmd.rs`), run in order, each once.
//! The ones that keep what a fault must not lose (the game, the settings,
//! the devices' tokens, this device's ticket: [`keep`]) run first, in the
//! render of the root, before the change reaches the page: a wasm trap or
//! a panic while the move is drawn (`static/guard.js` reloads the page)
//! then finds the move saved. The others run right after the render. What
//! an effect learns comes back to the reducer as a message.
//!
//! The executor keeps what effects need between two commands and the
//! reducer has no use for: the bot job in progress, the table's links, the
//! host beat's timer, the text of the last save.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::timers::callback::Interval;
use yew::prelude::*;

use crate::app::{AppState, Msg, PHONE_SIDE};
use crate::bots::{BotJob, ReviewJob};
use crate::browser::{storage_persist, storage_persisted};
use crate::cmd::{Cmd, Later, OUTBOX_KEPT};
use crate::net::hand_hub::{self, use_hand_link, HandLink};
use crate::net::proto::{ToHand, ToTable};
use crate::net::state::PING_MS;
use crate::net::table_hub::{use_table_links, Links};
use crate::persist;
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
    /// The text this tab last wrote to the save slot.
    last_save: RefCell<Option<String>>,
    /// The QR worker's client, from the first code drawn.
    qr: Option<crate::net::qr::Client>,
}

/// Runs the reducer's commands.
#[hook]
pub fn use_commands(state: &UseReducerHandle<AppState>, send: &Callback<Msg>) {
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
        let from = held.kept;
        for (_, cmd) in state.outbox.after(from) {
            keep(cmd, state, &tell, &held);
        }
        held.kept = state.outbox.last();
    }
    {
        let (state, send) = (state.clone(), send.clone());
        let links = (links.clone(), hand);
        let held = held.clone();
        use_effect_with(state.outbox.last(), move |_| {
            for msg in std::mem::take(&mut *told.borrow_mut()) {
                send.emit(msg);
            }
            let mut held = held.borrow_mut();
            let from = held.done;
            for (n, cmd) in state.outbox.after(from) {
                held.done = *n;
                run(cmd, &state, &send, &links, &mut held);
            }
            if state.outbox.len() > OUTBOX_KEPT {
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
            }
        });
    }
}

/// Carries out a command that keeps what a fault must not lose; the
/// others wait for [`run`]. Called before the change is drawn.
fn keep(cmd: &Cmd, state: &AppState, send: &Callback<Msg>, held: &Held) {
    match cmd {
        Cmd::SaveGame => persist::save_game(state, &held.last_save, send),
        Cmd::SaveSettings => persist::save_settings(&state.settings),
        Cmd::SaveDevices => persist::save_devices(state),
        Cmd::SaveTicket => persist::save_ticket(state),
        _ => {}
    }
}

/// Carries out one command, after the render.
fn run(
    cmd: &Cmd,
    state: &AppState,
    send: &Callback<Msg>,
    (links, hand): &(Links, HandLink),
    held: &mut Held,
) {
    let stats = |stats: Stats| send.emit(Msg::Stats(Rc::new(stats)));
    match cmd {
        // Kept before the change was drawn.
        Cmd::SaveGame | Cmd::SaveSettings | Cmd::SaveDevices | Cmd::SaveTicket => {}
        Cmd::ForgetRestored => persist::forget_restored(),
        Cmd::PageLang(lang) => persist::page_lang(*lang),
        Cmd::CountFinished => stats(persist::count_finished(state)),
        Cmd::ReadStats => stats(persist::load_stats()),
        Cmd::ResetStats => {
            persist::reset_stats();
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
        Cmd::HostBeat(id) => held.beat = id.clone().map(persist::host_beat),
        // The job before is dropped (cancelled) first.
        Cmd::Bot(turn) => {
            held.bot = None;
            held.bot = turn.clone().map(|t| BotJob::start(t, send.clone()));
        }
        Cmd::Review(work) => {
            held.review = None;
            held.review = work.clone().map(|w| ReviewJob::start(w, send.clone()));
        }
        Cmd::SyncDevices => links.sync(&state.devices, &state.settings.ice_servers),
        Cmd::ToDevice {
            seat,
            epoch,
            message,
        } => links.send(*seat, *epoch, message),
        Cmd::Accept { seat, epoch, peer } => links.accept(*seat, *epoch, peer),
        Cmd::Refuse {
            seat,
            epoch,
            reason,
        } => links.refuse(*seat, *epoch, reason),
        // A phone's commands: the table's build (`PHONE_SIDE`) never has
        // them to run.
        Cmd::HandLink(epoch) if PHONE_SIDE => {
            let invitation = state.hand.invitation.as_ref();
            let current = (state.hand.epoch == *epoch).then_some(invitation).flatten();
            hand.open(*epoch, current, &state.settings.ice_servers);
        }
        Cmd::ToTable { epoch, message } if PHONE_SIDE => hand.send(*epoch, message),
        Cmd::KeepAwake if PHONE_SIDE => hand_hub::keep_awake(),
        Cmd::Buzz(ms) if PHONE_SIDE => hand_hub::buzz(*ms),
        Cmd::HandLink(_) | Cmd::ToTable { .. } | Cmd::KeepAwake | Cmd::Buzz(_) => {}
        Cmd::Sounds { events, turn_came } => crate::ui::follow::sounds(events, *turn_came),
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
            let msg = match msg.clone() {
                Later::Device(m) => Msg::Device(m),
                Later::Hand(m) => Msg::Hand(m),
            };
            let send = send.clone();
            crate::browser::after(*ms, move || send.emit(msg));
        }
        Cmd::OpenPage { page, code } => crate::browser::open_page(&page.link(code)),
        Cmd::DrawQr(text) => {
            let (send, owned) = (send.clone(), text.clone());
            let qr = held.qr.get_or_insert_with(crate::net::qr::Client::shared);
            qr.draw(text, move |drawn| {
                let drawn = drawn.map(Rc::new);
                send.emit(Msg::QrDrawn { text: owned, drawn });
            });
        }
    }
}
