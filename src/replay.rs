//! The replay of a finished round: every position of the round, from the
//! deal to the scoring, with every hand face up (every card that was in a
//! hand is public once the round is over, RULES R10: all of them are
//! scored in the open).
//!
//! Built from the game's seed and actions alone (the save's record), by
//! applying the actions to a fresh `Game::new`, so it works for every saved
//! game, offline. A replay holds public views and the hands, never a
//! `Game`: the draw pile carries over to the next round, so its order is
//! never part of a replay (only how many cards it holds), nor the seed.
//!
//! Only the device that holds the game builds one (a hand device has no
//! seed). Pure Rust, tested natively.

use mojo_engine::{Action, Cards, Event, Game, Options, PlayerView, RoundResult, Seat};

use crate::session::Session;

/// One position of the round.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    /// The public view (no hand, no face-down card; the draw pile's size).
    pub view: PlayerView,
    /// Every seat's hand.
    pub hands: Vec<Cards>,
    /// Every seat's face-down cards (shown face up in the replay).
    pub face_down: Vec<Cards>,
    /// Who acted to reach this position (`None` for the deal).
    pub actor: Option<Seat>,
    /// The events of that action (every card named: the round is over).
    pub events: Vec<Event>,
}

impl Frame {
    /// Every card `seat` holds here: hand, face-down and face-up.
    pub fn cards(&self, seat: Seat) -> Cards {
        let s = seat as usize;
        let mut all = self.hands.get(s).copied().unwrap_or(Cards::EMPTY);
        all.add_all(&self.face_down.get(s).copied().unwrap_or(Cards::EMPTY));
        if let Some(sv) = self.view.seats.get(s) {
            all.add_all(&sv.face_up);
        }
        all
    }
}

/// Every position of one finished round.
#[derive(Clone, Debug, PartialEq)]
pub struct Replay {
    pub round: u32,
    /// The deal first, then the position after each action, the last one
    /// scored (the round summary's).
    pub frames: Vec<Frame>,
    /// The round's result, as the summary shows it.
    pub result: RoundResult,
}

/// Why a round cannot be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayProblem {
    /// The game could not be set up from its options and seed.
    Setup,
    /// An action of the record was refused (a damaged record).
    Refused(usize),
    /// The round is not over (or never was played): nothing to replay yet.
    NotFinished(u32),
}

fn frame(game: &Game, actor: Option<Seat>, events: Vec<Event>) -> Frame {
    let n = game.options().players;
    Frame {
        view: game.view(Seat::MAX),
        hands: (0..n).map(|s| *game.hand(s)).collect(),
        face_down: (0..n).map(|s| *game.face_down(s)).collect(),
        actor,
        events,
    }
}

impl Replay {
    /// The replay of round `round` of the game `options` + `seed` played
    /// with `actions`.
    pub fn build(
        options: Options,
        seed: u64,
        actions: &[Action],
        round: u32,
    ) -> Result<Replay, ReplayProblem> {
        let mut game = Game::new(options, seed).map_err(|_| ReplayProblem::Setup)?;
        let mut frames = Vec::new();
        let in_round = |g: &Game| g.round() == round && g.phase().in_round();
        if in_round(&game) {
            // The first deal, as the session logs it.
            let starter = game.current();
            let dealt = Event::RoundDealt { round, starter };
            frames.push(frame(&game, None, vec![dealt]));
        }
        for (index, &action) in actions.iter().enumerate() {
            let was_in_round = in_round(&game);
            let actor = game.current();
            let events = game
                .apply(action)
                .map_err(|_| ReplayProblem::Refused(index))?;
            if was_in_round {
                frames.push(frame(&game, Some(actor), events));
                if !in_round(&game) {
                    // Scored: the last position.
                    return match game.view(Seat::MAX).last_round {
                        Some(result) if result.round == round => Ok(Replay {
                            round,
                            frames,
                            result,
                        }),
                        _ => Err(ReplayProblem::NotFinished(round)),
                    };
                }
            } else if in_round(&game) {
                // The round was just dealt.
                frames.push(frame(&game, None, events));
            }
            if game.round() > round {
                break;
            }
        }
        Err(ReplayProblem::NotFinished(round))
    }

    /// The replay of round `round` of a game at the table.
    pub fn of(session: &Session, round: u32) -> Result<Replay, ReplayProblem> {
        let record = &session.record;
        Replay::build(record.options, record.seed, &record.actions, round)
    }

    /// The number of positions (at least 2: the deal and the end).
    pub fn len(&self) -> usize {
        self.frames.len()
    }

    pub fn is_empty(&self) -> bool {
        self.frames.is_empty()
    }

    /// The position at `step`, kept within the round.
    pub fn at(&self, step: usize) -> Option<&Frame> {
        self.frames
            .get(step.min(self.frames.len().saturating_sub(1)))
    }

    /// The step whose action logged the `nth` log line of the round (as the
    /// session's log keeps it: one line per event but `TurnStarted` and
    /// `FaceDownTurnedUp`, the deal's line first).
    pub fn step_of_log_line(&self, nth: usize) -> usize {
        let mut seen = 0;
        for (step, f) in self.frames.iter().enumerate() {
            let lines = f.events.iter().filter(|e| logged(e)).count();
            if nth < seen + lines {
                return step;
            }
            seen += lines;
        }
        self.frames.len().saturating_sub(1)
    }
}

