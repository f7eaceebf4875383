//! Play across the internet in the reducer (issue 35): the family's relay
//! from the Menu, kept in the settings, given to the table's links and
//! carried by the invitation to the phone; the site's list's mistakes
//! shown where devices pair.

use std::rc::Rc;

use super::test_kit::*;
use crate::app::{AppState, Msg, Overlay};
use crate::cmd::Cmd;
use crate::i18n::Lang;
use crate::net::code::{Invitation, Peer};
use crate::net::hand::HandMsg;
use crate::net::ice::{NetworkProblem, Relay, RelayField, RelayProblem};
use crate::save::Settings;
use crate::session::SeatSetup;
use yew::Reducible;

fn relay(url: &str) -> Relay {
    Relay {
        url: url.into(),
        username: "ann".into(),
        password: "a password".into(),
    }
}

/// The relays of the last `SyncDevices` after `mark`.
fn synced_relays(s: &AppState, mark: u64) -> Option<Vec<Relay>> {
    s.outbox
        .after(mark)
        .filter_map(|(_, c)| match c {
            Cmd::SyncDevices { relays, .. } => Some(relays.to_vec()),
            _ => None,
        })
        .last()
}

/// The Menu opened, `relay` typed into it, and Save pressed.
fn save(s: Rc<AppState>, relay: &Relay) -> Rc<AppState> {
    let s = s.reduce(Msg::Overlay(Overlay::Menu));
    let mut s = s;
    for (field, text) in [
        (RelayField::Url, &relay.url),
        (RelayField::Username, &relay.username),
        (RelayField::Password, &relay.password),
    ] {
        s = s.reduce(Msg::EditRelay(field, text.clone()));
    }
    s.reduce(Msg::SaveRelay)
}

/// `s`'s invitation for seat 1 (link 1), made of `offer`, ready and good
/// until `until`.
fn invited(s: Rc<AppState>, offer: &Peer, until: crate::net::devices::Clock) -> Rc<AppState> {
    let code = Invitation {
        table: s.devices.table,
        seat: 1,
        peer: offer.clone(),
        relay: None,
    }
    .encode();
    s.reduce(Msg::Device(crate::net::devices::DeviceMsg::Invited {
        seat: 1,
        epoch: 1,
        code,
        until,
    }))
}

/// Seat 1's device's reply, made of `peer`, to the invitation made of
/// `offer` (its tag).
fn reply_to(offer: &Peer, peer: Peer) -> String {
    crate::net::code::Reply {
        seat: 1,
        tag: offer.tag(),
        peer,
    }
    .encode()
}

#[test]
fn the_menus_relay_is_saved_and_the_tables_links_are_made_with_it() {
    let lobby = Rc::new(AppState::new(
        Settings::default(),
        None,
        Lang::En,
        None,
        true,
    ));
    let mark = lobby.outbox.last();
    let s = save(lobby, &relay("turn:relay.example:3478"));
    assert_eq!(s.settings.relays, vec![relay("turn:relay.example:3478")]);
    assert_eq!(s.relay_said, Some(Ok(())));
    // Kept: the settings are written with it, as three fields.
    let saved = s.outbox.after(mark).find_map(|(_, c)| match c {
        Cmd::SaveSettings(text) => Some(text.to_string()),
        _ => None,
    });
    let saved = saved.expect("the settings are saved");
    assert_eq!(Settings::decode(&saved).relays, s.settings.relays);
    // The Menu opened again shows it, to edit.
    let closed = s.clone().reduce(Msg::Overlay(Overlay::None));
    assert_eq!(
        closed.relay_said, None,
        "closing the Menu forgets what was said"
    );
    let again = closed.reduce(Msg::Overlay(Overlay::Menu));
    assert_eq!(again.relay_draft, relay("turn:relay.example:3478"));
    // One that is not a server is not saved, and the Menu says why; what
    // was typed stays typed.
    let no_password = Relay {
        password: String::new(),
        ..relay("turn:other.example")
    };
    let wrong = save(s.clone(), &no_password);
    assert_eq!(wrong.settings.relays, s.settings.relays);
    assert_eq!(wrong.relay_said, Some(Err(RelayProblem::NeedsLogin)));
    assert_eq!(wrong.relay_draft, no_password);
    let wrong = wrong
        .reduce(Msg::EditRelay(
            RelayField::Url,
            "https://relay.example".into(),
        ))
        .reduce(Msg::SaveRelay);
    assert_eq!(wrong.relay_said, Some(Err(RelayProblem::NotAUrl)));
    // Another relay takes its place; blank fields remove it.
    let s = save(s, &relay("turn:other.example"));
    assert_eq!(s.settings.relays, vec![relay("turn:other.example")]);
    let s = save(s, &Relay::default());
    assert_eq!(s.settings.relays, vec![]);
    // A table started with a relay set: its links are made with it.
    let mut s = (*save(s, &relay("turn:relay.example:3478"))).clone();
    s.lobby.seats[1] = SeatSetup::remote("Ben");
    let mark = s.outbox.last();
    let s = Rc::new(s).reduce(Msg::Start {
        seed: 9,
        id: "0000002a00000000".into(),
    });
    assert_eq!(
        synced_relays(&s, mark),
        Some(vec![relay("turn:relay.example:3478")])
    );
    // Without one, none.
    assert_eq!(synced_relays(&table(), 0), Some(vec![]));
}

