//! The ICE servers a pairing uses (issue 35): the site's list, from
//! `network.json` beside `index.html` in the shape of
//! `RTCConfiguration.iceServers`, and the family's own relay from the
//! Menu, three fields. Pure: the driver fetches the file and hands its
//! text here; the answer is the servers, or what is wrong with the file,
//! named for the person who deployed it.

use core::fmt;

use crate::json::{self, Json};

/// One STUN or TURN server, as `RTCIceServer` has it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IceServer {
    /// `stun:`, `turn:` or `turns:` URLs of one server.
    pub urls: Vec<String>,
    pub username: Option<String>,
    pub credential: Option<String>,
}

/// What is wrong with `network.json`: said where the devices are paired;
/// play on one network still works without it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetworkProblem {
    /// Not JSON at all (the parser's words).
    NotJson(String),
    /// JSON, but not `{"iceServers": [ … ]}`.
    Shape(String),
    /// Entry `index` (from 1, as a person counts) of `iceServers`.
    Entry { index: usize, why: String },
}

/// The most servers a list may hold: each is tried while pairing.
pub const MAX_SERVERS: usize = 8;

/// Whether `url` names a STUN or TURN server (`stun:host[:port]`,
/// `turn:…`, `turns:…`, with `?transport=` allowed).
fn scheme(url: &str) -> Option<&'static str> {
    ["stun:", "stuns:", "turn:", "turns:"]
        .into_iter()
        .find(|s| url.len() > s.len() && url[..s.len()].eq_ignore_ascii_case(s))
}

/// One entry of the list: `urls` (a string or a list of strings), and for
/// a TURN server `username` and `credential`. The fields it does not know
/// (a newer build's) are added to `ignored`.
fn entry(v: &Json, ignored: &mut Vec<String>) -> Result<IceServer, String> {
    let mut f = json::Fields::of(v, "an entry")?;
    // (Loops, not `collect` into a `Result`: the same, in less wasm.)
    let mut urls: Vec<String> = Vec::new();
    match f.req("urls")? {
        Json::Str(s) => urls.push(s.clone()),
        Json::Arr(list) if !list.is_empty() => {
            for u in list {
                let url = u
                    .as_str()
                    .ok_or_else(|| json::wrong("urls", "a list of strings", u))?;
                urls.push(url.to_string());
            }
        }
        other => return Err(json::wrong("urls", "a URL or a list of URLs", other)),
    }
    for url in &urls {
        if scheme(url).is_none() {
            return Err(format!("`{url}` is not a stun:, turn: or turns: URL"));
        }
    }
    let text = |f: &mut json::Fields, key: &str| -> Result<Option<String>, String> {
        f.opt(key)
            .map(|v| {
                v.as_str()
                    .map(str::to_string)
                    .ok_or_else(|| json::wrong(key, "a string", v))
            })
            .transpose()
    };
    let username = text(&mut f, "username")?;
    let credential = text(&mut f, "credential")?;
    // `credentialType` is "password", the only one browsers still take.
    if let Some(t) = f.opt("credentialType") {
        if t.as_str() != Some("password") {
            return Err(json::wrong("credentialType", "\"password\"", t));
        }
    }
    ignored.extend(f.rest().map(|key| format!("`{key}`")));
    let server = IceServer {
        urls,
        username,
        credential,
    };
    if server.lacks_login() {
        return Err("a TURN server needs `username` and `credential`".to_string());
    }
    Ok(server)
}

impl IceServer {
    /// A TURN server without its user name or password (browsers refuse
    /// one): the one rule of the site's list and the Menu's relay.
    fn lacks_login(&self) -> bool {
        let turn = self
            .urls
            .iter()
            .any(|u| scheme(u).is_some_and(|s| s.starts_with("turn")));
        turn && (self.username.is_none() || self.credential.is_none())
    }
}

