//! The one result vocabulary: how an arbiter types a game's result and how every front
//! end prints it, from the game's red (first) and black (second) player. `1-0`, `0-1`,
//! `1/2` (or `=`, `1/2-1/2`), `+-` / `-+` (forfeit), `0-0` (double forfeit: both over
//! time), and the kinds of one game only: `dead:red|black` (checkers dead game, the side
//! leading), `escape:red|black` (Junqi, the side that left), `resign:red|black` (Junqi
//! surrender, the side that gave up).

use std::fmt;
use std::str::FromStr;

use super::{GameResult, Seat};
use crate::model::GameKind;

/// A game result as text: parses with `FromStr`, prints with `Display`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResultText(pub GameResult);

/// Text that is no result.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "result '{0}' is not one of 1-0, 0-1, 1/2 (=), +-, -+, 0-0, dead:red|black, escape:red|black, resign:red|black"
)]
pub struct ParseResultError(pub String);

/// A result of a kind the event's game does not have (`dead:red` in Xiangqi).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{text}' is not a result of {game:?}: it allows {allowed}")]
pub struct ForeignResult {
    pub text: String,
    pub game: GameKind,
    pub allowed: String,
}

/// A side as typed: `red`, `r`, `红`, `红方`; `black`, `b`, `黑`, `黑方`.
pub fn side(text: &str) -> Option<Seat> {
    match text {
        "red" | "r" | "红" | "红方" => Some(0),
        "black" | "b" | "黑" | "黑方" => Some(1),
        _ => None,
    }
}

impl FromStr for ResultText {
    type Err = ParseResultError;
    fn from_str(text: &str) -> Result<ResultText, ParseResultError> {
        let bad = || ParseResultError(text.to_string());
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
                let (kind, who) = other.split_once(':').ok_or_else(bad)?;
                let seat = side(who).ok_or_else(bad)?;
                match kind {
                    "dead" => GameResult::DeadGame { leader: seat },
                    "escape" => GameResult::Escape {
                        escaper: seat,
                        partner_already_lost: false,
                        moves: None,
                    },
                    "resign" => GameResult::Surrender {
                        loser: seat,
                        moves: 0,
                    },
                    _ => return Err(bad()),
                }
            }
        };
        Ok(ResultText(result))
    }
}

impl fmt::Display for ResultText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let colour = |s: Seat| if s == 0 { "red" } else { "black" };
        match self.0 {
            GameResult::Win { winner: 0, .. } => f.write_str("1-0"),
            GameResult::Win { .. } => f.write_str("0-1"),
            GameResult::Draw => f.write_str("1/2-1/2"),
            GameResult::DoubleForfeit => f.write_str("0-0"),
            GameResult::Forfeit { winner: 0 } => f.write_str("+-"),
            GameResult::Forfeit { .. } => f.write_str("-+"),
            GameResult::DeadGame { leader } => write!(f, "dead:{}", colour(leader)),
            GameResult::Escape { escaper, .. } => write!(f, "escape:{}", colour(escaper)),
            GameResult::Surrender { loser, .. } => write!(f, "resign:{}", colour(loser)),
        }
    }
}

/// A result in words for printouts: plain scores stay scores (`1-0`, `1/2-1/2`); the
/// others say what happened (死局·红方领先, 北方逃跑, 双方超时). Junqi's two sides are
/// south (seat 0) and north; the other games', red and black.
pub fn words(result: &GameResult, game: GameKind, zh: bool) -> String {
    let side = |seat: Seat| match (game, seat == 0, zh) {
        (GameKind::Junqi, true, true) => "南方",
        (GameKind::Junqi, false, true) => "北方",
        (GameKind::Junqi, true, false) => "south",
        (GameKind::Junqi, false, false) => "north",
        (_, true, true) => "红方",
        (_, false, true) => "黑方",
        (_, true, false) => "red",
        (_, false, false) => "black",
    };
    match (*result, zh) {
        (GameResult::DoubleForfeit, true) => "0-0（双方超时或弃权）".into(),
        (GameResult::DoubleForfeit, false) => "0-0 (both lost)".into(),
        (GameResult::Forfeit { winner }, true) => {
            format!("{}（{}弃权）", ResultText(*result), side(1 - winner.min(1)))
        }
        (GameResult::Forfeit { winner }, false) => {
            format!(
                "{} ({} forfeits)",
                ResultText(*result),
                side(1 - winner.min(1))
            )
        }
        (GameResult::DeadGame { leader }, true) => format!("死局·{}领先", side(leader)),
        (GameResult::DeadGame { leader }, false) => format!("dead game, {} leads", side(leader)),
        (GameResult::Escape { escaper, .. }, true) => format!("{}逃跑", side(escaper)),
        (GameResult::Escape { escaper, .. }, false) => format!("{} escapes", side(escaper)),
        (GameResult::Surrender { loser, .. }, true) => format!("{}投降", side(loser)),
        (GameResult::Surrender { loser, .. }, false) => format!("{} surrenders", side(loser)),
        _ => ResultText(*result).to_string(),
    }
}

