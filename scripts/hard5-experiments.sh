#!/usr/bin/env bash
# Issue 60 ("Hard, fifth way"): the experiments, in order of value, each one
# command line, single-threaded, `--no-clock` (results depend on the
# arguments only, not on the load), its output in /tmp/hard5/NAME.txt (and
# each tournament's games in /tmp/hard5/NAME.jsonl, for `mojo paired`).
#
# Build first (under the lock), then run pinned to one core:
#   flock /tmp/mojo-build.lock cargo build --profile native -p mojo-cli
#   taskset -c 1 nice -n 10 bash scripts/hard5-experiments.sh
# A finished experiment is skipped when the script is run again (delete its
# .txt to run it again); a stopped one leaves only NAME.txt.part.
# Every line was checked with tiny counts:
#   GAMES=8 POSGAMES=4 OUT=/tmp/hard5-tiny bash scripts/hard5-experiments.sh
#
# Expected wall times below are for GAMES=2000 (POSGAMES=2000), scaled from
# 8-game runs on this machine pinned to core 1, the other core busy with
# builds (2026-12-07 16:11 UTC; 8 games is noisy, allow +-30%): Hard about
# 0.5 s a game, honest playouts about 1.4 s a game (2.9x). All of it: about
# 5.7 hours (the first block, E2 + Hard + honest on seed 41: about 65 min).
set -u
cd "$(dirname "$0")/.."
M=./target/native/mojo
O=${OUT:-/tmp/hard5}
G=${GAMES:-2000}
P=${POSGAMES:-2000}
mkdir -p "$O"
[ -x "$M" ] || { echo "no $M: build it first (see the top of this script)"; exit 1; }
T="--players 4 --games $G --threads 1 --no-clock"

# run NAME COMMAND...: runs once, output to $O/NAME.txt, with its wall time.
run() {
  local name=$1
  shift
  if [ -s "$O/$name.txt" ]; then echo "skip $name (done)"; return; fi
  echo "$(date -u +%FT%TZ) $name: $*"
  local t0=$SECONDS
  if "$@" > "$O/$name.txt.part" 2>&1; then
    echo "wall: $((SECONDS - t0)) s" >> "$O/$name.txt.part"
    mv "$O/$name.txt.part" "$O/$name.txt"
  else
    echo "FAILED $name (see $O/$name.txt.part)"
  fi
}

# E2: real medium-v1 vs Hard's playouts (today's omniscient; Medium's
# rules with the true hands' risk; honest), from the same positions, the
# same reshuffled draw piles; paired by position (40 games gave 115
# positions and +-2.3 points on the +10 rate's difference; 2000 games, 16
# playouts: about 5,700 positions, +-0.3 points). ~1 min.
run e2-playouts $M playouts --games $P --seed 11 --playouts 16 --json

# Baseline: Hard against 3 medium-v1 on seed 41 (the issue's 38.6%). ~17 min.
run hard-s41 $M tournament $T --seats hard,medium-v1 --seed 41 --record $O/hard-s41.jsonl
# Item 2: honest playouts, gate at 2, the same deals. ~46 min.
run honest-s41 $M tournament $T --seats hard:playout=honest,medium-v1 --seed 41 --record $O/honest-s41.jsonl
run pair-honest $M paired $O/hard-s41.jsonl $O/honest-s41.jsonl

# E1: the gate off (z=0) against z=2, cheat-hands and Hard, the same deals.
# ~8, ~8 and ~13 min.
run cheat-hands-s41 $M tournament $T --seats cheat-hands,medium-v1 --seed 41 --record $O/cheat-hands-s41.jsonl
run cheat-hands-z0-s41 $M tournament $T --seats cheat-hands:z=0,medium-v1 --seed 41 --record $O/cheat-hands-z0-s41.jsonl
run hard-z0-s41 $M tournament $T --seats hard:z=0,medium-v1 --seed 41 --record $O/hard-z0-s41.jsonl
run pair-e1-cheat $M paired $O/cheat-hands-s41.jsonl $O/cheat-hands-z0-s41.jsonl
run pair-e1-hard $M paired $O/hard-s41.jsonl $O/hard-z0-s41.jsonl

# Item 2, then: the gate tuned again for honest playouts. ~35 and ~42 min.
run honest-z1-s41 $M tournament $T --seats hard:playout=honest:z=1,medium-v1 --seed 41 --record $O/honest-z1-s41.jsonl
run honest-z0-s41 $M tournament $T --seats hard:playout=honest:z=0,medium-v1 --seed 41 --record $O/honest-z0-s41.jsonl
run pair-honest-z1 $M paired $O/hard-s41.jsonl $O/honest-z1-s41.jsonl
run pair-honest-z0 $M paired $O/hard-s41.jsonl $O/honest-z0-s41.jsonl

# What the honest risk adds to Medium's rules alone (points 2-6, the risk
# from the true hands). ~21 min.
run medium-playout-s41 $M tournament $T --seats hard:playout=medium,medium-v1 --seed 41 --record $O/medium-playout-s41.jsonl
run pair-medium-playout $M paired $O/hard-s41.jsonl $O/medium-playout-s41.jsonl

# Does the playout matter when the hands are known? cheat-hands with
# honest playouts against cheat-hands. ~13 min.
run cheat-hands-honest-s41 $M tournament $T --seats cheat-hands:playout=honest,medium-v1 --seed 41 --record $O/cheat-hands-honest-s41.jsonl
run pair-cheat-honest $M paired $O/cheat-hands-s41.jsonl $O/cheat-hands-honest-s41.jsonl

# Item 4: one more point on the beliefs curve. ~17 min.
run reveal-10-s41 $M tournament $T --seats reveal-10,medium-v1 --seed 41 --record $O/reveal-10-s41.jsonl
run pair-reveal-10 $M paired $O/hard-s41.jsonl $O/reveal-10-s41.jsonl

# "Done means" on two fresh seeds, paired: honest playouts (change the knobs
# to the best of the gate's runs above) against Hard. ~17 + 46 min each seed.
run hard-s61 $M tournament $T --seats hard,medium-v1 --seed 61 --record $O/hard-s61.jsonl
run honest-s61 $M tournament $T --seats hard:playout=honest,medium-v1 --seed 61 --record $O/honest-s61.jsonl
run pair-s61 $M paired $O/hard-s61.jsonl $O/honest-s61.jsonl
run hard-s62 $M tournament $T --seats hard,medium-v1 --seed 62 --record $O/hard-s62.jsonl
run honest-s62 $M tournament $T --seats hard:playout=honest,medium-v1 --seed 62 --record $O/honest-s62.jsonl
run pair-s62 $M paired $O/hard-s62.jsonl $O/honest-s62.jsonl
