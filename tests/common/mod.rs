//! Running the real `qisai` binary against an event file.
#![allow(dead_code)]

pub mod serve;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub struct Qisai {
    pub dir: tempfile::TempDir,
    pub file: PathBuf,
}

/// The text of a PDF as `pdftotext -layout` reads it.
pub fn pdftotext(pdf: &Path) -> String {
    let o = Command::new("pdftotext")
        .args(["-layout", pdf.to_str().unwrap(), "-"])
        .output()
        .expect("pdftotext (poppler-utils) is installed by scripts/test-all");
    assert!(o.status.success());
    String::from_utf8(o.stdout).unwrap()
}

pub fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_qisai"))
}

impl Qisai {
    /// A fresh directory; the event file is `event.qisai` in it (not created yet).
    pub fn new() -> Qisai {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("event.qisai");
        Qisai { dir, file }
    }

    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// Runs `qisai -f FILE args...`.
    pub fn run(&self, args: &[&str]) -> Output {
        bin().arg("-f").arg(&self.file).args(args).output().unwrap()
    }

    /// Runs and insists on success; returns stdout.
    pub fn ok(&self, args: &[&str]) -> String {
        let o = self.run(args);
        assert!(
            o.status.success(),
            "qisai {args:?} failed: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        String::from_utf8(o.stdout).unwrap()
    }

    /// Runs and insists on failure; returns stderr.
    pub fn fails(&self, args: &[&str]) -> String {
        let o = self.run(args);
        assert!(
            !o.status.success(),
            "qisai {args:?} should have failed: {}",
            String::from_utf8_lossy(&o.stdout)
        );
        String::from_utf8(o.stderr).unwrap()
    }

    pub fn json(&self, args: &[&str]) -> serde_json::Value {
        serde_json::from_str(&self.ok(args)).unwrap()
    }

    pub fn write(&self, name: &str, contents: &[u8]) -> PathBuf {
        let p = self.path(name);
        std::fs::write(&p, contents).unwrap();
        p
    }

    /// Everything an organizer can see of the event: exports, pairings, standings, entrants.
    pub fn snapshot(&self) -> String {
        let out = self.path("snapshot");
        let _ = std::fs::remove_dir_all(&out);
        let mut text = String::new();
        let export = self.run(&["export", "csv", out.to_str().unwrap()]);
        if export.status.success() {
            for f in [
                "players.csv",
                "pairings.csv",
                "results.csv",
                "standings.csv",
            ] {
                text.push_str(&std::fs::read_to_string(out.join(f)).unwrap());
            }
        }
        for args in [
            &["player", "list", "--json"][..],
            &["stage", "list", "--json"],
            &["pairings", "--json"],
            &["standings", "--json"],
        ] {
            let o = self.run(args);
            text.push_str(&String::from_utf8_lossy(&o.stdout));
            text.push_str(&String::from_utf8_lossy(&o.stderr));
        }
        text
    }
}

pub fn exists(p: &Path) -> bool {
    p.exists()
}
