//! XQF records through the command line: read, converted to every notation and to PGN,
//! adjudicated, and attached to a result, which is checked against them.

mod common;

use std::path::PathBuf;

use common::Qisai;

fn example() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/xqf-1.0-example.xqf")
}

#[test]
fn an_xqf_record_converts_to_every_notation() {
    let q = Qisai::new();
    let file = example();
    let file = file.to_str().unwrap();
    let chinese = q.ok(&["xiangqi", "convert", file, "--to", "chinese"]);
    assert!(
        chinese.starts_with("1. 兵七进一 马8进7\n2. 兵三进一 炮2平3\n"),
        "{chinese}"
    );
    assert!(chinese.contains("8. 马二进三 车9平8"), "{chinese}");
    let iccs = q.ok(&["xiangqi", "convert", file, "--to", "iccs"]);
    assert!(iccs.starts_with("1. c3c4 h9g7\n"), "{iccs}");
    let pgn = q.ok(&["xiangqi", "convert", file, "--to", "pgn"]);
    for line in [
        "[Red \"柳大华\"]",
        "[Black \"吕  钦\"]",
        "[Result \"0-1\"]",
        "1. C3-C4 H9-G7",
    ] {
        assert!(pgn.contains(line), "{line} in {pgn}");
    }
    // The game is not over on the board: the record's claim is what it says.
    let said = q.ok(&["xiangqi", "adjudicate", file]);
    assert!(said.contains("共 16 着"), "{said}");
}

#[test]
fn a_damaged_xqf_file_is_refused_naming_the_byte() {
    let q = Qisai::new();
    let bytes = std::fs::read(example()).unwrap();
    let cut = q.write("cut.xqf", &bytes[..1030]);
    let args = ["xiangqi", "adjudicate", cut.to_str().unwrap()];
    let err = q.fails(&args);
    assert!(
        err.contains("XQF 棋谱无法读取：文件在第 1030 字节处结束，着法记录不完整"),
        "{err}"
    );
    common::assert_no_english(&err, &args);
}

/// A Xiangqi event of two players in a round robin, drawn: one board to attach to.
fn two_player_round_robin(q: &Qisai, players: [&str; 2]) {
    q.ok(&[
        "new",
        q.file.to_str().unwrap(),
        "--name",
        "XQF",
        "--game",
        "xiangqi",
    ]);
    for name in players {
        q.ok(&["player", "add", name]);
    }
    q.ok(&["stage", "add", "round-robin"]);
    q.ok(&["draw", "--seed", "1"]);
}

#[test]
fn a_result_is_checked_against_an_attached_xqf_record() {
    let q = Qisai::new();
    two_player_round_robin(&q, ["柳大华", "吕钦"]);
    let file = example();
    let file = file.to_str().unwrap();
    // The record says black won (its [Result]); a typed 1-0 disagrees.
    let err = q.fails(&["result", "1", "1", "1-0", "--record", file]);
    assert!(err.contains("对局记录的结果是 0-1"), "{err}");
    // A result entered first, its record attached afterwards (checked against it).
    q.ok(&["result", "1", "1", "0-1"]);
    let said = q.ok(&["result", "1", "1", "0-1", "--record", file]);
    assert!(said.contains("棋谱判定：0-1"), "{said}");
    // The same record again changes nothing.
    let again = q.fails(&["result", "1", "1", "0-1", "--record", file]);
    assert!(again.contains("已是这个成绩"), "{again}");
    assert_eq!(q.json(&["pairings", "--json"])[0]["result"], "0-1");
}

/// An empty file (0 bytes, or white space only) is no record of 0 plies: every command
/// that reads a record refuses it, naming the file, and a result keeps no record.
#[test]
fn an_empty_record_file_is_refused() {
    let q = Qisai::new();
    let empty = q.write("empty.xqf", b"");
    let blank = q.write("blank.pgn", b"\n  \r\n");
    for file in [&empty, &blank] {
        let file = file.to_str().unwrap();
        for args in [
            vec!["xiangqi", "adjudicate", file],
            vec!["xiangqi", "convert", file, "--to", "iccs"],
        ] {
            let err = q.fails(&args);
            assert!(err.contains("文件是空的：其中没有棋谱"), "{err}");
            assert!(err.contains(file), "the file is named: {err}");
            common::assert_no_english(&err, &args);
        }
        let en = q.fails(&["--lang", "en", "xiangqi", "adjudicate", file]);
        assert!(en.contains("the file is empty"), "{en}");
    }
    two_player_round_robin(&q, ["甲", "乙"]);
    let err = q.fails(&[
        "result",
        "1",
        "1",
        "1-0",
        "--record",
        empty.to_str().unwrap(),
    ]);
    assert!(err.contains("文件是空的"), "{err}");
    assert!(
        q.json(&["pairings", "--json"])[0]["result"].is_null(),
        "nothing entered"
    );
}
