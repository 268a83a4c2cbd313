//! Why a round is paired as it is: its score groups and their members; for each board,
//! its score group, who floated down (and why he could not be paired higher: whom he
//! had met, whom the colour rule kept him from, who was paired otherwise) and why red
//! has red; for the bye, why him. Worked out from the rounds before it, so it explains
//! a pairing changed by hand as well ("set by hand").

use std::collections::HashSet;

use super::SwissOptions;
use super::colours::{ColourReason, compatible};
use super::pairing::Candidate;
use super::round::colour_of_higher;
use super::state::{Before, before_round};
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
    /// A board across score groups: who floated down and why.
    pub float: Option<Float>,
}

/// One score group of a round: its score and its members in ranking order.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ScoreGroup {
    pub score: Points,
    pub members: Vec<EntrantId>,
}

/// A player paired below his score group, and why he was not paired higher: each
/// player of his group and of the groups he passed over either had met him, was kept
/// from him by the colour rule (禁3先/后), or was paired otherwise.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Float {
    pub player: EntrantId,
    pub opponent: EntrantId,
    pub from: Points,
    pub to: Points,
    /// Score groups down: more than one is a float past a whole group.
    pub groups: usize,
    pub met: Vec<EntrantId>,
    pub colour_barred: Vec<EntrantId>,
    pub paired_otherwise: Vec<EntrantId>,
}

/// A round explained: its score groups, then each board.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct RoundNotes {
    pub groups: Vec<ScoreGroup>,
    pub boards: Vec<BoardNote>,
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
) -> Result<RoundNotes, StageError> {
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
    // Who is seated this round: the score groups and the floats count them only.
    let seated: HashSet<EntrantId> = r
        .matches
        .iter()
        .filter(|m| !m.playoff)
        .flat_map(|m| m.seats.iter().flatten().copied())
        .collect();
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
            float: None,
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
            note.float = float(&before, &seated, high, low, options.no_three_same);
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
    Ok(RoundNotes {
        groups: score_groups(&before, &seated),
        boards: notes,
    })
}

/// The score groups of those seated in the round, from the top, in ranking order.
fn score_groups(before: &Before, seated: &HashSet<EntrantId>) -> Vec<ScoreGroup> {
    let mut groups: Vec<ScoreGroup> = Vec::new();
    for p in &before.players {
        if !seated.contains(&p.id) {
            continue;
        }
        match groups.last_mut() {
            Some(g) if g.score == p.score => g.members.push(p.id),
            _ => groups.push(ScoreGroup {
                score: p.score,
                members: vec![p.id],
            }),
        }
    }
    groups
}

/// Why `high` floated down to meet `low`: what kept him from everyone seated with a
/// score from his own down to above `low`'s.
fn float(
    before: &Before,
    seated: &HashSet<EntrantId>,
    high: EntrantId,
    low: EntrantId,
    no_three_same: bool,
) -> Option<Float> {
    let floater = &before.players[before.index_of(high)?];
    let (from, to) = (floater.score, before.players[before.index_of(low)?].score);
    let passed: Vec<&Candidate> = before
        .players
        .iter()
        .filter(|p| p.id != high && p.score <= from && p.score > to)
        .filter(|p| seated.contains(&p.id))
        .collect();
    let mut scores: Vec<Points> = before
        .players
        .iter()
        .filter(|p| p.score <= from && p.score >= to)
        .filter(|p| seated.contains(&p.id))
        .map(|p| p.score)
        .collect();
    scores.dedup();
    let mut out = Float {
        player: high,
        opponent: low,
        from,
        to,
        groups: scores.len().saturating_sub(1),
        met: Vec::new(),
        colour_barred: Vec::new(),
        paired_otherwise: Vec::new(),
    };
    for p in passed {
        if floater.has_met(p.id) {
            out.met.push(p.id);
        } else if !compatible(&floater.history, &p.history, no_three_same) {
            out.colour_barred.push(p.id);
        } else {
            out.paired_otherwise.push(p.id);
        }
    }
    Some(out)
}
