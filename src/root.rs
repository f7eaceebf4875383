//! The root component: the app state, the one executor of the effects its
//! reducer decides (`exec`), the listeners that tell it what happens
//! outside (another tab, a new version, a hand device's link), and focus
//! around dialogs. The views below only draw the state and send messages.

use yew::prelude::*;

use crate::app::{AppState, CameraMsg, Msg, Overlay, Scan, Screen, PHONE_SIDE};
use crate::deal::Deal;
use crate::drivers::browser::{
    new_id, random_u64, use_address_watch, use_install_watch, use_update_watch,
    use_visibility_watch,
};
use crate::drivers::saves::{self, use_tab_watch};
use crate::i18n::{Lang, Text};
use crate::net::devices::DeviceMsg;
use crate::net::hand::{HandAct, HandMsg};
use crate::sync::TabMsg;
use crate::ui::copy::Clipboard;
use crate::ui::devices::{DevicesDialog, JoinScreen};
use crate::ui::focus::{self, use_dialog_focus};
use crate::ui::handoff::{reply_tab, ReplyTabProps};
use crate::ui::lobby::{lobby, LobbyProps};
use crate::ui::menu::{menu, MenuProps};
use crate::ui::notices::{notices, tab_notice, NoticesProps, TabNoticeProps};
use crate::ui::replay::ReplayView;
use crate::ui::rules::rules_help;
use crate::ui::stats::StatsDialog;
use crate::ui::table::Table;
use crate::ui::tour::Tour;

/// The whole web app.
#[function_component(App)]
pub fn app() -> Html {
    let state = use_reducer(saves::load);
    let send: Callback<Msg> = {
        let d = state.dispatcher();
        Callback::from(move |m| d.dispatch(m))
    };
    // Every effect the reducer decides runs here.
    crate::drivers::exec::use_commands(&state.outbox, &send);
    // What the world tells the app (another tab's saves, a new version,
    // the offer to install).
    use_tab_watch(&send);
    use_update_watch(&send);
    use_install_watch(&send);
    use_visibility_watch(&send);
    use_address_watch(&send);
    crate::drivers::replies::use_reply_watch(&send);
    let overlay_now = state.overlay_shown();
    use_dialog_focus(overlay_now);
    focus::use_dialog_scroll_kept();
    focus::use_room_for_notices((state.notices.clone(), state.tab.notice, state.lang));

    let to = Send(send.clone());
    html! {
        <div class={classes!("app", state.settings.reduce_motion.then_some("reduce-motion"))} data-build={crate::net::BUILD} onkeydown={keys(state.overlay, &to)}>
            { notices(&NoticesProps {
                lang: state.lang,
                notices: state.notices.clone(),
                on_dismiss: to.with(Msg::Dismiss),
                on_reload: to.msg(Msg::ApplyUpdate),
            }) }
            { tab_notice(&TabNoticeProps {
                lang: state.lang,
                notice: state.tab.notice,
                below: state.notices.len(),
                on_open: to.msg(Msg::Tab(TabMsg::Open)),
                on_keep: to.msg(Msg::Tab(TabMsg::Keep)),
                on_dismiss: to.msg(Msg::Tab(TabMsg::Dismiss)),
            }) }
            { screen(&state, &to) }
            if overlay_now != Overlay::None {
                { overlay(&state, overlay_now, &to) }
            }
        </div>
    }
}

/// Makes the callbacks of the views: each sends a message to the reducer.
#[derive(Clone)]
struct Send(Callback<Msg>);

impl Send {
    /// What the copy and share buttons need of the state.
    fn clipboard(&self, state: &AppState) -> Clipboard {
        Clipboard {
            copied: state
                .copied
                .clone()
                .map(|(text, c)| (AttrValue::from(text), c)),
            can_share: state.can_share,
            send: self.0.clone(),
        }
    }

    /// A callback that sends `msg`, whatever it is given.
    fn msg<T: 'static>(&self, msg: Msg) -> Callback<T> {
        let send = self.0.clone();
        Callback::from(move |_| send.emit(msg.clone()))
    }

    /// A callback that sends the message `f` makes of what it is given.
    fn with<T: 'static>(&self, f: impl Fn(T) -> Msg + 'static) -> Callback<T> {
        let send = self.0.clone();
        Callback::from(move |x| send.emit(f(x)))
    }
}

