//! 对手分: Σ scores of the opponents met (at a table, everyone met there). A bye
//! counts as the stage says: by the Chinese rule an opponent with the lowest score
//! among the entrants who have points. Cut: without the lowest (扣除对手分), or the
//! highest and the lowest (中间对手分).

use messages::{Message, msg};

use super::{Criterion, Explained, Part, Tiebreak, Token, sixteenths};
use crate::field::ByeOpponent;
use crate::standings::Field;
use crate::{EntrantId, Points};

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum BuchholzCut {
    #[serde(rename = "none")]
    None,
    /// Drop the lowest opponent.
    #[serde(rename = "cut1")]
    Cut1,
    /// Drop the highest and the lowest.
    #[serde(rename = "median")]
    Median,
}

pub struct Buchholz;

fn cut(c: &Criterion) -> BuchholzCut {
    match c {
        Criterion::Buchholz(cut) => *cut,
        _ => BuchholzCut::None,
    }
}

impl Tiebreak for Buchholz {
    fn parse(&self, token: &Token) -> Option<Criterion> {
        let cut = match token.name() {
            "buchholz" | "对手分" => BuchholzCut::None,
            "buchholz-cut1" | "扣除对手分" => BuchholzCut::Cut1,
            "buchholz-median" | "中间对手分" => BuchholzCut::Median,
            _ => return None,
        };
        Some(Criterion::Buchholz(cut))
    }

    fn owns(&self, c: &Criterion) -> bool {
        matches!(c, Criterion::Buchholz(_))
    }

    fn code(&self, c: &Criterion) -> String {
        match cut(c) {
            BuchholzCut::None => "buchholz",
            BuchholzCut::Cut1 => "buchholz-cut1",
            BuchholzCut::Median => "buchholz-median",
        }
        .into()
    }

    fn name(&self, c: &Criterion) -> Message {
        match cut(c) {
            BuchholzCut::None => msg!("tiebreak.buchholz"),
            BuchholzCut::Cut1 => msg!("tiebreak.buchholz_cut1"),
            BuchholzCut::Median => msg!("tiebreak.buchholz_median"),
        }
    }

    fn short_en(&self, c: &Criterion) -> String {
        match cut(c) {
            BuchholzCut::None => "BH",
            BuchholzCut::Cut1 => "BH-1",
            BuchholzCut::Median => "BH-M",
        }
        .into()
    }

    fn evaluate(&self, c: &Criterion, field: &Field, entrants: &[EntrantId]) -> Vec<Explained> {
        let lowest_scorer = field
            .entrants()
            .map(|e| field.total(e))
            .filter(|&t| t > Points::ZERO)
            .min()
            .unwrap_or(Points::ZERO);
        let bye = |id: EntrantId| match field.bye_opponent() {
            ByeOpponent::Lowest => (lowest_scorer, "tiebreak.note.bye_lowest_score_with_points"),
            ByeOpponent::Zero => (Points::ZERO, "tiebreak.note.bye_counts_nothing"),
            ByeOpponent::Own => (field.total(id), "tiebreak.note.bye_own_score"),
        };
        entrants
            .iter()
            .map(|&id| {
                let mut parts: Vec<Part> = field
                    .encounters(id)
                    .iter()
                    .flat_map(|e| {
                        let bye = e.opponents.is_empty().then(|| {
                            let (value, note) = bye(id);
                            Part {
                                round: Some(e.round),
                                opponent: None,
                                amount: sixteenths(value),
                                note,
                            }
                        });
                        // At a table: every opponent met there.
                        let met = e.opponents.iter().map(|o| Part {
                            round: Some(e.round),
                            opponent: Some(*o),
                            amount: sixteenths(field.total(*o)),
                            note: "tiebreak.note.opponent_s_score",
                        });
                        bye.into_iter().chain(met).collect::<Vec<_>>()
                    })
                    .collect();
                match cut(c) {
                    BuchholzCut::None => {}
                    BuchholzCut::Cut1 => drop(&mut parts, true),
                    BuchholzCut::Median => {
                        drop(&mut parts, true);
                        drop(&mut parts, false);
                    }
                }
                Explained::from_parts(parts)
            })
            .collect()
    }
}

/// Leaves out the lowest (or the highest) contribution.
fn drop(parts: &mut Vec<Part>, lowest: bool) {
    let pick = if lowest {
        parts.iter().enumerate().min_by_key(|(_, p)| p.amount)
    } else {
        parts.iter().enumerate().max_by_key(|(_, p)| p.amount)
    };
    if let Some((i, _)) = pick {
        parts.remove(i);
    }
}
