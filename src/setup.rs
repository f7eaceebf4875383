//! The table being set up: who sits where (people by name, here or on
//! their own device, near or far; bots by level), the variant, the target
//! and who starts; the lobby's changes to it, its checks, and whether this
//! screen hides each hand from the others ([`TableSetup::covers_hands`]).
//!
//! Pure Rust over the engine's options: tested natively.

use mojo_engine::{BotKind, FirstPlayer, Options, Seat};

/// The longest player name, in characters.
pub const MAX_NAME_CHARS: usize = 20;

/// A bot's level as the lobby offers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    Easy,
    Medium,
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// The level's name in saves, settings, statistics and the lobby's
    /// menu: "easy", "medium", "hard".
    pub fn key(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    pub fn from_key(key: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.key() == key)
    }

    pub fn bot_kind(self) -> BotKind {
        match self {
            Level::Easy => BotKind::Easy,
            Level::Medium => BotKind::Medium,
            Level::Hard => BotKind::Hard,
        }
    }
}

/// One seat of the table: a person (by name) or a bot. A person plays on
/// this device (pass-and-play) or on their own (`remote`), in this room or
/// far away (`far`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatSetup {
    pub name: String,
    /// `None` for a person.
    pub bot: Option<Level>,
    /// A person playing on their own device (never with `bot`).
    pub remote: bool,
    /// A person on their own device who is not in this room, as the host
    /// said (never guessed from the network: a guest in the room on
    /// mobile data looks far too): nobody at this screen plays for them,
    /// so they give the hands here no reason to be covered. Only with
    /// `remote`.
    pub far: bool,
}

impl SeatSetup {
    pub fn human(name: &str) -> SeatSetup {
        SeatSetup {
            name: clean_name(name),
            bot: None,
            remote: false,
            far: false,
        }
    }
    /// A person playing on their own device.
    pub fn remote(name: &str) -> SeatSetup {
        SeatSetup {
            remote: true,
            ..SeatSetup::human(name)
        }
    }
    /// A person playing on their own device, far away (not in this room).
    pub fn far(name: &str) -> SeatSetup {
        SeatSetup {
            far: true,
            ..SeatSetup::remote(name)
        }
    }
    pub fn bot(name: &str, level: Level) -> SeatSetup {
        SeatSetup {
            name: clean_name(name),
            bot: Some(level),
            remote: false,
            far: false,
        }
    }
    /// A person, on this device or their own.
    pub fn is_human(&self) -> bool {
        self.bot.is_none()
    }
    /// A person on their own device.
    pub fn is_remote(&self) -> bool {
        self.bot.is_none() && self.remote
    }
    /// A person who plays on this device.
    pub fn is_here(&self) -> bool {
        self.bot.is_none() && !self.remote
    }
    /// A person on their own device, far away (not in this room).
    pub fn is_far(&self) -> bool {
        self.is_remote() && self.far
    }
    /// What the lobby's list says this seat is: "person", "remote" (on
    /// its own device, in this room), "far" (on its own device, far away)
    /// or a bot level's key ([`SetupEdit::Kind`] takes the same).
    pub fn kind(&self) -> &'static str {
        match self.bot {
            Some(level) => level.key(),
            None if self.is_far() => "far",
            None if self.remote => "remote",
            None => "person",
        }
    }
}

/// A name as the table shows it: trimmed, control characters removed, at
/// most [`MAX_NAME_CHARS`] characters. Names are always text, never markup
/// (Yew escapes them).
pub fn clean_name(name: &str) -> String {
    let cleaned: String = name
        .chars()
        .filter(|c| !c.is_control())
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    cleaned.chars().take(MAX_NAME_CHARS).collect()
}

/// Who starts the first round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Starter {
    Seat(Seat),
    Random,
}

/// Everything the lobby decides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableSetup {
    pub seats: Vec<SeatSetup>,
    pub double_discard: bool,
    pub target: u32,
    pub starter: Starter,
}

