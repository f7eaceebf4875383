//! A pairing code to type by hand, where no camera reads it: the code in
//! groups of [`GROUP`] characters, each followed by a check character.
//!
//! The check characters are for the eyes and the fingers only: the code
//! itself ([`super`]) has none, and a pasted or scanned code decodes
//! without them. A typed code with them is read back by [`strip`], which
//! names the first group typed wrong, so that a person with 150 characters
//! to type checks one group, not the whole code.
//!
//! A group's check is a weighted sum of its characters' values in
//! [`ALPHABET`], modulo 43 (a prime), plus the group's number: one
//! character changed, two neighbours swapped, or a group left out or typed
//! twice, is always seen in the group where it happened.

use super::ALPHABET;

/// Characters of the code in a group (its check character comes after).
pub const GROUP: usize = 4;

fn value(c: u8) -> Option<u32> {
    ALPHABET.iter().position(|&a| a == c).map(|i| i as u32)
}

/// The check character of the group numbered `index` (from 0) with these
/// characters of the code; `None` if one is not of the alphabet.
fn check(index: usize, chars: &[u8]) -> Option<u8> {
    let base = ALPHABET.len() as u32;
    let mut sum = index as u32 % base;
    for (i, &c) in chars.iter().enumerate() {
        sum += (i as u32 + 2) * value(c)?;
    }
    Some(ALPHABET[(sum % base) as usize])
}

/// The code in groups to show and to type, each group its characters then
/// its check character. Characters outside the alphabet (there are none
/// in a code) give no group.
pub fn groups(code: &str) -> Vec<String> {
    code.as_bytes()
        .chunks(GROUP)
        .enumerate()
        .filter_map(|(i, chars)| {
            let mut group = chars.to_vec();
            group.push(check(i, chars)?);
            String::from_utf8(group).ok()
        })
        .collect()
}

/// Whether `group` (its characters and check) is right as group `index`.
fn right(index: usize, group: &[u8]) -> bool {
    match group.split_last() {
        Some((&last, chars)) if !chars.is_empty() && chars.len() <= GROUP => {
            check(index, chars) == Some(last)
        }
        _ => false,
    }
}

