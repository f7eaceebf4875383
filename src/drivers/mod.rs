//! The drivers: everything that touches the browser, in one folder. Each
//! takes data (a command's, or what the browser tells) and returns
//! messages to the reducer; none reads the app's state or decides
//! anything of the game. The executor (`exec`) runs the reducer's commands
//! through them.
//!
//! - [`exec`]: the one executor of the commands;
//! - [`bots`]: a bot's turn and Hard's review, in slices between frames;
//! - [`rtc`], [`table_links`], [`phone_link`]: WebRTC, the table's links to
//!   the seats' devices, a phone's link to its table; [`network`]: the
//!   site's ICE servers (`network.json`), fetched as a link is made;
//! - [`storage`]: localStorage and sessionStorage, every failure a value;
//!   [`saves`]: what is stored, read at start and written by commands, and
//!   another tab's saves as they come;
//! - [`sound`]: the table's sounds (WebAudio);
//! - [`browser`]: the URL, randomness, timers, a language's words, a new
//!   version, installing, the other page.

pub mod bots;
pub mod browser;
pub mod camera;
pub mod clipboard;
pub mod exec;
pub mod network;
pub mod phone_link;
pub mod qr;
pub mod replies;
pub mod rtc;
pub mod saves;
pub mod sound;
pub mod storage;
pub mod table_links;
