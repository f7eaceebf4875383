//! A pairing code to type by hand, where no camera reads it: large, in
//! groups, each group's check character marked (`net::code::typed`).

use yew::prelude::*;

use crate::i18n::{Lang, Text};
use crate::net::code::typed::groups;

/// The code in numbered groups; open by itself where this device has no
/// camera (the other device, at the same address, most likely has none
/// either), else folded under "Code to type".
pub fn typed_code(lang: Lang, code: &str, open: bool) -> Html {
    let label = Text::CodeToType.get(lang);
    html! {
        <details class="typed" {open}>
            <summary>{ label.clone() }</summary>
            <ol class="typed__groups" aria-label={label}>
                { for groups(code).iter().enumerate().map(|(i, group)| {
                    let (chars, check) = group.split_at(group.len().saturating_sub(1));
                    html! {
                        <li>
                            <span class="typed__n" aria-hidden="true">{ i + 1 }</span>
                            <span class="typed__g">{ chars }<span class="typed__check">{ check }</span></span>
                        </li>
                    }
                }) }
            </ol>
        </details>
    }
}
