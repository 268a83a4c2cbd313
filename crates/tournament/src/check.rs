//! Checks a loaded competition independently of how it was built: every entrant named
//! exists, nobody plays twice in a round, results fit their matches, knockout rounds
//! follow from the ones before, and each later stage's field is who went on from the
//! stage before. `qisai check` runs it after SQLite's own integrity check.

use std::collections::{BTreeMap, BTreeSet};

use crate::EntrantId;
use crate::model::Competition;
use crate::play::stage_board;
use crate::stage::{advancing, match_winner};

/// Where a problem is: 1-based stage, the group's name, round and stage-wide board.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Place {
    pub stage: usize,
    pub group: Option<String>,
    pub round: Option<u32>,
    pub board: Option<u32>,
}

impl std::fmt::Display for Place {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "stage {}", self.stage)?;
        if let Some(g) = &self.group {
            write!(f, ", group {g}")?;
        }
        if let Some(r) = self.round {
            write!(f, ", round {r}")?;
        }
        if let Some(b) = self.board {
            write!(f, ", board {b}")?;
        }
        Ok(())
    }
}

/// What is wrong.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, thiserror::Error)]
#[serde(tag = "problem", rename_all = "snake_case")]
pub enum Problem {
    #[error("{place}: entrant {entrant} is not registered")]
    UnknownEntrant { place: Place, entrant: u32 },
    #[error("{place}: entrant {entrant} is in two groups")]
    TwoGroups { place: Place, entrant: u32 },
    #[error("{place}: entrant {entrant} is not a member of this group")]
    NotInGroup { place: Place, entrant: u32 },
    #[error("{place}: entrant {entrant} plays twice in this round")]
    PlaysTwice { place: Place, entrant: u32 },
    #[error("{place}: two matches on this board")]
    BoardTwice { place: Place },
    #[error("{place}: a result of a seat the match does not have, or a red seat beyond two")]
    BadSeat { place: Place },
    #[error("{place}: {games} games for {boards} boards")]
    BoardCount {
        place: Place,
        games: usize,
        boards: u32,
    },
    #[error("{place}: {games} games in a match of at most {most}")]
    TooManyGames {
        place: Place,
        games: usize,
        most: u32,
    },
    #[error("{place}: entrant {entrant} did not win the match that feeds this one")]
    NotAWinner { place: Place, entrant: u32 },
    #[error("stage {stage} is drawn but has no draw seed")]
    NoSeed { stage: usize },
    #[error("stage {stage}'s field is not who went on from stage {}", stage - 1)]
    FieldIsNotWhoWentOn { stage: usize },
    #[error("entrant {entrant}: {} {value} is outside {}–{}", bound.english(), bound.min, bound.max)]
    OutOfBounds {
        entrant: u32,
        bound: crate::limits::Bound,
        value: u64,
    },
    #[error("the scoring is unsound: a win must score more than a loss, a draw between them")]
    UnsoundScoring,
    #[error("{place}: the final is over but this third-place match is undecided")]
    ThirdPlaceOpen { place: Place },
}

/// Entrants' numbers within the bounds the commands enforce (a rating of 99,999,999
/// typed into the file by hand is no rating).
fn entrant_bounds(c: &Competition, problems: &mut Vec<Problem>) {
    use crate::limits::{Bound, RATING, SEED};
    let mut out = |entrant: u32, bound: Bound, value: Option<u32>| {
        if let Some(value) = value
            && bound.check(value).is_err()
        {
            problems.push(Problem::OutOfBounds {
                entrant,
                bound,
                value: value.into(),
            });
        }
    };
    for e in &c.entrants {
        out(e.id.0, RATING, e.rating);
        out(e.id.0, SEED, e.seed);
    }
}

