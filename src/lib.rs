//! Mojo in the browser: the Yew app over the rules engine.
//!
//! - [`session`] and [`save`] are pure Rust (tested natively): a game at the
//!   table as table + seed + actions, and its versioned save format.
//! - [`stats`] (pure Rust too): statistics across finished games.
//! - [`json`]: the small JSON reader and writer those three store with.
//! - [`app`] holds the one reducer; [`root`] the root component, whose
//!   hooks carry out the side effects: [`persist`] (storage, and the tabs
//!   of one browser kept in step), [`bots`] (bot turns), [`browser`] (the
//!   URL, randomness, a language's words, a new version); [`ui`] the
//!   components; [`i18n`] every word shown.
//!
//! `docs/ARCHITECTURE.md` maps the whole project.
//!
//! The app lives in this library (not in `main.rs`) so that browser tests
//! (`wasm-bindgen-test`) can mount [`App`] directly.

pub mod app;
pub mod bots;
pub mod browser;
pub mod deal;
pub mod i18n;
pub mod json;
pub mod net;
pub mod persist;
pub mod replay;
pub mod root;
pub mod save;
pub mod scene;
pub mod session;
pub mod sound;
pub mod stats;
pub mod ui;

pub use root::App;
