//! A table event's settings and a table's entered game: how many sit at a table, who
//! partners whom in four-player Junqi, how checkers tables score, and what a stage of
//! tables plays (a round robin, Swiss or knockout in tables).

use super::result::{TableGame, TableResult, TableScoring, checkers_scores, junqi_scores};
use crate::model::GameKind;
use crate::result::Foul;
use crate::standings::Outcome;
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

    pub fn table_game(&self) -> TableGame {
        match self.game {
            GameKind::Junqi => TableGame::Junqi,
            _ => TableGame::Checkers(self.size),
        }
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

/// The game of a table as entered: its result, its length and the fouls by seat.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TableRecord {
    pub result: TableResult,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<u32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fouls: Vec<Foul>,
    /// The game's moves as entered, when a record was attached.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub record: Option<String>,
}

/// What one seat took from a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeatResult {
    pub points: Points,
    /// Won the table (first place, or the winning side).
    pub outcome: Outcome,
    /// The finishing place, when the result gives one.
    pub place: Option<u32>,
    pub fouls: u32,
}

/// Four-player Junqi: a win inside this many moves scores nothing.
pub const JUNQI_QUICK_WIN_MOVES: u32 = 40;

/// Each seat's points, outcome and place at a table of `seats` (a knockout's final may
/// seat fewer than the event's tables). Two technical fouls in the game
/// lose it: at a checkers table the fouler is placed last; at a Junqi table the fouler's
/// side loses (both sides with two fouls: nobody scores).
pub fn seat_results(tables: &Tables, seats: usize, record: &TableRecord) -> Vec<SeatResult> {
    let size = seats;
    let fouls = |seat: usize| record.fouls.iter().filter(|f| f.seat == seat).count() as u32;
    let result = effective(tables.game, size, record, &fouls);
    match tables.game {
        GameKind::Junqi => {
            let points = junqi_scores(&result, record.moves, JUNQI_QUICK_WIN_MOVES);
            (0..4)
                .map(|seat| {
                    let outcome = match points[seat] {
                        p if p > 0 => Outcome::Win,
                        p if p < 0 => Outcome::Loss,
                        _ if matches!(result, TableResult::Draw) => Outcome::Draw,
                        _ => Outcome::Loss,
                    };
                    let place = match outcome {
                        Outcome::Win => Some(1),
                        Outcome::Loss if points[seat] < 0 => Some(2),
                        _ => None,
                    };
                    SeatResult {
                        points: Points::whole(points[seat]),
                        outcome,
                        place,
                        fouls: fouls(seat),
                    }
                })
                .collect()
        }
        _ => checkers_scores(&result, size, &tables.scoring)
            .into_iter()
            .enumerate()
            .map(|(seat, (halves, place))| SeatResult {
                points: Points::from_quarters(2 * halves as i32),
                outcome: if place == Some(1) {
                    Outcome::Win
                } else {
                    Outcome::Loss
                },
                place: place.map(|p| p as u32),
                fouls: fouls(seat),
            })
            .collect(),
    }
}

/// The result that counts once two fouls in one game are taken into account.
/// Why a table scored otherwise than its result reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScoredOtherwise {
    /// These seats fouled twice in the game and lost it (同一局技术犯规两次判负).
    TwoFouls(Vec<usize>),
    /// Junqi: won inside the quick-win limit; the winners score nothing, the losers
    /// still lose.
    QuickWin { moves: u32, limit: u32 },
}

/// The table's result as it counts, and why it is not the one entered.
pub fn as_scored(
    tables: &Tables,
    seats: usize,
    record: &TableRecord,
) -> (TableResult, Vec<ScoredOtherwise>) {
    let fouls = |seat: usize| record.fouls.iter().filter(|f| f.seat == seat).count() as u32;
    let result = effective(tables.game, seats, record, &fouls);
    let mut why = Vec::new();
    let fouled: Vec<usize> = (0..seats).filter(|&s| fouls(s) >= 2).collect();
    if !fouled.is_empty() {
        why.push(ScoredOtherwise::TwoFouls(fouled));
    }
    let won = matches!(
        result,
        TableResult::Side(_)
            | TableResult::Escape {
                partner_out: true,
                ..
            }
    );
    if tables.game == GameKind::Junqi
        && won
        && let Some(moves) = record.moves.filter(|&m| m < JUNQI_QUICK_WIN_MOVES)
    {
        why.push(ScoredOtherwise::QuickWin {
            moves,
            limit: JUNQI_QUICK_WIN_MOVES,
        });
    }
    (result, why)
}

fn effective(
    game: GameKind,
    seats: usize,
    record: &TableRecord,
    fouls: &dyn Fn(usize) -> u32,
) -> TableResult {
    let lost: Vec<usize> = (0..seats).filter(|&s| fouls(s) >= 2).collect();
    if lost.is_empty() {
        return record.result.clone();
    }
    match game {
        GameKind::Junqi => {
            let sides: Vec<usize> = lost.iter().map(|s| s % 2).collect();
            match (sides.contains(&0), sides.contains(&1)) {
                (true, true) => TableResult::NoResult,
                (true, false) => TableResult::Side([1, 3]),
                _ => TableResult::Side([0, 2]),
            }
        }
        // The foulers go to the back; a winner who fouled out won nothing.
        _ => match &record.result {
            TableResult::Win(w) if lost.contains(w) => TableResult::NoResult,
            TableResult::Order(order) => TableResult::Order(
                order
                    .iter()
                    .filter(|s| !lost.contains(s))
                    .chain(order.iter().filter(|s| lost.contains(s)))
                    .copied()
                    .collect(),
            ),
            other => other.clone(),
        },
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
