//! A phone's reply as a link, and its way back to the table (issue 35).
//!
//! Across the internet the codes travel through a messenger: the table
//! sends its invitation as a link (`join.html#join=CODE`), and the phone's
//! reply is a link too, to the table's page: `…/#reply=CODE`. The person
//! at the table taps it in the messenger, and it opens in a new tab. That
//! tab never starts a table of its own: it hands the reply to the tab of
//! this browser that holds the invitation, over a `BroadcastChannel`
//! (`drivers/replies.rs`), and hears whether it was taken. Where no tab
//! takes it (the link opened on the host's phone, or the table was
//! closed), it shows the reply as a QR code and as text, for the table to
//! scan or paste.
//!
//! Here, pure: the messages between tabs ([`HandOff`], one JSON text each)
//! and the reply tab's state ([`ReplyTab`]).

use crate::json::{self, Fields, Json};

/// The name of the channel the tabs of one site share.
pub const CHANNEL: &str = "mojo.replies";

/// How long the reply tab waits for a table's answer before it shows the
/// reply to scan or paste. A table's tab answers at once (one task); a
/// tab the browser put to sleep in the background may be slower.
pub const PATIENCE_MS: u32 = 2000;

/// What one tab tells the others.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HandOff {
    /// A reply, from the tab its link opened (`id` tells its answers
    /// from another's).
    Offer { id: u32, code: String },
    /// The table's tab took reply `id` for `name`'s seat.
    Taken { id: u32, name: String },
}

impl HandOff {
    pub fn to_text(&self) -> String {
        match self {
            HandOff::Offer { id, code } => json::obj([
                ("type", json::str("offer")),
                ("id", Json::Int(i64::from(*id))),
                ("code", json::str(code)),
            ]),
            HandOff::Taken { id, name } => json::obj([
                ("type", json::str("taken")),
                ("id", Json::Int(i64::from(*id))),
                ("name", json::str(name)),
            ]),
        }
        .to_text()
    }

    /// A message of another tab; `None` for anything else (another
    /// version's, or not ours).
    pub fn from_text(text: &str) -> Option<HandOff> {
        let v = json::parse(text).ok()?;
        let mut f = Fields::of(&v, "hand-off").ok()?;
        let kind = f.string("type").ok()?;
        let id = f.int("id").ok()?;
        match kind.as_str() {
            "offer" => Some(HandOff::Offer {
                id,
                code: f.string("code").ok()?,
            }),
            "taken" => Some(HandOff::Taken {
                id,
                name: f.string("name").ok()?,
            }),
            _ => None,
        }
    }
}

/// The link a phone sends back: the table's page beside its own
/// (`page`: the phone's page, `…/join.html`), with the reply.
pub fn reply_link(page: &str, code: &str) -> String {
    let dir = page.rsplit_once('/').map_or("", |(dir, _)| dir);
    format!("{dir}/#reply={code}")
}

/// The reply code of a page opened by a reply link (`#reply=CODE`).
pub fn reply_in(hash: &str) -> Option<&str> {
    hash.strip_prefix("#reply=").filter(|code| !code.is_empty())
}

/// What the app hears of the hand-off.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HandOffMsg {
    /// A message of another tab, as its text.
    Heard(String),
    /// The reply tab's wait number `id` ended ([`PATIENCE_MS`]).
    NoAnswer(u32),
}

/// The tab a reply link opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplyTab {
    pub id: u32,
    pub code: String,
    pub state: ReplyState,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplyState {
    /// Offered to the other tabs; no answer yet.
    Asking,
    /// A table's tab took it, for this seat's name.
    Taken(String),
    /// No tab took it in time: shown to scan or paste.
    NoTable,
}

impl ReplyTab {
    pub fn new(id: u32, code: &str) -> ReplyTab {
        ReplyTab {
            id,
            code: code.to_string(),
            state: ReplyState::Asking,
        }
    }

    /// Another tab's message: a table that took this reply.
    pub fn heard(&mut self, message: &HandOff) {
        if let HandOff::Taken { id, name } = message {
            if *id == self.id {
                self.state = ReplyState::Taken(name.clone());
            }
        }
    }

    /// The wait for a table ended (`id`'s): still unanswered, shown to
    /// scan or paste.
    pub fn no_answer(&mut self, id: u32) {
        if id == self.id && self.state == ReplyState::Asking {
            self.state = ReplyState::NoTable;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hand_off_messages_read_back_and_others_are_not_taken() {
        for m in [
            HandOff::Offer {
                id: 7,
                code: "KT47-MRIW".into(),
            },
            HandOff::Taken {
                id: 7,
                name: "Ann \"the aunt\"".into(),
            },
        ] {
            assert_eq!(HandOff::from_text(&m.to_text()), Some(m));
        }
        for other in [
            "",
            "{}",
            "[1]",
            r#"{"type":"offer","id":1}"#,
            r#"{"type":"hello","id":1,"code":"A"}"#,
        ] {
            assert_eq!(HandOff::from_text(other), None, "{other}");
        }
    }

    #[test]
    fn a_reply_link_goes_to_the_table_page_beside_the_phones() {
        assert_eq!(
            reply_link("https://example.org/games/mojo/join.html", "AB-CD"),
            "https://example.org/games/mojo/#reply=AB-CD"
        );
        assert_eq!(reply_in("#reply=AB-CD"), Some("AB-CD"));
        assert_eq!(reply_in("#reply="), None);
        assert_eq!(reply_in("#join=AB"), None);
    }

    #[test]
    fn the_reply_tab_hears_only_its_own_answer_and_then_waits_no_more() {
        let mut tab = ReplyTab::new(3, "CODE");
        tab.heard(&HandOff::Taken {
            id: 4,
            name: "Bob".into(),
        });
        tab.heard(&HandOff::Offer {
            id: 3,
            code: "CODE".into(),
        });
        assert_eq!(tab.state, ReplyState::Asking);
        tab.no_answer(2);
        assert_eq!(tab.state, ReplyState::Asking);
        tab.heard(&HandOff::Taken {
            id: 3,
            name: "Ann".into(),
        });
        assert_eq!(tab.state, ReplyState::Taken("Ann".into()));
        // Taken: the end of the wait changes nothing.
        tab.no_answer(3);
        assert_eq!(tab.state, ReplyState::Taken("Ann".into()));
        let mut lone = ReplyTab::new(5, "CODE");
        lone.no_answer(5);
        assert_eq!(lone.state, ReplyState::NoTable);
    }
}
