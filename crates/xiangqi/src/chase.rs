//! 捉 (chase): which opponent's pieces a move newly threatens to win. How a cycle of
//! chases is judged (one piece or several, mixed with checks) is the rule code's
//! matter (`repetition.rs`).
//!
//! The reading of the 棋例 used here (a simplification, the common core):
//! - a threat is a legal capture; the general and soldiers may threaten freely (their
//!   attacks are no chase), and threatening the general is check, not chase;
//! - a soldier that has not crossed the river is not worth a chase;
//! - a protected piece is not chased (the capture would be answered), except a chariot
//!   threatened by a horse or a cannon, which wins material anyway;
//! - threatening a piece of the same kind that threatens back offers an exchange, if
//!   it may legally take back (a pinned one cannot: it is chased);
//! - only new threats count: one the moving side had before the move is no chase.
//!
//! A chariot a horse holds still (it stands on the horse's leg towards its own general)
//! attacking that horse is marked held, for the Asian rules' rule 19 to leave out, and a
//! threat against such a chariot is marked too, for the verdict to cite rule 19. (Rule
//! 27's chariot, confined to a line by a cannon, needs no mark: the only piece it may
//! legally take is that cannon, and a chariot that cannot take back is chased.)

use crate::movegen::{general_attacked, piece_moves};
use crate::{Board, Color, Move, MoveList, Piece, Role, Square};

/// One threat a move made new: squares after the move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Chase {
    pub attacker: Square,
    pub target: Square,
    /// Asian rule 19: the attacker is a chariot the target horse holds still.
    pub held: bool,
    /// Asian rule 19: the target is a chariot a horse of the attacker's side holds still.
    pub target_held: bool,
}

/// The chases of `m`, played by `us` on `before`: each threat the move made new. The
/// attacker may be another piece than the one moved (a screen moved away, a defender
/// drawn off).
pub(crate) fn new_chases(before: &Board, m: Move, us: Color) -> Vec<Chase> {
    let old = threats(before, us);
    let after = played(before, m);
    threats(&after, us)
        .into_iter()
        .filter(|&(attacker, target)| {
            // The moved piece threatened from its old square before the move.
            let was = if attacker == m.to { m.from } else { attacker };
            !old.contains(&(was, target))
        })
        .map(|(attacker, target)| Chase {
            attacker,
            target,
            held: held_by_horse(&after, attacker, target, us),
            target_held: held_still(&after, target, !us),
        })
        .collect()
}

/// The chases `us` could make on `board`: (attacker, target) squares.
fn threats(board: &Board, us: Color) -> Vec<(Square, Square)> {
    let mut found = Vec::new();
    let mut list = MoveList::new();
    for (from, piece) in board.pieces() {
        if piece.color != us || matches!(piece.role, Role::General | Role::Soldier) {
            continue;
        }
        list.clear();
        piece_moves(board, from, piece, &mut list);
        for &m in list.as_slice() {
            let Some(target) = board.get(m.to) else {
                continue;
            };
            let worth_it = match target.role {
                Role::General => false,
                Role::Soldier => !m.to.on_own_side(target.color),
                _ => true,
            };
            if worth_it
                && legal_for(board, m, us)
                && !exchange(board, m, piece, target)
                && (!protected(board, m, us)
                    || (target.role == Role::Chariot
                        && matches!(piece.role, Role::Horse | Role::Cannon)))
            {
                found.push((from, m.to));
            }
        }
    }
    found
}

fn played(board: &Board, m: Move) -> Board {
    let mut b = board.clone();
    b.set(m.to, b.get(m.from));
    b.set(m.from, None);
    b
}

/// Whether `side` may play `m` on `board` without leaving its general attacked.
fn legal_for(board: &Board, m: Move, side: Color) -> bool {
    let b = played(board, m);
    match b.find(Piece::new(side, Role::General)).next() {
        Some(general) => !general_attacked(&b, general, side),
        None => true,
    }
}

/// Whether, after `us` captures with `m`, the other side can legally take back.
fn protected(board: &Board, m: Move, us: Color) -> bool {
    let b = played(board, m);
    let mut list = MoveList::new();
    b.pieces().filter(|(_, p)| p.color != us).any(|(from, p)| {
        list.clear();
        piece_moves(&b, from, p, &mut list);
        list.as_slice()
            .iter()
            .any(|&r| r.to == m.to && legal_for(&b, r, !us))
    })
}

/// A threat against a piece of the same kind that threatens back: an offered exchange.
/// A piece that cannot take back legally (pinned to its general) offers none: the
/// threat against it is a chase.
fn exchange(board: &Board, m: Move, attacker: Piece, target: Piece) -> bool {
    if attacker.role != target.role {
        return false;
    }
    let mut list = MoveList::new();
    piece_moves(board, m.to, target, &mut list);
    list.as_slice()
        .iter()
        .any(|&r| r.to == m.from && legal_for(board, r, target.color))
}