/// Why a table cannot start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupProblem {
    Seats(usize),
    EmptyName(usize),
    Target(u32),
    Starter(Seat),
}

impl core::fmt::Display for SetupProblem {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match *self {
            SetupProblem::Seats(n) => write!(f, "a table seats 2 to 8 players, not {n}"),
            SetupProblem::EmptyName(i) => write!(f, "seat {} has no name", i + 1),
            SetupProblem::Target(t) => write!(f, "the target must be 10 to 500 points, not {t}"),
            SetupProblem::Starter(s) => write!(
                f,
                "the first player, seat {}, is not at the table",
                u32::from(s) + 1
            ),
        }
    }
}

/// One change a person makes to the lobby's table: the lobby sends it,
/// the reducer makes it ([`TableSetup::edit`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupEdit {
    /// Seat `i`'s name as typed (kept to [`MAX_NAME_CHARS`] characters).
    Name(usize, String),
    /// Seat `i` becomes what the lobby's list says: `person`, `remote` (on
    /// its own device, in this room), `far` (on its own device, far away)
    /// or a bot level's key.
    Kind(usize, String),
    /// Seat `i` leaves (a table keeps two seats at least).
    Remove(usize),
    /// A Medium bot joins (up to eight seats).
    Add,
    /// The two-piles variant on or off.
    TwoPiles(bool),
    /// The target score as typed (a whole number, kept within 10–500;
    /// anything else changes nothing).
    Target(String),
    /// Who starts: a seat's number, or anything else for a random seat.
    Starter(String),
}

impl TableSetup {
    /// A first visit: you and three Medium bots, so "Start game" is one tap.
    pub fn first_visit(your_name: &str) -> TableSetup {
        TableSetup::first_visit_named(your_name, |n| format!("Bot {n}"))
    }

    /// A first visit with the bots named by `bot_name(1..=3)` (the
    /// interface's language).
    pub fn first_visit_named(your_name: &str, bot_name: impl Fn(usize) -> String) -> TableSetup {
        TableSetup {
            seats: vec![
                SeatSetup::human(your_name),
                SeatSetup::bot(&bot_name(1), Level::Medium),
                SeatSetup::bot(&bot_name(2), Level::Medium),
                SeatSetup::bot(&bot_name(3), Level::Medium),
            ],
            double_discard: false,
            target: mojo_engine::DEFAULT_TARGET,
            starter: Starter::Seat(0),
        }
    }

    pub fn players(&self) -> u8 {
        self.seats.len() as u8
    }

    /// Seat `i` becomes a bot of level `bot`, or a person (here, or on
    /// their own device with `remote`). A name the lobby gave it, a bot's
    /// ("Bot 1", by `bot_name`) or a person's ("Player 2" by
    /// `person_name`, numbered from 1, or the unnumbered "Player" for
    /// `None`), follows the change; a name somebody typed stays.
    pub fn set_kind(
        &mut self,
        i: usize,
        bot: Option<Level>,
        remote: bool,
        bot_name: impl Fn(usize) -> String,
        person_name: impl Fn(Option<usize>) -> String,
    ) {
        // A bot's new name: the first "Bot k" no other seat has.
        let free_bot = (1..)
            .map(&bot_name)
            .find(|name| self.seats.iter().all(|s| s.name != *name))
            .unwrap_or_default();
        let Some(seat) = self.seats.get_mut(i) else {
            return;
        };
        let most = mojo_engine::MAX_PLAYERS;
        let default_bot = (0..=most).any(|k| seat.name == bot_name(k));
        let default_person =
            seat.name == person_name(None) || (1..=most).any(|k| seat.name == person_name(Some(k)));
        if bot.is_none() && seat.bot.is_some() && default_bot {
            seat.name = person_name(Some(i + 1));
        } else if bot.is_some() && seat.bot.is_none() && default_person {
            seat.name = free_bot;
        }
        seat.bot = bot;
        seat.remote = remote && bot.is_none();
        seat.far = seat.far && seat.remote;
    }

