//! Undo after each kind of change restores exactly the state before it.

mod common;

use common::Qisai;

/// Runs `args`, checks it changed what an organizer sees, undoes it, checks the state
/// is exactly as before, then runs it again so the event can go on.
fn change_undo_redo(q: &Qisai, args: &[&str]) -> String {
    let before = q.snapshot();
    q.ok(args);
    let changed = q.snapshot();
    assert_ne!(before, changed, "{args:?} changed nothing visible");
    let undone = q.ok(&["undo"]);
    assert!(undone.starts_with("已撤销"), "{undone}");
    assert_eq!(
        q.snapshot(),
        before,
        "undo of {args:?} did not restore the state"
    );
    q.ok(args)
}

#[test]
fn undo_restores_every_kind_of_change() {
    let q = Qisai::new();
    q.ok(&[
        "new",
        q.file.to_str().unwrap(),
        "--name",
        "撤销测试",
        "--game",
        "xiangqi",
    ]);
    for name in ["甲", "乙", "丙", "丁", "戊", "己"] {
        change_undo_redo(&q, &["player", "add", name, "--club", "队一"]);
    }
    let csv = q.write(
        "more.csv",
        "姓名,单位,等级分\n庚,队二,1800\n辛,队二,1700\n壬,队三,\n".as_bytes(),
    );
    change_undo_redo(&q, &["player", "import", csv.to_str().unwrap()]);
    change_undo_redo(
        &q,
        &["player", "edit", "1", "--club", "队四", "--rating", "2000"],
    );
    change_undo_redo(&q, &["player", "withdraw", "9"]);
    change_undo_redo(&q, &["stage", "add", "knockout", "--third-place"]);
    change_undo_redo(&q, &["draw", "--seed", "11"]);
    // Round 1: four matches.
    for board in 1..=4 {
        change_undo_redo(&q, &["result", "1", &board.to_string(), "1-0"]);
    }
    change_undo_redo(&q, &["pair"]);
    // A correction in round 1 after round 2 was paired resets the match it fed.
    let corrected = change_undo_redo(&q, &["result", "1", "1", "0-1"]);
    assert!(corrected.contains("更正 1-0 → 0-1"), "{corrected}");
    assert!(corrected.contains("已重置：第 2 轮 第 1 台"), "{corrected}");
    q.ok(&["pair"]);
    // A drawn game and a drawn extra game: lots decide.
    q.ok(&["result", "2", "1", "1/2"]);
    q.ok(&["result", "2", "1", "1/2"]);
    change_undo_redo(&q, &["lots", "2", "1", "--seed", "5"]);
    let log = q.ok(&["log"]);
    assert!(log.contains("（已撤销）"), "{log}");
}
