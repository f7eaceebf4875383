//! The round summary (everyone's cards by colour, who took the Mojo and
//! why it scored 0 or +10, the new totals) and, after the last round, the
//! game-over screen with the winners and the final score pad.

use std::rc::Rc;

use mojo_engine::{Cards, Colour};
use yew::prelude::*;

use crate::i18n::{join_names, Lang, Text};
use crate::scene::Scene;
use crate::ui::cards::{card_face, symbol, CardSize};
use crate::ui::scorepad::{score_pad, PadProps};

pub struct SummaryProps {
    pub scene: Rc<Scene>,
    pub lang: Lang,
    pub on_next: Callback<()>,
    pub on_rematch: Callback<()>,
    pub on_new_game: Callback<()>,
    /// The rules stay reachable while the summary covers the table.
    pub on_rules: Callback<()>,
    /// So does the Menu, between rounds (issue 55: it was out of reach
    /// behind a round's summary).
    pub on_menu: Callback<()>,
    /// On a hand device the table deals the next round: no buttons for it,
    /// and "Leave the table" (`on_new_game`) at the end.
    pub hand_device: bool,
    /// Opens the replay of this round (`None` on a hand device).
    pub on_replay: Option<Callback<u32>>,
    /// The game's deal code, at game over on the table device.
    pub deal_code: Option<AttrValue>,
    /// Today's deal at game over: its date and the days in a row it was
    /// played, for the result to share.
    pub daily: Option<(AttrValue, u32)>,
    /// The copy and share buttons' part of the state.
    pub clipboard: crate::ui::copy::Clipboard,
}

