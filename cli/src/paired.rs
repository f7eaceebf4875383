//! `mojo paired A.jsonl B.jsonl`: two tournaments played on the same deals
//! (`mojo tournament … --seed S --record FILE`, the same seed, players and
//! games), compared deal by deal (issue 60): the subject kind's win share,
//! round score and +10s a round in each, and B − A with a paired 95%
//! interval. The unit is the deal (every rotation of it together), so the
//! interval counts the luck of the deal once, as the deals are shared.
//!
//! The subject of each file is the kind listed first in its `--seats`
//! (`hard` in `--seats hard,medium-v1`), or the one `--a` / `--b` names.

use std::collections::BTreeMap;
use std::process::ExitCode;

use mojo_engine::{RoundResult, Seat};
use serde::{Deserialize, Serialize};
use serde_json::Value as Json;

/// One game of a tournament, as `--record` writes it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayedGame {
    pub seed: u64,
    pub deal: u64,
    pub rotation: usize,
    /// The kind in each seat, by name.
    pub kinds: Vec<String>,
    /// Each seat's share of the victory.
    pub win: Vec<f64>,
    /// Each seat's final total.
    pub total: Vec<u32>,
    pub rounds: u32,
    /// Each seat's round scores, summed.
    pub round_score: Vec<u32>,
    /// Rounds each seat ended (took the Mojo), and of those, paid +10.
    pub mojo: Vec<u32>,
    pub plus10: Vec<u32>,
}

impl PlayedGame {
    /// A game not played yet, the seats' kinds named `kinds`.
    pub fn new(seed: u64, deal: u64, rotation: usize, kinds: Vec<String>) -> PlayedGame {
        let n = kinds.len();
        PlayedGame {
            seed,
            deal,
            rotation,
            kinds,
            win: vec![0.0; n],
            total: vec![0; n],
            rounds: 0,
            round_score: vec![0; n],
            mojo: vec![0; n],
            plus10: vec![0; n],
        }
    }

    /// Adds a scored round.
    pub fn add_round(&mut self, res: &RoundResult) {
        self.rounds += 1;
        for (i, sum) in self.round_score.iter_mut().enumerate() {
            *sum += res.scores.get(i).copied().unwrap_or(0);
        }
        let h = res.holder as usize;
        if let (Some(m), Some(p)) = (self.mojo.get_mut(h), self.plus10.get_mut(h)) {
            *m += 1;
            *p += u32::from(res.holder_penalised());
        }
    }

    /// Adds the game's end.
    pub fn finish(&mut self, winners: &[Seat], totals: &[u32]) {
        for (i, w) in self.win.iter_mut().enumerate() {
            if winners.contains(&(i as Seat)) {
                *w = 1.0 / winners.len() as f64;
            }
            self.total[i] = totals.get(i).copied().unwrap_or(0);
        }
    }

    pub fn to_json(&self) -> Json {
        serde_json::to_value(self).unwrap_or(Json::Null)
    }
}

/// One deal's figures for a subject: win share per seat-game, round score
/// per round, +10s per round; and the sums behind the +10 rate.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct DealFigures {
    pub win: f64,
    pub round_score: f64,
    pub plus10_per_round: f64,
    pub mojo: u32,
    pub plus10: u32,
}

/// Per deal, the figures of `subject` (every seat it holds, every rotation).
pub fn by_deal(records: &[PlayedGame], subject: &str) -> BTreeMap<(u64, u64), DealFigures> {
    /// A deal's sums: wins, seat-games, round scores, rounds, Mojos, +10s.
    #[derive(Default)]
    struct Sums {
        win: f64,
        games: u32,
        score: u32,
        rounds: u32,
        mojo: u32,
        plus10: u32,
    }
    let mut sums: BTreeMap<(u64, u64), Sums> = BTreeMap::new();
    for r in records {
        let e = sums.entry((r.seed, r.deal)).or_default();
        for (s, k) in r.kinds.iter().enumerate() {
            if k != subject {
                continue;
            }
            e.win += r.win[s];
            e.games += 1;
            e.score += r.round_score[s];
            e.rounds += r.rounds;
            e.mojo += r.mojo[s];
            e.plus10 += r.plus10[s];
        }
    }
    sums.into_iter()
        .filter(|(_, e)| e.games > 0)
        .map(|(k, e)| {
            let rounds = f64::from(e.rounds.max(1));
            let f = DealFigures {
                win: e.win / f64::from(e.games),
                round_score: f64::from(e.score) / rounds,
                plus10_per_round: f64::from(e.plus10) / rounds,
                mojo: e.mojo,
                plus10: e.plus10,
            };
            (k, f)
        })
        .collect()
}

