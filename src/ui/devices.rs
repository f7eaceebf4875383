//! Play across devices on screen: the table's dialog of the seats on their
//! own devices (each seat's invitation as a QR code and as text, the box
//! for the device's reply, its state), and a hand device's screen for
//! joining a table (the invitation in, the reply out).

use std::collections::BTreeMap;

use mojo_engine::Seat;
use yew::prelude::*;

use crate::app::{Camera, CameraUse, Scan};
use crate::i18n::{Lang, Text};
use crate::net::code::CodeError;
use crate::net::devices::{Devices, LinkState, NoPath, Problem};
use crate::net::hand::HandState;
use crate::net::ice::NetworkProblem;
use crate::net::qr::{Codes, Drawing};
use crate::ui::copy::{Clipboard, CopyButton, ShareOrCopy};
use crate::ui::typed_code::typed_code;

/// A pairing problem in words.
pub fn problem_text(problem: &Problem) -> Text<'_> {
    match problem {
        Problem::Code(CodeError::Damaged) => Text::CodeDamaged,
        Problem::Code(CodeError::CutOff) => Text::CodeCutOff,
        Problem::Code(CodeError::OtherVersion(_)) => Text::CodeOtherVersion,
        Problem::Code(CodeError::WrongKind) => Text::CodeWrongKind,
        Problem::Code(CodeError::NotACode | CodeError::Sdp(_)) => Text::CodeNotACode,
        Problem::Code(CodeError::WrongGroup(n)) => Text::GroupWrong(*n),
        Problem::OtherInvitation => Text::CodeOtherInvitation,
        Problem::AlreadyAnswered => Text::AlreadyAnswered,
        Problem::OtherApp => Text::OtherAppVersion,
        Problem::SeatTaken => Text::SeatTaken,
        Problem::Failed => Text::ConnectFailed,
        Problem::NoPath(NoPath::NoSharedNetwork) => Text::NoPathNoShared,
        Problem::NoPath(NoPath::NeedsRelay) => Text::NoPathNeedsRelay,
        Problem::NoPath(NoPath::SameNetworkApart) => Text::NoPathSameNetwork,
        Problem::NoPath(NoPath::RelayFailed) => Text::NoPathRelayFailed,
        Problem::NoWebRtc => Text::NoWebRtc,
        Problem::TakenFor(name) => Text::ReplyTakenFor(name),
        Problem::Expired(at) => Text::InvitationExpired(at),
    }
}

/// The camera's place: its picture (the camera driver shows its stream in
/// the video element) or, if it cannot be used, why; and the button that
/// stops it.
fn scanner(lang: Lang, refused: bool, on_stop: Callback<MouseEvent>) -> Html {
    let t = |text: Text| text.get(lang);
    html! {
        <div class="scanner">
            if refused {
                <p class="scanner__problem" role="alert">{ t(Text::NoCamera) }</p>
            } else {
                <video class="scanner__video" aria-label={t(Text::CameraView)} playsinline=true></video>
            }
            <button type="button" class="button button--ghost" onclick={on_stop}>{ t(Text::StopCamera) }</button>
        </div>
    }
}

/// Whether the page was opened at an address no other device can reach.
pub fn local_address() -> bool {
    web_sys::window()
        .and_then(|w| w.location().hostname().ok())
        .is_some_and(|h| h == "localhost" || h.starts_with("127.") || h == "[::1]")
}

/// A code as a QR image (its text is next to it), as the state holds its
/// drawing (`Cmd::DrawQr`): while the QR worker draws it, an empty box of
/// the same size, so that nothing moves when it comes.
pub fn qr_image(codes: &Codes, text: &str, label: &str) -> Html {
    let drawn = match codes.get(text) {
        Some(Drawing::Done(Some(drawn))) => drawn,
        Some(Drawing::Done(None)) => return html! {},
        _ => return html! { <div class="qr qr--waiting" aria-busy="true"></div> },
    };
    html! {
        <svg class="qr" viewBox={format!("0 0 {0} {0}", drawn.size)} role="img" aria-label={label.to_string()} data-version={drawn.version.to_string()}>
            <rect width="100%" height="100%" fill="#fff" />
            <path d={drawn.path.clone()} fill="#000" />
        </svg>
    }
}