/// Every problem found, in the order of the event; empty for a sound competition.
pub fn check(c: &Competition) -> Vec<Problem> {
    let mut problems = Vec::new();
    if !c.scoring.is_sound() {
        problems.push(Problem::UnsoundScoring);
    }
    entrant_bounds(c, &mut problems);
    for (si, stage) in c.stages.iter().enumerate() {
        if stage.groups.is_empty() {
            continue;
        }
        if stage.draw_seed.is_none() {
            problems.push(Problem::NoSeed { stage: si + 1 });
        }
        let field = groups(c, si, &mut problems);
        for (gi, group) in stage.groups.iter().enumerate() {
            for round in &group.rounds {
                round_matches(c, si, gi, round, &mut problems);
            }
            knockout_feeders(c, si, gi, &mut problems);
        }
        for open in crate::stage::open_third_place(c, si)
            .into_iter()
            .filter(|o| o.final_decided)
        {
            problems.push(Problem::ThirdPlaceOpen {
                place: Place {
                    stage: si + 1,
                    group: Some(stage.groups[open.group].name.clone()),
                    round: Some(open.round),
                    board: Some(stage_board(stage, open.group, open.round, open.board)),
                },
            });
        }
        went_on(c, si, &field, &mut problems);
    }
    problems
}

fn place_in(c: &Competition, stage: usize, group: usize, at: Option<(u32, u32)>) -> Place {
    let s = &c.stages[stage];
    Place {
        stage: stage + 1,
        group: Some(s.groups[group].name.clone()),
        round: at.map(|(r, _)| r),
        board: at.map(|(r, b)| stage_board(s, group, r, b)),
    }
}

/// Each group's entrants: registered, and in one group only. Returns the stage's field.
fn groups(c: &Competition, stage: usize, problems: &mut Vec<Problem>) -> BTreeSet<EntrantId> {
    let registered: BTreeSet<EntrantId> = c.entrants.iter().map(|e| e.id).collect();
    let mut group_of: BTreeMap<EntrantId, usize> = BTreeMap::new();
    for (gi, group) in c.stages[stage].groups.iter().enumerate() {
        for &id in &group.entrants {
            if !registered.contains(&id) {
                problems.push(Problem::UnknownEntrant {
                    place: place_in(c, stage, gi, None),
                    entrant: id.0,
                });
            }
            if group_of.insert(id, gi).is_some() {
                problems.push(Problem::TwoGroups {
                    place: place_in(c, stage, gi, None),
                    entrant: id.0,
                });
            }
        }
    }
    group_of.into_keys().collect()
}

/// A round's matches: each board once, each entrant of the group once, results on
/// seats the game has, as many games or boards as the match may have.
fn round_matches(
    c: &Competition,
    si: usize,
    gi: usize,
    round: &crate::model::Round,
    problems: &mut Vec<Problem>,
) {
    let stage = &c.stages[si];
    let group = &stage.groups[gi];
    let members: BTreeSet<EntrantId> = group.entrants.iter().copied().collect();
    let mut seen = BTreeSet::new();
    let mut boards = BTreeSet::new();
    for m in &round.matches {
        let place = || place_in(c, si, gi, Some((round.number, m.board)));
        if !boards.insert((m.board, m.third_place)) {
            problems.push(Problem::BoardTwice { place: place() });
        }
        for &id in m.seats.iter().flatten() {
            if !members.contains(&id) {
                problems.push(Problem::NotInGroup {
                    place: place(),
                    entrant: id.0,
                });
            }
            if !seen.insert(id) {
                problems.push(Problem::PlaysTwice {
                    place: place(),
                    entrant: id.0,
                });
            }
        }
        let seats = c.seating_of(m).seats();
        let bad_seat = m.games.iter().any(|g| {
            g.red >= 2
                || g.record.as_ref().is_some_and(|r| {
                    r.fouls.iter().any(|f| f.seat >= seats) || c.assess(m, r, None).is_err()
                })
        });
        if bad_seat {
            problems.push(Problem::BadSeat { place: place() });
        }
        match c.team_boards {
            // A tied team knockout adds the extra games its decider allows.
            Some(boards)
                if !m.is_bye()
                    && !(boards as usize..=extra_most(boards, stage)).contains(&m.games.len()) =>
            {
                problems.push(Problem::BoardCount {
                    place: place(),
                    games: m.games.len(),
                    boards,
                });
            }
            None => {
                let format =
                    crate::playoff::format_of(group, round.number, stage.settings.match_format);
                let most = format.best_of.max(1) + format.decider.extra_games;
                if m.games.len() > most as usize {
                    problems.push(Problem::TooManyGames {
                        place: place(),
                        games: m.games.len(),
                        most,
                    });
                }
            }
            _ => {}
        }
    }
}

