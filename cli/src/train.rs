//! `mojo train`: fits the learned evaluation ([`mojo_engine::bot::learned`])
//! on positions of self-play games and writes its weights as a Rust file
//! (`engine/src/bot/learned_weights.rs`).
//!
//! Games are played by four (or two, or six) Medium bots; every `--stride`-th
//! action, each seat's [`round_features`] are recorded and later labelled
//! with that seat's round score (after the Mojo rule); after each scored
//! round that does not end the game, each seat's [`value_features`] are
//! recorded and labelled with its share of the victory at the game's end.
//! Every fifth game is held out.
//!
//! - Round model: ridge least squares (normal equations, Cholesky), exact.
//! - Game model: ridge logistic regression by Newton's method (30 steps).
//!
//! The sums are added in game order whatever `--threads` is, so the same
//! arguments give bit-identical weights on any number of threads.

// Small dense linear algebra reads best with indices.
#![allow(clippy::needless_range_loop)]

use std::process::ExitCode;

use mojo_engine::bot::learned::{
    play_features, round_features, value_features, GAME_FEATURES, PLAY_FEATURES, ROUND_FEATURES,
};
use mojo_engine::bot::{game_value, mix};
use mojo_engine::{Action, BotKind, Game, NoEvents, Options, Phase};
use serde_json::json;

/// What to train on.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    pub games: u32,
    pub seed: u64,
    pub threads: u32,
    /// Player counts, used in turn game by game.
    pub players: Vec<u8>,
    /// Record every `stride`-th action's position.
    pub stride: u32,
    /// Where to write the weights (Rust source), if anywhere.
    pub out: Option<String>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            games: 2000,
            seed: 1,
            threads: 1,
            players: vec![2, 4, 6],
            stride: 3,
            out: None,
        }
    }
}

const R: usize = ROUND_FEATURES;
const G: usize = GAME_FEATURES;
const P: usize = PLAY_FEATURES;

/// One play decision: each distinct card's features, and the played one.
type Decision = (Vec<[f64; P]>, usize);

/// Sufficient statistics of a least-squares fit.
#[derive(Clone, Debug)]
struct Sums {
    xtx: [[f64; R]; R],
    xty: [f64; R],
    yty: f64,
    sy: f64,
    n: f64,
}

impl Default for Sums {
    fn default() -> Sums {
        Sums {
            xtx: [[0.0; R]; R],
            xty: [0.0; R],
            yty: 0.0,
            sy: 0.0,
            n: 0.0,
        }
    }
}

impl Sums {
    fn add(&mut self, x: &[f64; R], y: f64) {
        for i in 0..R {
            for j in 0..R {
                self.xtx[i][j] += x[i] * x[j];
            }
            self.xty[i] += x[i] * y;
        }
        self.yty += y * y;
        self.sy += y;
        self.n += 1.0;
    }

    fn merge(&mut self, o: &Sums) {
        for i in 0..R {
            for j in 0..R {
                self.xtx[i][j] += o.xtx[i][j];
            }
            self.xty[i] += o.xty[i];
        }
        self.yty += o.yty;
        self.sy += o.sy;
        self.n += o.n;
    }

    /// Mean squared error of the linear predictor `w` on these rows.
    fn mse(&self, w: &[f64; R]) -> f64 {
        let mut q = 0.0;
        for i in 0..R {
            for j in 0..R {
                q += w[i] * self.xtx[i][j] * w[j];
            }
        }
        let l: f64 = (0..R).map(|i| w[i] * self.xty[i]).sum();
        (self.yty - 2.0 * l + q) / self.n.max(1.0)
    }

    /// Mean squared error of the constant `c`.
    fn mse_const(&self, c: f64) -> f64 {
        (self.yty - 2.0 * c * self.sy + c * c * self.n) / self.n.max(1.0)
    }
}

/// One game's data.
#[derive(Default)]
struct GameData {
    round: Sums,
    /// (features, label: share of the victory, hand-written value).
    game: Vec<([f64; G], f64, f64)>,
    plays: Vec<Decision>,
}

