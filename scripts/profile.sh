#!/usr/bin/env bash
# A CPU profile of a table of bots in headless Chromium: the longest busy
# stretches of the main thread and what filled them (scripts/profile.mjs).
# Builds the game without wasm-opt, so that functions keep their names, into
# target/profile/dist (the release build in dist/ is not touched).
#
#   bash scripts/profile.sh [seconds] [throttle] [kinds]
#   bash scripts/profile.sh 15 4 hard,hard,medium,easy
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
seconds="${1:-15}"
throttle="${2:-1}"
kinds="${3:-hard,hard,medium,easy}"

if [ -z "${MOJO_ROOT:-}" ]; then
  bash scripts/setup.sh >/dev/null
  # shellcheck source=scripts/env.sh
  . scripts/env.sh
fi

mkdir -p target/profile
# A copy of index.html that skips wasm-opt (Trunk reads the Rust link's
# attributes from the HTML it builds).
sed 's/data-wasm-opt="z"/data-wasm-opt="0"/' index.html >index-profile.html
trap 'rm -f index-profile.html' EXIT
echo "profile: building with function names (trunk build --release, no wasm-opt) ..."
trunk build --release=true --dist target/profile/dist index-profile.html >target/profile/build.log 2>&1 ||
  { cat target/profile/build.log; exit 1; }
node scripts/profile.mjs --dist target/profile/dist --seconds "$seconds" --throttle "$throttle" --kinds "$kinds"
