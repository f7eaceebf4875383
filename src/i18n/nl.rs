//! Dutch. Vocabulary: de trekstapel (draw pile), de aflegstapel (discard
//! pile), een ronde, een beurt, gedekt / open (face down / face up), de
//! Mojo-kaart, het scoreblok, "Mojo Time". The player is addressed with
//! "je", as in most Dutch game rules. Card names put the colour after the
//! number, uninflected, like a label: "7 geel".

use mojo_engine::{Colour, DrawSource, Face, Outcome, RoundEnd, Value};

use super::{form, Plural, Text};
use crate::session::Level;

/// One for 1, other for everything else.
pub(super) fn plural(n: u64) -> Plural {
    if n == 1 {
        Plural::One
    } else {
        Plural::Many
    }
}

fn count(n: u64, one: &str, other: &str) -> String {
    format!("{n} {}", form(plural(n), [one, other, other]))
}

fn colour(c: Colour) -> &'static str {
    match c {
        Colour::Blue => "blauw",
        Colour::Green => "groen",
        Colour::Yellow => "geel",
        Colour::Orange => "oranje",
        Colour::Red => "rood",
    }
}

/// "7 geel".
fn card(v: Value) -> String {
    format!("{v} {}", colour(Colour::of(v)))
}

fn direction(face: Face) -> &'static str {
    match face {
        Face::Zero => "met de klok mee",
        Face::PlusTen => "tegen de klok in",
    }
}

