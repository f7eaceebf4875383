//! Reading a QR code with the camera (`Cmd::Camera`, on and off as the
//! reducer decides, `AppState::camera_use`): the picture shows in the
//! page's video element (the view draws it), and a few times a second a
//! small copy of the frame goes to the QR reader (the QR worker,
//! `drivers/qr.rs`, off the main thread, one frame at a time; the
//! browser's `BarcodeDetector` where it has one). Each new code read goes
//! to the reducer. The camera needs a secure page (https or localhost) and
//! the player's permission; without them, the player pastes the code
//! instead.

use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};

use gloo::timers::callback::Interval;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    CanvasRenderingContext2d, HtmlCanvasElement, HtmlVideoElement, MediaStream,
    MediaStreamConstraints,
};
use yew::prelude::*;

use crate::app::{CameraMsg, Msg};

/// The longest side of the picture the reader gets, in pixels: enough for
/// a code that fills a third of the frame, small enough to read quickly.
const READ_SIDE: u32 = 400;
/// How often a frame is read.
const EVERY_MS: u32 = 250;

/// Whether this page may use a camera at all.
pub fn possible() -> bool {
    web_sys::window().is_some_and(|w| {
        w.is_secure_context()
            && js_sys::Reflect::get(&w.navigator(), &JsValue::from_str("mediaDevices"))
                .is_ok_and(|d| !d.is_undefined())
    })
}

/// The camera on (`Cmd::Camera`): its stream, once the browser gave it,
/// and the timer that reads its frames. Dropped: the camera goes off,
/// even if its stream comes after.
pub struct Camera {
    running: Rc<RefCell<Running>>,
}

#[derive(Default)]
struct Running {
    /// Turned off before the stream came: stopped as it comes.
    off: bool,
    stream: Option<MediaStream>,
    _timer: Option<Interval>,
}

impl Running {
    fn stop(&mut self) {
        self.off = true;
        self._timer = None;
        if let Some(stream) = self.stream.take() {
            for track in stream.get_tracks().iter() {
                if let Ok(track) = track.dyn_into::<web_sys::MediaStreamTrack>() {
                    track.stop();
                }
            }
        }
    }
}

impl Drop for Camera {
    fn drop(&mut self) {
        self.running.borrow_mut().stop();
    }
}

/// The picture the view draws for the camera (`ui/devices.rs`): the
/// camera's stream is shown in it.
const VIDEO: &str = ".scanner__video";

impl Camera {
    /// Turns the camera on, its picture in the page's video element: each
    /// new code read goes to the reducer (`keep_reading`: every one that
    /// differs from the one before; else the first only); a camera that
    /// cannot be used says so.
    pub fn start(keep_reading: bool, send: Callback<Msg>) -> Camera {
        let running = Rc::new(RefCell::new(Running::default()));
        let reader = Reader::new(send.clone(), keep_reading);
        let video = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.query_selector(VIDEO).ok().flatten())
            .and_then(|e| e.dyn_into::<HtmlVideoElement>().ok());
        match video {
            Some(video) => start(video, Rc::downgrade(&running), reader, send),
            None => send.emit(Msg::Camera(CameraMsg::Failed)),
        }
        Camera { running }
    }
}

/// Where the codes read go: the first one only, or every new one.
#[derive(Clone)]
struct Reader {
    send: Callback<Msg>,
    keep_reading: bool,
    /// The last code passed on (`None`: none yet).
    last: Rc<RefCell<Option<String>>>,
}

impl Reader {
    fn new(send: Callback<Msg>, keep_reading: bool) -> Reader {
        Reader {
            send,
            keep_reading,
            last: Rc::default(),
        }
    }

    /// Whether reading goes on.
    fn reading(&self) -> bool {
        self.keep_reading || self.last.borrow().is_none()
    }

    fn read(&self, text: String) {
        if !self.reading() || self.last.borrow().as_deref() == Some(&*text) {
            return;
        }
        *self.last.borrow_mut() = Some(text.clone());
        self.send.emit(Msg::Camera(CameraMsg::Read(text)));
    }
}

