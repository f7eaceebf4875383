//! Cards as a player sees them: the value large, the colour, and a symbol
//! per colour so that colour is never the only signal. Cards you can use
//! are `<button>`s with an accessible name ("7 yellow").

use std::rc::Rc;

use mojo_engine::{Colour, Face, Value};
use yew::prelude::*;

use crate::i18n::{Lang, Text};
use crate::ui::hand::TapGuard;

/// The symbol printed on every card of a colour (readable without colour).
pub fn symbol(colour: Colour) -> &'static str {
    match colour {
        Colour::Blue => "●",
        Colour::Green => "▲",
        Colour::Yellow => "★",
        Colour::Orange => "■",
        Colour::Red => "♥",
    }
}

/// How large a card is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CardSize {
    Small,
    #[default]
    Normal,
    Large,
}

impl CardSize {
    fn class(self) -> &'static str {
        match self {
            CardSize::Small => "card--small",
            CardSize::Normal => "",
            CardSize::Large => "card--large",
        }
    }
}

/// What a face shows. Only what its size displays is in the page: a small
/// card (seats, piles, the round summary: a hundred on a 4-player table)
/// shows its value and symbol, a normal one adds its corner, a large one
/// its colour's name too. The rest would be `display: none` anyway, and
/// every element costs style and layout in the frame of a move (the round
/// summary's first layout took 30-46 ms unthrottled with them).
fn face_inner(value: Value, size: CardSize, lang: Lang) -> Html {
    let colour = Colour::of(value);
    let sym = symbol(colour);
    let corner = (size != CardSize::Small).then(|| {
        html! {
            // The corner's value is drawn by CSS (`attr(data-v)`), so that
            // a card button's visible words are exactly its name ("5
            // yellow"): speech input users say what they see (WCAG 2.5.3).
            <span class="card__corner card__corner--top" aria-hidden="true">
                <span class="card__corner-value" data-v={value.to_string()}></span>
                <span class="card__corner-symbol">{ sym }</span>
            </span>
        }
    });
    let name = (size == CardSize::Large).then(|| {
        // "pomarańczowa", "оранжевая": long names are set smaller to fit.
        let name = Text::ColourName(colour).get(lang);
        let long = name.chars().count() > 6;
        html! {
            <span class={classes!("card__colour", long.then_some("card__colour--long"))} aria-hidden="true">{ name }</span>
        }
    });
    html! {
        <>
            // The white centre: an element under the value, so that what
            // lies under the card's words is known to a contrast check
            // (a pseudo-element's background is not; issue 34).
            <span class="card__centre"></span>
            { corner }
            <span class="card__value" aria-hidden="true">{ value }</span>
            <span class="card__symbol" aria-hidden="true">{ sym }</span>
            { name }
        </>
    }
}

/// A card shown face up, as an image with an accessible name in `lang`
/// ("7 yellow", "7 jaune"). A new `key` makes it a new element (and plays
/// its arrival animation again).
pub fn card_face(
    value: Value,
    size: CardSize,
    class: &'static str,
    lang: Lang,
    key: Option<yew::virtual_dom::Key>,
) -> Html {
    let colour = Colour::of(value);
    let card = html! {
        <div
            class={classes!("card", format!("card--{}", colour.name()), size.class(), class)}
            role="img"
            aria-label={Text::CardName(value).get(lang)}
        >
            { face_inner(value, size, lang) }
        </div>
    };
    keyed(card, key)
}

/// `html` (one element) with `key`: a new key makes it a new element.
fn keyed(mut html: Html, key: Option<yew::virtual_dom::Key>) -> Html {
    if let Html::VTag(tag) = &mut html {
        tag.key = key;
    }
    html
}

/// A card you can press: playing it, revealing it.
pub struct CardButtonProps {
    pub value: Value,
    /// The accessible name (e.g. "7 yellow", "Reveal 7 yellow").
    pub label: AttrValue,
    /// What pressing it will do ("you draw a card"), shown and announced.
    pub hint: Option<AttrValue>,
    /// The hint's style: `card__hint--draw`, `--again` or `--end` (the
    /// default), chosen by the caller from the message, not from its words.
    pub hint_class: Option<&'static str>,
    /// The language of the colour printed on the card.
    pub lang: Lang,
    pub onclick: Callback<Value>,
    pub disabled: bool,
    pub class: &'static str,
    /// Roving focus in a row of cards: "0" for the row's one tab stop,
    /// "-1" for the others (arrow keys move between them).
    pub tabindex: AttrValue,
    /// The hand's tap guard and this card's place in it: a tap acts only
    /// if it began after the hand was drawn (`ui::hand`).
    pub guard: Option<(Rc<TapGuard>, u32)>,
}

