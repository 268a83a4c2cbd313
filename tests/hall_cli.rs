//! The hall over `qisai serve`: sector arbiters' tokens enter their boards only, the
//! public display needs no token and shows names and clubs only, and the server, the
//! command line and several arbiters write one file at once without losing anything.

mod common;

use common::Qisai;
use common::serve::{JSON, post, serve};
use serde_json::Value;

/// A round robin of eight players, drawn: four boards a round, seven rounds.
fn eight_players(q: &Qisai) {
    q.ok(&[
        "new",
        q.file.to_str().unwrap(),
        "--name",
        "大厅",
        "--game",
        "xiangqi",
    ]);
    for (name, club) in [
        ("王天一", "杭州"),
        ("郑惟桐", "四川"),
        ("许银川", "广东"),
        ("赵鑫鑫", "浙江"),
        ("洪智", "湖北"),
        ("蒋川", "北京"),
        ("孙勇征", "上海"),
        ("汪洋", "湖北"),
    ] {
        q.ok(&["player", "add", name, "--club", club, "--rating", "2600"]);
    }
    q.ok(&["stage", "add", "round-robin"]);
    q.ok(&["draw", "--seed", "7"]);
}

/// The token `qisai arbiter add` prints alone on its last line.
fn add_arbiter(q: &Qisai, args: &[&str]) -> String {
    let mut all = vec!["arbiter", "add"];
    all.extend_from_slice(args);
    let out = q.ok(&all);
    let token = out.lines().last().unwrap().trim().to_string();
    assert_eq!(token.len(), 32, "{out}");
    assert!(token.chars().all(|c| c.is_ascii_hexdigit()), "{out}");
    token
}

fn result_of(q: &Qisai, round: u32, board: u32) -> Value {
    let pairings = q.json(&["pairings", "--round", &round.to_string(), "--json"]);
    pairings
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["board"] == board)
        .map(|p| p["result"].clone())
        .unwrap()
}

