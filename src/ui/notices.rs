//! Notices: problems the player must know about, and what another tab of
//! this browser did to the saved game. None of them stops the game.

use yew::prelude::*;

use crate::app::Notice;
use crate::i18n::{Lang, Text};
use crate::sync::TabNotice;

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
                    Notice::HostedElsewhere => t(Text::HostedElsewhere),
                    Notice::Restored => t(Text::Restored),
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

pub struct TabNoticeProps {
    pub lang: Lang,
    pub notice: Option<TabNotice>,
    /// How many other notices show above it.
    pub below: usize,
    pub on_open: Callback<()>,
    pub on_keep: Callback<()>,
    pub on_dismiss: Callback<()>,
}

/// What another tab did to the saved game, with the player's choices.
pub fn tab_notice(p: &TabNoticeProps) -> Html {
    let Some(notice) = p.notice else {
        return html! {};
    };
    let t = |text: Text| text.get(p.lang);
    let emit = |cb: &Callback<()>| {
        let cb = cb.clone();
        Callback::from(move |_| cb.emit(()))
    };
    // Below the other notices, if any.
    let style = format!("top: calc(0.5rem + {}rem)", 5 * p.below);
    let (text, buttons) = match notice {
        TabNotice::Continued => (
            t(Text::TabContinued),
            html! {
                <button type="button" class="button button--ghost" onclick={emit(&p.on_dismiss)}>{ t(Text::Dismiss) }</button>
            },
        ),
        TabNotice::OtherGame => (
            t(Text::TabOtherGame),
            html! {
                <>
                    <button type="button" class="button" onclick={emit(&p.on_open)}>{ t(Text::OpenOtherGame) }</button>
                    <button type="button" class="button button--ghost" onclick={emit(&p.on_keep)}>{ t(Text::KeepThisGame) }</button>
                </>
            },
        ),
    };
    html! {
        <div class="notices notices--tabs" role="status" {style}>
            <div class="notice notice--tab" role="alert">
                <p>{ text }</p>
                { buttons }
            </div>
        </div>
    }
}
