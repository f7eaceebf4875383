//! The engine's types as the JSON of the devices' messages, read and
//! written by hand with the app's own JSON (`json.rs`), like the saves:
//! serde_json and the derived (de)serialisers cost about 165 KB of wasm
//! (measured with twiggy; most of it the buffering that internally tagged
//! enums need) for a handful of small shapes. Every reader checks what it
//! reads (values of cards, seat numbers within the table, lengths) and
//! says what is wrong; nothing here panics, whatever the text.

use mojo_engine::cards::{Cards, Pile, MAX_VALUE};
use mojo_engine::{
    Action, DrawSource, Event, Face, FirstPlayer, Options, Outcome, Phase, PlayerView, RoundEnd,
    RoundLog, RoundResult, Seat, SeatView, Step, Style,
};

use crate::json::{self, obj, Fields, Json};
use crate::session::LogEntry;

pub type Read<T> = Result<T, String>;

fn int(n: impl Into<i64>) -> Json {
    Json::Int(n.into())
}

fn seat_of(v: &Json, what: &str) -> Read<Seat> {
    let seat: Seat = v
        .as_int()
        .ok_or_else(|| json::wrong(what, "a seat number", v))?;
    if seat as usize >= mojo_engine::MAX_PLAYERS {
        return Err(format!("`{what}` is seat {seat}, past the largest table"));
    }
    Ok(seat)
}

fn value_of(v: &Json, what: &str) -> Read<u8> {
    match v.as_int::<u8>() {
        Some(value) if value <= MAX_VALUE => Ok(value),
        _ => Err(json::wrong(what, "a card from 0 to 12", v)),
    }
}

fn values(list: &[Json], what: &str) -> Read<Vec<u8>> {
    list.iter().map(|v| value_of(v, what)).collect()
}

pub fn cards_json(c: &Cards) -> Json {
    Json::Arr(c.iter().map(int).collect())
}

pub fn cards_from(v: &Json, what: &str) -> Read<Cards> {
    let list = v
        .as_array()
        .ok_or_else(|| json::wrong(what, "a list of cards", v))?;
    Cards::from_values(&values(list, what)?).ok_or_else(|| format!("`{what}` holds too many cards"))
}

fn pile_json(p: &Pile) -> Json {
    Json::Arr(p.as_slice().iter().map(|&v| int(v)).collect())
}

fn pile_from(v: &Json) -> Read<Pile> {
    let list = v
        .as_array()
        .ok_or_else(|| json::wrong("discard", "a list of cards", v))?;
    Pile::from_bottom_first(&values(list, "discard")?)
        .ok_or_else(|| "a discard pile is too tall".into())
}

fn face_json(f: Face) -> Json {
    json::str(f.label())
}

fn face_from(v: &Json) -> Read<Face> {
    [Face::Zero, Face::PlusTen]
        .into_iter()
        .find(|f| v.as_str() == Some(f.label()))
        .ok_or_else(|| json::wrong("mojo", "\"0\" or \"+10\"", v))
}

fn options_json(o: &Options) -> Json {
    obj([
        ("players", int(o.players)),
        ("double_discard", Json::Bool(o.double_discard)),
        ("target", int(o.target)),
        (
            "first_player",
            match o.first_player {
                FirstPlayer::Seat(s) => obj([("seat", int(s))]),
                FirstPlayer::Random => json::str("random"),
            },
        ),
    ])
}

fn options_from(v: &Json) -> Read<Options> {
    let mut f = Fields::of(v, "the options")?;
    let options = Options {
        players: f.int("players")?,
        double_discard: f.boolean("double_discard")?,
        target: f.int("target")?,
        first_player: match f.req("first_player")? {
            v if v.as_str() == Some("random") => FirstPlayer::Random,
            v => FirstPlayer::Seat(seat_of(
                v.get("seat").unwrap_or(&Json::Null),
                "first_player",
            )?),
        },
    };
    f.done()?;
    options.validate().map_err(|e| e.to_string())?;
    Ok(options)
}

