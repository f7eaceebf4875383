//! `mojo soak --games N --seed S [--first I] [--threads T] [--json]`: plays
//! N complete games and checks every invariant after every action.
//!
//! Each game gets its own configuration from its seed: 2–8 players, one or
//! two discard piles, a target among 1, 10, 30, 50 and 100, a chosen or a
//! random first player, and one controller per seat: uniformly random legal
//! moves, or a bot of each level (random, greedy, easy, medium; hard, with a
//! 60-iteration budget, sits in one game in [`HARD_EVERY`]).
//!
//! After every action:
//! - all 78 cards are in the game exactly once ([`Game::check_full_deck`])
//!   and the state is consistent ([`Game::check_consistency`]);
//! - one seat's view (a different seat each action) shows its own cards and
//!   every public count truly, and hides everything else: a game that
//!   differs only in what that seat cannot see
//!   ([`Game::sample_from_view`]) gives the same view;
//! - no total falls, and a round's scores add up to the totals;
//! - the serialised game (JSON) reads back to an equal game;
//! - a random action from the whole action space is accepted by
//!   [`Game::check`] exactly when it is in [`Game::legal_actions`], and when
//!   it is refused, `apply` refuses it with a message and changes nothing;
//! - a round ends within [`MAX_ROUND_ACTIONS`] actions and a game within
//!   [`MAX_ROUNDS`] rounds.
//!
//! One game in 8 is played through [`Game::apply`] with events, checking that
//! another seat's card drawn from the deck is hidden in the events it sees.
//! At the end, the game's record (options, seed, actions) replays to the
//! same game.
//!
//! Prints one JSON line; on a violation also prints, on stderr, the game's
//! seed, options, seats and action list, and how to replay it
//! (`--first I --games 1`), and exits 1. An engine panic is a violation too.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::process::ExitCode;
use std::time::Instant;

use mojo_engine::bot::{mix, Budget};
use mojo_engine::{
    Action, Bot, BotKind, DrawSource, Event, FirstPlayer, Game, GameRecord, NoEvents, Options,
    Phase,
};
use serde_json::json;

use crate::bench::Pick;

/// A round that lasts longer than this many actions is a violation.
pub const MAX_ROUND_ACTIONS: u64 = 20_000;
/// A game that lasts longer than this many rounds is a violation.
pub const MAX_ROUNDS: u32 = 2_000;
/// One game in this many seats a Hard bot (the slowest by far: its
/// search plays hundreds of simulated turns per decision).
pub const HARD_EVERY: u64 = 64;
/// Hard's budget in the soak: a small search, deterministic (no clock).
pub const HARD_SOAK: Budget = Budget {
    iterations: 60,
    millis: f64::INFINITY,
};

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Controller {
    /// Uniformly random legal moves, chosen on the game itself.
    Moves,
    /// A bot, shown only its seat's view.
    Bot(BotKind),
}

impl Controller {
    pub fn name(self) -> &'static str {
        match self {
            Controller::Moves => "moves",
            Controller::Bot(k) => k.name(),
        }
    }
}

/// One game's set-up, derived from the run's seed and the game's index.
#[derive(Clone, Debug, PartialEq)]
pub struct GameSetup {
    pub index: u64,
    pub seed: u64,
    pub options: Options,
    pub seats: Vec<Controller>,
    /// Applied with events (and their visibility checked).
    pub events: bool,
}

const TARGETS: [u32; 5] = [1, 10, 30, 50, 100];
const KINDS: [Controller; 5] = [
    Controller::Moves,
    Controller::Bot(BotKind::Random),
    Controller::Bot(BotKind::Greedy),
    Controller::Bot(BotKind::Easy),
    Controller::Bot(BotKind::Medium),
];

impl GameSetup {
    /// The set-up of game `index` of a run seeded `run_seed`.
    pub fn new(run_seed: u64, index: u64) -> GameSetup {
        let seed = mix(run_seed ^ mix(index));
        let mut pick = Pick::new(seed ^ 0x50AC);
        let players = 2 + pick.below(7) as u8;
        let first_player = if pick.below(4) == 0 {
            FirstPlayer::Random
        } else {
            FirstPlayer::Seat(pick.below(players as usize) as u8)
        };
        let options = Options {
            players,
            double_discard: pick.below(2) == 1,
            target: TARGETS[pick.below(TARGETS.len())],
            first_player,
        };
        let mut seats: Vec<Controller> = (0..players)
            .map(|_| KINDS[pick.below(KINDS.len())])
            .collect();
        if index % HARD_EVERY == 5 {
            let s = pick.below(players as usize);
            seats[s] = Controller::Bot(BotKind::Hard);
        }
        GameSetup {
            index,
            seed,
            options,
            seats,
            events: index % 8 == 3,
        }
    }
}

