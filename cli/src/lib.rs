//! The native `mojo` command's library: each subcommand is a module, so the
//! tests run the same code paths as the command.

pub mod beliefs;
pub mod bench;
pub mod knobs;
pub mod paired;
pub mod playouts;
pub mod review;
pub mod scenario;
pub mod soak;
pub mod tournament;
pub mod train;

/// A command line's arguments, from one string (the tests' shorthand).
#[cfg(test)]
pub(crate) fn args(s: &str) -> Vec<String> {
    s.split_whitespace().map(String::from).collect()
}
