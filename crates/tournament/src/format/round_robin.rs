//! 循环赛: every entrant meets every other on the Berger tables, all rounds paired at
//! the draw; ordered by points and the tiebreak chain.

use super::{Capabilities, Field, StageFormat, group_name, group_seed};
use crate::Lots;
use crate::groups::draw_groups;
use crate::model::{Competition, Format, Group, StageSettings};
use crate::stage::{StageError, round_robin_rounds};

pub struct RoundRobin;

impl StageFormat for RoundRobin {
    fn capabilities(&self) -> Capabilities {
        Capabilities {
            paired_at_draw: true,
            needs_winner: false,
            bracket: false,
            crosstable: true,
            wall_chart: false,
            points_table: true,
            tables: false,
        }
    }

    fn name(&self) -> &'static str {
        "循环赛"
    }

    fn describe(&self, settings: &StageSettings) -> String {
        match settings.format {
            Format::RoundRobin(o) if o.double => "双循环".into(),
            _ => "单循环".into(),
        }
    }

    fn draw(&self, settings: &StageSettings, team_boards: Option<u32>, field: Field) -> Vec<Group> {
        let Format::RoundRobin(options) = settings.format else {
            return Vec::new();
        };
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
                // Berger numbers by lot within the group.
                let mut numbered = members;
                Lots::new(group_seed(field.seed, i)).shuffle(&mut numbered);
                Group {
                    name: group_name(i),
                    rounds: round_robin_rounds(&numbered, options, team_boards),
                    entrants: numbered,
                    bracket: None,
                    playoffs: Vec::new(),
                    late: Vec::new(),
                    away: Vec::new(),
                }
            })
            .collect()
    }

    fn pair_next(
        &self,
        _competition: &Competition,
        _settings: &StageSettings,
        group: &mut Group,
    ) -> Result<Vec<(u32, u32)>, StageError> {
        Err(StageError::PairedAtDraw(group.rounds.len() as u32))
    }

    fn is_finished(
        &self,
        competition: &Competition,
        settings: &StageSettings,
        group: &Group,
    ) -> bool {
        crate::stage::group_complete(competition, settings.match_format, group)
    }
}
