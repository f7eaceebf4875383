//! Knobs of Hard's search that a kind of `mojo tournament` may set, written
//! after the kind's name and a colon each: `hard:z=0`, `cheat-hands:z=0`,
//! `reveal-25:z=1.5`, `hard:playout=honest:z=1` (issue 60). A knob left out keeps Hard's default, and
//! a kind with every knob at its default is the plain kind (`hard:z=2` is
//! written `hard:z=2` but plays as `hard`).

use mojo_engine::bot::{HardBot, HardSearch, Playout, PRIOR_Z};

/// The knobs, all optional. Whole numbers inside, so that a kind stays a
/// key of the results' table (ordered, hashable).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Knobs {
    /// `z=Z`: the gate on leaving Medium's move, in hundredths of a
    /// standard error ([`HardSearch::with_gate`]); `None`: [`PRIOR_Z`].
    pub z_hundredths: Option<u32>,
    /// `playout=P`: how the simulations play on ([`Playout`]; default
    /// Hard's own, `omniscient`).
    pub playout: Playout,
}

impl Knobs {
    /// Every knob at its default.
    pub const DEFAULT: Knobs = Knobs {
        z_hundredths: None,
        playout: Playout::Omniscient,
    };

    /// Whether every knob is left at its default.
    pub fn is_default(&self) -> bool {
        *self == Knobs::DEFAULT
    }

    /// The gate's `z`.
    pub fn z(&self) -> f64 {
        self.z_hundredths.map_or(PRIOR_Z, |h| f64::from(h) / 100.0)
    }

    /// `search` (seeded with `seed`) with these knobs.
    pub fn search(&self, search: HardSearch, seed: u64) -> HardSearch {
        search.with_gate(self.z()).with_playout(self.playout, seed)
    }

    /// `bot` with these knobs.
    pub fn bot(&self, bot: HardBot) -> HardBot {
        bot.with_gate(self.z()).with_playout(self.playout)
    }

    /// The knobs as written after a kind's name: `:z=0` (empty when all
    /// are defaults).
    pub fn suffix(&self) -> String {
        let mut out = String::new();
        if let Some(h) = self.z_hundredths {
            out.push_str(&format!(":z={}", h / 100));
            if h % 100 != 0 {
                out.push_str(format!(".{:02}", h % 100).trim_end_matches('0'));
            }
        }
        if self.playout != Playout::Omniscient {
            out.push_str(&format!(":playout={}", self.playout.name()));
        }
        out
    }

    /// Reads the knobs of `spec` (what follows the kind's name, each knob
    /// after a colon: `z=0:…`).
    pub fn parse(spec: &str) -> Result<Knobs, String> {
        let mut k = Knobs::default();
        for part in spec.split(':') {
            let part = part.trim();
            if let Some(z) = part.strip_prefix("z=") {
                let z: f64 = z
                    .parse()
                    .ok()
                    .filter(|z: &f64| z.is_finite() && (0.0..=1000.0).contains(z))
                    .ok_or_else(|| format!("`z={z}`: the gate is a number from 0 to 1000"))?;
                k.z_hundredths = Some((z * 100.0).round() as u32);
            } else if let Some(p) = part.strip_prefix("playout=") {
                k.playout = p.parse()?;
            } else {
                return Err(format!(
                    "`{part}` is not a knob (z=Z, playout=omniscient|medium|honest)"
                ));
            }
        }
        Ok(k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knobs_read_and_write_back() {
        assert_eq!(Knobs::parse("z=0").unwrap().z(), 0.0);
        assert_eq!(Knobs::parse("z=0").unwrap().suffix(), ":z=0");
        let k = Knobs::parse("z=1.5").unwrap();
        assert_eq!((k.z(), k.suffix().as_str()), (1.5, ":z=1.5"));
        assert_eq!(Knobs::parse("z=2.25").unwrap().suffix(), ":z=2.25");
        assert_eq!(Knobs::default().z(), PRIOR_Z);
        assert!(Knobs::default().is_default());
        assert!(!Knobs::parse("z=2").unwrap().is_default());
        let k = Knobs::parse("playout=honest:z=0").unwrap();
        assert_eq!((k.playout, k.z()), (Playout::Honest, 0.0));
        assert_eq!(k.suffix(), ":z=0:playout=honest");
        assert_eq!(Knobs::parse(&k.suffix()[1..]), Ok(k));
        assert_eq!(
            Knobs::parse("playout=medium").unwrap().suffix(),
            ":playout=medium"
        );
        assert!(Knobs::parse("playout=omniscient").unwrap().is_default());
        for bad in [
            "z=",
            "z=-1",
            "z=x",
            "zz=1",
            "z=inf",
            "",
            "playout=",
            "playout=cheat",
        ] {
            assert!(Knobs::parse(bad).is_err(), "{bad}");
        }
    }
}
