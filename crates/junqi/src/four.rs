//! The four-player board (四国): four arms of 5 × 6 points, each laid out like a
//! two-player half, around a middle of 3 × 3 railway nodes (九宫), with four corner
//! arcs (弯道) joining neighbouring arms' side railways.
//!
//! A point of an arm is named from its owner's seat: the seat's letter (s, e, n, w),
//! then the file a–e from that player's left and the rank 1–6 from that player's back
//! rank, so `sa1` is south's a1 and `ec6` east's front centre. The middle nodes are `m`,
//! a file a, c or e and a row 1–3, both as south sees them: `ma1` is next to south's a6,
//! `me3` next to north's a6. The crate README has the diagram.

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use crate::Piece;
use crate::board::{Crossing, Point, is_camp, is_headquarters, road_neighbours};
use crate::graph::Graph;
use crate::position::IllegalMove;

/// The four seats, in turn order (south first, then counter-clockwise seen from above).
/// Opposite seats are partners: south with north, east with west.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Seat {
    South,
    East,
    North,
    West,
}

impl Seat {
    pub const ALL: [Seat; 4] = [Seat::South, Seat::East, Seat::North, Seat::West];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn partner(self) -> Seat {
        Seat::ALL[(self.index() + 2) % 4]
    }

    /// The seat that plays after this one.
    pub fn next(self) -> Seat {
        Seat::ALL[(self.index() + 1) % 4]
    }

    pub fn name(self) -> &'static str {
        match self {
            Seat::South => "south",
            Seat::East => "east",
            Seat::North => "north",
            Seat::West => "west",
        }
    }

    fn letter(self) -> char {
        self.name().as_bytes()[0] as char
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Seat {
    type Err = String;
    fn from_str(s: &str) -> Result<Seat, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "south" | "s" | "南" => Ok(Seat::South),
            "east" | "e" | "东" => Ok(Seat::East),
            "north" | "n" | "北" => Ok(Seat::North),
            "west" | "w" | "西" => Ok(Seat::West),
            _ => Err(format!("'{s}' is not a seat: south, east, north or west")),
        }
    }
}

impl From<crate::Side> for Seat {
    fn from(side: crate::Side) -> Seat {
        match side {
            crate::Side::South => Seat::South,
            crate::Side::North => Seat::North,
        }
    }
}

/// A point of the four-player board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FourPoint {
    /// A point of a seat's arm, in that seat's own coordinates (ranks 1–6).
    Arm { seat: Seat, local: Point },
    /// A middle node: file 0, 1, 2 (a, c, e) and row 0, 1, 2 (1–3), as south sees them.
    Middle { file: u8, row: u8 },
}

const ARM_POINTS: usize = 30;
const POINTS: usize = 4 * ARM_POINTS + 9;
const MIDDLE_FILES: [char; 3] = ['a', 'c', 'e'];

impl FourPoint {
    pub fn index(self) -> usize {
        match self {
            FourPoint::Arm { seat, local } => seat.index() * ARM_POINTS + local.index(),
            FourPoint::Middle { file, row } => 4 * ARM_POINTS + row as usize * 3 + file as usize,
        }
    }

    pub(crate) fn from_index(index: usize) -> FourPoint {
        if index < 4 * ARM_POINTS {
            FourPoint::Arm {
                seat: Seat::ALL[index / ARM_POINTS],
                local: Point::from_index(index % ARM_POINTS),
            }
        } else {
            let m = index - 4 * ARM_POINTS;
            FourPoint::Middle {
                file: (m % 3) as u8,
                row: (m / 3) as u8,
            }
        }
    }

    /// Every point, in index order: the arms south, east, north, west, then the middle.
    pub fn all() -> impl Iterator<Item = FourPoint> {
        (0..POINTS).map(FourPoint::from_index)
    }

    /// The point of `seat`'s arm at its own two-player coordinates (ranks 1–6).
    pub fn arm(seat: Seat, local: Point) -> Option<FourPoint> {
        (local.rank <= 6).then_some(FourPoint::Arm { seat, local })
    }

    /// Where the point lies on a 17 × 17 grid (x east, y north; south's arm at the
    /// bottom, the middle nodes at x, y ∈ {6, 8, 10}): for building the lines and for
    /// drawing the board.
    pub(crate) fn grid(self) -> (i32, i32) {
        match self {
            FourPoint::Arm { seat, local } => {
                let (f, r) = (local.file as i32, local.rank as i32);
                match seat {
                    Seat::South => (6 + f, r - 1),
                    Seat::East => (17 - r, 6 + f),
                    Seat::North => (10 - f, 17 - r),
                    Seat::West => (r - 1, 10 - f),
                }
            }
            FourPoint::Middle { file, row } => (6 + 2 * file as i32, 6 + 2 * row as i32),
        }
    }

