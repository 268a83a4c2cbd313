//! 根据积分进行淘汰赛: one bracket seeded by the order the entrants went on in from the
//! stage before (1 v last), paired round by round like any knockout.

use super::knockout::{CAPABILITIES, pair, placings};
use super::{Capabilities, Field, StageFormat, group_name, third_place};
use crate::EntrantId;
use crate::knockout::{Place, seeded_bracket};
use crate::model::{Competition, Group, StageSettings};
use crate::stage::{StageError, knockout_dependents, knockout_first_round, knockout_placings};

pub struct PointsKnockout;

impl StageFormat for PointsKnockout {
    fn capabilities(&self) -> Capabilities {
        CAPABILITIES
    }

    fn name(&self) -> &'static str {
        "积分淘汰赛"
    }

    fn describe(&self, settings: &StageSettings) -> String {
        let third = if third_place(&settings.format) {
            "（含三四名）"
        } else {
            ""
        };
        format!("积分淘汰{third}")
    }

    fn draw(
        &self,
        _settings: &StageSettings,
        team_boards: Option<u32>,
        field: Field,
    ) -> Vec<Group> {
        let ids: Vec<EntrantId> = field.entrants.iter().map(|e| e.id).collect();
        let bracket = seeded_bracket(&ids);
        vec![Group {
            name: group_name(0),
            entrants: ids,
            rounds: vec![knockout_first_round(&bracket, team_boards)],
            bracket: Some(bracket),
            playoffs: Vec::new(),
            late: Vec::new(),
            away: Vec::new(),
        }]
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
