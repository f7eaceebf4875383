//! The QR worker: a Web Worker of its own (built by Trunk with
//! `data-type="worker"`, started by `mojo-web`'s `net::qr` the first time
//! a code is shown or the camera reads one).
//!
//! Its messages are plain arrays, no codec:
//! - in: `["draw", id, text]`, `["read", id, bytes, width, height]`
//!   (a typed array of one greyscale byte a pixel or four, RGBA, row by
//!   row);
//! - out: `["ready"]` once it listens, then `["drawn", id, path, size,
//!   version]` (`["drawn", id]` when the text cannot be drawn) and
//!   `["read", id, text]` (`["read", id]`: no code in the picture).

fn main() {
    #[cfg(target_arch = "wasm32")]
    worker::start();
}

#[cfg(target_arch = "wasm32")]
mod worker {
    use js_sys::{Array, Uint8Array};
    use wasm_bindgen::prelude::*;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    pub fn start() {
        let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
        let on_message = Closure::<dyn Fn(MessageEvent)>::new(|event: MessageEvent| {
            let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
            if let Some(answer) = answer(&Array::from(&event.data())) {
                let _ = scope.post_message(&answer);
            }
        });
        scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        // The worker lives as long as the page: its listener too.
        on_message.forget();
        let _ = scope.post_message(&Array::of1(&"ready".into()));
    }

    /// The answer to one request (`None`: not a request).
    fn answer(request: &Array) -> Option<Array> {
        let kind = request.get(0).as_string()?;
        let id = request.get(1);
        match kind.as_str() {
            "draw" => {
                let out = Array::of2(&"drawn".into(), &id);
                if let Some(d) = request.get(2).as_string().and_then(|t| qr_worker::draw(&t)) {
                    out.push(&d.path.into());
                    out.push(&(d.size as u32).into());
                    out.push(&d.version.into());
                }
                Some(out)
            }
            "read" => {
                let out = Array::of2(&"read".into(), &id);
                // Any typed array of bytes (a canvas's is Uint8ClampedArray).
                let mut pixels = Uint8Array::new(&request.get(2)).to_vec();
                let width = request.get(3).as_f64().unwrap_or(0.0) as usize;
                let height = request.get(4).as_f64().unwrap_or(0.0) as usize;
                if width > 0 && pixels.len() >= 4 * width * height {
                    pixels = qr_worker::greyscale(&pixels);
                }
                if let Some(text) = qr_worker::read(&pixels, width, height) {
                    out.push(&text.into());
                }
                Some(out)
            }
            _ => None,
        }
    }
}
