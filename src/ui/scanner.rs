//! Reading a QR code with the camera: the picture shows in the page, and a
//! few times a second a small copy of the frame goes to the QR reader (the
//! QR worker, `net::qr`, off the main thread, one frame at a time; the
//! browser's `BarcodeDetector` where it has one). The camera needs a secure page (https or localhost) and the
//! player's permission; without them, the player pastes the code instead.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gloo::timers::callback::Interval;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    CanvasRenderingContext2d, HtmlCanvasElement, HtmlVideoElement, MediaStream,
    MediaStreamConstraints,
};
use yew::prelude::*;

use crate::i18n::{Lang, Text};
use crate::net::qr;

#[derive(Properties, PartialEq)]
pub struct ScannerProps {
    pub lang: Lang,
    /// The text of the first QR code read (with `keep_reading`, of every
    /// code read that differs from the one before).
    pub on_text: Callback<String>,
    pub on_close: Callback<()>,
    /// Read on after a code: the table's camera waiting for a reply, which
    /// a wrong code shown to it must not stop.
    #[prop_or_default]
    pub keep_reading: bool,
    /// The camera cannot be used (no camera, or permission refused).
    #[prop_or_default]
    pub on_failed: Callback<()>,
}

/// The longest side of the picture the reader gets, in pixels: enough for
/// a code that fills a third of the frame, small enough to read quickly.
const READ_SIDE: u32 = 400;
/// How often a frame is read.
const EVERY_MS: u32 = 250;

/// Whether this page may use a camera at all.
pub fn camera_possible() -> bool {
    web_sys::window().is_some_and(|w| {
        w.is_secure_context()
            && js_sys::Reflect::get(&w.navigator(), &JsValue::from_str("mediaDevices"))
                .is_ok_and(|d| !d.is_undefined())
    })
}

/// What runs while the camera is on; dropped (camera off) when done.
struct Camera {
    stream: Option<MediaStream>,
    _timer: Option<Interval>,
}

impl Drop for Camera {
    fn drop(&mut self) {
        if let Some(stream) = &self.stream {
            for track in stream.get_tracks().iter() {
                if let Ok(track) = track.dyn_into::<web_sys::MediaStreamTrack>() {
                    track.stop();
                }
            }
        }
    }
}

#[function_component(Scanner)]
pub fn scanner(p: &ScannerProps) -> Html {
    let t = |text: Text| text.get(p.lang);
    let video = use_node_ref();
    let failed = use_state(|| !camera_possible());
    {
        let video = video.clone();
        let failed = failed.clone();
        let on_text = p.on_text.clone();
        let keep_reading = p.keep_reading;
        let on_failed = p.on_failed.clone();
        use_effect_with((), move |_| {
            let camera: Rc<RefCell<Option<Camera>>> = Rc::new(RefCell::new(None));
            if *failed {
                on_failed.emit(());
            } else {
                let reader = Reader::new(on_text, keep_reading);
                start(video, camera.clone(), failed, reader, on_failed);
            }
            move || drop(camera.borrow_mut().take())
        });
    }
    let close = {
        let cb = p.on_close.clone();
        Callback::from(move |_| cb.emit(()))
    };
    html! {
        <div class="scanner">
            if *failed {
                <p class="scanner__problem" role="alert">{ t(Text::NoCamera) }</p>
            } else {
                <video ref={video} class="scanner__video" aria-label={t(Text::CameraView)} playsinline=true></video>
            }
            <button type="button" class="button button--ghost" onclick={close}>{ t(Text::StopCamera) }</button>
        </div>
    }
}

/// Where the codes read go: the first one only, or every new one.
#[derive(Clone)]
struct Reader {
    on_text: Callback<String>,
    keep_reading: bool,
    /// The last code passed on (`None`: none yet).
    last: Rc<RefCell<Option<String>>>,
}

impl Reader {
    fn new(on_text: Callback<String>, keep_reading: bool) -> Reader {
        Reader {
            on_text,
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
        self.on_text.emit(text);
    }
}

fn start(
    video: NodeRef,
    camera: Rc<RefCell<Option<Camera>>>,
    failed: UseStateHandle<bool>,
    reader: Reader,
    on_failed: Callback<()>,
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
        let (Some(stream), Some(el)) = (stream, video.cast::<HtmlVideoElement>()) else {
            failed.set(true);
            on_failed.emit(());
            return;
        };
        el.set_muted(true);
        el.set_src_object(Some(&stream));
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
                qr::Client::shared().read(pixels, w, h, move |text| {
                    busy.set(false);
                    if let Some(text) = text {
                        reader.read(text);
                    }
                });
            }
        });
        *camera.borrow_mut() = Some(Camera {
            stream: Some(stream),
            _timer: Some(timer),
        });
    });
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
