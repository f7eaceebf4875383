//! Russian. Vocabulary: колода (draw pile), сброс / стопка сброса (discard
//! pile), раунд, ход, «рубашкой вверх» (face down), «время Mojo», карта Mojo.
//! A card is «карта» (feminine), so colours are feminine: «7 жёлтая», and
//! «7 жёлтую» where the card is the object of a verb. Player names have no
//! known gender, so sentences avoid the past tense (which agrees with the
//! subject): «Ана играет 7 жёлтую», «Ход: Ана».

use mojo_engine::{Colour, DrawSource, Face, Outcome, RoundEnd, Value};

use super::{form, Plural, Text};
use crate::session::Level;

/// 1, 21, 31, 101 → one; 2–4, 22–24 → few; 0, 5–20, 25–30, 111–114 → many.
pub(super) fn plural(n: u64) -> Plural {
    let (last, last_two) = (n % 10, n % 100);
    if last == 1 && last_two != 11 {
        Plural::One
    } else if (2..=4).contains(&last) && !(12..=14).contains(&last_two) {
        Plural::Few
    } else {
        Plural::Many
    }
}

/// "1 карта", "2 карты", "5 карт".
fn count(n: u64, forms: [&str; 3]) -> String {
    format!("{n} {}", form(plural(n), forms))
}

const CARDS: [&str; 3] = ["карта", "карты", "карт"];
const POINTS: [&str; 3] = ["очко", "очка", "очков"];

/// The colour agreeing with «карта»: nominative, or accusative when
/// `object`.
fn colour(c: Colour, object: bool) -> &'static str {
    match (c, object) {
        (Colour::Blue, false) => "синяя",
        (Colour::Blue, true) => "синюю",
        (Colour::Green, false) => "зелёная",
        (Colour::Green, true) => "зелёную",
        (Colour::Yellow, false) => "жёлтая",
        (Colour::Yellow, true) => "жёлтую",
        (Colour::Orange, false) => "оранжевая",
        (Colour::Orange, true) => "оранжевую",
        (Colour::Red, false) => "красная",
        (Colour::Red, true) => "красную",
    }
}

/// "7 жёлтая".
fn card(v: Value) -> String {
    format!("{v} {}", colour(Colour::of(v), false))
}

/// "7 жёлтую" (the object of a verb).
fn card_acc(v: Value) -> String {
    format!("{v} {}", colour(Colour::of(v), true))
}

fn direction(face: Face) -> &'static str {
    match face {
        Face::Zero => "по часовой стрелке",
        Face::PlusTen => "против часовой стрелки",
    }
}

