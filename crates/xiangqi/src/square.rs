use std::fmt;
use std::str::FromStr;

use crate::Color;

/// One of the 90 points, numbered `rank * 9 + file`. Files `a`–`i` run from red's
/// left to red's right, ranks `0`–`9` from red's back rank: the ICCS coordinates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    pub const COUNT: usize = 90;

    pub const fn new(file: u8, rank: u8) -> Square {
        debug_assert!(file < 9 && rank < 10);
        Square(rank * 9 + file)
    }

    /// `None` when the coordinates fall off the board.
    pub const fn try_new(file: i8, rank: i8) -> Option<Square> {
        if file >= 0 && file < 9 && rank >= 0 && rank < 10 {
            Some(Square::new(file as u8, rank as u8))
        } else {
            None
        }
    }

    pub const fn from_index(index: usize) -> Square {
        debug_assert!(index < 90);
        Square(index as u8)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The point as a bit of a 90-point mask (one load: a 128-bit shift is several
    /// instructions).
    #[inline]
    pub(crate) fn bit(self) -> u128 {
        BITS[self.0 as usize]
    }

    #[inline]
    pub const fn file(self) -> u8 {
        FILES[self.0 as usize]
    }

    #[inline]
    pub const fn rank(self) -> u8 {
        RANKS[self.0 as usize]
    }

    /// The square `df` files and `dr` ranks away, if it is on the board.
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        Square::try_new(self.file() as i8 + df, self.rank() as i8 + dr)
    }

    pub fn all() -> impl Iterator<Item = Square> {
        (0..90u8).map(Square)
    }

    /// On `color`'s own half (before the river).
    pub const fn on_own_side(self, color: Color) -> bool {
        match color {
            Color::Red => self.rank() <= 4,
            Color::Black => self.rank() >= 5,
        }
    }

    pub const fn in_palace(self, color: Color) -> bool {
        let f = self.file();
        let r = self.rank();
        f >= 3
            && f <= 5
            && match color {
                Color::Red => r <= 2,
                Color::Black => r >= 7,
            }
    }

    /// The file as `color` numbers it: 1–9 from that player's right.
    pub const fn file_number(self, color: Color) -> u8 {
        match color {
            Color::Red => 9 - self.file(),
            Color::Black => self.file() + 1,
        }
    }

    /// The board file (0–8) that `color` calls `number` (1–9).
    pub const fn file_from_number(number: u8, color: Color) -> u8 {
        match color {
            Color::Red => 9 - number,
            Color::Black => number - 1,
        }
    }
}

// Lookups instead of division: file and rank are asked for in every legality test.
const FILES: [u8; 90] = {
    let mut t = [0; 90];
    let mut i = 0;
    while i < 90 {
        t[i] = (i % 9) as u8;
        i += 1;
    }
    t
};

const RANKS: [u8; 90] = {
    let mut t = [0; 90];
    let mut i = 0;
    while i < 90 {
        t[i] = (i / 9) as u8;
        i += 1;
    }
    t
};

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank())
    }
}

/// A square name that is not `a0`–`i9`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a square: files are a–i, ranks 0–9 (e.g. e0)")]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let b = s.as_bytes();
        if b.len() == 2 {
            let file = b[0].to_ascii_lowercase().wrapping_sub(b'a');
            let rank = b[1].wrapping_sub(b'0');
            if file < 9 && rank < 10 {
                return Ok(Square::new(file, rank));
            }
        }
        Err(ParseSquareError(s.to_string()))
    }
}

static BITS: [u128; Square::COUNT] = {
    let mut bits = [0u128; Square::COUNT];
    let mut sq = 0;
    while sq < Square::COUNT {
        bits[sq] = 1 << sq;
        sq += 1;
    }
    bits
};
