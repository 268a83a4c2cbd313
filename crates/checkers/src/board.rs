//! The 121-hole star in cube coordinates (q, r, s), q + r + s = 0, centre (0, 0, 0),
//! r growing downward: a hexagon of 61 holes and six triangles of 10. Holes are
//! numbered 0..121 row by row from the top, for tables.

use std::fmt;
use std::str::FromStr;

/// A hole of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hole(u8);

/// The six directions, as (dq, dr) with ds = −dq − dr.
pub const DIRECTIONS: [(i8, i8); 6] = [(1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)];

pub const HOLES: usize = 121;

const fn on_board(q: i8, r: i8) -> bool {
    let s = -q - r;
    (q >= -4 && r >= -4 && s >= -4) || (q <= 4 && r <= 4 && s <= 4)
}

/// (q, r) of each hole, rows top to bottom (r = −8 … 8), left to right (q rising).
const COORDS: [(i8, i8); HOLES] = {
    let mut t = [(0i8, 0i8); HOLES];
    let mut n = 0;
    let mut r = -8i8;
    while r <= 8 {
        let mut q = -8i8;
        while q <= 8 {
            if on_board(q, r) {
                t[n] = (q, r);
                n += 1;
            }
            q += 1;
        }
        r += 1;
    }
    t
};

const fn index_of(q: i8, r: i8) -> i16 {
    let mut i = 0;
    while i < HOLES {
        if COORDS[i].0 == q && COORDS[i].1 == r {
            return i as i16;
        }
        i += 1;
    }
    -1
}

/// Neighbour in each direction, or −1 off the board.
pub(crate) static NEIGHBOURS: [[i16; 6]; HOLES] = {
    let mut t = [[-1i16; 6]; HOLES];
    let mut i = 0;
    while i < HOLES {
        let (q, r) = COORDS[i];
        let mut d = 0;
        while d < 6 {
            let (dq, dr) = DIRECTIONS[d];
            t[i][d] = index_of(q + dq, r + dr);
            d += 1;
        }
        i += 1;
    }
    t
};

impl Hole {
    pub fn all() -> impl Iterator<Item = Hole> {
        (0..HOLES as u8).map(Hole)
    }

    pub fn from_cube(q: i32, r: i32, s: i32) -> Option<Hole> {
        if q + r + s != 0 || !(-8..=8).contains(&q) || !(-8..=8).contains(&r) {
            return None;
        }
        let i = index_of(q as i8, r as i8);
        (i >= 0).then_some(Hole(i as u8))
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    pub fn from_index(i: usize) -> Hole {
        Hole(i as u8)
    }

    pub fn q(self) -> i32 {
        COORDS[self.index()].0 as i32
    }

    pub fn r(self) -> i32 {
        COORDS[self.index()].1 as i32
    }

    pub fn s(self) -> i32 {
        -self.q() - self.r()
    }

    pub fn neighbour(self, direction: usize) -> Option<Hole> {
        let n = NEIGHBOURS[self.index()][direction];
        (n >= 0).then_some(Hole(n as u8))
    }

    pub fn distance(self, other: Hole) -> u32 {
        let (dq, dr, ds) = (
            self.q() - other.q(),
            self.r() - other.r(),
            self.s() - other.s(),
        );
        dq.unsigned_abs()
            .max(dr.unsigned_abs())
            .max(ds.unsigned_abs())
    }

    /// The triangle the hole lies in, if any.
    pub fn triangle(self) -> Option<Triangle> {
        Triangle::ALL.into_iter().find(|t| t.contains(self))
    }

    /// Human notation: the row from the top as a letter (a–q), then the place in the
    /// row counted from the left (1–13): `a1` is the top point, `i5` the centre.
    pub fn name(self) -> String {
        let r = self.r();
        let first_in_row = COORDS
            .iter()
            .position(|&(_, rr)| rr as i32 == r)
            .unwrap_or(0);
        let place = self.index() - first_in_row + 1;
        format!("{}{place}", (b'a' + (r + 8) as u8) as char)
    }
}

/// Writes the cube coordinates `q,r,s`.
impl fmt::Display for Hole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{},{}", self.q(), self.r(), self.s())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a hole: write q,r,s (q + r + s = 0) or a row letter and a place, e.g. e3")]
pub struct ParseHoleError(pub String);

