//! The menu's settings (speed, motion, confirmation, sound, language) and
//! the dialogs over the screen.

use super::{AppState, Notice, Overlay};
use crate::cmd::Cmd;
use crate::i18n::Lang;
use crate::save::Speed;

impl AppState {
    /// A dialog opened or closed. The Menu opened from the devices dialog
    /// goes back to it when it closes.
    pub(super) fn overlay(&mut self, o: Overlay) {
        self.relay_said = None;
        let back = std::mem::replace(&mut self.menu_back_to, Overlay::None);
        let o = match (self.overlay, o) {
            (Overlay::Menu, Overlay::None) => back,
            (Overlay::Devices, Overlay::Menu) => {
                self.menu_back_to = Overlay::Devices;
                o
            }
            _ => o,
        };
        if o == Overlay::Menu && self.overlay != Overlay::Menu {
            // The relay saved, to edit.
            self.relay_draft = self.settings.relays.first().cloned().unwrap_or_default();
        }
        if o != Overlay::ConfirmStart {
            // Closed without a yes: the game in progress goes on.
            self.pending_start = None;
        }
        // The statistics are read again when they open (another tab may
        // have counted games).
        if o == Overlay::Stats && self.overlay != Overlay::Stats {
            self.outbox.push(Cmd::ReadStats);
        }
        self.overlay = o;
    }

    /// The walkthrough was skipped or finished: not shown again by itself.
    pub(super) fn end_tour(&mut self) {
        self.settings.tour_done = true;
        self.overlay = Overlay::None;
    }

    /// The family's own relay from the Menu, as typed: the first of the
    /// relays (the others, read from older settings, are kept). Blank
    /// fields: none. Saved only if it is a server (`Relay::server`); else
    /// the Menu says why and the relay saved stays.
    pub(super) fn save_relay(&mut self) {
        let relay = self.relay_draft.clone();
        let verdict = relay.server().map(|_| ());
        self.relay_said = Some(verdict);
        if verdict.is_err() {
            return;
        }
        let relays = &mut self.settings.relays;
        match (relay.is_empty(), relays.is_empty()) {
            (true, false) => {
                relays.remove(0);
            }
            (true, true) => {}
            (false, true) => relays.push(relay),
            (false, false) => relays[0] = relay,
        }
    }

    pub(super) fn set_speed(&mut self, speed: Speed) {
        self.settings.speed = speed;
        self.speed_override = None;
    }

    /// The player's language, in effect now that its words are here.
    pub(super) fn set_lang(&mut self, lang: Lang) {
        self.lang = lang;
        // Its words are here now: an earlier failure to fetch them no
        // longer holds.
        self.notices
            .retain(|n| *n != Notice::LanguageUnavailable(lang));
        self.settings.lang = Some(lang.code().to_string());
    }
}
