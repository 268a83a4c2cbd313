//! A Swiss round as stored: paired from the state before it, and changed by hand
//! before its first result (with warnings where a change goes against the rules).

use super::SwissOptions;
use super::colours::{ColourReason, assign, other};
use super::first_round::{lot_colour, round_seed};
use super::pairing::{Rules, pair};
use super::state::{Before, before_round};
use crate::model::{Competition, Group, Round, StageSettings};
use crate::stage::{StageError, make_match};
use crate::standings::Colour;
use crate::{DrawSeed, EntrantId, Points};

/// The colour of the higher-ranked of two players on `board`, and why.
pub(crate) fn colour_of_higher(
    before: &Before,
    higher: usize,
    lower: usize,
    options: &SwissOptions,
    seed: DrawSeed,
    board: u32,
) -> (Colour, ColourReason) {
    let (hi, lo) = (&before.players[higher], &before.players[lower]);
    match assign(&hi.history, &lo.history, options.no_three_same) {
        (_, ColourReason::Lot) => (
            lot_colour(round_seed(seed, before.round), board),
            ColourReason::Lot,
        ),
        decided => decided,
    }
}

/// Pairs round `round` of a Swiss group from the rounds before it.
pub fn next_round(
    competition: &Competition,
    settings: &StageSettings,
    options: &SwissOptions,
    group: &Group,
    round: u32,
    seed: DrawSeed,
) -> Result<Round, StageError> {
    let before = before_round(competition, settings, options, group, round)?;
    let rules = Rules {
        no_three_same: options.no_three_same,
        avoid_club: options.avoid_club.applies(round),
    };
    let paired = pair(&before.players, rules).map_err(|e| StageError::Unpairable {
        round,
        entrants: e.unpaired,
    })?;
    let mut matches = Vec::new();
    for (k, &(hi, lo)) in paired.boards.iter().enumerate() {
        let board = k as u32 + 1;
        let (colour, _) = colour_of_higher(&before, hi, lo, options, seed, board);
        let (a, b) = (before.players[hi].id, before.players[lo].id);
        let (red, black) = if colour == Colour::Red {
            (a, b)
        } else {
            (b, a)
        };
        matches.push(make_match(
            board,
            vec![Some(red), Some(black)],
            competition.team_boards,
        ));
    }
    if let Some(i) = paired.bye {
        let board = matches.len() as u32 + 1;
        matches.push(make_match(
            board,
            vec![Some(before.players[i].id), None],
            None,
        ));
    }
    Ok(Round {
        number: round,
        matches,
    })
}

/// What a change by hand goes against.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PairingWarning {
    /// The two have met before.
    Rematch {
        board: u32,
        red: EntrantId,
        black: EntrantId,
    },
    /// Different score groups.
    ScoreGroups {
        board: u32,
        red: Points,
        black: Points,
    },
    /// The colours go against the colour rule.
    Colours { board: u32, red: EntrantId },
    /// With 禁3先/后: the same colour a third time running.
    ThreeSame { board: u32, entrant: EntrantId },
}

impl PairingWarning {
    /// The warning with its board numbered as the hall numbers it: after `before`
    /// boards of other competitions.
    pub fn on_hall_board(mut self, before: u32) -> PairingWarning {
        match &mut self {
            PairingWarning::Rematch { board, .. }
            | PairingWarning::ScoreGroups { board, .. }
            | PairingWarning::Colours { board, .. }
            | PairingWarning::ThreeSame { board, .. } => *board += before,
        }
        self
    }
}

fn round_of(group: &mut Group, round: u32) -> Result<&mut Round, StageError> {
    let r = group
        .rounds
        .iter_mut()
        .find(|r| r.number == round)
        .ok_or(StageError::NoRound(round))?;
    if r.matches
        .iter()
        .any(|m| m.games.iter().any(|g| g.record.is_some()))
    {
        return Err(StageError::RoundStarted(round));
    }
    Ok(r)
}

/// The seat (board index, seat) of an entrant in a round.
fn seat_in(round: &Round, id: EntrantId) -> Option<(usize, usize)> {
    round
        .matches
        .iter()
        .enumerate()
        .find_map(|(k, m)| m.seat_of(id).map(|s| (k, s)))
}

