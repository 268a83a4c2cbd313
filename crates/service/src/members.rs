//! The members of a team event on their own: the board table (台次成绩, each player's
//! score on his board, for board prizes) and the individual standings.

use serde::Serialize;
use tournament::team::{MemberRecord, member_records};
use tournament::{Competition, Points};

use crate::select::chosen_stage;
use crate::views::points_number;
use crate::{Event, Result, ServiceError};

/// One member's line: on one board (the board table) or over all (the individual
/// standings).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MemberRow {
    pub rank: u32,
    pub shared_to: u32,
    pub name: String,
    pub team: String,
    /// The boards played (one for the board table).
    pub boards: Vec<u32>,
    pub games: u32,
    #[serde(serialize_with = "points_number")]
    pub points: Points,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Points per game as a percentage of a win, one decimal ("75.0").
    pub percent: String,
}

/// The board table: for each board, its players best first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardTable {
    pub board: u32,
    pub rows: Vec<MemberRow>,
}

/// The order of members: points, then the share of the possible points, then wins.
/// Places are shared when all three are equal.
fn ranked(c: &Competition, records: Vec<(MemberRecord, Vec<u32>)>) -> Vec<MemberRow> {
    let win = c.scoring.win.quarters().max(1) as i64;
    // Per mille of the possible points, for an exact order.
    let share =
        |r: &MemberRecord| r.points.quarters() as i64 * 1000 / (win * r.games.max(1) as i64);
    let mut records = records;
    records.sort_by_key(|(r, _)| {
        (
            std::cmp::Reverse(r.points),
            std::cmp::Reverse(share(r)),
            std::cmp::Reverse(r.wins),
            r.team,
            r.member,
        )
    });
    let key = |r: &MemberRecord| (r.points, share(r), r.wins);
    let mut rows = Vec::with_capacity(records.len());
    for (k, (r, boards)) in records.iter().enumerate() {
        let rank = records[..k]
            .iter()
            .position(|(o, _)| key(o) == key(r))
            .unwrap_or(k) as u32
            + 1;
        let shared_to = records
            .iter()
            .rposition(|(o, _)| key(o) == key(r))
            .unwrap_or(k) as u32
            + 1;
        let team = c.entrant(r.team);
        let per_mille = share(r);
        rows.push(MemberRow {
            rank,
            shared_to,
            name: team
                .and_then(|t| t.members.get(r.member))
                .map_or_else(String::new, |m| m.name.clone()),
            team: team.map_or_else(String::new, |t| t.name.clone()),
            boards: boards.clone(),
            games: r.games,
            points: r.points,
            wins: r.wins,
            draws: r.draws,
            losses: r.losses,
            percent: format!("{}.{}", per_mille / 10, per_mille % 10),
        });
    }
    rows
}

/// The members' games of one stage (its index), or of the whole event.
fn records(c: &Competition, stage: Option<usize>) -> Result<Vec<MemberRecord>> {
    if !c.is_team() {
        return Err(ServiceError::refused(messages::msg!(
            "members.not_team_event"
        )));
    }
    Ok(member_records(c, stage)?)
}

pub(crate) fn board_tables(c: &Competition, stage: Option<usize>) -> Result<Vec<BoardTable>> {
    let all = records(c, stage)?;
    let boards = c.team_boards.unwrap_or(0);
    Ok((1..=boards)
        .map(|board| BoardTable {
            board,
            rows: ranked(
                c,
                all.iter()
                    .filter(|r| r.board == board)
                    .map(|r| (r.clone(), vec![board]))
                    .collect(),
            ),
        })
        .collect())
}

pub(crate) fn individual_standings(
    c: &Competition,
    stage: Option<usize>,
) -> Result<Vec<MemberRow>> {
    let mut summed: Vec<(MemberRecord, Vec<u32>)> = Vec::new();
    for r in records(c, stage)? {
        match summed
            .iter_mut()
            .find(|(s, _)| (s.team, s.member) == (r.team, r.member))
        {
            Some((s, boards)) => {
                s.games += r.games;
                s.points += r.points;
                s.wins += r.wins;
                s.draws += r.draws;
                s.losses += r.losses;
                if !boards.contains(&r.board) {
                    boards.push(r.board);
                    boards.sort();
                }
            }
            None => {
                let board = r.board;
                summed.push((r, vec![board]));
            }
        }
    }
    Ok(ranked(c, summed))
}

impl Event {
    /// 台次成绩: each board's players, best first, over one stage (1-based) or the
    /// whole event.
    pub fn board_tables(&self, stage: Option<usize>) -> Result<Vec<BoardTable>> {
        let c = self.competition()?;
        let stage = stage.map(|s| chosen_stage(&c, Some(s))).transpose()?;
        board_tables(&c, stage)
    }

    /// The members of a team event ranked on their own games, over one stage (1-based)
    /// or the whole event.
    pub fn individual_standings(&self, stage: Option<usize>) -> Result<Vec<MemberRow>> {
        let c = self.competition()?;
        let stage = stage.map(|s| chosen_stage(&c, Some(s))).transpose()?;
        individual_standings(&c, stage)
    }
}
