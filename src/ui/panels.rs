//! The score pad, the game log, the round summary (and game over), the rules,
//! the menu and the notices.

use std::rc::Rc;

use mojo_engine::{Cards, Colour, Event, Face, Seat};
use yew::prelude::*;

use crate::app::Notice;
use crate::i18n::{join_names, Lang, Text};
use crate::save::Speed;
use crate::session::Session;
use crate::ui::cards::{card_face, symbol, CardSize};

/// One log event in words. Deck draws are already hidden in the log.
pub fn describe(event: &Event, session: &Session, lang: Lang) -> String {
    let name = |s: Seat| session.name(s);
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
        Event::GameOver { ref winners } => {
            let names: Vec<&str> = winners.iter().map(|&w| name(w)).collect();
            return Text::LogGameOver(&join_names(&names, lang)).get(lang);
        }
        Event::TurnStarted { .. } | Event::FaceDownTurnedUp { .. } => return String::new(),
    };
    text.get(lang)
}

/// What the score pad, its chart and the game log show. They are plain
/// view functions, not components: they have no state, and a Yew component
/// costs about 2 KB of wasm per type.
pub struct SessionProps<'a> {
    pub session: &'a Session,
    pub lang: Lang,
    /// The side panel's narrow layout.
    pub compact: bool,
    /// Prefix of the ids inside (two score pads may show at once: the
    /// side panel's, "pad", and the game-over summary's).
    pub id: &'static str,
}

/// Line styles of the chart, per seat: a dash pattern as well as a colour,
/// so the lines differ without colour.
const DASHES: [&str; 8] = ["", "6 3", "2 3", "8 3 2 3", "1 5", "10 4", "4 2 1 2", "3 6"];

/// Each player's total after each round (from 0), with the target line:
/// SVG drawn here, no library. The score pad's table is the accessible data;
/// the chart is one image with a title and a description.
pub fn score_chart(p: &SessionProps) -> Html {
    let t = |text: Text| text.get(p.lang);
    let session = &p.session;
    let n = session.players() as usize;
    let target = session.game.options().target;
    let rounds = session.rounds.len();
    let top = session
        .rounds
        .iter()
        .flat_map(|r| r.totals[..n].iter().copied())
        .max()
        .unwrap_or(0)
        .max(target);
    // Round the scale up to a multiple of 10 (20 past 100).
    let step = if top > 100 { 20 } else { 10 };
    let top = top.div_ceil(step) * step;
    let (w, h, left, right, up, down) = (320.0, 170.0, 30.0, 10.0, 8.0, 22.0);
    // SVG numbers, to a tenth of a unit.
    let n1 = |v: f64| crate::ui::tenths(v, '.');
    let x = |i: usize| left + (w - left - right) * i as f64 / rounds.max(1) as f64;
    let y = |v: u32| up + (h - up - down) * (1.0 - f64::from(v) / f64::from(top.max(1)));
    let grid = (0..=top / step).map(|k| {
        let v = k * step;
        html! {
            <g class="chart__grid">
                <line x1={n1(left)} x2={n1(w - right)} y1={n1(y(v))} y2={n1(y(v))} />
                <text x={n1(left - 4.0)} y={n1(y(v) + 3.5)} text-anchor="end">{ v }</text>
            </g>
        }
    });
    let xlabels = (0..=rounds).map(|i| html! {
        <text class="chart__xlabel" x={n1(x(i))} y={n1(h - 6.0)} text-anchor="middle">{ i }</text>
    });
    let lines = (0..n).map(|s| {
        let points: Vec<String> = std::iter::once(0)
            .chain(session.rounds.iter().map(|r| r.totals[s]))
            .enumerate()
            .map(|(i, v)| format!("{},{}", n1(x(i)), n1(y(v))))
            .collect();
        html! {
            <polyline
                class={format!("chart__line chart__line--{s}")}
                points={points.join(" ")}
                stroke-dasharray={DASHES[s % 8]}
            />
        }
    });
    let totals = session.game.totals();
    let desc = format!(
        "{} {}. {}",
        t(Text::ChartDesc),
        t(Text::Target(target)),
        (0..n)
            .map(|s| format!("{}: {}", session.name(s as u8), totals[s]))
            .collect::<Vec<_>>()
            .join(", ")
    );
    html! {
        <figure class="chart">
            <svg class="chart__svg" viewBox={format!("0 0 {} {}", n1(w), n1(h))} role="img" aria-label={format!("{}. {desc}", t(Text::ChartTitle))}>
                <title>{ t(Text::ChartTitle) }</title>
                <desc>{ desc.clone() }</desc>
                { for grid }
                { for xlabels }
                <line class="chart__target" x1={n1(left)} x2={n1(w - right)} y1={n1(y(target))} y2={n1(y(target))} />
                <text class="chart__target-label" x={n1(w - right)} y={n1(y(target) - 3.0)} text-anchor="end">{ t(Text::Target(target)) }</text>
                { for lines }
            </svg>
            <figcaption>
                <ul class="chart__legend" aria-hidden="true">
                    { for (0..n).map(|s| html! {
                        <li>
                            <svg class="chart__key" viewBox="0 0 28 8" width="28" height="8">
                                <line class={format!("chart__line chart__line--{s}")} x1="1" x2="27" y1="4" y2="4" stroke-dasharray={DASHES[s % 8]} />
                            </svg>
                            { format!("{} {}", session.name(s as u8), totals[s]) }
                        </li>
                    }) }
                </ul>
            </figcaption>
        </figure>
    }
}

