//! 后胜 (后胜局): wins with black.

use messages::{Message, msg};

use super::sum::sum_each;
use super::{Criterion, Explained, Tiebreak, Token};
use crate::EntrantId;
use crate::standings::Field;

pub struct BlackWins;

impl Tiebreak for BlackWins {
    fn parse(&self, token: &Token) -> Option<Criterion> {
        matches!(token.name(), "black-wins" | "后胜" | "后胜局").then_some(Criterion::BlackWins)
    }

    fn owns(&self, c: &Criterion) -> bool {
        *c == Criterion::BlackWins
    }

    fn code(&self, _: &Criterion) -> String {
        "black-wins".into()
    }

    fn name(&self, _: &Criterion) -> Message {
        msg!("tiebreak.black_wins")
    }

    fn short_en(&self, _: &Criterion) -> String {
        "BW".into()
    }

    fn is_count(&self, _: &Criterion) -> bool {
        true
    }

    fn evaluate(&self, _: &Criterion, field: &Field, entrants: &[EntrantId]) -> Vec<Explained> {
        sum_each(field, entrants, "tiebreak.note.win_with_black", |e| {
            e.black_wins as i64
        })
    }
}
