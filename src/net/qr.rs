//! QR codes of the pairing codes. The drawing and the reading are the QR
//! worker's (`qr-worker/`, a small .wasm of its own in a Web Worker), so
//! the game's .wasm does not carry them: the worker is started the first
//! time a code is shown or the camera reads one, and the service worker
//! keeps its files for offline play.
//!
//! Here: what the state holds of the drawings ([`Codes`], pure: the
//! reducer asks for a drawing with `Cmd::DrawQr` and takes the answer as
//! `Msg::QrDrawn`). The page's side of the worker is a driver
//! (`drivers/qr.rs`).

use std::rc::Rc;

use crate::page::Page;

/// A QR code as an SVG path of its dark modules, on a square of `size`
/// modules (the quiet zone of four modules around included).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawn {
    pub path: String,
    pub size: usize,
    /// The QR version (1 to 40): the code's size class.
    pub version: i16,
}

/// A code's drawing as the state holds it.
#[derive(Clone, Debug, PartialEq)]
pub enum Drawing {
    /// Asked for (`Cmd::DrawQr`), not back yet.
    Waiting,
    /// Drawn, or `None`: it could not be (the worker failed to load, or
    /// the text is too long for a QR code).
    Done(Option<Rc<Drawn>>),
}

/// The QR codes the screen shows, keyed by their text: only those it
/// shows now, so at most a code per seat and the phone's reply.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Codes {
    /// The phone's page (`join.html` beside this one, without query or
    /// fragment), where a phone's camera app opens the game: the start of
    /// an invitation's link.
    pub page: String,
    shown: Vec<(String, Drawing)>,
}

impl Codes {
    /// The text of an invitation's QR code: a link that opens the game
    /// and joins the table.
    pub fn link(&self, invitation: &str) -> String {
        format!("{}#join={invitation}", self.page)
    }

    /// The drawing of `text`, if it was asked for.
    pub fn get(&self, text: &str) -> Option<&Drawing> {
        self.shown.iter().find(|(t, _)| t == text).map(|(_, d)| d)
    }

    /// The screen now shows these texts: forgets the others' drawings and
    /// answers the texts to draw (each asked for once).
    pub fn want(&mut self, texts: Vec<String>) -> Vec<String> {
        self.shown.retain(|(t, _)| texts.contains(t));
        let mut ask = Vec::new();
        for text in texts {
            if self.get(&text).is_none() {
                self.shown.push((text.clone(), Drawing::Waiting));
                ask.push(text);
            }
        }
        ask
    }

    /// A drawing came back (kept only if its text is still shown).
    pub fn drawn(&mut self, text: &str, drawn: Option<Rc<Drawn>>) {
        if let Some((_, d)) = self.shown.iter_mut().find(|(t, _)| t == text) {
            *d = Drawing::Done(drawn);
        }
    }
}

/// The phone's page (`join.html`) in the folder of the page at `path`.
pub fn phone_page(origin: &str, path: &str) -> String {
    let folder = path.rsplit_once('/').map_or("", |(folder, _)| folder);
    format!("{origin}{folder}/{}", Page::Phone.link(""))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn drawn(path: &str) -> Option<Rc<Drawn>> {
        Some(Rc::new(Drawn {
            path: path.into(),
            size: 33,
            version: 1,
        }))
    }

    /// An invitation's link opens the phone's page, whichever page of the
    /// folder the table was opened as.
    #[test]
    fn invitations_link_to_the_phones_page() {
        for path in [
            "/games/mojo/",
            "/games/mojo/index.html",
            "/games/mojo/join.html",
        ] {
            assert_eq!(
                phone_page("https://example.org", path),
                "https://example.org/games/mojo/join.html"
            );
        }
        assert_eq!(
            phone_page("http://127.0.0.1:8080", "/"),
            "http://127.0.0.1:8080/join.html"
        );
    }

    /// Each shown text is asked for once; a drawing is kept while its text
    /// is shown, and only then.
    #[test]
    fn codes_ask_once_and_keep_only_what_is_shown() {
        let mut codes = Codes {
            page: "https://example.org/mojo/".into(),
            ..Codes::default()
        };
        let link = codes.link("ABC");
        assert_eq!(link, "https://example.org/mojo/#join=ABC");
        assert_eq!(
            codes.want(vec![link.clone(), "R".into()]),
            vec![link.clone(), "R".to_string()]
        );
        assert_eq!(codes.get("R"), Some(&Drawing::Waiting));
        assert!(codes.want(vec![link.clone(), "R".into()]).is_empty());
        codes.drawn("R", drawn("M4 4h1v1h-1z"));
        assert_eq!(codes.get("R"), Some(&Drawing::Done(drawn("M4 4h1v1h-1z"))));
        // A text no longer shown is forgotten; its late answer is dropped.
        assert!(codes.want(vec!["R".into()]).is_empty());
        assert_eq!(codes.get(&link), None);
        codes.drawn(&link, drawn("M5 5h1v1h-1z"));
        assert_eq!(codes.get(&link), None);
        assert_eq!(codes.want(vec![link.clone()]), vec![link]);
        assert_eq!(codes.get("R"), None);
    }
}
