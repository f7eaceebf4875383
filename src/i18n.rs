//! Every word the app shows, in one catalogue per language. A message is a
//! variant of [`Text`]; each language is one `match` over it, so a missing
//! translation is a compile error, not a blank on screen.
//!
//! Accessible names ("7 yellow", "Your hand", "Show my cards"…) are part of
//! the catalogue too.

use mojo_engine::{Colour, DrawSource, Face, Outcome, RoundEnd, Value};

use crate::save::Speed;
use crate::session::Level;

/// A language of the interface.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    #[default]
    En,
}

impl Lang {
    pub const ALL: [Lang; 1] = [Lang::En];

    /// The BCP 47 code (`?lang=` and the `lang` attribute).
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
        }
    }

    /// The language's own name.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
        }
    }

    /// A language from a code such as `en` or `en-GB`.
    pub fn from_code(code: &str) -> Option<Lang> {
        let primary = code.split(['-', '_']).next()?.to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == primary)
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
    Bot(Level),
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
    CardName(Value),
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
    Dismiss,
}

fn colour_en(c: Colour) -> &'static str {
    c.name()
}

fn level_en(l: Level) -> &'static str {
    match l {
        Level::Easy => "Easy bot",
        Level::Medium => "Medium bot",
        Level::Hard => "Hard bot",
    }
}

fn plural_en(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

impl Text<'_> {
    /// The message in `lang`.
    pub fn get(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.en(),
        }
    }

    fn en(&self) -> String {
        use Text::*;
        match *self {
            Title => "Mojo".into(),
            Tagline => "The shedding card game: lowest score wins.".into(),
            NewTable => "New game".into(),
            Seat(i) => format!("Seat {}", i + 1),
            Name => "Name".into(),
            Person => "Person".into(),
            Bot(l) => level_en(l).into(),
            AddSeat => "Add a seat".into(),
            RemoveSeat(name) => format!("Remove {name}"),
            TwoPiles => "Two discard piles".into(),
            TwoPilesHelp => {
                "Play on either pile; after a higher card, draw from the deck or take the other pile's top.".into()
            }
            TargetScore => "Game ends at".into(),
            WhoStarts => "Who starts".into(),
            RandomStarter => "Random".into(),
            StartGame => "Start game".into(),
            Continue => "Continue".into(),
            ContinueDetail { round, players } => {
                format!("Saved game: round {round}, {players} players")
            }
            ProblemSeats => "A table has 2 to 8 seats.".into(),
            ProblemName(i) => format!("Seat {} needs a name.", i + 1),
            ProblemTarget => "The game must end between 10 and 500 points.".into(),
            Round(n) => format!("Round {n}"),
            DrawPile => "Draw pile".into(),
            Cards(n) => plural_en(n, "card", "cards"),
            DiscardPile => "Discard pile".into(),
            Pile(i) => if i == 0 { "Left pile" } else { "Right pile" }.into(),
            MojoCardName(face) => format!(
                "Mojo card: {} face up, play goes {}",
                face.label(),
                match face {
                    Face::Zero => "clockwise",
                    Face::PlusTen => "counterclockwise",
                }
            ),
            Clockwise => "clockwise".into(),
            Counterclockwise => "counterclockwise".into(),
            YourHand => "Your hand".into(),
            YourFaceDown => "Your face-down cards".into(),
            CardName(v) => format!("{v} {}", colour_en(Colour::of(v))),
            RevealCard(v) => format!("Reveal {v} {}", colour_en(Colour::of(v))),
            HintLower => "ends your turn".into(),
            HintHigher => "you draw a card".into(),
            HintEqual => "play again".into(),
            HintLast => "ends the round".into(),
            PlayOn(i) => format!(
                "Play on the {} pile",
                if i == 0 { "left" } else { "right" }
            ),
            ChoosePile => "Choose a pile, then a card".into(),
            DrawFromDeck => "Draw from the deck".into(),
            TakeFromOtherPile(v) => format!(
                "Take from the other pile ({v} {})",
                colour_en(Colour::of(v))
            ),
            MustDraw => "Higher card: draw one. Where from?".into(),
            MustReveal => "Mojo Time: reveal one of your face-down cards.".into(),
            YourTurn => "Your turn: play a card.".into(),
            ContinueChain(v) => format!("Equal! Play another card on the {v}."),
            TurnOf(name) => format!("{name}'s turn"),
            Thinking(name) => format!("{name} is thinking…"),
            HandSize(n) => plural_en(n, "card in hand", "cards in hand"),
            FaceDownCount(n) => plural_en(n, "card face down", "cards face down"),
            Total(t) => format!("{t} points"),
            PassDevice(name) => format!("Pass the device to {name}"),
            PassDeviceHelp => "Everyone else, look away: the next screen shows a hand.".into(),
            ShowMyCards => "Show my cards".into(),
            YouAre(name) => format!("You are {name}"),
            RoundOverTitle(n) => format!("Round {n} is over"),
            EndedRound { name, reason } => match reason {
                RoundEnd::EmptiedHand => format!("{name} played their last card."),
                RoundEnd::RevealedLast => format!("{name} revealed their last card."),
            },
            HolderZero(name) => format!(
                "{name} takes the Mojo with no more points than anyone: 0 for the round."
            ),
            HolderPenalty(name) => format!(
                "{name} takes the Mojo but someone has fewer points: their points + 10."
            ),
            Points(p) => plural_en(p as usize, "point", "points"),
            Score(s) => format!("scores {s}"),
            NewTotal(t) => format!("total {t}"),
            Counts => "counts".into(),
            NextRound => "Next round".into(),
            ScorePad => "Score pad".into(),
            Player => "Player".into(),
            TotalHeader => "Total".into(),
            ToTarget(n) => format!("{n} to go"),
            Target(t) => format!("Game ends at {t}"),
            Leader => "leader".into(),
            MojoHolder => "took the Mojo".into(),
            GameOverTitle => "Game over".into(),
            Winner(name) => format!("{name} wins!"),
            SharedWin(names) => format!("{names} share the victory!"),
            NewGame => "New game".into(),
            Rematch => "Rematch".into(),
            GameLog => "Game log".into(),
            LogDealt { round, starter } => format!("Round {round}: {starter} starts."),
            LogPlayed { name, value, outcome } => {
                let card = format!("{value} {}", colour_en(Colour::of(value)));
                match outcome {
                    Outcome::Lower => format!("{name} played {card}: lower, turn over."),
                    Outcome::Equal => format!("{name} played {card}: equal, plays again."),
                    Outcome::Higher => format!("{name} played {card}: higher, draws a card."),
                    Outcome::LastCard => format!("{name} played {card}, their last card."),
                }
            }
            LogDrew { name, source, card } => match (source, card) {
                (DrawSource::Discard, Some(v)) => format!(
                    "{name} took {v} {} from the other pile.",
                    colour_en(Colour::of(v))
                ),
                (DrawSource::Deck, Some(v)) => format!(
                    "{name} drew {v} {} from the deck.",
                    colour_en(Colour::of(v))
                ),
                _ => format!("{name} drew a card from the deck."),
            },
            LogNothingToDraw(name) => format!("{name} had nothing to draw."),
            LogReshuffled(n) => format!(
                "The discards were shuffled into a new draw pile ({}).",
                plural_en(n as usize, "card", "cards")
            ),
            LogRefilled(v) => format!(
                "The emptied pile takes the {v} {} from the other pile.",
                colour_en(Colour::of(v))
            ),
            LogFaceDown { name, count } => format!(
                "{name} went face down with {}.",
                plural_en(count as usize, "card", "cards")
            ),
            LogRevealed { name, value } => format!(
                "{name} revealed {value} {}.",
                colour_en(Colour::of(value))
            ),
            LogRoundEnded { name, reason } => match reason {
                RoundEnd::EmptiedHand => format!("{name} emptied their hand and takes the Mojo."),
                RoundEnd::RevealedLast => {
                    format!("{name} revealed their last card and takes the Mojo.")
                }
            },
            LogScored {
                name,
                score,
                penalised,
            } => {
                if penalised {
                    format!("{name} scores {score} (points + 10).")
                } else {
                    format!("{name} scores 0 with the Mojo.")
                }
            }
            LogMojoTurned(face) => format!(
                "The Mojo card turns to {}: play goes {}.",
                face.label(),
                match face {
                    Face::Zero => "clockwise",
                    Face::PlusTen => "counterclockwise",
                }
            ),
            LogGameOver(names) => format!("Game over: {names} won."),
            Rules => "Rules".into(),
            Close => "Close".into(),
            Menu => "Menu".into(),
            Settings => "Settings".into(),
            Speed => "Bot speed".into(),
            SpeedName(s) => match s {
                crate::save::Speed::Slow => "Slow",
                crate::save::Speed::Normal => "Normal",
                crate::save::Speed::Fast => "Fast",
                crate::save::Speed::Instant => "Instant",
            }
            .into(),
            Language => "Language".into(),
            ReduceMotion => "Reduce animations".into(),
            BackToLobby => "Leave to the lobby".into(),
            SaveUnreadable(why) => format!("Your saved game could not be loaded: {why}."),
            SaveKeptAside => {
                "Its text is kept aside in this browser's storage; a new game can start.".into()
            }
            StorageOff => {
                "Saving is off: this browser does not let the game store data. You can still play."
                    .into()
            }
            Dismiss => "Dismiss".into(),
        }
    }
}

