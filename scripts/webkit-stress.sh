#!/usr/bin/env bash
# Plays Mojo in WebKit (WebKitGTK's MiniBrowser through WebKitWebDriver, in
# an Xvfb display) game after game, each in a fresh profile on a fresh
# origin, until a game fails or N games are played (issue 13: the WebKit
# trap). Uses the release build in dist/ (built first if missing).
#
#   bash scripts/webkit-stress.sh --games 1000          # 0 or no --games: until a failure
#   bash scripts/webkit-stress.sh --mode human|pass|bots|mix (default mix)
#   bash scripts/webkit-stress.sh --engine firefox      # the same stress in another engine
#   bash scripts/webkit-stress.sh --speed fast          # bots' pace (default instant)
#   bash scripts/webkit-stress.sh --log DIR             # default target/webkit-stress
#   bash scripts/webkit-stress.sh --keep-going          # do not stop at the first failure
#   bash scripts/webkit-stress.sh --dist DIR            # another build
#   bash scripts/webkit-stress.sh --tour-seen           # no first-game walkthrough
#   bash scripts/webkit-stress.sh --minutes 10          # each game: one table played 10 min (Rematch at each game over)
#   bash scripts/webkit-stress.sh --busy 1              # 1 busy loop (sh, niceness 0) for the whole run, ended with it
#   bash scripts/webkit-stress.sh --seconds 20          # score page loads: each game ends, clean, 20 s after its page loaded
# The long-table soak of issue 23 (item 3): ten 10-minute tables of four
# bots, one core kept busy by another process:
#   bash scripts/webkit-stress.sh --mode bots --minutes 10 --busy 1 --games 10 --keep-going
# Page loads for the trap (issue 23, item 2), e.g. under starvation and
# continuous garbage collection:
#   bash scripts/webkit-stress.sh --seconds 20 --busy 1 --jsc collectContinuously=1 --keep-going
# Experiments (not for the clean-games figure):
#   --jsc useOMGJIT=0,useWasmOSR=0   JavaScriptCore options (JSC_* in the browser's environment)
#   --jsc collectContinuously=1      JavaScriptCore's garbage collector running all the time
#   --grow-ms N                      the page grows the wasm memory by a page every N ms
#   --garbage-ms N                   the page makes 1 MB of garbage every N ms (more GC)
#   --table-ms N                     the page takes 128 more externref table slots every N ms (the table grows)
#   --hog-ms N                       the page fills the heap every N ms, so the app itself grows the memory (inside wasm)
#
# Runs at low priority (nice 10). Every game is a line of JSON in
# DIR/games.jsonl (with the load average, the browser's processes and their
# memory, WebDriver commands of 3 s and more); a failure also leaves
# game-N.png and, in its line, the page's errors, the save (seed and moves),
# the browser's console, the last 30 WebDriver commands. Everything the
# driver and the browser print is in DIR/driver.log, with times.
# A game whose web process died (MiniBrowser: "WebProcess CRASHED"; WebDriver
# then answers "Could not parse script result" or "session deleted because
# of page crash or hang") is `browser-crash`, not a harness error; the
# browser runs in DIR, so the web process's core is kept there
# (core-game-N-K, cores are on for this script) with a gdb backtrace in the
# game's line.
# `touch DIR/PAUSE` holds the run between games until the file is removed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/setup.sh >/dev/null
# shellcheck source=scripts/env.sh
. scripts/env.sh
dist_given=0
for a in "$@"; do [ "$a" = "--dist" ] && dist_given=1; done
if [ "$dist_given" = 0 ] && [ ! -f dist/index.html ]; then
  trunk build --release
fi
# The browser's processes run in the log folder: a crash leaves its core there.
ulimit -c unlimited 2>/dev/null || true
exec nice -n 10 node tests/e2e/webkit-stress.mjs "$@"
