//! The statistics dialog (from the lobby and the menu). It is given the
//! statistics and a callback to reset them: reading, counting a finished
//! game and resetting are commands of the reducer (`Cmd::CountFinished`,
//! `Cmd::ResetStats`), run by the executor (`exec.rs`).

use std::collections::BTreeMap;
use std::rc::Rc;

use yew::prelude::*;

use crate::i18n::{Lang, Text};
use crate::session::Level;
use crate::stats::Stats;

#[derive(Properties, PartialEq)]
pub struct StatsProps {
    pub lang: Lang,
    pub stats: Rc<Stats>,
    /// Resets the statistics (after the player confirmed).
    pub on_reset: Callback<()>,
    pub on_close: Callback<()>,
}

#[function_component(StatsDialog)]
pub fn stats_dialog(p: &StatsProps) -> Html {
    let lang = p.lang;
    let t = |text: Text| text.get(lang);
    let confirming = use_state(|| false);
    let close = {
        let cb = p.on_close.clone();
        Callback::from(move |_| cb.emit(()))
    };
    let ask = {
        let c = confirming.clone();
        Callback::from(move |_| c.set(true))
    };
    let cancel = {
        let c = confirming.clone();
        Callback::from(move |_| c.set(false))
    };
    let reset = {
        let c = confirming.clone();
        let on_reset = p.on_reset.clone();
        Callback::from(move |_| {
            on_reset.emit(());
            c.set(false);
        })
    };
    {
        // Focus follows the confirmation: to "Cancel" when it opens, back
        // into the dialog when it closes.
        use_effect_with(*confirming, |&open| {
            if open {
                crate::ui::focus::focus_first(".stats__confirm .button--primary");
            } else {
                crate::ui::focus::into_dialog();
            }
        });
    }
    let s = &*p.stats;
    let body = if s.games == 0 {
        html! { <p>{ t(Text::StatsNone) }</p> }
    } else {
        let average = s.average().map_or("–".to_string(), |a| {
            crate::ui::tenths(a, p.lang.decimal_sep())
        });
        let best = s.best.as_ref().map_or("–".to_string(), |(name, score)| {
            format!("{score} ({name})")
        });
        let people = by_wins(&s.wins_by_name);
        html! {
            <>
                <dl class="stats__numbers">
                    <div><dt>{ t(Text::StatsAverage) }</dt><dd>{ average }</dd></div>
                    <div><dt>{ t(Text::StatsBest) }</dt><dd>{ best }</dd></div>
                    <div><dt>{ t(Text::StatsMojoPlusTen) }</dt><dd>{ s.mojo_plus_ten }</dd></div>
                </dl>
                if !people.is_empty() {
                    <table class="stats__table">
                        <caption>{ t(Text::StatsWinsTitle) }</caption>
                        <thead><tr><th scope="col">{ t(Text::Name) }</th><th scope="col">{ t(Text::StatsWins) }</th></tr></thead>
                        <tbody>
                            { for people.iter().map(|(name, wins)| html! {
                                <tr><th scope="row">{ (*name).clone() }</th><td>{ **wins }</td></tr>
                            }) }
                        </tbody>
                    </table>
                }
                if !s.bot_games.is_empty() {
                    <table class="stats__table">
                        <caption>{ t(Text::StatsBotsTitle) }</caption>
                        <thead><tr>
                            <th scope="col">{ t(Text::Bots) }</th>
                            <th scope="col">{ t(Text::StatsGamesHeader) }</th>
                            <th scope="col">{ t(Text::StatsWins) }</th>
                        </tr></thead>
                        <tbody>
                            { for Level::ALL.iter().filter_map(|&l| {
                                let key = l.key();
                                s.bot_games.get(key).map(|g| html! {
                                    <tr>
                                        <th scope="row">{ t(Text::Bot(l)) }</th>
                                        <td>{ *g }</td>
                                        <td>{ s.bot_wins.get(key).copied().unwrap_or(0) }</td>
                                    </tr>
                                })
                            }) }
                        </tbody>
                    </table>
                }
            </>
        }
    };
    html! {
        <div class="dialog-backdrop">
            <section class="dialog stats" role="dialog" aria-modal="true" aria-labelledby="stats-title">
                <h2 id="stats-title">{ t(Text::Statistics) }</h2>
                <p class="stats__games">{ t(Text::StatsGames(s.games)) }</p>
                { body }
                if *confirming {
                    <div class="stats__confirm" role="alertdialog" aria-labelledby="stats-confirm">
                        <p id="stats-confirm">{ t(Text::StatsResetConfirm) }</p>
                        <button type="button" class="button" onclick={reset}>{ t(Text::StatsResetYes) }</button>
                        <button type="button" class="button button--primary" autofocus=true onclick={cancel}>{ t(Text::Cancel) }</button>
                    </div>
                }
                <div class="menu__actions">
                    if s.games > 0 && !*confirming {
                        <button type="button" class="button" onclick={ask}>{ t(Text::StatsReset) }</button>
                    }
                    <button type="button" class="button button--primary" autofocus=true onclick={close}>{ t(Text::Close) }</button>
                </div>
            </section>
        </div>
    }
}

/// Players by wins, most first, names in order among equal wins. The map
/// gives names in order and a stable insertion sort keeps it: a table of a
/// few names, and std's sort would add about 3 KB of wasm for this one call.
fn by_wins(wins: &BTreeMap<String, u32>) -> Vec<(&String, &u32)> {
    let mut people: Vec<(&String, &u32)> = wins.iter().collect();
    for i in 1..people.len() {
        let mut j = i;
        while j > 0 && people[j].1 > people[j - 1].1 {
            people.swap(j, j - 1);
            j -= 1;
        }
    }
    people
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_by_most_wins_then_name() {
        let wins: BTreeMap<String, u32> = [("Zoé", 2), ("Ana", 1), ("Bo", 3), ("Cy", 2), ("Al", 1)]
            .into_iter()
            .map(|(n, w)| (n.to_string(), w))
            .collect();
        let order: Vec<(&str, u32)> = by_wins(&wins)
            .into_iter()
            .map(|(n, &w)| (n.as_str(), w))
            .collect();
        assert_eq!(
            order,
            [("Bo", 3), ("Cy", 2), ("Zoé", 2), ("Al", 1), ("Ana", 1)]
        );
        assert!(by_wins(&BTreeMap::new()).is_empty());
    }
}