fn start(
    el: HtmlVideoElement,
    running: Weak<RefCell<Running>>,
    reader: Reader,
    send: Callback<Msg>,
) {
    wasm_bindgen_futures::spawn_local(async move {
        let stream = async {
            let devices = web_sys::window()?.navigator().media_devices().ok()?;
            let constraints = MediaStreamConstraints::new();
            let facing = js_sys::Object::new();
            js_sys::Reflect::set(&facing, &"facingMode".into(), &"environment".into()).ok()?;
            constraints.set_video(&facing);
            let promise = devices.get_user_media_with_constraints(&constraints).ok()?;
            JsFuture::from(promise)
                .await
                .ok()?
                .dyn_into::<MediaStream>()
                .ok()
        }
        .await;
        let Some(running) = running.upgrade() else {
            // Turned off meanwhile.
            stop_stream(stream);
            return;
        };
        let Some(stream) = stream else {
            send.emit(Msg::Camera(CameraMsg::Failed));
            return;
        };
        if running.borrow().off {
            stop_stream(Some(stream));
            return;
        }
        el.set_muted(true);
        el.set_src_object(Some(&stream));
        running.borrow_mut().stream = Some(stream);
        if let Ok(playing) = el.play() {
            let _ = JsFuture::from(playing).await;
        }
        let canvas = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.create_element("canvas").ok())
            .and_then(|c| c.dyn_into::<HtmlCanvasElement>().ok());
        let detector = barcode_detector();
        // A frame is with the QR worker: the next waits (at most one in
        // flight, however slow the reader).
        let busy = Rc::new(Cell::new(false));
        let timer = Interval::new(EVERY_MS, move || {
            if !reader.reading() || busy.get() {
                return;
            }
            if let Some(detector) = &detector {
                detect_with(detector, &el, reader.clone());
            } else if let Some((pixels, w, h)) = canvas.as_ref().and_then(|c| frame(&el, c)) {
                busy.set(true);
                let (busy, reader) = (busy.clone(), reader.clone());
                super::qr::Client::shared().read(pixels, w, h, move |text| {
                    busy.set(false);
                    if let Some(text) = text {
                        reader.read(text);
                    }
                });
            }
        });
        let mut r = running.borrow_mut();
        if !r.off {
            r._timer = Some(timer);
        }
    });
}

fn stop_stream(stream: Option<MediaStream>) {
    let mut r = Running {
        stream,
        ..Running::default()
    };
    r.stop();
}

/// A small copy of the video's frame: its RGBA bytes (a JS array, never
/// copied into the wasm: the QR worker makes it greyscale), width, height.
fn frame(video: &HtmlVideoElement, canvas: &HtmlCanvasElement) -> Option<(JsValue, u32, u32)> {
    let (w, h) = (video.video_width(), video.video_height());
    if w == 0 || h == 0 {
        return None;
    }
    let scale = (READ_SIDE as f64 / w.max(h) as f64).min(1.0);
    let (cw, ch) = (((w as f64) * scale) as u32, ((h as f64) * scale) as u32);
    canvas.set_width(cw);
    canvas.set_height(ch);
    let ctx = canvas
        .get_context("2d")
        .ok()??
        .dyn_into::<CanvasRenderingContext2d>()
        .ok()?;
    ctx.draw_image_with_html_video_element_and_dw_and_dh(video, 0.0, 0.0, cw as f64, ch as f64)
        .ok()?;
    let image = ctx.get_image_data(0.0, 0.0, cw as f64, ch as f64).ok()?;
    let rgba = js_sys::Reflect::get(&image, &"data".into()).ok()?;
    Some((rgba, cw, ch))
}

/// The browser's own QR reader, where there is one.
fn barcode_detector() -> Option<JsValue> {
    let window = web_sys::window()?;
    let class = js_sys::Reflect::get(&window, &"BarcodeDetector".into()).ok()?;
    let class = class.dyn_into::<js_sys::Function>().ok()?;
    let options = js_sys::Object::new();
    let formats = js_sys::Array::of1(&"qr_code".into());
    js_sys::Reflect::set(&options, &"formats".into(), &formats).ok()?;
    js_sys::Reflect::construct(&class, &js_sys::Array::of1(&options)).ok()
}

fn detect_with(detector: &JsValue, video: &HtmlVideoElement, reader: Reader) {
    let Some(promise) = js_sys::Reflect::get(detector, &"detect".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
        .and_then(|f| f.call1(detector, video).ok())
        .and_then(|p| p.dyn_into::<js_sys::Promise>().ok())
    else {
        return;
    };
    wasm_bindgen_futures::spawn_local(async move {
        let Ok(found) = JsFuture::from(promise).await else {
            return;
        };
        let text = js_sys::Array::from(&found).iter().find_map(|code| {
            js_sys::Reflect::get(&code, &"rawValue".into())
                .ok()?
                .as_string()
        });
        if let Some(text) = text {
            reader.read(text);
        }
    });
}
