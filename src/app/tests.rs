//! The reducer's tests: messages in, state and commands out.

use super::*;
use crate::cmd::ReviewWork;
use crate::save::{self, Loaded};
use crate::session::Level;
use crate::session::SeatSetup;
use crate::sync::{OtherSave, TabNotice};
use mojo_engine::BotKind;
use mojo_engine::{Event, Phase};

fn fresh() -> Rc<AppState> {
    Rc::new(AppState::new(
        Settings::default(),
        None,
        Lang::En,
        None,
        true,
    ))
}

/// The numbers of the game's saves asked for after command `mark`.
fn saves(s: &AppState, mark: u64) -> Vec<u64> {
    s.outbox
        .after(mark)
        .filter_map(|(_, c)| match c {
            Cmd::SaveGame(save) => Some(save.seq),
            _ => None,
        })
        .collect()
}

/// The first legal action of the game in progress.
fn first_action(s: &AppState) -> Action {
    s.session
        .as_ref()
        .unwrap()
        .game
        .legal_actions()
        .get(0)
        .unwrap()
}

/// The table's build (`table-only`) has no phone's side: "Join a
/// table" and a link to join open the phone's page with the code, and
/// nothing else changes. On the phone's page, leaving for the lobby
/// goes back to the table's page, in its lobby.
#[test]
fn the_tables_build_sends_a_phone_to_its_page() {
    let mut s = (*fresh()).clone();
    let (screen, hand) = (s.screen, s.hand.clone());
    s.hand_msg_in::<false>(HandMsg::Open("ABC".into()));
    s.hand_msg_in::<false>(HandMsg::Join);
    s.hand_msg_in::<false>(HandMsg::Open(String::new()));
    let links: Vec<String> = s
        .outbox
        .after(0)
        .map(|(_, cmd)| match cmd {
            Cmd::OpenPage { page, code } => page.link(code),
            other => panic!("only pages are opened, not {other:?}"),
        })
        .collect();
    assert_eq!(links, ["join.html#join=ABC", "join.html"]);
    assert_eq!((s.screen, s.hand), (screen, hand));

    let mut phone = (*fresh()).clone();
    phone.page = Page::Phone;
    phone.hand_msg(HandMsg::Open(String::new()));
    assert_eq!(phone.screen, Screen::Join);
    assert!(!phone
        .outbox
        .after(0)
        .any(|(_, c)| matches!(c, Cmd::OpenPage { .. })));
    phone.hand_msg(HandMsg::Leave);
    assert_eq!(phone.screen, Screen::Join, "no lobby of its own drawn");
    let back: Vec<String> = phone
        .outbox
        .after(0)
        .filter_map(|(_, cmd)| match cmd {
            Cmd::OpenPage { page, code } => Some(page.link(code)),
            _ => None,
        })
        .collect();
    assert_eq!(back, ["./#lobby"]);
}

#[test]
fn start_then_a_person_plays_and_every_change_is_numbered() {
    let s = fresh().reduce(Msg::Start {
        seed: 4,
        id: "g".into(),
    });
    assert_eq!(s.screen, Screen::Table);
    let session = s.session.clone().unwrap();
    let seq = s.seq;
    // Seat 0 (the person) starts by default.
    let action = session.game.legal_actions().get(0).unwrap();
    let s = s.reduce(Msg::Act(action));
    assert_eq!(s.seq, seq + 1);
    assert_eq!(s.session.as_ref().unwrap().record.actions, vec![action]);
}

