//! The little JSON the app stores (saves, settings, statistics), read and
//! written by hand.
//!
//! Why not serde_json: in the WebAssembly bundle, serde_json and the derived
//! (de)serialisers cost 9.9 KB brotli (measured when this module replaced
//! them: BENCHMARKS.md, "Size") for three small documents whose shapes we
//! own. This reader knows exactly what
//! those documents need: objects, arrays, strings, `true`/`false`/`null`
//! and whole numbers. A fraction or an exponent is refused with its place,
//! like any other malformed input; nothing here panics, whatever the text.
//!
//! The native tests check the writer and reader against serde_json (a
//! dev-dependency only), on the fixtures and on fuzzed documents.

use std::fmt::Write as _;

/// A JSON document. Objects keep their keys in order, each key once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Json {
    Null,
    Bool(bool),
    Int(i64),
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>),
}

/// How deep arrays and objects may nest (hostile text cannot exhaust the
/// stack; our documents nest three levels).
const MAX_DEPTH: usize = 64;

/// Reads a whole document: one value, with only white space around it.
pub fn parse(text: &str) -> Result<Json, String> {
    let mut p = Parser {
        s: text.as_bytes(),
        at: 0,
    };
    let v = p.value(0)?;
    p.space();
    if p.at < p.s.len() {
        return Err(p.error("unexpected text after the end"));
    }
    Ok(v)
}

struct Parser<'a> {
    s: &'a [u8],
    at: usize,
}

