//! The rules help: how to play, short, with the game's own cards.
//! It opens at its top: focus goes to the heading (the `[autofocus]` that
//! `focus::into_dialog` looks for), which is in the tab order so that Tab
//! and Shift+Tab cycle between it and "Close". "Close" sits beside the
//! heading in a header that stays in view while the rules scroll, so a
//! phone reaches it without scrolling.

use mojo_engine::Face;
use yew::prelude::*;

use crate::i18n::{Lang, Text};
use crate::ui::cards::{card_face, mojo_card, CardSize};

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
                <header class="dialog__top">
                    <h2 id="rules-title" tabindex="0" autofocus=true>{ t(Text::RulesTitle) }</h2>
                    <button type="button" class="button button--primary dialog__close" onclick={close}>{ t(Text::Close) }</button>
                </header>
                <p>{ t(Text::RulesAimBody) }</p>
                <h3>{ t(Text::RulesCardsHeading) }</h3>
                <p>{ t(Text::RulesCardsBody) }</p>
                <div class="rules__cards">
                    { for [0u8, 3, 6, 9, 12].iter().map(|&v| card_face(v, CardSize::Small, "", lang, None)) }
                </div>
                <h3>{ t(Text::RulesSetupHeading) }</h3>
                <p>{ t(Text::RulesSetupBody) }</p>
                <h3>{ t(Text::RulesTurnHeading) }</h3>
                <p>{ t(Text::RulesTurnBody) }</p>
                <ul>
                    <li><strong>{ t(Text::RulesLower) }</strong>{ t(Text::RulesLowerBody) }</li>
                    <li><strong>{ t(Text::RulesHigher) }</strong>{ t(Text::RulesHigherBody) }</li>
                    <li><strong>{ t(Text::RulesEqual) }</strong>{ t(Text::RulesEqualBody) }</li>
                </ul>
                <p>{ t(Text::RulesChainBody) }</p>
                <p>{ t(Text::RulesEmptyDrawBody) }</p>
                <h3>{ t(Text::RulesMojoTimeHeading) }</h3>
                <p>{ t(Text::RulesMojoTimeBody) }</p>
                <h3>{ t(Text::RulesRoundEndHeading) }</h3>
                <p>{ t(Text::RulesRoundEndBody) }</p>
                <h3>{ t(Text::RulesScoringHeading) }</h3>
                <p>{ t(Text::RulesScoringBody) }</p>
                <div class="rules__mojo">
                    { mojo_card(Face::Zero, lang) }
                    { mojo_card(Face::PlusTen, lang) }
                </div>
                <h3>{ t(Text::RulesNextRoundHeading) }</h3>
                <p>{ t(Text::RulesNextRoundBody) }</p>
                <h3>{ t(Text::RulesGameEndHeading) }</h3>
                <p>{ t(Text::RulesGameEndBody) }</p>
                <h3>{ t(Text::RulesVariantHeading) }</h3>
                <p>{ t(Text::RulesVariantBody) }</p>
            </section>
        </div>
    }
}