#[test]
fn a_person_cannot_act_for_a_bot_and_stale_bot_moves_are_ignored() {
    let mut s = fresh().reduce(Msg::Start {
        seed: 4,
        id: "g".into(),
    });
    // Play the person's turns until a bot is to act.
    while s.session.as_ref().unwrap().bot_to_act().is_none() {
        let a = first_action(&s);
        s = s.reduce(Msg::Act(a));
    }
    let session = s.session.clone().unwrap();
    let (seat, _) = session.bot_to_act().unwrap();
    let a = session.game.legal_actions().get(0).unwrap();
    let seq = s.seq;
    let s = s.reduce(Msg::Act(a));
    assert_eq!(s.seq, seq, "a click cannot move a bot's cards");
    let n = session.record.actions.len();
    let stale = s.clone().reduce(Msg::BotAct {
        id: "g".into(),
        after: n + 5,
        action: a,
    });
    assert_eq!(stale.seq, seq);
    let other_game = s.clone().reduce(Msg::BotAct {
        id: "other".into(),
        after: n,
        action: a,
    });
    assert_eq!(other_game.seq, seq);
    let mut bot = BotKind::Medium.make(1);
    let choice = bot.choose(&session.game.view(seat));
    let s = s.reduce(Msg::BotAct {
        id: "g".into(),
        after: n,
        action: choice,
    });
    assert_eq!(s.seq, seq + 1);
}

#[test]
fn the_walkthrough_opens_on_the_first_game_only() {
    let s = fresh().reduce(Msg::Start {
        seed: 4,
        id: "g".into(),
    });
    assert_eq!(s.overlay, Overlay::Tour(0));
    let s = s
        .reduce(Msg::Overlay(Overlay::Tour(1)))
        .reduce(Msg::EndTour);
    assert_eq!(s.overlay, Overlay::None);
    assert!(s.settings.tour_done, "remembered in the settings");
    let s = s.reduce(Msg::Rematch {
        seed: 5,
        id: "h".into(),
    });
    assert_eq!(s.overlay, Overlay::None, "not on the next game");
    // Re-opened from the menu.
    let s = s.reduce(Msg::Overlay(Overlay::Tour(0)));
    assert_eq!(s.overlay, Overlay::Tour(0));
}

/// Pass-and-play: the walkthrough waits behind the hand-off cover and
/// starts once the first person shows their cards; it waits again on
/// the cover between two people's turns.
#[test]
fn the_walkthrough_waits_for_the_first_hand() {
    let mut s = fresh();
    let mut setup = s.lobby.clone();
    setup.seats[2] = SeatSetup::human("Ben");
    Rc::make_mut(&mut s).lobby = setup;
    s = s.reduce(Msg::Start {
        seed: 4,
        id: "g".into(),
    });
    assert_eq!(s.overlay, Overlay::Tour(0));
    let session = s.session.clone().unwrap();
    let first = session.handoff_to().expect("the first person's cover");
    assert_eq!(s.overlay_shown(), Overlay::None, "not over the cover");
    s = s.reduce(Msg::ShowHand(first));
    assert_eq!(
        s.overlay_shown(),
        Overlay::Tour(0),
        "with the cards in view"
    );
    // Play until the turn passes: the cover again, the walkthrough
    // waiting at its step.
    while s.session.as_ref().unwrap().viewer().is_some() {
        let a = first_action(&s);
        s = s.reduce(Msg::Act(a));
    }
    assert_eq!(s.overlay, Overlay::Tour(0));
    assert_eq!(s.overlay_shown(), Overlay::None);
}

#[test]
fn the_walkthrough_steps_aside_for_the_round_summary() {
    let mut s = fresh().reduce(Msg::Start {
        seed: 4,
        id: "g".into(),
    });
    s = s.reduce(Msg::Overlay(Overlay::Tour(2)));
    assert_eq!(s.overlay_shown(), Overlay::Tour(2));
    let mut bots = BotKind::Medium.make(3);
    let mut n = 0;
    while s.session.as_ref().unwrap().game.phase() != Phase::RoundOver {
        let session = s.session.clone().unwrap();
        s = match session.bot_to_act() {
            Some((seat, _)) => s.reduce(Msg::BotAct {
                id: "g".into(),
                after: session.record.actions.len(),
                action: bots.choose(&session.game.view(seat)),
            }),
            None => {
                let a = first_action(&s);
                s.reduce(Msg::Act(a))
            }
        };
        n += 1;
        assert!(n < 2000, "the round never ended");
    }
    assert_eq!(s.overlay, Overlay::Tour(2), "still open, at its step");
    assert_eq!(s.overlay_shown(), Overlay::None, "not over the summary");
    let s = s.reduce(Msg::Act(Action::NextRound));
    assert_eq!(
        s.overlay_shown(),
        Overlay::Tour(2),
        "back in the next round"
    );
}

