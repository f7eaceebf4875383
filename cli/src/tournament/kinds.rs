//! Who plays a tournament: the kinds (the engine's bots, the frozen panel,
//! the yardsticks that read hidden cards and exist only here), and one
//! seat's player in a game.

use mojo_engine::bot::{
    mix, v1, Budget, DealSource, HardBot, HardSearch, Inference, Learned, SharedClock,
};
use mojo_engine::{Action, Bot, BotKind, Game, PlayerView};

use crate::knobs::Knobs;

/// A player of the tournament: one of the engine's bots, one of the frozen
/// panel, or a yardstick that reads hidden cards and exists only here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Bot(BotKind),
    /// `medium-v1`: Medium as it was frozen in `mojo_engine::bot::v1`
    /// (never edited), so that "against medium-v1" means the same next
    /// month as today. An honest bot like the others, but not a
    /// [`BotKind`]: the lobby and saves never meet it.
    MediumV1,
    /// `hard-v1`: Hard as it was frozen in `mojo_engine::bot::v1`, on its
    /// own frozen budget (1,400 simulations or 80 ms; `--iters` overrides
    /// the simulations).
    HardV1,
    /// Hard's own search on Hard's budget, whose only sampled deal is the
    /// true one (every hand and the draw pile's order; future reshuffles
    /// stay unknown): the ceiling of what knowing the hidden cards is worth
    /// to that search. It reads the [`Game`], so it is not a [`BotKind`]:
    /// saves, the lobby and the engine's honesty tests never meet it.
    /// Its search's [`Knobs`] as written after its name (`cheat:z=0`).
    Cheat(Knobs),
    /// Hard's own search on Hard's budget shown every hand (and every
    /// face-down row) but not the draw pile's order: each simulated deal is
    /// the true one with the draw pile's cards shuffled by the search's own
    /// generator ([`Game::with_draw_pile_shuffled`]). Against [`Kind::Cheat`]
    /// it tells what reading the hands is worth apart from knowing the next
    /// cards. Like `cheat`, it reads the [`Game`] and is not a [`BotKind`].
    CheatHands(Knobs),
    /// `reveal-10`, `reveal-25`, `reveal-50`, `reveal-75`: Hard itself (its inference,
    /// its search, its budget) whose view also shows each card hidden in
    /// another hand with this chance in percent, as if it had been seen
    /// entering that hand (`known_in_hand`): what better beliefs could be
    /// worth, short of knowing every hand (issue 36). Each card of a hand
    /// is shown or not once for the round (by its value and copy, from
    /// the bot's seed), not drawn anew at every decision. Face-down rows
    /// stay hidden (the view has no place for a known face-down card).
    /// It reads the [`Game`]: a yardstick, not a [`BotKind`].
    Reveal(u8, Knobs),
    /// `hard-learned`: Hard whose searches use the learned evaluation
    /// ([`mojo_engine::bot::learned`], fitted by `mojo train`) as
    /// [`HARD_LEARNED`] (the best use measured, issue 22, which did not
    /// beat Hard: BENCHMARKS.md) or `MOJO_LEARNED` says, on Hard's budget.
    /// Honest (a function of the view, like Hard); a kind of this command
    /// only, for measuring.
    HardLearned,
    /// `hard-particles`: Hard dealing the hidden cards from whole-deal
    /// particles weighed by a mixture of policies per seat
    /// ([`Inference::Particles`], issue 36) instead of its per-seat
    /// inference. Honest; a kind of this command while it is measured.
    HardParticles,
    /// `hard:z=0` and the like: Hard with [`Knobs`] not all at their
    /// defaults (with all at their defaults it is `hard` itself,
    /// `Kind::Bot(BotKind::Hard)`). Honest; a kind of this command.
    Hard(Knobs),
}

