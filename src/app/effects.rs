//! What keeps the world in step with the state: [`AppState::decide`] runs
//! each rule of [`RULES`] on the change a message made (the state before
//! and after it) and leaves the commands they ask for in the outbox.
//!
//! A rule follows one part of the state that something outside must match
//! (the save slot, the settings, the bot runner, the devices' links, the
//! QR drawings…) and asks for the command that brings it in step when that
//! part changes. One-shot effects (a sound, a page to open, a refusal, a
//! window of drift…) are not here: the update step of the message that
//! causes them pushes them (`game.rs`, `devices.rs`, `phone.rs`). No
//! counter exists to make a rule fire: a rule reads the state itself.

use std::rc::Rc;

use mojo_engine::Seat;

use super::{AppState, Overlay, Screen};
use crate::cmd::{BotTurn, Cmd, Later, ReviewWork};
use crate::net::devices::LinkState;
use crate::net::handoff::ReplyState;
use crate::net::proto::{message_for, News, ToHand};
use crate::net::stored;
use crate::save;
use crate::sync::GameSave;

/// A rule: what it keeps in step (its tests name it), and what a change
/// from the state before (`None`: the app starting) to the state now asks
/// for, pushed into the state's outbox.
pub struct Rule {
    pub name: &'static str,
    pub run: fn(Option<&AppState>, &mut AppState),
}

/// The rules, in the order their commands are run: [`RULES`] for the tests
/// (a test each), and the direct calls `decide` makes (one list for both;
/// direct calls let the compiler fold them, 0.6 KB brotli less than a loop
/// over the table).
macro_rules! rules {
    ($($name:literal => $run:ident,)*) => {
        /// Every rule, in the order their commands are run.
        #[cfg_attr(not(test), allow(dead_code))]
        pub const RULES: &[Rule] = &[$(Rule { name: $name, run: $run },)*];

        /// Runs every rule on the change from `before` to `s`.
        fn run_rules(before: Option<&AppState>, s: &mut AppState) {
            $($run(before, s);)*
        }
    };
}

rules! {
    "the game's save" => save_game,
    "the settings" => save_settings,
    "the page's language" => page_lang,
    "sound on or off" => sound_on,
    "the devices' tokens" => save_devices,
    "this phone's ticket" => save_ticket,
    "a finished game counted" => count_finished,
    "the host's beat" => host_beat,
    "the bot's turn" => bot_turn,
    "the review of the round replayed" => review,
    "the devices' links" => links,
    "what each device has seen" => device_updates,
    "the pings" => pings,
    "the QR codes shown" => qr_codes,
    "the camera" => camera,
    "a new screen's top" => screen_top,
    "the drawn card's time" => drawn_time,
}

impl AppState {
    /// Decides what the change from `before` (`None`: the app starting)
    /// asks of the world, by [`RULES`], and leaves it in the outbox.
    pub fn decide(&mut self, before: Option<&AppState>) {
        if before.is_none() {
            self.outbox.push(Cmd::ReadPersisted);
        }
        self.waiting = self
            .session
            .as_ref()
            .and_then(|s| self.devices.waiting_for(s));
        run_rules(before, self);
    }
}

/// Whether `f` tells `before` (`None`: the app starting) from `after`.
fn changed<'a, T: PartialEq>(
    before: Option<&'a AppState>,
    after: &'a AppState,
    f: impl Fn(&'a AppState) -> T,
) -> bool {
    before.is_none_or(|b| f(b) != f(after))
}

/// The game, after every change worth saving (written before the move is
/// drawn: the executor keeps it in the render), or forgotten once left;
/// not while saving waits for the player's choice of game (another tab's).
fn save_game(before: Option<&AppState>, s: &mut AppState) {
    let key = |s: &AppState| (s.game_id.clone(), s.seq, s.session.is_some(), s.tab.paused);
    if changed(before, s, key) && !s.tab.paused {
        let cmd = s.save_cmd();
        s.outbox.push(cmd);
    }
}

