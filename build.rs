//! Names this build of the app: a hash of the sources that decide how two
//! devices talk and play (the app, the engine, the locked dependencies).
//! Play across devices refuses to pair two different builds and says so on
//! both devices (`src/net`), since their messages or rules may differ.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

fn files(dir: &Path, out: &mut BTreeMap<PathBuf, Vec<u8>>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            files(&path, out);
        } else if let Ok(bytes) = fs::read(&path) {
            out.insert(path, bytes);
        }
    }
}

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default());
    let mut all = BTreeMap::new();
    for dir in ["src", "engine/src"] {
        println!("cargo:rerun-if-changed={dir}");
        files(&root.join(dir), &mut all);
    }
    println!("cargo:rerun-if-changed=Cargo.lock");
    if let Ok(lock) = fs::read(root.join("Cargo.lock")) {
        all.insert(root.join("Cargo.lock"), lock);
    }
    // FNV-1a, 64 bits: stable across machines and toolchains.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for (path, bytes) in &all {
        let name = path
            .strip_prefix(&root)
            .unwrap_or(path)
            .to_string_lossy()
            .replace('\\', "/");
        for b in name
            .bytes()
            .chain([0])
            .chain(bytes.iter().copied())
            .chain([0])
        {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    println!("cargo:rustc-env=MOJO_BUILD={h:016x}");
}
