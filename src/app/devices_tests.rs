//! The table's devices in the reducer: seats moved, phones' messages
//! judged, links kept and given up, replies taken.

use std::rc::Rc;

use mojo_engine::Action;

use super::test_kit::*;
use crate::app::{AppState, Msg, Overlay, Screen};
use crate::cmd::Cmd;
use crate::i18n::Lang;
use crate::net::code::{CodeError, Invitation, Peer, Reply};
use crate::net::devices::*;
use crate::net::hand::*;
use crate::net::proto::ToTable;
use crate::net::proto::{Refusal, ToHand};
use crate::net::BUILD;
use crate::save::Settings;
use crate::session::{Level, SeatSetup};
use mojo_engine::Seat;
use yew::Reducible;

#[test]
fn the_dialog_that_comes_up_by_itself_for_a_waiting_seat_gets_its_qr_codes_drawn() {
    // Ben's seat, on its own device, is to act and its device is away:
    // the table waits, and its devices dialog shows without a tap.
    let mut s = AppState::new(Settings::default(), None, Lang::En, None, true);
    s.lobby.seats[0] = SeatSetup::remote("Ana");
    s.lobby.seats[1] = SeatSetup::remote("Ben");
    let s = Rc::new(s).reduce(Msg::Start {
        seed: 9,
        id: "0000002a00000000".into(),
    });
    // The person closed the dialog; Ana's new invitation comes.
    let s = s.reduce(Msg::Overlay(Overlay::None));
    let seen = s.outbox.last();
    let s = s.reduce(Msg::Device(DeviceMsg::Invited {
        seat: 0,
        epoch: 1,
        code: "CODE".into(),
        until: crate::net::devices::Clock::default(),
    }));
    assert_eq!(
        (s.overlay, s.overlay_shown()),
        (Overlay::None, Overlay::Devices)
    );
    let link = s.qr.link("CODE");
    assert!(
        s.outbox
            .after(seen)
            .any(|(_, c)| matches!(c, Cmd::DrawQr(t) if *t == link)),
        "the invitation's QR code is drawn: {:?}",
        s.outbox.after(seen).collect::<Vec<_>>()
    );
}

#[test]
fn a_connection_that_never_opens_is_given_up_for_a_new_invitation() {
    let s = table()
        .reduce(Msg::Device(DeviceMsg::Connecting { seat: 1, epoch: 1 }))
        .reduce(Msg::Device(DeviceMsg::Unanswered { seat: 1, epoch: 1 }));
    let r = &s.devices.seats[0];
    assert_eq!((r.epoch, r.link), (2, LinkState::Inviting));
    assert_eq!(r.problem, Some(Problem::Failed));
    // The watch of an older link number changes nothing.
    let s = s.reduce(Msg::Device(DeviceMsg::Unanswered { seat: 1, epoch: 1 }));
    assert_eq!(s.devices.seats[0].epoch, 2);
    // Nor does it once the device said hello in time.
    let s = s
        .reduce(Msg::Device(DeviceMsg::Connecting { seat: 1, epoch: 2 }))
        .reduce(Msg::Device(DeviceMsg::Paired {
            seat: 1,
            epoch: 2,
            token: "T".into(),
        }))
        .reduce(Msg::Device(DeviceMsg::Unanswered { seat: 1, epoch: 2 }));
    let r = &s.devices.seats[0];
    assert_eq!((r.epoch, r.link), (2, LinkState::Connected));
    assert_eq!(r.problem, None);
    // Nor before a reply was taken (the invitation waits for a person).
    let s = table().reduce(Msg::Device(DeviceMsg::Unanswered { seat: 1, epoch: 1 }));
    assert_eq!(
        (s.devices.seats[0].epoch, s.devices.seats[0].link),
        (1, LinkState::Inviting)
    );
}

