//! Adjudication of whole records: each ending the rules know, and illegal records.

use xiangqi::{
    Ending, Notation, Outcome, Position, Record, Rules, Setup, adjudicate, adjudicate_record,
};

fn pos(fen: &str) -> Position {
    Position::from_setup(fen.parse::<Setup>().unwrap()).unwrap()
}

fn run(start: &Position, moves: &str) -> xiangqi::Adjudication {
    adjudicate(start, moves.split_whitespace(), None, Rules::default()).unwrap()
}

#[test]
fn checkmate_by_two_chariots() {
    // Chariot b8 holds rank 8, chariot a7 goes to a9; e9 would face the red general.
    let start = pos("3k5/1R7/R8/9/9/9/9/9/9/4K4 w");
    let a = run(&start, "a7a9");
    assert_eq!(
        (a.outcome, a.ending, a.plies),
        (Outcome::Red, Ending::Checkmate, 1)
    );
}

#[test]
fn stalemate_loses() {
    // After a7a8 the black general can go neither to d8 (chariot) nor e9 (facing).
    let start = pos("3k5/9/R8/9/9/9/9/9/9/4K4 w");
    let a = run(&start, "a7a8");
    assert_eq!((a.outcome, a.ending), (Outcome::Red, Ending::Stalemate));
}

#[test]
fn perpetual_check_loses() {
    // Red checks with every move: a9 (rank 9), then a8 (rank 8), and back.
    let start = pos("3k5/R8/9/9/9/9/9/9/9/5K3 w");
    let a = run(&start, "a8a9 d9d8 a9a8 d8d9 a8a9 d9d8 a9a8 d8d9");
    assert_eq!(
        (a.outcome, a.ending, a.plies),
        (Outcome::Black, Ending::PerpetualCheck, 8)
    );
}

#[test]
fn idle_repetition_is_a_draw() {
    let a = run(
        &Position::start(),
        "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9",
    );
    assert_eq!(
        (a.outcome, a.ending, a.plies),
        (Outcome::Draw, Ending::Repetition, 8)
    );
    // The same cycle only twice is no repetition yet.
    let a = run(&Position::start(), "h0g2 h9g7 g2h0 g7h9");
    assert_eq!((a.outcome, a.ending), (Outcome::Ongoing, Ending::None));
}

/// A red piece follows a black piece shuttling between two points, attacking it after
/// every move: the third time the cycle comes round, the verdict.
const SHUTTLE: &str = "g5h5 h7i7 h5i5 i7h7 i5h5 h7i7 h5i5 i7h7 i5h5";

#[test]
fn perpetual_chase_of_an_unprotected_piece_loses() {
    // Red's chariot chases black's lone cannon along rank 5; the cannon has no defender.
    let start = pos("4k4/9/7c1/9/6R2/9/9/9/9/3K5 w");
    let a = run(&start, SHUTTLE);
    assert_eq!(
        (a.outcome, a.ending, a.plies),
        (Outcome::Black, Ending::PerpetualChase, 9)
    );
}

#[test]
fn attacking_a_protected_piece_is_no_chase() {
    // The same shuttle, but black's chariot on f7 guards both of the cannon's points
    // along rank 7: the chariot's attacks threaten nothing, the repetition is drawn.
    let start = pos("4k4/9/5r1c1/9/6R2/9/9/9/9/3K5 w");
    let a = run(&start, SHUTTLE);
    assert_eq!((a.outcome, a.ending), (Outcome::Draw, Ending::Repetition));
}

#[test]
fn a_horse_chasing_a_chariot_chases_even_a_protected_one() {
    // Red's horse hops i5 ↔ g6 after black's chariot h7 ↔ i7, attacking it each time;
    // black's other chariot on f7 guards it, but a horse for a chariot wins material.
    // Black's chariot attacks only the horse on i5, which red's chariot on i0 guards,
    // and red's chariot on i0, which attacks it back (an offered exchange): no chase.
    // Red's advisor on e1 leaves the general a square: black threatens no mate.
    let start = pos("4k4/9/5r1r1/6N2/9/9/9/9/4A4/3K4R w");
    // The start comes back a third time after black's eighth ply.
    let a = run(&start, "g6i5 h7i7 i5g6 i7h7 g6i5 h7i7 i5g6 i7h7 g6i5");
    assert_eq!(
        (a.outcome, a.ending, a.plies, a.ignored_plies),
        (Outcome::Black, Ending::PerpetualChase, 8, 1)
    );
}

#[test]
fn natural_move_limit_is_a_setting() {
    let rules = Rules {
        natural_limit_plies: 4,
        ..Rules::default()
    };
    let a = adjudicate(
        &Position::start(),
        "h0g2 h9g7 i0h0 i9h9 b0c2".split_whitespace(),
        None,
        rules,
    )
    .unwrap();
    assert_eq!(
        (a.outcome, a.ending, a.plies, a.ignored_plies),
        (Outcome::Draw, Ending::NaturalLimit, 4, 1)
    );
    // With the default (60 moves each) the same record goes on.
    assert_eq!(
        run(&Position::start(), "h0g2 h9g7 i0h0 i9h9").outcome,
        Outcome::Ongoing
    );
}

#[test]
fn no_attackers_left_is_a_dead_draw() {
    // The red general takes the last soldier.
    let start = pos("3k5/9/9/9/9/9/9/9/4p4/4K4 w");
    let a = run(&start, "e0e1");
    assert_eq!((a.outcome, a.ending), (Outcome::Draw, Ending::DeadPosition));
}

#[test]
fn moves_after_checkmate_are_ignored() {
    let start = pos("3k5/1R7/R8/9/9/9/9/9/9/4K4 w");
    let a = run(&start, "a7a9 d9e9");
    assert_eq!(
        (a.outcome, a.ending, a.plies, a.ignored_plies),
        (Outcome::Red, Ending::Checkmate, 1, 1)
    );
}

#[test]
fn first_illegal_move_is_reported_with_its_ply() {
    let err = adjudicate(
        &Position::start(),
        "h2e2 h9g7 b0d1 a9a8".split_whitespace(),
        None,
        Rules::default(),
    )
    .unwrap_err();
    assert_eq!(
        (err.ply, err.text.as_str(), err.reason.why().as_str()),
        (3, "b0d1", "horse leg blocked at c0")
    );
    // The advisor on e1 is all that stands between the generals.
    let shield = pos("4k4/9/9/9/9/9/9/9/4A4/4K4 w");
    let err = adjudicate(&shield, ["仕五进六"], None, Rules::default()).unwrap_err();
    assert_eq!(
        (err.ply, err.reason.why().as_str()),
        (1, "leaves generals facing")
    );
}

#[test]
fn pgn_record_with_wrong_result_tag() {
    let pgn = "[Game \"Chinese Chess\"]\n[FEN \"3k5/1R7/R8/9/9/9/9/9/9/4K4 w - - 0 1\"]\n[Format \"WXF\"]\n[Result \"0-1\"]\n\n1. R9+2 0-1\n";
    let record: Record = pgn.parse().unwrap();
    let a = adjudicate_record(&record, None, None, Rules::default()).unwrap();
    assert_eq!(a.outcome, Outcome::Red);
    assert_eq!(a.disagreement(), Some(Outcome::Black));
}

#[test]
fn illegal_move_in_a_file_names_its_line() {
    let record: Record = "1. 炮二平五 马8进7\n2. 马二进四 车9平8\n".parse().unwrap();
    let err =
        adjudicate_record(&record, None, Some(Notation::Chinese), Rules::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "ply 3 on line 2 (马二进四): horse leg blocked at g0"
    );
}