#[test]
fn a_phone_answers_with_the_relay_its_invitation_brought_and_its_own() {
    let peer = Peer::from_sdp(crate::net::code::tests::CHROMIUM_OFFER).unwrap();
    let invitation = Invitation {
        table: 5,
        seat: 1,
        peer,
        relay: Some(relay("turn:family.example")),
    };
    let settings = Settings {
        relays: vec![relay("turn:mine.example")],
        ..Settings::default()
    };
    let s = Rc::new(AppState::new(settings, None, Lang::En, None, true))
        .reduce(Msg::Hand(HandMsg::Open(invitation.encode())))
        .reduce(Msg::Hand(HandMsg::Join));
    let relays: Vec<Vec<Relay>> = s
        .outbox
        .after(0)
        .filter_map(|(_, c)| match c {
            Cmd::HandLink {
                invitation: Some(_),
                relays,
                ..
            } => Some(relays.to_vec()),
            _ => None,
        })
        .collect();
    assert_eq!(
        relays,
        vec![vec![
            relay("turn:mine.example"),
            relay("turn:family.example")
        ]]
    );
}

#[test]
fn a_mistake_in_the_sites_list_is_kept_until_a_pairing_reads_it_right() {
    let s = table();
    assert_eq!(s.network_problem, None);
    let problem = NetworkProblem::Entry {
        index: 2,
        why: "`http://b` is not a stun:, turn: or turns: URL".into(),
    };
    let s = s.reduce(Msg::Network(Some(problem.clone())));
    assert_eq!(s.network_problem, Some(problem));
    let s = s.reduce(Msg::Network(None));
    assert_eq!(s.network_problem, None);
}

