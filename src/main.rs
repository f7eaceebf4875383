//! Entry point of the table's page (`index.html`, built with the feature
//! `table-only`): renders [`mojo_web::App`] into the page body.

#[cfg(target_arch = "wasm32")]
fn main() {
    mojo_web::run(mojo_web::cmd::Page::Table);
}

/// Natively there is no page to render into: say how to run the app instead.
#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("mojo-web runs in the browser: `bash scripts/play.sh` builds it and serves it.");
    std::process::exit(2);
}
