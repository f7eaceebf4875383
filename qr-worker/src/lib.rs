//! QR codes of the pairing codes: drawn as one SVG path, and read from a
//! greyscale picture (a camera frame). Pure Rust, run in a Web Worker of
//! its own (`src/main.rs`), so the game's main .wasm does not carry it.

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

/// Appends `n` in decimal (no `format!`: the worker stays small).
fn push_num(out: &mut String, n: usize) {
    if n >= 10 {
        push_num(out, n / 10);
    }
    out.push(char::from(b'0' + (n % 10) as u8));
}

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
                // A run of dark modules on this row is one rectangle:
                // `M{x} {y}h{run}v1h-{run}z`.
                let start = x;
                while x < width && colors[y * width + x] == qrcode::Color::Dark {
                    x += 1;
                }
                let run = x - start;
                path.push('M');
                push_num(&mut path, start + QUIET);
                path.push(' ');
                push_num(&mut path, y + QUIET);
                path.push('h');
                push_num(&mut path, run);
                path.push_str("v1h-");
                push_num(&mut path, run);
                path.push('z');
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

/// A picture of four bytes a pixel (RGBA, as a canvas gives it) in
/// greyscale, one byte a pixel (the eye's weights of red, green, blue).
pub fn greyscale(rgba: &[u8]) -> Vec<u8> {
    rgba.chunks_exact(4)
        .map(|p| ((u32::from(p[0]) * 77 + u32::from(p[1]) * 150 + u32::from(p[2]) * 29) >> 8) as u8)
        .collect()
}

/// Reads the QR codes in a greyscale picture of `width` × `height` pixels
/// (one byte per pixel, row by row): the text of the first one read.
pub fn read(pixels: &[u8], width: usize, height: usize) -> Option<String> {
    if width == 0 || height == 0 || pixels.len() < width * height {
        return None;
    }
    let mut reader = quircs::Quirc::default();
    reader
        .identify(width, height, &pixels[..width * height])
        .filter_map(Result::ok)
        .find_map(|code| {
            let data = code.decode().ok()?;
            String::from_utf8(data.payload).ok()
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pairing code's characters (base45 without space and `%`).
    const ALPHABET: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ$*+-./:";

    /// A code of `len` characters, as `net::code` writes them (the
    /// invitation of a Chromium table is 155 characters, a reply 134 to
    /// 158: `BENCHMARKS.md`, "Play across devices").
    fn code(len: usize, mut seed: u64) -> String {
        (0..len)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                char::from(ALPHABET[(seed % ALPHABET.len() as u64) as usize])
            })
            .collect()
    }

    /// Draws the SVG path into pixels (`scale` pixels a module, white
    /// quiet zone), as a camera would see a perfect picture.
    fn raster(drawn: &Drawn, scale: usize) -> (Vec<u8>, usize) {
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
            assert_eq!((nums[3], nums[4]), (1, w), "{rect}");
            for yy in y * scale..(y + 1) * scale {
                for xx in x * scale..(x + w) * scale {
                    px[yy * side + xx] = 0;
                }
            }
        }
        (px, side)
    }

    /// A camera frame comes as RGBA: read in greyscale, it reads back.
    #[test]
    fn rgba_frames_read_in_greyscale() {
        assert_eq!(
            greyscale(&[255, 255, 255, 255, 0, 0, 0, 255, 255, 0, 0, 9]),
            vec![255, 0, 76]
        );
        let text = code(60, 11);
        let (px, side) = raster(&draw(&text).unwrap(), 3);
        let rgba: Vec<u8> = px.iter().flat_map(|&g| [g, g, g, 255]).collect();
        let grey = greyscale(&rgba);
        assert_eq!(read(&grey, side, side).as_deref(), Some(text.as_str()));
    }

    #[test]
    fn numbers_are_written_in_decimal() {
        for n in [0, 7, 10, 45, 100, 177, 1234] {
            let mut s = String::new();
            push_num(&mut s, n);
            assert_eq!(s, n.to_string());
        }
    }

    /// Camera frames are anything: noise, stripes, a code cut, smeared or
    /// torn. Reading them never panics (a panic would end the worker).
    #[test]
    fn any_picture_reads_without_panicking() {
        let code = code(155, 0x1234_5678);
        let (clean, side) = raster(&draw(&code).unwrap(), 3);
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut read_back = 0;
        for round in 0..1500 {
            let (w, h, px): (usize, usize, Vec<u8>) = match round % 5 {
                // Noise of any size.
                0 => {
                    let (w, h) = (1 + (next() % 300) as usize, 1 + (next() % 300) as usize);
                    (w, h, (0..w * h).map(|_| next() as u8).collect())
                }
                // Stripes and blocks (finder-like patterns everywhere).
                1 => {
                    let (w, h) = (20 + (next() % 200) as usize, 20 + (next() % 200) as usize);
                    let k = 1 + (next() % 9) as usize;
                    (
                        w,
                        h,
                        (0..w * h)
                            .map(|i| {
                                if (i % w / k + i / w / k).is_multiple_of(2) {
                                    0
                                } else {
                                    255
                                }
                            })
                            .collect(),
                    )
                }
                // The code with pixels flipped.
                2 | 3 => {
                    let mut px = clean.clone();
                    let flips = (next() % 4000) as usize;
                    for _ in 0..flips {
                        let i = (next() as usize) % px.len();
                        px[i] = 255 - px[i];
                    }
                    (side, side, px)
                }
                // A piece of the code.
                _ => {
                    let (cw, ch) = (1 + (next() as usize) % side, 1 + (next() as usize) % side);
                    let px = (0..cw * ch)
                        .map(|i| clean[(i / cw) * side + i % cw])
                        .collect();
                    (cw, ch, px)
                }
            };
            if read(&px, w, h).as_deref() == Some(code.as_str()) {
                read_back += 1;
            }
        }
        // Lightly damaged codes still read (error correction).
        assert!(read_back > 50, "{read_back} codes read back");
    }

    /// The invitation link and the reply fit QR versions a phone reads
    /// easily, and read back from a picture of themselves.
    #[test]
    fn pairing_codes_draw_and_read_back() {
        let link = format!(
            "https://example.org/games/mojo/#join={}",
            code(155, 0xfeed_beef)
        );
        let drawn = draw(&link).unwrap();
        assert!(drawn.version <= 10, "version {}", drawn.version);
        assert_eq!(drawn.size, 4 * usize::from(drawn.version as u8) + 17 + 8);
        let (px, side) = raster(&drawn, 4);
        assert_eq!(read(&px, side, side).as_deref(), Some(link.as_str()));

        for (len, seed) in [(134, 3), (158, 5)] {
            let reply = code(len, seed);
            let drawn = draw(&reply).unwrap();
            assert!(drawn.version <= 8, "version {}", drawn.version);
            let (px, side) = raster(&drawn, 3);
            assert_eq!(read(&px, side, side).as_deref(), Some(reply.as_str()));
        }
        assert_eq!(read(&[], 0, 0), None);
        assert_eq!(
            read(&vec![255; 100 * 100], 100, 100),
            None,
            "a blank picture"
        );
        assert_eq!(read(&[0; 10], 5, 5), None, "fewer pixels than said");
    }
}
