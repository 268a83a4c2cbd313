//! An event in PostgreSQL: every command works on it as on a file, copies go either
//! way, the password is never shown, and two servers on one event lose nothing and
//! hear each other. A private cluster is started for the tests (`store::pg::cluster`).

mod common;

use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};

use common::Qisai;
use common::serve::{JSON, post, serve};
use store::pg::cluster::{PASSWORD, TestCluster};

/// A `Qisai` whose "file" is a fresh event in the test database.
fn in_database(name: &str) -> Qisai {
    static N: AtomicU32 = AtomicU32::new(0);
    let n = N.fetch_add(1, Ordering::Relaxed);
    let event = format!("{name}-{n}-{}", std::process::id());
    let q = Qisai::new();
    Qisai {
        file: PathBuf::from(TestCluster::shared().address(&event)),
        dir: q.dir,
    }
}

fn address(q: &Qisai) -> &str {
    q.file.to_str().unwrap()
}

/// The same small event, command by command: a round robin of six, two rounds entered.
fn run_event(q: &Qisai) -> Vec<String> {
    let mut out = vec![q.ok(&["new", address(q), "--name", "甲级联赛", "--game", "xiangqi"])];
    for (name, club) in [
        ("王天一", "杭州"),
        ("郑惟桐", "四川"),
        ("许银川", "广东"),
        ("赵鑫鑫", "浙江"),
        ("洪智", "湖北"),
        ("蒋川", "北京"),
    ] {
        out.push(q.ok(&["player", "add", name, "--club", club]));
    }
    out.push(q.ok(&["stage", "add", "round-robin"]));
    out.push(q.ok(&["draw", "--seed", "3"]));
    for (round, board, result) in [(1, 1, "1-0"), (1, 2, "1/2"), (1, 3, "0-1"), (2, 1, "1-0")] {
        out.push(q.ok(&["result", &round.to_string(), &board.to_string(), result]));
    }
    out.push(q.ok(&["result", "1", "1", "0-1"]));
    out.push(q.ok(&["undo"]));
    out.push(q.ok(&["standings", "--json"]));
    out.push(q.ok(&["pairings", "--round", "1", "--json"]));
    out.push(q.ok(&["check"]));
    out
}

#[test]
fn every_command_works_on_an_event_in_a_database_as_on_a_file() {
    let file = Qisai::new();
    let db = in_database("same");
    let on_file = run_event(&file);
    let on_db = run_event(&db);
    // Only the first line differs: where the event was created.
    assert!(
        on_db[0].contains("postgres://qisai@127.0.0.1"),
        "{}",
        on_db[0]
    );
    assert_eq!(on_file[1..], on_db[1..]);
    for line in &on_db {
        assert!(!line.contains(PASSWORD), "the password was shown: {line}");
    }
    assert_eq!(file.snapshot(), db.snapshot());
    let log = db.ok(&["log"]);
    assert!(log.contains("（已撤销）"), "{log}");
    // A refusal names the event by its address, without the password.
    let refused = db.fails(&["result", "9", "9", "1-0"]);
    assert!(!refused.contains(PASSWORD), "{refused}");
    let again = db.fails(&["new", address(&db), "--name", "重名", "--game", "xiangqi"]);
    assert!(again.contains("数据库中已有这个名称的赛事"), "{again}");
    assert!(!again.contains(PASSWORD), "{again}");
}

#[test]
fn an_event_is_copied_between_a_file_and_a_database_either_way() {
    let file = Qisai::new();
    run_event(&file);
    let db = in_database("copy");
    let said = file.ok(&["copy", file.file.to_str().unwrap(), address(&db)]);
    assert!(said.contains("已把") && !said.contains(PASSWORD), "{said}");
    assert_eq!(db.snapshot(), file.snapshot());
    assert_eq!(db.ok(&["log"]), file.ok(&["log"]));
    // The office pulls a copy back, by `copy` and by `backup`.
    let pulled = file.path("pulled.qisai");
    db.ok(&["copy", address(&db), pulled.to_str().unwrap()]);
    let backup = file.path("backup.qisai");
    let said = db.ok(&["backup", backup.to_str().unwrap()]);
    assert!(said.contains("backup.qisai"), "{said}");
    for copy in [pulled, backup] {
        let copied = Qisai {
            dir: tempfile::tempdir().unwrap(),
            file: copy,
        };
        assert_eq!(copied.snapshot(), file.snapshot());
        assert_eq!(copied.ok(&["check"]).trim(), "ok");
    }
    let refused = file.fails(&["copy", file.file.to_str().unwrap(), address(&db)]);
    assert!(refused.contains("数据库中已有这个名称的赛事"), "{refused}");
}

