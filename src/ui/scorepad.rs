//! The score pad (a row per round, the totals, who took the Mojo, the
//! distance to the target) and its chart of everyone's totals.

use mojo_engine::Face;
use yew::prelude::*;

use crate::i18n::{Lang, Text};
use crate::scene::Scene;

/// What the score pad and its chart show. They are plain
/// view functions, not components: they have no state, and a Yew component
/// costs about 2 KB of wasm per type.
pub struct PadProps<'a> {
    pub scene: &'a Scene,
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
pub fn score_chart(p: &PadProps) -> Html {
    let t = |text: Text| text.get(p.lang);
    let scene = p.scene;
    let n = scene.players() as usize;
    let target = scene.view.options.target;
    let rounds = scene.rounds.len();
    let top = scene
        .rounds
        .iter()
        .flat_map(|r| r.totals[..n].iter().copied())
        .max()
        .unwrap_or(0)
        .max(target);
    // At most six values on the axis, a round step apart, so that their
    // labels never touch (their size: `chart_label_step`).
    let step = [10, 20, 25, 50, 100, 200, 250, 500, 1000]
        .into_iter()
        .find(|&s| top.div_ceil(s) <= 5)
        .unwrap_or(1000);
    let top = top.div_ceil(step) * step;
    // Room for labels up to 18 units high (the chart's smallest drawing
    // gets the largest: styles/app.css, "Score chart").
    let (w, h, left, right, up, down) = (320.0, 170.0, 40.0, 10.0, 10.0, 30.0);
    // Every k-th round is labelled: two digits and a gap each.
    let every = (rounds * 30).div_ceil(280).max(1);
    // SVG numbers, to a tenth of a unit.
    let n1 = |v: f64| crate::ui::tenths(v, '.');
    let x = |i: usize| left + (w - left - right) * i as f64 / rounds.max(1) as f64;
    let y = |v: u32| up + (h - up - down) * (1.0 - f64::from(v) / f64::from(top.max(1)));
    let grid = (0..=top / step).map(|k| {
        let v = k * step;
        html! {
            <g class="chart__grid">
                <line x1={n1(left)} x2={n1(w - right)} y1={n1(y(v))} y2={n1(y(v))} />
                <text class="chart__label" x={n1(left - 5.0)} y={n1(y(v))} text-anchor="end" dominant-baseline="middle">{ v }</text>
            </g>
        }
    });
    // Rounds from 1 (the axes' corner is the start, and the value 0 is
    // labelled on the left).
    let xlabels = (1..=rounds).filter(|i| i % every == 0).map(|i| html! {
        <text class="chart__label chart__xlabel" x={n1(x(i))} y={n1(h - 4.0)} text-anchor="middle">{ i }</text>
    });
    let lines = (0..n).map(|s| {
        let points: Vec<String> = std::iter::once(0)
            .chain(scene.rounds.iter().map(|r| r.totals[s]))
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
    let totals = scene.totals();
    let desc = format!(
        "{} {}. {}",
        t(Text::ChartDesc),
        t(Text::Target(target)),
        (0..n)
            .map(|s| format!("{}: {}", scene.name(s as u8), totals[s]))
            .collect::<Vec<_>>()
            .join(", ")
    );
    html! {
        <figure class="chart">
            <svg class="chart__svg" viewBox={format!("0 0 {} {}", n1(w), n1(h))} role="img" aria-label={format!("{}. {desc}", t(Text::ChartTitle))}>
                <title>{ t(Text::ChartTitle) }</title>
                <desc>{ desc.clone() }</desc>
                // The plotting area: lines stay in it, labels out of it.
                <rect class="chart__plot" x={n1(left)} y={n1(up)} width={n1(w - left - right)} height={n1(h - up - down)} />
                { for grid }
                { for xlabels }
                <line class="chart__target" x1={n1(left)} x2={n1(w - right)} y1={n1(y(target))} y2={n1(y(target))} />
                { for lines }
            </svg>
            <figcaption>
                <ul class="chart__legend" aria-hidden="true">
                    // The target line's key: said here, not over the lines.
                    <li class="chart__legend-target">
                        <svg class="chart__key" viewBox="0 0 28 8" width="28" height="8">
                            <line class="chart__target" x1="1" x2="27" y1="4" y2="4" />
                        </svg>
                        { t(Text::Target(target)) }
                    </li>
                    { for (0..n).map(|s| html! {
                        <li>
                            <svg class="chart__key" viewBox="0 0 28 8" width="28" height="8">
                                <line class={format!("chart__line chart__line--{s}")} x1="1" x2="27" y1="4" y2="4" stroke-dasharray={DASHES[s % 8]} />
                            </svg>
                            { format!("{} {}", scene.name(s as u8), totals[s]) }
                        </li>
                    }) }
                </ul>
            </figcaption>
        </figure>
    }
}

/// The score pad: a row per round, the totals, who took the Mojo, the
/// distance to the target; the leader highlighted.
pub fn score_pad(p: &PadProps) -> Html {
    let t = |text: Text| text.get(p.lang);
    let scene = p.scene;
    let n = scene.players();
    let target = scene.view.options.target;
    let leaders = scene.leaders();
    let totals = scene.totals();
    let max_total = totals.iter().copied().max().unwrap_or(0);
    let show_rounds = if p.compact {
        scene.rounds.len().saturating_sub(4)
    } else {
        0
    };
    let title_id = format!("{}-title", p.id);
    let chart = if scene.rounds.is_empty() {
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
                                // Turned upright (many players, a narrow pad)
                                // on this inner element, not on the cell:
                                // WebKit ignores `writing-mode` on a `<th>`
                                // but would still turn it upside down.
                                <span class="scorepad__name">{ scene.name(s).to_string() }</span>
                            </th>
                        }) }
                    </tr>
                </thead>
                <tbody>
                    { for scene.rounds.iter().skip(show_rounds).map(|r| html! {
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
                        { for totals.iter().enumerate().map(|(s, &total)| html! {
                            <td class={classes!(leaders.contains(&(s as u8)).then_some("scorepad__leader"))}>
                                { total }
                                if leaders.contains(&(s as u8)) && !scene.rounds.is_empty() {
                                    <span class="visually-hidden">{ format!(" ({})", t(Text::Leader)) }</span>
                                }
                            </td>
                        }) }
                    </tr>
                    if !scene.is_over() {
                        <tr class="scorepad__togo">
                            <td></td>
                            <td colspan={n.to_string()}>
                                { t(Text::ToTarget(target.saturating_sub(max_total))) }
                            </td>
                        </tr>
                    }
                </tfoot>
            </table>
            if !scene.rounds.is_empty() {
                // What the ★ before a name, and "M" and "M+" beside a
                // round's score, mean (the ★ was not said: issue 34).
                <p class="scorepad__key">
                    <span aria-hidden="true">{ "★" }</span>{ " " }{ t(Text::Leader) }
                    if scene.rounds.iter().any(|r| r.holder < n) {
                        { " · " }
                        <span class="scorepad__mojo" aria-hidden="true">{ "M" }</span>{ " " }{ t(Text::MojoKeyZero) }
                        { " · " }
                        <span class="scorepad__mojo" aria-hidden="true">{ "M+" }</span>{ " " }{ t(Text::MojoKeyPlus) }
                    }
                </p>
            }
            { chart }
        </section>
    }
}
