//! The state at start-up: the app's defaults, the settings and the game
//! read from storage (the browser's part is `persist::load`).

use std::rc::Rc;

use super::{AppState, Notice, Overlay, Screen};
use crate::cmd::{Outbox, Page};
use crate::i18n::{Lang, Text};
use crate::net::state::{Devices, HandState};
use crate::persist::sync::TabState;
use crate::save::{self, Settings, Speed};
use crate::session::TableSetup;

impl AppState {
    /// The state at start-up, from what is stored and the URL.
    pub fn new(
        settings: Settings,
        saved: Option<Result<save::Loaded, String>>,
        lang: Lang,
        speed_override: Option<Speed>,
        storage_ok: bool,
    ) -> AppState {
        let lobby = settings.table.clone().unwrap_or_else(|| {
            TableSetup::first_visit_named(&Text::DefaultName.get(lang), |n| {
                Text::DefaultBot(n).get(lang)
            })
        });
        let mut state = AppState {
            lang,
            settings,
            screen: Screen::Lobby,
            lobby,
            session: None,
            game_id: String::new(),
            seq: 0,
            notices: Vec::new(),
            overlay: Overlay::None,
            speed_override,
            tab: TabState::default(),
            devices: Devices::default(),
            hand: HandState::default(),
            persistent: None,
            installable: false,
            pending_start: None,
            stats: Rc::default(),
            outbox: Outbox::default(),
            bot: None,
            replay: None,
            review: None,
            waiting: None,
            today: String::new(),
            page: Page::Table,
            qr: crate::net::qr::Codes::default(),
        };
        if !storage_ok {
            state.notices.push(Notice::StorageOff);
        }
        match saved {
            Some(Ok(loaded)) => {
                state.screen = if state.settings.in_lobby {
                    Screen::Lobby
                } else {
                    Screen::Table
                };
                state.session = Some(Rc::new(loaded.session));
                state.game_id = loaded.id;
                state.seq = loaded.seq;
            }
            Some(Err(why)) => state.notices.push(Notice::SaveUnreadable(why)),
            None => {}
        }
        state
    }
}