#[test]
fn a_sector_token_enters_the_boards_of_its_sector_only() {
    let q = Qisai::new();
    eight_players(&q);
    let token = add_arbiter(&q, &["张裁判", "--boards", "1-2", "--rounds", "1"]);
    let listed = q.ok(&["arbiter", "list"]);
    assert!(
        listed.contains("张裁判") && listed.contains("第 1-2 台"),
        "{listed}"
    );
    let s = serve(&q, &["--bind", "0.0.0.0"]);
    let as_arbiter = [JSON, ("X-Qisai-Token", token.as_str())];
    // Its boards: the page knows who it is and what it covers.
    let (status, body) = post(s.port, "hall.sector", "{}", &as_arbiter);
    assert_eq!(status, 200, "{body}");
    let sector: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(sector["arbiter"], "张裁判");
    let boards: Vec<u64> = sector["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["board"].as_u64().unwrap())
        .collect();
    assert_eq!(boards, [1, 2]);
    // A board outside the sector, or another round: refused, in Chinese, nothing changed.
    for (round, board) in [(1, 3), (2, 1)] {
        let args = format!(r#"{{"round":{round},"board":{board},"result":"1-0"}}"#);
        let (status, body) = post(s.port, "hall.enter", &args, &as_arbiter);
        assert_eq!(status, 422, "{body}");
        assert!(body.contains("hall.outside_sector"), "{body}");
        assert_eq!(result_of(&q, round, board), Value::Null);
    }
    // It cannot act in another's name, nor do anything but enter results.
    let (status, body) = post(
        s.port,
        "hall.enter",
        r#"{"arbiter":"李裁判","round":1,"board":1,"result":"1-0"}"#,
        &as_arbiter,
    );
    assert_eq!(status, 200, "{body}");
    assert_eq!(result_of(&q, 1, 1), "1-0");
    let log = q.ok(&["log"]);
    assert!(
        log.lines().last().unwrap().contains("分区裁判 张裁判"),
        "{log}"
    );
    for (op, args) in [
        ("results.record", r#"{"round":1,"board":2,"result":"1-0"}"#),
        ("undo", "{}"),
        ("entrants.list", "{}"),
        ("arbiters.add", r#"{"name":"冒名"}"#),
    ] {
        let (status, body) = post(s.port, op, args, &as_arbiter);
        assert_eq!(status, 403, "{op}: {body}");
        assert!(body.contains("serve.sector_only"), "{body}");
    }
    assert_eq!(result_of(&q, 1, 2), Value::Null);
    // Removed, its token stops working at once.
    q.ok(&["arbiter", "remove", "张裁判"]);
    let (status, body) = post(
        s.port,
        "hall.enter",
        r#"{"round":1,"board":2,"result":"1-0"}"#,
        &as_arbiter,
    );
    assert_eq!(status, 401, "{body}");
}

#[test]
fn the_display_needs_no_token_and_shows_names_and_clubs_only() {
    let q = Qisai::new();
    eight_players(&q);
    q.ok(&["result", "1", "1", "1-0"]);
    let s = serve(&q, &["--bind", "0.0.0.0"]);
    let (status, body) = post(s.port, "hall.display", "{}", &[JSON]);
    assert_eq!(status, 200, "{body}");
    let display: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(display["event"], "大厅");
    assert_eq!(display["round"], 1);
    let pairings = display["pairings"].as_array().unwrap();
    assert_eq!(pairings.len(), 4);
    assert_eq!(pairings[0]["result"], "1-0");
    let mut keys: Vec<&String> = pairings[0]["red"].as_object().unwrap().keys().collect();
    keys.sort();
    assert_eq!(keys, ["club", "initials", "name", "pinyin", "points"]);
    let wang = display["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == "王天一")
        .unwrap()
        .clone();
    assert_eq!(wang["initials"], "wty");
    assert!(!body.contains("2600"), "no rating leaves: {body}");
    // Nothing else without a token.
    for op in [
        "entrants.list",
        "standings",
        "log",
        "export.csv",
        "arbiters.list",
    ] {
        let (status, body) = post(s.port, op, "{}", &[JSON]);
        assert_eq!(status, 401, "{op}: {body}");
        assert!(body.contains("serve.needs_token"), "{body}");
    }
    // The page itself is the UI's, at /display.
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", s.port)).unwrap();
    write!(
        stream,
        "GET /display HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\r\n",
        s.port
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    // With --bind a foreign host name is refused too (DNS rebinding).
    let (status, _) = common::serve::post_as(
        &format!("evil.example:{}", s.port),
        s.port,
        "hall.display",
        "{}",
        &[JSON],
    );
    assert_eq!(status, 403);
}

#[test]
fn with_double_entry_two_arbiters_must_agree() {
    let q = Qisai::new();
    eight_players(&q);
    q.ok(&["edit", "--double-entry", "on"]);
    let first = add_arbiter(&q, &["甲裁判"]);
    let second = add_arbiter(&q, &["乙裁判"]);
    let s = serve(&q, &[]);
    let enter = |token: &str, board: u32, result: &str| {
        let args = format!(r#"{{"round":1,"board":{board},"result":"{result}"}}"#);
        let (status, body) = post(
            s.port,
            "hall.enter",
            &args,
            &[JSON, ("X-Qisai-Token", token)],
        );
        assert_eq!(status, 200, "{body}");
        serde_json::from_str::<Value>(&body).unwrap()["status"].clone()
    };
    assert_eq!(enter(&first, 1, "1-0"), "waiting");
    assert_eq!(result_of(&q, 1, 1), Value::Null);
    assert_eq!(enter(&second, 1, "1-0"), "counted");
    assert_eq!(result_of(&q, 1, 1), "1-0");
    assert_eq!(enter(&first, 2, "1/2"), "waiting");
    assert_eq!(enter(&second, 2, "0-1"), "disputed");
    assert_eq!(result_of(&q, 1, 2), Value::Null);
    let pending = q.ok(&["arbiter", "pending"]);
    assert!(pending.contains("录入不一致"), "{pending}");
    // The chief arbiter decides.
    q.ok(&["result", "1", "2", "0-1"]);
    assert_eq!(result_of(&q, 1, 2), "0-1");
    assert!(q.ok(&["arbiter", "pending"]).contains("没有待确认的成绩"));
}

/// Arbiters over HTTP and the command line write one file at the same time: every
/// result lands.
#[test]
fn concurrent_http_and_cli_writers_lose_nothing() {
    let q = Qisai::new();
    eight_players(&q);
    let token = add_arbiter(&q, &["张裁判", "--boards", "1-2"]);
    let s = serve(&q, &["--bind", "0.0.0.0"]);
    let chief = s.token.clone().unwrap();
    let port = s.port;
    let arbiter = std::thread::spawn(move || {
        for round in 1..=7 {
            for board in 1..=2 {
                let args = format!(r#"{{"round":{round},"board":{board},"result":"1-0"}}"#);
                let (status, body) = post(
                    port,
                    "hall.enter",
                    &args,
                    &[JSON, ("X-Qisai-Token", &token)],
                );
                assert_eq!(status, 200, "{body}");
            }
        }
    });
    let chief_page = std::thread::spawn(move || {
        for round in 1..=7 {
            let args = format!(r#"{{"round":{round},"board":3,"result":"1/2"}}"#);
            let (status, body) = post(
                port,
                "results.record",
                &args,
                &[JSON, ("X-Qisai-Token", &chief)],
            );
            assert_eq!(status, 200, "{body}");
        }
    });
    for round in 1..=7 {
        q.ok(&["result", &round.to_string(), "4", "0-1"]);
    }
    arbiter.join().unwrap();
    chief_page.join().unwrap();
    for round in 1..=7 {
        for (board, expected) in [(1, "1-0"), (2, "1-0"), (3, "1/2-1/2"), (4, "0-1")] {
            assert_eq!(
                result_of(&q, round, board),
                expected,
                "round {round} board {board}"
            );
        }
    }
    let log = q.ok(&["log"]);
    assert_eq!(log.matches("（分区裁判 张裁判）").count(), 14, "{log}");
}

#[test]
fn a_sector_token_enters_a_tables_winner_at_a_table_event() {
    let q = Qisai::new();
    let file = q.file.to_str().unwrap().to_string();
    q.ok(&[
        "new",
        &file,
        "--name",
        "跳棋",
        "--game",
        "checkers",
        "--players",
        "3",
    ]);
    for name in ["甲", "乙", "丙", "丁", "戊", "己"] {
        q.ok(&["player", "add", name]);
    }
    q.ok(&["stage", "add", "round-robin"]);
    q.ok(&["draw", "--seed", "2"]);
    let token = add_arbiter(&q, &["张裁判", "--boards", "1"]);
    let s = serve(&q, &["--bind", "0.0.0.0"]);
    let as_arbiter = [JSON, ("X-Qisai-Token", token.as_str())];
    let (status, body) = post(s.port, "hall.sector", "{}", &as_arbiter);
    assert_eq!(status, 200, "{body}");
    let sector: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(sector["choices"][1]["result"], "win:2");
    assert_eq!(sector["games"][0]["seats"].as_array().unwrap().len(), 3);
    // A two-sided result is refused; a seat's win counts, logged with the arbiter.
    let (status, body) = post(
        s.port,
        "hall.enter",
        r#"{"round":1,"board":1,"result":"1-0"}"#,
        &as_arbiter,
    );
    assert_eq!(status, 422, "{body}");
    let (status, body) = post(
        s.port,
        "hall.enter",
        r#"{"round":1,"board":1,"result":"win:2"}"#,
        &as_arbiter,
    );
    assert_eq!(status, 200, "{body}");
    let table = &q.json(&["pairings", "--round", "1", "--json"])[0];
    assert_eq!(table["result"], "win:2");
    let log = q.ok(&["log"]);
    assert!(
        log.lines().last().unwrap().contains("分区裁判 张裁判"),
        "{log}"
    );
    // Under double entry it waits, and the chief arbiter's list names the table.
    q.ok(&["edit", "--double-entry", "on"]);
    let (status, body) = post(
        s.port,
        "hall.enter",
        r#"{"round":2,"board":1,"result":"win:3"}"#,
        &as_arbiter,
    );
    assert_eq!(status, 200, "{body}");
    let waiting = q.ok(&["arbiter", "pending"]);
    assert!(
        waiting.contains("第 2 轮 第 1 桌") && waiting.contains("3号胜"),
        "{waiting}"
    );
}
