//! Criteria on a small field worked by hand.

use super::*;
use crate::Points;
use crate::standings::{Colour, Encounter, Outcome};

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
    let values: Vec<i64> = Criterion::Buchholz(BuchholzCut::None)
        .evaluate(&field(), &ids)
        .iter()
        .map(|e| e.value / SIXTEENTHS)
        .collect();
    // P1: P2 (2) + P3 (3) = 5; P2: P1 (3) + bye (lowest with points: 2) = 5;
    // P3: bye (2) + P1 (3) = 5.
    assert_eq!(values, [5, 5, 5]);
    let cut: Vec<i64> = Criterion::Buchholz(BuchholzCut::Cut1)
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
    let full: Vec<i64> = Criterion::Progressive { cut: 0 }
        .evaluate(&field(), &ids)
        .iter()
        .map(|e| e.value / SIXTEENTHS)
        .collect();
    let cut: Vec<i64> = Criterion::Progressive { cut: 1 }
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
    let values: Vec<i64> = Criterion::Progressive { cut: 0 }
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
    let values: Vec<String> = Criterion::SonnebornBerger
        .evaluate(&field(), &[EntrantId(1), EntrantId(3)])
        .iter()
        .map(|e| crate::Criterion::SonnebornBerger.format_value(e.value))
        .collect();
    assert_eq!(values, ["3.5", "1.5"]);
}

/// Every criterion reads back from its code, and every name a chain may use reads.
#[test]
fn every_criterion_reads_back_from_its_code() {
    for (name, preset) in presets::NAMED {
        assert_eq!(presets::by_name(name), Some(preset));
        for c in preset {
            assert_eq!(c.code().parse::<Criterion>(), Ok(*c), "{}", c.code());
            assert!(
                !c.name_in(messages::Lang::Zh).is_empty()
                    && !c.name_in(messages::Lang::En).is_empty()
            );
        }
    }
    assert_eq!("小分".parse(), Ok(Criterion::SonnebornBerger));
    assert_eq!("Sb".parse(), Ok(Criterion::SonnebornBerger));
    assert!(
        matches!("SB".parse(), Ok(Criterion::Fide(_))),
        "SB in capitals is FIDE's"
    );
    assert_eq!("PS-C2".parse(), Ok(Criterion::Progressive { cut: 2 }));
    assert_eq!(
        "progressive-cut2".parse(),
        Ok(Criterion::Progressive { cut: 2 })
    );
    assert_eq!(
        "nonsense".parse::<Criterion>(),
        Err(UnknownCriterion("nonsense".into()))
    );
}