#[test]
fn a_pairing_that_fails_says_why_from_both_codes_candidates() {
    use crate::net::code::tests::{CHROMIUM_OFFER, FIREFOX_ANSWER};
    use crate::net::code::{Addr, Candidate, Kind};
    use crate::net::devices::NoPath;
    use crate::net::devices::{DeviceMsg, LinkState, Problem};
    let s = table();
    let mut offer = Peer::from_sdp(CHROMIUM_OFFER).unwrap();
    // The table's public address, as a STUN server told it.
    offer.candidates.push(Candidate {
        addr: Addr::V4([198, 51, 100, 9]),
        port: 40000,
        kind: Kind::Srflx,
    });
    let s = invited(s, &offer, crate::net::devices::Clock::default());
    let fail = |answer: Peer| {
        let text = reply_to(&offer, answer);
        let s = s
            .clone()
            .reduce(Msg::Device(DeviceMsg::Reply { seat: 1, text }));
        assert_eq!(s.devices.seat(1).unwrap().link, LinkState::Connecting);
        let s = s.reduce(Msg::Device(DeviceMsg::Unanswered { seat: 1, epoch: 1 }));
        s.devices.seat(1).unwrap().problem.clone()
    };
    // The phone's public address (203.0.113.7) is another: two networks,
    // a relay is needed (not "the same Wi-Fi?").
    let phone = Peer::from_sdp(FIREFOX_ANSWER).unwrap();
    assert_eq!(
        fail(phone.clone()),
        Some(Problem::NoPath(NoPath::NeedsRelay))
    );
    // A phone that learnt no public address: it cannot be told.
    let mut hosts = phone.clone();
    hosts.candidates.retain(|c| c.kind == Kind::Host);
    assert_eq!(fail(hosts), Some(Problem::NoPath(NoPath::NoSharedNetwork)));
    // The same public address: one network that keeps devices apart.
    let mut same = phone;
    for c in &mut same.candidates {
        if c.kind == Kind::Srflx {
            c.addr = Addr::V4([198, 51, 100, 9]);
        }
    }
    assert_eq!(fail(same), Some(Problem::NoPath(NoPath::SameNetworkApart)));
    // A channel that opened and no hello: the path was not the trouble.
    let text = reply_to(&offer, Peer::from_sdp(FIREFOX_ANSWER).unwrap());
    let s = s
        .reduce(Msg::Device(DeviceMsg::Reply { seat: 1, text }))
        .reduce(Msg::Device(DeviceMsg::Opened { seat: 1, epoch: 1 }))
        .reduce(Msg::Device(DeviceMsg::Unanswered { seat: 1, epoch: 1 }));
    assert_eq!(s.devices.seat(1).unwrap().problem, Some(Problem::Failed));
}

/// Issue 35: an invitation sent through a messenger stays good for
/// `INVITATION_MS`, and the table says until when. Unanswered by then, it
/// is withdrawn for a new one, and a reply to it that comes later is told
/// that it expired (not "another invitation"), and never connects. One
/// answered in time is not withdrawn.
#[test]
fn an_invitation_stays_good_ten_minutes_then_a_late_reply_is_told_it_expired() {
    use crate::net::code::tests::{CHROMIUM_OFFER, FIREFOX_ANSWER};
    use crate::net::code::Reply;
    use crate::net::devices::{Clock, DeviceMsg, LinkState, Problem, INVITATION_MS};
    let s = table();
    let offer = Peer::from_sdp(CHROMIUM_OFFER).unwrap();
    let until = Clock {
        hours: 19,
        minutes: 42,
        shown: "7:42 PM".into(),
    };
    let mark = s.outbox.last();
    let s = invited(s, &offer, until.clone());
    assert_eq!(s.devices.seat(1).unwrap().valid_until, Some(until.clone()));
    let expiry = Msg::Device(DeviceMsg::Expired { seat: 1, epoch: 1 });
    assert_eq!(
        format!("{:?}", afters(&s, mark)),
        format!("{:?}", vec![(INVITATION_MS, expiry.clone())])
    );
    let late = reply_to(&offer, Peer::from_sdp(FIREFOX_ANSWER).unwrap());
    // Answered in time: connecting; its expiry changes nothing.
    let answered = s
        .clone()
        .reduce(Msg::Device(DeviceMsg::Reply {
            seat: 1,
            text: late.clone(),
        }))
        .reduce(expiry.clone());
    let r = answered.devices.seat(1).unwrap();
    assert_eq!(
        (r.link, r.epoch, r.problem.clone()),
        (LinkState::Connecting, 1, None)
    );
    // Unanswered: withdrawn, a new invitation (link 2) is to be made.
    let mark = s.outbox.last();
    let s = s.reduce(expiry);
    let r = s.devices.seat(1).unwrap();
    assert_eq!(r.epoch, 2);
    assert_eq!((r.invitation.clone(), r.valid_until.clone()), (None, None));
    assert_eq!(r.problem, Some(Problem::Expired(until.clone())));
    assert!(s.outbox.after(mark).any(|(_, c)| matches!(
        c,
        Cmd::SyncDevices { links, .. } if links.contains(&(1, 2))
    )));
    // The reply to it, taken late: "expired", and nothing connects.
    let mark = s.outbox.last();
    let s = s.reduce(Msg::Device(DeviceMsg::Reply {
        seat: 1,
        text: late,
    }));
    let r = s.devices.seat(1).unwrap();
    assert_eq!((r.link, r.epoch), (LinkState::Inviting, 2));
    assert_eq!(r.problem, Some(Problem::Expired(until)));
    assert!(!s
        .outbox
        .after(mark)
        .any(|(_, c)| matches!(c, Cmd::Accept { .. })));
    // A reply to an invitation this table never made is another case.
    let other = Reply {
        seat: 1,
        tag: offer.tag().wrapping_add(1),
        peer: Peer::from_sdp(FIREFOX_ANSWER).unwrap(),
    }
    .encode();
    let s = s.reduce(Msg::Device(DeviceMsg::Reply {
        seat: 1,
        text: other,
    }));
    assert_eq!(
        s.devices.seat(1).unwrap().problem,
        Some(Problem::OtherInvitation)
    );
}