#[test]
fn the_language_is_set_and_kept_in_the_settings() {
    let s = fresh().reduce(Msg::SetLang(Lang::Pl));
    assert_eq!(s.lang, Lang::Pl);
    assert_eq!(s.settings.lang.as_deref(), Some("pl"));
}

#[test]
fn a_language_that_arrives_clears_its_failure_notice() {
    let s = fresh()
        .reduce(Msg::Notice(Notice::LanguageUnavailable(Lang::Ru)))
        .reduce(Msg::Notice(Notice::LanguageUnavailable(Lang::Fr)))
        .reduce(Msg::SetLang(Lang::Ru));
    assert_eq!(s.lang, Lang::Ru);
    assert_eq!(s.notices, vec![Notice::LanguageUnavailable(Lang::Fr)]);
}

/// Another tab's save of `s`'s game as game `id`, number `seq`.
fn saw(s: &AppState, id: &str, seq: u64) -> Msg {
    let session = (**s.session.as_ref().unwrap()).clone();
    let text = save::encode(&session, id, seq);
    Msg::Tab(TabMsg::Saw(Rc::new(OtherSave {
        text,
        game: Ok(Loaded {
            session,
            id: id.into(),
            seq,
        }),
    })))
}

#[test]
fn another_tab_newer_save_of_this_game_is_taken_an_older_one_never() {
    let s = fresh().reduce(Msg::Start {
        seed: 4,
        id: "g".into(),
    });
    let at_start = saw(&s, "g", 1);
    let a = first_action(&s);
    let moved = s.clone().reduce(Msg::Act(a));
    assert_eq!(moved.seq, 2);
    // The other tab is behind (and saving is paused here): ignored.
    let mut paused = (*moved).clone();
    paused.tab.paused = true;
    let same = Rc::new(paused).reduce(at_start.clone());
    assert_eq!(same.seq, 2);
    assert_eq!(same.session.as_ref().unwrap().record.actions, vec![a]);
    assert_eq!(same.tab.notice, None);
    assert_eq!(
        saves(&same, moved.outbox.last()),
        Vec::<u64>::new(),
        "nothing saved"
    );
    // The other tab is ahead: taken, and the player told.
    let ahead = s.clone().reduce(saw(&moved, "g", 2));
    assert_eq!(ahead.seq, 2);
    assert_eq!(ahead.session.as_ref().unwrap().record.actions, vec![a]);
    assert_eq!(ahead.tab.notice, Some(TabNotice::Continued));
    assert!(!ahead.tab.paused);
    assert!(ahead.tab.follower, "the other tab drives the bots now");
    // An older save of this game written over ours: ours is written again.
    let repaired = moved.clone().reduce(at_start);
    assert_eq!(
        saves(&repaired, moved.outbox.last()),
        vec![2],
        "ours written again"
    );
    assert_eq!(repaired.seq, 2);
    // A move made here (the person's, or a bot's this tab plays) makes
    // this tab the driver again.
    let session = ahead.session.clone().unwrap();
    let b = first_action(&ahead);
    let msg = match session.bot_to_act() {
        Some(_) => Msg::BotAct {
            id: "g".into(),
            after: session.record.actions.len(),
            action: b,
        },
        None => Msg::Act(b),
    };
    let driven = ahead.clone().reduce(msg);
    assert_eq!(driven.seq, ahead.seq + 1, "the move was taken");
    assert!(!driven.tab.follower);
    let ahead = ahead.reduce(Msg::Tab(TabMsg::Dismiss));
    assert_eq!(ahead.tab.notice, None);
}

