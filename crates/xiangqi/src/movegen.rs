//! Piece movement and check detection over a bare [`Board`]. Legal-move filtering on
//! top of these lives in `position.rs`.

use crate::board::nth_along;
use crate::tables::{
    ADVISOR_MASKS, ADVISOR_MOVES, ELEPHANT_MASKS, ELEPHANT_MOVES, GENERAL_MASKS, GENERAL_MOVES,
    HORSE_ATTACKERS, HORSE_MASKS, HORSE_MOVES, HORSE_SOURCES, LINES, RAY_MASKS, RAYS,
    SOLDIER_ATTACKERS, SOLDIER_MASKS, SOLDIER_MOVES, SOLDIER_SOURCES, StepMasks, Steps,
};
use crate::{Board, Color, Move, MoveList, Piece, Role, Square};

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
    for (from, piece) in board.pieces_of(us) {
        piece_moves(board, from, piece, list);
    }
}

/// The moves one piece could make by its own movement rule.
pub(crate) fn piece_moves(board: &Board, from: Square, piece: Piece, list: &mut MoveList) {
    let us = piece.color;
    let c = us.index();
    let f = from.index();
    match piece.role {
        Role::General => steps(board, us, from, &GENERAL_MOVES[c][f], false, list),
        Role::Advisor => steps(board, us, from, &ADVISOR_MOVES[c][f], false, list),
        Role::Elephant => steps(board, us, from, &ELEPHANT_MOVES[c][f], true, list),
        Role::Horse => steps(board, us, from, &HORSE_MOVES[f], true, list),
        Role::Soldier => steps(board, us, from, &SOLDIER_MOVES[c][f], false, list),
        Role::Chariot => {
            for ray in &RAYS[f] {
                for &to in &ray.squares[..ray.len as usize] {
                    let to = Square::from_index(to as usize);
                    match board.get(to) {
                        None => list.push(Move::new(from, to)),
                        Some(p) => {
                            if p.color != us {
                                list.push(Move::new(from, to));
                            }
                            break;
                        }
                    }
                }
            }
        }
        Role::Cannon => {
            for ray in &RAYS[f] {
                let mut screened = false;
                for &to in &ray.squares[..ray.len as usize] {
                    let to = Square::from_index(to as usize);
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
                }
            }
        }
    }
}

/// How many moves one piece could make by its own movement rule: [`piece_moves`]
/// counted, not listed (perft's last ply, where most pieces cannot expose their
/// general and every pseudo-legal move of theirs is legal).
pub(crate) fn count_piece_moves(board: &Board, from: Square, piece: Piece) -> u32 {
    let us = piece.color;
    let c = us.index();
    let f = from.index();
    let enemy = |sq: Square| {
        let code = board.code(sq);
        code != 0 && (usize::from(code) - 1) / 7 != c
    };
    let own = board.side_points(us);
    let occupied = own | board.side_points(!us);
    let count_steps = |masks: &StepMasks, table: &Steps| {
        let reach = match masks.blocks & occupied {
            0 => masks.targets,
            _ => table.reach(occupied),
        };
        (reach & !own).count_ones()
    };
    match piece.role {
        Role::General => count_steps(&GENERAL_MASKS[c][f], &GENERAL_MOVES[c][f]),
        Role::Advisor => count_steps(&ADVISOR_MASKS[c][f], &ADVISOR_MOVES[c][f]),
        Role::Elephant => count_steps(&ELEPHANT_MASKS[c][f], &ELEPHANT_MOVES[c][f]),
        Role::Horse => count_steps(&HORSE_MASKS[f], &HORSE_MOVES[f]),
        Role::Soldier => count_steps(&SOLDIER_MASKS[c][f], &SOLDIER_MOVES[c][f]),
        // Along each line: the empty points up to the first piece, and that piece if
        // it is the other side's.
        Role::Chariot => (0..4)
            .map(|dir| match board.ahead(from, dir) {
                (0, room) => room,
                (ahead, _) => {
                    ahead.trailing_zeros() + u32::from(enemy(nth_along(from, dir, ahead)))
                }
            })
            .sum(),
        // The empty points up to the screen, and the piece behind it if it is theirs.
        Role::Cannon => (0..4)
            .map(|dir| match board.ahead(from, dir) {
                (0, room) => room,
                (ahead, _) => {
                    let behind = ahead & (ahead - 1);
                    ahead.trailing_zeros()
                        + u32::from(behind != 0 && enemy(nth_along(from, dir, behind)))
                }
            })
            .sum(),
    }
}

#[inline]
fn steps(
    board: &Board,
    us: Color,
    from: Square,
    table: &Steps,
    blockable: bool,
    list: &mut MoveList,
) {
    for (to, block) in table.iter() {
        if blockable && board.get(block).is_some() {
            continue;
        }
        push_unless_own(board, us, from, to, list);
    }
}

/// Whether the general of `us`, standing on `general`, is attacked: by a chariot,
/// cannon, horse or soldier of the other side, or by the other general on an open file.
pub(crate) fn general_attacked(board: &Board, general: Square, us: Color) -> bool {
    attacked_on(board, general, us, None)
}

