#!/usr/bin/env bash
# A fresh machine of this kind, as near as one can get on a used one (issue
# 54: "a fresh machine's whole run, setup included"): a clean clone of REF
# in an empty folder, an empty CARGO_HOME (no registry, no Trunk, no
# wasm-bindgen-cli, no geckodriver) and a PATH that holds only the Rust
# toolchain (rustup's proxies) and the system's folders. The Debian
# packages and the wasm32 target stay installed: apt-get runs in the
# background beside the compiles (scripts/setup.sh), and the target is
# part of this machine's Rust.
#
#   bash scripts/fresh-machine.sh [REF] [setup|all]   (defaults: HEAD, all)
#
# `setup` runs scripts/setup.sh only; `all` the README's test command
# (`CI=true bash .ci/run`, which sets up first). Prints the wall time and
# the machine's busy core-seconds; the log stays in $FRESH_DIR (default
# /tmp/mojo-fresh), removed at the next run. Nothing else heavy should run
# meanwhile.
set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ref="${1:-HEAD}"
what="${2:-all}"
case "$what" in setup | all) ;; *) echo "fresh-machine.sh: '$what' is not setup or all" >&2; exit 2 ;; esac
dir="${FRESH_DIR:-/tmp/mojo-fresh}"
commit="$(git -C "$here" rev-parse --short "$ref")" || exit 1
rm -rf "${dir:?}"
mkdir -p "$dir/bin"
for tool in cargo rustc rustup rustdoc rustfmt cargo-fmt cargo-clippy clippy-driver; do
  ln -s "${CARGO_HOME:-$HOME/.cargo}/bin/$tool" "$dir/bin/$tool"
done
git clone -q "$here" "$dir/repo" && git -C "$dir/repo" checkout -q "$commit" || exit 1
# The rulebooks and scenarios the tests read sit beside the repository.
ln -s "$(cd "$here/.." && pwd)/shared" "$dir/shared"
cd "$dir/repo" || exit 1
busy() { awk '/^cpu / { print $2 + $3 + $4 + $7 + $8 + $9 }' /proc/stat; }
b0=$(busy)
s=$SECONDS
if [ "$what" = setup ]; then
  env CARGO_HOME="$dir/cargo" PATH="$dir/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
    bash scripts/setup.sh >"$dir/$what.log" 2>&1
else
  env CARGO_HOME="$dir/cargo" PATH="$dir/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" CI=true \
    bash .ci/run >"$dir/$what.log" 2>&1
fi
rc=$?
ticks=$(getconf CLK_TCK)
echo "fresh machine, $what, $commit: $((SECONDS - s)) s, $(( ($(busy) - b0) / ticks )) busy core-s, exit $rc (log: $dir/$what.log)"
grep '^setup: .*done in' "$dir/$what.log"
exit "$rc"
