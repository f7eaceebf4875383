//! A device whose network changes while its link still carries (issue 35,
//! item 6), a phone or the table itself: Wi-Fi to mobile data, the gentle
//! way, where the device's new network becomes its default while the old
//! one still carries the link's sockets (as a phone or a tablet hands
//! over). The browser does not move a data
//! channel by itself: Chromium gathers candidates once, on the default
//! network of the moment (the network lab: in 20 s on two networks its
//! local candidates stayed the same, and the link died with the old
//! network). So each side looks now and then (the table once for all its
//! links), and when two looks in a row show a new public address (the
//! second [`CONFIRM_MS`] after the first) it
//! restarts ICE, with the offer and the answer sent over the channel
//! itself, while it still carries; when both restart at once the phone
//! gives way ([`on_restart_offer`]):
//!
//! - [`probe_servers`]: what a look asks (STUN only, never a relay's
//!   allocation);
//! - [`Roam`]: whether what a look saw is a new network (pure);
//! - [`Renegotiation`]: the two messages of a restart on the channel,
//!   apart from the game's protocol (`proto`).
//!
//! The driver (`drivers/rtc.rs`) does the looking and the restarting.
//! A change at once (the old network gone before the new one carries)
//! takes the channel with it; the restart still mends it where the
//! phone's new candidates reach the table without the channel (through
//! the same relay server, whose permission the table's relay already
//! gave: the lab's `move`). Otherwise the way back is the one the devices
//! already have (a rejoin on one network, a new link across two).

use crate::json::{self, Json};
use crate::net::code::{Addr, CodeError, Peer};
use crate::net::ice::IceServer;

/// How often a device with a link across networks looks at its network.
pub const PROBE_MS: u32 = 5_000;

/// How soon a look that saw a new address is checked by another (fresh)
/// one: the second look filters a network that shows a new address at
/// every question, and need not wait a whole [`PROBE_MS`] to do so (the
/// link moves about 4 s sooner).
pub const CONFIRM_MS: u32 = 1_000;

/// How long a restart's offer waits for the table's answer before it is
/// taken back (the table never got it, or answered too late): the link
/// goes on as it was, and a later look may try again.
pub const RESTART_MS: u32 = 15_000;

/// The servers a look asks: each STUN server, and each TURN server's
/// address asked as a STUN server (a TURN server answers the plain STUN
/// question, RFC 8656 §3), so that a look never takes a relay's
/// allocation nor its credentials. `turns:` (over TLS) is left out.
pub fn probe_servers(servers: &[IceServer]) -> Vec<IceServer> {
    let mut urls: Vec<String> = Vec::new();
    for url in servers.iter().flat_map(|s| &s.urls) {
        let stun = if url.starts_with("stun:") || url.starts_with("stuns:") {
            Some(url.clone())
        } else {
            url.strip_prefix("turn:")
                .map(|rest| format!("stun:{}", rest.split('?').next().unwrap_or(rest)))
        };
        if let Some(stun) = stun.filter(|u| !urls.contains(u)) {
            urls.push(stun);
        }
    }
    if urls.is_empty() {
        return Vec::new();
    }
    vec![IceServer {
        urls,
        username: None,
        credential: None,
    }]
}

/// The public addresses a description shows: its server-reflexive
/// candidates' (none where no STUN server answered).
pub fn public_addresses(sdp: &str) -> Result<Vec<Addr>, CodeError> {
    Peer::from_sdp(sdp).map(|p| p.public_addresses())
}

/// What a phone knows of its own network while its link carries: the
/// public addresses its link was made with, a new one seen once, and
/// whether a restart is on its way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Roam {
    seen: Vec<Addr>,
    /// A look's new addresses, waiting for the next look to agree.
    new: Option<Vec<Addr>>,
    restarting: bool,
}

impl Roam {
    /// A link made with the public addresses `made_with` (the phone's
    /// reply's). With none (no STUN server answered), there is nothing to
    /// compare a look with: such a link never restarts.
    pub fn new(made_with: Vec<Addr>) -> Roam {
        Roam {
            seen: made_with,
            new: None,
            restarting: false,
        }
    }

