//! The components, named for what a player sees.

pub mod cards;
pub mod copy;
pub mod dealform;
pub mod devices;
pub mod focus;
pub mod follow;
pub mod hand;
pub mod handoff;
pub mod lobby;
pub mod log;
pub mod menu;
pub mod notices;
pub mod relay;
pub mod replay;
pub mod rules;
pub mod scorepad;
pub mod stats;
pub mod summary;
pub mod table;
pub mod tour;
pub mod typed_code;

/// `v` rounded to one decimal, with `sep` before the decimal ("12.5",
/// "12,5"). Written out by hand: formatting floats would add ~10 KB of
/// core's float printing to the bundle for a chart and one average.
pub fn tenths(v: f64, sep: char) -> String {
    // `as` saturates (and maps NaN to 0): never a panic.
    let n = (v * 10.0).round() as i64;
    let sign = if n < 0 { "-" } else { "" };
    let n = n.unsigned_abs();
    format!("{sign}{}{sep}{}", n / 10, n % 10)
}

#[cfg(test)]
mod tests {
    #[test]
    fn tenths_round_to_one_decimal() {
        let cases = [
            (12.46, '.', "12.5"),
            (12.44, ',', "12,4"),
            (0.0, '.', "0.0"),
            (-3.25, '.', "-3.3"),
            (-0.04, '.', "0.0"),
            (170.0, '.', "170.0"),
            (f64::NAN, '.', "0.0"),
        ];
        for (v, sep, text) in cases {
            assert_eq!(super::tenths(v, sep), text, "{v}");
        }
    }
}