/// The game log of the current round, newest last.
pub fn game_log(session: &Session, lang: Lang) -> Html {
    let t = |text: Text| text.get(lang);
    let lines: Vec<String> = session
        .round_log()
        .map(|e| describe(&e.event, session, lang))
        .filter(|s| !s.is_empty())
        .collect();
    let skip = lines.len().saturating_sub(40);
    html! {
        <section class="log" aria-labelledby="log-title">
            <h2 id="log-title" class="panel__title">{ t(Text::GameLog) }</h2>
            // Scrollable: focusable, so that keyboard users can scroll it.
            <ol class="log__lines" tabindex="0" aria-labelledby="log-title">
                { for lines.into_iter().skip(skip).rev().map(|l| html! { <li>{ l }</li> }) }
            </ol>
        </section>
    }
}

/// The score pad: a row per round, the totals, who took the Mojo, the
/// distance to the target; the leader highlighted.
pub fn score_pad(p: &SessionProps) -> Html {
    let t = |text: Text| text.get(p.lang);
    let session = &p.session;
    let game = &session.game;
    let n = game.players();
    let target = game.options().target;
    let leaders = session.leaders();
    let max_total = game.totals().iter().copied().max().unwrap_or(0);
    let show_rounds = if p.compact {
        session.rounds.len().saturating_sub(4)
    } else {
        0
    };
    let title_id = format!("{}-title", p.id);
    let chart = if session.rounds.is_empty() {
        html! {}
    } else if p.compact {
        html! {
            <details class="scorepad__chart">
                <summary>{ t(Text::ChartTitle) }</summary>
                { score_chart(p) }
            </details>
        }
    } else {
        score_chart(p)
    };
    html! {
        // It scrolls sideways when the table is wide (eight players, long
        // names): focusable, so that keyboard users can scroll it.
        <section class={classes!("scorepad", p.compact.then_some("scorepad--compact"))} aria-labelledby={title_id.clone()} tabindex="0">
            <h2 id={title_id} class="panel__title">{ t(Text::ScorePad) }</h2>
            <table class={classes!("scorepad__table", (n > 5).then_some("scorepad__table--many"), (4..=5).contains(&n).then_some("scorepad__table--four"))}>
                <thead>
                    <tr>
                        <th scope="col">{ "#" }</th>
                        { for (0..n).map(|s| html! {
                            <th scope="col" class={classes!(leaders.contains(&s).then_some("scorepad__leader"))}>
                                { session.name(s).to_string() }
                            </th>
                        }) }
                    </tr>
                </thead>
                <tbody>
                    { for session.rounds.iter().skip(show_rounds).map(|r| html! {
                        <tr>
                            <th scope="row">{ r.round }</th>
                            { for (0..n).map(|s| {
                                let holder = r.holder == s;
                                html! {
                                    <td class={classes!(holder.then_some("scorepad__holder"))}>
                                        { r.scores[s as usize] }
                                        if holder {
                                            <span class="scorepad__mojo" title={t(Text::MojoHolder)}>
                                                { if r.face == Face::PlusTen { " M+" } else { " M" } }
                                            </span>
                                        }
                                    </td>
                                }
                            }) }
                        </tr>
                    }) }
                </tbody>
                <tfoot>
                    <tr class="scorepad__totals">
                        <th scope="row">{ t(Text::TotalHeader) }</th>
                        { for game.totals().iter().enumerate().map(|(s, &total)| html! {
                            <td class={classes!(leaders.contains(&(s as u8)).then_some("scorepad__leader"))}>
                                { total }
                                if leaders.contains(&(s as u8)) && !session.rounds.is_empty() {
                                    <span class="visually-hidden">{ format!(" ({})", t(Text::Leader)) }</span>
                                }
                            </td>
                        }) }
                    </tr>
                    if !game.is_over() {
                        <tr class="scorepad__togo">
                            <td></td>
                            <td colspan={n.to_string()}>
                                { t(Text::ToTarget(target.saturating_sub(max_total))) }
                            </td>
                        </tr>
                    }
                </tfoot>
            </table>
            { chart }
        </section>
    }
}

