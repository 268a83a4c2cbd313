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
    #[error("a {0} never moves")]
    Immovable(&'static str),
    #[error("a piece in a headquarters never moves again ({0})")]
    InHeadquarters(P),
    #[error("{0} holds a piece of the same side")]
    OwnPiece(P),
    #[error("the piece on {0} is safe in a camp")]
    CampProtected(P),
    #[error("{to} cannot be reached from {from}")]
    Unreachable { from: P, to: P },
}

/// A side's or a piece's name in Chinese, from the English one the error keeps.
fn zh_name(name: &str) -> String {
    match name {
        "south" => "南方".to_string(),
        "east" => "东方".to_string(),
        "north" => "北方".to_string(),
        "west" => "西方".to_string(),
        other => other
            .parse::<crate::Piece>()
            .map_or_else(|_| other.to_string(), |p| p.name_zh().to_string()),
    }
}

impl<P: std::fmt::Display> IllegalMove<P> {
    /// The reason in Chinese.
    pub fn zh(&self) -> String {
        use IllegalMove::*;
        match self {
            NoPiece(p) => format!("{p} 上没有棋子"),
            NotYours(p, side) => format!("{p} 上的棋子不是{}的", zh_name(side)),
            Immovable(piece) => format!("{}不能移动", zh_name(piece)),
            InHeadquarters(p) => format!("大本营中的棋子不能再移动（{p}）"),
            OwnPiece(p) => format!("{p} 上是本方的棋子"),
            CampProtected(p) => format!("{p} 上的棋子在行营中，不能被吃"),
            Unreachable { from, to } => format!("从 {from} 走不到 {to}"),
        }
    }
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
