//! `mojo beliefs`: how well a seat's beliefs about the other seats'
//! hidden cards fit the truth (issue 36), measured as a log-loss.
//!
//! Plays `--games G` games of the line-up `--seats` (default `medium-v1`
//! in every seat) from `--seed S`. At some of seat 0's decisions (in play,
//! with a choice to make: each with a chance of 1 in 8, at most 4 a game)
//! it asks each belief for `--samples N` deals consistent with seat 0's
//! view, and scores the truth under it: for each other seat holding hidden
//! cards and each card value, −ln P(the seat's true count of that value
//! among its hidden cards, in hand beyond the known ones and face down),
//! where P is the share of the belief's deals with that count, smoothed
//! (½ added to each count from 0 to the copies seat 0 cannot place).
//!
//! The beliefs:
//! - `uniform`: every deal consistent with the view alike
//!   ([`Game::sample_from_view`]);
//! - `infer`: Hard's inference ([`inferred_deals`], its candidates weighed
//!   as Hard's search of its budget weighs them);
//! - `particles`: whole deals weighed by a mixture of policies per seat
//!   ([`particle_deals`], as a search of Hard's budget builds them).
//!
//! Also reported: the mean time each belief took to build per position
//! (native, one thread), beside a decision's budget.
//!
//! Reported per belief: the mean log-loss per position (summed over the
//! seats and values), with a 95% interval, and per (seat, value) cell.
//! Lower is better; the difference between two beliefs on the same
//! positions is the figure that matters (paired, with its own interval).

use std::process::ExitCode;
use std::time::Instant;

use mojo_engine::bot::{inferred_deals, mix, particle_deals, Budget};
use mojo_engine::{Cards, Game, NoEvents, Options, Phase, PlayerView};
use serde_json::json;

use crate::tournament::{Kind, Player, MAX_ACTIONS};

/// What to measure.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    pub players: u8,
    pub seats: Vec<Kind>,
    pub games: u32,
    pub seed: u64,
    pub samples: usize,
    pub json: bool,
}

pub const USAGE: &str =
    "usage: mojo beliefs [--games G] [--seed S] [--players N] [--seats K1,K2,...]
                    [--samples N] [--json]
  plays G games (default 1000) of the line-up (default medium-v1; fewer kinds than
  players: the last fills; any kind of `mojo tournament`, played without a clock) and
  scores what seat 0 believes of the other hands at some of its decisions: the
  log-loss of each seat's true count of each value, under every deal alike (uniform)
  under Hard's inference (infer) and under whole-deal particles with a mixture of
  policies per seat (particles), from N deals each (default 400)";

/// The beliefs measured, in the order reported.
pub const BELIEFS: [&str; 3] = ["uniform", "infer", "particles"];

/// Parses the arguments (without the subcommand).
pub fn parse(args: &[String]) -> Result<Config, String> {
    let mut cfg = Config {
        players: 4,
        seats: vec![Kind::MediumV1],
        games: 1000,
        seed: 1,
        samples: 400,
        json: false,
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .ok_or_else(|| format!("{name} needs a value\n{USAGE}"))
                .cloned()
        };
        let number = |name: &str, v: String| {
            v.parse::<u64>()
                .map_err(|_| format!("{name}: not a number: {v}\n{USAGE}"))
        };
        match a.as_str() {
            "--games" => cfg.games = number(a, value(a)?)?.clamp(1, 1_000_000) as u32,
            "--seed" => cfg.seed = number(a, value(a)?)?,
            "--players" => {
                let n = number(a, value(a)?)?;
                if !(2..=6).contains(&n) {
                    return Err(format!("--players: 2 to 6, not {n}\n{USAGE}"));
                }
                cfg.players = n as u8;
            }
            "--samples" => cfg.samples = number(a, value(a)?)?.clamp(10, 100_000) as usize,
            "--seats" => {
                cfg.seats = value(a)?
                    .split(',')
                    .map(str::parse::<Kind>)
                    .collect::<Result<_, _>>()?;
            }
            "--json" => cfg.json = true,
            other => return Err(format!("unknown argument {other}\n{USAGE}")),
        }
    }
    if cfg.seats.is_empty() || cfg.seats.len() > cfg.players as usize {
        return Err(format!("--seats: 1 to {} kinds\n{USAGE}", cfg.players));
    }
    Ok(cfg)
}

