//! Short sounds at the table, made with WebAudio: a card played, a card
//! drawn, Mojo Time, the end of a round and "your turn". No sound files:
//! each sound is a few notes (a sine or triangle wave, a pitch glide, an
//! envelope that rises in 5 ms and decays exponentially), synthesised here
//! into an `AudioBuffer` the first time it plays; playing it again is one
//! buffer source (four calls). Oscillators and gain envelopes scheduled
//! per note cost 2–5 ms a move at 4× CPU throttling; a buffer source
//! about a tenth of that.
//!
//! Browsers let a page make sound only after a gesture: the context is
//! created by [`unlock`], which the root calls on a tap or a key press
//! (never before), and only while sound is on. Without a context (sound
//! off, no gesture yet, no WebAudio) [`play`] does nothing. Every failure
//! of the browser's audio is ignored: sound is never a reason to stop.
//!
//! Each sound played leaves a User Timing mark `mojo-sound-<name>` (the
//! end-to-end tests count them; the browser's performance tools show them).

use std::cell::RefCell;

use mojo_engine::Event;

use web_sys::{AudioBuffer, AudioContext, AudioContextState};

/// A sound of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sound {
    Play,
    Draw,
    MojoTime,
    RoundEnd,
    YourTurn,
}

/// A wave.
#[derive(Clone, Copy)]
enum Wave {
    Sine,
    Triangle,
}

/// One note: start (s), length (s), frequency (Hz), glide to (Hz), peak
/// gain, wave.
struct Note(f32, f32, f32, f32, f32, Wave);

impl Sound {
    const ALL: [Sound; 5] = [
        Sound::Play,
        Sound::Draw,
        Sound::MojoTime,
        Sound::RoundEnd,
        Sound::YourTurn,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Sound::Play => "play",
            Sound::Draw => "draw",
            Sound::MojoTime => "mojo-time",
            Sound::RoundEnd => "round-end",
            Sound::YourTurn => "your-turn",
        }
    }

    fn notes(self) -> &'static [Note] {
        use Wave::{Sine, Triangle};
        match self {
            // A soft knock: a quick downward glide.
            Sound::Play => &[Note(0.0, 0.09, 520.0, 260.0, 0.22, Triangle)],
            // A swish upwards.
            Sound::Draw => &[Note(0.0, 0.14, 280.0, 620.0, 0.12, Sine)],
            // Two rising notes: someone's cards go face down.
            Sound::MojoTime => &[
                Note(0.0, 0.13, 440.0, 440.0, 0.16, Triangle),
                Note(0.12, 0.2, 659.0, 659.0, 0.16, Triangle),
            ],
            // A little arpeggio: C, E, G.
            Sound::RoundEnd => &[
                Note(0.0, 0.14, 523.0, 523.0, 0.15, Triangle),
                Note(0.11, 0.14, 659.0, 659.0, 0.15, Triangle),
                Note(0.22, 0.3, 784.0, 784.0, 0.15, Triangle),
            ],
            // A bell: a fundamental and a fifth above, ringing out.
            Sound::YourTurn => &[
                Note(0.0, 0.45, 880.0, 880.0, 0.18, Sine),
                Note(0.0, 0.3, 1320.0, 1320.0, 0.06, Sine),
            ],
        }
    }

    /// The sound's samples at `rate` per second. Per sample only adds and
    /// multiplies (a phase, a sine by polynomial, the glide and the decay
    /// as constant factors): a sound is made in well under a millisecond.
    pub fn samples(self, rate: f32) -> Vec<f32> {
        let notes = self.notes();
        let end = notes.iter().map(|n| n.0 + n.1).fold(0.0, f32::max);
        let len = (end * rate).ceil() as usize + 1;
        let mut out = vec![0.0f32; len];
        for &Note(start, length, from, to, peak, wave) in notes {
            let first = (start * rate) as usize;
            let n = (length * rate) as usize;
            // Per sample: the frequency glides by `glide` (exponentially,
            // from `from` to `to` over the note) and the level decays by
            // `decay` (to -60 dB at the note's end).
            let glide = (to / from).powf(1.0 / n.max(1) as f32);
            let decay = (-6.9 / n.max(1) as f32).exp();
            let attack = (0.005 * rate).max(1.0);
            let (mut f, mut level, mut phase) = (from, peak, 0.0f32);
            for (k, s) in out.iter_mut().skip(first).take(n).enumerate() {
                phase += f / rate;
                phase -= phase.floor();
                let v = match wave {
                    Wave::Sine => sine(phase),
                    Wave::Triangle => 1.0 - 4.0 * (phase - 0.5).abs(),
                };
                *s += v * level * (k as f32 / attack).min(1.0);
                f *= glide;
                level *= decay;
            }
        }
        out
    }
}

/// sin(2πx) for x in [0, 1): a parabola per half wave, refined (error
/// under 0.1%).
fn sine(x: f32) -> f32 {
    let (x, sign) = if x < 0.5 { (x, 1.0) } else { (x - 0.5, -1.0) };
    let y = 8.0 * x * (1.0 - 2.0 * x);
    sign * y * (0.775 + 0.225 * y)
}