#[test]
fn another_tab_different_game_pauses_saving_until_the_player_chooses() {
    let s = fresh().reduce(Msg::Start {
        seed: 4,
        id: "g".into(),
    });
    let paused = s.clone().reduce(saw(&s, "h", 9));
    assert_eq!(paused.game_id, "g", "this tab's game stays");
    assert!(paused.tab.paused);
    assert_eq!(paused.tab.notice, Some(TabNotice::OtherGame));
    // Dismissing is not a choice: still paused.
    let still = paused.clone().reduce(Msg::Tab(TabMsg::Dismiss));
    assert!(still.tab.paused);
    // Keeping this game: saving resumes, and may replace exactly the
    // save the player was asked about.
    let kept = paused.clone().reduce(Msg::Tab(TabMsg::Keep));
    assert!(!kept.tab.paused && kept.tab.notice.is_none());
    assert_eq!(kept.game_id, "g");
    let other_text = paused.tab.other.as_ref().unwrap().text.clone();
    assert_eq!(kept.tab.replace.as_deref(), Some(other_text.as_str()));
    // Opening the other game.
    let switched = paused.reduce(Msg::Tab(TabMsg::Open));
    assert_eq!((switched.game_id.as_str(), switched.seq), ("h", 9));
    assert!(!switched.tab.paused && switched.tab.notice.is_none());
    assert_eq!(switched.screen, Screen::Table);
    // A save this build cannot read: asked about too; opening it says
    // why it cannot be, and saving stays paused.
    let unreadable = Msg::Tab(TabMsg::Saw(Rc::new(OtherSave {
        text: "{}".into(),
        game: Err("newer".into()),
    })));
    let asked = s.clone().reduce(unreadable).reduce(Msg::Tab(TabMsg::Open));
    assert!(asked.tab.paused);
    assert_eq!(asked.notices, vec![Notice::SaveUnreadable("newer".into())]);
    assert_eq!(asked.game_id, "g");
    // A tab with no game takes the other tab's quietly (the lobby offers
    // to continue it).
    let empty = fresh().reduce(saw(&s, "h", 9));
    assert_eq!(empty.game_id, "h");
    assert_eq!(empty.screen, Screen::Lobby);
    assert!(!empty.tab.paused && empty.tab.notice.is_none());
}

/// Pass-and-play: the hand-off cover for the next person offers the
/// take-back to the person who just played, until the next person
/// shows their cards. The save number goes forward.
#[test]
fn a_take_back_is_offered_behind_the_next_cover_until_the_next_person_looks() {
    let mut s = fresh();
    let mut setup = s.lobby.clone();
    setup.seats = vec![SeatSetup::human("Ana"), SeatSetup::human("Ben")];
    Rc::make_mut(&mut s).lobby = setup;
    s = s.reduce(Msg::Start {
        seed: 12,
        id: "g".into(),
    });
    let mut offered = 0;
    for _ in 0..400 {
        let session = s.session.clone().unwrap();
        if session.game.is_over() || offered >= 3 {
            break;
        }
        if let Some(seat) = session.handoff_to() {
            if session.may_take_back_here() {
                offered += 1;
                let who = session.take_back_seat().unwrap();
                assert_ne!(who, seat, "the one who played, not the next");
                let seq = s.seq;
                let back = s.clone().reduce(Msg::TakeBack);
                assert_eq!(back.seq, seq + 1, "a take-back is saved as a change");
                let b = back.session.as_ref().unwrap();
                assert_eq!(b.record.actions.len(), session.record.actions.len() - 1);
                // Pressed on the next person's cover, by whoever holds
                // the device: the hand waits for its owner's own "Show
                // my cards".
                assert_eq!(b.viewer(), None, "no hand shows after a take-back");
                assert_eq!(b.handoff_to(), Some(who), "its owner is asked for");
                assert!(b.scene().view.hand.is_empty());
                let shown = back.clone().reduce(Msg::ShowHand(who));
                assert_eq!(shown.session.as_ref().unwrap().viewer(), Some(who));
                // Once the next person looks, it is too late.
                let looked = s.clone().reduce(Msg::ShowHand(seat));
                let seq = looked.seq;
                assert_eq!(looked.clone().reduce(Msg::TakeBack).seq, seq);
            }
            s = s.reduce(Msg::ShowHand(seat));
            continue;
        }
        let a = first_action(&s);
        s = s.reduce(Msg::Act(a));
    }
    assert_eq!(offered, 3);
}

