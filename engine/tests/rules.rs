//! One test (or more) per rule of docs/RULES.md, each named after its rule.

use mojo_engine::*;

/// A turn-start position: one list per seat; draw top first; piles bottom
/// first.
struct Pos {
    players: u8,
    double: bool,
    current: u8,
    mojo: Face,
    totals: Vec<u32>,
    hands: Vec<Vec<u8>>,
    face_down: Vec<Vec<u8>>,
    face_up: Vec<Vec<u8>>,
    draw: Vec<u8>,
    discard: Vec<Vec<u8>>,
    target: u32,
}

impl Pos {
    fn new(hands: &[&[u8]]) -> Pos {
        let n = hands.len();
        Pos {
            players: n as u8,
            double: false,
            current: 0,
            mojo: Face::Zero,
            totals: vec![0; n],
            hands: hands.iter().map(|h| h.to_vec()).collect(),
            face_down: vec![vec![]; n],
            face_up: vec![vec![]; n],
            draw: vec![3, 4, 5, 6],
            discard: vec![vec![7]],
            target: 50,
        }
    }
    fn game(&self) -> Game {
        Game::from_position(&Position {
            options: Options {
                players: self.players,
                double_discard: self.double,
                target: self.target,
                first_player: FirstPlayer::Seat(0),
            },
            seed: 9,
            current: self.current,
            mojo: self.mojo,
            totals: self.totals.clone(),
            hands: self.hands.clone(),
            face_down: self.face_down.clone(),
            face_up: self.face_up.clone(),
            draw: self.draw.clone(),
            discard: self.discard.clone(),
        })
        .expect("test position is valid")
    }
}

fn play(value: u8) -> Action {
    Action::Play { value, pile: 0 }
}

fn hand(g: &Game, seat: u8) -> Vec<u8> {
    g.hand(seat).to_vec()
}

#[test]
fn r1_face_zero_is_clockwise_and_plus_ten_counterclockwise() {
    assert_eq!(Face::Zero.direction(), Direction::Clockwise);
    assert_eq!(Face::PlusTen.direction(), Direction::Counterclockwise);
    assert_eq!(Direction::Clockwise.next(3, 4), 0);
    assert_eq!(Direction::Counterclockwise.next(0, 4), 3);
}

#[test]
fn r1_new_game_holds_the_78_card_deck() {
    for seed in 0..50 {
        let g = Game::new(Options::players(2 + (seed % 7) as u8), seed).unwrap();
        g.check_full_deck().unwrap();
    }
}

#[test]
fn r2_two_to_eight_players() {
    for n in [0, 1, 9, 200] {
        assert_eq!(
            Game::new(Options::players(n), 1).unwrap_err(),
            SetupError::Players(n)
        );
    }
    for n in 2..=8 {
        assert_eq!(Game::new(Options::players(n), 1).unwrap().players(), n);
    }
    assert_eq!(Options::players(3).threshold(), 3);
    assert_eq!(Options::players(8).threshold(), 3);
}

#[test]
fn r3_setup_deals_eight_each_and_turns_one_card_per_pile() {
    for double in [false, true] {
        let g = Game::new(
            Options {
                double_discard: double,
                ..Options::players(5)
            },
            42,
        )
        .unwrap();
        for s in 0..5 {
            assert_eq!(g.hand(s).len(), 8);
        }
        let piles = if double { 2 } else { 1 };
        assert_eq!(g.discards().len(), piles);
        assert!(g.discards().iter().all(|p| p.len() == 1));
        assert_eq!(g.draw_pile().len(), 78 - 40 - piles);
        assert_eq!(g.mojo(), Face::Zero);
        assert_eq!(g.phase(), Phase::Play);
        assert_eq!(g.round(), 1);
    }
}

#[test]
fn r3_first_player_is_the_chosen_seat_or_drawn_from_the_seed() {
    let chosen = Game::new(
        Options {
            first_player: FirstPlayer::Seat(2),
            ..Options::players(4)
        },
        1,
    )
    .unwrap();
    assert_eq!(chosen.current(), 2);
    let random = |seed| {
        Game::new(
            Options {
                first_player: FirstPlayer::Random,
                ..Options::players(4)
            },
            seed,
        )
        .unwrap()
        .current()
    };
    let seats: std::collections::BTreeSet<u8> = (0..64).map(random).collect();
    assert_eq!(seats.len(), 4, "every seat can start");
    assert_eq!(random(5), random(5), "the seed decides");
    assert_eq!(
        Game::new(
            Options {
                first_player: FirstPlayer::Seat(4),
                ..Options::players(4)
            },
            1
        )
        .unwrap_err(),
        SetupError::FirstPlayer(4)
    );
}