impl AppState {
    /// The command that writes the game as it is now (or forgets it).
    pub(super) fn save_cmd(&self) -> Cmd {
        match &self.session {
            Some(session) => Cmd::SaveGame(Rc::new(GameSave {
                id: self.game_id.clone(),
                seq: self.seq,
                text: save::encode(session, &self.game_id, self.seq),
                record: session.record.clone(),
                replace: self.tab.replace.clone(),
            })),
            None => Cmd::ForgetGame {
                id: self.game_id.clone(),
            },
        }
    }
}

fn save_settings(before: Option<&AppState>, s: &mut AppState) {
    if before.is_none_or(|b| b.settings != s.settings) {
        let text = s.settings.encode();
        s.outbox.push(Cmd::SaveSettings(text.into()));
    }
}

fn page_lang(before: Option<&AppState>, s: &mut AppState) {
    if changed(before, s, |s| s.lang) {
        s.outbox.push(Cmd::PageLang(s.lang));
    }
}

fn sound_on(before: Option<&AppState>, s: &mut AppState) {
    if changed(before, s, |s| s.settings.sound) {
        s.outbox.push(Cmd::SoundOn(s.settings.sound));
    }
}

/// The tokens of the seats' devices, kept across a reload of the table
/// (forgotten once this game has no seat on a device).
fn save_devices(before: Option<&AppState>, s: &mut AppState) {
    let tokens = |s: &AppState| {
        let d = &s.devices;
        let tokens: Vec<_> = d.seats.iter().map(|r| r.token.clone()).collect();
        (s.game_id.clone(), d.table, d.started, tokens)
    };
    if changed(before, s, tokens) {
        let d = &s.devices;
        let text = (!d.seats.is_empty()).then(|| stored::devices_text(&s.game_id, d));
        let id = s.game_id.clone();
        s.outbox.push(Cmd::SaveDevices { id, text });
    }
}

fn save_ticket(before: Option<&AppState>, s: &mut AppState) {
    if before.is_none_or(|b| b.hand.ticket != s.hand.ticket) {
        let text = s.hand.ticket.as_ref().map(stored::ticket_text);
        s.outbox.push(Cmd::SaveTicket(text));
    }
}

/// A game that has just ended is counted in the statistics (once per id:
/// the driver's count is by id, so a reload on the game-over screen adds
/// nothing).
fn count_finished(before: Option<&AppState>, s: &mut AppState) {
    let over = |s: &AppState| {
        let over = s.session.as_ref().filter(|x| x.game.is_over());
        (s.game_id.clone(), over.is_some())
    };
    if changed(before, s, over) && over(s).1 {
        if let Some(session) = s.session.clone() {
            let id = s.game_id.clone();
            s.outbox.push(Cmd::CountFinished { id, session });
        }
    }
}

/// While this tab shows a game with players on their own devices, it says
/// so (another tab opened meanwhile leaves the game to it).
fn host_beat(before: Option<&AppState>, s: &mut AppState) {
    let hosting = |s: &AppState| {
        let remote = s.session.as_ref().is_some_and(|x| x.setup.has_remote());
        (s.screen == Screen::Table && remote).then(|| s.game_id.clone())
    };
    if changed(before, s, hosting) {
        s.outbox.push(Cmd::HostBeat(hosting(s)));
    }
}

/// Whenever a bot is to act, its turn is scheduled: a turn is its game,
/// position, seat and pause, so that anything changing one of them (a
/// seat given to a bot on its own turn, too) schedules it again. The
/// turn scheduled last is the state's own (`AppState::bot`).
fn bot_turn(_: Option<&AppState>, s: &mut AppState) {
    let turn = s.bot_turn();
    let key = turn.as_ref().map(BotTurn::key);
    if key != s.bot {
        s.bot = key;
        s.outbox.push(Cmd::Bot(turn));
    }
}