impl Parser<'_> {
    /// "…at line L column C", counted in characters like an editor does.
    fn error(&self, what: &str) -> String {
        let before = &self.s[..self.at.min(self.s.len())];
        let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
        let start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        // Continuation bytes of UTF-8 do not start a character.
        let column = 1 + before[start..]
            .iter()
            .filter(|&&b| b & 0xC0 != 0x80)
            .count();
        format!("{what} at line {line} column {column}")
    }

    fn space(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.s.get(self.at) {
            self.at += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.s.get(self.at).copied()
    }

    fn expect(&mut self, b: u8, what: &str) -> Result<(), String> {
        self.space();
        match self.peek() {
            Some(c) if c == b => {
                self.at += 1;
                Ok(())
            }
            None => Err(self.error("the text ends too early")),
            Some(_) => Err(self.error(what)),
        }
    }

    fn value(&mut self, depth: usize) -> Result<Json, String> {
        if depth > MAX_DEPTH {
            return Err(self.error("nested too deeply"));
        }
        self.space();
        match self.peek() {
            None => Err(self.error("the text ends too early")),
            Some(b'{') => {
                self.at += 1;
                let mut fields: Vec<(String, Json)> = Vec::new();
                self.space();
                if self.peek() == Some(b'}') {
                    self.at += 1;
                    return Ok(Json::Obj(fields));
                }
                loop {
                    self.space();
                    let key_at = self.at;
                    if self.peek() != Some(b'"') {
                        return Err(if self.peek().is_none() {
                            self.error("the text ends too early")
                        } else {
                            self.error("expected a key in quotes")
                        });
                    }
                    let key = self.string()?;
                    if fields.iter().any(|(k, _)| *k == key) {
                        self.at = key_at;
                        return Err(self.error(&format!("the key `{key}` appears twice")));
                    }
                    self.expect(b':', "expected `:`")?;
                    let v = self.value(depth + 1)?;
                    fields.push((key, v));
                    self.space();
                    match self.peek() {
                        Some(b',') => self.at += 1,
                        Some(b'}') => {
                            self.at += 1;
                            return Ok(Json::Obj(fields));
                        }
                        None => return Err(self.error("the text ends too early")),
                        Some(_) => return Err(self.error("expected `,` or `}`")),
                    }
                }
            }
            Some(b'[') => {
                self.at += 1;
                let mut items = Vec::new();
                self.space();
                if self.peek() == Some(b']') {
                    self.at += 1;
                    return Ok(Json::Arr(items));
                }
                loop {
                    items.push(self.value(depth + 1)?);
                    self.space();
                    match self.peek() {
                        Some(b',') => self.at += 1,
                        Some(b']') => {
                            self.at += 1;
                            return Ok(Json::Arr(items));
                        }
                        None => return Err(self.error("the text ends too early")),
                        Some(_) => return Err(self.error("expected `,` or `]`")),
                    }
                }
            }
            Some(b'"') => self.string().map(Json::Str),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(_) => {
                for (word, v) in [
                    ("true", Json::Bool(true)),
                    ("false", Json::Bool(false)),
                    ("null", Json::Null),
                ] {
                    if self.s[self.at..].starts_with(word.as_bytes()) {
                        self.at += word.len();
                        return Ok(v);
                    }
                }
                Err(self.error("expected a value"))
            }
        }
    }

    /// A whole number; fractions and exponents are not part of our formats.
    fn number(&mut self) -> Result<Json, String> {
        let start = self.at;
        let negative = self.peek() == Some(b'-');
        if negative {
            self.at += 1;
        }
        let digits = self.at;
        let mut n: i64 = 0;
        while let Some(d @ b'0'..=b'9') = self.peek() {
            let d = i64::from(d - b'0');
            let next = n.checked_mul(10).and_then(|n| {
                if negative {
                    n.checked_sub(d)
                } else {
                    n.checked_add(d)
                }
            });
            let Some(next) = next else {
                self.at = start;
                return Err(self.error("a number too large"));
            };
            n = next;
            self.at += 1;
        }
        let count = self.at - digits;
        if count == 0 || (count > 1 && self.s[digits] == b'0') {
            self.at = start;
            return Err(self.error("expected a number"));
        }
        if let Some(b'.' | b'e' | b'E') = self.peek() {
            self.at = start;
            return Err(self.error("expected a whole number"));
        }
        Ok(Json::Int(n))
    }

    /// A string; the parser stands on its opening quote.
    fn string(&mut self) -> Result<String, String> {
        self.at += 1;
        let mut out = String::new();
        loop {
            let run = self.at;
            while let Some(&b) = self.s.get(self.at) {
                if b == b'"' || b == b'\\' || b < 0x20 {
                    break;
                }
                self.at += 1;
            }
            // The input is a &str and the run stops only at ASCII bytes, so
            // it is whole characters.
            out.push_str(std::str::from_utf8(&self.s[run..self.at]).unwrap_or_default());
            match self.peek() {
                None => return Err(self.error("the text ends too early")),
                Some(b'"') => {
                    self.at += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.at += 1;
                    let c = match self.peek() {
                        Some(b'"') => '"',
                        Some(b'\\') => '\\',
                        Some(b'/') => '/',
                        Some(b'b') => '\u{8}',
                        Some(b'f') => '\u{c}',
                        Some(b'n') => '\n',
                        Some(b'r') => '\r',
                        Some(b't') => '\t',
                        Some(b'u') => {
                            self.at += 1;
                            let hi = self.hex4()?;
                            let code = if (0xD800..0xDC00).contains(&hi)
                                && self.s[self.at..].starts_with(b"\\u")
                            {
                                self.at += 2;
                                let lo = self.hex4()?;
                                if !(0xDC00..0xE000).contains(&lo) {
                                    return Err(self.error("a broken \\u escape"));
                                }
                                0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00)
                            } else {
                                hi
                            };
                            out.push(
                                char::from_u32(code)
                                    .ok_or_else(|| self.error("a broken \\u escape"))?,
                            );
                            continue;
                        }
                        None => return Err(self.error("the text ends too early")),
                        Some(_) => return Err(self.error("an unknown escape")),
                    };
                    out.push(c);
                    self.at += 1;
                }
                Some(_) => return Err(self.error("a control character inside a string")),
            }
        }
    }

    fn hex4(&mut self) -> Result<u32, String> {
        let mut n = 0;
        for _ in 0..4 {
            let d = self
                .peek()
                .and_then(|b| char::from(b).to_digit(16))
                .ok_or_else(|| self.error("a broken \\u escape"))?;
            n = n * 16 + d;
            self.at += 1;
        }
        Ok(n)
    }
}

