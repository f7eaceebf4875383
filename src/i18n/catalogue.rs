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
        let slots = Catalogue::SLOTS;
        for (key, _) in entries {
            if !key.starts_with('_') && !slots.iter().any(|(name, _)| name == key) {
                return Err(format!("unknown message `{key}`"));
            }
        }
        let mut found: Vec<&String> = Vec::with_capacity(Catalogue::TEXTS);
        for &(name, forms) in slots {
            let value = entries
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v)
                .ok_or_else(|| format!("missing message `{name}`"))?;
            let before = found.len();
            match value {
                Json::Str(s) if forms == 1 => found.push(s),
                Json::Arr(items) if forms > 1 && items.len() == forms => {
                    found.extend(items.iter().filter_map(|i| match i {
                        Json::Str(s) => Some(s),
                        _ => None,
                    }))
                }
                _ => {}
            }
            if found.len() != before + forms {
                return Err(if forms == 1 {
                    format!("`{name}` should be a string")
                } else {
                    format!("`{name}` should be a list of {forms} strings")
                });
            }
        }
        for (place, text) in catalogue.texts_mut().iter_mut().zip(found) {
            *place = Box::leak(text.clone().into_boxed_str());
        }
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