/// Reads `q,r,s` (also `q,r`) or the human notation (`e3`).
impl FromStr for Hole {
    type Err = ParseHoleError;
    fn from_str(text: &str) -> Result<Hole, ParseHoleError> {
        let t = text.trim().trim_start_matches('[').trim_end_matches(']');
        let bad = || ParseHoleError(text.to_string());
        if t.contains(',') {
            let numbers: Vec<i32> = t
                .split(',')
                .map(|p| p.trim().parse().map_err(|_| bad()))
                .collect::<Result<_, _>>()?;
            return match numbers[..] {
                [q, r, s] => Hole::from_cube(q, r, s),
                [q, r] => Hole::from_cube(q, r, -q - r),
                _ => None,
            }
            .ok_or_else(bad);
        }
        let mut chars = t.chars();
        let row = chars
            .next()
            .filter(char::is_ascii_lowercase)
            .ok_or_else(bad)? as i32
            - 'a' as i32
            - 8;
        let place: usize = chars.as_str().parse().map_err(|_| bad())?;
        if !(-8..=8).contains(&row) || place == 0 {
            return Err(bad());
        }
        let first = COORDS
            .iter()
            .position(|&(_, r)| r as i32 == row)
            .ok_or_else(bad)?;
        let hole = first + place - 1;
        (hole < HOLES && COORDS[hole].1 as i32 == row)
            .then_some(Hole(hole as u8))
            .ok_or_else(bad)
    }
}

/// The six triangular camps (大营).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Triangle {
    N,
    NE,
    SE,
    S,
    SW,
    NW,
}

impl Triangle {
    pub const ALL: [Triangle; 6] = [
        Triangle::N,
        Triangle::NE,
        Triangle::SE,
        Triangle::S,
        Triangle::SW,
        Triangle::NW,
    ];

    pub fn contains(self, hole: Hole) -> bool {
        let (q, r, s) = (hole.q(), hole.r(), hole.s());
        match self {
            Triangle::N => r <= -5,
            Triangle::S => r >= 5,
            Triangle::NE => q >= 5,
            Triangle::SW => q <= -5,
            Triangle::NW => s >= 5,
            Triangle::SE => s <= -5,
        }
    }

    pub fn opposite(self) -> Triangle {
        match self {
            Triangle::N => Triangle::S,
            Triangle::S => Triangle::N,
            Triangle::NE => Triangle::SW,
            Triangle::SW => Triangle::NE,
            Triangle::NW => Triangle::SE,
            Triangle::SE => Triangle::NW,
        }
    }

    /// The ten holes of the triangle.
    pub fn holes(self) -> impl Iterator<Item = Hole> {
        Hole::all().filter(move |&h| self.contains(h))
    }

    /// The five holes in front of the triangle, added in the 15-piece variant.
    pub fn front_row(self) -> impl Iterator<Item = Hole> {
        Hole::all().filter(move |&h| {
            let (q, r, s) = (h.q(), h.r(), h.s());
            let inside = q.abs() <= 4 && r.abs() <= 4 && s.abs() <= 4;
            inside
                && match self {
                    Triangle::N => r == -4,
                    Triangle::S => r == 4,
                    Triangle::NE => q == 4,
                    Triangle::SW => q == -4,
                    Triangle::NW => s == 4,
                    Triangle::SE => s == -4,
                }
        })
    }

    /// The tip of the triangle: the hole farthest from the centre.
    pub fn apex(self) -> Hole {
        let (q, r) = match self {
            Triangle::N => (4, -8),
            Triangle::S => (-4, 8),
            Triangle::NE => (8, -4),
            Triangle::SW => (-8, 4),
            Triangle::NW => (-4, -4),
            Triangle::SE => (4, 4),
        };
        Hole::from_cube(q, r, -q - r).expect("the apexes are on the board")
    }

    pub fn name(self) -> &'static str {
        match self {
            Triangle::N => "N",
            Triangle::NE => "NE",
            Triangle::SE => "SE",
            Triangle::S => "S",
            Triangle::SW => "SW",
            Triangle::NW => "NW",
        }
    }
}

impl FromStr for Triangle {
    type Err = String;
    fn from_str(s: &str) -> Result<Triangle, String> {
        Triangle::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| format!("'{s}' is not a camp: N, NE, SE, S, SW or NW"))
    }
}

impl fmt::Display for Triangle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_star_has_121_holes_and_six_triangles_of_ten() {
        assert_eq!(Hole::all().count(), 121);
        for t in Triangle::ALL {
            assert_eq!(t.holes().count(), 10, "{t}");
            assert_eq!(t.front_row().count(), 5, "{t}");
            assert!(t.contains(t.apex()));
            assert_eq!(t.apex().distance(t.opposite().apex()), 16);
        }
        let hexagon = Hole::all().filter(|h| h.triangle().is_none()).count();
        assert_eq!(hexagon, 61);
    }

    #[test]
    fn human_notation_round_trips() {
        for h in Hole::all() {
            assert_eq!(h.name().parse::<Hole>(), Ok(h));
            assert_eq!(h.to_string().parse::<Hole>(), Ok(h));
        }
        assert_eq!("a1".parse::<Hole>().unwrap(), Triangle::N.apex());
        assert_eq!("i5".parse::<Hole>().unwrap().to_string(), "0,0,0");
        assert_eq!("q1".parse::<Hole>().unwrap(), Triangle::S.apex());
        assert!("a2".parse::<Hole>().is_err());
        assert!("1,1,1".parse::<Hole>().is_err());
        assert!("z9".parse::<Hole>().is_err());
    }
}
