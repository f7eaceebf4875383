//! Every word the app shows, in one catalogue per language. A message is a
//! variant of [`Text`]; each language is one `Catalogue`, plain data with a
//! field per message: English in `en.rs` (compiled in, so a message it
//! lacks is a compile error), French, Russian, Dutch and Polish in
//! `static/i18n/<code>.json`, fetched by the browser when first needed
//! (`catalogue.rs`; read field by field, and checked by the tests).
//! [`Text::get`] is the one place that turns a message's fields into the
//! arguments of its template, for every language.
//!
//! A template is text with placeholders in braces:
//! - `{name}`: the argument as it is (a player's name, a number);
//! - `{card}`: a card's name, "7 yellow"; `{card:acc}` declines the colour
//!   where the card is the object of a verb (Russian and Polish);
//! - `{n:card|cards}` or `{n:карта|карты|карт}`: the word form for the
//!   number `n`, by [`Lang::plural`] (one|other, or one|few|many).
//!
//! Accessible names ("7 yellow", "Your hand", "Show my cards"…) are part of
//! the catalogue too; the English ones are a contract of the tests.
//!
//! Counts go through [`Lang::plural`]: English, Dutch and French have two
//! forms (French treats 0 as singular), Russian and Polish three.

use mojo_engine::{Colour, DrawSource, Face, Outcome, RoundEnd, Value};

use crate::save::Speed;
use crate::session::Level;

mod catalogue;
mod en;

