//! Criteria among the entrants still tied: their results against each other.

use super::{Explained, Part, SIXTEENTHS, Tiebreak};
use crate::EntrantId;
use crate::standings::{Colour, Field};

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum HeadToHeadMode {
    /// Chinese practice: only when exactly two are tied.
    #[serde(rename = "two_only")]
    TwoOnly,
    /// FIDE's direct encounter: a mini-table among all tied, when they all met.
    #[serde(rename = "mini_table")]
    MiniTable,
}

/// 直胜: points scored against the other tied entrants.
pub struct HeadToHead {
    pub mode: HeadToHeadMode,
}

fn against(field: &Field, id: EntrantId, others: &[EntrantId]) -> Vec<Part> {
    field
        .encounters(id)
        .iter()
        .filter(|e| e.opponent().is_some_and(|o| o != id && others.contains(&o)))
        .map(|e| Part {
            round: Some(e.round),
            opponent: e.opponent(),
            amount: e.points.quarters() as i64 * SIXTEENTHS / 4,
            note: "points against a tied entrant",
        })
        .collect()
}

fn all_met(field: &Field, tied: &[EntrantId]) -> bool {
    tied.iter().all(|&a| {
        tied.iter()
            .filter(|&&b| b != a)
            .all(|&b| field.encounters(a).iter().any(|e| e.opponent() == Some(b)))
    })
}

fn unapplied(n: usize) -> Vec<Explained> {
    vec![
        Explained {
            value: 0,
            parts: Vec::new()
        };
        n
    ]
}

impl Tiebreak for HeadToHead {
    fn evaluate(&self, field: &Field, tied: &[EntrantId]) -> Vec<Explained> {
        let applies = match self.mode {
            HeadToHeadMode::TwoOnly => tied.len() == 2,
            HeadToHeadMode::MiniTable => tied.len() >= 2,
        } && all_met(field, tied);
        if !applies {
            return unapplied(tied.len());
        }
        tied.iter()
            .map(|&id| Explained::from_parts(against(field, id, tied)))
            .collect()
    }
}

/// 对局时后走: of two tied entrants, the one who had black in their game ranks ahead.
pub struct BlackInMutualGame;

impl Tiebreak for BlackInMutualGame {
    fn evaluate(&self, field: &Field, tied: &[EntrantId]) -> Vec<Explained> {
        if tied.len() != 2 {
            return unapplied(tied.len());
        }
        tied.iter()
            .map(|&id| {
                let parts = field
                    .encounters(id)
                    .iter()
                    .filter(|e| {
                        e.opponent().is_some_and(|o| o != id && tied.contains(&o))
                            && e.colour == Some(Colour::Black)
                    })
                    .map(|e| Part {
                        round: Some(e.round),
                        opponent: e.opponent(),
                        amount: 1,
                        note: "black in the mutual game",
                    })
                    .collect();
                Explained::from_parts(parts)
            })
            .collect()
    }
}
