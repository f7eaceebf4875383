//! The ICE servers a pairing uses (issue 35): the site's list, from
//! `network.json` beside `index.html` in the shape of
//! `RTCConfiguration.iceServers`, and the family's own relay from the
//! Menu, three fields. Pure: the driver fetches the file and hands its
//! text here; the answer is the servers, or what is wrong with the file,
//! named for the person who deployed it.

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
const MAX_SERVERS: usize = 8;

/// Whether `url` names a STUN or TURN server (`stun:host[:port]`,
/// `turn:…`, `turns:…`, with `?transport=` allowed).
fn scheme(url: &str) -> Option<&'static str> {
    ["stun:", "stuns:", "turn:", "turns:"]
        .into_iter()
        .find(|s| url.len() > s.len() && url[..s.len()].eq_ignore_ascii_case(s))
}

/// One entry of the list: `urls` (a string or a list of strings), and for
/// a TURN server `username` and `credential`.
fn entry(v: &Json) -> Result<IceServer, String> {
    let mut f = json::Fields::of(v, "an entry")?;
    let urls: Vec<String> = match f.req("urls")? {
        Json::Str(s) => vec![s.clone()],
        Json::Arr(list) if !list.is_empty() => list
            .iter()
            .map(|u| {
                u.as_str()
                    .map(str::to_string)
                    .ok_or_else(|| json::wrong("urls", "a list of strings", u))
            })
            .collect::<Result<_, _>>()?,
        other => return Err(json::wrong("urls", "a URL or a list of URLs", other)),
    };
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
    f.done()?;
    let turn = urls
        .iter()
        .any(|u| scheme(u).is_some_and(|s| s.starts_with("turn")));
    if turn && (username.is_none() || credential.is_none()) {
        return Err("a TURN server needs `username` and `credential`".to_string());
    }
    Ok(IceServer {
        urls,
        username,
        credential,
    })
}

/// The servers `network.json` lists. An empty list is no server, as a
/// missing file is.
pub fn parse_network(text: &str) -> Result<Vec<IceServer>, NetworkProblem> {
    let doc = json::parse(text).map_err(NetworkProblem::NotJson)?;
    let mut f = json::Fields::of(&doc, "network.json").map_err(NetworkProblem::Shape)?;
    let list = f.list("iceServers").map_err(NetworkProblem::Shape)?;
    f.done().map_err(NetworkProblem::Shape)?;
    if list.len() > MAX_SERVERS {
        return Err(NetworkProblem::Shape(format!(
            "`iceServers` lists {} servers; at most {MAX_SERVERS} are tried",
            list.len()
        )));
    }
    list.iter()
        .enumerate()
        .map(|(i, v)| entry(v).map_err(|why| NetworkProblem::Entry { index: i + 1, why }))
        .collect()
}

/// The family's own relay from the Menu: three fields, as typed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Relay {
    pub url: String,
    pub username: String,
    pub password: String,
}

impl Relay {
    /// The relay as a server, if its URL is one (blank: none).
    pub fn server(&self) -> Result<Option<IceServer>, String> {
        let url = self.url.trim();
        if url.is_empty() {
            return Ok(None);
        }
        if scheme(url).is_none() {
            return Err(format!("`{url}` is not a stun:, turn: or turns: URL"));
        }
        let field = |s: &str| (!s.is_empty()).then(|| s.to_string());
        let server = IceServer {
            urls: vec![url.to_string()],
            username: field(self.username.trim()),
            credential: field(&self.password),
        };
        if url.to_ascii_lowercase().starts_with("turn")
            && (server.username.is_none() || server.credential.is_none())
        {
            return Err("a TURN server needs a user name and a password".to_string());
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn network_json_lists_stun_and_turn_servers_in_rtc_configurations_shape() {
        let text = r#"{"iceServers": [
            {"urls": "stun:stun.example.org:3478"},
            {"urls": ["turn:turn.example.org:3478?transport=udp", "turns:turn.example.org:5349"],
             "username": "family", "credential": "s3cret", "credentialType": "password"}
        ]}"#;
        let servers = parse_network(text).unwrap();
        assert_eq!(servers.len(), 2);
        assert_eq!(servers[0].urls, ["stun:stun.example.org:3478"]);
        assert_eq!(servers[0].username, None);
        assert_eq!(servers[1].urls.len(), 2);
        assert_eq!(servers[1].credential.as_deref(), Some("s3cret"));
        assert_eq!(parse_network(r#"{"iceServers": []}"#), Ok(vec![]));
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
        assert!(no_password.server().is_err());
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
