//! Entry point of the table's page (`index.html`, built with the feature
//! `table-only`): renders [`mojo_web::App`] into the page body (natively,
//! says how to run it instead).

fn main() {
    mojo_web::run(mojo_web::cmd::Page::Table);
}
