//! The camera that reads QR codes: whether it is on and for what, decided
//! here from the state alone ([`AppState::camera_use`]: the table's devices
//! dialog, a phone's join screen), and what a code read does. The camera
//! itself is a driver (`drivers/camera.rs`, started and stopped by
//! `Cmd::Camera`); the views draw its picture where the state says.

use mojo_engine::Seat;

use super::{AppState, Overlay, Screen};
use crate::net::devices::{DeviceMsg, Devices, LinkState};
use crate::net::hand::HandMsg;

/// What the camera reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scan {
    /// On the table: the reply of the device of this seat.
    Reply(Seat),
    /// On a phone: the table's invitation ("Scan the invitation", "Rejoin
    /// as Ben").
    Invitation,
}

/// What the state knows of the camera.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Camera {
    /// This page may use a camera at all (a secure page that has
    /// `mediaDevices`), as the browser said at start.
    pub possible: bool,
    /// The camera could not be used (none, or permission refused): as if
    /// there were none, until the screen that wanted it closes (the place
    /// of a camera the person opened says so).
    pub refused: bool,
    /// The camera the person opened.
    pub scanning: Option<Scan>,
    /// Seats whose camera the person stopped, a bit each: not started
    /// again by itself.
    pub stopped: u16,
}

impl Camera {
    /// Whether codes can be read with the camera here.
    pub fn ok(&self) -> bool {
        self.possible && !self.refused
    }
}

/// What happens to the camera.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CameraMsg {
    /// The person opens the camera for this.
    Scan(Scan),
    /// The person stops the camera (for a seat: not started again by
    /// itself).
    Stop(Scan),
    /// The camera read a code (a new one: the driver passes each text
    /// once).
    Read(String),
    /// The camera cannot be used.
    Failed,
}

/// The camera on: what it reads, and whether it reads on after a code (the
/// table's camera waiting for a reply by itself, which a wrong code shown
/// to it must not stop).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CameraUse {
    pub scan: Scan,
    pub keep_reading: bool,
}

impl AppState {
    /// Whether the camera is on now, and for what: on the table, while its
    /// devices dialog shows, the seat the person scans for, else the seat
    /// whose replies it reads by itself ([`auto_scan`]); on a phone's join
    /// screen, the invitation once the person asks.
    pub fn camera_use(&self) -> Option<CameraUse> {
        if !self.camera.ok() {
            return None;
        }
        let once = |scan| CameraUse {
            scan,
            keep_reading: false,
        };
        match self.screen {
            Screen::Join => {
                (self.camera.scanning == Some(Scan::Invitation)).then(|| once(Scan::Invitation))
            }
            Screen::Table if self.overlay_shown() == Overlay::Devices => {
                match self.camera.scanning {
                    Some(scan @ Scan::Reply(_)) => Some(once(scan)),
                    _ => auto_scan(&self.devices, self.camera.stopped).map(|seat| CameraUse {
                        scan: Scan::Reply(seat),
                        keep_reading: true,
                    }),
                }
            }
            _ => None,
        }
    }

    pub(super) fn camera_msg(&mut self, msg: CameraMsg) {
        match msg {
            CameraMsg::Scan(scan) => self.camera.scanning = Some(scan),
            CameraMsg::Stop(scan) => {
                self.camera.scanning = None;
                if let Scan::Reply(seat) = scan {
                    self.camera.stopped |= 1 << seat;
                }
            }
            // The camera opened by the person stays "open" (its place says
            // it cannot be used, with the button that closes it).
            CameraMsg::Failed => self.camera.refused = true,
            CameraMsg::Read(text) => match self.camera_use() {
                Some(CameraUse {
                    scan: Scan::Reply(seat),
                    keep_reading,
                }) => {
                    if !keep_reading {
                        self.camera.scanning = None;
                    }
                    self.device_msg(DeviceMsg::Reply { seat, text });
                }
                Some(CameraUse {
                    scan: Scan::Invitation,
                    ..
                }) => {
                    self.camera.scanning = None;
                    self.hand_msg(HandMsg::Edit(text));
                    self.hand_msg(HandMsg::Join);
                }
                // Read as the camera was turned off: nothing reads it.
                None => {}
            },
        }
    }

