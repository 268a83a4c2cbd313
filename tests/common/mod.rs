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

/// Words a Chinese message may show in Latin letters: what the organizer types as it is
/// (result and foul codes, column names, commands), file formats and the program's name.
const AS_TYPED: &[&str] = &[
    "qisai", "Qisai", "CSV", "UTF", "GBK", "Excel", "FEN", "XQF", "xlsx", "pdf", "name", "club",
    "rating", "seed", "members", "dead", "red", "black", "escape", "resign", "draw", "offer",
    "false", "claim", "touch", "own", "opponent", "illegal", "move", "other", "help", "pairing",
    "set", "playoff", "lots", "games", "stage", "add", "off", "round1", "rounds", "always",
    "knockout", "round", "robin", "points", "swiss",
];

/// Fails when `text` (an error under the Chinese setting) has an English word: the
/// arguments typed, flags and placeholders aside.
#[allow(dead_code)]
pub fn assert_no_english(text: &str, typed: &[&str]) {
    let mut rest = text.to_string();
    // A path typed may be named by its file name alone.
    let names = typed
        .iter()
        .filter_map(|t| Path::new(t).file_name()?.to_str());
    let mut typed: Vec<&str> = typed.iter().copied().chain(names).collect();
    typed.sort_by_key(|t| std::cmp::Reverse(t.len()));
    for t in typed {
        rest = rest.replace(t, " ");
    }
    // The values one may type, as they are typed.
    let rest: String = rest
        .lines()
        .map(|line| line.split("可用的有：").next().unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n");
    let mut rest = rest;
    // What is quoted is what was typed or read.
    while let (Some(open), Some(close)) = (rest.find('“'), rest.find('”')) {
        if close < open {
            break;
        }
        rest.replace_range(open..close + '”'.len_utf8(), " ");
    }
    let words: Vec<&str> = rest
        .split(|c: char| c.is_whitespace() || "（）()，,：:、“”'\"；;。".contains(c))
        .filter(|w| !(w.starts_with('-') || w.starts_with('<') || w.contains('/')))
        .flat_map(|w| w.split(|c: char| !c.is_ascii_alphanumeric()))
        // Moves and squares (b0d1, c4) are notation, not words.
        .filter(|w| !w.chars().any(|c| c.is_ascii_digit()))
        .filter(|w| w.chars().filter(char::is_ascii_alphabetic).count() > 1)
        .filter(|w| !AS_TYPED.contains(w))
        .collect();
    assert!(words.is_empty(), "English {words:?} under Chinese: {text}");
}