    /// Makes one of the lobby's changes (`Msg::EditLobby`); names that
    /// follow a seat's kind as [`TableSetup::set_kind`] says.
    pub fn edit(
        &mut self,
        edit: SetupEdit,
        bot_name: impl Fn(usize) -> String,
        person_name: impl Fn(Option<usize>) -> String,
    ) {
        match edit {
            SetupEdit::Name(i, name) => {
                if let Some(seat) = self.seats.get_mut(i) {
                    seat.name = name.chars().take(MAX_NAME_CHARS).collect();
                }
            }
            SetupEdit::Kind(i, kind) => {
                let bot = Level::from_key(&kind);
                let far = kind == "far";
                self.set_kind(i, bot, far || kind == "remote", bot_name, person_name);
                if let Some(seat) = self.seats.get_mut(i) {
                    seat.far = far && seat.remote;
                }
            }
            SetupEdit::Remove(i) => {
                if self.seats.len() > 2 && i < self.seats.len() {
                    self.seats.remove(i);
                    if let Starter::Seat(st) = self.starter {
                        if st as usize >= self.seats.len() || st as usize == i {
                            self.starter = Starter::Seat(0);
                        }
                    }
                }
            }
            SetupEdit::Add => {
                let n = self.seats.len();
                if n < mojo_engine::MAX_PLAYERS {
                    self.seats.push(SeatSetup::bot(&bot_name(n), Level::Medium));
                }
            }
            SetupEdit::TwoPiles(on) => self.double_discard = on,
            SetupEdit::Target(text) => {
                if let Ok(v) = text.trim().parse::<u32>() {
                    self.target = v.clamp(10, 500);
                }
            }
            SetupEdit::Starter(text) => {
                self.starter = match text.parse::<u8>() {
                    Ok(seat) if (seat as usize) < self.seats.len() => Starter::Seat(seat),
                    _ => Starter::Random,
                };
            }
        }
    }

    pub fn options(&self) -> Options {
        Options {
            players: self.players(),
            double_discard: self.double_discard,
            target: self.target,
            first_player: match self.starter {
                Starter::Seat(s) => FirstPlayer::Seat(s),
                Starter::Random => FirstPlayer::Random,
            },
        }
    }

    /// Checks the setup; the first problem found.
    pub fn check(&self) -> Result<(), SetupProblem> {
        let n = self.seats.len();
        if !(2..=8).contains(&n) {
            return Err(SetupProblem::Seats(n));
        }
        if let Some(i) = self
            .seats
            .iter()
            .position(|s| clean_name(&s.name).is_empty())
        {
            return Err(SetupProblem::EmptyName(i));
        }
        if !(10..=500).contains(&self.target) {
            return Err(SetupProblem::Target(self.target));
        }
        if let Starter::Seat(s) = self.starter {
            if s as usize >= n {
                return Err(SetupProblem::Starter(s));
            }
        }
        Ok(())
    }