/// What one game measured.
#[derive(Clone, Copy, Debug, Default)]
pub struct GameStats {
    pub actions: u64,
    pub rounds: u64,
    pub longest_round: u64,
    pub refusals: u64,
    pub views: u64,
}

/// A broken invariant, with everything needed to replay it.
#[derive(Clone, Debug)]
pub struct Violation {
    pub setup: GameSetup,
    pub message: String,
    /// The actions applied before the violation (the last one included
    /// when the violation followed it).
    pub actions: Vec<Action>,
}

impl Violation {
    /// The report: seed, options, seats and actions, as JSON.
    pub fn report(&self, run_seed: u64) -> serde_json::Value {
        json!({
            "violation": self.message,
            "game": self.setup.index,
            "game_seed": self.setup.seed,
            "options": self.setup.options,
            "seats": self.setup.seats.iter().map(|c| c.name()).collect::<Vec<_>>(),
            "events": self.setup.events,
            "reproduce": format!("mojo soak --seed {run_seed} --first {} --games 1", self.setup.index),
            "record": GameRecord { options: self.setup.options, seed: self.setup.seed, actions: self.actions.clone() },
        })
    }
}

/// Every action in the action space (plays on both piles, both draws, every
/// reveal, the next round), for probing refusals.
fn any_action(pick: &mut Pick) -> Action {
    let k = pick.below(13 * 2 + 2 + 13 + 1);
    match k {
        0..=25 => Action::Play {
            value: (k % 13) as u8,
            pile: (k / 13) as u8,
        },
        26 => Action::Draw(DrawSource::Deck),
        27 => Action::Draw(DrawSource::Discard),
        28..=40 => Action::Reveal((k - 28) as u8),
        _ => Action::NextRound,
    }
}