/// The phone's side: its reply stays good as long as the invitation.
/// Not taken by then, the phone gives the link up and says the invitation
/// expired (ask for a new one); taken in time, nothing happens.
#[test]
fn a_reply_the_table_never_takes_expires_on_the_phone() {
    use crate::net::devices::INVITATION_MS;
    let s = answering_ben();
    let epoch = s.hand.epoch;
    let mark = s.outbox.last();
    let s = s.reduce(Msg::Hand(HandMsg::Replied {
        epoch,
        code: "REPLY".into(),
    }));
    let expiry = Msg::Hand(HandMsg::Expired { epoch });
    assert_eq!(
        format!("{:?}", afters(&s, mark)),
        format!("{:?}", vec![(INVITATION_MS, expiry.clone())])
    );
    // Taken in time: the seat is held; its expiry changes nothing.
    let welcomed = s
        .clone()
        .reduce(Msg::Hand(HandMsg::Welcome {
            epoch,
            ticket: ben_ticket(),
        }))
        .reduce(expiry.clone());
    assert!(welcomed.hand.connected && !welcomed.hand.expired);
    assert_eq!(welcomed.hand.epoch, epoch);
    // Never taken: the link is closed (the next number, no invitation),
    // the reply withdrawn, and the phone says why.
    let mark = s.outbox.last();
    let s = s.reduce(expiry);
    assert!(s.hand.expired);
    assert_eq!(
        (s.hand.reply.as_deref(), s.hand.invitation.as_ref()),
        (None, None)
    );
    assert!(s.outbox.after(mark).any(|(_, c)| matches!(
        c,
        Cmd::HandLink { epoch: e, invitation: None, .. } if *e > epoch
    )));
    // A new invitation pasted and answered: the note goes.
    let s = s.reduce(Msg::Hand(HandMsg::Open(answering_ben().hand.text.clone())));
    let s = s.reduce(Msg::Hand(HandMsg::Join));
    assert!(!s.hand.expired);
}