#[test]
fn the_password_comes_from_the_address_pgpassword_or_the_password_file() {
    let cluster = TestCluster::shared();
    let event = format!("bare-{}", std::process::id());
    let bare = cluster.bare_address(&event);
    let new = ["new", bare.as_str(), "--name", "无密码", "--game", "junqi"];
    let without = common::bin()
        .args(new)
        .env_remove("PGPASSWORD")
        .env("PGPASSFILE", "/nonexistent")
        .output()
        .unwrap();
    assert!(!without.status.success());
    let said = String::from_utf8_lossy(&without.stderr);
    assert!(said.contains("postgres://qisai@127.0.0.1"), "{said}");
    let with_env = common::bin()
        .args(new)
        .env("PGPASSWORD", PASSWORD)
        .output()
        .unwrap();
    assert!(with_env.status.success(), "{with_env:?}");
    let dir = tempfile::tempdir().unwrap();
    let passfile = dir.path().join("pgpass");
    std::fs::write(
        &passfile,
        format!("127.0.0.1:*:postgres:qisai:{PASSWORD}\n"),
    )
    .unwrap();
    let listed = common::bin()
        .args(["-f", &bare, "player", "list", "--json"])
        .env_remove("PGPASSWORD")
        .env("PGPASSFILE", &passfile)
        .output()
        .unwrap();
    assert!(listed.status.success(), "{listed:?}");
    assert_eq!(String::from_utf8_lossy(&listed.stdout).trim(), "[]");
}

/// Reads one `data:` line from an event stream, within 20 seconds (the stream's
/// keep-alive comments do not count).
fn next_data(lines: &mut impl Iterator<Item = std::io::Result<String>>) -> String {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    lines
        .map_while(|l| l.ok())
        .take_while(|_| std::time::Instant::now() < deadline)
        .find(|l| l.starts_with("data:"))
        .expect("a change was told")
}