/// Plays one game, checking everything; `actions` receives each action as
/// it is applied (so a panic still leaves the list to report).
pub fn play(setup: &GameSetup, actions: &mut Vec<Action>) -> Result<GameStats, String> {
    let mut game = Game::new(setup.options, setup.seed).map_err(|e| format!("setup: {e}"))?;
    let n = setup.options.players as usize;
    let mut bots: Vec<Option<Box<dyn Bot + Send>>> = setup
        .seats
        .iter()
        .enumerate()
        .map(|(s, c)| match *c {
            Controller::Moves => None,
            Controller::Bot(BotKind::Hard) => {
                Some(BotKind::Hard.make_with(mix(setup.seed ^ s as u64), Some(HARD_SOAK), None))
            }
            Controller::Bot(k) => Some(k.make(mix(setup.seed ^ s as u64))),
        })
        .collect();
    let mut pick = Pick::new(setup.seed);
    let mut stats = GameStats::default();
    let mut round_actions = 0u64;
    let mut events: Vec<Event> = Vec::new();
    check_state(&game, setup, &mut stats, 0)?;
    while !game.is_over() {
        let seat = game.current();
        let legal = game.legal_actions();
        if legal.is_empty() {
            return Err(format!("no legal action in phase {:?}", game.phase()));
        }
        // A refused action changes nothing and says why.
        let probe = any_action(&mut pick);
        let accepted = game.check(probe).is_ok();
        if accepted != legal.contains(probe) {
            return Err(format!(
                "check({probe:?}) is {accepted} but the legal list is {legal:?}"
            ));
        }
        if !accepted {
            let before = game.clone();
            match game.apply_with(probe, &mut NoEvents) {
                Ok(()) => return Err(format!("apply accepted {probe:?}, not legal")),
                Err(e) if e.to_string().trim().is_empty() => {
                    return Err(format!("the refusal of {probe:?} has no message"))
                }
                Err(_) => {}
            }
            if game != before {
                return Err(format!("the refused {probe:?} changed the game"));
            }
            stats.refusals += 1;
        }

        let action = match (game.phase(), bots[seat as usize].as_mut()) {
            // Nobody owns the next deal: whoever is current deals it.
            (Phase::RoundOver, _) => Action::NextRound,
            (_, Some(bot)) => bot.choose(&game.view(seat)),
            (_, None) => legal
                .get(pick.below(legal.len()))
                .unwrap_or(Action::NextRound),
        };
        if !legal.contains(action) {
            return Err(format!(
                "seat {seat} ({}) chose {action:?}, not in {legal:?}",
                setup.seats[seat as usize].name()
            ));
        }
        let totals_before = game.totals().to_vec();
        let round_before = game.round();
        actions.push(action);
        if setup.events {
            events.clear();
            game.apply_with(action, &mut events)
                .map_err(|e| format!("legal {action:?} refused: {e}"))?;
            check_events(&events, n)?;
        } else {
            game.apply_with(action, &mut NoEvents)
                .map_err(|e| format!("legal {action:?} refused: {e}"))?;
        }
        stats.actions += 1;
        round_actions += 1;
        if let Some((s, (a, b))) = totals_before
            .iter()
            .zip(game.totals())
            .enumerate()
            .find(|(_, (a, b))| b < a)
        {
            return Err(format!("seat {s}'s total fell from {a} to {b}"));
        }
        if game.round() != round_before {
            if game.round() != round_before + 1 {
                return Err(format!(
                    "round {round_before} was followed by {}",
                    game.round()
                ));
            }
            stats.longest_round = stats.longest_round.max(round_actions);
            round_actions = 0;
            stats.rounds += 1;
        }
        if round_actions > MAX_ROUND_ACTIONS {
            return Err(format!(
                "round {} has not ended after {MAX_ROUND_ACTIONS} actions",
                game.round()
            ));
        }
        if game.round() > MAX_ROUNDS {
            return Err(format!("the game has not ended after {MAX_ROUNDS} rounds"));
        }
        if matches!(game.phase(), Phase::RoundOver | Phase::GameOver) {
            let r = game
                .last_round()
                .ok_or("a round is over but has no result")?;
            if r.totals() != game.totals() {
                return Err(format!(
                    "the round's totals {:?} are not the game's {:?}",
                    r.totals(),
                    game.totals()
                ));
            }
            let sums = totals_before.iter().zip(r.scores()).map(|(t, s)| t + s);
            if !sums.eq(game.totals().iter().copied()) {
                return Err(
                    "the totals before plus the round's scores are not the new totals".into(),
                );
            }
        }
        let step = stats.actions;
        check_state(&game, setup, &mut stats, step)?;
    }
    stats.longest_round = stats.longest_round.max(round_actions);
    stats.rounds += 1;
    if game.winners().is_empty() {
        return Err("the game is over without a winner".into());
    }
    let best = game.totals().iter().copied().min().unwrap_or(0);
    if game
        .winners()
        .iter()
        .any(|&w| game.totals()[w as usize] != best)
    {
        return Err("a winner does not have the lowest total".into());
    }
    let record = GameRecord {
        options: setup.options,
        seed: setup.seed,
        actions: actions.clone(),
    };
    match record.replay() {
        Ok(replayed) if replayed == game => {}
        Ok(_) => return Err("the record replays to a different game".into()),
        Err(e) => return Err(format!("the record does not replay: {e}")),
    }
    Ok(stats)
}

/// The invariants of one position.
fn check_state(
    game: &Game,
    setup: &GameSetup,
    stats: &mut GameStats,
    step: u64,
) -> Result<(), String> {
    game.check_full_deck().map_err(|e| format!("deck: {e}"))?;
    game.check_consistency()
        .map_err(|e| format!("consistency: {e}"))?;
    // The saved form reads back to the same game.
    let text = serde_json::to_string(game).map_err(|e| format!("serialise: {e}"))?;
    let back: Game = serde_json::from_str(&text).map_err(|e| format!("read back: {e}"))?;
    if &back != game {
        return Err("the serialised game reads back different".into());
    }
    // One seat's view: true about what it may see, blind to the rest.
    let n = game.players();
    let seat = (step % u64::from(n)) as u8;
    let view = game.view(seat);
    if view.hand != *game.hand(seat) || view.face_down != *game.face_down(seat) {
        return Err(format!("seat {seat}'s view does not show its own cards"));
    }
    if view.seats.len() != n as usize || view.discard.as_slice() != game.discards() {
        return Err(format!("seat {seat}'s view has the wrong seats or piles"));
    }
    for (i, sv) in view.seats.iter().enumerate() {
        let s = i as u8;
        if sv.hand_len as usize != game.hand(s).len()
            || sv.face_down_len as usize != game.face_down(s).len()
            || sv.face_up != *game.face_up(s)
            || sv.total != game.totals()[i]
        {
            return Err(format!("seat {seat}'s view of seat {s} is wrong"));
        }
    }
    if view.draw_len as usize != game.draw_pile().len() {
        return Err(format!("seat {seat}'s view miscounts the draw pile"));
    }
    let other = Game::sample_from_view(&view, mix(setup.seed ^ step ^ 0x5EE));
    if other.view(seat) != view {
        return Err(format!(
            "seat {seat}'s view changes when only cards it cannot see change"
        ));
    }
    other
        .check_full_deck()
        .map_err(|e| format!("a game with the same view for seat {seat}: {e}"))?;
    stats.views += 1;
    Ok(())
}

