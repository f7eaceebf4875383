//! A WebRTC data channel between two browsers, through web-sys: the
//! table's side makes an offer, the device's side answers it; each side's
//! description goes to the other as a pairing code (`code.rs`), gathered
//! whole first (no trickle: the codes travel once). Ordered and reliable.
//! The channel is agreed beforehand (negotiated, id 0) rather than opened
//! in-band: with the in-band opening, about one pairing in 100 between two
//! Chromium processes here ended with the channel open at both ends and the
//! device's first message never delivered (`tests/e2e/stress-pair.mjs`).
//! With no ICE servers (the default) nothing outside the page is contacted:
//! on one network the browsers find each other by their host candidates.
//! With servers, each side (the phone, and the table for each of its
//! links) looks at its network now and then while the link carries, and
//! restarts ICE over the channel when it moved (`net::roam`).

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    MessageEvent, RtcConfiguration, RtcDataChannel, RtcDataChannelInit, RtcDataChannelState,
    RtcIceCandidateInit, RtcIceGatheringState, RtcIceServer, RtcOfferOptions, RtcPeerConnection,
    RtcPeerConnectionState, RtcSdpType, RtcSessionDescriptionInit, RtcSignalingState,
};

use crate::net::code::Peer;
use crate::net::devices::INVITATION_MS;
use crate::net::ice::IceServer;
use crate::net::roam::{self, OnOffer, Renegotiation, Roam, CONFIRM_MS, PROBE_MS, RESTART_MS};

/// What a link hears.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkEvent {
    /// The channel is open: messages can go both ways.
    Open,
    Message(String),
    /// The connection went `disconnected` or `failed` after the channel
    /// opened: the link is kept (the reducer gives it a window), since
    /// the same connection may come back.
    Unsteady,
    /// The connection is `connected` again.
    Steady,
    /// The connection went `failed` before the channel opened: no path
    /// was found yet. The link is kept, as the other side may still come:
    /// a reply taken late (through a messenger) revives it when the
    /// table's checks arrive (the network lab: 90 s late, through a relay).
    Unanswered,
    /// The channel closed or the connection was closed: the link is over.
    Closed,
}

/// Whether this browser has WebRTC at all (Debian's WebKitGTK has not).
pub fn supported() -> bool {
    web_sys::window()
        .and_then(|w| js_sys::Reflect::has(&w, &JsValue::from_str("RTCPeerConnection")).ok())
        .unwrap_or(false)
}

/// How long to wait for the browser to gather its candidates, at most.
const GATHER_MS: i32 = 5000;

/// An event handler kept alive as long as its link.
type Handler = Closure<dyn FnMut(JsValue)>;

/// One connection and its data channel.
pub struct Link {
    pc: RtcPeerConnection,
    channel: RefCell<Option<RtcDataChannel>>,
    on_event: Rc<dyn Fn(LinkEvent)>,
    /// Open was told (a channel handed over already open may still fire
    /// its `open` event: it is told once).
    opened: Rc<Cell<bool>>,
    /// The event handlers, kept alive as long as the link.
    handlers: RefCell<Vec<Handler>>,
    /// On a phone, until the channel opens: the table's candidates given
    /// again now and then (`keep_looking`).
    keeper: RefCell<Option<gloo::timers::callback::Interval>>,
    /// The servers the link was made with (the looks ask them).
    servers: Vec<IceServer>,
    /// The table's side of the link (it offered), not the phone's: when
    /// both restart at once, the phone gives way (`roam::on_restart_offer`).
    table: bool,
    /// On a side whose link was made with a public address: what it
    /// knows of its network, and its looks (`watch_network`).
    roam: RefCell<Option<Roam>>,
    looker: RefCell<Option<gloo::timers::callback::Interval>>,
    /// A look is under way (one at a time).
    looking: Cell<bool>,
    /// Restarts offered so far (a late deadline leaves a newer one be).
    restarts: Cell<u32>,
}

/// How often a phone gives its connection the table's candidates again
/// while its reply travels, and for how long in all: the 10 minutes a
/// reply may take through a messenger (`INVITATION_MS`).
const KEEP_LOOKING_MS: u32 = 4_000;
const KEEP_LOOKING_ROUNDS: u32 = INVITATION_MS / KEEP_LOOKING_MS;

