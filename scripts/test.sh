#!/usr/bin/env bash
# Every test of the project, failing fast: the first failing step stops the
# run with its name. `.ci/run` runs exactly this.
#
# `KEEP_GOING=1 bash scripts/test.sh` runs every step even after one fails
# and lists the failed ones at the end (for hunting unstable tests: one run
# then shows every failure, not only the first; exit 1 if any failed).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
START=$SECONDS
PASSED=()
FAILED=()

# One line per end-to-end test with its time (tests/e2e/times-reporter.mjs),
# so that slow and unstable tests show across runs (issue 38); printed at
# the end of the run, passed or failed.
export MOJO_TEST_TIMES="$PWD/tests/e2e/artifacts/test-times.tsv"
mkdir -p "$(dirname "$MOJO_TEST_TIMES")"
: >"$MOJO_TEST_TIMES"
times_report() {
  [ -s "$MOJO_TEST_TIMES" ] || return 0
  printf '\n==== End-to-end tests, one line each (%s) ====\n' "${MOJO_TEST_TIMES#"$PWD"/}"
  printf '# commit %s\n' "$(git rev-parse --short HEAD 2>/dev/null || echo '?')"
  printf '# when\tstep\tfile\ttest\tresult\tms\n'
  cat "$MOJO_TEST_TIMES"
}

section() { # section NAME CMD...: runs one step under a header, stops on failure
  local name="$1" start=$SECONDS status=0
  shift
  printf '\n==== %s ====\n' "$name"
  printf '$ %s\n' "$*"
  "$@" || status=$?
  if [ "$status" -ne 0 ]; then
    printf '\n==== FAILED: %s (exit %d, after %d s) ====\n' "$name" "$status" "$((SECONDS - START))"
    if [ "${KEEP_GOING:-}" = 1 ]; then
      FAILED+=("$name (exit $status, $((SECONDS - start)) s)")
      return 0
    fi
    times_report
    printf 'test.sh: FAILED at "%s"; %d step(s) passed before it\n' "$name" "${#PASSED[@]}"
    exit "$status"
  fi
  printf -- '---- ok: %s (%d s)\n' "$name" "$((SECONDS - start))"
  PASSED+=("$name ($((SECONDS - start)) s)")
}

# Browser unit tests: `wasm-bindgen-test` tests of the web crate, run in
# headless Chromium through chromedriver (flags in webdriver.json).
wasm_browser_tests() {
  CHROMEDRIVER=/usr/bin/chromedriver \
    CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
    cargo test --target wasm32-unknown-unknown -p mojo-web "$@"
}

section "setup" bash scripts/setup.sh
# shellcheck source=scripts/env.sh
. scripts/env.sh

section "format (cargo fmt)" cargo fmt --all --check
# The workspace's shape (issues 20 and 33): no import circle of any length
# in any crate; the web crate's layers kept, the browser named only in its
# drivers and views, the UI framework outside the pure layers; no view or
# function over 150 lines, no file over 700 lines before its tests (900 in
# src/); test code, under any test cfg, never counted as code.
section "structure (layers, no import circle, views, functions and files within their lengths)" node scripts/structure.mjs
# The docs name only what exists: every path and Rust name they cite
# (issue 33).
section "docs (every cited path and Rust name exists)" node scripts/docs-check.mjs
# The README's pictures were taken from the app as it is now (a hash of
# what they are made of, scripts/readme-inputs.mjs; taking them again is
# `node scripts/readme-screenshots.mjs`, run when the look changes).
section "README pictures up to date (hash of their inputs)" node scripts/readme-inputs.mjs --check

