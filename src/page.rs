//! The build's two pages, one app: the table's and a phone's.

/// The build's two pages. `index.html` is the table's (built without the
/// phone's side: `PHONE_SIDE` in `app/mod.rs`), `join.html` a phone's: "Join a
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

/// A page's fragment (`#join=CODE`, `#reply=CODE`) as written: the
/// percent-escapes that some link handlers put in (`%2B` for `+`, `%3A`
/// for `:`, `%24` for `$`, even `%3D` for `=`) decoded. The codes' own
/// characters hold no `%`, so a code written plain reads the same.
pub fn fragment(hash: &str) -> String {
    let bytes = hash.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| char::from(b).to_digit(16);
        let escaped = (bytes[i] == b'%')
            .then(|| Some(hex(*bytes.get(i + 1)?)? * 16 + hex(*bytes.get(i + 2)?)?))
            .flatten();
        match escaped {
            Some(byte) => {
                out.push(byte as u8);
                i += 3;
            }
            None => {
                out.push(bytes[i]);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fragment_is_read_with_its_percent_escapes_decoded() {
        for (written, read) in [
            ("#join=AB%2BC%3AD%24E", "#join=AB+C:D$E"),
            ("#join%3dAB", "#join=AB"),
            ("#join=AB+C:D$E", "#join=AB+C:D$E"),
            // Not an escape: kept as it is.
            ("#a=%2", "#a=%2"),
            ("#a=%zz%", "#a=%zz%"),
            ("#caf%C3%A9", "#café"),
            ("", ""),
        ] {
            assert_eq!(fragment(written), read, "{written}");
        }
    }
}
