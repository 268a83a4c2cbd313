//! Checking one proposed move and saying exactly why it is illegal. This is the fast
//! path for replaying records: no move list is generated.

use std::fmt;

use crate::tables::{ADVISOR_MASKS, ELEPHANT_MASKS, HORSE_MASKS, LINES};
use crate::{Move, Piece, Position, Role, Square};

/// Whether `to` lies where `piece` on `from` moves by its shape alone (what
/// [`Position::play_shaped`] takes as given): a horse's or elephant's jump, an
/// advisor's step, a chariot's or cannon's line. The general's and a soldier's single
/// steps `play_shaped` tests itself.
#[inline]
fn has_shape(piece: Piece, from: Square, to: Square) -> bool {
    let (c, f, bit) = (piece.color.index(), from.index(), to.bit());
    match piece.role {
        Role::Horse => HORSE_MASKS[f].targets & bit != 0,
        Role::Elephant => ELEPHANT_MASKS[c][f].targets & bit != 0,
        Role::Advisor => ADVISOR_MASKS[c][f].targets & bit != 0,
        Role::Chariot | Role::Cannon => LINES[f] & bit != 0,
        Role::General | Role::Soldier => true,
    }
}

/// Why a move cannot be played in a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IllegalReason {
    NoPiece(Square),
    NotYourPiece(Square),
    NullMove,
    CapturesOwnPiece(Square),
    LeavesPalace(Role),
    CrossesRiver,
    Unreachable(Role),
    HorseLegBlocked(Square),
    ElephantEyeBlocked(Square),
    PathBlocked(Square),
    CannonNeedsScreen,
    CannonJumpsTooMany,
    CannonMovesOverScreen(Square),
    SoldierBackward,
    SoldierSidewaysBeforeRiver,
    LeavesGeneralsFacing,
    LeavesGeneralInCheck,
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use IllegalReason::*;
        match self {
            NoPiece(sq) => write!(f, "no piece on {sq}"),
            NotYourPiece(sq) => write!(f, "the piece on {sq} belongs to the other side"),
            NullMove => write!(f, "a move must change square"),
            CapturesOwnPiece(sq) => write!(f, "{sq} holds a piece of the same side"),
            LeavesPalace(role) => write!(f, "a {} may not leave the palace", role.name_en()),
            CrossesRiver => write!(f, "an elephant may not cross the river"),
            Unreachable(role) => write!(f, "a {} does not move that way", role.name_en()),
            HorseLegBlocked(sq) => write!(f, "horse leg blocked at {sq}"),
            ElephantEyeBlocked(sq) => write!(f, "elephant eye blocked at {sq}"),
            PathBlocked(sq) => write!(f, "path blocked at {sq}"),
            CannonNeedsScreen => write!(f, "a cannon captures only by jumping exactly one piece"),
            CannonJumpsTooMany => write!(f, "a cannon may jump only one piece"),
            CannonMovesOverScreen(sq) => {
                write!(
                    f,
                    "a cannon jumps only to capture (piece in the way at {sq})"
                )
            }
            SoldierBackward => write!(f, "a soldier never moves back"),
            SoldierSidewaysBeforeRiver => {
                write!(f, "a soldier moves sideways only after crossing the river")
            }
            LeavesGeneralsFacing => write!(f, "leaves generals facing"),
            LeavesGeneralInCheck => write!(f, "leaves the general in check"),
        }
    }
}

/// A move refused with its reason.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{mv} is illegal: {reason}")]
pub struct IllegalMove {
    pub mv: Move,
    pub reason: IllegalReason,
}

fn at(file: i32, rank: i32) -> Square {
    Square::new(file as u8, rank as u8)
}

impl Position {
    /// Checks `from → to` for the side to move and returns the move, or why it is illegal.
    pub fn check_move(&self, from: Square, to: Square) -> Result<Move, IllegalMove> {
        let mv = Move::new(from, to);
        self.movement_reason(mv)
            .map_or(Ok(mv), |reason| Err(IllegalMove { mv, reason }))
    }

