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

#[test]
fn a_junqi_record_replays_with_every_piece_named_until_the_flag_falls() {
    let replay = games::replay::junqi(include_str!("fixtures/junqi_flag_in_21.txt")).unwrap();
    // Two players on the 5 × 12 board, 25 pieces each at the start.
    assert_eq!(replay.squares.len(), 60);
    assert_eq!(replay.start.pieces.len(), 50);
    let seats: Vec<String> = replay.seats.iter().map(|m| render(m, Lang::Zh)).collect();
    assert_eq!(seats, ["南方", "北方"]);
    let square = |name: &str| replay.squares.iter().position(|s| s.name == name).unwrap();
    assert!(replay.squares[square("b1")].headquarters && replay.squares[square("b3")].camp);
    assert_eq!(replay.squares[square("c4")].at, [2, 3]);
    // 1. e6-e7: engineer meets engineer, both gone; the move changed both squares.
    let first = &replay.plies[0];
    assert_eq!(first.written, "e6-e7");
    assert_eq!(first.changed, [square("e6"), square("e7")]);
    assert_eq!(first.position.pieces.len(), 48);
    // Twenty-one moves; the last takes north's flag (军旗) in its headquarters.
    assert_eq!(replay.plies.len(), 21);
    let on = |pos: &games::replay::JunqiPosition, name: &str| {
        pos.pieces
            .iter()
            .find(|p| p.0 == square(name))
            .map(|p| (p.1, render(&replay.kinds[p.2], Lang::Zh)))
    };
    assert_eq!(on(&replay.start, "b12"), Some((1, "军旗".to_string())));
    assert_eq!(
        on(&replay.plies[20].position, "b12"),
        Some((0, "旅长".to_string()))
    );
    assert!(replay.illegal.is_none());
}

#[test]
fn a_four_player_junqi_record_replays_on_the_cross() {
    let replay = games::replay::junqi(include_str!("fixtures/junqi_four_escape.txt")).unwrap();
    // Four arms of 30 points and the nine middle nodes, on a 17 × 17 grid.
    assert_eq!(replay.squares.len(), 129);
    assert!(
        replay
            .squares
            .iter()
            .all(|s| (0..17).contains(&s.at[0]) && (0..17).contains(&s.at[1]))
    );
    let seats: Vec<String> = replay.seats.iter().map(|m| render(m, Lang::Zh)).collect();
    assert_eq!(seats, ["南方", "东方", "北方", "西方"]);
    assert_eq!(replay.start.pieces.len(), 100);
}