#[derive(Properties, PartialEq)]
pub struct DevicesProps {
    pub lang: Lang,
    pub devices: Devices,
    /// The QR codes' drawings.
    pub qr: Codes,
    pub names: Vec<String>,
    /// A reply for a seat (typed, pasted or scanned).
    pub on_connect: Callback<(Seat, String)>,
    pub on_new_invitation: Callback<Seat>,
    pub on_other_device: Callback<Seat>,
    pub on_play_here: Callback<Seat>,
    pub on_give_to_bot: Callback<Seat>,
    /// A seat played here or by a bot goes to its own device.
    pub on_to_device: Callback<Seat>,
    pub on_start: Callback<()>,
    pub on_close: Callback<()>,
    /// Opens the Menu, which a problem's words name (its relay).
    pub on_menu: Callback<()>,
    /// The camera, and what it reads now (`AppState::camera_use`).
    pub camera: Camera,
    pub camera_use: Option<CameraUse>,
    /// The person opens the camera, or stops it.
    pub on_scan: Callback<Scan>,
    pub on_stop_scan: Callback<Scan>,
    pub clipboard: Clipboard,
    /// What is wrong with the site's `network.json` (issue 35).
    pub network: Option<NetworkProblem>,
}

/// The table's dialog: a region per seat on its own device.
#[function_component(DevicesDialog)]
pub fn devices_dialog(p: &DevicesProps) -> Html {
    let lang = p.lang;
    let t = |text: Text| text.get(lang);
    let replies = use_state(BTreeMap::<Seat, String>::new);
    let camera = p.camera.ok();
    // The seat whose replies the camera reads by itself.
    let auto = p
        .camera_use
        .filter(|u| u.keep_reading)
        .and_then(|u| match u.scan {
            Scan::Reply(seat) => Some(seat),
            Scan::Invitation => None,
        });
    let menu = {
        let cb = p.on_menu.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    let seats = p.devices.seats.iter().map(|r| {
        let seat = r.seat;
        let name = p.names.get(seat as usize).cloned().unwrap_or_default();
        let region = t(Text::DeviceOf(&name));
        let id = |what: &str| format!("device-{seat}-{what}");
        let taken = r.problem == Some(Problem::SeatTaken) && r.token.is_some();
        let status = match r.link {
            LinkState::Connected if r.reconnecting.is_some() => t(Text::DeviceReconnecting(&name)),
            LinkState::Connected => t(Text::DeviceConnected(&name)),
            // The device that answered was refused: nothing connects.
            LinkState::Connecting if taken => t(Text::DeviceAway(&name)),
            LinkState::Connecting => t(Text::DeviceConnecting),
            LinkState::Inviting => t(Text::DeviceAway(&name)),
        };
        let reply = replies.get(&seat).cloned().unwrap_or_default();
        let on_input = {
            let replies = replies.clone();
            Callback::from(move |e: InputEvent| {
                let el: web_sys::HtmlTextAreaElement = e.target_unchecked_into();
                let mut all = (*replies).clone();
                all.insert(seat, el.value());
                replies.set(all);
            })
        };
        let connect = {
            let (cb, text) = (p.on_connect.clone(), reply.clone());
            Callback::from(move |_| cb.emit((seat, text.clone())))
        };
        let scan = {
            let cb = p.on_scan.clone();
            Callback::from(move |_| cb.emit(Scan::Reply(seat)))
        };
        let stop = {
            let cb = p.on_stop_scan.clone();
            Callback::from(move |_| cb.emit(Scan::Reply(seat)))
        };
        let scanning = p.camera.scanning == Some(Scan::Reply(seat));
        let emit = |cb: &Callback<Seat>| {
            let cb = cb.clone();
            Callback::from(move |_| cb.emit(seat))
        };
        html! {
            <section class={classes!("device", format!("device--{}", match r.link { LinkState::Connected if r.reconnecting.is_some() => "reconnecting", LinkState::Connected => "connected", LinkState::Connecting => "connecting", LinkState::Inviting => "inviting" }))} aria-label={region.clone()}>
                <h3>{ region }</h3>
                <p class="device__status" role="status">{ status }</p>
                // What went wrong, first: in view without scrolling.
                if taken {
                    <p class="device__problem" role="alert">{ t(Text::SeatTakenHere(&name)) }</p>
                    <button type="button" class="button button--primary device__other" onclick={emit(&p.on_other_device)}>{ t(Text::OtherDevice) }</button>
                } else if let Some(problem) = r.problem.as_ref().filter(|_| r.link != LinkState::Connected) {
                    <p class="device__problem" role="alert">{ t(problem_text(problem)) }</p>
                    // The Menu its words name, one tap away (issue 56).
                    if matches!(problem, Problem::NoPath(_)) {
                        <button type="button" class="button device__menu" onclick={menu.clone()}>{ t(Text::Menu) }</button>
                    }
                }
                if r.link != LinkState::Connected {
                    <p class="device__help">{ t(if camera { Text::InvitationHelp(&name) } else { Text::InvitationHelpTyped(&name) }) }</p>
                    if let (Some(until), true) = (&r.valid_until, r.invitation.is_some()) {
                        <p class="device__valid">{ t(Text::InvitationValid(until)) }</p>
                    }
                    if let Some(code) = &r.invitation {
                        <div class={classes!("device__invitation", (auto == Some(seat)).then_some("device__invitation--reading"))}>
                            { qr_image(&p.qr, &p.qr.link(code), &t(Text::InvitationCode)) }
                            // Beside the code the phone reads, the camera
                            // that reads its reply.
                            // (It keeps reading until a reply connects.)
                            if auto == Some(seat) {
                                { scanner(lang, false, stop.clone()) }
                            }
                            <div class="device__codes">
                                <label for={id("invitation")}>{ t(Text::InvitationCode) }</label>
                                <textarea id={id("invitation")} class="code" readonly=true rows="3" value={code.clone()} />
                                <CopyButton {lang} text={code.clone()} label={t(Text::CopyInvitation)} shown_in={format!("#{}", id("invitation"))} clipboard={p.clipboard.clone()} />
                            </div>
                        </div>
                        { typed_code(lang, code, !camera) }
                        { link_to_send(lang, p.qr.link(code), &id("link"), [Text::InvitationLinkHelp(&name), Text::SendInvitation, Text::CopyInvitationLink], &p.clipboard) }
                    } else if r.problem.is_none() {
                        <p class="device__making">{ t(Text::DeviceConnecting) }</p>
                    }
                    <div class="device__reply">
                        <label for={id("reply")}>{ t(Text::ReplyCode) }</label>
                        <textarea id={id("reply")} class="code" rows="3" value={reply} oninput={on_input} autocomplete="off" autocapitalize="characters" autocorrect="off" spellcheck="false" />
                        <div class="device__buttons">
                            <button type="button" class="button button--primary" onclick={connect} disabled={r.invitation.is_none()}>{ t(Text::Connect) }</button>
                            if camera && !scanning && auto != Some(seat) {
                                <button type="button" class="button" onclick={scan}>{ t(Text::ScanReply) }</button>
                            }
                        </div>
                        if scanning {
                            { scanner(lang, p.camera.refused, stop) }
                        }
                    </div>
                }
                <div class="device__buttons">
                    if r.link != LinkState::Connected {
                        <button type="button" class="button button--ghost" onclick={emit(&p.on_new_invitation)}>{ t(Text::NewInvitation) }</button>
                        if r.token.is_some() && !taken {
                            <button type="button" class="button button--ghost" onclick={emit(&p.on_other_device)}>{ t(Text::OtherDevice) }</button>
                        }
                    }
                    <button type="button" class="button button--ghost" onclick={emit(&p.on_play_here)}>{ t(Text::PlayHere) }</button>
                    <button type="button" class="button button--ghost" onclick={emit(&p.on_give_to_bot)}>{ t(Text::GiveToBot) }</button>
                </div>
            </section>
        }
    });
    html! {
        <div class="dialog-backdrop">
            <section class="dialog devices" role="dialog" aria-modal="true" aria-labelledby="devices-title">
                <h2 id="devices-title" tabindex="-1">{ t(Text::DevicesTitle) }</h2>
                if local_address() {
                    <p class="devices__warning" role="note">{ t(Text::LocalAddress) }</p>
                }
                if !camera {
                    <p class="devices__warning" role="note">{ t(Text::CameraMissing) }</p>
                }
                { network_note(lang, p.network.as_ref(), "devices__warning") }
                { for seats }
                { other_seats(p) }
                { dialog_actions(p) }
            </section>
        </div>
    }
}

/// The dialog's button, always in view: "Start playing" once every device
/// is connected, "Close" once play has started.
fn dialog_actions(p: &DevicesProps) -> Html {
    let t = |text: Text| text.get(p.lang);
    let start = {
        let cb = p.on_start.clone();
        Callback::from(move |_| cb.emit(()))
    };
    let close = {
        let cb = p.on_close.clone();
        Callback::from(move |_| cb.emit(()))
    };
    html! {
        <div class="menu__actions">
            if p.devices.started {
                <button type="button" class="button button--primary" onclick={close}>{ t(Text::Close) }</button>
            } else {
                <button type="button" class="button button--primary button--large" onclick={start} disabled={!p.devices.all_connected()}>{ t(Text::StartPlaying) }</button>
            }
        </div>
    }
}

/// The seats played here or by bots, each offered its own device.
fn other_seats(p: &DevicesProps) -> Html {
    let t = |text: Text| text.get(p.lang);
    let others: Vec<(Seat, String)> = (0..p.names.len() as Seat)
        .filter(|&s| p.devices.seat(s).is_none())
        .map(|s| (s, p.names[s as usize].clone()))
        .collect();
    if others.is_empty() || !crate::drivers::rtc::supported() {
        return html! {};
    }
    html! {
        <>
            <h3>{ t(Text::OtherSeats) }</h3>
            <ul class="devices__others">
                { for others.iter().map(|&(seat, ref name)| {
                    let cb = p.on_to_device.clone();
                    html! {
                        <li>
                            <span>{ name.clone() }</span>
                            <button type="button" class="button button--ghost" aria-label={t(Text::ToOwnDevice(name))} onclick={Callback::from(move |_| cb.emit(seat))}>{ t(Text::OwnDevice) }</button>
                        </li>
                    }
                }) }
            </ul>
        </>
    }
}

/// What is wrong with the site's list of servers, where devices are
/// paired: for whoever deployed the site, in the file's own terms.
fn network_note(lang: Lang, problem: Option<&NetworkProblem>, class: &'static str) -> Html {
    let Some(problem) = problem else {
        return Html::default();
    };
    let what = problem.to_string();
    html! { <p {class} role="note">{ Text::NetworkFileProblem(&what).get(lang) }</p> }
}

/// A code as a link to send through a messenger (issue 35): the
/// invitation from the table, the reply back from the phone. The share
/// sheet where there is one, else Copy; the link shown in `id`, to select
/// by hand if copying fails. `words`: the help, Share's and Copy's labels.
fn link_to_send(
    lang: Lang,
    link: String,
    id: &str,
    words: [Text; 3],
    clipboard: &Clipboard,
) -> Html {
    let [help, share, copy] = words.map(|w| w.get(lang));
    html! {
        <div class="join__link">
            <p>{ help }</p>
            <input id={id.to_string()} class="code" readonly=true aria-label={copy.clone()} value={link.clone()} />
            <ShareOrCopy {lang} title="Mojo" text={link} share_label={share} copy_label={copy} shown_in={format!("#{id}")} clipboard={clipboard.clone()} />
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct JoinProps {
    pub lang: Lang,
    pub hand: HandState,
    /// The QR codes' drawings.
    pub qr: Codes,
    pub on_edit: Callback<String>,
    pub on_join: Callback<()>,
    pub on_leave: Callback<()>,
    /// The camera (`AppState::camera`).
    pub camera: Camera,
    /// The person opens the camera, or stops it.
    pub on_scan: Callback<()>,
    pub on_stop_scan: Callback<()>,
    pub clipboard: Clipboard,
    /// What is wrong with the site's `network.json` (issue 35).
    pub network: Option<NetworkProblem>,
}

/// A hand device joining a table: the invitation, then the reply to show.
#[function_component(JoinScreen)]
pub fn join_screen(p: &JoinProps) -> Html {
    let lang = p.lang;
    let t = |text: Text| text.get(lang);
    let hand = &p.hand;
    let scanning = p.camera.scanning == Some(Scan::Invitation);
    let camera = p.camera.ok();
    let on_input = {
        let cb = p.on_edit.clone();
        Callback::from(move |e: InputEvent| {
            let el: web_sys::HtmlTextAreaElement = e.target_unchecked_into();
            cb.emit(el.value());
        })
    };
    let join = {
        let cb = p.on_join.clone();
        Callback::from(move |_| cb.emit(()))
    };
    let leave = {
        let cb = p.on_leave.clone();
        Callback::from(move |_| cb.emit(()))
    };
    let scan = {
        let cb = p.on_scan.clone();
        Callback::from(move |_| cb.emit(()))
    };
    let stop = {
        let cb = p.on_stop_scan.clone();
        Callback::from(move |_| cb.emit(()))
    };
    let answering = hand.invitation.is_some() && hand.problem.is_none();
    // The seat this device held, to take back in one tap: the camera on
    // the table's new invitation, at the top of the screen (on one
    // network: from another, the way back is the link, and the note says so).
    let rejoin = hand.ticket.as_ref().filter(|_| {
        !hand.connected && hand.reply.is_none() && !answering && !hand.given_away && camera
            // Across the internet no camera reaches the table's screen.
            && !hand.far
    });
    html! {
        <main class="join">
            <h1>{ t(Text::JoinTable) }</h1>
            if let Some(ticket) = rejoin {
                if scanning {
                    { scanner(lang, p.camera.refused, stop.clone()) }
                } else {
                    <button type="button" class="button button--primary button--large join__rejoin" onclick={scan.clone()}>{ t(Text::RejoinAs(&ticket.name)) }</button>
                }
            }
            if !crate::drivers::rtc::supported() {
                <p class="join__problem" role="alert">{ t(Text::NoWebRtc) }</p>
            }
            if !camera {
                <p class="join__note" role="note">{ t(Text::CameraMissing) }</p>
            }
            { network_note(lang, p.network.as_ref(), "join__note") }
            // One note of the seat held, not two saying the same (issue 34).
            if hand.given_away {
                <p class="join__note" role="alert">{ t(if hand.given_to_bot { Text::SeatGivenToBot } else { Text::SeatGivenAway }) }</p>
            } else if hand.ticket.is_some() && !hand.connected && hand.reply.is_none() && hand.invitation.is_none() {
                <p class="join__note" role="status">{ t(if hand.far { Text::HandLostFar } else { Text::HandLost }) }</p>
            } else if let Some(ticket) = hand.ticket.as_ref().filter(|_| !hand.connected) {
                <p class="join__note">{ t(Text::Rejoin(&ticket.name)) }</p>
            }
            if hand.expired {
                <p class="join__problem" role="alert">{ t(Text::ReplyExpired) }</p>
            }
            if let Some(code) = &hand.reply {
                <section class="join__reply" aria-labelledby="reply-label">
                    if hand.fresh > 0 {
                        <p class="join__problem" role="alert">{ t(Text::ReplyFresh) }</p>
                    }
                    // First: what to do if the table could not connect.
                    if hand.may_need_relay() {
                        <p class="join__problem" role="status">{ t(Text::ReplyNoPathYet) }</p>
                    }
                    <p>{ t(if camera { Text::ReplyHelp } else { Text::ReplyHelpTyped }) }</p>
                    { qr_image(&p.qr, code, &t(Text::ReplyCode)) }
                    <label id="reply-label" for="join-reply">{ t(Text::ReplyCode) }</label>
                    <textarea id="join-reply" class="code" readonly=true rows="3" value={code.clone()} />
                    <CopyButton {lang} text={code.clone()} label={t(Text::CopyReply)} shown_in="#join-reply" clipboard={p.clipboard.clone()} />
                    { typed_code(lang, code, !camera) }
                    { link_to_send(lang, crate::net::handoff::reply_link(&p.qr.page, code), "join-reply-link", [Text::ReplyLinkHelp, Text::SendReplyBack, Text::CopyReplyLink], &p.clipboard) }
                    if hand.unanswered && !hand.may_need_relay() {
                        <p class="join__note" role="status">{ t(Text::ReplyUnanswered) }</p>
                    }
                </section>
            } else {
                <section class="join__invitation">
                    <p>{ t(if camera { Text::JoinHelp } else { Text::JoinHelpTyped }) }</p>
                    <label for="join-invitation">{ t(Text::InvitationCode) }</label>
                    <textarea id="join-invitation" class="code" rows="4" value={hand.text.clone()} oninput={on_input} autocomplete="off" autocapitalize="characters" autocorrect="off" spellcheck="false" />
                    <div class="device__buttons">
                        <button type="button" class={if rejoin.is_some() { classes!("button") } else { classes!("button", "button--primary", "button--large") }} onclick={join} disabled={answering}>{ t(Text::Join) }</button>
                        if camera && !scanning && rejoin.is_none() {
                            <button type="button" class="button" onclick={scan}>{ t(Text::ScanInvitation) }</button>
                        }
                    </div>
                    if scanning && rejoin.is_none() {
                        { scanner(lang, p.camera.refused, stop) }
                    }
                    if answering {
                        <p role="status">{ t(Text::DeviceConnecting) }</p>
                    }
                </section>
            }
            if let Some(problem) = &hand.problem {
                <p class="join__problem" role="alert">{ t(problem_text(problem)) }</p>
            }
            <button type="button" class="button button--ghost" onclick={leave}>{ t(Text::BackToLobby) }</button>
        </main>
    }
}