/// Reads a code typed in groups with their check characters: `None` if
/// the text is not that (a code without check characters, or no code).
/// Then the code without its check characters, or the number (from 1) of
/// the first group typed wrong. Groups are the text's words where it has
/// spaces or line breaks (so that a character left out is found in its
/// own group), else runs of [`GROUP`] + 1 characters; letters in either
/// case.
pub fn strip(text: &str) -> Option<Result<String, usize>> {
    let text = text.to_ascii_uppercase();
    let words: Vec<&[u8]> = text.split_whitespace().map(str::as_bytes).collect();
    let groups: Vec<&[u8]> = match words.as_slice() {
        [one] => one.chunks(GROUP + 1).collect(),
        _ => words,
    };
    if groups.len() < 2 {
        return None;
    }
    let last = groups.len() - 1;
    let ok: Vec<bool> = groups
        .iter()
        .enumerate()
        .map(|(i, g)| right(i, g) && (i == last || g.len() == GROUP + 1))
        .collect();
    // A code without check characters has a group right by chance one
    // time in 43: three right groups, most of them or the first three,
    // are no chance (the first three: a character left out in a text
    // without spaces makes every group after it wrong).
    let right = ok.iter().filter(|&&ok| ok).count();
    let typed = right >= 3 && (right * 2 >= groups.len() || ok[..3].iter().all(|&ok| ok));
    if !typed {
        return None;
    }
    if let Some(wrong) = ok.iter().position(|&ok| !ok) {
        return Some(Err(wrong + 1));
    }
    let code = groups.iter().map(|g| &g[..g.len() - 1]).collect::<Vec<_>>();
    Some(Ok(String::from_utf8(code.concat()).unwrap_or_default()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::code::tests::{CHROMIUM_OFFER, FIREFOX_ANSWER};
    use crate::net::code::{CodeError, Invitation, Peer, Reply};

    fn reply() -> (Reply, String) {
        let reply = Reply {
            seat: 2,
            tag: 513,
            peer: Peer::from_sdp(FIREFOX_ANSWER).unwrap(),
        };
        let code = reply.encode();
        (reply, code)
    }

    #[test]
    fn a_code_in_groups_reads_back_as_the_code() {
        let (reply, code) = reply();
        let groups = groups(&code);
        assert_eq!(groups.len(), code.len().div_ceil(GROUP));
        assert!(groups[..groups.len() - 1]
            .iter()
            .all(|g| g.len() == GROUP + 1));
        // With spaces, line breaks, none at all, in lower case.
        for typed in [
            groups.join(" "),
            groups.join("\n"),
            groups.concat(),
            groups.join("  ").to_ascii_lowercase(),
        ] {
            assert_eq!(strip(&typed), Some(Ok(code.clone())), "{typed}");
            assert_eq!(Reply::decode(&typed), Ok(reply.clone()), "{typed}");
        }
        // The code without check characters (pasted, scanned) is no typed
        // code, and decodes as it always did.
        assert_eq!(strip(&code), None);
        assert_eq!(Reply::decode(&code), Ok(reply));
        let invitation = Invitation {
            table: 7,
            seat: 1,
            peer: Peer::from_sdp(CHROMIUM_OFFER).unwrap(),
            relay: None,
        };
        let code = invitation.encode();
        assert_eq!(Invitation::decode(&groups_of(&code)), Ok(invitation));
    }

    fn groups_of(code: &str) -> String {
        groups(code).join(" ")
    }

    #[test]
    fn the_first_wrong_group_is_named() {
        let (_, code) = reply();
        let groups = groups(&code);
        let typed = |f: &dyn Fn(&mut Vec<String>)| {
            let mut g = groups.clone();
            f(&mut g);
            g.join(" ")
        };
        // Every character of every group changed: that group is named.
        for i in 0..groups.len() {
            for at in 0..groups[i].len() {
                let text = typed(&|g| {
                    let mut b = g[i].clone().into_bytes();
                    b[at] = if b[at] == b'7' { b'8' } else { b'7' };
                    g[i] = String::from_utf8(b).unwrap();
                });
                assert_eq!(strip(&text), Some(Err(i + 1)), "group {i}, char {at}");
                assert_eq!(Reply::decode(&text), Err(CodeError::WrongGroup(i + 1)));
            }
        }
        // Two neighbours swapped (where they differ), a character left
        // out, a group left out or typed twice.
        let swapped = typed(&|g| {
            let b = g[6].clone().into_bytes();
            let at = (0..GROUP).find(|&k| b[k] != b[k + 1]).unwrap();
            let mut b = b;
            b.swap(at, at + 1);
            g[6] = String::from_utf8(b).unwrap();
        });
        assert_eq!(strip(&swapped), Some(Err(7)));
        let short = typed(&|g| {
            g[6].remove(1);
        });
        assert_eq!(strip(&short), Some(Err(7)));
        assert_eq!(
            strip(&short.replace(' ', "")),
            Some(Err(7)),
            "without spaces too"
        );
        let left_out = typed(&|g| {
            g.remove(6);
        });
        assert_eq!(strip(&left_out), Some(Err(7)));
        let twice = typed(&|g| {
            let again = g[6].clone();
            g.insert(6, again);
        });
        assert_eq!(strip(&twice), Some(Err(8)));
        // The last groups left out: the code is cut off.
        let cut = groups[..groups.len() - 3].join(" ");
        assert_eq!(Reply::decode(&cut), Err(CodeError::CutOff));
    }

    #[test]
    fn text_that_is_no_typed_code_is_left_to_the_code_reader() {
        for text in ["", "hello", "hello there, this is Ben", "ABCD1"] {
            assert_eq!(strip(text), None, "{text}");
        }
    }
}
