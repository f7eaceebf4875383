//! Play across devices: each player's own phone as their hand, joined to
//! the table device with no server, over WebRTC data channels paired by QR
//! codes (or their text). See docs/DEVICES.md for the design and the
//! threat model.
//!
//! - [`code`]: the pairing codes (pure);
//! - [`proto`]: the messages, and how the table judges them (pure);
//! - [`roam`]: a link kept across a phone's change of network (pure);

/// This build of the app (a hash of its sources, `build.rs`): two devices
/// of different builds are not paired.
pub const BUILD: &str = env!("MOJO_BUILD");

pub mod code;
pub mod devices;
pub mod hand;
pub mod handoff;
pub mod ice;
pub mod proto;
pub mod qr;
pub mod roam;
pub mod stored;
pub mod wire;
#[cfg(test)]
mod wire_serde_tests;