#[test]
fn r4_lower_card_ends_the_turn() {
    let mut g = Pos::new(&[&[2, 5, 9, 11, 12], &[1, 2, 3, 4, 5], &[6, 6, 7, 8, 9]]).game();
    let events = g.apply(play(5)).unwrap();
    assert_eq!(hand(&g, 0), vec![2, 9, 11, 12]);
    assert_eq!(g.current(), 1);
    assert_eq!(g.draw_pile().len(), 4, "no card drawn");
    assert!(events.contains(&Event::Played {
        seat: 0,
        value: 5,
        pile: 0,
        covered: Some(7),
        outcome: Outcome::Lower
    }));
}

#[test]
fn r4_higher_card_draws_one_then_ends_the_turn() {
    let mut g = Pos::new(&[&[2, 5, 9, 11, 12], &[1, 2, 3, 4, 5], &[6, 6, 7, 8, 9]]).game();
    let events = g.apply(play(9)).unwrap();
    assert_eq!(hand(&g, 0), vec![2, 3, 5, 11, 12], "drew the top card, 3");
    assert_eq!(g.current(), 1);
    assert!(events.contains(&Event::Drew {
        seat: 0,
        source: DrawSource::Deck,
        card: Some(3)
    }));
}

#[test]
fn r4_equal_card_plays_again_on_the_same_pile() {
    let mut g = Pos::new(&[&[4, 7, 7, 9, 12], &[1, 2, 3, 4, 5], &[6, 6, 7, 8, 9]]).game();
    g.apply(play(7)).unwrap();
    assert_eq!(g.phase(), Phase::Continue { pile: 0 });
    assert_eq!(g.current(), 0);
    assert_eq!(g.check(Action::NextRound), Err(RuleError::RoundNotOver));
    // The second 7 equals the new top: play again; then the 4 is lower.
    g.apply(play(7)).unwrap();
    assert_eq!(g.phase(), Phase::Continue { pile: 0 });
    g.apply(play(4)).unwrap();
    assert_eq!(g.current(), 1);
    assert_eq!(g.discard(0).as_slice(), &[7, 7, 7, 4]);
}

#[test]
fn r4_polish_example_the_second_seven_cannot_follow() {
    let mut p = Pos::new(&[&[0, 3, 4, 7, 7, 8, 8], &[1, 2, 3, 4, 5], &[6, 6, 7, 8, 9]]);
    p.discard = vec![vec![1, 8]];
    let mut g = p.game();
    g.apply(play(8)).unwrap();
    g.apply(play(8)).unwrap();
    g.apply(play(7)).unwrap();
    assert_eq!(g.current(), 1, "7 is lower than 8: the turn is over");
    assert_eq!(hand(&g, 0), vec![0, 3, 4, 7]);
}

#[test]
fn r4_chain_ending_higher_draws() {
    let mut p = Pos::new(&[&[6, 6, 9, 11, 12], &[1, 2, 3, 4, 5], &[6, 7, 7, 8, 9]]);
    p.discard = vec![vec![6]];
    let mut g = p.game();
    for v in [6, 6, 9] {
        g.apply(play(v)).unwrap();
    }
    // 9 > 6: the 3 is drawn; the turn ends with 3 cards, which go face
    // down (R5) with 3 players.
    assert!(g.hand(0).is_empty());
    assert_eq!(g.face_down(0).to_vec(), vec![3, 11, 12]);
    assert_eq!(g.current(), 1);
}

#[test]
fn r4_emptying_the_hand_ends_the_round_without_a_draw() {
    let mut p = Pos::new(&[&[9], &[1, 2, 3, 4, 5], &[6, 7, 7, 8, 9]]);
    p.face_up = vec![vec![0, 1], vec![], vec![]];
    let mut g = p.game();
    let events = g.apply(play(9)).unwrap();
    assert_eq!(g.phase(), Phase::RoundOver);
    assert_eq!(g.draw_pile().len(), 4, "no card drawn although 9 > 7");
    assert!(events.contains(&Event::RoundEnded {
        holder: 0,
        reason: RoundEnd::EmptiedHand
    }));
    assert_eq!(g.last_round().unwrap().holder, 0);
}

#[test]
fn r4_equal_last_card_ends_the_round() {
    let mut g = Pos::new(&[&[7], &[1, 2, 3, 4, 5], &[6, 7, 8, 9, 9]]).game();
    g.apply(play(7)).unwrap();
    assert_eq!(g.phase(), Phase::RoundOver);
}

#[test]
fn r5_ending_a_turn_with_one_to_three_cards_goes_face_down() {
    for left in 1..=4usize {
        let mut cards = vec![0u8; 0];
        cards.push(2); // played: lower than 7
        cards.extend(std::iter::repeat_n(11, left));
        let mut g = Pos::new(&[&cards, &[1, 2, 3, 4, 5], &[6, 7, 8, 9, 9]]).game();
        let events = g.apply(play(2)).unwrap();
        if left <= 3 {
            assert_eq!(g.hand(0).len(), 0);
            assert_eq!(g.face_down(0).len(), left);
            assert!(events.contains(&Event::WentFaceDown {
                seat: 0,
                count: left as u8
            }));
        } else {
            assert_eq!(g.hand(0).len(), 4, "4 cards stay in hand");
            assert!(g.face_down(0).is_empty());
        }
    }
}

