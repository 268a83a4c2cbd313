//! Standings: entrants ordered by a tiebreak chain. Each criterion applies only within
//! the group still tied after the ones before it; entrants still tied share a place;
//! places that may not be shared are flagged for a playoff.

use std::collections::BTreeMap;

use crate::EntrantId;
use crate::knockout::Place;
use crate::tiebreak::{Criterion, Explained};

pub use crate::field::{Colour, Encounter, Field, Outcome, Unplayed};

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Row {
    pub entrant: EntrantId,
    pub place: Place,
    /// One value per criterion of the chain; `None` where a criterion among the tied
    /// (head-to-head) was not applied to this entrant.
    pub values: Vec<Option<i64>>,
    /// The place is shared but may not be: a playoff (加赛) is needed.
    pub playoff: bool,
    /// The tie this entrant was in was settled by a playoff: its games or lots.
    pub settled_by: Option<crate::playoff::SettledBy>,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Standings {
    pub criteria: Vec<Criterion>,
    pub rows: Vec<Row>,
}

impl Standings {
    /// The entrants tied with `entrant` when criterion `level` was applied: the group in
    /// which its value was computed.
    pub fn tied_at(&self, entrant: EntrantId, level: usize) -> Vec<EntrantId> {
        let Some(row) = self.rows.iter().find(|r| r.entrant == entrant) else {
            return Vec::new();
        };
        self.rows
            .iter()
            .filter(|r| r.values[..level] == row.values[..level])
            .map(|r| r.entrant)
            .collect()
    }

    /// How a value in the table was computed: its per-round contributions.
    pub fn explain(&self, field: &Field, entrant: EntrantId, level: usize) -> Option<Explained> {
        let criterion = self.criteria.get(level)?;
        let tied = self.tied_at(entrant, level);
        let index = tied.iter().position(|&e| e == entrant)?;
        criterion.evaluate(field, &tied).into_iter().nth(index)
    }
}

/// Orders `field` by `chain`. Places up to `unsharable` (1 = the champion) that end up
/// shared are flagged for a playoff.
pub fn standings(field: &Field, chain: &[Criterion], unsharable: u32) -> Standings {
    let ids: Vec<EntrantId> = field.entrants().collect();
    let mut values: BTreeMap<EntrantId, Vec<Option<i64>>> = ids
        .iter()
        .map(|&id| (id, vec![None; chain.len()]))
        .collect();
    // Criteria that do not depend on the tied group are shown for everyone.
    for (level, criterion) in chain.iter().enumerate() {
        if !criterion.among_tied() {
            for (id, e) in ids.iter().zip(criterion.evaluate(field, &ids)) {
                if let Some(v) = values.get_mut(id) {
                    v[level] = Some(e.value);
                }
            }
        }
    }
    let mut blocks = Vec::new();
    split(field, chain, 0, ids, &mut values, &mut blocks);
    let mut rows = Vec::with_capacity(values.len());
    let mut next_place = 1u32;
    for block in blocks {
        let place = Place {
            first: next_place,
            last: next_place + block.len() as u32 - 1,
        };
        next_place += block.len() as u32;
        let playoff = block.len() > 1 && place.first <= unsharable;
        for id in block {
            rows.push(Row {
                entrant: id,
                place,
                values: values[&id].clone(),
                playoff,
                settled_by: None,
            });
        }
    }
    Standings {
        criteria: chain.to_vec(),
        rows,
    }
}

/// Orders `ids` (all tied on the criteria before `level`) and appends the blocks still
/// tied after the whole chain, best first.
fn split(
    field: &Field,
    chain: &[Criterion],
    level: usize,
    mut ids: Vec<EntrantId>,
    values: &mut BTreeMap<EntrantId, Vec<Option<i64>>>,
    blocks: &mut Vec<Vec<EntrantId>>,
) {
    if ids.len() <= 1 || level == chain.len() {
        ids.sort();
        blocks.push(ids);
        return;
    }
    let criterion = &chain[level];
    let mut scored: Vec<(i64, EntrantId)> = if criterion.among_tied() {
        let evaluated = criterion.evaluate(field, &ids);
        ids.iter()
            .zip(evaluated)
            .map(|(&id, e)| {
                if let Some(v) = values.get_mut(&id) {
                    v[level] = Some(e.value);
                }
                (e.value, id)
            })
            .collect()
    } else {
        ids.iter()
            .map(|&id| (values[&id][level].unwrap_or(0), id))
            .collect()
    };
    let better_high = criterion.higher_is_better();
    scored.sort_by(|a, b| {
        if better_high {
            b.0.cmp(&a.0)
        } else {
            a.0.cmp(&b.0)
        }
        .then(a.1.cmp(&b.1))
    });
    let mut start = 0;
    while start < scored.len() {
        let end = scored[start..]
            .iter()
            .position(|s| s.0 != scored[start].0)
            .map_or(scored.len(), |k| start + k);
        let group: Vec<EntrantId> = scored[start..end].iter().map(|s| s.1).collect();
        split(field, chain, level + 1, group, values, blocks);
        start = end;
    }
}
