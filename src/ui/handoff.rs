//! The tab a phone's reply link opened (`net::handoff`): it hands the
//! reply to the table's tab and says so, or, where no table took it,
//! shows the reply to scan or paste. Nothing else: it never hosts a table.

use yew::prelude::*;

use crate::i18n::{Lang, Text};
use crate::net::handoff::{ReplyState, ReplyTab};
use crate::net::qr::Codes;
use crate::ui::copy::{Clipboard, CopyButton};
use crate::ui::devices::qr_image;
use crate::ui::typed_code::typed_code;

pub struct ReplyTabProps<'a> {
    pub lang: Lang,
    pub tab: &'a ReplyTab,
    pub qr: &'a Codes,
    pub camera: bool,
    pub clipboard: Clipboard,
}

pub fn reply_tab(p: &ReplyTabProps) -> Html {
    let lang = p.lang;
    let t = |text: Text| text.get(lang);
    let code = &p.tab.code;
    let body = match &p.tab.state {
        ReplyState::Asking => html! { <p role="status">{ t(Text::ReplyTabAsking) }</p> },
        ReplyState::Taken(name) => {
            html! { <p role="status">{ Text::ReplyTabTaken(name).get(lang) }</p> }
        }
        ReplyState::NoTable => html! {
            <section class="join__reply" aria-labelledby="reply-label">
                <p role="status">{ t(Text::ReplyTabNoTable) }</p>
                { qr_image(p.qr, code, &t(Text::ReplyCode)) }
                <label id="reply-label" for="join-reply">{ t(Text::ReplyCode) }</label>
                <textarea id="join-reply" class="code" readonly=true rows="3" value={code.clone()} />
                <CopyButton {lang} text={code.clone()} label={t(Text::CopyReply)} shown_in="#join-reply" clipboard={p.clipboard.clone()} />
                { typed_code(lang, code, !p.camera) }
            </section>
        },
    };
    html! {
        <main class="join">
            <h1>{ t(Text::ReplyTabTitle) }</h1>
            { body }
            // The game, here, where no table took the reply (its tab was
            // closed): the saved game opens.
            if p.tab.state == ReplyState::NoTable {
                <a class="button button--ghost" href="./">{ t(Text::OpenMojo) }</a>
            }
        </main>
    }
}
