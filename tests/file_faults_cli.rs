//! The event file under faults: commands killed mid-way (including `new`), two `new`
//! racing, copies taken while `qisai serve` runs, read-only media, a full disk, another
//! program's lock, damaged leftovers, and backups.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::serve::{JSON, post, serve};
use common::{Qisai, bin};

/// Kill trials per test; `QISAI_CRASH_TRIALS` asks for more in a manual run.
fn trials(default: usize) -> usize {
    std::env::var("QISAI_CRASH_TRIALS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A reproducible stream of delays (xorshift).
struct Delays(u64);

impl Delays {
    fn next(&mut self, max_micros: u64) -> Duration {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        Duration::from_micros(self.0 % max_micros)
    }
}

/// Runs `command`, killing it with SIGKILL after `delay` unless it finished; true when
/// it finished successfully (so it reported its work as done).
fn run_or_kill(command: &mut Command, delay: Duration) -> bool {
    let mut child = command
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while start.elapsed() < delay {
        if let Some(status) = child.try_wait().unwrap() {
            return status.success();
        }
        std::thread::sleep(Duration::from_micros(200));
    }
    let _ = child.kill();
    child.wait().unwrap().success()
}

fn qisai_on(path: &Path, args: &[&str]) -> std::process::Output {
    bin().arg("-f").arg(path).args(args).output().unwrap()
}

/// SQLite's side files and our creation drafts in `dir`: what must not be left behind.
fn leftovers(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| {
            n.ends_with("-journal")
                || n.ends_with("-wal")
                || n.ends_with("-shm")
                || n.contains(".creating-")
        })
        .collect()
}

/// A whole event: SQLite finds it sound and it holds its creation entry.
fn assert_whole(path: &Path, name: &str) {
    let check = qisai_on(path, &["check"]);
    assert!(
        check.status.success(),
        "{}: {}",
        path.display(),
        String::from_utf8_lossy(&check.stderr)
    );
    let log = String::from_utf8(qisai_on(path, &["log"]).stdout).unwrap();
    assert!(log.contains(&format!("创建赛事 {name}")), "{log}");
}

fn event_with_a_round_robin(q: &Qisai, players: usize) {
    q.ok(&[
        "new",
        q.file.to_str().unwrap(),
        "--name",
        "断电测试",
        "--game",
        "xiangqi",
    ]);
    let csv: String = std::iter::once("姓名,单位\n".to_string())
        .chain((1..=players).map(|i| format!("棋手{i},单位{}\n", i % 3)))
        .collect();
    let list = q.write("players.csv", csv.as_bytes());
    q.ok(&["player", "import", list.to_str().unwrap()]);
    q.ok(&["stage", "add", "round-robin"]);
    q.ok(&["draw", "--seed", "7"]);
}

#[test]
fn a_killed_new_leaves_a_whole_event_or_nothing() {
    let q = Qisai::new();
    let path = q.path("新赛事.qisai");
    let mut delays = Delays(0x9E37_79B9_7F4A_7C15);
    let (mut whole, mut absent) = (0, 0);
    for _ in 0..trials(100) {
        let mut new = bin();
        new.arg("new")
            .arg(&path)
            .args(["--name", "春季赛", "--game", "xiangqi"]);
        let reported = run_or_kill(&mut new, delays.next(30_000));
        if path.exists() {
            assert_whole(&path, "春季赛");
            whole += 1;
            std::fs::remove_file(&path).unwrap();
        } else {
            assert!(!reported, "new reported success but left no file");
            absent += 1;
        }
    }
    assert!(
        whole > 0 && absent > 0,
        "whole {whole}, absent {absent}: the delays missed"
    );
    // Drafts of killed runs never block the name, and the next `new` clears them.
    q.ok(&[
        "new",
        path.to_str().unwrap(),
        "--name",
        "春季赛",
        "--game",
        "xiangqi",
    ]);
    assert_whole(&path, "春季赛");
    assert_eq!(leftovers(q.dir.path()), Vec::<String>::new());
}

#[test]
fn killed_commands_of_every_kind_leave_a_sound_event() {
    let q = Qisai::new();
    event_with_a_round_robin(&q, 8);
    let backups = q.path("backups");
    std::fs::create_dir(&backups).unwrap();
    let mut delays = Delays(0x2545_F491_4F6C_DD1D);
    // The changes reported saved, newest last: a reported undo takes the newest back
    // (results are what is checked at the end; `None` stands for the other changes).
    let mut reported: Vec<Option<(u64, u64)>> = Vec::new();
    for trial in 0..trials(60) {
        let round = (trial % 7 + 1).to_string();
        let board = (trial % 4 + 1).to_string();
        let club = format!("新单位{trial}");
        let name = format!("更名{trial}");
        let target = backups.join(format!("b{trial}.qisai"));
        let args: Vec<&str> = match trial % 6 {
            0 => vec!["result", &round, &board, "1-0"],
            1 => vec!["player", "edit", "3", "--club", &club],
            2 => vec!["edit", "--name", &name],
            3 => vec!["undo"],
            4 => vec!["backup", target.to_str().unwrap()],
            _ => vec!["result", &round, &board, "1/2"],
        };
        let saved = run_or_kill(
            bin().arg("-f").arg(&q.file).args(&args),
            delays.next(30_000),
        );
        assert_eq!(q.ok(&["check"]).trim(), "ok", "after {args:?}");
        if trial % 6 == 4 && target.exists() {
            // A backup is whole or absent, never a torn copy.
            assert_eq!(
                String::from_utf8(qisai_on(&target, &["check"]).stdout)
                    .unwrap()
                    .trim(),
                "ok"
            );
        }
        if saved {
            match trial % 6 {
                0 | 5 => reported.push(Some((trial as u64 % 7 + 1, trial as u64 % 4 + 1))),
                1 | 2 => reported.push(None),
                3 => {
                    reported.pop();
                }
                _ => {}
            }
        }
    }
    let pairings = q.json(&["pairings", "--json"]);
    for (round, board) in reported.into_iter().flatten() {
        assert!(
            pairings.as_array().unwrap().iter().any(|p| {
                p["round"].as_u64() == Some(round)
                    && p["board"].as_u64() == Some(board)
                    && !p["result"].is_null()
            }),
            "round {round}, board {board} was reported saved but is missing"
        );
    }
    assert_eq!(leftovers(q.dir.path()), Vec::<String>::new());
}

#[test]
fn two_new_on_one_path_make_one_event() {
    let q = Qisai::new();
    for round in 0..20 {
        let path = q.path(&format!("race{round}.qisai"));
        let spawn = |name: &str| {
            bin()
                .arg("new")
                .arg(&path)
                .args(["--name", name, "--game", "xiangqi"])
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        };
        let (a, b) = (spawn("甲赛"), spawn("乙赛"));
        let (a, b) = (a.wait_with_output().unwrap(), b.wait_with_output().unwrap());
        let winners: Vec<&str> = [("甲赛", &a), ("乙赛", &b)]
            .iter()
            .filter(|(_, o)| o.status.success())
            .map(|(n, _)| *n)
            .collect();
        assert_eq!(
            winners.len(),
            1,
            "round {round}: {winners:?} both reported success"
        );
        assert_whole(&path, winners[0]);
        let loser = if a.status.success() { &b } else { &a };
        assert!(
            String::from_utf8_lossy(&loser.stderr).contains("这里已经有一个文件"),
            "{}",
            String::from_utf8_lossy(&loser.stderr)
        );
    }
    assert_eq!(leftovers(q.dir.path()), Vec::<String>::new());
}

#[test]
fn a_copy_taken_while_serving_is_the_whole_event() {
    let q = Qisai::new();
    event_with_a_round_robin(&q, 6);
    let mut s = serve(&q, &["--backups", "0"]);
    for board in 1..=3 {
        let body = format!(r#"{{"round":1,"board":{board},"result":"1-0"}}"#);
        let (status, answer) = post(s.port, "results.record", &body, &[JSON]);
        assert_eq!(status, 200, "{answer}");
    }
    // What an organizer does: copy the .qisai file alone to a stick.
    let stick = tempfile::tempdir().unwrap();
    let copy = stick.path().join("copy.qisai");
    std::fs::copy(&q.file, &copy).unwrap();
    let pairings: serde_json::Value =
        serde_json::from_slice(&qisai_on(&copy, &["pairings", "--json", "--round", "1"]).stdout)
            .unwrap();
    let results: Vec<&serde_json::Value> = pairings
        .as_array()
        .unwrap()
        .iter()
        .map(|p| &p["result"])
        .filter(|r| !r.is_null())
        .collect();
    assert_eq!(results.len(), 3, "the copy holds {results:?}");

    // Stopped with SIGTERM: it finishes and closes the file; nothing is left beside it.
    let pid = s.child.id().to_string();
    assert!(
        Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .unwrap()
            .success()
    );
    let status = s.child.wait().unwrap();
    assert!(status.success(), "serve ended with {status}");
    assert_eq!(leftovers(q.dir.path()), Vec::<String>::new());
    assert_eq!(q.ok(&["check"]).trim(), "ok");
}

fn bytes_and_neighbours(path: &Path) -> (Vec<u8>, Vec<String>) {
    (
        std::fs::read(path).unwrap(),
        leftovers(path.parent().unwrap()),
    )
}

#[test]
fn refused_and_reading_commands_leave_the_file_byte_identical_in_any_journal_mode() {
    for mode in ["DELETE", "WAL"] {
        let q = Qisai::new();
        event_with_a_round_robin(&q, 6);
        {
            let conn = rusqlite::Connection::open(&q.file).unwrap();
            conn.pragma_update(None, "journal_mode", mode).unwrap();
        }
        let before = bytes_and_neighbours(&q.file);
        let out = q.path("out");
        let refused: [&[&str]; 4] = [
            &["result", "1", "99", "1-0"],
            &["player", "withdraw", "77"],
            &["player", "add", "棋手1", "--club", "单位1 "],
            &["stage", "add", "knockout", "--groups", "4294967295"],
        ];
        for args in refused {
            q.fails(args);
            assert_eq!(bytes_and_neighbours(&q.file), before, "{mode}: {args:?}");
        }
        let reading: [&[&str]; 5] = [
            &["pairings"],
            &["standings", "--json"],
            &["log"],
            &["check"],
            &["export", "csv", out.to_str().unwrap()],
        ];
        for args in reading {
            q.ok(args);
            assert_eq!(bytes_and_neighbours(&q.file), before, "{mode}: {args:?}");
        }
    }
}

#[test]
fn a_file_an_older_version_left_in_wal_mode_becomes_one_file_at_its_next_change() {
    let q = Qisai::new();
    event_with_a_round_robin(&q, 4);
    {
        let conn = rusqlite::Connection::open(&q.file).unwrap();
        conn.pragma_update(None, "journal_mode", "WAL").unwrap();
    }
    q.ok(&["result", "1", "1", "1-0"]);
    let conn = rusqlite::Connection::open(&q.file).unwrap();
    let mode: String = conn
        .pragma_query_value(None, "journal_mode", |r| r.get(0))
        .unwrap();
    assert_eq!(mode, "delete");
}

/// Runs the binary as the unprivileged `nobody` when the tests run as root (who may
/// write anywhere); as any other user, runs it as that user.
fn unprivileged() -> Command {
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.starts_with(b"0\n"));
    if root {
        let mut c = Command::new("setpriv");
        c.args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(env!("CARGO_BIN_EXE_qisai"));
        c
    } else {
        bin()
    }
}

fn chmod(path: &Path, mode: &str) {
    assert!(
        Command::new("chmod")
            .arg(mode)
            .arg(path)
            .status()
            .unwrap()
            .success()
    );
}

#[test]
fn an_event_on_read_only_media_can_be_read_but_not_changed() {
    let q = Qisai::new();
    event_with_a_round_robin(&q, 6);
    q.ok(&["result", "1", "1", "1-0"]);
    // Like a CD: a folder nobody may write to, a file nobody may write.
    let media = tempfile::tempdir().unwrap();
    let cd = media.path().join("cd");
    std::fs::create_dir(&cd).unwrap();
    let file = cd.join("春季赛.qisai");
    std::fs::copy(&q.file, &file).unwrap();
    let writable = media.path().join("desk");
    std::fs::create_dir(&writable).unwrap();
    chmod(&file, "444");
    chmod(&cd, "555");
    chmod(media.path(), "755");
    chmod(&writable, "777");
    let before = std::fs::read(&file).unwrap();

    let run = |args: &[&str]| {
        unprivileged()
            .arg("-f")
            .arg(&file)
            .args(args)
            .output()
            .unwrap()
    };
    let standings = run(&["standings"]);
    assert!(
        standings.status.success(),
        "{}",
        String::from_utf8_lossy(&standings.stderr)
    );
    assert!(String::from_utf8_lossy(&standings.stdout).contains("棋手"));
    assert!(run(&["pairings", "--json"]).status.success());

    let change = run(&["result", "1", "2", "0-1"]);
    assert_eq!(change.status.code(), Some(1));
    let said = String::from_utf8_lossy(&change.stderr);
    assert!(
        said.contains("文件是只读的") && said.contains("复制到可写的位置"),
        "{said}"
    );
    let english = unprivileged()
        .args(["--lang", "en", "-f"])
        .arg(&file)
        .args(["undo"])
        .output()
        .unwrap();
    assert!(
        String::from_utf8_lossy(&english.stderr).contains("read-only"),
        "{}",
        String::from_utf8_lossy(&english.stderr)
    );

    // A copy to a writable place is the way out.
    let copy = writable.join("copy.qisai");
    let backup = run(&["backup", copy.to_str().unwrap()]);
    assert!(
        backup.status.success(),
        "{}",
        String::from_utf8_lossy(&backup.stderr)
    );
    assert!(
        unprivileged()
            .arg("-f")
            .arg(&copy)
            .args(["result", "1", "2", "0-1"])
            .output()
            .unwrap()
            .status
            .success()
    );
    assert_eq!(std::fs::read(&file).unwrap(), before);
    assert_eq!(leftovers(&cd), Vec::<String>::new());
    chmod(&cd, "755");
}

/// A small tmpfs mounted for one test, unmounted at the end.
struct Tmpfs(PathBuf);

impl Tmpfs {
    fn mount(kib: u32) -> Option<Tmpfs> {
        let dir = tempfile::tempdir().unwrap().keep();
        let ok = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={kib}k"), "tmpfs"])
            .arg(&dir)
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        ok.then_some(Tmpfs(dir))
    }

    /// Fills the rest of the disk.
    fn fill(&self) {
        let _ = Command::new("dd")
            .args(["if=/dev/zero", "bs=1k"])
            .arg(format!("of={}", self.0.join("filler").display()))
            .stderr(Stdio::null())
            .status();
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
        let _ = std::fs::remove_dir(&self.0);
    }
}

#[test]
fn a_full_disk_changes_nothing_and_says_so() {
    let Some(disk) = Tmpfs::mount(256) else {
        eprintln!("skipped: this machine does not let the test mount a small tmpfs");
        return;
    };
    let file = disk.0.join("满盘.qisai");
    let run = |args: &[&str]| qisai_on(&file, args);
    assert!(
        bin()
            .arg("new")
            .arg(&file)
            .args(["--name", "满盘", "--game", "xiangqi"])
            .output()
            .unwrap()
            .status
            .success()
    );
    assert!(run(&["player", "add", "甲"]).status.success());
    disk.fill();
    let before = std::fs::read(&file).unwrap();
    for name in ["乙", "丙"] {
        let o = run(&["player", "add", name]);
        assert_eq!(o.status.code(), Some(1));
        let said = String::from_utf8_lossy(&o.stderr);
        assert!(
            said.contains("满盘.qisai") && said.contains("磁盘已满"),
            "{said}"
        );
    }
    assert_eq!(std::fs::read(&file).unwrap(), before);
    // Reading still works on a full disk.
    assert!(String::from_utf8_lossy(&run(&["player", "list"]).stdout).contains("甲"));
    let other = disk.0.join("另一个.qisai");
    let o = bin()
        .arg("new")
        .arg(&other)
        .args(["--name", "x", "--game", "xiangqi"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&o.stderr).contains("磁盘已满"));
    assert!(!other.exists());
    assert_eq!(leftovers(&disk.0), Vec::<String>::new());
}

#[test]
fn another_programs_lock_is_waited_for_then_named_and_reads_go_on() {
    let q = Qisai::new();
    event_with_a_round_robin(&q, 6);
    let mut s = serve(&q, &["--backups", "0"]);
    let holder = rusqlite::Connection::open(&q.file).unwrap();
    holder.execute_batch("BEGIN IMMEDIATE").unwrap();
    holder.execute("UPDATE event SET data = data", []).unwrap();

    let o = q.run(&["result", "1", "1", "1-0"]);
    assert_eq!(o.status.code(), Some(1));
    let said = String::from_utf8_lossy(&o.stderr);
    assert!(
        said.contains("event.qisai") && said.contains("另一个程序"),
        "{said}"
    );
    // Reading is not held up by a writer.
    q.ok(&["pairings"]);

    // The server: a change waits for the lock on its own; reads answer meanwhile.
    let port = s.port;
    let (done, finished) = std::sync::mpsc::channel();
    let write = std::thread::spawn(move || {
        let answer = post(
            port,
            "results.record",
            r#"{"round":1,"board":1,"result":"1-0"}"#,
            &[JSON],
        );
        let _ = done.send("write");
        answer
    });
    std::thread::sleep(Duration::from_millis(200));
    let (status, body) = post(port, "standings", "{}", &[JSON]);
    assert_eq!(status, 200, "{body}");
    assert!(
        finished.try_recv().is_err(),
        "the read should have been answered while the change still waited"
    );
    let (status, body) = write.join().unwrap();
    assert_eq!(status, 503, "{body}");
    assert!(body.contains(r#""code":"locked""#), "{body}");

    holder.execute_batch("ROLLBACK").unwrap();
    let (status, body) = post(
        port,
        "results.record",
        r#"{"round":1,"board":1,"result":"1-0"}"#,
        &[JSON],
    );
    assert_eq!(status, 200, "{body}");
    let _ = s.child.kill();
}

#[test]
fn damaged_leftovers_are_named_with_what_to_do() {
    let q = Qisai::new();
    let empty = q.write("empty.qisai", b"");
    let o = bin()
        .arg("new")
        .arg(&empty)
        .args(["--name", "x", "--game", "xiangqi"])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&o.stderr);
    assert!(
        said.contains("不是一个完整的赛事文件") && said.contains("移走或删除"),
        "{said}"
    );
    assert_eq!(std::fs::read(&empty).unwrap(), b"");

    // What an interrupted creation of an older Qisai left: the schema, no event.
    q.ok(&[
        "new",
        q.file.to_str().unwrap(),
        "--name",
        "半个",
        "--game",
        "xiangqi",
    ]);
    {
        let conn = rusqlite::Connection::open(&q.file).unwrap();
        conn.execute("DELETE FROM event", []).unwrap();
    }
    let said = q.fails(&["player", "list"]);
    assert!(said.contains("不是一个完整的赛事文件"), "{said}");
    let o = bin()
        .args(["--lang", "en", "new"])
        .arg(&q.file)
        .args(["--name", "x", "--game", "xiangqi"])
        .output()
        .unwrap();
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("not a whole Qisai event"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn backups_on_request_and_automatic_ones_while_serving() {
    let q = Qisai::new();
    event_with_a_round_robin(&q, 6);
    let copy = q.path("备份.qisai");
    let said = q.ok(&["backup", copy.to_str().unwrap()]);
    assert!(said.contains("已备份到"), "{said}");
    assert_eq!(
        String::from_utf8(qisai_on(&copy, &["check"]).stdout)
            .unwrap()
            .trim(),
        "ok"
    );
    // Never over an existing file.
    let refused = q.fails(&["backup", copy.to_str().unwrap()]);
    assert!(refused.contains("已经有一个文件"), "{refused}");
    // Into a folder: named after the event and the time.
    let folder = q.path("stick");
    std::fs::create_dir(&folder).unwrap();
    q.ok(&["backup", folder.to_str().unwrap()]);
    let named: Vec<String> = std::fs::read_dir(&folder)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        named.len() == 1 && named[0].starts_with("event-"),
        "{named:?}"
    );

    // Serving: one backup at start and one after each change (every 0 minutes), the
    // newest three kept.
    let s = serve(&q, &["--backups", "3", "--backup-minutes", "0"]);
    for board in 1..=3 {
        std::thread::sleep(Duration::from_millis(1100)); // one file name per second
        let body = format!(r#"{{"round":1,"board":{board},"result":"1/2"}}"#);
        assert_eq!(post(s.port, "results.record", &body, &[JSON]).0, 200);
    }
    let auto = q.path("event.backups");
    let mut kept: Vec<PathBuf> = std::fs::read_dir(&auto)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    kept.sort();
    assert_eq!(kept.len(), 3, "{kept:?}");
    let newest: serde_json::Value = serde_json::from_slice(
        &qisai_on(
            kept.last().unwrap(),
            &["pairings", "--json", "--round", "1"],
        )
        .stdout,
    )
    .unwrap();
    let drawn = newest
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["result"] == "1/2-1/2")
        .count();
    assert_eq!(drawn, 3, "the newest backup holds every change");
}
