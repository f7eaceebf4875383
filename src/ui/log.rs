//! The game log: every move of the round in words, as everyone at the
//! table may know it (a card drawn from the deck is nobody else's business).

use mojo_engine::{Event, Seat};
use yew::prelude::*;

use crate::i18n::{join_names, Lang, Text};
use crate::scene::Scene;

/// One log event in words. Deck draws are already hidden in the log.
pub fn describe(event: &Event, scene: &Scene, lang: Lang) -> String {
    let name = |s: Seat| scene.name(s);
    let text = match *event {
        Event::RoundDealt { round, starter } => Text::LogDealt {
            round,
            starter: name(starter),
        },
        Event::Played {
            seat,
            value,
            outcome,
            ..
        } => Text::LogPlayed {
            name: name(seat),
            value,
            outcome,
        },
        Event::Drew { seat, source, card } => Text::LogDrew {
            name: name(seat),
            source,
            card,
        },
        Event::NothingToDraw { seat } => Text::LogNothingToDraw(name(seat)),
        Event::Reshuffled { cards } => Text::LogReshuffled(cards),
        Event::PileRefilled { value, .. } => Text::LogRefilled(value),
        Event::WentFaceDown { seat, count } => Text::LogFaceDown {
            name: name(seat),
            count,
        },
        Event::Revealed { seat, value } => Text::LogRevealed {
            name: name(seat),
            value,
        },
        Event::RoundEnded { holder, reason } => Text::LogRoundEnded {
            name: name(holder),
            reason,
        },
        Event::RoundScored { ref result } => Text::LogScored {
            name: name(result.holder),
            score: result.scores[result.holder as usize],
            penalised: result.holder_penalised(),
        },
        Event::MojoTurned { face } => Text::LogMojoTurned(face),
        Event::TookBack { seat, value } => Text::TookBack {
            name: name(seat),
            value,
        },
        Event::GameOver { ref winners } => {
            let names: Vec<&str> = winners.iter().map(|&w| name(w)).collect();
            return Text::LogGameOver(&join_names(&names, lang)).get(lang);
        }
        Event::TurnStarted { .. } | Event::FaceDownTurnedUp { .. } => return String::new(),
    };
    text.get(lang)
}

/// The game log of the current round, its last forty lines, newest first.
pub fn game_log(scene: &Scene, lang: Lang) -> Html {
    let t = |text: Text| text.get(lang);
    let lines: Vec<(usize, String)> = scene
        .round_log_numbered()
        .map(|(i, e)| (i, describe(&e.event, scene, lang)))
        .filter(|(_, s)| !s.is_empty())
        .collect();
    let skip = lines.len().saturating_sub(40);
    // Newest first, each line keyed by its place in the log. Yew matches
    // unkeyed children from the end, which is right while lines are only
    // added at the top; once forty are shown a move also drops the oldest,
    // and unkeyed that rewrote the text of all forty (laid out again, line
    // by line, in the frame of a card's flight). Keyed, it is one line in
    // and one out.
    html! {
        <section class="log" aria-labelledby="log-title">
            <h2 id="log-title" class="panel__title">{ t(Text::GameLog) }</h2>
            // Scrollable: focusable, so that keyboard users can scroll it.
            <ol class="log__lines" tabindex="0" aria-labelledby="log-title">
                { for lines.into_iter().skip(skip).rev().map(|(i, l)| html! { <li key={i}>{ l }</li> }) }
            </ol>
        </section>
    }
}
