//! What each action does to the table: a play (and the chain it starts),
//! a draw, a reveal, the end of a turn, the end of a round and its
//! scoring, and the next round's deal. [`Game::apply`] checks an action
//! first and calls one of these; nothing else moves the state.

use super::{shuffle, Game, Last};
use crate::cards::{Cards, Value};
use crate::round_log::Step;
use crate::types::*;

impl Game {
    #[inline(always)]
    pub(super) fn play<S: EventSink>(&mut self, value: Value, pile: u8, sink: &mut S) {
        let seat = self.current;
        let s = seat as usize;
        let p = pile as usize;
        let covered = self.discard[p].top();
        self.undo.seat = seat;
        self.undo.value = value;
        self.undo.pile = pile;
        self.undo.phase = self.phase;
        self.undo.hand = self.hands[s];
        self.undo.known = self.known[s];
        self.log.mark(&mut self.undo.log);
        self.hands[s].remove(value);
        // Never full: a pile holds every card of a game
        // (`check_consistency`), so `take_back` pops this very card.
        self.discard[p].push(value);
        let hand = self.hands[s];
        if !self.known[s].is_empty() {
            self.known[s].clamp_to(&hand);
        }
        let outcome = Outcome::of(value, covered, hand.len());
        self.undo.last = Last::Play(outcome);
        self.log.push(Step::Play {
            seat,
            value,
            pile,
            covered,
        });
        sink.emit(Event::Played {
            seat,
            value,
            pile,
            covered,
            outcome,
        });
        match outcome {
            Outcome::LastCard => self.end_round(RoundEnd::EmptiedHand, sink),
            Outcome::Equal => self.phase = Phase::Continue { pile },
            Outcome::Lower => self.end_turn(sink),
            Outcome::Higher => {
                if self.options.double_discard {
                    self.phase = Phase::Draw { pile };
                } else {
                    self.draw_from_deck(seat, sink);
                    self.end_turn(sink);
                }
            }
        }
    }

    /// Two piles: the player who played on `pile` draws from `source`.
    pub(super) fn draw_choice<S: EventSink>(&mut self, pile: u8, source: DrawSource, sink: &mut S) {
        let seat = self.current;
        match source {
            DrawSource::Deck => self.draw_from_deck(seat, sink),
            DrawSource::Discard => {
                let other = 1 - pile as usize;
                match self.discard[other].pop() {
                    Some(v) => {
                        self.hands[seat as usize].add(v);
                        self.known[seat as usize].add(v);
                        self.log.push(Step::Draw {
                            seat,
                            card: Some(v),
                        });
                        sink.emit(Event::Drew {
                            seat,
                            source,
                            card: Some(v),
                        });
                        if self.discard[other].is_empty() {
                            // R11.4: the emptied pile is formed again from
                            // the top of the other pile.
                            if let Some(top) = self.discard[pile as usize].pop() {
                                self.discard[other].push(top);
                                sink.emit(Event::PileRefilled {
                                    pile: other as u8,
                                    value: top,
                                });
                            }
                        }
                    }
                    None => sink.emit(Event::NothingToDraw { seat }),
                }
            }
        }
    }

    /// Draws the top of the draw pile, rebuilding it first if empty (R7).
    #[inline(always)]
    fn draw_from_deck<S: EventSink>(&mut self, seat: Seat, sink: &mut S) {
        if self.draw.is_empty() {
            self.reshuffle_keeping_tops(sink);
        }
        match self.draw.pop() {
            Some(v) => {
                self.hands[seat as usize].add(v);
                // Public: that a card was drawn, not which.
                self.log.push(Step::Draw { seat, card: None });
                sink.emit(Event::Drew {
                    seat,
                    source: DrawSource::Deck,
                    card: Some(v),
                });
            }
            None => sink.emit(Event::NothingToDraw { seat }),
        }
    }

    /// R7 / R11.5: keep the top of each discard pile, shuffle the rest into
    /// a new draw pile.
    fn reshuffle_keeping_tops<S: EventSink>(&mut self, sink: &mut S) {
        for i in 0..self.options.piles() as usize {
            let pile = &mut self.discard[i];
            if let Some(top) = pile.pop() {
                self.draw.extend_from_slice(pile.as_slice());
                pile.clear();
                pile.push(top);
            }
        }
        if !self.draw.is_empty() {
            shuffle(self.draw.as_mut_slice(), &mut self.rng);
            sink.emit(Event::Reshuffled {
                cards: self.draw.len() as u8,
            });
        }
    }

