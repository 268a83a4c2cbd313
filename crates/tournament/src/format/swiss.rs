//! 积分编排: the field ordered by rating, round 1 laid out at the draw, every later
//! round paired from the standings once the one before is complete; ordered by points
//! and the tiebreak chain (对手分 …).

use super::{Capabilities, Field, StageFormat, group_name};
use crate::EntrantId;
use crate::model::{Competition, Format, Group, Round, StageSettings};
use crate::stage::{StageError, make_match};
use crate::swiss::{FirstRound, SwissOptions, first_round, next_round};

pub struct Swiss;

fn options(settings: &StageSettings) -> Option<SwissOptions> {
    match settings.format {
        Format::Swiss(o) => Some(o),
        _ => None,
    }
}

impl StageFormat for Swiss {
    fn capabilities(&self) -> Capabilities {
        Capabilities {
            paired_at_draw: false,
            needs_winner: false,
            bracket: false,
            crosstable: false,
            wall_chart: true,
            points_table: true,
            tables: false,
        }
    }

    fn name(&self) -> &'static str {
        "积分编排"
    }

    fn describe(&self, settings: &StageSettings) -> String {
        let Some(o) = options(settings) else {
            return String::new();
        };
        let first = match o.first_round {
            FirstRound::Fold => "首轮拦腰",
            FirstRound::TopBottom => "首轮首尾",
            FirstRound::Adjacent => "首轮临近",
            FirstRound::Random => "首轮抽签",
        };
        let mut text = format!("积分编排 {} 轮，{first}", o.rounds);
        if o.no_three_same {
            text.push_str("，禁3先/后");
        }
        if o.drop_after_forfeits > 0 {
            text.push_str(&format!("，连续弃权 {} 轮不编排", o.drop_after_forfeits));
        }
        text
    }

    fn draw(&self, settings: &StageSettings, team_boards: Option<u32>, field: Field) -> Vec<Group> {
        let Some(o) = options(settings) else {
            return Vec::new();
        };
        // A later stage takes the order its entrants went on in; a first stage ranks
        // its field by rating.
        let order: Vec<EntrantId> = if field.seeds.len() == field.entrants.len() {
            field.seeds.to_vec()
        } else {
            crate::swiss::first_round::ranking_order(field.entrants, field.seed)
        };
        // Club-mates apart in round 1, when the stage asks for it.
        let clubs: Vec<Option<&str>> = order
            .iter()
            .map(|id| {
                field
                    .entrants
                    .iter()
                    .find(|e| e.id == *id)
                    .and_then(|e| e.club.as_deref())
            })
            .collect();
        let avoid = o.avoid_club.applies(1).then_some(&clubs[..]);
        let (boards, bye) = first_round(&order, o.first_round, field.seed, avoid);
        let mut matches: Vec<_> = boards
            .iter()
            .enumerate()
            .map(|(k, &(red, black))| {
                make_match(k as u32 + 1, vec![Some(red), Some(black)], team_boards)
            })
            .collect();
        if let Some(id) = bye {
            matches.push(make_match(
                matches.len() as u32 + 1,
                vec![Some(id), None],
                None,
            ));
        }
        vec![Group {
            name: group_name(0),
            entrants: order,
            bracket: None,
            rounds: vec![Round { number: 1, matches }],
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
        let o = options(settings).ok_or(StageError::NotSwiss)?;
        let played = group.rounds.len() as u32;
        super::last_round_complete(competition, settings, group)?;
        if played >= o.rounds {
            return Err(StageError::Finished);
        }
        let seed = draw_seed(competition, settings, group);
        let round = next_round(competition, settings, &o, group, played + 1, seed)?;
        Ok(super::push_round(group, round))
    }

    fn is_finished(
        &self,
        competition: &Competition,
        settings: &StageSettings,
        group: &Group,
    ) -> bool {
        options(settings).is_some_and(|o| group.rounds.len() as u32 >= o.rounds)
            && crate::stage::group_complete(competition, settings.match_format, group)
    }
}

/// The draw seed of the stage a group belongs to: the lots of later rounds (colours
/// of two players without any) derive from it.
fn draw_seed(
    competition: &Competition,
    settings: &StageSettings,
    group: &Group,
) -> crate::DrawSeed {
    competition
        .stages
        .iter()
        .filter(|s| s.settings == *settings)
        .find(|s| {
            s.groups
                .iter()
                .any(|g| g.name == group.name && g.entrants == group.entrants)
        })
        .and_then(|s| s.draw_seed)
        .unwrap_or(0)
}
