//! Results and fouls as an arbiter types them.

use std::str::FromStr;

use tournament::{FoulKind, GameResult, Seat};

use crate::ServiceError;

/// A typed result, from the game's red and black: `1-0`, `0-1`, `1/2` (or `=`,
/// `1/2-1/2`), `+-` / `-+` (forfeit), `0-0` (double forfeit: both over time), and the
/// game-specific kinds `dead:red|black` (checkers dead game, the side leading),
/// `escape:red|black` (Junqi, the side that left), `resign:red|black` (Junqi
/// surrender, the side that gave up).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResultSpec(pub GameResult);

fn side(text: &str) -> Option<Seat> {
    match text {
        "red" | "r" | "红" | "红方" => Some(0),
        "black" | "b" | "黑" | "黑方" => Some(1),
        _ => None,
    }
}

impl FromStr for ResultSpec {
    type Err = ServiceError;
    fn from_str(text: &str) -> Result<ResultSpec, ServiceError> {
        let t = text.trim().to_ascii_lowercase();
        let result = match t.as_str() {
            "1-0" => GameResult::Win {
                winner: 0,
                moves: None,
            },
            "0-1" => GameResult::Win {
                winner: 1,
                moves: None,
            },
            "1/2" | "=" | "1/2-1/2" | "½-½" | "½" => GameResult::Draw,
            "+-" => GameResult::Forfeit { winner: 0 },
            "-+" => GameResult::Forfeit { winner: 1 },
            "0-0" => GameResult::DoubleForfeit,
            other => {
                let (kind, who) = other.split_once(':').ok_or_else(|| bad(text))?;
                let seat = side(who).ok_or_else(|| bad(text))?;
                match kind {
                    "dead" => GameResult::DeadGame { leader: seat },
                    "escape" => GameResult::Escape {
                        escaper: seat,
                        partner_already_lost: false,
                    },
                    "resign" => GameResult::Surrender {
                        loser: seat,
                        moves: 0,
                    },
                    _ => return Err(bad(text)),
                }
            }
        };
        Ok(ResultSpec(result))
    }
}

fn bad(text: &str) -> ServiceError {
    ServiceError::input(format!(
        "result '{text}' is not one of 1-0, 0-1, 1/2 (=), +-, -+, 0-0, dead:red|black, escape:red|black, resign:red|black"
    ))
}

/// Writes a game result the way [`ResultSpec`] reads it.
pub fn result_text(result: &GameResult) -> String {
    let colour = |s: Seat| if s == 0 { "red" } else { "black" };
    match *result {
        GameResult::Win { winner: 0, .. } => "1-0".into(),
        GameResult::Win { .. } => "0-1".into(),
        GameResult::Draw => "1/2-1/2".into(),
        GameResult::DoubleForfeit => "0-0".into(),
        GameResult::Forfeit { winner: 0 } => "+-".into(),
        GameResult::Forfeit { .. } => "-+".into(),
        GameResult::DeadGame { leader } => format!("dead:{}", colour(leader)),
        GameResult::Escape { escaper, .. } => format!("escape:{}", colour(escaper)),
        GameResult::Surrender { loser, .. } => format!("resign:{}", colour(loser)),
    }
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
        let bad = || {
            ServiceError::input(format!(
                "foul '{text}': write red:KIND or black:KIND, KIND one of draw-offer, false-claim, touch-own, touch-opponent, illegal-move, other"
            ))
        };
        let (who, kind) = text.trim().split_once(':').ok_or_else(bad)?;
        let seat = side(&who.to_ascii_lowercase()).ok_or_else(bad)?;
        let kind = match kind.to_ascii_lowercase().as_str() {
            "draw-offer" => FoulKind::RepeatedDrawOffers,
            "false-claim" => FoulKind::FalseMoveLimitClaim,
            "touch-own" => FoulKind::TouchedImmovablePiece,
            "touch-opponent" => FoulKind::TouchedUncapturablePiece,
            "illegal-move" => FoulKind::IllegalMove,
            "other" => FoulKind::Other,
            _ => return Err(bad()),
        };
        Ok(FoulSpec { seat, kind })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_round_trip() {
        for text in [
            "1-0",
            "0-1",
            "1/2-1/2",
            "0-0",
            "+-",
            "-+",
            "dead:red",
            "escape:black",
            "resign:red",
        ] {
            let spec: ResultSpec = text.parse().unwrap();
            assert_eq!(result_text(&spec.0), text);
        }
        assert_eq!("=".parse::<ResultSpec>().unwrap().0, GameResult::Draw);
        assert!("2-0".parse::<ResultSpec>().is_err());
        assert!("dead:green".parse::<ResultSpec>().is_err());
    }

    #[test]
    fn fouls_parse() {
        let f: FoulSpec = "black:touch-own".parse().unwrap();
        assert_eq!((f.seat, f.kind), (1, FoulKind::TouchedImmovablePiece));
        assert!("blue:touch-own".parse::<FoulSpec>().is_err());
        assert!("red:sneeze".parse::<FoulSpec>().is_err());
    }
}