#[test]
fn a_table_with_a_seat_on_its_device_pairs_it_before_the_bots_move() {
    let s = table();
    assert_eq!(s.overlay, Overlay::Devices);
    assert_eq!(s.devices.table, 42);
    assert!(!s.devices.started);
    assert_eq!(s.devices.seats.len(), 1);
    let r = &s.devices.seats[0];
    assert_eq!((r.seat, r.epoch, r.link), (1, 1, LinkState::Inviting));
    // The invitation of an older link number is not taken.
    let s = s.reduce(Msg::Device(DeviceMsg::Invited {
        seat: 1,
        epoch: 0,
        code: "OLD".into(),
        until: crate::net::devices::Clock::default(),
    }));
    assert_eq!(s.devices.seats[0].invitation, None);
    let s = s.reduce(Msg::Device(DeviceMsg::Invited {
        seat: 1,
        epoch: 1,
        code: "C".into(),
        until: crate::net::devices::Clock::default(),
    }));
    assert_eq!(s.devices.seats[0].invitation.as_deref(), Some("C"));
    // A connection that fails: a new invitation, and the player told.
    let s = s
        .reduce(Msg::Device(DeviceMsg::Connecting { seat: 1, epoch: 1 }))
        .reduce(Msg::Device(DeviceMsg::Lost { seat: 1, epoch: 1 }));
    let r = &s.devices.seats[0];
    assert_eq!(
        (r.epoch, r.link, r.invitation.is_none()),
        (2, LinkState::Inviting, true)
    );
    assert_eq!(r.problem, Some(Problem::Failed));
    let s = s.reduce(Msg::Device(DeviceMsg::Paired {
        seat: 1,
        epoch: 2,
        token: "T".into(),
    }));
    assert!(s.devices.all_connected());
    assert_eq!(s.devices.seats[0].token.as_deref(), Some("T"));
    // Start playing: the walkthrough of a first game follows.
    let s = s.reduce(Msg::Device(DeviceMsg::StartPlaying));
    assert!(s.devices.started);
    assert_eq!(s.overlay, Overlay::Tour(0));
    // "Pair a different device" forgets the token.
    let s = s.reduce(Msg::Device(DeviceMsg::OtherDevice(1)));
    assert_eq!(
        (s.devices.seats[0].token.as_ref(), s.devices.seats[0].epoch),
        (None, 3)
    );
}

#[test]
fn a_phones_action_is_judged_once_and_every_refusal_is_sent_back_with_its_reason() {
    let s = table()
        .reduce(Msg::Device(DeviceMsg::Paired {
            seat: 1,
            epoch: 1,
            token: "T".into(),
        }))
        .reduce(Msg::Device(DeviceMsg::StartPlaying));
    let s = until_turn_of(s, 1);
    let act =
        |s: &Rc<AppState>, epoch, at, action| heard(s, 1, epoch, &ToTable::Act { at, action });
    let view = s.session.as_ref().unwrap().game.view(1);
    let legal = view.legal_actions().get(0).unwrap();
    let missing = (0..=mojo_engine::cards::MAX_VALUE)
        .find(|&v| !view.hand.contains(v))
        .expect("a value not in the hand");
    let seq = s.seq;
    // Each refusal: the game unchanged, and one command to send it, with
    // its reason, on the link it came on.
    type Case = (u64, Action, fn(&Refusal) -> bool);
    let cases: [Case; 3] = [
        (
            seq,
            Action::Play {
                value: missing,
                pile: 0,
            },
            |r| matches!(r, Refusal::Illegal { .. }),
        ),
        (seq - 1, legal, |r| matches!(r, Refusal::StaleMove { .. })),
        (seq, Action::NextRound, |r| *r == Refusal::NotYours),
    ];
    let mut t = s.clone();
    for (i, (at, action, why)) in cases.into_iter().enumerate() {
        let mark = t.outbox.last();
        t = act(&t, 1, at, action);
        assert_eq!(t.seq, seq, "refusal {i}: the game did not move");
        let got = refusals(&t, mark);
        assert_eq!(got.len(), 1, "refusal {i}: exactly one sent back: {got:?}");
        assert_eq!((got[0].0, got[0].1), (1, 1));
        assert!(why(&got[0].2), "refusal {i}: {:?}", got[0].2);
    }
    // A message of a link that is gone: nobody to answer, nothing done.
    let mark = t.outbox.last();
    let gone = act(&t, 0, seq, legal);
    assert_eq!(gone.seq, seq);
    assert!(refusals(&gone, mark).is_empty());
    assert!(sent(&gone, mark).is_empty());
    // The legal move at the right number: applied, saved, nothing
    // refused, and the phone sent the update.
    let played = act(&t, 1, seq, legal);
    assert_eq!(played.seq, seq + 1);
    assert!(refusals(&played, mark).is_empty());
    assert!(played
        .outbox
        .after(mark)
        .any(|(_, c)| matches!(c, Cmd::SaveGame(_))));
    let to_phone = sent(&played, mark);
    assert!(
        matches!(to_phone.as_slice(), [(1, 1, m)] if matches!(**m, ToHand::Update(_))),
        "{to_phone:?}"
    );
    assert_eq!(
        played.session.as_ref().unwrap().record.actions.last(),
        Some(&legal)
    );
    // The same message again (sent twice): refused as stale, once.
    let mark = played.outbox.last();
    let twice = act(&played, 1, seq, legal);
    assert_eq!(twice.seq, seq + 1);
    assert_eq!(
        refusals(&twice, mark),
        vec![(
            1,
            1,
            Refusal::StaleMove {
                at: seq,
                now: seq + 1
            }
        )]
    );
    // A take-back asked at a move gone by: too late, and said so.
    let mark = twice.outbox.last();
    let late = heard(&twice, 1, 1, &ToTable::TakeBack { at: seq });
    assert_eq!(late.seq, seq + 1);
    assert_eq!(refusals(&late, mark), vec![(1, 1, Refusal::TooLate)]);
    // Text that is not a message: refused as malformed, the game as it was.
    let mark = late.outbox.last();
    let junk = late.clone().reduce(Msg::Device(DeviceMsg::Heard {
        seat: 1,
        epoch: 1,
        text: "{\"v\":1,\"m\":".into(),
        token: "FRESH".into(),
    }));
    assert_eq!(junk.seq, late.seq);
    let got = refusals(&junk, mark);
    assert!(
        matches!(got.as_slice(), [(1, 1, Refusal::Malformed { .. })]),
        "{got:?}"
    );
}

