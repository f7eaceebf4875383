//! The lobby: who sits at the table (people by name, bots by level), the
//! variant, the target and who starts. "Start game" is one tap on a first
//! visit (you + 3 Medium bots); "Continue" appears when a game is saved.

use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::i18n::{Lang, Text};
use crate::session::{Level, SeatSetup, SetupProblem, Starter, TableSetup, MAX_NAME_CHARS};

pub struct LobbyProps {
    pub lang: Lang,
    pub setup: TableSetup,
    /// (round, players) of a saved game that can be continued.
    pub saved: Option<(u32, usize)>,
    pub on_edit: Callback<TableSetup>,
    pub on_start: Callback<()>,
    pub on_continue: Callback<()>,
    /// "Play a deal code": the same deal as a finished game.
    pub on_deal: Callback<crate::deal::Deal>,
}

fn kind_value(seat: &SeatSetup) -> &'static str {
    match seat.bot {
        Some(level) => level.key(),
        None if seat.remote => "remote",
        None => "person",
    }
}

fn problem_text(p: &SetupProblem) -> Text<'static> {
    match p {
        SetupProblem::Seats(_) | SetupProblem::Starter(_) => Text::ProblemSeats,
        SetupProblem::EmptyName(i) => Text::ProblemName(*i),
        SetupProblem::Target(_) => Text::ProblemTarget,
    }
}

pub fn lobby(p: &LobbyProps) -> Html {
    let lang = p.lang;
    let t = |text: Text| text.get(lang);
    let setup = &p.setup;
    let edit = |f: Box<dyn Fn(&mut TableSetup)>| {
        let setup = setup.clone();
        let on_edit = p.on_edit.clone();
        move || {
            let mut s = setup.clone();
            f(&mut s);
            on_edit.emit(s);
        }
    };

    let rows = setup.seats.iter().enumerate().map(|(i, seat)| {
        let on_name = {
            let setup = setup.clone();
            let on_edit = p.on_edit.clone();
            Callback::from(move |e: InputEvent| {
                let input: HtmlInputElement = e.target_unchecked_into();
                let mut s = setup.clone();
                let value: String = input.value().chars().take(MAX_NAME_CHARS).collect();
                if let Some(seat) = s.seats.get_mut(i) {
                    seat.name = value;
                }
                on_edit.emit(s);
            })
        };
        let on_kind = {
            let setup = setup.clone();
            let on_edit = p.on_edit.clone();
            Callback::from(move |e: Event| {
                let select: HtmlSelectElement = e.target_unchecked_into();
                let mut s = setup.clone();
                let kind = select.value();
                s.set_kind(
                    i,
                    Level::from_key(&kind),
                    kind == "remote",
                    |n| Text::DefaultBot(n).get(lang),
                    |n| n.map_or_else(|| Text::DefaultName.get(lang), |n| Text::DefaultPlayer(n).get(lang)),
                );
                on_edit.emit(s);
            })
        };
        let remove = edit(Box::new(move |s: &mut TableSetup| {
            if s.seats.len() > 2 && i < s.seats.len() {
                s.seats.remove(i);
                if let Starter::Seat(st) = s.starter {
                    if st as usize >= s.seats.len() || st as usize == i {
                        s.starter = Starter::Seat(0);
                    }
                }
            }
        }));
        let name_id = format!("seat-name-{i}");
        let kind_id = format!("seat-kind-{i}");
        let kind = kind_value(seat);
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
                    if crate::net::rtc::supported() {
                        <option value="remote" selected={kind == "remote"}>{ t(Text::OwnDevice) }</option>
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
                    disabled={setup.seats.len() <= 2}
                    onclick={Callback::from(move |_| remove())}
                >{ "✕" }</button>
            </li>
        }
    });

    let add = edit(Box::new(move |s: &mut TableSetup| {
        if s.seats.len() < 8 {
            let n = s.seats.len();
            s.seats.push(SeatSetup::bot(
                &Text::DefaultBot(n).get(lang),
                Level::Medium,
            ));
        }
    }));
    let toggle_piles = edit(Box::new(|s: &mut TableSetup| {
        s.double_discard = !s.double_discard
    }));
    let on_target = {
        let setup = setup.clone();
        let on_edit = p.on_edit.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            if let Ok(v) = input.value().trim().parse::<u32>() {
                let mut s = setup.clone();
                s.target = v.clamp(10, 500);
                on_edit.emit(s);
            }
        })
    };
    let on_starter = {
        let setup = setup.clone();
        let on_edit = p.on_edit.clone();
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            let mut s = setup.clone();
            s.starter = match select.value().parse::<u8>() {
                Ok(seat) if (seat as usize) < s.seats.len() => Starter::Seat(seat),
                _ => Starter::Random,
            };
            on_edit.emit(s);
        })
    };
    let problem = setup.check().err();
    let start = {
        let cb = p.on_start.clone();
        Callback::from(move |_| cb.emit(()))
    };
    let cont = {
        let cb = p.on_continue.clone();
        Callback::from(move |_| cb.emit(()))
    };

    html! {
        <main class="lobby">
            <header class="lobby__header">
                <h1 class="lobby__title">{ t(Text::Title) }</h1>
                <p class="lobby__tagline">{ t(Text::Tagline) }</p>
            </header>
            if let Some((round, players)) = p.saved {
                <section class="lobby__continue">
                    <p>{ t(Text::ContinueDetail { round, players }) }</p>
                    <button type="button" class="button button--primary" onclick={cont}>{ t(Text::Continue) }</button>
                </section>
            }
            <section class="lobby__table" aria-labelledby="lobby-new">
                <h2 id="lobby-new">{ t(Text::NewTable) }</h2>
                <ol class="lobby__seats">{ for rows }</ol>
                <button
                    type="button"
                    class="button"
                    disabled={setup.seats.len() >= 8}
                    onclick={Callback::from(move |_| add())}
                >{ format!("+ {}", t(Text::AddSeat)) }</button>
                <div class="lobby__options">
                    <label class="lobby__option">
                        <input type="checkbox" checked={setup.double_discard} onchange={Callback::from(move |_| toggle_piles())} />
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
                if let Some(problem) = &problem {
                    <p class="lobby__problem" role="alert">{ t(problem_text(problem)) }</p>
                }
                <button
                    type="button"
                    class="button button--primary button--large"
                    disabled={problem.is_some()}
                    onclick={start}
                >{ t(Text::StartGame) }</button>
            </section>
            <crate::ui::dealform::PlayDeal lang={lang} on_play={p.on_deal.clone()} />
        </main>
    }
}