/// The lobby, the table, or a hand device's screens.
fn screen(state: &AppState, to: &Send) -> Html {
    let lang = state.lang;
    let sound = state.settings.sound;
    // A tab that a phone's reply link opened: that and nothing else.
    if let Some(tab) = &state.handoff {
        return reply_tab(&ReplyTabProps {
            lang,
            tab,
            qr: &state.qr,
            camera: state.camera.possible,
            clipboard: to.clipboard(state),
        });
    }
    match (&state.session, state.screen) {
        // A finished round replayed: on the table device only.
        (Some(session), Screen::Table) if state.replay.is_some() => {
            let round = state.replay.unwrap_or(1);
            html! {
                <ReplayView {lang} session={session.clone()} {round} step={0} on_close={to.msg(Msg::Replay(None))} on_round={to.with(|r| Msg::Replay(Some(r)))} review={state.review.clone()} />
            }
        }
        // A phone's screens: not in the table's build (`PHONE_SIDE`), which
        // never shows them.
        (_, Screen::Join) if PHONE_SIDE => html! {
            <JoinScreen
                {lang}
                network={state.network_problem.clone()}
                hand={state.hand.clone()}
                qr={state.qr.clone()}
                on_edit={to.with(|t| Msg::Hand(HandMsg::Edit(t)))}
                on_join={to.msg(Msg::Hand(HandMsg::Join))}
                on_leave={to.msg(Msg::Hand(HandMsg::Leave))}
                camera={state.camera.clone()}
                on_scan={to.msg(Msg::Camera(CameraMsg::Scan(Scan::Invitation)))}
                on_stop_scan={to.msg(Msg::Camera(CameraMsg::Stop(Scan::Invitation)))}
                clipboard={to.clipboard(state)}
            />
        },
        (_, Screen::Hand) if PHONE_SIDE => match &state.hand.model {
            Some(model) => html! {
                <Table
                    {lang}
                    scene={std::rc::Rc::new(state.hand.scene(model))}
                    seq={model.seen.at}
                    on_act={to.with(|a| Msg::Hand(HandMsg::Act(HandAct::Act(a))))}
                    on_take_back={to.msg(Msg::Hand(HandMsg::Act(HandAct::TakeBack)))}
                    on_show={Callback::noop()}
                    on_rematch={Callback::noop()}
                    on_new_game={to.msg(Msg::Hand(HandMsg::Leave))}
                    on_rules={to.msg(Msg::Overlay(Overlay::Rules))}
                    on_menu={to.msg(Msg::Overlay(Overlay::Menu))}
                    hand_device=true
                    {sound}
                    on_sound={to.with(Msg::SetSound)}
                    confirm={state.settings.confirm_cards}
                    clipboard={to.clipboard(state)}
                />
            },
            None => html! {},
        },
        (Some(session), Screen::Table) => table_screen(session, state, to),
        _ => lobby_screen(state, to),
    }
}

/// The table's screen, in a function of its own that is never inlined
/// (as the dialogs', `overlay`): the browser compiles a function whole on
/// its first call, so the lobby's first render need not compile the
/// table's code (issue 37).
#[inline(never)]
fn table_screen(
    session: &std::rc::Rc<crate::session::Session>,
    state: &AppState,
    to: &Send,
) -> Html {
    let lang = state.lang;
    let sound = state.settings.sound;
    let mut scene = session.scene();
    scene.waiting_for = state.waiting;
    scene.offline = state.devices.offline();
    scene.reconnecting = state.devices.reconnecting();
    scene.drawn = state.drawn_shown();
    let on_replay = to.with(|round: u32| Msg::Replay(Some(round)));
    // Today's deal, at game over: its result to share, and no deal
    // code (everyone plays the same deal today).
    let daily = crate::daily::date_of(session, &state.today)
        .filter(|_| session.game.is_over())
        .map(|date| {
            let streak = state.stats.streak(&state.today);
            (AttrValue::from(date), streak)
        });
    // The deal code reveals every card: at game over only.
    let deal_code = (session.game.is_over() && daily.is_none()).then(|| {
        AttrValue::from(
            Deal {
                seed: session.record.seed,
                options: session.record.options,
            }
            .code(),
        )
    });
    html! {
        <Table
            {lang}
            scene={std::rc::Rc::new(scene)}
            seq={state.seq}
            on_act={to.with(Msg::Act)}
            on_take_back={to.msg(Msg::TakeBack)}
            on_show={to.with(Msg::ShowHand)}
            on_seen={to.msg(Msg::DrawnSeen(None))}
            on_rematch={to.with(|()| Msg::Rematch { seed: random_u64(), id: new_id() })}
            on_new_game={to.msg(Msg::ToLobby)}
            on_rules={to.msg(Msg::Overlay(Overlay::Rules))}
            on_menu={to.msg(Msg::Overlay(Overlay::Menu))}
            on_devices={(!state.devices.seats.is_empty()).then(|| to.msg(Msg::Overlay(Overlay::Devices)))}
            {sound}
            on_sound={to.with(Msg::SetSound)}
            confirm={state.settings.confirm_cards}
            clipboard={to.clipboard(state)}
            {on_replay}
            {deal_code}
            {daily}
        />
    }
}

