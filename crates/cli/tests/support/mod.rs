//! Running the `qisai` binary on files written for a test.
#![allow(dead_code)]

use std::process::Command;

/// Runs qisai; returns stdout followed by stderr, and the exit code.
pub fn qisai(args: &[&str]) -> (String, Option<i32>) {
    let o = Command::new(env!("CARGO_BIN_EXE_qisai"))
        .args(args)
        .output()
        .unwrap();
    (
        String::from_utf8(o.stdout).unwrap() + &String::from_utf8_lossy(&o.stderr),
        o.status.code(),
    )
}

/// Writes `text` to a file in this test process's own directory; returns its path.
pub fn file(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("qisai-cli-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_string_lossy().into_owned()
}
