//! A phone's reply that comes back as a link (`net::handoff`, issue 35):
//! the tab it opens hosts nothing and offers the reply; the table's tab
//! takes it as a pasted one and says so.

use std::rc::Rc;

use crate::app::{AppState, Msg, Overlay, Start};
use crate::cmd::{Cmd, Later, Page};
use crate::i18n::Lang;
use crate::net::code::{Invitation, Peer, Reply};
use crate::net::devices::*;
use crate::net::handoff::{HandOff, HandOffMsg, ReplyState};
use crate::save::Settings;
use crate::session::SeatSetup;
use yew::Reducible;

/// A table with Ben's seat on his own device, invited; the save it wrote
/// and a reply to Ben's invitation.
fn table_inviting_ben() -> (Rc<AppState>, String, String) {
    use crate::net::code::tests::{CHROMIUM_OFFER, FIREFOX_ANSWER};
    let mut s = AppState::new(Settings::default(), None, Lang::En, None, true);
    s.lobby.seats[1] = SeatSetup::remote("Ben");
    let s = Rc::new(s).reduce(Msg::Start {
        seed: 9,
        id: "0000002a00000000".into(),
    });
    let peer = Peer::from_sdp(CHROMIUM_OFFER).unwrap();
    let invitation = Invitation {
        table: s.devices.table,
        seat: 1,
        peer: peer.clone(),
        relay: None,
    };
    let s = s.reduce(Msg::Device(DeviceMsg::Invited {
        seat: 1,
        epoch: 1,
        code: invitation.encode(),
        until: crate::net::devices::Clock::default(),
    }));
    let saved = s
        .outbox
        .after(0)
        .filter_map(|(_, c)| match c {
            Cmd::SaveGame(g) => Some(g.text.clone()),
            _ => None,
        })
        .last()
        .expect("the game was saved");
    let reply = Reply {
        seat: 1,
        tag: peer.tag(),
        peer: Peer::from_sdp(FIREFOX_ANSWER).unwrap(),
    }
    .encode();
    (s, saved, reply)
}

fn sent(s: &AppState, mark: u64) -> Vec<Cmd> {
    s.outbox.after(mark).map(|(_, c)| c.clone()).collect()
}

#[test]
fn the_table_tab_takes_a_reply_offered_by_another_tab_and_says_so() {
    let (s, _, reply) = table_inviting_ben();
    // Another tab's offer that answers no invitation here: left alone.
    let mark = s.outbox.last();
    let other = HandOff::Offer {
        id: 4,
        code: reply.replace('A', "B"),
    };
    let s = s.reduce(Msg::HandOff(HandOffMsg::Heard(other.to_text())));
    assert!(sent(&s, mark).is_empty());
    // Ben's: taken as if pasted under his seat, and the other tab told.
    let offer = HandOff::Offer { id: 7, code: reply };
    let s = s.reduce(Msg::HandOff(HandOffMsg::Heard(offer.to_text())));
    let cmds = sent(&s, mark);
    assert!(
        cmds.iter()
            .any(|c| matches!(c, Cmd::Accept { seat: 1, .. })),
        "{cmds:?}"
    );
    let taken = HandOff::Taken {
        id: 7,
        name: "Ben".into(),
    };
    assert!(cmds
        .iter()
        .any(|c| matches!(c, Cmd::HandOff(m) if *m == taken)));
    assert_eq!(s.overlay, Overlay::Devices);
    // Offered again (a second tab of the same link): answered already,
    // so not taken twice.
    let mark = s.outbox.last();
    let s = s.reduce(Msg::HandOff(HandOffMsg::Heard(offer.to_text())));
    assert!(!sent(&s, mark)
        .iter()
        .any(|c| matches!(c, Cmd::Accept { .. } | Cmd::HandOff(_))));
}