/// The lobby, with its ways to the rest of the app.
fn lobby_screen(state: &AppState, to: &Send) -> Html {
    let lang = state.lang;
    let saved = state
        .session
        .as_ref()
        .filter(|s| !s.game.is_over())
        .map(|s| (s.game.round(), s.players() as usize));
    let link = |text: Text, overlay| {
        html! {
            <button type="button" class="button button--ghost" onclick={to.msg(Msg::Overlay(overlay))}>{ text.get(lang) }</button>
        }
    };
    let links = html! {
        <>
            <button type="button" class="button button--ghost" onclick={to.msg(Msg::Hand(HandMsg::Open(String::new())))}>{ Text::JoinTable.get(lang) }</button>
            if state.installable {
                <button type="button" class="button" onclick={to.msg(Msg::Install)}>{ Text::Install.get(lang) }</button>
            }
            { link(Text::Rules, Overlay::Rules) }
            { link(Text::Settings, Overlay::Menu) }
            { link(Text::Statistics, Overlay::Stats) }
        </>
    };
    lobby(&LobbyProps {
        lang,
        setup: state.lobby.clone(),
        saved,
        on_edit: to.with(Msg::EditLobby),
        on_start: to.with(|()| Msg::Start {
            seed: random_u64(),
            id: new_id(),
        }),
        on_continue: to.msg(Msg::Continue),
        today: (!state.today.is_empty()).then(|| {
            (
                state.stats.played(&state.today),
                state.stats.streak(&state.today),
            )
        }),
        on_today: to.with(|()| Msg::TodaysDeal {
            date: crate::drivers::browser::utc_today(),
            id: new_id(),
        }),
        on_deal: {
            let send = to.0.clone();
            let lobby = state.lobby.clone();
            Callback::from(move |deal: Deal| {
                let setup = deal.table(&lobby, |n| Text::DefaultBot(n).get(lang));
                send.emit(Msg::StartTable {
                    setup,
                    seed: deal.seed,
                    id: new_id(),
                });
            })
        },
        links,
    })
}

/// The dialog on top of the screen, if any: the one the player opened, or
/// the devices' while the table waits for one (`shown`,
/// `AppState::overlay_shown`). Called only when there is one, and never
/// inlined (as `table_screen`).
#[inline(never)]
fn overlay(state: &AppState, shown: Overlay, to: &Send) -> Html {
    let lang = state.lang;
    let close = || to.msg(Msg::Overlay(Overlay::None));
    match shown {
        Overlay::None => html! {},
        Overlay::Devices => {
            let names: Vec<String> = state
                .session
                .as_ref()
                .map(|s| s.setup.seats.iter().map(|x| x.name.clone()).collect())
                .unwrap_or_default();
            let device =
                |f: fn(mojo_engine::Seat) -> DeviceMsg| to.with(move |seat| Msg::Device(f(seat)));
            html! {
                <DevicesDialog
                    {lang}
                    network={state.network_problem.clone()}
                    devices={state.devices.clone()}
                    qr={state.qr.clone()}
                    {names}
                    on_connect={to.with(|(seat, text)| Msg::Device(DeviceMsg::Reply { seat, text }))}
                    on_new_invitation={device(DeviceMsg::NewInvitation)}
                    on_other_device={device(DeviceMsg::OtherDevice)}
                    on_play_here={device(DeviceMsg::PlayHere)}
                    on_give_to_bot={device(DeviceMsg::GiveToBot)}
                    on_to_device={device(DeviceMsg::ToOwnDevice)}
                    on_start={to.msg(Msg::Device(DeviceMsg::StartPlaying))}
                    on_close={close()}
                    on_menu={to.msg(Msg::Overlay(Overlay::Menu))}
                    camera={state.camera.clone()}
                    camera_use={state.camera_use()}
                    on_scan={to.with(|scan| Msg::Camera(CameraMsg::Scan(scan)))}
                    on_stop_scan={to.with(|scan| Msg::Camera(CameraMsg::Stop(scan)))}
                    clipboard={to.clipboard(state)}
                />
            }
        }
        Overlay::Rules => rules_help(lang, &close()),
        Overlay::ConfirmStart => confirm_start(lang, state.in_progress().unwrap_or(1), to),
        Overlay::ConfirmLeave => confirm_leave(lang, to),
        Overlay::Stats => {
            let (stats, on_reset) = (state.stats.clone(), to.msg(Msg::ResetStats));
            html! { <StatsDialog {lang} {stats} {on_reset} on_close={close()} /> }
        }
        Overlay::Tour(step) => {
            let threshold = state
                .session
                .as_ref()
                .map_or(3, |s| s.game.options().threshold());
            html! { <Tour {lang} {step} {threshold} on_step={to.with(|s| Msg::Overlay(Overlay::Tour(s)))} on_done={to.msg(Msg::EndTour)} /> }
        }
        Overlay::Menu => {
            menu(&MenuProps {
                lang,
                speed: state.speed(),
                reduce_motion: state.settings.reduce_motion,
                confirm_cards: state.settings.confirm_cards,
                on_confirm_cards: to.with(Msg::SetConfirmCards),
                in_game: state.screen == Screen::Table,
                from_lobby: state.screen == Screen::Lobby,
                on_speed: to.with(Msg::SetSpeed),
                on_reduce_motion: to.with(Msg::SetReduceMotion),
                // Another language's words may have to be fetched first;
                // until they are here the page stays as it is.
                on_lang: to.with(Msg::ChooseLang),
                on_lobby: to.msg(Msg::ToLobby),
                on_close: close(),
                on_stats: to.msg(Msg::Overlay(Overlay::Stats)),
                on_tour: to.msg(Msg::Overlay(Overlay::Tour(0))),
                on_devices: to.msg(Msg::Overlay(Overlay::Devices)),
                persistent: state.persistent,
                on_keep_storage: to.msg(Msg::KeepStorage),
                installable: state.installable,
                on_install: to.msg(Msg::Install),
                ios: state.ios,
                // A phone holding a seat: it asks first.
                on_leave_table: (state.screen == Screen::Hand)
                    .then(|| to.msg(Msg::Overlay(Overlay::ConfirmLeave))),
                relay: state.relay_draft.clone(),
                relay_said: state.relay_said,
                on_relay_edit: to.with(|(field, text)| Msg::EditRelay(field, text)),
                on_relay_save: to.msg(Msg::SaveRelay),
            })
        }
    }
}