#[deny(clippy::wildcard_enum_match_arm)]
pub(super) fn text(t: &Text) -> String {
    use Text::*;
    match *t {
        Title => "Mojo".into(),
        Tagline => "Избавляйтесь от карт: побеждает наименьший счёт.".into(),
        NewTable => "Новая игра".into(),
        Seat(i) => format!("Место {}", i + 1),
        Name => "Имя".into(),
        Person => "Человек".into(),
        DefaultName => "Игрок".into(),
        DefaultBot(n) => format!("Бот {n}"),
        Bot(l) => match l {
            Level::Easy => "Лёгкий бот",
            Level::Medium => "Средний бот",
            Level::Hard => "Сильный бот",
        }
        .into(),
        Bots => "Боты".into(),
        LevelName(l) => match l {
            Level::Easy => "Лёгкий",
            Level::Medium => "Средний",
            Level::Hard => "Сильный",
        }
        .into(),
        AddSeat => "Добавить место".into(),
        RemoveSeat(name) => format!("Убрать: {name}"),
        TwoPiles => "Две стопки сброса".into(),
        TwoPilesHelp => "Играйте на любую стопку; после карты больше берите карту из колоды или верхнюю карту другой стопки.".into(),
        TargetScore => "Игра до".into(),
        WhoStarts => "Кто начинает".into(),
        RandomStarter => "Случайно".into(),
        StartGame => "Начать игру".into(),
        Continue => "Продолжить".into(),
        ContinueDetail { round, players } => format!(
            "Сохранённая игра: раунд {round}, {}",
            count(players as u64, ["игрок", "игрока", "игроков"])
        ),
        ProblemSeats => "За столом от 2 до 8 мест.".into(),
        ProblemName(i) => format!("У места {} нет имени.", i + 1),
        ProblemTarget => "Игра должна идти до отметки от 10 до 500 очков.".into(),
        Round(n) => format!("Раунд {n}"),
        DrawPile => "Колода".into(),
        Cards(n) => count(n as u64, CARDS),
        DiscardPile => "Сброс".into(),
        Pile(i) => if i == 0 {
            "Левая стопка"
        } else {
            "Правая стопка"
        }
        .into(),
        MojoCardName(face) => format!(
            "Карта Mojo: сторона {} сверху, ход идёт {}",
            face.label(),
            direction(face)
        ),
        Clockwise => "по часовой стрелке".into(),
        Counterclockwise => "против часовой стрелки".into(),
        YourHand => "Ваша рука".into(),
        YourFaceDown => "Ваши карты рубашкой вверх".into(),
        CardsWorth(n) => format!("Ваши карты: {}", count(n.into(), POINTS)),
        CardName(v) => card(v),
        ColourName(c) => colour(c, false).into(),
        RevealCard(v) => format!("Открыть {}", card_acc(v)),
        HintLower => "конец хода".into(),
        HintHigher => "ещё карта".into(),
        HintEqual => "ходите ещё".into(),
        HintLast => "конец раунда".into(),
        PlayOn(i) => format!(
            "Играть на {} стопку",
            if i == 0 { "левую" } else { "правую" }
        ),
        ChoosePile => "Выберите стопку, затем карту".into(),
        DrawFromDeck => "Взять из колоды".into(),
        TakeFromOtherPile(v) => format!("Взять из другой стопки ({})", card(v)),
        MustDraw => "Карта больше: возьмите карту. Откуда?".into(),
        MustReveal => "Время Mojo: откройте одну из своих закрытых карт.".into(),
        YourTurn => "Ваш ход: сыграйте карту.".into(),
        ContinueChain(v) => format!("Равно! Положите на {v} ещё одну карту."),
        TurnOf(name) => format!("Ход: {name}"),
        Thinking(name) => format!("{name} думает…"),
        HandSize(n) => format!("{} в руке", count(n as u64, CARDS)),
        FaceDownCount(n) => format!("{} рубашкой вверх", count(n as u64, CARDS)),
        Total(t) => count(t.into(), POINTS),
        PassDevice(name) => format!("Передайте устройство: {name}"),
        PassDeviceHelp => {
            "Остальные, отвернитесь: на следующем экране будут видны карты.".into()
        }
        ShowMyCards => "Показать мои карты".into(),
        YouAre(name) => format!("Вы — {name}"),
        RoundOverTitle(n) => format!("Раунд {n} окончен"),
        EndedRound { name, reason } => match reason {
            RoundEnd::EmptiedHand => format!("{name}: последняя карта из руки сыграна."),
            RoundEnd::RevealedLast => format!("{name}: последняя закрытая карта открыта."),
        },
        HolderZero(name) => format!(
            "{name} забирает карту Mojo, и ни у кого нет меньше очков: 0 за раунд."
        ),
        HolderPenalty(name) => format!(
            "{name} забирает карту Mojo, но у кого-то очков меньше: очки + 10."
        ),
        Points(p) => count(p.into(), POINTS),
        Score(s) => format!("за раунд {s}"),
        NewTotal(t) => format!("всего {t}"),
        Counts => "в счёт".into(),
        NextRound => "Следующий раунд".into(),
        ScorePad => "Таблица очков".into(),
        Player => "Игрок".into(),
        TotalHeader => "Итого".into(),
        ToTarget(n) => format!("ещё {}", count(n.into(), POINTS)),
        Target(t) => format!("Игра до {t}"),
        Leader => "лидер".into(),
        MojoHolder => "с картой Mojo".into(),
        GameOverTitle => "Игра окончена".into(),
        Winner(name) => format!("{name} побеждает!"),
        SharedWin(names) => format!("{names} делят победу!"),
        NewGame => "Новая игра".into(),
        Rematch => "Реванш".into(),
        GameLog => "Журнал игры".into(),
        LogDealt { round, starter } => format!("Раунд {round}: начинает {starter}."),
        LogPlayed {
            name,
            value,
            outcome,
        } => {
            let card = card_acc(value);
            match outcome {
                Outcome::Lower => format!("{name} играет {card}: меньше, ход окончен."),
                Outcome::Equal => format!("{name} играет {card}: равно, ходит ещё."),
                Outcome::Higher => format!("{name} играет {card}: больше, берёт карту."),
                Outcome::LastCard => format!("{name} играет {card} — последнюю карту."),
            }
        }
        LogDrew { name, source, card: c } => match (source, c) {
            (DrawSource::Discard, Some(v)) => {
                format!("{name} берёт {} из другой стопки.", card_acc(v))
            }
            (DrawSource::Deck, Some(v)) => format!("{name} берёт {} из колоды.", card_acc(v)),
            (DrawSource::Deck | DrawSource::Discard, None) => {
                format!("{name} берёт карту из колоды.")
            }
        },
        LogNothingToDraw(name) => format!("{name}: брать нечего."),
        LogReshuffled(n) => format!(
            "Сброс перемешан в новую колоду ({}).",
            count(n.into(), CARDS)
        ),
        LogRefilled(v) => format!(
            "Опустевшая стопка получает {} из другой стопки.",
            card_acc(v)
        ),
        LogFaceDown { name, count: n } => format!(
            "{name} кладёт рубашкой вверх: {}.",
            count(n.into(), CARDS)
        ),
        LogRevealed { name, value } => format!("{name} открывает {}.", card_acc(value)),
        LogRoundEnded { name, reason } => match reason {
            RoundEnd::EmptiedHand => {
                format!("{name} избавляется от всех карт и забирает карту Mojo.")
            }
            RoundEnd::RevealedLast => {
                format!("{name} открывает последнюю карту и забирает карту Mojo.")
            }
        },
        LogScored {
            name,
            score,
            penalised,
        } => {
            if penalised {
                format!("{name} получает {score} (очки + 10).")
            } else {
                format!("{name} получает 0 с картой Mojo.")
            }
        }
        LogMojoTurned(face) => format!(
            "Карта Mojo переворачивается на {}: ход идёт {}.",
            face.label(),
            direction(face)
        ),
        LogGameOver(names) => format!("Игра окончена. Победа: {names}."),
        RulesTitle => "Как играть в Mojo".into(),
        RulesCardsHeading => "Карты".into(),
        RulesCardsBody => "78 карт от 0 до 12. Значение определяет цвет, и у каждого цвета свой символ:".into(),
        RulesTurnHeading => "Ваш ход".into(),
        RulesTurnBody => "Положите карту из руки в сброс и сравните её с картой, которую она накрыла:".into(),
        RulesLower => "Меньше".into(),
        RulesLowerBody => ": ход окончен.".into(),
        RulesHigher => "Больше".into(),
        RulesHigherBody => ": возьмите карту, и ход окончен.".into(),
        RulesEqual => "Равно".into(),
        RulesEqualBody => ": положите на неё ещё одну карту — это обязательно.".into(),
        RulesMojoTimeHeading => "Время Mojo".into(),
        RulesMojoTimeBody => "Если после хода у вас осталось 3 карты или меньше (при двух игроках — 2 или меньше), положите их перед собой рубашкой вверх. В каждый следующий свой ход вместо игры открывайте одну из них.".into(),
        RulesRoundEndHeading => "Конец раунда".into(),
        RulesRoundEndBody => "Раунд сразу заканчивается, когда кто-то играет последнюю карту из руки или открывает последнюю закрытую карту. Этот игрок забирает карту Mojo.".into(),
        RulesScoringHeading => "Подсчёт очков".into(),
        RulesScoringBody => "В каждом цвете считается только ваша старшая карта; сложите пять цветов. Владелец карты Mojo получает 0, если ни у кого нет меньше очков, иначе — свои очки + 10, а карта Mojo переворачивается на +10 и меняет направление хода.".into(),
        RulesGameEndHeading => "Конец игры".into(),
        RulesGameEndBody => "Когда чей-то счёт доходит до цели (50, если её не меняли), побеждает наименьший счёт; при равенстве победу делят.".into(),
        RulesVariantHeading => "Вариант: две стопки сброса".into(),
        RulesVariantBody => "В свой ход выберите одну из двух стопок сброса и кладите на неё все карты этого хода. Когда нужно взять карту, берите верхнюю карту колоды или верхнюю карту другой стопки.".into(),
        Rules => "Правила".into(),
        Close => "Закрыть".into(),
        Menu => "Меню".into(),
        Settings => "Настройки".into(),
        Speed => "Скорость ботов".into(),
        SpeedName(s) => match s {
            crate::save::Speed::Slow => "Медленно",
            crate::save::Speed::Normal => "Обычно",
            crate::save::Speed::Fast => "Быстро",
            crate::save::Speed::Instant => "Мгновенно",
        }
        .into(),
        Language => "Язык".into(),
        ReduceMotion => "Меньше анимации".into(),
        BackToLobby => "Выйти в лобби".into(),
        SaveUnreadable(why) => format!("Не удалось загрузить сохранённую игру: {why}."),
        SaveKeptAside => "Её текст отложен в хранилище браузера; можно начать новую игру.".into(),
        StorageOff => "Сохранение отключено: браузер не даёт игре хранить данные. Играть всё равно можно.".into(),
        UpdateReady => "Готова новая версия Mojo. Ваша игра сохранена.".into(),
        ReloadForUpdate => "Новая версия — обновить".into(),
        TabContinued => "Эта игра продолжилась в другой вкладке: вот её последняя позиция.".into(),
        TabOtherGame => "В другой вкладке начата другая игра. Эта вкладка больше не сохраняет, чтобы не затереть её.".into(),
        OpenOtherGame => "Открыть ту игру".into(),
        KeepThisGame => "Сохранять эту игру".into(),
        Dismiss => "Скрыть".into(),
        ChartTitle => "Итоги по раундам".into(),
        ChartDesc => "По линии на игрока: его сумма после каждого раунда, и линия цели. Те же числа — в таблице счёта.".into(),
        Statistics => "Статистика".into(),
        StatsGames(n) => format!("Сыграно партий: {n}"),
        StatsNone => "Пока нет законченных партий.".into(),
        StatsWins => "Победы".into(),
        StatsGamesHeader => "Партии".into(),
        StatsAverage => "Средний итоговый счёт".into(),
        StatsBest => "Лучший итоговый счёт".into(),
        StatsMojoPlusTen => "Штрафов Mojo +10".into(),
        StatsReset => "Сбросить статистику".into(),
        StatsResetConfirm => "Стереть всю статистику? Это нельзя отменить.".into(),
        StatsResetYes => "Стереть".into(),
        Cancel => "Отмена".into(),
        TourTitle => "Ваша первая партия".into(),
        TourStep { step, of } => format!("Шаг {step} из {of}"),
        TourHand => "Это ваши карты. В свой ход вы кладёте одну в сброс; на каждой карте написано, что она сделает. С клавиатуры: Tab — к руке, стрелки — выбрать, Enter — сыграть.".into(),
        TourDiscard(t) => format!("Стопка сброса. Карта меньше верхней — ход окончен. Больше — берёте карту. Равна — ходите ещё раз. Если осталось {t} карты или меньше, вы кладёте их рубашкой вверх и открываете по одной за ход."),
        TourPoints => "Столько стоили бы ваши карты, если бы раунд закончился сейчас: в каждом цвете считается только ваша самая старшая карта. Быстрее всего сумму снижает сброс старших карт.".into(),
        TourMojo => "Карта Mojo. Её забирает тот, кто закончил раунд: 0 очков, если ни у кого нет меньше, иначе его очки плюс 10. Когда кто-то достигает цели, побеждает наименьшая сумма.".into(),
        TourNext => "Далее".into(),
        TourDone => "Играть".into(),
        TourSkip => "Пропустить".into(),
        ShowTour => "Обучение первой партии".into(),
    }
}