/// "Start game" or a deal code while a game is saved and not over
/// asks first; the saved game stays until the new one has started.
#[test]
fn a_new_game_over_one_in_progress_asks_first() {
    let s = fresh().reduce(Msg::Start {
        seed: 4,
        id: "g".into(),
    });
    let a = first_action(&s);
    let s = s.reduce(Msg::Act(a)).reduce(Msg::ToLobby);
    let before = s.session.clone().unwrap();
    for msg in [
        Msg::Start {
            seed: 5,
            id: "h".into(),
        },
        Msg::StartTable {
            setup: TableSetup::first_visit("Zoé"),
            seed: 5,
            id: "h".into(),
        },
    ] {
        let asked = s.clone().reduce(msg);
        assert_eq!(asked.overlay, Overlay::ConfirmStart);
        assert_eq!(asked.in_progress(), Some(1));
        assert_eq!(asked.game_id, "g", "nothing started yet");
        assert_eq!(*asked.session.clone().unwrap(), *before);
        // No: the game in progress goes on, nothing pending.
        let no = asked.clone().reduce(Msg::Overlay(Overlay::None));
        assert_eq!(no.game_id, "g");
        assert!(no.pending_start.is_none());
        assert_eq!(no.clone().reduce(Msg::ConfirmStart).game_id, "g");
        // Yes: the new game.
        let yes = asked.reduce(Msg::ConfirmStart);
        assert_eq!(yes.game_id, "h");
        assert_eq!(yes.screen, Screen::Table);
        assert!(yes.session.as_ref().unwrap().record.actions.is_empty());
        assert!(yes.pending_start.is_none());
    }
    // With no game in progress, at once.
    let direct = fresh().reduce(Msg::Start {
        seed: 5,
        id: "h".into(),
    });
    assert_eq!(direct.game_id, "h");
}

#[test]
fn a_broken_save_is_reported_and_the_lobby_shows() {
    let s = AppState::new(
        Settings::default(),
        Some(Err("bad".into())),
        Lang::En,
        None,
        true,
    );
    assert_eq!(s.screen, Screen::Lobby);
    assert_eq!(s.notices, vec![Notice::SaveUnreadable("bad".into())]);
    let blocked = AppState::new(Settings::default(), None, Lang::En, None, false);
    assert_eq!(blocked.notices, vec![Notice::StorageOff]);
}

/// The sounds a change asks for (`Cmd::Sounds`), from `mark` on.
fn sounds(s: &AppState, mark: u64) -> Vec<(Vec<Event>, bool)> {
    s.outbox
        .after(mark)
        .filter_map(|(_, c)| match c {
            Cmd::Sounds { events, turn_came } => Some((events.to_vec(), *turn_came)),
            _ => None,
        })
        .collect()
}

/// One action of whoever is to act (a bot's as the bot job's answer).
fn step(s: Rc<AppState>) -> Rc<AppState> {
    let session = s.session.clone().unwrap();
    let action = session.game.legal_actions().get(0).unwrap();
    let msg = match session.bot_to_act() {
        Some(_) => Msg::BotAct {
            id: s.game_id.clone(),
            after: session.record.actions.len(),
            action,
        },
        None => Msg::Act(action),
    };
    s.reduce(msg)
}