    pub fn is_legal(&self, mv: Move) -> bool {
        self.movement_reason(mv).is_none()
    }

    /// Plays `from → to` if it is legal; otherwise leaves the position as it was and
    /// says why. Cheaper than [`Position::check_move`] then [`Position::play_unchecked`].
    #[inline]
    pub fn play_checked(&mut self, from: Square, to: Square) -> Result<Move, IllegalMove> {
        // The usual case, a move of the side to move's piece in its own shape (a mask
        // test), goes the way a WXF or Chinese move does; anything else is checked
        // step by step, and a refusal worded.
        if let Some(piece) = self.board().get(from)
            && piece.color == self.turn()
            && has_shape(piece, from, to)
        {
            return self.play_shaped(piece, from, to);
        }
        self.play_checked_in_full(from, to)
    }

    /// [`Position::play_checked`] step by step, each test naming what fails.
    #[cold]
    #[inline(never)]
    fn play_checked_in_full(&mut self, from: Square, to: Square) -> Result<Move, IllegalMove> {
        let mv = Move::new(from, to);
        if let Some(reason) = self.geometry_reason(mv) {
            return Err(IllegalMove { mv, reason });
        }
        if (self.is_check() || self.may_expose_general(mv)) && self.exposes_general(mv) {
            return Err(IllegalMove {
                mv,
                reason: self.exposure_reason(mv),
            });
        }
        self.play_unchecked(mv);
        Ok(mv)
    }

    /// [`Position::play_checked`] for a move whose piece and shape are known to be
    /// right (`piece` of the side to move stands on `from`, and `to` is a point its
    /// movement reaches from there, as a WXF or Chinese move names it): only what the
    /// position can forbid is checked. Refusals are worded by `play_checked`.
    #[inline(always)]
    pub(crate) fn play_shaped(
        &mut self,
        piece: Piece,
        from: Square,
        to: Square,
    ) -> Result<Move, IllegalMove> {
        let mv = Move::new(from, to);
        let board = self.board();
        let us = piece.color;
        let target = board.get(to);
        // A straight mover named by steps may be told to go several: one for these.
        let one_step = from.file().abs_diff(to.file()) + from.rank().abs_diff(to.rank()) == 1;
        let fine = target.is_none_or(|p| p.color != us)
            && match piece.role {
                Role::General => one_step && to.in_palace(us),
                Role::Advisor => to.in_palace(us),
                Role::Elephant => {
                    let eye =
                        Square::new((from.file() + to.file()) / 2, (from.rank() + to.rank()) / 2);
                    to.on_own_side(us) && board.get(eye).is_none()
                }
                Role::Horse => {
                    let (df, dr) = (
                        to.file() as i8 - from.file() as i8,
                        to.rank() as i8 - from.rank() as i8,
                    );
                    let leg = if dr.abs() == 2 {
                        Square::new(from.file(), (from.rank() as i8 + dr / 2) as u8)
                    } else {
                        Square::new((from.file() as i8 + df / 2) as u8, from.rank())
                    };
                    board.get(leg).is_none()
                }
                Role::Chariot => board.count_between(from, to) == 0,
                Role::Cannon => board.count_between(from, to) == u32::from(target.is_some()),
                Role::Soldier => {
                    let dr = to.rank() as i8 - from.rank() as i8;
                    one_step && (dr == us.forward() || (dr == 0 && !from.on_own_side(us)))
                }
            };
        if !fine || ((self.is_check() || self.may_expose_general(mv)) && self.exposes_general(mv)) {
            return self.refuse(from, to);
        }
        self.play_unchecked(mv);
        Ok(mv)
    }