/// Events: another seat's card drawn from the deck is hidden from a viewer.
fn check_events(events: &[Event], players: usize) -> Result<(), String> {
    for e in events {
        if let Event::Drew {
            seat,
            source: DrawSource::Deck,
            card,
        } = e
        {
            if card.is_none() {
                return Err("the full event of a deck draw has no card".into());
            }
            for viewer in 0..players as u8 {
                let seen = e.visible_to(viewer);
                let hidden = matches!(seen, Event::Drew { card: None, .. });
                if hidden == (viewer == *seat) {
                    return Err(format!(
                        "seat {viewer} sees {seen:?} of seat {seat}'s deck draw"
                    ));
                }
            }
        }
    }
    Ok(())
}

/// A run's totals.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    pub games: u64,
    pub actions: u64,
    pub rounds: u64,
    pub longest_round: u64,
    pub refusals: u64,
    pub views: u64,
    pub double_discard_games: u64,
    pub event_games: u64,
    /// Seat-games per controller, in [`Controller`] order: moves, random,
    /// greedy, easy, medium, hard.
    pub seats: [u64; 6],
    /// Games per player count, 2..=8.
    pub players: [u64; 7],
    pub violation: Option<Violation>,
}

impl Summary {
    fn add(&mut self, setup: &GameSetup, g: &GameStats) {
        self.games += 1;
        self.actions += g.actions;
        self.rounds += g.rounds;
        self.longest_round = self.longest_round.max(g.longest_round);
        self.refusals += g.refusals;
        self.views += g.views;
        self.double_discard_games += u64::from(setup.options.double_discard);
        self.event_games += u64::from(setup.events);
        for c in &setup.seats {
            let i = match c {
                Controller::Moves => 0,
                Controller::Bot(BotKind::Random) => 1,
                Controller::Bot(BotKind::Greedy) => 2,
                Controller::Bot(BotKind::Easy) => 3,
                Controller::Bot(BotKind::Medium) => 4,
                Controller::Bot(_) => 5,
            };
            self.seats[i] += 1;
        }
        self.players[setup.options.players as usize - 2] += 1;
    }

    fn merge(&mut self, o: Summary) {
        self.games += o.games;
        self.actions += o.actions;
        self.rounds += o.rounds;
        self.longest_round = self.longest_round.max(o.longest_round);
        self.refusals += o.refusals;
        self.views += o.views;
        self.double_discard_games += o.double_discard_games;
        self.event_games += o.event_games;
        for (a, b) in self.seats.iter_mut().zip(o.seats) {
            *a += b;
        }
        for (a, b) in self.players.iter_mut().zip(o.players) {
            *a += b;
        }
        let earlier = match (&self.violation, &o.violation) {
            (None, Some(_)) => true,
            (Some(a), Some(b)) => b.setup.index < a.setup.index,
            _ => false,
        };
        if earlier {
            self.violation = o.violation;
        }
    }
}

/// Plays one game, turning a panic into a violation.
pub fn check_game(setup: &GameSetup) -> Result<GameStats, Violation> {
    let mut actions = Vec::new();
    let outcome = catch_unwind(AssertUnwindSafe(|| play(setup, &mut actions)));
    let message = match outcome {
        Ok(Ok(stats)) => return Ok(stats),
        Ok(Err(m)) => m,
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown".into());
            format!("panic: {what}")
        }
    };
    Err(Violation {
        setup: setup.clone(),
        message,
        actions,
    })
}

