//! 胜局 / 全队胜局: games won; a bye counts as a win.

use messages::{Message, msg};

use super::sum::sum_each;
use super::{Criterion, Explained, Tiebreak, Token};
use crate::EntrantId;
use crate::standings::Field;

pub struct Wins;

impl Tiebreak for Wins {
    fn parse(&self, token: &Token) -> Option<Criterion> {
        match token.name() {
            "wins" | "胜局" => Some(Criterion::Wins),
            "team-wins" | "全队胜局" => Some(Criterion::TeamWins),
            _ => None,
        }
    }

    fn owns(&self, c: &Criterion) -> bool {
        matches!(c, Criterion::Wins | Criterion::TeamWins)
    }

    fn code(&self, c: &Criterion) -> String {
        match c {
            Criterion::TeamWins => "team-wins",
            _ => "wins",
        }
        .into()
    }

    fn name(&self, c: &Criterion) -> Message {
        match c {
            Criterion::TeamWins => msg!("tiebreak.team_wins"),
            _ => msg!("tiebreak.wins"),
        }
    }

    fn short_en(&self, c: &Criterion) -> String {
        match c {
            Criterion::TeamWins => "TW",
            _ => "Wins",
        }
        .into()
    }

    fn is_count(&self, _: &Criterion) -> bool {
        true
    }

    fn evaluate(&self, _: &Criterion, field: &Field, entrants: &[EntrantId]) -> Vec<Explained> {
        sum_each(field, entrants, "tiebreak.note.win", |e| e.game_wins as i64)
    }
}