pub struct SummaryProps {
    pub session: Rc<Session>,
    pub lang: Lang,
    pub on_next: Callback<()>,
    pub on_rematch: Callback<()>,
    pub on_new_game: Callback<()>,
    /// The rules stay reachable while the summary covers the table.
    pub on_rules: Callback<()>,
}

/// Cards grouped by colour, the counting card of each colour marked.
fn grouped(cards: &Cards, lang: Lang) -> Html {
    html! {
        <div class="grouped">
            { for Colour::ALL.iter().map(|&c| {
                let (lo, hi) = c.range();
                let values: Vec<u8> = cards.iter().filter(|&v| v >= lo && v <= hi).collect();
                let top = cards.top_of(c);
                html! {
                    <div class={classes!("grouped__colour", format!("grouped--{}", c.name()))}>
                        <span class="grouped__symbol" aria-hidden="true">{ symbol(c) }</span>
                        if values.is_empty() {
                            <span class="grouped__none">{ "–" }</span>
                        }
                        { for values.iter().enumerate().map(|(i, &v)| {
                            // The highest card of the colour counts (the
                            // last, as values are ascending).
                            let counts = Some(v) == top && i == values.len() - 1;
                            html! {
                                <span class={classes!("grouped__card", counts.then_some("grouped__card--counts"))}>
                                    { card_face(v, CardSize::Small, "", lang, None) }
                                    if counts {
                                        <span class="visually-hidden">{ format!(" ({})", Text::Counts.get(lang)) }</span>
                                    }
                                </span>
                            }
                        }) }
                    </div>
                }
            }) }
        </div>
    }
}

/// After a round: everyone's cards by colour with the counting cards
/// marked, points, the Mojo holder and why they got 0 or +10, the new
/// totals. After the last round: the winners, the final pad, rematch.
pub fn round_summary(p: &SummaryProps) -> Html {
    let lang = p.lang;
    let t = |text: Text| text.get(lang);
    let session = &p.session;
    let game = &session.game;
    let Some(r) = session.rounds.last() else {
        return html! {};
    };
    let holder = session.name(r.holder);
    let over = game.is_over();
    let winners: Vec<&str> = game.winners().iter().map(|&w| session.name(w)).collect();
    let next = {
        let cb = p.on_next.clone();
        Callback::from(move |_| cb.emit(()))
    };
    let rematch = {
        let cb = p.on_rematch.clone();
        Callback::from(move |_| cb.emit(()))
    };
    let new_game = {
        let cb = p.on_new_game.clone();
        Callback::from(move |_| cb.emit(()))
    };
    let rules = {
        let cb = p.on_rules.clone();
        Callback::from(move |_| cb.emit(()))
    };
    html! {
        <div class="dialog-backdrop">
            <section class="dialog summary" role="dialog" aria-modal="true" aria-labelledby="summary-title">
                if over {
                    <h2 id="summary-title" class="summary__title">{ t(Text::GameOverTitle) }</h2>
                    <p class="summary__winner">
                        { if winners.len() == 1 { t(Text::Winner(winners[0])) } else { t(Text::SharedWin(&join_names(&winners, lang))) } }
                    </p>
                } else {
                    <h2 id="summary-title" class="summary__title">{ t(Text::RoundOverTitle(r.round)) }</h2>
                }
                <p class="summary__ended">{ t(Text::EndedRound { name: holder, reason: r.reason }) }</p>
                <p class={classes!("summary__mojo", r.holder_penalised().then_some("summary__mojo--penalty"))}>
                    { if r.holder_penalised() { t(Text::HolderPenalty(holder)) } else { t(Text::HolderZero(holder)) } }
                </p>
                <ul class="summary__players">
                    { for (0..game.players()).map(|s| {
                        let i = s as usize;
                        html! {
                            <li class={classes!("summary__player", (s == r.holder).then_some("summary__player--holder"))}>
                                <div class="summary__name">
                                    { session.name(s).to_string() }
                                    if s == r.holder {
                                        <span class="seat__mojo" title={t(Text::MojoHolder)}>{ "M" }</span>
                                    }
                                </div>
                                { grouped(&r.cards[i], lang) }
                                <div class="summary__numbers">
                                    <span>{ t(Text::Points(r.points[i])) }</span>
                                    <span class="summary__score">{ t(Text::Score(r.scores[i])) }</span>
                                    <span class="summary__total">{ t(Text::NewTotal(r.totals[i])) }</span>
                                </div>
                            </li>
                        }
                    }) }
                </ul>
                if over {
                    { score_pad(&SessionProps { session, lang, compact: false, id: "summary-pad" }) }
                    <div class="summary__actions">
                        <button type="button" class="button button--primary button--large" onclick={rematch}>{ t(Text::Rematch) }</button>
                        <button type="button" class="button button--large" onclick={new_game}>{ t(Text::NewGame) }</button>
                        <button type="button" class="button button--ghost" onclick={rules}>{ t(Text::Rules) }</button>
                    </div>
                } else {
                    <div class="summary__actions">
                        <button type="button" class="button button--primary button--large" autofocus=true onclick={next}>{ t(Text::NextRound) }</button>
                        <button type="button" class="button button--ghost" onclick={rules}>{ t(Text::Rules) }</button>
                    </div>
                }
            </section>
        </div>
    }
}

