//! Entry point of the phone's page (`join.html`): the whole app, opened on
//! "Join a table". The table's page leaves the phone's side out
//! (`table-only`) and comes here for it.

#[cfg(target_arch = "wasm32")]
fn main() {
    mojo_web::run(mojo_web::cmd::Page::Phone);
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("mojo-phone runs in the browser: `bash scripts/play.sh` builds it and serves it.");
    std::process::exit(2);
}