    pub fn is_camp(self) -> bool {
        matches!(self, FourPoint::Arm { local, .. } if is_camp(local))
    }

    pub fn is_headquarters(self) -> bool {
        matches!(self, FourPoint::Arm { local, .. } if is_headquarters(local))
    }

    pub fn is_station(self) -> bool {
        graph().is_station(self.index())
    }
}

impl fmt::Display for FourPoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            FourPoint::Arm { seat, local } => write!(f, "{}{local}", seat.letter()),
            FourPoint::Middle { file, row } => {
                write!(f, "m{}{}", MIDDLE_FILES[file as usize], row + 1)
            }
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "'{0}' is not a four-player point: a seat letter s, e, n or w with a1–e6 (e.g. sc4), or a middle node ma1–me3"
)]
pub struct ParseFourPointError(pub String);

impl FromStr for FourPoint {
    type Err = ParseFourPointError;
    fn from_str(s: &str) -> Result<FourPoint, ParseFourPointError> {
        let t = s.trim().to_ascii_lowercase();
        let bad = || ParseFourPointError(s.to_string());
        let mut chars = t.chars();
        let prefix = chars.next().ok_or_else(bad)?;
        let rest = chars.as_str();
        if prefix == 'm' {
            let mut cs = rest.chars();
            let file = cs
                .next()
                .and_then(|c| MIDDLE_FILES.iter().position(|&m| m == c));
            let row: Option<u8> = cs.as_str().parse().ok();
            return match (file, row) {
                (Some(file), Some(row @ 1..=3)) => Ok(FourPoint::Middle {
                    file: file as u8,
                    row: row - 1,
                }),
                _ => Err(bad()),
            };
        }
        let seat = Seat::ALL
            .into_iter()
            .find(|s| s.letter() == prefix)
            .ok_or_else(bad)?;
        let local: Point = rest.parse().map_err(|_| bad())?;
        FourPoint::arm(seat, local).ok_or_else(bad)
    }
}

/// The straight railway lines: every row and column of stations on the grid, in runs
/// of linked stations, and the four arcs, each a seat's
/// right-hand side railway continued round the corner into the next seat's left-hand one.
fn lines() -> Vec<Vec<usize>> {
    let stations: Vec<FourPoint> = FourPoint::all()
        .filter(|&p| match p {
            FourPoint::Arm { local, .. } => crate::board::is_station(local),
            FourPoint::Middle { .. } => true,
        })
        .collect();
    let mut out = Vec::new();
    for vertical in [false, true] {
        for k in 0..17 {
            let mut run: Vec<(i32, FourPoint)> = stations
                .iter()
                .filter_map(|&p| {
                    let (x, y) = p.grid();
                    let (across, along) = if vertical { (x, y) } else { (y, x) };
                    (across == k).then_some((along, p))
                })
                .collect();
            run.sort();
            let mut line: Vec<usize> = Vec::new();
            for (i, &(along, p)) in run.iter().enumerate() {
                // Neighbouring points link; across the middle the nodes are two apart.
                let linked = i > 0 && {
                    let (before, q) = run[i - 1];
                    along - before == 1
                        || matches!((p, q), (FourPoint::Middle { .. }, FourPoint::Middle { .. }))
                };
                if !linked {
                    let done = std::mem::take(&mut line);
                    if done.len() > 1 {
                        out.push(done);
                    }
                }
                line.push(p.index());
            }
            if line.len() > 1 {
                out.push(line);
            }
        }
    }
    for seat in Seat::ALL {
        let arm = |s: Seat, file: u8, rank: u8| FourPoint::Arm {
            seat: s,
            local: Point { file, rank },
        };
        let mut arc: Vec<usize> = (2..=6).map(|r| arm(seat, 4, r).index()).collect();
        arc.extend((2..=6).rev().map(|r| arm(seat.next(), 0, r).index()));
        out.push(arc);
    }
    out
}

pub(crate) fn graph() -> &'static Graph {
    static GRAPH: OnceLock<Graph> = OnceLock::new();
    GRAPH.get_or_init(|| {
        let roads = FourPoint::all().flat_map(|p| match p {
            FourPoint::Arm { seat, local } => road_neighbours(local, Crossing::Closed)
                .into_iter()
                .filter_map(|q| FourPoint::arm(seat, q))
                .map(|q| (p.index(), q.index()))
                .collect(),
            FourPoint::Middle { .. } => Vec::new(),
        });
        Graph::new(
            POINTS,
            roads,
            lines(),
            FourPoint::all().map(FourPoint::is_camp).collect(),
            FourPoint::all().map(FourPoint::is_headquarters).collect(),
        )
    })
}