/// Issue 35: where the browser gives the reply's connection up before it
/// ever opened (the table has not taken the reply), the phone makes a
/// fresh reply to the same invitation by itself and says to send that
/// one; a few times, then the link is lost as any other. A link given up
/// for its own reasons (the invitation expired) is not answered again.
#[test]
fn a_reply_the_browser_gives_up_is_made_afresh_to_send_instead() {
    use crate::net::hand::FRESH_REPLIES;
    let mut s = answering_ben();
    let invitation = s.hand.invitation.clone();
    for fresh in 1..=FRESH_REPLIES {
        let epoch = s.hand.epoch;
        s = s.reduce(Msg::Hand(HandMsg::Replied {
            epoch,
            code: format!("REPLY{fresh}"),
        }));
        let mark = s.outbox.last();
        s = s.reduce(Msg::Hand(HandMsg::Lost { epoch }));
        assert_eq!(s.hand.fresh, fresh);
        assert_eq!((s.hand.epoch, s.hand.reply.as_deref()), (epoch + 1, None));
        assert_eq!(s.hand.invitation, invitation, "the same invitation");
        assert!(
            s.outbox.after(mark).any(|(_, c)| matches!(
                c,
                Cmd::HandLink { epoch: e, invitation: Some(i), .. } if *e == epoch + 1 && Some(&**i) == invitation.as_ref()
            )),
            "answered again on a new link"
        );
    }
    // The invitation's life counts from the first reply: only it asked
    // for an expiry, and that expiry ends the last fresh one too.
    let expiries = afters(&s, 0)
        .into_iter()
        .filter(|(_, m)| matches!(m, Msg::Hand(HandMsg::Expired { .. })))
        .count();
    assert_eq!(expiries, 1, "one expiry for the invitation");
    let first = s.hand.first_reply.expect("the first reply's link");
    let expired = s
        .clone()
        .reduce(Msg::Hand(HandMsg::Expired { epoch: first }));
    assert!(expired.hand.expired && expired.hand.invitation.is_none());
    // One more: lost, back to joining.
    let epoch = s.hand.epoch;
    let s = s.reduce(Msg::Hand(HandMsg::Replied {
        epoch,
        code: "LAST".into(),
    }));
    let lost = s.clone().reduce(Msg::Hand(HandMsg::Lost { epoch }));
    assert_eq!(
        (lost.hand.invitation.as_ref(), lost.hand.reply.as_deref()),
        (None, None)
    );
    // The invitation's end gives the link up for good, fresh replies left
    // or not.
    let s = answering_ben();
    let epoch = s.hand.epoch;
    let s = s
        .reduce(Msg::Hand(HandMsg::Replied {
            epoch,
            code: "R".into(),
        }))
        .reduce(Msg::Hand(HandMsg::Expired { epoch }));
    assert!(s.hand.expired && s.hand.invitation.is_none() && s.hand.fresh == 0);
}

/// Issue 35: a phone that held its seat across two networks (the codes'
/// public addresses differ) knows it once lost, and says that the way back
/// is a new invitation sent through the messenger; on one network (one
/// public address, or none known) the scan across the room stays the way.
#[test]
fn a_phone_far_from_its_table_says_the_way_back_is_a_new_link_once_lost() {
    use crate::net::code::tests::{CHROMIUM_OFFER, FIREFOX_ANSWER};
    use crate::net::code::{Addr, Candidate, Kind};
    let far_after_loss = |table_public: Option<[u8; 4]>| {
        let mut offer = Peer::from_sdp(CHROMIUM_OFFER).unwrap();
        offer.candidates.extend(table_public.map(|ip| Candidate {
            addr: Addr::V4(ip),
            port: 40000,
            kind: Kind::Srflx,
        }));
        let invitation = Invitation {
            table: 5,
            seat: 1,
            peer: offer.clone(),
            relay: None,
        };
        // The phone's public address is 203.0.113.7 (its code's srflx).
        let reply = reply_to(&offer, Peer::from_sdp(FIREFOX_ANSWER).unwrap());
        let s = answering(&invitation);
        let epoch = s.hand.epoch;
        let s = s
            .reduce(Msg::Hand(HandMsg::Replied { epoch, code: reply }))
            .reduce(Msg::Hand(HandMsg::Welcome {
                epoch,
                ticket: ben_ticket(),
            }))
            .reduce(Msg::Hand(HandMsg::Lost { epoch }));
        assert!(!s.hand.connected && s.hand.invitation.is_none() && s.hand.ticket.is_some());
        s.hand.far
    };
    assert!(
        far_after_loss(Some([198, 51, 100, 9])),
        "two public addresses"
    );
    assert!(
        !far_after_loss(Some([203, 0, 113, 7])),
        "one public address"
    );
    assert!(!far_after_loss(None), "no public address known");
}
