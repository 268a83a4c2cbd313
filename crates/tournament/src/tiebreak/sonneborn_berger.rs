//! 小分: Σ scores of beaten opponents + ½ Σ scores of drawn opponents (a checkers dead
//! game ¾ or ¼).

use messages::{Message, msg};

use super::{Criterion, Explained, Part, Tiebreak, Token, sixteenths};
use crate::EntrantId;
use crate::standings::Field;

pub struct SonnebornBerger;

impl Tiebreak for SonnebornBerger {
    fn parse(&self, token: &Token) -> Option<Criterion> {
        matches!(token.name(), "sb" | "sonneborn-berger" | "小分")
            .then_some(Criterion::SonnebornBerger)
    }

    fn owns(&self, c: &Criterion) -> bool {
        *c == Criterion::SonnebornBerger
    }

    fn code(&self, _: &Criterion) -> String {
        "sb".into()
    }

    fn name(&self, _: &Criterion) -> Message {
        msg!("tiebreak.sonneborn_berger")
    }

    fn short_en(&self, _: &Criterion) -> String {
        "SB".into()
    }

    fn evaluate(&self, _: &Criterion, field: &Field, entrants: &[EntrantId]) -> Vec<Explained> {
        entrants
            .iter()
            .map(|&id| {
                let parts = field
                    .encounters(id)
                    .iter()
                    .filter_map(|e| {
                        let opponent = e.opponent()?;
                        let score = sixteenths(field.total(opponent));
                        let note = match e.share {
                            0 => return None,
                            4 => "tiebreak.note.beaten_opponent_s_score",
                            2 => "tiebreak.note.half_the_drawn_opponent_s_score",
                            3 => "three quarters of the opponent's score (dead game, leading)",
                            _ => "a quarter of the opponent's score (dead game, trailing)",
                        };
                        Some(Part {
                            round: Some(e.round),
                            opponent: Some(opponent),
                            amount: score * i64::from(e.share) / 4,
                            note,
                        })
                    })
                    .collect();
                Explained::from_parts(parts)
            })
            .collect()
    }
}