fn error(e: JsValue) -> String {
    e.as_string()
        .or_else(|| {
            e.dyn_ref::<js_sys::Error>()
                .map(|e| String::from(e.message()))
        })
        .unwrap_or_else(|| "WebRTC refused".to_string())
}

/// A connection that asks `servers`.
fn connection(servers: &[IceServer]) -> Result<RtcPeerConnection, String> {
    let list = js_sys::Array::new();
    for one in servers {
        let server = RtcIceServer::new();
        let urls: js_sys::Array = one.urls.iter().map(|u| JsValue::from_str(u)).collect();
        server.set_urls(&urls);
        if let Some(user) = &one.username {
            server.set_username(user);
        }
        if let Some(credential) = &one.credential {
            server.set_credential(credential);
        }
        list.push(&server);
    }
    let config = RtcConfiguration::new();
    config.set_ice_servers(&list);
    RtcPeerConnection::new_with_configuration(&config).map_err(error)
}

impl Link {
    fn new(
        ice: &[IceServer],
        table: bool,
        on_event: Rc<dyn Fn(LinkEvent)>,
    ) -> Result<Rc<Link>, String> {
        let pc = connection(ice)?;
        let link = Rc::new(Link {
            pc,
            channel: RefCell::new(None),
            on_event,
            opened: Rc::new(Cell::new(false)),
            handlers: RefCell::new(Vec::new()),
            keeper: RefCell::new(None),
            servers: ice.to_vec(),
            table,
            roam: RefCell::new(None),
            looker: RefCell::new(None),
            looking: Cell::new(false),
            restarts: Cell::new(0),
        });
        // The connection's state, told: `failed` is not the end of a link
        // whose channel opened (libwebrtc says it after about 15 s without
        // answers, and the same connection comes back when the other side
        // answers again), only of one still pairing.
        let weak = Rc::downgrade(&link);
        link.handle(
            |f| link.pc.set_onconnectionstatechange(f),
            move |_| {
                let Some(link) = weak.upgrade() else { return };
                let opened = link.opened.get();
                let event = match link.pc.connection_state() {
                    RtcPeerConnectionState::Closed => LinkEvent::Closed,
                    RtcPeerConnectionState::Failed if !opened => LinkEvent::Unanswered,
                    RtcPeerConnectionState::Failed | RtcPeerConnectionState::Disconnected
                        if opened =>
                    {
                        LinkEvent::Unsteady
                    }
                    RtcPeerConnectionState::Connected if opened => LinkEvent::Steady,
                    _ => return,
                };
                (link.on_event)(event);
            },
        );
        Ok(link)
    }

    /// The channel, agreed on both sides beforehand (negotiated, id 0).
    fn channel(&self) -> RtcDataChannel {
        let init = RtcDataChannelInit::new();
        init.set_ordered(true);
        init.set_negotiated(true);
        init.set_id(0);
        self.pc
            .create_data_channel_with_data_channel_dict("mojo", &init)
    }

    /// Keeps `f` alive as the handler `set` installs.
    fn handle(
        &self,
        set: impl FnOnce(Option<&js_sys::Function>),
        f: impl FnMut(JsValue) + 'static,
    ) {
        let closure = Closure::<dyn FnMut(JsValue)>::new(f);
        set(Some(closure.as_ref().unchecked_ref()));
        self.handlers.borrow_mut().push(closure);
    }

    fn use_channel(self: &Rc<Self>, channel: RtcDataChannel) {
        let (events, opened) = (self.on_event.clone(), self.opened.clone());
        self.handle(
            |f| channel.set_onopen(f),
            move |_| {
                if !opened.replace(true) {
                    events(LinkEvent::Open);
                }
            },
        );
        let events = self.on_event.clone();
        let weak = Rc::downgrade(self);
        self.handle(
            |f| channel.set_onmessage(f),
            move |e: JsValue| {
                let Some(text) = e
                    .dyn_ref::<MessageEvent>()
                    .and_then(|m| m.data().as_string())
                else {
                    return;
                };
                // A restart's message is the link's own.
                match Renegotiation::decode(&text) {
                    Some(message) => {
                        if let Some(link) = weak.upgrade() {
                            link.renegotiate(message);
                        }
                    }
                    None => events(LinkEvent::Message(text)),
                }
            },
        );
        let events = self.on_event.clone();
        self.handle(
            |f| channel.set_onclose(f),
            move |_| events(LinkEvent::Closed),
        );
        let open = channel.ready_state() == RtcDataChannelState::Open;
        *self.channel.borrow_mut() = Some(channel);
        if open && !self.opened.replace(true) {
            (self.on_event)(LinkEvent::Open);
        }
    }