/// Mean and half-width of the normal 95% interval.
pub fn mean_ci(xs: &[f64]) -> (f64, f64) {
    let n = xs.len().max(1) as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, 1.96 * (var / n).sqrt())
}

/// The comparison of two runs: per figure, A's mean, B's mean, and B − A
/// with its half-interval, over the deals both hold.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    pub deals: usize,
    pub subjects: (String, String),
    /// (name, A, B, B − A, half-width)
    pub figures: Vec<(&'static str, f64, f64, f64, f64)>,
    /// +10s per Mojo taken, A and B (pooled over deals; not paired).
    pub plus10_rate: (f64, f64),
}

pub fn compare(a: &[PlayedGame], b: &[PlayedGame], sa: &str, sb: &str) -> Comparison {
    let fa = by_deal(a, sa);
    let fb = by_deal(b, sb);
    let both: Vec<(DealFigures, DealFigures)> = fa
        .iter()
        .filter_map(|(k, x)| fb.get(k).map(|y| (*x, *y)))
        .collect();
    let figure = |name, get: fn(&DealFigures) -> f64| {
        let xa: Vec<f64> = both.iter().map(|(x, _)| get(x)).collect();
        let xb: Vec<f64> = both.iter().map(|(_, y)| get(y)).collect();
        let d: Vec<f64> = both.iter().map(|(x, y)| get(y) - get(x)).collect();
        let (md, h) = mean_ci(&d);
        (name, mean_ci(&xa).0, mean_ci(&xb).0, md, h)
    };
    let rate = |pick: fn(&(DealFigures, DealFigures)) -> DealFigures| {
        let (m, p) = both
            .iter()
            .map(pick)
            .fold((0u32, 0u32), |(m, p), f| (m + f.mojo, p + f.plus10));
        f64::from(p) / f64::from(m.max(1))
    };
    Comparison {
        deals: both.len(),
        subjects: (sa.to_string(), sb.to_string()),
        figures: vec![
            figure("win share", |f| f.win),
            figure("round score", |f| f.round_score),
            figure("+10 a round", |f| f.plus10_per_round),
        ],
        plus10_rate: (rate(|p| p.0), rate(|p| p.1)),
    }
}

impl Comparison {
    pub fn table(&self) -> String {
        let mut out = format!(
            "paired over {} deals: A = {}, B = {}\nfigure         A        B        B − A    95% CI\n",
            self.deals, self.subjects.0, self.subjects.1
        );
        for (name, a, b, d, h) in &self.figures {
            let pct = if *name == "win share" { 100.0 } else { 1.0 };
            out.push_str(&format!(
                "{name:<12} {:>8.3} {:>8.3} {:>+8.3}   [{:+.3}, {:+.3}]\n",
                a * pct,
                b * pct,
                d * pct,
                (d - h) * pct,
                (d + h) * pct
            ));
        }
        out.push_str(&format!(
            "+10 in its Mojos (pooled, not paired): A {:.1}%, B {:.1}%\n",
            100.0 * self.plus10_rate.0,
            100.0 * self.plus10_rate.1
        ));
        out
    }
}

pub const USAGE: &str = "usage: mojo paired A.jsonl B.jsonl [--a KIND] [--b KIND]
  compares two `mojo tournament --record` runs on the same deals (same --seed, --players,
  --games): the subject's win share (%), round score and +10s a round in each, and
  B − A with a paired 95% interval over the deals; the subject of each is the kind in
  seat 0 of its first game (the first of --seats) unless --a / --b name it";

