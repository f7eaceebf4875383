//! QR codes of the pairing codes: drawn as one SVG path, and read from a
//! greyscale picture (a camera frame).

use qrcode::{EcLevel, QrCode};

/// A QR code as an SVG path of its dark modules, on a square of `size`
/// modules (the quiet zone of four modules around included).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawn {
    pub path: String,
    pub size: usize,
    /// The QR version (1 to 40): the code's size class.
    pub version: i16,
}

/// The modules of the quiet zone on each side.
const QUIET: usize = 4;

/// Draws `text` (medium error correction: a phone reads it at a slant or
/// from a glossy screen). The encoder picks the densest modes: a link's
/// lower-case part in byte mode, a code in alphanumeric mode.
pub fn draw(text: &str) -> Option<Drawn> {
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M).ok()?;
    let width = code.width();
    let colors = code.to_colors();
    let mut path = String::with_capacity(width * width * 2);
    for y in 0..width {
        let mut x = 0;
        while x < width {
            if colors[y * width + x] == qrcode::Color::Dark {
                // A run of dark modules on this row is one rectangle.
                let start = x;
                while x < width && colors[y * width + x] == qrcode::Color::Dark {
                    x += 1;
                }
                path.push_str(&format!(
                    "M{} {}h{}v1h-{}z",
                    start + QUIET,
                    y + QUIET,
                    x - start,
                    x - start
                ));
            } else {
                x += 1;
            }
        }
    }
    let version = match code.version() {
        qrcode::Version::Normal(v) | qrcode::Version::Micro(v) => v,
    };
    Some(Drawn {
        path,
        size: width + 2 * QUIET,
        version,
    })
}

/// Reads the QR codes in a greyscale picture of `width` × `height` pixels
/// (one byte per pixel, row by row): the text of the first one read.
pub fn read(pixels: &[u8], width: usize, height: usize) -> Option<String> {
    if width == 0 || height == 0 || pixels.len() < width * height {
        return None;
    }
    let mut img =
        rqrr::PreparedImage::prepare_from_greyscale(width, height, |x, y| pixels[y * width + x]);
    img.detect_grids()
        .into_iter()
        .find_map(|grid| grid.decode().ok().map(|(_, text)| text))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::code::{Invitation, Peer, Reply};

    /// Draws the SVG path into pixels (`scale` pixels a module, white
    /// quiet zone), as a camera would see a perfect picture.
    pub(crate) fn raster(drawn: &Drawn, scale: usize) -> (Vec<u8>, usize) {
        let side = drawn.size * scale;
        let mut px = vec![255u8; side * side];
        for rect in drawn.path.split('z').filter(|r| !r.is_empty()) {
            let nums: Vec<usize> = rect
                .trim_start_matches('M')
                .split(|c: char| !c.is_ascii_digit())
                .filter(|s| !s.is_empty())
                .map(|s| s.parse().unwrap())
                .collect();
            let (x, y, w) = (nums[0], nums[1], nums[2]);
            for yy in y * scale..(y + 1) * scale {
                for xx in x * scale..(x + w) * scale {
                    px[yy * side + xx] = 0;
                }
            }
        }
        (px, side)
    }

    fn chromium_peer() -> Peer {
        Peer::from_sdp(crate::net::code::tests::CHROMIUM_OFFER).unwrap()
    }

    /// The invitation link and the reply fit QR versions a phone reads
    /// easily, and read back from a picture of themselves.
    #[test]
    fn pairing_codes_draw_and_read_back() {
        let peer = chromium_peer();
        let invitation = Invitation {
            table: 7,
            seat: 1,
            peer: peer.clone(),
        }
        .encode();
        let link = format!("https://example.org/games/mojo/#join={invitation}");
        let drawn = draw(&link).unwrap();
        assert!(drawn.version <= 10, "version {}", drawn.version);
        let (px, side) = raster(&drawn, 4);
        assert_eq!(read(&px, side, side).as_deref(), Some(link.as_str()));

        let reply = Reply {
            seat: 1,
            tag: peer.tag(),
            peer,
        }
        .encode();
        let drawn = draw(&reply).unwrap();
        assert!(drawn.version <= 8, "version {}", drawn.version);
        let (px, side) = raster(&drawn, 3);
        assert_eq!(read(&px, side, side).as_deref(), Some(reply.as_str()));
        assert_eq!(read(&[], 0, 0), None);
        assert_eq!(
            read(&vec![255; 100 * 100], 100, 100),
            None,
            "a blank picture"
        );
    }
}
