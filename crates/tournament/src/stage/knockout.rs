//! A knockout group round by round: pairing the next matches from decided ones, the
//! matches a result feeds, and the final places.

use super::*;

/// The knockout match at `round`, `board` (not the third-place match).
fn knockout_match(group: &Group, round: u32, board: u32) -> Option<&Match> {
    group
        .rounds
        .iter()
        .find(|r| r.number == round)?
        .matches
        .iter()
        .find(|m| m.board == board && !m.third_place)
}

/// Pairs every knockout match whose two feeding matches are decided (board `b` of
/// round `r + 1` takes the winners of boards `2b − 1` and `2b` of round `r`), and the
/// third-place match once both semifinals are decided. Returns the (round, board) of
/// each match added: `Err(Finished)` when the final is decided, `Err(Undecided)` naming
/// a match still open when nothing can be paired.
pub fn pair_knockout(
    competition: &Competition,
    format: crate::MatchFormat,
    group: &mut Group,
    third_place: bool,
) -> Result<Vec<(u32, u32)>, StageError> {
    let size = group.bracket().ok_or(StageError::NotKnockout)?.size();
    let rounds = size.trailing_zeros();
    let winner = |m: &Match| match_winner(competition, format, m);
    let mut added: Vec<(u32, Match)> = Vec::new();
    for r in 2..=rounds {
        for b in 1..=(size >> r) as u32 {
            if knockout_match(group, r, b).is_some() {
                continue;
            }
            let feeders = (
                knockout_match(group, r - 1, 2 * b - 1),
                knockout_match(group, r - 1, 2 * b),
            );
            if let (Some(x), Some(y)) = feeders
                && let (Some(wx), Some(wy)) = (winner(x), winner(y))
            {
                added.push((
                    r,
                    make_match(b, vec![Some(wx), Some(wy)], competition.team_boards),
                ));
            }
        }
    }
    let final_round = group.rounds.iter().find(|r| r.number == rounds);
    if third_place
        && rounds >= 2
        && !final_round.is_some_and(|r| r.matches.iter().any(|m| m.third_place))
    {
        let loser =
            |m: &Match| winner(m).and_then(|w| m.seats.iter().flatten().copied().find(|&s| s != w));
        let semis = (
            knockout_match(group, rounds - 1, 1),
            knockout_match(group, rounds - 1, 2),
        );
        if let (Some(x), Some(y)) = semis
            && let (Some(lx), Some(ly)) = (loser(x), loser(y))
        {
            let mut m = make_match(2, vec![Some(lx), Some(ly)], competition.team_boards);
            m.third_place = true;
            added.push((rounds, m));
        }
    }
    if added.is_empty() {
        let open = group
            .rounds
            .iter()
            .flat_map(|r| r.matches.iter().map(move |m| (r.number, m)))
            .find(|(_, m)| winner(m).is_none());
        return Err(match open {
            Some((round, m)) => StageError::Undecided {
                round,
                board: m.board,
            },
            None => StageError::Finished,
        });
    }
    let list = added.iter().map(|(r, m)| (*r, m.board)).collect();
    for (number, m) in added {
        match group.rounds.iter_mut().find(|r| r.number == number) {
            Some(round) => {
                round.matches.push(m);
                round.matches.sort_by_key(|m| (m.third_place, m.board));
            }
            None => {
                group.rounds.push(Round {
                    number,
                    matches: vec![m],
                });
                group.rounds.sort_by_key(|r| r.number);
            }
        }
    }
    Ok(list)
}

/// The knockout matches that depend on the match at `round`, `board`: the one it feeds
/// in each later round, and the third-place match when it is a semifinal or earlier.
pub fn knockout_dependents(group: &Group, round: u32, board: u32) -> Vec<(u32, u32, bool)> {
    let Some(size) = group.bracket().map(Bracket::size) else {
        return Vec::new();
    };
    let rounds = size.trailing_zeros();
    let mut out = Vec::new();
    let mut b = board;
    for r in round + 1..=rounds {
        b = b.div_ceil(2);
        if knockout_match(group, r, b).is_some() {
            out.push((r, b, false));
        }
    }
    let has_third = group
        .rounds
        .iter()
        .any(|r| r.number == rounds && r.matches.iter().any(|m| m.third_place));
    if round < rounds && has_third {
        out.push((rounds, 2, true));
    }
    out
}

/// Final places of a finished knockout group.
pub fn knockout_placings(
    competition: &Competition,
    format: crate::MatchFormat,
    group: &Group,
) -> Result<Vec<(EntrantId, Place)>, StageError> {
    let mut losers_by_round = Vec::new();
    let mut third = None;
    let mut champion = None;
    for round in &group.rounds {
        let mut losers = Vec::new();
        for m in &round.matches {
            let winner = match_winner(competition, format, m).ok_or(StageError::Undecided {
                round: round.number,
                board: m.board,
            })?;
            let loser = m.seats.iter().flatten().copied().find(|&s| s != winner);
            if m.third_place {
                third = loser.map(|l| (winner, l));
            } else {
                losers.extend(loser);
                champion = Some(winner);
            }
        }
        losers_by_round.push(losers);
    }
    // Finished: every round holds half the matches of the one before, down to a final.
    // A correction that changed a winner removes the later matches it fed, so a round
    // short of matches is a bracket still being played, not a final.
    let regular = |r: &Round| r.matches.iter().filter(|m| !m.third_place).count();
    let finished = group.rounds.last().is_some_and(|r| regular(r) == 1)
        && group
            .rounds
            .windows(2)
            .all(|pair| regular(&pair[0]) == 2 * regular(&pair[1]));
    let champion = champion.filter(|_| finished).ok_or(StageError::Undecided {
        round: group.rounds.len() as u32,
        board: 1,
    })?;
    Ok(placings(&losers_by_round, champion, third))
}

/// A knockout's third-place match paired and not yet decided.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenThirdPlace {
    pub group: usize,
    pub round: u32,
    /// The match's board within its group.
    pub board: u32,
    pub entrants: Vec<EntrantId>,
    /// The final is over: the third place is all the group still waits for.
    pub final_decided: bool,
}

/// The third-place matches of a knockout stage still to be decided.
pub fn open_third_place(competition: &Competition, stage: usize) -> Vec<OpenThirdPlace> {
    let Some(s) = competition.stages.get(stage) else {
        return Vec::new();
    };
    let format = s.settings.match_format;
    let mut out = Vec::new();
    for (g, group) in s.groups.iter().enumerate() {
        for round in &group.rounds {
            for m in round.matches.iter().filter(|m| m.third_place) {
                if match_winner(competition, format, m).is_some() {
                    continue;
                }
                let final_decided = round
                    .matches
                    .iter()
                    .filter(|f| !f.third_place)
                    .all(|f| match_winner(competition, format, f).is_some());
                out.push(OpenThirdPlace {
                    group: g,
                    round: round.number,
                    board: m.board,
                    entrants: m.seats.iter().flatten().copied().collect(),
                    final_decided,
                });
            }
        }
    }
    out
}
