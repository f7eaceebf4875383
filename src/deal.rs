//! Deal codes: a game's seed and options in 20 characters, so that friends
//! can play the same deal and compare ("Play a deal code" in the lobby).
//!
//! A code is the game's seed (64 bits) and its options (players, two
//! discard piles, target, first player: 17 bits) with a 2-bit format
//! number, followed by a CRC-16 of those bytes, written in Crockford's
//! base 32 in four groups of five: `K3F9Q-…`. The CRC catches every
//! wrong or swapped character (any error within 16 consecutive bits), so a
//! damaged code is refused with a reason, never started as another deal.
//!
//! A code reveals every card of the game (it is the seed): the app shows it
//! at game over only, on the device that holds the game, and never sends
//! it to a hand device. Pure Rust, tested natively.

use mojo_engine::{FirstPlayer, Options};

use crate::session::{SeatSetup, Starter, TableSetup};

/// Crockford's base 32: no I, L, O or U (read as 1, 1, 0; U is unused).
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// The fewest and most players (RULES R2).
const MIN_PLAYERS: u8 = mojo_engine::MIN_PLAYERS as u8;
const MAX_PLAYERS: u8 = mojo_engine::MAX_PLAYERS as u8;

/// The format this build writes and reads.
const FORMAT: u8 = 0;

/// Characters in a code (without the dashes).
pub const CODE_CHARS: usize = 20;

/// The lowest and highest target a code can hold (the lobby's range).
const TARGET_MIN: u32 = 10;
const TARGET_MAX: u32 = 500;

/// What a deal code fixes: the seed and the options of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deal {
    pub seed: u64,
    pub options: Options,
}

/// Why a text is not a deal code this build can play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DealError {
    /// Nothing was entered.
    Empty,
    /// Too short or too long, or a character that is not in a code.
    NotACode,
    /// The right shape, but a character is wrong, missing or swapped (the
    /// check does not match).
    Damaged,
    /// A code of a later format (a newer version of Mojo).
    Newer,
}

impl core::fmt::Display for DealError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            DealError::Empty => "no deal code was entered",
            DealError::NotACode => "this is not a deal code",
            DealError::Damaged => "the deal code is damaged",
            DealError::Newer => "the deal code comes from a newer version of Mojo",
        })
    }
}

/// CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF).
fn crc16(bytes: &[u8]) -> u16 {
    let mut crc: u16 = 0xFFFF;
    for &b in bytes {
        crc ^= u16::from(b) << 8;
        for _ in 0..8 {
            crc = if crc & 0x8000 != 0 {
                (crc << 1) ^ 0x1021
            } else {
                crc << 1
            };
        }
    }
    crc
}

/// The 19 bits after the seed: format (2), players − 2 (3), two piles (1),
/// target − 10 (9), first player (4: a seat, or 8 for a random seat).
fn option_bits(o: &Options) -> u32 {
    let players = u32::from(o.players.clamp(MIN_PLAYERS, MAX_PLAYERS) - MIN_PLAYERS);
    let target = o.target.clamp(TARGET_MIN, TARGET_MAX) - TARGET_MIN;
    let first = match o.first_player {
        FirstPlayer::Seat(s) => u32::from(s.min(7)),
        FirstPlayer::Random => 8,
    };
    (u32::from(FORMAT) << 17)
        | (players << 14)
        | (u32::from(o.double_discard) << 13)
        | (target << 4)
        | first
}

/// The data bytes: seed (8, big-endian) and the option bits (3).
fn data_bytes(deal: &Deal) -> [u8; 11] {
    let mut b = [0u8; 11];
    b[..8].copy_from_slice(&deal.seed.to_be_bytes());
    let o = option_bits(&deal.options);
    b[8] = (o >> 16) as u8;
    b[9] = (o >> 8) as u8;
    b[10] = o as u8;
    b
}

impl Deal {
    /// The deal of a game set up as `setup` with `seed`.
    pub fn of(setup: &TableSetup, seed: u64) -> Deal {
        Deal {
            seed,
            options: setup.options(),
        }
    }

    /// The code: 20 characters in four groups of five.
    pub fn code(&self) -> String {
        let crc = crc16(&data_bytes(self));
        // 64 seed bits, 19 option bits, 16 check bits and one zero bit:
        // 100 bits, 20 characters of 5 bits.
        let bits = (u128::from(self.seed) << 36)
            | (u128::from(option_bits(&self.options)) << 17)
            | (u128::from(crc) << 1);
        let mut out = String::with_capacity(CODE_CHARS + 3);
        for i in 0..CODE_CHARS {
            if i > 0 && i % 5 == 0 {
                out.push('-');
            }
            let shift = 5 * (CODE_CHARS - 1 - i);
            out.push(char::from(ALPHABET[((bits >> shift) & 31) as usize]));
        }
        out
    }

