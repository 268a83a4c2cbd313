//! Positions and moves: one road step; along railways any distance over empty
//! stations, on one straight line (engineers along any connected railway path); a run
//! stops at the first occupied station. Mines and the flag never move, nor does a
//! piece in a headquarters; a piece in a camp cannot be attacked.

use std::collections::BTreeSet;

use crate::Piece;
use crate::board::{
    Crossing, FILES, Point, RANKS, Side, is_camp, is_headquarters, is_station, rail_lines,
    road_neighbours,
};

const POINTS: usize = FILES as usize * RANKS as usize;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    squares: [Option<(Side, Piece)>; POINTS],
    pub to_move: Side,
    pub crossing: Crossing,
}

/// Why a move is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    #[error("no piece on {0}")]
    NoPiece(Point),
    #[error("the piece on {0} is not {1}'s")]
    NotYours(Point, &'static str),
    #[error("a {0} never moves")]
    Immovable(&'static str),
    #[error("a piece in a headquarters never moves again ({0})")]
    InHeadquarters(Point),
    #[error("{0} holds a piece of the same side")]
    OwnPiece(Point),
    #[error("the piece on {0} is safe in a camp")]
    CampProtected(Point),
    #[error("{to} cannot be reached from {from}")]
    Unreachable { from: Point, to: Point },
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
        let mut out = BTreeSet::new();
        let Some((side, piece)) = self.get(from) else {
            return out;
        };
        if !piece.movable() || is_headquarters(from) {
            return out;
        }
        let enterable = |q: Point| match self.get(q) {
            None => true,
            Some((s, _)) => s != side && !is_camp(q),
        };
        for q in road_neighbours(from, self.crossing) {
            if enterable(q) {
                out.insert(q);
            }
        }
        if !is_station(from) {
            return out;
        }
        let lines = rail_lines(self.crossing);
        if piece == Piece::Engineer {
            // Any connected railway path over empty stations.
            let mut frontier = vec![from];
            let mut seen = BTreeSet::from([from]);
            while let Some(at) = frontier.pop() {
                for line in lines.iter().filter(|l| l.contains(&at)) {
                    let i = line.iter().position(|&x| x == at).unwrap_or(0);
                    let next = [i.checked_sub(1), Some(i + 1)];
                    for q in next
                        .into_iter()
                        .flatten()
                        .filter_map(|j| line.get(j).copied())
                    {
                        if !seen.insert(q) {
                            continue;
                        }
                        match self.get(q) {
                            None => {
                                out.insert(q);
                                frontier.push(q);
                            }
                            Some(_) if enterable(q) => {
                                out.insert(q);
                            }
                            Some(_) => {}
                        }
                    }
                }
            }
        } else {
            for line in lines.iter().filter(|l| l.contains(&from)) {
                let i = line.iter().position(|&x| x == from).unwrap_or(0);
                let forward = line[i + 1..].iter();
                let backward = line[..i].iter().rev();
                for run in [
                    forward.copied().collect::<Vec<_>>(),
                    backward.copied().collect(),
                ] {
                    for q in run {
                        match self.get(q) {
                            None => {
                                out.insert(q);
                            }
                            Some(_) => {
                                if enterable(q) {
                                    out.insert(q);
                                }
                                break;
                            }
                        }
                    }
                }
            }
        }
        out
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
        let (side, piece) = self.get(from).ok_or(IllegalMove::NoPiece(from))?;
        if side != self.to_move {
            return Err(IllegalMove::NotYours(from, self.to_move.name()));
        }
        if !piece.movable() {
            return Err(IllegalMove::Immovable(piece.id()));
        }
        if is_headquarters(from) {
            return Err(IllegalMove::InHeadquarters(from));
        }
        match self.get(to) {
            Some((s, _)) if s == side => return Err(IllegalMove::OwnPiece(to)),
            Some(_) if is_camp(to) => return Err(IllegalMove::CampProtected(to)),
            _ => {}
        }
        if self.destinations(from).contains(&to) {
            Ok(())
        } else {
            Err(IllegalMove::Unreachable { from, to })
        }
    }
}
