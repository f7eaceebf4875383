//! The first-game walkthrough: a few steps that light up the hand, the
//! discard pile, what one's cards are worth and the Mojo card, each with a
//! short text, Next and Skip.
//! A modal dialog that takes focus when it opens (Escape skips, Tab stays
//! in it); a tap anywhere outside its box closes it and does nothing else
//! (issue 34: a tap on a dimmed card played it). Its box never covers the
//! lit target. Shown on the first game, remembered in the settings, re-opened
//! from the menu. It waits while a pass-and-play cover hides every hand
//! (`AppState::overlay_shown`): each step lights up something in view.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::i18n::{Lang, Text};

/// How many steps the walkthrough has.
pub const STEPS: usize = 4;

/// Step `i`: what to light up (the first of these selectors that finds
/// something) and what to say. `threshold` is the table's Mojo Time
/// threshold (RULES R5, R6).
pub fn step(i: usize, threshold: usize) -> (&'static str, Text<'static>) {
    match i {
        0 => (".hand, .facedown, .own", Text::TourHand),
        1 => (".piles", Text::TourDiscard(threshold)),
        2 => (".own__points, .own", Text::TourPoints),
        _ => (".mojo", Text::TourMojo),
    }
}

#[derive(Properties, PartialEq)]
pub struct TourProps {
    pub lang: Lang,
    pub step: u8,
    /// The table's Mojo Time threshold (3, or 2 with two players).
    pub threshold: usize,
    pub on_step: Callback<u8>,
    /// Skipped or finished.
    pub on_done: Callback<()>,
}

/// Lights up the target: scrolls it into view and sets the spot's box
/// around it (through the CSSOM: the page's CSP refuses style attributes).
/// Returns whether the target is in the lower half of the screen.
fn light_up(selector: &str) -> Option<bool> {
    let window = web_sys::window()?;
    let doc = window.document()?;
    let target = selector
        .split(", ")
        .find_map(|s| doc.query_selector(s).ok().flatten())?;
    target.scroll_into_view_with_bool(false);
    let r = target.get_bounding_client_rect();
    let spot = doc
        .query_selector(".tour__spot")
        .ok()??
        .dyn_into::<web_sys::HtmlElement>()
        .ok()?;
    let pad = 6.0;
    let style = spot.style();
    for (name, value) in [
        ("left", r.left() - pad),
        ("top", r.top() - pad),
        ("width", r.width() + 2.0 * pad),
        ("height", r.height() + 2.0 * pad),
    ] {
        let _ = style.set_property(name, &format!("{}px", value.round() as i64));
    }
    let _ = style.set_property("display", "block");
    let vh = window
        .inner_height()
        .ok()
        .and_then(|v| v.as_f64())
        .unwrap_or(800.0);
    Some(r.top() + r.height() / 2.0 > vh / 2.0)
}

#[function_component(Tour)]
pub fn tour(p: &TourProps) -> Html {
    let t = |text: Text| text.get(p.lang);
    let step = (p.step as usize).min(STEPS - 1);
    let (selector, body) = self::step(step, p.threshold);
    // Where the lit target is: the text goes above a target in the lower
    // half of the screen, below one in the upper half.
    let low = use_state(|| true);
    {
        let low = low.clone();
        use_effect_with(step, move |_| {
            let light = move || {
                low.set(light_up(selector).unwrap_or(true));
                // Keep focus in the dialog as the steps change.
                crate::ui::focus::focus_first(".tour .button--primary");
            };
            // Now (a step changed: its target is drawn), and again after
            // every component of this change has drawn: the table draws
            // the hand in the same change that brings the walkthrough
            // back from behind a cover, after this effect.
            light();
            crate::drivers::browser::after(0, light);
        });
    }
    let last = step + 1 == STEPS;
    let next = {
        let on_step = p.on_step.clone();
        let on_done = p.on_done.clone();
        Callback::from(move |_| {
            if last {
                on_done.emit(())
            } else {
                on_step.emit(step as u8 + 1)
            }
        })
    };
    let skip = {
        let on_done = p.on_done.clone();
        Callback::from(move |_| on_done.emit(()))
    };
    // A tap on the veil (not in the box): the walkthrough closes, and the
    // tap reaches nothing under it.
    let outside = {
        let on_done = p.on_done.clone();
        Callback::from(move |e: MouseEvent| {
            // (Yew delegates events: `current_target` is its root, not the
            // veil; the veil is the tap's own target.)
            let on_veil = e
                .target_dyn_into::<web_sys::Element>()
                .is_some_and(|el| el.class_list().contains("tour"));
            if on_veil {
                e.prevent_default();
                on_done.emit(());
            }
        })
    };
    html! {
        <div class="tour" onclick={outside}>
            <div class="tour__spot" aria-hidden="true"></div>
            <section
                class={classes!("dialog", "tour__box", if *low { "tour__box--top" } else { "tour__box--bottom" })}
                role="dialog"
                aria-modal="true"
                aria-labelledby="tour-title"
                aria-describedby="tour-body tour-keys"
            >
                <h2 id="tour-title">{ t(Text::TourTitle) }</h2>
                <p class="tour__step">{ t(Text::TourStep { step: step as u8 + 1, of: STEPS as u8 }) }</p>
                <p id="tour-body">{ t(body) }</p>
                if step == 0 {
                    // Where a fine pointer is (a mouse, and so likely a
                    // keyboard); hidden by CSS on touch screens.
                    <p id="tour-keys" class="tour__keys">{ t(Text::TourKeys) }</p>
                }
                <div class="tour__actions">
                    <button type="button" class="button button--ghost" onclick={skip}>{ t(Text::TourSkip) }</button>
                    <button type="button" class="button button--primary" autofocus=true onclick={next}>
                        { t(if last { Text::TourDone } else { Text::TourNext }) }
                    </button>
                </div>
            </section>
        </div>
    }
}
