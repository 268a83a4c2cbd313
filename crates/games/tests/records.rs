//! The three engines' verdicts through one face: known endings from each game's rules,
//! seats counted from the first mover, and errors that name the move.

use games::{Game, Outcome, RecordError, adjudicate};
use proptest::prelude::*;

fn zh(m: &messages::Message) -> String {
    messages::render(m, messages::Lang::Zh)
}

#[test]
fn xiangqi_checkmate_is_a_win_for_red() {
    // Chariot b8 holds rank 8, chariot a7 goes to a9: mate.
    let pgn = "[FEN \"3k5/1R7/R8/9/9/9/9/9/9/4K4 w\"]\n\n1. a7a9\n";
    let a = adjudicate(Game::Xiangqi, pgn).unwrap();
    assert_eq!(a.outcome, Outcome::Win { winner: 0 });
    assert_eq!(
        (a.ending.id, zh(&a.ending.words).as_str(), a.moves),
        ("checkmate", "将死", 1)
    );
    assert!(!a.claimed);
}

#[test]
fn xiangqi_result_tag_speaks_for_a_game_not_over_on_the_board() {
    // Two opening moves, then red resigned: the board says nothing, the tag does.
    let pgn = "[Result \"0-1\"]\n\n1. h2e2 h9g7 0-1\n";
    let a = adjudicate(Game::Xiangqi, pgn).unwrap();
    assert_eq!(a.outcome, Outcome::Win { winner: 1 });
    assert!(a.claimed);
    assert_eq!((a.ending.id, a.moves), ("result_tag", 2));
    // Without a tag the game simply goes on.
    let a = adjudicate(Game::Xiangqi, "h2e2 h9g7").unwrap();
    assert_eq!(a.outcome, Outcome::Ongoing);
}

#[test]
fn xiangqi_illegal_move_names_its_ply() {
    let err = adjudicate(Game::Xiangqi, "h2e2 h9g7 e2e9").unwrap_err();
    assert!(matches!(err, RecordError::Illegal(_)), "{err:?}");
    assert!(err.to_string().contains("ply 3"), "{err}");
}

fn fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn checkers_goal_filled_and_dead_game() {
    // N (seat 0, the first of a two-player seating) fills S's camp on its second move.
    let filled = "players 2
place N: n1 n2 n3 o1 o2 o3 p1 p2 q1 m8
place S: a1 b1 b2 c1 c2 c3 d1 d2 d3 e5
to-move N
1. m8-m9 e5-e6
2. m9-n4
";
    let a = adjudicate(Game::Checkers, filled).unwrap();
    assert_eq!(a.outcome, Outcome::Win { winner: 0 });
    assert_eq!(
        (a.ending.id, a.moves, a.order.as_slice()),
        ("goal_filled", 3, &[0][..])
    );
    let a = adjudicate(Game::Checkers, &fixture("checkers_dead_game.txt")).unwrap();
    assert_eq!(a.outcome, Outcome::DeadGame { leader: Some(0) });
    assert_eq!((zh(&a.ending.words).as_str(), a.moves), ("死局", 21));
    // Twenty-two passes from the start: dead and level.
    let a = adjudicate(Game::Checkers, &"pass ".repeat(22)).unwrap();
    assert_eq!(a.outcome, Outcome::DeadGame { leader: None });
}

#[test]
fn checkers_errors_name_the_move() {
    let err = adjudicate(Game::Checkers, "d1-e6 d2-e7").unwrap_err();
    assert!(err.to_string().starts_with("move 2"), "{err}");
    let err = adjudicate(Game::Checkers, "players 2\ncamp-rule sideways\n").unwrap_err();
    assert!(matches!(err, RecordError::Unreadable(_)));
    assert!(err.to_string().starts_with("line 2"), "{err}");
}

#[test]
fn junqi_two_player_endings_keep_their_kind_and_length() {
    let a = adjudicate(Game::Junqi, &fixture("junqi_flag_in_21.txt")).unwrap();
    assert_eq!(a.outcome, Outcome::Win { winner: 0 });
    assert_eq!(
        (a.ending.id, a.moves, a.moves_since_capture),
        ("flag_captured", 21, Some(0))
    );
    let a = adjudicate(Game::Junqi, &fixture("junqi_surrender_after_20.txt")).unwrap();
    assert_eq!(a.outcome, Outcome::Surrender { loser: 0 });
    assert_eq!((a.moves, a.moves_since_capture), (20, Some(20)));
    let a = adjudicate(Game::Junqi, &fixture("junqi_five_timeouts.txt")).unwrap();
    assert_eq!(a.outcome, Outcome::Win { winner: 1 });
    assert_eq!(
        (a.ending.id, a.moves, a.order.as_slice()),
        ("timeouts", 4, &[0][..])
    );
}

#[test]
fn junqi_escape_and_early_surrender() {
    let setups = fixture("junqi_five_timeouts.txt");
    let setups = &setups[..setups.find("1. timeout").unwrap()];
    let a = adjudicate(Game::Junqi, &format!("{setups}d6-d5 escape")).unwrap();
    assert_eq!(
        a.outcome,
        Outcome::Escape {
            escaper: 1,
            partner_already_lost: false
        }
    );
    let err = adjudicate(Game::Junqi, &format!("{setups}d6-d5 surrender")).unwrap_err();
    assert!(err.to_string().starts_with("move 2"), "{err}");
}

#[test]
fn junqi_four_player_escapes_score_by_the_partner() {
    // South goes out on timeouts, then north escapes: its partner was out.
    let record = fixture("junqi_four_escape.txt");
    let a = adjudicate(Game::Junqi, &record).unwrap();
    assert_eq!(a.seats, 4);
    assert_eq!(
        a.outcome,
        Outcome::Escape {
            escaper: 2,
            partner_already_lost: true
        }
    );
    assert_eq!(a.order, [0, 2]);
    // North escapes while south plays on: nobody scores.
    let early = &record[..record.find("1. timeout").unwrap()];
    let a = adjudicate(Game::Junqi, &format!("{early}sd6-sd5 ed6-ed5 escape")).unwrap();
    assert_eq!(
        a.outcome,
        Outcome::Escape {
            escaper: 2,
            partner_already_lost: false
        }
    );
}

proptest! {
    #[test]
    fn any_text_gets_a_verdict_or_an_error(text in "[a-q0-9 :\\-\\n.\\[\\]\"A-Z车马炮兵进退平]{0,80}") {
        for game in [Game::Xiangqi, Game::Checkers, Game::Junqi] {
            let _ = adjudicate(game, &text);
        }
    }
}
