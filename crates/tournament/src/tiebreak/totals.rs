//! Criteria that add up an entrant's own encounters.

use super::{Explained, Part, SIXTEENTHS, Tiebreak};
use crate::EntrantId;
use crate::standings::{Encounter, Field};

fn sum_each(
    field: &Field,
    entrants: &[EntrantId],
    note: &'static str,
    amount: impl Fn(&Encounter) -> i64,
) -> Vec<Explained> {
    entrants
        .iter()
        .map(|&id| {
            Explained::from_parts(
                field
                    .encounters(id)
                    .iter()
                    .map(|e| Part {
                        round: Some(e.round),
                        opponent: e.opponent(),
                        amount: amount(e),
                        note,
                    })
                    .filter(|p| p.amount != 0)
                    .collect(),
            )
        })
        .collect()
}

/// 积分 / 场分: the points the scoring gave.
pub struct PointsTotal;

impl Tiebreak for PointsTotal {
    fn evaluate(&self, field: &Field, entrants: &[EntrantId]) -> Vec<Explained> {
        let mut values = sum_each(field, entrants, "points", |e| {
            e.points.quarters() as i64 * SIXTEENTHS / 4
        });
        // A late entrant's starting points count as points.
        for (value, &id) in values.iter_mut().zip(entrants) {
            let awarded = field.awarded(id);
            if awarded != crate::Points::ZERO {
                value.parts.insert(
                    0,
                    Part {
                        round: None,
                        opponent: None,
                        amount: awarded.quarters() as i64 * SIXTEENTHS / 4,
                        note: "points given on a late entry",
                    },
                );
                value.value = value.parts.iter().map(|p| p.amount).sum();
            }
        }
        values
    }
}

/// 局分: game points of team (or multi-game) matches.
pub struct GamePoints;

impl Tiebreak for GamePoints {
    fn evaluate(&self, field: &Field, entrants: &[EntrantId]) -> Vec<Explained> {
        sum_each(field, entrants, "game points", |e| {
            e.game_points.quarters() as i64 * SIXTEENTHS / 4
        })
    }
}

/// 胜局 / 全队胜局: games won; a bye counts as a win.
pub struct Wins;

impl Tiebreak for Wins {
    fn evaluate(&self, field: &Field, entrants: &[EntrantId]) -> Vec<Explained> {
        sum_each(field, entrants, "win", |e| e.game_wins as i64)
    }
}

/// 犯规 / 全队犯规: fouls recorded; fewer ranks higher.
pub struct Fouls;

impl Tiebreak for Fouls {
    fn evaluate(&self, field: &Field, entrants: &[EntrantId]) -> Vec<Explained> {
        sum_each(field, entrants, "foul", |e| e.fouls as i64)
    }
}

/// 后走局数: games played with black; more ranks higher.
pub struct BlackGames;

impl Tiebreak for BlackGames {
    fn evaluate(&self, field: &Field, entrants: &[EntrantId]) -> Vec<Explained> {
        sum_each(field, entrants, "black", |e| e.black_games as i64)
    }
}

/// 后胜: wins with black.
pub struct BlackWins;

impl Tiebreak for BlackWins {
    fn evaluate(&self, field: &Field, entrants: &[EntrantId]) -> Vec<Explained> {
        sum_each(field, entrants, "win with black", |e| e.black_wins as i64)
    }
}

/// 平均名次: the average finishing place at tables, in hundredths of a place (lower
/// ranks higher); seats left unplaced beside a placed winner share the places left;
/// tables without any place (no result) do not count, and an entrant never placed
/// ranks last.
pub struct AveragePlace;

impl Tiebreak for AveragePlace {
    fn evaluate(&self, field: &Field, entrants: &[EntrantId]) -> Vec<Explained> {
        entrants
            .iter()
            .map(|&id| {
                let placed: Vec<(&Encounter, u32)> = field
                    .encounters(id)
                    .iter()
                    .filter_map(|e| e.place_hundredths.map(|p| (e, p)))
                    .collect();
                if placed.is_empty() {
                    return Explained {
                        value: i64::MAX,
                        parts: Vec::new(),
                    };
                }
                let count = placed.len() as i64;
                let parts: Vec<Part> = placed
                    .iter()
                    .map(|(e, p)| Part {
                        round: Some(e.round),
                        opponent: None,
                        // In hundredths, as the value.
                        amount: i64::from(*p),
                        note: "place at the table",
                    })
                    .collect();
                let total: i64 = parts.iter().map(|p| p.amount).sum();
                Explained {
                    // The mean, rounded to the nearest hundredth.
                    value: (total * 2 + count) / (2 * count),
                    parts,
                }
            })
            .collect()
    }
}