# The checks that compile (issue 54): the lints, the native tests, the
# browser unit tests and the size. They start with the web app's release
# build and run beside it and the end-to-end tests, at the lowest priority
# (nice 19): the release build leaves a core idle for much of its time (its
# link-time optimisation is one job), and the end-to-end tests spend much
# of theirs waiting on pages, bots and links; the compiler takes that time,
# and where both want a core, the build and the browsers have it. (Cargo
# locks each profile's build folder: the release build and these, in the
# debug profile, do not wait for each other.) Each is a step of its own,
# failing fast among themselves; their output is printed when they are
# done, and the checks of timing wait for them (nothing may run beside
# those). The engine for wasm32 is checked by the wasm32 clippy and built
# into the web app by the release build.
#
# Built once each, never edited between builds: without incremental
# compilation's caches and with line tables for debug information
# (backtraces keep their files and lines), the debug builds take about a
# fifth less CPU (BENCHMARKS.md, The test run).
compiled_checks() {
  export CARGO_INCREMENTAL=0 CARGO_PROFILE_DEV_DEBUG=line-tables-only
  section "lint, native (clippy)" cargo clippy --workspace --all-targets -- -D warnings
  section "lint, wasm32 (clippy)" \
    cargo clippy --target wasm32-unknown-unknown -p mojo-web -p mojo-engine -p qr-worker --all-targets -- -D warnings
  section "native tests (cargo test)" cargo test --workspace
  section "browser unit tests (wasm-bindgen-test)" wasm_browser_tests --test web
  # Size: the release .wasm + .js, brotli, against a hello-world Yew app
  # built now with the same tools (tools/hello). No budget (issue 11); the
  # step fails only if the bundle grows past the regression ceiling
  # (scripts/budget.mjs, REGRESSION_CEILING; each raise in BENCHMARKS.md).
  # The size step measures the release build: it waits for it (the run
  # stops, and this with it, if the build fails).
  while [ ! -e "$COMPILED.built" ]; do sleep 1; done
  section "size budget (scripts/budget.sh --size)" bash scripts/budget.sh --size --game-dist dist
  # What passed and failed, for the summary of the run.
  printf '%s\n' "${PASSED[@]}" >"$COMPILED.passed"
  printf '%s\n' "${FAILED[@]}" >"$COMPILED.failed"
}
COMPILED="$(mktemp "${TMPDIR:-/tmp}/mojo-compiled.XXXXXX")"
printf '\n==== the checks that compile: started beside the release build and the end-to-end tests (nice 19; their output follows them) ====\n'
# In a process group of its own (job control on for this one job), so that
# a run stopped early takes the compilers with it.
set -m
(
  renice -n 19 -p "$BASHPID" >/dev/null
  PASSED=()
  FAILED=()
  compiled_checks
) >"$COMPILED" 2>&1 </dev/null &
COMPILED_PID=$!
set +m
trap 'kill -- -"$COMPILED_PID" 2>/dev/null || true' EXIT

# The web app first: the end-to-end tests serve it. The same app is also
# built for one fixed sub-path (absolute asset URLs), for the end-to-end
# test of `--public-url` deploys (tests/e2e/offline.test.mjs).
section "web app release build (trunk, offline)" trunk build --release
section "web app build for /games/mojo/ (--public-url)" \
  trunk build --release --public-url /games/mojo/ --dist target/dist-public-url
: >"$COMPILED.built"

# End-to-end tests (scripts/e2e.mjs, laid out in tests/e2e/plan.mjs): every
# file of tests/e2e/ in Chromium through Playwright, tests/e2e/engines.mjs
# in Chromium, Firefox and WebKit over WebDriver (geckodriver + firefox-esr,
# WebKitWebDriver + MiniBrowser in an Xvfb display), the network lab, and
# the scripts' and harnesses' own tests (tests/scripts/): side by side, two
# at a time, the longest first; then the checks of timing, one at a time
# with nothing beside them. One line per test in $MOJO_TEST_TIMES.
section "end-to-end, side by side" node scripts/e2e.mjs shared

compiled_status=0
wait "$COMPILED_PID" || compiled_status=$?
cat "$COMPILED"
while IFS= read -r line; do [ -n "$line" ] && PASSED+=("$line"); done <"$COMPILED.passed" 2>/dev/null || true
while IFS= read -r line; do [ -n "$line" ] && FAILED+=("$line"); done <"$COMPILED.failed" 2>/dev/null || true
rm -f "$COMPILED" "$COMPILED.passed" "$COMPILED.failed" "$COMPILED.built"
trap - EXIT
if [ "$compiled_status" -ne 0 ] && [ "${KEEP_GOING:-}" != 1 ]; then
  times_report
  printf 'test.sh: FAILED in the checks that compile (above); %d step(s) passed\n' "${#PASSED[@]}"
  exit "$compiled_status"
fi

section "end-to-end, checks of timing alone" node scripts/e2e.mjs alone

printf '\n==== Summary ====\n'
printf -- '- %s\n' "${PASSED[@]}"
times_report
if [ "${#FAILED[@]}" -gt 0 ]; then
  printf -- '- FAILED: %s\n' "${FAILED[@]}"
  printf 'test.sh: %d step(s) failed, %d passed, in %d s\n' "${#FAILED[@]}" "${#PASSED[@]}" "$((SECONDS - START))"
  exit 1
fi
printf 'test.sh: all %d steps passed in %d s\n' "${#PASSED[@]}" "$((SECONDS - START))"
