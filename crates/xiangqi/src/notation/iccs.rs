//! ICCS coordinates: `h2e2`, or `H2-E2` as PGN files write them.

use std::fmt;
use std::str::FromStr;

use super::{Syntax, SyntaxError};
use crate::{Move, Square};

/// An ICCS move as text, not yet checked against a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Iccs {
    pub from: Square,
    pub to: Square,
}

impl FromStr for Iccs {
    type Err = SyntaxError;

    fn from_str(text: &str) -> Result<Iccs, SyntaxError> {
        let (from, to) = squares(text).ok_or_else(|| SyntaxError::new(text, Syntax::Iccs))?;
        Ok(Iccs { from, to })
    }
}

/// The two squares of `h2e2` or `H2-E2`: the hot path of reading ICCS records, with
/// no error to build.
#[inline]
pub(crate) fn squares(text: &str) -> Option<(Square, Square)> {
    let square = |file: u8, rank: u8| {
        let (f, r) = (
            file.to_ascii_lowercase().wrapping_sub(b'a'),
            rank.wrapping_sub(b'0'),
        );
        (f < 9 && r < 10).then(|| Square::new(f, r))
    };
    match *text.as_bytes() {
        [a, b, c, d] | [a, b, b'-', c, d] => square(a, b).zip(square(c, d)),
        _ => None,
    }
}

impl From<Move> for Iccs {
    fn from(m: Move) -> Iccs {
        Iccs {
            from: m.from,
            to: m.to,
        }
    }
}

impl fmt::Display for Iccs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

/// Whether the text has the shape of an ICCS move.
pub(crate) fn looks_like(text: &str) -> bool {
    squares(text).is_some()
}
