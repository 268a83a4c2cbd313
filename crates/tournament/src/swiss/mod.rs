//! 积分编排 (the Swiss system) as the Chinese competition rules pair it: a fixed number
//! of rounds, each paired afresh from the standings after the one before, nobody
//! meeting twice, score before colour, made exact as a maximum-weight matching.

pub mod colours;
pub mod explain;
pub mod first_round;
mod late;
pub mod matching;
pub mod pairing;
mod round;
pub mod state;
pub mod wide;

pub use crate::field::ByeOpponent;
pub use crate::model::{Away, AwayKind, LateEntry};
pub use explain::{BoardNote, explain_round};
pub use first_round::first_round;
pub use late::{LateEntryError, join_late};
pub use round::{PairingWarning, next_round, set_board, swap_blacks, warnings};

use crate::EntrantId;

/// How round 1 is laid out over the field in ranking order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum FirstRound {
    /// 拦腰: 1 v n/2+1, 2 v n/2+2 …
    #[default]
    #[serde(rename = "fold")]
    Fold,
    /// 首尾: 1 v n, 2 v n−1 …
    #[serde(rename = "top_bottom")]
    TopBottom,
    /// 临近: 1 v 2, 3 v 4 …
    #[serde(rename = "adjacent")]
    Adjacent,
    /// By lot.
    #[serde(rename = "random")]
    Random,
}

/// When club-mates (同单位) are kept apart: a weak rule, below score and colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(tag = "kind", content = "rounds")]
pub enum ClubAvoidance {
    #[default]
    #[serde(rename = "off")]
    Off,
    #[serde(rename = "round1")]
    Round1,
    /// In the first K rounds.
    #[serde(rename = "rounds")]
    Rounds(u32),
    #[serde(rename = "always")]
    Always,
}

impl ClubAvoidance {
    pub fn applies(self, round: u32) -> bool {
        match self {
            ClubAvoidance::Off => false,
            ClubAvoidance::Round1 => round == 1,
            ClubAvoidance::Rounds(k) => round <= k,
            ClubAvoidance::Always => true,
        }
    }
}

fn two() -> u32 {
    2
}

/// A Swiss stage's settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SwissOptions {
    pub rounds: u32,
    #[serde(default)]
    pub first_round: FirstRound,
    /// 禁3先/后: nobody has the same colour three times in a row (a hard rule).
    #[serde(default)]
    pub no_three_same: bool,
    #[serde(default)]
    pub avoid_club: ClubAvoidance,
    /// 连续弃权 N 轮不编排: not paired after N forfeits in a row (0: always paired).
    #[serde(default = "two")]
    pub drop_after_forfeits: u32,
    #[serde(default)]
    pub bye_opponent: ByeOpponent,
}

impl SwissOptions {
    pub fn new(rounds: u32) -> SwissOptions {
        SwissOptions {
            rounds,
            first_round: FirstRound::default(),
            no_three_same: false,
            avoid_club: ClubAvoidance::default(),
            drop_after_forfeits: 2,
            bye_opponent: ByeOpponent::default(),
        }
    }
}

/// Why an absence cannot be reported.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AwayError {
    #[error("absences are reported for a Swiss stage under way")]
    NotSwiss,
    #[error("round {0} is paired already: report an absence before its pairing")]
    Paired(u32),
    #[error("the Swiss stage has {rounds} rounds, not {round}")]
    NoRound { round: u32, rounds: u32 },
    #[error("entrant {0} does not play in this stage")]
    NotInStage(u32),
}

/// Reports `id` absent (or, with `away` false, present again) for round `round` of the
/// Swiss stage under way, before that round is paired.
pub fn report_absence(
    competition: &mut crate::Competition,
    id: EntrantId,
    round: u32,
    away: bool,
) -> Result<(), AwayError> {
    let stage = competition
        .stages
        .iter()
        .rposition(|s| !s.groups.is_empty())
        .ok_or(AwayError::NotSwiss)?;
    let s = &mut competition.stages[stage];
    let Some(options) = s.settings.format.options::<SwissOptions>() else {
        return Err(AwayError::NotSwiss);
    };
    let group = s.groups.first_mut().ok_or(AwayError::NotSwiss)?;
    if round == 0 || round > options.rounds {
        return Err(AwayError::NoRound {
            round,
            rounds: options.rounds,
        });
    }
    if group.rounds.iter().any(|r| r.number >= round) {
        return Err(AwayError::Paired(round));
    }
    if !group.entrants.contains(&id) {
        return Err(AwayError::NotInStage(id.0));
    }
    let (_, absences) = group.state.swiss_mut();
    absences.retain(|a| !(a.entrant == id && a.round == round));
    if away {
        absences.push(Away {
            entrant: id,
            round,
            kind: AwayKind::Reported,
        });
    }
    Ok(())
}
