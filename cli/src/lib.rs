//! The native `mojo` command's library: each subcommand is a module, so the
//! tests run the same code paths as the command.

pub mod bench;
pub mod review;
pub mod scenario;
pub mod soak;
pub mod tournament;
pub mod train;
