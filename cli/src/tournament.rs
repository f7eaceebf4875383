//! `mojo tournament`: bots against bots, with the luck of the deal
//! cancelled by rotating seats.
//!
//! `--seats a,b,c,d` is one line-up (any [`BotKind`], or `cheat`, see
//! [`Kind::Cheat`]) ; one kind per seat; with fewer kinds than
//! `--players`, the last kind fills the remaining seats). Each deal (a game
//! seed) is played once per rotation of the line-up, so every kind plays it
//! from every seat; `--games G` is rounded up to a multiple of the number of
//! players.
//!
//! Reported per kind, over its seat-games (a kind in three seats plays three
//! seat-games per game):
//! - `win_share`: the mean share of victory (a shared win of k seats counts
//!   1/k), with a normal-approximation 95% interval (`ci95`); a fair share is
//!   1/players;
//! - `mean_total`: the mean final total; `mean_round_score`: the mean round
//!   score (after the Mojo rule);
//! - `mojo_rate`: the share of rounds in which it took the Mojo;
//!   `plus10_rate`: the share of those in which it paid +10;
//! - think time per decision in milliseconds (`think_ms_p50`, `_p95`,
//!   `_max`), over decisions with at least two legal actions, timed around
//!   the bot's `choose` on this machine's clock.

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::time::Instant;

use mojo_engine::bot::{mix, Budget, HardSearch, SharedClock};
use mojo_engine::{Action, Bot, BotKind, Game, NoEvents, Options, Phase, PlayerView};
use serde_json::{json, Map, Value as Json};

/// A player of the tournament: one of the engine's bots, or the `cheat`
/// yardstick, which exists only here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Bot(BotKind),
    /// Hard's own search on Hard's budget, whose only sampled deal is the
    /// true one (every hand and the draw pile's order; future reshuffles
    /// stay unknown): the ceiling of what knowing the hidden cards is worth
    /// to that search. It reads the [`Game`], so it is not a [`BotKind`]:
    /// saves, the lobby and the engine's honesty tests never meet it.
    Cheat,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Bot(b) => b.name(),
            Kind::Cheat => "cheat",
        }
    }
}

impl std::str::FromStr for Kind {
    type Err = String;
    fn from_str(s: &str) -> Result<Kind, String> {
        if s.trim().eq_ignore_ascii_case("cheat") {
            return Ok(Kind::Cheat);
        }
        s.parse::<BotKind>()
            .map(Kind::Bot)
            .map_err(|e| format!("{e}, or cheat"))
    }
}

impl From<BotKind> for Kind {
    fn from(b: BotKind) -> Kind {
        Kind::Bot(b)
    }
}

/// The `cheat` yardstick (see [`Kind::Cheat`]).
pub struct CheatBot {
    seed: u64,
    decisions: u64,
    budget: Budget,
    clock: Option<SharedClock>,
}

impl CheatBot {
    pub fn new(seed: u64, budget: Budget, clock: Option<SharedClock>) -> CheatBot {
        CheatBot {
            seed: mix(seed ^ 0x0063_6865_6174),
            decisions: 0,
            budget,
            clock,
        }
    }

    /// Hard's search for the seat to act in `game`, every simulation played
    /// on `game` itself.
    pub fn choose(&mut self, game: &Game) -> Action {
        let view = game.view(game.current());
        let truth = game.clone();
        self.decisions += 1;
        let seed = mix(self.seed ^ self.decisions);
        let mut search =
            HardSearch::with_deals(&view, seed, self.budget, Box::new(move |_| truth.clone()));
        loop {
            let done = match &self.clock {
                Some(c) => search.step_timed(24, c.now_ms()),
                None => search.step(24),
            };
            if done {
                return search.best();
            }
        }
    }
}

/// One seat's player in a game.
enum Player {
    Bot(Box<dyn Bot + Send>),
    Cheat(CheatBot),
}

