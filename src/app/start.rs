//! The state at start-up, made purely from what the browser holds
//! ([`Start`], read by `drivers::saves::read_start`): the game saved, the
//! settings, the language, the page's address; and a reload's state made
//! from what the commands wrote ([`restore`]).

use std::rc::Rc;

use super::{AppState, Notice, Overlay, Screen};
use crate::cmd::{Cmd, Outbox, Page};
use crate::i18n::{Lang, Text};
use crate::net::devices::Devices;
use crate::net::hand::{HandMsg, HandState};
use crate::net::ice::Relay;
use crate::net::stored;
use crate::save::{self, Settings, Speed};
use crate::session::TableSetup;
use crate::sync::{hosted_elsewhere, TabState};

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
            ios: false,
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
            camera: super::Camera::default(),
            copied: None,
            can_share: false,
            network_problem: None,
            relay_draft: Relay::default(),
            relay_said: None,
            menu_back_to: Overlay::None,
            handoff: None,
            drawn: None,
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

/// What the browser holds when the app starts, as the driver read it
/// (`drivers::saves::read_start`): the stored texts, the page's address
/// and the clock. [`AppState::start`] makes the starting state of it,
/// purely: the native tests start and reload the app from one.
#[derive(Clone, Debug, Default)]
pub struct Start {
    /// Whether storage can be used at all (else the game plays on without
    /// saving, and says so).
    pub storage_ok: bool,
    /// The texts stored: the settings, the game, the devices' tokens
    /// (`mojo.devices`), this phone's ticket (`mojo.hand`), the host's
    /// beat (`mojo.host`).
    pub settings: Option<String>,
    pub game: Option<String>,
    pub devices: Option<String>,
    pub ticket: Option<String>,
    pub host: Option<String>,
    /// The mark `static/guard.js` left: the page was reloaded after a
    /// fault.
    pub restored: bool,
    /// This tab's id, and the clock (ms since 1970).
    pub tab: String,
    pub now: f64,
    /// Today's date in UTC, `YYYY-MM-DD`.
    pub today: String,
    /// The page's address: its fragment (`#join=CODE`, `#lobby`), its
    /// `?lang=` and `?speed=`, and the browser's own language.
    pub hash: String,
    pub query_lang: Option<String>,
    pub query_speed: Option<String>,
    pub browser_lang: Option<String>,
    /// The page the app runs on, and the address an invitation's QR code
    /// links to.
    pub page: Page,
    pub qr_page: String,
    /// An iPad or an iPhone in the browser, not the app on the Home
    /// Screen.
    pub ios: bool,
    /// This page may use a camera (a secure page with `mediaDevices`).
    pub camera: bool,
    /// This browser has a share sheet (the Web Share API).
    pub can_share: bool,
}

/// The language to show: `?lang=`, else the player's choice (`chosen`, in
/// the settings), else the browser's, else English.
pub fn lang_choice(query: Option<&str>, chosen: Option<&str>, browser: Option<&str>) -> Lang {
    query
        .and_then(Lang::from_code)
        .or_else(|| chosen.and_then(Lang::from_code))
        .or_else(|| browser.and_then(Lang::from_code))
        .unwrap_or_default()
}

impl AppState {
    /// The starting state, from what the browser holds: the game saved
    /// (unreadable text is set aside, never lost, and said), the settings,
    /// the language (English if the one wanted could not be fetched, and
    /// said), a link to join (`#join=CODE`) or back from the phone's page
    /// (`#lobby`), the way back to a seat held; and its first commands.
    pub fn start(from: &Start) -> AppState {
        let settings = from
            .settings
            .as_deref()
            .map(Settings::decode)
            .unwrap_or_default();
        let mut unreadable = None;
        let saved = from.game.as_deref().map(|text| {
            save::decode(text).map_err(|e| {
                unreadable = Some(text.to_string());
                e.to_string()
            })
        });
        let wanted = lang_choice(
            from.query_lang.as_deref(),
            settings.lang.as_deref(),
            from.browser_lang.as_deref(),
        );
        let lang = if wanted.is_ready() { wanted } else { Lang::En };
        let speed = from.query_speed.as_deref().and_then(Speed::parse);
        let hosted = |id: &str| hosted_elsewhere(from.host.as_deref(), id, &from.tab, from.now);
        let mut state = restore(
            settings,
            from.storage_ok,
            saved,
            from.devices.as_deref(),
            (lang, speed),
            hosted,
        );
        // Kept aside under another key before anything is written.
        if let Some(text) = unreadable {
            state.outbox.push(Cmd::SetAsideGame(text));
        }
        state.today.clone_from(&from.today);
        state.ios = from.ios;
        state.camera.possible = from.camera;
        state.can_share = from.can_share;
        // An invitation's QR code is a link to this page.
        state.qr.page.clone_from(&from.qr_page);
        // The lobby says whether today's deal was played.
        state.outbox.push(Cmd::ReadStats);
        // The page was reloaded after a fault (static/guard.js): say so,
        // once.
        if from.restored {
            state.notices.push(Notice::Restored);
            state.outbox.push(Cmd::ForgetRestored);
        }
        if lang != wanted {
            state.notices.push(Notice::LanguageUnavailable(wanted));
        }
        state.hand.ticket = from.ticket.as_deref().and_then(stored::ticket_from);
        // A link (`…#join=CODE` from a QR code or a messenger, or a
        // phone's `#reply=CODE`): `follow_link`.
        state.page = from.page;
        // No link: the phone's page opens on its join step in any case;
        // `#lobby` (the phone's page sent this one to its lobby) is taken
        // out of the address; else a device that held a seat goes back.
        if !state.follow_link(&from.hash, reply_id(&from.tab, from.now)) {
            if state.page == Page::Phone {
                state.hand_msg(HandMsg::Open(String::new()));
            } else if crate::page::fragment(&from.hash) == "#lobby" {
                state.outbox.push(Cmd::ClearHash);
            } else {
                state.rejoin_at_start();
            }
        }
        // What the app starting asks of the world: its first commands.
        state.decide(None);
        state
    }