    /// A shaped move the quick test did not pass, checked in full (and a refusal worded)
    /// by [`Position::play_checked`]; out of line, so that the moves that pass stay short.
    #[cold]
    #[inline(never)]
    fn refuse(&mut self, from: Square, to: Square) -> Result<Move, IllegalMove> {
        self.play_checked_in_full(from, to)
    }

    fn exposure_reason(&self, mv: Move) -> IllegalReason {
        if self.generals_face_after(mv) {
            IllegalReason::LeavesGeneralsFacing
        } else {
            IllegalReason::LeavesGeneralInCheck
        }
    }

    fn movement_reason(&self, mv: Move) -> Option<IllegalReason> {
        if let Some(reason) = self.geometry_reason(mv) {
            return Some(reason);
        }
        ((self.is_check() || self.may_expose_general(mv)) && self.exposes_general(mv))
            .then(|| self.exposure_reason(mv))
    }

    /// Reasons from how the piece moves, ignoring the safety of the own general.
    fn geometry_reason(&self, mv: Move) -> Option<IllegalReason> {
        use IllegalReason::*;
        let (from, to) = (mv.from, mv.to);
        let board = self.board();
        let us = self.turn();
        let piece = match board.get(from) {
            None => return Some(NoPiece(from)),
            Some(p) if p.color != us => return Some(NotYourPiece(from)),
            Some(p) => p,
        };
        if from == to {
            return Some(NullMove);
        }
        let target = board.get(to);
        if target.is_some_and(|p| p.color == us) {
            return Some(CapturesOwnPiece(to));
        }
        let (f0, r0) = (from.file() as i32, from.rank() as i32);
        let (df, dr) = (to.file() as i32 - f0, to.rank() as i32 - r0);
        let (adf, adr) = (df.abs(), dr.abs());
        let role = piece.role;
        match role {
            Role::General | Role::Advisor => {
                let step = if role == Role::General {
                    adf + adr == 1
                } else {
                    adf == 1 && adr == 1
                };
                if !step {
                    Some(Unreachable(role))
                } else if !to.in_palace(us) {
                    Some(LeavesPalace(role))
                } else {
                    None
                }
            }
            Role::Elephant => {
                if adf != 2 || adr != 2 {
                    Some(Unreachable(role))
                } else if !to.on_own_side(us) {
                    Some(CrossesRiver)
                } else {
                    let eye = at(f0 + df / 2, r0 + dr / 2);
                    board.get(eye).map(|_| ElephantEyeBlocked(eye))
                }
            }
            Role::Horse => {
                if !((adf == 1 && adr == 2) || (adf == 2 && adr == 1)) {
                    Some(Unreachable(role))
                } else {
                    let leg = if adr == 2 {
                        at(f0, r0 + dr / 2)
                    } else {
                        at(f0 + df / 2, r0)
                    };
                    board.get(leg).map(|_| HorseLegBlocked(leg))
                }
            }
            Role::Chariot | Role::Cannon => {
                if df != 0 && dr != 0 {
                    Some(Unreachable(role))
                } else {
                    line_reason(self, mv, role, target.is_some())
                }
            }
            Role::Soldier => {
                let forward = us.forward() as i32;
                if adf + adr != 1 {
                    Some(Unreachable(role))
                } else if dr == -forward {
                    Some(SoldierBackward)
                } else if dr == 0 && from.on_own_side(us) {
                    Some(SoldierSidewaysBeforeRiver)
                } else {
                    None
                }
            }
        }
    }

    fn generals_face_after(&self, mv: Move) -> bool {
        let mut board = self.board().clone();
        board.set(mv.to, board.get(mv.from));
        board.set(mv.from, None);
        let us = self.turn();
        let mine = if mv.from == self.general(us) {
            mv.to
        } else {
            self.general(us)
        };
        let theirs = self.general(!us);
        let (low, high) = (
            mine.rank().min(theirs.rank()),
            mine.rank().max(theirs.rank()),
        );
        mine.file() == theirs.file()
            && (low + 1..high).all(|r| board.get(Square::new(mine.file(), r)).is_none())
    }
}