/// Plays game `i` with Medium bots and records its positions.
fn play(cfg: &Config, i: u64) -> GameData {
    let players = cfg.players[(i as usize) % cfg.players.len().max(1)];
    let options = Options {
        players,
        ..Options::default()
    };
    let game_seed = mix(cfg.seed ^ mix(i ^ 0x0074_7261_696E));
    let mut data = GameData::default();
    let Ok(mut game) = Game::new(options, game_seed) else {
        return data;
    };
    let n = players as usize;
    let mut bots: Vec<_> = (0..n)
        .map(|s| BotKind::Medium.make(mix(game_seed ^ (s as u64 + 1))))
        .collect();
    // Positions of the round in progress, per seat.
    let mut pending: Vec<(usize, [f64; R])> = Vec::new();
    let mut rounds: Vec<(usize, [f64; G], f64)> = Vec::new();
    for step in 0..200_000u32 {
        if game.is_over() {
            break;
        }
        if game.phase() == Phase::RoundOver {
            // A scored round, the game goes on.
            if let Some(res) = game.last_round() {
                for (s, x) in pending.drain(..) {
                    data.round.add(&x, f64::from(res.scores[s]));
                }
            }
            let totals: Vec<f64> = game.totals().iter().map(|&t| f64::from(t)).collect();
            for s in 0..n {
                let f = value_features(&totals, s, game.options().target);
                rounds.push((s, f, game_value(&game, s as u8)));
            }
        } else if step.is_multiple_of(cfg.stride.max(1)) {
            for s in 0..n {
                pending.push((s, round_features(&game, s as u8)));
            }
        }
        let seat = game.current();
        let view = game.view(seat);
        let a = bots[seat as usize].choose(&view);
        let pile = match game.phase() {
            Phase::Play => Some(0),
            Phase::Continue { pile } => Some(pile),
            _ => None,
        };
        if let (Some(pile), Action::Play { value, .. }) = (pile, a) {
            if step.is_multiple_of(cfg.stride.max(1)) {
                let hand = *game.hand(seat);
                let top = game.discard(pile).top();
                let down_min = (0..n)
                    .filter(|&o| o != seat as usize && !game.face_down(o as u8).is_empty())
                    .map(|o| game.face_down(o as u8).len() as u8)
                    .min()
                    .unwrap_or(99);
                let t = game.options().threshold();
                let mut cands = Vec::new();
                let mut chosen = 0;
                for v in hand.distinct() {
                    if v == value {
                        chosen = cands.len();
                    }
                    cands.push(play_features(&hand, v, top, t, down_min));
                }
                if cands.len() >= 2 {
                    data.plays.push((cands, chosen));
                }
            }
        }
        if game.apply_with(a, &mut NoEvents).is_err() {
            return data;
        }
    }
    if let Some(res) = game.last_round() {
        for (s, x) in pending.drain(..) {
            data.round.add(&x, f64::from(res.scores[s]));
        }
    }
    let winners = game.winners();
    for (s, f, hand) in rounds {
        let share = if winners.contains(&(s as u8)) {
            1.0 / winners.len() as f64
        } else {
            0.0
        };
        data.game.push((f, share, hand));
    }
    data
}

/// Solves `a x = b` for a symmetric positive definite `a` (Cholesky).
fn solve<const N: usize>(a: &[[f64; N]; N], b: &[f64; N]) -> [f64; N] {
    let mut l = [[0.0; N]; N];
    for i in 0..N {
        for j in 0..=i {
            let mut s = a[i][j];
            for k in 0..j {
                s -= l[i][k] * l[j][k];
            }
            if i == j {
                l[i][i] = s.max(1e-12).sqrt();
            } else {
                l[i][j] = s / l[j][j];
            }
        }
    }
    let mut y = [0.0; N];
    for i in 0..N {
        let mut s = b[i];
        for k in 0..i {
            s -= l[i][k] * y[k];
        }
        y[i] = s / l[i][i];
    }
    let mut x = [0.0; N];
    for i in (0..N).rev() {
        let mut s = y[i];
        for k in i + 1..N {
            s -= l[k][i] * x[k];
        }
        x[i] = s / l[i][i];
    }
    x
}

/// Ridge least squares on the sums (the constant is not penalised).
fn fit_round(s: &Sums, ridge: f64) -> [f64; R] {
    let mut a = s.xtx;
    for (i, row) in a.iter_mut().enumerate().skip(1) {
        row[i] += ridge * s.n.max(1.0);
    }
    solve(&a, &s.xty)
}