    /// The table's side: a connection with its channel, and its offer.
    pub async fn offer(
        ice: &[IceServer],
        on_event: Rc<dyn Fn(LinkEvent)>,
    ) -> Result<(Rc<Link>, Peer), String> {
        let link = Link::new(ice, true, on_event)?;
        link.use_channel(link.channel());
        let offer = JsFuture::from(link.pc.create_offer())
            .await
            .map_err(error)?;
        JsFuture::from(link.pc.set_local_description(offer.unchecked_ref()))
            .await
            .map_err(error)?;
        let peer = link.gathered().await?;
        Ok((link, peer))
    }

    /// The device's side: a connection that answers `offer`, and its answer.
    pub async fn answer(
        ice: &[IceServer],
        offer: &Peer,
        on_event: Rc<dyn Fn(LinkEvent)>,
    ) -> Result<(Rc<Link>, Peer), String> {
        let link = Link::new(ice, false, on_event)?;
        link.use_channel(link.channel());
        link.set_remote(RtcSdpType::Offer, &offer.to_sdp()).await?;
        let answer = JsFuture::from(link.pc.create_answer())
            .await
            .map_err(error)?;
        // The phone waits for the table's DTLS hello (`setup:passive`)
        // rather than sending its own: on one network its connection
        // reaches the table's at once, long before the table takes the
        // reply, and a hello sent then goes unanswered and is sent again
        // ever later (a reply taken 20 s late never opened). The table
        // sends its hello the moment it takes the reply. An engine that
        // refuses the change answers as it chose.
        let answer: web_sys::RtcSessionDescription = answer.unchecked_into();
        let passive = RtcSessionDescriptionInit::new(RtcSdpType::Answer);
        passive.set_sdp(&answer.sdp().replace("a=setup:active", "a=setup:passive"));
        if JsFuture::from(link.pc.set_local_description(&passive))
            .await
            .is_err()
        {
            JsFuture::from(link.pc.set_local_description(answer.unchecked_ref()))
                .await
                .map_err(error)?;
        }
        let peer = link.gathered().await?;
        link.keep_looking(offer);
        link.watch_network(&peer);
        Ok((link, peer))
    }

    /// A phone's connection starts checking as soon as it answers, long
    /// before a reply sent through a messenger reaches the table, and
    /// gives up meanwhile (Firefox after about 11 s, closing its channel;
    /// libwebrtc after 15 s). Every few seconds until the channel opens,
    /// the table's candidates are given again under new foundations: the
    /// engine keeps checking them (which also keeps the routers' mappings
    /// towards the table open), and the table's own checks, once it takes
    /// the reply, find the phone still there. The network lab: Firefox
    /// connects on a reply taken 120 s late, where it failed before.
    fn keep_looking(self: &Rc<Self>, offer: &Peer) {
        let weak = Rc::downgrade(self);
        let offer = offer.clone();
        let round = Cell::new(0);
        let interval = gloo::timers::callback::Interval::new(KEEP_LOOKING_MS, move || {
            let Some(link) = weak.upgrade() else { return };
            round.set(round.get() + 1);
            if link.opened.get() || round.get() > KEEP_LOOKING_ROUNDS {
                return;
            }
            for line in offer.candidate_lines(round.get()) {
                let init = RtcIceCandidateInit::new(&line);
                init.set_sdp_mid(Some("0"));
                init.set_sdp_m_line_index(Some(0));
                let added = link
                    .pc
                    .add_ice_candidate_with_opt_rtc_ice_candidate_init(Some(&init));
                // A candidate refused (the connection closed meanwhile) is
                // no matter: the next round or the link's end says more.
                wasm_bindgen_futures::spawn_local(async move {
                    let _ = JsFuture::from(added).await;
                });
            }
        });
        *self.keeper.borrow_mut() = Some(interval);
    }

