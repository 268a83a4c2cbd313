//! Embeds the built UI (ui/dist) into the binary, so that an installed `qisai serve`
//! needs no folder beside it. Without a built UI the list is empty and `serve` looks
//! on disk (or answers only /api/).

use std::path::{Path, PathBuf};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files(&path, out);
        } else {
            out.push(path);
        }
    }
}

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let dist = manifest.join("../../ui/dist");
    println!("cargo:rerun-if-changed={}", dist.display());
    let mut found = Vec::new();
    if dist.join("index.html").is_file() {
        files(&dist, &mut found);
    }
    let mut code = String::from("/// The built UI's files: (path under ui/dist, bytes).\n");
    code.push_str("pub static UI_FILES: &[(&str, &[u8])] = &[\n");
    for path in &found {
        let relative = path
            .strip_prefix(&dist)
            .expect("under dist")
            .to_string_lossy()
            .replace('\\', "/");
        code.push_str(&format!(
            "    ({relative:?}, include_bytes!({:?})),\n",
            path.canonicalize().unwrap_or_else(|_| path.clone())
        ));
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("set by cargo")).join("ui_files.rs");
    std::fs::write(out, code).expect("OUT_DIR is writable");
}