    /// Reads a code as a person may type it: any case, with or without
    /// dashes and spaces, O for 0 and I or L for 1.
    pub fn parse(text: &str) -> Result<Deal, DealError> {
        let mut bits: u128 = 0;
        let mut n = 0;
        for c in text.chars() {
            if c == '-' || c.is_whitespace() {
                continue;
            }
            let c = match c.to_ascii_uppercase() {
                'O' => '0',
                'I' | 'L' => '1',
                c => c,
            };
            let Some(v) = ALPHABET.iter().position(|&a| char::from(a) == c) else {
                return Err(DealError::NotACode);
            };
            n += 1;
            if n > CODE_CHARS {
                return Err(DealError::NotACode);
            }
            bits = (bits << 5) | v as u128;
        }
        match n {
            0 => return Err(DealError::Empty),
            CODE_CHARS => {}
            _ => return Err(DealError::NotACode),
        }
        let seed = (bits >> 36) as u64;
        let opts = ((bits >> 17) & 0x7_FFFF) as u32;
        let crc = ((bits >> 1) & 0xFFFF) as u16;
        let pad = (bits & 1) as u8;
        // Checked first: a damaged code says so, whatever it now seems to hold.
        let mut data = [0u8; 11];
        data[..8].copy_from_slice(&seed.to_be_bytes());
        data[8] = (opts >> 16) as u8;
        data[9] = (opts >> 8) as u8;
        data[10] = opts as u8;
        if crc16(&data) != crc || pad != 0 {
            return Err(DealError::Damaged);
        }
        if (opts >> 17) as u8 != FORMAT {
            return Err(DealError::Newer);
        }
        let players = ((opts >> 14) & 7) as u8 + MIN_PLAYERS;
        let target = ((opts >> 4) & 0x1FF) + TARGET_MIN;
        let first = (opts & 0xF) as u8;
        let first_player = match first {
            s if s < players => FirstPlayer::Seat(s),
            8 => FirstPlayer::Random,
            // A seat past the table, or a value no build writes.
            _ => return Err(DealError::Damaged),
        };
        if target > TARGET_MAX {
            return Err(DealError::Damaged);
        }
        Ok(Deal {
            seed,
            options: Options {
                players,
                double_discard: opts & (1 << 13) != 0,
                target,
                first_player,
            },
        })
    }