/// Reads a `--record` file.
pub fn read(path: &str) -> Result<Vec<PlayedGame>, String> {
    let text =
        std::fs::read_to_string(path).map_err(|e| format!("paired: cannot read {path}: {e}"))?;
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
        .map(|(i, l)| {
            serde_json::from_str(l).map_err(|e| format!("paired: {path} line {}: {e}", i + 1))
        })
        .collect()
}

pub fn main(args: &[String]) -> Result<ExitCode, String> {
    let (mut files, mut sa, mut sb) = (Vec::new(), None, None);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--a" => sa = it.next().cloned(),
            "--b" => sb = it.next().cloned(),
            f if !f.starts_with("--") => files.push(f.to_string()),
            other => return Err(format!("paired: unexpected argument `{other}`\n{USAGE}")),
        }
    }
    let [fa, fb] = files.as_slice() else {
        return Err(format!("paired: two files\n{USAGE}"));
    };
    let (a, b) = (read(fa)?, read(fb)?);
    let first = |r: &[PlayedGame]| {
        r.iter()
            .find(|g| g.rotation == 0)
            .and_then(|g| g.kinds.first().cloned())
            .unwrap_or_default()
    };
    let sa = sa.unwrap_or_else(|| first(&a));
    let sb = sb.unwrap_or_else(|| first(&b));
    let c = compare(&a, &b, &sa, &sb);
    if c.deals == 0 {
        return Err(format!(
            "paired: no deal of {fa} ({sa}) is in {fb} ({sb}): same --seed?"
        ));
    }
    print!("{}", c.table());
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args;
    use crate::tournament::{parse, run, Kind};

    /// A run compared with itself differs by exactly nothing; a run of
    /// Medium against greedy compared with greedy's own seat pairs the same
    /// deals and finds Medium ahead, its interval above zero.
    #[test]
    fn pairs_the_same_deals() {
        let line = "--players 4 --seats K,greedy --games 80 --seed 5 --threads 2";
        let a = run(&parse(&args(&line.replace('K', "greedy"))).unwrap()).records;
        let b = run(&parse(&args(&line.replace('K', "medium"))).unwrap()).records;
        assert_eq!(a.len(), 80);
        assert_eq!(a.iter().map(|r| r.deal).max(), Some(19));
        let same = compare(&a, &a, "greedy", "greedy");
        assert_eq!(same.deals, 20);
        for (name, x, y, d, h) in &same.figures {
            assert_eq!((x, d, h), (y, &0.0, &0.0), "{name}");
        }
        let c = compare(&a, &b, "greedy", "medium");
        assert_eq!(c.deals, 20);
        let (_, wa, wb, d, h) = c.figures[0];
        assert!((wa - 0.25).abs() < 1e-9, "greedy against itself: {wa}");
        assert!(d - h > 0.0 && (wb - wa - d).abs() < 1e-9, "{c:?}");
        // The record keeps what the tournament counted.
        let r = run(&parse(&args(&line.replace('K', "medium"))).unwrap());
        let m = &r.kinds[&"medium".parse::<Kind>().unwrap()];
        let (wins, mojo): (f64, u32) = r.records.iter().fold((0.0, 0), |(w, m), g| {
            (
                w + g.win[g.kinds.iter().position(|k| k == "medium").unwrap()],
                m + g
                    .mojo
                    .iter()
                    .zip(&g.kinds)
                    .filter(|(_, k)| *k == "medium")
                    .map(|(x, _)| x)
                    .sum::<u32>(),
            )
        });
        assert!((wins - m.wins).abs() < 1e-9);
        assert_eq!(u64::from(mojo), m.mojo);
        let line = r.records[0].to_json().to_string();
        assert_eq!(
            serde_json::from_str::<PlayedGame>(&line).unwrap(),
            r.records[0]
        );
    }
}