fn logistic(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// Ridge logistic regression (fractional labels allowed), Newton's method.
fn fit_game(rows: &[([f64; G], f64, f64)], ridge: f64) -> [f64; G] {
    let mut w = [0.0; G];
    // Start from the prior's log-odds: the second feature, weight 1.
    if G > 1 {
        w[1] = 1.0;
    }
    let n = rows.len().max(1) as f64;
    for _ in 0..30 {
        let mut h = [[0.0; G]; G];
        let mut g = [0.0; G];
        for (x, y, _) in rows {
            let z: f64 = (0..G).map(|i| w[i] * x[i]).sum();
            let p = logistic(z);
            let r = p * (1.0 - p);
            for i in 0..G {
                g[i] += (p - y) * x[i];
                for j in 0..G {
                    h[i][j] += r * x[i] * x[j];
                }
            }
        }
        for i in 1..G {
            h[i][i] += ridge * n;
            g[i] += ridge * n * w[i];
        }
        let d = solve(&h, &g);
        for i in 0..G {
            w[i] -= d[i];
        }
    }
    w
}

/// Mean negative log-likelihood of the chosen plays under weights `w`,
/// with the uniform share `eps` (the engine's 0.05).
fn play_nll(rows: &[Decision], w: &[f64; P], eps: f64) -> f64 {
    let mut s = 0.0;
    for (cands, chosen) in rows {
        let z: Vec<f64> = cands
            .iter()
            .map(|x| (0..P).map(|i| w[i] * x[i]).sum())
            .collect();
        let zc = z[*chosen];
        let sum: f64 = z.iter().map(|v| (v - zc).exp()).sum();
        let p = (1.0 - eps) / sum + eps / cands.len() as f64;
        s -= p.ln();
    }
    s / rows.len().max(1) as f64
}

/// Share of the decisions whose highest-scoring card under `w` is the one
/// played (ties to the first).
fn play_accuracy(rows: &[Decision], w: &[f64; P]) -> f64 {
    let mut hits = 0.0;
    for (cands, chosen) in rows {
        let mut best = (f64::NEG_INFINITY, 0);
        for (k, x) in cands.iter().enumerate() {
            let z: f64 = (0..P).map(|i| w[i] * x[i]).sum();
            if z > best.0 {
                best = (z, k);
            }
        }
        if best.1 == *chosen {
            hits += 1.0;
        }
    }
    hits / rows.len().max(1) as f64
}

/// Conditional logit by Newton's method, from the hand-written model
/// (weight −1/0.3 on Medium's quick score, 0 elsewhere).
fn fit_play(rows: &[Decision], ridge: f64) -> [f64; P] {
    let mut w = [0.0; P];
    w[0] = -1.0 / 0.3;
    let n = rows.len().max(1) as f64;
    for _ in 0..25 {
        let mut h = [[0.0; P]; P];
        let mut g = [0.0; P];
        for (cands, chosen) in rows {
            let z: Vec<f64> = cands
                .iter()
                .map(|x| (0..P).map(|i| w[i] * x[i]).sum())
                .collect();
            let m = z.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let e: Vec<f64> = z.iter().map(|v| (v - m).exp()).collect();
            let sum: f64 = e.iter().sum();
            let mut mean = [0.0; P];
            for (x, ei) in cands.iter().zip(&e) {
                let p = ei / sum;
                for i in 0..P {
                    mean[i] += p * x[i];
                }
            }
            for (x, ei) in cands.iter().zip(&e) {
                let p = ei / sum;
                for i in 0..P {
                    for j in 0..P {
                        h[i][j] += p * (x[i] - mean[i]) * (x[j] - mean[j]);
                    }
                }
            }
            for i in 0..P {
                g[i] += mean[i] - cands[*chosen][i];
            }
        }
        for i in 0..P {
            h[i][i] += ridge * n;
            g[i] += ridge * n * w[i];
        }
        let d = solve(&h, &g);
        for i in 0..P {
            w[i] -= d[i];
        }
    }
    w
}

/// Mean log-loss of predictions `p` against labels `y`.
fn log_loss(pairs: impl Iterator<Item = (f64, f64)>) -> f64 {
    let mut s = 0.0;
    let mut n = 0.0;
    for (p, y) in pairs {
        let p = p.clamp(1e-6, 1.0 - 1e-6);
        s -= y * p.ln() + (1.0 - y) * (1.0 - p).ln();
        n += 1.0;
    }
    s / f64::max(n, 1.0)
}

/// What a training run gives.
#[derive(Clone, Debug, PartialEq)]
pub struct Trained {
    pub round_weights: [f64; R],
    pub game_weights: [f64; G],
    /// Positions (train, held out) of the round model.
    pub round_rows: (u64, u64),
    /// Held-out mean squared error of the round model, and of the
    /// training mean (a constant predictor).
    pub round_mse: f64,
    pub round_mse_const: f64,
    pub round_mse_train: f64,
    /// Rows (train, held out) of the game model.
    pub game_rows: (u64, u64),
    /// Held-out log-loss of the game model, of the training mean, and of
    /// the hand-written `game_value`.
    pub game_loss: f64,
    pub game_loss_const: f64,
    pub game_loss_hand: f64,
    pub play_weights: [f64; P],
    /// Play decisions (train, held out).
    pub play_rows: (u64, u64),
    /// Held-out mean negative log-likelihood of the chosen plays: learned,
    /// hand-written (the inference's soft-max), uniform.
    pub play_nll: f64,
    pub play_nll_hand: f64,
    pub play_nll_uniform: f64,
    /// Held-out share of plays whose best card under the learned model,
    /// and under the hand-written score, is the one Medium played.
    pub play_acc: f64,
    pub play_acc_hand: f64,
}

/// Plays the games and fits both models.
pub fn train(cfg: &Config) -> Trained {
    let games = u64::from(cfg.games);
    let threads = u64::from(cfg.threads.max(1));
    let mut per_game: Vec<(u64, GameData)> = std::thread::scope(|sc| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                sc.spawn(move || {
                    (0..games)
                        .filter(|i| i % threads == t)
                        .map(|i| (i, play(cfg, i)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect()
    });
    per_game.sort_by_key(|(i, _)| *i);
    let mut train_s = Sums::default();
    let mut test_s = Sums::default();
    let mut train_g = Vec::new();
    let mut test_g = Vec::new();
    let mut train_p = Vec::new();
    let mut test_p = Vec::new();
    for (i, d) in per_game {
        if i % 5 == 4 {
            test_s.merge(&d.round);
            test_g.extend(d.game);
            test_p.extend(d.plays);
        } else {
            train_s.merge(&d.round);
            train_g.extend(d.game);
            train_p.extend(d.plays);
        }
    }
    let round_weights = fit_round(&train_s, 1e-4);
    let mean = train_s.sy / train_s.n.max(1.0);
    let game_weights = fit_game(&train_g, 1e-4);
    let gmean = train_g.iter().map(|r| r.1).sum::<f64>() / train_g.len().max(1) as f64;
    let play_weights = fit_play(&train_p, 1e-4);
    let mut hand_w = [0.0; P];
    hand_w[0] = -1.0 / 0.3;
    let predict = |x: &[f64; G]| logistic((0..G).map(|i| game_weights[i] * x[i]).sum());
    Trained {
        round_weights,
        game_weights,
        round_rows: (train_s.n as u64, test_s.n as u64),
        round_mse: test_s.mse(&round_weights),
        round_mse_const: test_s.mse_const(mean),
        round_mse_train: train_s.mse(&round_weights),
        game_rows: (train_g.len() as u64, test_g.len() as u64),
        game_loss: log_loss(test_g.iter().map(|(x, y, _)| (predict(x), *y))),
        game_loss_const: log_loss(test_g.iter().map(|(_, y, _)| (gmean, *y))),
        game_loss_hand: log_loss(test_g.iter().map(|(_, y, h)| (*h, *y))),
        play_weights,
        play_rows: (train_p.len() as u64, test_p.len() as u64),
        play_nll: play_nll(&test_p, &play_weights, 0.05),
        play_nll_hand: play_nll(&test_p, &hand_w, 0.05),
        play_nll_uniform: play_nll(&test_p, &[0.0; P], 0.0),
        play_acc: play_accuracy(&test_p, &play_weights),
        play_acc_hand: play_accuracy(&test_p, &hand_w),
    }
}

impl Trained {
    /// The weights as the Rust source of `engine/src/bot/learned_weights.rs`.
    pub fn to_rust(&self, cfg: &Config) -> String {
        let list = |w: &[f64]| {
            w.iter()
                .map(|x| format!("    {x:?},\n"))
                .collect::<String>()
        };
        let players: Vec<String> = cfg.players.iter().map(u8::to_string).collect();
        format!(
            "//! Weights of the learned evaluation (`bot/learned.rs`, which checks\n\
             //! their lengths against its features), written by\n\
             //! `mojo train --games {} --seed {} --players {} --stride {}`; do not\n\
             //! edit by hand. Held out: round model MSE {:.3} (constant {:.3}),\n\
             //! game model log-loss {:.4} (constant {:.4}, hand-written {:.4}),\n\
             //! play model log-likelihood loss {:.4} (hand-written {:.4}, uniform {:.4}).\n\n\
             pub(crate) const ROUND_WEIGHTS: [f64; {}] = [\n{}];\n\n\
             pub(crate) const GAME_WEIGHTS: [f64; {}] = [\n{}];\n\n\
             pub(crate) const PLAY_WEIGHTS: [f64; {}] = [\n{}];\n",
            cfg.games,
            cfg.seed,
            players.join(","),
            cfg.stride,
            self.round_mse,
            self.round_mse_const,
            self.game_loss,
            self.game_loss_const,
            self.game_loss_hand,
            self.play_nll,
            self.play_nll_hand,
            self.play_nll_uniform,
            self.round_weights.len(),
            list(&self.round_weights),
            self.game_weights.len(),
            list(&self.game_weights),
            self.play_weights.len(),
            list(&self.play_weights),
        )
    }

    pub fn to_json(&self) -> serde_json::Value {
        json!({
            "round_rows": [self.round_rows.0, self.round_rows.1],
            "round_mse_heldout": self.round_mse,
            "round_mse_const": self.round_mse_const,
            "round_mse_train": self.round_mse_train,
            "game_rows": [self.game_rows.0, self.game_rows.1],
            "game_logloss_heldout": self.game_loss,
            "game_logloss_const": self.game_loss_const,
            "game_logloss_handwritten": self.game_loss_hand,
            "play_rows": [self.play_rows.0, self.play_rows.1],
            "play_nll_heldout": self.play_nll,
            "play_nll_handwritten": self.play_nll_hand,
            "play_nll_uniform": self.play_nll_uniform,
            "play_accuracy_heldout": self.play_acc,
            "play_accuracy_handwritten": self.play_acc_hand,
            "play_weights": self.play_weights.to_vec(),
            "round_weights": self.round_weights.to_vec(),
            "game_weights": self.game_weights.to_vec(),
        })
    }
}

/// Parses the arguments of `mojo train`.
pub fn parse(args: &[String]) -> Result<Config, String> {
    let mut cfg = Config::default();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .cloned()
                .ok_or_else(|| format!("train: {name} needs a value"))
        };
        match a.as_str() {
            "--games" => cfg.games = num(&value("--games")?)?,
            "--seed" => cfg.seed = num(&value("--seed")?)?,
            "--threads" => cfg.threads = num(&value("--threads")?)?,
            "--stride" => cfg.stride = num(&value("--stride")?)?,
            "--out" => cfg.out = Some(value("--out")?),
            "--players" => {
                cfg.players = value("--players")?
                    .split(',')
                    .map(num)
                    .collect::<Result<_, _>>()?;
                if cfg.players.iter().any(|&p| !(2..=8).contains(&p)) {
                    return Err("train: --players takes counts from 2 to 8".into());
                }
            }
            other => return Err(format!("train: unexpected argument `{other}`")),
        }
    }
    if cfg.games < 5 {
        return Err("train: --games must be at least 5 (every fifth is held out)".into());
    }
    Ok(cfg)
}

fn num<T: std::str::FromStr>(s: &str) -> Result<T, String> {
    s.trim()
        .parse()
        .map_err(|_| format!("train: `{s}` is not a number"))
}

/// `mojo train`.
pub fn main(args: &[String]) -> Result<ExitCode, String> {
    let cfg = parse(args)?;
    let t = train(&cfg);
    println!("{}", t.to_json());
    if let Some(path) = &cfg.out {
        std::fs::write(path, t.to_rust(&cfg)).map_err(|e| format!("cannot write {path}: {e}"))?;
    }
    Ok(ExitCode::SUCCESS)
}