#[test]
fn two_servers_on_one_event_lose_nothing_and_hear_each_other() {
    use std::io::{BufRead, BufReader, Write};
    let q = in_database("two-servers");
    q.ok(&[
        "new",
        address(&q),
        "--name",
        "两台服务器",
        "--game",
        "xiangqi",
    ]);
    let players: String = (1..=48)
        .map(|k| format!("棋手{k},俱乐部{}\n", k % 6))
        .collect();
    let list = q.write("players.csv", format!("姓名,单位\n{players}").as_bytes());
    q.ok(&["player", "import", list.to_str().unwrap()]);
    q.ok(&["stage", "add", "swiss", "--rounds", "3"]);
    q.ok(&["draw", "--seed", "1"]);
    let a = serve(&q, &[]);
    let b = serve(&q, &[]);
    // A page on server B listens.
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", b.port)).unwrap();
    write!(
        stream,
        "GET /events HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nAccept: text/event-stream\r\n\r\n",
        b.port
    )
    .unwrap();
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(20)))
        .unwrap();
    let mut lines = BufReader::new(stream).lines();
    // Results of round 1 go half to each server, at once.
    let posters: Vec<_> = [(a.port, 1), (b.port, 2)]
        .into_iter()
        .map(|(port, first)| {
            std::thread::spawn(move || {
                for board in (first..=24).step_by(2) {
                    let args = format!(r#"{{"round":1,"board":{board},"result":"1-0"}}"#);
                    let (status, body) = post(port, "results.record", &args, &[JSON]);
                    assert_eq!(status, 200, "{body}");
                }
            })
        })
        .collect();
    for poster in posters {
        poster.join().unwrap();
    }
    // B's page heard A's results too (and its own): 24 changes.
    for _ in 0..24 {
        next_data(&mut lines);
    }
    // Both servers pair round 2 at once: exactly one pairs it, the other says it is done.
    let pairers: Vec<_> = [a.port, b.port]
        .into_iter()
        .map(|port| {
            std::thread::spawn(move || post(port, "stages.pair", r#"{"round":2}"#, &[JSON]))
        })
        .collect();
    let answers: Vec<(u16, String)> = pairers.into_iter().map(|p| p.join().unwrap()).collect();
    let paired = answers.iter().filter(|(status, _)| *status == 200).count();
    assert_eq!(paired, 1, "{answers:?}");
    assert!(
        answers
            .iter()
            .any(|(_, body)| body.contains("round.already_paired")),
        "{answers:?}"
    );
    let pairings = q.json(&["pairings", "--json"]);
    let rounds: std::collections::BTreeSet<u64> = pairings
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["round"].as_u64().unwrap())
        .collect();
    assert_eq!(rounds, [1, 2].into());
    let done = q.fails(&["pair", "--round", "2"]);
    assert!(done.contains("第 2 轮已经编排好了"), "{done}");
    // Server A is killed in the middle of a burst: every result it acknowledged stays.
    let port = a.port;
    let burst = std::thread::spawn(move || {
        let mut acknowledged = Vec::new();
        for board in 1..=24 {
            let args = format!(r#"{{"round":2,"board":{board},"result":"0-1"}}"#);
            let (status, _) =
                match std::panic::catch_unwind(|| post(port, "results.record", &args, &[JSON])) {
                    Ok(answer) => answer,
                    Err(_) => break,
                };
            if status == 200 {
                acknowledged.push(board);
            }
        }
        acknowledged
    });
    std::thread::sleep(std::time::Duration::from_millis(40));
    drop(a);
    let acknowledged = burst.join().unwrap();
    let round2 = q.json(&["pairings", "--round", "2", "--json"]);
    for board in &acknowledged {
        let pairing = round2
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["board"] == *board)
            .unwrap();
        assert_eq!(
            pairing["result"], "0-1",
            "board {board} was acknowledged and lost"
        );
    }
    // Server B goes on alone.
    let (status, body) = post(b.port, "standings", "{}", &[JSON]);
    assert_eq!(status, 200, "{body}");
}

#[test]
fn the_chief_and_the_sector_tokens_work_on_every_server_of_the_event() {
    let q = in_database("tokens");
    q.ok(&["new", address(&q), "--name", "两地", "--game", "xiangqi"]);
    for k in 1..=8 {
        q.ok(&["player", "add", &format!("棋手{k}")]);
    }
    q.ok(&["stage", "add", "round-robin"]);
    q.ok(&["draw", "--seed", "2"]);
    let sector = q.ok(&["arbiter", "add", "李裁判", "--boards", "1-2"]);
    let sector = sector.lines().last().unwrap().trim().to_string();
    let chief = "ChiefOfTheLeague2026";
    let short = q.fails(&[
        "serve",
        address(&q),
        "--bind",
        "0.0.0.0",
        "--token",
        "short",
    ]);
    assert!(short.contains("--token"), "{short}");
    let a = serve(&q, &["--bind", "0.0.0.0", "--token", chief]);
    let b = serve(&q, &["--bind", "0.0.0.0", "--token", chief]);
    assert_eq!(a.token.as_deref(), Some(chief));
    for (server, board, token) in [(&a, 3, chief), (&b, 4, chief)] {
        let args = format!(r#"{{"round":1,"board":{board},"result":"1-0"}}"#);
        let (status, body) = post(
            server.port,
            "results.record",
            &args,
            &[JSON, ("X-Qisai-Token", token)],
        );
        assert_eq!(status, 200, "{body}");
    }
    for (server, board) in [(&a, 1), (&b, 2)] {
        let args = format!(r#"{{"round":1,"board":{board},"result":"0-1"}}"#);
        let (status, body) = post(
            server.port,
            "hall.enter",
            &args,
            &[JSON, ("X-Qisai-Token", &sector)],
        );
        assert_eq!(status, 200, "{body}");
    }
    // A sector token enters its own boards only, on any server.
    let (status, _) = post(
        b.port,
        "hall.enter",
        r#"{"round":1,"board":3,"result":"0-1"}"#,
        &[JSON, ("X-Qisai-Token", &sector)],
    );
    assert_eq!(status, 422);
    let results: Vec<String> = q
        .json(&["pairings", "--round", "1", "--json"])
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["result"].as_str().unwrap_or_default().to_string())
        .collect();
    assert_eq!(results, ["0-1", "0-1", "1-0", "1-0"]);
}