    /// The page's fragment `hash`, at start or changed later (a second
    /// link opened in this tab, `Msg::Address`), if it is a link: an
    /// invitation (`#join=CODE`) opens the join step with its code; a
    /// phone's reply (`#reply=CODE`) on the table's page is handed to the
    /// table's tab (`net::handoff`, `id` tells its answers apart), or
    /// taken here by a tab that hosts a table with devices. The link is
    /// taken out of the address, so that a reload does not do it again.
    /// Whether it was a link.
    pub(super) fn follow_link(&mut self, hash: &str, id: u32) -> bool {
        let hash = crate::page::fragment(hash);
        let reply = crate::net::handoff::reply_in(&hash).filter(|_| self.page == Page::Table);
        if let Some(code) = reply {
            self.outbox.push(Cmd::ClearHash);
            let hosting = self.session.as_ref().is_some_and(|s| s.setup.has_remote());
            match crate::net::code::Reply::decode(code) {
                Ok(reply) if hosting => {
                    self.reply(reply.seat, code);
                    self.overlay = Overlay::Devices;
                }
                _ => self.open_reply_tab(code, id),
            }
        } else if let Some(code) = hash.strip_prefix("#join=") {
            self.outbox.push(Cmd::ClearHash);
            self.hand_msg(HandMsg::Open(code.to_string()));
        } else {
            return false;
        }
        true
    }
}

/// A number for this tab's reply hand-off, from its id and the clock
/// (FNV-1a): another tab's reply tab has another.
fn reply_id(tab: &str, now: f64) -> u32 {
    let mut h: u32 = 0x811c_9dc5;
    for b in tab.bytes().chain((now as u64).to_le_bytes()) {
        h = (h ^ u32::from(b)).wrapping_mul(0x0100_0193);
    }
    h
}

/// The state a reload starts from, made from what storage holds: the
/// settings, the game's save (read), the devices' tokens (`mojo.devices`),
/// the language and speed in effect, and whether another tab hosts game
/// `id` now. Pure, so that the native tests reload from what the commands
/// wrote (`machine_tests.rs`).
pub fn restore(
    settings: Settings,
    storage_ok: bool,
    saved: Option<Result<save::Loaded, String>>,
    devices: Option<&str>,
    (lang, speed): (Lang, Option<Speed>),
    hosted_elsewhere: impl FnOnce(&str) -> bool,
) -> AppState {
    let mut state = AppState::new(settings, saved, lang, speed, storage_ok);
    // A game with players on their own devices is hosted by one tab: if
    // another tab of this browser is its table now, this one leaves it.
    if state.session.as_ref().is_some_and(|s| s.setup.has_remote())
        && hosted_elsewhere(&state.game_id)
    {
        state.session = None;
        // (No game id: the autosave then leaves the slot to its host.)
        state.game_id.clear();
        state.screen = Screen::Lobby;
        state.notices.push(Notice::HostedElsewhere);
    }
    // A game with players on their own devices: each must pair again (a
    // new invitation for every seat), with the tokens they hold.
    if let Some(session) = state.session.clone().filter(|s| s.setup.has_remote()) {
        let under_way = !session.record.actions.is_empty();
        state.devices = Devices::for_game(&session, &state.game_id, under_way);
        if let Some(text) = devices {
            stored::restore_devices(text, &state.game_id, &mut state.devices);
        }
        if state.screen == Screen::Table {
            state.overlay = Overlay::Devices;
        }
    }
    state
}
