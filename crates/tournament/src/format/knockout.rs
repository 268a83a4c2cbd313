//! 抽签单淘汰: a drawn bracket (seeds in their bands, byes to the seeds, then the
//! highest rated, clubs kept apart), paired round by round; placed by the round lost in.

use super::{Capabilities, Field, StageFormat, group_name, group_seed, third_place};
use crate::groups::draw_groups;
use crate::knockout::{Place, drawn_bracket};
use crate::model::{Competition, Group, StageSettings};
use crate::seeding::bracket_size;
use crate::stage::{
    StageError, knockout_dependents, knockout_first_round, knockout_placings, pair_knockout,
};
use crate::{Entrant, EntrantId, seeding_order};

pub struct Knockout;

/// Knockout groups share their pairing, placing and dependents.
pub(super) fn pair(
    competition: &Competition,
    settings: &StageSettings,
    group: &mut Group,
) -> Result<Vec<(u32, u32)>, StageError> {
    pair_knockout(
        competition,
        settings.match_format,
        group,
        third_place(&settings.format),
    )
}

pub(super) fn placings(
    competition: &Competition,
    stage: usize,
    group: usize,
) -> Result<Vec<(EntrantId, Place)>, StageError> {
    let s = competition
        .stages
        .get(stage)
        .ok_or(StageError::NoStage(stage))?;
    let g = s.groups.get(group).ok_or(StageError::NotDrawn(stage))?;
    let mut places = knockout_placings(competition, s.settings.match_format, g)?;
    places.sort_by_key(|&(id, place)| (place, id));
    Ok(places)
}

pub(super) const CAPABILITIES: Capabilities = Capabilities {
    paired_at_draw: false,
    needs_winner: true,
    bracket: true,
    crosstable: false,
    wall_chart: false,
    points_table: false,
    tables: false,
};

impl StageFormat for Knockout {
    fn capabilities(&self) -> Capabilities {
        CAPABILITIES
    }

    fn name(&self) -> &'static str {
        "淘汰赛"
    }

    fn describe(&self, settings: &StageSettings) -> String {
        let third = if third_place(&settings.format) {
            "（含三四名）"
        } else {
            ""
        };
        format!("抽签淘汰{third}")
    }

    fn draw(&self, settings: &StageSettings, team_boards: Option<u32>, field: Field) -> Vec<Group> {
        let draw = draw_groups(
            field.entrants,
            field.seeds,
            settings.groups.max(1) as usize,
            field.seed,
        );
        draw.groups
            .into_iter()
            .enumerate()
            .map(|(i, members)| {
                let entrants: Vec<Entrant> = field
                    .entrants
                    .iter()
                    .filter(|e| members.contains(&e.id))
                    .cloned()
                    .collect();
                let group_seeds: Vec<EntrantId> = field
                    .seeds
                    .iter()
                    .copied()
                    .filter(|s| members.contains(s))
                    .collect();
                // Byes go to the seeds, then to the highest rated, then by registration:
                // those beyond the seeds are seeded for it.
                let byes = bracket_size(entrants.len()) - entrants.len();
                let mut bye_order = group_seeds.clone();
                for id in seeding_order(&entrants) {
                    if !bye_order.contains(&id) {
                        bye_order.push(id);
                    }
                }
                let seeded = &bye_order[..group_seeds.len().max(byes)];
                let bracket = drawn_bracket(&entrants, seeded, group_seed(field.seed, i));
                Group {
                    name: group_name(i),
                    entrants: members,
                    rounds: vec![knockout_first_round(&bracket, team_boards)],
                    bracket: Some(bracket),
                    playoffs: Vec::new(),
                    late: Vec::new(),
                    away: Vec::new(),
                }
            })
            .collect()
    }

    fn pair_next(
        &self,
        competition: &Competition,
        settings: &StageSettings,
        group: &mut Group,
    ) -> Result<Vec<(u32, u32)>, StageError> {
        pair(competition, settings, group)
    }

    fn is_finished(
        &self,
        competition: &Competition,
        settings: &StageSettings,
        group: &Group,
    ) -> bool {
        knockout_placings(competition, settings.match_format, group).is_ok()
    }

    fn placings(
        &self,
        competition: &Competition,
        stage: usize,
        group: usize,
    ) -> Result<Vec<(EntrantId, Place)>, StageError> {
        placings(competition, stage, group)
    }

    fn dependents_of(&self, group: &Group, round: u32, board: u32) -> Vec<(u32, u32, bool)> {
        knockout_dependents(group, round, board)
    }
}
