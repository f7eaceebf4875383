//! What play across devices keeps in localStorage, in its own keys (never
//! in the save or the statistics): on the table device, the tokens its
//! seats' devices were given (`mojo.devices`, so that a reloaded table
//! knows them again); on a hand device, its ticket to a table
//! (`mojo.hand`), so that it can take its seat back.

use mojo_engine::Seat;

use super::devices::Devices;
use super::hand::Ticket;
use crate::json::{self, obj, Fields, Json};

pub const DEVICES_KEY: &str = "mojo.devices";
pub const HAND_KEY: &str = "mojo.hand";

/// `{"game", "table", "started", "tokens": [{"seat", "token"}]}`.
pub fn devices_text(game: &str, devices: &Devices) -> String {
    let tokens = devices
        .seats
        .iter()
        .filter_map(|r| {
            Some(obj([
                ("seat", Json::Int(r.seat.into())),
                ("token", json::str(r.token.as_deref()?)),
            ]))
        })
        .collect();
    obj([
        ("game", json::str(game)),
        ("table", Json::Int(devices.table.into())),
        ("started", Json::Bool(devices.started)),
        ("tokens", Json::Arr(tokens)),
    ])
    .to_text()
}

/// Puts back what `devices_text` kept for game `game`: the table's number,
/// whether play had started, and each seat's token. Another game's, or
/// unreadable text, changes nothing.
pub fn restore_devices(text: &str, game: &str, devices: &mut Devices) {
    type Kept = (u32, bool, Vec<(Seat, String)>);
    let read = || -> Result<Kept, String> {
        let doc = json::parse(text)?;
        let mut f = Fields::of(&doc, "the devices")?;
        if f.string("game")? != game {
            return Err("another game".into());
        }
        let table = f.int("table")?;
        let started = f.boolean("started")?;
        let tokens = f
            .list("tokens")?
            .iter()
            .map(|t| {
                let mut f = Fields::of(t, "a token")?;
                Ok((f.int("seat")?, f.string("token")?))
            })
            .collect::<Result<_, String>>()?;
        Ok((table, started, tokens))
    };
    if let Ok((table, started, tokens)) = read() {
        devices.table = table;
        devices.started = started;
        for (seat, token) in tokens {
            if let Some(r) = devices.seats.iter_mut().find(|r| r.seat == seat) {
                r.token = Some(token);
            }
        }
    }
}

/// Whether the kept devices are game `game`'s.
pub fn is_for_game(text: &str, game: &str) -> bool {
    json::parse(text)
        .ok()
        .and_then(|doc| doc.get("game").and_then(Json::as_str).map(|g| g == game))
        .unwrap_or(false)
}

/// `{"table", "seat", "token", "name"}`.
pub fn ticket_text(t: &Ticket) -> String {
    obj([
        ("table", Json::Int(t.table.into())),
        ("seat", Json::Int(t.seat.into())),
        ("token", json::str(&t.token)),
        ("name", json::str(&t.name)),
    ])
    .to_text()
}

pub fn ticket_from(text: &str) -> Option<Ticket> {
    let doc = json::parse(text).ok()?;
    let mut f = Fields::of(&doc, "a ticket").ok()?;
    Some(Ticket {
        table: f.int("table").ok()?,
        seat: f.int("seat").ok()?,
        token: f.string("token").ok()?,
        name: f.string("name").ok()?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::{SeatSetup, Session, TableSetup};

    #[test]
    fn tokens_and_tickets_come_back() {
        let mut setup = TableSetup::first_visit("Ana");
        setup.seats[1] = SeatSetup::remote("Ben");
        setup.seats[3] = SeatSetup::remote("Cy");
        let session = Session::new(setup, 5).unwrap();
        let mut devices = Devices::for_game(&session, "0badc0de00000000", true);
        assert_eq!(devices.table, 0x0bad_c0de);
        devices.seats[1].token = Some("t3".into());
        let text = devices_text("g", &devices);
        let mut back = Devices::for_game(&session, "ffffffff00000000", false);
        restore_devices(&text, "g", &mut back);
        assert_eq!(back, devices);
        // Another game's tokens are not taken.
        let mut other = Devices::for_game(&session, "12345678", false);
        let before = other.clone();
        restore_devices(&text, "h", &mut other);
        restore_devices("{oops", "g", &mut other);
        assert_eq!(other, before);

        let ticket = Ticket {
            table: 7,
            seat: 2,
            token: "abc".into(),
            name: "Zoé".into(),
        };
        assert_eq!(ticket_from(&ticket_text(&ticket)), Some(ticket));
        assert_eq!(ticket_from("[]"), None);
    }
}
