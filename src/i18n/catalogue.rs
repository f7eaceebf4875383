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

use super::{Catalogue, Lang};
use crate::json::{self, Json};

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
