//! Statistics across finished games, kept in localStorage under their own
//! key in a versioned shape (like the saves): games played, wins per person
//! and per bot level, the people's average and best final score, and how
//! often the Mojo card cost its holder ten points.
//!
//! A game is counted once: its id is remembered, so a reload on the game-over
//! screen does not count it again. Pure Rust (tested natively); the root
//! component reads and writes the text, and a failure there never stops the
//! game.

use std::collections::BTreeMap;

use crate::daily;
use crate::json::{self, obj, Fields, Json};
use crate::session::{Level, Session};

/// The localStorage key of the statistics.
pub const STATS_KEY: &str = "mojo.stats";
/// What the stored text says about itself.
const FORMAT: &str = "mojo-stats";
/// The shape this build writes and reads.
pub const VERSION: u32 = 1;
/// How many recent game ids are remembered against double counting.
const REMEMBERED: usize = 32;
/// How many played days are kept (a streak longer than that reads as
/// that long).
const DAYS_KEPT: usize = 400;

/// Version 1 of the statistics, stored as `{"format": "mojo-stats",
/// "version": 1, "stats": {…}}` with these fields (`best` is `[name, score]`
/// or null); every field is required but `best`, and no other is allowed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Finished games.
    pub games: u32,
    /// Wins of people, by name (a shared win counts for each winner);
    /// everyone who finished a game is listed, with 0 if they never won.
    pub wins_by_name: BTreeMap<String, u32>,
    /// Games with at least one bot of a level, and their wins, by level
    /// ("easy", "medium", "hard").
    pub bot_games: BTreeMap<String, u32>,
    pub bot_wins: BTreeMap<String, u32>,
    /// The people's final scores: their sum and how many.
    pub score_sum: u64,
    pub scores: u32,
    /// The lowest final score of a person, and who.
    pub best: Option<(String, u32)>,
    /// Rounds whose Mojo holder took ten extra points.
    pub mojo_plus_ten: u32,
    /// The last games counted (their ids), oldest first.
    pub recent: Vec<String>,
    /// The UTC days whose deal was played (`YYYY-MM-DD`, in order): the
    /// first finished game of today's deal on its day counts.
    pub daily: Vec<String>,
}

impl Stats {
    /// Reads stored statistics; `Err` when the text is not a version this
    /// build reads (the caller keeps it aside and starts from zero).
    pub fn decode(text: &str) -> Result<Stats, String> {
        let doc = json::parse(text)?;
        let mut envelope = Fields::of(&doc, "the statistics")?;
        let format = envelope.string("format")?;
        if format != FORMAT {
            return Err(format!("not Mojo statistics ({format})"));
        }
        let version: u32 = envelope.int("version")?;
        if version != VERSION {
            return Err(format!("statistics format {version}"));
        }
        let mut f = Fields::of(envelope.req("stats")?, "the statistics")?;
        let map = |f: &mut Fields, key: &str| -> Result<BTreeMap<String, u32>, String> {
            let Json::Obj(entries) = f.req(key)? else {
                return Err(format!("`{key}` should be an object"));
            };
            // Inserted one by one: collecting into a BTreeMap would sort
            // first, and std's sort for this one type is about 4 KB of wasm.
            let mut out = BTreeMap::new();
            for (k, v) in entries {
                let n = v.as_int().ok_or_else(|| json::wrong(k, "a count", v))?;
                out.insert(k.clone(), n);
            }
            Ok(out)
        };
        let stats = Stats {
            games: f.int("games")?,
            wins_by_name: map(&mut f, "wins_by_name")?,
            bot_games: map(&mut f, "bot_games")?,
            bot_wins: map(&mut f, "bot_wins")?,
            score_sum: f.int("score_sum")?,
            scores: f.int("scores")?,
            best: match f.opt("best").map(|b| b.as_array()) {
                None => None,
                Some(Some([Json::Str(name), n])) => Some((
                    name.clone(),
                    n.as_int()
                        .ok_or_else(|| json::wrong("best", "a score", n))?,
                )),
                Some(_) => return Err("`best` should be [name, score]".into()),
            },
            mojo_plus_ten: f.int("mojo_plus_ten")?,
            recent: f
                .list("recent")?
                .iter()
                .map(|r| r.as_str().map(str::to_string))
                .collect::<Option<_>>()
                .ok_or("`recent` should be a list of game ids")?,
            // Statistics of before today's deal have none.
            daily: match f.opt("daily") {
                None => Vec::new(),
                Some(list) => list
                    .as_array()
                    .and_then(|l| {
                        l.iter()
                            .map(|d| d.as_str().map(str::to_string))
                            .collect::<Option<_>>()
                    })
                    .ok_or("`daily` should be a list of dates")?,
            },
        };
        f.done()?;
        Ok(stats)
    }