/// Hard's review follows the replay: it starts when a round is replayed
/// (its moves of people with a choice, `review_tasks`) and stops when the
/// replay closes or goes to another round.
fn review(before: Option<&AppState>, s: &mut AppState) {
    let wanted = |s: &AppState| s.replay.map(|r| (s.game_id.clone(), r));
    if before.is_some_and(|b| wanted(b) == wanted(s)) {
        return;
    }
    let work = wanted(s)
        .zip(s.session.as_ref())
        .map(|((game, round), session)| {
            let seats = &session.setup.seats;
            let person = |x: Seat| seats.get(x as usize).is_some_and(|x| x.bot.is_none());
            let record = &session.record;
            let tasks = crate::replay::review_tasks(
                record.options,
                record.seed,
                &record.actions,
                round,
                person,
            );
            Rc::new(ReviewWork { game, round, tasks })
        });
    s.review = work.as_ref().map(|w| {
        Rc::new(crate::replay::RoundReview {
            game: w.game.clone(),
            round: w.round,
            movers: w.tasks.iter().map(|t| (t.step, t.seat)).collect(),
            found: Vec::new(),
        })
    });
    if work.is_some() || before.is_some_and(|b| b.review.is_some()) {
        s.outbox.push(Cmd::Review(work));
    }
}

/// The links follow the seats on their own devices: a seat that left,
/// connected, is told goodbye first (and who plays it now), then every
/// wanted link is opened and the others closed.
fn links(before: Option<&AppState>, s: &mut AppState) {
    let links = |s: &AppState| {
        let seats: Vec<_> = s.devices.seats.iter().map(|r| (r.seat, r.epoch)).collect();
        (s.devices.table, seats)
    };
    if !changed(before, s, links) {
        return;
    }
    let gone = before
        .into_iter()
        .flat_map(|b| &b.devices.seats)
        .filter(|r| r.link == LinkState::Connected && s.devices.seat(r.seat).is_none());
    for r in gone {
        // Who plays the seat now: a bot, or the table's screen.
        let bot = s.session.as_ref().is_some_and(|x| !x.is_human(r.seat));
        s.outbox.push(Cmd::ToDevice {
            seat: r.seat,
            epoch: r.epoch,
            message: Rc::new(ToHand::Bye { bot }),
        });
    }
    let (table, links) = links(s);
    let relays = s.settings.relays.clone().into();
    s.outbox.push(Cmd::SyncDevices {
        table,
        links,
        relays,
    });
}

/// Each paired device is sent what it has not seen of the game
/// (`message_for`, from its seat's view only).
fn device_updates(_: Option<&AppState>, s: &mut AppState) {
    let AppState {
        session,
        devices,
        outbox,
        game_id,
        seq,
        waiting,
        ..
    } = s;
    let Some(session) = session else {
        return;
    };
    let offline = devices.offline();
    let started = devices.started;
    for r in devices.seats.iter_mut() {
        if r.link != LinkState::Connected {
            continue;
        }
        let news = News {
            waiting_for: *waiting,
            started,
            offline: &offline,
        };
        if let Some(m) = message_for(session, game_id, *seq, r.seat, news, &mut r.sent) {
            outbox.push(Cmd::ToDevice {
                seat: r.seat,
                epoch: r.epoch,
                message: Rc::new(m),
            });
        }
    }
}

/// A ping every [`PING_MS`](crate::net::devices::PING_MS) on every paired
/// link: the table's seats, this phone's link to its table.
fn pings(before: Option<&AppState>, s: &mut AppState) {
    let pings = |s: &AppState| {
        let hand = (s.hand.connected).then_some(s.hand.epoch);
        (s.devices.paired(), hand)
    };
    if changed(before, s, pings) {
        let (table, hand) = pings(s);
        s.outbox.push(Cmd::Pings { table, hand });
    }
}

/// The QR codes the screen shows (the table's invitations while its
/// devices dialog is open, the phone's reply), each drawn once by the QR
/// worker: the view draws only what the state holds.
fn qr_codes(_: Option<&AppState>, s: &mut AppState) {
    let mut texts = Vec::new();
    // The dialog the player opened, or the one that came up by itself
    // because the table waits for a seat's device.
    if s.overlay_shown() == Overlay::Devices {
        let inviting = s.devices.seats.iter();
        let inviting = inviting.filter(|r| r.link != LinkState::Connected);
        texts.extend(inviting.filter_map(|r| Some(s.qr.link(r.invitation.as_ref()?))));
    }
    if s.screen == Screen::Join {
        texts.extend(s.hand.reply.clone());
    }
    // A reply link opened where no table took it: shown to scan.
    if let Some(tab) = s
        .handoff
        .as_ref()
        .filter(|t| t.state == ReplyState::NoTable)
    {
        texts.push(tab.code.clone());
    }
    for text in s.qr.want(texts) {
        s.outbox.push(Cmd::DrawQr(text));
    }
}

