//! ICCS coordinates: `h2e2`, or `H2-E2` as PGN files write them.

use std::fmt;
use std::str::FromStr;

use super::SyntaxError;
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
        let bad = || SyntaxError::new(text, "ICCS moves are two squares, e.g. h2e2 or H2-E2");
        if !text.is_ascii() {
            return Err(bad());
        }
        let b = text.as_bytes();
        let (from, to) = match b.len() {
            4 => (&text[..2], &text[2..]),
            5 if b[2] == b'-' => (&text[..2], &text[3..]),
            _ => return Err(bad()),
        };
        Ok(Iccs {
            from: from.parse().map_err(|_| bad())?,
            to: to.parse().map_err(|_| bad())?,
        })
    }
}

impl From<Move> for Iccs {
    fn from(m: Move) -> Iccs {
        Iccs { from: m.from, to: m.to }
    }
}

impl fmt::Display for Iccs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

/// Whether the text has the shape of an ICCS move.
pub(crate) fn looks_like(text: &str) -> bool {
    text.parse::<Iccs>().is_ok()
}