/// "Leave the table?" on a phone holding a seat: the seat stays, and
/// coming back takes a new invitation.
fn confirm_leave(lang: Lang, to: &Send) -> Html {
    let t = |text: Text| text.get(lang);
    html! {
        <div class="dialog-backdrop">
            <section class="dialog confirm-start" role="alertdialog" aria-modal="true" aria-labelledby="confirm-leave-title" aria-describedby="confirm-leave-body">
                <h2 id="confirm-leave-title">{ t(Text::LeaveTableTitle) }</h2>
                <p id="confirm-leave-body">{ t(Text::LeaveTableBody) }</p>
                <div class="menu__actions">
                    <button type="button" class="button" onclick={to.msg(Msg::Hand(HandMsg::Leave))}>{ t(Text::LeaveTable) }</button>
                    <button type="button" class="button button--primary" autofocus=true onclick={to.msg(Msg::Overlay(Overlay::None))}>{ t(Text::Cancel) }</button>
                </div>
            </section>
        </div>
    }
}

/// "Start a new game? The game in progress (round 2) will end."
fn confirm_start(lang: Lang, round: u32, to: &Send) -> Html {
    let t = |text: Text| text.get(lang);
    html! {
        <div class="dialog-backdrop">
            <section class="dialog confirm-start" role="alertdialog" aria-modal="true" aria-labelledby="confirm-start-title" aria-describedby="confirm-start-body">
                <h2 id="confirm-start-title">{ t(Text::ReplaceGameTitle) }</h2>
                <p id="confirm-start-body">{ t(Text::ReplaceGame(round)) }</p>
                <div class="menu__actions">
                    <button type="button" class="button" onclick={to.msg(Msg::ConfirmStart)}>{ t(Text::ReplaceGameYes) }</button>
                    <button type="button" class="button button--primary" autofocus=true onclick={to.msg(Msg::Overlay(Overlay::None))}>{ t(Text::Cancel) }</button>
                </div>
            </section>
        </div>
    }
}

/// Escape closes the dialog on top (skips the walkthrough); Tab stays
/// inside an open dialog.
fn keys(overlay: Overlay, to: &Send) -> Callback<KeyboardEvent> {
    let send = to.0.clone();
    Callback::from(move |e: KeyboardEvent| {
        if e.key() == "Escape" && overlay != Overlay::None {
            e.prevent_default();
            send.emit(match overlay {
                Overlay::Tour(_) => Msg::EndTour,
                _ => Msg::Overlay(Overlay::None),
            });
        } else {
            focus::trap_tab(&e);
        }
    })
}