#[test]
fn a_phone_says_hello_first_with_this_build_and_the_seats_token() {
    // Seat 1 held by a phone with token "T"; its link 1 is open but has
    // not said hello yet.
    let s = table()
        .reduce(Msg::Device(DeviceMsg::Paired {
            seat: 1,
            epoch: 1,
            token: "T".into(),
        }))
        .reduce(Msg::Device(DeviceMsg::StartPlaying))
        .reduce(Msg::Device(DeviceMsg::Lost { seat: 1, epoch: 1 }))
        .reduce(Msg::Device(DeviceMsg::Connecting { seat: 1, epoch: 2 }));
    assert_ne!(s.devices.seats[0].link, LinkState::Connected);
    let hello = |app: &str, token: Option<&str>| ToTable::Hello {
        app: app.into(),
        token: token.map(String::from),
    };
    // An action before the hello.
    let mark = s.outbox.last();
    let early = heard(
        &s,
        1,
        2,
        &ToTable::Act {
            at: s.seq,
            action: Action::NextRound,
        },
    );
    assert_eq!(refusals(&early, mark), vec![(1, 2, Refusal::NoHello)]);
    assert_eq!(early.seq, s.seq);
    // Another build: refused, and the table says why.
    let other = heard(&s, 1, 2, &hello("another build", Some("T")));
    let got = refusals(&other, mark);
    assert!(
        matches!(got.as_slice(), [(1, 2, Refusal::OtherApp { .. })]),
        "{got:?}"
    );
    assert_eq!(other.devices.seats[0].problem, Some(Problem::OtherApp));
    // Another device, without the seat's token: the seat is taken.
    for token in [None, Some("not T")] {
        let thief = heard(&s, 1, 2, &hello(BUILD, token));
        assert_eq!(refusals(&thief, mark), vec![(1, 2, Refusal::SeatTaken)]);
        assert_eq!(thief.devices.seats[0].problem, Some(Problem::SeatTaken));
        assert!(
            sent(&thief, mark).is_empty(),
            "nothing of the game to a stranger"
        );
    }
    // The phone that holds the seat: welcomed, then sent the whole game,
    // its own seat's view only.
    let back = heard(&s, 1, 2, &hello(BUILD, Some("T")));
    assert!(refusals(&back, mark).is_empty());
    assert_eq!(back.devices.seats[0].link, LinkState::Connected);
    let to_phone = sent(&back, mark);
    assert!(
        matches!(&to_phone[..], [(1, 2, w), (1, 2, v)]
            if matches!(&**w, ToHand::Welcome { seat: 1, token, .. } if token == "T")
                && matches!(&**v, ToHand::Snapshot(seen) if seen.view.seat == 1)),
        "{to_phone:?}"
    );
    // A first hello on a seat without a token: the fresh token is given.
    let fresh = table().reduce(Msg::Device(DeviceMsg::Connecting { seat: 1, epoch: 1 }));
    let mark = fresh.outbox.last();
    let new = heard(&fresh, 1, 1, &hello(BUILD, None));
    assert_eq!(new.devices.seats[0].token.as_deref(), Some("FRESH"));
    assert!(matches!(&*sent(&new, mark)[0].2, ToHand::Welcome { token, .. } if token == "FRESH"));
}

