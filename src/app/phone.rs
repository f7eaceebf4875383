//! This device as a phone at another table: joining, its seat's model,
//! what it sends the table, and its screens. The table's build has no
//! phone's side (`PHONE_SIDE`): it opens the phone's page instead.

use std::rc::Rc;

use super::{AppState, Overlay, Screen, PHONE_SIDE};
use crate::cmd::{Cmd, Page};
use crate::net::proto::ToTable;
use crate::net::state::{HandMsg, HandScreen};
use crate::net::BUILD;

impl AppState {
    /// A device that held a seat at a table opens on its way back to it
    /// ("Rejoin as Ben"), not in the lobby, unless it is a table itself
    /// with its game on the screen.
    pub(crate) fn rejoin_at_start(&mut self) {
        if self.hand.ticket.is_some() && self.screen == Screen::Lobby {
            self.hand_msg(HandMsg::Open(String::new()));
        }
    }

    pub(crate) fn hand_msg(&mut self, msg: HandMsg) {
        self.hand_msg_in::<PHONE_SIDE>(msg);
    }

    /// [`Self::hand_msg`] in a build with the phone's side or without it
    /// (a constant, so that the table's build drops all of it).
    pub(super) fn hand_msg_in<const PHONE_SIDE: bool>(&mut self, msg: HandMsg) {
        if !PHONE_SIDE {
            // "Join a table", a link to join, or the way back to a seat
            // held: the phone's page does it.
            if let HandMsg::Open(code) = msg {
                self.outbox.push(Cmd::OpenPage {
                    page: Page::Phone,
                    code,
                });
            }
            return;
        }
        // What goes to the table: the hello on a new link, a tap's action.
        let epoch = self.hand.epoch;
        let message = match msg {
            HandMsg::Opened { epoch: e } if e == epoch => Some(self.hand.hello(BUILD)),
            HandMsg::Act(what) => self.hand.outgoing(what),
            _ => None,
        };
        if let Some(message) = message {
            self.outbox.push(Cmd::ToTable {
                epoch,
                message: Rc::new(message),
            });
            return;
        }
        let screen = self.hand.apply(msg);
        self.hand_screen(screen);
    }

    /// Shows the screen a hand device's change asks for, if any.
    fn hand_screen(&mut self, screen: Option<HandScreen>) {
        let screen = screen.map(|s| match s {
            HandScreen::Lobby => Screen::Lobby,
            HandScreen::Join => Screen::Join,
            HandScreen::Hand => Screen::Hand,
        });
        // The phone's page has no lobby of its own: the table's page has.
        // Its screen stays as it is until that page comes (its lobby drawn
        // here first would flash before the other).
        if self.page == Page::Phone && screen == Some(Screen::Lobby) {
            self.overlay = Overlay::None;
            self.outbox.push(Cmd::OpenPage {
                page: Page::Table,
                code: String::new(),
            });
            return;
        }
        match screen {
            Some(screen) if screen != self.screen => {
                self.screen = screen;
                self.overlay = Overlay::None;
            }
            _ => {}
        }
    }

    /// The page's timers stood still `ms` (the device slept): the links
    /// decide what that costs, and a phone may be back at its join step.
    pub(super) fn slept(&mut self, ms: u32) {
        self.devices.slept(ms);
        let screen = self.hand.slept(ms);
        self.hand_screen(screen);
    }

    /// A hand device's part of [`Self::decide`]: its link follows the
    /// invitation's number; a gap in the table's updates asks for a
    /// snapshot; while it holds a seat the screen stays on, and a turn
    /// coming is felt.
    pub(super) fn decide_hand(&mut self, before: Option<&AppState>) {
        let hand = &self.hand;
        if before.is_some_and(|b| b.hand.epoch != hand.epoch) {
            self.outbox.push(Cmd::HandLink(hand.epoch));
        }
        if before.is_some_and(|b| b.hand.resync < hand.resync) {
            self.outbox.push(Cmd::ToTable {
                epoch: hand.epoch,
                message: Rc::new(ToTable::Sync),
            });
        }
        let holding = |s: &AppState| s.screen == Screen::Hand;
        let my_turn = |s: &AppState| s.hand.model.as_ref().is_some_and(|m| m.my_turn());
        if holding(self) && !before.is_some_and(holding) {
            self.outbox.push(Cmd::KeepAwake);
        }
        if my_turn(self) && !before.is_some_and(my_turn) {
            self.outbox.push(Cmd::Buzz(200));
            self.outbox.push(Cmd::KeepAwake);
        }
    }
}