/// Today's deal at game over: the result (the date, everyone's place and
/// final score, the rounds, the streak; never a card or the deal code),
/// shared in one tap: the share sheet where there is one, else the
/// clipboard.
fn daily_result(p: &SummaryProps, date: &str, streak: u32) -> Html {
    let lang = p.lang;
    let t = |text: Text| text.get(lang);
    let scene = &p.scene;
    let totals = scene.totals();
    let seats: Vec<(String, u32)> = (0..scene.players())
        .map(|s| (scene.name(s).to_string(), totals[s as usize]))
        .collect();
    let rounds = scene.rounds.len() as u32;
    let text = t(Text::DailyResult {
        date,
        scores: &crate::daily::standings(&seats),
        rounds,
        streak: &t(Text::DailyStreak(streak)),
    });
    let share = html! {
        <crate::ui::copy::ShareOrCopy {lang} title={t(Text::Title)} text={text.clone()} share_label={t(Text::ShareResult)} copy_label={t(Text::CopyResult)} shown_in=".daily__result" clipboard={p.clipboard.clone()} />
    };
    html! {
        <section class="daily" aria-labelledby="daily-title">
            <h3 id="daily-title" class="deal__title">{ t(Text::TodaysDealOf(date)) }</h3>
            <p class="daily__result"><output>{ text }</output></p>
            <div class="deal__actions">{ share }</div>
        </section>
    }
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
                                        // An element, not a pseudo-element: a
                                        // contrast check reads what lies
                                        // under the card's words only from
                                        // elements (issue 34).
                                        <span class="grouped__tick" aria-hidden="true">{ "✓" }</span>
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
    let scene = &p.scene;
    let Some(r) = scene.rounds.last() else {
        return html! {};
    };
    let holder = scene.name(r.holder);
    let over = scene.is_over();
    let winners: Vec<&str> = scene.view.winners.iter().map(|&w| scene.name(w)).collect();
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
    // Between rounds: the rules and the Menu, beside what comes next.
    let aside = {
        let cb = p.on_menu.clone();
        let menu = Callback::from(move |_| cb.emit(()));
        html! {
            <>
                <button type="button" class="button button--ghost" onclick={rules.clone()}>{ t(Text::Rules) }</button>
                <button type="button" class="button button--ghost summary__menu" onclick={menu}>{ t(Text::Menu) }</button>
            </>
        }
    };
    let replay = p.on_replay.clone().map(|cb| {
        let round = r.round;
        html! {
            <button type="button" class="button replay-open" onclick={Callback::from(move |_| cb.emit(round))}>{ t(Text::ReplayRound) }</button>
        }
    });
    let deal = p.deal_code.clone().map(|code| {
        html! {
            <section class="deal" aria-labelledby="deal-title">
                <h3 id="deal-title" class="deal__title">{ t(Text::DealCode) }</h3>
                <p class="deal__code"><output class="deal__value">{ code.clone() }</output></p>
                <div class="deal__actions">
                    <crate::ui::copy::CopyButton {lang} text={code.clone()} label={t(Text::CopyCode)} shown_in=".deal__value" clipboard={p.clipboard.clone()} />
                    <crate::ui::copy::ShareButton title={t(Text::Title)} text={t(Text::ShareDeal(&code))} label={t(Text::Share)} clipboard={p.clipboard.clone()} />
                </div>
                <p class="deal__help">{ t(Text::DealCodeHelp) }</p>
            </section>
        }
    });
    html! {
        <div class="dialog-backdrop">
            <section class={classes!("dialog", "summary", over.then_some("summary--over"))} role="dialog" aria-modal="true" aria-labelledby="summary-title">
                if over {
                    <h2 id="summary-title" class="summary__title">{ t(Text::GameOverTitle) }</h2>
                    <p class="summary__winner">
                        { if winners.len() == 1 { t(Text::Winner(winners[0])) } else { t(Text::SharedWin(&join_names(&winners, lang))) } }
                    </p>
                    // Today's deal: the result to share, with its Copy,
                    // under the winner (issue 55: it was at the very foot).
                    if let Some((date, streak)) = p.daily.as_ref().filter(|_| !p.hand_device) {
                        { daily_result(p, date, *streak) }
                    }
                } else {
                    <h2 id="summary-title" class="summary__title">{ t(Text::RoundOverTitle(r.round)) }</h2>
                }
                <p class="summary__ended">{ t(Text::EndedRound { name: holder, reason: r.reason }) }</p>
                <p class={classes!("summary__mojo", r.holder_penalised().then_some("summary__mojo--penalty"))}>
                    { if r.holder_penalised() { t(Text::HolderPenalty(holder)) } else { t(Text::HolderZero(holder)) } }
                </p>
                // What to do next comes before the details: in portrait it
                // sits in the upper half, where no card of the hand that
                // follows lies, and in view without scrolling (issue 34:
                // "Next round" lay over the next hand, the game's end had
                // Rematch below the fold); beside a landscape table a
                // round's goes to the foot (styles/app.css), the game's
                // stays here, in view (issue 56).
                if over && p.hand_device {
                    <div class="summary__actions">
                        <button type="button" class="button button--large" onclick={new_game}>{ t(Text::LeaveTable) }</button>
                        <button type="button" class="button button--ghost" onclick={rules.clone()}>{ t(Text::Rules) }</button>
                    </div>
                } else if over {
                    <div class="summary__actions">
                        <button type="button" class="button button--primary button--large" onclick={rematch}>{ t(Text::Rematch) }</button>
                        <button type="button" class="button button--large" onclick={new_game}>{ t(Text::NewGame) }</button>
                        { replay.clone().unwrap_or_default() }
                        <button type="button" class="button button--ghost" onclick={rules.clone()}>{ t(Text::Rules) }</button>
                    </div>
                } else if !scene.may_deal {
                    // The table deals (this is a phone, or the bots deal by
                    // themselves). A phone lost while this summary covers
                    // the table.
                    if let Some(seat) = scene.lost {
                        <p class="summary__lost" role="status">{ t(Text::PhoneLost(scene.name(seat))) }</p>
                    }
                    <p class="summary__next">{ t(Text::TableDealsNext) }</p>
                    <div class="summary__actions">
                        // (None on a phone: the replay stays on the table.)
                        { replay.clone().unwrap_or_default() }
                        { aside.clone() }
                    </div>
                } else {
                    <div class="summary__actions">
                        <button type="button" class="button button--primary button--large" autofocus=true onclick={next}>{ t(Text::NextRound) }</button>
                        { replay.unwrap_or_default() }
                        { aside }
                    </div>
                }
                <ul class="summary__players">
                    { for (0..scene.players()).map(|s| {
                        let i = s as usize;
                        html! {
                            <li class={classes!("summary__player", (s == r.holder).then_some("summary__player--holder"))}>
                                <div class="summary__name">
                                    { scene.name(s).to_string() }
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
                    { score_pad(&PadProps { scene, lang, compact: false, id: "summary-pad" }) }
                }
                if over && !p.hand_device {
                    { deal.unwrap_or_default() }
                }
            </section>
        </div>
    }
}
