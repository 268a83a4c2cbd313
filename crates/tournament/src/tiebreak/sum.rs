//! What criteria that add up an entrant's own encounters share.

use super::{Explained, Part};
use crate::EntrantId;
use crate::standings::{Encounter, Field};

/// Each entrant's sum of `amount` over its encounters, a part per encounter that gives
/// something.
pub(super) fn sum_each(
    field: &Field,
    entrants: &[EntrantId],
    note: &'static str,
    amount: impl Fn(&Encounter) -> i64,
) -> Vec<Explained> {
    entrants
        .iter()
        .map(|&id| {
            Explained::from_parts(
                field
                    .encounters(id)
                    .iter()
                    .map(|e| Part {
                        round: Some(e.round),
                        opponent: e.opponent(),
                        amount: amount(e),
                        note,
                    })
                    .filter(|p| p.amount != 0)
                    .collect(),
            )
        })
        .collect()
}

/// A criterion among the tied that does not apply: nothing for anyone.
pub(super) fn unapplied(n: usize) -> Vec<Explained> {
    vec![
        Explained {
            value: 0,
            parts: Vec::new()
        };
        n
    ]
}
