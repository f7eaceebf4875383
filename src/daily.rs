//! Today's deal: the same game for everybody on the same UTC calendar day
//! (you against three Hard bots, four players, to 50 points, one discard
//! pile), derived from the date alone, so that it needs no server and
//! works offline. A device with a wrong clock plays the deal of its own
//! date. The date comes from outside the reducer (`browser::utc_today`),
//! as `YYYY-MM-DD`.

use mojo_engine::{FirstPlayer, Options};

use crate::deal::Deal;
use crate::session::{Level, SeatSetup, Session, Starter, TableSetup};

/// The deal of `date` (`YYYY-MM-DD`): its seed is a hash of the date, the
/// same on every device and platform (FNV-1a, 64 bits).
pub fn deal_of(date: &str) -> Deal {
    let mut seed: u64 = 0xcbf2_9ce4_8422_2325;
    for b in "mojo: today's deal ".bytes().chain(date.bytes()) {
        seed ^= u64::from(b);
        seed = seed.wrapping_mul(0x0000_0100_0000_01b3);
    }
    Deal {
        seed,
        options: Options {
            players: 4,
            double_discard: false,
            target: 50,
            first_player: FirstPlayer::Random,
        },
    }
}

/// The table of today's deal: `me` (a person at this screen) against
/// three Hard bots named by `bot_name(n)`.
pub fn table(me: &str, bot_name: impl Fn(usize) -> String) -> TableSetup {
    let mut seats = vec![SeatSetup::human(me)];
    seats.extend((1..4).map(|n| SeatSetup::bot(&bot_name(n), Level::Hard)));
    TableSetup {
        seats,
        double_discard: false,
        target: 50,
        starter: Starter::Random,
    }
}

/// The date whose deal `session` is, if it is today's (`today`) or
/// yesterday's (a game begun before midnight, UTC) and played as one:
/// one person against three Hard bots.
pub fn date_of(session: &Session, today: &str) -> Option<String> {
    let one_person = session.humans() == 1
        && (0..session.players()).all(|s| {
            session.is_here(s) || session.setup.seats[s as usize].bot == Some(Level::Hard)
        });
    if !one_person {
        return None;
    }
    let record = &session.record;
    [Some(today.to_string()), day_before(today)]
        .into_iter()
        .flatten()
        .find(|d| {
            let deal = deal_of(d);
            deal.seed == record.seed && deal.options == record.options
        })
}

/// Days since 1970-01-01 of a date `YYYY-MM-DD` (the proleptic Gregorian
/// calendar), if it is one.
pub fn days(date: &str) -> Option<i64> {
    let mut parts = date.splitn(3, '-');
    let y: i64 = parts.next()?.parse().ok()?;
    let m: i64 = parts.next()?.parse().ok()?;
    let d: i64 = parts.next()?.parse().ok()?;
    let days_in = [
        31,
        28 + i64::from(leap(y)),
        31,
        30,
        31,
        30,
        31,
        31,
        30,
        31,
        30,
        31,
    ];
    if date.len() != 10 || !(1..=12).contains(&m) || d < 1 || d > days_in[(m - 1) as usize] {
        return None;
    }
    // Howard Hinnant's days_from_civil.
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    Some(era * 146_097 + doe - 719_468)
}

