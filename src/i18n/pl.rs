//! Polish. Vocabulary of the Polish edition: stos kart odrzuconych (discard
//! pile; "Odrzucone" as a short label), runda, tura, zakryte /
//! odkryte (face down / up), karta Mojo, and "Efekt Mojo" for Mojo Time.
//! The draw pile is "talia" (the edition's "stos kart do dobierania" is too
//! long for a label on a phone, and "dobierz z talii" is what players say). A
//! card is «karta» (feminine), so colours are feminine: "7 żółta", and
//! "7 żółtą" as the object of a verb. Player names have no known gender, so
//! sentences use the present tense ("Ana zagrywa 7 żółtą"), never the past
//! (which agrees with the subject).

use mojo_engine::{Colour, DrawSource, Face, Outcome, RoundEnd, Value};

use super::{form, Plural, Text};
use crate::session::Level;

/// 1 → one; 2–4, 22–24, 102–104 (not 12–14) → few; 0, 5–21, 25–31… → many.
pub(super) fn plural(n: u64) -> Plural {
    let (last, last_two) = (n % 10, n % 100);
    if n == 1 {
        Plural::One
    } else if (2..=4).contains(&last) && !(12..=14).contains(&last_two) {
        Plural::Few
    } else {
        Plural::Many
    }
}

/// "1 karta", "2 karty", "5 kart".
fn count(n: u64, forms: [&str; 3]) -> String {
    format!("{n} {}", form(plural(n), forms))
}

const CARDS: [&str; 3] = ["karta", "karty", "kart"];
const POINTS: [&str; 3] = ["punkt", "punkty", "punktów"];

/// The colour agreeing with «karta»: nominative, or accusative when
/// `object`.
fn colour(c: Colour, object: bool) -> &'static str {
    match (c, object) {
        (Colour::Blue, false) => "niebieska",
        (Colour::Blue, true) => "niebieską",
        (Colour::Green, false) => "zielona",
        (Colour::Green, true) => "zieloną",
        (Colour::Yellow, false) => "żółta",
        (Colour::Yellow, true) => "żółtą",
        (Colour::Orange, false) => "pomarańczowa",
        (Colour::Orange, true) => "pomarańczową",
        (Colour::Red, false) => "czerwona",
        (Colour::Red, true) => "czerwoną",
    }
}

/// "7 żółta".
fn card(v: Value) -> String {
    format!("{v} {}", colour(Colour::of(v), false))
}

/// "7 żółtą" (the object of a verb).
fn card_acc(v: Value) -> String {
    format!("{v} {}", colour(Colour::of(v), true))
}

fn direction(face: Face) -> &'static str {
    match face {
        Face::Zero => "zgodnie z ruchem wskazówek zegara",
        Face::PlusTen => "przeciwnie do ruchu wskazówek zegara",
    }
}