/// Plays games `first..first + games` of the run seeded `seed` on `threads`
/// threads (game i on thread i % threads); stops at a violation.
pub fn run(seed: u64, first: u64, games: u64, threads: u64) -> Summary {
    let threads = threads.clamp(1, 64);
    let stop = std::sync::atomic::AtomicBool::new(false);
    let worker = |t: u64| {
        let mut sum = Summary::default();
        let mut i = first + t;
        while i < first + games && !stop.load(std::sync::atomic::Ordering::Relaxed) {
            let setup = GameSetup::new(seed, i);
            match check_game(&setup) {
                Ok(stats) => sum.add(&setup, &stats),
                Err(v) => {
                    sum.violation = Some(v);
                    stop.store(true, std::sync::atomic::Ordering::Relaxed);
                    break;
                }
            }
            i += threads;
        }
        sum
    };
    std::thread::scope(|scope| {
        let handles: Vec<_> = (1..threads)
            .map(|t| scope.spawn(move || worker(t)))
            .collect();
        let mut total = worker(0);
        for h in handles {
            match h.join() {
                Ok(s) => total.merge(s),
                Err(_) => {
                    // check_game catches panics, so a thread cannot die.
                }
            }
        }
        total
    })
}

/// The summary line.
pub fn summary_json(
    s: &Summary,
    seed: u64,
    first: u64,
    threads: u64,
    secs: f64,
) -> serde_json::Value {
    json!({
        "games": s.games,
        "actions": s.actions,
        "violations": u64::from(s.violation.is_some()),
        "seconds": (secs * 10.0).round() / 10.0,
        "actions_per_sec": if secs > 0.0 { (s.actions as f64 / secs).round() } else { 0.0 },
        "games_per_sec": if secs > 0.0 { (s.games as f64 / secs * 10.0).round() / 10.0 } else { 0.0 },
        "rounds": s.rounds,
        "longest_round_actions": s.longest_round,
        "refusals_checked": s.refusals,
        "views_checked": s.views,
        "serde_round_trips": s.views,
        "double_discard_games": s.double_discard_games,
        "event_games": s.event_games,
        "seat_games": {
            "moves": s.seats[0], "random": s.seats[1], "greedy": s.seats[2],
            "easy": s.seats[3], "medium": s.seats[4], "hard": s.seats[5],
        },
        "games_by_players": s.players,
        "seed": seed,
        "first": first,
        "threads": threads,
    })
}

const USAGE: &str = "usage: mojo soak --games N [--seed S] [--first I] [--threads T] [--json]";

pub fn main(args: &[String]) -> Result<ExitCode, String> {
    let (mut games, mut seed, mut first, mut threads) = (None, 1u64, 0u64, 1u64);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut num = |name: &str| -> Result<u64, String> {
            it.next()
                .ok_or_else(|| format!("soak: {name} needs a value\n{USAGE}"))?
                .parse()
                .map_err(|_| format!("soak: {name} takes a whole number\n{USAGE}"))
        };
        match a.as_str() {
            "--games" => games = Some(num("--games")?),
            "--seed" => seed = num("--seed")?,
            "--first" => first = num("--first")?,
            "--threads" => threads = num("--threads")?,
            // One JSON line is the only output format.
            "--json" => {}
            other => return Err(format!("soak: unexpected argument `{other}`\n{USAGE}")),
        }
    }
    let games = games.ok_or_else(|| format!("soak: how many --games?\n{USAGE}"))?;
    if !(1..=64).contains(&threads) {
        return Err("soak: --threads must be 1 to 64".into());
    }
    let start = Instant::now();
    let summary = run(seed, first, games, threads);
    let secs = start.elapsed().as_secs_f64();
    println!("{}", summary_json(&summary, seed, first, threads, secs));
    match &summary.violation {
        None => Ok(ExitCode::SUCCESS),
        Some(v) => {
            eprintln!("{}", v.report(seed));
            Ok(ExitCode::FAILURE)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setups_cover_every_table_and_controller() {
        let setups: Vec<GameSetup> = (0..400).map(|i| GameSetup::new(9, i)).collect();
        for p in 2..=8 {
            assert!(setups.iter().any(|s| s.options.players == p), "{p} players");
        }
        for dd in [false, true] {
            assert!(setups.iter().any(|s| s.options.double_discard == dd));
        }
        for t in TARGETS {
            assert!(setups.iter().any(|s| s.options.target == t), "target {t}");
        }
        for c in KINDS.into_iter().chain([Controller::Bot(BotKind::Hard)]) {
            assert!(setups.iter().any(|s| s.seats.contains(&c)), "{c:?}");
        }
        assert!(setups
            .iter()
            .any(|s| s.options.first_player == FirstPlayer::Random));
        // The same seed and index give the same game.
        assert_eq!(GameSetup::new(9, 17), setups[17]);
    }
}
