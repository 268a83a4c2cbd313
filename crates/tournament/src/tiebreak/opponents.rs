//! Criteria built from the opponents' final scores or the entrant's running score.

use super::{Explained, Part, Tiebreak, sixteenths};
use crate::standings::Field;
use crate::swiss::ByeOpponent;
use crate::{EntrantId, Points};

/// 小分: Σ scores of beaten opponents + ½ Σ scores of drawn opponents.
pub struct SonnebornBerger;

impl Tiebreak for SonnebornBerger {
    fn evaluate(&self, field: &Field, entrants: &[EntrantId]) -> Vec<Explained> {
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
                            4 => "beaten opponent's score",
                            2 => "half the drawn opponent's score",
                            3 => "three quarters of the opponent's score (dead game, leading)",
                            _ => "a quarter of the opponent's score (dead game, trailing)",
                        };
                        let amount = score * i64::from(e.share) / 4;
                        Some(Part {
                            round: Some(e.round),
                            opponent: Some(opponent),
                            amount,
                            note,
                        })
                    })
                    .collect();
                Explained::from_parts(parts)
            })
            .collect()
    }
}

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

/// 对手分: Σ scores of the opponents met. A bye counts as an opponent with the lowest
/// score among the entrants who have points (the Chinese rule).
pub struct Buchholz {
    pub cut: BuchholzCut,
}

