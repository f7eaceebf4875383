//! Entry point of the web app: renders [`mojo_web::App`] into the page body.

/// English is compiled in; another language's words are fetched first, so
/// that the first screen is already in it (on failure the app starts in
/// English and says why).
#[cfg(target_arch = "wasm32")]
fn main() {
    // A panic's text is stored for static/guard.js, which restores the
    // page from its save (Yew's own hook would only log it).
    yew::set_custom_panic_hook(Box::new(mojo_web::persist::on_panic));
    let lang = mojo_web::persist::initial_lang();
    if lang.is_ready() {
        yew::Renderer::<mojo_web::App>::new().render();
    } else {
        wasm_bindgen_futures::spawn_local(async move {
            let _ = mojo_web::browser::load_lang(lang).await;
            yew::Renderer::<mojo_web::App>::new().render();
        });
    }
}

/// Natively there is no page to render into: say how to run the app instead.
#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("mojo-web runs in the browser: `bash scripts/play.sh` builds it and serves it.");
    std::process::exit(2);
}