    pub fn humans(&self) -> impl Iterator<Item = Seat> + '_ {
        self.seats
            .iter()
            .enumerate()
            .filter(|(_, s)| s.is_human())
            .map(|(i, _)| i as Seat)
    }

    /// The people who play on this device.
    pub fn here(&self) -> impl Iterator<Item = Seat> + '_ {
        self.seats
            .iter()
            .enumerate()
            .filter(|(_, s)| s.is_here())
            .map(|(i, _)| i as Seat)
    }

    /// Whether someone plays on their own device.
    pub fn has_remote(&self) -> bool {
        self.seats.iter().any(SeatSetup::is_remote)
    }

    /// Whether this device's screen is passed between people, each hand
    /// behind the hand-off cover: with several people here, or with anyone
    /// on their own device in this room (who may be looking at this
    /// screen). A seat the host said is far away is not in the room: the
    /// one person here with only far seats and bots sees their hand at
    /// every turn, as alone with bots (issue 56).
    pub fn covers_hands(&self) -> bool {
        let here = self.here().count();
        here >= 2 || (here >= 1 && self.in_room())
    }

    /// Whether someone on their own device may be in this room (looking at
    /// this screen): any of them the host did not say is far away.
    pub fn in_room(&self) -> bool {
        self.seats.iter().any(|s| s.is_remote() && !s.far)
    }

    pub fn name(&self, seat: Seat) -> &str {
        self.seats
            .get(seat as usize)
            .map_or("?", |s| s.name.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_text_of_limited_length() {
        assert_eq!(clean_name("  Ana \n\t Maria "), "Ana Maria");
        assert_eq!(
            clean_name(&"x".repeat(10_000)).chars().count(),
            MAX_NAME_CHARS
        );
        assert_eq!(clean_name("<img src=x>"), "<img src=x>");
        assert_eq!(clean_name("\u{7}\u{1b}"), "");
    }

    /// A seat changed in the lobby takes its new kind's default name only
    /// while it has its old kind's default name.
    #[test]
    fn a_seat_changed_in_the_lobby_is_renamed_only_from_a_default_name() {
        let bot = |n: usize| format!("Bot {n}");
        let person = |n: Option<usize>| n.map_or("Player".to_string(), |n| format!("Player {n}"));
        let mut t = TableSetup::first_visit_named("Player", bot);
        t.seats[2].name = "Hal".into();
        t.set_kind(1, None, false, bot, person);
        assert_eq!(
            (t.seats[1].name.as_str(), t.seats[1].bot),
            ("Player 2", None)
        );
        t.set_kind(2, None, true, bot, person);
        assert_eq!(t.seats[2].name, "Hal", "a typed name stays");
        assert!(t.seats[2].remote);
        // A seat moved after removals still counts as a default bot name.
        t.seats[3].name = "Bot 7".into();
        t.set_kind(3, None, false, bot, person);
        assert_eq!(t.seats[3].name, "Player 4");
        // And back: a default person's name becomes a bot's.
        t.set_kind(1, Some(Level::Hard), true, bot, person);
        assert_eq!(t.seats[1].name, "Bot 1");
        assert!(!t.seats[1].remote, "a bot is never on its own device");
        t.set_kind(0, Some(Level::Easy), false, bot, person);
        assert_eq!(t.seats[0].name, "Bot 2", "the first bot name no seat has");
        // A bot changed to another level keeps its name.
        t.seats[1].name = "Robo".into();
        t.set_kind(1, Some(Level::Easy), false, bot, person);
        assert_eq!(t.seats[1].name, "Robo");
    }

    /// Every change the lobby sends, made by the reducer's one function.
    #[test]
    fn the_lobbys_edits_change_the_table_as_the_lobby_says() {
        let bot = |n: usize| format!("Bot {n}");
        let person = |n: Option<usize>| n.map_or("Player".to_string(), |n| format!("Player {n}"));
        let mut t = TableSetup::first_visit_named("Player", bot);
        let edit = |t: &mut TableSetup, e: SetupEdit| t.edit(e, bot, person);
        edit(&mut t, SetupEdit::Name(0, "Ana".repeat(10)));
        assert_eq!(t.seats[0].name.chars().count(), MAX_NAME_CHARS);
        edit(&mut t, SetupEdit::Kind(1, "remote".into()));
        assert_eq!(
            (t.seats[1].name.as_str(), t.seats[1].remote),
            ("Player 2", true)
        );
        assert_eq!(t.seats[1].kind(), "remote");
        // Far away: on its own device, not in this room (issue 56).
        edit(&mut t, SetupEdit::Kind(1, "far".into()));
        assert_eq!(
            (t.seats[1].remote, t.seats[1].far, t.seats[1].kind()),
            (true, true, "far")
        );
        edit(&mut t, SetupEdit::Kind(1, "remote".into()));
        assert_eq!((t.seats[1].far, t.seats[1].kind()), (false, "remote"));
        edit(&mut t, SetupEdit::Kind(1, "far".into()));
        edit(&mut t, SetupEdit::Kind(1, Level::Hard.key().into()));
        assert_eq!(
            (t.seats[1].bot, t.seats[1].remote, t.seats[1].far),
            (Some(Level::Hard), false, false)
        );
        edit(&mut t, SetupEdit::Kind(1, "person".into()));
        assert_eq!((t.seats[1].bot, t.seats[1].remote), (None, false));
        // Up to eight seats, each new one a Medium bot with a free name.
        for _ in 0..10 {
            edit(&mut t, SetupEdit::Add);
        }
        assert_eq!(t.seats.len(), 8);
        assert_eq!(
            (t.seats[7].name.as_str(), t.seats[7].bot),
            ("Bot 7", Some(Level::Medium))
        );
        // Who starts: a seat, and back to it when that seat leaves.
        edit(&mut t, SetupEdit::Starter("5".into()));
        assert_eq!(t.starter, Starter::Seat(5));
        edit(&mut t, SetupEdit::Remove(5));
        assert_eq!((t.seats.len(), t.starter), (7, Starter::Seat(0)));
        edit(&mut t, SetupEdit::Starter("9".into()));
        assert_eq!(t.starter, Starter::Random, "no such seat");
        edit(&mut t, SetupEdit::Starter("random".into()));
        assert_eq!(t.starter, Starter::Random);
        // Never fewer than two seats; a seat out of range changes nothing.
        for _ in 0..10 {
            edit(&mut t, SetupEdit::Remove(0));
        }
        assert_eq!(t.seats.len(), 2);
        edit(&mut t, SetupEdit::Remove(9));
        edit(&mut t, SetupEdit::Name(9, "X".into()));
        assert_eq!(t.seats.len(), 2);
        // The variant and the target (a whole number within 10–500).
        edit(&mut t, SetupEdit::TwoPiles(true));
        assert!(t.double_discard);
        edit(&mut t, SetupEdit::TwoPiles(false));
        assert!(!t.double_discard);
        edit(&mut t, SetupEdit::Target(" 75 ".into()));
        assert_eq!(t.target, 75);
        edit(&mut t, SetupEdit::Target("5".into()));
        assert_eq!(t.target, 10);
        edit(&mut t, SetupEdit::Target("9000".into()));
        assert_eq!(t.target, 500);
        edit(&mut t, SetupEdit::Target("fifty".into()));
        assert_eq!(t.target, 500, "not a number: unchanged");
    }

    #[test]
    fn first_visit_is_you_and_three_medium_bots() {
        let t = TableSetup::first_visit("You");
        assert_eq!(t.players(), 4);
        assert_eq!(t.humans().collect::<Vec<_>>(), vec![0]);
        assert!(t.seats[1..].iter().all(|s| s.bot == Some(Level::Medium)));
        assert_eq!(t.check(), Ok(()));
    }

    #[test]
    fn setups_that_cannot_play_are_refused() {
        let mut t = TableSetup::first_visit("You");
        t.seats.truncate(1);
        assert_eq!(t.check(), Err(SetupProblem::Seats(1)));
        let mut t = TableSetup::first_visit("You");
        t.seats[2].name = "   ".into();
        assert_eq!(t.check(), Err(SetupProblem::EmptyName(2)));
        let mut t = TableSetup::first_visit("You");
        t.starter = Starter::Seat(4);
        assert_eq!(t.check(), Err(SetupProblem::Starter(4)));
        let mut t = TableSetup::first_visit("You");
        t.target = 0;
        assert_eq!(t.check(), Err(SetupProblem::Target(0)));
    }
}
