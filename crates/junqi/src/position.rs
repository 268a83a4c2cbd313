//! Positions and moves: one road step; along railways any distance over empty
//! stations, on one straight line (engineers along any connected railway path); a run
//! stops at the first occupied station. Mines and the flag never move, nor does a
//! piece in a headquarters; a piece in a camp cannot be attacked.

use std::collections::BTreeSet;

use crate::Piece;
use crate::board::{Crossing, FILES, Point, RANKS, Side, graph};

const POINTS: usize = FILES as usize * RANKS as usize;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    squares: [Option<(Side, Piece)>; POINTS],
    pub to_move: Side,
    pub crossing: Crossing,
}

/// Why a move is refused; `P` is the board's point (two- or four-player).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove<P = Point> {
    #[error("no piece on {0}")]
    NoPiece(P),
    #[error("the piece on {0} is not {1}'s")]
    NotYours(P, &'static str),
    #[error("a {} never moves", .0.id())]
    Immovable(Piece),
    #[error("a piece in a headquarters never moves again ({0})")]
    InHeadquarters(P),
    #[error("{0} holds a piece of the same side")]
    OwnPiece(P),
    #[error("the piece on {0} is safe in a camp")]
    CampProtected(P),
    #[error("{to} cannot be reached from {from}")]
    Unreachable { from: P, to: P },
}

impl<P> IllegalMove<P> {
    pub(crate) fn map<Q>(self, name: impl Fn(P) -> Q) -> IllegalMove<Q> {
        use IllegalMove::*;
        match self {
            NoPiece(p) => NoPiece(name(p)),
            NotYours(p, side) => NotYours(name(p), side),
            Immovable(piece) => Immovable(piece),
            InHeadquarters(p) => InHeadquarters(name(p)),
            OwnPiece(p) => OwnPiece(name(p)),
            CampProtected(p) => CampProtected(name(p)),
            Unreachable { from, to } => Unreachable {
                from: name(from),
                to: name(to),
            },
        }
    }
}

impl Position {
    pub fn empty(to_move: Side) -> Position {
        Position {
            squares: [None; POINTS],
            to_move,
            crossing: Crossing::Railway,
        }
    }

    pub fn get(&self, p: Point) -> Option<(Side, Piece)> {
        self.squares[p.index()]
    }

    pub fn set(&mut self, p: Point, piece: Option<(Side, Piece)>) {
        self.squares[p.index()] = piece;
    }

    pub fn pieces(&self) -> impl Iterator<Item = (Point, Side, Piece)> + '_ {
        Point::all().filter_map(|p| self.get(p).map(|(s, k)| (p, s, k)))
    }

    /// Where the piece on `from` may go (moves onto enemy pieces are attacks).
    pub fn destinations(&self, from: Point) -> BTreeSet<Point> {
        let mut out = Vec::new();
        graph(self.crossing).destinations(&self.squares, from.index(), |a, b| a == b, &mut out);
        out.into_iter().map(Point::from_index).collect()
    }

    /// Every legal move of the side to move, sorted.
    pub fn moves(&self) -> Vec<(Point, Point)> {
        self.pieces()
            .filter(|&(_, s, _)| s == self.to_move)
            .flat_map(|(from, _, _)| {
                self.destinations(from)
                    .into_iter()
                    .map(move |to| (from, to))
            })
            .collect()
    }

    /// Checks a move of the side to move, saying why it is refused.
    pub fn check_move(&self, from: Point, to: Point) -> Result<(), IllegalMove> {
        graph(self.crossing)
            .check_move(
                &self.squares,
                (from.index(), to.index()),
                (self.to_move, self.to_move.name()),
                |a, b| a == b,
            )
            .map_err(|e| e.map(Point::from_index))
    }
}
