//! Fouls as an arbiter types them; results are the core's [`ResultText`].

use std::str::FromStr;

use tournament::result::text::side;
use tournament::{FoulKind, GameResult, ResultText, Seat};

use crate::ServiceError;

/// Writes a game result the way [`ResultText`] reads it.
pub fn result_text(result: &GameResult) -> String {
    ResultText(*result).to_string()
}

/// A foul as typed: `red:touch-own`, `black:draw-offer`, ...
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FoulSpec {
    pub seat: Seat,
    pub kind: FoulKind,
}

impl FromStr for FoulSpec {
    type Err = ServiceError;
    fn from_str(text: &str) -> Result<FoulSpec, ServiceError> {
        let bad = || ServiceError::refused(messages::msg!("foul.unreadable", text = text));
        let (who, kind) = text.trim().split_once(':').ok_or_else(bad)?;
        let seat = side(&who.to_ascii_lowercase()).ok_or_else(bad)?;
        let kind = foul_kind(kind).ok_or_else(bad)?;
        Ok(FoulSpec { seat, kind })
    }
}

/// A foul's kind as typed: draw-offer, false-claim, touch-own, touch-opponent,
/// illegal-move, other.
pub(crate) fn foul_kind(text: &str) -> Option<FoulKind> {
    Some(match text.trim().to_ascii_lowercase().as_str() {
        "draw-offer" => FoulKind::RepeatedDrawOffers,
        "false-claim" => FoulKind::FalseMoveLimitClaim,
        "touch-own" => FoulKind::TouchedImmovablePiece,
        "touch-opponent" => FoulKind::TouchedUncapturablePiece,
        "illegal-move" => FoulKind::IllegalMove,
        "other" => FoulKind::Other,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fouls_parse() {
        let f: FoulSpec = "black:touch-own".parse().unwrap();
        assert_eq!((f.seat, f.kind), (1, FoulKind::TouchedImmovablePiece));
        assert!("blue:touch-own".parse::<FoulSpec>().is_err());
        assert!("red:sneeze".parse::<FoulSpec>().is_err());
    }
}
