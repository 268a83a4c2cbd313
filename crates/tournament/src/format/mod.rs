//! Stage formats behind one interface: how a stage is drawn, how its next round is
//! paired, when it is finished, its final order, which matches depend on a result, how
//! it is described, and what it has for front ends to show. Adding a format is one new
//! file here and one line in [`of`].

mod knockout;
mod points_knockout;
mod round_robin;
mod swiss;
mod tables;

use crate::knockout::Place;
use crate::model::{Competition, Format, Group, StageSettings};
use crate::stage::StageError;
use crate::{DrawSeed, Entrant, EntrantId};

/// What a stage has, asked by front ends instead of guessing from the format's name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Capabilities {
    /// Every round is paired at the draw; otherwise round by round as results come in.
    pub paired_at_draw: bool,
    /// Every match must have a winner (ties go to extra games, then lots), and a
    /// corrected result that changes the winner resets the matches it fed.
    pub needs_winner: bool,
    /// Shown as a bracket.
    pub bracket: bool,
    /// Shown as a crosstable.
    pub crosstable: bool,
    /// Shown as a wall chart (成绩总表: each round's opponent, colour and result).
    pub wall_chart: bool,
    /// Ordered by points and tiebreaks (else by places only).
    pub points_table: bool,
    /// Played at tables of three to six (seats, not red and black).
    pub tables: bool,
}

/// The field a stage is drawn from.
pub struct Field<'a> {
    pub entrants: &'a [Entrant],
    /// Seeds in order: the seeded entrants of a first stage, or the whole order a stage
    /// went on in.
    pub seeds: &'a [EntrantId],
    pub seed: DrawSeed,
}

pub trait StageFormat {
    fn capabilities(&self) -> Capabilities;

    /// The format's name as a stage is named by default: 循环赛, 淘汰赛, …
    fn name(&self) -> &'static str;

    /// The format in words, e.g. 双循环 or 抽签淘汰（含三四名）.
    fn describe(&self, settings: &StageSettings) -> String;

    /// The groups of a stage drawn from its field, with what can be paired at once.
    fn draw(&self, settings: &StageSettings, team_boards: Option<u32>, field: Field) -> Vec<Group>;

    /// Pairs what can be paired next in a group: (round, board in the group) of each
    /// match added.
    fn pair_next(
        &self,
        competition: &Competition,
        settings: &StageSettings,
        group: &mut Group,
    ) -> Result<Vec<(u32, u32)>, StageError>;

    /// Whether a group has all its results: every game of a round robin (its playoffs
    /// aside), a knockout's final.
    fn is_finished(
        &self,
        competition: &Competition,
        settings: &StageSettings,
        group: &Group,
    ) -> bool;

    /// A group's final order, best first, with shared places: by default its standings.
    fn placings(
        &self,
        competition: &Competition,
        stage: usize,
        group: usize,
    ) -> Result<Vec<(EntrantId, Place)>, StageError> {
        standings_placings(competition, stage, group)
    }

    /// The matches (round, board in the group, third-place match) that depend on the
    /// result of one: reset when a correction changes who won it. By default none:
    /// rounds paired from results as they stood keep their pairings, a correction
    /// changes the standings.
    fn dependents_of(&self, _group: &Group, _round: u32, _board: u32) -> Vec<(u32, u32, bool)> {
        Vec::new()
    }

    /// Whether the matches that depend on the match at `at` (group, round index,
    /// match index of stage `stage`, as `c` now has it) still stand after a correction;
    /// `before` is the match as it was. By default while its winner is the same.
    fn dependents_stand(
        &self,
        c: &Competition,
        stage: usize,
        (g, r, i): (usize, usize, usize),
        before: &crate::Match,
    ) -> bool {
        let s = &c.stages[stage];
        let format = s.settings.match_format;
        let was = crate::stage::match_winner(c, format, before);
        was.is_none()
            || was == crate::stage::match_winner(c, format, &s.groups[g].rounds[r].matches[i])
    }
}

/// The implementation of a format.
pub fn of(format: &Format) -> &'static dyn StageFormat {
    match format {
        Format::RoundRobin(_) => &round_robin::RoundRobin,
        Format::Knockout { .. } => &knockout::Knockout,
        Format::PointsKnockout { .. } => &points_knockout::PointsKnockout,
        Format::Swiss(_) => &swiss::Swiss,
        Format::Tables(t) => match t.format {
            crate::tables::TableStageKind::RoundRobin => &tables::TableRoundRobin,
            crate::tables::TableStageKind::Swiss => &tables::TableSwiss,
            crate::tables::TableStageKind::Knockout => &tables::TableKnockout,
        },
    }
}

/// A points table's final order: its standings, shared places as they stand.
pub(crate) fn standings_placings(
    competition: &Competition,
    stage: usize,
    group: usize,
) -> Result<Vec<(EntrantId, Place)>, StageError> {
    let (_, table) = crate::stage::group_standings(competition, stage, group)?;
    Ok(table.rows.iter().map(|r| (r.entrant, r.place)).collect())
}

/// Whether the last round of a group has every result (its playoffs aside): a round
/// paired from the standings waits for it.
pub(crate) fn last_round_complete(
    competition: &Competition,
    settings: &StageSettings,
    group: &Group,
) -> Result<(), StageError> {
    let Some(last) = group.rounds.last() else {
        return Ok(());
    };
    let open: Vec<u32> = last
        .matches
        .iter()
        .filter(|m| {
            !m.playoff && !crate::stage::match_complete(competition, settings.match_format, m)
        })
        .map(|m| m.board)
        .collect();
    if open.is_empty() {
        Ok(())
    } else {
        Err(StageError::Incomplete {
            round: last.number,
            boards: open,
        })
    }
}

/// Adds a round paired next to a group: (round, board in the group) of its matches.
pub(crate) fn push_round(group: &mut Group, round: crate::model::Round) -> Vec<(u32, u32)> {
    let added = round
        .matches
        .iter()
        .map(|m| (round.number, m.board))
        .collect();
    group.rounds.push(round);
    added
}

/// Group names: A, B, C …
pub(crate) fn group_name(index: usize) -> String {
    ((b'A' + (index % 26) as u8) as char).to_string()
}

/// A sub-seed per group, so that each group's own lots are reproducible.
pub(crate) fn group_seed(seed: DrawSeed, index: usize) -> DrawSeed {
    seed ^ (index as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// Whether a knockout format plays a third-place match.
pub(crate) fn third_place(format: &Format) -> bool {
    matches!(
        format,
        Format::Knockout { third_place: true } | Format::PointsKnockout { third_place: true }
    )
}
