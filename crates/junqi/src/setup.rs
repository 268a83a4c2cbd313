//! Checking a side's setup (布阵) before the game.

use std::collections::BTreeMap;

use crate::Piece;
use crate::board::{Point, Side, is_camp, is_headquarters};

/// Why a setup is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("{piece} ({id}): {found} placed, a side has {expected}", id = piece.id())]
    Count {
        piece: Piece,
        found: usize,
        expected: usize,
    },
    #[error("{point} is not on {side}'s half", side = side.name())]
    OffHalf { point: Point, side: Side },
    #[error("{0} is a camp (行营): camps start empty")]
    InCamp(Point),
    #[error("the flag (军旗) on {0} must stand in a headquarters (司令部)")]
    FlagOutsideHeadquarters(Point),
    #[error("the mine (地雷) on {0} must be in the back two ranks")]
    MineTooFarForward(Point),
    #[error("the bomb (炸弹) on {0} may not stand in the front rank")]
    BombInFrontRank(Point),
}

/// Checks one side's placement; the first reason found is returned.
pub fn check_setup(side: Side, placement: &BTreeMap<Point, Piece>) -> Result<(), SetupError> {
    let ranks = side.ranks();
    for (&point, &piece) in placement {
        if !side.owns(point) {
            return Err(SetupError::OffHalf { point, side });
        }
        if is_camp(point) {
            return Err(SetupError::InCamp(point));
        }
        match piece {
            Piece::Flag if !is_headquarters(point) => {
                return Err(SetupError::FlagOutsideHeadquarters(point));
            }
            Piece::Mine if !ranks[..2].contains(&point.rank) => {
                return Err(SetupError::MineTooFarForward(point));
            }
            Piece::Bomb if point.rank == ranks[5] => {
                return Err(SetupError::BombInFrontRank(point));
            }
            _ => {}
        }
    }
    for piece in Piece::ALL {
        let found = placement.values().filter(|&&p| p == piece).count();
        if found != piece.count() {
            return Err(SetupError::Count {
                piece,
                found,
                expected: piece.count(),
            });
        }
    }
    Ok(())
}
