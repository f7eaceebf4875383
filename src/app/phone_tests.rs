//! This device as a phone in the reducer: joining, its seat, its link.

use std::rc::Rc;

use super::test_kit::*;
use crate::app::{AppState, Msg, Screen};
use crate::cmd::Cmd;
use crate::i18n::Lang;
use crate::net::code::{CodeError, Invitation, Peer, Reply};
use crate::net::devices::*;
use crate::net::hand::*;
use crate::net::proto::{message_for, Sent, ToTable};
use crate::net::proto::{Refusal, ToHand};
use crate::net::BUILD;
use crate::save::Settings;
use yew::Reducible;

#[test]
fn a_device_that_held_a_seat_opens_on_its_way_back_unless_its_own_game_is_on_screen() {
    let ticket = Ticket {
        table: 5,
        seat: 1,
        token: "T".into(),
        name: "Ben".into(),
    };
    // A phone reloaded (or opened again) with its ticket: the join
    // screen ("Rejoin as Ben"), the ticket kept for the hello.
    let mut phone = AppState::new(Settings::default(), None, Lang::En, None, true);
    phone.hand.ticket = Some(ticket.clone());
    phone.rejoin_at_start();
    assert_eq!(phone.screen, Screen::Join);
    assert_eq!(phone.hand.ticket, Some(ticket.clone()));
    // No ticket: the lobby.
    let mut fresh = AppState::new(Settings::default(), None, Lang::En, None, true);
    fresh.rejoin_at_start();
    assert_eq!(fresh.screen, Screen::Lobby);
    // A table with its game on the screen stays the table.
    let mut host = (*table()).clone();
    host.hand.ticket = Some(ticket);
    host.rejoin_at_start();
    assert_eq!(host.screen, Screen::Table);
}

#[test]
fn a_phone_refused_a_held_seat_is_asked_for_a_new_invitation_not_left_on_its_reply() {
    let mut hand = HandState {
        text: "old invitation".into(),
        reply: Some("reply".into()),
        epoch: 2,
        ..HandState::default()
    };
    let news = hand.apply(HandMsg::Seen {
        epoch: 2,
        message: ToHand::Refused {
            reason: Refusal::SeatTaken,
        },
    });
    assert_eq!(news.screen, None);
    assert_eq!(hand.problem, Some(Problem::SeatTaken));
    assert_eq!((hand.reply.as_deref(), hand.text.as_str()), (None, ""));
}

/// Issue 35: a reply travels through a messenger, and the phone's
/// connection fails before the table has taken it. The phone keeps its
/// reply and its link, and says the table has not taken it yet; the
/// table's late answer revives the link (the network lab, 90 s late).
#[test]
fn a_reply_not_taken_yet_is_kept_with_its_link_and_said_so() {
    let mut hand = HandState {
        text: "invitation".into(),
        reply: Some("reply".into()),
        epoch: 2,
        ..HandState::default()
    };
    // An older link's failure: nothing.
    assert_eq!(hand.apply(HandMsg::Unanswered { epoch: 1 }).screen, None);
    assert!(!hand.unanswered);
    // This link's: kept, and said.
    let news = hand.apply(HandMsg::Unanswered { epoch: 2 });
    assert_eq!(news.screen, None);
    assert!(hand.unanswered);
    assert_eq!((hand.reply.as_deref(), hand.epoch), (Some("reply"), 2));
    // The table answered: welcomed, no longer said.
    hand.apply(HandMsg::Welcome {
        epoch: 2,
        ticket: Ticket {
            table: 5,
            seat: 1,
            token: "T".into(),
            name: "Ann".into(),
        },
    });
    assert!(hand.connected && !hand.unanswered);
    // A link that closed, with no invitation to answer afresh (with one,
    // a fresh reply: network_tests), is over: back to the invitation.
    let mut closed = HandState {
        reply: Some("reply".into()),
        epoch: 3,
        unanswered: true,
        ..HandState::default()
    };
    let news = closed.apply(HandMsg::Lost { epoch: 3 });
    assert_eq!(news.screen, Some(HandScreen::Join));
    assert!(!closed.unanswered && closed.reply.is_none());
}

