//! Entering a table's result: the table found by round and number, its record kept
//! (a correction keeps what it replaced); in a knockout in tables, a correction that
//! changes who went on removes the rounds seated from it.

use crate::model::{Competition, Match};
use crate::play::{EntryError, find};
use crate::tables::{TableGame, TableRecord};

/// What entering a table's result changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableEntered {
    pub corrected_from: Option<TableRecord>,
    /// Later rounds removed because they were seated from the result that changed:
    /// (round, table, the match as it was).
    pub reset: Vec<(u32, u32, Match)>,
}

/// The game of the table at a round and number, to read a result typed for it; a bye
/// or a two-sided match is refused.
pub fn table_game(
    c: &Competition,
    stage: usize,
    round: u32,
    board: u32,
) -> Result<TableGame, EntryError> {
    let m = table_match(c, stage, round, board)?;
    let tables = c.seated_tables().ok_or(EntryError::NotATable)?;
    Ok(match tables.table_game() {
        TableGame::Checkers(_) => TableGame::Checkers(m.seats.len()),
        junqi => junqi,
    })
}

fn table_match(
    c: &Competition,
    stage: usize,
    round: u32,
    board: u32,
) -> Result<&Match, EntryError> {
    let s = c.stages.get(stage).ok_or(EntryError::NotDrawn(stage + 1))?;
    if s.groups.is_empty() {
        return Err(EntryError::NotDrawn(stage + 1));
    }
    let (g, r, i) = find(s, round, board)?;
    let m = &s.groups[g].rounds[r].matches[i];
    if m.is_bye() {
        return Err(EntryError::Bye { round, board });
    }
    if c.seated_tables().is_none() {
        return Err(EntryError::NotATable);
    }
    Ok(m)
}

/// Enters a table's result; nothing changes when it is refused. As for two-sided
/// games, a correction that would change who went on to a stage drawn already is
/// refused.
pub fn enter_table(
    c: &mut Competition,
    stage: usize,
    round: u32,
    board: u32,
    record: TableRecord,
) -> Result<TableEntered, EntryError> {
    let before = table_match(c, stage, round, board)?.clone();
    if before.table.as_ref() == Some(&record) {
        return Err(EntryError::Same {
            round,
            board,
            game: 1,
        });
    }
    let original = c.clone();
    let went_on_before = super::went_on::went_on(c, stage);
    let (g, r, i) = find(&c.stages[stage], round, board)?;
    let corrected_from = c.stages[stage].groups[g].rounds[r].matches[i]
        .table
        .replace(record);
    // A later knockout round was seated from this one: it stands only while the same
    // players go on.
    let mut reset = Vec::new();
    if corrected_from.is_some() && !reseated_alike(c, stage, g, r) {
        let group = &mut c.stages[stage].groups[g];
        for later in group.rounds.drain(r + 1..) {
            for m in later.matches {
                reset.push((later.number, m.board, m));
            }
        }
    }
    if c.stages
        .get(stage + 1)
        .is_some_and(|n| !n.groups.is_empty())
        && let Some((out, r#in)) = super::went_on::changed_qualifiers(c, stage, &went_on_before)
    {
        *c = original;
        return Err(EntryError::WouldChangeWhoWentOn {
            next: stage + 2,
            out,
            r#in,
        });
    }
    Ok(TableEntered {
        corrected_from,
        reset,
    })
}

/// Whether the round after round index `r` (if any, and if it depends on it) seats the
/// same players as it would be seated from the results as they now stand.
fn reseated_alike(c: &Competition, stage: usize, g: usize, r: usize) -> bool {
    let s = &c.stages[stage];
    let group = &s.groups[g];
    let Some(next) = group.rounds.get(r + 1) else {
        return true;
    };
    let format = crate::format::of(&s.settings.format);
    if format
        .dependents_of(group, group.rounds[r].number, 0)
        .is_empty()
    {
        return true;
    }
    let players = |round: &crate::model::Round| {
        let mut p: Vec<_> = round
            .matches
            .iter()
            .flat_map(|m| m.seats.iter().flatten().copied())
            .collect();
        p.sort();
        p
    };
    let mut probe = group.clone();
    probe.rounds.truncate(r + 1);
    match format.pair_next(c, &s.settings, &mut probe) {
        Ok(_) => probe.rounds.last().map(players) == Some(players(next)),
        Err(_) => false,
    }
}