impl Player {
    fn new(kind: Kind, seed: u64, budget: Option<Budget>, clock: Option<SharedClock>) -> Player {
        match kind {
            Kind::Bot(b) => Player::Bot(b.make_with(seed, budget, clock)),
            Kind::Cheat => {
                Player::Cheat(CheatBot::new(seed, budget.unwrap_or(Budget::HARD), clock))
            }
        }
    }

    fn choose(&mut self, game: &Game, view: &PlayerView) -> Action {
        match self {
            Player::Bot(b) => b.choose(view),
            Player::Cheat(c) => c.choose(game),
        }
    }
}

/// What to play.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    pub players: u8,
    pub seats: Vec<Kind>,
    pub games: u32,
    pub seed: u64,
    pub threads: u32,
    pub json: bool,
    pub double_discard: bool,
    pub target: u32,
    /// Overrides the search bots' iteration budget.
    pub iterations: Option<u32>,
    /// Search bots also stop on their millisecond budget (default on).
    pub clock: bool,
}

/// Totals for one kind.
#[derive(Clone, Debug, Default)]
pub struct KindStats {
    pub games: u64,
    pub wins: f64,
    pub total_sum: f64,
    pub rounds: u64,
    pub round_score_sum: f64,
    pub mojo: u64,
    pub plus10: u64,
    pub think_ms: Vec<f64>,
    pub illegal: u64,
}

impl KindStats {
    fn merge(&mut self, o: KindStats) {
        self.games += o.games;
        self.wins += o.wins;
        self.total_sum += o.total_sum;
        self.rounds += o.rounds;
        self.round_score_sum += o.round_score_sum;
        self.mojo += o.mojo;
        self.plus10 += o.plus10;
        self.think_ms.extend(o.think_ms);
        self.illegal += o.illegal;
    }

    pub fn win_share(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.wins / self.games as f64
        }
    }

    /// Normal-approximation 95% interval of the win share.
    pub fn ci95(&self) -> (f64, f64) {
        let p = self.win_share();
        let n = self.games.max(1) as f64;
        let h = 1.96 * (p * (1.0 - p) / n).sqrt();
        ((p - h).max(0.0), (p + h).min(1.0))
    }
}

/// The results of a tournament, per kind.
#[derive(Clone, Debug, Default)]
pub struct Results {
    pub kinds: BTreeMap<Kind, KindStats>,
    pub games: u64,
}

fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * q).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

impl Results {
    /// The `{"kinds": {...}}` object.
    pub fn to_json(&self) -> Json {
        let mut kinds = Map::new();
        for (kind, s) in &self.kinds {
            let mut t = s.think_ms.clone();
            t.sort_by(f64::total_cmp);
            let (lo, hi) = s.ci95();
            let rounds = s.rounds.max(1) as f64;
            kinds.insert(
                kind.name().to_string(),
                json!({
                    "games": s.games,
                    "win_share": round3(s.win_share()),
                    "ci95": [round3(lo), round3(hi)],
                    "mean_total": round3(s.total_sum / s.games.max(1) as f64),
                    "mean_round_score": round3(s.round_score_sum / rounds),
                    "mojo_rate": round3(s.mojo as f64 / rounds),
                    "plus10_rate": round3(s.plus10 as f64 / s.mojo.max(1) as f64),
                    "think_ms_p50": round3(quantile(&t, 0.5)),
                    "think_ms_p95": round3(quantile(&t, 0.95)),
                    "think_ms_max": round3(t.last().copied().unwrap_or(0.0)),
                    "decisions": t.len(),
                    "illegal": s.illegal,
                }),
            );
        }
        json!({ "kinds": kinds })
    }