    /// A link made with a public address of this side's (a STUN server
    /// answered): every [`PROBE_MS`] while the channel is open, this side
    /// looks at its network (`look`), and restarts ICE when it shows the
    /// internet another address (`net::roam`). The phone watches from its
    /// answer, the table from the moment it takes the reply (each of its
    /// links; their looks are shared, `look_shared`).
    fn watch_network(self: &Rc<Self>, made_with: &Peer) {
        let probe = roam::probe_servers(&self.servers);
        let public = made_with.public_addresses();
        if probe.is_empty() || public.is_empty() {
            return;
        }
        *self.roam.borrow_mut() = Some(Roam::new(public));
        let weak = Rc::downgrade(self);
        let interval = gloo::timers::callback::Interval::new(PROBE_MS, move || {
            if let Some(link) = weak.upgrade() {
                link.look_at_network(probe.clone(), false);
            }
        });
        *self.looker.borrow_mut() = Some(interval);
    }

    /// One look (`fresh`: not another link's of the last moments, as a
    /// confirming look must be its own); a new address seen once is
    /// looked at again after [`CONFIRM_MS`], and seen twice restarts.
    fn look_at_network(self: &Rc<Self>, probe: Vec<IceServer>, fresh: bool) {
        let restarting = self.roam.borrow().as_ref().is_none_or(Roam::restarting);
        if !self.opened.get() || restarting || self.looking.replace(true) {
            return;
        }
        let link = self.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let seen = if fresh {
                look_fresh(&probe).await
            } else {
                look_shared(&probe).await
            };
            link.looking.set(false);
            let moved = match seen {
                Ok(seen) => link
                    .roam
                    .borrow_mut()
                    .as_mut()
                    .is_some_and(|r| r.looked(&seen)),
                Err(why) => {
                    web_sys::console::warn_1(
                        &format!("mojo: a look at the network failed: {why}").into(),
                    );
                    false
                }
            };
            if moved {
                link.restart().await;
            } else if link.roam.borrow().as_ref().is_some_and(Roam::confirming) {
                let weak = Rc::downgrade(&link);
                crate::drivers::browser::after(CONFIRM_MS, move || {
                    if let Some(link) = weak.upgrade() {
                        link.look_at_network(probe, true);
                    }
                });
            }
        });
    }

    /// A restart from the side whose network changed: a new offer with
    /// new credentials, gathered on the network of now, sent over the
    /// channel while it still carries; taken back if no answer comes in
    /// [`RESTART_MS`].
    async fn restart(self: &Rc<Self>) {
        web_sys::console::info_1(
            &"mojo: this device's network changed: the link moves over (ICE restart)".into(),
        );
        let made = async {
            let options = RtcOfferOptions::new();
            options.set_ice_restart(true);
            let offer = JsFuture::from(self.pc.create_offer_with_rtc_offer_options(&options))
                .await
                .map_err(error)?;
            let sdp = self.set_local_gathered(offer.unchecked_ref()).await?;
            if self.send(&Renegotiation::Offer(sdp).encode()) {
                Ok(())
            } else {
                Err("the channel is closed".to_string())
            }
        };
        if let Err(why) = made.await {
            web_sys::console::warn_1(&format!("mojo: no restart: {why}").into());
            self.take_back().await;
            return;
        }
        let (weak, number) = (Rc::downgrade(self), self.restarts.get() + 1);
        self.restarts.set(number);
        crate::drivers::browser::after(RESTART_MS, move || {
            let Some(link) = weak.upgrade() else { return };
            let pending = link.pc.signaling_state() == RtcSignalingState::HaveLocalOffer;
            if pending && link.restarts.get() == number {
                web_sys::console::warn_1(&"mojo: the restart had no answer: taken back".into());
                wasm_bindgen_futures::spawn_local(async move { link.take_back().await });
            }
        });
    }

    /// A restart's offer taken back: the link goes on as it was.
    /// On the table, an offer it could not answer is dropped the same way.
    async fn take_back(&self) {
        if matches!(
            self.pc.signaling_state(),
            RtcSignalingState::HaveLocalOffer | RtcSignalingState::HaveRemoteOffer
        ) {
            let rollback = RtcSessionDescriptionInit::new(RtcSdpType::Rollback);
            let _ = JsFuture::from(self.pc.set_local_description(&rollback)).await;
        }
        if let Some(roam) = self.roam.borrow_mut().as_mut() {
            roam.taken_back();
        }
    }

    /// A restart's message heard on the channel: the other side's offer,
    /// answered the same way (unless both offered at once and this is the
    /// table: `roam::on_restart_offer`), or its answer to this side's.
    fn renegotiate(self: &Rc<Self>, message: Renegotiation) {
        let link = self.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let done = match message {
                Renegotiation::Offer(sdp) => {
                    let pending = link.pc.signaling_state() == RtcSignalingState::HaveLocalOffer;
                    match roam::on_restart_offer(pending, link.table) {
                        OnOffer::Answer => link.answer_restart(&sdp).await,
                        OnOffer::Ignore => {
                            web_sys::console::info_1(
                                &"mojo: both sides restarted at once: the table's offer stands"
                                    .into(),
                            );
                            Ok(())
                        }
                    }
                }
                Renegotiation::Answer(sdp) => link.restarted(&sdp).await,
            };
            if let Err(why) = done {
                web_sys::console::warn_1(&format!("mojo: the restart failed: {why}").into());
                // This side's offer (or the one it could not answer) is
                // taken back, for a later look.
                link.take_back().await;
            }
        });
    }

    /// The other side's restart answered, from this side's network of
    /// now: its own offer, if it had one pending (both restarted at once,
    /// and this is the phone), is taken back first, and the link then
    /// carries on this answer's addresses.
    async fn answer_restart(&self, sdp: &str) -> Result<(), String> {
        if self.pc.signaling_state() == RtcSignalingState::HaveLocalOffer {
            self.take_back().await;
        }
        self.set_remote(RtcSdpType::Offer, sdp).await?;
        let answer = JsFuture::from(self.pc.create_answer())
            .await
            .map_err(error)?;
        let sdp = self.set_local_gathered(answer.unchecked_ref()).await?;
        self.send(&Renegotiation::Answer(sdp.clone()).encode());
        let answered = roam::public_addresses(&sdp).unwrap_or_default();
        if let Some(roam) = self.roam.borrow_mut().as_mut() {
            roam.answered(answered);
        }
        Ok(())
    }

    async fn restarted(&self, sdp: &str) -> Result<(), String> {
        if self.pc.signaling_state() != RtcSignalingState::HaveLocalOffer {
            return Err("an answer to no offer".to_string());
        }
        self.set_remote(RtcSdpType::Answer, sdp).await?;
        let offered = self
            .pc
            .local_description()
            .and_then(|d| roam::public_addresses(&d.sdp()).ok())
            .unwrap_or_default();
        if let Some(roam) = self.roam.borrow_mut().as_mut() {
            roam.answered(offered);
        }
        Ok(())
    }

    /// Sets `description` as this side's and waits for its candidates
    /// (a restart gathers anew): the whole description then.
    async fn set_local_gathered(
        &self,
        description: &RtcSessionDescriptionInit,
    ) -> Result<String, String> {
        let done = gathering(&self.pc);
        JsFuture::from(self.pc.set_local_description(description))
            .await
            .map_err(error)?;
        done.await;
        self.pc
            .local_description()
            .map(|d| d.sdp())
            .ok_or_else(|| "no local description".to_string())
    }

    /// The table's side, once the device answered; from then on the table
    /// watches its own network for this link (`watch_network`).
    pub async fn accept(self: &Rc<Self>, answer: &Peer) -> Result<(), String> {
        self.set_remote(RtcSdpType::Answer, &answer.to_sdp())
            .await?;
        let own = self
            .pc
            .local_description()
            .and_then(|d| Peer::from_sdp(&d.sdp()).ok());
        if let Some(own) = own {
            self.watch_network(&own);
        }
        Ok(())
    }

    /// Sets the other side's description, of `kind`.
    async fn set_remote(&self, kind: RtcSdpType, sdp: &str) -> Result<(), String> {
        let init = RtcSessionDescriptionInit::new(kind);
        init.set_sdp(sdp);
        JsFuture::from(self.pc.set_remote_description(&init))
            .await
            .map_err(error)?;
        Ok(())
    }

    /// This side's description once every candidate is gathered (or after
    /// [`GATHER_MS`], with those found so far).
    async fn gathered(&self) -> Result<Peer, String> {
        if self.pc.ice_gathering_state() != RtcIceGatheringState::Complete {
            gathering(&self.pc).await;
        }
        let sdp = self
            .pc
            .local_description()
            .map(|d| d.sdp())
            .ok_or("no local description")?;
        Peer::from_sdp(&sdp).map_err(|e| e.to_string())
    }

    /// Sends `text`; false if the channel is not open.
    pub fn send(&self, text: &str) -> bool {
        self.channel
            .borrow()
            .as_ref()
            .filter(|c| c.ready_state() == RtcDataChannelState::Open)
            .is_some_and(|c| c.send_with_str(text).is_ok())
    }

    /// Whether an answer was already taken (an invitation is answered once).
    pub fn answered(&self) -> bool {
        self.pc.remote_description().is_some()
    }

    /// Ends the link (its events stop).
    pub fn close(&self) {
        if let Some(c) = self.channel.borrow_mut().take() {
            c.set_onopen(None);
            c.set_onmessage(None);
            c.set_onclose(None);
            c.close();
        }
        self.looker.borrow_mut().take();
        self.pc.set_onconnectionstatechange(None);
        self.pc.set_ondatachannel(None);
        self.pc.close();
    }
}