use catalogue::Catalogue;
pub use catalogue::{catalogue_path, install};

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
        let (last, last_two) = (n % 10, n % 100);
        let few = (2..=4).contains(&last) && !(12..=14).contains(&last_two);
        match self {
            // One for 1, other for everything else (0 cards, 2 cards).
            Lang::En | Lang::Nl => {
                if n == 1 {
                    Plural::One
                } else {
                    Plural::Many
                }
            }
            // 0 and 1 are singular ("0 point", "1 carte", "2 cartes").
            Lang::Fr => {
                if n <= 1 {
                    Plural::One
                } else {
                    Plural::Many
                }
            }
            // 1, 21, 31, 101 → one; 2–4, 22–24 → few; 0, 5–20, 25–30,
            // 111–114 → many.
            Lang::Ru => {
                if last == 1 && last_two != 11 {
                    Plural::One
                } else if few {
                    Plural::Few
                } else {
                    Plural::Many
                }
            }
            // 1 → one; 2–4, 22–24, 102–104 (not 12–14) → few; 0, 5–21,
            // 25–31… → many.
            Lang::Pl => {
                if n == 1 {
                    Plural::One
                } else if few {
                    Plural::Few
                } else {
                    Plural::Many
                }
            }
        }
    }

    /// Whether this language's words are here (English always is; the
    /// others once their file is read: [`install`]). Until then messages
    /// come in English.
    pub fn is_ready(self) -> bool {
        catalogue::loaded(self).is_some()
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
    /// The viewer's own game total, labelled: beside "Your cards: N points"
    /// a bare "28 points" could be read as the same kind of number.
    OwnTotal(u32),
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
    /// A language's words could not be fetched (its own name: "Français").
    LanguageUnavailable(&'a str),
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

impl Lang {
    fn catalogue(self) -> &'static Catalogue {
        catalogue::loaded(self).unwrap_or(&en::CATALOGUE)
    }
}

impl Text<'_> {
    /// The message in `lang`.
    pub fn get(&self, lang: Lang) -> String {
        use Arg::{Card, Num, Str};
        use Text::*;
        let c = lang.catalogue();
        let f = |template: &str, args: &[(&str, Arg)]| fill(lang, c, template, args);
        let name = |name| [("name", Str(name))];
        let num = |n: u64| [("n", Num(n))];
        let card = |v: Value| [("card", Card(v))];
        let named_card = |name, v: Value| [("name", Str(name)), ("card", Card(v))];
        let face = |face: Face| {
            let dir = c.directions[usize::from(face == Face::PlusTen)];
            [("face", Str(face.label())), ("dir", Str(dir))]
        };
        let pile = |i: u8| usize::from(i != 0);
        let round_end = |r: RoundEnd| match r {
            RoundEnd::EmptiedHand => 0,
            RoundEnd::RevealedLast => 1,
        };
        match *self {
            Title => f(c.title, &[]),
            Tagline => f(c.tagline, &[]),
            NewTable => f(c.new_table, &[]),
            Seat(i) => f(c.seat, &num(i as u64 + 1)),
            Name => f(c.name, &[]),
            Person => f(c.person, &[]),
            DefaultName => f(c.default_name, &[]),
            DefaultBot(n) => f(c.default_bot, &num(n as u64)),
            Bot(l) => f(c.bot[l as usize], &[]),
            Bots => f(c.bots, &[]),
            LevelName(l) => f(c.level_name[l as usize], &[]),
            AddSeat => f(c.add_seat, &[]),
            RemoveSeat(n) => f(c.remove_seat, &name(n)),
            TwoPiles => f(c.two_piles, &[]),
            TwoPilesHelp => f(c.two_piles_help, &[]),
            TargetScore => f(c.target_score, &[]),
            WhoStarts => f(c.who_starts, &[]),
            RandomStarter => f(c.random_starter, &[]),
            StartGame => f(c.start_game, &[]),
            Continue => f(c.continue_, &[]),
            ContinueDetail { round, players } => f(
                c.continue_detail,
                &[
                    ("round", Num(round.into())),
                    ("players", Num(players as u64)),
                ],
            ),
            ProblemSeats => f(c.problem_seats, &[]),
            ProblemName(i) => f(c.problem_name, &num(i as u64 + 1)),
            ProblemTarget => f(c.problem_target, &[]),
            Round(n) => f(c.round, &num(n.into())),
            DrawPile => f(c.draw_pile, &[]),
            Cards(n) => f(c.cards, &num(n as u64)),
            DiscardPile => f(c.discard_pile, &[]),
            Pile(i) => f(c.pile[pile(i)], &[]),
            MojoCardName(fc) => f(c.mojo_card_name, &face(fc)),
            Clockwise => f(c.clockwise, &[]),
            Counterclockwise => f(c.counterclockwise, &[]),
            YourHand => f(c.your_hand, &[]),
            YourFaceDown => f(c.your_face_down, &[]),
            CardsWorth(n) => f(c.cards_worth, &num(n.into())),
            CardName(v) => f("{card}", &card(v)),
            ColourName(col) => c.colour_name[col as usize].to_string(),
            RevealCard(v) => f(c.reveal_card, &card(v)),
            HintLower => f(c.hint_lower, &[]),
            HintHigher => f(c.hint_higher, &[]),
            HintEqual => f(c.hint_equal, &[]),
            HintLast => f(c.hint_last, &[]),
            PlayOn(i) => f(c.play_on[pile(i)], &[]),
            ChoosePile => f(c.choose_pile, &[]),
            DrawFromDeck => f(c.draw_from_deck, &[]),
            TakeFromOtherPile(v) => f(c.take_from_other_pile, &card(v)),
            MustDraw => f(c.must_draw, &[]),
            MustReveal => f(c.must_reveal, &[]),
            YourTurn => f(c.your_turn, &[]),
            ContinueChain(v) => f(c.continue_chain, &[("v", Num(v.into()))]),
            TurnOf(n) => f(c.turn_of, &name(n)),
            Thinking(n) => f(c.thinking, &name(n)),
            HandSize(n) => f(c.hand_size, &num(n as u64)),
            FaceDownCount(n) => f(c.face_down_count, &num(n as u64)),
            Total(n) => f(c.total, &num(n.into())),
            OwnTotal(n) => f(c.own_total, &num(n.into())),
            PassDevice(n) => f(c.pass_device, &name(n)),
            PassDeviceHelp => f(c.pass_device_help, &[]),
            ShowMyCards => f(c.show_my_cards, &[]),
            YouAre(n) => f(c.you_are, &name(n)),
            RoundOverTitle(n) => f(c.round_over_title, &num(n.into())),
            EndedRound { name: n, reason } => f(c.ended_round[round_end(reason)], &name(n)),
            HolderZero(n) => f(c.holder_zero, &name(n)),
            HolderPenalty(n) => f(c.holder_penalty, &name(n)),
            Points(n) => f(c.points, &num(n.into())),
            Score(n) => f(c.score, &num(n.into())),
            NewTotal(n) => f(c.new_total, &num(n.into())),
            Counts => f(c.counts, &[]),
            NextRound => f(c.next_round, &[]),
            ScorePad => f(c.score_pad, &[]),
            Player => f(c.player, &[]),
            TotalHeader => f(c.total_header, &[]),
            ToTarget(n) => f(c.to_target, &num(n.into())),
            Target(n) => f(c.target, &num(n.into())),
            Leader => f(c.leader, &[]),
            MojoHolder => f(c.mojo_holder, &[]),
            GameOverTitle => f(c.game_over_title, &[]),
            Winner(n) => f(c.winner, &name(n)),
            SharedWin(names) => f(c.shared_win, &[("names", Str(names))]),
            NewGame => f(c.new_game, &[]),
            Rematch => f(c.rematch, &[]),
            GameLog => f(c.game_log, &[]),
            LogDealt { round, starter } => f(
                c.log_dealt,
                &[("round", Num(round.into())), ("starter", Str(starter))],
            ),
            LogPlayed {
                name: n,
                value,
                outcome,
            } => {
                let i = match outcome {
                    Outcome::Lower => 0,
                    Outcome::Equal => 1,
                    Outcome::Higher => 2,
                    Outcome::LastCard => 3,
                };
                f(c.log_played[i], &named_card(n, value))
            }
            LogDrew {
                name: n,
                source,
                card: drawn,
            } => match (source, drawn) {
                (DrawSource::Discard, Some(v)) => f(c.log_drew[0], &named_card(n, v)),
                (DrawSource::Deck, Some(v)) => f(c.log_drew[1], &named_card(n, v)),
                (DrawSource::Deck | DrawSource::Discard, None) => f(c.log_drew[2], &name(n)),
            },
            LogNothingToDraw(n) => f(c.log_nothing_to_draw, &name(n)),
            LogReshuffled(n) => f(c.log_reshuffled, &num(n.into())),
            LogRefilled(v) => f(c.log_refilled, &card(v)),
            LogFaceDown { name: n, count } => f(
                c.log_face_down,
                &[("name", Str(n)), ("n", Num(count.into()))],
            ),
            LogRevealed { name: n, value } => f(c.log_revealed, &named_card(n, value)),
            LogRoundEnded { name: n, reason } => f(c.log_round_ended[round_end(reason)], &name(n)),
            LogScored {
                name: n,
                score,
                penalised,
            } => f(
                c.log_scored[usize::from(!penalised)],
                &[("name", Str(n)), ("score", Num(score.into()))],
            ),
            LogMojoTurned(fc) => f(c.log_mojo_turned, &face(fc)),
            LogGameOver(names) => f(c.log_game_over, &[("names", Str(names))]),
            RulesTitle => f(c.rules_title, &[]),
            RulesCardsHeading => f(c.rules_cards_heading, &[]),
            RulesCardsBody => f(c.rules_cards_body, &[]),
            RulesTurnHeading => f(c.rules_turn_heading, &[]),
            RulesTurnBody => f(c.rules_turn_body, &[]),
            RulesLower => f(c.rules_lower, &[]),
            RulesLowerBody => f(c.rules_lower_body, &[]),
            RulesHigher => f(c.rules_higher, &[]),
            RulesHigherBody => f(c.rules_higher_body, &[]),
            RulesEqual => f(c.rules_equal, &[]),
            RulesEqualBody => f(c.rules_equal_body, &[]),
            RulesMojoTimeHeading => f(c.rules_mojo_time_heading, &[]),
            RulesMojoTimeBody => f(c.rules_mojo_time_body, &[]),
            RulesRoundEndHeading => f(c.rules_round_end_heading, &[]),
            RulesRoundEndBody => f(c.rules_round_end_body, &[]),
            RulesScoringHeading => f(c.rules_scoring_heading, &[]),
            RulesScoringBody => f(c.rules_scoring_body, &[]),
            RulesGameEndHeading => f(c.rules_game_end_heading, &[]),
            RulesGameEndBody => f(c.rules_game_end_body, &[]),
            RulesVariantHeading => f(c.rules_variant_heading, &[]),
            RulesVariantBody => f(c.rules_variant_body, &[]),
            Rules => f(c.rules, &[]),
            Close => f(c.close, &[]),
            Menu => f(c.menu, &[]),
            Settings => f(c.settings, &[]),
            Speed => f(c.speed, &[]),
            SpeedName(s) => f(c.speed_name[s as usize], &[]),
            Language => f(c.language, &[]),
            ReduceMotion => f(c.reduce_motion, &[]),
            BackToLobby => f(c.back_to_lobby, &[]),
            SaveUnreadable(why) => f(c.save_unreadable, &[("why", Str(why))]),
            SaveKeptAside => f(c.save_kept_aside, &[]),
            StorageOff => f(c.storage_off, &[]),
            UpdateReady => f(c.update_ready, &[]),
            ReloadForUpdate => f(c.reload_for_update, &[]),
            LanguageUnavailable(l) => f(c.language_unavailable, &[("lang", Str(l))]),
            TabContinued => f(c.tab_continued, &[]),
            TabOtherGame => f(c.tab_other_game, &[]),
            OpenOtherGame => f(c.open_other_game, &[]),
            KeepThisGame => f(c.keep_this_game, &[]),
            Dismiss => f(c.dismiss, &[]),
            ChartTitle => f(c.chart_title, &[]),
            ChartDesc => f(c.chart_desc, &[]),
            Statistics => f(c.statistics, &[]),
            StatsGames(n) => f(c.stats_games, &num(n.into())),
            StatsNone => f(c.stats_none, &[]),
            StatsWins => f(c.stats_wins, &[]),
            StatsGamesHeader => f(c.stats_games_header, &[]),
            StatsAverage => f(c.stats_average, &[]),
            StatsBest => f(c.stats_best, &[]),
            StatsMojoPlusTen => f(c.stats_mojo_plus_ten, &[]),
            StatsReset => f(c.stats_reset, &[]),
            StatsResetConfirm => f(c.stats_reset_confirm, &[]),
            StatsResetYes => f(c.stats_reset_yes, &[]),
            Cancel => f(c.cancel, &[]),
            TourTitle => f(c.tour_title, &[]),
            TourStep { step, of } => f(
                c.tour_step,
                &[("step", Num(step.into())), ("of", Num(of.into()))],
            ),
            TourHand => f(c.tour_hand, &[]),
            TourDiscard(n) => f(c.tour_discard, &num(n as u64)),
            TourPoints => f(c.tour_points, &[]),
            TourMojo => f(c.tour_mojo, &[]),
            TourNext => f(c.tour_next, &[]),
            TourDone => f(c.tour_done, &[]),
            TourSkip => f(c.tour_skip, &[]),
            ShowTour => f(c.show_tour, &[]),
        }
    }
}