    /// Once no screen that uses the camera shows, what the person did with
    /// it is forgotten: opened again, it starts afresh.
    pub(super) fn camera_put_away(&mut self) {
        let shown = match self.screen {
            Screen::Join => true,
            Screen::Table => self.overlay_shown() == Overlay::Devices,
            _ => false,
        };
        if !shown && self.camera != self.camera_fresh() {
            self.camera = self.camera_fresh();
        }
    }

    fn camera_fresh(&self) -> Camera {
        Camera {
            possible: self.camera.possible,
            ..Camera::default()
        }
    }
}

/// The seat whose replies the table's camera reads by itself: once the
/// game has started, the first seat that lost its device and waits with a
/// new invitation, unless the person stopped this seat's camera. The
/// camera is on only while such a seat waits.
pub fn auto_scan(devices: &Devices, stopped: u16) -> Option<Seat> {
    if !devices.started {
        return None;
    }
    devices
        .seats
        .iter()
        .find(|r| {
            r.link == LinkState::Inviting
                && r.invitation.is_some()
                && r.token.is_some()
                && stopped & (1 << r.seat) == 0
        })
        .map(|r| r.seat)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::devices::RemoteSeat;

    fn seat(seat: Seat, link: LinkState, paired_before: bool) -> RemoteSeat {
        RemoteSeat {
            link,
            invitation: Some(format!("code {seat}")),
            token: paired_before.then(|| "T".to_string()),
            ..RemoteSeat::new(seat)
        }
    }

    #[test]
    fn the_tables_camera_reads_by_itself_only_while_a_seat_that_lost_its_device_waits() {
        let mut d = Devices {
            seats: vec![
                seat(1, LinkState::Connected, true),
                seat(2, LinkState::Inviting, false),
                seat(3, LinkState::Inviting, true),
            ],
            started: true,
            ..Devices::default()
        };
        let none = 0;
        // Seat 3 lost its device: its replies are read by themselves.
        assert_eq!(auto_scan(&d, none), Some(3));
        // Not once the person stopped that seat's camera.
        assert_eq!(auto_scan(&d, 1 << 3), None);
        // Not before "Start playing" (the first pairing is by hand), nor
        // for a seat never paired, nor once the reply is taken.
        d.started = false;
        assert_eq!(auto_scan(&d, none), None);
        d.started = true;
        d.seats[2].link = LinkState::Connecting;
        assert_eq!(auto_scan(&d, none), None);
        // Nor before its new invitation is made.
        d.seats[2].link = LinkState::Inviting;
        d.seats[2].invitation = None;
        assert_eq!(auto_scan(&d, none), None);
    }

    /// Without a camera, or with one refused, or while the person reads a
    /// reply by hand, the camera does not read by itself; a code read goes
    /// to the seat it was read for.
    #[test]
    fn the_camera_is_on_only_where_the_state_says() {
        let mut s = crate::app::test_kit::table_with_camera();
        assert_eq!(s.camera_use(), None, "the dialog is not shown");
        s.overlay = Overlay::Devices;
        s.devices.started = true;
        s.camera.scanning = Some(Scan::Reply(1));
        let by_hand = CameraUse {
            scan: Scan::Reply(1),
            keep_reading: false,
        };
        assert_eq!(s.camera_use(), Some(by_hand));
        s.camera.refused = true;
        assert_eq!(s.camera_use(), None, "refused: as if there were none");
        s.camera.refused = false;
        s.camera.possible = false;
        assert_eq!(s.camera_use(), None, "no camera");
    }
}
