//! What a group's format keeps beyond its entrants, rounds and playoffs: a knockout's
//! bracket, a Swiss stage's late entries and absences. Stored beside the group's other
//! fields under the names files have always used (`bracket`, `late`, `away`).

use crate::knockout::Bracket;
use crate::{EntrantId, Points};

/// A group's format state.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(from = "Stored", into = "Stored")]
pub enum GroupState {
    /// Nothing beyond the rounds (a round robin, a table stage, a Swiss stage nobody
    /// joined late or was reported absent from).
    #[default]
    None,
    /// A knockout's first-round lines.
    Knockout(Bracket),
    /// A Swiss stage's late entries and absences (请假).
    Swiss {
        late: Vec<LateEntry>,
        away: Vec<Away>,
    },
}

impl GroupState {
    /// The first-round lines of a knockout group.
    pub fn bracket(&self) -> Option<&Bracket> {
        match self {
            GroupState::Knockout(bracket) => Some(bracket),
            _ => None,
        }
    }

    /// Entrants who joined a Swiss stage after its draw.
    pub fn late(&self) -> &[LateEntry] {
        match self {
            GroupState::Swiss { late, .. } => late,
            _ => &[],
        }
    }

    /// Entrants reported absent for a round of a Swiss stage.
    pub fn away(&self) -> &[Away] {
        match self {
            GroupState::Swiss { away, .. } => away,
            _ => &[],
        }
    }

    /// A Swiss stage's late entries and absences, to change (a group with none yet
    /// gets them).
    pub fn swiss_mut(&mut self) -> (&mut Vec<LateEntry>, &mut Vec<Away>) {
        if !matches!(self, GroupState::Swiss { .. }) {
            *self = GroupState::Swiss {
                late: Vec::new(),
                away: Vec::new(),
            };
        }
        match self {
            GroupState::Swiss { late, away } => (late, away),
            _ => unreachable!("made a Swiss state just above"),
        }
    }
}

/// An entrant reported absent (请假) for one round of a Swiss stage: not paired in it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Away {
    pub entrant: EntrantId,
    pub round: u32,
    #[serde(default, skip_serializing_if = "AwayKind::is_reported")]
    pub kind: AwayKind,
}

/// What an absence scores: nothing (请假, or not paired at all), or a bye the entrant
/// asked for, as international events give them (and TRF files carry).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AwayKind {
    /// 请假: reported absent, no points (TRF `Z`).
    #[default]
    Reported,
    /// Not paired, no points, nothing reported (TRF `0000 - -`).
    Unpaired,
    /// A half-point bye (TRF `H`): a draw's points.
    HalfPointBye,
    /// A full-point bye (TRF `F`): a win's points.
    FullPointBye,
}

impl AwayKind {
    pub fn is_reported(&self) -> bool {
        *self == AwayKind::Reported
    }

    /// The points the absence scores under `scoring`.
    pub fn points(self, scoring: &crate::Scoring) -> Points {
        match self {
            AwayKind::Reported | AwayKind::Unpaired => Points::ZERO,
            AwayKind::HalfPointBye => scoring.draw[0],
            AwayKind::FullPointBye => scoring.win,
        }
    }
}

/// An entrant who joined a Swiss stage after its draw: paired from `from_round`, with
/// `points` to start with.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct LateEntry {
    pub entrant: EntrantId,
    pub from_round: u32,
    #[serde(default)]
    pub points: Points,
}

/// The state as files keep it.
#[derive(Clone, serde::Serialize, serde::Deserialize)]
struct Stored {
    #[serde(default)]
    bracket: Option<Bracket>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    late: Vec<LateEntry>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    away: Vec<Away>,
}

impl From<Stored> for GroupState {
    fn from(s: Stored) -> GroupState {
        match s.bracket {
            Some(bracket) => GroupState::Knockout(bracket),
            None if s.late.is_empty() && s.away.is_empty() => GroupState::None,
            None => GroupState::Swiss {
                late: s.late,
                away: s.away,
            },
        }
    }
}

impl From<GroupState> for Stored {
    fn from(state: GroupState) -> Stored {
        match state {
            GroupState::None => Stored {
                bracket: None,
                late: Vec::new(),
                away: Vec::new(),
            },
            GroupState::Knockout(bracket) => Stored {
                bracket: Some(bracket),
                late: Vec::new(),
                away: Vec::new(),
            },
            GroupState::Swiss { late, away } => Stored {
                bracket: None,
                late,
                away,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_what_files_have_always_held() {
        let none: GroupState = serde_json::from_str(r#"{"bracket":null}"#).unwrap();
        assert_eq!(none, GroupState::None);
        let absent: GroupState =
            serde_json::from_str(r#"{"bracket":null,"away":[{"entrant":3,"round":2}]}"#).unwrap();
        assert_eq!(absent.away().len(), 1);
        assert!(absent.late().is_empty());
        assert_eq!(
            serde_json::to_string(&absent).unwrap(),
            r#"{"bracket":null,"away":[{"entrant":3,"round":2}]}"#
        );
        assert_eq!(serde_json::to_string(&none).unwrap(), r#"{"bracket":null}"#);
    }
}
