#!/usr/bin/env bash
# A series of clean-clone test runs (issue 38): what "8 runs in a row pass,
# 4 idle and 4 with one core busy" is measured with.
#
#   bash scripts/series.sh [REF] [COUNT] [FIRST] [ORDER]   (defaults: HEAD, 8, 1)
#
# FIRST: the number of the first run (a series taken up again after a run
# that never reached the tests, e.g. a machine out of disk).
# ORDER: each run's machine, busy or idle, from run 1 on, e.g. "busy idle
# idle busy idle busy idle busy" (a series fitted around the ends of work
# sessions, which cut the run under way); by default odd runs are busy.
#
# Each run clones REF of this repository into an empty folder under
# ${SERIES_DIR:-/tmp/mojo-series}, runs CI's command there
# (`CI=true bash .ci/run`, the README's test command) and appends one line
# to series.txt: run, commit, idle or busy, start, seconds, exit code. Runs
# alternate busy (odd) and idle (even), or follow ORDER; "busy" keeps one
# core busy all run long with a loop of `mojo tournament` pinned to CPU 1
# at nice 10. Each run's log and per-test times
# (tests/e2e/artifacts/test-times.tsv) are kept beside it; the clone
# itself (3.7 GB with its builds) is removed once the run has ended (issue
# 38: a series that kept them filled the disk at run 5). The series stops
# at the first failed run: the runs after a failure would not be "in a
# row".
#
# BUSY_CMD (a shell command) is the busy core's work instead of that loop,
# e.g. `BUSY_CMD="bash scripts/hard5-experiments.sh"`: started pinned to
# CPU 1 at nice 10 with the first busy run, stopped (SIGSTOP) during idle
# runs and continued during busy ones, so that long work is not lost
# between runs; killed when the series ends.
#
# Eight runs take about 4 h 30 min on a 2-core machine (a busy run 34 to
# 44 min, an idle one 28 to 33, in the 28 runs of 2026-12-06); nothing
# else heavy should run meanwhile (work of one's own pinned to CPU 1,
# `taskset -c 1`, stands in for the busy core during busy runs only).
set -u
# All of it in one block, which bash reads whole before it runs any of
# it: a series lasts hours, and bash reads a script as it goes, so an
# edit of this file meanwhile (a commit of main) would otherwise change
# what the running series does next.
{
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ref="${1:-HEAD}"
count="${2:-8}"
first="${3:-1}"
read -r -a order <<<"${4:-}"
dir="${SERIES_DIR:-/tmp/mojo-series}"
commit="$(git -C "$here" rev-parse --short "$ref")" || exit 1
mkdir -p "$dir"
# The rulebooks and scenarios the tests read sit beside the repository.
[ -e "$dir/shared" ] || ln -s "$(cd "$here/.." && pwd)/shared" "$dir/shared"
# The busy loop's tournament, built once from this commit's engine.
cargo build --release -q -p mojo-cli --manifest-path "$here/Cargo.toml" || exit 1
mojo="$here/target/release/mojo"
for i in $(seq "$first" "$count"); do
  mode=idle
  [ $((i % 2)) -eq 1 ] && mode=busy
  if [ "${#order[@]}" -gt 0 ]; then
    mode="${order[$((i - 1))]:-}"
    case "$mode" in busy | idle) ;; *) echo "series.sh: run $i: ORDER says '$mode', not busy or idle" >&2; exit 2 ;; esac
  fi
  name="run-$commit-$i"
  rm -rf "${dir:?}/$name"
  git clone -q "$here" "$dir/$name" && git -C "$dir/$name" checkout -q "$commit" || exit 1
  busy=""
  if [ "$mode" = busy ] && [ -n "${BUSY_CMD:-}" ]; then
    if [ -z "${held:-}" ]; then
      # A process group of its own (set -m), so that stopping and killing
      # reach everything it starts.
      set -m
      (cd "$here" && exec nice -n 10 taskset -c 1 bash -c "$BUSY_CMD") >"$dir/busy-cmd.log" 2>&1 &
      held=$!
      set +m
      trap 'kill -CONT -- "-$held" 2>/dev/null; kill -- "-$held" 2>/dev/null' EXIT
    else
      kill -CONT -- "-$held" 2>/dev/null
    fi
  elif [ "$mode" = busy ]; then
    (while :; do nice -n 10 taskset -c 1 "$mojo" tournament --seats hard,medium --players 4 --games 400 --threads 1 --no-clock >/dev/null 2>&1 || sleep 1; done) &
    busy=$!
  elif [ -n "${held:-}" ]; then
    kill -STOP -- "-$held" 2>/dev/null
  fi
  start="$(date -u +%FT%TZ)"
  s=$SECONDS
  (cd "$dir/$name" && CI=true bash .ci/run) >"$dir/$name.log" 2>&1
  rc=$?
  if [ -n "$busy" ]; then
    kill "$busy"
    pkill -f "$mojo tournament"
  fi
  [ -n "${held:-}" ] && kill -STOP -- "-$held" 2>/dev/null
  cp "$dir/$name/tests/e2e/artifacts/test-times.tsv" "$dir/$name.times.tsv" 2>/dev/null
  rm -rf "${dir:?}/$name"
  echo "$name $commit $mode start=$start secs=$((SECONDS - s)) exit=$rc" | tee -a "$dir/series.txt"
  [ "$rc" -eq 0 ] || break
done
# The last run's code: a series that stopped at a failed run fails.
exit "${rc:-0}"
}
