//! The lobby's "Play a deal code": a code from a finished game (shown at
//! its game over) deals the same cards again at this table, so friends can
//! play the same deal and compare. A damaged code is refused with a clear
//! message; nothing starts.

use yew::prelude::*;

use crate::deal::{Deal, DealError};
use crate::i18n::{Lang, Text};

#[derive(Properties, PartialEq)]
pub struct PlayDealProps {
    pub lang: Lang,
    pub on_play: Callback<Deal>,
}

fn problem(e: DealError) -> Text<'static> {
    match e {
        DealError::Empty => Text::DealEmpty,
        DealError::NotACode => Text::DealNotACode,
        DealError::Damaged => Text::DealDamaged,
        DealError::Newer => Text::DealNewer,
    }
}

#[function_component(PlayDeal)]
pub fn play_deal(p: &PlayDealProps) -> Html {
    let t = |text: Text| text.get(p.lang);
    let text = use_state(String::new);
    let error = use_state(|| None::<DealError>);
    let on_input = {
        let text = text.clone();
        let error = error.clone();
        Callback::from(move |e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            text.set(input.value());
            error.set(None);
        })
    };
    let on_submit = {
        let text = text.clone();
        let error = error.clone();
        let on_play = p.on_play.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            match Deal::parse(&text) {
                Ok(deal) => on_play.emit(deal),
                Err(why) => error.set(Some(why)),
            }
        })
    };
    html! {
        <section class="lobby__deal" aria-labelledby="deal-heading">
            <h2 id="deal-heading">{ t(Text::PlayDealCode) }</h2>
            <p class="lobby__help" id="deal-hint">{ t(Text::DealCodeHint) }</p>
            <form class="deal-form" onsubmit={on_submit}>
                <label class="visually-hidden" for="deal-code">{ t(Text::DealCode) }</label>
                <input
                    id="deal-code"
                    class="deal-form__input"
                    type="text"
                    autocomplete="off"
                    autocapitalize="characters"
                    spellcheck="false"
                    maxlength="40"
                    placeholder="XXXXX-XXXXX-XXXXX-XXXXX"
                    aria-describedby="deal-hint"
                    aria-invalid={error.is_some().then_some("true")}
                    value={(*text).clone()}
                    oninput={on_input}
                />
                <button type="submit" class="button">{ t(Text::PlayThisDeal) }</button>
            </form>
            if let Some(why) = *error {
                <p class="lobby__problem" role="alert">{ t(problem(why)) }</p>
            }
        </section>
    }
}
