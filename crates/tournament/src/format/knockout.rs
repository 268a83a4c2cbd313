//! Knockouts, paired round by round and placed by the round lost in: 抽签单淘汰, a
//! drawn bracket (seeds in their bands, byes to the seeds, then the highest rated,
//! clubs kept apart), and 根据积分进行淘汰赛, one bracket seeded by the order the
//! entrants went on in from the stage before (1 v last). The two differ in their draw
//! only.

use messages::{Message, msg};

use super::options::{StageOption, Values, flag};
use super::{Capabilities, Field, OptionError, StageFormat, group_name, group_seed};
use crate::groups::draw_groups;
use crate::knockout::{Place, drawn_bracket, seeded_bracket};
use crate::model::{Competition, Format, FormatOptions, Group, StageSettings};
use crate::seeding::bracket_size;
use crate::stage::{
    StageError, knockout_dependents, knockout_first_round, knockout_placings, pair_knockout,
};
use crate::{Entrant, EntrantId, seeding_order};

/// A knockout: drawn by lot, or seeded by the points of the stage before.
pub struct Knockout {
    by_points: bool,
}

/// A knockout's stored options (both kinds share them).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct KnockoutOptions {
    pub third_place: bool,
}

/// A drawn knockout's (a knockout by points is stored under its own kind).
impl FormatOptions for KnockoutOptions {
    const KIND: &'static str = "knockout";
}

pub const KNOCKOUT: Knockout = Knockout { by_points: false };
pub const POINTS_KNOCKOUT: Knockout = Knockout { by_points: true };

const THIRD_PLACE: StageOption = flag(
    "third_place",
    "option.third_place",
    "option.third_place.help",
);

/// Knockout groups share their pairing, placing and dependents.
fn pair(
    competition: &Competition,
    settings: &StageSettings,
    group: &mut Group,
) -> Result<Vec<(u32, u32)>, StageError> {
    pair_knockout(
        competition,
        settings.match_format,
        group,
        KNOCKOUT.third_place(&settings.format),
    )
}

fn placings(
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

impl StageFormat for Knockout {
    fn key(&self) -> &'static str {
        match self.by_points {
            true => "points_knockout",
            false => "knockout",
        }
    }

    fn owns(&self, format: &Format) -> bool {
        format.kind() == self.key()
    }

    fn reads(&self, format: &Format) -> Result<(), String> {
        format.reads_as::<KnockoutOptions>()
    }

    fn third_place(&self, format: &Format) -> bool {
        format
            .read::<KnockoutOptions>()
            .is_some_and(|o| o.third_place)
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities {
            paired_at_draw: false,
            needs_winner: true,
            bracket: true,
            crosstable: false,
            wall_chart: false,
            points_table: false,
            tables: false,
            // A knockout by points is one bracket of those who went on.
            groups: !self.by_points,
            games: true,
        }
    }

    fn name(&self) -> Message {
        match self.by_points {
            true => msg!("format.points_knockout"),
            false => msg!("format.knockout"),
        }
    }

    fn options(&self) -> &'static [StageOption] {
        &[THIRD_PLACE]
    }

    fn build(&self, values: &Values, _: &Competition) -> Result<Format, OptionError> {
        let third_place = values.flag(&THIRD_PLACE);
        Ok(Format::with_kind(
            self.key(),
            &KnockoutOptions { third_place },
        ))
    }

    fn describe(&self, settings: &StageSettings) -> Message {
        let third = match self.third_place(&settings.format) {
            true => msg!("format.with_third_place"),
            false => msg!("format.nothing"),
        };
        match self.by_points {
            true => msg!("format.points_knockout.describe", third = third),
            false => msg!("format.knockout.describe", third = third),
        }
    }

    fn draw(&self, settings: &StageSettings, team_boards: Option<u32>, field: Field) -> Vec<Group> {
        if self.by_points {
            let ids: Vec<EntrantId> = field.entrants.iter().map(|e| e.id).collect();
            let bracket = seeded_bracket(&ids);
            return vec![Group {
                name: group_name(0),
                entrants: ids,
                rounds: vec![knockout_first_round(&bracket, team_boards)],
                playoffs: Vec::new(),
                state: crate::GroupState::Knockout(bracket),
            }];
        }
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
                    playoffs: Vec::new(),
                    state: crate::GroupState::Knockout(bracket),
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
