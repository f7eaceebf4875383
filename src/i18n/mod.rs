//! Every word the app shows, in one catalogue per language. A message is a
//! variant of [`Text`]; each language is one `Catalogue`, plain data with a
//! field per message: English in `en.rs` (compiled in, so a message it
//! lacks is a compile error), French, Russian, Dutch and Polish in
//! `static/i18n/<code>.json`, fetched by the browser when first needed
//! (`catalogue.rs`; read field by field, and checked by the tests).
//! Each message is listed once, in the `messages!` list below (the macro is
//! in `macros.rs`): its variant, its catalogue field and the arguments its
//! template is filled with, for every language, come from that one line.
//!
//! A template is text with placeholders in braces (filled in `template.rs`):
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

use crate::net::devices::Clock;
use crate::save::Speed;
use crate::session::Level;

#[macro_use]
mod macros;
mod catalogue;
mod en;
mod template;

pub use catalogue::{catalogue_path, install};
use template::{fill, Arg};
use Arg::{Num, Str};

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

messages! {
    catalogue c, lang lang;
    words {
        /// The word joining the last two names of a list ("Ana and Ben").
        and: str,
        /// Colour names as they follow a value in a card's name ("7 yellow"), in [`Colour::ALL`] order.
        colours: [5],
        /// The same, where the card is the object of a verb (Russian and Polish decline them: «7 жёлтую»); `{card:acc}` uses these.
        colours_acc: [5],
        /// The direction of play for the Mojo card's faces 0 and +10.
        directions: [2],
    }
    /// Everything the interface says.
    enum Text<'a> {
        Title => title: str,
        Tagline => tagline: str,
        // Lobby
        NewTable => new_table: str,
        Seat(i: usize) => seat: str (num(i as u64 + 1)),
        Name => name: str,
        Person => person: str,
        /// The first seat's name on a first visit ("You").
        DefaultName => default_name: str,
        /// The default name of the n-th bot seat ("Bot 2").
        DefaultBot(n: usize) => default_bot: str (num(n as u64)),
        /// A seat turned from a bot into a person, numbered from 1.
        DefaultPlayer(n: usize) => default_player: str (num(n as u64)),
        /// By [`Level`]: Easy, Medium, Hard.
        Bot(l: Level) => bot: [3] [l as usize],
        /// A bot's seat whose level this screen does not know (a phone's).
        BotSeat => bot_seat: str,
        /// The lobby's seat menu: the group of bot levels, and a level's
        /// short name inside it (the menu is narrow on a phone).
        Bots => bots: str,
        /// By [`Level`].
        LevelName(l: Level) => level_name: [3] [l as usize],
        AddSeat => add_seat: str,
        RemoveSeat(n: &'a str) => remove_seat: str (name(n)),
        TwoPiles => two_piles: str,
        TwoPilesHelp => two_piles_help: str,
        TargetScore => target_score: str,
        WhoStarts => who_starts: str,
        RandomStarter => random_starter: str,
        StartGame => start_game: str,
        /// A new game asked for while one is in progress.
        ReplaceGameTitle => replace_game_title: str,
        ReplaceGame(n: u32) => replace_game: str (num(n.into())),
        ReplaceGameYes => replace_game_yes: str,
        Continue => continue_: str,
        ContinueDetail { round: u32, players: usize } => continue_detail: str (
            [("round", Num(round.into())), ("players", Num(players as u64))]
        ),
        ProblemSeats => problem_seats: str,
        ProblemName(i: usize) => problem_name: str (num(i as u64 + 1)),
        ProblemTarget => problem_target: str,
        // Table
        /// The other players around the table (a list's accessible name).
        Players => players: str,
        /// The draw pile, the discard piles and the Mojo card (a region's
        /// accessible name).
        TableCentre => table_centre: str,
        Round(n: u32) => round: str (num(n.into())),
        /// The round's chip, a button: the score pad and the log in view.
        ShowScores(n: u32) => show_scores: str (num(n as u64)),
        DrawPile => draw_pile: str,
        Cards(n: usize) => cards: str (num(n as u64)),
        DiscardPile => discard_pile: str,
        /// Left, right.
        Pile(i: u8) => pile: [2] [pile(i)],
        MojoCardName(fc: Face) => mojo_card_name: str (face(c, fc)),
        Clockwise => clockwise: str,
        Counterclockwise => counterclockwise: str,
        YourHand => your_hand: str,
        YourFaceDown => your_face_down: str,
        /// What all of one's own cards (hand, face-down, face-up) would score
        /// now (RULES R10).
        CardsWorth(n: u32) => cards_worth: str (num(n.into())),
        /// A colour's name as printed on a large card ("yellow"), in
        /// [`Colour::ALL`] order (may hold soft hyphens).
        ColourName(col: Colour) => colour_name: [5] [col as usize],
        RevealCard(v: Value) => reveal_card: str (card(v)),
        HintLower => hint_lower: str,
        HintHigher => hint_higher: str,
        HintEqual => hint_equal: str,
        HintLast => hint_last: str,
        /// Left, right.
        PlayOn(i: u8) => play_on: [2] [pile(i)],
        ChoosePile => choose_pile: str,
        DrawFromDeck => draw_from_deck: str,
        TakeFromOtherPile(v: Value) => take_from_other_pile: str (card(v)),
        MustDraw => must_draw: str,
        MustReveal => must_reveal: str,
        YourTurn => your_turn: str,
        ContinueChain(v: Value) => continue_chain: str ([("v", Num(v.into()))]),
        TurnOf(n: &'a str) => turn_of: str (name(n)),
        /// On the seat whose turn it is (the tile names the seat).
        SeatTurn => seat_turn: str,
        SeatThinking => seat_thinking: str,
        Thinking(n: &'a str) => thinking: str (name(n)),
        HandSize(n: usize) => hand_size: str (num(n as u64)),
        FaceDownCount(n: usize) => face_down_count: str (num(n as u64)),
        Total(n: u32) => total: str (num(n.into())),
        /// The viewer's own game total, labelled: beside "Your cards: N points"
        /// a bare "28 points" could be read as the same kind of number.
        OwnTotal(n: u32) => own_total: str (num(n.into())),
        PassDevice(n: &'a str) => pass_device: str (name(n)),
        PassDeviceHelp => pass_device_help: str,
        /// The cover between two people's turns, while others play.
        PassDeviceLater(n: &'a str) => pass_device_later: str (name(n)),
        ShowMyCards => show_my_cards: str,
        YouAre(n: &'a str) => you_are: str (name(n)),
        // Summary, score pad, game over
        RoundOverTitle(n: u32) => round_over_title: str (num(n.into())),
        /// By [`RoundEnd`]: emptied hand, revealed last.
        EndedRound { name: &'a str, reason: RoundEnd } => ended_round: [2] [round_end(reason)] (
            [("name", Str(name))]
        ),
        HolderZero(n: &'a str) => holder_zero: str (name(n)),
        HolderPenalty(n: &'a str) => holder_penalty: str (name(n)),
        Points(n: u32) => points: str (num(n.into())),
        Score(n: u32) => score: str (num(n.into())),
        NewTotal(n: u32) => new_total: str (num(n.into())),
        Counts => counts: str,
        NextRound => next_round: str,
        ScorePad => score_pad: str,
        Player => player: str,
        TotalHeader => total_header: str,
        ToTarget(n: u32) => to_target: str (num(n.into())),
        Target(n: u32) => target: str (num(n.into())),
        Leader => leader: str,
        MojoHolder => mojo_holder: str,
        /// The score pad's key to its marks "M" and "M+".
        MojoKeyZero => mojo_key_zero: str,
        MojoKeyPlus => mojo_key_plus: str,
        GameOverTitle => game_over_title: str,
        Winner(n: &'a str) => winner: str (name(n)),
        SharedWin(names: &'a str) => shared_win: str ([("names", Str(names))]),
        NewGame => new_game: str,
        Rematch => rematch: str,
        // Log
        GameLog => game_log: str,
        LogDealt { round: u32, starter: &'a str } => log_dealt: str (
            [("round", Num(round.into())), ("starter", Str(starter))]
        ),
        /// By [`Outcome`]: lower, equal, higher, last card.
        LogPlayed { name: &'a str, value: Value, outcome: Outcome } => log_played: [4] [outcome_form(outcome)] (
            named_card(name, value)
        ),
        /// From the other pile, from the deck (card known), a card (unknown).
        LogDrew { name: &'a str, source: DrawSource, card: Option<Value> } => log_drew: [3] [drew_form(source, card)] (
            named_card(name, card.unwrap_or_default())
        ),
        LogNothingToDraw(n: &'a str) => log_nothing_to_draw: str (name(n)),
        LogReshuffled(n: u8) => log_reshuffled: str (num(n.into())),
        LogRefilled(v: Value) => log_refilled: str (card(v)),
        LogFaceDown { name: &'a str, count: u8 } => log_face_down: str (
            [("name", Str(name)), ("n", Num(count.into()))]
        ),
        LogRevealed { name: &'a str, value: Value } => log_revealed: str (named_card(name, value)),
        /// By [`RoundEnd`].
        LogRoundEnded { name: &'a str, reason: RoundEnd } => log_round_ended: [2] [round_end(reason)] (
            [("name", Str(name))]
        ),
        /// Penalised (points + 10), scoring 0.
        LogScored { name: &'a str, score: u32, penalised: bool } => log_scored: [2] [usize::from(!penalised)] (
            [("name", Str(name)), ("score", Num(score.into()))]
        ),
        LogMojoTurned(fc: Face) => log_mojo_turned: str (face(c, fc)),
        LogGameOver(names: &'a str) => log_game_over: str ([("names", Str(names))]),
        // Rules help (`RulesHelp`): headings and short paragraphs.
        RulesTitle => rules_title: str,
        RulesCardsHeading => rules_cards_heading: str,
        RulesCardsBody => rules_cards_body: str,
        RulesTurnHeading => rules_turn_heading: str,
        RulesTurnBody => rules_turn_body: str,
        RulesLower => rules_lower: str,
        RulesLowerBody => rules_lower_body: str,
        RulesHigher => rules_higher: str,
        RulesHigherBody => rules_higher_body: str,
        RulesEqual => rules_equal: str,
        RulesEqualBody => rules_equal_body: str,
        RulesMojoTimeHeading => rules_mojo_time_heading: str,
        RulesMojoTimeBody => rules_mojo_time_body: str,
        RulesRoundEndHeading => rules_round_end_heading: str,
        RulesRoundEndBody => rules_round_end_body: str,
        RulesScoringHeading => rules_scoring_heading: str,
        RulesScoringBody => rules_scoring_body: str,
        RulesGameEndHeading => rules_game_end_heading: str,
        RulesGameEndBody => rules_game_end_body: str,
        RulesVariantHeading => rules_variant_heading: str,
        RulesVariantBody => rules_variant_body: str,
        /// The deal of a round and who starts the first (RULES R3).
        RulesSetupHeading => rules_setup_heading: str,
        RulesSetupBody => rules_setup_body: str,
        /// An empty draw pile, remade from the discards (RULES R7).
        RulesEmptyDrawBody => rules_empty_draw_body: str,
        /// The next round: the deal, and the Mojo holder starts (RULES R12).
        RulesNextRoundHeading => rules_next_round_heading: str,
        RulesNextRoundBody => rules_next_round_body: str,
        /// The help's opening line: the aim of the game.
        RulesAimBody => rules_aim_body: str,
        /// Several cards in one turn only while each equals the top, with
        /// the rulebooks' example of 8, 8 and 7 (RULES R4.3).
        RulesChainBody => rules_chain_body: str,
        // Menus, settings, notices
        Rules => rules: str,
        Close => close: str,
        Menu => menu: str,
        Settings => settings: str,
        Speed => speed: str,
        /// By [`Speed`]: slow, normal, fast, instant.
        SpeedName(s: Speed) => speed_name: [4] [s as usize],
        Language => language: str,
        ReduceMotion => reduce_motion: str,
        /// The setting: a second tap plays the card picked.
        ConfirmCards => confirm_cards: str,
        ConfirmCardsHelp => confirm_cards_help: str,
        /// The Menu's relay for play across the internet (issue 35).
        RelayTitle => relay_title: str,
        RelayHelp => relay_help: str,
        RelayUrl => relay_url: str,
        RelayUser => relay_user: str,
        RelayPassword => relay_password: str,
        RelaySave => relay_save: str,
        RelaySaved => relay_saved: str,
        RelayNotAUrl => relay_not_a_url: str,
        RelayNeedsLogin => relay_needs_login: str,
        RelayTooLong => relay_too_long: str,
        /// Where devices are paired: the site's `network.json` is wrong
        /// (`what`: what, in the words of the file's format).
        NetworkFileProblem(w: &'a str) => network_file_problem: str (what(w)),
        /// On the card picked, in place of its hint.
        TapAgain => tap_again: str,
        BackToLobby => back_to_lobby: str,
        SaveUnreadable(why: &'a str) => save_unreadable: str ([("why", Str(why))]),
        SaveKeptAside => save_kept_aside: str,
        StorageOff => storage_off: str,
        UpdateReady => update_ready: str,
        ReloadForUpdate => reload_for_update: str,
        /// A language's words could not be fetched (its own name: "Français").
        LanguageUnavailable(l: &'a str) => language_unavailable: str ([("lang", Str(l))]),
        /// Another tab of this browser played on in this game: this tab shows
        /// the latest position.
        TabContinued => tab_continued: str,
        /// Another tab started a different game: this tab stopped saving so as
        /// not to overwrite it.
        TabOtherGame => tab_other_game: str,
        /// Open the game the other tab saved.
        OpenOtherGame => open_other_game: str,
        /// Save this tab's game anyway, replacing the other tab's.
        KeepThisGame => keep_this_game: str,
        Dismiss => dismiss: str,
        // Score chart
        ChartTitle => chart_title: str,
        ChartDesc => chart_desc: str,
        // Statistics
        Statistics => statistics: str,
        StatsGames(n: u32) => stats_games: str (num(n.into())),
        StatsNone => stats_none: str,
        StatsWins => stats_wins: str,
        /// The statistics' tables: wins by the name played under, and the
        /// games with bots of each level.
        StatsWinsTitle => stats_wins_title: str,
        StatsBotsTitle => stats_bots_title: str,
        StatsGamesHeader => stats_games_header: str,
        StatsAverage => stats_average: str,
        StatsBest => stats_best: str,
        StatsMojoPlusTen => stats_mojo_plus_ten: str,
        StatsReset => stats_reset: str,
        StatsResetConfirm => stats_reset_confirm: str,
        StatsResetYes => stats_reset_yes: str,
        Cancel => cancel: str,
        // First-game walkthrough
        TourTitle => tour_title: str,
        TourStep { step: u8, of: u8 } => tour_step: str (
            [("step", Num(step.into())), ("of", Num(of.into()))]
        ),
        TourHand => tour_hand: str,
        /// Shown only where a fine pointer (and so, likely, a keyboard) is.
        TourKeys => tour_keys: str,
        /// The discard pile and Mojo Time, with the table's threshold (3, or 2
        /// with two players).
        TourDiscard(n: usize) => tour_discard: str (num(n as u64)),
        TourPoints => tour_points: str,
        TourMojo => tour_mojo: str,
        TourNext => tour_next: str,
        TourDone => tour_done: str,
        TourSkip => tour_skip: str,
        ShowTour => show_tour: str,
        // Play across devices
        OwnDevice => own_device: str,
        /// The lobby's choice of a person on their own device who is not in
        /// this room (issue 56: the hands here need no cover for them).
        OwnDeviceFar => own_device_far: str,
        JoinTable => join_table: str,
        DevicesTitle => devices_title: str,
        Devices => devices: str,
        DeviceOf(n: &'a str) => device_of: str (name(n)),
        InvitationCode => invitation_code: str,
        CopyInvitation => copy_invitation: str,
        ReplyCode => reply_code: str,
        Connect => connect: str,
        StartPlaying => start_playing: str,
        InvitationHelp(n: &'a str) => invitation_help: str (name(n)),
        DeviceConnecting => device_connecting: str,
        DeviceConnected(n: &'a str) => device_connected: str (name(n)),
        DeviceAway(n: &'a str) => device_away: str (name(n)),
        WaitingFor(n: &'a str) => waiting_for: str (name(n)),
        /// On the table, the tile of a seat whose own device is not
        /// connected (short: it fits the tile).
        PhoneOffline => phone_offline: str,
        /// A phone whose connection to the table drifts, and that phone's
        /// seat on the table (short: it fits the tile).
        Reconnecting => reconnecting: str,
        /// The devices dialog, for a seat whose device's connection drifts.
        DeviceReconnecting(n: &'a str) => device_reconnecting: str (name(n)),
        /// A phone before the table pressed "Start playing".
        WaitingForTable => waiting_for_table: str,
        /// On a phone: the table's page went to the background (issue 35).
        TableAway(n: &'a str) => table_away: str (name(n)),
        TableAwayNoName => table_away_no_name: str,
        /// A phone is told of a take-back at the table (a passing notice).
        TookBack { name: &'a str, value: Value } => took_back: str (named_card(name, value)),
        /// On a phone: another seat's device dropped.
        PhoneLost(n: &'a str) => phone_lost: str (name(n)),
        ScanReply => scan_reply: str,
        ScanInvitation => scan_invitation: str,
        StopCamera => stop_camera: str,
        CameraView => camera_view: str,
        Copied => copied: str,
        /// The clipboard was refused: the code is selected on the page.
        SelectAndCopy => select_and_copy: str,
        CopyCode => copy_code: str,
        Share => share: str,
        /// A phone leaving its seat: asked first.
        LeaveTableTitle => leave_table_title: str,
        LeaveTableBody => leave_table_body: str,
        /// A phone's round summary: the next round is dealt on the table.
        TableDealsNext => table_deals_next: str,
        /// Today's deal: the lobby's button and section.
        TodaysDeal => todays_deal: str,
        TodaysDealHelp => todays_deal_help: str,
        TodaysDealPlayed => todays_deal_played: str,
        TodaysDealToPlay => todays_deal_to_play: str,
        /// Days in a row today's deal was played.
        DailyStreak(n: u32) => daily_streak: str (num(n.into())),
        /// At game over of today's deal.
        TodaysDealOf(date: &'a str) => todays_deal_of: str ([("date", Str(date))]),
        ShareResult => share_result: str,
        CopyResult => copy_result: str,
        /// The result shared: the date, everyone's final score ("Ana 23,
        /// Bot 1 41"), the rounds; never a card or the deal code.
        /// `scores`: the places (`daily::standings`); `streak`: the days in
        /// a row (`DailyStreak`).
        DailyResult { date: &'a str, scores: &'a str, rounds: u32, streak: &'a str } => daily_result: str ([("date", Str(date)), ("scores", Str(scores)), ("rounds", Num(rounds.into())), ("streak", Str(streak))]),
        /// What "Share" sends with a deal code.
        ShareDeal(code: &'a str) => share_deal: str ([("code", Str(code))]),
        LocalAddress => local_address: str,
        NoWebRtc => no_webrtc: str,
        NoCamera => no_camera: str,
        /// Where no camera can read the codes (no secure page, no camera
        /// API, or permission refused): type them, in groups.
        CameraMissing => camera_missing: str,
        /// The code shown in groups with check characters, to type.
        CodeToType => code_to_type: str,
        /// A code typed in groups: the first group whose check is wrong.
        GroupWrong(n: usize) => group_wrong: str (num(n as u64)),
        /// The helps of the pairing screens where no camera reads codes.
        InvitationHelpTyped(n: &'a str) => invitation_help_typed: str (name(n)),
        JoinHelpTyped => join_help_typed: str,
        ReplyHelpTyped => reply_help_typed: str,
        NewInvitation => new_invitation: str,
        OtherDevice => other_device: str,
        PlayHere => play_here: str,
        GiveToBot => give_to_bot: str,
        CodeNotACode => code_not_a_code: str,
        CodeDamaged => code_damaged: str,
        CodeCutOff => code_cut_off: str,
        /// A reply pasted under another seat than the one it answers.
        ReplyTakenFor(name: &'a str) => reply_taken_for: str ([("name", Str(name))]),
        CodeOtherVersion => code_other_version: str,
        CodeWrongKind => code_wrong_kind: str,
        CodeOtherInvitation => code_other_invitation: str,
        AlreadyAnswered => already_answered: str,
        ConnectFailed => connect_failed: str,
        /// Why two devices found no path (`net::devices::NoPath`, issue 35).
        NoPathNoShared => no_path_no_shared: str,
        NoPathNeedsRelay => no_path_needs_relay: str,
        NoPathSameNetwork => no_path_same_network: str,
        NoPathRelayFailed => no_path_relay_failed: str,
        OtherAppVersion => other_app_version: str,
        SeatTaken => seat_taken: str,
        /// On the table: a device answered for a seat another one holds.
        SeatTakenHere(n: &'a str) => seat_taken_here: str (name(n)),
        JoinHelp => join_help: str,
        Join => join: str,
        CopyReply => copy_reply: str,
        ReplyHelp => reply_help: str,
        /// The phone's reply has found no path yet: the table has not
        /// taken it (issue 35: a reply sent through a messenger).
        ReplyUnanswered => reply_unanswered: str,
        /// The phone's reply has found no path yet, and the two codes say that
        /// the devices are on two networks with no relay offered: if the table
        /// could not connect, a relay is needed (issue 56).
        ReplyNoPathYet => reply_no_path_yet: str,
        /// How long the table's invitation stays good ([`Clock`], issue 35).
        InvitationValid(at: &'a Clock) => invitation_valid: str (time(at)),
        /// On the table: the invitation good until then expired
        /// unanswered, or a reply to it came too late.
        InvitationExpired(at: &'a Clock) => invitation_expired: str (time(at)),
        /// On the phone: the table never took the reply in time.
        ReplyExpired => reply_expired: str,
        /// On the phone: the browser gave its reply up; a fresh one is
        /// shown, to send instead.
        ReplyFresh => reply_fresh: str,
        /// The table's invitation as a link, for a player far away (issue 35).
        InvitationLinkHelp(n: &'a str) => invitation_link_help: str (name(n)),
        SendInvitation => send_invitation: str,
        CopyInvitationLink => copy_invitation_link: str,
        /// The phone's reply as a link, sent back through the messenger (issue 35).
        ReplyLinkHelp => reply_link_help: str,
        SendReplyBack => send_reply_back: str,
        CopyReplyLink => copy_reply_link: str,
        /// The tab a reply link opened (`net::handoff`).
        ReplyTabTitle => reply_tab_title: str,
        ReplyTabAsking => reply_tab_asking: str,
        ReplyTabTaken(n: &'a str) => reply_tab_taken: str (name(n)),
        ReplyTabNoTable => reply_tab_no_table: str,
        OpenMojo => open_mojo: str,
        HandLost => hand_lost: str,
        /// The same, for a link made across two networks (issue 35).
        HandLostFar => hand_lost_far: str,
        Rejoin(n: &'a str) => rejoin: str (name(n)),
        /// The phone's one tap back to its seat: the camera on the table's
        /// new invitation.
        RejoinAs(n: &'a str) => rejoin_as: str (name(n)),
        /// A phone that held a seat, the table's new invitation come in a
        /// link and in the box: "Join" takes the seat back.
        RejoinLinked(n: &'a str) => rejoin_linked: str (name(n)),
        /// The join screen, the invitation come in a link and in the box.
        JoinHelpLinked => join_help_linked: str,
        /// The devices dialog of a game not started whose devices, paired
        /// before, are not all connected (a rematch, most often): the game
        /// waits for them.
        GameWaits => game_waits: str,
        /// On a phone's hand: leaving the page costs the link.
        KeepOpen => keep_open: str,
        LeaveTable => leave_table: str,
        SeatGivenAway => seat_given_away: str,
        /// The table gave this phone's seat to a bot.
        SeatGivenToBot => seat_given_to_bot: str,
        MoveRefused(why: &'a str) => move_refused: str ([("why", Str(why))]),
        OnTheirDevice(n: &'a str) => on_their_device: str (name(n)),
        ToOwnDevice(n: &'a str) => to_own_device: str (name(n)),
        OtherSeats => other_seats: str,
        Version(b: &'a str) => version: str ([("build", Str(b))]),
        /// On the cover that hid the hand (pass-and-play): whose card.
        TakeBackCard { name: &'a str, value: Value } => take_back_card: str (named_card(name, value)),
        /// Beside one's own hand (alone with bots, or on a phone).
        TakeBackMine(v: Value) => take_back_mine: str (card(v)),
        HostedElsewhere => hosted_elsewhere: str,
        /// After a fault the page reloaded itself from the save (it must
        /// begin with the words of "The game was restored").
        Restored => restored: str,
        ThisDevice => this_device: str,
        StorageKept => storage_kept: str,
        StorageMayGo => storage_may_go: str,
        KeepStorage => keep_storage: str,
        Install => install: str,
        IosInstall => ios_install: str,
        // Moves you can follow, sound, replays, deal codes (issue 14)
        ReplayRound => replay_round: str,
        ReplayTitle(n: u32) => replay_title: str (num(n.into())),
        ReplayDeal => replay_deal: str,
        ReplayStep { step: usize, of: usize } => replay_step: str ([("step", Num(step as u64)), ("of", Num(of as u64))]),
        ReplayPrevious => replay_previous: str,
        ReplayNext => replay_next: str,
        ReplayPlay => replay_play: str,
        ReplayPause => replay_pause: str,
        ReplayChooseRound => replay_choose_round: str,
        ReplayHelp => replay_help: str,
        /// The replay's keys, said only where a keyboard is likely (a fine
        /// pointer): on a touch screen they mean nothing (issue 55).
        ReplayKeys => replay_keys: str,
        ReplayHandOf(n: &'a str) => replay_hand_of: str (name(n)),
        ReplayFaceDown => replay_face_down: str,
        /// Hard's review in the replay (issue 21): a marked move, by where
        /// Hard would have played the card (`at`: 0 the one pile, 1 the
        /// left, 2 the right), with the round points it would have saved
        /// (rounded). It begins with "Hard would have played".
        ReviewPlayed { value: Value, at: u8, n: u32 } => review_played: [3] [usize::from(at.min(2))] (
            [("card", Arg::Card(value)), ("n", Num(n.into()))]
        ),
        /// … or by how Hard would have drawn: from the deck, the other
        /// pile's card.
        ReviewDrew { source: DrawSource, n: u32 } => review_drew: [2] [usize::from(source == DrawSource::Discard)] (num(n.into())),
        /// Beside a log line whose move the review marked.
        ReviewFlag => review_flag: str,
        /// The review's summary, per person: `people` is their parts
        /// (`ReviewPerson`, `ReviewPersonClean`) joined.
        ReviewSummary(people: &'a str) => review_summary: str ([("people", Str(people))]),
        /// One person's part: their moves worth a look and the points those
        /// cost in all (rounded)…
        ReviewPerson { name: &'a str, moves: usize, points: u32 } => review_person: str (
            [("name", Str(name)), ("moves", Num(moves as u64)), ("n", Num(points.into()))]
        ),
        /// … or none.
        ReviewPersonClean(n: &'a str) => review_person_clean: str (name(n)),
        /// A move in a review's numbers: a card (with two piles, which one)…
        ReviewMoveCard { value: Value, at: u8 } => review_move_card: [3] [usize::from(at.min(2))] (
            [("card", Arg::Card(value))]
        ),
        /// … or a draw: from the deck, the other pile's card.
        ReviewMoveDraw(source: DrawSource) => review_move_draw: [2] [usize::from(source == DrawSource::Discard)],
        /// The numbers the search computed: the round points expected after
        /// Hard's choice (`hard`, `best`) and after the move played
        /// (`played`, `mine`), rounded.
        ReviewPoints { name: &'a str, hard: &'a str, best: u32, played: &'a str, mine: u32 } => review_points: str (
            [("name", Str(name)), ("hard", Str(hard)), ("best", Num(best.into())), ("played", Str(played)), ("mine", Num(mine.into()))]
        ),
        /// Why Hard's choice is better (`review::Why`; `kind`: 0 the numbers alone, 1 the +10, 2 a chain, 3 a card kept, 4 a card drawn): the moves (`played`, `hard`), the cards played and Hard's (`mine`, `card`), the pile's `top`, numbers `n`, `m`.
        ReviewWhy { kind: u8, name: &'a str, played: &'a str, hard: &'a str, mine: Value, card: Value, top: Value, n: u32, m: u32 } => review_why: [5] [usize::from(kind.min(4))] ([("name", Str(name)), ("played", Str(played)), ("hard", Str(hard)), ("mine", Arg::Card(mine)), ("card", Arg::Card(card)), ("top", Arg::Card(top)), ("n", Num(n.into())), ("m", Num(m.into()))]),
        /// At a move worth a look: to the same person's next (`k` of `of`), or after their last to their first.
        ReviewNextMark { first: bool, k: usize, of: usize } => review_next_mark: [2] [usize::from(first)] ([("k", Num(k as u64)), ("of", Num(of as u64))]),
        ReviewBusy { done: usize, of: usize } => review_busy: str (
            [("done", Num(done as u64)), ("of", Num(of as u64))]
        ),
        LastMove => last_move: str,
        PlayedBy(n: &'a str) => played_by: str (name(n)),
        YourTurnBanner => your_turn_banner: str,
        SoundOff => sound_off: str,
        SoundOn => sound_on: str,
        DealCode => deal_code: str,
        DealCodeHelp => deal_code_help: str,
        PlayDealCode => play_deal_code: str,
        PlayThisDeal => play_this_deal: str,
        DealCodeHint => deal_code_hint: str,
        DealEmpty => deal_empty: str,
        DealNotACode => deal_not_a_code: str,
        DealDamaged => deal_damaged: str,
        DealNewer => deal_newer: str,
        /// A take-back pressed on a cover asks once: whose card, and whose
        /// turn comes back (issue 55).
        TakeBackSure { name: &'a str, value: Value } => take_back_sure: str (named_card(name, value)),
        TakeBackYes => take_back_yes: str,
        TakeBackNo => take_back_no: str,
        /// The card a person just drew, shown to them before the cover.
        DrawnTitle { name: &'a str, value: Value } => drawn_title: str (named_card(name, value)),
        DrawnHelp => drawn_help: str,
        DrawnFaceDown => drawn_face_down: str,
        DrawnOk => drawn_ok: str,
    }
    computed {
        /// A card's name, "7 yellow": the colour names are words of every
        /// language, not a message of their own.
        CardName(v: Value) => fill(lang, c, "{card}", &card(v)),
    }
}

/// The arguments of a template naming a player.
fn name(name: &str) -> [(&'static str, Arg<'_>); 1] {
    [("name", Arg::Str(name))]
}

/// The argument `{what}`, as it is (a technical detail).
fn what(what: &str) -> [(&'static str, Arg<'_>); 1] {
    [("what", Arg::Str(what))]
}

/// The argument `{n}`, a number (with its word forms, `{n:card|cards}`).
fn num(n: u64) -> [(&'static str, Arg<'static>); 1] {
    [("n", Arg::Num(n))]
}

fn time(at: &Clock) -> [(&'static str, Arg<'_>); 1] {
    [("time", Arg::Time(at))]
}

fn card(v: Value) -> [(&'static str, Arg<'static>); 1] {
    [("card", Arg::Card(v))]
}

fn named_card(name: &str, v: Value) -> [(&'static str, Arg<'_>); 2] {
    [("name", Arg::Str(name)), ("card", Arg::Card(v))]
}

/// The Mojo card's face and the direction it sets.
fn face(c: &Catalogue, face: Face) -> [(&'static str, Arg<'static>); 2] {
    let dir = c.directions[usize::from(face == Face::PlusTen)];
    [("face", Arg::Str(face.label())), ("dir", Arg::Str(dir))]
}

/// Left pile 0, right pile 1.
fn pile(i: u8) -> usize {
    usize::from(i != 0)
}

fn round_end(r: RoundEnd) -> usize {
    match r {
        RoundEnd::EmptiedHand => 0,
        RoundEnd::RevealedLast => 1,
    }
}

fn outcome_form(outcome: Outcome) -> usize {
    match outcome {
        Outcome::Lower => 0,
        Outcome::Equal => 1,
        Outcome::Higher => 2,
        Outcome::LastCard => 3,
    }
}

/// From the other pile, from the deck with the card known (one's own
/// draw), a card not shown.
fn drew_form(source: DrawSource, card: Option<Value>) -> usize {
    match (source, card) {
        (DrawSource::Discard, Some(_)) => 0,
        (DrawSource::Deck, Some(_)) => 1,
        (DrawSource::Deck | DrawSource::Discard, None) => 2,
    }
}

impl Lang {
    fn catalogue(self) -> &'static Catalogue {
        catalogue::loaded(self).unwrap_or(&en::CATALOGUE)
    }
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
