//! The site's ICE servers (issue 35): `network.json` beside the page,
//! fetched when a link is made (never at page start, so it is off the
//! first visit's path), network first, with the copy kept in
//! localStorage (`mojo.network`) for when there is no network. The file
//! is not in the service worker's precache list (`pwa-postbuild.mjs`),
//! so a deployer's edit is seen at the next pairing. What the answer
//! means is `net::ice`'s, pure: [`ice::site_servers`] and
//! [`ice::link_servers`]; here only the fetch and the copy.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use yew::Callback;

use crate::app::Msg;
use crate::drivers::storage;
use crate::net::ice::{self, Fetched, IceServer, KeepCopy, Relay};

/// Where the copy of the file is kept.
const COPY_KEY: &str = "mojo.network";

/// The servers a link is made with: the site's list as it is now (or its
/// copy, offline) and the family's `relays`. What is wrong with the file,
/// or that nothing is, goes to the reducer (`Msg::Network`), which shows
/// it where the devices are paired.
pub async fn link_servers(relays: &[Relay], send: &Callback<Msg>) -> Vec<IceServer> {
    let fetched = fetch().await;
    let copy = storage::read(COPY_KEY).ok().flatten();
    let (site, problem, keep, ignored) = ice::site_servers(fetched, copy.as_deref());
    for field in ignored {
        web_sys::console::info_1(
            &format!("mojo: network.json: {field} is not known to this version, ignored").into(),
        );
    }
    // A copy that cannot be kept (storage blocked) costs only the offline
    // use of the list.
    let _ = match keep {
        KeepCopy::Store(text) => storage::write(COPY_KEY, &text),
        KeepCopy::Forget => storage::remove(COPY_KEY),
        KeepCopy::Leave => Ok(()),
    };
    send.emit(Msg::Network(problem));
    ice::link_servers(&site, relays)
}

/// How long the file may take: a link waits for it (a network that
/// hangs, a captive portal, must not hold an invitation back).
const PATIENCE_MS: i32 = 3000;

/// `network.json` as the server has it now: the HTTP cache may answer
/// only once the server says the file is unchanged (`no-cache`). No
/// answer within [`PATIENCE_MS`] is no answer.
async fn fetch() -> Fetched {
    let Some(window) = web_sys::window() else {
        return Fetched::Failed;
    };
    let init = web_sys::RequestInit::new();
    init.set_cache(web_sys::RequestCache::NoCache);
    let request = window.fetch_with_str_and_init("network.json", &init);
    let late = js_sys::Promise::new(&mut |resolve, _| {
        let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, PATIENCE_MS);
    });
    let race = js_sys::Promise::race(&js_sys::Array::of2(&request, &late));
    let Ok(answer) = JsFuture::from(race).await else {
        return Fetched::Failed;
    };
    let Ok(response) = answer.dyn_into::<web_sys::Response>() else {
        return Fetched::Failed;
    };
    match response.status() {
        200 => {}
        404 | 410 => return Fetched::Missing,
        _ => return Fetched::Failed,
    }
    let Ok(text) = response.text() else {
        return Fetched::Failed;
    };
    match JsFuture::from(text).await.ok().and_then(|t| t.as_string()) {
        Some(text) => Fetched::Text(text),
        None => Fetched::Failed,
    }
}
