//! `mojo bench`: engine throughput on one core, as one JSON line.
//!
//! - `actions_per_sec`, `games_per_sec`: complete random 4-player games to
//!   the target (50), each action chosen uniformly among the legal ones with
//!   [`Game::legal_action_at`] and applied without event reporting (the path
//!   playouts use); dealing every game is included.
//! - `list_actions_per_sec`, `list_games_per_sec`: the same, choosing from
//!   the materialised [`Game::legal_actions`] list.
//! - `actions_with_events_per_sec`: the list path through [`Game::apply`],
//!   which returns the event list the UI uses.
//! - `clone_ns`, `view_ns`: the cost of copying a game and of building one
//!   seat's view.
//! - `next_round_us`: dealing the next round from a scored one, with the
//!   game's record of how each seat played the round (`SeatView::style`,
//!   issue 36), over rounds that random games ended.
//!
//! `--games N` plays exactly N games instead (fixed work, for `perf stat`).

use std::hint::black_box;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use mojo_engine::{Action, Game, NoEvents, Options, Phase};
use serde_json::json;

/// A small, fast generator for choosing actions (xorshift64*), kept apart
/// from the games' own seeded generator.
pub struct Pick(u64);

impl Pick {
    pub fn new(seed: u64) -> Pick {
        Pick(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// A uniform-enough index below `n` (multiply-shift; n ≤ 26 here).
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let x = self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32;
        ((x * n as u64) >> 32) as usize
    }

    /// 32 random bits.
    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) as u32
    }
}

/// How a random game chooses its actions (uniformly among the legal ones
/// either way).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// `legal_action_at` (no list), no events: the playout path.
    Direct,
    /// `legal_actions()` then pick one, no events.
    List,
    /// `legal_actions()`, then `apply` returning the event list (the UI's path).
    Events,
}

/// Plays one complete random game; returns the number of actions applied.
pub fn random_game(options: Options, seed: u64, pick: &mut Pick, mode: Mode) -> u64 {
    let Ok(mut game) = Game::new(options, seed) else {
        return 0;
    };
    let events = mode == Mode::Events;
    let mut actions = 0;
    while !game.is_over() {
        let chosen = if mode == Mode::Direct {
            game.legal_action_at(pick.next_u32())
        } else {
            let legal = game.legal_actions();
            legal.get(pick.below(legal.len()))
        };
        let Some(a) = chosen else {
            break;
        };
        let applied = if events {
            game.apply(a).map(|e| {
                black_box(e);
            })
        } else {
            game.apply_with(a, &mut NoEvents)
        };
        if applied.is_err() {
            break;
        }
        actions += 1;
    }
    black_box(&game);
    actions
}

/// Games, actions and elapsed time of random games played for `budget`.
pub fn run_games(
    options: Options,
    seed: u64,
    budget: Duration,
    mode: Mode,
) -> (u64, u64, Duration) {
    let mut pick = Pick::new(seed ^ 0xA5A5);
    let start = Instant::now();
    let (mut games, mut actions) = (0u64, 0u64);
    while start.elapsed() < budget {
        for _ in 0..64 {
            actions += random_game(options, seed.wrapping_add(games), &mut pick, mode);
            games += 1;
        }
    }
    (games, actions, start.elapsed())
}

/// Up to `n` games just scored (a round over, the game not), from random
/// games.
fn round_ends(options: Options, seed: u64, n: usize) -> Vec<Game> {
    let mut pick = Pick::new(seed ^ 0x5A5A);
    let mut out = Vec::new();
    for g in 0..(n as u64 * 4) {
        let Ok(mut game) = Game::new(options, seed.wrapping_add(g)) else {
            continue;
        };
        while !game.is_over() && out.len() < n {
            if game.phase() == Phase::RoundOver {
                out.push(game.clone());
            }
            let Some(a) = game.legal_action_at(pick.next_u32()) else {
                break;
            };
            if game.apply_with(a, &mut NoEvents).is_err() {
                break;
            }
        }
        if out.len() >= n {
            break;
        }
    }
    out
}