/// Where `hard-learned` uses the learned evaluation; the environment
/// variable `MOJO_LEARNED` (e.g. `game`, `infer`, `cut=24`, `game,infer,cut=24`, `none`)
/// overrides it, for screening variants without a rebuild (`none`: Hard
/// itself, which uses none of it).
pub const HARD_LEARNED: Learned = Learned {
    game: false,
    cutoff: Some(16),
    infer: false,
};

/// [`HARD_LEARNED`], or what `MOJO_LEARNED` says.
pub fn hard_learned() -> Learned {
    let Ok(spec) = std::env::var("MOJO_LEARNED") else {
        return HARD_LEARNED;
    };
    let mut l = Learned::default();
    for part in spec.split(',') {
        let part = part.trim();
        if part == "game" {
            l.game = true;
        } else if part == "infer" {
            l.infer = true;
        } else if let Some(c) = part.strip_prefix("cut=") {
            l.cutoff = c.parse().ok();
        }
    }
    l
}

/// The kinds that are not [`BotKind`]s, by name (with default knobs).
const EXTRA: [(&str, Kind); 10] = [
    ("medium-v1", Kind::MediumV1),
    ("hard-v1", Kind::HardV1),
    ("cheat", Kind::Cheat(Knobs::DEFAULT)),
    ("cheat-hands", Kind::CheatHands(Knobs::DEFAULT)),
    ("reveal-10", Kind::Reveal(10, Knobs::DEFAULT)),
    ("reveal-25", Kind::Reveal(25, Knobs::DEFAULT)),
    ("reveal-50", Kind::Reveal(50, Knobs::DEFAULT)),
    ("reveal-75", Kind::Reveal(75, Knobs::DEFAULT)),
    ("hard-learned", Kind::HardLearned),
    ("hard-particles", Kind::HardParticles),
];

impl Kind {
    /// The name as written on the command line: the kind's, then its
    /// knobs (`hard:z=0`).
    pub fn name(self) -> String {
        let (base, knobs) = self.base();
        format!("{base}{}", knobs.suffix())
    }

    /// The kind's name without its knobs, and its knobs.
    fn base(self) -> (&'static str, Knobs) {
        let knobs = match self {
            Kind::Cheat(k) | Kind::CheatHands(k) | Kind::Reveal(_, k) | Kind::Hard(k) => k,
            _ => Knobs::DEFAULT,
        };
        let plain = match self {
            Kind::Bot(b) => return (b.name(), knobs),
            Kind::Hard(_) => return (BotKind::Hard.name(), knobs),
            Kind::Cheat(_) => Kind::Cheat(Knobs::DEFAULT),
            Kind::CheatHands(_) => Kind::CheatHands(Knobs::DEFAULT),
            Kind::Reveal(p, _) => Kind::Reveal(p, Knobs::DEFAULT),
            other => other,
        };
        let name = EXTRA
            .iter()
            .find(|(_, k)| *k == plain)
            .map_or("?", |(name, _)| name);
        (name, knobs)
    }

    /// The same kind with `knobs`, where it takes knobs (Hard's search).
    fn with_knobs(self, knobs: Knobs) -> Option<Kind> {
        Some(match self {
            Kind::Bot(BotKind::Hard) | Kind::Hard(_) if knobs.is_default() => {
                Kind::Bot(BotKind::Hard)
            }
            Kind::Bot(BotKind::Hard) | Kind::Hard(_) => Kind::Hard(knobs),
            Kind::Cheat(_) => Kind::Cheat(knobs),
            Kind::CheatHands(_) => Kind::CheatHands(knobs),
            Kind::Reveal(p, _) => Kind::Reveal(p, knobs),
            _ => return None,
        })
    }
}