    /// Whether a look that saw the public addresses `now` calls for a
    /// restart: the phone shows the internet an address its link was not
    /// made with, and the look before saw the same, so it is on another
    /// network (a network that showed a new address at every look, as a
    /// carrier's NAT pooling addresses at random may, would restart the
    /// link for nothing every few seconds). A look that saw none (no
    /// answer: a network between two, or none at all) says nothing; nor
    /// does one while a restart is on its way.
    pub fn looked(&mut self, now: &[Addr]) -> bool {
        if self.restarting || self.seen.is_empty() || now.is_empty() {
            return false;
        }
        if now.iter().all(|a| self.seen.contains(a)) {
            self.new = None;
            return false;
        }
        let agreed = self
            .new
            .as_ref()
            .is_some_and(|new| new.len() == now.len() && now.iter().all(|a| new.contains(a)));
        self.new = (!agreed).then(|| now.to_vec());
        self.restarting = agreed;
        agreed
    }

    /// The restart's offer was made with the public addresses `offered`:
    /// once answered, the link carries on them.
    pub fn answered(&mut self, offered: Vec<Addr>) {
        if !offered.is_empty() {
            self.seen = offered;
        }
        self.new = None;
        self.restarting = false;
    }

    /// The restart was taken back (no answer in [`RESTART_MS`], or the
    /// browser refused it): a later look may try again.
    pub fn taken_back(&mut self) {
        self.restarting = false;
    }

    /// Whether a restart is on its way.
    pub fn restarting(&self) -> bool {
        self.restarting
    }

    /// Whether the last look saw a new address that the next must confirm
    /// (it comes after [`CONFIRM_MS`], not a whole [`PROBE_MS`]).
    pub fn confirming(&self) -> bool {
        self.new.is_some() && !self.restarting
    }
}

/// What a side does with a restart's offer heard on the channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnOffer {
    /// Answered (after taking back this side's own offer, if it had one).
    Answer,
    /// Left unanswered: this side's own offer stands, and the other side
    /// answers it.
    Ignore,
}

/// Both sides may restart (each looks at its own network): when both
/// offered at once, the phone gives way (it takes its offer back and
/// answers the table's), the table keeps its own and ignores the
/// phone's. The table's offer, answered from the phone's network of now,
/// moves the link for both. (WebRTC's "perfect negotiation", the phone
/// the polite side.)
pub fn on_restart_offer(own_offer_pending: bool, table: bool) -> OnOffer {
    if own_offer_pending && table {
        OnOffer::Ignore
    } else {
        OnOffer::Answer
    }
}

/// A restart's two messages on the channel: a new offer (from whichever
/// side's network changed) and the other side's answer, each a whole
/// session description. They are the link's own, not the game's: the
/// link reads them before the app does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Renegotiation {
    Offer(String),
    Answer(String),
}

impl Renegotiation {
    pub fn encode(&self) -> String {
        let (kind, sdp) = match self {
            Renegotiation::Offer(sdp) => ("offer", sdp),
            Renegotiation::Answer(sdp) => ("answer", sdp),
        };
        json::obj([("ice", json::str(kind)), ("sdp", json::str(sdp))]).to_text()
    }

