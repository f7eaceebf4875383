# shellcheck shell=bash
# Source this file (`. scripts/env.sh`) to get the project's tool PATH:
#   1. node_modules/.bin first: binaryen 132's wasm-opt must win over any other
#      wasm-opt (Debian's binaryen 108 and `cargo install wasm-opt` cannot read
#      the wasm that Rust 1.95 emits);
#   2. cargo's bin folder (trunk, wasm-bindgen, wasm-bindgen-test-runner).
# Safe to source more than once; changes nothing but PATH and MOJO_ROOT.

MOJO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export MOJO_ROOT

_mojo_cargo_bin="${CARGO_HOME:-$HOME/.cargo}/bin"
_mojo_node_bin="$MOJO_ROOT/node_modules/.bin"

# Drop earlier copies of our two folders, then put them in front.
_mojo_path=":$PATH:"
_mojo_path="${_mojo_path//:$_mojo_node_bin:/:}"
_mojo_path="${_mojo_path//:$_mojo_cargo_bin:/:}"
_mojo_path="${_mojo_path#:}"
_mojo_path="${_mojo_path%:}"
export PATH="$_mojo_node_bin:$_mojo_cargo_bin${_mojo_path:+:$_mojo_path}"
unset _mojo_path _mojo_cargo_bin _mojo_node_bin
