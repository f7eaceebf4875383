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

use mojo_engine::bot::mix;
use mojo_engine::bot::review::{Mark, Review};
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

/// One move of a person to review (issue 21): the view of the seat that
/// moved, at that moment, and nothing more; the move; the review's seed.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewTask {
    /// The replay's step this move led to.
    pub step: usize,
    pub seat: Seat,
    pub view: PlayerView,
    pub played: Action,
    /// From the game's seed and the move's number in the game: the same
    /// round always gets the same review.
    pub seed: u64,
}

impl ReviewTask {
    /// The engine's review of this move, to be run to its budget.
    pub fn review(&self) -> Review {
        Review::new(&self.view, self.played, self.seed)
    }
}

/// The moves of round `round` that Hard's review looks at: those of the
/// seats `person` says are people (bots' moves are not reviewed), each
/// with a real choice (not a reveal, not a forced move).
pub fn review_tasks(
    options: Options,
    seed: u64,
    actions: &[Action],
    round: u32,
    person: impl Fn(Seat) -> bool,
) -> Vec<ReviewTask> {
    let Ok(mut game) = Game::new(options, seed) else {
        return Vec::new();
    };
    let in_round = |g: &Game| g.round() == round && g.phase().in_round();
    let mut tasks = Vec::new();
    let mut step = 0;
    for (index, &action) in actions.iter().enumerate() {
        if in_round(&game) {
            step += 1;
            let seat = game.current();
            if person(seat) {
                let view = game.view(seat);
                if Review::worth_reviewing(&view, action) {
                    tasks.push(ReviewTask {
                        step,
                        seat,
                        view,
                        played: action,
                        seed: mix(seed ^ ((index as u64) << 8) ^ 0x7265_7669_6577),
                    });
                }
            }
        }
        if game.apply(action).is_err() || game.round() > round {
            break;
        }
    }
    tasks
}

/// What Hard's review has found in one round so far: a finding per
/// reviewed move as it comes (the search runs in slices, `Cmd::Review`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RoundReview {
    pub game: String,
    pub round: u32,
    /// The moves to review: each one's step and whose it is.
    pub movers: Vec<(usize, Seat)>,
    /// The reviewed moves: the step and the mark, if any.
    pub found: Vec<(usize, Option<Mark>)>,
}

/// One person's part of a round's review: their moves reviewed, how many
/// are worth a look, and the points those cost in all.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PersonReview {
    pub seat: Seat,
    pub moves: usize,
    pub marked: usize,
    pub cost: f64,
    /// The step of their first move worth a look (where their part of the
    /// summary goes).
    pub first: Option<usize>,
}

impl RoundReview {
    /// How many moves are to be reviewed.
    pub fn moves(&self) -> usize {
        self.movers.len()
    }

    /// A finding; a step found twice keeps its first.
    pub fn add(&mut self, step: usize, mark: Option<Mark>) {
        if !self.found.iter().any(|&(s, _)| s == step) {
            self.found.push((step, mark));
        }
    }

    pub fn is_done(&self) -> bool {
        self.found.len() >= self.moves()
    }

    /// The mark of the move that led to `step`.
    pub fn mark_at(&self, step: usize) -> Option<&Mark> {
        self.found
            .iter()
            .find(|(s, _)| *s == step)
            .and_then(|(_, m)| m.as_ref())
    }

    /// What the replay shows under step `step` (issue 55): the mark of the
    /// move that step is, and whose move it was. A marked move is shown as
    /// itself, its heading naming it, with Hard's choice and both moves'
    /// points under it; the step before is the position of the choice.
    pub fn note_at(&self, step: usize) -> Option<(Seat, &Mark)> {
        let mover = self.movers.iter().find(|(s, _)| *s == step)?.1;
        Some((mover, self.mark_at(step)?))
    }

    /// The steps of `seat`'s moves worth a look, in the round's order.
    pub fn marked_steps(&self, seat: Seat) -> Vec<usize> {
        self.movers
            .iter()
            .filter(|&&(step, s)| s == seat && self.mark_at(step).is_some())
            .map(|&(step, _)| step)
            .collect()
    }

    /// From the marked move at `step`: the same person's next move worth a
    /// look, its number among theirs (from 1) and how many they have; after
    /// their last, their first again. `None` when they have no other.
    pub fn next_marked(&self, step: usize) -> Option<(usize, usize, usize)> {
        let (seat, _) = self.note_at(step)?;
        let steps = self.marked_steps(seat);
        let here = steps.iter().position(|&s| s == step)?;
        let next = (here + 1) % steps.len();
        (steps.len() > 1).then(|| (steps[next], next + 1, steps.len()))
    }