/// The regression test of 28dd929: a seat given to a bot on its own
/// turn changes neither the game nor its move count, and its turn
/// must still be scheduled.
#[test]
fn a_seat_given_to_a_bot_on_its_own_turn_has_its_turn_scheduled() {
    let s = table()
        .reduce(Msg::Device(DeviceMsg::Paired {
            seat: 1,
            epoch: 1,
            token: "T".into(),
        }))
        .reduce(Msg::Device(DeviceMsg::StartPlaying));
    let s = until_turn_of(s, 1);
    assert!(s.bot_turn().is_none(), "the phone's turn");
    let (mark, after) = (
        s.outbox.last(),
        s.session.as_ref().unwrap().record.actions.len(),
    );
    let s = s.reduce(Msg::Device(DeviceMsg::GiveToBot(1)));
    let turns: Vec<_> = s
        .outbox
        .after(mark)
        .filter_map(|(_, c)| match c {
            Cmd::Bot(turn) => Some(turn.clone()),
            _ => None,
        })
        .collect();
    assert!(
        matches!(turns.as_slice(), [Some(t)] if t.seat == Some((1, Level::Medium)) && t.after == after),
        "{turns:?}"
    );
}

#[test]
fn a_seat_moves_between_a_device_a_bot_and_this_screen() {
    let s = table();
    let seq = s.seq;
    let bot = s.clone().reduce(Msg::Device(DeviceMsg::GiveToBot(1)));
    assert!(bot.devices.seats.is_empty());
    assert_eq!(
        bot.session.as_ref().unwrap().setup.seats[1].bot,
        Some(Level::Medium)
    );
    assert_eq!(bot.seq, seq + 1, "saved");
    let here = s.clone().reduce(Msg::Device(DeviceMsg::PlayHere(1)));
    assert!(here.session.as_ref().unwrap().is_here(1));
    // And back to a device, in the middle of the game.
    let back = here.reduce(Msg::Device(DeviceMsg::ToOwnDevice(2)));
    let session = back.session.as_ref().unwrap();
    assert!(session.is_remote(2));
    assert_eq!(
        back.devices
            .seats
            .iter()
            .map(|r| r.seat)
            .collect::<Vec<_>>(),
        vec![2]
    );
    assert!(back.devices.started, "play was under way");
}

