//! Filling a template of the catalogue (the syntax is in the module
//! `i18n`'s header): its placeholders by their arguments, a count's word
//! form by [`Lang::plural`], a card's colour as the language declines it,
//! and French elision before a name. The messages, which say what each
//! template is filled with, are in `mod.rs`; this is how.

use mojo_engine::{Colour, Value};

use super::{form, Catalogue, Lang};
use crate::net::devices::Clock;

/// A value for a template's `{name}`.
#[derive(Clone, Copy)]
pub(super) enum Arg<'a> {
    Str(&'a str),
    /// A number; `{n:one|other}` or `{n:one|few|many}` picks a word form.
    Num(u64),
    /// A card: "7 yellow"; `{card:acc}` declines the colour.
    Card(Value),
    /// A time of day, as the device writes it ("7:42 PM", "19:42").
    Time(&'a Clock),
}

/// Fills `template` with `args`. A placeholder with no argument of its
/// name is left as it is (the tests look for stray braces).
pub(super) fn fill(lang: Lang, c: &Catalogue, template: &str, args: &[(&str, Arg)]) -> String {
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
            Some((_, Arg::Str(s))) => {
                if lang == Lang::Fr {
                    elide(&mut out, s);
                }
                out.push_str(s)
            }
            Some(&(_, Arg::Num(n))) if !how.is_empty() => {
                let mut forms = how.split('|');
                let one = forms.next().unwrap_or("");
                let other = forms.next().unwrap_or(one);
                let many = forms.next().unwrap_or(other);
                out.push_str(form(lang.plural(n), [one, other, many]));
            }
            Some(&(_, Arg::Num(n))) => out.push_str(&n.to_string()),
            Some(&(_, Arg::Time(at))) => out.push_str(&at.to_string()),
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

/// French: "de" and "que" drop their vowel before a name that begins with
/// one, as the language writes them ("Au tour d’Ana", not "de Ana"; issue
/// 55). `out` is the text so far, `next` the name that follows it.
fn elide(out: &mut String, next: &str) {
    const VOWELS: &str = "aeiouàâäéèêëîïôöûüAEIOUÀÂÄÉÈÊËÎÏÔÖÛÜ";
    let mut chars = next.chars();
    let vowel = match chars.next() {
        // A "y" before a vowel is heard as a consonant ("de Yann", but
        // "d’Yves").
        Some('y' | 'Y') => chars.next().is_some_and(|c| !VOWELS.contains(c)),
        Some(c) => VOWELS.contains(c),
        None => false,
    };
    if !vowel {
        return;
    }
    for (word, elided) in [
        ("de ", "d’"),
        ("que ", "qu’"),
        ("De ", "D’"),
        ("Que ", "Qu’"),
    ] {
        let Some(before) = out.strip_suffix(word) else {
            continue;
        };
        // A word of its own, not the end of one ("Lorde Ana").
        if !before.ends_with(char::is_alphabetic) {
            out.truncate(before.len());
            out.push_str(elided);
            return;
        }
    }
}