/// Waits until `pc` has gathered its candidates anew (or [`GATHER_MS`]):
/// to be made before the description that starts the gathering is set.
fn gathering(pc: &RtcPeerConnection) -> impl std::future::Future<Output = ()> {
    let handler: Rc<RefCell<Option<Handler>>> = Rc::new(RefCell::new(None));
    let done = js_sys::Promise::new(&mut |resolve, _| {
        let (pc2, resolve2) = (pc.clone(), resolve.clone());
        let closure = Closure::<dyn FnMut(JsValue)>::new(move |_| {
            if pc2.ice_gathering_state() == RtcIceGatheringState::Complete {
                let _ = resolve2.call0(&JsValue::NULL);
            }
        });
        pc.add_event_listener_with_callback(
            "icegatheringstatechange",
            closure.as_ref().unchecked_ref(),
        )
        .ok();
        *handler.borrow_mut() = Some(closure);
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, GATHER_MS);
        }
    });
    let pc = pc.clone();
    async move {
        let _ = JsFuture::from(done).await;
        if let Some(closure) = handler.borrow_mut().take() {
            let _ = pc.remove_event_listener_with_callback(
                "icegatheringstatechange",
                closure.as_ref().unchecked_ref(),
            );
        }
    }
}

/// A look at this device's network: a connection of its own, never
/// connected, gathers its candidates from `servers` (STUN only) and is
/// closed; the public addresses it saw.
/// A look's result, kept for the table's other links: a table with five
/// phones across the internet looks once every [`PROBE_MS`], not five
/// times.
type Looked = (
    f64,
    Vec<IceServer>,
    Result<Vec<crate::net::code::Addr>, String>,
);
thread_local! {
    static LAST_LOOK: RefCell<Option<Looked>> = const { RefCell::new(None) };
}

