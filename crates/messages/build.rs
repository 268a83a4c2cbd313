//! The catalogue files become Rust tables at build time: a program that starts does
//! not parse 190 kB of JSON and copy every template (a CLI pays that on every run),
//! and a catalogue that is not a JSON object of strings fails the build, not a run.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let dir = Path::new("catalogue");
    println!("cargo:rerun-if-changed=catalogue");
    let mut out = String::new();
    for (name, file) in [("ZH", "zh-CN.json"), ("EN", "en.json")] {
        let path = dir.join(file);
        println!("cargo:rerun-if-changed={}", path.display());
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let entries: BTreeMap<String, String> = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{}: not a JSON object of strings: {e}", path.display()));
        // One text of every code and template, and where each lies in it: a table of
        // numbers needs no relocating when the program loads, unlike one of `&str`s.
        let mut joined = String::new();
        let mut spans = String::new();
        for (code, template) in &entries {
            let start = joined.len();
            joined.push_str(code);
            let middle = joined.len();
            joined.push_str(template);
            write!(spans, "[{start}, {middle}, {}], ", joined.len()).unwrap();
        }
        // Debug formatting writes a Rust string literal, escapes and all.
        writeln!(out, "static {name}_TEXT: &str = {joined:?};").unwrap();
        writeln!(out, "static {name}_SPANS: &[[u32; 3]] = &[{spans}];").unwrap();
    }
    let target = Path::new(&std::env::var("OUT_DIR").unwrap()).join("catalogue.rs");
    std::fs::write(&target, out).unwrap_or_else(|e| panic!("{}: {e}", target.display()));
}
