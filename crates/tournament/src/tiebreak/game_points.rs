//! 局分 / 全队总局分: the game points of team (or multi-game) matches.

use messages::{Message, msg};

use super::sum::sum_each;
use super::{Criterion, Explained, SIXTEENTHS, Tiebreak, Token};
use crate::EntrantId;
use crate::standings::Field;

pub struct GamePoints;

impl Tiebreak for GamePoints {
    fn parse(&self, token: &Token) -> Option<Criterion> {
        matches!(token.name(), "game-points" | "局分").then_some(Criterion::GamePoints)
    }

    fn owns(&self, c: &Criterion) -> bool {
        *c == Criterion::GamePoints
    }

    fn code(&self, _: &Criterion) -> String {
        "game-points".into()
    }

    fn name(&self, _: &Criterion) -> Message {
        msg!("tiebreak.game_points")
    }

    fn short_en(&self, _: &Criterion) -> String {
        "GP".into()
    }

    fn evaluate(&self, _: &Criterion, field: &Field, entrants: &[EntrantId]) -> Vec<Explained> {
        sum_each(field, entrants, "tiebreak.note.game_points", |e| {
            e.game_points.quarters() as i64 * SIXTEENTHS / 4
        })
    }
}
