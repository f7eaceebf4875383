//! Every word the app shows, in one catalogue per language. A message is a
//! variant of [`Text`]; each language (`en.rs`, `fr.rs`, `ru.rs`, `nl.rs`,
//! `pl.rs`) is one exhaustive `match` over it, with no wildcard arm, so a
//! missing translation is a compile error, not a blank on screen.
//!
//! Accessible names ("7 yellow", "Your hand", "Show my cards"…) are part of
//! the catalogue too; the English ones are a contract of the tests.
//!
//! Counts go through [`Lang::plural`]: English, Dutch and French have two
//! forms (French treats 0 as singular), Russian and Polish three.

use mojo_engine::{Colour, DrawSource, Face, Outcome, RoundEnd, Value};

use crate::save::Speed;
use crate::session::Level;

mod en;
mod fr;
mod nl;
mod pl;
mod ru;

/// A language of the interface.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    #[default]
    En,
    Fr,
    Ru,
    Nl,
    Pl,
}

impl Lang {
    pub const ALL: [Lang; 5] = [Lang::En, Lang::Fr, Lang::Ru, Lang::Nl, Lang::Pl];

    /// The BCP 47 code (`?lang=` and the `lang` attribute).
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
            Lang::Ru => "ru",
            Lang::Nl => "nl",
            Lang::Pl => "pl",
        }
    }

    /// The language's own name.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Fr => "Français",
            Lang::Ru => "Русский",
            Lang::Nl => "Nederlands",
            Lang::Pl => "Polski",
        }
    }

    /// A language from a code such as `en` or `en-GB`.
    pub fn from_code(code: &str) -> Option<Lang> {
        let primary = code.split(['-', '_']).next()?.to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == primary)
    }

    /// The decimal separator: "12.5" in English, "12,5" in the others.
    pub fn decimal_sep(self) -> char {
        match self {
            Lang::En => '.',
            Lang::Fr | Lang::Ru | Lang::Nl | Lang::Pl => ',',
        }
    }

    /// The plural category of `n` in this language.
    pub fn plural(self, n: u64) -> Plural {
        match self {
            Lang::En => en::plural(n),
            Lang::Fr => fr::plural(n),
            Lang::Ru => ru::plural(n),
            Lang::Nl => nl::plural(n),
            Lang::Pl => pl::plural(n),
        }
    }
}

/// A plural category (the CLDR names, reduced to what our languages use:
/// English, French and Dutch only know `One` and `Many` — CLDR's "other").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plural {
    /// 1 (and 0 in French; 21, 31… in Russian).
    One,
    /// Russian and Polish 2–4, 22–24… (not 12–14).
    Few,
    /// Everything else.
    Many,
}

/// Picks a word form for a count: `[one, few, many]`. Languages with two
/// forms give the same word for `few` and `many`.
pub(crate) fn form(p: Plural, [one, few, many]: [&str; 3]) -> &str {
    match p {
        Plural::One => one,
        Plural::Few => few,
        Plural::Many => many,
    }
}

