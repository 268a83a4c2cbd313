//! The `qisai xiangqi` commands as scripts call them.

use std::process::{Command, Output};

fn qisai(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qisai"))
        .args(args)
        .output()
        .expect("qisai runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn fixture(name: &str) -> String {
    format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn temp_file(name: &str, contents: &str) -> String {
    let dir = std::env::temp_dir().join(format!("qisai-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn moves_are_sorted_iccs() {
    let o = qisai(&["xiangqi", "moves", "startpos"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 44);
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    assert!(lines.contains(&"h2e2"));
}

#[test]
fn perft_last_line_is_the_count() {
    let o = qisai(&[
        "xiangqi",
        "perft",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "2",
        "--divide",
    ]);
    let out = stdout(&o);
    assert_eq!(out.lines().last(), Some("1920"));
    assert_eq!(out.lines().count(), 45);
    assert!(out.lines().any(|l| l == "b0c2: 43"));
}

#[test]
fn status_words() {
    let status = |fen: &str| {
        stdout(&qisai(&["xiangqi", "status", fen]))
            .trim()
            .to_string()
    };
    assert_eq!(status("startpos"), "normal");
    assert_eq!(status("3k5/9/9/9/9/9/9/9/9/4K4 b"), "normal");
    assert_eq!(status("R2k5/1R7/9/9/9/9/9/9/9/4K4 b"), "checkmate");
    assert_eq!(status("3k5/R8/9/9/9/9/9/9/9/4K4 b"), "stalemate");
    assert_eq!(status("3k5/9/9/9/9/9/9/9/9/3R1K3 b"), "check");
}

#[test]
fn bad_fen_names_the_problem_and_fails() {
    let o = qisai(&[
        "xiangqi",
        "moves",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("rank 10"));
}

#[test]
fn adjudicate_json_for_a_legal_record() {
    let o = qisai(&["xiangqi", "adjudicate", &fixture("opening.pgn"), "--json"]);
    assert!(o.status.success());
    assert_eq!(
        stdout(&o).trim(),
        r#"{"result":"ongoing","reason":"none","plies":4}"#
    );
}

#[test]
fn adjudicate_reports_checkmate_and_a_wrong_result_tag() {
    let o = qisai(&[
        "xiangqi",
        "adjudicate",
        &fixture("wrong_result.pgn"),
        "--json",
    ]);
    assert_eq!(
        stdout(&o).trim(),
        r#"{"result":"red","reason":"checkmate","plies":1,"claimed":"black"}"#
    );
    let o = qisai(&["xiangqi", "adjudicate", &fixture("wrong_result.pgn")]);
    assert_eq!(
        stdout(&o).trim(),
        "红方胜（将死），共 1 着。注意：记录的结果 0-1 与裁定不符。"
    );
    let o = qisai(&[
        "xiangqi",
        "adjudicate",
        &fixture("wrong_result.pgn"),
        "--lang",
        "en",
    ]);
    assert!(stdout(&o).starts_with("Red wins by checkmate after 1 ply."));
}

#[test]
fn adjudicate_illegal_record_exits_1_with_the_ply() {
    let path = temp_file("illegal.txt", "1. h2e2 h9g7\n2. b0d1 i9h9\n");
    let o = qisai(&["xiangqi", "adjudicate", &path, "--json"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stdout(&o).trim(),
        r#"{"error":"illegal_move","ply":3,"move":"b0d1","why":"horse leg blocked at c0"}"#
    );
    let o = qisai(&["xiangqi", "adjudicate", &path]);
    assert_eq!(
        stdout(&o).trim(),
        "第 3 着（第 2 行）“b0d1”不合规则：蹩马腿（c0）。"
    );
}

#[test]
fn adjudicate_with_fen_and_format_options() {
    let path = temp_file("mate.txt", "R9+2\n");
    let o = qisai(&[
        "xiangqi",
        "adjudicate",
        &path,
        "--fen",
        "3k5/1R7/R8/9/9/9/9/9/9/4K4 w",
        "--format",
        "wxf",
        "--json",
    ]);
    assert_eq!(
        stdout(&o).trim(),
        r#"{"result":"red","reason":"checkmate","plies":1}"#
    );
}

#[test]
fn gbk_records_are_read() {
    let o = qisai(&[
        "xiangqi",
        "convert",
        &fixture("gbk_record.txt"),
        "--to",
        "iccs",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(stdout(&o), "1. h2e2 h9g7\n2. h0g2 i9h9\n");
}

#[test]
fn convert_between_notations() {
    let o = qisai(&["xiangqi", "convert", &fixture("opening.pgn"), "--to", "wxf"]);
    assert_eq!(stdout(&o), "1. C2.5 H8+7\n2. H2+3 R9.8\n");
    let o = qisai(&[
        "xiangqi",
        "convert",
        &fixture("opening.pgn"),
        "--to",
        "chinese",
    ]);
    assert_eq!(stdout(&o), "1. 炮二平五 马8进7\n2. 马二进三 车9平8\n");
    let o = qisai(&["xiangqi", "convert", &fixture("opening.pgn"), "--to", "pgn"]);
    let pgn = stdout(&o);
    assert!(pgn.contains("[Red \"红方棋手\"]"));
    assert!(pgn.contains("[Format \"ICCS\"]"));
    assert!(pgn.contains("1. H2-E2 H9-G7"));
    assert!(pgn.trim_end().ends_with("1-0"));
}

#[test]
fn touch_lists_the_obliged_moves() {
    let o = qisai(&["xiangqi", "touch", "startpos", "b0", "h9"]);
    assert_eq!(stdout(&o), "b0a2\nb0c2\n");
    let o = qisai(&["xiangqi", "touch", "startpos", "a9"]);
    assert_eq!(stdout(&o), "free\n");
    let o = qisai(&["xiangqi", "touch", "startpos", "e5"]);
    assert_eq!(o.status.code(), Some(1));
}