#[test]
fn r5_a_player_with_face_down_cards_must_reveal_one() {
    let mut p = Pos::new(&[&[], &[1, 2, 3, 4, 5], &[6, 7, 8, 9, 9]]);
    p.face_down = vec![vec![6, 10, 12], vec![], vec![]];
    let mut g = p.game();
    assert_eq!(g.phase(), Phase::Reveal);
    assert_eq!(g.check(play(6)), Err(RuleError::MustReveal));
    assert_eq!(
        g.check(Action::Reveal(5)),
        Err(RuleError::NotFaceDown { value: 5 })
    );
    let legal: Vec<Action> = g.legal_actions().to_vec();
    assert_eq!(
        legal,
        vec![Action::Reveal(6), Action::Reveal(10), Action::Reveal(12)]
    );
    g.apply(Action::Reveal(10)).unwrap();
    assert_eq!(g.face_up(0).to_vec(), vec![10]);
    assert_eq!(g.face_down(0).to_vec(), vec![6, 12]);
    assert_eq!(g.current(), 1, "revealing is the whole turn");
}

#[test]
fn r5_owner_sees_their_face_down_cards_others_only_the_count() {
    let mut p = Pos::new(&[&[], &[1, 2, 3, 4, 5], &[6, 7, 8, 9, 9]]);
    p.face_down = vec![vec![6, 10, 12], vec![], vec![]];
    let g = p.game();
    assert_eq!(g.view(0).face_down.to_vec(), vec![6, 10, 12]);
    let other = g.view(1);
    assert!(other.face_down.is_empty());
    assert_eq!(other.seats[0].face_down_len, 3);
}

#[test]
fn r6_two_players_threshold_is_two() {
    assert_eq!(Options::players(2).threshold(), 2);
    let mut p = Pos::new(&[&[1, 7, 11, 12], &[0, 7, 11]]);
    p.discard = vec![vec![5]];
    let mut g = p.game();
    g.apply(play(1)).unwrap();
    assert_eq!(g.hand(0).len(), 3, "3 cards stay in hand with 2 players");
    g.apply(play(0)).unwrap();
    assert_eq!(g.face_down(1).to_vec(), vec![7, 11], "2 cards go face down");
}

#[test]
fn r7_empty_draw_pile_is_rebuilt_keeping_the_top() {
    let mut p = Pos::new(&[&[2, 9, 12, 12, 12], &[1, 2, 3, 4, 5], &[6, 7, 8, 9, 9]]);
    p.draw = vec![];
    p.discard = vec![vec![3, 4, 6]];
    let mut g = p.game();
    let events = g.apply(play(9)).unwrap();
    assert_eq!(g.discard(0).as_slice(), &[9]);
    assert_eq!(g.draw_pile().len(), 2);
    assert_eq!(g.hand(0).len(), 5);
    assert!(events.contains(&Event::Reshuffled { cards: 3 }));
}

#[test]
fn r7_the_covered_card_alone_can_be_reshuffled_and_drawn() {
    // A higher card always covers one, so a rebuilt draw pile is never
    // empty: "nothing to draw" cannot follow a play.
    let mut p = Pos::new(&[&[2, 9, 12, 12, 12], &[1, 2, 3, 4, 5], &[6, 7, 8, 9, 9]]);
    p.draw = vec![];
    p.discard = vec![vec![6]];
    let mut g = p.game();
    let events = g.apply(play(9)).unwrap();
    assert!(events.contains(&Event::Reshuffled { cards: 1 }));
    assert_eq!(hand(&g, 0), vec![2, 6, 12, 12, 12]);
    assert_eq!(g.discard(0).as_slice(), &[9]);
    assert!(g.draw_pile().is_empty());
    assert_eq!(g.current(), 1);
}

#[test]
fn r8_turns_follow_the_mojo_face() {
    for (face, order) in [(Face::Zero, [1, 2, 3, 0]), (Face::PlusTen, [3, 2, 1, 0])] {
        let mut p = Pos::new(&[
            &[0, 0, 5, 9, 12],
            &[0, 1, 5, 9, 12],
            &[0, 1, 5, 9, 12],
            &[0, 1, 5, 9, 12],
        ]);
        p.mojo = face;
        p.draw = vec![];
        p.discard = vec![vec![12]];
        let mut g = p.game();
        for &next in &order {
            g.apply(play(0)).unwrap_or_else(|e| panic!("{e}"));
            if g.phase() == (Phase::Continue { pile: 0 }) {
                g.apply(play(5)).unwrap();
            }
            assert_eq!(g.current(), next, "{face:?}");
        }
    }
}