#[test]
fn a_hand_joins_takes_its_seat_and_is_told_when_it_is_given_away() {
    let s = Rc::new(AppState::new(
        Settings::default(),
        None,
        Lang::En,
        None,
        true,
    ));
    let s = s.reduce(Msg::Hand(HandMsg::Open("nonsense".into())));
    assert_eq!(s.screen, Screen::Join);
    let s = s.reduce(Msg::Hand(HandMsg::Join));
    assert_eq!(s.hand.problem, Some(Problem::Code(CodeError::NotACode)));
    let peer = Peer::from_sdp(crate::net::code::tests::CHROMIUM_OFFER).unwrap();
    let code = Invitation {
        table: 5,
        seat: 1,
        peer: peer.clone(),
        relay: None,
    }
    .encode();
    let s = s
        .reduce(Msg::Hand(HandMsg::Edit(code)))
        .reduce(Msg::Hand(HandMsg::Join));
    assert_eq!(s.hand.problem, None);
    let epoch = s.hand.epoch;
    let reply = Reply {
        seat: 1,
        tag: peer.tag(),
        peer,
    }
    .encode();
    let s = s.reduce(Msg::Hand(HandMsg::Replied {
        epoch,
        code: reply.clone(),
    }));
    assert_eq!(s.hand.reply.as_deref(), Some(reply.as_str()));
    let ticket = Ticket {
        table: 5,
        seat: 1,
        token: "T".into(),
        name: "Ben".into(),
    };
    let s = s.reduce(Msg::Hand(HandMsg::Welcome {
        epoch,
        ticket: ticket.clone(),
    }));
    assert_eq!(s.hand.ticket, Some(ticket));
    // The first snapshot shows the seat.
    let game = table();
    let mut sent = Sent::default();
    let snap = message_for(
        game.session.as_ref().unwrap(),
        "g",
        3,
        1,
        crate::net::proto::News::STARTED,
        &mut sent,
    )
    .unwrap();
    let s = s.reduce(Msg::Hand(HandMsg::Seen {
        epoch,
        message: snap,
    }));
    assert_eq!(s.screen, Screen::Hand);
    assert_eq!(s.hand.model.as_ref().unwrap().scene(false).me, Some(1));
    // A message of an older link changes nothing.
    let s2 = s
        .clone()
        .reduce(Msg::Hand(HandMsg::Lost { epoch: epoch - 1 }));
    assert_eq!(s2.screen, Screen::Hand);
    // The seat given to a bot: back to joining, the ticket gone.
    let s = s.reduce(Msg::Hand(HandMsg::Seen {
        epoch,
        message: ToHand::Bye { bot: true },
    }));
    assert_eq!(s.screen, Screen::Join);
    assert!(s.hand.given_away && s.hand.ticket.is_none());
}

