//! Late entries: a player registered after a Swiss stage's draw joins it from the next
//! round, with 0 points or the points the arbiter gives.

use super::{LateEntry, SwissOptions};
use crate::model::Competition;
use crate::{EntrantId, Points};

/// Why an entrant cannot join now.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LateEntryError {
    #[error(
        "lots have been drawn: the entry list is closed (a late entry joins only a Swiss stage under way)"
    )]
    Closed,
    #[error("the Swiss stage has paired all its rounds: too late to join")]
    TooLate,
    #[error("starting points are only for a late entry into a Swiss stage under way")]
    PointsBeforeDraw,
    #[error(
        "{points} starting points are more than a win in each of the {rounds} rounds played ({most})"
    )]
    TooManyPoints {
        points: Points,
        most: Points,
        rounds: u32,
    },
}

/// Enters `id` (already registered) into the Swiss stage under way, from the round
/// after the last one paired; returns (stage, first round). Before the first draw
/// nothing is needed (`None`), and points cannot be given.
pub fn join_late(
    competition: &mut Competition,
    id: EntrantId,
    points: Option<Points>,
) -> Result<Option<(usize, u32)>, LateEntryError> {
    let Some(stage) = competition
        .stages
        .iter()
        .rposition(|s| !s.groups.is_empty())
    else {
        return match points {
            Some(_) => Err(LateEntryError::PointsBeforeDraw),
            None => Ok(None),
        };
    };
    let s = &competition.stages[stage];
    let Some(options) = s.settings.format.options::<SwissOptions>() else {
        return Err(LateEntryError::Closed);
    };
    let group = s.groups.first().ok_or(LateEntryError::Closed)?;
    let from_round = group.rounds.len() as u32 + 1;
    if from_round > options.rounds {
        return Err(LateEntryError::TooLate);
    }
    // At most a win in every round he missed.
    let win = match competition.team_boards {
        Some(_) => competition.team_scoring.win,
        None => competition.scoring.win,
    };
    let rounds = from_round - 1;
    let most = win * rounds as i32;
    if let Some(points) = points.filter(|&p| p > most) {
        return Err(LateEntryError::TooManyPoints {
            points,
            most,
            rounds,
        });
    }
    let s = &mut competition.stages[stage];
    let group = s.groups.first_mut().ok_or(LateEntryError::Closed)?;
    group.entrants.push(id);
    group.state.swiss_mut().0.push(LateEntry {
        entrant: id,
        from_round,
        points: points.unwrap_or_default(),
    });
    Ok(Some((stage, from_round)))
}