#[test]
fn r9_revealing_the_last_face_down_card_ends_the_round() {
    let mut p = Pos::new(&[&[], &[1, 2, 3, 4, 5], &[6, 7, 8, 9, 9]]);
    p.face_down = vec![vec![4], vec![], vec![11]];
    p.hands[2] = vec![];
    let mut g = p.game();
    let events = g.apply(Action::Reveal(4)).unwrap();
    assert_eq!(g.phase(), Phase::RoundOver);
    assert!(events.contains(&Event::RoundEnded {
        holder: 0,
        reason: RoundEnd::RevealedLast
    }));
    assert!(
        g.face_down(2).is_empty(),
        "everyone's face-down cards turn up"
    );
    assert_eq!(g.face_up(2).to_vec(), vec![11]);
}

#[test]
fn r10_mojo_holder_scores_zero_when_lowest() {
    let mut p = Pos::new(&[&[], &[0, 5, 11, 11], &[3, 8, 12, 12]]);
    p.face_down = vec![vec![4], vec![], vec![]];
    p.face_up = vec![vec![2, 9], vec![], vec![]];
    p.totals = vec![10, 12, 14];
    let mut g = p.game();
    g.apply(Action::Reveal(4)).unwrap();
    let r = *g.last_round().unwrap();
    assert_eq!(r.points(), &[13, 16, 23]);
    assert_eq!(r.scores(), &[0, 16, 23]);
    assert_eq!(g.totals(), &[10, 28, 37]);
    assert_eq!(g.mojo(), Face::Zero);
    assert_eq!(r.breakdown(0), [None, Some(4), None, Some(9), None]);
}

#[test]
fn r10_mojo_holder_tied_for_lowest_scores_zero() {
    let mut p = Pos::new(&[&[], &[0, 12], &[5, 7, 8]]);
    p.face_down = vec![vec![12], vec![], vec![]];
    let mut g = p.game();
    g.apply(Action::Reveal(12)).unwrap();
    let r = g.last_round().unwrap();
    assert_eq!(r.points(), &[12, 12, 15]);
    assert_eq!(r.scores(), &[0, 12, 15]);
    assert!(!r.holder_penalised());
}

#[test]
fn r10_mojo_holder_scores_plus_ten_when_someone_is_lower() {
    let mut p = Pos::new(&[&[1, 8, 9], &[0, 2, 4], &[]]);
    p.face_down = vec![vec![], vec![], vec![3]];
    p.face_up = vec![vec![], vec![], vec![10, 11]];
    p.current = 2;
    let mut g = p.game();
    let events = g.apply(Action::Reveal(3)).unwrap();
    let r = g.last_round().unwrap();
    assert_eq!(r.points(), &[10, 4, 24]);
    assert_eq!(r.scores(), &[10, 4, 34]);
    assert!(r.holder_penalised());
    assert_eq!(g.mojo(), Face::PlusTen);
    assert!(events.contains(&Event::MojoTurned {
        face: Face::PlusTen
    }));
}

#[test]
fn r10_duplicates_count_once_and_every_card_counts() {
    let mut p = Pos::new(&[&[5, 6, 6, 12, 12], &[], &[0, 1, 2]]);
    p.face_down = vec![vec![], vec![7], vec![]];
    p.face_up = vec![vec![], vec![], vec![3, 11]];
    p.current = 1;
    let mut g = p.game();
    g.apply(Action::Reveal(7)).unwrap();
    assert_eq!(g.last_round().unwrap().points(), &[18, 7, 15]);
}

#[test]
fn r11_play_on_the_chosen_pile_and_draw_from_the_other() {
    let mut p = Pos::new(&[&[2, 9, 9, 11, 12], &[1, 2, 3, 4, 5], &[6, 7, 8, 9, 9]]);
    p.double = true;
    p.discard = vec![vec![6], vec![1, 0]];
    let mut g = p.game();
    assert_eq!(g.legal_actions().len(), 8, "4 values x 2 piles");
    g.apply(Action::Play { value: 9, pile: 0 }).unwrap();
    assert_eq!(g.phase(), Phase::Draw { pile: 0 });
    assert_eq!(g.check(play(2)), Err(RuleError::MustDraw));
    g.apply(Action::Draw(DrawSource::Discard)).unwrap();
    assert_eq!(hand(&g, 0), vec![0, 2, 9, 11, 12]);
    assert_eq!(g.discard(1).as_slice(), &[1]);
    // Everyone saw the 0 taken: it is public until played.
    assert_eq!(g.view(2).seats[0].known_in_hand.to_vec(), vec![0]);
}

#[test]
fn r11_chain_stays_on_its_pile() {
    let mut p = Pos::new(&[&[4, 4, 9, 11, 12], &[1, 2, 3, 4, 5], &[6, 7, 8, 9, 9]]);
    p.double = true;
    p.discard = vec![vec![6], vec![4]];
    let mut g = p.game();
    g.apply(Action::Play { value: 4, pile: 1 }).unwrap();
    assert_eq!(
        g.check(Action::Play { value: 4, pile: 0 }),
        Err(RuleError::WrongPile {
            expected: 1,
            got: 0
        })
    );
    g.apply(Action::Play { value: 4, pile: 1 }).unwrap();
    assert_eq!(g.discard(1).as_slice(), &[4, 4, 4]);
}