#[test]
fn a_phone_keeps_a_drifting_link_for_its_window_and_gives_it_up_after() {
    let s = answering_ben();
    let epoch = s.hand.epoch;
    // Not welcomed yet: a drift is not this phone's to count.
    let s = s.reduce(Msg::Hand(HandMsg::Unsteady { epoch }));
    assert_eq!(s.hand.reconnecting, None);
    let ticket = Ticket {
        table: 5,
        seat: 1,
        token: "T".into(),
        name: "Ben".into(),
    };
    let s = s.reduce(Msg::Hand(HandMsg::Welcome { epoch, ticket }));
    assert_eq!(
        pings(&s),
        Some((vec![], Some(epoch))),
        "pings once welcomed"
    );
    let game = table();
    let mut sent = Sent::default();
    let snap = message_for(
        game.session.as_ref().unwrap(),
        "g",
        3,
        1,
        crate::net::proto::News::STARTED,
        &mut sent,
    );
    let s = s.reduce(Msg::Hand(HandMsg::Seen {
        epoch,
        message: snap.unwrap(),
    }));
    assert_eq!(s.screen, Screen::Hand);
    let mark = s.outbox.last();
    let s = s.reduce(Msg::Hand(HandMsg::Unsteady { epoch }));
    assert_eq!(s.hand.reconnecting, Some(1));
    let model = s.hand.model.clone().unwrap();
    assert_eq!(
        s.hand.scene(&model).reconnecting,
        vec![1],
        "the screen says so"
    );
    let window = |drift| Msg::Hand(HandMsg::Adrift { epoch, drift });
    assert_eq!(
        format!("{:?}", afters(&s, mark)),
        format!("{:?}", vec![(RECONNECT_MS, window(1))])
    );
    // A ping from the table: the link carries again; the old window
    // changes nothing.
    let s = s
        .reduce(Msg::Hand(HandMsg::Seen {
            epoch,
            message: ToHand::Ping,
        }))
        .reduce(window(1));
    assert_eq!((s.hand.reconnecting, s.screen), (None, Screen::Hand));
    assert!(s.hand.scene(&model).reconnecting.is_empty());
    // A drift that lasts its window: the link is closed, the ticket kept.
    let s = s.reduce(Msg::Hand(HandMsg::Unsteady { epoch }));
    let mark = s.outbox.last();
    let s = s.reduce(window(2));
    assert_eq!(s.screen, Screen::Join);
    assert!(!s.hand.connected && s.hand.ticket.is_some());
    let closed: Vec<_> = s
        .outbox
        .after(mark)
        .filter_map(|(_, c)| match c {
            Cmd::HandLink { epoch: e, .. } => Some(*e),
            _ => None,
        })
        .collect();
    assert_eq!(closed, vec![epoch + 1], "the drifting link is closed");
    assert_eq!(pings(&s), Some((vec![], None)));
}