fn per_op_ns(budget: Duration, mut op: impl FnMut(u64)) -> f64 {
    let start = Instant::now();
    let mut n = 0u64;
    while start.elapsed() < budget {
        for _ in 0..1024 {
            op(n);
            n += 1;
        }
    }
    start.elapsed().as_nanos() as f64 / n as f64
}

pub fn main(args: &[String]) -> Result<ExitCode, String> {
    let mut seconds = 2.0f64;
    let mut seed = 1u64;
    let mut fixed_games: Option<u64> = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .ok_or_else(|| format!("bench: {name} needs a value"))
        };
        match a.as_str() {
            "--seconds" => {
                seconds = value("--seconds")?
                    .parse()
                    .map_err(|_| "bench: --seconds takes a number".to_string())?;
            }
            "--seed" => {
                seed = value("--seed")?
                    .parse()
                    .map_err(|_| "bench: --seed takes a whole number".to_string())?;
            }
            "--games" => {
                fixed_games = Some(
                    value("--games")?
                        .parse()
                        .map_err(|_| "bench: --games takes a whole number".to_string())?,
                );
            }
            other => return Err(format!("bench: unexpected argument `{other}`")),
        }
    }
    if !(seconds > 0.0 && seconds < 3600.0) {
        return Err("bench: --seconds must be between 0 and 3600".into());
    }
    let budget = Duration::from_secs_f64(seconds);
    let options = Options::players(4);
    if let Some(n) = fixed_games {
        // Fixed work, for instruction counts (perf stat, callgrind): the
        // same games every run, whatever else the machine is doing.
        let mut pick = Pick::new(seed ^ 0xA5A5);
        let start = Instant::now();
        let actions: u64 = (0..n)
            .map(|g| random_game(options, seed.wrapping_add(g), &mut pick, Mode::Direct))
            .sum();
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{}",
            json!({"games": n, "actions": actions, "seconds": secs,
                   "actions_per_sec": (actions as f64 / secs).round(),
                   "games_per_sec": (n as f64 / secs).round()})
        );
        return Ok(ExitCode::SUCCESS);
    }

    let (games, actions, elapsed) = run_games(options, seed, budget, Mode::Direct);
    let secs = elapsed.as_secs_f64();
    let (list_games, list_actions, list_elapsed) = run_games(options, seed, budget, Mode::List);
    let (_, ev_actions, ev_elapsed) = run_games(options, seed, budget, Mode::Events);

    let sample = Game::new(options, seed).map_err(|e| e.to_string())?;
    let clone_ns = per_op_ns(budget / 4, |_| {
        black_box(black_box(&sample).clone());
    });
    let view_ns = per_op_ns(budget / 4, |i| {
        black_box(black_box(&sample).view((i % 4) as u8));
    });

    let ends = round_ends(options, seed, 256);
    let next_round_us = per_op_ns(budget / 4, |i| {
        if let Some(g) = ends.get(i as usize % ends.len().max(1)) {
            let mut g = g.clone();
            let _ = black_box(g.apply_with(Action::NextRound, &mut NoEvents));
        }
    }) / 1000.0;

    let line = json!({
        "actions_per_sec": (actions as f64 / secs).round(),
        "games_per_sec": (games as f64 / secs).round(),
        "actions_per_game": (actions as f64 / games as f64 * 10.0).round() / 10.0,
        "list_actions_per_sec": (list_actions as f64 / list_elapsed.as_secs_f64()).round(),
        "list_games_per_sec": (list_games as f64 / list_elapsed.as_secs_f64()).round(),
        "actions_with_events_per_sec": (ev_actions as f64 / ev_elapsed.as_secs_f64()).round(),
        "clone_ns": (clone_ns * 10.0).round() / 10.0,
        "next_round_us": (next_round_us * 10.0).round() / 10.0,
        "view_ns": (view_ns * 10.0).round() / 10.0,
        "players": 4,
        "target": options.target,
        "games": games,
        "seconds": (secs * 100.0).round() / 100.0,
        "game_bytes": std::mem::size_of::<Game>(),
    });
    println!("{line}");
    Ok(ExitCode::SUCCESS)
}
