//! Notices: problems the player must know about, and what another tab of
//! this browser did to the saved game. None of them stops the game.

use yew::prelude::*;

use crate::app::Notice;
use crate::i18n::{Lang, Text};

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