/// Every effect of a hand device is the reducer's: the link follows
/// the invitation's number, the hello carries this build and the
/// seat's token, a tap goes at the move shown, a gap asks for a
/// snapshot, and a turn coming keeps the screen on and buzzes.
#[test]
fn a_hand_devices_link_messages_and_buzz_are_decided_by_the_reducer() {
    let to_table = |s: &AppState, mark: u64| -> Vec<(u32, ToTable)> {
        s.outbox
            .after(mark)
            .filter_map(|(_, c)| match c {
                Cmd::ToTable { epoch, message } => Some((*epoch, (**message).clone())),
                _ => None,
            })
            .collect()
    };
    let peer = Peer::from_sdp(crate::net::code::tests::CHROMIUM_OFFER).unwrap();
    let invitation = Invitation {
        table: 5,
        seat: 1,
        peer,
        relay: None,
    };
    let ticket = Ticket {
        table: 5,
        seat: 1,
        token: "T".into(),
        name: "Ben".into(),
    };
    // This device held seat 1 at table 5 on an earlier visit.
    let mut s = AppState::new(Settings::default(), None, Lang::En, None, true);
    s.hand.ticket = Some(ticket.clone());
    let s = Rc::new(s)
        .reduce(Msg::Hand(HandMsg::Open(invitation.encode())))
        .reduce(Msg::Hand(HandMsg::Join));
    let epoch = s.hand.epoch;
    let links: Vec<u32> = s
        .outbox
        .after(0)
        .filter_map(|(_, c)| match c {
            Cmd::HandLink { epoch: e, .. } => Some(*e),
            _ => None,
        })
        .collect();
    assert_eq!(links.last(), Some(&epoch), "{links:?}");
    // The link opens: the hello, with the seat's token.
    let mark = s.outbox.last();
    let s = s.reduce(Msg::Hand(HandMsg::Opened { epoch }));
    let hello = ToTable::Hello {
        app: BUILD.into(),
        token: Some("T".into()),
    };
    assert_eq!(to_table(&s, mark), vec![(epoch, hello)]);
    // An older link's news, and a tap before the table's welcome: nothing.
    let mark = s.outbox.last();
    let s = s
        .reduce(Msg::Hand(HandMsg::Opened { epoch: epoch - 1 }))
        .reduce(Msg::Hand(HandMsg::Act(HandAct::TakeBack)));
    assert!(to_table(&s, mark).is_empty());
    // Welcomed, and shown the game on this seat's turn.
    let game = table()
        .reduce(Msg::Device(DeviceMsg::Paired {
            seat: 1,
            epoch: 1,
            token: "T".into(),
        }))
        .reduce(Msg::Device(DeviceMsg::StartPlaying));
    let game = until_turn_of(game, 1);
    let session = game.session.as_ref().unwrap();
    let snap = message_for(
        session,
        "g",
        3,
        1,
        crate::net::proto::News::STARTED,
        &mut Sent::default(),
    )
    .unwrap();
    let ToHand::Snapshot(seen) = &snap else {
        panic!("{snap:?}")
    };
    let seen = seen.clone();
    let s = s.reduce(Msg::Hand(HandMsg::Welcome {
        epoch,
        ticket: ticket.clone(),
    }));
    let mark = s.outbox.last();
    let s = s.reduce(Msg::Hand(HandMsg::Seen {
        epoch,
        message: snap,
    }));
    assert_eq!(s.screen, Screen::Hand);
    let asked: Vec<_> = s.outbox.after(mark).map(|(_, c)| c.clone()).collect();
    assert!(
        asked.iter().any(|c| matches!(c, Cmd::Buzz(200)))
            && asked.iter().any(|c| matches!(c, Cmd::KeepAwake)),
        "{asked:?}"
    );
    // A tap: the action at the move shown; the hand waits for the answer.
    let action = session.game.legal_actions().get(0).unwrap();
    let mark = s.outbox.last();
    let s = s.reduce(Msg::Hand(HandMsg::Act(HandAct::Act(action))));
    assert_eq!(
        to_table(&s, mark),
        vec![(epoch, ToTable::Act { at: 3, action })]
    );
    assert!(s.hand.pending);
    // It could not go (the link closed under it): no more waiting.
    let s = s.reduce(Msg::Hand(HandMsg::Unsent { epoch }));
    assert!(!s.hand.pending);
    // An update that does not follow on: a snapshot is asked for.
    let mut gap = (*seen).clone();
    gap.log_from += 1;
    let mark = s.outbox.last();
    let s = s.reduce(Msg::Hand(HandMsg::Seen {
        epoch,
        message: ToHand::Update(Box::new(gap)),
    }));
    assert_eq!(to_table(&s, mark), vec![(epoch, ToTable::Sync)]);
    // Leaving closes the link: the next number, with no invitation.
    let mark = s.outbox.last();
    let s = s.reduce(Msg::Hand(HandMsg::Leave));
    assert!(s.hand.invitation.is_none());
    assert!(s.outbox.after(mark).any(
        |(_, c)| matches!(c, Cmd::HandLink { epoch: e, .. } if *e == s.hand.epoch && *e > epoch)
    ));
}

