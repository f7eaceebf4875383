//! The Menu's relay for play across the internet (issue 35): the family's
//! own TURN (or STUN) server, as three fields, and what came of the last
//! Save. A view only: what is typed is the reducer's (`Msg::EditRelay`),
//! and so is whether it is saved (`Msg::SaveRelay`, `AppState::save_relay`).

use yew::prelude::*;

use crate::i18n::{Lang, Text};
use crate::net::ice::{Relay, RelayField, RelayProblem};

/// What the relay form shows and sends.
pub struct RelayFormProps<'a> {
    pub lang: Lang,
    /// The relay as typed.
    pub draft: &'a Relay,
    /// What came of the last Save: saved, or why not.
    pub said: Option<Result<(), RelayProblem>>,
    pub on_edit: &'a Callback<(RelayField, String)>,
    pub on_save: &'a Callback<()>,
}

/// The three fields, their Save button and what came of the last Save.
pub fn relay_form(p: RelayFormProps) -> Html {
    let t = |text: Text| text.get(p.lang);
    let typed = |field: RelayField| {
        let cb = p.on_edit.clone();
        Callback::from(move |e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            cb.emit((field, input.value()));
        })
    };
    let save = {
        let cb = p.on_save.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            cb.emit(());
        })
    };
    let message = match p.said {
        Some(Ok(())) => Some(("menu__relay-saved", Text::RelaySaved)),
        Some(Err(RelayProblem::NotAUrl)) => Some(("menu__relay-problem", Text::RelayNotAUrl)),
        Some(Err(RelayProblem::NeedsLogin)) => Some(("menu__relay-problem", Text::RelayNeedsLogin)),
        Some(Err(RelayProblem::TooLong)) => Some(("menu__relay-problem", Text::RelayTooLong)),
        None => None,
    };
    let d = p.draft;
    html! {
        <section class="menu__relay" aria-labelledby="menu-relay">
            <h3 id="menu-relay">{ t(Text::RelayTitle) }</h3>
            <p class="menu__help" id="menu-relay-help">{ t(Text::RelayHelp) }</p>
            <form onsubmit={save}>
                <label class="menu__field">
                    <span>{ t(Text::RelayUrl) }</span>
                    <input type="text" name="relay-url" inputmode="url" autocomplete="off" autocapitalize="off" spellcheck="false"
                        aria-describedby="menu-relay-help" value={d.url.clone()} oninput={typed(RelayField::Url)} />
                </label>
                <label class="menu__field">
                    <span>{ t(Text::RelayUser) }</span>
                    <input type="text" name="relay-user" autocomplete="off" autocapitalize="off" spellcheck="false"
                        value={d.username.clone()} oninput={typed(RelayField::Username)} />
                </label>
                <label class="menu__field">
                    <span>{ t(Text::RelayPassword) }</span>
                    <input type="password" name="relay-password" autocomplete="new-password"
                        value={d.password.clone()} oninput={typed(RelayField::Password)} />
                </label>
                <button type="submit" class="button">{ t(Text::RelaySave) }</button>
                if let Some((class, text)) = message {
                    <p class={class} role="status">{ t(text) }</p>
                }
            </form>
        </section>
    }
}