/// The camera is on while the state says ([`AppState::camera_use`]); a
/// change of what it reads starts it afresh.
fn camera(before: Option<&AppState>, s: &mut AppState) {
    if changed(before, s, AppState::camera_use) {
        let on = s.camera_use().map(|u| u.keep_reading);
        s.outbox.push(Cmd::Camera(on));
    }
}

/// A new screen opens at its top (issue 34: Today's deal, chosen at the
/// foot of the lobby on a phone, opened 228 px down, its top bar and every
/// opponent out of view): the screen, a new game on the table, the replay
/// opened or closed. Not at the app's start: a reload stays where it was.
fn screen_top(before: Option<&AppState>, s: &mut AppState) {
    let key = |s: &AppState| (s.screen, s.game_id.clone(), s.replay.is_some());
    if before.is_some() && changed(before, s, key) {
        s.outbox.push(Cmd::ScrollTop);
    }
}

/// The card a person just drew shows to them for
/// [`DRAWN_SHOWN_MS`](super::DRAWN_SHOWN_MS) at most: the cover comes by
/// itself after that, if they did not tap OK (a device handed on without
/// it hides the card soon).
fn drawn_time(before: Option<&AppState>, s: &mut AppState) {
    if !changed(before, s, |s| s.drawn.clone()) {
        return;
    }
    if let Some(d) = &s.drawn {
        s.outbox.push(Cmd::After {
            ms: super::DRAWN_SHOWN_MS,
            msg: Later::DrawnSeen {
                game: d.game.clone(),
                after: d.after,
            },
        });
    }
}