/// A paired seat whose connection drifts is "Reconnecting…" for 30 s,
/// its link kept: anything heard, or `connected` again, ends the
/// drift; the window of an ended drift changes nothing; a window that
/// ends on the same drift gives the link up for a new invitation.
#[test]
fn a_table_keeps_a_drifting_link_for_its_window_and_gives_it_up_after() {
    let s = table()
        .reduce(Msg::Device(DeviceMsg::Connecting { seat: 1, epoch: 1 }))
        // Drifting before the hello: the connection's own watch.
        .reduce(Msg::Device(DeviceMsg::Unsteady { seat: 1, epoch: 1 }));
    assert_eq!(s.devices.seats[0].reconnecting, None);
    assert!(pings(&s).is_none(), "no ping before the hello");
    let s = heard(
        &s,
        1,
        1,
        &ToTable::Hello {
            app: BUILD.into(),
            token: None,
        },
    );
    assert_eq!(s.devices.seats[0].link, LinkState::Connected);
    assert_eq!(
        pings(&s),
        Some((vec![(1, 1)], None)),
        "a ping on the paired link"
    );
    let mark = s.outbox.last();
    let s = s.reduce(Msg::Device(DeviceMsg::Unsteady { seat: 1, epoch: 1 }));
    let r = &s.devices.seats[0];
    assert_eq!(
        (r.link, r.reconnecting, r.epoch),
        (LinkState::Connected, Some(1), 1)
    );
    assert_eq!(s.devices.reconnecting(), vec![1]);
    let window = |drift| {
        Msg::Device(DeviceMsg::Adrift {
            seat: 1,
            epoch: 1,
            drift,
        })
    };
    assert_eq!(
        format!("{:?}", afters(&s, mark)),
        format!("{:?}", vec![(RECONNECT_MS, window(1))])
    );
    // `failed` after `disconnected`: the same drift, no second window.
    let mark = s.outbox.last();
    let s = s.reduce(Msg::Device(DeviceMsg::Unsteady { seat: 1, epoch: 1 }));
    assert!(afters(&s, mark).is_empty());
    // A ping heard: the link carries again.
    let s = heard(&s, 1, 1, &ToTable::Ping);
    assert_eq!(s.devices.seats[0].reconnecting, None);
    assert!(refusals(&s, mark).is_empty(), "a ping is never refused");
    // The first drift's window ends: it is over, nothing changes.
    let s = s.reduce(window(1));
    assert_eq!(s.devices.seats[0].link, LinkState::Connected);
    // A second drift, ended by `connected`, then a third that lasts.
    let s = s
        .reduce(Msg::Device(DeviceMsg::Unsteady { seat: 1, epoch: 1 }))
        .reduce(Msg::Device(DeviceMsg::Steady { seat: 1, epoch: 1 }))
        .reduce(window(2));
    assert_eq!(s.devices.seats[0].link, LinkState::Connected);
    let s = s.reduce(Msg::Device(DeviceMsg::Unsteady { seat: 1, epoch: 1 }));
    assert_eq!(s.devices.seats[0].reconnecting, Some(3));
    let s = s.reduce(window(2));
    assert_eq!(
        s.devices.seats[0].link,
        LinkState::Connected,
        "an old window"
    );
    let mark = s.outbox.last();
    let s = s.reduce(window(3));
    let r = &s.devices.seats[0];
    assert_eq!(
        (r.link, r.reconnecting, r.epoch),
        (LinkState::Inviting, None, 2)
    );
    assert_eq!(s.devices.offline(), vec![1]);
    assert_eq!(
        pings(&s),
        Some((vec![], None)),
        "no ping on a link given up"
    );
    // The link of the old number is closed (`SyncDevices` closes what
    // the seats no longer want).
    assert!(s
        .outbox
        .after(mark)
        .any(|(_, c)| matches!(c, Cmd::SyncDevices { .. })));
}

/// A device that slept past the window (its timers stood still: no
/// ping could go, nothing was heard) gives its paired links up at
/// once, on the table and on a phone; a shorter sleep changes nothing.
#[test]
fn a_device_that_slept_past_the_window_gives_its_links_up_at_once() {
    let s = table().reduce(Msg::Device(DeviceMsg::Connecting { seat: 1, epoch: 1 }));
    let s = heard(
        &s,
        1,
        1,
        &ToTable::Hello {
            app: BUILD.into(),
            token: None,
        },
    );
    let s = s.reduce(Msg::Slept {
        ms: RECONNECT_MS - 1,
    });
    assert_eq!(s.devices.seats[0].link, LinkState::Connected);
    let s = s.reduce(Msg::Slept {
        ms: RECONNECT_MS + 10_000,
    });
    let r = &s.devices.seats[0];
    assert_eq!((r.link, r.epoch), (LinkState::Inviting, 2));

    let s = seated(answering_ben(), &table());
    let epoch = s.hand.epoch;
    let s = s.reduce(Msg::Slept { ms: 20_000 });
    assert_eq!((s.screen, s.hand.epoch), (Screen::Hand, epoch));
    let mark = s.outbox.last();
    let s = s.reduce(Msg::Slept { ms: 40_000 });
    assert_eq!((s.screen, s.hand.epoch), (Screen::Join, epoch + 1));
    assert!(s.hand.ticket.is_some(), "the seat's ticket is kept");
    let closed: Vec<_> = s
        .outbox
        .after(mark)
        .filter_map(|(_, c)| match c {
            Cmd::HandLink { epoch: e, .. } => Some(*e),
            _ => None,
        })
        .collect();
    assert_eq!(closed, vec![epoch + 1], "the link is closed");
}