/// `code` as a link handler may rewrite it: every character but letters
/// and digits percent-encoded (`+` as `%2B`, `:` as `%3A`, `$` as `%24`).
fn percent_encoded(code: &str) -> String {
    code.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'0'..=b'9' => char::from(b).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// An invitation of table `table` for `seat` (Chromium's offer).
fn invitation_for(table: u32, seat: u8) -> Invitation {
    let peer = Peer::from_sdp(crate::net::code::tests::CHROMIUM_OFFER).unwrap();
    Invitation {
        table,
        seat,
        peer,
        relay: None,
    }
}

#[test]
fn an_invitation_link_that_a_messenger_percent_encoded_reads_as_the_code() {
    let invitation = invitation_for(5, 1);
    let code = invitation.encode();
    assert!(code.contains(['+', ':', '$', '/']), "{code}");
    for hash in [
        format!("#join={}", percent_encoded(&code)),
        // The `=` rewritten too.
        format!("#join%3D{}", percent_encoded(&code)),
        format!("#join={code}"),
    ] {
        let from = crate::app::Start {
            storage_ok: true,
            hash: hash.clone(),
            page: crate::cmd::Page::Phone,
            ..crate::app::Start::default()
        };
        let s = Rc::new(AppState::start(&from));
        assert_eq!(s.screen, Screen::Join);
        assert_eq!(s.hand.text, code, "{hash}");
        let s = s.reduce(Msg::Hand(HandMsg::Join));
        assert_eq!(s.hand.invitation, Some(invitation.clone()), "{hash}");
    }
    // The link pasted whole, as the messenger shows it.
    let pasted = format!(
        "https://example.org/mojo/join.html#join={}",
        percent_encoded(&code)
    );
    assert_eq!(Invitation::decode(&pasted), Ok(invitation));
}

/// Issue 56: a second invitation link opened in the tab already open
/// changes only the fragment (`hashchange`): the phone takes it as it
/// takes a link at start, its box filled, its old link closed.
#[test]
fn a_second_invitation_link_in_the_open_tab_is_taken_like_the_first() {
    let phone = answering_ben();
    let epoch = phone.hand.epoch;
    let mut lost = (*phone.reduce(Msg::Hand(HandMsg::Lost { epoch }))).clone();
    lost.page = crate::cmd::Page::Phone;
    assert_eq!((lost.screen, lost.hand.text.as_str()), (Screen::Join, ""));
    let invitation = invitation_for(6, 2);
    let code = invitation.encode();
    let mark = lost.outbox.last();
    let s = Rc::new(lost).reduce(Msg::Address {
        hash: format!("#join={}", percent_encoded(&code)),
        id: 1,
    });
    assert_eq!(s.screen, Screen::Join);
    assert_eq!(s.hand.text, code);
    assert!(s.hand.epoch > epoch);
    let cmds: Vec<&Cmd> = s.outbox.after(mark).map(|(_, c)| c).collect();
    assert!(cmds.iter().any(|c| matches!(c, Cmd::ClearHash)), "{cmds:?}");
    // Joined from there as from a first link.
    let s = s.reduce(Msg::Hand(HandMsg::Join));
    assert_eq!(s.hand.invitation, Some(invitation));
    // A fragment that is no link (the address cleared): nothing changes.
    let mark = s.outbox.last();
    let same = s.clone().reduce(Msg::Address {
        hash: String::new(),
        id: 1,
    });
    assert_eq!(same.hand, s.hand);
    assert_eq!(same.outbox.after(mark).count(), 0);
}

/// Issue 56: behind routers that give each destination a new port, with
/// STUN alone, the table could not connect and gave up, and the phone
/// still said to keep waiting. Nothing reaches the phone without a path,
/// so it tells from the two codes: two networks, no relay offered on
/// either side, no path yet: if the table could not connect, a relay is
/// needed, and the phone says so and what to do.
#[test]
fn a_phone_far_from_its_table_with_no_relay_says_one_may_be_needed() {
    use crate::net::code::tests::{peer_with as peer, HOME_A, HOME_B, HOST, RELAY};
    use crate::net::code::Kind;
    let waiting = |table: &[(Kind, [u8; 4])], phone: &[(Kind, [u8; 4])], unanswered| {
        let invitation = Invitation {
            table: 5,
            seat: 1,
            peer: peer(table),
            relay: None,
        };
        let reply = Reply {
            seat: 1,
            tag: invitation.peer.tag(),
            peer: peer(phone),
        };
        HandState {
            invitation: Some(invitation),
            reply: Some(reply.encode()),
            unanswered,
            ..HandState::default()
        }
        .may_need_relay()
    };
    assert!(waiting(&[HOST, HOME_B], &[HOST, HOME_A], true));
    // Before its connection found no path: nothing said yet.
    assert!(!waiting(&[HOST, HOME_B], &[HOST, HOME_A], false));
    // A relay offered: it carries whatever the routers do.
    assert!(!waiting(&[HOST, HOME_B, RELAY], &[HOST, HOME_A], true));
    assert!(!waiting(&[HOST, HOME_B], &[HOST, HOME_A, RELAY], true));
    // One network, or no public address known: not this case.
    assert!(!waiting(&[HOST, HOME_B], &[HOST, HOME_B], true));
    assert!(!waiting(&[HOST], &[HOST], true));
}
