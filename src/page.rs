//! The build's two pages, one app: the table's and a phone's.

/// The build's two pages. `index.html` is the table's (built without the
/// phone's side: `PHONE_SIDE` in `app.rs`), `join.html` a phone's: "Join a
/// table" and a link to join open it, leaving it for the lobby comes back.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Page {
    #[default]
    Table,
    Phone,
}

impl Page {
    /// The page's address, relative to the other one (they sit side by
    /// side). The phone's, with the invitation to answer (`#join=CODE`) if
    /// any; the table's, in its lobby (`#lobby`: a phone that has just
    /// left its seat is not sent back to it; `code` is not used).
    pub fn link(self, code: &str) -> String {
        match self {
            Page::Table => "./#lobby".to_string(),
            Page::Phone if code.is_empty() => "join.html".to_string(),
            Page::Phone => format!("join.html#join={code}"),
        }
    }
}
