//! Several tabs of one browser share the one save slot (`mojo.game`). This
//! module decides, as pure functions, what a tab does about the others:
//! write its game, take the other tab's newer position, write its own again
//! over an older one, or stop saving and ask the player (a different game).
//! The save driver (`drivers::saves`) carries the plans out, and the
//! reducer (`app/tabs.rs`) applies the verdicts to the state.
//!
//! A save's `seq` orders the saves of one game; its id tells games apart.
//! Each tab remembers the text it last wrote: while the slot still holds
//! that text, nobody else wrote, and nothing needs parsing. Only a text
//! that differs is read (its envelope, and the whole game when it is
//! someone else's).

use std::rc::Rc;

use crate::save::{self, Loaded};
use crate::session::Session;

/// Another tab of this browser touched the saved game (the root shows it,
/// with its choices).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TabNotice {
    /// This game went on in another tab; this tab took its latest position.
    Continued,
    /// Another tab started a different game; this tab stopped saving so as
    /// not to overwrite it, until the player opens that game or chooses to
    /// keep saving this one.
    OtherGame,
}

/// A save another tab wrote, as read from the slot.
#[derive(Debug)]
pub struct OtherSave {
    /// The stored text, exactly.
    pub text: String,
    /// The game it holds, or why this build cannot read it.
    pub game: Result<Loaded, String>,
}

/// What this tab knows of the others (a part of the app state).
#[derive(Clone, Debug, Default)]
pub struct TabState {
    pub notice: Option<TabNotice>,
    /// Saving is paused: the slot holds another tab's game.
    pub paused: bool,
    /// The position came from another tab, which plays the bots' turns:
    /// this tab waits longer before playing them itself (only one tab
    /// should drive a game, or their saves race).
    pub follower: bool,
    /// The other tab's game, as last read: "Open the other game" opens it.
    pub other: Option<Rc<OtherSave>>,
    /// A stored text the player chose to replace with this tab's game.
    pub replace: Option<String>,
}

/// What the other tabs did, and the player's answers.
#[derive(Clone, Debug)]
pub enum TabMsg {
    /// The slot holds a save another tab wrote (seen in a `storage` event,
    /// or found when about to save).
    Saw(Rc<OtherSave>),
    /// The player opens the game the other tab saved.
    Open,
    /// The player keeps saving this tab's game, over the other tab's.
    Keep,
    Dismiss,
}

/// This tab's game, to compare with another tab's save.
pub struct Ours<'a> {
    pub id: &'a str,
    pub seq: u64,
    pub session: &'a Session,
}

/// What this tab does with another tab's save.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// This game further on, or at the same number with another move (the
    /// other tab's save reached storage first): take it and say so.
    Continue,
    /// This tab has no game: take it quietly (the lobby offers it).
    Take,
    /// An older save of this game went over ours (two tabs racing): write
    /// ours again.
    Rewrite,
    /// Nothing to do (this tab is ahead but not saving, or the same save).
    Ignore,
    /// A different game while this tab has one, or a save this build cannot
    /// read: stop saving and ask the player.
    Ask,
}

/// Decides what to do with `theirs`, another tab's save, given this tab's
/// game (if any) and whether its saving is paused.
pub fn verdict(ours: Option<Ours>, paused: bool, theirs: &Result<Loaded, String>) -> Verdict {
    // A game with players on their own devices is hosted by the tab that
    // holds their links: no other tab takes it (or would run its bots).
    // (A different game here is still asked about: saving pauses.)
    if let Ok(t) = theirs {
        if t.session.setup.has_remote() && ours.as_ref().is_none_or(|o| o.id == t.id) {
            return Verdict::Ignore;
        }
    }
    let (Some(ours), Ok(theirs)) = (&ours, theirs) else {
        return match (ours, theirs) {
            (None, Ok(_)) => Verdict::Take,
            (None, Err(_)) => Verdict::Ignore,
            (Some(_), _) => Verdict::Ask,
        };
    };
    if theirs.id != ours.id {
        return Verdict::Ask;
    }
    if theirs.seq > ours.seq || (theirs.seq == ours.seq && *ours.session != theirs.session) {
        Verdict::Continue
    } else if theirs.seq < ours.seq && !paused {
        Verdict::Rewrite
    } else {
        Verdict::Ignore
    }
}

