//! A language's words as data: the [`Catalogue`] struct (one field per
//! message), its reading from a JSON file, and the languages loaded so far.
//!
//! English is compiled in (`en.rs`): the fallback, and the contract of the
//! tests. French, Russian, Dutch and Polish are `static/i18n/<code>.json`,
//! fetched by the browser when first needed: the wasm that must load before
//! the first screen carries one language, not five (the service worker
//! still caches the other files in the background, for offline play).
//! Natively (tests, tools) those files are compiled in instead.

use std::cell::RefCell;

use super::Lang;
use crate::json::{self, Json};

/// Defines [`Catalogue`] from one list of fields, and the list of its
/// fields by name for reading it from JSON: `name: str` is a message,
/// `name: [N]` a message with N forms chosen by the program (by level,
/// outcome, pile…).
macro_rules! catalogue {
    ($( $(#[doc = $doc:literal])* $field:ident: $kind:tt, )*) => {
        /// One language's words. Each message of [`super::Text`] is a field
        /// of the same name in snake case (an array where the message's
        /// field picks the sentence); templates are filled by
        /// `super::fill` (see the module `i18n`). A language compiled in
        /// misses no field (the compiler says so); a JSON file is checked
        /// field by field when read, and by the tests.
        #[derive(Clone, Copy)]
        pub(crate) struct Catalogue {
            $( $(#[doc = $doc])* pub $field: catalogue!(@type $kind), )*
        }

        impl Catalogue {
            /// Every field by its name in the JSON files, as a slice of its
            /// forms, so that reading a catalogue is one loop over them
            /// rather than code per field.
            fn slots(&mut self) -> Vec<(&'static str, &mut [&'static str])> {
                vec![$( (stringify!($field), catalogue!(@slot $kind, self.$field)), )*]
            }
        }
    };
    (@type str) => { &'static str };
    (@type [$n:literal]) => { [&'static str; $n] };
    (@slot str, $f:expr) => { std::slice::from_mut(&mut $f) };
    (@slot [$n:literal], $f:expr) => { &mut $f[..] };
}

impl Catalogue {
    /// Reads a catalogue: every field, no unknown one (keys starting with
    /// `_` are notes for translators), each of the right shape (a string,
    /// or a list of as many strings as the message has forms). Checks
    /// everything before keeping any text, so a bad file costs nothing.
    pub(crate) fn from_json(text: &str) -> Result<Catalogue, String> {
        let doc = json::parse(text)?;
        let Json::Obj(entries) = &doc else {
            return Err("a catalogue is a JSON object".into());
        };
        let mut catalogue = super::en::CATALOGUE;
        let mut slots = catalogue.slots();
        for (key, _) in entries {
            if !key.starts_with('_') && !slots.iter().any(|(name, _)| name == key) {
                return Err(format!("unknown message `{key}`"));
            }
        }
        let mut found = Vec::with_capacity(slots.len());
        for (name, slot) in &slots {
            let value = entries
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v)
                .ok_or_else(|| format!("missing message `{name}`"))?;
            let texts: Option<Vec<&String>> = match value {
                Json::Str(s) if slot.len() == 1 => Some(vec![s]),
                Json::Arr(items) if slot.len() > 1 && items.len() == slot.len() => items
                    .iter()
                    .map(|i| match i {
                        Json::Str(s) => Some(s),
                        _ => None,
                    })
                    .collect(),
                _ => None,
            };
            let Some(texts) = texts else {
                return Err(if slot.len() == 1 {
                    format!("`{name}` should be a string")
                } else {
                    format!("`{name}` should be a list of {} strings", slot.len())
                });
            };
            found.push(texts);
        }
        for ((_, slot), texts) in slots.iter_mut().zip(found) {
            for (place, text) in slot.iter_mut().zip(texts) {
                *place = Box::leak(text.clone().into_boxed_str());
            }
        }
        drop(slots);
        Ok(catalogue)
    }
}

catalogue! {
    /// The word joining the last two names of a list ("Ana and Ben").
    and: str,
    /// Colour names as they follow a value in a card's name ("7 yellow"), in [`Colour::ALL`] order.
    colours: [5],
    /// The same, where the card is the object of a verb (Russian and Polish decline them: «7 жёлтую»); `{card:acc}` uses these.
    colours_acc: [5],
    /// The direction of play for the Mojo card's faces 0 and +10.
    directions: [2],
    title: str,
    tagline: str,
    new_table: str,
    seat: str,
    name: str,
    person: str,
    default_name: str,
    default_bot: str,
    /// By [`Level`]: Easy, Medium, Hard.
    bot: [3],
    bots: str,
    /// By [`Level`].
    level_name: [3],
    add_seat: str,
    remove_seat: str,
    two_piles: str,
    two_piles_help: str,
    target_score: str,
    who_starts: str,
    random_starter: str,
    start_game: str,
    continue_: str,
    continue_detail: str,
    problem_seats: str,
    problem_name: str,
    problem_target: str,
    round: str,
    draw_pile: str,
    cards: str,
    discard_pile: str,
    /// Left, right.
    pile: [2],
    mojo_card_name: str,
    clockwise: str,
    counterclockwise: str,
    your_hand: str,
    your_face_down: str,
    cards_worth: str,
    /// Printed on cards, in [`Colour::ALL`] order (may hold soft hyphens).
    colour_name: [5],
    reveal_card: str,
    hint_lower: str,
    hint_higher: str,
    hint_equal: str,
    hint_last: str,
    /// Left, right.
    play_on: [2],
    choose_pile: str,
    draw_from_deck: str,
    take_from_other_pile: str,
    must_draw: str,
    must_reveal: str,
    your_turn: str,
    continue_chain: str,
    turn_of: str,
    thinking: str,
    hand_size: str,
    face_down_count: str,
    total: str,
    own_total: str,
    pass_device: str,
    pass_device_help: str,
    show_my_cards: str,
    you_are: str,
    round_over_title: str,
    /// By [`RoundEnd`]: emptied hand, revealed last.
    ended_round: [2],
    holder_zero: str,
    holder_penalty: str,
    points: str,
    score: str,
    new_total: str,
    counts: str,
    next_round: str,
    score_pad: str,
    player: str,
    total_header: str,
    to_target: str,
    target: str,
    leader: str,
    mojo_holder: str,
    game_over_title: str,
    winner: str,
    shared_win: str,
    new_game: str,
    rematch: str,
    game_log: str,
    log_dealt: str,
    /// By [`Outcome`]: lower, equal, higher, last card.
    log_played: [4],
    /// From the other pile, from the deck (card known), a card (unknown).
    log_drew: [3],
    log_nothing_to_draw: str,
    log_reshuffled: str,
    log_refilled: str,
    log_face_down: str,
    log_revealed: str,
    /// By [`RoundEnd`].
    log_round_ended: [2],
    /// Penalised (points + 10), scoring 0.
    log_scored: [2],
    log_mojo_turned: str,
    log_game_over: str,
    rules_title: str,
    rules_cards_heading: str,
    rules_cards_body: str,
    rules_turn_heading: str,
    rules_turn_body: str,
    rules_lower: str,
    rules_lower_body: str,
    rules_higher: str,
    rules_higher_body: str,
    rules_equal: str,
    rules_equal_body: str,
    rules_mojo_time_heading: str,
    rules_mojo_time_body: str,
    rules_round_end_heading: str,
    rules_round_end_body: str,
    rules_scoring_heading: str,
    rules_scoring_body: str,
    rules_game_end_heading: str,
    rules_game_end_body: str,
    rules_variant_heading: str,
    rules_variant_body: str,
    rules: str,
    close: str,
    menu: str,
    settings: str,
    speed: str,
    /// By [`Speed`]: slow, normal, fast, instant.
    speed_name: [4],
    language: str,
    reduce_motion: str,
    back_to_lobby: str,
    save_unreadable: str,
    save_kept_aside: str,
    storage_off: str,
    update_ready: str,
    reload_for_update: str,
    language_unavailable: str,
    tab_continued: str,
    tab_other_game: str,
    open_other_game: str,
    keep_this_game: str,
    dismiss: str,
    chart_title: str,
    chart_desc: str,
    statistics: str,
    stats_games: str,
    stats_none: str,
    stats_wins: str,
    stats_games_header: str,
    stats_average: str,
    stats_best: str,
    stats_mojo_plus_ten: str,
    stats_reset: str,
    stats_reset_confirm: str,
    stats_reset_yes: str,
    cancel: str,
    tour_title: str,
    tour_step: str,
    tour_hand: str,
    tour_discard: str,
    tour_points: str,
    tour_mojo: str,
    tour_next: str,
    tour_done: str,
    tour_skip: str,
    show_tour: str,
}

thread_local! {
    /// The catalogues read so far, by language (English is compiled in).
    static LOADED: RefCell<[Option<&'static Catalogue>; 5]> = const { RefCell::new([None; 5]) };
}

/// Where `lang`'s catalogue is, relative to the page.
pub fn catalogue_path(lang: Lang) -> String {
    format!("i18n/{}.json", lang.code())
}

/// Reads `lang`'s catalogue from `text` (its JSON file) and uses it from now
/// on. English is compiled in and needs no file.
pub fn install(lang: Lang, text: &str) -> Result<(), String> {
    if lang == Lang::En || LOADED.with(|l| l.borrow()[lang as usize].is_some()) {
        return Ok(());
    }
    let catalogue: &'static Catalogue = Box::leak(Box::new(Catalogue::from_json(text)?));
    LOADED.with(|l| l.borrow_mut()[lang as usize] = Some(catalogue));
    Ok(())
}

/// The catalogue of `lang` if it is ready.
pub(super) fn loaded(lang: Lang) -> Option<&'static Catalogue> {
    if lang == Lang::En {
        return Some(&super::en::CATALOGUE);
    }
    if let Some(c) = LOADED.with(|l| l.borrow()[lang as usize]) {
        return Some(c);
    }
    // Natively (and in tests) the files are compiled in: read on first use.
    #[cfg(any(test, not(target_arch = "wasm32")))]
    if install(lang, bundled(lang)).is_ok() {
        return LOADED.with(|l| l.borrow()[lang as usize]);
    }
    None
}

/// The JSON catalogues, compiled in for native builds and tests.
#[cfg(any(test, not(target_arch = "wasm32")))]
pub(super) fn bundled(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "",
        Lang::Fr => include_str!("../../static/i18n/fr.json"),
        Lang::Ru => include_str!("../../static/i18n/ru.json"),
        Lang::Nl => include_str!("../../static/i18n/nl.json"),
        Lang::Pl => include_str!("../../static/i18n/pl.json"),
    }
}
