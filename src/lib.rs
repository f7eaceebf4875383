//! Mojo in the browser: the Yew app over the rules engine.
//!
//! - [`session`] and [`save`] are pure Rust (tested natively): a game at the
//!   table as table + seed + actions, and its versioned save format.
//! - [`stats`] (pure Rust too): statistics across finished games.
//! - [`json`]: the small JSON reader and writer those three store with.
//! - [`app`] holds the one reducer: the update step applies a message and
//!   decides the effects it asks for, as [`cmd`] values left in the
//!   state's outbox; [`exec`] is the one hook that carries them out
//!   (through [`persist`]: storage and the tabs of one browser kept in
//!   step; [`bots`]: bot turns; [`net`]: the devices' links), and
//!   [`root`] the root component, whose other hooks only turn outside
//!   events into messages; [`browser`]: the URL, randomness, a language's
//!   words, a new version; [`ui`] the components, which only draw;
//!   [`i18n`] every word shown.
//! - The state machine's property tests (`machine_tests.rs`) run natively.
//!
//! `docs/ARCHITECTURE.md` maps the whole project.
//!
//! The app lives in this library (not in `main.rs`) so that browser tests
//! (`wasm-bindgen-test`) can mount [`App`] directly.

pub mod app;
pub mod cmd;
pub mod daily;
pub mod deal;
pub mod drivers;
pub mod i18n;
pub mod json;
#[cfg(test)]
mod machine_tests;
pub mod net;
pub mod page;
pub mod replay;
pub mod root;
pub mod save;
pub mod scene;
pub mod session;
pub mod setup;
pub mod stats;
pub mod sync;
pub mod ui;

pub use root::App;

/// Starts the app on `page` (each page's `main`). English is compiled in;
/// another language's words are fetched first, so that the first screen is
/// already in it (on failure the app starts in English and says why).
#[cfg(target_arch = "wasm32")]
pub fn run(page: cmd::Page) {
    // A panic's text is stored for static/guard.js, which restores the
    // page from its save (Yew's own hook would only log it).
    yew::set_custom_panic_hook(Box::new(drivers::saves::on_panic));
    drivers::saves::set_page(page);
    let lang = drivers::saves::initial_lang();
    if lang.is_ready() {
        yew::Renderer::<App>::new().render();
    } else {
        wasm_bindgen_futures::spawn_local(async move {
            let _ = drivers::browser::load_lang(lang).await;
            yew::Renderer::<App>::new().render();
        });
    }
}

/// Natively there is no page to render into: says how to run the app
/// instead, and fails.
#[cfg(not(target_arch = "wasm32"))]
pub fn run(page: cmd::Page) {
    let bin = match page {
        cmd::Page::Table => "mojo-web",
        cmd::Page::Phone => "mojo-phone",
    };
    eprintln!("{bin} runs in the browser: `bash scripts/play.sh` builds it and serves it.");
    std::process::exit(2);
}
