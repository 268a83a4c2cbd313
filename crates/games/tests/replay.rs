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

/// A checkers hole as the replay names it.
fn at(name: &str) -> [i32; 2] {
    let hole: checkers::Hole = name.parse().unwrap();
    [hole.q(), hole.r()]
}

#[test]
fn a_checkers_record_replays_on_the_star_board() {
    let text = include_str!("fixtures/checkers_dead_game.txt");
    let replay = games::replay::checkers(text).unwrap();
    assert_eq!(replay.holes.len(), 121);
    assert_eq!(replay.players, 2);
    // Ten pieces each at the start, N (seat 0) on d1.
    assert_eq!(replay.start.pieces.len(), 20);
    assert!(replay.start.pieces.contains(&(at("d1"), 0)));
    // N:d1-e6, then passes until the game is dead (moves after the end are not played).
    let first = &replay.plies[0];
    assert_eq!(first.written, "N:d1-e6");
    assert_eq!((first.from, first.to), (Some(at("d1")), Some(at("e6"))));
    assert!(first.position.pieces.contains(&(at("e6"), 0)));
    assert!(!first.position.pieces.iter().any(|p| p.0 == at("d1")));
    assert_eq!(
        (replay.plies[1].from, replay.plies[1].to),
        (None, None),
        "a pass"
    );
    assert!(replay.plies.len() > 2 && replay.illegal.is_none());
}

#[test]
fn a_checkers_record_stops_at_its_illegal_move() {
    // S moves second; N cannot step twice.
    let replay = games::replay::checkers("players 2\npieces 10\nN:d1-e6\nN:e6-f6\n").unwrap();
    assert_eq!(replay.plies.len(), 1);
    let illegal = replay.illegal.expect("move 2 is N's again");
    assert_eq!((illegal.ply, illegal.text.as_str()), (2, "N:e6-f6"));
}
