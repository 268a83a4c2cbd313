//! 循环赛: every entrant meets every other on the Berger tables, all rounds paired at
//! the draw; ordered by points and the tiebreak chain.

use messages::{Message, msg};

use super::options::{StageOption, Values, flag};
use super::{Capabilities, Field, OptionError, StageFormat, group_name, group_seed};
use crate::groups::draw_groups;
use crate::model::{Competition, Format, FormatOptions, Group, SettingsError, StageSettings};
use crate::stage::{StageError, round_robin_rounds};
use crate::{Lots, RoundRobinOptions};

pub struct RoundRobin;

impl FormatOptions for RoundRobinOptions {
    const KIND: &'static str = "round_robin";
}

fn options(settings: &StageSettings) -> RoundRobinOptions {
    settings.format.options().unwrap_or_default()
}

const DOUBLE: StageOption = flag("double", "option.double", "option.double.help");
const SWAP_LAST: StageOption = flag("swap_last", "option.swap_last", "option.swap_last.help");

impl StageFormat for RoundRobin {
    fn key(&self) -> &'static str {
        "round_robin"
    }

    fn owns(&self, format: &Format) -> bool {
        format.kind() == RoundRobinOptions::KIND
    }

    fn reads(&self, format: &Format) -> Result<(), String> {
        format.reads_as::<RoundRobinOptions>()
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities {
            paired_at_draw: true,
            needs_winner: false,
            bracket: false,
            crosstable: true,
            wall_chart: false,
            points_table: true,
            tables: false,
            groups: true,
            games: true,
        }
    }

    fn name(&self) -> Message {
        msg!("format.round_robin")
    }

    fn options(&self) -> &'static [StageOption] {
        &[DOUBLE, SWAP_LAST]
    }

    fn validate(&self, settings: &StageSettings) -> Result<(), SettingsError> {
        let o = options(settings);
        match o.swap_last_two && !o.double {
            true => Err(SettingsError::SwapLastNeedsDouble),
            false => Ok(()),
        }
    }

    fn shape_field(&self, _: &Format, field: &mut crate::Field) {
        field.set_round_robin(true);
    }

    fn build(&self, values: &Values, _: &Competition) -> Result<Format, OptionError> {
        Ok(Format::new(&RoundRobinOptions {
            double: values.flag(&DOUBLE),
            swap_last_two: values.flag(&SWAP_LAST),
        }))
    }

    fn describe(&self, settings: &StageSettings) -> Message {
        match options(settings).double {
            true => msg!("format.round_robin.double"),
            false => msg!("format.round_robin.single"),
        }
    }

    fn draw(&self, settings: &StageSettings, team_boards: Option<u32>, field: Field) -> Vec<Group> {
        let options = options(settings);
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
                    playoffs: Vec::new(),
                    state: crate::GroupState::None,
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
