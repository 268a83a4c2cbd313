//! A table event's settings and a table's entered game: how many sit at a table, who
//! partners whom in four-player Junqi, how checkers tables score, and what a stage of
//! tables plays (a round robin, Swiss or knockout in tables).

use crate::model::GameKind;
use crate::scoring::TableScoring;
use crate::{OutOfRange, Points};

/// Four-player Junqi: who plays beside whom.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Partners {
    /// The entrants are pairs (two-member teams), together in every game.
    #[default]
    Fixed,
    /// The entrants are players; partners are assigned each round.
    Rotating,
}

/// An event played at tables of more than two.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Tables {
    pub game: GameKind,
    /// Players at a table: 3, 4 or 6 for checkers, 4 for Junqi.
    pub size: usize,
    #[serde(default)]
    pub partners: Partners,
    /// Checkers: what each finishing place scores.
    #[serde(default)]
    pub scoring: TableScoring,
}

impl Tables {
    /// Whether every seat is an entrant of its own (all but Junqi's fixed pairs, which
    /// meet two to a table as two-sided matches).
    pub fn seats_individuals(&self) -> bool {
        !(self.game == GameKind::Junqi && self.partners == Partners::Fixed)
    }

    /// The points of a sit-out (轮空) and whether it counts as a table won: at a
    /// Junqi table a win (2); at checkers what the event's bye setting (`bye`) says,
    /// and no win, whatever a first place would score (by placement, N − 1).
    pub fn sit_out(&self, bye: Points) -> (Points, bool) {
        match self.game {
            GameKind::Junqi => (Points::whole(2), true),
            _ => (bye, false),
        }
    }
}

/// A stage at tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TableStageKind {
    /// Every pair of players meets as evenly as the rounds allow, all rounds at the draw.
    RoundRobin,
    /// Seated by score round by round, the leaders together.
    Swiss,
    /// The top of each table go on until one table is left.
    Knockout,
}

/// A stage played at tables of three to six.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TableStage {
    /// Round robin, Swiss or knockout (not `kind`: the stage's format is tagged so).
    pub format: TableStageKind,
    /// Players at a table.
    pub size: u32,
    /// Four-player Junqi: partners assigned each round.
    #[serde(default)]
    pub rotating: bool,
    /// Rounds to play; 0: as many as it takes for everyone to meet (round robin).
    #[serde(default)]
    pub rounds: u32,
    /// Knockout: how many of each table go on.
    #[serde(default)]
    pub per_table: u32,
}

impl TableStage {
    pub fn validate(&self) -> Result<(), OutOfRange> {
        crate::limits::TABLE_SIZE.check(self.size)?;
        if self.rounds > 0 || self.format == TableStageKind::Swiss {
            crate::limits::SWISS_ROUNDS.check(self.rounds)?;
        }
        if self.format == TableStageKind::Knockout {
            let below_size = crate::Bound {
                max: u64::from(self.size.saturating_sub(1)),
                ..crate::limits::PER_TABLE
            };
            below_size.check(self.per_table)?;
        }
        Ok(())
    }

    /// Rounds of a round robin of `players`: as given, else enough for every pair to
    /// meet (each round a player meets size − 1 others; rotating partners: every pair
    /// partners once).
    pub fn round_robin_rounds(&self, players: usize) -> usize {
        if self.rounds > 0 {
            return self.rounds as usize;
        }
        let others = players.saturating_sub(1).max(1);
        if self.rotating {
            return others;
        }
        others.div_ceil(self.size as usize - 1)
    }
}
