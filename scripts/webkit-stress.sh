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
# Experiments (not for the clean-games figure):
#   --jsc useOMGJIT=0,useWasmOSR=0   JavaScriptCore options (JSC_* in the browser's environment)
#   --grow-ms N                      the page grows the wasm memory by a page every N ms
#   --garbage-ms N                   the page makes 1 MB of garbage every N ms (more GC)
#
# Runs at low priority (nice 10). Every game is a line of JSON in
# DIR/games.jsonl; a failure also leaves game-N.png and, in its line, the
# page's errors, the save (seed and moves), the browser's console.
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
exec nice -n 10 node tests/e2e/webkit-stress.mjs "$@"
