//! 对局时后走: of two tied entrants, the one who had black in their game ranks ahead.

use messages::{Message, msg};

use super::sum::unapplied;
use super::{Criterion, Explained, Part, Tiebreak, Token};
use crate::EntrantId;
use crate::standings::{Colour, Field};

pub struct BlackInMutualGame;

impl Tiebreak for BlackInMutualGame {
    fn parse(&self, token: &Token) -> Option<Criterion> {
        matches!(token.name(), "black-mutual" | "对局时后走")
            .then_some(Criterion::BlackInMutualGame)
    }

    fn owns(&self, c: &Criterion) -> bool {
        *c == Criterion::BlackInMutualGame
    }

    fn code(&self, _: &Criterion) -> String {
        "black-mutual".into()
    }

    fn name(&self, _: &Criterion) -> Message {
        msg!("tiebreak.black_mutual")
    }

    fn short_en(&self, _: &Criterion) -> String {
        "BM".into()
    }

    fn among_tied(&self, _: &Criterion) -> bool {
        true
    }

    fn is_count(&self, _: &Criterion) -> bool {
        true
    }

    fn evaluate(&self, _: &Criterion, field: &Field, tied: &[EntrantId]) -> Vec<Explained> {
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
                        note: "tiebreak.note.black_in_the_mutual_game",
                    })
                    .collect();
                Explained::from_parts(parts)
            })
            .collect()
    }
}
