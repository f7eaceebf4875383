//! What one seat may know (RULES R14). Bots and each seat's screen are given
//! a [`PlayerView`], never the [`Game`]: the type has no field through which
//! another seat's hand, face-down cards or the draw order could leak.

use serde::{Deserialize, Serialize};

use crate::cards::{Cards, Pile};
use crate::game::{check_action, ActionList, Game};
use crate::round_log::RoundLog;
use crate::types::*;

/// What everyone can see of one seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SeatView {
    /// How many cards in hand.
    pub hand_len: u8,
    /// How many face-down cards.
    pub face_down_len: u8,
    /// The face-up (revealed) cards.
    pub face_up: Cards,
    /// Cards seen entering this hand from a discard pile and not played
    /// since (two-pile variant).
    pub known_in_hand: Cards,
    /// The running total.
    pub total: u32,
    /// How this seat played in the game's earlier rounds, as the bots
    /// read it: per policy of their beliefs (`style::POLICIES`), the
    /// log-likelihood of its steps given the cards it showed at each
    /// round's end, in thousandths of a nat, summed over the rounds (issue
    /// 36). A function of what every seat saw. Kept by builds with the
    /// engine's feature `beliefs` (the CLI's); zero in the others (the
    /// browser's, whose Hard does not read it).
    #[serde(default)]
    pub style: Style,
}

/// One seat's honest view of the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    /// Whose view this is.
    pub seat: Seat,
    pub options: Options,
    pub phase: Phase,
    /// The seat to act.
    pub current: Seat,
    pub mojo: Face,
    pub round: u32,
    /// This seat's own hand.
    pub hand: Cards,
    /// This seat's own face-down cards (the owner may look, RULES R5.3).
    pub face_down: Cards,
    /// Every seat's public side (this seat's too), indexed by seat.
    pub seats: Vec<SeatView>,
    /// The discard piles, bottom first (public, RULES R14).
    pub discard: Vec<Pile>,
    /// How many cards are in the draw pile (its order is hidden).
    pub draw_len: u8,
    /// The last scored round.
    pub last_round: Option<RoundResult>,
    /// The winners, once the game is over.
    pub winners: Vec<Seat>,
    /// The round's public steps so far (the same for every seat).
    #[serde(default)]
    pub log: RoundLog,
}

impl Game {
    /// What `seat` may know. Panics never: a seat outside the table gets the
    /// view of seat 0's public side with an empty hand.
    pub fn view(&self, seat: Seat) -> PlayerView {
        let n = self.options.players as usize;
        let own = (seat as usize) < n;
        let s = seat as usize;
        PlayerView {
            seat,
            options: self.options,
            phase: self.phase,
            current: self.current,
            mojo: self.mojo,
            round: self.round,
            hand: if own { self.hands[s] } else { Cards::EMPTY },
            face_down: if own { self.face_down[s] } else { Cards::EMPTY },
            seats: (0..n)
                .map(|i| SeatView {
                    hand_len: self.hands[i].len() as u8,
                    face_down_len: self.face_down[i].len() as u8,
                    face_up: self.face_up[i],
                    known_in_hand: self.known[i],
                    total: self.totals[i],
                    style: self.styles[i],
                })
                .collect(),
            discard: self.discards().to_vec(),
            draw_len: self.draw.len() as u8,
            last_round: self.last_round,
            winners: self.winners(),
            log: self.log,
        }
    }
}

impl PlayerView {
    /// Who may act now, as [`crate::Game::to_act`] answers it.
    pub fn to_act(&self) -> Option<Seat> {
        self.phase.in_round().then_some(self.current)
    }

    /// Whether this seat is the one to act.
    pub fn is_my_turn(&self) -> bool {
        self.seat == self.current
    }

    pub fn players(&self) -> u8 {
        self.options.players
    }

    pub fn direction(&self) -> Direction {
        self.mojo.direction()
    }

    /// The legal actions of this seat, if it is to act (empty otherwise).
    pub fn legal_actions(&self) -> ActionList {
        let phase = if self.is_my_turn() {
            self.phase
        } else {
            Phase::GameOver
        };
        ActionList::for_position(phase, &self.hand, &self.face_down, self.options.piles())
    }

    /// Whether this seat may take `action` now, with the reason if not.
    pub fn check(&self, action: Action) -> Result<(), RuleError> {
        if !self.is_my_turn() {
            return Err(RuleError::MustPlay);
        }
        check_action(
            self.phase,
            &self.hand,
            &self.face_down,
            self.options.piles(),
            action,
        )
    }

    /// The top card of discard pile `i`.
    pub fn top(&self, i: u8) -> Option<u8> {
        self.discard.get(i as usize).and_then(Pile::top)
    }

    /// Every card this seat has seen placed: its own hand and face-down
    /// cards, all face-up cards, the discard piles, and cards known to be in
    /// other hands.
    pub fn seen(&self) -> Cards {
        let mut seen = self.hand;
        seen.add_all(&self.face_down);
        for (i, sv) in self.seats.iter().enumerate() {
            seen.add_all(&sv.face_up);
            if i != self.seat as usize {
                seen.add_all(&sv.known_in_hand);
            }
        }
        for p in &self.discard {
            seen.add_all(&p.to_cards());
        }
        seen
    }

    /// The cards this seat cannot place: the deck minus [`Self::seen`]. They
    /// are in other hands (beyond their known cards), other face-down rows,
    /// or the draw pile.
    pub fn unseen(&self) -> Cards {
        let mut unseen = Cards::full_deck();
        unseen.remove_all(&self.seen());
        unseen
    }
}
