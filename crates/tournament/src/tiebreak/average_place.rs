//! 平均名次: the average finishing place at tables, in hundredths of a place (lower
//! ranks higher); seats left unplaced beside a placed winner share the places left;
//! tables without any place (no result) do not count, and an entrant never placed
//! ranks last.

use messages::{Message, msg};

use super::{Criterion, Explained, Part, Tiebreak, Token};
use crate::EntrantId;
use crate::standings::{Encounter, Field};

pub struct AveragePlace;

impl Tiebreak for AveragePlace {
    fn parse(&self, token: &Token) -> Option<Criterion> {
        matches!(token.name(), "average-place" | "平均名次").then_some(Criterion::AveragePlace)
    }

    fn owns(&self, c: &Criterion) -> bool {
        *c == Criterion::AveragePlace
    }

    fn code(&self, _: &Criterion) -> String {
        "average-place".into()
    }

    fn name(&self, _: &Criterion) -> Message {
        msg!("tiebreak.average_place")
    }

    fn short_en(&self, _: &Criterion) -> String {
        "AvgPl".into()
    }

    fn higher_is_better(&self, _: &Criterion) -> bool {
        false
    }

    fn format_value(&self, _: &Criterion, value: i64) -> String {
        match value {
            i64::MAX => "-".into(),
            v => format!("{}.{:02}", v / 100, v % 100),
        }
    }

    fn evaluate(&self, _: &Criterion, field: &Field, entrants: &[EntrantId]) -> Vec<Explained> {
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
                        note: "tiebreak.note.place_at_the_table",
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