/// A move is heard once, as the viewer sees it; "your turn" when the
/// turn comes back to the person; nothing on opening the table, with
/// sound off, or while a round is replayed.
#[test]
fn a_move_is_heard_once_and_never_on_opening_with_sound_off_or_in_a_replay() {
    let s = fresh().reduce(Msg::Start {
        seed: 4,
        id: "g".into(),
    });
    assert!(sounds(&s, 0).is_empty(), "opening the table is silent");
    let (mut s, mut turns, mut moves) = (s, 0, 0);
    while s.session.as_ref().unwrap().in_play() {
        let mark = s.outbox.last();
        let log = s.session.as_ref().unwrap().log.len();
        s = step(s);
        let heard = sounds(&s, mark);
        let session = s.session.as_ref().unwrap();
        let moved = session.log.len() != log;
        assert_eq!(heard.len(), usize::from(moved || heard.iter().any(|h| h.1)));
        if let [(events, came)] = heard.as_slice() {
            if moved {
                moves += 1;
                assert_eq!(*events, session.events_for(0), "as the person sees it");
            }
            if *came {
                turns += 1;
                assert_eq!(session.game.current(), 0);
            }
        }
    }
    assert!(moves > 10 && turns > 3, "{moves} moves, {turns} turns");
    // The round is over: replayed, the next round's start is not heard.
    let s = s.reduce(Msg::Replay(Some(9)));
    assert_eq!(s.replay, None, "no such round");
    let s = s.reduce(Msg::Replay(Some(1)));
    assert_eq!(s.replay, Some(1));
    let mark = s.outbox.last();
    let s = s.reduce(Msg::Act(Action::NextRound));
    assert!(s.session.as_ref().unwrap().in_play());
    assert!(sounds(&s, mark).is_empty(), "{:?}", sounds(&s, mark));
    let s = s.reduce(Msg::Replay(None));
    assert!(sounds(&s, mark).is_empty(), "back from the replay");
    // Sound off: moves are silent.
    let mut s = s.reduce(Msg::SetSound(false));
    let mark = s.outbox.last();
    for _ in 0..20 {
        s = step(s);
    }
    assert!(sounds(&s, mark).is_empty());
}

/// The review commands the reducer asks for since `mark`.
fn reviews(s: &AppState, mark: u64) -> Vec<Option<Rc<ReviewWork>>> {
    s.outbox
        .after(mark)
        .filter_map(|(_, c)| match c {
            Cmd::Review(w) => Some(w.clone()),
            _ => None,
        })
        .collect()
}

/// Opening a replay starts Hard's review of the person's moves of
/// that round; another round starts that round's; closing stops it.
/// Findings of the review wanted are kept, others ignored.
#[test]
fn the_replay_starts_and_stops_hards_review() {
    let mut s = fresh().reduce(Msg::Start {
        seed: 4,
        id: "g".into(),
    });
    while s.session.as_ref().unwrap().rounds.len() < 2 {
        s = step(s);
    }
    let mark = s.outbox.last();
    let s = s.reduce(Msg::Replay(Some(1)));
    let work = reviews(&s, mark);
    let [Some(w)] = work.as_slice() else {
        panic!("{work:?}")
    };
    assert_eq!((w.game.as_str(), w.round), ("g", 1));
    assert!(!w.tasks.is_empty());
    // Seat 0 is the person; the bots' moves are not reviewed.
    assert!(w.tasks.iter().all(|t| t.seat == 0));
    let review = s.review.clone().unwrap();
    assert_eq!(review.moves(), w.tasks.len());
    // A finding is kept once; one of another round is not.
    let step0 = w.tasks[0].step;
    let found = |round| Msg::Reviewed {
        game: "g".into(),
        round,
        step: step0,
        mark: None,
    };
    let s = s.reduce(found(1)).reduce(found(2));
    assert_eq!(s.review.as_ref().unwrap().found, vec![(step0, None)]);
    // Something else happening does not start it again.
    let mark = s.outbox.last();
    let s = s.reduce(Msg::SetSound(false));
    assert!(reviews(&s, mark).is_empty());
    // Another round: its own review.
    let s = s.reduce(Msg::Replay(Some(2)));
    let work = reviews(&s, mark);
    assert!(matches!(work.as_slice(), [Some(w)] if w.round == 2));
    // Closed: stopped.
    let mark = s.outbox.last();
    let s = s.reduce(Msg::Replay(None));
    assert!(matches!(reviews(&s, mark).as_slice(), [None]));
    assert!(s.review.is_none());
}