impl Tiebreak for Buchholz {
    fn evaluate(&self, field: &Field, entrants: &[EntrantId]) -> Vec<Explained> {
        let lowest_scorer = field
            .entrants()
            .map(|e| field.total(e))
            .filter(|&t| t > Points::ZERO)
            .min()
            .unwrap_or(Points::ZERO);
        entrants
            .iter()
            .map(|&id| {
                let mut parts: Vec<Part> = field
                    .encounters(id)
                    .iter()
                    .flat_map(|e| {
                        let bye = e.opponent().is_none().then(|| {
                            let (value, note) = match field.bye_opponent() {
                                ByeOpponent::Lowest => {
                                    (lowest_scorer, "bye: lowest score with points")
                                }
                                ByeOpponent::Zero => (Points::ZERO, "bye: counts nothing"),
                                ByeOpponent::Own => (field.total(id), "bye: own score"),
                            };
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
                            note: "opponent's score",
                        });
                        bye.into_iter().chain(met).collect::<Vec<_>>()
                    })
                    .collect();
                let drop = |parts: &mut Vec<Part>, lowest: bool| {
                    let pick = if lowest {
                        parts.iter().enumerate().min_by_key(|(_, p)| p.amount)
                    } else {
                        parts.iter().enumerate().max_by_key(|(_, p)| p.amount)
                    };
                    if let Some((i, _)) = pick {
                        parts.remove(i);
                    }
                };
                match self.cut {
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

/// 累进分: Σ over rounds of the running score after that round, leaving out the first
/// `cut` rounds.
pub struct Progressive {
    pub cut: u32,
}

impl Tiebreak for Progressive {
    fn evaluate(&self, field: &Field, entrants: &[EntrantId]) -> Vec<Explained> {
        entrants
            .iter()
            .map(|&id| {
                let encounters = field.encounters(id);
                // Every round so far counts, played or not: a round of absence, or one
                // after a withdrawal, carries the total as it stands; a late entrant's
                // points count from the round after which he joined.
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
                        (round > self.cut).then(|| Part {
                            round: Some(round),
                            opponent: None,
                            amount: sixteenths(running),
                            note: "score after the round",
                        })
                    })
                    .collect();
                Explained::from_parts(parts)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::standings::{Colour, Encounter, Outcome};
    use crate::tiebreak::SIXTEENTHS;

    /// R1: P1 beats P2, P3 has a bye; R2: P1 draws P3, P2 has a bye (2/1/0, bye 2).
    /// Totals: P1 2+1 = 3, P2 0+2 = 2, P3 2+1 = 3.
    fn field() -> Field {
        let mut f = Field::new((1..=3).map(EntrantId));
        let p = Points::whole;
        f.add(
            EntrantId(1),
            Encounter::game(1, EntrantId(2), Colour::Red, p(2), Outcome::Win),
        );
        f.add(
            EntrantId(2),
            Encounter::game(1, EntrantId(1), Colour::Black, p(0), Outcome::Loss),
        );
        f.add(EntrantId(3), Encounter::bye(1, p(2)));
        f.add(
            EntrantId(1),
            Encounter::game(2, EntrantId(3), Colour::Black, p(1), Outcome::Draw),
        );
        f.add(
            EntrantId(3),
            Encounter::game(2, EntrantId(1), Colour::Red, p(1), Outcome::Draw),
        );
        f.add(EntrantId(2), Encounter::bye(2, p(2)));
        f
    }

    #[test]
    fn buchholz_counts_a_bye_as_the_lowest_scorer_with_points() {
        let ids = [EntrantId(1), EntrantId(2), EntrantId(3)];
        let values: Vec<i64> = Buchholz {
            cut: BuchholzCut::None,
        }
        .evaluate(&field(), &ids)
        .iter()
        .map(|e| e.value / SIXTEENTHS)
        .collect();
        // P1: P2 (2) + P3 (3) = 5; P2: P1 (3) + bye (lowest with points: 2) = 5;
        // P3: bye (2) + P1 (3) = 5.
        assert_eq!(values, [5, 5, 5]);
        let cut: Vec<i64> = Buchholz {
            cut: BuchholzCut::Cut1,
        }
        .evaluate(&field(), &ids)
        .iter()
        .map(|e| e.value / SIXTEENTHS)
        .collect();
        assert_eq!(cut, [3, 3, 3]);
    }

    #[test]
    fn progressive_score_and_its_cut() {
        let ids = [EntrantId(1), EntrantId(2)];
        // P1: 2 after round 1, 3 after round 2 → 5; dropping round 1 → 3.
        // P2: 0, then 2 → 2; dropping round 1 → 2.
        let full: Vec<i64> = Progressive { cut: 0 }
            .evaluate(&field(), &ids)
            .iter()
            .map(|e| e.value / SIXTEENTHS)
            .collect();
        let cut: Vec<i64> = Progressive { cut: 1 }
            .evaluate(&field(), &ids)
            .iter()
            .map(|e| e.value / SIXTEENTHS)
            .collect();
        assert_eq!((full, cut), (vec![5, 2], vec![3, 2]));
    }

    #[test]
    fn progressive_carries_absences_and_counts_a_late_entry_from_its_round() {
        // Four rounds (2/1/0). P1 wins round 1, is absent (请假) in round 2, wins round
        // 3 and has withdrawn by round 4: 2, 2, 4, 4 → 12. P2 joins after round 2 with
        // 2 points and wins rounds 3 and 4: 0, 2, 4, 6 → 12.
        let p = Points::whole;
        let mut f = Field::new((1..=4).map(EntrantId));
        f.set_rounds(4);
        f.add(
            EntrantId(1),
            Encounter::game(1, EntrantId(3), Colour::Red, p(2), Outcome::Win),
        );
        f.add(
            EntrantId(1),
            Encounter::game(3, EntrantId(4), Colour::Red, p(2), Outcome::Win),
        );
        f.award_after(EntrantId(2), p(2), 2);
        for round in [3, 4] {
            f.add(
                EntrantId(2),
                Encounter::game(round, EntrantId(3), Colour::Black, p(2), Outcome::Win),
            );
        }
        let values: Vec<i64> = Progressive { cut: 0 }
            .evaluate(&f, &[EntrantId(1), EntrantId(2)])
            .iter()
            .map(|e| e.value / SIXTEENTHS)
            .collect();
        assert_eq!(values, [12, 12]);
        assert_eq!(
            f.total(EntrantId(2)),
            p(6),
            "the entry points count in the score"
        );
    }

    #[test]
    fn sonneborn_berger_halves_drawn_opponents() {
        // P1: beat P2 (2) + ½ drew P3 (3) = 3.5; P3: ½ drew P1 (3) = 1.5.
        let values: Vec<String> = SonnebornBerger
            .evaluate(&field(), &[EntrantId(1), EntrantId(3)])
            .iter()
            .map(|e| crate::Criterion::SonnebornBerger.format_value(e.value))
            .collect();
        assert_eq!(values, ["3.5", "1.5"]);
    }
}