/// What `network.json` lists, as this build reads it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SiteList {
    /// The servers. An empty list is no server, as a missing file is.
    pub servers: Vec<IceServer>,
    /// The fields this build does not know ("`signalling`", "`region` of
    /// server 2"), ignored: a deployer may add one for a newer build
    /// without breaking the older builds cached on phones. A wrong value
    /// in a field it knows is still refused.
    pub ignored: Vec<String>,
}

/// The servers `network.json` lists, and the fields it ignored.
pub fn parse_network(text: &str) -> Result<SiteList, NetworkProblem> {
    let doc = json::parse(text).map_err(NetworkProblem::NotJson)?;
    let mut f = json::Fields::of(&doc, "network.json").map_err(NetworkProblem::Shape)?;
    let list = f.list("iceServers").map_err(NetworkProblem::Shape)?;
    let mut ignored: Vec<String> = f.rest().map(|key| format!("`{key}`")).collect();
    if list.len() > MAX_SERVERS {
        return Err(NetworkProblem::Shape(format!(
            "`iceServers` lists {} servers; at most {MAX_SERVERS} are tried",
            list.len()
        )));
    }
    let mut servers = Vec::with_capacity(list.len());
    for (i, v) in list.iter().enumerate() {
        let mut unknown = Vec::new();
        let server = entry(v, &mut unknown);
        servers.push(server.map_err(|why| NetworkProblem::Entry { index: i + 1, why })?);
        ignored.extend(
            unknown
                .into_iter()
                .map(|u| format!("{u} of server {}", i + 1)),
        );
    }
    Ok(SiteList { servers, ignored })
}

/// The family's own relay from the Menu: three fields, as typed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Relay {
    pub url: String,
    pub username: String,
    pub password: String,
}

/// What is wrong with the relay typed in the Menu (the Menu says it in
/// the player's language).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RelayProblem {
    /// The address is not a `turn:`, `turns:` or `stun:` URL.
    NotAUrl,
    /// A TURN relay without its user name or password.
    NeedsLogin,
    /// A field longer than [`MAX_FIELD`] bytes.
    TooLong,
}

/// The longest field of a relay, in bytes (it travels in invitations).
pub const MAX_FIELD: usize = 200;

impl Relay {
    /// The relay as a server, if its URL is one (blank: none).
    pub fn server(&self) -> Result<Option<IceServer>, RelayProblem> {
        let url = self.url.trim();
        if url.is_empty() {
            return Ok(None);
        }
        if [url, self.username.trim(), &self.password]
            .iter()
            .any(|f| f.len() > MAX_FIELD)
        {
            return Err(RelayProblem::TooLong);
        }
        if scheme(url).is_none() {
            return Err(RelayProblem::NotAUrl);
        }
        let field = |s: &str| (!s.is_empty()).then(|| s.to_string());
        let server = IceServer {
            urls: vec![url.to_string()],
            username: field(self.username.trim()),
            credential: field(&self.password),
        };
        if server.lacks_login() {
            return Err(RelayProblem::NeedsLogin);
        }
        Ok(Some(server))
    }

    /// An old `ice` line of the settings ("URL [username credential]",
    /// split on spaces), read into the three fields.
    pub fn from_line(line: &str) -> Relay {
        let mut parts = line.split_whitespace();
        Relay {
            url: parts.next().unwrap_or_default().to_string(),
            username: parts.next().unwrap_or_default().to_string(),
            password: parts.next().unwrap_or_default().to_string(),
        }
    }
}

/// What fetching `network.json` gave, for [`site_servers`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fetched {
    /// The file's text (status 200).
    Text(String),
    /// No such file (404): the site lists no server.
    Missing,
    /// No answer (offline, a network error, another status).
    Failed,
}

/// What to do with the copy of `network.json` kept for offline use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KeepCopy {
    /// Keep this text (a file read whole).
    Store(String),
    /// Forget it (the site has no file now).
    Forget,
    /// Leave it as it is.
    Leave,
}

