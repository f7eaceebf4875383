//! Entry point of the web app: renders [`mojo_web::App`] into the page body.

#[cfg(target_arch = "wasm32")]
fn main() {
    yew::Renderer::<mojo_web::App>::new().render();
}

/// Natively there is no page to render into: say how to run the app instead.
#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("mojo-web runs in the browser: `bash scripts/play.sh` builds it and serves it.");
    std::process::exit(2);
}