/// A reply is judged by the reducer: a code that is cut off says so;
/// a reply pasted under the wrong seat is taken for its own, and the
/// seat it was pasted under says so; an invitation answered already,
/// or another one, is refused; a reply inside a message is found.
#[test]
fn a_reply_is_judged_in_the_reducer_and_taken_for_its_own_seat() {
    use crate::net::code::tests::{CHROMIUM_OFFER, FIREFOX_ANSWER};
    let mut s = AppState::new(Settings::default(), None, Lang::En, None, true);
    s.lobby.seats[1] = SeatSetup::remote("Ben");
    s.lobby.seats[2] = SeatSetup::remote("Cy");
    let s = Rc::new(s).reduce(Msg::Start {
        seed: 9,
        id: "0000002a00000000".into(),
    });
    let table = s.devices.table;
    let offers = [
        Peer::from_sdp(CHROMIUM_OFFER).unwrap(),
        Peer::from_sdp(&CHROMIUM_OFFER.replace("YStB", "QxZw")).unwrap(),
    ];
    assert_ne!(offers[0].tag(), offers[1].tag());
    let mut s = s;
    for (seat, peer) in [(1, &offers[0]), (2, &offers[1])] {
        let code = Invitation {
            table,
            seat,
            peer: peer.clone(),
            relay: None,
        }
        .encode();
        s = s.reduce(Msg::Device(DeviceMsg::Invited {
            seat,
            epoch: 1,
            code,
            until: crate::net::devices::Clock::default(),
        }));
    }
    let phone = Peer::from_sdp(FIREFOX_ANSWER).unwrap();
    let reply = |seat: Seat, tag| {
        Reply {
            seat,
            tag,
            peer: phone.clone(),
        }
        .encode()
    };
    let paste = |s: &Rc<AppState>, under: Seat, text: String| {
        s.clone()
            .reduce(Msg::Device(DeviceMsg::Reply { seat: under, text }))
    };
    let accepted = |s: &AppState, mark: u64| -> Vec<(Seat, u32)> {
        s.outbox
            .after(mark)
            .filter_map(|(_, c)| match c {
                Cmd::Accept { seat, epoch, peer } => {
                    assert_eq!(**peer, phone);
                    Some((*seat, *epoch))
                }
                _ => None,
            })
            .collect()
    };
    let row = |s: &AppState, seat: Seat| s.devices.seat(seat).unwrap().clone();
    let mark = s.outbox.last();
    // Cut off.
    let cy = reply(2, offers[1].tag());
    let cut = paste(&s, 1, cy[..cy.len() - 10].to_string());
    assert_eq!(row(&cut, 1).problem, Some(Problem::Code(CodeError::CutOff)));
    assert!(accepted(&cut, mark).is_empty());
    // Another invitation (an older one's tag).
    let old = paste(&s, 2, reply(2, offers[1].tag() ^ 1));
    assert_eq!(row(&old, 2).problem, Some(Problem::OtherInvitation));
    assert!(accepted(&old, mark).is_empty());
    // Cy's reply pasted under Ben: taken for Cy, and Ben's row says so.
    let s = paste(&s, 1, format!("Cy's reply: {cy} thanks"));
    assert_eq!(accepted(&s, mark), vec![(2, 1)]);
    assert_eq!(row(&s, 2).link, LinkState::Connecting);
    assert_eq!(row(&s, 1).link, LinkState::Inviting);
    assert_eq!(row(&s, 1).problem, Some(Problem::TakenFor("Cy".into())));
    // The same again: answered already.
    let mark = s.outbox.last();
    let again = paste(&s, 2, cy.clone());
    assert_eq!(row(&again, 2).problem, Some(Problem::AlreadyAnswered));
    assert!(accepted(&again, mark).is_empty());
    // Ben's own reply, under his seat.
    let s = paste(&s, 1, reply(1, offers[0].tag()));
    assert_eq!(accepted(&s, mark), vec![(1, 1)]);
    assert_eq!(row(&s, 1).problem, None);
}

