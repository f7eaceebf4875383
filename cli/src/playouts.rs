//! `mojo playouts`: how Hard's simulated rounds differ from rounds the real
//! opponents play (issue 60's E2).
//!
//! Takes positions as `mojo beliefs` takes them
//! ([`crate::beliefs::sample_positions`]: seat 0's decisions in games of
//! `--seats`, default `medium-v1` everywhere) and plays each round out
//! `--playouts K` times from there on the true hands, the draw pile
//! reshuffled for each playout (playout k of a position gets the same draw
//! pile under every policy: paired). The policies (`--policies`):
//! - `medium-v1`: four real [`v1::MediumBot`]s, each on its own view;
//! - `omniscient`: Hard's playout today ([`Playout::Omniscient`]);
//! - `medium`, `honest`: the other playouts of [`Playout`] (one
//!   [`Playouts`] per position, as one search keeps one).
//!
//! Reported per policy: the share of rounds whose ender (the Mojo holder)
//! paid +10, the share seat 0 ended (and each other seat, counted from
//! seat 0), seat 0's round score and the mean round score of all seats;
//! then each policy against the first (`medium-v1`): the difference per
//! position, with a 95% interval over positions.

use std::process::ExitCode;
use std::time::Instant;

use mojo_engine::bot::{mix, v1, Playout, Playouts};
use mojo_engine::{Action, Bot, Game, NoEvents, Phase};
use serde_json::json;

use crate::beliefs::sample_positions;
use crate::paired::mean_ci;
use crate::tournament::{Kind, MAX_ACTIONS};

/// A way to play a round out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// Four real `medium-v1`s on their own views.
    MediumV1,
    /// One of Hard's playouts.
    Hard(Playout),
}

impl Policy {
    pub fn name(self) -> &'static str {
        match self {
            Policy::MediumV1 => "medium-v1",
            Policy::Hard(p) => p.name(),
        }
    }
}

impl std::str::FromStr for Policy {
    type Err = String;
    fn from_str(s: &str) -> Result<Policy, String> {
        if s.trim().eq_ignore_ascii_case("medium-v1") {
            return Ok(Policy::MediumV1);
        }
        s.parse::<Playout>()
            .map(Policy::Hard)
            .map_err(|e| format!("{e}, or medium-v1"))
    }
}

/// What to measure.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    pub players: u8,
    pub seats: Vec<Kind>,
    pub games: u32,
    pub seed: u64,
    pub playouts: u32,
    pub policies: Vec<Policy>,
    pub json: bool,
}

pub const USAGE: &str =
    "usage: mojo playouts [--games G] [--seed S] [--players N] [--seats K1,K2,...]
                     [--playouts K] [--policies P1,P2,...] [--json]
  takes seat 0's positions as `mojo beliefs` does (G games, default 200, of the line-up,
  default medium-v1) and plays each round out K times (default 8) on the true hands, the
  draw pile reshuffled each time, by each policy (default medium-v1,omniscient,medium,honest:
  four real medium-v1 on their views; Hard's playouts); reports the +10 rate of the
  round's ender, who ends it, the points, and each policy minus the first, paired by
  position with a 95% interval";

pub fn parse(args: &[String]) -> Result<Config, String> {
    let mut cfg = Config {
        players: 4,
        seats: vec![Kind::MediumV1],
        games: 200,
        seed: 1,
        playouts: 8,
        policies: vec![
            Policy::MediumV1,
            Policy::Hard(Playout::Omniscient),
            Policy::Hard(Playout::Medium),
            Policy::Hard(Playout::Honest),
        ],
        json: false,
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = || {
            it.next()
                .cloned()
                .ok_or_else(|| format!("playouts: {a} needs a value\n{USAGE}"))
        };
        let number = |v: String| {
            v.parse::<u64>()
                .map_err(|_| format!("playouts: {a}: not a number: {v}\n{USAGE}"))
        };
        match a.as_str() {
            "--games" => cfg.games = number(value()?)?.clamp(1, 1_000_000) as u32,
            "--seed" => cfg.seed = number(value()?)?,
            "--playouts" => cfg.playouts = number(value()?)?.clamp(1, 10_000) as u32,
            "--players" => {
                let n = number(value()?)?;
                if !(2..=6).contains(&n) {
                    return Err(format!("playouts: --players 2 to 6, not {n}"));
                }
                cfg.players = n as u8;
            }
            "--seats" => {
                cfg.seats = value()?
                    .split(',')
                    .map(str::parse::<Kind>)
                    .collect::<Result<_, _>>()?
            }
            "--policies" => {
                cfg.policies = value()?
                    .split(',')
                    .map(str::parse::<Policy>)
                    .collect::<Result<_, _>>()?
            }
            "--json" => cfg.json = true,
            other => return Err(format!("playouts: unexpected argument `{other}`\n{USAGE}")),
        }
    }
    if cfg.seats.is_empty() || cfg.seats.len() > cfg.players as usize || cfg.policies.is_empty() {
        return Err(format!(
            "playouts: 1 to {} seats, 1 policy or more\n{USAGE}",
            cfg.players
        ));
    }
    Ok(cfg)
}

/// One round played out: who ended it, whether they paid +10, the scores.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ending {
    pub holder: u8,
    pub plus10: bool,
    pub scores: [u32; 8],
}