/// The log-loss of the truth under `deals`, summed over the seats other
/// than `view`'s with hidden cards and over the values; and how many
/// (seat, value) cells it sums.
pub fn log_loss(view: &PlayerView, truth: &Game, deals: &[Game]) -> (f64, usize) {
    let unseen = view.unseen();
    let (mut sum, mut cells) = (0.0, 0);
    let n = deals.len() as f64;
    for s in 0..view.players() {
        let sv = &view.seats[s as usize];
        if s == view.seat
            || sv.hand_len as usize + sv.face_down_len as usize <= sv.known_in_hand.len()
        {
            continue;
        }
        let hidden = |g: &Game| {
            let mut h = *g.hand(s);
            h.remove_all(&sv.known_in_hand);
            h.add_all(g.face_down(s));
            h
        };
        let true_hidden = hidden(truth);
        let sampled: Vec<Cards> = deals.iter().map(hidden).collect();
        for (v, &copies) in unseen.counts().iter().enumerate() {
            if copies == 0 {
                continue;
            }
            let want = true_hidden.counts()[v];
            let hits = sampled.iter().filter(|h| h.counts()[v] == want).count() as f64;
            let p = (hits + 0.5) / (n + 0.5 * (f64::from(copies) + 1.0));
            sum -= p.ln();
            cells += 1;
        }
    }
    (sum, cells)
}

/// Per belief: the log-loss of every position, and the cells summed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Results {
    pub positions: Vec<[f64; 3]>,
    pub cells: usize,
    /// Per belief, the seconds spent building its deals (not compared by
    /// `==`: a run's figures are a function of its arguments, its times
    /// are not).
    pub seconds: Seconds,
}

/// Per belief, seconds spent (equal to any other: see [`Results`]).
#[derive(Clone, Debug, Default)]
pub struct Seconds(pub [f64; 3]);

impl PartialEq for Seconds {
    fn eq(&self, _: &Seconds) -> bool {
        true
    }
}

/// Plays `games` games of the line-up `seats` (the last kind fills) from
/// `seed`, without a clock, and shows `visit` some of seat 0's decisions:
/// in play, with a choice, each with a chance of 1 in 8, at most 4 a game;
/// `visit` gets the true game, seat 0's view and a seed of that position.
/// `mojo beliefs` scores beliefs there; `mojo playouts` plays from there.
pub fn sample_positions(
    players: u8,
    seats: &[Kind],
    games: u32,
    seed: u64,
    mut visit: impl FnMut(&Game, &PlayerView, u64),
) {
    let n = players as usize;
    let kinds: Vec<Kind> = (0..n).map(|s| seats[s.min(seats.len() - 1)]).collect();
    for deal in 0..u64::from(games) {
        let game_seed = mix(seed ^ mix(deal));
        let options = Options {
            players,
            ..Options::default()
        };
        let Ok(game) = Game::new(options, game_seed) else {
            continue;
        };
        // The particles read each seat's record of play.
        let mut game = game.keeping_styles();
        let mut players: Vec<Player> = kinds
            .iter()
            .enumerate()
            .map(|(s, k)| Player::new(*k, mix(game_seed ^ (s as u64 + 1)), None, None))
            .collect();
        let mut taken = 0;
        for step in 0..MAX_ACTIONS {
            if game.is_over() {
                break;
            }
            let seat = game.current();
            let view = game.view(seat);
            let choice = view.legal_actions().len() >= 2 && game.phase() == Phase::Play;
            let seed = mix(game_seed ^ 0x6265_6C69_6566 ^ u64::from(step));
            if seat == 0 && choice && taken < 4 && seed.is_multiple_of(8) {
                taken += 1;
                visit(&game, &view, seed);
            }
            let action = players[seat as usize].choose(&game, &view);
            if game.apply_with(action, &mut NoEvents).is_err() {
                break;
            }
        }
    }
}

/// Plays the games and scores the beliefs.
pub fn run(cfg: &Config) -> Results {
    let mut out = Results::default();
    sample_positions(
        cfg.players,
        &cfg.seats,
        cfg.games,
        cfg.seed,
        |game, view, seed| {
            let iterations = Budget::HARD.iterations;
            let t = Instant::now();
            let uniform: Vec<Game> = (0..cfg.samples as u64)
                .map(|i| Game::sample_from_view(view, mix(seed ^ (i + 1))))
                .collect();
            out.seconds.0[0] += t.elapsed().as_secs_f64();
            let t = Instant::now();
            let inferred = inferred_deals(view, seed, iterations, cfg.samples);
            out.seconds.0[1] += t.elapsed().as_secs_f64();
            let t = Instant::now();
            let particles = particle_deals(view, seed, iterations, cfg.samples);
            out.seconds.0[2] += t.elapsed().as_secs_f64();
            let (u, cells) = log_loss(view, game, &uniform);
            let (i, _) = log_loss(view, game, &inferred);
            let (p, _) = log_loss(view, game, &particles);
            out.positions.push([u, i, p]);
            out.cells += cells;
        },
    );
    out
}

/// Mean and half-width of the 95% normal interval.
fn mean_ci(xs: impl Iterator<Item = f64> + Clone) -> (f64, f64) {
    let n = xs.clone().count().max(1) as f64;
    let mean = xs.clone().sum::<f64>() / n;
    let var = xs.map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, 1.96 * (var / n).sqrt())
}