    /// R12.1: while dealing, an empty draw pile takes the whole discard
    /// pile(s), shuffled.
    fn reshuffle_everything<S: EventSink>(&mut self, sink: &mut S) {
        for i in 0..self.options.piles() as usize {
            self.draw.extend_from_slice(self.discard[i].as_slice());
            self.discard[i].clear();
        }
        if !self.draw.is_empty() {
            shuffle(self.draw.as_mut_slice(), &mut self.rng);
            sink.emit(Event::Reshuffled {
                cards: self.draw.len() as u8,
            });
        }
    }

    fn deal_one<S: EventSink>(&mut self, sink: &mut S) -> Option<Value> {
        if self.draw.is_empty() {
            self.reshuffle_everything(sink);
        }
        self.draw.pop()
    }

    /// Deals 8 cards to each seat one at a time and turns one card onto
    /// each discard pile (R3, R12).
    pub(super) fn deal(&mut self) {
        self.deal_with(&mut NoEvents);
    }

    fn deal_with<S: EventSink>(&mut self, sink: &mut S) {
        let n = self.options.players as usize;
        let piles = self.options.piles() as usize;
        let needed = n * HAND_SIZE + piles;
        if self.draw.len() >= needed {
            // Enough cards: deal straight off the top, one card at a time
            // around the table, then turn one onto each discard pile.
            let cards = self.draw.as_slice();
            let top = cards.len();
            let mut seat = 0;
            for &v in cards[top - n * HAND_SIZE..].iter().rev() {
                self.hands[seat].add(v);
                seat += 1;
                if seat == n {
                    seat = 0;
                }
            }
            let mut rest = top - n * HAND_SIZE;
            for p in 0..piles {
                rest -= 1;
                let v = self.draw.as_slice()[rest];
                self.discard[p].push(v);
            }
            self.draw.truncate(rest);
            self.phase = self.turn_phase(self.current);
            return;
        }
        'dealing: for _ in 0..HAND_SIZE {
            for s in 0..n {
                match self.deal_one(sink) {
                    Some(v) => self.hands[s].add(v),
                    None => break 'dealing,
                }
            }
        }
        for p in 0..self.options.piles() as usize {
            if let Some(v) = self.deal_one(sink) {
                self.discard[p].push(v);
            }
        }
        self.phase = self.turn_phase(self.current);
    }

    /// End of a normal turn: Mojo Time (R5.1), then the next seat (R8).
    #[inline(always)]
    pub(super) fn end_turn<S: EventSink>(&mut self, sink: &mut S) {
        let seat = self.current;
        let s = seat as usize;
        let left = self.hands[s].len();
        if left >= 1 && left <= self.options.threshold() {
            let hand = self.hands[s];
            self.face_down[s].add_all(&hand);
            self.hands[s] = Cards::EMPTY;
            self.known[s] = Cards::EMPTY;
            self.log.push(Step::FaceDown {
                seat,
                count: left as u8,
            });
            sink.emit(Event::WentFaceDown {
                seat,
                count: left as u8,
            });
        }
        self.advance(sink);
    }

    #[inline]
    fn turn_phase(&self, seat: Seat) -> Phase {
        if self.face_down[seat as usize].is_empty() {
            Phase::Play
        } else {
            Phase::Reveal
        }
    }

    #[inline(always)]
    fn advance<S: EventSink>(&mut self, sink: &mut S) {
        let next = self.direction().next(self.current, self.options.players);
        self.current = next;
        self.phase = self.turn_phase(next);
        sink.emit(Event::TurnStarted {
            seat: next,
            phase: self.phase,
        });
    }

    pub(super) fn reveal<S: EventSink>(&mut self, value: Value, sink: &mut S) {
        let seat = self.current;
        let s = seat as usize;
        self.face_down[s].remove(value);
        self.face_up[s].add(value);
        self.log.push(Step::Reveal { seat, value });
        sink.emit(Event::Revealed { seat, value });
        if self.face_down[s].is_empty() {
            self.end_round(RoundEnd::RevealedLast, sink);
        } else {
            self.advance(sink);
        }
    }

    /// R9 and R10: reveal everything, score, turn the Mojo card, and end the
    /// game if a total reached the target (R13).
    fn end_round<S: EventSink>(&mut self, reason: RoundEnd, sink: &mut S) {
        let holder = self.current;
        let n = self.options.players as usize;
        sink.emit(Event::RoundEnded { holder, reason });
        let mut points = [0u32; MAX_PLAYERS];
        let mut cards = [Cards::EMPTY; MAX_PLAYERS];
        for s in 0..n {
            if !self.face_down[s].is_empty() {
                let down = self.face_down[s];
                self.face_up[s].add_all(&down);
                self.face_down[s] = Cards::EMPTY;
                if S::ENABLED {
                    sink.emit(Event::FaceDownTurnedUp {
                        seat: s as Seat,
                        cards: down,
                    });
                }
            }
            let mut all = self.hands[s];
            all.add_all(&self.face_up[s]);
            cards[s] = all;
            points[s] = all.points();
        }
        let h = holder as usize;
        let lowest = (0..n).all(|s| points[h] <= points[s]);
        let mut scores = points;
        let face = if lowest {
            scores[h] = 0;
            Face::Zero
        } else {
            scores[h] = scores[h].saturating_add(10);
            Face::PlusTen
        };
        // Saturating: a restored game may carry totals near `u32::MAX`
        // (with a target as high); a full total still ends the game.
        for (total, score) in self.totals[..n].iter_mut().zip(&scores) {
            *total = total.saturating_add(*score);
        }
        let result = RoundResult {
            round: self.round,
            players: self.options.players,
            holder,
            reason,
            points,
            scores,
            totals: self.totals,
            cards,
            face,
        };
        self.last_round = Some(result);
        if S::ENABLED {
            sink.emit(Event::RoundScored {
                result: Box::new(result),
            });
        }
        if face != self.mojo {
            self.mojo = face;
            sink.emit(Event::MojoTurned { face });
        }
        if self.totals[..n].iter().any(|&t| t >= self.options.target) {
            let best = self.totals[..n].iter().copied().min().unwrap_or(0);
            self.winners = (0..n)
                .filter(|&s| self.totals[s] == best)
                .fold(0u8, |m, s| m | (1 << s));
            self.phase = Phase::GameOver;
            if S::ENABLED {
                sink.emit(Event::GameOver {
                    winners: self.winners(),
                });
            }
        } else {
            self.phase = Phase::RoundOver;
        }
    }

    /// R12: gather the players' cards onto the first discard pile, deal a
    /// new round from the carried-over draw pile; the holder starts.
    pub(super) fn next_round<S: EventSink>(&mut self, sink: &mut S) {
        let n = self.options.players as usize;
        for s in 0..n {
            let mut held = self.hands[s];
            held.add_all(&self.face_down[s]);
            held.add_all(&self.face_up[s]);
            if !self.discard[0].extend_from_cards(&held) {
                // Only a partial position could overflow a pile; the cards
                // then go to the draw pile so none is lost.
                self.draw.extend_from_cards(&held);
            }
            self.hands[s] = Cards::EMPTY;
            self.face_down[s] = Cards::EMPTY;
            self.face_up[s] = Cards::EMPTY;
            self.known[s] = Cards::EMPTY;
        }
        #[cfg(feature = "beliefs")]
        if let Some(r) = self.last_round.as_ref().filter(|_| self.keep_styles) {
            let tops = [self.discard[0].top(), self.discard[1].top()];
            let style =
                crate::style::round_style(&self.log, &self.options, tops, &r.cards, self.round);
            for (s, add) in self.styles.iter_mut().zip(style) {
                for (x, y) in s.iter_mut().zip(add) {
                    *x = x.saturating_add(y);
                }
            }
        }
        self.round = self.round.saturating_add(1);
        self.log.clear();
        self.deal_with(sink);
        sink.emit(Event::RoundDealt {
            round: self.round,
            starter: self.current,
        });
        sink.emit(Event::TurnStarted {
            seat: self.current,
            phase: self.phase,
        });
    }
}