/// The site's servers for a pairing, from what the fetch gave and the
/// copy kept from an earlier one: the servers, what is wrong with the
/// file (shown where the devices are paired), what becomes of the copy,
/// and the fields of the file read now that this build ignored (for the
/// console). Network first: the file as it is now wins, so a deployer's
/// edit is seen at the next pairing; the copy stands in only when there
/// is no answer (offline). A malformed file lists no server (play on one
/// network still works) and leaves the copy as it was.
pub fn site_servers(
    fetched: Fetched,
    copy: Option<&str>,
) -> (
    Vec<IceServer>,
    Option<NetworkProblem>,
    KeepCopy,
    Vec<String>,
) {
    match fetched {
        Fetched::Text(text) => match parse_network(&text) {
            Ok(site) => (site.servers, None, KeepCopy::Store(text), site.ignored),
            Err(problem) => (Vec::new(), Some(problem), KeepCopy::Leave, Vec::new()),
        },
        Fetched::Missing => (Vec::new(), None, KeepCopy::Forget, Vec::new()),
        Fetched::Failed => {
            // A copy is stored only once read whole; one spoiled since
            // (another tab, a person) is no server, and no message: the
            // file itself was not read.
            let site = copy.and_then(|t| parse_network(t).ok()).unwrap_or_default();
            (site.servers, None, KeepCopy::Leave, Vec::new())
        }
    }
}

/// The servers a link is made with: the site's, then the family's own
/// relays (the Menu's, and on a phone the one the invitation brought), each
/// once, at most [`MAX_SERVERS`] in all.
pub fn link_servers(site: &[IceServer], relays: &[Relay]) -> Vec<IceServer> {
    let mut all: Vec<IceServer> = Vec::new();
    let own = relays.iter().filter_map(|r| r.server().ok().flatten());
    for server in site.iter().cloned().chain(own) {
        if !all.contains(&server) && all.len() < MAX_SERVERS {
            all.push(server);
        }
    }
    all
}

/// The relay an invitation carries: the family's first that is a server.
pub fn travelling(relays: &[Relay]) -> Option<Relay> {
    relays
        .iter()
        .find(|r| matches!(r.server(), Ok(Some(_))))
        .cloned()
}

impl fmt::Display for NetworkProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetworkProblem::NotJson(why) => write!(f, "it is not JSON ({why})"),
            NetworkProblem::Shape(why) => write!(f, "{why}"),
            NetworkProblem::Entry { index, why } => {
                write!(f, "server {index} of iceServers: {why}")
            }
        }
    }
}

/// One of a relay's three fields (the Menu's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RelayField {
    Url,
    Username,
    Password,
}

impl Relay {
    /// Sets one field, as typed.
    pub fn set(&mut self, field: RelayField, text: String) {
        match field {
            RelayField::Url => self.url = text,
            RelayField::Username => self.username = text,
            RelayField::Password => self.password = text,
        }
    }

    /// Whether no field is filled in.
    pub fn is_empty(&self) -> bool {
        self.url.trim().is_empty() && self.username.is_empty() && self.password.is_empty()
    }

    /// As the settings keep it: three fields.
    pub fn to_json(&self) -> Json {
        json::obj([
            ("url", json::str(&self.url)),
            ("username", json::str(&self.username)),
            ("password", json::str(&self.password)),
        ])
    }

