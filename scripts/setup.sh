#!/usr/bin/env bash
# Installs what building and testing Mojo needs, and only what is missing:
#   - the wasm32-unknown-unknown Rust target
#   - trunk 0.21.14                    (cargo install, unoptimised, no TLS: about 3 min)
#   - wasm-bindgen-cli = Cargo.lock's wasm-bindgen (cargo install, no TLS, only
#     its wasm crates optimised: about 1.5 min, beside Trunk's)
#   - binaryen 132 (wasm-opt), esbuild (the build's minifier) and playwright-core
#     (npm ci, package-lock.json)
#   - chromium and chromium-driver     (Debian packages, as root)
#   - openssl (Debian package, as root) for the https mode's certificate
#   - firefox-esr, webkit2gtk-driver, xvfb (Debian packages, as root) and
#     geckodriver 0.36.0 (cargo install --debug: 1-3 min), for the tests
#     of every engine
# Run it (`bash scripts/setup.sh`) or source it (`. scripts/setup.sh`, which
# also leaves the project's PATH in your shell). Other scripts run it, then
# source scripts/env.sh.
# Only crates.io, npm and Debian are used: nothing is downloaded from elsewhere.

_mojo_setup() {
  set -euo pipefail
  local here
  here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
  # shellcheck source=scripts/env.sh
  . "$here/env.sh"
  cd "$MOJO_ROOT"

  local trunk_version="0.21.14"
  local wasm_opt_version="132"
  local geckodriver_version="0.36.0"

  say() { printf 'setup: %s\n' "$*"; }
  die() { printf 'setup: error: %s\n' "$*" >&2; return 1; }
  timed() { # timed LABEL CMD...: runs CMD, reports how long it took
    local label="$1" start=$SECONDS
    shift
    say "$label ..."
    "$@"
    say "$label: done in $((SECONDS - start)) s"
  }
  # bg_start NAME WHAT CMD...: runs CMD in the background, its output in a
  # log of its own; bg_wait NAME waits for it and fails if it failed, with
  # the log's end. What installs while cargo compiles (apt is network and
  # disk; Trunk's compile leaves a core idle at times).
  local -A bg_pid=() bg_log=() bg_what=()
  bg_start() {
    local name="$1" what="$2" log
    shift 2
    log="$(mktemp "${TMPDIR:-/tmp}/mojo-$name.XXXXXX")"
    say "$what (in the background, log $log) ..."
    (
      local start=$SECONDS rc=0
      "$@" || rc=$?
      echo "$((SECONDS - start))" >"$log.time"
      exit "$rc"
    ) >"$log" 2>&1 &
    bg_pid[$name]=$!
    bg_log[$name]="$log"
    bg_what[$name]="$what"
  }
  bg_wait() {
    local name="$1" pid="${bg_pid[$1]:-}"
    [ -n "$pid" ] || return 0
    bg_pid[$name]=""
    local log="${bg_log[$name]}" what="${bg_what[$name]}"
    if wait "$pid"; then
      say "$what: done in $(cat "$log.time" 2>/dev/null || echo '?') s, beside the compiles"
      rm -f "$log" "$log.time"
    else
      tail -n 40 "$log" >&2
      die "$what failed (log: $log)"
    fi
  }
  # apt_start PKG...: installs PKG in the background (as root only;
  # otherwise says what to install); `bg_wait apt` waits for it.
  apt_start() {
    if [ "$#" -eq 0 ]; then
      say "chromium, firefox-esr, webkit2gtk-driver, xvfb, their drivers, openssl and npm: present"
      return 0
    fi
    if [ "$(id -u)" -ne 0 ]; then
      say "not root: please install these Debian packages: sudo apt-get install -y $*"
      return 0
    fi
    bg_start apt "apt-get install $*" env DEBIAN_FRONTEND=noninteractive \
      bash -c 'apt-get update -q && apt-get install -y -q "$@"' apt "$@"
  }

  command -v cargo >/dev/null || die "cargo not found: install Rust 1.95 with rustup first"
  command -v rustup >/dev/null || die "rustup not found: the wasm32 target is added with rustup"

  # 1. The wasm32 target.
  if rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    say "wasm32-unknown-unknown target: present"
  else
    timed "rustup target add wasm32-unknown-unknown" rustup target add wasm32-unknown-unknown
  fi

  # The Debian packages, in one apt-get call, downloaded and unpacked while
  # cargo compiles below (apt is network and disk, cargo the two cores: a
  # fresh machine's setup is shorter by apt's time). Chromium (browser
  # tests, screenshots, budgets) and, for the tests of every engine
  # (tests/e2e/engines.mjs), Firefox (Debian's firefox-esr, driven by
  # geckodriver from crates.io, below) and WebKit (WebKitGTK's MiniBrowser,
  # driven by WebKitWebDriver, in an Xvfb display); Node.js if it is missing.
  local missing=()
  command -v npm >/dev/null || missing+=(nodejs npm)
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  [ -x /usr/bin/chromedriver ] || missing+=(chromium-driver)
  [ -x /usr/bin/firefox-esr ] || missing+=(firefox-esr)
  [ -x /usr/bin/WebKitWebDriver ] || missing+=(webkit2gtk-driver)
  [ -x /usr/bin/Xvfb ] || missing+=(xvfb)
  # openssl: the https mode's certificate (scripts/https-cert.sh, its test).
  command -v openssl >/dev/null || missing+=(openssl)
  # The network lab (tests/e2e/lab/): home routers' NAT by nftables, and
  # coturn as the internet's STUN and TURN server (issue 35).
  [ -x /usr/sbin/nft ] || missing+=(nftables)
  [ -x /usr/bin/turnserver ] || missing+=(coturn)
  apt_start "${missing[@]}"

  # The compiles below use the release profile without the optimiser
  # (no debug assertions, no debug info): these tools drive others, and
  # their own speed is hardly felt.
  local unoptimised=(env CARGO_PROFILE_RELEASE_OPT_LEVEL=0 CARGO_PROFILE_RELEASE_LTO=false
    CARGO_PROFILE_RELEASE_CODEGEN_UNITS=256 CARGO_PROFILE_RELEASE_DEBUG=false)

  # 2. Trunk (0.22 needs a newer rustc than 1.95), in the background beside
  #    wasm-bindgen-cli and geckodriver: one cargo leaves a core idle at
  #    times (Trunk's compile keeps 87% of two busy). Unoptimised: Trunk
  #    only drives cargo, wasm-bindgen and wasm-opt and copies files (a
  #    release build of the game: 21.1 s with it, 20.5 s with an optimised
  #    Trunk, the same bytes out), while its optimised compile (fat LTO,
  #    one codegen unit) took 760 s of a fresh machine's setup against 273
  #    s. Without its default features: no update check and no TLS, which
  #    a Trunk that never fetches (Trunk.toml) and serves over http
  #    (scripts/play.sh serves https itself) does not use: 162 s against
  #    173 s (2026-12-07, an empty target folder, idle).
  if [ "$(trunk --version 2>/dev/null || true)" = "trunk $trunk_version" ]; then
    say "trunk $trunk_version: present"
  else
    bg_start trunk "cargo install trunk $trunk_version" "${unoptimised[@]}" \
      cargo install trunk --locked --no-default-features --version "$trunk_version" --force
  fi

  # 3. wasm-bindgen-cli, the same version as the wasm-bindgen crate in
  #    Cargo.lock. Not --locked: its lock file asks for a webpki-roots
  #    version that this registry cannot give. Without TLS (the test runner
  #    speaks to a local driver over http), and optimised only where its
  #    work is done, reading and writing wasm: 95 s against 145 s to
  #    compile, and the same speed on the game (0.22 s against 0.25 s) and
  #    on a 60 MB test wasm (5.8 s against 4.8 s; 20 s with nothing
  #    optimised) (2026-12-07, an empty target folder, idle).
  if [ ! -f Cargo.lock ]; then
    cargo metadata --format-version 1 >/dev/null
  fi
  local wb_version
  wb_version="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)"
  [ -n "$wb_version" ] || die "no wasm-bindgen in Cargo.lock"
  if [ "$(wasm-bindgen --version 2>/dev/null || true)" = "wasm-bindgen $wb_version" ]; then
    say "wasm-bindgen-cli $wb_version: present"
  else
    local hot=()
    for crate in walrus wasmparser wasm-encoder wasm-bindgen-cli-support; do
      hot+=(--config "profile.release.package.$crate.opt-level=2")
    done
    timed "cargo install wasm-bindgen-cli $wb_version" \
      "${unoptimised[@]}" cargo install wasm-bindgen-cli --no-default-features "${hot[@]}" \
      --version "$wb_version" --force
  fi
  if ! grep -q "^wasm_bindgen = \"$wb_version\"" Trunk.toml; then
    die "Trunk.toml [tools] wasm_bindgen must be \"$wb_version\" (the version in Cargo.lock)"
  fi

  # 4. Node packages: binaryen (wasm-opt), esbuild and playwright-core.
  bg_wait apt
  command -v npm >/dev/null || die "npm not found: install Node.js and npm"
  if [ -f node_modules/.package-lock.json ] && [ -f package-lock.json ] &&
    [ ! package-lock.json -nt node_modules/.package-lock.json ] &&
    [ ! package.json -nt node_modules/.package-lock.json ] &&
    [ -x node_modules/.bin/wasm-opt ] && [ -d node_modules/playwright-core ] &&
    [ -x node_modules/.bin/esbuild ]; then
    say "node packages: present"
  elif [ -f package-lock.json ]; then
    timed "npm ci" npm ci --no-audit --no-fund
  else
    timed "npm install" npm install --no-audit --no-fund
  fi

  local gecko_out
  gecko_out="$(geckodriver --version 2>/dev/null | head -n 1 || true)"
  if [ "${gecko_out%% (*}" = "geckodriver $geckodriver_version" ]; then
    say "geckodriver $geckodriver_version: present"
  else
    # --debug: half the compile time of a release build (measured: 91 s of
    # CPU against 180 s), and a WebDriver proxy needs no optimiser.
    timed "cargo install geckodriver $geckodriver_version" \
      cargo install geckodriver --locked --debug --version "$geckodriver_version" --force
  fi

  bg_wait trunk

  # Check what later steps will actually run.
  local wasm_opt_path wasm_opt_out
  wasm_opt_path="$(command -v wasm-opt || true)"
  [ "$wasm_opt_path" = "$MOJO_ROOT/node_modules/.bin/wasm-opt" ] ||
    die "wasm-opt on PATH is '${wasm_opt_path:-none}', not node_modules/.bin/wasm-opt (source scripts/env.sh)"
  wasm_opt_out="$(wasm-opt --version)"
  case "$wasm_opt_out" in
    *"version $wasm_opt_version "* | *"version $wasm_opt_version") ;;
    *) die "wasm-opt says '$wasm_opt_out', expected version $wasm_opt_version" ;;
  esac
  [ "$(trunk --version)" = "trunk $trunk_version" ] || die "trunk on PATH is not $trunk_version"
  [ "$(wasm-bindgen --version)" = "wasm-bindgen $wb_version" ] ||
    die "wasm-bindgen on PATH is not $wb_version"
  gecko_out="$(geckodriver --version 2>/dev/null | head -n 1 || true)"
  [ "${gecko_out%% (*}" = "geckodriver $geckodriver_version" ] ||
    die "geckodriver on PATH is '${gecko_out:-none}', not $geckodriver_version"
  say "ready: $(trunk --version), $(wasm-bindgen --version), $wasm_opt_out," \
    "$( [ -x /usr/bin/chromium ] && /usr/bin/chromium --version 2>/dev/null || echo 'no chromium')," \
    "$( [ -x /usr/bin/firefox-esr ] && /usr/bin/firefox-esr --version 2>/dev/null || echo 'no firefox-esr')," \
    "$gecko_out, WebKitGTK $(dpkg-query -W -f '${Version}' webkit2gtk-driver 2>/dev/null || echo '?')"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  _mojo_setup
else
  # Sourced: run in a subshell so `set -e` and `cd` stay out of the caller's
  # shell, then give the caller the project's PATH.
  # shellcheck source=scripts/env.sh
  (_mojo_setup) && . "$(dirname "${BASH_SOURCE[0]}")/env.sh"
fi
