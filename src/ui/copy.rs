//! Copy and Share buttons: one helper for every code the app hands out (a
//! deal code, an invitation, a reply, today's result). Each sends its
//! message (`Msg::Copy`, `Msg::Share`); the clipboard and the share sheet
//! are a driver's (`drivers/clipboard.rs`). The button says what came of
//! the last copy of its text, as the state holds it: "Copied", or "Select
//! and copy" with the text selected for the person to copy by hand.

use yew::prelude::*;

use crate::app::{Copied, Msg};
use crate::i18n::{Lang, Text};

/// What the copy and share buttons need of the app, handed down by the
/// root: the last copy and what came of it, whether there is a share sheet,
/// and the way to send a message.
#[derive(Clone, PartialEq)]
pub struct Clipboard {
    pub copied: Option<(AttrValue, Copied)>,
    pub can_share: bool,
    pub send: Callback<Msg>,
}

#[derive(Properties, PartialEq)]
pub struct CopyProps {
    pub lang: Lang,
    pub text: AttrValue,
    pub label: AttrValue,
    /// The element that shows the text (selected where the clipboard is
    /// refused).
    pub shown_in: AttrValue,
    pub clipboard: Clipboard,
}

/// A button that copies a code, and says what came of it.
#[function_component(CopyButton)]
pub fn copy_button(p: &CopyProps) -> Html {
    let onclick = {
        let send = p.clipboard.send.clone();
        let (text, shown_in) = (p.text.to_string(), p.shown_in.to_string());
        Callback::from(move |_| {
            send.emit(Msg::Copy {
                text: text.clone(),
                shown_in: shown_in.clone(),
            });
        })
    };
    let outcome = p
        .clipboard
        .copied
        .clone()
        .filter(|(text, _)| *text == p.text)
        .map(|(_, copied)| copied);
    let said = match outcome {
        Some(Copied::Yes) => Text::Copied.get(p.lang),
        Some(Copied::SelectIt) => Text::SelectAndCopy.get(p.lang),
        None => String::new(),
    };
    html! {
        <>
            <button type="button" class="button" {onclick}>{ p.label.clone() }</button>
            <span class="copied" role="status">{ said }</span>
        </>
    }
}

#[derive(Properties, PartialEq)]
pub struct ShareProps {
    pub title: AttrValue,
    pub text: AttrValue,
    pub label: AttrValue,
    #[prop_or_default]
    pub class: Classes,
    pub clipboard: Clipboard,
}

/// A button that opens the share sheet with `text`; nothing where there
/// is none.
#[function_component(ShareButton)]
pub fn share_button(p: &ShareProps) -> Html {
    if !p.clipboard.can_share {
        return html! {};
    }
    let onclick = {
        let (send, title, text) = (
            p.clipboard.send.clone(),
            p.title.to_string(),
            p.text.to_string(),
        );
        Callback::from(move |_| {
            send.emit(Msg::Share {
                title: title.clone(),
                text: text.clone(),
            })
        })
    };
    html! {
        <button type="button" class={classes!("button", p.class.clone())} {onclick}>{ p.label.clone() }</button>
    }
}

#[derive(Properties, PartialEq)]
pub struct ShareOrCopyProps {
    pub lang: Lang,
    pub title: AttrValue,
    pub text: AttrValue,
    pub share_label: AttrValue,
    pub copy_label: AttrValue,
    pub shown_in: AttrValue,
    pub clipboard: Clipboard,
}

/// The share sheet where there is one (a primary button), else Copy.
#[function_component(ShareOrCopy)]
pub fn share_or_copy(p: &ShareOrCopyProps) -> Html {
    let clipboard = p.clipboard.clone();
    if p.clipboard.can_share {
        html! { <ShareButton title={p.title.clone()} text={p.text.clone()} label={p.share_label.clone()} class={classes!("button--primary")} {clipboard} /> }
    } else {
        html! { <CopyButton lang={p.lang} text={p.text.clone()} label={p.copy_label.clone()} shown_in={p.shown_in.clone()} {clipboard} /> }
    }
}