    /// Read back from [`Relay::to_json`]'s form (a field missing is empty).
    pub fn from_json(v: &Json) -> Option<Relay> {
        let mut f = json::Fields::of(v, "a relay").ok()?;
        let mut get = |key: &str| {
            f.opt(key)
                .and_then(Json::as_str)
                .unwrap_or_default()
                .to_string()
        };
        Some(Relay {
            url: get("url"),
            username: get("username"),
            password: get("password"),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn network_json_is_fetched_network_first_with_a_copy_for_offline_use() {
        let good = r#"{"iceServers": [{"urls": "stun:stun.example.org:3478"}]}"#;
        let stun = || {
            vec![IceServer {
                urls: vec!["stun:stun.example.org:3478".into()],
                username: None,
                credential: None,
            }]
        };
        // Read now: used, and kept.
        assert_eq!(
            site_servers(Fetched::Text(good.into()), None),
            (stun(), None, KeepCopy::Store(good.into()), vec![])
        );
        // The file as it is now wins over the copy (a deployer's edit).
        let edited = r#"{"iceServers": []}"#;
        assert_eq!(
            site_servers(Fetched::Text(edited.into()), Some(good)).0,
            vec![]
        );
        // Offline: the copy stands in.
        assert_eq!(
            site_servers(Fetched::Failed, Some(good)),
            (stun(), None, KeepCopy::Leave, vec![])
        );
        assert_eq!(site_servers(Fetched::Failed, None).0, vec![]);
        assert_eq!(site_servers(Fetched::Failed, Some("{")).0, vec![]);
        // No file: no server, as before there was any, and the copy goes.
        assert_eq!(
            site_servers(Fetched::Missing, Some(good)),
            (vec![], None, KeepCopy::Forget, vec![])
        );
        // A malformed file: no server, what is wrong, the copy left.
        let (servers, problem, keep, _) = site_servers(
            Fetched::Text(r#"{"iceServers": [{"urls": "http://x"}]}"#.into()),
            Some(good),
        );
        assert_eq!(servers, vec![]);
        assert_eq!(keep, KeepCopy::Leave);
        assert_eq!(
            problem.unwrap().to_string(),
            "server 1 of iceServers: `http://x` is not a stun:, turn: or turns: URL"
        );
    }

    #[test]
    fn a_link_uses_the_sites_servers_then_the_familys_relays_each_once() {
        let site = parse_network(r#"{"iceServers": [{"urls": "stun:s.example"}]}"#)
            .unwrap()
            .servers;
        let relay = Relay {
            url: "turn:t.example:3478".into(),
            username: "ann".into(),
            password: "pw".into(),
        };
        let broken = Relay {
            url: "turn:t.example".into(),
            ..Relay::default()
        };
        let all = link_servers(
            &site,
            &[relay.clone(), relay.clone(), broken, Relay::default()],
        );
        assert_eq!(all.len(), 2, "{all:?}");
        assert_eq!(all[0].urls, ["stun:s.example"]);
        assert_eq!(all[1].username.as_deref(), Some("ann"));
        assert_eq!(link_servers(&[], &[]), vec![]);
    }

    #[test]
    fn the_relay_is_kept_as_three_fields() {
        let relay = Relay {
            url: "turn:t.example:3478".into(),
            username: "ann".into(),
            password: "two words".into(),
        };
        assert_eq!(Relay::from_json(&relay.to_json()), Some(relay.clone()));
        assert!(!relay.is_empty());
        assert!(Relay::default().is_empty());
        assert_eq!(Relay::from_json(&Json::Null), None);
    }

    #[test]
    fn network_json_lists_stun_and_turn_servers_in_rtc_configurations_shape() {
        let text = r#"{"iceServers": [
            {"urls": "stun:stun.example.org:3478"},
            {"urls": ["turn:turn.example.org:3478?transport=udp", "turns:turn.example.org:5349"],
             "username": "family", "credential": "s3cret", "credentialType": "password"}
        ]}"#;
        let servers = parse_network(text).unwrap().servers;
        assert_eq!(servers.len(), 2);
        assert_eq!(servers[0].urls, ["stun:stun.example.org:3478"]);
        assert_eq!(servers[0].username, None);
        assert_eq!(servers[1].urls.len(), 2);
        assert_eq!(servers[1].credential.as_deref(), Some("s3cret"));
        assert_eq!(
            parse_network(r#"{"iceServers": []}"#),
            Ok(SiteList::default())
        );
    }

    #[test]
    fn a_newer_network_json_is_read_its_unknown_fields_ignored_and_named() {
        // A field of a newer build (at the top, and in an entry) costs
        // nothing: the servers are used, the fields named for the console.
        let text = r#"{"iceServers": [
            {"urls": "stun:s.example", "region": "eu"},
            {"urls": "turn:t.example", "username": "u", "credential": "c"}
        ], "signalling": {"url": "wss://x.example"}}"#;
        let site = parse_network(text).unwrap();
        assert_eq!(site.servers.len(), 2);
        assert_eq!(site.servers[0].urls, ["stun:s.example"]);
        assert_eq!(site.ignored, ["`signalling`", "`region` of server 1"]);
        let (servers, problem, keep, ignored) = site_servers(Fetched::Text(text.into()), None);
        assert_eq!((servers.len(), problem), (2, None));
        assert_eq!(keep, KeepCopy::Store(text.into()));
        assert_eq!(ignored.len(), 2);
        // Offline, the copy of such a file stands in just as well.
        assert_eq!(site_servers(Fetched::Failed, Some(text)).0.len(), 2);
        // A file the app knows whole ignores nothing.
        let plain = parse_network(r#"{"iceServers": [{"urls": "stun:a"}]}"#).unwrap();
        assert!(plain.ignored.is_empty());
        // A wrong value in a known field is still refused.
        assert!(matches!(
            parse_network(r#"{"iceServers": [{"urls": 3}], "extra": 1}"#),
            Err(NetworkProblem::Entry { index: 1, .. })
        ));
        assert!(matches!(
            parse_network(r#"{"iceServers": {}, "extra": 1}"#),
            Err(NetworkProblem::Shape(_))
        ));
    }

    #[test]
    fn a_malformed_network_json_says_what_is_wrong_and_where() {
        let problem = |t: &str| parse_network(t).unwrap_err();
        assert!(matches!(
            problem("{iceServers: []}"),
            NetworkProblem::NotJson(_)
        ));
        assert_eq!(
            problem("[]"),
            NetworkProblem::Shape("network.json should be an object, not a list".into())
        );
        assert_eq!(
            problem("{}"),
            NetworkProblem::Shape("missing field `iceServers`".into())
        );
        assert_eq!(
            problem(r#"{"iceServers": [{"urls": "stun:a"}, {"urls": "http://b"}]}"#),
            NetworkProblem::Entry {
                index: 2,
                why: "`http://b` is not a stun:, turn: or turns: URL".into()
            }
        );
        assert_eq!(
            problem(r#"{"iceServers": [{"urls": "turn:t:3478"}]}"#),
            NetworkProblem::Entry {
                index: 1,
                why: "a TURN server needs `username` and `credential`".into()
            }
        );
        assert_eq!(
            problem(r#"{"iceServers": [{"url": "stun:a"}]}"#),
            NetworkProblem::Entry {
                index: 1,
                why: "missing field `urls`".into()
            }
        );
        assert!(matches!(
            problem(r#"{"iceServers": [{"urls": "stun:a", "credentialType": "oauth"}]}"#),
            NetworkProblem::Entry { index: 1, .. }
        ));
    }

    #[test]
    fn the_menus_relay_is_three_fields_and_old_ice_lines_read_into_them() {
        let relay = Relay {
            url: " turn:relay.family.example:3478 ".into(),
            username: "ann".into(),
            password: "a password with spaces".into(),
        };
        let server = relay.server().unwrap().unwrap();
        assert_eq!(server.urls, ["turn:relay.family.example:3478"]);
        assert_eq!(server.credential.as_deref(), Some("a password with spaces"));
        assert_eq!(Relay::default().server(), Ok(None));
        let no_password = Relay {
            password: String::new(),
            ..relay.clone()
        };
        assert_eq!(no_password.server(), Err(RelayProblem::NeedsLogin));
        let http = Relay {
            url: "https://relay.example".into(),
            ..relay.clone()
        };
        assert_eq!(http.server(), Err(RelayProblem::NotAUrl));
        let long = Relay {
            password: "x".repeat(MAX_FIELD + 1),
            ..relay.clone()
        };
        assert_eq!(long.server(), Err(RelayProblem::TooLong));
        assert_eq!(
            Relay::from_line("turn:t.example:3478 ann pw"),
            Relay {
                url: "turn:t.example:3478".into(),
                username: "ann".into(),
                password: "pw".into()
            }
        );
        assert_eq!(
            Relay::from_line("stun:s.example")
                .server()
                .unwrap()
                .unwrap()
                .username,
            None
        );
    }
}