/// Plays `game`'s round out with `policy` (playout `k` of a position with
/// seed `seed`; `hard` is the position's playout policy and cache).
pub fn play_out(
    mut game: Game,
    policy: Policy,
    hard: &mut Option<Playouts>,
    seed: u64,
    k: u32,
) -> Option<Ending> {
    let mut mediums: Vec<v1::MediumBot> = (0..game.players())
        .map(|s| v1::MediumBot::new(mix(seed ^ mix(u64::from(k) << 8 | u64::from(s)))))
        .collect();
    for _ in 0..MAX_ACTIONS {
        if matches!(game.phase(), Phase::RoundOver | Phase::GameOver) {
            let r = game.last_round()?;
            return Some(Ending {
                holder: r.holder,
                plus10: r.holder_penalised(),
                scores: r.scores,
            });
        }
        let seat = game.current();
        let a: Action = match (policy, hard.as_mut()) {
            (Policy::Hard(_), Some(p)) => p.action(&game),
            _ => mediums[seat as usize].choose(&game.view(seat)),
        };
        game.apply_with(a, &mut NoEvents).ok()?;
    }
    None
}

/// Per position and policy: the means over its playouts of (+10, seat 0
/// ended, seat 0's score, all seats' mean score), and per seat counted
/// from seat 0, the share it ended.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Results {
    pub positions: Vec<Vec<[f64; 4]>>,
    pub enders: Vec<Vec<f64>>,
    pub seconds: Vec<f64>,
}

pub fn run(cfg: &Config) -> Results {
    let np = cfg.policies.len();
    let mut out = Results {
        enders: vec![vec![0.0; cfg.players as usize]; np],
        seconds: vec![0.0; np],
        ..Results::default()
    };
    sample_positions(
        cfg.players,
        &cfg.seats,
        cfg.games,
        cfg.seed,
        |truth, _, seed| {
            let mut row = Vec::with_capacity(np);
            for (i, &policy) in cfg.policies.iter().enumerate() {
                let t = Instant::now();
                let mut hard = match policy {
                    Policy::Hard(p) => Some(Playouts::new(p, seed)),
                    Policy::MediumV1 => None,
                };
                let mut sums = [0.0; 4];
                let mut n = 0.0;
                for k in 0..cfg.playouts {
                    let world = truth.with_draw_pile_shuffled(mix(seed ^ u64::from(k + 1)));
                    let Some(e) = play_out(world, policy, &mut hard, seed, k) else {
                        continue;
                    };
                    let players = cfg.players as usize;
                    let all: u32 = e.scores[..players].iter().sum();
                    sums[0] += f64::from(u8::from(e.plus10));
                    sums[1] += f64::from(u8::from(e.holder == 0));
                    sums[2] += f64::from(e.scores[0]);
                    sums[3] += f64::from(all) / players as f64;
                    out.enders[i][e.holder as usize % players] += 1.0;
                    n += 1.0;
                }
                row.push(sums.map(|x| x / f64::max(n, 1.0)));
                out.seconds[i] += t.elapsed().as_secs_f64();
            }
            out.positions.push(row);
        },
    );
    out
}

/// The figures' names, in [`Results::positions`]' order.
const FIGURES: [&str; 4] = ["+10 rate", "seat 0 ends", "seat 0 points", "points a seat"];