    /// `setup` (the lobby's seats) made to play this deal: its options,
    /// and as many seats as the deal has players (the last ones removed,
    /// or Medium bots named by `bot_name(n)` added).
    pub fn table(&self, setup: &TableSetup, bot_name: impl Fn(usize) -> String) -> TableSetup {
        let mut t = setup.clone();
        let n = usize::from(self.options.players);
        t.seats.truncate(n);
        while t.seats.len() < n {
            let i = t.seats.len();
            t.seats
                .push(SeatSetup::bot(&bot_name(i), crate::session::Level::Medium));
        }
        t.double_discard = self.options.double_discard;
        t.target = self.options.target;
        t.starter = match self.options.first_player {
            FirstPlayer::Seat(s) => Starter::Seat(s),
            FirstPlayer::Random => Starter::Random,
        };
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::{Level, Session};

    fn deals() -> Vec<Deal> {
        let mut v = Vec::new();
        for (i, seed) in [0, 1, 42, u64::MAX, 0x0123_4567_89AB_CDEF, 1 << 63]
            .into_iter()
            .enumerate()
        {
            for players in MIN_PLAYERS..=MAX_PLAYERS {
                let first_player = if i.is_multiple_of(2) {
                    FirstPlayer::Random
                } else {
                    FirstPlayer::Seat((i as u8) % players)
                };
                v.push(Deal {
                    seed,
                    options: Options {
                        players,
                        double_discard: (i + players as usize).is_multiple_of(2),
                        target: [10, 50, 123, 500][(i + players as usize) % 4],
                        first_player,
                    },
                });
            }
        }
        v
    }

    #[test]
    fn codes_round_trip_and_read_as_people_type_them() {
        for deal in deals() {
            let code = deal.code();
            assert_eq!(code.len(), CODE_CHARS + 3, "{code}");
            assert_eq!(Deal::parse(&code), Ok(deal), "{code}");
            let typed = code.replace('-', " ").to_lowercase();
            assert_eq!(Deal::parse(&typed), Ok(deal), "{typed}");
            let squashed = code.replace('-', "").replace('0', "o").replace('1', "l");
            assert_eq!(Deal::parse(&squashed), Ok(deal), "{squashed}");
        }
    }

    #[test]
    fn damaged_codes_are_refused_never_read_as_another_deal() {
        let deal = Deal {
            seed: 0x005E_ED0F_D00D,
            options: Options::default(),
        };
        let code: Vec<char> = deal.code().chars().collect();
        let positions: Vec<usize> = (0..code.len()).filter(|&i| code[i] != '-').collect();
        // Every single character changed to every other one.
        for &i in &positions {
            for &a in ALPHABET {
                let a = char::from(a);
                if a == code[i] {
                    continue;
                }
                let mut bad = code.clone();
                bad[i] = a;
                let bad: String = bad.into_iter().collect();
                assert_eq!(Deal::parse(&bad), Err(DealError::Damaged), "{bad}");
            }
        }
        // Every two neighbours swapped (when they differ).
        for w in positions.windows(2) {
            let mut bad = code.clone();
            if bad[w[0]] == bad[w[1]] {
                continue;
            }
            bad.swap(w[0], w[1]);
            let bad: String = bad.into_iter().collect();
            assert_eq!(Deal::parse(&bad), Err(DealError::Damaged), "{bad}");
        }
        // A character missing, one too many, a foreign one, nothing.
        let text: String = code.iter().collect();
        assert_eq!(Deal::parse(&text[1..]), Err(DealError::NotACode));
        assert_eq!(Deal::parse(&format!("{text}7")), Err(DealError::NotACode));
        assert_eq!(
            Deal::parse(&text.replacen(code[0], "U", 1)),
            Err(DealError::NotACode)
        );
        assert_eq!(Deal::parse("  - "), Err(DealError::Empty));
        assert_eq!(Deal::parse("héllo"), Err(DealError::NotACode));
    }

    #[test]
    fn a_code_of_a_later_format_says_so() {
        let deal = Deal {
            seed: 7,
            options: Options::default(),
        };
        // The same code with format 1, checksum made right.
        let opts = option_bits(&deal.options) | (1 << 17);
        let mut data = [0u8; 11];
        data[..8].copy_from_slice(&7u64.to_be_bytes());
        data[8] = (opts >> 16) as u8;
        data[9] = (opts >> 8) as u8;
        data[10] = opts as u8;
        let bits =
            (u128::from(7u64) << 36) | (u128::from(opts) << 17) | (u128::from(crc16(&data)) << 1);
        let code: String = (0..CODE_CHARS)
            .map(|i| char::from(ALPHABET[((bits >> (5 * (CODE_CHARS - 1 - i))) & 31) as usize]))
            .collect();
        assert_eq!(Deal::parse(&code), Err(DealError::Newer));
        assert_eq!(data_bytes(&deal).len(), 11);
    }

    /// A game started from a game's code deals the same first hands, and
    /// the same first player, whoever sits at the lobby's seats.
    #[test]
    fn a_deal_code_reproduces_the_same_first_hands() {
        let mut setup = TableSetup::first_visit("Ana");
        setup.seats.push(SeatSetup::bot("Bot 4", Level::Hard));
        setup.double_discard = true;
        setup.target = 35;
        setup.starter = Starter::Random;
        let original = Session::new(setup.clone(), 0xC0FFEE).unwrap();
        let code = Deal::of(&setup, 0xC0FFEE).code();

        let elsewhere = TableSetup::first_visit("Zoé");
        let deal = Deal::parse(&code).unwrap();
        let table = deal.table(&elsewhere, |n| format!("Robot {n}"));
        assert_eq!(table.players(), 5);
        assert_eq!(table.seats[0].name, "Zoé");
        assert_eq!(table.seats[4].name, "Robot 4");
        let again = Session::new(table, deal.seed).unwrap();
        assert_eq!(again.game.options(), original.game.options());
        for seat in 0..5 {
            assert_eq!(again.game.hand(seat), original.game.hand(seat));
        }
        assert_eq!(again.game.current(), original.game.current());
        assert_eq!(again.game.view(0).discard, original.game.view(0).discard);

        // Fewer players in the code than seats in the lobby: the last go.
        let two = Deal {
            seed: 3,
            options: Options {
                players: 2,
                ..Options::default()
            },
        };
        assert_eq!(two.table(&elsewhere, |n| format!("B{n}")).players(), 2);
    }
}
