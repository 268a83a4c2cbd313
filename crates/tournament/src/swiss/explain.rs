//! Why a round is paired as it is: for each board, its score group, who floated down
//! or up, and why red has red; for the bye, why him. Worked out from the rounds before
//! it, so it explains a pairing changed by hand as well ("set by hand").

use super::SwissOptions;
use super::colours::ColourReason;
use super::round::colour_of_higher;
use super::state::before_round;
use crate::model::{Competition, Group, StageSettings};
use crate::stage::StageError;
use crate::standings::Colour;
use crate::{DrawSeed, EntrantId, Points};

/// One board explained.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct BoardNote {
    pub board: u32,
    pub red: Option<EntrantId>,
    pub black: Option<EntrantId>,
    /// Scores before the round.
    pub red_score: Option<Points>,
    pub black_score: Option<Points>,
    /// The score group the board is paired in (the higher of the two scores).
    pub group: Points,
    /// Met someone from a lower group.
    pub floated_down: Option<EntrantId>,
    /// Met someone from a higher group.
    pub floated_up: Option<EntrantId>,
    /// Why red has red (and black black); for a bye, `None`.
    pub colour: Option<ColourReason>,
    /// For a bye: the lowest-ranked of the lowest score group without one, or set by
    /// hand.
    pub bye: Option<ByeReason>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ByeReason {
    /// The lowest-ranked player of the lowest score group who has not had one.
    Lowest,
    Manual,
}

/// The notes of round `round` of a Swiss group.
pub fn explain_round(
    competition: &Competition,
    settings: &StageSettings,
    options: &SwissOptions,
    group: &Group,
    round: u32,
    seed: DrawSeed,
) -> Result<Vec<BoardNote>, StageError> {
    let r = group
        .rounds
        .iter()
        .find(|r| r.number == round)
        .ok_or(StageError::NoRound(round))?;
    let before = before_round(competition, settings, options, group, round)?;
    let score = |id: Option<EntrantId>| {
        id.and_then(|id| before.index_of(id))
            .map(|i| before.players[i].score)
    };
    // Who should have had the bye: the lowest-ranked without one.
    let due_bye = before
        .players
        .iter()
        .rev()
        .find(|p| !p.had_bye)
        .or(before.players.last())
        .map(|p| p.id);
    let mut notes = Vec::new();
    for m in r.matches.iter().filter(|m| !m.playoff) {
        let (red, black) = (
            m.seats.first().copied().flatten(),
            m.seats.get(1).copied().flatten(),
        );
        let (red_score, black_score) = (score(red), score(black));
        let group = red_score.max(black_score).unwrap_or_default();
        let mut note = BoardNote {
            board: m.board,
            red,
            black,
            red_score,
            black_score,
            group,
            floated_down: None,
            floated_up: None,
            colour: None,
            bye: None,
        };
        if m.is_bye() {
            note.bye = Some(if red == due_bye || round == 1 && red.is_some() {
                ByeReason::Lowest
            } else {
                ByeReason::Manual
            });
            notes.push(note);
            continue;
        }
        let (Some(a), Some(b)) = (red, black) else {
            continue;
        };
        if let (Some(x), Some(y)) = (red_score, black_score)
            && x != y
        {
            let (high, low) = if x > y { (a, b) } else { (b, a) };
            note.floated_down = Some(high);
            note.floated_up = Some(low);
        }
        if let (Some(i), Some(j)) = (before.index_of(a), before.index_of(b)) {
            let (hi, lo) = (i.min(j), i.max(j));
            let (colour, reason) = colour_of_higher(&before, hi, lo, options, seed, m.board);
            let has = if before.players[hi].id == a {
                Colour::Red
            } else {
                Colour::Black
            };
            note.colour = Some(if has == colour {
                reason
            } else {
                ColourReason::Manual
            });
        }
        notes.push(note);
    }
    Ok(notes)
}
