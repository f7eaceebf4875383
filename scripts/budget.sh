#!/usr/bin/env bash
# The web app's size and speed figures, against the floor of Yew:
# a hello-world app (tools/hello) built in the same run, with the same
# toolchain, Trunk tools and release profile.
#
#   bash scripts/budget.sh                  # build both, sizes + start/tap/bot-round timings
#   bash scripts/budget.sh --size           # sizes only (fast); fails past the regression ceiling (budget.mjs)
#   bash scripts/budget.sh --size --game-dist dist   # reuse a finished game build
#   bash scripts/budget.sh --slow4g [--link] --game-dist dist [--base [NAME=]OTHER_DIST ...] [--runs 15]
#                                           # start on Slow 4G + 4× CPU, brotli, floor/game(/base) alternated
#
# Builds go to target/budget/{hello,game}; figures to target/budget/*.json.
# Recorded in BENCHMARKS.md ("Size", "Start on a slow phone" and "Speed").
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
mode=()
game_dist=""
while [ $# -gt 0 ]; do
  case "$1" in
    --size) mode+=(--size) ;;
    --game-dist) game_dist="$2"; shift ;;
    --runs) mode+=(--runs "$2"); shift ;;
    --slow4g) mode+=(--slow4g) ;;
    --link) mode+=(--link) ;;
    --base) mode+=(--base "$2"); shift ;;
    *) echo "budget: unknown option $1 (see the head of scripts/budget.sh)" >&2; exit 2 ;;
  esac
  shift
done

if [ -z "${MOJO_ROOT:-}" ]; then
  bash scripts/setup.sh >/dev/null
  # shellcheck source=scripts/env.sh
  . scripts/env.sh
fi

# Same tools for both builds: the [tools] sections must be identical.
tools() { sed -n '/^\[tools\]/,/^\[/p' "$1" | grep -E '^(wasm_bindgen|wasm_opt) ='; }
if [ "$(tools Trunk.toml)" != "$(tools tools/hello/Trunk.toml)" ]; then
  echo "budget: [tools] differ between Trunk.toml and tools/hello/Trunk.toml" >&2
  exit 1
fi

mkdir -p target/budget
echo "budget: building the floor (tools/hello, trunk build --release) ..."
(cd tools/hello && trunk build --release --dist ../../target/budget/hello) >target/budget-hello.log 2>&1 ||
  { cat target/budget-hello.log; exit 1; }
if [ -z "$game_dist" ]; then
  echo "budget: building the game (trunk build --release) ..."
  trunk build --release --dist target/budget/game >target/budget-game.log 2>&1 ||
    { cat target/budget-game.log; exit 1; }
  game_dist=target/budget/game
fi

node scripts/budget.mjs --hello target/budget/hello --game "$game_dist" "${mode[@]}"
