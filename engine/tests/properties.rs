//! Properties that hold after every action of many seeded random games:
//! 2–8 players, one and two discard piles, several targets.

use mojo_engine::*;

/// Every action the engine can be asked to apply, legal or not.
fn every_action() -> Vec<Action> {
    let mut all = Vec::new();
    for value in 0..=13u8 {
        for pile in 0..=2u8 {
            all.push(Action::Play { value, pile });
        }
        all.push(Action::Reveal(value));
    }
    all.push(Action::Draw(DrawSource::Deck));
    all.push(Action::Draw(DrawSource::Discard));
    all.push(Action::NextRound);
    all
}

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

fn options_for(seed: u64) -> Options {
    Options {
        players: 2 + (seed % 7) as u8,
        double_discard: seed.is_multiple_of(3),
        target: [50, 50, 30, 80][(seed % 4) as usize],
        first_player: if seed.is_multiple_of(5) {
            FirstPlayer::Random
        } else {
            FirstPlayer::Seat(0)
        },
    }
}

/// Plays a random game to the end, checking every property after every
/// action; returns the actions taken.
fn play_checked(seed: u64, thorough: bool) -> Vec<Action> {
    let options = options_for(seed);
    let mut game = Game::new(options, seed).unwrap();
    let mut rng = Lcg(seed ^ 0xDEAD_BEEF);
    let mut actions = Vec::new();
    let mut round_actions = 0;
    let all = every_action();
    while !game.is_over() {
        game.check_full_deck()
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        game.check_consistency()
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let legal = game.legal_actions();
        assert!(!legal.is_empty(), "seed {seed}: no legal action");

        if thorough {
            // Every legal action applies; every other one is refused and
            // leaves the game exactly as it was.
            for &a in &all {
                let mut copy = game.clone();
                let result = copy.apply(a);
                if legal.contains(a) {
                    assert!(result.is_ok(), "seed {seed}: legal {a:?} refused");
                    assert_eq!(game.check(a), Ok(()));
                } else {
                    let err = result.expect_err("an action outside the legal list applied");
                    assert_eq!(copy, game, "seed {seed}: refused {a:?} changed the game");
                    assert_eq!(game.check(a), Err(err));
                }
            }
            // A seat's view agrees with the game on that seat and on public
            // facts, and holds nothing else.
            for seat in 0..game.players() {
                let v = game.view(seat);
                assert_eq!(v.hand, *game.hand(seat));
                assert_eq!(v.face_down, *game.face_down(seat));
                assert_eq!(v.legal_actions().is_empty(), seat != game.current());
                for (i, sv) in v.seats.iter().enumerate() {
                    let i = i as u8;
                    assert_eq!(sv.hand_len as usize, game.hand(i).len());
                    assert_eq!(sv.face_down_len as usize, game.face_down(i).len());
                    assert_eq!(sv.face_up, *game.face_up(i));
                }
                // The sampled hidden cards are consistent with the view.
                let sample = Game::sample_from_view(&v, seed);
                assert_eq!(sample.view(seat), v);
            }
        }

        let a = legal.get(rng.next() as usize % legal.len()).unwrap();
        let totals_before = game.totals().to_vec();
        let round_before = game.round();
        let events = game
            .apply(a)
            .unwrap_or_else(|e| panic!("seed {seed}: {a:?}: {e}"));
        assert!(!events.is_empty(), "every action reports what happened");
        for (before, after) in totals_before.iter().zip(game.totals()) {
            assert!(after >= before, "seed {seed}: a total fell");
        }
        actions.push(a);
        round_actions += 1;
        if game.round() != round_before {
            round_actions = 0;
        }
        // A round ends: every turn sheds a card or reveals one, and a hand
        // only grows by a draw after a higher card.
        assert!(round_actions < 2_000, "seed {seed}: a round does not end");
    }
    let winners = game.winners();
    assert!(!winners.is_empty());
    let best = *game.totals().iter().min().unwrap();
    assert!(game.totals().iter().any(|&t| t >= options.target));
    for w in winners {
        assert_eq!(game.totals()[w as usize], best);
    }
    actions
}

#[test]
fn every_action_is_checked_in_hundreds_of_games() {
    for seed in 0..300 {
        play_checked(seed, true);
    }
}