    /// A restart's message, or `None` for anything else (the game's
    /// messages, which all start `{"v":`, go on to the app untouched).
    pub fn decode(text: &str) -> Option<Renegotiation> {
        if !text.starts_with("{\"ice\":") {
            return None;
        }
        let doc = json::parse(text).ok()?;
        let sdp = doc.get("sdp").and_then(Json::as_str)?.to_string();
        match doc.get("ice").and_then(Json::as_str)? {
            "offer" => Some(Renegotiation::Offer(sdp)),
            "answer" => Some(Renegotiation::Answer(sdp)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::proto::{self, ToTable};

    #[test]
    fn when_both_sides_restart_at_once_the_phone_gives_way_to_the_table() {
        // Nothing pending: either side answers.
        assert_eq!(on_restart_offer(false, true), OnOffer::Answer);
        assert_eq!(on_restart_offer(false, false), OnOffer::Answer);
        // Both offered: the table keeps its own, the phone answers it.
        assert_eq!(on_restart_offer(true, true), OnOffer::Ignore);
        assert_eq!(on_restart_offer(true, false), OnOffer::Answer);
    }

    fn v4(a: [u8; 4]) -> Addr {
        Addr::V4(a)
    }

    #[test]
    fn a_look_asks_stun_only_and_never_a_relays_allocation() {
        let servers = vec![
            IceServer {
                urls: vec!["stun:stun.example.org:3478".into()],
                username: None,
                credential: None,
            },
            IceServer {
                urls: vec![
                    "turn:relay.example.org:3478?transport=udp".into(),
                    "turn:relay.example.org:3478?transport=tcp".into(),
                    "turns:relay.example.org:5349".into(),
                ],
                username: Some("family".into()),
                credential: Some("secret".into()),
            },
        ];
        assert_eq!(
            probe_servers(&servers),
            vec![IceServer {
                urls: vec![
                    "stun:stun.example.org:3478".into(),
                    "stun:relay.example.org:3478".into(),
                ],
                username: None,
                credential: None,
            }]
        );
        // No server listed: no look asks anyone (nothing outside the page
        // is contacted).
        assert_eq!(probe_servers(&[]), vec![]);
        let tls_only = IceServer {
            urls: vec!["turns:relay.example.org:5349".into()],
            username: Some("u".into()),
            credential: Some("p".into()),
        };
        assert_eq!(probe_servers(&[tls_only]), vec![]);
    }

    const SDP: &str = "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n\
        m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\n\
        a=ice-ufrag:abcd\r\na=ice-pwd:abcdefghijklmnopqrstuvwx\r\n\
        a=fingerprint:sha-256 00:01:02:03:04:05:06:07:08:09:0A:0B:0C:0D:0E:0F:10:11:12:13:14:15:16:17:18:19:1A:1B:1C:1D:1E:1F\r\n\
        a=setup:actpass\r\na=mid:0\r\na=sctp-port:5000\r\n\
        a=candidate:1 1 udp 2122260223 9630d792-7154-4719-b7c5-71fa11b79129.local 44877 typ host generation 0\r\n\
        a=candidate:2 1 udp 1686052607 100.64.0.2 61865 typ srflx raddr 0.0.0.0 rport 0 generation 0\r\n\
        a=candidate:3 1 udp 1686052351 100.64.0.2 61866 typ srflx raddr 0.0.0.0 rport 0 generation 0\r\n\
        a=candidate:4 1 udp 41885695 192.0.2.1 49649 typ relay raddr 100.64.0.2 rport 61865 generation 0\r\n";

    #[test]
    fn the_public_addresses_of_a_description_are_its_reflexive_ones_once_each() {
        assert_eq!(public_addresses(SDP), Ok(vec![v4([100, 64, 0, 2])]));
        let hosts_only: String = SDP
            .lines()
            .filter(|l| !l.contains("srflx"))
            .map(|l| format!("{l}\r\n"))
            .collect();
        assert_eq!(public_addresses(&hosts_only), Ok(vec![]));
        assert!(public_addresses("not a description").is_err());
    }

    #[test]
    fn a_new_public_address_seen_twice_calls_for_one_restart_until_it_is_answered() {
        let home = v4([203, 0, 113, 2]);
        let mobile = v4([100, 64, 0, 2]);
        let mut roam = Roam::new(vec![home.clone()]);
        // The same network: nothing to do; nor a look that saw nothing.
        assert!(!roam.looked(std::slice::from_ref(&home)));
        assert!(!roam.looked(&[]));
        assert!(!roam.confirming());
        // The mobile network became the default: seen once (the next look
        // comes soon, to confirm), then again.
        assert!(!roam.looked(std::slice::from_ref(&mobile)));
        assert!(roam.confirming());
        assert!(roam.looked(std::slice::from_ref(&mobile)));
        assert!(roam.restarting());
        assert!(
            !roam.confirming(),
            "a restart under way needs no confirming look"
        );
        // Looks while the restart is on its way call for no second one.
        assert!(!roam.looked(std::slice::from_ref(&mobile)));
        assert!(!roam.looked(std::slice::from_ref(&mobile)));
        roam.answered(vec![mobile.clone()]);
        assert!(!roam.restarting());
        // On the new network now: the same address is no news…
        assert!(!roam.looked(std::slice::from_ref(&mobile)));
        assert!(!roam.looked(std::slice::from_ref(&mobile)));
        // …and back home is.
        assert!(!roam.looked(std::slice::from_ref(&home)));
        assert!(roam.looked(&[home]));
    }

    #[test]
    fn a_network_showing_a_new_address_at_every_look_restarts_nothing() {
        let mut roam = Roam::new(vec![v4([203, 0, 113, 2])]);
        for last in 1..=20 {
            assert!(!roam.looked(&[v4([100, 64, 0, last])]), "look {last}");
        }
        // A look back on the link's own network forgets what it saw.
        let mobile = v4([100, 64, 0, 2]);
        assert!(!roam.looked(std::slice::from_ref(&mobile)));
        assert!(!roam.looked(&[v4([203, 0, 113, 2])]));
        assert!(!roam.confirming(), "nothing left to confirm");
        assert!(!roam.looked(&[mobile]));
    }

    #[test]
    fn a_restart_taken_back_is_tried_again_when_two_looks_agree() {
        let mobile = v4([100, 64, 0, 2]);
        let mut roam = Roam::new(vec![v4([203, 0, 113, 2])]);
        assert!(!roam.looked(std::slice::from_ref(&mobile)));
        assert!(roam.looked(std::slice::from_ref(&mobile)));
        roam.taken_back();
        assert!(!roam.looked(std::slice::from_ref(&mobile)));
        assert!(roam.looked(&[mobile]));
    }

    #[test]
    fn a_link_made_without_a_public_address_never_restarts() {
        let mut roam = Roam::new(vec![]);
        for _ in 0..3 {
            assert!(!roam.looked(&[v4([100, 64, 0, 2])]));
        }
        assert!(!roam.restarting());
    }

    #[test]
    fn an_answer_without_a_public_address_keeps_the_old_ones() {
        let home = v4([203, 0, 113, 2]);
        let mut roam = Roam::new(vec![home.clone()]);
        let mobile = v4([100, 64, 0, 2]);
        assert!(!roam.looked(std::slice::from_ref(&mobile)));
        assert!(roam.looked(&[mobile]));
        roam.answered(vec![]);
        assert!(!roam.looked(std::slice::from_ref(&home)));
        assert!(!roam.looked(&[home]));
    }

    #[test]
    fn a_restarts_messages_go_both_ways_and_never_pass_for_the_games() {
        for message in [
            Renegotiation::Offer(SDP.to_string()),
            Renegotiation::Answer("v=0\r\n\"quoted\"\r\n".to_string()),
        ] {
            assert_eq!(Renegotiation::decode(&message.encode()), Some(message));
        }
        let game = proto::encode(&ToTable::Sync);
        assert_eq!(Renegotiation::decode(&game), None);
        assert_eq!(
            Renegotiation::decode("{\"ice\":\"restart\",\"sdp\":\"x\"}"),
            None
        );
        assert_eq!(Renegotiation::decode("{\"ice\":\"offer\"}"), None);
        assert_eq!(Renegotiation::decode("{\"ice\":"), None);
        // The game's decoder refuses a restart's message rather than
        // taking it for a move (a link that does not read them).
        let offer = Renegotiation::Offer(SDP.to_string()).encode();
        assert!(proto::decode::<ToTable>(&offer).is_err());
    }
}