#[test]
fn r11_4_a_pile_emptied_by_a_draw_takes_the_other_top() {
    let mut p = Pos::new(&[&[2, 9, 9, 11, 12], &[1, 2, 3, 4, 5], &[6, 7, 8, 9, 9]]);
    p.double = true;
    p.discard = vec![vec![8, 3], vec![0]];
    let mut g = p.game();
    g.apply(Action::Play { value: 9, pile: 0 }).unwrap();
    let events = g.apply(Action::Draw(DrawSource::Discard)).unwrap();
    assert_eq!(g.discard(0).as_slice(), &[8, 3]);
    assert_eq!(g.discard(1).as_slice(), &[9]);
    assert!(events.contains(&Event::PileRefilled { pile: 1, value: 9 }));
}

#[test]
fn r11_5_reshuffle_keeps_both_tops() {
    let mut p = Pos::new(&[&[2, 9, 9, 11, 12], &[1, 2, 3, 4, 5], &[6, 7, 8, 9, 9]]);
    p.double = true;
    p.draw = vec![];
    p.discard = vec![vec![1, 2, 6], vec![5, 10, 3]];
    let mut g = p.game();
    g.apply(Action::Play { value: 9, pile: 0 }).unwrap();
    g.apply(Action::Draw(DrawSource::Deck)).unwrap();
    assert_eq!(g.discard(0).as_slice(), &[9]);
    assert_eq!(g.discard(1).as_slice(), &[3]);
    assert_eq!(g.draw_pile().len(), 5 - 1);
}

#[test]
fn r12_next_round_deals_from_the_carried_over_draw_pile() {
    let mut g = Game::new(Options::players(4), 3).unwrap();
    let mut rounds = 0;
    while !g.is_over() {
        if g.phase() == Phase::RoundOver {
            let before = g.draw_pile().len();
            let holder = g.current();
            let face = g.mojo();
            g.apply(Action::NextRound).unwrap();
            rounds += 1;
            assert_eq!(g.current(), holder, "the holder starts");
            assert_eq!(g.mojo(), face, "the face is kept");
            assert_eq!(g.direction(), face.direction());
            for s in 0..4 {
                assert_eq!(g.hand(s).len(), 8);
                assert!(g.face_down(s).is_empty() && g.face_up(s).is_empty());
            }
            if before >= 33 {
                assert_eq!(g.draw_pile().len(), before - 33, "no reshuffle needed");
            }
            g.check_full_deck().unwrap();
        } else {
            let a = g.legal_actions().get(0).unwrap();
            g.apply(a).unwrap();
        }
    }
    assert!(rounds >= 1);
}

#[test]
fn r13_game_ends_at_the_target_with_shared_victory() {
    let mut p = Pos::new(&[&[], &[0, 2], &[0, 2]]);
    p.face_down = vec![vec![12], vec![], vec![]];
    p.face_up = vec![vec![11], vec![], vec![]];
    p.totals = vec![38, 20, 20];
    let mut g = p.game();
    let events = g.apply(Action::Reveal(12)).unwrap();
    assert_eq!(g.phase(), Phase::GameOver);
    assert_eq!(g.totals(), &[60, 22, 22]);
    assert_eq!(g.winners(), vec![1, 2]);
    assert!(events.contains(&Event::GameOver {
        winners: vec![1, 2]
    }));
    assert_eq!(g.check(Action::NextRound), Err(RuleError::GameIsOver));
    assert!(g.legal_actions().is_empty());
}

#[test]
fn r13_the_target_is_an_option() {
    let mut p = Pos::new(&[&[], &[0, 2], &[5, 9]]);
    p.face_down = vec![vec![1], vec![], vec![]];
    p.totals = vec![0, 27, 0];
    p.target = 30;
    let mut g = p.game();
    g.apply(Action::Reveal(1)).unwrap();
    assert_eq!(g.totals(), &[0, 29, 14]);
    assert_eq!(g.phase(), Phase::RoundOver, "29 < 30");
    let mut p2 = Pos::new(&[&[], &[0, 3], &[5, 9]]);
    p2.face_down = vec![vec![1], vec![], vec![]];
    p2.totals = vec![0, 27, 0];
    p2.target = 30;
    let mut g2 = p2.game();
    g2.apply(Action::Reveal(1)).unwrap();
    assert_eq!(g2.phase(), Phase::GameOver, "30 reaches the target");
    assert_eq!(g2.winners(), vec![0]);
}

