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
        let compact: String = text.chars().filter(|&c| c != '-').collect();
        let bad = || SyntaxError::new(text, "ICCS moves are two squares, e.g. h2e2 or H2-E2");
        if compact.len() != 4 || !compact.is_ascii() || text.matches('-').count() > 1 {
            return Err(bad());
        }
        let from = compact[..2].parse().map_err(|_| bad())?;
        let to = compact[2..].parse().map_err(|_| bad())?;
        Ok(Iccs { from, to })
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
