//! Seatings, settings and positions.

use std::str::FromStr;

use crate::board::{HOLES, Hole, Triangle};

/// The event rule on entering other players' camps (禁止进入他人大营).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CampRule {
    /// No restriction.
    Standard,
    /// A move may not end in another player's home (passing through is allowed).
    NoEnd,
    /// The seeds' rule: a piece may not land in another player's home at all, not even
    /// in the middle of a jump chain; its own goal excepted.
    #[default]
    NoLanding,
}

impl FromStr for CampRule {
    type Err = String;
    fn from_str(s: &str) -> Result<CampRule, String> {
        match s {
            "standard" => Ok(CampRule::Standard),
            "no-end" => Ok(CampRule::NoEnd),
            "no-landing" => Ok(CampRule::NoLanding),
            _ => Err(format!(
                "camp rule '{s}': use standard, no-end or no-landing"
            )),
        }
    }
}

/// When a player has reached the goal.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WinRule {
    /// Every goal hole holds one of the player's pieces.
    #[default]
    Fill,
    /// Every goal hole is occupied and at least one holds the player's piece (for goals
    /// blocked by an opponent who never leaves).
    Spoiled,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Settings {
    pub camp_rule: CampRule,
    pub win_rule: WinRule,
    /// Returns of a piece to where it stood two own moves before allowed per player;
    /// the next is refused.
    pub repetitions: u32,
    /// Full rounds without progress that make a dead game.
    pub dead_rounds: u32,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            camp_rule: CampRule::NoLanding,
            win_rule: WinRule::Fill,
            repetitions: 3,
            dead_rounds: 10,
        }
    }
}

/// The camps in play, in turn order.
pub fn seating(players: usize) -> Option<Vec<Triangle>> {
    use Triangle::*;
    Some(match players {
        2 => vec![N, S],
        3 => vec![N, SE, SW],
        4 => vec![NW, NE, SE, SW],
        6 => vec![N, NE, SE, S, SW, NW],
        _ => return None,
    })
}

/// A position: who stands where and who moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    /// Owner of each hole: an index into `players`, or `EMPTY`.
    pub(crate) holes: [u8; HOLES],
    /// Home camps of the players in turn order.
    pub players: Vec<Triangle>,
    pub to_move: usize,
}

pub(crate) const EMPTY: u8 = u8::MAX;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("{0} players: Chinese checkers is played by 2, 3, 4 or 6")]
    Players(usize),
    #[error("pieces per player must be 10 or 15 (15 for two players only), not {0}")]
    Pieces(usize),
    #[error("{0} is not seated in a game of {1}")]
    NotSeated(Triangle, usize),
    #[error("two pieces on hole {0}")]
    Twice(Hole),
    #[error("{owner} has {count} pieces, more than {max}")]
    TooMany {
        owner: Triangle,
        count: usize,
        max: usize,
    },
}

impl Position {
    /// The start: every player's pieces in its home camp (plus the front row with 15).
    pub fn start(players: usize, pieces: usize) -> Result<Position, SetupError> {
        let seats = seating(players).ok_or(SetupError::Players(players))?;
        if !(pieces == 10 || (pieces == 15 && players == 2)) {
            return Err(SetupError::Pieces(pieces));
        }
        let mut holes = [EMPTY; HOLES];
        for (i, camp) in seats.iter().enumerate() {
            for h in camp.holes() {
                holes[h.index()] = i as u8;
            }
            if pieces == 15 {
                for h in camp.front_row() {
                    holes[h.index()] = i as u8;
                }
            }
        }
        Ok(Position {
            holes,
            players: seats,
            to_move: 0,
        })
    }

    /// A position from pieces given by their owners' camps.
    pub fn from_pieces(
        players: usize,
        to_move: Triangle,
        pieces: &[(Hole, Triangle)],
    ) -> Result<Position, SetupError> {
        let seats = seating(players).ok_or(SetupError::Players(players))?;
        let seat = |t: Triangle| {
            seats
                .iter()
                .position(|&s| s == t)
                .ok_or(SetupError::NotSeated(t, players))
        };
        let mut holes = [EMPTY; HOLES];
        for &(hole, owner) in pieces {
            let i = seat(owner)?;
            if holes[hole.index()] != EMPTY {
                return Err(SetupError::Twice(hole));
            }
            holes[hole.index()] = i as u8;
        }
        for (i, &owner) in seats.iter().enumerate() {
            let count = holes.iter().filter(|&&o| o == i as u8).count();
            if count > 15 {
                return Err(SetupError::TooMany {
                    owner,
                    count,
                    max: 15,
                });
            }
        }
        Ok(Position {
            holes,
            to_move: seat(to_move)?,
            players: seats,
        })
    }

    pub fn owner(&self, hole: Hole) -> Option<Triangle> {
        let o = self.holes[hole.index()];
        (o != EMPTY).then(|| self.players[o as usize])
    }

    pub fn side_to_move(&self) -> Triangle {
        self.players[self.to_move]
    }

    pub fn pieces_of(&self, player: usize) -> impl Iterator<Item = Hole> + '_ {
        Hole::all().filter(move |h| self.holes[h.index()] == player as u8)
    }

    /// The sum of the distances of a player's pieces from the tip of its goal.
    pub fn distance_to_goal(&self, player: usize) -> u32 {
        let apex = self.players[player].opposite().apex();
        self.pieces_of(player).map(|h| h.distance(apex)).sum()
    }

    /// Whether a player has reached its goal.
    pub fn has_won(&self, player: usize, rule: WinRule) -> bool {
        let goal = self.players[player].opposite();
        let mut own = 0;
        for h in goal.holes() {
            match self.holes[h.index()] {
                EMPTY => return false,
                o if o as usize == player => own += 1,
                _ if rule == WinRule::Fill => return false,
                _ => {}
            }
        }
        own > 0
    }

    /// Whether `player` may stand on `hole` under the camp rule: not in another
    /// seated player's home, its own goal excepted.
    pub(crate) fn forbidden_for(&self, player: usize, hole: Hole) -> bool {
        match hole.triangle() {
            None => false,
            Some(t) => {
                t != self.players[player].opposite()
                    && t != self.players[player]
                    && self.players.contains(&t)
            }
        }
    }
}
