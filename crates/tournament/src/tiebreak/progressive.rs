//! 累进分 (FIDE's PS): Σ over rounds of the running score after that round, leaving
//! out the first `cut` rounds (PS-C1 …). Every round so far counts, played or not: a
//! round of absence, or one after a withdrawal, carries the total as it stands; a late
//! entrant's points count from the round after which he joined.

use messages::{Message, msg};

use super::{Criterion, Explained, Part, Tiebreak, Token, sixteenths};
use crate::standings::Field;
use crate::{EntrantId, Points};

pub struct Progressive;

fn cut_of(c: &Criterion) -> u32 {
    match c {
        Criterion::Progressive { cut } => *cut,
        _ => 0,
    }
}

impl Tiebreak for Progressive {
    fn parse(&self, token: &Token) -> Option<Criterion> {
        let name = token.name();
        let cut = match name {
            "PS" | "progressive" | "累进分" => 0,
            _ => name
                .strip_prefix("PS-C")
                .or_else(|| name.strip_prefix("PS/C"))
                .or_else(|| name.strip_prefix("progressive-cut"))?
                .parse()
                .ok()?,
        };
        Some(Criterion::Progressive { cut })
    }

    fn owns(&self, c: &Criterion) -> bool {
        matches!(c, Criterion::Progressive { .. })
    }

    fn code(&self, c: &Criterion) -> String {
        match cut_of(c) {
            0 => "PS".into(),
            cut => format!("PS-C{cut}"),
        }
    }

    fn name(&self, c: &Criterion) -> Message {
        match cut_of(c) {
            0 => msg!("tiebreak.progressive"),
            cut => msg!("tiebreak.progressive_cut", cut = cut),
        }
    }

    fn short_en(&self, c: &Criterion) -> String {
        match cut_of(c) {
            0 => "Prog".into(),
            cut => format!("Prog-{cut}"),
        }
    }

    fn evaluate(&self, c: &Criterion, field: &Field, entrants: &[EntrantId]) -> Vec<Explained> {
        let cut = cut_of(c);
        entrants
            .iter()
            .map(|&id| {
                let encounters = field.encounters(id);
                let last = encounters
                    .iter()
                    .map(|e| e.round)
                    .max()
                    .unwrap_or(0)
                    .max(field.rounds());
                let after = field.awarded_after(id);
                let mut running = Points::ZERO;
                if after == 0 {
                    running += field.awarded(id);
                }
                let parts = (1..=last)
                    .filter_map(|round| {
                        running += encounters
                            .iter()
                            .filter(|e| e.round == round)
                            .map(|e| e.points)
                            .sum::<Points>();
                        if after > 0 && round == after {
                            running += field.awarded(id);
                        }
                        (round > cut).then(|| Part {
                            round: Some(round),
                            opponent: None,
                            amount: sixteenths(running),
                            note: "tiebreak.note.score_after_the_round",
                        })
                    })
                    .collect();
                Explained::from_parts(parts)
            })
            .collect()
    }
}
