//! Bad input: each case gives a clear error naming the problem, and changes nothing.

mod common;

use common::Qisai;

/// An event with seven players in a round robin (so every round has a bye) and one result.
fn event() -> Qisai {
    let q = Qisai::new();
    q.ok(&[
        "new",
        q.file.to_str().unwrap(),
        "--name",
        "坏输入测试",
        "--game",
        "xiangqi",
    ]);
    for name in ["甲", "乙", "丙", "丁", "戊", "己", "庚"] {
        q.ok(&["player", "add", name, "--club", "一队"]);
    }
    q.ok(&["player", "edit", "1", "--seed", "1"]);
    q.ok(&["stage", "add", "round-robin"]);
    q.ok(&["draw", "--seed", "7"]);
    q.ok(&["result", "1", "2", "1-0"]);
    q
}

struct Case {
    /// Run against an event still open for registration.
    before_draw: bool,
    what: &'static str,
    args: Vec<String>,
    /// Words the error must contain.
    says: &'static str,
}

fn case(what: &'static str, args: &[&str], says: &'static str) -> Case {
    Case {
        before_draw: false,
        what,
        args: args.iter().map(|s| s.to_string()).collect(),
        says,
    }
}

fn open_case(what: &'static str, args: &[&str], says: &'static str) -> Case {
    Case {
        before_draw: true,
        ..case(what, args, says)
    }
}

#[test]
fn bad_inputs_are_refused_with_a_clear_error_and_change_nothing() {
    let q = event();
    let open = Qisai::new();
    open.ok(&[
        "new",
        open.file.to_str().unwrap(),
        "--name",
        "报名中",
        "--game",
        "xiangqi",
    ]);
    open.ok(&["player", "add", "A", "--club", "X"]);
    let path = |name: &str| q.path(name).to_string_lossy().into_owned();
    q.write(
        "bad_rating.csv",
        "姓名,单位,等级分\n王,一,2000\n李,二,两千\n".as_bytes(),
    );
    q.write("bad_column.csv", "姓名,颜色\n王,红\n".as_bytes());
    q.write("no_name.csv", "姓名,单位\n,一队\n".as_bytes());
    q.write("twice.csv", "name,club\nB,X\nB,X\n".as_bytes());
    q.write("quote.csv", "name\n\"unclosed\n".as_bytes());
    q.write("illegal.txt", "1. h2e2 h9g7\n2. b0d1 i9h9\n".as_bytes());
    q.write(
        "red_mates.txt",
        "[FEN \"3k5/1R7/R8/9/9/9/9/9/9/4K4 w\"]\n1. a7a9\n".as_bytes(),
    );
    q.write("notes.txt", b"just notes");
    // The bye of round 1 (board 4: seven players, four boards).
    let pairings = q.json(&["pairings", "--round", "1", "--json"]);
    let bye_board = pairings
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["black"].is_null())
        .unwrap()["board"]
        .to_string();
    let cases = vec![
        open_case(
            "non-number in a CSV cell",
            &["player", "import", &path("bad_rating.csv")],
            "第 3 行第 3 列（等级分）",
        ),
        open_case(
            "unknown CSV column",
            &["player", "import", &path("bad_column.csv")],
            "第 1 行第 2 列（颜色）：无法识别的列",
        ),
        open_case(
            "empty name in CSV",
            &["player", "import", &path("no_name.csv")],
            "第 2 行第 1 列",
        ),
        open_case(
            "duplicate rows in CSV",
            &["player", "import", &path("twice.csv")],
            "第 3 行",
        ),
        open_case(
            "unclosed quote in CSV",
            &["player", "import", &path("quote.csv")],
            "引号没有闭合",
        ),
        open_case(
            "missing CSV file",
            &["player", "import", &path("nowhere.csv")],
            "nowhere.csv",
        ),
        case(
            "unknown board",
            &["result", "1", "99", "1-0"],
            "第 1 轮没有第 99 台",
        ),
        case(
            "unknown round",
            &["result", "42", "1", "1-0"],
            "没有第 42 轮",
        ),
        case(
            "result for a bye",
            &["result", "1", &bye_board, "1-0"],
            "是轮空，没有成绩可录",
        ),
        case(
            "wrong result syntax",
            &["result", "1", "3", "2-0"],
            "“2-0”不是成绩",
        ),
        case(
            "unknown foul",
            &["result", "1", "3", "1-0", "--foul", "red:sneezing"],
            "犯规“red:sneezing”无法识别",
        ),
        case(
            "foul of a third colour",
            &["result", "1", "3", "1-0", "--foul", "green:other"],
            "犯规“green:other”无法识别",
        ),
        case(
            "game zero",
            &["result", "1", "3", "1-0", "--game", "0"],
            "局号从 1 开始（用 --game 指明）",
        ),
        case(
            "game beyond the match",
            &["result", "1", "3", "1-0", "--game", "3"],
            "应先录第 1 局",
        ),
        case(
            "illegal game record",
            &["result", "1", "3", "1-0", "--record", &path("illegal.txt")],
            "第 3 着（第 2 行）“b0d1”不合规则",
        ),
        case(
            "record says otherwise",
            &[
                "result",
                "1",
                "3",
                "0-1",
                "--record",
                &path("red_mates.txt"),
            ],
            "对局记录的结果是 1-0",
        ),
        case(
            "same result again",
            &["result", "1", "2", "1-0"],
            "已是这个成绩，未作改动",
        ),
        case(
            "registering after the draw",
            &["player", "add", "迟到者"],
            "报名已截止",
        ),
        case(
            "seed taken",
            &["player", "edit", "2", "--seed", "1"],
            "1 号种子已经有人了",
        ),
        case(
            "unknown entrant",
            &["player", "withdraw", "77"],
            "没有 77 号参赛者",
        ),
        case(
            "pairing a round robin again",
            &["pair"],
            "循环赛在抽签时已编排全部",
        ),
        case(
            "drawing with every stage drawn",
            &["draw"],
            "所有阶段都已抽签",
        ),
        case(
            "standings of a stage that does not exist",
            &["standings", "--stage", "9"],
            "没有第 9 阶段",
        ),
        case(
            "swap-last without double",
            &["stage", "add", "round-robin", "--swap-last"],
            "只有双循环才能对调",
        ),
        case(
            "unknown tiebreak",
            &["stage", "add", "round-robin", "--tiebreaks", "points,luck"],
            "没有“luck”这个破同分方法",
        ),
        case(
            "lots where none are needed",
            &["lots", "1", "1"],
            "不需要抽签决定",
        ),
    ];
    assert!(cases.len() >= 20);
    for c in cases {
        let q = if c.before_draw { &open } else { &q };
        let before = q.snapshot();
        let log_before = q.ok(&["log"]);
        let args: Vec<&str> = c.args.iter().map(String::as_str).collect();
        let err = q.fails(&args);
        assert!(
            err.contains(c.says),
            "{}: expected '{}' in: {err}",
            c.what,
            c.says
        );
        assert!(err.starts_with("qisai: "), "{}: {err}", c.what);
        common::assert_no_english(&err, &args);
        assert_eq!(q.snapshot(), before, "{} changed the event", c.what);
        assert_eq!(q.ok(&["log"]), log_before, "{} wrote to the log", c.what);
    }
}

