//! What a change asks of the world: [`AppState::decide`] compares the
//! state before and after a message and leaves the effects in the outbox.

use std::rc::Rc;

use mojo_engine::{Event, Seat};

use super::{AppState, Overlay, Screen};
use crate::cmd::{BotTurn, Cmd, Later, ReviewWork};
use crate::net::state::{DeviceMsg, HandMsg, LinkState, RECONNECT_MS};

impl AppState {
    /// Decides what the change from `before` (`None`: the app starting)
    /// asks of the world, and leaves it in the outbox. Every effect of the
    /// app is decided here or pushed by the message that asks for it.
    pub fn decide(&mut self, before: Option<&AppState>) {
        fn differs<T: PartialEq>(
            b: Option<&AppState>,
            a: &AppState,
            f: fn(&AppState) -> T,
        ) -> bool {
            b.is_none_or(|b| f(b) != f(a))
        }
        if before.is_none() {
            self.outbox.push(Cmd::ReadPersisted);
        }
        self.waiting = self
            .session
            .as_ref()
            .and_then(|s| self.devices.waiting_for(s));
        // The game, after every change worth saving (written before the
        // move is drawn: the executor runs in the same task as the render).
        let saved = |s: &AppState| {
            let at = (s.seq, s.session.is_some(), s.tab.paused, s.tab.resave);
            (s.game_id.clone(), at)
        };
        if differs(before, self, saved) && !self.tab.paused {
            self.outbox.push(Cmd::SaveGame);
        }
        if differs(before, self, |s| s.settings.clone()) {
            self.outbox.push(Cmd::SaveSettings);
        }
        if differs(before, self, |s| s.lang) {
            self.outbox.push(Cmd::PageLang(self.lang));
        }
        let tokens = |s: &AppState| {
            let d = &s.devices;
            let tokens: Vec<_> = d.seats.iter().map(|r| r.token.clone()).collect();
            (s.game_id.clone(), d.table, d.started, tokens)
        };
        if differs(before, self, tokens) {
            self.outbox.push(Cmd::SaveDevices);
        }
        if differs(before, self, |s| s.hand.ticket.clone()) {
            self.outbox.push(Cmd::SaveTicket);
        }
        let over = |s: &AppState| {
            (
                s.game_id.clone(),
                s.session.as_ref().is_some_and(|x| x.game.is_over()),
            )
        };
        if differs(before, self, over) && over(self).1 {
            self.outbox.push(Cmd::CountFinished);
        }
        if self.overlay == Overlay::Stats && differs(before, self, |s| s.overlay) {
            self.outbox.push(Cmd::ReadStats);
        }
        let hosting = |s: &AppState| {
            let remote = s.session.as_ref().is_some_and(|x| x.setup.has_remote());
            (s.screen == Screen::Table && remote).then(|| s.game_id.clone())
        };
        if differs(before, self, hosting) {
            self.outbox.push(Cmd::HostBeat(hosting(self)));
        }
        // Whenever a bot is to act, its turn is scheduled: a turn is its
        // game, position, seat and pause, so that anything changing one
        // of them (a seat given to a bot on its own turn, too) schedules
        // it again.
        let turn = self.bot_turn();
        let key = turn.as_ref().map(BotTurn::key);
        if key != self.bot {
            self.bot = key;
            self.outbox.push(Cmd::Bot(turn));
        }
        self.decide_review(before);
        self.decide_devices(before);
        self.decide_hand(before);
        self.decide_links(before);
        self.decide_sounds(before);
        self.decide_qr();
    }