/// [`look`], or the result of one of the same servers ended less than
/// half a [`PROBE_MS`] ago.
async fn look_shared(servers: &[IceServer]) -> Result<Vec<crate::net::code::Addr>, String> {
    let now = crate::drivers::browser::now_ms();
    let fresh = LAST_LOOK.with_borrow(|last| {
        last.as_ref()
            .filter(|(at, asked, _)| asked == servers && now - at < f64::from(PROBE_MS) / 2.0)
            .map(|(_, _, seen)| seen.clone())
    });
    if let Some(seen) = fresh {
        return seen;
    }
    look_fresh(servers).await
}

/// [`look`], its result kept for [`look_shared`].
async fn look_fresh(servers: &[IceServer]) -> Result<Vec<crate::net::code::Addr>, String> {
    let seen = look(servers).await;
    let at = crate::drivers::browser::now_ms();
    LAST_LOOK.with_borrow_mut(|last| *last = Some((at, servers.to_vec(), seen.clone())));
    seen
}

async fn look(servers: &[IceServer]) -> Result<Vec<crate::net::code::Addr>, String> {
    let pc = connection(servers)?;
    let seen = async {
        pc.create_data_channel("look");
        let offer = JsFuture::from(pc.create_offer()).await.map_err(error)?;
        let done = gathering(&pc);
        JsFuture::from(pc.set_local_description(offer.unchecked_ref()))
            .await
            .map_err(error)?;
        done.await;
        let sdp = pc
            .local_description()
            .map(|d| d.sdp())
            .ok_or("no description")?;
        roam::public_addresses(&sdp).map_err(|e| e.to_string())
    }
    .await;
    pc.close();
    seen
}

impl Drop for Link {
    fn drop(&mut self) {
        self.close();
    }
}
