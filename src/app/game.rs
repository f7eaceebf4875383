//! The game at the table: a person's tap, a bot's answer, a take-back,
//! which bot turn is due, and the replay of a round with Hard's review.

use std::rc::Rc;

use mojo_engine::{Action, Event, Seat};

use super::{AppState, Screen};
use crate::cmd::{BotTurn, Cmd};
use crate::save::Speed;
use crate::scene::Drawn;
use crate::session::{Actor, Ask};

/// How much longer a tab showing another tab's position waits before it
/// plays a bot's turn itself (the other tab normally does it first).
const FOLLOWER_GRACE_MS: u32 = 1500;

/// How long bots wait after a person's card that may be taken back (none
/// at `?speed=instant`).
const TAKE_BACK_GRACE_MS: u32 = 2000;

/// How long the card a person just drew shows to them before the cover
/// comes by itself, if they do not tap OK (issue 55). Long enough to take
/// in one card, its colour and value (about a second), and to think of
/// it once (a look at the hand at a real table); short enough that a
/// device handed on without OK hides it soon, and that the next person is
/// not kept waiting. The bots play on meanwhile, on the table above it.
pub const DRAWN_SHOWN_MS: u32 = 4000;

/// The card drawn shown to its owner ([`AppState::drawn`]): the game and
/// round, the number of actions after the draw, and the card.
#[derive(Clone, Debug, PartialEq)]
pub struct DrawnShown {
    pub game: String,
    pub round: u32,
    pub after: usize,
    pub card: Drawn,
}

impl AppState {
    /// A person's action at the table (`Session::admit`: only the person
    /// whose cards are shown may act, and only for their own seat; the
    /// engine checks the rest). A card it drew from the draw pile shows to
    /// them before the cover comes (`Session::drawn_to_show`), except at
    /// the speed "Instant": there nothing waits for anyone (as the
    /// take-back's grace; the log still says a card was drawn).
    pub(super) fn act(&mut self, action: Action) {
        let seq = self.seq;
        self.with_session(|session| session.perform(Actor::Here, Ask::Act(action)).is_ok());
        if self.seq == seq {
            return;
        }
        self.drawn = self
            .session
            .as_ref()
            .filter(|_| self.speed() != Speed::Instant)
            .and_then(|session| {
                Some(DrawnShown {
                    game: self.game_id.clone(),
                    round: session.game.round(),
                    after: session.record.actions.len(),
                    card: session.drawn_to_show()?,
                })
            });
    }

    /// The card drawn seen: by OK (`None`), or its time ran out (the card
    /// of that game and move only: another may show by then).
    pub(super) fn drawn_seen(&mut self, at: Option<(String, usize)>) {
        let this = |d: &DrawnShown| {
            at.as_ref()
                .is_none_or(|(g, a)| *g == d.game && *a == d.after)
        };
        if self.drawn.as_ref().is_some_and(this) {
            self.drawn = None;
        }
    }

    /// The card drawn that the table's screen shows now, if any: in the
    /// game and round it was drawn in, while no hand shows (the next
    /// person's "Show my cards" waits for it) and nothing took it back.
    pub fn drawn_shown(&self) -> Option<Drawn> {
        let d = self.drawn.as_ref()?;
        let session = self.session.as_ref()?;
        let same = d.game == self.game_id && d.round == session.game.round();
        let on = self.screen == Screen::Table && self.replay.is_none() && session.in_play();
        let covered = session.viewer().is_none() && session.record.actions.len() >= d.after;
        (same && on && covered).then_some(d.card)
    }

    /// A bot's action for the position after `after` actions of game `id`:
    /// taken if that is still the position and a bot is to act.
    pub(super) fn bot_act(&mut self, id: &str, after: usize, action: Action) {
        let seq = self.seq;
        if id == self.game_id {
            let bot = Actor::Bot { after };
            self.with_session(|session| session.perform(bot, Ask::Act(action)).is_ok());
        }
        if self.seq == seq && self.bot.as_ref().is_some_and(|b| b.after == after) {
            // Its answer was not taken: whatever is to be played now is
            // scheduled afresh (never a table left waiting).
            self.bot = None;
        }
    }