#[deny(clippy::wildcard_enum_match_arm)]
pub(super) fn text(t: &Text) -> String {
    use Text::*;
    match *t {
        Title => "Mojo".into(),
        Tagline => "Speel je kaarten weg: de laagste score wint.".into(),
        NewTable => "Nieuw spel".into(),
        Seat(i) => format!("Plaats {}", i + 1),
        Name => "Naam".into(),
        Person => "Mens".into(),
        DefaultName => "Speler".into(),
        DefaultBot(n) => format!("Robot {n}"),
        Bot(l) => match l {
            Level::Easy => "Makkelijke bot",
            Level::Medium => "Gemiddelde bot",
            Level::Hard => "Sterke bot",
        }
        .into(),
        Bots => "Bots".into(),
        LevelName(l) => match l {
            Level::Easy => "Makkelijk",
            Level::Medium => "Gemiddeld",
            Level::Hard => "Sterk",
        }
        .into(),
        AddSeat => "Plaats toevoegen".into(),
        RemoveSeat(name) => format!("{name} verwijderen"),
        TwoPiles => "Twee aflegstapels".into(),
        TwoPilesHelp => "Speel op een van beide stapels; na een hogere kaart trek je van de trekstapel of neem je de bovenste kaart van de andere aflegstapel.".into(),
        TargetScore => "Spel eindigt bij".into(),
        WhoStarts => "Wie begint".into(),
        RandomStarter => "Willekeurig".into(),
        StartGame => "Spel starten".into(),
        Continue => "Verder spelen".into(),
        ContinueDetail { round, players } => format!(
            "Opgeslagen spel: ronde {round}, {}",
            count(players as u64, "speler", "spelers")
        ),
        ProblemSeats => "Een tafel heeft 2 tot 8 plaatsen.".into(),
        ProblemName(i) => format!("Plaats {} heeft een naam nodig.", i + 1),
        ProblemTarget => "Het spel moet eindigen tussen 10 en 500 punten.".into(),
        Round(n) => format!("Ronde {n}"),
        DrawPile => "Trekstapel".into(),
        Cards(n) => count(n as u64, "kaart", "kaarten"),
        DiscardPile => "Aflegstapel".into(),
        Pile(i) => if i == 0 {
            "Linker stapel"
        } else {
            "Rechter stapel"
        }
        .into(),
        MojoCardName(face) => format!(
            "Mojo-kaart: {} boven, er wordt {} gespeeld",
            face.label(),
            direction(face)
        ),
        Clockwise => "met de klok mee".into(),
        Counterclockwise => "tegen de klok in".into(),
        YourHand => "Jouw hand".into(),
        YourFaceDown => "Jouw gedekte kaarten".into(),
        CardsWorth(n) => format!("Jouw kaarten: {}", count(n.into(), "punt", "punten")),
        CardName(v) => card(v),
        ColourName(c) => colour(c).into(),
        RevealCard(v) => format!("{} omdraaien", card(v)),
        HintLower => "je beurt is voorbij".into(),
        HintHigher => "je trekt een kaart".into(),
        HintEqual => "nog een kaart".into(),
        HintLast => "einde van de ronde".into(),
        PlayOn(i) => format!(
            "Op de {} stapel spelen",
            if i == 0 { "linker" } else { "rechter" }
        ),
        ChoosePile => "Kies een stapel, dan een kaart".into(),
        DrawFromDeck => "Van de trekstapel trekken".into(),
        TakeFromOtherPile(v) => format!("Van de andere stapel nemen ({})", card(v)),
        MustDraw => "Hogere kaart: trek er een. Waarvandaan?".into(),
        MustReveal => "Mojo Time: draai een van je gedekte kaarten om.".into(),
        YourTurn => "Jouw beurt: speel een kaart.".into(),
        ContinueChain(v) => format!("Gelijk! Speel nog een kaart op de {v}."),
        TurnOf(name) => format!("{name} is aan de beurt"),
        Thinking(name) => format!("{name} denkt na…"),
        HandSize(n) => format!("{} in de hand", count(n as u64, "kaart", "kaarten")),
        FaceDownCount(n) => count(n as u64, "gedekte kaart", "gedekte kaarten"),
        Total(t) => count(t.into(), "punt", "punten"),
        PassDevice(name) => format!("Geef het toestel aan {name}"),
        PassDeviceHelp => {
            "De anderen kijken even weg: het volgende scherm toont een hand.".into()
        }
        ShowMyCards => "Toon mijn kaarten".into(),
        YouAre(name) => format!("Jij bent {name}"),
        RoundOverTitle(n) => format!("Ronde {n} is voorbij"),
        EndedRound { name, reason } => match reason {
            RoundEnd::EmptiedHand => format!("{name} speelde de laatste kaart."),
            RoundEnd::RevealedLast => format!("{name} draaide de laatste kaart om."),
        },
        HolderZero(name) => format!(
            "{name} neemt de Mojo-kaart met niet meer punten dan de anderen: 0 voor deze ronde."
        ),
        HolderPenalty(name) => format!(
            "{name} neemt de Mojo-kaart, maar iemand heeft minder punten: eigen punten + 10."
        ),
        Points(p) => count(p.into(), "punt", "punten"),
        Score(s) => format!("scoort {s}"),
        NewTotal(t) => format!("totaal {t}"),
        Counts => "telt".into(),
        NextRound => "Volgende ronde".into(),
        ScorePad => "Scoreblok".into(),
        Player => "Speler".into(),
        TotalHeader => "Totaal".into(),
        ToTarget(n) => format!("nog {}", count(n.into(), "punt", "punten")),
        Target(t) => format!("Spel eindigt bij {t}"),
        Leader => "aan kop".into(),
        MojoHolder => "nam de Mojo-kaart".into(),
        GameOverTitle => "Spel afgelopen".into(),
        Winner(name) => format!("{name} wint!"),
        SharedWin(names) => format!("{names} delen de overwinning!"),
        NewGame => "Nieuw spel".into(),
        Rematch => "Revanche".into(),
        GameLog => "Spelverloop".into(),
        LogDealt { round, starter } => format!("Ronde {round}: {starter} begint."),
        LogPlayed {
            name,
            value,
            outcome,
        } => {
            let card = card(value);
            match outcome {
                Outcome::Lower => format!("{name} speelt {card}: lager, beurt voorbij."),
                Outcome::Equal => format!("{name} speelt {card}: gelijk, speelt nog een kaart."),
                Outcome::Higher => format!("{name} speelt {card}: hoger, trekt een kaart."),
                Outcome::LastCard => format!("{name} speelt {card}, de laatste kaart."),
            }
        }
        LogDrew { name, source, card: c } => match (source, c) {
            (DrawSource::Discard, Some(v)) => {
                format!("{name} neemt {} van de andere stapel.", card(v))
            }
            (DrawSource::Deck, Some(v)) => {
                format!("{name} trekt {} van de trekstapel.", card(v))
            }
            (DrawSource::Deck | DrawSource::Discard, None) => {
                format!("{name} trekt een kaart van de trekstapel.")
            }
        },
        LogNothingToDraw(name) => format!("{name} kon niets trekken."),
        LogReshuffled(n) => format!(
            "De aflegstapel is geschud tot een nieuwe trekstapel ({}).",
            count(n.into(), "kaart", "kaarten")
        ),
        LogRefilled(v) => format!("De lege stapel krijgt {} van de andere stapel.", card(v)),
        LogFaceDown { name, count: n } => format!(
            "{name} legt {} gedekt neer.",
            count(n.into(), "kaart", "kaarten")
        ),
        LogRevealed { name, value } => format!("{name} draait {} om.", card(value)),
        LogRoundEnded { name, reason } => match reason {
            RoundEnd::EmptiedHand => {
                format!("{name} is alle handkaarten kwijt en neemt de Mojo-kaart.")
            }
            RoundEnd::RevealedLast => {
                format!("{name} draait de laatste kaart om en neemt de Mojo-kaart.")
            }
        },
        LogScored {
            name,
            score,
            penalised,
        } => {
            if penalised {
                format!("{name} scoort {score} (punten + 10).")
            } else {
                format!("{name} scoort 0 met de Mojo-kaart.")
            }
        }
        LogMojoTurned(face) => format!(
            "De Mojo-kaart gaat naar {}: er wordt {} gespeeld.",
            face.label(),
            direction(face)
        ),
        LogGameOver(names) => format!("Spel afgelopen. Winst voor {names}."),
        RulesTitle => "Zo speel je Mojo".into(),
        RulesCardsHeading => "De kaarten".into(),
        RulesCardsBody => "78 kaarten van 0 tot 12. De waarde bepaalt de kleur, en elke kleur heeft een eigen symbool:".into(),
        RulesTurnHeading => "Jouw beurt".into(),
        RulesTurnBody => "Leg een kaart uit je hand op de aflegstapel en vergelijk die met de kaart eronder:".into(),
        RulesLower => "Lager".into(),
        RulesLowerBody => ": je beurt is voorbij.".into(),
        RulesHigher => "Hoger".into(),
        RulesHigherBody => ": trek een kaart, en je beurt is voorbij.".into(),
        RulesEqual => "Gelijk".into(),
        RulesEqualBody => ": je moet er nog een kaart op leggen.".into(),
        RulesMojoTimeHeading => "Mojo Time".into(),
        RulesMojoTimeBody => "Eindigt je beurt met 3 kaarten of minder in je hand (2 of minder met twee spelers), dan leg je ze gedekt voor je neer. In elke volgende beurt draai je er één om in plaats van te spelen.".into(),
        RulesRoundEndHeading => "Einde van een ronde".into(),
        RulesRoundEndBody => "De ronde stopt zodra iemand de laatste handkaart speelt of de laatste gedekte kaart omdraait. Die speler neemt de Mojo-kaart.".into(),
        RulesScoringHeading => "Punten tellen".into(),
        RulesScoringBody => "Per kleur telt alleen je hoogste kaart; tel de vijf kleuren op. Wie de Mojo-kaart heeft, krijgt 0 als niemand minder punten heeft, en anders de eigen punten + 10 — dan gaat de Mojo-kaart naar +10 en draait de speelrichting om.".into(),
        RulesGameEndHeading => "Einde van het spel".into(),
        RulesGameEndBody => "Zodra iemand het doel haalt (50, tenzij aangepast), wint het laagste totaal; bij gelijkstand delen de spelers de overwinning.".into(),
        RulesVariantHeading => "Variant: twee aflegstapels".into(),
        RulesVariantBody => "Kies elke beurt een van de twee aflegstapels en speel al je kaarten van die beurt daarop. Moet je trekken, neem dan de bovenste kaart van de trekstapel of van de andere aflegstapel.".into(),
        Rules => "Regels".into(),
        Close => "Sluiten".into(),
        Menu => "Menu".into(),
        Settings => "Instellingen".into(),
        Speed => "Snelheid van de bots".into(),
        SpeedName(s) => match s {
            crate::save::Speed::Slow => "Langzaam",
            crate::save::Speed::Normal => "Normaal",
            crate::save::Speed::Fast => "Snel",
            crate::save::Speed::Instant => "Direct",
        }
        .into(),
        Language => "Taal".into(),
        ReduceMotion => "Minder animaties".into(),
        BackToLobby => "Naar het startscherm".into(),
        SaveUnreadable(why) => format!("Je opgeslagen spel kon niet worden geladen: {why}."),
        SaveKeptAside => "De tekst ervan is apart bewaard in de opslag van deze browser; je kunt een nieuw spel beginnen.".into(),
        StorageOff => "Opslaan staat uit: deze browser laat het spel geen gegevens bewaren. Je kunt gewoon spelen.".into(),
        UpdateReady => "Er staat een nieuwe versie van Mojo klaar. Je spel is opgeslagen.".into(),
        ReloadForUpdate => "Nieuwe versie — herladen".into(),
        TabContinued => "Dit spel ging verder in een ander tabblad: hier is de nieuwste stand.".into(),
        TabOtherGame => "Een ander tabblad is een ander spel begonnen. Dit tabblad slaat niet meer op, zodat dat spel niet wordt overschreven.".into(),
        OpenOtherGame => "Dat spel openen".into(),
        KeepThisGame => "Dit spel blijven opslaan".into(),
        Dismiss => "Verbergen".into(),
        ChartTitle => "Totalen per ronde".into(),
        ChartDesc => "Eén lijn per speler: het totaal na elke ronde, en de lijn van het doel. De scoretabel bevat dezelfde getallen.".into(),
        Statistics => "Statistieken".into(),
        StatsGames(n) => format!("Gespeelde spellen: {n}"),
        StatsNone => "Nog geen uitgespeeld spel.".into(),
        StatsWins => "Gewonnen".into(),
        StatsGamesHeader => "Spellen".into(),
        StatsAverage => "Gemiddelde eindscore".into(),
        StatsBest => "Beste eindscore".into(),
        StatsMojoPlusTen => "Mojo +10 gekregen".into(),
        StatsReset => "Statistieken wissen".into(),
        StatsResetConfirm => "Alle statistieken wissen? Dit kan niet ongedaan worden.".into(),
        StatsResetYes => "Wissen".into(),
        Cancel => "Annuleren".into(),
        TourTitle => "Je eerste spel".into(),
        TourStep { step, of } => format!("Stap {step} van {of}"),
        TourHand => "Dit zijn je kaarten. Als je aan de beurt bent, leg je er een op de aflegstapel; elke kaart zegt wat ze zal doen. Met het toetsenbord: Tab naar je hand, pijltjes om te kiezen, Enter om te spelen.".into(),
        TourDiscard(t) => format!("De aflegstapel. Lager dan de bovenste kaart: je beurt is voorbij. Hoger: je trekt een kaart. Gelijk: je speelt nog een keer. Met {t} kaarten of minder over leg je ze gedekt neer en draai je er elke beurt één om."),
        TourPoints => "Zoveel zouden je kaarten nu tellen als de ronde stopte: per kleur telt alleen je hoogste kaart. Hoge kaarten wegspelen verlaagt dit het snelst.".into(),
        TourMojo => "De Mojo-kaart. Wie de ronde beëindigt, krijgt hem: 0 punten als niemand minder heeft, anders zijn punten plus 10. Haalt iemand het doel, dan wint het laagste totaal.".into(),
        TourNext => "Volgende".into(),
        TourDone => "Spelen maar".into(),
        TourSkip => "Overslaan".into(),
        ShowTour => "Uitleg bij het eerste spel".into(),
    }
}