impl Results {
    pub fn table(&self, cfg: &Config) -> String {
        let mut out = String::from(
            "policy       +10 rate  seat 0 ends  seat 0 points  points a seat  enders by seat from 0      ms/position\n",
        );
        let pos = self.positions.len().max(1) as f64;
        for (i, p) in cfg.policies.iter().enumerate() {
            let m: Vec<f64> = (0..4)
                .map(|f| mean_ci(&self.positions.iter().map(|r| r[i][f]).collect::<Vec<_>>()).0)
                .collect();
            let total: f64 = self.enders[i].iter().sum::<f64>().max(1.0);
            let enders: Vec<String> = self.enders[i]
                .iter()
                .map(|e| format!("{:.1}", 100.0 * e / total))
                .collect();
            out.push_str(&format!(
                "{:<12} {:>7.1}%  {:>10.1}%  {:>13.2}  {:>13.2}  {:<26} {:.2}\n",
                p.name(),
                100.0 * m[0],
                100.0 * m[1],
                m[2],
                m[3],
                enders.join(" / "),
                1000.0 * self.seconds[i] / pos
            ));
        }
        for (i, p) in cfg.policies.iter().enumerate().skip(1) {
            out.push_str(&format!(
                "{} − {}, paired by position:",
                p.name(),
                cfg.policies[0].name()
            ));
            for (f, name) in FIGURES.iter().enumerate() {
                let (d, h) = self.diff(i, f);
                let pct = if f < 2 { 100.0 } else { 1.0 };
                out.push_str(&format!(
                    " {name} {:+.2} [{:+.2}, {:+.2}];",
                    d * pct,
                    (d - h) * pct,
                    (d + h) * pct
                ));
            }
            out.push('\n');
        }
        out
    }

    /// Policy `i` minus policy 0 on figure `f`: mean and half-interval.
    pub fn diff(&self, i: usize, f: usize) -> (f64, f64) {
        let d: Vec<f64> = self.positions.iter().map(|r| r[i][f] - r[0][f]).collect();
        mean_ci(&d)
    }
}

pub fn main(args: &[String]) -> Result<ExitCode, String> {
    let cfg = parse(args)?;
    let start = Instant::now();
    let r = run(&cfg);
    println!(
        "playouts: {} players, seats {}, {} games, seed {}, {} positions x {} playouts, {:.1} s",
        cfg.players,
        cfg.seats
            .iter()
            .map(|k| k.name())
            .collect::<Vec<_>>()
            .join(","),
        cfg.games,
        cfg.seed,
        r.positions.len(),
        cfg.playouts,
        start.elapsed().as_secs_f64()
    );
    print!("{}", r.table(&cfg));
    if cfg.json {
        let per: Vec<_> = cfg
            .policies
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let diffs: Vec<_> = (0..4).map(|f| r.diff(i, f)).collect();
                json!({"policy": p.name(), "diff_vs_first": diffs, "enders": r.enders[i]})
            })
            .collect();
        println!(
            "{}",
            json!({"positions": r.positions.len(), "policies": per})
        );
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args;

    /// A short run plays every position under every policy; the figures
    /// are shares and points in range; a policy against itself differs by
    /// nothing; and today's playout ends rounds otherwise than real
    /// Mediums do on some position (it is a different player).
    #[test]
    fn a_short_run_plays_every_policy_on_the_same_positions() {
        let cfg = parse(&args(
            "--games 6 --seed 3 --playouts 3 --policies medium-v1,omniscient,honest,medium-v1",
        ))
        .unwrap();
        let r = run(&cfg);
        assert!(r.positions.len() >= 6, "{} positions", r.positions.len());
        for row in &r.positions {
            assert_eq!(row.len(), 4);
            for f in row {
                assert!((0.0..=1.0).contains(&f[0]) && (0.0..=1.0).contains(&f[1]));
                assert!(f[2] >= 0.0 && f[3] > 0.0, "{f:?}");
            }
            assert_eq!(row[3], row[0], "medium-v1 twice: the same playouts");
        }
        assert_eq!(r.diff(3, 0), (0.0, 0.0));
        assert!(r.positions.iter().any(|row| row[1] != row[0]));
        assert_eq!(
            run(&cfg).positions,
            r.positions,
            "a function of the arguments"
        );
        for bad in ["--policies cheat", "--playouts x", "--players 9", "--wat"] {
            assert!(parse(&args(bad)).is_err(), "{bad}");
        }
    }
}