/// The kinds of result a game has, as their text patterns (for help and for the UI).
pub fn kinds_of(game: GameKind) -> Vec<&'static str> {
    let own: &[&str] = match game {
        GameKind::Xiangqi => &[],
        GameKind::Checkers => &["dead:red", "dead:black"],
        GameKind::Junqi => &["escape:red", "escape:black", "resign:red", "resign:black"],
    };
    ["1-0", "0-1", "1/2", "+-", "-+", "0-0"]
        .into_iter()
        .chain(own.iter().copied())
        .collect()
}

impl ResultText {
    /// The result, if `game` has results of its kind.
    pub fn for_game(self, game: GameKind) -> Result<GameResult, ForeignResult> {
        let allowed = match self.0 {
            GameResult::DeadGame { .. } => game == GameKind::Checkers,
            GameResult::Escape { .. } | GameResult::Surrender { .. } => game == GameKind::Junqi,
            _ => true,
        };
        if allowed {
            Ok(self.0)
        } else {
            Err(ForeignResult {
                text: self.to_string(),
                game,
                allowed: kinds_of(game).join(", "),
            })
        }
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
            let parsed: ResultText = text.parse().unwrap();
            assert_eq!(parsed.to_string(), text);
        }
        assert_eq!("=".parse::<ResultText>().unwrap().0, GameResult::Draw);
        assert!("2-0".parse::<ResultText>().is_err());
        assert!("dead:green".parse::<ResultText>().is_err());
    }

    #[test]
    fn kinds_of_other_games_are_refused() {
        let dead: ResultText = "dead:red".parse().unwrap();
        assert!(dead.for_game(GameKind::Checkers).is_ok());
        let e = dead.for_game(GameKind::Xiangqi).unwrap_err();
        assert!(e.allowed.contains("0-0") && !e.allowed.contains("dead"));
        let escape: ResultText = "escape:black".parse().unwrap();
        assert!(escape.for_game(GameKind::Checkers).is_err());
        assert!(escape.for_game(GameKind::Junqi).is_ok());
        for game in [GameKind::Xiangqi, GameKind::Checkers, GameKind::Junqi] {
            for kind in kinds_of(game) {
                let parsed: ResultText = kind.parse().unwrap();
                assert!(parsed.for_game(game).is_ok(), "{kind} in {game:?}");
            }
        }
    }

    #[test]
    fn printouts_say_what_happened() {
        use super::words;
        let dead = GameResult::DeadGame { leader: 0 };
        assert_eq!(words(&dead, GameKind::Checkers, true), "死局·红方领先");
        let escape = GameResult::Escape {
            escaper: 1,
            partner_already_lost: false,
            moves: None,
        };
        assert_eq!(words(&escape, GameKind::Junqi, true), "北方逃跑");
        let surrender = GameResult::Surrender {
            loser: 0,
            moves: 30,
        };
        assert_eq!(
            words(&surrender, GameKind::Junqi, false),
            "south surrenders"
        );
        assert_eq!(
            words(&GameResult::DoubleForfeit, GameKind::Xiangqi, true),
            "0-0（双方超时或弃权）"
        );
        assert_eq!(
            words(&GameResult::Forfeit { winner: 0 }, GameKind::Xiangqi, true),
            "+-（黑方弃权）"
        );
        assert_eq!(words(&GameResult::Draw, GameKind::Xiangqi, true), "1/2-1/2");
    }
}