/// Names joined for a sentence: "Ana", "Ana and Ben", "Ana, Ben and Cy".
pub fn join_names(names: &[&str], lang: Lang) -> String {
    match lang {
        Lang::En => match names {
            [] => String::new(),
            [one] => (*one).to_string(),
            [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accessible_names_follow_the_contract() {
        assert_eq!(Text::CardName(7).get(Lang::En), "7 yellow");
        assert_eq!(Text::RevealCard(11).get(Lang::En), "Reveal 11 red");
        assert_eq!(Text::YourHand.get(Lang::En), "Your hand");
        assert_eq!(Text::ShowMyCards.get(Lang::En), "Show my cards");
        assert_eq!(Text::StartGame.get(Lang::En), "Start game");
        assert_eq!(Text::NextRound.get(Lang::En), "Next round");
        assert_eq!(Text::NewGame.get(Lang::En), "New game");
        assert_eq!(Text::DrawFromDeck.get(Lang::En), "Draw from the deck");
        assert!(Text::TakeFromOtherPile(3)
            .get(Lang::En)
            .starts_with("Take from the other pile"));
    }

    #[test]
    fn languages_come_from_codes() {
        assert_eq!(Lang::from_code("en-GB"), Some(Lang::En));
        assert_eq!(Lang::from_code("xx"), None);
        assert_eq!(Lang::from_code(""), None);
    }

    #[test]
    fn names_join_for_sentences() {
        assert_eq!(join_names(&["Ana"], Lang::En), "Ana");
        assert_eq!(join_names(&["Ana", "Ben"], Lang::En), "Ana and Ben");
        assert_eq!(join_names(&["A", "B", "C"], Lang::En), "A, B and C");
    }
}