#[test]
fn r14_a_view_never_shows_another_seats_hidden_cards() {
    let mut p = Pos::new(&[&[2, 5, 9], &[1, 2, 3, 4, 5], &[6, 7, 8, 9, 9]]);
    p.face_down = vec![vec![], vec![], vec![]];
    p.hands[0] = vec![2, 5, 9, 10];
    let a = p.game();
    // Same public information, different hidden cards.
    let mut q = Pos::new(&[&[2, 5, 9, 10], &[0, 0, 11, 12, 12], &[1, 1, 4, 4, 6]]);
    q.draw = vec![10, 11, 12, 0];
    let b = q.game();
    assert_eq!(a.view(0), b.view(0));
    assert_ne!(a.view(1), b.view(1));
}

#[test]
fn r14_events_hide_cards_drawn_from_the_deck_from_others() {
    let mut g = Pos::new(&[&[2, 5, 9, 11, 12], &[1, 2, 3, 4, 5], &[6, 6, 7, 8, 9]]).game();
    let events = g.apply(play(9)).unwrap();
    let drew = events
        .iter()
        .find(|e| matches!(e, Event::Drew { .. }))
        .unwrap();
    assert_eq!(
        drew.visible_to(0),
        Event::Drew {
            seat: 0,
            source: DrawSource::Deck,
            card: Some(3)
        }
    );
    assert_eq!(
        drew.visible_to(1),
        Event::Drew {
            seat: 0,
            source: DrawSource::Deck,
            card: None
        }
    );
}

#[test]
fn refused_actions_change_nothing_and_say_why() {
    let g0 = Pos::new(&[&[2, 5, 9, 11, 12], &[1, 2, 3, 4, 5], &[6, 6, 7, 8, 9]]).game();
    let mut g = g0.clone();
    for (a, e) in [
        (play(7), RuleError::NotInHand { value: 7 }),
        (play(13), RuleError::NotInHand { value: 13 }),
        (
            Action::Play { value: 5, pile: 1 },
            RuleError::NoSuchPile { pile: 1 },
        ),
        (Action::Draw(DrawSource::Deck), RuleError::NoDrawOwed),
        (Action::Reveal(5), RuleError::NoRevealNow),
        (Action::NextRound, RuleError::RoundNotOver),
    ] {
        assert_eq!(g.apply(a), Err(e));
        assert_eq!(g, g0);
        assert!(!e.to_string().is_empty());
    }
}

#[test]
fn positions_that_break_the_rules_are_refused_with_a_reason() {
    let base = Pos::new(&[&[2, 5], &[1, 2], &[6, 9]]);
    let check = |mutate: &dyn Fn(&mut Pos), needle: &str| {
        let mut p = Pos::new(&[&[2, 5], &[1, 2], &[6, 9]]);
        mutate(&mut p);
        let err = Game::from_position(&Position {
            options: Options {
                players: p.players,
                double_discard: p.double,
                target: p.target,
                first_player: FirstPlayer::Seat(0),
            },
            seed: 0,
            current: p.current,
            mojo: p.mojo,
            totals: p.totals.clone(),
            hands: p.hands.clone(),
            face_down: p.face_down.clone(),
            face_up: p.face_up.clone(),
            draw: p.draw.clone(),
            discard: p.discard.clone(),
        })
        .unwrap_err();
        assert!(err.0.contains(needle), "{err} should mention {needle}");
    };
    let _ = base.game();
    check(&|p| p.hands[1] = vec![13], "0 to 12");
    check(&|p| p.current = 3, "current");
    check(&|p| p.totals = vec![0, 0], "totals");
    check(&|p| p.face_up = vec![vec![]], "face_up");
    check(&|p| p.discard = vec![vec![1], vec![2]], "discard");
    check(&|p| p.draw = vec![14], "0 to 12");
    check(&|p| p.hands[2] = vec![], "no card");
    check(&|p| p.players = 9, "2 to 8");
}

// ----- Take-back (docs/RULES.md, "Take-back", a house rule) ----------------

/// A small deterministic generator for choosing actions.
struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> u32 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 32) as u32
    }
}

fn outcome_of(events: &[Event]) -> Outcome {
    match events.first() {
        Some(&Event::Played { outcome, .. }) => outcome,
        other => panic!("a play's first event is the card played, not {other:?}"),
    }
}

