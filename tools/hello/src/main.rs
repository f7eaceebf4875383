//! The floor of a Yew app: one component, one button. scripts/budget.sh
//! builds it with Trunk next to the game and compares sizes and start times.

#[cfg(target_arch = "wasm32")]
mod app {
    use yew::prelude::*;

    #[function_component(Hello)]
    pub fn hello() -> Html {
        let count = use_state(|| 0u32);
        let onclick = {
            let count = count.clone();
            Callback::from(move |_| count.set(*count + 1))
        };
        html! {
            <main>
                <h1>{ "Hello, world" }</h1>
                <button type="button" {onclick}>{ "Clicked " }{ *count }</button>
            </main>
        }
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {
    yew::Renderer::<app::Hello>::new().render();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("mojo-hello runs in the browser: `bash scripts/budget.sh` builds it.");
    std::process::exit(2);
}