    /// Hard's review follows the replay: it starts when a round is
    /// replayed (its moves of people with a choice, `review_tasks`) and
    /// stops when the replay closes or goes to another round.
    fn decide_review(&mut self, before: Option<&AppState>) {
        let wanted = |s: &AppState| s.replay.map(|r| (s.game_id.clone(), r));
        if before.is_some_and(|b| wanted(b) == wanted(self)) {
            return;
        }
        let work = wanted(self)
            .zip(self.session.as_ref())
            .map(|((game, round), session)| {
                let seats = &session.setup.seats;
                let person = |s: Seat| seats.get(s as usize).is_some_and(|x| x.bot.is_none());
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
        self.review = work.as_ref().map(|w| {
            Rc::new(crate::replay::RoundReview {
                game: w.game.clone(),
                round: w.round,
                moves: w.tasks.len(),
                found: Vec::new(),
            })
        });
        if work.is_some() || before.is_some_and(|b| b.review.is_some()) {
            self.outbox.push(Cmd::Review(work));
        }
    }

    /// The connections' upkeep: a ping every [`PING_MS`](crate::net::state::PING_MS) on every paired
    /// link (the table's seats, this phone's link to its table), and a
    /// window of [`RECONNECT_MS`] for each drift of a link: at its end
    /// the reducer gives the link up if it still drifts.
    fn decide_links(&mut self, before: Option<&AppState>) {
        let pings = |s: &AppState| {
            let hand = (s.hand.connected).then_some(s.hand.epoch);
            (s.devices.paired(), hand)
        };
        if differs_by(before, self, pings) {
            let (table, hand) = pings(self);
            self.outbox.push(Cmd::Pings { table, hand });
        }
        for r in &self.devices.seats {
            let (seat, epoch) = (r.seat, r.epoch);
            let Some(drift) = r.reconnecting else {
                continue;
            };
            let was = before
                .and_then(|b| b.devices.seat(seat))
                .and_then(|b| b.reconnecting);
            if was != Some(drift) {
                let msg = Later::Device(DeviceMsg::Adrift { seat, epoch, drift });
                self.outbox.push(Cmd::After {
                    ms: RECONNECT_MS,
                    msg,
                });
            }
        }
        let hand = &self.hand;
        if let Some(drift) = hand.reconnecting {
            if before.is_none_or(|b| b.hand.reconnecting != Some(drift)) {
                let epoch = hand.epoch;
                self.outbox.push(Cmd::After {
                    ms: RECONNECT_MS,
                    msg: Later::Hand(HandMsg::Adrift { epoch, drift }),
                });
            }
        }
    }

    /// The QR codes the screen shows (the table's invitations while its
    /// devices dialog is open, the phone's reply), each drawn once by the
    /// QR worker: the view draws only what the state holds.
    fn decide_qr(&mut self) {
        let mut texts = Vec::new();
        // The dialog the player opened, or the one that came up by itself
        // because the table waits for a seat's device.
        if self.overlay_shown() == Overlay::Devices {
            let inviting = self.devices.seats.iter();
            let inviting = inviting.filter(|r| r.link != LinkState::Connected);
            texts.extend(inviting.filter_map(|r| Some(self.qr.link(r.invitation.as_ref()?))));
        }
        if self.screen == Screen::Join {
            texts.extend(self.hand.reply.clone());
        }
        for text in self.qr.want(texts) {
            self.outbox.push(Cmd::DrawQr(text));
        }
    }

    /// What the screen shown hears of a change: the sounds of a move made
    /// (as its viewer sees it), and "your turn" when the turn has just come
    /// to the viewer. Only between two looks at the same game's table (not
    /// on opening it, a reload, or back from a replay), and only with sound
    /// on.
    fn decide_sounds(&mut self, before: Option<&AppState>) {
        let (Some(b), true) = (before, self.settings.sound) else {
            return;
        };
        let (Some(was), Some(now)) = (b.on_screen(), self.on_screen()) else {
            return;
        };
        if was.game != now.game {
            return;
        }
        let moved = was.log != now.log;
        let turn_came = now.my_turn && !was.my_turn;
        if moved || turn_came {
            let events = if moved {
                self.last_events()
            } else {
                Rc::from([])
            };
            self.outbox.push(Cmd::Sounds { events, turn_came });
        }
    }

    /// The last action's events as the viewer of the screen shown sees
    /// them.
    fn last_events(&self) -> Rc<[Event]> {
        match (self.screen, &self.session, &self.hand.model) {
            (Screen::Hand, _, Some(model)) => model.seen.events.clone().into(),
            (_, Some(session), _) => session
                .events_for(session.viewer().unwrap_or(Seat::MAX))
                .into(),
            _ => Rc::from([]),
        }
    }

    /// What the table shown to this device's player has to say, if one is
    /// shown (the table's, or a held seat's).
    fn on_screen(&self) -> Option<OnScreen<'_>> {
        match self.screen {
            Screen::Table if self.replay.is_none() => {
                let session = self.session.as_ref()?;
                let me = session.viewer();
                Some(OnScreen {
                    game: &self.game_id,
                    log: session.log.len(),
                    my_turn: me.is_some() && session.game.to_act() == me,
                })
            }
            Screen::Hand => {
                let model = self.hand.model.as_ref()?;
                Some(OnScreen {
                    game: &model.seen.game,
                    log: model.log.len(),
                    my_turn: model.my_turn(),
                })
            }
            _ => None,
        }
    }
}

/// Whether `f` tells `before` (`None`: the app starting) from `after`.
fn differs_by<T: PartialEq>(
    before: Option<&AppState>,
    after: &AppState,
    f: fn(&AppState) -> T,
) -> bool {
    before.is_none_or(|b| f(b) != f(after))
}

/// What [`AppState::decide_sounds`] compares: the game on the screen,
/// its log's length, and whether it is the viewer's turn.
struct OnScreen<'a> {
    game: &'a str,
    log: usize,
    my_turn: bool,
}
