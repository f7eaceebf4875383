//! A phone's reply that comes back as a link (`net::handoff`): the tab it
//! opens hands it to this browser's table tab, which takes it as if it
//! were pasted under its seat.

use super::{AppState, Notice, Overlay, Screen};
use crate::cmd::{Cmd, Later};
use crate::net::code::Reply;
use crate::net::devices::{Devices, LinkState};
use crate::net::handoff::{HandOff, HandOffMsg, ReplyTab, PATIENCE_MS};

impl AppState {
    /// This tab was opened by reply link `code`: it never hosts a table
    /// (the game stays saved for the tab that does: no game id, so the
    /// autosave leaves the slot alone), offers the reply to the other
    /// tabs (`id` tells their answers apart) and waits for one to take it.
    pub(super) fn open_reply_tab(&mut self, code: &str, id: u32) {
        self.session = None;
        self.game_id.clear();
        self.devices = Devices::default();
        self.overlay = Overlay::None;
        self.screen = Screen::Lobby;
        // Said of the game hosted in another tab: not this tab's matter.
        self.notices.retain(|n| *n != Notice::HostedElsewhere);
        self.handoff = Some(ReplyTab::new(id, code));
        self.outbox.push(Cmd::HandOff(HandOff::Offer {
            id,
            code: code.to_string(),
        }));
        self.outbox.push(Cmd::After {
            ms: PATIENCE_MS,
            msg: Later::HandOff(HandOffMsg::NoAnswer(id)),
        });
    }

    pub(super) fn handoff_msg(&mut self, msg: HandOffMsg) {
        match msg {
            HandOffMsg::NoAnswer(id) => {
                if let Some(tab) = &mut self.handoff {
                    tab.no_answer(id);
                }
            }
            HandOffMsg::Heard(text) => {
                let Some(message) = HandOff::from_text(&text) else {
                    return;
                };
                if let Some(tab) = &mut self.handoff {
                    tab.heard(&message);
                } else if let HandOff::Offer { id, code } = message {
                    self.offered_reply(id, &code);
                }
            }
        }
    }

    /// Another tab's reply link: taken here if it answers an invitation
    /// of this table still waiting for its reply (judged as a pasted
    /// one), and the other tab told so; else left to another tab.
    fn offered_reply(&mut self, id: u32, code: &str) {
        let Ok(reply) = Reply::decode(code) else {
            return;
        };
        let Some((seat, _, LinkState::Inviting)) = self.answered_by(&reply) else {
            return;
        };
        let name = self
            .session
            .as_ref()
            .map(|s| s.name(seat).to_string())
            .unwrap_or_default();
        self.reply(seat, code);
        // The devices dialog shows the seat connecting.
        self.overlay = Overlay::Devices;
        self.outbox.push(Cmd::HandOff(HandOff::Taken { id, name }));
    }
}