/// The rules, short, with the game's own cards.
pub fn rules_help(lang: Lang, on_close: &Callback<()>) -> Html {
    let t = |text: Text| text.get(lang);
    let close = {
        let cb = on_close.clone();
        Callback::from(move |_| cb.emit(()))
    };
    html! {
        <div class="dialog-backdrop">
            <section class="dialog rules" role="dialog" aria-modal="true" aria-labelledby="rules-title">
                <h2 id="rules-title">{ t(Text::RulesTitle) }</h2>
                <h3>{ t(Text::RulesCardsHeading) }</h3>
                <p>{ t(Text::RulesCardsBody) }</p>
                <div class="rules__cards">
                    { for [0u8, 3, 6, 9, 12].iter().map(|&v| card_face(v, CardSize::Small, "", lang, None)) }
                </div>
                <h3>{ t(Text::RulesTurnHeading) }</h3>
                <p>{ t(Text::RulesTurnBody) }</p>
                <ul>
                    <li><strong>{ t(Text::RulesLower) }</strong>{ t(Text::RulesLowerBody) }</li>
                    <li><strong>{ t(Text::RulesHigher) }</strong>{ t(Text::RulesHigherBody) }</li>
                    <li><strong>{ t(Text::RulesEqual) }</strong>{ t(Text::RulesEqualBody) }</li>
                </ul>
                <h3>{ t(Text::RulesMojoTimeHeading) }</h3>
                <p>{ t(Text::RulesMojoTimeBody) }</p>
                <h3>{ t(Text::RulesRoundEndHeading) }</h3>
                <p>{ t(Text::RulesRoundEndBody) }</p>
                <h3>{ t(Text::RulesScoringHeading) }</h3>
                <p>{ t(Text::RulesScoringBody) }</p>
                <div class="rules__mojo">
                    { crate::ui::cards::mojo_card(Face::Zero, lang) }
                    { crate::ui::cards::mojo_card(Face::PlusTen, lang) }
                </div>
                <h3>{ t(Text::RulesGameEndHeading) }</h3>
                <p>{ t(Text::RulesGameEndBody) }</p>
                <h3>{ t(Text::RulesVariantHeading) }</h3>
                <p>{ t(Text::RulesVariantBody) }</p>
                <button type="button" class="button button--primary" autofocus=true onclick={close}>{ t(Text::Close) }</button>
            </section>
        </div>
    }
}

pub struct MenuProps {
    pub lang: Lang,
    pub speed: Speed,
    pub reduce_motion: bool,
    pub in_game: bool,
    pub on_speed: Callback<Speed>,
    pub on_reduce_motion: Callback<bool>,
    /// A language chosen in the menu.
    pub on_lang: Callback<Lang>,
    pub on_lobby: Callback<()>,
    pub on_close: Callback<()>,
    /// Opens the statistics.
    pub on_stats: Callback<()>,
    /// Opens the first-game walkthrough (at the table).
    pub on_tour: Callback<()>,
}