/// Who may act has one answer, `Game::to_act`, and every seat's view
/// gives the same: the seat to act while a round is in play, whose legal
/// actions are its moves (no other seat has one); nobody between rounds,
/// when the only action is the next deal.
#[test]
fn who_may_act_has_one_answer_in_the_game_and_every_view() {
    let (mut in_round, mut between) = (0, 0);
    for seed in 0..200 {
        let mut game = Game::new(options_for(seed), seed).unwrap();
        let mut rng = Lcg(seed ^ 0x70AC);
        while !game.is_over() {
            let to_act = game.to_act();
            assert_eq!(to_act.is_some(), game.phase().in_round(), "seed {seed}");
            for seat in 0..game.players() {
                let view = game.view(seat);
                assert_eq!(view.to_act(), to_act, "seed {seed}");
                let legal = view.legal_actions();
                let moves = (0..legal.len()).any(|i| legal.get(i) != Some(Action::NextRound));
                assert_eq!(moves, to_act == Some(seat), "seed {seed}, seat {seat}");
            }
            let legal = game.legal_actions();
            match to_act {
                Some(seat) => {
                    in_round += 1;
                    assert_eq!(seat, game.current());
                    assert!(!legal.contains(Action::NextRound), "seed {seed}");
                }
                None => {
                    between += 1;
                    assert_eq!(legal.get(0), Some(Action::NextRound), "seed {seed}");
                    assert_eq!(legal.len(), 1, "seed {seed}");
                }
            }
            let a = legal.get(rng.next() as usize % legal.len()).unwrap();
            game.apply(a).unwrap();
        }
        assert_eq!(game.to_act(), None, "after the game");
    }
    assert!(in_round > 10_000 && between > 200, "{in_round} {between}");
}

#[test]
fn thousands_of_games_keep_the_deck_and_end() {
    for seed in 1_000..4_000 {
        play_checked(seed, false);
    }
}

#[test]
fn replaying_seed_and_actions_reproduces_the_game() {
    for seed in 10_000..13_000 {
        let actions = play_checked(seed, false);
        let record = GameRecord {
            options: options_for(seed),
            seed,
            actions: actions.clone(),
        };
        let a = record.replay().unwrap();
        let b = record.replay().unwrap();
        assert_eq!(a, b);
        assert!(a.is_over());
        // Replaying a prefix stops at the same position as live play would.
        let half = GameRecord {
            actions: actions[..actions.len() / 2].to_vec(),
            ..record.clone()
        };
        let mut live = Game::new(record.options, seed).unwrap();
        for &x in &half.actions {
            live.apply(x).unwrap();
        }
        assert_eq!(half.replay().unwrap(), live);
    }
}

#[test]
fn a_game_round_trips_through_serde_at_every_step() {
    for seed in 20_000..20_060 {
        let mut game = Game::new(options_for(seed), seed).unwrap();
        let mut rng = Lcg(seed);
        while !game.is_over() {
            let text = serde_json::to_string(&game).unwrap();
            let back: Game = serde_json::from_str(&text).unwrap();
            assert_eq!(back, game);
            let legal = game.legal_actions();
            let a = legal.get(rng.next() as usize % legal.len()).unwrap();
            // The restored game continues identically (the RNG is restored too).
            let mut b2 = back.clone();
            game.apply(a).unwrap();
            b2.apply(a).unwrap();
            assert_eq!(b2, game);
        }
    }
}

#[path = "common/golden.rs"]
mod golden;

#[test]
fn the_same_seed_deals_the_same_game_on_every_platform() {
    // If the shuffle or the generator changed (or differed on another
    // target) this would too. The same check runs in the browser build
    // (tests/web.rs at the repository root).
    let (totals, digest) = golden::golden_game();
    assert_eq!(totals, golden::GOLDEN_TOTALS);
    assert_eq!(digest, golden::GOLDEN_DIGEST);
}

#[test]
fn serialised_games_that_break_the_rules_are_refused() {
    let game = Game::new(Options::players(3), 5).unwrap();
    let good = serde_json::to_value(&game).unwrap();
    let bad = |edit: &dyn Fn(&mut serde_json::Value)| {
        let mut v = good.clone();
        edit(&mut v);
        serde_json::from_value::<Game>(v).is_err()
    };
    assert!(bad(&|v| v["current"] = 7.into()));
    assert!(bad(&|v| v["hands"][0] = serde_json::json!([13])));
    assert!(bad(&|v| v["hands"] = serde_json::json!([[1], [2]])));
    assert!(bad(&|v| v["options"]["players"] = 1.into()));
    assert!(bad(&|v| v["phase"] = "reveal".into()));
    assert!(bad(&|v| v["discard"] = serde_json::json!([[1], [2]])));
    assert!(!bad(&|_| {}));
}

#[test]
fn legal_action_at_picks_from_the_legal_list_uniformly() {
    for seed in 30_000..30_300 {
        let mut game = Game::new(options_for(seed), seed).unwrap();
        let mut rng = Lcg(seed);
        while !game.is_over() {
            let legal = game.legal_actions();
            for r in [0u32, 1, u32::MAX, rng.next(), rng.next(), rng.next()] {
                let i = ((u64::from(r) * legal.len() as u64) >> 32) as usize;
                assert_eq!(game.legal_action_at(r), legal.get(i), "seed {seed} r {r}");
            }
            let a = game.legal_action_at(rng.next()).unwrap();
            game.apply(a).unwrap();
        }
        assert_eq!(game.legal_action_at(0), None);
    }
}
