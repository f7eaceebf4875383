//! The lobby: the table being set up, starting a game (asking first over
//! one in progress), a rematch, today's deal, going back.

use std::rc::Rc;

use super::{AppState, Overlay, Screen};
use crate::i18n::Text;
use crate::net::devices::Devices;
use crate::session::{Session, SetupEdit, TableSetup};

impl AppState {
    /// A change to the lobby's table (default names in this language).
    pub(super) fn edit_lobby(&mut self, edit: SetupEdit) {
        let lang = self.lang;
        self.lobby.edit(
            edit,
            |n| Text::DefaultBot(n).get(lang),
            |n| {
                n.map_or_else(
                    || Text::DefaultName.get(lang),
                    |n| Text::DefaultPlayer(n).get(lang),
                )
            },
        );
    }

    /// Starts `setup` with `seed` as game `id`; `Kept::Lobby`: this table
    /// becomes the lobby's (and is kept in the settings), `Kept::Apart`:
    /// today's deal (and its rematches) leaves the lobby's own as it was.
    pub(super) fn start_game(&mut self, setup: TableSetup, seed: u64, id: String, kept: Kept) {
        if let Ok(session) = Session::new(setup.clone(), seed) {
            if kept == Kept::Lobby {
                self.settings.table = Some(setup.clone());
                self.lobby = setup;
            }
            // A rematch keeps the devices and their links (the same seats);
            // a new table gets new invitations.
            let same_seats = self
                .session
                .as_ref()
                .is_some_and(|s| s.setup.seats == session.setup.seats);
            if !(same_seats && self.devices.started) {
                self.devices = if session.setup.has_remote() {
                    Devices::for_game(&session, &id, false)
                } else {
                    Devices::default()
                };
            } else if !self.devices.all_connected() {
                // A device not connected: the new game waits for it, and
                // the devices dialog says so and offers its invitation,
                // rather than the game starting without it (issue 56).
                self.devices.started = false;
            }
            self.session = Some(Rc::new(session));
            self.game_id = id;
            // Never back: a device's move number goes on across games.
            self.seq += 1;
            // A player's action: the moment to ask that saved games be kept.
            self.ask_persist();
            self.screen = Screen::Table;
            self.settings.in_lobby = false;
            // The first game starts with the walkthrough; players on their
            // own devices are paired first (the walkthrough follows).
            self.overlay = if !self.devices.started && !self.devices.seats.is_empty() {
                Overlay::Devices
            } else if self.settings.tour_done {
                Overlay::None
            } else {
                Overlay::Tour(0)
            };
        }
    }

    /// A new game asked for: started at once, or, with a game saved and
    /// not over, only after the player says yes.
    pub(super) fn ask_start(&mut self, setup: TableSetup, seed: u64, id: String, kept: Kept) {
        if self.in_progress().is_some() {
            self.pending_start = Some(Rc::new((setup, seed, id, kept)));
            self.overlay = Overlay::ConfirmStart;
        } else {
            self.start_game(setup, seed, id, kept);
        }
    }

    /// The player's yes to [`Overlay::ConfirmStart`].
    pub(super) fn confirm_start(&mut self) {
        if let Some(pending) = self.pending_start.take() {
            self.overlay = Overlay::None;
            let (setup, seed, id, kept) = (*pending).clone();
            self.start_game(setup, seed, id, kept);
        }
    }

    /// "Continue" in the lobby: back to the game saved.
    pub(super) fn continue_game(&mut self) {
        if self.session.is_some() {
            self.screen = Screen::Table;
            self.settings.in_lobby = false;
            self.ask_persist();
        }
    }

    /// Today's deal on `date`: you (the lobby's first seat, if a person
    /// with a name) against three Hard bots.
    pub(super) fn todays_deal(&mut self, date: String, id: String) {
        let lang = self.lang;
        let me = self
            .lobby
            .seats
            .first()
            .filter(|seat| seat.is_here() && !seat.name.trim().is_empty())
            .map_or_else(|| Text::DefaultName.get(lang), |seat| seat.name.clone());
        let setup = crate::daily::table(&me, |n| Text::DefaultBot(n).get(lang));
        let seed = crate::daily::deal_of(&date).seed;
        self.today = date;
        // The family's own table stays the lobby's, after a reload too.
        self.ask_start(setup, seed, id, Kept::Apart);
    }

    /// The same table again, a new deal.
    pub(super) fn rematch(&mut self, seed: u64, id: String) {
        if let Some(session) = &self.session {
            let setup = session.setup.clone();
            // The same table again: the lobby's own stays as it is (today's
            // deal played again is not the family's table).
            self.start_game(setup, seed, id, Kept::Apart);
        }
    }

    /// Back to the lobby (a finished game is left behind).
    pub(super) fn back_to_lobby(&mut self) {
        self.screen = Screen::Lobby;
        self.settings.in_lobby = true;
        self.overlay = Overlay::None;
        if self.session.as_ref().is_some_and(|x| x.game.is_over()) {
            self.session = None;
        }
    }
}

/// Whether a table started becomes the lobby's (see
/// [`AppState::start_game`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kept {
    Lobby,
    Apart,
}