impl Results {
    /// Per belief: mean log-loss per position and its half-interval, and
    /// per (seat, value) cell.
    /// And the mean milliseconds each belief took to build per position.
    pub fn summary(&self) -> Vec<(&'static str, f64, f64, f64, f64)> {
        let per_cell = self.positions.len() as f64 / self.cells.max(1) as f64;
        let per_position = 1000.0 / self.positions.len().max(1) as f64;
        BELIEFS
            .iter()
            .enumerate()
            .map(|(b, name)| {
                let (m, h) = mean_ci(self.positions.iter().map(|p| p[b]));
                (*name, m, h, m * per_cell, self.seconds.0[b] * per_position)
            })
            .collect()
    }

    pub fn table(&self) -> String {
        let mut out =
            String::from("belief     log-loss/position  95% CI            per cell  ms/position\n");
        for (name, m, h, cell, ms) in self.summary() {
            out.push_str(&format!(
                "{name:<10} {m:>10.3}         [{:.3}, {:.3}]  {cell:.4}    {ms:.2}\n",
                m - h,
                m + h
            ));
        }
        for (b, name) in BELIEFS.iter().enumerate().skip(1) {
            let (d, h) = mean_ci(self.positions.iter().map(|p| p[b] - p[0]));
            out.push_str(&format!(
                "{name} − uniform, paired: {d:.3} [{:.3}, {:.3}] per position\n",
                d - h,
                d + h
            ));
        }
        let (d, h) = mean_ci(self.positions.iter().map(|p| p[2] - p[1]));
        out.push_str(&format!(
            "particles − infer, paired: {d:.3} [{:.3}, {:.3}] per position\n",
            d - h,
            d + h
        ));
        out
    }
}

pub fn main(args: &[String]) -> Result<ExitCode, String> {
    let cfg = parse(args)?;
    let start = Instant::now();
    let results = run(&cfg);
    let names: Vec<String> = cfg.seats.iter().map(|k| k.name()).collect();
    println!(
        "beliefs: {} players, seats {}, {} games, seed {}, {} samples, {} positions ({} cells), {:.1} s",
        cfg.players,
        names.join(","),
        cfg.games,
        cfg.seed,
        cfg.samples,
        results.positions.len(),
        results.cells,
        start.elapsed().as_secs_f64()
    );
    print!("{}", results.table());
    if cfg.json {
        let beliefs: Vec<_> = results
            .summary()
            .into_iter()
            .map(|(name, m, h, cell, ms)| json!({"belief": name, "per_position": m, "ci95": h, "per_cell": cell, "ms_per_position": ms}))
            .collect();
        println!(
            "{}",
            json!({ "positions": results.positions.len(), "beliefs": beliefs })
        );
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args;
    use mojo_engine::bot::GreedyBot;
    use mojo_engine::Bot;

    #[test]
    fn arguments_are_read_or_refused_with_the_usage() {
        let c = parse(&args("--games 20 --seed 3 --seats easy --samples 50")).unwrap();
        assert_eq!((c.games, c.seed, c.samples, c.players), (20, 3, 50, 4));
        assert_eq!(c.seats, vec![Kind::Bot(mojo_engine::BotKind::Easy)]);
        for bad in [
            "--games",
            "--games x",
            "--players 9",
            "--wat",
            "--seats nobody",
        ] {
            assert!(parse(&args(bad)).is_err(), "{bad}");
        }
    }

    /// The truth itself as the only deal scores near zero; a deal that
    /// differs scores worse; more deals like the truth, better.
    #[test]
    fn the_log_loss_rewards_deals_like_the_truth() {
        let mut game = Game::new(Options::players(4), 5).unwrap();
        for _ in 0..9 {
            let a = GreedyBot.choose(&game.view(game.current()));
            game.apply_with(a, &mut NoEvents).unwrap();
        }
        let view = game.view(game.current());
        let (truth_only, cells) = log_loss(&view, &game, &vec![game.clone(); 400]);
        assert!(cells > 10);
        let other = Game::sample_from_view(&view, 9);
        let (wrong, _) = log_loss(&view, &game, &vec![other.clone(); 400]);
        assert!(truth_only < wrong, "{truth_only} vs {wrong}");
        let mixed: Vec<Game> = (0..400)
            .map(|i| {
                if i % 2 == 0 {
                    game.clone()
                } else {
                    other.clone()
                }
            })
            .collect();
        let (half, _) = log_loss(&view, &game, &mixed);
        assert!(truth_only < half && half < wrong);
    }

    /// A short run scores every belief on the same positions, each a
    /// positive, finite loss, and is a function of its arguments.
    #[test]
    fn a_short_run_scores_every_belief_on_the_same_positions() {
        let cfg = parse(&args("--games 12 --seed 2 --samples 60")).unwrap();
        let r = run(&cfg);
        assert!(r.positions.len() >= 6, "{} positions", r.positions.len());
        assert!(r
            .positions
            .iter()
            .all(|p| p.iter().all(|x| x.is_finite() && *x > 0.0)));
        assert_eq!(run(&cfg), r, "a function of the arguments");
    }
}
