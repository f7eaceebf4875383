//! The lobby: who sits at the table (people by name, bots by level), the
//! variant, the target and who starts. "Start game" is one tap on a first
//! visit (you + 3 Medium bots); "Continue" appears when a game is saved.

use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::i18n::{Lang, Text};
use crate::session::{
    Level, SeatSetup, SetupEdit, SetupProblem, Starter, TableSetup, MAX_NAME_CHARS,
};

pub struct LobbyProps {
    pub lang: Lang,
    pub setup: TableSetup,
    /// (round, players) of a saved game that can be continued.
    pub saved: Option<(u32, usize)>,
    /// Each change, for the reducer to make.
    pub on_edit: Callback<SetupEdit>,
    pub on_start: Callback<()>,
    pub on_continue: Callback<()>,
    /// "Play a deal code": the same deal as a finished game.
    pub on_deal: Callback<crate::deal::Deal>,
    /// Today's deal: whether it was played today, and the days in a row
    /// (`None`: the date is not known).
    pub today: Option<(bool, u32)>,
    pub on_today: Callback<()>,
    /// The buttons to the rest of the app (Join a table, Rules, Settings,
    /// Statistics), drawn under the title.
    pub links: Html,
}

/// Today's deal: its button, what it is, whether it was played today and
/// the streak.
fn todays_deal(p: &LobbyProps) -> Html {
    let lang = p.lang;
    let t = |text: Text| text.get(lang);
    let Some((played, streak)) = p.today else {
        return html! {};
    };
    let status = if played {
        t(Text::TodaysDealPlayed)
    } else {
        t(Text::TodaysDealToPlay)
    };
    let start = p.on_today.reform(|_: MouseEvent| ());
    html! {
        <section class="lobby__daily" aria-labelledby="lobby-daily">
            <h2 id="lobby-daily">{ t(Text::TodaysDeal) }</h2>
            <p>{ t(Text::TodaysDealHelp) }</p>
            <p class={classes!("lobby__daily-status", played.then_some("lobby__daily-status--played"))}>
                { status }
                if streak > 0 {
                    { format!(" {}", t(Text::DailyStreak(streak))) }
                }
            </p>
            <button type="button" class="button" onclick={start}>{ t(Text::TodaysDeal) }</button>
        </section>
    }
}

fn problem_text(p: &SetupProblem) -> Text<'static> {
    match p {
        SetupProblem::Seats(_) | SetupProblem::Starter(_) => Text::ProblemSeats,
        SetupProblem::EmptyName(i) => Text::ProblemName(*i),
        SetupProblem::Target(_) => Text::ProblemTarget,
    }
}

/// Seat `i`'s row: its name, what plays it, and its remove button.
fn seat_row(p: &LobbyProps, i: usize, seat: &SeatSetup) -> Html {
    let lang = p.lang;
    let t = |text: Text| text.get(lang);
    let on_name = p.on_edit.reform(move |e: InputEvent| {
        let input: HtmlInputElement = e.target_unchecked_into();
        SetupEdit::Name(i, input.value())
    });
    let on_kind = p.on_edit.reform(move |e: Event| {
        let select: HtmlSelectElement = e.target_unchecked_into();
        SetupEdit::Kind(i, select.value())
    });
    let remove = p.on_edit.reform(move |_: MouseEvent| SetupEdit::Remove(i));
    let name_id = format!("seat-name-{i}");
    let kind_id = format!("seat-kind-{i}");
    let kind = seat.kind();
    let seat_label = t(Text::Seat(i));
    html! {
        <li class="lobby__seat">
            <span class="lobby__seat-number" aria-hidden="true">{ i + 1 }</span>
            <label class="visually-hidden" for={name_id.clone()}>{ format!("{} — {}", seat_label, t(Text::Name)) }</label>
            <input
                id={name_id}
                class="lobby__name"
                type="text"
                maxlength={MAX_NAME_CHARS.to_string()}
                autocomplete="off"
                value={seat.name.clone()}
                oninput={on_name}
                // A tap on "Player" selects it: typing replaces it.
                onfocus={Callback::from(|e: FocusEvent| {
                    let input: HtmlInputElement = e.target_unchecked_into();
                    input.select();
                })}
            />
            <label class="visually-hidden" for={kind_id.clone()}>{ seat_label.clone() }</label>
            <select id={kind_id} class="lobby__kind" onchange={on_kind}>
                <option value="person" selected={kind == "person"}>{ t(Text::Person) }</option>
                if crate::drivers::rtc::supported() {
                    <option value="remote" selected={kind == "remote"}>{ t(Text::OwnDevice) }</option>
                    // Not in this room: the hands here need no cover for
                    // them (issue 56).
                    <option value="far" selected={kind == "far"}>{ t(Text::OwnDeviceFar) }</option>
                } else {
                    <option value="remote" disabled=true>{ format!("{} — {}", t(Text::OwnDevice), t(Text::NoWebRtc)) }</option>
                }
                <optgroup label={t(Text::Bots)}>
                    { for Level::ALL.iter().map(|&l| {
                        let v = l.key();
                        html! { <option value={v} selected={kind == v}>{ t(Text::LevelName(l)) }</option> }
                    }) }
                </optgroup>
            </select>
            <button
                type="button"
                class="button button--icon"
                aria-label={t(Text::RemoveSeat(if seat.name.trim().is_empty() { &seat_label } else { &seat.name }))}
                disabled={p.setup.seats.len() <= 2}
                onclick={remove}
            >{ "✕" }</button>
        </li>
    }
}

