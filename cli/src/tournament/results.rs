//! What a tournament counts per kind, and how it reports it (a table, or
//! JSON).

use std::collections::BTreeMap;

use serde_json::{json, Map, Value as Json};

use super::{Kind, PlayedGame};

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
    pub(super) fn merge(&mut self, o: KindStats) {
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
    /// Every game, by deal and rotation (for `--record`).
    pub records: Vec<PlayedGame>,
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
            "kind                      games   win%   95% CI          total  round  mojo%  +10%   think ms p50/p95/max\n",
        );
        for (kind, s) in &self.kinds {
            let mut t = s.think_ms.clone();
            t.sort_by(f64::total_cmp);
            let (lo, hi) = s.ci95();
            let rounds = s.rounds.max(1) as f64;
            out.push_str(&format!(
                "{:<24} {:>6} {:>6.1} [{:>5.1}, {:>5.1}]  {:>6.1} {:>6.2} {:>6.1} {:>5.1}   {:.2}/{:.2}/{:.1}\n",
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