/// "Today's deal" deals the day's game: the lobby's person against
/// three Hard bots, the seed of the date; the same date deals the
/// same game, another date another.
#[test]
fn todays_deal_deals_the_days_game() {
    let day = |date: &str| {
        fresh().reduce(Msg::TodaysDeal {
            date: date.into(),
            id: "d".into(),
        })
    };
    let s = day("2026-12-04");
    assert_eq!(s.screen, Screen::Table);
    assert_eq!(s.today, "2026-12-04");
    let session = s.session.as_ref().unwrap();
    assert_eq!(
        session.record.seed,
        crate::daily::deal_of("2026-12-04").seed
    );
    assert_eq!(session.players(), 4);
    assert_eq!(session.humans(), 1);
    assert!((1..4).all(|b| session.setup.seats[b].bot == Some(Level::Hard)));
    assert_eq!(session.record.options.target, 50);
    assert_eq!(
        crate::daily::date_of(session, "2026-12-04").as_deref(),
        Some("2026-12-04")
    );
    let again = day("2026-12-04");
    let other = day("2026-12-05");
    let hand = |s: &AppState| *s.session.as_ref().unwrap().game.hand(0);
    assert_eq!(hand(&again), hand(&s));
    assert_ne!(hand(&other), hand(&s));
}

/// Today's deal leaves the family's own table as it was (issue 34 item 3):
/// the lobby's seats, target and starter, and the table kept in the
/// settings (`mojo.settings`, key `table`), which a reload reads back; its
/// rematch too. Before, the lobby became "Ana and three Hard bots, to 50".
#[test]
fn todays_deal_leaves_the_familys_table_as_it_was() {
    use crate::session::Starter;
    let mut family = (*fresh()).clone();
    family.lobby.seats = vec![
        SeatSetup::human("Ana"),
        SeatSetup::human("Ben"),
        SeatSetup::human("Cy"),
        SeatSetup::bot("Bot", Level::Easy),
    ];
    family.lobby.target = 100;
    family.lobby.starter = Starter::Seat(1);
    // The family set it up in the lobby: the settings keep it once a game
    // of it starts.
    let s = Rc::new(family.clone()).reduce(Msg::Start {
        seed: 4,
        id: "fam".into(),
    });
    let s = s.reduce(Msg::ToLobby);
    let table = s.settings.table.clone().expect("the family's table kept");
    let daily = s
        .reduce(Msg::Overlay(Overlay::None))
        .reduce(Msg::TodaysDeal {
            date: "2026-12-04".into(),
            id: "d".into(),
        });
    let daily = if daily.overlay == Overlay::ConfirmStart {
        daily.reduce(Msg::ConfirmStart)
    } else {
        daily
    };
    assert_eq!(daily.session.as_ref().unwrap().players(), 4);
    assert_eq!(daily.lobby, table, "the lobby's table");
    assert_eq!(
        daily.settings.table.as_ref(),
        Some(&table),
        "the settings' table"
    );
    let again = daily.reduce(Msg::Rematch {
        seed: 9,
        id: "r".into(),
    });
    assert_eq!(
        again.settings.table.as_ref(),
        Some(&table),
        "after a rematch"
    );
    // A reload reads the settings as written: the family's table.
    let text = again.settings.encode();
    let back = AppState::new(Settings::decode(&text), None, Lang::En, None, true);
    assert_eq!(back.lobby, table, "after a reload");
}

