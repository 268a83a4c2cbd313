//! 捉 (chase): which opponent's pieces a move newly threatens to win. How a cycle of
//! chases is judged (one piece or several, mixed with checks) is the rule code's
//! matter (`repetition.rs`).
//!
//! The reading of the 棋例 used here (a simplification, the common core):
//! - a threat is a legal capture; the general and soldiers may threaten freely (their
//!   attacks are no chase), and threatening the general is check, not chase;
//! - a soldier that has not crossed the river is not worth a chase;
//! - a protected piece is not chased (the capture would be answered, once any check the
//!   answering side is in has been met), except a chariot threatened by a horse or a
//!   cannon, which wins material anyway;
//! - threatening a piece of the same kind that threatens back offers an exchange, if
//!   it may legally take back first (a pinned one cannot, nor one whose side must meet
//!   a check: it is chased);
//! - only new threats count: one the moving side had before the move is no chase (a
//!   threat that only a check held back, the move meeting that check, it had).
//!
//! A threat by or against a chariot a horse holds still (it stands on the horse's leg
//! towards its own general) is marked, for the Asian rules' rule 19: such a chariot may
//! not be chased, whatever it chases itself. A threat against a chariot a cannon confines
//! to a line is marked too, for the article cited (rule 27); its ruling needs no mark:
//! off its line it takes nothing legally, and a chariot that cannot take back is chased.

use crate::movegen::{general_attacked, piece_moves};
use crate::{Board, Color, Move, MoveList, Piece, Role, Square};

/// One threat a move made new: squares after the move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Chase {
    pub attacker: Square,
    pub target: Square,
    /// Asian rule 19: the attacker is a chariot an enemy horse holds still.
    pub by_held: bool,
    /// Asian rule 19: the target is a chariot a horse of the attacker's side holds still.
    pub target_held: bool,
    /// Asian rule 27: the target is a chariot a cannon of the attacker's side confines
    /// to a line.
    pub target_confined: bool,
}

/// The chases of `m`, played by `us` on `before`: each threat the move made new. The
/// attacker may be another piece than the one moved (a screen moved away, a defender
/// drawn off).
pub(crate) fn new_chases(before: &Board, m: Move, us: Color) -> Vec<Chase> {
    // A move that meets a check makes no threat new that only the check held back: the
    // threats before it are judged as if the checking pieces were not there.
    let old = threats(before, us, &checkers(before, us));
    let after = played(before, m);
    threats(&after, us, &[])
        .into_iter()
        .filter(|&(attacker, target)| {
            // The moved piece threatened from its old square before the move.
            let was = if attacker == m.to { m.from } else { attacker };
            !old.contains(&(was, target))
        })
        .map(|(attacker, target)| Chase {
            attacker,
            target,
            by_held: pinned_chariot(&after, attacker, us, Role::Horse),
            target_held: pinned_chariot(&after, target, !us, Role::Horse),
            target_confined: pinned_chariot(&after, target, !us, Role::Cannon),
        })
        .collect()
}