#[test]
fn a_reply_link_opens_a_tab_that_hosts_nothing_and_hands_the_reply_over() {
    let (_, saved, reply) = table_inviting_ben();
    let from = Start {
        storage_ok: true,
        game: Some(saved),
        hash: format!("#reply={reply}"),
        page: Page::Table,
        // The table's tab hosts the game now.
        host: Some(crate::sync::host_text("0000002a00000000", "t1", 1e12)),
        tab: "t2".into(),
        now: 1e12,
        ..Start::default()
    };
    let s = Rc::new(AppState::start(&from));
    // No table here: no game, no links, nothing written over the save.
    assert!(s.session.is_none() && s.game_id.is_empty());
    assert!(s.devices.seats.is_empty());
    assert!(s.notices.is_empty(), "{:?}", s.notices);
    // (Forgetting game "" or no links is what a tab with no game says.)
    let cmds = sent(&s, 0);
    let harms = |c: &Cmd| match c {
        Cmd::SaveGame(_) | Cmd::HostBeat(Some(_)) => true,
        Cmd::ForgetGame { id } | Cmd::SaveDevices { id, .. } => !id.is_empty(),
        Cmd::SyncDevices { links, .. } => !links.is_empty(),
        _ => false,
    };
    assert!(!cmds.iter().any(harms), "{cmds:?}");
    // The reply offered to the other tabs, and a wait for their answer.
    let tab = s.handoff.clone().expect("a reply tab");
    assert_eq!(
        (tab.code.as_str(), &tab.state),
        (reply.as_str(), &ReplyState::Asking)
    );
    let offer = HandOff::Offer {
        id: tab.id,
        code: reply.clone(),
    };
    assert!(cmds
        .iter()
        .any(|c| matches!(c, Cmd::HandOff(m) if *m == offer)));
    assert!(cmds.iter().any(|c| matches!(c, Cmd::ClearHash)));
    assert!(cmds.iter().any(
        |c| matches!(c, Cmd::After { msg: Later::HandOff(HandOffMsg::NoAnswer(id)), .. } if *id == tab.id)
    ));
    // Its own offer, heard back: nothing. The table's answer: taken.
    let taken = s
        .clone()
        .reduce(Msg::HandOff(HandOffMsg::Heard(offer.to_text())))
        .reduce(Msg::HandOff(HandOffMsg::Heard(
            HandOff::Taken {
                id: tab.id,
                name: "Ben".into(),
            }
            .to_text(),
        )));
    assert_eq!(
        taken.handoff.as_ref().unwrap().state,
        ReplyState::Taken("Ben".into())
    );
    // No table answered in time: the reply is shown to scan or paste.
    let mark = s.outbox.last();
    let alone = s.reduce(Msg::HandOff(HandOffMsg::NoAnswer(tab.id)));
    assert_eq!(alone.handoff.as_ref().unwrap().state, ReplyState::NoTable);
    assert!(sent(&alone, mark)
        .iter()
        .any(|c| matches!(c, Cmd::DrawQr(t) if *t == reply)));
}

#[test]
fn a_phone_page_opened_by_a_reply_link_is_not_a_reply_tab() {
    let from = Start {
        storage_ok: true,
        hash: "#reply=ABC".into(),
        page: Page::Phone,
        ..Start::default()
    };
    assert!(AppState::start(&from).handoff.is_none());
}

/// Issue 56: a reply link opened in the table's own tab (the messenger
/// reused it) changes only the fragment: the tab takes the reply there,
/// as if it were pasted under its seat.
#[test]
fn a_reply_link_opened_in_the_tables_own_tab_is_taken_there() {
    let (s, _, reply) = table_inviting_ben();
    let mark = s.outbox.last();
    let s = s.reduce(Msg::Address {
        hash: format!("#reply={reply}"),
        id: 1,
    });
    assert!(
        s.handoff.is_none() && s.session.is_some(),
        "still the table"
    );
    assert_eq!(s.overlay, Overlay::Devices);
    let cmds: Vec<&Cmd> = s.outbox.after(mark).map(|(_, c)| c).collect();
    assert!(cmds.iter().any(|c| matches!(c, Cmd::ClearHash)), "{cmds:?}");
    assert!(
        cmds.iter()
            .any(|c| matches!(c, Cmd::Accept { seat: 1, .. })),
        "{cmds:?}"
    );
}
