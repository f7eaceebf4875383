//! This device as a phone at another table: joining, its seat's model,
//! what it sends the table, and its screens. The table's build has no
//! phone's side (`PHONE_SIDE`): it opens the phone's page instead.

use std::rc::Rc;

use super::{AppState, Overlay, Screen, PHONE_SIDE};
use crate::cmd::{Cmd, Later, Page};
use crate::net::devices::{INVITATION_MS, RECONNECT_MS};
use crate::net::hand::{HandMsg, HandScreen};
use crate::net::proto::ToTable;
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
        let before = HandLook::of(self);
        let news = self.hand.apply(msg);
        if let Some(reason) = news.unreadable {
            let text = format!("mojo: refused a message from the table: {reason}");
            self.outbox.push(Cmd::Warn(text));
        }
        if news.gap {
            // An update that does not follow on: the whole game again.
            self.outbox.push(Cmd::ToTable {
                epoch: self.hand.epoch,
                message: Rc::new(ToTable::Sync),
            });
        }
        self.hand_screen(news.screen);
        self.hand_effects(&before);
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
        // (The table's build has no phone's side: `PHONE_SIDE`.)
        if !PHONE_SIDE {
            return;
        }
        let before = HandLook::of(self);
        let screen = self.hand.slept(ms);
        self.hand_screen(screen);
        self.hand_effects(&before);
    }

    /// What a phone's message asks of the world, pushed by it: its link
    /// follows the invitation's number (a new number closes the old link
    /// and answers the invitation held, if any); a drift of the link gets
    /// its window of [`RECONNECT_MS`]; while it holds a seat the screen
    /// stays on, and a turn coming is felt.
    fn hand_effects(&mut self, before: &HandLook) {
        let now = HandLook::of(self);
        let hand = &self.hand;
        if now.epoch != before.epoch {
            self.outbox.push(Cmd::HandLink {
                epoch: hand.epoch,
                invitation: hand.invitation.clone().map(Rc::new),
                // The table's relay, which its invitation brought, beside
                // this device's own (issue 35).
                relays: self
                    .settings
                    .relays
                    .iter()
                    .chain(hand.invitation.as_ref().and_then(|i| i.relay.as_ref()))
                    .cloned()
                    .collect(),
            });
        }
        if now.replied && !before.replied && hand.first_reply == Some(hand.epoch) {
            // The reply stays good as long as the invitation it answers
            // (a fresh one no longer: the first one's time counts).
            let epoch = hand.epoch;
            self.outbox.push(Cmd::After {
                ms: INVITATION_MS,
                msg: Later::Hand(HandMsg::Expired { epoch }),
            });
        }
        if let Some(drift) = now.drift.filter(|&d| before.drift != Some(d)) {
            let epoch = hand.epoch;
            self.outbox.push(Cmd::After {
                ms: RECONNECT_MS,
                msg: Later::Hand(HandMsg::Adrift { epoch, drift }),
            });
        }
        if now.holding && !before.holding {
            self.outbox.push(Cmd::KeepAwake);
        }
        if now.my_turn && !before.my_turn {
            self.outbox.push(Cmd::Buzz(200));
            self.outbox.push(Cmd::KeepAwake);
        }
    }
}

/// What [`AppState::hand_effects`] compares before and after a phone's
/// message.
struct HandLook {
    epoch: u32,
    /// A reply made on this link.
    replied: bool,
    drift: Option<u32>,
    holding: bool,
    my_turn: bool,
}

impl HandLook {
    fn of(s: &AppState) -> HandLook {
        HandLook {
            epoch: s.hand.epoch,
            replied: s.hand.reply.is_some(),
            drift: s.hand.reconnecting,
            holding: s.screen == Screen::Hand,
            my_turn: s.hand.model.as_ref().is_some_and(|m| m.my_turn()),
        }
    }
}
