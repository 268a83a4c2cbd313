//! Touch-move (摸子走子, rule 2.7 (2)–(5) of the event rules): which moves a player who
//! touched pieces must now choose from. With several pieces touched, the first own
//! and the first opposing piece touched count, in the order they were touched.

use crate::{Move, Position, Square};

/// What the player is held to.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "duty", rename_all = "snake_case")]
pub enum Duty {
    /// Capture the touched opposing piece with the touched own piece.
    CaptureWithTouched { own: String, target: String },
    /// Move the touched own piece.
    MoveTouched { own: String },
    /// Capture the touched opposing piece with any piece.
    CaptureTouched { target: String },
    /// No obligation: the touched pieces can neither move nor be captured.
    Free,
}

/// A technical foul (rule 8 (3), (4)): touching a piece that then cannot be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TouchFoul {
    OwnPieceCannotMove,
    OpponentPieceCannotBeCaptured,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Obligation {
    pub duty: Duty,
    /// The moves to choose from; empty when the player is free.
    pub moves: Vec<Move>,
    pub fouls: Vec<TouchFoul>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TouchError {
    #[error("no piece on {0}")]
    Empty(Square),
    #[error("no square was touched")]
    Nothing,
}

/// The obligation after touching `touched` (in that order) in `pos`.
pub fn touch_move(pos: &Position, touched: &[Square]) -> Result<Obligation, TouchError> {
    if touched.is_empty() {
        return Err(TouchError::Nothing);
    }
    let mut own = None;
    let mut theirs = None;
    let mut own_first = false;
    for &sq in touched {
        let piece = pos.board().get(sq).ok_or(TouchError::Empty(sq))?;
        if piece.color == pos.turn() {
            if own.is_none() {
                own_first = theirs.is_none();
                own = Some(sq);
            }
        } else if theirs.is_none() {
            theirs = Some(sq);
        }
    }
    let legal = pos.legal_moves();
    let moves_of =
        |from: Square| -> Vec<Move> { legal.iter().filter(|m| m.from == from).copied().collect() };
    let captures_of = |target: Square| -> Vec<Move> {
        legal.iter().filter(|m| m.to == target).copied().collect()
    };
    let with_touched = match (own, theirs) {
        (Some(o), Some(t)) => legal
            .iter()
            .filter(|m| m.from == o && m.to == t)
            .copied()
            .collect(),
        _ => Vec::new(),
    };
    let own_moves = own.map(moves_of).unwrap_or_default();
    let captures = theirs.map(captures_of).unwrap_or_default();
    let mut fouls = Vec::new();
    if own.is_some() && own_moves.is_empty() {
        fouls.push(TouchFoul::OwnPieceCannotMove);
    }
    if theirs.is_some() && captures.is_empty() {
        fouls.push(TouchFoul::OpponentPieceCannotBeCaptured);
    }
    let name = |sq: Option<Square>| sq.map(|s| s.to_string()).unwrap_or_default();
    let move_touched = Duty::MoveTouched { own: name(own) };
    let capture_touched = Duty::CaptureTouched {
        target: name(theirs),
    };
    let capture_with = Duty::CaptureWithTouched {
        own: name(own),
        target: name(theirs),
    };
    // The order of duties the rules give: own-then-opposing is (4), opposing-then-own (5).
    let ladder: Vec<(Duty, Vec<Move>)> = match (own.is_some(), theirs.is_some(), own_first) {
        (true, false, _) => vec![(move_touched, own_moves)],
        (false, true, _) => vec![(capture_touched, captures)],
        (true, true, true) => vec![
            (capture_with, with_touched),
            (move_touched, own_moves),
            (capture_touched, captures),
        ],
        (true, true, false) => vec![
            (capture_with, with_touched),
            (capture_touched, captures),
            (move_touched, own_moves),
        ],
        (false, false, _) => Vec::new(),
    };
    let (duty, moves) = ladder
        .into_iter()
        .find(|(_, moves)| !moves.is_empty())
        .unwrap_or((Duty::Free, Vec::new()));
    Ok(Obligation { duty, moves, fouls })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Setup;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    fn moves(o: &Obligation) -> Vec<String> {
        let mut v: Vec<String> = o.moves.iter().map(|m| m.to_string()).collect();
        v.sort();
        v
    }

    #[test]
    fn own_piece_must_move() {
        let o = touch_move(&Position::start(), &[sq("b0")]).unwrap();
        assert_eq!(moves(&o), ["b0a2", "b0c2"]);
        assert!(o.fouls.is_empty());
        // The general on e0 can only step up to e1.
        let blocked = touch_move(&Position::start(), &[sq("e0")]).unwrap();
        assert_eq!(moves(&blocked), ["e0e1"]);
    }

    #[test]
    fn opponent_piece_must_be_captured_if_possible() {
        // Only the cannon on h2 can take the black chariot on h9 (over the screen on h7).
        let o = touch_move(&Position::start(), &[sq("h9")]).unwrap();
        assert_eq!(moves(&o), ["h2h9"]);
        let free = touch_move(&Position::start(), &[sq("a9")]).unwrap();
        assert_eq!(free.duty, Duty::Free);
        assert_eq!(free.fouls, [TouchFoul::OpponentPieceCannotBeCaptured]);
    }

    #[test]
    fn own_then_opponent_follows_rule_4() {
        let start = Position::start();
        // Touched own cannon h2 then the black chariot h9: the cannon must take it.
        let o = touch_move(&start, &[sq("h2"), sq("h9")]).unwrap();
        assert_eq!(moves(&o), ["h2h9"]);
        // Touched own horse b0, then the black chariot h9: the horse cannot take it,
        // so the horse must move (before any other piece takes the chariot).
        let o = touch_move(&start, &[sq("b0"), sq("h9")]).unwrap();
        assert_eq!(o.duty, Duty::MoveTouched { own: "b0".into() });
        assert_eq!(moves(&o), ["b0a2", "b0c2"]);
    }

    #[test]
    fn opponent_then_own_follows_rule_5() {
        let start = Position::start();
        // Touched the black chariot h9, then own horse b0: the horse cannot take it, so
        // another piece (the cannon) must.
        let o = touch_move(&start, &[sq("h9"), sq("b0")]).unwrap();
        assert_eq!(
            o.duty,
            Duty::CaptureTouched {
                target: "h9".into()
            }
        );
        assert_eq!(moves(&o), ["h2h9"]);
        // Touched the black chariot a9 (nobody can take it), then own chariot a0 (can
        // move): move the chariot.
        let o = touch_move(&start, &[sq("a9"), sq("a0")]).unwrap();
        assert_eq!(moves(&o), ["a0a1", "a0a2"]);
        assert_eq!(o.fouls, [TouchFoul::OpponentPieceCannotBeCaptured]);
    }

    #[test]
    fn empty_square_is_an_error() {
        let p = Position::from_setup(Setup::start()).unwrap();
        assert_eq!(
            touch_move(&p, &[sq("e5")]),
            Err(TouchError::Empty(sq("e5")))
        );
    }
}