/// Issue 55 item 4: on a screen passed between people, a person who draws
/// from the draw pile sees that card, alone, before the cover comes,
/// until their OK or until `DRAWN_SHOWN_MS` pass (a timer the reducer asks
/// for; a timer of another draw hides nothing). Meanwhile the next
/// person's "Show my cards" waits (the OK is the only button, apart) and
/// the bots play on. A bot's draw shows nothing; at the speed Instant
/// nothing waits for anyone.
#[test]
fn a_card_drawn_shows_to_its_owner_alone_before_the_cover() {
    use crate::ui::hand::{offers, Offer, Offered, Spot};
    for speed in [Speed::Normal, Speed::Instant] {
        let mut s = fresh();
        let mut setup = s.lobby.clone();
        setup.seats = vec![
            SeatSetup::human("Ana"),
            SeatSetup::bot("Bot", Level::Easy),
            SeatSetup::human("Ben"),
        ];
        Rc::make_mut(&mut s).lobby = setup;
        Rc::make_mut(&mut s).speed_override = Some(speed);
        s = s.reduce(Msg::Start {
            seed: 21,
            id: "g".into(),
        });
        let (mut shown, mut bots_played, mut draws) = (0, 0, 0);
        for _ in 0..1500 {
            let session = s.session.clone().unwrap();
            if session.game.is_over() || shown >= 8 {
                break;
            }
            let scene = |s: &AppState| {
                let mut scene = s.session.as_ref().unwrap().scene();
                scene.drawn = s.drawn_shown();
                scene
            };
            if let Some((seat, _)) = session.bot_to_act() {
                let was = s.drawn_shown();
                let action = BotKind::Easy.make(7).choose(&session.game.view(seat));
                let after = session.record.actions.len();
                let id = s.game_id.clone();
                s = s.reduce(Msg::BotAct { id, after, action });
                // A bot's draw shows nothing; a person's card still shows
                // while the bots play.
                if was.is_some() && s.session.as_ref().unwrap().in_play() {
                    bots_played += 1;
                }
                assert_eq!(
                    s.drawn_shown(),
                    was.filter(|_| s.session.as_ref().unwrap().in_play())
                );
                continue;
            }
            if s.drawn_shown().is_some() {
                // Seen: by OK, or its time ran out (every other one).
                let d = s.drawn.clone().unwrap();
                let stale = Msg::DrawnSeen(Some((d.game.clone(), d.after + 1)));
                assert_eq!(s.clone().reduce(stale).drawn_shown(), Some(d.card));
                let seen = if shown % 2 == 0 {
                    Msg::DrawnSeen(None)
                } else {
                    Msg::from(crate::cmd::Later::DrawnSeen {
                        game: d.game,
                        after: d.after,
                    })
                };
                s = s.reduce(seen);
                assert_eq!(s.drawn_shown(), None);
                let next = scene(&s);
                assert!(
                    next.handoff.is_none()
                        || offers(&next, false).iter().any(|o| o.what == Offered::Show)
                );
                continue;
            }
            if let Some(seat) = session.handoff_to() {
                s = s.reduce(Msg::ShowHand(seat));
                continue;
            }
            let seat = session.game.current();
            let mark = s.outbox.last();
            let action = first_action(&s);
            s = s.reduce(Msg::Act(action));
            let after = s.session.clone().unwrap();
            let drew = after.events_for(seat).iter().find_map(|e| match e {
                Event::Drew {
                    seat: who,
                    source: mojo_engine::DrawSource::Deck,
                    card,
                } if *who == seat => *card,
                _ => None,
            });
            let timers: Vec<_> = s
                .outbox
                .after(mark)
                .filter(|(_, c)| {
                    matches!(
                        c,
                        Cmd::After {
                            ms: DRAWN_SHOWN_MS,
                            msg: crate::cmd::Later::DrawnSeen { .. }
                        }
                    )
                })
                .collect();
            draws += usize::from(drew.is_some());
            match (drew, speed) {
                (Some(value), Speed::Normal) if after.in_play() => {
                    shown += 1;
                    let d = s.drawn_shown().expect("the card drawn shows");
                    assert_eq!((d.seat, d.value), (seat, value));
                    let cards = after.game.hand(seat).count(value)
                        + after.game.face_down(seat).count(value);
                    assert!(cards > 0, "it is in their hand or face down");
                    assert_eq!(timers.len(), 1, "its time is set");
                    // Their own card only, the hand covered; its OK alone.
                    let now = scene(&s);
                    assert_eq!((now.me, now.view.hand.is_empty()), (None, true));
                    let only = Offer {
                        spot: Spot::Drawn,
                        whose: seat,
                        what: Offered::Seen,
                    };
                    assert_eq!(offers(&now, false), vec![only]);
                }
                _ => {
                    assert_eq!(s.drawn_shown(), None, "{speed:?}");
                    assert!(timers.is_empty());
                }
            }
        }
        match speed {
            Speed::Normal => assert!(shown >= 8 && bots_played > 0, "{shown} {bots_played}"),
            _ => assert!(shown == 0 && draws >= 8, "{shown} {draws}"),
        }
    }
}
