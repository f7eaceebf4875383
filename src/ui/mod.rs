//! The components, named for what a player sees.

pub mod cards;
pub mod focus;
pub mod lobby;
pub mod panels;
pub mod stats;
pub mod table;
pub mod tour;
