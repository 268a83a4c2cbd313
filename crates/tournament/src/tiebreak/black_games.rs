//! 后走局数 (后手局): games played with black; more ranks higher.

use messages::{Message, msg};

use super::sum::sum_each;
use super::{Criterion, Explained, Tiebreak, Token};
use crate::EntrantId;
use crate::standings::Field;

pub struct BlackGames;

impl Tiebreak for BlackGames {
    fn parse(&self, token: &Token) -> Option<Criterion> {
        matches!(token.name(), "black-games" | "后走局数" | "后手局")
            .then_some(Criterion::BlackGames)
    }

    fn owns(&self, c: &Criterion) -> bool {
        *c == Criterion::BlackGames
    }

    fn code(&self, _: &Criterion) -> String {
        "black-games".into()
    }

    fn name(&self, _: &Criterion) -> Message {
        msg!("tiebreak.black_games")
    }

    fn short_en(&self, _: &Criterion) -> String {
        "BG".into()
    }

    fn is_count(&self, _: &Criterion) -> bool {
        true
    }

    fn evaluate(&self, _: &Criterion, field: &Field, entrants: &[EntrantId]) -> Vec<Explained> {
        sum_each(field, entrants, "tiebreak.note.black", |e| {
            e.black_games as i64
        })
    }
}