impl std::str::FromStr for Kind {
    type Err = String;
    fn from_str(s: &str) -> Result<Kind, String> {
        let s = s.trim();
        let (base, knobs) = match s.split_once(':') {
            Some((base, knobs)) => (base, Some(knobs)),
            None => (s, None),
        };
        let kind = match EXTRA
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(base.trim()))
        {
            Some((_, k)) => *k,
            None => base.parse::<BotKind>().map(Kind::Bot).map_err(|e| {
                format!(
                    "{e}, or medium-v1, hard-v1, cheat, cheat-hands, reveal-10, reveal-25, \
                     reveal-50, reveal-75, hard-learned, hard-particles"
                )
            })?,
        };
        let Some(knobs) = knobs else {
            return Ok(kind);
        };
        kind.with_knobs(Knobs::parse(knobs)?).ok_or_else(|| {
            format!("`{base}` takes no knobs (only hard, cheat, cheat-hands and reveal-P do)")
        })
    }
}

impl From<BotKind> for Kind {
    fn from(b: BotKind) -> Kind {
        Kind::Bot(b)
    }
}

/// The `cheat` and `cheat-hands` yardsticks (see [`Kind::Cheat`] and
/// [`Kind::CheatHands`]).
pub struct CheatBot {
    seed: u64,
    decisions: u64,
    budget: Budget,
    clock: Option<SharedClock>,
    /// `cheat-hands`: the draw pile's order stays unknown.
    hands_only: bool,
    /// The search's knobs.
    knobs: Knobs,
}

impl CheatBot {
    /// `cheat`: every simulation on the true deal.
    pub fn new(seed: u64, budget: Budget, clock: Option<SharedClock>) -> CheatBot {
        CheatBot {
            seed: mix(seed ^ 0x0063_6865_6174),
            decisions: 0,
            budget,
            clock,
            hands_only: false,
            knobs: Knobs::DEFAULT,
        }
    }

    /// The same yardstick, its search set by `knobs`.
    pub fn with_knobs(mut self, knobs: Knobs) -> CheatBot {
        self.knobs = knobs;
        self
    }

    /// `cheat-hands`: every simulation on the true hands, the draw pile's
    /// cards in an order of the search's own.
    pub fn hands_only(seed: u64, budget: Budget, clock: Option<SharedClock>) -> CheatBot {
        CheatBot {
            hands_only: true,
            ..CheatBot::new(seed, budget, clock)
        }
    }

    /// Hard's search for the seat to act in `game`, every simulation played
    /// on `game` itself (`cheat`) or on `game` with its draw pile
    /// reshuffled (`cheat-hands`).
    pub fn choose(&mut self, game: &Game) -> Action {
        let view = game.view(game.current());
        self.decisions += 1;
        let seed = mix(self.seed ^ self.decisions);
        let deals = cheat_deals(game.clone(), self.hands_only);
        let mut search = self.knobs.search(
            HardSearch::with_deals(&view, seed, self.budget, deals),
            seed,
        );
        loop {
            let done = match &self.clock {
                Some(c) => search.step_timed(24, c.now_ms()),
                None => search.step(24),
            };
            if done {
                return search.best();
            }
        }
    }
}

/// The deals a cheat's search simulates on, from the true game: the game
/// itself, or (`hands_only`) the game with its draw pile shuffled by the
/// seed the search passes, which it draws from its own generator.
pub fn cheat_deals(truth: Game, hands_only: bool) -> DealSource {
    if hands_only {
        Box::new(move |seed| truth.with_draw_pile_shuffled(seed))
    } else {
        Box::new(move |_| truth.clone())
    }
}

/// The `reveal-P` yardsticks (see [`Kind::Reveal`]): Hard shown some
/// of the other hands' hidden cards.
pub struct RevealBot {
    hard: HardBot,
    pub(super) seed: u64,
    percent: u8,
}

impl RevealBot {
    pub fn new(seed: u64, percent: u8, budget: Budget, clock: Option<SharedClock>) -> RevealBot {
        RevealBot::with_knobs(seed, percent, budget, clock, Knobs::DEFAULT)
    }

    /// The same yardstick, Hard set by `knobs`.
    pub fn with_knobs(
        seed: u64,
        percent: u8,
        budget: Budget,
        clock: Option<SharedClock>,
        knobs: Knobs,
    ) -> RevealBot {
        RevealBot {
            hard: knobs.bot(HardBot::new(seed, budget, clock)),
            seed: mix(seed ^ 0x7265_7665_616C),
            percent,
        }
    }

