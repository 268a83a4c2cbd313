//! Published perft figures for Xiangqi.

use xiangqi::{Position, Setup, perft};

fn position(fen: &str) -> Position {
    Position::from_setup(fen.parse::<Setup>().unwrap()).unwrap()
}

const MIDGAME: &str = "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w";

#[test]
fn start_position_to_depth_3() {
    let pos = Position::start();
    assert_eq!(perft(&pos, 1), 44);
    assert_eq!(perft(&pos, 2), 1_920);
    assert_eq!(perft(&pos, 3), 79_666);
}

#[test]
fn midgame_position_to_depth_3() {
    let pos = position(MIDGAME);
    assert_eq!(perft(&pos, 1), 38);
    assert_eq!(perft(&pos, 2), 1_128);
    assert_eq!(perft(&pos, 3), 43_929);
}

/// The deep figures take seconds in release mode; `.ci/run` runs them with
/// `cargo test --release -- --ignored`.
#[test]
#[ignore = "deep perft: run in release mode"]
fn start_position_depth_4_and_5() {
    let pos = Position::start();
    assert_eq!(perft(&pos, 4), 3_290_240);
    assert_eq!(perft(&pos, 5), 133_312_995);
}

#[test]
#[ignore = "deep perft: run in release mode"]
fn midgame_position_depth_4_and_5() {
    let pos = position(MIDGAME);
    assert_eq!(perft(&pos, 4), 1_339_047);
    assert_eq!(perft(&pos, 5), 53_112_976);
}

/// #34's 12-piece endgame, where checks and the generals' own moves are most of the
/// work; the figures are Pikafish's (`go perft N`, commit 97133eeb).
const ENDGAME: &str = "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w";

#[test]
fn endgame_position_to_depth_4() {
    let pos = position(ENDGAME);
    assert_eq!(perft(&pos, 1), 13);
    assert_eq!(perft(&pos, 2), 272);
    assert_eq!(perft(&pos, 3), 3_707);
    assert_eq!(perft(&pos, 4), 92_741);
}

#[test]
#[ignore = "deep perft: run in release mode"]
fn endgame_position_depth_5_and_6() {
    let pos = position(ENDGAME);
    assert_eq!(perft(&pos, 5), 1_452_406);
    assert_eq!(perft(&pos, 6), 40_090_779);
}
