//! 积分 / 场分 (FIDE's PTS): the points the scoring gave, a late entrant's starting
//! points with them.

use messages::{Message, msg};

use super::sum::sum_each;
use super::{Criterion, Explained, Part, SIXTEENTHS, Tiebreak, Token};
use crate::EntrantId;
use crate::standings::Field;

pub struct Points;

impl Tiebreak for Points {
    fn parse(&self, token: &Token) -> Option<Criterion> {
        match token.name() {
            "PTS" | "points" | "积分" => Some(Criterion::Points),
            "match-points" | "场分" => Some(Criterion::MatchPoints),
            _ => None,
        }
    }

    fn owns(&self, c: &Criterion) -> bool {
        matches!(c, Criterion::Points | Criterion::MatchPoints)
    }

    fn code(&self, c: &Criterion) -> String {
        match c {
            Criterion::MatchPoints => "match-points",
            _ => "points",
        }
        .into()
    }

    fn name(&self, c: &Criterion) -> Message {
        match c {
            Criterion::MatchPoints => msg!("tiebreak.match_points"),
            _ => msg!("tiebreak.points"),
        }
    }

    fn short_en(&self, c: &Criterion) -> String {
        match c {
            Criterion::MatchPoints => "MP",
            _ => "Pts",
        }
        .into()
    }

    fn evaluate(&self, _: &Criterion, field: &Field, entrants: &[EntrantId]) -> Vec<Explained> {
        let mut values = sum_each(field, entrants, "tiebreak.note.points", |e| {
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
                        note: "tiebreak.note.points_given_on_a_late_entry",
                    },
                );
                value.value = value.parts.iter().map(|p| p.amount).sum();
            }
        }
        values
    }
}