    pub fn choose(&mut self, game: &Game) -> Action {
        self.hard
            .choose(&revealed_view(game, self.seed, self.percent))
    }
}

/// The view of the seat to act in `game`, each card hidden in another
/// hand shown (added to that seat's `known_in_hand`) with a chance of
/// `percent` in 100: copy `k` of value `v` in seat `s`'s hidden cards is
/// shown when a hash of (`seed`, the round, `s`, `v`, `k`) falls under it,
/// the same at every decision of the round.
pub fn revealed_view(game: &Game, seed: u64, percent: u8) -> PlayerView {
    let me = game.current();
    let mut view = game.view(me);
    let round = u64::from(view.round);
    for s in 0..view.players() {
        if s == me {
            continue;
        }
        let seat = &mut view.seats[s as usize];
        let mut hidden = *game.hand(s);
        hidden.remove_all(&seat.known_in_hand);
        let mut copy = [0u64; 64];
        for v in hidden.iter() {
            let k = copy[v as usize];
            copy[v as usize] += 1;
            let h = mix(seed ^ mix(round << 40 ^ u64::from(s) << 32 ^ u64::from(v) << 8 ^ k));
            if h % 100 < u64::from(percent) {
                seat.known_in_hand.add(v);
            }
        }
    }
    view
}

/// One seat's player in a game.
pub(crate) enum Player {
    Bot(Box<dyn Bot + Send>),
    Cheat(CheatBot),
    Reveal(RevealBot),
}

impl Player {
    /// A player; `iterations` overrides the search bots' budgets.
    pub(crate) fn new(
        kind: Kind,
        seed: u64,
        iterations: Option<u32>,
        clock: Option<SharedClock>,
    ) -> Player {
        let budget = iterations.map(|iterations| Budget {
            iterations,
            millis: Budget::HARD.millis,
        });
        match kind {
            Kind::Bot(b) => Player::Bot(b.make_with(seed, budget, clock)),
            Kind::MediumV1 => Player::Bot(Box::new(v1::MediumBot::new(seed))),
            Kind::HardV1 => {
                let budget = v1::Budget {
                    iterations: iterations.unwrap_or(v1::Budget::HARD.iterations),
                    millis: v1::Budget::HARD.millis,
                };
                Player::Bot(Box::new(v1::HardBot::new(seed, budget, clock)))
            }
            Kind::Cheat(k) => Player::Cheat(
                CheatBot::new(seed, budget.unwrap_or(Budget::HARD), clock).with_knobs(k),
            ),
            Kind::CheatHands(k) => Player::Cheat(
                CheatBot::hands_only(seed, budget.unwrap_or(Budget::HARD), clock).with_knobs(k),
            ),
            Kind::Reveal(percent, k) => Player::Reveal(RevealBot::with_knobs(
                seed,
                percent,
                budget.unwrap_or(Budget::HARD),
                clock,
                k,
            )),
            Kind::Hard(k) => Player::Bot(Box::new(k.bot(HardBot::new(
                seed,
                budget.unwrap_or(Budget::HARD),
                clock,
            )))),
            Kind::HardParticles => Player::Bot(Box::new(
                HardBot::new(seed, budget.unwrap_or(Budget::HARD), clock)
                    .with_inference(Inference::Particles),
            )),
            Kind::HardLearned => Player::Bot(Box::new(
                HardBot::new(seed, budget.unwrap_or(Budget::HARD), clock)
                    .with_learned(hard_learned()),
            )),
        }
    }

    pub(crate) fn choose(&mut self, game: &Game, view: &PlayerView) -> Action {
        match self {
            Player::Bot(b) => b.choose(view),
            Player::Cheat(c) => c.choose(game),
            Player::Reveal(r) => r.choose(game),
        }
    }
}
