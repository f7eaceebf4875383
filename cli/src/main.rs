//! `mojo`: the native command of the Mojo project.
//!
//! - `mojo scenario FILE.json [--check]` runs a rule scenario.
//! - `mojo bench [--seconds S] [--seed N]` measures the engine.
//! - `mojo soak --games N --seed S` plays games checking every invariant.
//! - `mojo train` fits the learned evaluation (issue 22).
//! - `mojo review-honesty` measures the replay's review (issue 21).

use std::process::ExitCode;

const USAGE: &str = "usage:
  mojo scenario FILE.json [--check]   run a rule scenario; print the position as JSON
                                      (--check: exit 1 when it differs from `expect`)
  mojo bench [--seconds S] [--seed N] measure the engine; print one JSON line
  mojo tournament --seats K1,K2,.. [--players N] [--games G] [--seed S] [--threads T] [--json]
                                      bots against bots, seats rotated; per-kind results
  mojo beliefs [--games G] [--seed S] [--seats K1,..] [--samples N] [--json]
                                      how well beliefs about the other hands fit the
                                      truth: log-loss, every deal alike vs Hard's inference
  mojo paired A.jsonl B.jsonl [--a KIND] [--b KIND]
                                      two `tournament --record` runs on the same deals:
                                      the subject's figures, B − A with a paired interval
  mojo playouts [--games G] [--seed S] [--playouts K] [--policies P1,P2,..] [--json]
                                      rounds played out from the same positions by real
                                      Mediums and by Hard's playout policies: +10 rate,
                                      who ends the round, points, paired intervals
  mojo soak --games N [--seed S] [--first I] [--threads T] [--json]
                                      play N games checking every invariant after every
                                      action; one JSON line; exit 1 on a violation
  mojo train [--games G] [--seed S] [--players 2,4,6] [--stride K] [--threads T] [--out FILE.rs]
                                      fit the learned evaluation on self-play games of
                                      Medium; print one JSON line; write the weights
  mojo review-honesty [--games G] [--seed S] [--playouts P] [--iterations I] [--threads T]
                                      how often the replay's review marks a move that is
                                      truly worse, played out on the true deal; JSON";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("scenario") => scenario(&args[1..]),
        Some("bench") => mojo_cli::bench::main(&args[1..]),
        Some("tournament") => mojo_cli::tournament::main(&args[1..]),
        Some("beliefs") => mojo_cli::beliefs::main(&args[1..]),
        Some("paired") => mojo_cli::paired::main(&args[1..]),
        Some("playouts") => mojo_cli::playouts::main(&args[1..]),
        Some("soak") => mojo_cli::soak::main(&args[1..]),
        Some("train") => mojo_cli::train::main(&args[1..]),
        Some("review-honesty") => mojo_cli::review::main(&args[1..]),
        Some("-h" | "--help" | "help") => {
            println!("{USAGE}");
            Ok(ExitCode::SUCCESS)
        }
        _ => Err(USAGE.to_string()),
    };
    match result {
        Ok(code) => code,
        Err(msg) => {
            eprintln!("mojo: {msg}");
            ExitCode::from(2)
        }
    }
}

fn scenario(args: &[String]) -> Result<ExitCode, String> {
    let mut check = false;
    let mut file = None;
    for a in args {
        match a.as_str() {
            "--check" => check = true,
            f if file.is_none() && !f.starts_with("--") => file = Some(f),
            other => return Err(format!("scenario: unexpected argument `{other}`\n{USAGE}")),
        }
    }
    let file = file.ok_or_else(|| format!("scenario: which file?\n{USAGE}"))?;
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))?;
    let (out, diffs) = mojo_cli::scenario::run_text(&text).map_err(|e| format!("{file}: {e}"))?;
    println!("{}", serde_json::Value::Object(out));
    if diffs.is_empty() {
        Ok(ExitCode::SUCCESS)
    } else {
        for d in &diffs {
            eprintln!("{file}: {d}");
        }
        Ok(if check {
            ExitCode::FAILURE
        } else {
            ExitCode::SUCCESS
        })
    }
}