/// A value for a template's `{name}`.
#[derive(Clone, Copy)]
enum Arg<'a> {
    Str(&'a str),
    /// A number; `{n:one|other}` or `{n:one|few|many}` picks a word form.
    Num(u64),
    /// A card: "7 yellow"; `{card:acc}` declines the colour.
    Card(Value),
}

/// Fills `template` with `args`. A placeholder with no argument of its
/// name is left as it is (the tests look for stray braces).
fn fill(lang: Lang, c: &Catalogue, template: &str, args: &[(&str, Arg)]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let inner = &rest[open + 1..];
        let Some(close) = inner.find('}') else {
            break;
        };
        out.push_str(&rest[..open]);
        let spec = &inner[..close];
        let (key, how) = spec.split_once(':').unwrap_or((spec, ""));
        match args.iter().find(|(k, _)| *k == key) {
            Some((_, Arg::Str(s))) => out.push_str(s),
            Some(&(_, Arg::Num(n))) if !how.is_empty() => {
                let mut forms = how.split('|');
                let one = forms.next().unwrap_or("");
                let other = forms.next().unwrap_or(one);
                let many = forms.next().unwrap_or(other);
                out.push_str(form(lang.plural(n), [one, other, many]));
            }
            Some(&(_, Arg::Num(n))) => out.push_str(&n.to_string()),
            Some(&(_, Arg::Card(v))) => {
                let names = if how == "acc" {
                    &c.colours_acc
                } else {
                    &c.colours
                };
                out.push_str(&v.to_string());
                out.push(' ');
                out.push_str(names[Colour::of(v) as usize]);
            }
            None => out.push_str(&rest[open..open + close + 2]),
        }
        rest = &inner[close + 1..];
    }
    out.push_str(rest);
    out
}

/// Names joined for a sentence: "Ana", "Ana and Ben", "Ana, Ben and Cy"
/// ("Ana et Ben", "Ана и Бен", "Ana en Ben", "Ana i Ben").
pub fn join_names(names: &[&str], lang: Lang) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_string(),
        [rest @ .., last] => {
            let and = lang.catalogue().and;
            format!("{} {and} {last}", rest.join(", "))
        }
    }
}

#[cfg(test)]
mod tests;