/// What to do with the slot before saving this tab's game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plan {
    /// Write ours.
    Write,
    /// The slot already holds exactly ours.
    Nothing,
    /// The slot holds text that is not a save: keep it aside, then write.
    KeepAsideThenWrite,
    /// The slot holds another tab's save (this game further on, or another
    /// game): read it and let [`verdict`] decide; do not write.
    ReadTheirs,
}

/// Plans the save of `ours` (game `id`, number `seq`) given the slot's
/// text. `last` is the text this tab last wrote, `replace` a text the
/// player chose to replace: while the slot holds either, it is written
/// without being parsed.
pub fn plan_save(
    stored: Option<&str>,
    ours: &str,
    id: &str,
    seq: u64,
    last: Option<&str>,
    replace: Option<&str>,
) -> Plan {
    let Some(stored) = stored else {
        return Plan::Write;
    };
    if stored == ours {
        return Plan::Nothing;
    }
    if Some(stored) == last || Some(stored) == replace {
        return Plan::Write;
    }
    match save::peek(stored) {
        None => Plan::KeepAsideThenWrite,
        // The same game: the higher number wins; at the same number, the
        // save that reached storage first (another tab's move) wins.
        Some((sid, sseq)) if sid == id => {
            if sseq >= seq {
                Plan::ReadTheirs
            } else {
                Plan::Write
            }
        }
        Some(_) => Plan::ReadTheirs,
    }
}

/// What to do with the slot once this tab's game `id` was left (finished
/// and back to the lobby).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forget {
    /// The slot holds this game: remove it.
    Remove,
    /// The slot holds text that is not a save: keep it aside, then remove.
    KeepAsideThenRemove,
    /// The slot is empty or holds another tab's game: leave it.
    Leave,
}

pub fn plan_forget(stored: Option<&str>, id: &str, last: Option<&str>) -> Forget {
    let Some(stored) = stored else {
        return Forget::Leave;
    };
    if Some(stored) == last {
        return Forget::Remove;
    }
    match save::peek(stored) {
        None => Forget::KeepAsideThenRemove,
        Some((sid, _)) if sid == id => Forget::Remove,
        Some(_) => Forget::Leave,
    }
}

/// A save of the game, made by the reducer (`save::encode`), for
/// `Cmd::SaveGame`.
#[derive(Clone, Debug, PartialEq)]
pub struct GameSave {
    pub id: String,
    pub seq: u64,
    /// The save's text, as written.
    pub text: String,
    /// The game's record: the slot may hold the very save this tab
    /// loaded, the same game, number and moves (a save read back covers
    /// the hands, so its text differs): that one is ours to write over.
    pub record: mojo_engine::GameRecord,
    /// A stored text the player chose to replace with this game.
    pub replace: Option<String>,
}

/// What the save driver does with the slot before writing this tab's game
/// `ours`, given what the slot holds and the text this tab last read or
/// wrote there (`drivers::saves::save_game` carries it out).
#[derive(Debug)]
pub enum SavePlan {
    /// Write ours.
    Write,
    /// The slot already holds exactly ours.
    Nothing,
    /// The slot holds text that is not a save: keep it aside, then write.
    KeepAsideThenWrite,
    /// The slot holds another tab's save: write nothing, and tell the
    /// reducer (`TabMsg::Saw`), which decides ([`verdict`]).
    Report(Box<OtherSave>),
}