/// Partners never attack each other.
pub(crate) fn allied(a: Seat, b: Seat) -> bool {
    a == b || a.partner() == b
}

/// A four-player position: who stands where, and whose turn it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FourPosition {
    squares: [Option<(Seat, Piece)>; POINTS],
    pub to_move: Seat,
}

impl FourPosition {
    pub fn empty(to_move: Seat) -> FourPosition {
        FourPosition {
            squares: [None; POINTS],
            to_move,
        }
    }

    pub fn get(&self, p: FourPoint) -> Option<(Seat, Piece)> {
        self.squares[p.index()]
    }

    pub fn set(&mut self, p: FourPoint, piece: Option<(Seat, Piece)>) {
        self.squares[p.index()] = piece;
    }

    pub fn pieces(&self) -> impl Iterator<Item = (FourPoint, Seat, Piece)> + '_ {
        FourPoint::all().filter_map(|p| self.get(p).map(|(s, k)| (p, s, k)))
    }

    /// Where the piece on `from` may go (moves onto enemy pieces are attacks), sorted.
    pub fn destinations(&self, from: FourPoint) -> Vec<FourPoint> {
        let mut out = Vec::new();
        graph().destinations(&self.squares, from.index(), allied, &mut out);
        let mut points: Vec<FourPoint> = out.into_iter().map(FourPoint::from_index).collect();
        points.sort();
        points.dedup();
        points
    }

    /// Every legal move of the seat to move.
    pub fn moves(&self) -> Vec<(FourPoint, FourPoint)> {
        self.pieces()
            .filter(|&(_, s, _)| s == self.to_move)
            .flat_map(|(from, _, _)| {
                self.destinations(from)
                    .into_iter()
                    .map(move |to| (from, to))
            })
            .collect()
    }

    /// Checks a move of the seat to move, saying why it is refused.
    pub fn check_move(&self, from: FourPoint, to: FourPoint) -> Result<(), IllegalMove<FourPoint>> {
        graph()
            .check_move(
                &self.squares,
                (from.index(), to.index()),
                (self.to_move, self.to_move.name()),
                allied,
            )
            .map_err(|e| e.map(FourPoint::from_index))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_has_four_arms_and_nine_middle_nodes() {
        assert_eq!(FourPoint::all().count(), 129);
        let stations = FourPoint::all().filter(|p| p.is_station()).count();
        // Each arm has the 16 stations of a two-player half; the middle adds 9.
        assert_eq!(stations, 4 * 16 + 9);
        assert_eq!(FourPoint::all().filter(|p| p.is_camp()).count(), 20);
        assert_eq!(FourPoint::all().filter(|p| p.is_headquarters()).count(), 8);
        // No two points share a place on the grid.
        let mut cells: Vec<_> = FourPoint::all().map(FourPoint::grid).collect();
        cells.sort();
        cells.dedup();
        assert_eq!(cells.len(), 129);
    }

    #[test]
    fn names_read_back() {
        for p in FourPoint::all() {
            assert_eq!(p.to_string().parse::<FourPoint>(), Ok(p));
        }
        for bad in ["", "sa7", "xa1", "mb1", "ma4", "s", "m", "a1"] {
            assert!(bad.parse::<FourPoint>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a_camp_keeps_its_diagonals_and_arms_meet_only_by_railway() {
        let g = graph();
        let at = |s: &str| s.parse::<FourPoint>().unwrap().index();
        let near = |s: &str| -> Vec<String> {
            let mut v: Vec<String> = g
                .road_neighbours(at(s))
                .iter()
                .map(|&i| FourPoint::from_index(i).to_string())
                .collect();
            v.sort();
            v
        };
        assert_eq!(
            near("ec4"),
            ["eb3", "eb4", "eb5", "ec3", "ec5", "ed3", "ed4", "ed5"]
        );
        // South's front corner: its own neighbours, the middle node ahead, the arc.
        assert_eq!(near("sa6"), ["ma1", "sa5", "sb5", "sb6", "we6"]);
        // The front b and d files stop at the front: nothing lies ahead of them.
        assert_eq!(near("sb6"), ["sa6", "sb5", "sc6"]);
        assert_eq!(near("mc2"), ["ma2", "mc1", "mc3", "me2"]);
        assert!(!g.is_camp(at("mc2")) && g.is_station(at("mc2")));
    }
}
