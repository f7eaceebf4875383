//! The menu's settings (speed, motion, confirmation, sound, language) and
//! the dialogs over the screen.

use super::{AppState, Notice, Overlay};
use crate::cmd::Cmd;
use crate::i18n::Lang;
use crate::save::Speed;

impl AppState {
    /// A dialog opened or closed.
    pub(super) fn overlay(&mut self, o: Overlay) {
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
