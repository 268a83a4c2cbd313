//! Board numbers: 1..n in every round of every stage, group after group, so that a
//! round and a board name one match of a stage; in an event of several competitions,
//! after the boards of the competitions before it in the hall (`Stage::boards_before`).

use crate::model::{Group, Stage};

/// The boards a group has in a round: every round of a round robin has the same, a
/// knockout round `r` half the one before it, and its final the third-place match too.
fn boards_in(stage: &Stage, group: &Group, round: u32) -> u32 {
    match group.bracket() {
        Some(bracket) => {
            let size = bracket.size();
            let rounds = size.trailing_zeros();
            let format = &stage.settings.format;
            let third_place = crate::format::of(format).third_place(format);
            let matches = (size >> round.min(rounds)) as u32;
            matches + u32::from(third_place && round == rounds && rounds >= 2)
        }
        // Playoff rounds have the boards they have; a group without the round none.
        None => match group.rounds.iter().find(|r| r.number == round) {
            Some(r) if r.matches.iter().any(|m| m.playoff) => r.matches.len() as u32,
            Some(_) => (group.entrants.len() as u32).div_ceil(2),
            None => 0,
        },
    }
}

/// How many boards of `round` come before those of group `group`.
pub fn board_offset(stage: &Stage, group: usize, round: u32) -> u32 {
    let groups: u32 = stage.groups[..group.min(stage.groups.len())]
        .iter()
        .map(|g| boards_in(stage, g, round))
        .sum();
    stage.boards_before + groups
}

/// The stage-wide board of a group's match.
pub fn stage_board(stage: &Stage, group: usize, round: u32, board_in_group: u32) -> u32 {
    board_in_group + board_offset(stage, group, round)
}

/// The match at a stage-wide round and board, or why there is none.
pub fn find(
    stage: &Stage,
    round: u32,
    board: u32,
) -> Result<(usize, usize, usize), super::EntryError> {
    locate(stage, round, board).ok_or_else(|| {
        let known = stage
            .groups
            .iter()
            .any(|g| g.rounds.iter().any(|r| r.number == round));
        if known {
            super::EntryError::NoBoard { round, board }
        } else {
            super::EntryError::NoRound(round)
        }
    })
}

/// The match at a stage-wide round and board of stage `stage`, or why there is none.
pub fn match_at(
    c: &crate::Competition,
    stage: usize,
    round: u32,
    board: u32,
) -> Result<&crate::Match, super::EntryError> {
    let s = c
        .stages
        .get(stage)
        .filter(|s| !s.groups.is_empty())
        .ok_or(super::EntryError::NotDrawn(stage + 1))?;
    let (g, r, i) = find(s, round, board)?;
    Ok(&s.groups[g].rounds[r].matches[i])
}

/// The match at a stage-wide round and board: (group, round index, match index).
pub fn locate(stage: &Stage, round: u32, board: u32) -> Option<(usize, usize, usize)> {
    stage.groups.iter().enumerate().find_map(|(g, group)| {
        let r = group.rounds.iter().position(|r| r.number == round)?;
        let offset = board_offset(stage, g, round);
        let i = group.rounds[r]
            .matches
            .iter()
            .position(|m| m.board + offset == board)?;
        Some((g, r, i))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Format;
    use crate::{
        Competition, Entrant, GameKind, Scoring, StageSettings, draw_stage, pair_knockout,
    };

    /// Four knockout groups of four: every round's boards run 1..n across the groups.
    #[test]
    fn every_round_is_numbered_from_one() {
        let mut c = Competition::new("分组淘汰", GameKind::Xiangqi, Scoring::xiangqi());
        c.entrants = (1..=16).map(|i| Entrant::new(i, format!("P{i}"))).collect();
        let mut settings =
            StageSettings::new(Format::new(&crate::format::KnockoutOptions::default()));
        settings.groups = 4;
        c.stages.push(Stage {
            name: "淘汰".into(),
            settings,
            groups: Vec::new(),
            draw_seed: None,
            boards_before: 0,
        });
        draw_stage(&mut c, 0, 5).unwrap();
        let boards = |c: &Competition, round: u32| -> Vec<u32> {
            let s = &c.stages[0];
            let mut b: Vec<u32> = s
                .groups
                .iter()
                .enumerate()
                .flat_map(|(g, group)| {
                    group
                        .rounds
                        .iter()
                        .filter(|r| r.number == round)
                        .flat_map(move |r| {
                            r.matches
                                .iter()
                                .map(move |m| stage_board(s, g, round, m.board))
                        })
                })
                .collect();
            b.sort();
            b
        };
        assert_eq!(boards(&c, 1), (1..=8).collect::<Vec<_>>());
        for g in 0..4 {
            for m in c.stages[0].groups[g].rounds[0].matches.iter_mut() {
                m.games = vec![crate::Game {
                    board: 1,
                    red: 0,
                    record: Some(crate::GameRecord::new(crate::GameResult::Win {
                        winner: 0,
                        moves: None,
                    })),
                    moves: None,
                }];
            }
            let format = c.stages[0].settings.match_format;
            let mut group = c.stages[0].groups[g].clone();
            pair_knockout(&c, format, &mut group, false).unwrap();
            c.stages[0].groups[g] = group;
        }
        assert_eq!(boards(&c, 2), [1, 2, 3, 4]);
        assert_eq!(locate(&c.stages[0], 2, 3).map(|(g, _, _)| g), Some(2));
        assert_eq!(locate(&c.stages[0], 2, 5), None);
    }
}