/// A test per rule: what it asks for when what it follows changes, and
/// nothing when it does not.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::test_kit::table;
    use crate::app::Msg;
    use crate::i18n::Lang;
    use crate::net::devices::DeviceMsg;
    use crate::save::Settings;
    use yew::Reducible;

    /// The commands rule `name` asks for on the change `before` → `after`.
    fn asks(name: &str, before: Option<&AppState>, after: &AppState) -> Vec<Cmd> {
        let rule = RULES
            .iter()
            .find(|r| r.name == name)
            .expect("a rule of that name");
        let mut s = after.clone();
        let mark = s.outbox.last();
        (rule.run)(before, &mut s);
        s.outbox.after(mark).map(|(_, c)| c.clone()).collect()
    }

    fn kinds(cmds: &[Cmd]) -> Vec<String> {
        cmds.iter()
            .map(|c| {
                format!("{c:?}")
                    .split([' ', '(', '{'])
                    .next()
                    .unwrap_or("")
                    .to_string()
            })
            .collect()
    }

    fn lobby() -> AppState {
        AppState::new(Settings::default(), None, Lang::En, None, true)
    }

    /// Every rule has its test below (by name): a new rule needs one.
    #[test]
    fn every_rule_is_tested() {
        let tested = [
            "the game's save",
            "the settings",
            "the page's language",
            "sound on or off",
            "the devices' tokens",
            "this phone's ticket",
            "a finished game counted",
            "the host's beat",
            "the bot's turn",
            "the review of the round replayed",
            "the devices' links",
            "what each device has seen",
            "the pings",
            "the QR codes shown",
            "the camera",
            "a new screen's top",
            "the drawn card's time",
        ];
        let names: Vec<&str> = RULES.iter().map(|r| r.name).collect();
        assert_eq!(names, tested);
    }

    #[test]
    fn a_new_screen_opens_at_its_top() {
        let rule = "a new screen's top";
        let s = lobby();
        assert!(asks(rule, None, &s).is_empty(), "not on a reload");
        assert!(asks(rule, Some(&s), &s).is_empty());
        let t = table();
        assert!(matches!(&asks(rule, Some(&s), &t)[..], [Cmd::ScrollTop]));
        // A move, a dialog: the same screen.
        let mut moved = (*t).clone();
        moved.seq += 1;
        moved.overlay = Overlay::Menu;
        assert!(asks(rule, Some(&t), &moved).is_empty());
        // A new game on the table (a rematch, today's deal from the game's
        // end), the replay opened and closed.
        let mut rematch = (*t).clone();
        rematch.game_id = "another".into();
        assert!(matches!(
            &asks(rule, Some(&t), &rematch)[..],
            [Cmd::ScrollTop]
        ));
        let mut replay = (*t).clone();
        replay.replay = Some(1);
        assert!(matches!(
            &asks(rule, Some(&t), &replay)[..],
            [Cmd::ScrollTop]
        ));
        assert!(matches!(
            &asks(rule, Some(&replay), &t)[..],
            [Cmd::ScrollTop]
        ));
    }

    #[test]
    fn the_games_save_follows_each_move_and_not_while_paused() {
        let s = table();
        let moved = s.clone().reduce(Msg::Device(DeviceMsg::StartPlaying));
        assert!(asks("the game's save", Some(&s), &s).is_empty());
        let mut after = (*moved).clone();
        after.seq += 1;
        let cmds = asks("the game's save", Some(&s), &after);
        assert!(
            matches!(&cmds[..], [Cmd::SaveGame(g)] if g.seq == after.seq && g.id == after.game_id)
        );
        after.tab.paused = true;
        assert!(asks("the game's save", Some(&s), &after).is_empty());
        // A game left: forgotten.
        let mut left = (*s).clone();
        left.session = None;
        assert!(matches!(
            &asks("the game's save", Some(&s), &left)[..],
            [Cmd::ForgetGame { .. }]
        ));
    }

    #[test]
    fn the_settings_and_the_pages_language_follow_their_change() {
        let s = lobby();
        let mut after = s.clone();
        assert!(asks("the settings", Some(&s), &after).is_empty());
        after.settings.reduce_motion = true;
        let cmds = asks("the settings", Some(&s), &after);
        assert!(matches!(&cmds[..], [Cmd::SaveSettings(text)] if text.contains("reduce_motion")));
        assert!(asks("the page's language", Some(&s), &after).is_empty());
        after.lang = Lang::Fr;
        assert!(matches!(
            &asks("the page's language", Some(&s), &after)[..],
            [Cmd::PageLang(Lang::Fr)]
        ));
    }

    #[test]
    fn sound_follows_the_setting() {
        let s = lobby();
        let mut off = s.clone();
        off.settings.sound = false;
        assert!(matches!(
            &asks("sound on or off", Some(&s), &off)[..],
            [Cmd::SoundOn(false)]
        ));
        assert!(asks("sound on or off", Some(&off), &off).is_empty());
        assert!(matches!(
            &asks("sound on or off", None, &s)[..],
            [Cmd::SoundOn(true)]
        ));
    }

    #[test]
    fn the_devices_tokens_and_a_phones_ticket_are_kept_when_they_change() {
        let s = (*table()).clone();
        assert!(asks("the devices' tokens", Some(&s), &s).is_empty());
        let mut after = s.clone();
        after.devices.seats[0].token = Some("T".into());
        let cmds = asks("the devices' tokens", Some(&s), &after);
        assert!(
            matches!(&cmds[..], [Cmd::SaveDevices { text: Some(t), .. }] if t.contains("\"T\""))
        );
        let mut ticket = s.clone();
        ticket.hand.ticket = Some(crate::net::hand::Ticket {
            table: 1,
            seat: 1,
            token: "T".into(),
            name: "Ben".into(),
        });
        assert!(matches!(
            &asks("this phone's ticket", Some(&s), &ticket)[..],
            [Cmd::SaveTicket(Some(_))]
        ));
        assert!(matches!(
            &asks("this phone's ticket", Some(&ticket), &s)[..],
            [Cmd::SaveTicket(None)]
        ));
    }

    #[test]
    fn a_finished_game_is_counted_once() {
        let mut s = crate::app::test_kit::bots_only();
        while !s.session.as_ref().unwrap().game.is_over() {
            let before = s.clone();
            let session = std::rc::Rc::make_mut(s.session.as_mut().unwrap());
            let action = session.game.legal_actions().get(0).unwrap();
            session.apply(action).unwrap();
            let cmds = asks("a finished game counted", Some(&before), &s);
            let over = s.session.as_ref().unwrap().game.is_over();
            assert_eq!(
                kinds(&cmds),
                if over { vec!["CountFinished"] } else { vec![] }
            );
        }
        assert!(
            asks("a finished game counted", Some(&s), &s).is_empty(),
            "once"
        );
    }

    #[test]
    fn the_host_beats_while_its_game_with_phones_is_shown() {
        let s = (*table()).clone();
        assert!(matches!(
            &asks("the host's beat", None, &s)[..],
            [Cmd::HostBeat(Some(_))]
        ));
        let mut lobby = s.clone();
        lobby.screen = Screen::Lobby;
        assert!(matches!(
            &asks("the host's beat", Some(&s), &lobby)[..],
            [Cmd::HostBeat(None)]
        ));
    }

    #[test]
    fn a_bots_turn_is_scheduled_once_and_again_when_it_changes() {
        let s = crate::app::test_kit::bots_only();
        let mut fresh = s.clone();
        fresh.bot = None;
        let cmds = asks("the bot's turn", Some(&s), &fresh);
        assert!(matches!(&cmds[..], [Cmd::Bot(Some(_))]));
        assert!(
            asks("the bot's turn", Some(&s), &s).is_empty(),
            "already scheduled"
        );
    }

    #[test]
    fn the_review_follows_the_round_replayed() {
        let mut s = crate::app::test_kit::bots_only();
        let session = std::rc::Rc::make_mut(s.session.as_mut().unwrap());
        while session.rounds.is_empty() {
            let action = session.game.legal_actions().get(0).unwrap();
            session.apply(action).unwrap();
        }
        let mut replayed = s.clone();
        replayed.replay = Some(1);
        assert!(matches!(
            &asks("the review of the round replayed", Some(&s), &replayed)[..],
            [Cmd::Review(Some(_))]
        ));
        let mut replayed = s.clone();
        replayed.replay = Some(1);
        let mut reviewing = replayed.clone();
        let rule = RULES
            .iter()
            .find(|r| r.name == "the review of the round replayed");
        (rule.unwrap().run)(Some(&s), &mut reviewing);
        assert!(asks(
            "the review of the round replayed",
            Some(&reviewing),
            &replayed
        )
        .is_empty());
        assert!(matches!(
            &asks("the review of the round replayed", Some(&reviewing), &s)[..],
            [Cmd::Review(None)]
        ));
    }

    #[test]
    fn links_pings_and_updates_follow_the_devices() {
        let s = (*table()).clone();
        assert!(
            matches!(&asks("the devices' links", None, &s)[..], [Cmd::SyncDevices { links, .. }] if links.len() == 1)
        );
        assert!(asks("the devices' links", Some(&s), &s).is_empty());
        assert!(
            asks("what each device has seen", Some(&s), &s).is_empty(),
            "nobody connected"
        );
        let mut paired = s.clone();
        paired.devices.apply(DeviceMsg::Paired {
            seat: 1,
            epoch: 1,
            token: "T".into(),
        });
        assert!(matches!(
            &asks("what each device has seen", Some(&s), &paired)[..],
            [Cmd::ToDevice { seat: 1, .. }]
        ));
        assert!(
            matches!(&asks("the pings", Some(&s), &paired)[..], [Cmd::Pings { table, hand: None }] if table == &vec![(1, 1)])
        );
        assert!(asks("the pings", Some(&paired), &paired).is_empty());
    }

    #[test]
    fn qr_codes_and_the_camera_follow_what_is_shown() {
        let mut s = (*table()).clone();
        s.qr.page = "https://example.org/".into();
        s.devices.apply(DeviceMsg::Invited {
            seat: 1,
            epoch: 1,
            code: "KT47".into(),
            until: crate::net::devices::Clock::default(),
        });
        s.overlay = crate::app::Overlay::Devices;
        let cmds = asks("the QR codes shown", Some(&s), &s);
        assert!(matches!(&cmds[..], [Cmd::DrawQr(text)] if text.ends_with("#join=KT47")));
        let mut camera = s.clone();
        camera.camera.possible = true;
        camera.camera.scanning = Some(crate::app::Scan::Reply(1));
        assert!(matches!(
            &asks("the camera", Some(&s), &camera)[..],
            [Cmd::Camera(Some(false))]
        ));
        assert!(matches!(
            &asks("the camera", Some(&camera), &s)[..],
            [Cmd::Camera(None)]
        ));
    }
}
