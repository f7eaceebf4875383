//! Short sounds at the table, made with WebAudio (oscillators through gain
//! envelopes: no sound files to download or cache): a card played, a card
//! drawn, Mojo Time, the end of a round and "your turn".
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

use web_sys::{AudioContext, AudioContextState, OscillatorType};

/// A sound of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sound {
    Play,
    Draw,
    MojoTime,
    RoundEnd,
    YourTurn,
}

impl Sound {
    pub fn name(self) -> &'static str {
        match self {
            Sound::Play => "play",
            Sound::Draw => "draw",
            Sound::MojoTime => "mojo-time",
            Sound::RoundEnd => "round-end",
            Sound::YourTurn => "your-turn",
        }
    }

    /// Its notes: (start s, length s, frequency Hz, glide to Hz, peak
    /// gain, wave).
    fn notes(self) -> &'static [Note] {
        use OscillatorType::{Sine, Triangle};
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
}

/// (start s, length s, frequency Hz, glide to Hz, peak gain, wave).
struct Note(f64, f64, f32, f32, f32, OscillatorType);

thread_local! {
    static CONTEXT: RefCell<Option<AudioContext>> = const { RefCell::new(None) };
}

/// After a tap or a key press: creates the audio context (or resumes it
/// if the browser suspended it).
pub fn unlock() {
    CONTEXT.with(|c| {
        let mut c = c.borrow_mut();
        match &*c {
            Some(ctx) => {
                if ctx.state() == AudioContextState::Suspended {
                    let _ = ctx.resume();
                }
            }
            None => *c = AudioContext::new().ok(),
        }
    });
}

/// Whether a context exists (a gesture unlocked sound).
pub fn unlocked() -> bool {
    CONTEXT.with(|c| c.borrow().is_some())
}

/// Plays `sound` `delay` seconds from now, if sound was unlocked.
pub fn play(sound: Sound, delay: f64) {
    CONTEXT.with(|c| {
        let c = c.borrow();
        let Some(ctx) = c.as_ref() else {
            return;
        };
        let at = ctx.current_time() + delay;
        let mut ok = true;
        for note in sound.notes() {
            ok &= tone(ctx, at, note).is_ok();
        }
        if ok {
            if let Some(perf) = web_sys::window().and_then(|w| w.performance()) {
                let _ = perf.mark(&format!("mojo-sound-{}", sound.name()));
            }
        }
    });
}

/// One note: an oscillator through a gain that rises in 10 ms and decays
/// exponentially over the note's length.
fn tone(ctx: &AudioContext, at: f64, n: &Note) -> Result<(), wasm_bindgen::JsValue> {
    let Note(start, length, freq, to, peak, wave) = *n;
    let t0 = at + start;
    let t1 = t0 + length;
    let osc = ctx.create_oscillator()?;
    osc.set_type(wave);
    let f = osc.frequency();
    f.set_value_at_time(freq, t0)?;
    if (to - freq).abs() > 1.0 {
        f.exponential_ramp_to_value_at_time(to, t1)?;
    }
    let gain = ctx.create_gain()?;
    let g = gain.gain();
    g.set_value_at_time(0.0001, t0)?;
    g.exponential_ramp_to_value_at_time(peak, t0 + 0.01)?;
    g.exponential_ramp_to_value_at_time(0.0001, t1)?;
    osc.connect_with_audio_node(&gain)?;
    gain.connect_with_audio_node(&ctx.destination())?;
    osc.start_with_when(t0)?;
    osc.stop_with_when(t1 + 0.02)?;
    Ok(())
}

/// Unlocks sound on the first tap or key press while sound is on (and on
/// later ones, which resume a context the browser suspended).
#[yew::hook]
pub fn use_sound_unlock(on: bool) {
    yew::use_effect_with(on, |&on| {
        let listeners = on.then(|| {
            let window = web_sys::window();
            ["pointerdown", "keydown"]
                .into_iter()
                .filter_map(|kind| {
                    window
                        .as_ref()
                        .map(|w| gloo::events::EventListener::new(w, kind, |_| unlock()))
                })
                .collect::<Vec<_>>()
        });
        move || drop(listeners)
    });
}
