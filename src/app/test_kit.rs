//! What the reducer's tests of the devices and the phone share: a table
//! with Ben on his own device, and what the outbox holds.

use std::rc::Rc;

use crate::app::{AppState, Msg};
use crate::cmd::Cmd;
use crate::i18n::Lang;
use crate::net::code::{Invitation, Peer};
use crate::net::devices::*;
use crate::net::hand::*;
use crate::net::proto::{self, ToTable};
use crate::net::proto::{Refusal, ToHand};
use crate::save::Settings;
use crate::session::{Level, SeatSetup};
use mojo_engine::Seat;
use yew::Reducible;

pub(super) fn table() -> Rc<AppState> {
    let mut s = AppState::new(Settings::default(), None, Lang::En, None, true);
    s.lobby.seats[1] = SeatSetup::remote("Ben");
    Rc::new(s).reduce(Msg::Start {
        seed: 9,
        id: "0000002a00000000".into(),
    })
}

/// Plays on (the person here and the bots, first legal actions) until
/// it is `seat`'s turn in a round.
pub(super) fn until_turn_of(mut s: Rc<AppState>, seat: Seat) -> Rc<AppState> {
    for _ in 0..500 {
        let session = s.session.as_ref().unwrap();
        if session.in_play() && session.game.current() == seat {
            return s;
        }
        let current = session.game.current();
        if session.in_play() && session.is_here(current) && session.viewer() != Some(current) {
            s = s.reduce(Msg::ShowHand(current));
            continue;
        }
        let action = session.game.legal_actions().get(0).unwrap();
        let msg = if session.bot_to_act().is_some() {
            Msg::BotAct {
                id: s.game_id.clone(),
                after: session.record.actions.len(),
                action,
            }
        } else {
            Msg::Act(action)
        };
        let seq = s.seq;
        s = s.reduce(msg);
        assert_eq!(s.seq, seq + 1, "the driver's action was taken");
    }
    panic!("seat {seat}'s turn never came");
}

/// The refusals the reducer asked to send since command `after`:
/// (seat, link, reason).
pub(super) fn refusals(s: &AppState, after: u64) -> Vec<(Seat, u32, Refusal)> {
    s.outbox
        .after(after)
        .filter_map(|(_, c)| match c {
            Cmd::Refuse {
                seat,
                epoch,
                reason,
            } => Some((*seat, *epoch, reason.clone())),
            _ => None,
        })
        .collect()
}

/// The messages the reducer asked to send since command `after`.
pub(super) fn sent(s: &AppState, after: u64) -> Vec<(Seat, u32, Rc<ToHand>)> {
    s.outbox
        .after(after)
        .filter_map(|(_, c)| match c {
            Cmd::ToDevice {
                seat,
                epoch,
                message,
            } => Some((*seat, *epoch, message.clone())),
            _ => None,
        })
        .collect()
}

pub(super) fn heard(s: &Rc<AppState>, seat: Seat, epoch: u32, message: &ToTable) -> Rc<AppState> {
    s.clone().reduce(Msg::Device(DeviceMsg::Heard {
        seat,
        epoch,
        text: proto::encode(message),
        token: "FRESH".into(),
    }))
}

/// The windows of drift the reducer asked for since `mark`, and the
/// pings it set up last.
pub(super) fn afters(s: &AppState, mark: u64) -> Vec<(u32, Msg)> {
    s.outbox
        .after(mark)
        .filter_map(|(_, c)| match c {
            Cmd::After { ms, msg } => Some((*ms, Msg::from(msg.clone()))),
            _ => None,
        })
        .collect()
}

/// The links pinged: the table's (seat, link number), the phone's.
pub(super) type Pinged = (Vec<(Seat, u32)>, Option<u32>);

pub(super) fn pings(s: &AppState) -> Option<Pinged> {
    s.outbox
        .after(0)
        .filter_map(|(_, c)| match c {
            Cmd::Pings { table, hand } => Some((table.clone(), *hand)),
            _ => None,
        })
        .last()
}

/// A phone that pasted table 5's invitation for seat 1 and answers it.
pub(super) fn answering_ben() -> Rc<AppState> {
    let peer = Peer::from_sdp(crate::net::code::tests::CHROMIUM_OFFER).unwrap();
    answering(&Invitation {
        table: 5,
        seat: 1,
        peer,
        relay: None,
    })
}

/// A phone that pasted `invitation` and answers it.
pub(super) fn answering(invitation: &Invitation) -> Rc<AppState> {
    Rc::new(AppState::new(
        Settings::default(),
        None,
        Lang::En,
        None,
        true,
    ))
    .reduce(Msg::Hand(HandMsg::Open(invitation.encode())))
    .reduce(Msg::Hand(HandMsg::Join))
}

/// Ben's seat at table 5 (seat 1), as the table's welcome gives it.
pub(super) fn ben_ticket() -> Ticket {
    Ticket {
        table: 5,
        seat: 1,
        token: "T".into(),
        name: "Ben".into(),
    }
}

/// `phone` (Ben's, answering) welcomed on its link and sent `game`'s
/// seat 1 as it is now (a snapshot): seated.
pub(super) fn seated(phone: Rc<AppState>, game: &AppState) -> Rc<AppState> {
    let epoch = phone.hand.epoch;
    let snap = proto::message_for(
        game.session.as_ref().unwrap(),
        "g",
        3,
        1,
        proto::News::STARTED,
        &mut proto::Sent::default(),
    )
    .unwrap();
    phone
        .reduce(Msg::Hand(HandMsg::Welcome {
            epoch,
            ticket: ben_ticket(),
        }))
        .reduce(Msg::Hand(HandMsg::Seen {
            epoch,
            message: snap,
        }))
}

/// [`table`], on a page that may use a camera.
pub(super) fn table_with_camera() -> AppState {
    let mut s = (*table()).clone();
    s.camera.possible = true;
    s
}

/// A table of four Medium bots, its game started.
pub(super) fn bots_only() -> AppState {
    let mut s = AppState::new(Settings::default(), None, Lang::En, None, true);
    s.lobby.seats = ["A", "B", "C", "D"]
        .iter()
        .map(|n| SeatSetup::bot(n, Level::Medium))
        .collect();
    (*Rc::new(s).reduce(Msg::Start {
        seed: 3,
        id: "0000000b00000000".into(),
    }))
    .clone()
}