    /// Each person whose moves were reviewed, in the order they first
    /// moved: their moves, those worth a look, and what those cost.
    pub fn by_person(&self) -> Vec<PersonReview> {
        let mut people: Vec<PersonReview> = Vec::new();
        for &(step, seat) in &self.movers {
            let at = match people.iter().position(|p| p.seat == seat) {
                Some(i) => i,
                None => {
                    people.push(PersonReview {
                        seat,
                        moves: 0,
                        marked: 0,
                        cost: 0.0,
                        first: None,
                    });
                    people.len() - 1
                }
            };
            let person = &mut people[at];
            person.moves += 1;
            if let Some(mark) = self.mark_at(step) {
                person.marked += 1;
                person.cost += mark.cost;
                person.first = person.first.or(Some(step));
            }
        }
        people
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

    /// Hard's review looks at the moves of people only, each from the
    /// view of the seat that moved, at that moment, with a real choice;
    /// its steps are the replay's; the same round gives the same tasks
    /// and the same findings.
    #[test]
    fn the_review_looks_at_peoples_moves_from_their_own_view() {
        let mut setup = TableSetup::first_visit("Ana");
        setup.seats[2] = SeatSetup::remote("Cy");
        let mut s = Session::new(setup, 11).unwrap();
        let mut bot = BotKind::Easy.make(4);
        while s.rounds.is_empty() {
            if let Some(seat) = s.handoff_to() {
                s.show_hand(seat);
            }
            let view = s.game.view(s.game.current());
            s.apply(bot.choose(&view)).unwrap();
        }
        let person = |seat: Seat| s.setup.seats[seat as usize].bot.is_none();
        let r = &s.record;
        let tasks = review_tasks(r.options, r.seed, &r.actions, 1, person);
        let replay = Replay::of(&s, 1).unwrap();
        assert!(tasks.len() >= 4, "{} tasks", tasks.len());
        let seats: std::collections::BTreeSet<Seat> = tasks.iter().map(|t| t.seat).collect();
        assert_eq!(seats, [0, 2].into(), "Ana and Cy (on a phone), no bot");
        for t in &tasks {
            assert_eq!(replay.frames[t.step].actor, Some(t.seat));
            let before = &replay.frames[t.step - 1];
            assert_eq!(t.view.seat, t.seat);
            assert_eq!(t.view.hand, before.hands[t.seat as usize], "its own hand");
            // The others' hands are only counted (R14): some cards unseen.
            assert!(!t.view.unseen().is_empty());
            assert!(!matches!(t.played, Action::Reveal(_)));
        }
        let again = review_tasks(r.options, r.seed, &r.actions, 1, person);
        assert_eq!(tasks, again);
        // A finding, twice: the same.
        let find = |t: &ReviewTask| {
            mojo_engine::bot::review::Review::with_budget(&t.view, t.played, t.seed, 120).run()
        };
        assert_eq!(find(&tasks[0]), find(&again[0]));
        // Another round's tasks are its own.
        let none = review_tasks(r.options, r.seed, &r.actions, 2, person);
        assert!(none.is_empty());
    }

    #[test]
    fn a_round_review_counts_each_persons_marks_and_their_cost() {
        use mojo_engine::bot::review::Mark;
        let mut r = RoundReview {
            movers: vec![(2, 1), (4, 0), (6, 0), (9, 0)],
            ..RoundReview::default()
        };
        let mark = |cost| Mark {
            played: Action::Play { value: 9, pile: 0 },
            best: Action::Play { value: 3, pile: 0 },
            cost,
            played_points: 10.0 + cost,
            best_points: 10.0,
            why: mojo_engine::bot::review::Why::Numbers,
        };
        r.add(4, Some(mark(2.4)));
        r.add(4, None);
        r.add(2, None);
        assert!(!r.is_done());
        r.add(6, None);
        r.add(9, Some(mark(3.0)));
        assert!(r.is_done());
        let people = r.by_person();
        assert_eq!(people.len(), 2, "{people:?}");
        assert_eq!(
            (people[0].seat, people[0].moves, people[0].marked),
            (1, 1, 0)
        );
        assert_eq!(
            (people[1].seat, people[1].moves, people[1].marked),
            (0, 3, 2)
        );
        assert!((people[1].cost - 5.4).abs() < 1e-9);
        assert_eq!(r.mark_at(4), Some(&mark(2.4)));
        assert_eq!(r.mark_at(6), None);
    }

    /// Issue 55: a marked move is shown at its own step (the move itself,
    /// not the position before it), and from each of a person's marked
    /// moves the next one is a tap away; their part of the summary goes to
    /// their first.
    #[test]
    fn a_marked_move_is_shown_at_its_own_step_and_leads_to_the_next() {
        use mojo_engine::bot::review::{Mark, Why};
        let mut r = RoundReview {
            movers: vec![(2, 1), (4, 0), (5, 0), (7, 1), (9, 0), (11, 0)],
            ..RoundReview::default()
        };
        let mark = |value| Mark {
            played: Action::Play { value, pile: 0 },
            best: Action::Play { value: 1, pile: 0 },
            cost: 3.0,
            played_points: 13.0,
            best_points: 10.0,
            why: Why::Numbers,
        };
        for (step, m) in [
            (2, None),
            (4, Some(9)),
            (5, None),
            (7, Some(8)),
            (9, Some(7)),
        ] {
            r.add(step, m.map(mark));
        }
        assert_eq!(r.note_at(4), Some((0, &mark(9))));
        assert_eq!(r.note_at(7), Some((1, &mark(8))));
        // The step before a marked move, and an unmarked move: no note.
        for step in [3, 5, 6, 8] {
            assert_eq!(r.note_at(step), None, "step {step}");
        }
        assert_eq!(r.marked_steps(0), vec![4, 9]);
        assert_eq!(r.next_marked(4), Some((9, 2, 2)));
        // After the last, the first again.
        assert_eq!(r.next_marked(9), Some((4, 1, 2)));
        // Seat 1's only mark; an unmarked move.
        assert_eq!(r.next_marked(7), None);
        assert_eq!(r.next_marked(5), None);
        // Not yet reviewed (step 11): not counted.
        let firsts: Vec<_> = r.by_person().iter().map(|p| (p.seat, p.first)).collect();
        assert_eq!(firsts, vec![(1, Some(7)), (0, Some(4))]);
        r.add(11, Some(mark(10)));
        assert_eq!(r.next_marked(9), Some((11, 3, 3)));
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