/// A knockout's later matches seat the winners of the matches feeding them.
fn knockout_feeders(c: &Competition, si: usize, gi: usize, problems: &mut Vec<Problem>) {
    let stage = &c.stages[si];
    if !crate::format::of(&stage.settings.format)
        .capabilities()
        .bracket
    {
        return;
    }
    let group = &stage.groups[gi];
    for round in group.rounds.iter().filter(|r| r.number > 1) {
        let before = group.rounds.iter().find(|r| r.number == round.number - 1);
        for m in round.matches.iter().filter(|m| !m.third_place) {
            let feeders = [2 * m.board - 1, 2 * m.board].map(|b| {
                before
                    .and_then(|r| r.matches.iter().find(|x| x.board == b && !x.third_place))
                    .and_then(|x| match_winner(c, stage.settings.match_format, x))
            });
            for &id in m.seats.iter().flatten() {
                if !feeders.contains(&Some(id)) {
                    problems.push(Problem::NotAWinner {
                        place: place_in(c, si, gi, Some((round.number, m.board))),
                        entrant: id.0,
                    });
                }
            }
        }
    }
}

/// A later stage's field is who went on from the one before. A qualifier who withdrew
/// after this draw is still in the field, and the next in the standings would now take
/// the place: that is no fault.
fn went_on(c: &Competition, si: usize, field: &BTreeSet<EntrantId>, problems: &mut Vec<Problem>) {
    let Some(Ok(went_on)) = si.checked_sub(1).map(|previous| advancing(c, previous)) else {
        return;
    };
    let went_on: BTreeSet<EntrantId> = went_on.into_iter().collect();
    let withdrawn = |id: &&EntrantId| c.entrant(**id).is_some_and(|e| e.withdrawn);
    let extra: Vec<&EntrantId> = field.difference(&went_on).collect();
    let missing = went_on.difference(field).count();
    if !(extra.iter().all(withdrawn) && missing == extra.len()) {
        problems.push(Problem::FieldIsNotWhoWentOn { stage: si + 1 });
    }
}

/// The most games a team match may have: its boards, and in a knockout the extra
/// games (加赛) its decider allows.
fn extra_most(boards: u32, stage: &crate::Stage) -> usize {
    let extra = if crate::format::of(&stage.settings.format)
        .capabilities()
        .needs_winner
    {
        stage.settings.match_format.decider.extra_games
    } else {
        0
    };
    (boards + extra) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Entrant, Format, GameKind, Scoring, Stage, StageSettings, draw_stage};

    fn drawn() -> Competition {
        let mut c = Competition::new("检查", GameKind::Xiangqi, Scoring::xiangqi());
        c.entrants = (1..=6).map(|i| Entrant::new(i, format!("P{i}"))).collect();
        c.stages.push(Stage {
            name: "循环".into(),
            settings: StageSettings::new(Format::new(&crate::RoundRobinOptions::default())),
            groups: Vec::new(),
            draw_seed: None,
            boards_before: 0,
        });
        draw_stage(&mut c, 0, 3).unwrap();
        c
    }

    #[test]
    fn a_drawn_event_is_sound() {
        assert_eq!(check(&drawn()), Vec::new());
    }

    #[test]
    fn a_player_twice_in_a_round_and_a_stranger_are_named() {
        let mut c = drawn();
        let round = &mut c.stages[0].groups[0].rounds[0];
        let first = round.matches[0].seats[0];
        round.matches[1].seats[0] = first;
        round.matches[2].seats[1] = Some(EntrantId(99));
        let problems = check(&c);
        assert!(
            problems
                .iter()
                .any(|p| matches!(p, Problem::PlaysTwice { .. })),
            "{problems:?}"
        );
        assert!(
            problems
                .iter()
                .any(|p| matches!(p, Problem::NotInGroup { entrant: 99, .. }))
        );
        let text = problems[0].to_string();
        assert!(
            text.starts_with("stage 1, group A, round 1, board "),
            "{text}"
        );
    }
}
