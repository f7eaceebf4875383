//! Mojo in the browser: the Yew app.
//!
//! The app lives in this library target (not in `main.rs`) so that
//! browser tests (`wasm-bindgen-test`) can mount [`App`] directly.
//! `main.rs` only renders it.

pub mod save;
pub mod session;

use yew::prelude::*;

/// The whole web app. For now: the title screen.
#[function_component(App)]
pub fn app() -> Html {
    html! {
        <main class="title-screen">
            <header class="title">
                <h1 class="title__name">{ "Mojo" }</h1>
                <p class="title__tagline">
                    { "A shedding card game for 2–8 players. Lowest score wins." }
                </p>
            </header>
            <section class="title__about" aria-label="About the game">
                <p>
                    { "Shed your cards onto the discard pile and end each round holding \
                       as few points as you can. The player who ends the round takes the \
                       Mojo card: they score zero if nobody holds fewer points, and \
                       their points plus ten if anybody does." }
                </p>
            </section>
        </main>
    }
}