/// Settings and leaving the table.
pub fn menu(p: &MenuProps) -> Html {
    let t = |text: Text| text.get(p.lang);
    let close = {
        let cb = p.on_close.clone();
        Callback::from(move |_| cb.emit(()))
    };
    let lobby = {
        let cb = p.on_lobby.clone();
        Callback::from(move |_| cb.emit(()))
    };
    let motion = {
        let cb = p.on_reduce_motion.clone();
        let now = p.reduce_motion;
        Callback::from(move |_| cb.emit(!now))
    };
    let on_lang = {
        let cb = p.on_lang.clone();
        Callback::from(move |e: yew::Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if let Some(lang) = Lang::from_code(&select.value()) {
                cb.emit(lang);
            }
        })
    };
    html! {
        <div class="dialog-backdrop">
            <section class="dialog menu" role="dialog" aria-modal="true" aria-labelledby="menu-title">
                <h2 id="menu-title">{ t(Text::Settings) }</h2>
                <label class="menu__lang">
                    <span>{ t(Text::Language) }</span>
                    <select onchange={on_lang}>
                        { for Lang::ALL.iter().map(|&l| html! {
                            <option value={l.code()} lang={l.code()} selected={l == p.lang}>{ l.native_name() }</option>
                        }) }
                    </select>
                </label>
                <fieldset class="menu__speed">
                    <legend>{ t(Text::Speed) }</legend>
                    { for Speed::ALL.iter().map(|&s| {
                        let cb = p.on_speed.clone();
                        html! {
                            <label class="menu__choice">
                                <input type="radio" name="speed" checked={p.speed == s} onchange={Callback::from(move |_| cb.emit(s))} />
                                <span>{ t(Text::SpeedName(s)) }</span>
                            </label>
                        }
                    }) }
                </fieldset>
                <label class="menu__choice">
                    <input type="checkbox" checked={p.reduce_motion} onchange={motion} />
                    <span>{ t(Text::ReduceMotion) }</span>
                </label>
                <div class="menu__actions">
                    <button type="button" class="button" onclick={let cb = p.on_stats.clone(); Callback::from(move |_| cb.emit(()))}>{ t(Text::Statistics) }</button>
                    if p.in_game {
                        <button type="button" class="button" onclick={let cb = p.on_tour.clone(); Callback::from(move |_| cb.emit(()))}>{ t(Text::ShowTour) }</button>
                        <button type="button" class="button" onclick={lobby}>{ t(Text::BackToLobby) }</button>
                    }
                    <button type="button" class="button button--primary" autofocus=true onclick={close}>{ t(Text::Close) }</button>
                </div>
            </section>
        </div>
    }
}

pub struct NoticesProps {
    pub lang: Lang,
    pub notices: Vec<Notice>,
    pub on_dismiss: Callback<usize>,
    /// Reload into the new version (for [`Notice::UpdateReady`]).
    pub on_reload: Callback<()>,
}

/// Problems the player must know about (a save that could not be read,
/// storage that is off). They never stop the game.
pub fn notices(p: &NoticesProps) -> Html {
    let t = |text: Text| text.get(p.lang);
    html! {
        <div class="notices" role="status">
            { for p.notices.iter().enumerate().map(|(i, n)| {
                let cb = p.on_dismiss.clone();
                let text = match n {
                    Notice::SaveUnreadable(why) => format!("{} {}", t(Text::SaveUnreadable(why)), t(Text::SaveKeptAside)),
                    Notice::StorageOff => t(Text::StorageOff),
                    Notice::UpdateReady => t(Text::UpdateReady),
                    Notice::LanguageUnavailable(l) => t(Text::LanguageUnavailable(l.native_name())),
                };
                let reload = (*n == Notice::UpdateReady).then(|| {
                    let r = p.on_reload.clone();
                    html! { <button type="button" class="button" onclick={Callback::from(move |_| r.emit(()))}>{ t(Text::ReloadForUpdate) }</button> }
                });
                html! {
                    <div class="notice" role="alert">
                        <p>{ text }</p>
                        { for reload }
                        <button type="button" class="button button--ghost" onclick={Callback::from(move |_| cb.emit(i))}>{ t(Text::Dismiss) }</button>
                    </div>
                }
            }) }
        </div>
    }
}
