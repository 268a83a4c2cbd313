//! The two-player board: files a–e from south's left, ranks 1–12 from south's back
//! rank. Per side two headquarters, five camps and a railway; the mountains at b6–b7
//! and d6–d7 cut the front, so only files a, c and e cross it.

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use crate::graph::Graph;

/// A point of the two-player board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    pub file: u8,
    pub rank: u8,
}

pub const FILES: u8 = 5;
pub const RANKS: u8 = 12;

impl Point {
    pub fn new(file: u8, rank: u8) -> Option<Point> {
        (file < FILES && (1..=RANKS).contains(&rank)).then_some(Point { file, rank })
    }

    pub fn index(self) -> usize {
        (self.rank as usize - 1) * FILES as usize + self.file as usize
    }

    /// Every point, in index order.
    pub fn all() -> impl Iterator<Item = Point> {
        (1..=RANKS).flat_map(|rank| (0..FILES).map(move |file| Point { file, rank }))
    }

    pub(crate) fn from_index(index: usize) -> Point {
        Point {
            file: (index % FILES as usize) as u8,
            rank: (index / FILES as usize) as u8 + 1,
        }
    }

    fn offset(self, df: i8, dr: i8) -> Option<Point> {
        let (f, r) = (self.file as i8 + df, self.rank as i8 + dr);
        (f >= 0 && r >= 1)
            .then(|| Point::new(f as u8, r as u8))
            .flatten()
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, self.rank)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a point: files a–e, ranks 1–12 (e.g. c4)")]
pub struct ParsePointError(pub String);

impl FromStr for Point {
    type Err = ParsePointError;
    fn from_str(s: &str) -> Result<Point, ParsePointError> {
        let t = s.trim();
        let bad = || ParsePointError(s.to_string());
        let mut chars = t.chars();
        let file = chars
            .next()
            .filter(|c| ('a'..='e').contains(&c.to_ascii_lowercase()))
            .ok_or_else(bad)?;
        let rank: u8 = chars.as_str().parse().map_err(|_| bad())?;
        Point::new(file.to_ascii_lowercase() as u8 - b'a', rank).ok_or_else(bad)
    }
}

/// The two sides; south moves first.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    South,
    North,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Side::South => "south",
            Side::North => "north",
        }
    }

    /// Ranks of the side's half, back rank first.
    pub fn ranks(self) -> [u8; 6] {
        match self {
            Side::South => [1, 2, 3, 4, 5, 6],
            Side::North => [12, 11, 10, 9, 8, 7],
        }
    }

    pub fn owns(self, p: Point) -> bool {
        self.ranks().contains(&p.rank)
    }
}

impl FromStr for Side {
    type Err = String;
    fn from_str(s: &str) -> Result<Side, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "south" | "s" | "南" => Ok(Side::South),
            "north" | "n" | "北" => Ok(Side::North),
            _ => Err(format!("'{s}' is not a side: south or north")),
        }
    }
}

/// How the middle file c crosses the front between c6 and c7.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Crossing {
    /// A railway link, part of no straight line but c6–c7.
    #[default]
    Railway,
    /// Closed, as some flip-mode apps play it.
    Closed,
}

pub fn is_headquarters(p: Point) -> bool {
    (p.rank == 1 || p.rank == 12) && (p.file == 1 || p.file == 3)
}

pub fn is_camp(p: Point) -> bool {
    matches!((p.file, p.rank), (1 | 3, 3 | 5 | 8 | 10) | (2, 4 | 9))
}

pub fn is_station(p: Point) -> bool {
    matches!(p.rank, 2 | 6 | 7 | 11) || ((p.file == 0 || p.file == 4) && (2..=11).contains(&p.rank))
}

/// The straight railway lines, each a run of stations in order.
pub fn rail_lines(crossing: Crossing) -> Vec<Vec<Point>> {
    let p = |f: u8, r: u8| Point { file: f, rank: r };
    let mut lines: Vec<Vec<Point>> = [2, 6, 7, 11]
        .iter()
        .map(|&r| (0..FILES).map(|f| p(f, r)).collect())
        .collect();
    lines.push((2..=11).map(|r| p(0, r)).collect());
    lines.push((2..=11).map(|r| p(4, r)).collect());
    if crossing == Crossing::Railway {
        lines.push(vec![p(2, 6), p(2, 7)]);
    }
    lines
}

/// Points one road step away: orthogonal neighbours (not across the mountains, nor
/// across a closed middle), and a camp's four diagonal neighbours.
pub fn road_neighbours(p: Point, crossing: Crossing) -> Vec<Point> {
    let mut out = Vec::new();
    for (df, dr) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
        let Some(q) = p.offset(df, dr) else { continue };
        let front = (p.rank == 6 && q.rank == 7) || (p.rank == 7 && q.rank == 6);
        if front && (p.file == 1 || p.file == 3 || (p.file == 2 && crossing == Crossing::Closed)) {
            continue;
        }
        out.push(q);
    }
    for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
        if let Some(q) = p.offset(df, dr)
            && (is_camp(p) || is_camp(q))
        {
            out.push(q);
        }
    }
    out
}

/// The board as a graph indexed by [`Point::index`], built once per crossing.
pub(crate) fn graph(crossing: Crossing) -> &'static Graph {
    static RAILWAY: OnceLock<Graph> = OnceLock::new();
    static CLOSED: OnceLock<Graph> = OnceLock::new();
    let cell = match crossing {
        Crossing::Railway => &RAILWAY,
        Crossing::Closed => &CLOSED,
    };
    cell.get_or_init(|| {
        let roads = Point::all().flat_map(|p| {
            road_neighbours(p, crossing)
                .into_iter()
                .map(move |q| (p.index(), q.index()))
        });
        let lines = rail_lines(crossing)
            .iter()
            .map(|line| line.iter().map(|p| p.index()).collect())
            .collect();
        Graph::new(
            Point::all().count(),
            roads,
            lines,
            Point::all().map(is_camp).collect(),
            Point::all().map(is_headquarters).collect(),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_has_the_rules_numbers() {
        assert_eq!(Point::all().count(), 60);
        assert_eq!(Point::all().filter(|&p| is_station(p)).count(), 32);
        assert_eq!(Point::all().filter(|&p| is_camp(p)).count(), 10);
        assert_eq!(Point::all().filter(|&p| is_headquarters(p)).count(), 4);
        for side in [Side::South, Side::North] {
            let placeable = Point::all()
                .filter(|&p| side.owns(p) && !is_camp(p))
                .count();
            assert_eq!(
                placeable, 25,
                "a setup fills all 25 points of a half that are not camps"
            );
        }
    }

    #[test]
    fn mountains_cut_b_and_d() {
        let at = |s: &str| s.parse::<Point>().unwrap();
        assert!(!road_neighbours(at("b6"), Crossing::Railway).contains(&at("b7")));
        assert!(!road_neighbours(at("d7"), Crossing::Railway).contains(&at("d6")));
        assert!(road_neighbours(at("a6"), Crossing::Railway).contains(&at("a7")));
        assert!(road_neighbours(at("c6"), Crossing::Railway).contains(&at("c7")));
        assert!(!road_neighbours(at("c6"), Crossing::Closed).contains(&at("c7")));
        // A camp links diagonally to its four neighbours.
        assert!(road_neighbours(at("c4"), Crossing::Railway).contains(&at("b3")));
        assert!(road_neighbours(at("b3"), Crossing::Railway).contains(&at("c4")));
        assert!(!road_neighbours(at("a1"), Crossing::Railway).contains(&at("b2")));
    }
}