impl Json {
    /// Compact text (what is stored).
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        self.write(&mut out);
        out
    }

    fn write(&self, out: &mut String) {
        match self {
            Json::Null => out.push_str("null"),
            Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Json::Int(n) => {
                let _ = write!(out, "{n}");
            }
            Json::Str(s) => write_str(s, out),
            Json::Arr(items) => {
                out.push('[');
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    v.write(out);
                }
                out.push(']');
            }
            Json::Obj(fields) => {
                out.push('{');
                for (i, (k, v)) in fields.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write_str(k, out);
                    out.push(':');
                    v.write(out);
                }
                out.push('}');
            }
        }
    }

    /// The value of `key` in an object.
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Obj(fields) => fields.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::Str(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match *self {
            Json::Bool(b) => Some(b),
            _ => None,
        }
    }

    /// A whole number that fits `T` (u8, u32, u64…).
    pub fn as_int<T: TryFrom<i64>>(&self) -> Option<T> {
        match *self {
            Json::Int(n) => T::try_from(n).ok(),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&[Json]> {
        match self {
            Json::Arr(items) => Some(items),
            _ => None,
        }
    }

    /// What kind of value this is, for messages ("a string").
    pub fn kind(&self) -> &'static str {
        match self {
            Json::Null => "null",
            Json::Bool(_) => "true or false",
            Json::Int(_) => "a number",
            Json::Str(_) => "a string",
            Json::Arr(_) => "a list",
            Json::Obj(_) => "an object",
        }
    }
}

fn write_str(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Builds an object: `obj([("a", Json::Int(1))])`.
pub fn obj<const N: usize>(fields: [(&str, Json); N]) -> Json {
    Json::Obj(
        fields
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
    )
}

pub fn str(s: &str) -> Json {
    Json::Str(s.to_string())
}

/// `Some(n)` or `null`.
pub fn opt_int(n: Option<impl Into<i64>>) -> Json {
    n.map_or(Json::Null, |n| Json::Int(n.into()))
}

/// Reads the fields of one object of a known shape: each field taken once,
/// and (for strict shapes) any field left over is an error, so a typo or a
/// foreign document is noticed rather than half-read.
pub struct Fields<'a> {
    fields: &'a [(String, Json)],
    taken: Vec<bool>,
}

impl<'a> Fields<'a> {
    /// `what` names the object in messages ("a seat").
    pub fn of(v: &'a Json, what: &str) -> Result<Fields<'a>, String> {
        match v {
            Json::Obj(fields) => Ok(Fields {
                fields,
                taken: vec![false; fields.len()],
            }),
            other => Err(format!("{what} should be an object, not {}", other.kind())),
        }
    }

    /// The field `key`, if present and not `null`.
    pub fn opt(&mut self, key: &str) -> Option<&'a Json> {
        let i = self.fields.iter().position(|(k, _)| k == key)?;
        self.taken[i] = true;
        match &self.fields[i].1 {
            Json::Null => None,
            v => Some(v),
        }
    }

    pub fn req(&mut self, key: &str) -> Result<&'a Json, String> {
        self.opt(key)
            .ok_or_else(|| format!("missing field `{key}`"))
    }

    pub fn string(&mut self, key: &str) -> Result<String, String> {
        let v = self.req(key)?;
        v.as_str()
            .map(str::to_string)
            .ok_or_else(|| wrong(key, "a string", v))
    }

    pub fn boolean(&mut self, key: &str) -> Result<bool, String> {
        let v = self.req(key)?;
        v.as_bool().ok_or_else(|| wrong(key, "true or false", v))
    }

    pub fn int<T: TryFrom<i64>>(&mut self, key: &str) -> Result<T, String> {
        let v = self.req(key)?;
        v.as_int()
            .ok_or_else(|| wrong(key, "a whole number in range", v))
    }

    pub fn opt_int<T: TryFrom<i64>>(&mut self, key: &str) -> Result<Option<T>, String> {
        self.opt(key)
            .map(|v| {
                v.as_int()
                    .ok_or_else(|| wrong(key, "a whole number in range", v))
            })
            .transpose()
    }

    pub fn list(&mut self, key: &str) -> Result<&'a [Json], String> {
        let v = self.req(key)?;
        v.as_array().ok_or_else(|| wrong(key, "a list", v))
    }

    /// The fields no `opt`/`req` asked for, by name: for a shape that a
    /// newer writer may extend, where such a field is ignored, not refused.
    pub fn rest(&self) -> impl Iterator<Item = &'a str> + '_ {
        let fields = self.fields;
        self.taken
            .iter()
            .zip(fields)
            .filter(|(taken, _)| !**taken)
            .map(|(_, (key, _))| key.as_str())
    }

    /// Fails on a field no `opt`/`req` asked for.
    pub fn done(self) -> Result<(), String> {
        match self.taken.iter().position(|t| !t) {
            Some(i) => Err(format!("unknown field `{}`", self.fields[i].0)),
            None => Ok(()),
        }
    }
}