/// Everything the interface says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Text<'a> {
    Title,
    Tagline,
    // Lobby
    NewTable,
    Seat(usize),
    Name,
    Person,
    /// The first seat's name on a first visit ("You").
    DefaultName,
    /// The default name of the n-th bot seat ("Bot 2").
    DefaultBot(usize),
    Bot(Level),
    /// The lobby's seat menu: the group of bot levels, and a level's
    /// short name inside it (the menu is narrow on a phone).
    Bots,
    LevelName(Level),
    AddSeat,
    RemoveSeat(&'a str),
    TwoPiles,
    TwoPilesHelp,
    TargetScore,
    WhoStarts,
    RandomStarter,
    StartGame,
    Continue,
    ContinueDetail {
        round: u32,
        players: usize,
    },
    ProblemSeats,
    ProblemName(usize),
    ProblemTarget,
    // Table
    Round(u32),
    DrawPile,
    Cards(usize),
    DiscardPile,
    Pile(u8),
    MojoCardName(Face),
    Clockwise,
    Counterclockwise,
    YourHand,
    YourFaceDown,
    /// What all of one's own cards (hand, face-down, face-up) would score
    /// now (RULES R10).
    CardsWorth(u32),
    CardName(Value),
    /// A colour's name as printed on a large card ("yellow").
    ColourName(Colour),
    RevealCard(Value),
    HintLower,
    HintHigher,
    HintEqual,
    HintLast,
    PlayOn(u8),
    ChoosePile,
    DrawFromDeck,
    TakeFromOtherPile(Value),
    MustDraw,
    MustReveal,
    YourTurn,
    ContinueChain(Value),
    TurnOf(&'a str),
    Thinking(&'a str),
    HandSize(usize),
    FaceDownCount(usize),
    Total(u32),
    PassDevice(&'a str),
    PassDeviceHelp,
    ShowMyCards,
    YouAre(&'a str),
    // Summary, score pad, game over
    RoundOverTitle(u32),
    EndedRound {
        name: &'a str,
        reason: RoundEnd,
    },
    HolderZero(&'a str),
    HolderPenalty(&'a str),
    Points(u32),
    Score(u32),
    NewTotal(u32),
    Counts,
    NextRound,
    ScorePad,
    Player,
    TotalHeader,
    ToTarget(u32),
    Target(u32),
    Leader,
    MojoHolder,
    GameOverTitle,
    Winner(&'a str),
    SharedWin(&'a str),
    NewGame,
    Rematch,
    // Log
    GameLog,
    LogDealt {
        round: u32,
        starter: &'a str,
    },
    LogPlayed {
        name: &'a str,
        value: Value,
        outcome: Outcome,
    },
    LogDrew {
        name: &'a str,
        source: DrawSource,
        card: Option<Value>,
    },
    LogNothingToDraw(&'a str),
    LogReshuffled(u8),
    LogRefilled(Value),
    LogFaceDown {
        name: &'a str,
        count: u8,
    },
    LogRevealed {
        name: &'a str,
        value: Value,
    },
    LogRoundEnded {
        name: &'a str,
        reason: RoundEnd,
    },
    LogScored {
        name: &'a str,
        score: u32,
        penalised: bool,
    },
    LogMojoTurned(Face),
    LogGameOver(&'a str),
    // Rules help (`RulesHelp`): headings and short paragraphs.
    RulesTitle,
    RulesCardsHeading,
    RulesCardsBody,
    RulesTurnHeading,
    RulesTurnBody,
    RulesLower,
    RulesLowerBody,
    RulesHigher,
    RulesHigherBody,
    RulesEqual,
    RulesEqualBody,
    RulesMojoTimeHeading,
    RulesMojoTimeBody,
    RulesRoundEndHeading,
    RulesRoundEndBody,
    RulesScoringHeading,
    RulesScoringBody,
    RulesGameEndHeading,
    RulesGameEndBody,
    RulesVariantHeading,
    RulesVariantBody,
    // Menus, settings, notices
    Rules,
    Close,
    Menu,
    Settings,
    Speed,
    SpeedName(Speed),
    Language,
    ReduceMotion,
    BackToLobby,
    SaveUnreadable(&'a str),
    SaveKeptAside,
    StorageOff,
    UpdateReady,
    ReloadForUpdate,
    /// Another tab of this browser played on in this game: this tab shows
    /// the latest position.
    TabContinued,
    /// Another tab started a different game: this tab stopped saving so as
    /// not to overwrite it.
    TabOtherGame,
    /// Open the game the other tab saved.
    OpenOtherGame,
    /// Save this tab's game anyway, replacing the other tab's.
    KeepThisGame,
    Dismiss,
    // Score chart
    ChartTitle,
    ChartDesc,
    // Statistics
    Statistics,
    StatsGames(u32),
    StatsNone,
    StatsWins,
    StatsGamesHeader,
    StatsAverage,
    StatsBest,
    StatsMojoPlusTen,
    StatsReset,
    StatsResetConfirm,
    StatsResetYes,
    Cancel,
    // First-game walkthrough
    TourTitle,
    TourStep {
        step: u8,
        of: u8,
    },
    TourHand,
    /// The discard pile and Mojo Time, with the table's threshold (3, or 2
    /// with two players).
    TourDiscard(usize),
    TourPoints,
    TourMojo,
    TourNext,
    TourDone,
    TourSkip,
    ShowTour,
}

impl Text<'_> {
    /// The message in `lang`.
    pub fn get(&self, lang: Lang) -> String {
        match lang {
            Lang::En => en::text(self),
            Lang::Fr => fr::text(self),
            Lang::Ru => ru::text(self),
            Lang::Nl => nl::text(self),
            Lang::Pl => pl::text(self),
        }
    }
}

/// Names joined for a sentence: "Ana", "Ana and Ben", "Ana, Ben and Cy"
/// ("Ana et Ben", "Ана и Бен", "Ana en Ben", "Ana i Ben").
pub fn join_names(names: &[&str], lang: Lang) -> String {
    let and = match lang {
        Lang::En => "and",
        Lang::Fr => "et",
        Lang::Ru => "и",
        Lang::Nl => "en",
        Lang::Pl => "i",
    };
    match names {
        [] => String::new(),
        [one] => (*one).to_string(),
        [rest @ .., last] => format!("{} {and} {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests;