/// The variant, the target and who starts.
fn table_options(p: &LobbyProps) -> Html {
    let lang = p.lang;
    let t = |text: Text| text.get(lang);
    let setup = &p.setup;
    let on_piles = p.on_edit.reform(|e: Event| {
        let input: HtmlInputElement = e.target_unchecked_into();
        SetupEdit::TwoPiles(input.checked())
    });
    let on_target = p.on_edit.reform(|e: Event| {
        let input: HtmlInputElement = e.target_unchecked_into();
        SetupEdit::Target(input.value())
    });
    let on_starter = p.on_edit.reform(|e: Event| {
        let select: HtmlSelectElement = e.target_unchecked_into();
        SetupEdit::Starter(select.value())
    });
    html! {
        <div class="lobby__options">
            <label class="lobby__option">
                <input type="checkbox" checked={setup.double_discard} onchange={on_piles} />
                <span>{ t(Text::TwoPiles) }</span>
            </label>
            <p class="lobby__help">{ t(Text::TwoPilesHelp) }</p>
            <label class="lobby__option">
                <span>{ t(Text::TargetScore) }</span>
                <input
                    class="lobby__target"
                    type="number"
                    min="10"
                    max="500"
                    step="5"
                    value={setup.target.to_string()}
                    onchange={on_target}
                />
            </label>
            <label class="lobby__option">
                <span>{ t(Text::WhoStarts) }</span>
                <select class="lobby__starter" onchange={on_starter}>
                    { for setup.seats.iter().enumerate().map(|(i, seat)| html! {
                        <option value={i.to_string()} selected={setup.starter == Starter::Seat(i as u8)}>
                            { if seat.name.trim().is_empty() { t(Text::Seat(i)) } else { seat.name.clone() } }
                        </option>
                    }) }
                    <option value="random" selected={setup.starter == Starter::Random}>{ t(Text::RandomStarter) }</option>
                </select>
            </label>
        </div>
    }
}

pub fn lobby(p: &LobbyProps) -> Html {
    let lang = p.lang;
    let t = |text: Text| text.get(lang);
    let setup = &p.setup;
    let problem = setup.check().err();
    let start = p.on_start.reform(|_: MouseEvent| ());
    let cont = p.on_continue.reform(|_: MouseEvent| ());
    let add = p.on_edit.reform(|_: MouseEvent| SetupEdit::Add);
    html! {
        <main class="lobby">
            <header class="lobby__header">
                <h1 class="lobby__title">{ t(Text::Title) }</h1>
                <p class="lobby__tagline">{ t(Text::Tagline) }</p>
            </header>
            // Under the title, in view on every screen without scrolling
            // (issue 34: at the foot of the page, Rules lay below the fold
            // at 1024×768; tests/e2e/steady.test.mjs).
            <nav class="lobby__links">{ p.links.clone() }</nav>
            if let Some((round, players)) = p.saved {
                <section class="lobby__continue">
                    <p>{ t(Text::ContinueDetail { round, players }) }</p>
                    <button type="button" class="button button--primary" onclick={cont}>{ t(Text::Continue) }</button>
                </section>
            }
            <section class="lobby__table" aria-labelledby="lobby-new">
                // "Start game" heads the table, where no card of the game it
                // starts ever lies (issue 34: at the foot of the form, in
                // portrait, a double tap on it played a card of the hand
                // that appeared under it; tests/e2e/blind.test.mjs).
                <div class="lobby__head">
                    <h2 id="lobby-new">{ t(Text::NewTable) }</h2>
                    <button
                        type="button"
                        class="button button--primary button--large"
                        disabled={problem.is_some()}
                        onclick={start}
                    >{ t(Text::StartGame) }</button>
                </div>
                if let Some(problem) = &problem {
                    <p class="lobby__problem" role="alert">{ t(problem_text(problem)) }</p>
                }
                <ol class="lobby__seats">
                    { for setup.seats.iter().enumerate().map(|(i, seat)| seat_row(p, i, seat)) }
                </ol>
                <button
                    type="button"
                    class="button"
                    disabled={setup.seats.len() >= 8}
                    onclick={add}
                >{ format!("+ {}", t(Text::AddSeat)) }</button>
                { table_options(p) }
            </section>
            { todays_deal(p) }
            <crate::ui::dealform::PlayDeal lang={lang} on_play={p.on_deal.clone()} />
        </main>
    }
}