    /// A plain table, one kind per line.
    pub fn table(&self) -> String {
        let mut out = String::from(
            "kind     games   win%   95% CI          total  round  mojo%  +10%   think ms p50/p95/max\n",
        );
        for (kind, s) in &self.kinds {
            let mut t = s.think_ms.clone();
            t.sort_by(f64::total_cmp);
            let (lo, hi) = s.ci95();
            let rounds = s.rounds.max(1) as f64;
            out.push_str(&format!(
                "{:<8} {:>6} {:>6.1} [{:>5.1}, {:>5.1}]  {:>6.1} {:>6.2} {:>6.1} {:>5.1}   {:.2}/{:.2}/{:.1}\n",
                kind.name(),
                s.games,
                100.0 * s.win_share(),
                100.0 * lo,
                100.0 * hi,
                s.total_sum / s.games.max(1) as f64,
                s.round_score_sum / rounds,
                100.0 * s.mojo as f64 / rounds,
                100.0 * s.plus10 as f64 / s.mojo.max(1) as f64,
                quantile(&t, 0.5),
                quantile(&t, 0.95),
                t.last().copied().unwrap_or(0.0),
            ));
            if s.illegal > 0 {
                out.push_str(&format!(
                    "  {} illegal actions by {}!\n",
                    s.illegal,
                    kind.name()
                ));
            }
        }
        out
    }
}

/// A native clock for the bots' millisecond budgets.
fn native_clock() -> SharedClock {
    let start = Instant::now();
    Box::new(move || start.elapsed().as_secs_f64() * 1000.0)
}

/// The seat line-up of rotation `r`.
fn lineup(cfg: &Config, r: usize) -> Vec<Kind> {
    let n = cfg.players as usize;
    (0..n).map(|s| cfg.seats[(s + r) % n]).collect()
}

/// The most actions one game may take before it is abandoned (a real game
/// takes a few hundred).
const MAX_ACTIONS: u32 = 200_000;

/// Plays one game of one rotation; adds to `stats`.
fn play_one(cfg: &Config, deal: u64, r: usize, stats: &mut BTreeMap<Kind, KindStats>) {
    let n = cfg.players as usize;
    let kinds = lineup(cfg, r);
    let options = Options {
        players: cfg.players,
        double_discard: cfg.double_discard,
        target: cfg.target,
        ..Options::default()
    };
    let game_seed = mix(cfg.seed ^ mix(deal));
    let Ok(mut game) = Game::new(options, game_seed) else {
        return;
    };
    let budget = cfg.iterations.map(|iterations| Budget {
        iterations,
        millis: Budget::HARD.millis,
    });
    let mut bots: Vec<_> = kinds
        .iter()
        .enumerate()
        .map(|(s, k)| {
            let seed = mix(game_seed ^ mix((r * 16 + s) as u64 + 1));
            let clock = cfg.clock.then(native_clock);
            Player::new(*k, seed, budget, clock)
        })
        .collect();
    let mut last_round = 0;
    for _ in 0..MAX_ACTIONS {
        if game.is_over() {
            break;
        }
        let seat = game.current();
        let s = seat as usize;
        let view = game.view(seat);
        let legal = view.legal_actions();
        let t0 = Instant::now();
        let mut action = bots[s].choose(&game, &view);
        let ms = t0.elapsed().as_secs_f64() * 1000.0;
        let st = stats.entry(kinds[s]).or_default();
        if legal.len() >= 2 {
            st.think_ms.push(ms);
        }
        if !legal.contains(action) {
            st.illegal += 1;
            action = legal.get(0).unwrap_or(action);
        }
        if game.apply_with(action, &mut NoEvents).is_err() {
            break;
        }
        if matches!(game.phase(), Phase::RoundOver | Phase::GameOver) {
            if let Some(res) = game.last_round() {
                if res.round != last_round {
                    last_round = res.round;
                    for (i, k) in kinds.iter().enumerate() {
                        let st = stats.entry(*k).or_default();
                        st.rounds += 1;
                        st.round_score_sum += f64::from(res.scores[i]);
                        if res.holder as usize == i {
                            st.mojo += 1;
                            if res.holder_penalised() {
                                st.plus10 += 1;
                            }
                        }
                    }
                }
            }
        }
    }
    let winners = game.winners();
    let totals = game.totals();
    for (i, k) in kinds.iter().enumerate().take(n) {
        let st = stats.entry(*k).or_default();
        st.games += 1;
        st.total_sum += f64::from(totals.get(i).copied().unwrap_or(0));
        if winners.contains(&(i as u8)) {
            st.wins += 1.0 / winners.len() as f64;
        }
    }
}

