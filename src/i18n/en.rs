//! English. The accessible names here ("7 yellow", "Reveal 7 yellow", "Your
//! hand", "Show my cards", "Start game"…) are a contract of the tests: change
//! them only together with the tests.

use mojo_engine::{Colour, DrawSource, Face, Outcome, RoundEnd, Value};

use super::{form, Plural, Text};
use crate::session::Level;

/// One for 1, other for everything else (0 cards, 2 cards).
pub(super) fn plural(n: u64) -> Plural {
    if n == 1 {
        Plural::One
    } else {
        Plural::Many
    }
}

/// "1 card", "2 cards".
fn count(n: u64, one: &str, other: &str) -> String {
    format!("{n} {}", form(plural(n), [one, other, other]))
}

fn colour(c: Colour) -> &'static str {
    match c {
        Colour::Blue => "blue",
        Colour::Green => "green",
        Colour::Yellow => "yellow",
        Colour::Orange => "orange",
        Colour::Red => "red",
    }
}

/// "7 yellow".
fn card(v: Value) -> String {
    format!("{v} {}", colour(Colour::of(v)))
}

fn direction(face: Face) -> &'static str {
    match face {
        Face::Zero => "clockwise",
        Face::PlusTen => "counterclockwise",
    }
}

#[deny(clippy::wildcard_enum_match_arm)]
pub(super) fn text(t: &Text) -> String {
    use Text::*;
    match *t {
        Title => "Mojo".into(),
        Tagline => "The shedding card game: lowest score wins.".into(),
        NewTable => "New game".into(),
        Seat(i) => format!("Seat {}", i + 1),
        Name => "Name".into(),
        Person => "Person".into(),
        DefaultName => "Player".into(),
        DefaultBot(n) => format!("Bot {n}"),
        Bot(l) => match l {
            Level::Easy => "Easy bot",
            Level::Medium => "Medium bot",
            Level::Hard => "Hard bot",
        }
        .into(),
        Bots => "Bots".into(),
        LevelName(l) => match l {
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
        }
        .into(),
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
        ContinueDetail { round, players } => format!(
            "Saved game: round {round}, {}",
            count(players as u64, "player", "players")
        ),
        ProblemSeats => "A table has 2 to 8 seats.".into(),
        ProblemName(i) => format!("Seat {} needs a name.", i + 1),
        ProblemTarget => "The game must end between 10 and 500 points.".into(),
        Round(n) => format!("Round {n}"),
        DrawPile => "Draw pile".into(),
        Cards(n) => count(n as u64, "card", "cards"),
        DiscardPile => "Discard pile".into(),
        Pile(i) => if i == 0 { "Left pile" } else { "Right pile" }.into(),
        MojoCardName(face) => format!(
            "Mojo card: {} face up, play goes {}",
            face.label(),
            direction(face)
        ),
        Clockwise => "clockwise".into(),
        Counterclockwise => "counterclockwise".into(),
        YourHand => "Your hand".into(),
        YourFaceDown => "Your face-down cards".into(),
        CardsWorth(n) => format!("Your cards: {}", count(n.into(), "point", "points")),
        CardName(v) => card(v),
        ColourName(c) => colour(c).into(),
        RevealCard(v) => format!("Reveal {}", card(v)),
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
        TakeFromOtherPile(v) => format!("Take from the other pile ({})", card(v)),
        MustDraw => "Higher card: draw one. Where from?".into(),
        MustReveal => "Mojo Time: reveal one of your face-down cards.".into(),
        YourTurn => "Your turn: play a card.".into(),
        ContinueChain(v) => format!("Equal! Play another card on the {v}."),
        TurnOf(name) => format!("{name}'s turn"),
        Thinking(name) => format!("{name} is thinking…"),
        HandSize(n) => count(n as u64, "card in hand", "cards in hand"),
        FaceDownCount(n) => count(n as u64, "card face down", "cards face down"),
        Total(t) => count(t.into(), "point", "points"),
        PassDevice(name) => format!("Pass the device to {name}"),
        PassDeviceHelp => "Everyone else, look away: the next screen shows a hand.".into(),
        ShowMyCards => "Show my cards".into(),
        YouAre(name) => format!("You are {name}"),
        RoundOverTitle(n) => format!("Round {n} is over"),
        EndedRound { name, reason } => match reason {
            RoundEnd::EmptiedHand => format!("{name} played their last card."),
            RoundEnd::RevealedLast => format!("{name} revealed their last card."),
        },
        HolderZero(name) => {
            format!("{name} takes the Mojo with no more points than anyone: 0 for the round.")
        }
        HolderPenalty(name) => {
            format!("{name} takes the Mojo but someone has fewer points: their points + 10.")
        }
        Points(p) => count(p.into(), "point", "points"),
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
        LogPlayed {
            name,
            value,
            outcome,
        } => {
            let card = card(value);
            match outcome {
                Outcome::Lower => format!("{name} played {card}: lower, turn over."),
                Outcome::Equal => format!("{name} played {card}: equal, plays again."),
                Outcome::Higher => format!("{name} played {card}: higher, draws a card."),
                Outcome::LastCard => format!("{name} played {card}, their last card."),
            }
        }
        LogDrew { name, source, card: c } => match (source, c) {
            (DrawSource::Discard, Some(v)) => {
                format!("{name} took {} from the other pile.", card(v))
            }
            (DrawSource::Deck, Some(v)) => format!("{name} drew {} from the deck.", card(v)),
            (DrawSource::Deck | DrawSource::Discard, None) => {
                format!("{name} drew a card from the deck.")
            }
        },
        LogNothingToDraw(name) => format!("{name} had nothing to draw."),
        LogReshuffled(n) => format!(
            "The discards were shuffled into a new draw pile ({}).",
            count(n.into(), "card", "cards")
        ),
        LogRefilled(v) => format!(
            "The emptied pile takes the {} from the other pile.",
            card(v)
        ),
        LogFaceDown { name, count: n } => format!(
            "{name} went face down with {}.",
            count(n.into(), "card", "cards")
        ),
        LogRevealed { name, value } => format!("{name} revealed {}.", card(value)),
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
            direction(face)
        ),
        LogGameOver(names) => format!("Game over: {names} won."),
        RulesTitle => "How to play Mojo".into(),
        RulesCardsHeading => "The cards".into(),
        RulesCardsBody => {
            "78 cards from 0 to 12. The value gives the colour, and each colour has its own symbol:"
                .into()
        }
        RulesTurnHeading => "Your turn".into(),
        RulesTurnBody => {
            "Play one card from your hand onto the discard pile and compare it with the card it covers:"
                .into()
        }
        RulesLower => "Lower".into(),
        RulesLowerBody => ": your turn ends.".into(),
        RulesHigher => "Higher".into(),
        RulesHigherBody => ": draw a card, and your turn ends.".into(),
        RulesEqual => "Equal".into(),
        RulesEqualBody => ": you must play another card on it.".into(),
        RulesMojoTimeHeading => "Mojo Time".into(),
        RulesMojoTimeBody => "End a turn with 3 cards or fewer (2 or fewer with two players) and they go face down. On each of your later turns, reveal one of them instead of playing.".into(),
        RulesRoundEndHeading => "End of a round".into(),
        RulesRoundEndBody => "The round ends when someone plays their last card or reveals their last face-down card. They take the Mojo card.".into(),
        RulesScoringHeading => "Scoring".into(),
        RulesScoringBody => "In each colour only your highest card counts; add the five colours up. The Mojo holder scores 0 if nobody has fewer points, otherwise their points + 10 — and the Mojo card turns to +10, reversing the direction of play.".into(),
        RulesGameEndHeading => "End of the game".into(),
        RulesGameEndBody => "When someone reaches the target (50 unless changed), the lowest total wins; ties share the victory.".into(),
        RulesVariantHeading => "Variant: two discard piles".into(),
        RulesVariantBody => "Each turn, pick one of two discard piles and play all that turn's cards on it. When you must draw, take the top of the draw pile or the top of the other discard pile.".into(),
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
        UpdateReady => "A new version of Mojo is ready. Your game is saved.".into(),
        ReloadForUpdate => "New version — reload".into(),
        TabContinued => "This game went on in another tab: here is its latest position.".into(),
        TabOtherGame => "Another tab started a different game. This tab no longer saves, so that game is not overwritten.".into(),
        OpenOtherGame => "Open that game".into(),
        KeepThisGame => "Keep saving this one".into(),
        Dismiss => "Dismiss".into(),
        ChartTitle => "Totals per round".into(),
        ChartDesc => "One line per player: their total after each round, and the target line. The score pad table holds the same numbers.".into(),
        Statistics => "Statistics".into(),
        StatsGames(n) => format!("Games played: {n}"),
        StatsNone => "No finished game yet.".into(),
        StatsWins => "Wins".into(),
        StatsGamesHeader => "Games".into(),
        StatsAverage => "Average final score".into(),
        StatsBest => "Best final score".into(),
        StatsMojoPlusTen => "Mojo +10 taken".into(),
        StatsReset => "Reset statistics".into(),
        StatsResetConfirm => "Erase all statistics? This cannot be undone.".into(),
        StatsResetYes => "Erase".into(),
        Cancel => "Cancel".into(),
        TourTitle => "Your first game".into(),
        TourStep { step, of } => format!("Step {step} of {of}"),
        TourHand => "These are your cards. On your turn you play one onto the discard pile; each card tells you what it will do. With a keyboard: Tab to your hand, arrow keys to choose, Enter to play.".into(),
        TourDiscard(t) => format!("The discard pile. Lower than the top card: your turn ends. Higher: you draw a card. Equal: you play again. Left with {t} cards or fewer, you put them face down and reveal one per turn."),
        TourPoints => "What your cards would score if the round ended now: in each colour only your highest card counts. Shedding high cards brings it down fastest.".into(),
        TourMojo => "The Mojo card. Whoever ends the round takes it: 0 points if nobody holds fewer, otherwise their points plus 10. When someone reaches the target, the lowest total wins.".into(),
        TourNext => "Next".into(),
        TourDone => "Let's play".into(),
        TourSkip => "Skip".into(),
        ShowTour => "First-game walkthrough".into(),
    }
}