/// Whether the session's log keeps a line for `event` (`Session::apply`).
pub fn logged(event: &Event) -> bool {
    !matches!(
        event,
        Event::TurnStarted { .. } | Event::FaceDownTurnedUp { .. }
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::{SeatSetup, TableSetup};
    use mojo_engine::BotKind;

    /// A game of four bots played to its end.
    fn finished(seed: u64, two_piles: bool) -> Session {
        let mut setup = TableSetup::first_visit("Ana");
        setup.double_discard = two_piles;
        let mut s = Session::new(setup, seed).unwrap();
        let mut bot = BotKind::Medium.make(seed);
        while !s.game.is_over() {
            let view = s.game.view(s.game.current());
            s.apply(bot.choose(&view)).unwrap();
        }
        s
    }

    /// Every round of whole games, step by step from the deal: each step
    /// follows from the one before by its action, and the last one is the
    /// position of the round summary (the same cards, points and scores).
    #[test]
    fn a_replay_steps_through_the_round_and_ends_on_the_summary() {
        for (seed, two) in [(5, false), (6, true), (17, false)] {
            let s = finished(seed, two);
            assert!(s.rounds.len() >= 2, "{} rounds", s.rounds.len());
            for summary in &s.rounds {
                let r = Replay::of(&s, summary.round).unwrap();
                assert_eq!(r.round, summary.round);
                assert_eq!(&r.result, summary);
                let first = &r.frames[0];
                assert!(first.actor.is_none());
                assert_eq!(first.view.round, summary.round);
                // The deal: eight cards each, nothing face up or down.
                for seat in 0..s.players() {
                    assert_eq!(first.hands[seat as usize].len(), 8);
                    assert!(first.face_down[seat as usize].is_empty());
                }
                // Each later step: one action by the seat to act before it.
                for w in r.frames.windows(2) {
                    let (before, after) = (&w[0], &w[1]);
                    assert_eq!(after.actor, Some(before.view.current));
                    assert!(!after.events.is_empty());
                }
                let last = r.frames.last().unwrap();
                assert!(!last.view.phase.in_round());
                for seat in 0..s.players() {
                    assert_eq!(
                        last.cards(seat),
                        summary.cards[seat as usize],
                        "seat {seat}"
                    );
                    assert_eq!(
                        last.cards(seat).points(),
                        summary.points[seat as usize],
                        "seat {seat}"
                    );
                    assert_eq!(
                        last.view.seats[seat as usize].total,
                        summary.totals[seat as usize]
                    );
                }
                assert_eq!(last.view.last_round.as_ref(), Some(summary));
                // The log of the round: its lines map onto the steps, the
                // first to the deal, the last to the end.
                let lines = s.log.iter().filter(|e| e.round == summary.round).count();
                assert_eq!(r.step_of_log_line(0), 0);
                assert_eq!(r.step_of_log_line(lines - 1), r.len() - 1);
                let logged_lines: usize = r
                    .frames
                    .iter()
                    .map(|f| f.events.iter().filter(|e| logged(e)).count())
                    .sum();
                assert_eq!(logged_lines, lines, "round {}", summary.round);
            }
        }
    }

    /// A position of the replay is the position the game was in: the
    /// replay of round 2 at its deal is the game right after "Next round".
    #[test]
    fn a_replay_holds_the_positions_of_the_game() {
        let mut setup = TableSetup::first_visit("Ana");
        setup.seats[1] = SeatSetup::human("Ben");
        let mut s = Session::new(setup, 8).unwrap();
        let mut bot = BotKind::Easy.make(2);
        let mut at_deal = None;
        while s.rounds.len() < 2 {
            if s.game.round() == 2 && at_deal.is_none() {
                at_deal = Some((s.game.view(Seat::MAX), *s.game.hand(1)));
            }
            if let Some(seat) = s.handoff_to() {
                s.show_hand(seat);
            }
            let view = s.game.view(s.game.current());
            s.apply(bot.choose(&view)).unwrap();
        }
        let r = Replay::of(&s, 2).unwrap();
        let (view, hand) = at_deal.unwrap();
        assert_eq!(r.frames[0].view, view);
        assert_eq!(r.frames[0].hands[1], hand);
    }

    #[test]
    fn only_finished_rounds_are_replayed() {
        let mut s = Session::new(TableSetup::first_visit("Ana"), 3).unwrap();
        assert_eq!(Replay::of(&s, 1), Err(ReplayProblem::NotFinished(1)));
        let mut bot = BotKind::Medium.make(1);
        for _ in 0..5 {
            let view = s.game.view(s.game.current());
            s.apply(bot.choose(&view)).unwrap();
        }
        assert_eq!(Replay::of(&s, 1), Err(ReplayProblem::NotFinished(1)));
        assert_eq!(Replay::of(&s, 0), Err(ReplayProblem::NotFinished(0)));
        let mut bad = s.record.clone();
        bad.actions.insert(0, Action::NextRound);
        assert_eq!(
            Replay::build(bad.options, bad.seed, &bad.actions, 1),
            Err(ReplayProblem::Refused(0))
        );
    }
}