/// Plays the whole tournament.
pub fn run(cfg: &Config) -> Results {
    let n = cfg.players as usize;
    let deals = u64::from(cfg.games).div_ceil(n as u64);
    let threads = cfg.threads.max(1) as u64;
    let mut parts: Vec<BTreeMap<Kind, KindStats>> = Vec::new();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let mut stats = BTreeMap::new();
                    let mut d = t;
                    while d < deals {
                        for r in 0..n {
                            play_one(cfg, d, r, &mut stats);
                        }
                        d += threads;
                    }
                    stats
                })
            })
            .collect();
        for h in handles {
            if let Ok(s) = h.join() {
                parts.push(s);
            }
        }
    });
    let mut results = Results {
        games: deals * n as u64,
        ..Results::default()
    };
    for part in parts {
        for (k, s) in part {
            results.kinds.entry(k).or_default().merge(s);
        }
    }
    results
}

pub const USAGE: &str =
    "usage: mojo tournament --seats K1,K2,... [--players N] [--games G] [--seed S]
                       [--threads T] [--json] [--double] [--target P] [--iters I] [--no-clock]
  kinds: random, greedy, easy, medium, hard, pimc, and cheat (Hard's search shown the true
  deal: a yardstick of this command only); fewer kinds than players: the last fills;
  seats are rotated so each line-up plays each deal from every seat";

/// Parses the arguments (without the subcommand).
pub fn parse(args: &[String]) -> Result<Config, String> {
    let mut players: Option<u8> = None;
    let mut seats: Option<Vec<Kind>> = None;
    let mut cfg = Config {
        players: 0,
        seats: Vec::new(),
        games: 400,
        seed: 1,
        threads: 1,
        json: false,
        double_discard: false,
        target: mojo_engine::DEFAULT_TARGET,
        iterations: None,
        clock: true,
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .map(String::as_str)
                .ok_or_else(|| format!("tournament: {name} needs a value\n{USAGE}"))
        };
        fn num<T: std::str::FromStr>(name: &str, v: &str) -> Result<T, String> {
            v.parse()
                .map_err(|_| format!("tournament: {name} takes a whole number, not `{v}`"))
        }
        match a.as_str() {
            "--players" => players = Some(num("--players", value("--players")?)?),
            "--seats" => {
                let list = value("--seats")?;
                let kinds = list
                    .split(',')
                    .map(|k| k.parse::<Kind>().map_err(|e| format!("tournament: {e}")))
                    .collect::<Result<Vec<_>, _>>()?;
                seats = Some(kinds);
            }
            "--games" => cfg.games = num("--games", value("--games")?)?,
            "--seed" => cfg.seed = num("--seed", value("--seed")?)?,
            "--threads" => cfg.threads = num("--threads", value("--threads")?)?,
            "--target" => cfg.target = num("--target", value("--target")?)?,
            "--iters" => cfg.iterations = Some(num("--iters", value("--iters")?)?),
            "--json" => cfg.json = true,
            "--double" => cfg.double_discard = true,
            "--no-clock" => cfg.clock = false,
            other => {
                return Err(format!(
                    "tournament: unexpected argument `{other}`\n{USAGE}"
                ))
            }
        }
    }
    let mut seats = seats.ok_or_else(|| format!("tournament: --seats is required\n{USAGE}"))?;
    let n = players.unwrap_or(seats.len() as u8);
    if !(2..=8).contains(&n) {
        return Err(format!("tournament: a game has 2 to 8 players, not {n}"));
    }
    if seats.len() > n as usize {
        return Err(format!(
            "tournament: {} seats listed for {n} players",
            seats.len()
        ));
    }
    while seats.len() < n as usize {
        let last = seats.last().copied().unwrap_or(Kind::Bot(BotKind::Random));
        seats.push(last);
    }
    if cfg.games == 0 {
        return Err("tournament: --games must be at least 1".into());
    }
    if cfg.threads == 0 || cfg.threads > 64 {
        return Err("tournament: --threads must be 1 to 64".into());
    }
    if cfg.target == 0 {
        return Err("tournament: --target must be at least 1".into());
    }
    if cfg.iterations == Some(0) {
        return Err("tournament: --iters must be at least 1".into());
    }
    cfg.players = n;
    cfg.seats = seats;
    Ok(cfg)
}