    pub fn encode(&self) -> String {
        let map = |m: &BTreeMap<String, u32>| {
            Json::Obj(
                m.iter()
                    .map(|(k, &n)| (k.clone(), Json::Int(n.into())))
                    .collect(),
            )
        };
        let stats = obj([
            ("games", Json::Int(self.games.into())),
            ("wins_by_name", map(&self.wins_by_name)),
            ("bot_games", map(&self.bot_games)),
            ("bot_wins", map(&self.bot_wins)),
            (
                "score_sum",
                Json::Int(i64::try_from(self.score_sum).unwrap_or(i64::MAX)),
            ),
            ("scores", Json::Int(self.scores.into())),
            (
                "best",
                self.best.as_ref().map_or(Json::Null, |(name, n)| {
                    Json::Arr(vec![json::str(name), Json::Int((*n).into())])
                }),
            ),
            ("mojo_plus_ten", Json::Int(self.mojo_plus_ten.into())),
            (
                "recent",
                Json::Arr(self.recent.iter().map(|r| json::str(r)).collect()),
            ),
        ]);
        // Only once a day was played: until then the statistics read as
        // they did before today's deal, in older builds too.
        let stats = match stats {
            Json::Obj(mut fields) if !self.daily.is_empty() => {
                let days = self.daily.iter().map(|d| json::str(d)).collect();
                fields.push(("daily".to_string(), Json::Arr(days)));
                Json::Obj(fields)
            }
            stats => stats,
        };
        obj([
            ("format", json::str(FORMAT)),
            ("version", Json::Int(VERSION.into())),
            ("stats", stats),
        ])
        .to_text()
    }

    /// Counts a finished game of today's deal (`today` is the date now):
    /// its day is played, once.
    pub fn record_daily(&mut self, session: &Session, today: &str) -> bool {
        let Some(day) = daily::date_of(session, today).filter(|_| session.game.is_over()) else {
            return false;
        };
        if self.daily.contains(&day) {
            return false;
        }
        let at = self.daily.iter().position(|d| *d > day);
        self.daily.insert(at.unwrap_or(self.daily.len()), day);
        if self.daily.len() > DAYS_KEPT {
            self.daily.remove(0);
        }
        true
    }

    /// Whether the deal of `day` was played.
    pub fn played(&self, day: &str) -> bool {
        self.daily.iter().any(|d| d == day)
    }

    /// How many days in a row today's deal was played, up to `today` (or
    /// up to yesterday, while today's is still to play).
    pub fn streak(&self, today: &str) -> u32 {
        let Some(mut day) = daily::days(today) else {
            return 0;
        };
        if !self.played(today) {
            day -= 1;
        }
        let mut n = 0;
        while self.played(&daily::date(day)) {
            n += 1;
            day -= 1;
        }
        n
    }

    /// The people's average final score, if any person finished a game.
    pub fn average(&self) -> Option<f64> {
        (self.scores > 0).then(|| self.score_sum as f64 / f64::from(self.scores))
    }