/// Take-back: at every position of hundreds of random games (2–8 players,
/// one and two piles), every legal card that goes lower or equal is played
/// and taken back, and the game is again the one before it, field for
/// field (`==`, and its serialised form), generator and draw order
/// included, and it goes on as it would have. Every higher or last card
/// is refused and changes nothing.
#[test]
fn take_back_restores_the_game_before_the_play() {
    let (mut lower, mut equal, mut went_down, mut chains, mut refused) = (0, 0, 0, 0, 0);
    let (mut known, mut full_log) = (0, 0);
    for seed in 0..300u64 {
        let options = Options {
            players: 2 + (seed % 7) as u8,
            double_discard: seed % 3 == 0,
            target: [50, 30][(seed % 2) as usize],
            first_player: if seed % 5 == 0 {
                FirstPlayer::Random
            } else {
                FirstPlayer::Seat(0)
            },
        };
        let mut game = Game::new(options, seed).unwrap();
        let mut rng = Lcg(seed ^ 0x7A4E_BAC4);
        while !game.is_over() {
            let legal = game.legal_actions();
            for a in legal.iter().filter(|a| matches!(a, Action::Play { .. })) {
                let before = game.clone();
                let mut g = game.clone();
                let events = g.apply(a).unwrap();
                let after = g.clone();
                match outcome_of(&events) {
                    o @ (Outcome::Lower | Outcome::Equal) => {
                        let Action::Play { value, .. } = a else {
                            unreachable!()
                        };
                        // The rule of the events and the engine's undo agree.
                        assert_eq!(take_back_card(&events), Some((before.current(), value)));
                        assert_eq!(g.take_back(), Ok(before.current()), "seed {seed}: {a:?}");
                        assert_eq!(g, before, "seed {seed}: {a:?} taken back");
                        assert_eq!(
                            serde_json::to_string(&g).unwrap(),
                            serde_json::to_string(&before).unwrap()
                        );
                        assert_eq!(g.take_back(), Err(TakeBackError::NothingToTakeBack));
                        if o == Outcome::Lower {
                            lower += 1;
                        } else {
                            equal += 1;
                        }
                        if !after.face_down(before.current()).is_empty() {
                            went_down += 1;
                        }
                        if matches!(before.phase(), Phase::Continue { .. }) {
                            chains += 1;
                        }
                        if !before.view(before.current()).seats[before.current() as usize]
                            .known_in_hand
                            .is_empty()
                        {
                            known += 1;
                        }
                        if after.view(0).log.len() < before.view(0).log.len() {
                            full_log += 1;
                        }
                        // It goes on as it would have: the same actions give
                        // the same games (shuffles included) to the round's end.
                        if rng.next().is_multiple_of(16) {
                            let mut twin = before.clone();
                            let mut pick = Lcg(seed);
                            let round = g.round();
                            while g.round() == round && !g.is_over() {
                                let l = g.legal_actions();
                                let b = l.get(pick.next() as usize % l.len()).unwrap();
                                assert_eq!(g.apply(b), twin.apply(b));
                                assert_eq!(g, twin);
                            }
                        }
                    }
                    o => {
                        assert_eq!(take_back_card(&events), None, "seed {seed}: {a:?}");
                        assert_eq!(g.take_back(), Err(TakeBackError::ShowedMore(o)));
                        assert_eq!(g, after, "a refused take-back changes nothing");
                        refused += 1;
                    }
                }
            }
            // In every other game the players keep their hands: the lowest
            // card that beats the top (it draws another), else their lowest
            // (the next player beats it), so rounds grow long enough to
            // fill the round log.
            let beats = |a: &Action| match *a {
                Action::Play { value, pile } => game.discard(pile).top().is_some_and(|t| value > t),
                _ => false,
            };
            let keep = legal
                .iter()
                .find(beats)
                .or_else(|| legal.iter().find(|a| matches!(a, Action::Play { .. })));
            let a = match keep {
                Some(keep) if seed % 2 == 1 && !rng.next().is_multiple_of(16) => keep,
                _ => legal.get(rng.next() as usize % legal.len()).unwrap(),
            };
            game.apply(a).unwrap();
        }
    }
    assert!(
        lower > 10_000 && equal > 1_000 && went_down > 1_000 && chains > 100 && refused > 10_000,
        "{lower} lower, {equal} equal, {went_down} face down, {chains} in chains, {refused} refused"
    );
    assert!(
        known > 1_000,
        "{known} plays by a seat with known cards (R11.3)"
    );
    assert!(
        full_log > 100,
        "{full_log} plays that found the round log full"
    );
}