fn phase_json(p: Phase) -> Json {
    match p {
        Phase::Continue { pile } => obj([("continue", obj([("pile", int(pile))]))]),
        Phase::Draw { pile } => obj([("draw", obj([("pile", int(pile))]))]),
        other => json::str(other.label()),
    }
}

fn phase_from(v: &Json) -> Read<Phase> {
    if let Some(name) = v.as_str() {
        return [
            Phase::Play,
            Phase::Reveal,
            Phase::RoundOver,
            Phase::GameOver,
        ]
        .into_iter()
        .find(|p| p.label() == name)
        .ok_or_else(|| json::wrong("phase", "a phase", v));
    }
    let pile = |inner: &Json| -> Read<u8> {
        let pile: u8 = inner
            .get("pile")
            .and_then(Json::as_int)
            .ok_or("a phase's pile is missing")?;
        if pile > 1 {
            return Err(format!("no discard pile {pile}"));
        }
        Ok(pile)
    };
    match (v.get("continue"), v.get("draw")) {
        (Some(c), None) => Ok(Phase::Continue { pile: pile(c)? }),
        (None, Some(d)) => Ok(Phase::Draw { pile: pile(d)? }),
        _ => Err(json::wrong("phase", "a phase", v)),
    }
}

fn source_json(s: DrawSource) -> Json {
    json::str(match s {
        DrawSource::Deck => "deck",
        DrawSource::Discard => "discard",
    })
}

fn source_from(v: &Json) -> Read<DrawSource> {
    match v.as_str() {
        Some("deck") => Ok(DrawSource::Deck),
        Some("discard") => Ok(DrawSource::Discard),
        _ => Err(json::wrong("source", "\"deck\" or \"discard\"", v)),
    }
}

const OUTCOMES: [(Outcome, &str); 4] = [
    (Outcome::Lower, "lower"),
    (Outcome::Equal, "equal"),
    (Outcome::Higher, "higher"),
    (Outcome::LastCard, "last_card"),
];
const ENDS: [(RoundEnd, &str); 2] = [
    (RoundEnd::EmptiedHand, "emptied_hand"),
    (RoundEnd::RevealedLast, "revealed_last"),
];