    /// Counts the finished game `id`. Returns false (and changes nothing)
    /// if the game is not over or was already counted.
    pub fn record(&mut self, id: &str, session: &Session) -> bool {
        let game = &session.game;
        if !game.is_over() || id.is_empty() || self.recent.iter().any(|r| r == id) {
            return false;
        }
        self.games += 1;
        let winners = game.winners();
        let totals = game.totals();
        let mut levels: Vec<Level> = Vec::new();
        for seat in 0..session.players() {
            let total = totals[seat as usize];
            let won = winners.contains(&seat);
            match session.setup.seats[seat as usize].bot {
                Some(level) => {
                    if !levels.contains(&level) {
                        levels.push(level);
                        *self.bot_games.entry(level.key().into()).or_default() += 1;
                    }
                    if won {
                        *self.bot_wins.entry(level.key().into()).or_default() += 1;
                    }
                }
                None => {
                    let name = session.name(seat).to_string();
                    *self.wins_by_name.entry(name.clone()).or_default() += u32::from(won);
                    self.score_sum += u64::from(total);
                    self.scores += 1;
                    if self.best.as_ref().is_none_or(|(_, b)| total < *b) {
                        self.best = Some((name, total));
                    }
                }
            }
        }
        self.mojo_plus_ten += session
            .rounds
            .iter()
            .filter(|r| r.holder_penalised())
            .count() as u32;
        self.recent.push(id.to_string());
        if self.recent.len() > REMEMBERED {
            self.recent.remove(0);
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::{SeatSetup, Starter, TableSetup};

    fn finished(seed: u64) -> Session {
        let setup = TableSetup {
            seats: vec![
                SeatSetup::human("Ana"),
                SeatSetup::bot("B1", Level::Easy),
                SeatSetup::bot("B2", Level::Hard),
            ],
            double_discard: false,
            target: 30,
            starter: Starter::Seat(0),
        };
        let mut s = Session::new(setup, seed).unwrap();
        let mut guard = 0;
        while !s.game.is_over() {
            let a = s.game.legal_actions().get(0).unwrap();
            s.apply(a).unwrap();
            guard += 1;
            assert!(guard < 20_000);
        }
        s
    }

    #[test]
    fn a_finished_game_is_counted_once_with_its_winners_and_scores() {
        let s = finished(7);
        let mut st = Stats::default();
        assert!(st.record("g1", &s));
        assert!(!st.record("g1", &s), "a reload must not count it twice");
        assert_eq!(st.games, 1);
        let totals = s.game.totals();
        assert_eq!(st.scores, 1);
        assert_eq!(st.score_sum, u64::from(totals[0]));
        assert_eq!(st.best, Some(("Ana".into(), totals[0])));
        assert_eq!(st.average(), Some(f64::from(totals[0])));
        let winners = s.game.winners();
        assert_eq!(
            st.wins_by_name.get("Ana"),
            Some(&u32::from(winners.contains(&0)))
        );
        assert_eq!(st.bot_games.get("easy"), Some(&1));
        assert_eq!(st.bot_games.get("hard"), Some(&1));
        assert_eq!(st.bot_games.get("medium"), None);
        assert_eq!(
            st.bot_wins.get("hard").copied().unwrap_or(0),
            u32::from(winners.contains(&2))
        );
        let plus = s.rounds.iter().filter(|r| r.holder_penalised()).count() as u32;
        assert_eq!(st.mojo_plus_ten, plus);
        // A second game: the best score is the lower one.
        let s2 = finished(8);
        assert!(st.record("g2", &s2));
        assert_eq!(st.games, 2);
        let best = totals[0].min(s2.game.totals()[0]);
        assert_eq!(st.best.as_ref().map(|b| b.1), Some(best));
    }

    #[test]
    fn a_game_in_progress_is_not_counted() {
        let setup = TableSetup::first_visit("Ana");
        let s = Session::new(setup, 1).unwrap();
        let mut st = Stats::default();
        assert!(!st.record("g", &s));
        assert_eq!(st, Stats::default());
    }

    #[test]
    fn stored_text_round_trips_and_anything_else_is_refused() {
        let mut st = Stats::default();
        st.record("g1", &finished(3));
        assert_eq!(Stats::decode(&st.encode()), Ok(st.clone()));
        assert!(Stats::decode("garbage").is_err());
        assert!(Stats::decode(r#"{"format":"mojo-save","version":1,"stats":{}}"#).is_err());
        let newer = st.encode().replace("\"version\":1", "\"version\":2");
        assert!(Stats::decode(&newer).is_err());
    }

    /// Statistics as earlier builds wrote them (serde's derived shape) read
    /// back, and are written again in the same shape.
    #[test]
    fn statistics_of_earlier_builds_still_read() {
        let earlier = r#"{"format":"mojo-stats","version":1,"stats":{"games":3,"wins_by_name":{"Ana":2,"Zoé \"Z\"":0},"bot_games":{"easy":1,"hard":2},"bot_wins":{"hard":1},"score_sum":97,"scores":3,"best":["Ana",21],"mojo_plus_ten":4,"recent":["g1","g2","g3"]}}"#;
        let st = Stats::decode(earlier).unwrap();
        assert_eq!(st.games, 3);
        assert_eq!(st.wins_by_name.get("Zoé \"Z\""), Some(&0));
        assert_eq!(st.bot_games.get("hard"), Some(&2));
        assert_eq!(st.bot_wins.get("hard"), Some(&1));
        assert_eq!((st.score_sum, st.scores), (97, 3));
        assert_eq!(st.best, Some(("Ana".into(), 21)));
        assert_eq!(st.mojo_plus_ten, 4);
        assert_eq!(st.recent, ["g1", "g2", "g3"]);
        let ours: serde_json::Value = serde_json::from_str(&st.encode()).unwrap();
        let theirs: serde_json::Value = serde_json::from_str(earlier).unwrap();
        assert_eq!(ours, theirs);
        // No best score yet: null.
        let none = earlier.replace(r#"["Ana",21]"#, "null");
        assert_eq!(Stats::decode(&none).unwrap().best, None);
        // Strict shape: an unknown field, a missing one, a wrong type.
        let extra = earlier.replace(r#""games":3"#, r#""games":3,"streak":9"#);
        assert_eq!(Stats::decode(&extra), Err("unknown field `streak`".into()));
        let missing = earlier.replace(r#""scores":3,"#, "");
        assert_eq!(
            Stats::decode(&missing),
            Err("missing field `scores`".into())
        );
        let wrong = earlier.replace(r#""Ana":2"#, r#""Ana":"two""#);
        assert!(Stats::decode(&wrong).unwrap_err().contains("`Ana`"));
    }

    #[test]
    fn only_the_last_games_are_remembered() {
        let s = finished(5);
        let mut st = Stats::default();
        for i in 0..(REMEMBERED + 5) {
            assert!(st.record(&format!("g{i}"), &s));
        }
        assert_eq!(st.recent.len(), REMEMBERED);
        assert_eq!(st.games as usize, REMEMBERED + 5);
    }

    /// Today's deal: its day is played once its first game finishes on
    /// that day (or the next, begun before midnight); the streak counts
    /// the days in a row; statistics of before it still read.
    #[test]
    fn todays_deal_is_played_once_a_day_and_the_streak_is_kept() {
        let play = |day: &str| {
            let deal = daily::deal_of(day);
            let mut s =
                Session::new(daily::table("Ana", |n| format!("Bot {n}")), deal.seed).unwrap();
            let mut bot = mojo_engine::BotKind::Easy.make(3);
            while !s.game.is_over() {
                let view = s.game.view(s.game.current());
                s.apply(bot.choose(&view)).unwrap();
            }
            s
        };
        let mut st = Stats::default();
        let d1 = play("2026-12-01");
        assert!(st.record_daily(&d1, "2026-12-01"));
        assert!(!st.record_daily(&d1, "2026-12-01"), "once");
        assert_eq!(st.streak("2026-12-01"), 1);
        // The next day, not played yet: the streak still stands.
        assert_eq!(st.streak("2026-12-02"), 1);
        assert!(!st.played("2026-12-02"));
        // Begun on the 2nd, finished after midnight.
        assert!(st.record_daily(&play("2026-12-02"), "2026-12-03"));
        assert!(st.record_daily(&play("2026-12-03"), "2026-12-03"));
        assert_eq!(st.streak("2026-12-03"), 3);
        // Yesterday's deal played today does not count twice; an older one
        // not at all.
        assert!(!st.record_daily(&play("2026-12-01"), "2026-12-03"));
        // A day missed ends it.
        assert_eq!(st.streak("2026-12-05"), 0);
        assert!(st.record_daily(&play("2026-12-05"), "2026-12-05"));
        assert_eq!(st.streak("2026-12-05"), 1);
        assert_eq!(
            st.daily,
            ["2026-12-01", "2026-12-02", "2026-12-03", "2026-12-05"]
        );
        // Kept, and read back; statistics written before it still read.
        let back = Stats::decode(&st.encode()).unwrap();
        assert_eq!(back.daily, st.daily);
        let old = st.encode().replace(
            r#","daily":["2026-12-01","2026-12-02","2026-12-03","2026-12-05"]"#,
            "",
        );
        assert!(!old.contains("daily"), "{old}");
        let old = Stats::decode(&old).unwrap();
        assert!(old.daily.is_empty());
        assert_eq!(old.games, st.games);
    }
}
