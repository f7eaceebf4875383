//! Play across devices: each player's own phone as their hand, joined to
//! the table device with no server, over WebRTC data channels paired by QR
//! codes (or their text). See docs/DEVICES.md for the design and the
//! threat model.
//!
//! - [`code`]: the pairing codes (pure);
//! - [`proto`]: the messages, and how the table judges them (pure);

pub mod code;
pub mod proto;
