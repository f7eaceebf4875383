//! Entry point of the phone's page (`join.html`): the whole app, opened on
//! "Join a table". The table's page leaves the phone's side out
//! (`table-only`) and comes here for it.

fn main() {
    mojo_web::run(mojo_web::cmd::Page::Phone);
}
