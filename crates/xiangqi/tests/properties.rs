//! Invariants over random legal games and random input.

use proptest::prelude::*;
use xiangqi::{
    Move, Notation, Outcome, Position, Record, Rules, Setup, Square, adjudicate_record,
    record::write_pgn, text::decode,
};

/// Plays a random legal game: each number picks one of the legal moves.
fn random_game(choices: &[u16]) -> Vec<(Position, Move)> {
    let mut pos = Position::start();
    let mut game = Vec::new();
    for &c in choices {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal.as_slice()[c as usize % legal.len()];
        game.push((pos.clone(), m));
        pos.play_unchecked(m);
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_notation_round_trips(choices in prop::collection::vec(any::<u16>(), 1..120)) {
        for (pos, _) in random_game(&choices) {
            for &m in pos.legal_moves().iter() {
                for notation in Notation::ALL {
                    let text = notation.write_move(&pos, m);
                    let back = notation.parse_move(&pos, &text);
                    prop_assert_eq!(back, Ok(m), "{} in {} at {}", text, notation, pos);
                }
            }
        }
    }

    #[test]
    fn single_move_check_agrees_with_generation(choices in prop::collection::vec(any::<u16>(), 1..150)) {
        for (pos, _) in random_game(&choices) {
            let legal = pos.legal_moves();
            for (from, piece) in pos.board().pieces() {
                if piece.color != pos.turn() {
                    continue;
                }
                for to in Square::all() {
                    let m = Move::new(from, to);
                    prop_assert_eq!(pos.is_legal(m), legal.contains(&m), "{} at {}", m, pos);
                }
            }
        }
    }

    /// Playing a move from a record (`play_checked`, with its quick path for moves of
    /// the right shape) accepts exactly the legal moves, gives the same position as
    /// playing it unchecked, and refuses every other pair of points with the reason
    /// `check_move` gives, the position untouched.
    #[test]
    fn playing_a_checked_move_agrees_with_generation(choices in prop::collection::vec(any::<u16>(), 1..150)) {
        for (pos, _) in random_game(&choices) {
            let legal = pos.legal_moves();
            for from in Square::all() {
                for to in Square::all() {
                    let m = Move::new(from, to);
                    let mut played = pos.clone();
                    match played.play_checked(from, to) {
                        Ok(back) => {
                            prop_assert!(legal.contains(&m), "{} accepted at {}", m, pos);
                            prop_assert_eq!(back, m);
                            prop_assert_eq!(&played, &pos.after(m));
                        }
                        Err(e) => {
                            prop_assert!(!legal.contains(&m), "{} refused at {}", m, pos);
                            prop_assert_eq!(Err(e), pos.check_move(from, to));
                            prop_assert_eq!(&played, &pos);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn fen_round_trips(choices in prop::collection::vec(any::<u16>(), 0..150)) {
        for (pos, _) in random_game(&choices) {
            let fen = pos.to_string();
            let again = Position::from_setup(fen.parse::<Setup>().unwrap()).unwrap();
            prop_assert_eq!(again, pos);
        }
    }

    #[test]
    fn pgn_in_every_notation_replays_to_the_same_verdict(choices in prop::collection::vec(any::<u16>(), 1..200)) {
        let game = random_game(&choices);
        let moves: Vec<Move> = game.iter().map(|(_, m)| *m).collect();
        let mut verdicts = Vec::new();
        for notation in Notation::ALL {
            let pgn = write_pgn(&[], &Position::start(), &moves, notation, Outcome::Ongoing);
            let record: Record = pgn.parse().unwrap();
            let a = adjudicate_record(&record, None, None, Rules::default()).unwrap();
            prop_assert_eq!(&a.moves[..], &moves[..a.plies as usize]);
            verdicts.push((a.outcome, a.ending, a.plies));
        }
        prop_assert!(verdicts.windows(2).all(|w| w[0] == w[1]));
    }

    #[test]
    fn parsers_never_panic_on_random_bytes(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let text = decode(&bytes);
        let _ = text.parse::<Setup>();
        let _ = text.parse::<Record>();
        for notation in Notation::ALL {
            let _ = notation.parse_move(&Position::start(), &text);
        }
    }

    #[test]
    fn parsers_never_panic_on_near_miss_text(text in "[a-iA-I0-9KAEHRCP+=.\\-前后中一二三四五六七八九车马炮兵进退平 \\[\\]\"{}();/]{0,40}") {
        let _ = text.parse::<Setup>();
        if let Ok(record) = text.parse::<Record>() {
            let _ = adjudicate_record(&record, None, None, Rules::default());
        }
        for notation in Notation::ALL {
            let _ = notation.parse_move(&Position::start(), &text);
        }
    }
}

/// Generals, advisors and elephants, and a soldier each on the e-file (so that the
/// generals do not face): no defender can reach a piece of the other side, so a
/// shuffle of defenders checks, chases and threatens nothing.
const DEFENDERS_ONLY: &str = "2eakae2/9/9/4p4/9/9/4P4/9/9/2EAKAE2 w";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Under either code, a cycle of idle moves (here: any shuffle of defenders, a
    /// move and its reverse for each side) is a draw by repetition.
    #[test]
    fn a_cycle_of_idle_moves_is_a_draw(red in any::<u16>(), black in any::<u16>(), asian in any::<bool>()) {
        let start = Position::from_setup(DEFENDERS_ONLY.parse::<Setup>().unwrap()).unwrap();
        let pick = |pos: &Position, n: u16| {
            let legal = pos.legal_moves();
            legal.as_slice()[n as usize % legal.len()]
        };
        let r = pick(&start, red);
        let after_red = start.after(r);
        let b = pick(&after_red, black);
        let back = |m: Move| Move::new(m.to, m.from);
        let cycle = [r, b, back(r), back(b)];
        let texts: Vec<String> = cycle.iter().chain(cycle.iter()).map(|m| m.to_string()).collect();
        let code = if asian { xiangqi::RuleCode::Asian } else { xiangqi::RuleCode::Chinese };
        let a = xiangqi::adjudicate(&start, texts.iter().map(String::as_str), None, Rules::of(code));
        // A move with no way back (a soldier's step) makes no cycle: nothing to judge.
        if let Ok(a) = a {
            prop_assert_eq!(a.outcome, Outcome::Draw);
            prop_assert_eq!(a.ending, xiangqi::Ending::Repetition);
            prop_assert_eq!(a.ruling, Some((code, xiangqi::Ruling::NoViolation)));
        }
    }
}