#[test]
fn files_that_are_not_events_are_refused_untouched() {
    let q = Qisai::new();
    let notes = q.write("notes.qisai", b"just notes");
    let o = common::bin()
        .args(["-f", notes.to_str().unwrap(), "player", "list"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("不是棋赛（Qisai）的赛事文件"));
    let o = common::bin()
        .args([
            "--lang",
            "en",
            "-f",
            notes.to_str().unwrap(),
            "player",
            "list",
        ])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&o.stderr).contains("not a Qisai event file"));
    assert_eq!(std::fs::read(&notes).unwrap(), b"just notes");

    let missing = q.path("missing.qisai");
    let o = common::bin()
        .args(["-f", missing.to_str().unwrap(), "pairings"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&o.stderr).contains("没有这个文件"));
    assert!(!missing.exists(), "opening must not create a file");

    // A file from a newer version: refused, not altered.
    q.ok(&[
        "new",
        q.file.to_str().unwrap(),
        "--name",
        "新版本",
        "--game",
        "xiangqi",
    ]);
    {
        let conn = rusqlite::Connection::open(&q.file).unwrap();
        conn.pragma_update(None, "user_version", 99).unwrap();
    }
    let bytes = std::fs::read(&q.file).unwrap();
    let err = q.fails(&["player", "add", "某人"]);
    assert!(err.contains("由更新版本的棋赛写入"), "{err}");
    assert_eq!(std::fs::read(&q.file).unwrap(), bytes);

    // No event file named at all.
    let o = common::bin()
        .env_remove("QISAI_FILE")
        .args(["pairings"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&o.stderr).contains("请用 -f 文件 或 QISAI_FILE 指明赛事文件"));
    // Creating over an existing file.
    let o = common::bin()
        .args([
            "new",
            notes.to_str().unwrap(),
            "--name",
            "x",
            "--game",
            "xiangqi",
        ])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&o.stderr).contains("这里已经有一个文件"));
}

#[test]
fn junqi_surrender_inside_twenty_moves_is_refused() {
    let q = Qisai::new();
    q.ok(&[
        "new",
        q.file.to_str().unwrap(),
        "--name",
        "军棋赛",
        "--game",
        "junqi",
    ]);
    q.ok(&["player", "add", "甲"]);
    q.ok(&["player", "add", "乙"]);
    q.ok(&["stage", "add", "round-robin"]);
    q.ok(&["draw", "--seed", "1"]);
    let err = q.fails(&["result", "1", "1", "resign:red", "--moves", "12"]);
    assert!(err.contains("前 20 步内不得投降"), "{err}");
    // Inside 30 moves the winner scores nothing, whatever the ending.
    q.ok(&["result", "1", "1", "resign:red", "--moves", "25"]);
    let table = q.json(&["standings", "--json"]);
    assert_eq!(table[0]["points"], 0);
    assert_eq!(table[1]["points"], -1);
    q.ok(&["result", "1", "1", "resign:red", "--moves", "35"]);
    let table = q.json(&["standings", "--json"]);
    assert_eq!(table[0]["points"], 1);
    assert_eq!(table[1]["points"], -1);
}