/// `key` keeps each button the same element while the row changes.
pub fn card_button(p: CardButtonProps, key: String) -> Html {
    let colour = Colour::of(p.value);
    let onclick = {
        let cb = p.onclick.clone();
        let v = p.value;
        let guard = p.guard.clone();
        Callback::from(move |e: MouseEvent| {
            // `detail` counts a pointer's clicks; 0 for the keyboard's.
            let acts = guard
                .as_ref()
                .is_none_or(|(g, key)| g.click(*key, e.detail() > 0));
            if acts {
                cb.emit(v)
            }
        })
    };
    let onpointerdown = p
        .guard
        .clone()
        .map(|(g, key)| Callback::from(move |e: PointerEvent| g.down(key, e.time_stamp())));
    let hint_class = p
        .hint
        .as_ref()
        .map(|_| p.hint_class.unwrap_or("card__hint--end"));
    let button = html! {
        <button
            type="button"
            tabindex={p.tabindex.clone()}
            class={classes!("card", "card--button", format!("card--{}", colour.name()), p.class)}
            aria-label={p.label.clone()}
            aria-description={p.hint.clone()}
            title={p.hint.clone()}
            disabled={p.disabled}
            {onclick}
            {onpointerdown}
        >
            { face_inner(p.value, CardSize::Normal, p.lang) }
            // The hint's words are drawn by CSS too (`attr(data-hint)`);
            // they reach screen readers as the button's description.
            if let Some(h) = &p.hint {
                <span class={classes!("card__hint", hint_class)} data-hint={h.clone()} aria-hidden="true"></span>
            }
        </button>
    };
    keyed(button, Some(key.into()))
}

/// The draw pile: its back, while it holds cards, and how many (the
/// table's and the replay's centre).
pub fn draw_pile(cards: usize, lang: Lang) -> Html {
    let t = |text: Text| text.get(lang);
    html! {
        <div class="draw" role="img" aria-label={format!("{}: {}", t(Text::DrawPile), t(Text::Cards(cards)))}>
            <div class="pile__label">{ t(Text::DrawPile) }</div>
            <div class="draw__stack">
                if cards > 0 {
                    { card_back(CardSize::Large, "") }
                }
            </div>
            <div class="draw__count">{ t(Text::Cards(cards)) }</div>
        </div>
    }
}

/// The back of a card (face-down cards, the draw pile, others' hands).
pub fn card_back(size: CardSize, class: &'static str) -> Html {
    html! {
        <div class={classes!("card", "card--back", size.class(), class)} aria-hidden="true">
            <span class="card__centre"></span>
            <span class="card__back-mark">{ "M" }</span>
        </div>
    }
}

/// The Mojo card: its face (0 or +10) and the arrows of the direction.
/// It turns over visibly when its face changes.
pub fn mojo_card(face: Face, lang: Lang) -> Html {
    let plus = face == Face::PlusTen;
    html! {
        <div
            class={classes!("mojo", plus.then_some("mojo--plus"))}
            role="img"
            aria-label={Text::MojoCardName(face).get(lang)}
        >
            <div class="mojo__inner" aria-hidden="true">
                <div class="mojo__side mojo__side--zero">
                    <span class="mojo__arrows mojo__arrows--cw">{ "↻" }</span>
                    <span class="mojo__label">{ "0" }</span>
                    <span class="mojo__name">{ "MOJO" }</span>
                </div>
                <div class="mojo__side mojo__side--plus">
                    <span class="mojo__arrows mojo__arrows--ccw">{ "↺" }</span>
                    <span class="mojo__label">{ "+10" }</span>
                    <span class="mojo__name">{ "MOJO" }</span>
                </div>
            </div>
        </div>
    }
}