    /// The person here who just played takes the card back.
    pub(super) fn take_back_here(&mut self) {
        self.with_session(|session| session.perform(Actor::Here, Ask::TakeBack).is_ok());
    }

    /// Replay this finished round on the table device, or close the replay.
    pub(super) fn replay(&mut self, round: Option<u32>) {
        let rounds = self.session.as_ref().map_or(0, |x| x.rounds.len() as u32);
        self.replay = round.filter(|r| (1..=rounds).contains(r));
    }

    /// Hard's review of one move of the round replayed, if still wanted.
    pub(super) fn reviewed(
        &mut self,
        game: &str,
        round: u32,
        step: usize,
        mark: Option<mojo_engine::bot::review::Mark>,
    ) {
        if let Some(r) = self.review.as_mut() {
            if r.game == game && r.round == round {
                std::rc::Rc::make_mut(r).add(step, mark);
            }
        }
    }

    /// The bot turn the table is to play now, if any: a bot's move, or a
    /// table of bots dealing its next round. Bots wait for the players on
    /// their own devices to be paired; a tab following another one leaves
    /// the bots to that tab a while longer; after a person's card that
    /// may be taken back, they leave time for it.
    pub fn bot_turn(&self) -> Option<BotTurn> {
        let session = self
            .session
            .as_ref()
            .filter(|_| self.screen == Screen::Table)
            .filter(|_| self.devices.started || self.devices.seats.is_empty())?;
        let speed = self.speed();
        let follower = if self.tab.follower {
            FOLLOWER_GRACE_MS
        } else {
            0
        };
        let grace = if session.take_back_seat().is_some() && speed != Speed::Instant {
            TAKE_BACK_GRACE_MS
        } else {
            0
        };
        let delay_ms = speed.delay_ms() + follower + grace;
        let turn = |seat, delay_ms| BotTurn {
            game: self.game_id.clone(),
            session: session.clone(),
            after: session.record.actions.len(),
            seat,
            delay_ms,
        };
        let after = session.record.actions.len();
        let deal = Ask::Act(Action::NextRound);
        match session.bot_to_act() {
            Some(bot) => Some(turn(Some(bot), delay_ms)),
            None if session.admit(Actor::Bot { after }, deal).is_ok() => {
                Some(turn(None, delay_ms.max(400) * 3))
            }
            None => None,
        }
    }

    /// What the table shown to this device's player has to say, if one is
    /// shown (the table's, or a held seat's).
    fn look(&self) -> Option<Look> {
        match self.screen {
            Screen::Table if self.replay.is_none() => {
                let session = self.session.as_ref()?;
                let me = session.viewer();
                Some(Look {
                    game: self.game_id.clone(),
                    log: session.log.len(),
                    my_turn: me.is_some() && session.game.to_act() == me,
                })
            }
            Screen::Hand => {
                let model = self.hand.model.as_ref()?;
                Some(Look {
                    game: model.seen.game.clone(),
                    log: model.log.len(),
                    my_turn: model.my_turn(),
                })
            }
            _ => None,
        }
    }

    /// Applies a message with `update` and pushes what the screen shown
    /// hears of it: the sounds of a move made (as its viewer sees it), and
    /// "your turn" when the turn has just come to the viewer. Only between
    /// two looks at the same game's table (not on opening it, a reload, or
    /// back from a replay), and only with sound on. The messages that move
    /// a game or pass the turn go through here (`AppState::update`).
    pub(super) fn with_sounds(&mut self, update: impl FnOnce(&mut Self)) {
        let was = self.look();
        update(self);
        let (Some(was), Some(now), true) = (was, self.look(), self.settings.sound) else {
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
}

/// What [`AppState::with_sounds`] compares: the game on the screen, its
/// log's length, and whether it is the viewer's turn.
struct Look {
    game: String,
    log: usize,
    my_turn: bool,
}
