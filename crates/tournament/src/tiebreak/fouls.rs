//! 犯规 / 全队犯规: fouls recorded; fewer ranks higher.

use messages::{Message, msg};

use super::sum::sum_each;
use super::{Criterion, Explained, Tiebreak, Token};
use crate::EntrantId;
use crate::standings::Field;

pub struct Fouls;

impl Tiebreak for Fouls {
    fn parse(&self, token: &Token) -> Option<Criterion> {
        match token.name() {
            "fouls" | "犯规" => Some(Criterion::Fouls),
            "team-fouls" | "全队犯规" => Some(Criterion::TeamFouls),
            _ => None,
        }
    }

    fn owns(&self, c: &Criterion) -> bool {
        matches!(c, Criterion::Fouls | Criterion::TeamFouls)
    }

    fn code(&self, c: &Criterion) -> String {
        match c {
            Criterion::TeamFouls => "team-fouls",
            _ => "fouls",
        }
        .into()
    }

    fn name(&self, c: &Criterion) -> Message {
        match c {
            Criterion::TeamFouls => msg!("tiebreak.team_fouls"),
            _ => msg!("tiebreak.fouls"),
        }
    }

    fn short_en(&self, _: &Criterion) -> String {
        "Fouls".into()
    }

    fn higher_is_better(&self, _: &Criterion) -> bool {
        false
    }

    fn is_count(&self, _: &Criterion) -> bool {
        true
    }

    fn evaluate(&self, _: &Criterion, field: &Field, entrants: &[EntrantId]) -> Vec<Explained> {
        sum_each(field, entrants, "tiebreak.note.foul", |e| e.fouls as i64)
    }
}