#[derive(Default)]
struct Audio {
    context: Option<AudioContext>,
    buffers: [Option<AudioBuffer>; 5],
    /// When each sound last started (the context's clock): the same sound
    /// again within 60 ms (bots at "instant") would only be noise.
    last: [f64; 5],
}

thread_local! {
    static AUDIO: RefCell<Audio> = RefCell::new(Audio::default());
}

/// After a tap or a key press: creates the audio context (or resumes it
/// if the browser suspended it).
pub fn unlock() {
    AUDIO.with(|a| {
        let mut a = a.borrow_mut();
        match &a.context {
            Some(ctx) => {
                if ctx.state() == AudioContextState::Suspended {
                    let _ = ctx.resume();
                }
            }
            None => a.context = AudioContext::new().ok(),
        }
    });
}

/// Plays `sound` `delay` seconds from now, if sound was unlocked.
pub fn play(sound: Sound, delay: f64) {
    AUDIO.with(|a| {
        let mut a = a.borrow_mut();
        let Some(ctx) = a.context.clone() else {
            return;
        };
        let i = Sound::ALL.iter().position(|&s| s == sound).unwrap_or(0);
        if a.buffers[i].is_none() {
            a.buffers[i] = buffer(&ctx, sound).ok();
        }
        let at = ctx.current_time() + delay;
        if a.last[i] > 0.0 && (at - a.last[i]).abs() < 0.06 {
            return;
        }
        let Some(buf) = a.buffers[i].as_ref() else {
            return;
        };
        if start(&ctx, buf, at).is_ok() {
            a.last[i] = at;
            if let Some(perf) = web_sys::window().and_then(|w| w.performance()) {
                let _ = perf.mark(&format!("mojo-sound-{}", sound.name()));
            }
        }
    });
}

fn buffer(ctx: &AudioContext, sound: Sound) -> Result<AudioBuffer, wasm_bindgen::JsValue> {
    let rate = ctx.sample_rate();
    let samples = sound.samples(rate);
    let buf = ctx.create_buffer(1, samples.len() as u32, rate)?;
    buf.copy_to_channel(&samples, 0)?;
    Ok(buf)
}

fn start(ctx: &AudioContext, buf: &AudioBuffer, at: f64) -> Result<(), wasm_bindgen::JsValue> {
    let source = ctx.create_buffer_source()?;
    source.set_buffer(Some(buf));
    source.connect_with_audio_node(&ctx.destination())?;
    source.start_with_when(at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sine_is_close() {
        for k in 0..1000 {
            let x = k as f32 / 1000.0;
            let err = (sine(x) - (x * core::f32::consts::TAU).sin()).abs();
            assert!(err < 0.002, "{x}: {err}");
        }
    }

    /// Every sound is short, audible, never clips, and ends in silence.
    #[test]
    fn sounds_are_short_and_clean() {
        for s in Sound::ALL {
            let x = s.samples(44_100.0);
            let secs = x.len() as f32 / 44_100.0;
            assert!((0.05..0.6).contains(&secs), "{}: {secs} s", s.name());
            let peak = x.iter().fold(0.0f32, |m, v| m.max(v.abs()));
            assert!((0.05..=0.5).contains(&peak), "{}: peak {peak}", s.name());
            assert!(x.last().is_some_and(|v| v.abs() < 0.01), "{}", s.name());
        }
    }
}

thread_local! {
    /// Whether sound is on (the settings', as the last `Cmd::SoundOn`
    /// said), and the listeners that unlock it on a tap or a key press.
    static ON: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    static UNLOCKS: RefCell<Vec<gloo::events::EventListener>> = const { RefCell::new(Vec::new()) };
}

/// Sound on or off (`Cmd::SoundOn`): while it is on, the first tap or key
/// press unlocks it (and later ones resume a context the browser
/// suspended); once it is off, nothing more is heard, not even the sounds
/// of a move decided just before.
pub fn set_on(on: bool) {
    ON.set(on);
    UNLOCKS.with(|u| {
        let mut u = u.borrow_mut();
        u.clear();
        if on {
            if let Some(w) = web_sys::window() {
                for kind in ["pointerdown", "keydown"] {
                    u.push(gloo::events::EventListener::new(&w, kind, |_| unlock()));
                }
            }
        }
    });
}

/// The sounds of the last action's `events`, and "your turn" when the
/// turn has just come to the viewer (`Cmd::Sounds`): in a task of their
/// own, after the render's (WebAudio's calls cost 2–5 ms a move at 4× CPU
/// throttling), and only if sound is still on then.
pub fn play_move(events: &[Event], turn_came: bool) {
    let events = events.to_vec();
    super::browser::after(0, move || {
        if ON.get() {
            play_sounds(&events, turn_came);
        }
    });
}

fn play_sounds(events: &[Event], turn_came: bool) {
    let mut delay = 0.0;
    for event in events {
        let sound = match event {
            Event::Played { .. } => Sound::Play,
            Event::Drew { .. } => Sound::Draw,
            Event::WentFaceDown { .. } => Sound::MojoTime,
            Event::RoundEnded { .. } => Sound::RoundEnd,
            _ => continue,
        };
        play(sound, delay);
        delay += 0.12;
    }
    if turn_came {
        play(Sound::YourTurn, delay + 0.05);
    }
}