/// Chariot and cannon moves along a line: count the pieces strictly between.
fn line_reason(pos: &Position, mv: Move, role: Role, captures: bool) -> Option<IllegalReason> {
    use IllegalReason::*;
    let between = pos.board().count_between(mv.from, mv.to);
    let first_between = || {
        let dir = match (
            mv.to.file().cmp(&mv.from.file()),
            mv.to.rank().cmp(&mv.from.rank()),
        ) {
            (_, std::cmp::Ordering::Greater) => 0,
            (_, std::cmp::Ordering::Less) => 1,
            (std::cmp::Ordering::Greater, _) => 2,
            _ => 3,
        };
        pos.board().blockers(mv.from, dir)[0].unwrap_or(mv.to)
    };
    match (role, captures, between) {
        (Role::Chariot, _, 0) => None,
        (Role::Chariot, _, _) => Some(PathBlocked(first_between())),
        (_, false, 0) => None,
        (_, false, _) => Some(CannonMovesOverScreen(first_between())),
        (_, true, 0) => Some(CannonNeedsScreen),
        (_, true, 1) => None,
        (_, true, _) => Some(CannonJumpsTooMany),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Setup;

    fn pos(fen: &str) -> Position {
        Position::from_setup(fen.parse::<Setup>().unwrap()).unwrap()
    }

    fn reason(p: &Position, from: &str, to: &str) -> Option<IllegalReason> {
        p.check_move(from.parse().unwrap(), to.parse().unwrap())
            .err()
            .map(|e| e.reason)
    }

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn reasons_are_exact() {
        use IllegalReason::*;
        let start = Position::start();
        assert_eq!(reason(&start, "b0", "a2"), None);
        assert_eq!(reason(&start, "h2", "e2"), None);
        assert_eq!(reason(&start, "b0", "d1"), Some(HorseLegBlocked(sq("c0"))));
        assert_eq!(reason(&start, "a0", "a4"), Some(PathBlocked(sq("a3"))));
        assert_eq!(
            reason(&start, "h2", "h9"),
            None,
            "cannon takes the chariot over h7"
        );
        assert_eq!(reason(&start, "h2", "h7"), Some(CannonNeedsScreen));
        assert_eq!(
            reason(&start, "h2", "h8"),
            Some(CannonMovesOverScreen(sq("h7")))
        );
        assert_eq!(reason(&start, "a3", "b3"), Some(SoldierSidewaysBeforeRiver));
        assert_eq!(reason(&start, "e0", "e2"), Some(Unreachable(Role::General)));
        assert_eq!(reason(&start, "c0", "e2"), None);
        assert_eq!(reason(&start, "a6", "a5"), Some(NotYourPiece(sq("a6"))));
        assert_eq!(reason(&start, "a5", "a4"), Some(NoPiece(sq("a5"))));
    }

    #[test]
    fn general_safety_reasons() {
        use IllegalReason::*;
        let shield = pos("4k4/9/9/9/9/9/9/9/4A4/4K4 w");
        assert_eq!(reason(&shield, "e1", "d2"), Some(LeavesGeneralsFacing));
        let pinned = pos("5k3/9/9/9/3r5/9/9/9/9/4K4 w");
        assert_eq!(reason(&pinned, "e0", "d0"), Some(LeavesGeneralInCheck));
        assert_eq!(reason(&pinned, "e0", "f0"), Some(LeavesGeneralsFacing));
        assert_eq!(reason(&pinned, "e0", "e1"), None);
        let home = pos("3k5/9/9/9/9/9/9/9/9/2B1K4 w");
        assert_eq!(reason(&home, "c0", "e2"), None);
        let at_river = pos("4k4/9/9/9/9/2B6/9/9/9/3K5 w");
        assert_eq!(reason(&at_river, "c4", "e6"), Some(CrossesRiver));
    }
}