/// Renumbers the boards after a change (a bye last) and gives each match the games it
/// needs.
fn rebuild(round: &mut Round, team_boards: Option<u32>) {
    let mut seats: Vec<Vec<Option<EntrantId>>> =
        round.matches.iter().map(|m| m.seats.clone()).collect();
    seats.retain(|s| s.iter().any(Option::is_some));
    seats.sort_by_key(|s| s.iter().filter(|x| x.is_some()).count() == 1);
    round.matches = seats
        .into_iter()
        .enumerate()
        .map(|(k, s)| {
            // A bye sits in seat 0.
            let s = if s[0].is_none() { vec![s[1], None] } else { s };
            make_match(k as u32 + 1, s, team_boards)
        })
        .collect();
}

/// Exchanges the black players of boards `a` and `b` of `round`, before its first
/// result.
pub fn swap_blacks(
    competition: &Competition,
    group: &mut Group,
    round: u32,
    a: u32,
    b: u32,
) -> Result<(), StageError> {
    let r = round_of(group, round)?;
    let index = |board: u32| {
        r.matches
            .iter()
            .position(|m| m.board == board)
            .ok_or(StageError::NoBoard { round, board })
    };
    let (i, j) = (index(a)?, index(b)?);
    if i == j {
        return Err(StageError::SwapItself { round, board: a });
    }
    let x = r.matches[i].seats[1];
    r.matches[i].seats[1] = r.matches[j].seats[1];
    r.matches[j].seats[1] = x;
    rebuild(r, competition.team_boards);
    Ok(())
}

/// Sets board `board` of `round` to `red` against `black`, before its first result:
/// each takes his seat, and whoever sat there takes his place.
pub fn set_board(
    competition: &Competition,
    group: &mut Group,
    round: u32,
    board: u32,
    red: EntrantId,
    black: EntrantId,
) -> Result<(), StageError> {
    let r = round_of(group, round)?;
    let target = r
        .matches
        .iter()
        .position(|m| m.board == board)
        .ok_or(StageError::NoBoard { round, board })?;
    for (id, seat) in [(red, 0), (black, 1)] {
        let (k, s) = seat_in(r, id).ok_or(StageError::NotInRound { entrant: id, round })?;
        let displaced = r.matches[target].seats[seat];
        r.matches[target].seats[seat] = Some(id);
        r.matches[k].seats[s] = displaced;
    }
    rebuild(r, competition.team_boards);
    Ok(())
}

/// What the boards of a round go against: rematches, score groups, the colour rule.
pub fn warnings(
    competition: &Competition,
    settings: &StageSettings,
    options: &SwissOptions,
    group: &Group,
    round: u32,
) -> Result<Vec<PairingWarning>, StageError> {
    let before = before_round(competition, settings, options, group, round)?;
    let Some(r) = group.rounds.iter().find(|r| r.number == round) else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for m in &r.matches {
        let [Some(red), Some(black)] = m.seats[..] else {
            continue;
        };
        let (Some(i), Some(j)) = (before.index_of(red), before.index_of(black)) else {
            continue;
        };
        let board = m.board;
        let (p, q) = (&before.players[i], &before.players[j]);
        if p.has_met(black) {
            out.push(PairingWarning::Rematch { board, red, black });
        }
        if p.score != q.score {
            out.push(PairingWarning::ScoreGroups {
                board,
                red: p.score,
                black: q.score,
            });
        }
        let (hi, lo) = (i.min(j), i.max(j));
        let (colour, reason) = assign(
            &before.players[hi].history,
            &before.players[lo].history,
            options.no_three_same,
        );
        let hi_has = if before.players[hi].id == red {
            Colour::Red
        } else {
            Colour::Black
        };
        if options.no_three_same {
            for (who, got) in [(p, Colour::Red), (q, Colour::Black)] {
                if who.history.forced() == Some(other(got)) {
                    out.push(PairingWarning::ThreeSame {
                        board,
                        entrant: who.id,
                    });
                }
            }
        }
        if reason != ColourReason::Lot && hi_has != colour {
            out.push(PairingWarning::Colours { board, red });
        }
    }
    Ok(out)
}