/// The date `YYYY-MM-DD` of a day number of [`days`].
pub fn date(days: i64) -> String {
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// The day before `date`.
pub fn day_before(date_text: &str) -> Option<String> {
    days(date_text).map(|n| date(n - 1))
}

fn leap(y: i64) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

/// The final scores of a result to share, best place first: "1. Ana 12,
/// 2. Bot 1 20, 2. Bot 2 20, 4. Bot 3 31" (a tie shares its place, the
/// next place counts the tied; the seat order breaks ties in the list).
pub fn standings(names_and_totals: &[(String, u32)]) -> String {
    let mut order: Vec<usize> = (0..names_and_totals.len()).collect();
    order.sort_by_key(|&i| names_and_totals[i].1);
    order
        .iter()
        .map(|&i| {
            let (name, total) = &names_and_totals[i];
            let place = 1 + names_and_totals.iter().filter(|(_, t)| t < total).count();
            format!("{place}. {name} {total}")
        })
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::Session;

    #[test]
    fn the_result_to_share_lists_places_best_first_and_ties_share_one() {
        let seats = [("Ana", 23), ("Bot 1", 41), ("Bot 2", 12), ("Bot 3", 23)];
        let seats: Vec<(String, u32)> = seats.iter().map(|(n, t)| (n.to_string(), *t)).collect();
        assert_eq!(
            standings(&seats),
            "1. Bot 2 12, 2. Ana 23, 2. Bot 3 23, 4. Bot 1 41"
        );
        assert_eq!(standings(&seats[..1]), "1. Ana 23");
    }

    const PINNED: u64 = 13_184_053_729_767_884_312;

    #[test]
    fn every_device_gets_the_same_deal_on_a_day_and_another_the_next_day() {
        let a = deal_of("2026-12-04");
        assert_eq!(a, deal_of("2026-12-04"));
        // Pinned: the same on every platform and build.
        assert_eq!(a.seed, PINNED);
        let days: Vec<u64> = (0..400).map(|n| deal_of(&date(20_000 + n)).seed).collect();
        for (i, s) in days.iter().enumerate() {
            assert!(!days[..i].contains(s), "two days share a deal");
        }
        assert_eq!(a.options.players, 4);
        assert_eq!(a.options.target, 50);
        assert!(!a.options.double_discard);
        // It deals: you against three Hard bots.
        let setup = table("Ana", |n| format!("Bot {n}"));
        let s = Session::new(setup, a.seed).unwrap();
        assert_eq!(s.record.options, a.options);
        assert_eq!(date_of(&s, "2026-12-04").as_deref(), Some("2026-12-04"));
        // Begun before midnight, finished after it: still that day's.
        assert_eq!(date_of(&s, "2026-12-05").as_deref(), Some("2026-12-04"));
        assert_eq!(date_of(&s, "2026-12-06"), None);
        // Not one person against Hard bots: not today's deal.
        let mut two = table("Ana", |n| format!("Bot {n}"));
        two.seats[1] = SeatSetup::human("Ben");
        let s = Session::new(two, a.seed).unwrap();
        assert_eq!(date_of(&s, "2026-12-04"), None);
    }

    #[test]
    fn dates_count_days_across_months_years_and_leap_days() {
        assert_eq!(days("1970-01-01"), Some(0));
        assert_eq!(days("2000-03-01"), Some(11_017));
        for n in -700_000..1_000_000i64 {
            if n % 97 != 0 && !(-1000..1000).contains(&n) {
                continue;
            }
            assert_eq!(days(&date(n)), Some(n), "{}", date(n));
        }
        assert_eq!(day_before("2024-03-01").as_deref(), Some("2024-02-29"));
        assert_eq!(day_before("2023-03-01").as_deref(), Some("2023-02-28"));
        assert_eq!(day_before("2027-01-01").as_deref(), Some("2026-12-31"));
        for bad in [
            "",
            "2026-13-01",
            "2026-02-29",
            "2026-1-1",
            "today",
            "2026-12-04T10",
        ] {
            assert_eq!(days(bad), None, "{bad}");
        }
    }

    /// The end-to-end tests' finished game of today's deal on 2026-12-04
    /// (`tests/fixtures/saves/daily-2026-12-04-finished.json`): that day's
    /// deal played out, the person's moves and the bots' by Easy. Written
    /// again with `MOJO_WRITE_FIXTURES=1`.
    #[test]
    fn the_finished_fixture_of_todays_deal_is_that_days_deal_played_out() {
        let deal = deal_of("2026-12-04");
        let mut s = Session::new(table("Ana", |n| format!("Bot {n}")), deal.seed).unwrap();
        let mut bot = mojo_engine::BotKind::Easy.make(11);
        while !s.game.is_over() {
            let view = s.game.view(s.game.current());
            s.apply(bot.choose(&view)).unwrap();
        }
        let text = crate::save::encode(&s, "0000daily0000004", s.record.actions.len() as u64);
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/saves/daily-2026-12-04-finished.json"
        );
        if std::env::var_os("MOJO_WRITE_FIXTURES").is_some() {
            std::fs::write(path, &text).unwrap();
        }
        let kept =
            std::fs::read_to_string(path).expect("the fixture (MOJO_WRITE_FIXTURES=1 writes it)");
        assert_eq!(kept, text);
        let loaded = crate::save::decode(&kept).unwrap();
        assert_eq!(
            date_of(&loaded.session, "2026-12-04").as_deref(),
            Some("2026-12-04")
        );
        assert!(loaded.session.game.is_over());
    }
}