/// Whether the general of `us` on `general` would be attacked after our piece moved
/// `from → to` (for a step of the general itself, `general` is `to`):
/// [`general_attacked`] on the board as it would be, read without moving anything.
pub(crate) fn general_attacked_after_move(
    board: &Board,
    general: Square,
    us: Color,
    from: Square,
    to: Square,
) -> bool {
    attacked_on(board, general, us, Some((from, to)))
}

/// [`general_attacked`], on the board as it would be after `moved` when given: every
/// test is a mask test on the occupancy and the enemy's pieces as they would be, with
/// no point looked up.
#[inline(always)]
fn attacked_on(board: &Board, general: Square, us: Color, moved: Option<(Square, Square)>) -> bool {
    let mut occupied = board.side_points(Color::Red) | board.side_points(Color::Black);
    // The mover is ours: an enemy piece only leaves the board, taken on `to`.
    let mut survivors = !0u128;
    if let Some((from, to)) = moved {
        occupied = (occupied & !from.bit()) | to.bit();
        survivors = !to.bit();
    }
    let enemy = |role| board.points_of(Piece::new(!us, role)) & survivors;
    let (chariots, cannons) = (enemy(Role::Chariot), enemy(Role::Cannon));
    let facing = chariots | enemy(Role::General);
    let rays = &RAY_MASKS[general.index()];
    for (dir, &ray) in rays.iter().enumerate() {
        // The generals face each other only along the file.
        let direct = if dir < 2 { facing } else { chariots };
        if (direct | cannons) & ray == 0 {
            continue;
        }
        let ahead = occupied & ray;
        let first = nearest(ahead, dir);
        if first & direct != 0 || nearest(ahead & !first, dir) & cannons != 0 {
            return true;
        }
    }
    let horses = enemy(Role::Horse) & HORSE_SOURCES[general.index()];
    if horses != 0
        && HORSE_ATTACKERS[general.index()]
            .iter()
            .any(|(src, leg)| horses & src.bit() != 0 && occupied & leg.bit() == 0)
    {
        return true;
    }
    enemy(Role::Soldier) & SOLDIER_SOURCES[(!us).index()][general.index()] != 0
}

/// The bit of the piece of `line` (one ray's points) nearest the ray's start: the
/// square index grows along even directions (up the file, towards file i).
#[inline(always)]
pub(crate) fn nearest(line: u128, dir: usize) -> u128 {
    match (dir % 2, line) {
        (0, _) => line & line.wrapping_neg(),
        (_, 0) => 0,
        _ => 1 << (127 - line.leading_zeros()),
    }
}

/// The direction (as in [`Board::blockers`]) of `sq` seen from `from`, if they share
/// a file or rank.
#[inline]
fn direction(from: Square, sq: Square) -> Option<usize> {
    if sq == from {
        None
    } else if sq.file() == from.file() {
        Some(if sq.rank() > from.rank() { 0 } else { 1 })
    } else if sq.rank() == from.rank() {
        Some(if sq.file() > from.file() { 2 } else { 3 })
    } else {
        None
    }
}

/// After a move `from → to` on `board`, whether the general of `defender` on `general`
/// is attacked, knowing it was not attacked before and did not move. Only the lines
/// through `from` and `to`, a horse leg freed at `from` and a horse or soldier now on
/// `to` can have changed; the full test is [`general_attacked`].
#[inline]
pub(crate) fn attacked_after(
    board: &Board,
    general: Square,
    defender: Color,
    from: Square,
    to: Square,
) -> bool {
    let code = |role| Piece::new(!defender, role).index() as u8 + 1;
    let (chariot, cannon, their_general) =
        (code(Role::Chariot), code(Role::Cannon), code(Role::General));
    #[inline(always)]
    fn line(
        board: &Board,
        general: Square,
        sq: Square,
        [chariot, cannon, their_general]: [u8; 3],
    ) -> bool {
        direction(general, sq).is_some_and(|dir| {
            let [first, second] = board.blockers(general, dir);
            first.is_some_and(|f| {
                let c = board.code(f);
                c == chariot || (dir < 2 && c == their_general)
            }) || second.is_some_and(|s| board.code(s) == cannon)
        })
    }
    let sliders = [chariot, cannon, their_general];
    let moved = from.bit() | to.bit();
    if LINES[general.index()] & moved != 0
        && (line(board, general, from, sliders) || line(board, general, to, sliders))
    {
        return true;
    }
    let horse = code(Role::Horse);
    if board.points_of(Piece::new(!defender, Role::Horse)) & HORSE_SOURCES[general.index()] != 0 {
        for (src, leg) in HORSE_ATTACKERS[general.index()].iter() {
            if board.code(src) == horse && ((leg == from) || (src == to && board.code(leg) == 0)) {
                return true;
            }
        }
    }
    board.code(to) == code(Role::Soldier)
        && SOLDIER_ATTACKERS[(!defender).index()][general.index()]
            .iter()
            .any(|(src, _)| src == to)
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
        assert!(!general_attacked(
            &blocked,
            "e9".parse().unwrap(),
            Color::Black
        ));
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
        assert!(!general_attacked(
            &screened,
            "e0".parse().unwrap(),
            Color::Red
        ));
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
        assert!(!general_attacked(
            &behind,
            "e8".parse().unwrap(),
            Color::Black
        ));
    }
}
