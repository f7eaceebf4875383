//! The components, named for what a player sees.

pub mod cards;
pub mod lobby;
pub mod panels;
pub mod table;