/// The chases `us` could make on `board`: (attacker, target) squares; a capture is
/// legal if it leaves `us`'s general safe from all but the pieces `ignored`.
fn threats(board: &Board, us: Color, ignored: &[Square]) -> Vec<(Square, Square)> {
    // The pieces checking the other side: it meets that check before it takes back.
    let their_checkers = checkers(board, !us);
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
                && legal_despite(board, m, us, ignored)
                && !exchange(board, m, piece, target)
                && (!protected(board, m, us, &their_checkers)
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
    legal_despite(board, m, side, &[])
}

/// Whether `m` leaves `side`'s general safe from every piece but those on `ignored`.
fn legal_despite(board: &Board, m: Move, side: Color, ignored: &[Square]) -> bool {
    let mut b = played(board, m);
    for &sq in ignored.iter().filter(|&&sq| sq != m.to) {
        b.set(sq, None);
    }
    match b.find(Piece::new(side, Role::General)).next() {
        Some(general) => !general_attacked(&b, general, side),
        None => true,
    }
}

/// The pieces giving `us` check on `board`.
fn checkers(board: &Board, us: Color) -> Vec<Square> {
    let Some(general) = board.find(Piece::new(us, Role::General)).next() else {
        return Vec::new();
    };
    if !general_attacked(board, general, us) {
        return Vec::new();
    }
    let mut list = MoveList::new();
    board
        .pieces()
        .filter(|(_, p)| p.color != us)
        .filter(|&(from, p)| {
            list.clear();
            piece_moves(board, from, p, &mut list);
            list.as_slice().iter().any(|r| r.to == general)
        })
        .map(|(from, _)| from)
        .collect()
}

/// Whether, after `us` captures with `m`, the other side can legally take back. A
/// check the other side is in before the capture it meets first: the take-back is
/// judged as if the `checking` pieces were not there.
fn protected(board: &Board, m: Move, us: Color, checking: &[Square]) -> bool {
    let b = played(board, m);
    let mut list = MoveList::new();
    b.pieces().filter(|(_, p)| p.color != us).any(|(from, p)| {
        list.clear();
        piece_moves(&b, from, p, &mut list);
        list.as_slice()
            .iter()
            .any(|&r| r.to == m.to && legal_despite(&b, r, !us, checking))
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

/// `sq` holds a chariot of `owner` that an enemy piece of kind `by` pins: were it lifted
/// off the board, that piece would check `owner`'s general. A horse holds it still (rule
/// 19); a cannon confines it to its line (rule 27).
fn pinned_chariot(board: &Board, sq: Square, owner: Color, by: Role) -> bool {
    if board.get(sq) != Some(Piece::new(owner, Role::Chariot)) {
        return false;
    }
    let mut lifted = board.clone();
    lifted.set(sq, None);
    checkers(&lifted, owner)
        .into_iter()
        .any(|from| lifted.get(from) == Some(Piece::new(!owner, by)))
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

    /// One chase, `attacker → target`, not of a held chariot.
    fn plain(attacker: &str, target: &str) -> [Chase; 1] {
        [Chase {
            attacker: attacker.parse().unwrap(),
            target: target.parse().unwrap(),
            by_held: false,
            target_held: false,
            target_confined: false,
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
    fn a_chariot_a_horse_holds_still_chases_that_horse() {
        // Asian rules diagram 39 after red's first move: black's advisor steps to e8,
        // cutting red's chariot b8 off from guarding the horse g8 that holds black's
        // chariot f8 (it stands on the horse's leg towards black's general). Alone, the
        // held chariot's attack is a chase like any other (the appendix's example).
        let chases = chases_of("2baka1r1/CR3rN2/9/2p1p4/9/9/4P4/9/4A4/4KA3 b", "f9", "e8");
        let [by_held] = plain("f8", "g8").map(|c| Chase { by_held: true, ..c });
        assert_eq!(chases, [by_held]);
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

    #[test]
    fn a_general_that_may_not_take_back_guards_nothing() {
        // Red's chariot takes the cannon f9 and becomes the mount of red's cannon g9 on
        // black's horse e9. Black's general beside it cannot take back: on e9 it would
        // stand beside red's chariot.
        let chases = chases_of("3kncC2/5R3/9/9/9/9/9/9/9/5K3 w", "f8", "f9");
        assert_eq!(chases, plain("g9", "e9"));
    }

    #[test]
    fn a_pinned_piece_chases_nothing() {
        // Red's horse steps to f0, where it would attack black's cannon e2, but black's
        // chariot i0 pins it to red's general d0.
        assert_eq!(chases_of("4k4/9/9/9/9/9/9/4c1N2/9/3K4r w", "g2", "f0"), []);
    }

    #[test]
    fn a_capture_that_opens_a_file_makes_a_new_threat() {
        // Red's chariot takes the pawn a1 and now attacks black's horse a9 up the file;
        // from a0 the pawn stood in its way.
        let chases = chases_of("n4k3/9/9/9/9/9/9/9/p8/R3K4 w", "a0", "a1");
        assert_eq!(chases, plain("a1", "a9"));
    }

    #[test]
    fn meeting_a_check_makes_no_threat_new_that_the_check_held_back() {
        // Black's chariot a5 attacks red's horse a3 throughout, but red's chariot e4
        // checks: black may not take the horse until the check is met. Black's advisor
        // steps to e8 and blocks it; the attack on the horse did not change.
        let chases = chases_of("3ak4/9/9/9/r8/4R4/N8/9/9/3K5 b", "d9", "e8");
        assert_eq!(chases, []);
    }

    #[test]
    fn a_guard_takes_back_once_the_check_is_met() {
        // Red's chariot e1 checks black's general e9; red's chariot a0 attacks black's
        // horse a4, which black's chariot a7 guards. Black meets the check first, then
        // may take back on a4: the horse is protected all the same.
        let setup = "4k4/9/r8/9/9/n8/9/9/4R4/R2K5 w"
            .parse::<crate::Setup>()
            .unwrap();
        let take = Move::new("a0".parse().unwrap(), "a4".parse().unwrap());
        let checking = checkers(&setup.board, Color::Black);
        assert!(protected(&setup.board, take, Color::Red, &checking));
    }
}
