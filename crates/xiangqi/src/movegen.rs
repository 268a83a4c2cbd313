//! Piece movement and check detection over a bare [`Board`]. Legal-move filtering on
//! top of these lives in `position.rs`.

use crate::{Board, Color, Move, MoveList, Piece, Role, Square};

pub(crate) const ORTHOGONAL: [(i8, i8); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
pub(crate) const DIAGONAL: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
/// Horse jumps as (file, rank) steps.
pub(crate) const HORSE: [(i8, i8); 8] = [
    (1, 2),
    (-1, 2),
    (1, -2),
    (-1, -2),
    (2, 1),
    (2, -1),
    (-2, 1),
    (-2, -1),
];

/// The leg point a horse jump by (df, dr) must find empty.
#[inline]
pub(crate) const fn horse_leg(df: i8, dr: i8) -> (i8, i8) {
    if dr == 2 || dr == -2 {
        (0, dr / 2)
    } else {
        (df / 2, 0)
    }
}

#[inline]
fn push_unless_own(board: &Board, us: Color, from: Square, to: Square, list: &mut MoveList) {
    match board.get(to) {
        Some(p) if p.color == us => {}
        _ => list.push(Move::new(from, to)),
    }
}

/// All moves of `us` that obey how pieces move, ignoring whether the own general is
/// left in check or facing the other.
pub(crate) fn pseudo_legal(board: &Board, us: Color, list: &mut MoveList) {
    for (from, piece) in board.pieces() {
        if piece.color == us {
            piece_moves(board, from, piece, list);
        }
    }
}

/// The moves one piece could make by its own movement rule.
pub(crate) fn piece_moves(board: &Board, from: Square, piece: Piece, list: &mut MoveList) {
    let us = piece.color;
    match piece.role {
        Role::General => {
            for (df, dr) in ORTHOGONAL {
                if let Some(to) = from.offset(df, dr).filter(|t| t.in_palace(us)) {
                    push_unless_own(board, us, from, to, list);
                }
            }
        }
        Role::Advisor => {
            for (df, dr) in DIAGONAL {
                if let Some(to) = from.offset(df, dr).filter(|t| t.in_palace(us)) {
                    push_unless_own(board, us, from, to, list);
                }
            }
        }
        Role::Elephant => {
            for (df, dr) in DIAGONAL {
                let Some(to) = from.offset(2 * df, 2 * dr) else {
                    continue;
                };
                if to.on_own_side(us) && from.offset(df, dr).is_some_and(|eye| board.get(eye).is_none()) {
                    push_unless_own(board, us, from, to, list);
                }
            }
        }
        Role::Horse => {
            for (df, dr) in HORSE {
                let Some(to) = from.offset(df, dr) else {
                    continue;
                };
                let (lf, lr) = horse_leg(df, dr);
                if from.offset(lf, lr).is_some_and(|leg| board.get(leg).is_none()) {
                    push_unless_own(board, us, from, to, list);
                }
            }
        }
        Role::Chariot => {
            for (df, dr) in ORTHOGONAL {
                let mut cur = from;
                while let Some(to) = cur.offset(df, dr) {
                    match board.get(to) {
                        None => list.push(Move::new(from, to)),
                        Some(p) => {
                            if p.color != us {
                                list.push(Move::new(from, to));
                            }
                            break;
                        }
                    }
                    cur = to;
                }
            }
        }
        Role::Cannon => {
            for (df, dr) in ORTHOGONAL {
                let mut cur = from;
                let mut screened = false;
                while let Some(to) = cur.offset(df, dr) {
                    match (board.get(to), screened) {
                        (None, false) => list.push(Move::new(from, to)),
                        (None, true) => {}
                        (Some(_), false) => screened = true,
                        (Some(p), true) => {
                            if p.color != us {
                                list.push(Move::new(from, to));
                            }
                            break;
                        }
                    }
                    cur = to;
                }
            }
        }
        Role::Soldier => {
            if let Some(to) = from.offset(0, us.forward()) {
                push_unless_own(board, us, from, to, list);
            }
            if !from.on_own_side(us) {
                for df in [-1, 1] {
                    if let Some(to) = from.offset(df, 0) {
                        push_unless_own(board, us, from, to, list);
                    }
                }
            }
        }
    }
}

/// Whether the general of `us`, standing on `general`, is attacked: by a chariot,
/// cannon, horse or soldier of the other side, or by the other general on an open file.
pub(crate) fn general_attacked(board: &Board, general: Square, us: Color) -> bool {
    let them = !us;
    for (df, dr) in ORTHOGONAL {
        let mut cur = general;
        let mut screened = false;
        while let Some(sq) = cur.offset(df, dr) {
            if let Some(p) = board.get(sq) {
                if screened {
                    if p.color == them && p.role == Role::Cannon {
                        return true;
                    }
                    break;
                }
                if p.color == them
                    && (p.role == Role::Chariot || (p.role == Role::General && df == 0))
                {
                    return true;
                }
                screened = true;
            }
            cur = sq;
        }
    }
    for (df, dr) in HORSE {
        let Some(src) = general.offset(df, dr) else {
            continue;
        };
        if board.get(src) == Some(Piece::new(them, Role::Horse)) {
            // The horse jumps back by (-df, -dr); its leg is next to the horse.
            let (lf, lr) = horse_leg(-df, -dr);
            if src.offset(lf, lr).is_some_and(|leg| board.get(leg).is_none()) {
                return true;
            }
        }
    }
    let soldier = Some(Piece::new(them, Role::Soldier));
    // An enemy soldier attacks by stepping towards us (its forward) or sideways.
    for (df, dr) in [(0, -them.forward()), (1, 0), (-1, 0)] {
        if general.offset(df, dr).is_some_and(|sq| board.get(sq) == soldier) {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Setup;

    fn board(fen: &str) -> Board {
        fen.parse::<Setup>().unwrap().board
    }

    #[test]
    fn horse_check_needs_a_free_leg() {
        // Red horse on c8 jumps to e9 over the leg d8.
        let b = board("4k4/2N6/9/9/9/9/9/9/9/3K5 w");
        assert!(general_attacked(&b, "e9".parse().unwrap(), Color::Black));
        let blocked = board("4k4/2Na5/9/9/9/9/9/9/9/3K5 w");
        assert!(!general_attacked(&blocked, "e9".parse().unwrap(), Color::Black));
    }

    #[test]
    fn cannon_checks_only_over_one_screen() {
        let one = board("4k4/9/4p4/9/9/9/9/4C4/9/3K5 w");
        assert!(general_attacked(&one, "e9".parse().unwrap(), Color::Black));
        let two = board("4k4/9/4p4/4p4/9/9/9/4C4/9/3K5 w");
        assert!(!general_attacked(&two, "e9".parse().unwrap(), Color::Black));
    }

    #[test]
    fn facing_generals_count_as_attack() {
        let b = board("4k4/9/9/9/9/9/9/9/9/4K4 w");
        assert!(general_attacked(&b, "e0".parse().unwrap(), Color::Red));
        let screened = board("4k4/9/9/9/4p4/9/9/9/9/4K4 w");
        assert!(!general_attacked(&screened, "e0".parse().unwrap(), Color::Red));
    }

    #[test]
    fn soldiers_attack_forward_and_sideways_not_backward() {
        // Black soldier on e1 (in front of red general e0, moving down): check.
        let front = board("4k4/9/9/9/9/9/9/9/4p4/4K4 w");
        assert!(general_attacked(&front, "e0".parse().unwrap(), Color::Red));
        let side = board("3k5/9/9/9/9/9/9/9/9/3pK4 w");
        assert!(general_attacked(&side, "e0".parse().unwrap(), Color::Red));
        // A red soldier that passed the black general cannot attack it backwards.
        let behind = board("4P4/4k4/9/9/9/9/9/9/9/3K5 w");
        assert!(!general_attacked(&behind, "e8".parse().unwrap(), Color::Black));
    }
}
