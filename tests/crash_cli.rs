//! Crash safety: the CLI is killed (SIGKILL) at random moments while it records results;
//! the file stays sound and keeps every result whose command reported success.

mod common;

use std::collections::HashSet;
use std::time::{Duration, Instant};

use common::{Qisai, bin};

/// Trials in the test; `QISAI_CRASH_TRIALS` asks for more in a manual run.
fn trials() -> usize {
    std::env::var("QISAI_CRASH_TRIALS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200)
}

#[test]
fn killed_commands_lose_nothing_reported() {
    let q = Qisai::new();
    q.ok(&[
        "new",
        q.file.to_str().unwrap(),
        "--name",
        "断电测试",
        "--game",
        "xiangqi",
    ]);
    let csv: String = std::iter::once("姓名\n".to_string())
        .chain((1..=24).map(|i| format!("P{i}\n")))
        .collect();
    let list = q.write("p.csv", csv.as_bytes());
    q.ok(&["player", "import", list.to_str().unwrap()]);
    q.ok(&["stage", "add", "round-robin"]);
    q.ok(&["draw", "--seed", "1"]);
    let pairings = q.json(&["pairings", "--json"]);
    let games: Vec<(u64, u64)> = pairings
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["round"].as_u64().unwrap(), p["board"].as_u64().unwrap()))
        .collect();
    assert!(games.len() >= trials().min(276));

    let mut reported: HashSet<(u64, u64)> = HashSet::new();
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = 0;
    for trial in 0..trials() {
        let (round, board) = games[next % games.len()];
        let result = if trial % 3 == 0 {
            "1-0"
        } else if trial % 3 == 1 {
            "0-1"
        } else {
            "1/2"
        };
        let mut child = bin()
            .arg("-f")
            .arg(&q.file)
            .args(["result", &round.to_string(), &board.to_string(), result])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        // Kill after 0–25 ms: sometimes before, sometimes during, sometimes after the commit.
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let delay = Duration::from_micros(state % 25_000);
        let start = Instant::now();
        let mut exited = false;
        while start.elapsed() < delay {
            if child.try_wait().unwrap().is_some() {
                exited = true;
                break;
            }
            std::thread::sleep(Duration::from_micros(200));
        }
        if !exited {
            let _ = child.kill();
        }
        // A killed command has no exit code, so only a finished one counts as reported.
        let finished = Some(child.wait().unwrap());
        if finished.is_some_and(|s| s.success()) {
            reported.insert((round, board));
            next += 1;
        }
    }
    assert_eq!(q.ok(&["check"]).trim(), "ok");
    let now = q.json(&["pairings", "--json"]);
    let recorded: HashSet<(u64, u64)> = now
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| !p["result"].is_null())
        .map(|p| (p["round"].as_u64().unwrap(), p["board"].as_u64().unwrap()))
        .collect();
    for game in &reported {
        assert!(
            recorded.contains(game),
            "round {}, board {} was reported saved but is missing",
            game.0,
            game.1
        );
    }
    assert!(
        !reported.is_empty(),
        "no command finished in time: the delays are too short to test anything"
    );
}