/// Decides [`SavePlan`]: [`plan_save`], and where the slot holds a save
/// another tab may have written, that save read: the very save this tab
/// loaded (the same game, number and moves; a save read back covers the
/// hands, so its text differs) is ours to write over; any other is
/// reported.
pub fn save_plan(slot: Option<&str>, ours: &GameSave, last: Option<&str>) -> SavePlan {
    let plan = plan_save(
        slot,
        &ours.text,
        &ours.id,
        ours.seq,
        last,
        ours.replace.as_deref(),
    );
    match (plan, slot) {
        (Plan::Write, _) => SavePlan::Write,
        (Plan::Nothing, _) => SavePlan::Nothing,
        (Plan::KeepAsideThenWrite, _) => SavePlan::KeepAsideThenWrite,
        (Plan::ReadTheirs, Some(theirs)) => {
            let game = save::decode(theirs).map_err(|e| e.to_string());
            match &game {
                Ok(l)
                    if l.id == ours.id && l.seq == ours.seq && l.session.record == ours.record =>
                {
                    SavePlan::Write
                }
                _ => SavePlan::Report(Box::new(OtherSave {
                    text: theirs.to_string(),
                    game,
                })),
            }
        }
        (Plan::ReadTheirs, None) => SavePlan::Write,
    }
}

/// Where the tab that hosts a game with players on their own devices says
/// so: `{"game", "tab", "at"}`, written every [`HOST_BEAT_MS`] by that tab.
pub const HOST_KEY: &str = "mojo.host";
/// How often the hosting tab says so.
pub const HOST_BEAT_MS: u32 = 2000;
/// A host that has not written for this long is gone.
pub const HOST_GONE_MS: f64 = 6000.0;

/// The host's beat: tab `tab` hosts game `game`, at `at` (ms since 1970).
pub fn host_text(game: &str, tab: &str, at: f64) -> String {
    crate::json::obj([
        ("game", crate::json::str(game)),
        ("tab", crate::json::str(tab)),
        ("at", crate::json::Json::Int(at as i64)),
    ])
    .to_text()
}