pub fn main(args: &[String]) -> Result<ExitCode, String> {
    let cfg = parse(args)?;
    let start = Instant::now();
    let results = run(&cfg);
    let secs = start.elapsed().as_secs_f64();
    let names: Vec<&str> = cfg.seats.iter().map(|k| k.name()).collect();
    println!(
        "tournament: {} players, seats {}, {} games ({} deals x {} rotations), seed {}, {:.1} s",
        cfg.players,
        names.join(","),
        results.games,
        results.games / u64::from(cfg.players),
        cfg.players,
        cfg.seed,
        secs
    );
    print!("{}", results.table());
    if cfg.json {
        println!("{}", results.to_json());
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn parses_and_refuses_clearly() {
        let c = parse(&args("--players 4 --seats hard,medium --games 8 --seed 3")).unwrap();
        assert_eq!(c.seats.len(), 4);
        assert_eq!(c.seats[3], Kind::Bot(BotKind::Medium));
        let c = parse(&args("--players 4 --seats cheat,medium")).unwrap();
        assert_eq!(c.seats[0], Kind::Cheat);
        for bad in [
            "--seats hard,expert",
            "--games 10",
            "--seats greedy --players 9",
            "--seats greedy --games x",
            "--seats greedy,greedy,greedy --players 2",
            "--seats greedy --threads 0",
            "--seats",
        ] {
            assert!(parse(&args(bad)).is_err(), "{bad}");
        }
    }

    /// The `cheat` yardstick really plays on the true deal: shown two games
    /// that its seat sees alike, it decides differently in some of them
    /// (an honest bot never does: the engine's R14 honesty test), and its
    /// choices are legal.
    #[test]
    fn cheat_reads_the_hidden_cards() {
        use mojo_engine::bot::GreedyBot;
        let budget = Budget {
            iterations: 150,
            millis: f64::INFINITY,
        };
        let mut differ = 0;
        for seed in 0..12u64 {
            let mut game = Game::new(Options::players(4), seed).unwrap();
            for _ in 0..(4 + seed * 3) {
                let a = GreedyBot.choose(&game.view(game.current()));
                game.apply_with(a, &mut NoEvents).unwrap();
            }
            let seat = game.current();
            let view = game.view(seat);
            if view.legal_actions().len() < 2 {
                continue;
            }
            let a = Game::sample_from_view(&view, 100 + seed);
            let b = Game::sample_from_view(&view, 200 + seed);
            let da = CheatBot::new(7, budget, None).choose(&a);
            let db = CheatBot::new(7, budget, None).choose(&b);
            assert_eq!(view.check(da), Ok(()));
            assert_eq!(view.check(db), Ok(()));
            differ += usize::from(da != db);
        }
        assert!(differ >= 2, "cheat decided alike on {differ} pairs");
    }

    /// Medium clearly beats greedy (a guard against regressions; the long
    /// tournaments are commands, see BENCHMARKS.md).
    #[test]
    fn medium_beats_greedy() {
        let cfg = parse(&args(
            "--players 4 --seats medium,greedy,greedy,greedy --games 200 --seed 11 --threads 2",
        ))
        .unwrap();
        let r = run(&cfg);
        let m = &r.kinds[&Kind::Bot(BotKind::Medium)];
        assert_eq!(m.games, 200);
        assert_eq!(m.illegal, 0);
        assert!(m.win_share() > 0.33, "medium won {}", m.win_share());
    }
}
