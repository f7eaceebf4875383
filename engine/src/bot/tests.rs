//! Honesty and legality of every bot.

use super::*;
use crate::{Game, NoEvents, Options};

/// Plays `game` with one bot per seat for at most `max` actions, checking
/// every chosen action against the seat's view.
fn play_checked(game: &mut Game, bots: &mut [Box<dyn Bot + Send>], max: usize) {
    for _ in 0..max {
        if game.is_over() {
            return;
        }
        let seat = game.current();
        let view = game.view(seat);
        let a = bots[seat as usize].choose(&view);
        assert_eq!(view.check(a), Ok(()), "{a} in {:?}", view.phase);
        game.apply_with(a, &mut NoEvents).unwrap();
    }
}

/// Every bot kind plays legal actions in every phase, with one and two
/// piles and 2 to 6 players, and never panics.
#[test]
fn every_bot_plays_legal_actions() {
    for (i, kind) in BotKind::ALL.into_iter().enumerate() {
        for players in [2u8, 4, 6] {
            for double in [false, true] {
                let seed = i as u64 * 100 + u64::from(players) * 2 + u64::from(double);
                let options = Options {
                    double_discard: double,
                    ..Options::players(players)
                };
                let mut game = Game::new(options, seed).unwrap();
                let mut bots: Vec<_> = (0..players)
                    .map(|s| {
                        let k = if s == 0 { kind } else { BotKind::Greedy };
                        match k {
                            BotKind::Hard | BotKind::Pimc => {
                                Box::new(HardBot::new(seed + u64::from(s), Budget {
                                    iterations: 60,
                                    millis: 1e9,
                                }, None)) as Box<dyn Bot + Send>
                            }
                            _ => k.make(seed + u64::from(s)),
                        }
                    })
                    .collect();
                let max = if matches!(kind, BotKind::Hard | BotKind::Pimc) { 300 } else { 3000 };
                play_checked(&mut game, &mut bots, max);
            }
        }
    }
}

/// A bot asked when it is not its turn answers without panicking.
#[test]
fn bots_answer_out_of_turn_without_panicking() {
    let game = Game::new(Options::players(3), 5).unwrap();
    let view = game.view(1);
    for kind in BotKind::ALL {
        let _ = kind.make(1).choose(&view);
    }
}

#[test]
fn kinds_parse_and_print() {
    for kind in BotKind::ALL {
        assert_eq!(kind.to_string().parse::<BotKind>(), Ok(kind));
    }
    assert!("expert".parse::<BotKind>().is_err());
}