/// Rule 19: the chariot of `us` on `sq` attacks the enemy horse on `horse` that it
/// holds back from our general (it stands on the horse's leg): lifted, it would let
/// that horse check.
fn held_by_horse(board: &Board, sq: Square, horse: Square, us: Color) -> bool {
    board.get(horse) == Some(Piece::new(!us, Role::Horse))
        && horses_checking_if_lifted(board, sq, us).contains(&horse)
}

/// Rule 19: `sq` holds a chariot of `owner` that some enemy horse holds still.
fn held_still(board: &Board, sq: Square, owner: Color) -> bool {
    !horses_checking_if_lifted(board, sq, owner).is_empty()
}

/// The enemy horses that would check `owner`'s general were `owner`'s chariot on `sq`
/// lifted off the board (none if `sq` holds no such chariot).
fn horses_checking_if_lifted(board: &Board, sq: Square, owner: Color) -> Vec<Square> {
    if board.get(sq) != Some(Piece::new(owner, Role::Chariot)) {
        return Vec::new();
    }
    let mut lifted = board.clone();
    lifted.set(sq, None);
    let Some(general) = lifted.find(Piece::new(owner, Role::General)).next() else {
        return Vec::new();
    };
    let horse = Piece::new(!owner, Role::Horse);
    let mut list = MoveList::new();
    lifted
        .find(horse)
        .filter(|&h| {
            list.clear();
            piece_moves(&lifted, h, horse, &mut list);
            list.as_slice().iter().any(|r| r.to == general)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The chases of the move `from → to` by the side to move of `fen`.
    fn chases_of(fen: &str, from: &str, to: &str) -> Vec<Chase> {
        let setup = fen.parse::<crate::Setup>().unwrap();
        let m = Move::new(from.parse().unwrap(), to.parse().unwrap());
        new_chases(&setup.board, m, setup.turn)
    }

    /// One chase, `attacker → target`, not a held chariot's.
    fn plain(attacker: &str, target: &str) -> [Chase; 1] {
        [Chase {
            attacker: attacker.parse().unwrap(),
            target: target.parse().unwrap(),
            held: false,
            target_held: false,
        }]
    }

    #[test]
    fn moving_a_screen_away_chases_with_the_piece_behind_it() {
        // Red's horse on c7 stands between red's chariot a7 and black's cannon h7.
        let chases = chases_of("4k4/9/R1N4c1/9/9/9/9/9/9/5K3 w", "c7", "b5");
        assert_eq!(chases, plain("a7", "h7"));
    }

    #[test]
    fn a_screen_put_before_a_cannon_chases_with_the_cannon() {
        // Asian rule 26: red's advisor steps from d0 to e1, between red's cannon i1 and
        // black's chariot c1; the cannon attacks the chariot over it (guarded or not).
        let chases = chases_of("5k3/9/9/9/9/9/9/9/2r5C/3AK4 w", "d0", "e1");
        assert_eq!(chases, plain("i1", "c1"));
    }

    #[test]
    fn a_chariot_a_horse_holds_attacks_that_horse_as_held() {
        // Asian rules diagram 39 after red's first move: black's advisor steps to e8,
        // cutting red's chariot b8 off from guarding the horse g8 that holds black's
        // chariot f8 (it stands on the horse's leg towards black's general).
        let chases = chases_of("2baka1r1/CR3rN2/9/2p1p4/9/9/4P4/9/4A4/4KA3 b", "f9", "e8");
        let [held] = plain("f8", "g8").map(|c| Chase { held: true, ..c });
        assert_eq!(chases, [held]);
    }

    #[test]
    fn a_threat_against_a_chariot_a_horse_holds_is_marked() {
        // Red's cannon steps onto b8 and attacks black's chariot f8 over black's
        // advisor e8; red's horse g8 holds the chariot still.
        let held = "2bak2r1/R3arN2/1C7/2p1p4/9/9/4P4/9/4A4/4KA3 w";
        let [target_held] = plain("b8", "f8").map(|c| Chase {
            target_held: true,
            ..c
        });
        assert_eq!(chases_of(held, "b7", "b8"), [target_held]);
        // With the horse on g7 the chariot is free: the same threat is a plain one.
        let free = "2bak2r1/R3ar3/1C4N2/2p1p4/9/9/4P4/9/4A4/4KA3 w";
        assert_eq!(chases_of(free, "b7", "b8"), plain("b8", "f8"));
    }
}