/// Issue 35: the table's page going to the background (its screen off,
/// another app in front) is told to every paired device, with the name of
/// the person playing on it, and its coming back too; the phone says so
/// in its status line until the table is back (pings do not end it: a
/// page in the background still sends them).
#[test]
fn the_tables_page_in_the_background_is_told_to_the_phones_which_say_the_game_waits() {
    use crate::ui::table::status_line;
    let s = table()
        .reduce(Msg::Device(DeviceMsg::Connecting { seat: 1, epoch: 1 }))
        .reduce(Msg::Device(DeviceMsg::Paired {
            seat: 1,
            epoch: 1,
            token: "T".into(),
        }));
    let mark = s.outbox.last();
    let s = s.reduce(Msg::Shown(false));
    let away = ToHand::Away {
        host: "Player".into(),
    };
    let told: Vec<_> = sent(&s, mark)
        .into_iter()
        .map(|(seat, e, m)| (seat, e, (*m).clone()))
        .collect();
    assert_eq!(told, vec![(1, 1, away.clone())]);
    let mark = s.outbox.last();
    let s = s.reduce(Msg::Shown(true));
    let told: Vec<_> = sent(&s, mark)
        .into_iter()
        .map(|(seat, e, m)| (seat, e, (*m).clone()))
        .collect();
    assert_eq!(told, vec![(1, 1, ToHand::Back)]);

    // Ben's phone, seated.
    let phone = seated(answering_ben(), &s);
    let epoch = phone.hand.epoch;
    let line = |p: &AppState| {
        let model = p.hand.model.clone().unwrap();
        status_line(&p.hand.scene(&model), Lang::En)
    };
    let before = line(&phone);
    let seen = |p: Rc<AppState>, message| p.reduce(Msg::Hand(HandMsg::Seen { epoch, message }));
    let phone = seen(phone, away);
    assert_eq!(
        line(&phone),
        "Player's table is away (its screen is off or another app is in front); the game waits."
    );
    let phone = seen(phone, ToHand::Ping);
    assert!(
        line(&phone).starts_with("Player's table is away"),
        "a ping does not end it"
    );
    let phone = seen(phone, ToHand::Back);
    assert_eq!(line(&phone), before);
    // A table with nobody playing on it.
    let phone = seen(
        phone,
        ToHand::Away {
            host: String::new(),
        },
    );
    assert!(line(&phone).starts_with("The table is away"));
}

/// Issue 56: "add a relay in the Menu", said in the devices dialog, before
/// play starts too: the Menu opens from the dialog and, closed, gives the
/// dialog back (the Menu's relay saved, a new invitation is one tap on).
/// While the table waits for a seat, the Menu stays up over the dialog
/// that would come up by itself.
#[test]
fn the_menu_that_the_devices_dialog_names_opens_from_it_and_closes_back_to_it() {
    let s = table();
    assert!(!s.devices.started);
    assert_eq!(s.overlay_shown(), Overlay::Devices);
    let menu = s.reduce(Msg::Overlay(Overlay::Menu));
    assert_eq!(menu.overlay_shown(), Overlay::Menu);
    let back = menu.clone().reduce(Msg::Overlay(Overlay::None));
    assert_eq!(back.overlay_shown(), Overlay::Devices);
    // Closed again: the table.
    let closed = back.reduce(Msg::Overlay(Overlay::None));
    assert_eq!(closed.overlay_shown(), Overlay::None);
    // The Menu opened from the table itself closes to the table.
    let own = closed
        .reduce(Msg::Overlay(Overlay::Menu))
        .reduce(Msg::Overlay(Overlay::None));
    assert_eq!(own.overlay_shown(), Overlay::None);
    // The Menu's own way to the devices: no way back to the Menu after.
    let via = menu
        .reduce(Msg::Overlay(Overlay::Devices))
        .reduce(Msg::Overlay(Overlay::None));
    assert_eq!(via.overlay_shown(), Overlay::None);

    // Play under way, the table waiting for Ben's device: the dialog is up
    // by itself; the Menu opened from it stays up, then gives it back.
    let mut s = AppState::new(Settings::default(), None, Lang::En, None, true);
    s.lobby.seats[0] = SeatSetup::remote("Ana");
    s.lobby.seats[1] = SeatSetup::remote("Ben");
    let s = Rc::new(s)
        .reduce(Msg::Start {
            seed: 9,
            id: "0000002a00000000".into(),
        })
        .reduce(Msg::Overlay(Overlay::None));
    assert!(s.waiting.is_some());
    assert_eq!(s.overlay_shown(), Overlay::Devices);
    let menu = s.reduce(Msg::Overlay(Overlay::Menu));
    assert_eq!(menu.overlay_shown(), Overlay::Menu);
    let back = menu.reduce(Msg::Overlay(Overlay::None));
    assert_eq!(back.overlay_shown(), Overlay::Devices);
}
