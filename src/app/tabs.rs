//! The other tabs of this browser: what `persist::sync` decides about
//! their saves, carried out on the state.

use std::rc::Rc;

use super::{AppState, Notice, Overlay, Screen};
use crate::save::Loaded;
use crate::sync::{verdict, Ours, TabMsg, TabNotice, TabState, Verdict};

impl AppState {
    /// Takes a game another tab saved.
    fn take(&mut self, loaded: &Loaded) {
        self.session = Some(Rc::new(loaded.session.clone()));
        self.game_id = loaded.id.clone();
        self.seq = loaded.seq;
    }

    /// Carries out what `persist::sync` decides about the other tabs.
    pub(super) fn tab_msg(&mut self, msg: TabMsg) {
        match msg {
            TabMsg::Saw(other) => {
                let ours = self.session.as_deref().map(|session| Ours {
                    id: &self.game_id,
                    seq: self.seq,
                    session,
                });
                match (verdict(ours, self.tab.paused, &other.game), &other.game) {
                    (Verdict::Continue, Ok(loaded)) => {
                        self.take(loaded);
                        self.tab.notice = Some(TabNotice::Continued);
                        self.tab.paused = false;
                        self.tab.follower = true;
                    }
                    (Verdict::Take, Ok(loaded)) => {
                        // Nothing to protect here: the lobby offers it.
                        self.take(loaded);
                        self.tab.follower = true;
                    }
                    // An older save of this game went over ours: ours is
                    // written again, now.
                    (Verdict::Rewrite, _) => {
                        let cmd = self.save_cmd();
                        self.outbox.push(cmd);
                    }
                    (Verdict::Ask, _) => {
                        self.tab.notice = Some(TabNotice::OtherGame);
                        self.tab.paused = true;
                        self.tab.other = Some(other);
                    }
                    _ => {}
                }
            }
            TabMsg::Open => match self.tab.other.clone() {
                Some(other) => match &other.game {
                    // Hosted by the other tab (it holds the devices' links).
                    Ok(loaded) if loaded.session.setup.has_remote() => {}
                    Ok(loaded) => {
                        self.take(loaded);
                        self.screen = Screen::Table;
                        self.settings.in_lobby = false;
                        self.overlay = Overlay::None;
                        self.tab = TabState::default();
                    }
                    Err(why) => self.notice(Notice::SaveUnreadable(why.clone())),
                },
                None => self.tab_msg(TabMsg::Keep),
            },
            TabMsg::Keep => {
                // The player's choice: this tab's game replaces the other.
                self.tab.replace = self.tab.other.take().map(|o| o.text.clone());
                self.tab.notice = None;
                self.tab.paused = false;
            }
            TabMsg::Dismiss => {
                // Saving stays paused until the player chooses a game.
                if self.tab.notice == Some(TabNotice::Continued) {
                    self.tab.notice = None;
                }
            }
        }
    }
}