/// Whether the host's beat `host` (as stored) says that another tab than
/// `tab` hosted game `id` less than [`HOST_GONE_MS`] before `now`.
pub fn hosted_elsewhere(host: Option<&str>, id: &str, tab: &str, now: f64) -> bool {
    let Some(doc) = host.and_then(|t| crate::json::parse(t).ok()) else {
        return false;
    };
    let field = |k: &str| doc.get(k).and_then(crate::json::Json::as_str);
    let at = doc
        .get("at")
        .and_then(crate::json::Json::as_int::<i64>)
        .unwrap_or(0) as f64;
    field("game") == Some(id) && field("tab").is_some_and(|t| t != tab) && now - at < HOST_GONE_MS
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::save::tests::played;

    fn loaded(session: &Session, id: &str, seq: u64) -> Result<Loaded, String> {
        Ok(Loaded {
            session: session.clone(),
            id: id.into(),
            seq,
        })
    }

    #[test]
    fn a_save_is_written_without_parsing_while_the_slot_holds_our_last_text() {
        let s = played(5, 10);
        let at = |seq| save::encode(&s, "g", seq);
        let (mine, last) = (at(7), at(6));
        assert_eq!(plan_save(None, &mine, "g", 7, None, None), Plan::Write);
        assert_eq!(
            plan_save(Some(&mine), &mine, "g", 7, None, None),
            Plan::Nothing
        );
        // What this tab wrote last is still there: ours, written over. Not
        // parsed: a text that is not even a save shows it (it would be kept
        // aside otherwise).
        assert_eq!(
            plan_save(Some(&last), &mine, "g", 7, Some(&last), None),
            Plan::Write
        );
        assert_eq!(
            plan_save(Some("{oops"), &mine, "g", 7, Some("{oops"), None),
            Plan::Write
        );
        assert_eq!(
            plan_save(Some("{oops"), &mine, "g", 7, Some(&last), None),
            Plan::KeepAsideThenWrite
        );
        // Somebody else's text: read. An older save of this game: write.
        assert_eq!(
            plan_save(Some(&at(6)), &mine, "g", 7, None, None),
            Plan::Write
        );
        // This game further on, or first at this number: theirs is read.
        assert_eq!(
            plan_save(Some(&at(9)), &mine, "g", 7, Some(&last), None),
            Plan::ReadTheirs
        );
        let other_move = save::encode(&played(5, 11), "g", 7);
        assert_eq!(
            plan_save(Some(&other_move), &mine, "g", 7, Some(&last), None),
            Plan::ReadTheirs
        );
        // A different game: read (and then asked about), unless this tab
        // wrote it last (its own previous game, replaced by a new one) or
        // the player chose to replace it.
        let other = save::encode(&s, "h", 3);
        assert_eq!(
            plan_save(Some(&other), &mine, "g", 7, Some(&last), None),
            Plan::ReadTheirs
        );
        assert_eq!(
            plan_save(Some(&other), &mine, "g", 7, Some(&other), None),
            Plan::Write
        );
        assert_eq!(
            plan_save(Some(&other), &mine, "g", 7, None, Some(&other)),
            Plan::Write
        );
    }

    #[test]
    fn another_tabs_save_is_taken_rewritten_ignored_or_asked_about() {
        let s = played(5, 10);
        let ahead = played(5, 11);
        let ours = |seq| {
            Some(Ours {
                id: "g",
                seq,
                session: &s,
            })
        };
        // This game further on: taken.
        assert_eq!(
            verdict(ours(7), false, &loaded(&ahead, "g", 8)),
            Verdict::Continue
        );
        // Same number, another move (their save came first): taken; the
        // very same save: nothing.
        assert_eq!(
            verdict(ours(7), false, &loaded(&ahead, "g", 7)),
            Verdict::Continue
        );
        assert_eq!(
            verdict(ours(7), false, &loaded(&s, "g", 7)),
            Verdict::Ignore
        );
        // Behind ours: write ours again, unless saving is paused.
        assert_eq!(
            verdict(ours(7), false, &loaded(&s, "g", 6)),
            Verdict::Rewrite
        );
        assert_eq!(verdict(ours(7), true, &loaded(&s, "g", 6)), Verdict::Ignore);
        // Another game, or one this build cannot read: ask.
        assert_eq!(verdict(ours(7), false, &loaded(&s, "h", 1)), Verdict::Ask);
        assert_eq!(verdict(ours(7), false, &Err("newer".into())), Verdict::Ask);
        // No game here: take it quietly; an unreadable one is nothing to us.
        assert_eq!(verdict(None, false, &loaded(&s, "h", 1)), Verdict::Take);
        assert_eq!(verdict(None, false, &Err("newer".into())), Verdict::Ignore);
        // A game with a player on their own device is hosted by the tab
        // that holds the links: never taken by another tab (nor followed,
        // which would run its bots); a different game here is still asked
        // about.
        let mut hosted = played(5, 12);
        hosted.set_seat(2, None, true);
        assert_eq!(
            verdict(None, false, &loaded(&hosted, "h", 1)),
            Verdict::Ignore
        );
        assert_eq!(
            verdict(ours(7), false, &loaded(&hosted, "g", 9)),
            Verdict::Ignore
        );
        assert_eq!(
            verdict(ours(7), false, &loaded(&hosted, "h", 9)),
            Verdict::Ask
        );
    }

    #[test]
    fn a_game_left_is_forgotten_only_if_the_slot_holds_it() {
        let s = played(5, 3);
        let g = save::encode(&s, "g", 4);
        let h = save::encode(&s, "h", 1);
        assert_eq!(plan_forget(None, "g", None), Forget::Leave);
        assert_eq!(plan_forget(Some(&g), "g", None), Forget::Remove);
        assert_eq!(plan_forget(Some(&g), "x", Some(&g)), Forget::Remove);
        assert_eq!(plan_forget(Some(&h), "g", Some(&g)), Forget::Leave);
        assert_eq!(
            plan_forget(Some("{oops"), "g", Some(&g)),
            Forget::KeepAsideThenRemove
        );
    }
}
