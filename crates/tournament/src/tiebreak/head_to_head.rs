//! 直胜: points scored against the other tied entrants (between teams too): the
//! Chinese practice takes it when exactly two are tied, FIDE's direct encounter a
//! mini-table among all tied when they all met.

use messages::{Message, msg};

use super::sum::unapplied;
use super::{Criterion, Explained, Part, SIXTEENTHS, Tiebreak, Token};
use crate::EntrantId;
use crate::standings::Field;

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum HeadToHeadMode {
    /// Chinese practice: only when exactly two are tied.
    #[serde(rename = "two_only")]
    TwoOnly,
    /// FIDE's direct encounter: a mini-table among all tied, when they all met.
    #[serde(rename = "mini_table")]
    MiniTable,
}

pub struct HeadToHead;

fn mode(c: &Criterion) -> HeadToHeadMode {
    match c {
        Criterion::HeadToHead(m) | Criterion::TeamHeadToHead(m) => *m,
        _ => HeadToHeadMode::TwoOnly,
    }
}

/// Points of `id` against the others of `others`.
pub(super) fn against(field: &Field, id: EntrantId, others: &[EntrantId]) -> Vec<Part> {
    field
        .encounters(id)
        .iter()
        .filter(|e| e.opponent().is_some_and(|o| o != id && others.contains(&o)))
        .map(|e| Part {
            round: Some(e.round),
            opponent: e.opponent(),
            amount: e.points.quarters() as i64 * SIXTEENTHS / 4,
            note: "tiebreak.note.points_against_a_tied_entrant",
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

impl Tiebreak for HeadToHead {
    fn parse(&self, token: &Token) -> Option<Criterion> {
        match token.name() {
            "h2h" | "直胜" => Some(Criterion::HeadToHead(HeadToHeadMode::TwoOnly)),
            "h2h-mini" => Some(Criterion::HeadToHead(HeadToHeadMode::MiniTable)),
            "team-h2h" => Some(Criterion::TeamHeadToHead(HeadToHeadMode::TwoOnly)),
            _ => None,
        }
    }

    fn owns(&self, c: &Criterion) -> bool {
        matches!(c, Criterion::HeadToHead(_) | Criterion::TeamHeadToHead(_))
    }

    fn code(&self, c: &Criterion) -> String {
        match c {
            Criterion::TeamHeadToHead(_) => "team-h2h",
            _ if mode(c) == HeadToHeadMode::MiniTable => "h2h-mini",
            _ => "h2h",
        }
        .into()
    }

    fn name(&self, _: &Criterion) -> Message {
        msg!("tiebreak.head_to_head")
    }

    fn short_en(&self, _: &Criterion) -> String {
        "H2H".into()
    }

    fn among_tied(&self, _: &Criterion) -> bool {
        true
    }

    fn evaluate(&self, c: &Criterion, field: &Field, tied: &[EntrantId]) -> Vec<Explained> {
        let applies = match mode(c) {
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
