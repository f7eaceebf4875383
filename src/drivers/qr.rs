//! The page's side of the QR worker (`qr-worker/`): codes drawn for the
//! screen (`Cmd::DrawQr`) and frames read for the camera, off the main
//! thread, by `postMessage` of plain arrays. The drawings the state holds
//! are `net::qr`'s.

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::Array;
use wasm_bindgen::prelude::*;
use web_sys::{MessageEvent, Worker};

use crate::net::qr::{phone_page, Drawn};

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
