//! Who went on from a stage, and what a correction would change of it once the next
//! stage is drawn.

use std::collections::BTreeSet;

use crate::EntrantId;
use crate::model::Competition;
use crate::stage::match_winner;

/// Who went on from a stage, as a set; empty while it is not finished.
pub(super) fn went_on(c: &Competition, stage: usize) -> BTreeSet<EntrantId> {
    crate::advancing(c, stage)
        .unwrap_or_default()
        .into_iter()
        .collect()
}

/// How a correction changes who went on from a stage whose next stage is drawn: the
/// qualifiers it puts out and the entrants it brings in; `None` when it changes
/// nothing. A knockout correction that changes a winner reopens the rounds after it,
/// so who goes on is no longer settled: it then names those certain to be out that
/// went on, and those certain to go on that did not (a knockout's place is fixed by
/// the round lost in), not the whole field.
pub(super) fn changed_qualifiers(
    c: &Competition,
    stage: usize,
    before: &BTreeSet<EntrantId>,
) -> Option<(Vec<EntrantId>, Vec<EntrantId>)> {
    if let Ok(after) = crate::advancing(c, stage) {
        let after: BTreeSet<EntrantId> = after.into_iter().collect();
        let out: Vec<EntrantId> = before.difference(&after).copied().collect();
        let r#in: Vec<EntrantId> = after.difference(before).copied().collect();
        return (!out.is_empty() || !r#in.is_empty()).then_some((out, r#in));
    }
    Some(match knockout_certain(c, stage) {
        Some((sure_in, sure_out)) => (
            before.intersection(&sure_out).copied().collect(),
            sure_in.difference(before).copied().collect(),
        ),
        None => (before.iter().copied().collect(), Vec::new()),
    })
}

/// In a two-sided knockout being played: who is certain to go on and who certain not
/// to. An entrant who has won `w` matches (byes too) finishes no worse than place
/// `size / 2^w`; one who lost in round `k` no better than `size / 2^k + 1`.
fn knockout_certain(
    c: &Competition,
    stage: usize,
) -> Option<(BTreeSet<EntrantId>, BTreeSet<EntrantId>)> {
    let s = &c.stages[stage];
    let capabilities = crate::format::of(&s.settings.format).capabilities();
    if !capabilities.needs_winner || capabilities.tables {
        return None;
    }
    let groups = s.groups.len();
    let (mut sure_in, mut sure_out) = (BTreeSet::new(), BTreeSet::new());
    for (gi, group) in s.groups.iter().enumerate() {
        // Qualifying places in this group: the best `n` of each group, or the places
        // taken group by group (winners first) up to the stage's total.
        let cutoff = match s.settings.advance {
            crate::model::Advance::PerGroup(n) => n as usize,
            crate::model::Advance::Overall(n) => (n as usize).saturating_sub(gi).div_ceil(groups),
            crate::model::Advance::None => return None,
        };
        let size = 2 * group.rounds.first()?.matches.len();
        let mut wins: std::collections::BTreeMap<EntrantId, u32> =
            group.entrants.iter().map(|&id| (id, 0)).collect();
        let mut lost_in: std::collections::BTreeMap<EntrantId, u32> = Default::default();
        for round in &group.rounds {
            for m in round.matches.iter().filter(|m| !m.third_place) {
                let Some(winner) = match_winner(c, s.settings.match_format, m) else {
                    continue;
                };
                *wins.entry(winner).or_default() += 1;
                for &loser in m.seats.iter().flatten().filter(|&&id| id != winner) {
                    lost_in.insert(loser, round.number);
                }
            }
        }
        for (&id, &w) in &wins {
            if c.entrant(id).is_some_and(|e| e.withdrawn) {
                continue;
            }
            let worst = size >> w.min(31);
            let best = lost_in.get(&id).map_or(1, |&k| (size >> k.min(31)) + 1);
            if worst <= cutoff {
                sure_in.insert(id);
            } else if best > cutoff {
                sure_out.insert(id);
            }
        }
    }
    Some((sure_in, sure_out))
}
