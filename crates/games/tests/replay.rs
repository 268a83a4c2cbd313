//! A Xiangqi record replayed for the viewer: each ply's position, and the record cut
//! at its first illegal move with the reason.

use games::replay::xiangqi;
use messages::{Lang, render};

#[test]
fn each_ply_carries_its_position_and_squares() {
    let replay = xiangqi("1. 炮二平五 马8进7\n").unwrap();
    assert_eq!(
        replay.start,
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
    );
    let texts: Vec<(&str, &str, &str)> = replay
        .plies
        .iter()
        .map(|p| (p.chinese.as_str(), p.from.as_str(), p.to.as_str()))
        .collect();
    assert_eq!(texts, [("炮二平五", "h2", "e2"), ("马8进7", "h9", "g7")]);
    assert_eq!(
        replay.plies[0].fen,
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"
    );
    assert!(replay.illegal.is_none());
}

#[test]
fn an_illegal_move_ends_the_replay_with_its_reason() {
    // Ply 3: the horse on b0 cannot go to d1, its leg (c0) is blocked by the elephant.
    let replay = xiangqi("1. h2e2 h9g7\n2. b0d1 i9h9\n").unwrap();
    assert_eq!(replay.plies.len(), 2);
    let illegal = replay.illegal.expect("ply 3 is illegal");
    assert_eq!((illegal.ply, illegal.text.as_str()), (3, "b0d1"));
    assert!(
        render(&illegal.why, Lang::Zh).contains("蹩马腿"),
        "{:?}",
        illegal.why
    );
}