/// "`target` should be a whole number in range, not a string".
pub fn wrong(key: &str, expected: &str, v: &Json) -> String {
    match v {
        Json::Int(n) => format!("`{key}` should be {expected}, not {n}"),
        other => format!("`{key}` should be {expected}, not {}", other.kind()),
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn reads_what_it_writes_and_what_serde_json_writes() {
        let doc = obj([
            ("a", Json::Int(-12)),
            ("b", str("quote \" slash \\ new\nline tab\t ctl\u{1} é 🂡")),
            (
                "c",
                Json::Arr(vec![Json::Null, Json::Bool(true), Json::Bool(false)]),
            ),
            (
                "d",
                obj([("x", Json::Int(i64::MAX)), ("y", Json::Int(i64::MIN))]),
            ),
            ("e", Json::Arr(vec![])),
            ("f", obj([])),
        ]);
        let text = doc.to_text();
        assert_eq!(parse(&text), Ok(doc.clone()));
        // serde_json reads our text as the same document, and we read its.
        let theirs: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(
            theirs["b"],
            "quote \" slash \\ new\nline tab\t ctl\u{1} é 🂡"
        );
        assert_eq!(theirs["d"]["y"], i64::MIN);
        let pretty = serde_json::to_string_pretty(&theirs).unwrap();
        assert_eq!(parse(&pretty), Ok(doc));
        assert_eq!(
            parse(r#""\u00e9\ud83c\udca1\/""#),
            Ok(str("é🂡/")),
            "escapes, surrogate pairs"
        );
    }

    #[test]
    fn malformed_text_is_refused_with_its_place() {
        let cases = [
            ("", "the text ends too early at line 1 column 1"),
            ("garbage", "expected a value at line 1 column 1"),
            (
                "{\n  \"a\": 1,\n  \"b\": [1, 2",
                "the text ends too early at line 3 column 13",
            ),
            ("{\"a\": 1.5}", "expected a whole number at line 1 column 7"),
            ("{\"a\": 1e3}", "expected a whole number at line 1 column 7"),
            ("[01]", "expected a number at line 1 column 2"),
            ("[-]", "expected a number at line 1 column 2"),
            (
                "[99999999999999999999]",
                "a number too large at line 1 column 2",
            ),
            (
                "{\"a\": 1, \"a\": 2}",
                "the key `a` appears twice at line 1 column 10",
            ),
            ("{\"é\": x}", "expected a value at line 1 column 7"),
            ("{a: 1}", "expected a key in quotes at line 1 column 2"),
            ("[1 2]", "expected `,` or `]` at line 1 column 4"),
            ("{\"a\" 1}", "expected `:` at line 1 column 6"),
            (
                "\"a\u{1}\"",
                "a control character inside a string at line 1 column 3",
            ),
            ("\"\\q\"", "an unknown escape at line 1 column 3"),
            (
                "\"\\ud800\\u0041\"",
                "a broken \\u escape at line 1 column 14",
            ),
            ("1 2", "unexpected text after the end at line 1 column 3"),
        ];
        for (text, why) in cases {
            assert_eq!(parse(text), Err(why.to_string()), "{text:?}");
        }
        let deep = "[".repeat(100_000);
        assert!(parse(&deep).unwrap_err().starts_with("nested too deeply"));
    }

    #[test]
    fn fields_are_read_once_and_leftovers_are_named() {
        let v = parse(r#"{"n": 300, "s": "x", "z": null, "extra": true}"#).unwrap();
        let mut f = Fields::of(&v, "a thing").unwrap();
        assert_eq!(f.int::<u32>("n"), Ok(300));
        assert_eq!(
            f.int::<u8>("n"),
            Err("`n` should be a whole number in range, not 300".into())
        );
        assert_eq!(
            f.int::<u8>("s"),
            Err("`s` should be a whole number in range, not a string".into())
        );
        assert_eq!(f.opt_int::<u8>("z"), Ok(None));
        assert_eq!(f.req("missing"), Err("missing field `missing`".into()));
        assert_eq!(f.done(), Err("unknown field `extra`".into()));
        assert_eq!(
            Fields::of(&Json::Int(1), "a seat").err(),
            Some("a seat should be an object, not a number".into())
        );
    }
}