/// Take-back: a higher card (it draws one, or owes a draw with two piles),
/// a last card (the round ends), a draw, a reveal and the next round are
/// never taken back; the refusal says why and changes nothing.
#[test]
fn take_back_is_refused_after_a_draw_or_a_higher_play() {
    let hands: &[&[u8]] = &[&[2, 5, 9, 11, 12], &[1, 2, 3, 4, 5], &[6, 6, 7, 8, 9]];
    // Higher: the 3 on the draw pile is in the hand now.
    let mut g = Pos::new(hands).game();
    let events = g.apply(play(9)).unwrap();
    let after = g.clone();
    assert_eq!(
        g.take_back(),
        Err(TakeBackError::ShowedMore(Outcome::Higher))
    );
    assert_eq!(g, after);
    assert_eq!(take_back_card(&events), None);

    // Two piles: a higher card owes a draw, and the draw is no play.
    let mut p = Pos::new(hands);
    p.double = true;
    p.discard = vec![vec![7], vec![3]];
    let mut g = p.game();
    g.apply(play(9)).unwrap();
    assert_eq!(g.phase(), Phase::Draw { pile: 0 });
    assert_eq!(
        g.take_back(),
        Err(TakeBackError::ShowedMore(Outcome::Higher))
    );
    g.apply(Action::Draw(DrawSource::Discard)).unwrap();
    assert_eq!(g.take_back(), Err(TakeBackError::NotAPlay));

    // The last card ends the round; the next round is no play either.
    let mut g = Pos::new(&[&[2], &[1, 2, 3, 4, 5], &[6, 7, 8, 9, 9]]).game();
    g.apply(play(2)).unwrap();
    assert_eq!(g.phase(), Phase::RoundOver);
    let after = g.clone();
    assert_eq!(
        g.take_back(),
        Err(TakeBackError::ShowedMore(Outcome::LastCard))
    );
    assert_eq!(g, after);
    g.apply(Action::NextRound).unwrap();
    assert_eq!(g.take_back(), Err(TakeBackError::NotAPlay));

    // A reveal.
    let mut p = Pos::new(&[&[], &[1, 2, 3, 4, 5], &[6, 7, 8, 9, 9]]);
    p.face_down = vec![vec![6, 10, 12], vec![], vec![]];
    let mut g = p.game();
    g.apply(Action::Reveal(10)).unwrap();
    assert_eq!(g.take_back(), Err(TakeBackError::NotAPlay));

    // Nothing played yet; and every refusal has words.
    let mut g = Game::new(Options::players(3), 4).unwrap();
    assert_eq!(g.take_back(), Err(TakeBackError::NothingToTakeBack));
    for e in [
        TakeBackError::NothingToTakeBack,
        TakeBackError::NotAPlay,
        TakeBackError::ShowedMore(Outcome::Higher),
        TakeBackError::ShowedMore(Outcome::LastCard),
    ] {
        assert!(!e.to_string().is_empty());
    }
}

/// Take-back of a lower card that ended the turn with 1 to 3 cards: they
/// come back from face down (R5.1) and the turn is the player's again.
#[test]
fn take_back_returns_the_cards_that_went_face_down() {
    let mut g = Pos::new(&[&[2, 11, 11, 12], &[1, 2, 3, 4, 5], &[6, 7, 8, 9, 9]]).game();
    let before = g.clone();
    let events = g.apply(play(2)).unwrap();
    assert!(events.contains(&Event::WentFaceDown { seat: 0, count: 3 }));
    assert_eq!(g.current(), 1);
    assert_eq!(take_back_card(&events), Some((0, 2)));
    assert_eq!(g.take_back(), Ok(0));
    assert_eq!(g, before);
    assert_eq!(hand(&g, 0), vec![2, 11, 11, 12]);
    assert!(g.face_down(0).is_empty());
    assert_eq!(g.phase(), Phase::Play);
    assert!(g.view(1).log.is_empty(), "no trace in the round's log");
}

/// Take-back in a chain (R4.2): an equal card goes back and with it the
/// obligation to play again; the card that ended a chain goes back to the
/// middle of the chain. Only the last card, once.
#[test]
fn take_back_of_an_equal_card_undoes_the_chain_step() {
    let mut g = Pos::new(&[&[4, 7, 7, 9, 12], &[1, 2, 3, 4, 5], &[6, 6, 7, 8, 9]]).game();
    let start = g.clone();
    g.apply(play(7)).unwrap();
    assert_eq!(g.phase(), Phase::Continue { pile: 0 });
    assert_eq!(g.take_back(), Ok(0));
    assert_eq!(g, start);
    assert_eq!(g.phase(), Phase::Play);
    g.apply(play(7)).unwrap();
    g.apply(play(7)).unwrap();
    let mid_chain = g.clone();
    g.apply(play(4)).unwrap();
    assert_eq!(g.current(), 1);
    assert_eq!(g.take_back(), Ok(0));
    assert_eq!(g, mid_chain);
    assert_eq!(g.phase(), Phase::Continue { pile: 0 });
    assert_eq!(g.discard(0).as_slice(), &[7, 7, 7]);
    assert_eq!(
        g.take_back(),
        Err(TakeBackError::NothingToTakeBack),
        "only the last card, once"
    );
}

/// Take-back is not saved: the undo record is no part of the position, so
/// a game read back from JSON equals the one written but has nothing to
/// take back, and a refused action leaves the take-back as it was.
#[test]
fn take_back_is_not_part_of_the_saved_position() {
    let mut g = Pos::new(&[&[2, 5, 9, 11, 12], &[1, 2, 3, 4, 5], &[6, 6, 7, 8, 9]]).game();
    let events = g.apply(play(5)).unwrap();
    assert_eq!(take_back_card(&events), Some((0, 5)));
    assert!(g.apply(play(13)).is_err());
    let mut back: Game = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
    assert_eq!(back, g);
    assert_eq!(back.take_back(), Err(TakeBackError::NothingToTakeBack));
    assert_eq!(g.take_back(), Ok(0));
}
