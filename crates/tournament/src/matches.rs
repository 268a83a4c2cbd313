//! Best-of-N matches between two entrants (三局两胜 is best of 3): colours alternate
//! game by game, the match ends as soon as it is decided, and a tie after N games goes
//! to extra games, then to drawing of lots, as configured.

use crate::result::{Decision, GameRecord, GameResult, Seat, Seating};
use crate::{DrawSeed, Lots};

/// How a tie after the regular games is broken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Decider {
    /// Extra games (加赛), each sudden death; then lots.
    pub extra_games: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MatchFormat {
    pub best_of: u32,
    pub decider: Decider,
}

impl Default for MatchFormat {
    /// One game; a knockout tie goes to one extra game, then lots.
    fn default() -> Self {
        MatchFormat {
            best_of: 1,
            decider: Decider { extra_games: 1 },
        }
    }
}

impl MatchFormat {
    /// 三局两胜: best of three, one extra game on a tie, then lots.
    pub fn best_of_three() -> MatchFormat {
        MatchFormat {
            best_of: 3,
            decider: Decider { extra_games: 1 },
        }
    }
}

/// Why a match was decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DecidedBy {
    Games,
    ExtraGame,
    Lots,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum MatchState {
    /// The next game to play: its number (1-based) and which seat has red.
    Playing {
        game: u32,
        red: Seat,
        extra: bool,
    },
    /// Tied after all games: lots must be drawn.
    NeedsLots,
    Decided {
        winner: Seat,
        by: DecidedBy,
    },
}

/// Which seat has red in game `index` (0-based): seat 0 in the first game, then
/// alternating.
pub fn red_seat(index: usize) -> Seat {
    index % 2
}

/// Half-points each side scored in a game of the match (win 2, draw 1, loss 0; a double
/// forfeit gives nobody anything; a dead game counts for its leader); the game's
/// colours do not matter, side 0 is always the first entrant of the match.
pub fn half_points(result: GameResult, seating: Seating) -> [u32; 2] {
    match result.decision(seating) {
        Decision::Side(0) | Decision::DeadGame(0) => [2, 0],
        Decision::Side(_) | Decision::DeadGame(_) => [0, 2],
        Decision::Draw => [1, 1],
        Decision::Nobody => [0, 0],
    }
}

/// The state of a match from its games so far, each game's result given from the
/// match's sides (side 0 = the first entrant, whatever colour it had) and seated as
/// `seating`, and the lots winner if lots were drawn.
pub fn match_state(
    format: MatchFormat,
    seating: Seating,
    games: &[GameRecord],
    lots: Option<Seat>,
) -> MatchState {
    let regular = format.best_of.max(1) as usize;
    let mut score = [0u32; 2];
    for (i, game) in games.iter().enumerate().take(regular) {
        let h = half_points(game.effective(seating), seating);
        score = [score[0] + h[0], score[1] + h[1]];
        let remaining = (regular - i - 1) as u32 * 2;
        if score[0] > score[1] + remaining {
            return MatchState::Decided {
                winner: 0,
                by: DecidedBy::Games,
            };
        }
        if score[1] > score[0] + remaining {
            return MatchState::Decided {
                winner: 1,
                by: DecidedBy::Games,
            };
        }
    }
    if games.len() < regular {
        return MatchState::Playing {
            game: games.len() as u32 + 1,
            red: red_seat(games.len()),
            extra: false,
        };
    }
    for game in games
        .iter()
        .skip(regular)
        .take(format.decider.extra_games as usize)
    {
        let h = half_points(game.effective(seating), seating);
        if h[0] != h[1] {
            let winner = if h[0] > h[1] { 0 } else { 1 };
            return MatchState::Decided {
                winner,
                by: DecidedBy::ExtraGame,
            };
        }
    }
    if games.len() < regular + format.decider.extra_games as usize {
        return MatchState::Playing {
            game: games.len() as u32 + 1,
            red: red_seat(games.len()),
            extra: true,
        };
    }
    match lots {
        Some(winner) => MatchState::Decided {
            winner,
            by: DecidedBy::Lots,
        },
        None => MatchState::NeedsLots,
    }
}

/// Draws the lots of a tied match: the seat that goes through.
pub fn draw_match_lots(seed: DrawSeed) -> Seat {
    Lots::new(seed).index(2)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn win(seat: Seat) -> GameRecord {
        GameRecord::new(GameResult::Win {
            winner: seat,
            moves: None,
        })
    }

    fn draw() -> GameRecord {
        GameRecord::new(GameResult::Draw)
    }

    #[test]
    fn two_wins_end_a_best_of_three_early() {
        let f = MatchFormat::best_of_three();
        assert_eq!(
            match_state(f, Seating::TwoSides, &[], None),
            MatchState::Playing {
                game: 1,
                red: 0,
                extra: false
            }
        );
        assert_eq!(
            match_state(f, Seating::TwoSides, &[win(0)], None),
            MatchState::Playing {
                game: 2,
                red: 1,
                extra: false
            }
        );
        assert_eq!(
            match_state(f, Seating::TwoSides, &[win(0), win(0)], None),
            MatchState::Decided {
                winner: 0,
                by: DecidedBy::Games
            }
        );
        // After a win and a draw the leader is 1.5–0.5 up with a game to go: not yet
        // decided; a drawn third game settles it 2–1.
        assert_eq!(
            match_state(f, Seating::TwoSides, &[win(1), draw()], None),
            MatchState::Playing {
                game: 3,
                red: 0,
                extra: false
            }
        );
        assert_eq!(
            match_state(f, Seating::TwoSides, &[win(1), draw(), draw()], None),
            MatchState::Decided {
                winner: 1,
                by: DecidedBy::Games
            }
        );
    }

    #[test]
    fn best_of_three_decided_by_lots() {
        // 1–1 with a draw: tied after three games; the extra game is drawn too; lots decide.
        let f = MatchFormat::best_of_three();
        let games = [win(0), win(1), draw()];
        assert_eq!(
            match_state(f, Seating::TwoSides, &games, None),
            MatchState::Playing {
                game: 4,
                red: 1,
                extra: true
            }
        );
        let games = [win(0), win(1), draw(), draw()];
        assert_eq!(
            match_state(f, Seating::TwoSides, &games, None),
            MatchState::NeedsLots
        );
        let seat = draw_match_lots(77);
        assert_eq!(
            seat,
            draw_match_lots(77),
            "the same seed draws the same lot"
        );
        assert_eq!(
            match_state(f, Seating::TwoSides, &games, Some(seat)),
            MatchState::Decided {
                winner: seat,
                by: DecidedBy::Lots
            }
        );
        // With lots as the only decider, no extra game is played.
        let lots_only = MatchFormat {
            best_of: 3,
            decider: Decider { extra_games: 0 },
        };
        assert_eq!(
            match_state(lots_only, Seating::TwoSides, &games[..3], None),
            MatchState::NeedsLots
        );
    }

    #[test]
    fn an_extra_game_can_decide() {
        let f = MatchFormat::best_of_three();
        let games = [draw(), draw(), draw(), win(1)];
        assert_eq!(
            match_state(f, Seating::TwoSides, &games, None),
            MatchState::Decided {
                winner: 1,
                by: DecidedBy::ExtraGame
            }
        );
    }
}