fn named<T: Copy + PartialEq>(table: &[(T, &'static str)], x: T) -> Json {
    json::str(table.iter().find(|(t, _)| *t == x).map_or("", |(_, n)| n))
}

fn from_name<T: Copy>(table: &[(T, &'static str)], v: &Json, what: &str) -> Read<T> {
    table
        .iter()
        .find(|(_, n)| v.as_str() == Some(n))
        .map(|(t, _)| *t)
        .ok_or_else(|| json::wrong(what, "a known name", v))
}

fn opt_value_json(v: Option<u8>) -> Json {
    v.map_or(Json::Null, int)
}

fn opt_value_from(v: Option<&Json>, what: &str) -> Read<Option<u8>> {
    match v {
        None | Some(Json::Null) => Ok(None),
        Some(v) => value_of(v, what).map(Some),
    }
}

fn eight<T: Copy + Default>(
    list: &[Json],
    f: impl Fn(&Json) -> Read<T>,
    what: &str,
) -> Read<[T; 8]> {
    if list.len() != 8 {
        return Err(format!("`{what}` must hold 8 entries"));
    }
    let mut out = [T::default(); 8];
    for (o, v) in out.iter_mut().zip(list) {
        *o = f(v)?;
    }
    Ok(out)
}

fn round_json(r: &RoundResult) -> Json {
    let nums = |a: &[u32; 8]| Json::Arr(a.iter().map(|&n| int(n)).collect());
    obj([
        ("round", int(r.round)),
        ("players", int(r.players)),
        ("holder", int(r.holder)),
        ("reason", named(&ENDS, r.reason)),
        ("points", nums(&r.points)),
        ("scores", nums(&r.scores)),
        ("totals", nums(&r.totals)),
        ("cards", Json::Arr(r.cards.iter().map(cards_json).collect())),
        ("face", face_json(r.face)),
    ])
}

fn round_from(v: &Json) -> Read<RoundResult> {
    let mut f = Fields::of(v, "a round")?;
    let num = |v: &Json| {
        v.as_int::<u32>()
            .ok_or_else(|| "a score is not a number".to_string())
    };
    let r = RoundResult {
        round: f.int("round")?,
        players: f.int("players")?,
        holder: seat_of(f.req("holder")?, "holder")?,
        reason: from_name(&ENDS, f.req("reason")?, "reason")?,
        points: eight(f.list("points")?, num, "points")?,
        scores: eight(f.list("scores")?, num, "scores")?,
        totals: eight(f.list("totals")?, num, "totals")?,
        cards: eight(f.list("cards")?, |c| cards_from(c, "cards"), "cards")?,
        face: face_from(f.req("face")?)?,
    };
    f.done()?;
    Ok(r)
}

/// An event as `{"event": "played", …}`.
pub fn event_json(e: &Event) -> Json {
    let tag = |name: &str| ("event", json::str(name));
    match e {
        Event::Played {
            seat,
            value,
            pile,
            covered,
            outcome,
        } => obj([
            tag("played"),
            ("seat", int(*seat)),
            ("value", int(*value)),
            ("pile", int(*pile)),
            ("covered", opt_value_json(*covered)),
            ("outcome", named(&OUTCOMES, *outcome)),
        ]),
        Event::Drew { seat, source, card } => obj([
            tag("drew"),
            ("seat", int(*seat)),
            ("source", source_json(*source)),
            ("card", opt_value_json(*card)),
        ]),
        Event::NothingToDraw { seat } => obj([tag("nothing_to_draw"), ("seat", int(*seat))]),
        Event::Reshuffled { cards } => obj([tag("reshuffled"), ("cards", int(*cards))]),
        Event::PileRefilled { pile, value } => obj([
            tag("pile_refilled"),
            ("pile", int(*pile)),
            ("value", int(*value)),
        ]),
        Event::WentFaceDown { seat, count } => obj([
            tag("went_face_down"),
            ("seat", int(*seat)),
            ("count", int(*count)),
        ]),
        Event::Revealed { seat, value } => obj([
            tag("revealed"),
            ("seat", int(*seat)),
            ("value", int(*value)),
        ]),
        Event::TurnStarted { seat, phase } => obj([
            tag("turn_started"),
            ("seat", int(*seat)),
            ("phase", phase_json(*phase)),
        ]),
        Event::RoundEnded { holder, reason } => obj([
            tag("round_ended"),
            ("holder", int(*holder)),
            ("reason", named(&ENDS, *reason)),
        ]),
        Event::FaceDownTurnedUp { seat, cards } => obj([
            tag("face_down_turned_up"),
            ("seat", int(*seat)),
            ("cards", cards_json(cards)),
        ]),
        Event::RoundScored { result } => obj([tag("round_scored"), ("result", round_json(result))]),
        Event::MojoTurned { face } => obj([tag("mojo_turned"), ("face", face_json(*face))]),
        Event::GameOver { winners } => obj([
            tag("game_over"),
            (
                "winners",
                Json::Arr(winners.iter().map(|&w| int(w)).collect()),
            ),
        ]),
        Event::RoundDealt { round, starter } => obj([
            tag("round_dealt"),
            ("round", int(*round)),
            ("starter", int(*starter)),
        ]),
        Event::TookBack { seat, value } => obj([
            tag("took_back"),
            ("seat", int(*seat)),
            ("value", int(*value)),
        ]),
    }
}

pub fn event_from(v: &Json) -> Read<Event> {
    let mut f = Fields::of(v, "an event")?;
    let kind = f.string("event")?;
    let seat = |f: &mut Fields, k: &str| seat_of(f.req(k)?, k);
    let value = |f: &mut Fields, k: &str| value_of(f.req(k)?, k);
    let pile = |f: &mut Fields| -> Read<u8> {
        let p: u8 = f.int("pile")?;
        if p > 1 {
            return Err(format!("no discard pile {p}"));
        }
        Ok(p)
    };
    let e = match kind.as_str() {
        "played" => Event::Played {
            seat: seat(&mut f, "seat")?,
            value: value(&mut f, "value")?,
            pile: pile(&mut f)?,
            covered: opt_value_from(f.opt("covered"), "covered")?,
            outcome: from_name(&OUTCOMES, f.req("outcome")?, "outcome")?,
        },
        "drew" => Event::Drew {
            seat: seat(&mut f, "seat")?,
            source: source_from(f.req("source")?)?,
            card: opt_value_from(f.opt("card"), "card")?,
        },
        "nothing_to_draw" => Event::NothingToDraw {
            seat: seat(&mut f, "seat")?,
        },
        "reshuffled" => Event::Reshuffled {
            cards: f.int("cards")?,
        },
        "pile_refilled" => Event::PileRefilled {
            pile: pile(&mut f)?,
            value: value(&mut f, "value")?,
        },
        "went_face_down" => Event::WentFaceDown {
            seat: seat(&mut f, "seat")?,
            count: f.int("count")?,
        },
        "revealed" => Event::Revealed {
            seat: seat(&mut f, "seat")?,
            value: value(&mut f, "value")?,
        },
        "turn_started" => Event::TurnStarted {
            seat: seat(&mut f, "seat")?,
            phase: phase_from(f.req("phase")?)?,
        },
        "round_ended" => Event::RoundEnded {
            holder: seat(&mut f, "holder")?,
            reason: from_name(&ENDS, f.req("reason")?, "reason")?,
        },
        "face_down_turned_up" => Event::FaceDownTurnedUp {
            seat: seat(&mut f, "seat")?,
            cards: cards_from(f.req("cards")?, "cards")?,
        },
        "round_scored" => Event::RoundScored {
            result: Box::new(round_from(f.req("result")?)?),
        },
        "mojo_turned" => Event::MojoTurned {
            face: face_from(f.req("face")?)?,
        },
        "game_over" => Event::GameOver {
            winners: f
                .list("winners")?
                .iter()
                .map(|w| seat_of(w, "winners"))
                .collect::<Read<_>>()?,
        },
        "round_dealt" => Event::RoundDealt {
            round: f.int("round")?,
            starter: seat(&mut f, "starter")?,
        },
        "took_back" => Event::TookBack {
            seat: seat(&mut f, "seat")?,
            value: value(&mut f, "value")?,
        },
        other => return Err(format!("no event `{other}`")),
    };
    f.done()?;
    Ok(e)
}

pub fn events_json(events: &[Event]) -> Json {
    Json::Arr(events.iter().map(event_json).collect())
}

pub fn events_from(v: &Json) -> Read<Vec<Event>> {
    v.as_array()
        .ok_or_else(|| json::wrong("events", "a list", v))?
        .iter()
        .map(event_from)
        .collect()
}

pub fn log_json(log: &[LogEntry]) -> Json {
    Json::Arr(
        log.iter()
            .map(|e| obj([("round", int(e.round)), ("event", event_json(&e.event))]))
            .collect(),
    )
}

pub fn log_from(v: &Json) -> Read<Vec<LogEntry>> {
    v.as_array()
        .ok_or_else(|| json::wrong("log", "a list", v))?
        .iter()
        .map(|e| {
            let mut f = Fields::of(e, "a log line")?;
            let entry = LogEntry {
                round: f.int("round")?,
                event: event_from(f.req("event")?)?,
            };
            f.done()?;
            Ok(entry)
        })
        .collect()
}

pub fn rounds_json(rounds: &[RoundResult]) -> Json {
    Json::Arr(rounds.iter().map(round_json).collect())
}

pub fn rounds_from(v: &Json) -> Read<Vec<RoundResult>> {
    v.as_array()
        .ok_or_else(|| json::wrong("rounds", "a list", v))?
        .iter()
        .map(round_from)
        .collect()
}

/// A public step of the round as serde writes it (externally tagged):
/// `{"play": {"seat", "value", "pile", "covered"}}`, `{"draw": {"seat",
/// "card"}}`, `{"face_down": {"seat", "count"}}`, `{"reveal": {"seat",
/// "value"}}`.
fn step_json(s: Step) -> Json {
    let (name, fields) = match s {
        Step::Play {
            seat,
            value,
            pile,
            covered,
        } => (
            "play",
            obj([
                ("seat", int(seat)),
                ("value", int(value)),
                ("pile", int(pile)),
                ("covered", opt_value_json(covered)),
            ]),
        ),
        Step::Draw { seat, card } => (
            "draw",
            obj([("seat", int(seat)), ("card", opt_value_json(card))]),
        ),
        Step::FaceDown { seat, count } => (
            "face_down",
            obj([("seat", int(seat)), ("count", int(count))]),
        ),
        Step::Reveal { seat, value } => {
            ("reveal", obj([("seat", int(seat)), ("value", int(value))]))
        }
    };
    obj([(name, fields)])
}

fn step_from(v: &Json) -> Read<Step> {
    let (kind, inner) = match v {
        Json::Obj(fields) if fields.len() == 1 => (fields[0].0.as_str(), &fields[0].1),
        _ => {
            return Err(
                "a step is one of {\"play\": {…}}, {\"draw\": {…}}, {\"face_down\": {…}}, {\"reveal\": {…}}".into(),
            )
        }
    };
    let mut f = Fields::of(inner, "a step")?;
    let seat = seat_of(f.req("seat")?, "seat")?;
    let step = match kind {
        "play" => {
            let pile: u8 = f.int("pile")?;
            if pile > 1 {
                return Err(format!("no discard pile {pile}"));
            }
            Step::Play {
                seat,
                value: value_of(f.req("value")?, "value")?,
                pile,
                covered: opt_value_from(f.opt("covered"), "covered")?,
            }
        }
        "draw" => Step::Draw {
            seat,
            card: opt_value_from(f.opt("card"), "card")?,
        },
        "face_down" => {
            let count: u8 = f.int("count")?;
            // The most a round log records.
            if count > 14 {
                return Err(format!("{count} cards face down at once"));
            }
            Step::FaceDown { seat, count }
        }
        "reveal" => Step::Reveal {
            seat,
            value: value_of(f.req("value")?, "value")?,
        },
        other => return Err(format!("no step `{other}`")),
    };
    f.done()?;
    Ok(step)
}

fn round_log_json(log: &RoundLog) -> Json {
    Json::Arr(log.steps().map(step_json).collect())
}

fn round_log_from(list: &[Json]) -> Read<RoundLog> {
    if list.len() > RoundLog::CAPACITY {
        return Err(format!(
            "a round log of {} steps (at most {})",
            list.len(),
            RoundLog::CAPACITY
        ));
    }
    let mut log = RoundLog::EMPTY;
    for v in list {
        log.push(step_from(v)?);
    }
    Ok(log)
}

/// One seat's view: `{"seat", "options", "phase", "current", "mojo",
/// "round", "hand", "face_down", "seats": [...], "discard": [[...]],
/// "draw_len", "last_round", "winners", "log": [...]}`; the log is the
/// round's public steps, the same in every seat's view. Every shape here
/// is the one the engine's serde derives write (`wire_serde_tests`).
pub fn view_json(v: &PlayerView) -> Json {
    obj([
        ("seat", int(v.seat)),
        ("options", options_json(&v.options)),
        ("phase", phase_json(v.phase)),
        ("current", int(v.current)),
        ("mojo", face_json(v.mojo)),
        ("round", int(v.round)),
        ("hand", cards_json(&v.hand)),
        ("face_down", cards_json(&v.face_down)),
        (
            "seats",
            Json::Arr(
                v.seats
                    .iter()
                    .map(|s| {
                        obj([
                            ("hand_len", int(s.hand_len)),
                            ("face_down_len", int(s.face_down_len)),
                            ("face_up", cards_json(&s.face_up)),
                            ("known_in_hand", cards_json(&s.known_in_hand)),
                            ("total", int(s.total)),
                            (
                                "style",
                                Json::Arr(s.style.iter().map(|&x| int(x)).collect()),
                            ),
                        ])
                    })
                    .collect(),
            ),
        ),
        (
            "discard",
            Json::Arr(v.discard.iter().map(pile_json).collect()),
        ),
        ("draw_len", int(v.draw_len)),
        (
            "last_round",
            v.last_round.as_ref().map_or(Json::Null, round_json),
        ),
        (
            "winners",
            Json::Arr(v.winners.iter().map(|&w| int(w)).collect()),
        ),
        ("log", round_log_json(&v.log)),
    ])
}

/// A seat's style: one whole number per policy of the bots' beliefs.
fn style_from(list: &[Json]) -> Read<Style> {
    let mut style = Style::default();
    if list.len() != style.len() {
        return Err(format!(
            "a style of {} numbers, not {}",
            list.len(),
            style.len()
        ));
    }
    for (x, v) in style.iter_mut().zip(list) {
        *x = v
            .as_int()
            .ok_or_else(|| json::wrong("style", "a whole number", v))?;
    }
    Ok(style)
}

/// Reads a view, and checks that it describes a table: the seats and the
/// piles as many as the options say, every seat number within the table.
pub fn view_from(v: &Json) -> Read<PlayerView> {
    let mut f = Fields::of(v, "a view")?;
    let seat = seat_of(f.req("seat")?, "seat")?;
    let options = options_from(f.req("options")?)?;
    let players = options.players;
    let seats = f
        .list("seats")?
        .iter()
        .map(|s| {
            let mut g = Fields::of(s, "a seat")?;
            let seat = SeatView {
                hand_len: g.int("hand_len")?,
                face_down_len: g.int("face_down_len")?,
                face_up: cards_from(g.req("face_up")?, "face_up")?,
                known_in_hand: cards_from(g.req("known_in_hand")?, "known_in_hand")?,
                total: g.int("total")?,
                style: style_from(g.list("style")?)?,
            };
            g.done()?;
            Ok(seat)
        })
        .collect::<Read<Vec<_>>>()?;
    let view = PlayerView {
        seat,
        options,
        phase: phase_from(f.req("phase")?)?,
        current: seat_of(f.req("current")?, "current")?,
        mojo: face_from(f.req("mojo")?)?,
        round: f.int("round")?,
        hand: cards_from(f.req("hand")?, "hand")?,
        face_down: cards_from(f.req("face_down")?, "face_down")?,
        seats,
        discard: f
            .list("discard")?
            .iter()
            .map(pile_from)
            .collect::<Read<_>>()?,
        draw_len: f.int("draw_len")?,
        last_round: match f.opt("last_round") {
            None | Some(Json::Null) => None,
            Some(r) => Some(round_from(r)?),
        },
        winners: f
            .list("winners")?
            .iter()
            .map(|w| seat_of(w, "winners"))
            .collect::<Read<_>>()?,
        log: round_log_from(f.list("log")?)?,
    };
    f.done()?;
    let n = players as usize;
    if view.seats.len() != n {
        return Err(format!("{} seats at a table of {n}", view.seats.len()));
    }
    if view.discard.len() != options.piles() as usize {
        return Err(format!(
            "{} discard piles, not {}",
            view.discard.len(),
            options.piles()
        ));
    }
    let step_seat = |s: Step| match s {
        Step::Play { seat, .. }
        | Step::Draw { seat, .. }
        | Step::FaceDown { seat, .. }
        | Step::Reveal { seat, .. } => seat,
    };
    if view.seat >= players
        || view.current >= players
        || view.winners.iter().any(|&w| w >= players)
        || view.log.steps().any(|s| step_seat(s) >= players)
    {
        return Err(format!("a seat number past the table of {n}"));
    }
    Ok(view)
}

pub fn action_json(a: Action) -> Json {
    crate::save::action_json(a)
}

pub fn action_from(v: &Json) -> Read<Action> {
    crate::save::action_from(v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::{SeatSetup, Session, TableSetup};
    use mojo_engine::BotKind;

    /// Every view, event, log line (a card taken back's too) and round of
    /// two whole games (one with two discard piles) reads back the same.
    #[test]
    fn the_engines_types_round_trip() {
        for double in [false, true] {
            let mut setup = TableSetup::first_visit("Ana");
            setup.seats[2] = SeatSetup::human("Ben");
            setup.double_discard = double;
            let mut s = Session::new(setup, 23).unwrap();
            let mut bot = BotKind::Medium.make(4);
            let mut events = 0;
            let mut longest_log = 0;
            let mut taken_at = 0;
            while !s.game.is_over() {
                for seat in [0, 2, Seat::MAX] {
                    let view = s.game.view(seat);
                    longest_log = longest_log.max(view.log.len());
                    let text = view_json(&view).to_text();
                    if seat == Seat::MAX {
                        // The public view is not a seat's: refused.
                        assert!(view_from(&json::parse(&text).unwrap()).is_err());
                    } else {
                        assert_eq!(view_from(&json::parse(&text).unwrap()).unwrap(), view);
                    }
                    let evs = s.events_for(seat);
                    events += evs.len();
                    assert_eq!(
                        events_from(&json::parse(&events_json(&evs).to_text()).unwrap()).unwrap(),
                        evs
                    );
                }
                if let Some(seat) = s.handoff_to() {
                    s.show_hand(seat);
                }
                let view = s.game.view(s.game.current());
                s.apply(bot.choose(&view)).unwrap();
                // Now and then a card taken back (once: the bot plays it
                // again), its line in the log.
                let at = s.record.actions.len();
                if s.take_back_seat().is_some() && at.is_multiple_of(7) && taken_at < at {
                    taken_at = at;
                    assert!(s.take_back());
                }
            }
            assert!(s
                .log
                .iter()
                .any(|e| matches!(e.event, Event::TookBack { .. })));
            assert_eq!(
                log_from(&json::parse(&log_json(&s.log).to_text()).unwrap()).unwrap(),
                s.log
            );
            assert_eq!(
                rounds_from(&json::parse(&rounds_json(&s.rounds).to_text()).unwrap()).unwrap(),
                s.rounds
            );
            assert!(events > 500);
            // The views carried the round's steps, not just empty logs.
            assert!(longest_log > 20, "{longest_log}");
        }
    }

    #[test]
    fn a_view_that_is_not_a_table_is_refused() {
        let s = Session::new(TableSetup::first_visit("Ana"), 3).unwrap();
        let good = view_json(&s.game.view(0)).to_text();
        let bad = [
            good.replace("\"current\":", "\"current\":9,\"x\":"),
            good.replace("\"players\":4", "\"players\":5"),
            good.replace("\"hand\":[", "\"hand\":[13,"),
            good.replace("\"seat\":0", "\"seat\":7"),
            good.replace(
                "\"phase\":\"play\"",
                "\"phase\":{\"continue\":{\"pile\":3}}",
            ),
            good.replace("\"mojo\":\"0\"", "\"mojo\":\"+5\""),
            // The round log: a seat past the table, a card past 12, no
            // such step, a field too many.
            good.replace(
                "\"log\":[]",
                "\"log\":[{\"reveal\":{\"seat\":5,\"value\":3}}]",
            ),
            good.replace(
                "\"log\":[]",
                "\"log\":[{\"reveal\":{\"seat\":1,\"value\":13}}]",
            ),
            good.replace(
                "\"log\":[]",
                "\"log\":[{\"peek\":{\"seat\":1,\"value\":3}}]",
            ),
            good.replace(
                "\"log\":[]",
                "\"log\":[{\"draw\":{\"seat\":1,\"card\":null,\"hand\":[3]}}]",
            ),
            // Two steps in one, and the shape the wire wrote before it
            // took serde's.
            good.replace(
                "\"log\":[]",
                "\"log\":[{\"reveal\":{\"seat\":1,\"value\":3},\"draw\":{\"seat\":1}}]",
            ),
            good.replace(
                "\"log\":[]",
                "\"log\":[{\"step\":\"reveal\",\"seat\":1,\"value\":3}]",
            ),
        ];
        // The same step within the table reads.
        let fine = good.replace(
            "\"log\":[]",
            "\"log\":[{\"reveal\":{\"seat\":1,\"value\":3}}]",
        );
        assert!(view_from(&json::parse(&fine).unwrap()).is_ok());
        assert_ne!(fine, good);
        for text in bad {
            let parsed = json::parse(&text);
            assert!(
                parsed.is_err() || view_from(&parsed.unwrap()).is_err(),
                "{text}"
            );
        }
    }
}
