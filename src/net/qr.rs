//! QR codes of the pairing codes. The drawing and the reading are the QR
//! worker's (`qr-worker/`, a small .wasm of its own in a Web Worker), so
//! the game's .wasm does not carry them: the worker is started the first
//! time a code is shown or the camera reads one, and the service worker
//! keeps its files for offline play.
//!
//! Here: what the state holds of the drawings ([`Codes`], pure: the
//! reducer asks for a drawing with `Cmd::DrawQr` and takes the answer as
//! `Msg::QrDrawn`), and the page's side of the worker ([`Client`]).
//! The messages are plain arrays (see `qr-worker/src/main.rs`).

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::Array;
use wasm_bindgen::prelude::*;
use web_sys::{MessageEvent, Worker};

use crate::cmd::Page;

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

/// The phone's page beside this one, without query or fragment
/// (`Codes::page`).
pub fn page_url() -> String {
    web_sys::window()
        .and_then(|w| {
            let l = w.location();
            Some(phone_page(&l.origin().ok()?, &l.pathname().ok()?))
        })
        .unwrap_or_default()
}

/// The phone's page (`join.html`) in the folder of the page at `path`.
fn phone_page(origin: &str, path: &str) -> String {
    let folder = path.rsplit_once('/').map_or("", |(folder, _)| folder);
    format!("{origin}{folder}/{}", Page::Phone.link(""))
}

/// Where Trunk puts the worker's loader (`index.html`: `data-type="worker"
/// data-loader-shim`; worker files keep their crate's name, unhashed).
const WORKER_URL: &str = "./qr-worker_loader.js";

type Answer = Box<dyn FnOnce(Option<Array>)>;
type Listeners = (
    Closure<dyn Fn(MessageEvent)>,
    Closure<dyn Fn(web_sys::Event)>,
);

#[derive(Default)]
struct Inner {
    /// The worker, once started (`None` again after it failed to load:
    /// the next request starts it anew).
    worker: Option<Worker>,
    /// The worker said it listens.
    ready: bool,
    /// Requests posted before it was ready, with the buffer to transfer.
    queue: Vec<(Array, Option<JsValue>)>,
    next: u32,
    /// The requests not answered yet, by number.
    waiting: Vec<(u32, Answer)>,
    /// Kept as long as the worker.
    listeners: Option<Listeners>,
}

/// The page's side of the QR worker: one per page, shared by the executor
/// (drawing) and the camera (reading).
#[derive(Clone)]
pub struct Client(Rc<RefCell<Inner>>);

thread_local! {
    static CLIENT: Client = Client(Rc::default());
}

impl Client {
    /// The page's client (the worker itself starts at the first request).
    pub fn shared() -> Client {
        CLIENT.with(Client::clone)
    }

    /// Draws `text` (medium error correction): `done` gets the drawing,
    /// or `None`.
    pub fn draw(&self, text: &str, done: impl FnOnce(Option<Drawn>) + 'static) {
        let request = Array::of1(&"draw".into());
        self.ask(request, vec![text.into()], None, move |answer| {
            done(answer.and_then(|a| {
                Some(Drawn {
                    path: a.get(2).as_string()?,
                    size: a.get(3).as_f64()? as usize,
                    version: a.get(4).as_f64()? as i16,
                })
            }))
        });
    }

    /// Reads the first QR code in a picture of `width` × `height` pixels,
    /// RGBA (four bytes a pixel) or greyscale (one), row by row. The bytes'
    /// buffer is handed over to the worker (transferred, not copied).
    pub fn read(
        &self,
        pixels: JsValue,
        width: u32,
        height: u32,
        done: impl FnOnce(Option<String>) + 'static,
    ) {
        let buffer = js_sys::Reflect::get(&pixels, &"buffer".into()).ok();
        let request = Array::of1(&"read".into());
        let rest = vec![pixels, width.into(), height.into()];
        self.ask(request, rest, buffer, move |answer| {
            done(answer.and_then(|a| a.get(2).as_string()))
        });
    }

    fn ask(
        &self,
        request: Array,
        rest: Vec<JsValue>,
        transfer: Option<JsValue>,
        answer: impl FnOnce(Option<Array>) + 'static,
    ) {
        let failed = {
            let mut inner = self.0.borrow_mut();
            if inner.worker.is_none() {
                self.start(&mut inner);
            }
            inner.next = inner.next.wrapping_add(1);
            let id = inner.next;
            request.push(&id.into());
            for value in rest {
                request.push(&value);
            }
            inner.waiting.push((id, Box::new(answer)));
            match (&inner.worker, inner.ready) {
                (Some(worker), true) => post(worker, &request, transfer.as_ref()),
                (Some(_), false) => inner.queue.push((request, transfer)),
                (None, _) => {}
            }
            inner.worker.is_none()
        };
        if failed {
            self.fail();
        }
    }

    /// Starts the worker and listens to it.
    fn start(&self, inner: &mut Inner) {
        let Ok(worker) = Worker::new(WORKER_URL) else {
            return;
        };
        let weak = Rc::downgrade(&self.0);
        let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
            if let Some(inner) = weak.upgrade() {
                Client(inner).heard(Array::from(&event.data()));
            }
        });
        let weak = Rc::downgrade(&self.0);
        let on_error = Closure::<dyn Fn(web_sys::Event)>::new(move |_| {
            if let Some(inner) = weak.upgrade() {
                Client(inner).fail();
            }
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        inner.listeners = Some((on_message, on_error));
        inner.ready = false;
        inner.worker = Some(worker);
    }

    fn heard(&self, message: Array) {
        let kind = message.get(0).as_string().unwrap_or_default();
        if kind == "ready" {
            let mut inner = self.0.borrow_mut();
            inner.ready = true;
            let queue = std::mem::take(&mut inner.queue);
            if let Some(worker) = &inner.worker {
                for (request, transfer) in &queue {
                    post(worker, request, transfer.as_ref());
                }
            }
            return;
        }
        let id = message.get(1).as_f64().map(|n| n as u32);
        let answer = {
            let mut inner = self.0.borrow_mut();
            let at = inner.waiting.iter().position(|(n, _)| Some(*n) == id);
            at.map(|at| inner.waiting.remove(at).1)
        };
        if let Some(answer) = answer {
            answer(Some(message));
        }
    }

    /// The worker could not start or load: every request waiting gets
    /// `None`.
    fn fail(&self) {
        let waiting = {
            let mut inner = self.0.borrow_mut();
            if let Some(worker) = inner.worker.take() {
                worker.terminate();
            }
            inner.queue.clear();
            std::mem::take(&mut inner.waiting)
        };
        for (_, answer) in waiting {
            answer(None);
        }
    }
}

fn post(worker: &Worker, request: &Array, transfer: Option<&JsValue>) {
    let _ = match transfer {
        Some(buffer) => worker.post_message_with_transfer(request, &Array::of1(buffer)),
        None => worker.post_message(request),
    };
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