#[deny(clippy::wildcard_enum_match_arm)]
pub(super) fn text(t: &Text) -> String {
    use Text::*;
    match *t {
        Title => "Mojo".into(),
        Tagline => "Pozbądź się kart: wygrywa najniższy wynik.".into(),
        NewTable => "Nowa gra".into(),
        Seat(i) => format!("Miejsce {}", i + 1),
        Name => "Imię".into(),
        Person => "Człowiek".into(),
        DefaultName => "Gracz".into(),
        DefaultBot(n) => format!("Bot {n}"),
        Bot(l) => match l {
            Level::Easy => "Bot łatwy",
            Level::Medium => "Bot średni",
            Level::Hard => "Bot trudny",
        }
        .into(),
        Bots => "Boty".into(),
        LevelName(l) => match l {
            Level::Easy => "Łatwy",
            Level::Medium => "Średni",
            Level::Hard => "Trudny",
        }
        .into(),
        AddSeat => "Dodaj miejsce".into(),
        RemoveSeat(name) => format!("Usuń: {name}"),
        TwoPiles => "Dwa stosy kart odrzuconych".into(),
        TwoPilesHelp => "Zagrywaj na dowolny stos; po wyższej karcie dobierz z talii albo weź wierzchnią kartę z drugiego stosu.".into(),
        TargetScore => "Gra do".into(),
        WhoStarts => "Kto zaczyna".into(),
        RandomStarter => "Losowo".into(),
        StartGame => "Rozpocznij grę".into(),
        Continue => "Kontynuuj".into(),
        ContinueDetail { round, players } => format!(
            "Zapisana gra: runda {round}, {}",
            count(players as u64, ["gracz", "graczy", "graczy"])
        ),
        ProblemSeats => "Przy stole może być od 2 do 8 miejsc.".into(),
        ProblemName(i) => format!("Podaj imię dla miejsca {}.", i + 1),
        ProblemTarget => "Gra musi kończyć się między 10 a 500 punktami.".into(),
        Round(n) => format!("Runda {n}"),
        DrawPile => "Talia".into(),
        Cards(n) => count(n as u64, CARDS),
        DiscardPile => "Odrzucone".into(),
        Pile(i) => if i == 0 { "Lewy stos" } else { "Prawy stos" }.into(),
        MojoCardName(face) => format!(
            "Karta Mojo: strona {} na wierzchu, gra toczy się {}",
            face.label(),
            direction(face)
        ),
        Clockwise => "zgodnie z ruchem wskazówek zegara".into(),
        Counterclockwise => "przeciwnie do ruchu wskazówek zegara".into(),
        YourHand => "Twoja ręka".into(),
        YourFaceDown => "Twoje zakryte karty".into(),
        CardsWorth(n) => format!("Twoje karty: {}", count(n.into(), POINTS)),
        CardName(v) => card(v),
        // A soft hyphen lets the longest name break on a large card.
        ColourName(c) => match c {
            Colour::Orange => "pomarań\u{ad}czowa",
            Colour::Blue | Colour::Green | Colour::Yellow | Colour::Red => colour(c, false),
        }
        .into(),
        RevealCard(v) => format!("Odkryj {}", card_acc(v)),
        HintLower => "koniec tury".into(),
        HintHigher => "weź kartę".into(),
        HintEqual => "grasz dalej".into(),
        HintLast => "koniec rundy".into(),
        PlayOn(i) => format!(
            "Zagraj na {} stos",
            if i == 0 { "lewy" } else { "prawy" }
        ),
        ChoosePile => "Wybierz stos, potem kartę".into(),
        DrawFromDeck => "Dobierz z talii".into(),
        TakeFromOtherPile(v) => format!("Weź z drugiego stosu ({})", card(v)),
        MustDraw => "Wyższa karta: dobierz jedną. Skąd?".into(),
        MustReveal => "Efekt Mojo: odkryj jedną ze swoich zakrytych kart.".into(),
        YourTurn => "Twoja tura: zagraj kartę.".into(),
        ContinueChain(v) => format!("Równa! Zagraj kolejną kartę na {v}."),
        TurnOf(name) => format!("Tura: {name}"),
        Thinking(name) => format!("{name} myśli…"),
        HandSize(n) => format!("{} w ręce", count(n as u64, CARDS)),
        FaceDownCount(n) => format!(
            "{n} {}",
            form(plural(n as u64), ["zakryta karta", "zakryte karty", "zakrytych kart"])
        ),
        Total(t) => count(t.into(), POINTS),
        PassDevice(name) => format!("Przekaż urządzenie: {name}"),
        PassDeviceHelp => {
            "Pozostali, nie patrzcie: na następnym ekranie widać karty gracza.".into()
        }
        ShowMyCards => "Pokaż moje karty".into(),
        YouAre(name) => format!("Grasz jako {name}"),
        RoundOverTitle(n) => format!("Koniec rundy {n}"),
        EndedRound { name, reason } => match reason {
            RoundEnd::EmptiedHand => format!("{name}: zagrana ostatnia karta z ręki."),
            RoundEnd::RevealedLast => format!("{name}: odkryta ostatnia zakryta karta."),
        },
        HolderZero(name) => format!(
            "{name} bierze kartę Mojo, a nikt nie ma mniej punktów: 0 za rundę."
        ),
        HolderPenalty(name) => format!(
            "{name} bierze kartę Mojo, ale ktoś ma mniej punktów: punkty + 10."
        ),
        Points(p) => count(p.into(), POINTS),
        Score(s) => format!("za rundę {s}"),
        NewTotal(t) => format!("razem {t}"),
        Counts => "liczy się".into(),
        NextRound => "Następna runda".into(),
        ScorePad => "Tabela wyników".into(),
        Player => "Gracz".into(),
        TotalHeader => "Suma".into(),
        ToTarget(n) => format!("jeszcze {}", count(n.into(), POINTS)),
        Target(t) => format!("Gra do {t}"),
        Leader => "prowadzi".into(),
        MojoHolder => "z kartą Mojo".into(),
        GameOverTitle => "Koniec gry".into(),
        Winner(name) => format!("{name} wygrywa!"),
        SharedWin(names) => format!("{names} dzielą się zwycięstwem!"),
        NewGame => "Nowa gra".into(),
        Rematch => "Rewanż".into(),
        GameLog => "Przebieg gry".into(),
        LogDealt { round, starter } => format!("Runda {round}: zaczyna {starter}."),
        LogPlayed {
            name,
            value,
            outcome,
        } => {
            let card = card_acc(value);
            match outcome {
                Outcome::Lower => format!("{name} zagrywa {card}: niższa, koniec tury."),
                Outcome::Equal => format!("{name} zagrywa {card}: równa, gra dalej."),
                Outcome::Higher => format!("{name} zagrywa {card}: wyższa, dobiera kartę."),
                Outcome::LastCard => format!("{name} zagrywa {card} — ostatnią kartę."),
            }
        }
        LogDrew { name, source, card: c } => match (source, c) {
            (DrawSource::Discard, Some(v)) => {
                format!("{name} bierze {} z drugiego stosu.", card_acc(v))
            }
            (DrawSource::Deck, Some(v)) => {
                format!("{name} dobiera {} z talii.", card_acc(v))
            }
            (DrawSource::Deck | DrawSource::Discard, None) => {
                format!("{name} dobiera kartę z talii.")
            }
        },
        LogNothingToDraw(name) => format!("{name}: nie ma czego dobrać."),
        LogReshuffled(n) => format!(
            "Odrzucone karty przetasowano w nową talię ({}).",
            count(n.into(), CARDS)
        ),
        LogRefilled(v) => format!("Pusty stos dostaje {} z drugiego stosu.", card_acc(v)),
        LogFaceDown { name, count: n } => format!(
            "{name} wykłada przed sobą zakryte karty: {}.",
            count(n.into(), CARDS)
        ),
        LogRevealed { name, value } => format!("{name} odkrywa {}.", card_acc(value)),
        LogRoundEnded { name, reason } => match reason {
            RoundEnd::EmptiedHand => {
                format!("{name} pozbywa się wszystkich kart i bierze kartę Mojo.")
            }
            RoundEnd::RevealedLast => {
                format!("{name} odkrywa ostatnią kartę i bierze kartę Mojo.")
            }
        },
        LogScored {
            name,
            score,
            penalised,
        } => {
            if penalised {
                format!("{name} dostaje {score} (punkty + 10).")
            } else {
                format!("{name} dostaje 0 z kartą Mojo.")
            }
        }
        LogMojoTurned(face) => format!(
            "Karta Mojo odwraca się na {}: gra toczy się {}.",
            face.label(),
            direction(face)
        ),
        LogGameOver(names) => format!("Koniec gry. Zwycięstwo: {names}."),
        RulesTitle => "Jak grać w Mojo".into(),
        RulesCardsHeading => "Karty".into(),
        RulesCardsBody => "78 kart o wartościach od 0 do 12. Wartość wyznacza kolor, a każdy kolor ma własny symbol:".into(),
        RulesTurnHeading => "Twoja tura".into(),
        RulesTurnBody => "Zagraj kartę z ręki na stos kart odrzuconych i porównaj ją z kartą, którą przykryła:".into(),
        RulesLower => "Niższa".into(),
        RulesLowerBody => ": twoja tura się kończy.".into(),
        RulesHigher => "Wyższa".into(),
        RulesHigherBody => ": dobierz kartę i twoja tura się kończy.".into(),
        RulesEqual => "Równa".into(),
        RulesEqualBody => ": musisz zagrać na nią kolejną kartę.".into(),
        RulesMojoTimeHeading => "Efekt Mojo".into(),
        RulesMojoTimeBody => "Jeśli kończysz turę z 3 kartami w ręce lub mniej (przy dwóch graczach: z 2 lub mniej), wyłóż je zakryte przed sobą. W każdej kolejnej turze zamiast grać odkrywasz jedną z nich.".into(),
        RulesRoundEndHeading => "Koniec rundy".into(),
        RulesRoundEndBody => "Runda kończy się od razu, gdy ktoś zagra ostatnią kartę z ręki albo odkryje ostatnią zakrytą kartę. Ta osoba bierze kartę Mojo.".into(),
        RulesScoringHeading => "Punktacja".into(),
        RulesScoringBody => "W każdym kolorze liczy się tylko twoja najwyższa karta; zsumuj pięć kolorów. Posiadacz karty Mojo dostaje 0, jeśli nikt nie ma mniej punktów, a w przeciwnym razie swoje punkty + 10 — wtedy karta Mojo odwraca się na +10 i zmienia kierunek gry.".into(),
        RulesGameEndHeading => "Koniec gry".into(),
        RulesGameEndBody => "Gdy czyjaś suma osiągnie cel (50, chyba że go zmieniono), wygrywa najniższa suma; przy remisie zwycięstwo jest wspólne.".into(),
        RulesVariantHeading => "Wariant: dwa stosy kart odrzuconych".into(),
        RulesVariantBody => "W każdej turze wybierz jeden z dwóch stosów kart odrzuconych i zagrywaj na niego wszystkie karty tej tury. Gdy musisz dobrać, weź wierzchnią kartę z talii albo z drugiego stosu odrzuconych.".into(),
        Rules => "Zasady".into(),
        Close => "Zamknij".into(),
        Menu => "Menu".into(),
        Settings => "Ustawienia".into(),
        Speed => "Szybkość botów".into(),
        SpeedName(s) => match s {
            crate::save::Speed::Slow => "Wolno",
            crate::save::Speed::Normal => "Normalnie",
            crate::save::Speed::Fast => "Szybko",
            crate::save::Speed::Instant => "Natychmiast",
        }
        .into(),
        Language => "Język".into(),
        ReduceMotion => "Ogranicz animacje".into(),
        BackToLobby => "Wyjdź do ekranu startowego".into(),
        SaveUnreadable(why) => format!("Nie udało się wczytać zapisanej gry: {why}."),
        SaveKeptAside => "Jej tekst odłożono w pamięci tej przeglądarki; można zacząć nową grę.".into(),
        StorageOff => "Zapisywanie wyłączone: ta przeglądarka nie pozwala grze przechowywać danych. Nadal możesz grać.".into(),
        UpdateReady => "Nowa wersja Mojo jest gotowa. Twoja gra jest zapisana.".into(),
        ReloadForUpdate => "Nowa wersja — odśwież".into(),
        TabContinued => "Ta gra toczyła się dalej w innej karcie: oto jej najnowsza pozycja.".into(),
        TabOtherGame => "Inna karta rozpoczęła inną grę. Ta karta już nie zapisuje, aby jej nie nadpisać.".into(),
        OpenOtherGame => "Otwórz tamtą grę".into(),
        KeepThisGame => "Zapisuj dalej tę grę".into(),
        Dismiss => "Ukryj".into(),
        ChartTitle => "Sumy po rundach".into(),
        ChartDesc => "Jedna linia na gracza: jego suma po każdej rundzie oraz linia celu. Tabela wyników zawiera te same liczby.".into(),
        Statistics => "Statystyki".into(),
        StatsGames(n) => format!("Rozegrane gry: {n}"),
        StatsNone => "Nie ma jeszcze ukończonej gry.".into(),
        StatsWins => "Wygrane".into(),
        StatsGamesHeader => "Gry".into(),
        StatsAverage => "Średni wynik końcowy".into(),
        StatsBest => "Najlepszy wynik końcowy".into(),
        StatsMojoPlusTen => "Kary Mojo +10".into(),
        StatsReset => "Wyzeruj statystyki".into(),
        StatsResetConfirm => "Usunąć wszystkie statystyki? Tego nie można cofnąć.".into(),
        StatsResetYes => "Usuń".into(),
        Cancel => "Anuluj".into(),
        TourTitle => "Twoja pierwsza gra".into(),
        TourStep { step, of } => format!("Krok {step} z {of}"),
        TourHand => "To twoje karty. W swojej turze kładziesz jedną na stos odrzuconych; każda karta mówi, co zrobi. Klawiaturą: Tab do ręki, strzałki, by wybrać, Enter, by zagrać.".into(),
        TourDiscard(t) => format!("Stos kart odrzuconych. Niższa od wierzchniej: twoja tura się kończy. Wyższa: dobierasz kartę. Równa: grasz jeszcze raz. Gdy zostaną ci {t} karty lub mniej, kładziesz je zakryte i odkrywasz po jednej na turę."),
        TourPoints => "Tyle byłyby warte twoje karty, gdyby runda skończyła się teraz: w każdym kolorze liczy się tylko twoja najwyższa karta. Najszybciej obniża to pozbywanie się wysokich kart.".into(),
        TourMojo => "Karta Mojo. Bierze ją ten, kto kończy rundę: 0 punktów, jeśli nikt nie ma mniej, w przeciwnym razie jego punkty plus 10. Gdy ktoś osiągnie cel, wygrywa najniższa suma.".into(),
        TourNext => "Dalej".into(),
        TourDone => "Gramy".into(),
        TourSkip => "Pomiń".into(),
        ShowTour => "Przewodnik po pierwszej grze".into(),
    }
}
