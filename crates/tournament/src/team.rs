//! Team matches board by board (团体赛): each team's line-up for a round (its members
//! in board order, registration order by default, reserves beyond the boards), who
//! plays whom with which colour on every board, and every member's own results for
//! board prizes (台次成绩) and the individual standings of a team event.

use crate::model::{Competition, Match};
use crate::result::{Seat, Seating};
use crate::scoring::ScoringError;
use crate::standings::Outcome;
use crate::{EntrantId, Points};

/// A member of a team by position in its registration (0 = the first registered).
pub type MemberIndex = usize;

/// A line-up that cannot be used, naming the team and, where it applies, the board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LineupError {
    #[error("line-ups are for team events")]
    NotTeamEvent,
    #[error("there is no team {0}")]
    NoTeam(String),
    #[error("{team} plays no match in round {round} of the current stage")]
    NotPlaying { team: String, round: u32 },
    #[error("{team} has a bye in round {round}: there is no line-up to set")]
    Bye { team: String, round: u32 },
    #[error(
        "{team}, round {round}: the match has results already; its line-up can no longer change"
    )]
    Started { team: String, round: u32 },
    #[error("{team}: a line-up names {boards} players, one for each board; {given} given")]
    WrongLength {
        team: String,
        boards: u32,
        given: usize,
    },
    #[error("{team}, board {board}: {name} is not a member of the team")]
    NotAMember {
        team: String,
        board: u32,
        name: String,
    },
    #[error("{team}, board {board}: {name} is on board {first} already")]
    Twice {
        team: String,
        board: u32,
        name: String,
        first: u32,
    },
    /// With the fixed board order: the members keep their registered order.
    #[error(
        "{team}, board {board}: {name} is registered before {above} on board {above_board}; the event keeps the registered board order (--fixed-order)"
    )]
    OutOfOrder {
        team: String,
        board: u32,
        name: String,
        above: String,
        above_board: u32,
    },
}

/// A team's line-up in a match: its members in board order.
pub fn lineup(competition: &Competition, m: &Match, seat: Seat) -> Vec<MemberIndex> {
    if let Some(Some(stored)) = m.lineups.get(seat) {
        return stored.clone();
    }
    let boards = competition.team_boards.unwrap_or(0) as usize;
    let members = m
        .seats
        .get(seat)
        .copied()
        .flatten()
        .and_then(|id| competition.entrant(id))
        .map_or(0, |e| e.members.len());
    (0..boards.min(members)).collect()
}

/// Checks a line-up for a team (by member names, board order) and returns it as
/// member indices.
pub fn check_lineup(
    competition: &Competition,
    team: EntrantId,
    names: &[String],
) -> Result<Vec<MemberIndex>, LineupError> {
    let boards = competition.team_boards.ok_or(LineupError::NotTeamEvent)?;
    let entrant = competition
        .entrant(team)
        .ok_or_else(|| LineupError::NoTeam(format!("#{}", team.0)))?;
    let team_name = entrant.name.clone();
    if names.len() != boards as usize {
        return Err(LineupError::WrongLength {
            team: team_name,
            boards,
            given: names.len(),
        });
    }
    let mut out: Vec<MemberIndex> = Vec::with_capacity(names.len());
    for (k, name) in names.iter().enumerate() {
        let board = k as u32 + 1;
        let index = entrant
            .members
            .iter()
            .position(|m| m.name == *name)
            .ok_or_else(|| LineupError::NotAMember {
                team: team_name.clone(),
                board,
                name: name.clone(),
            })?;
        if let Some(first) = out.iter().position(|&i| i == index) {
            return Err(LineupError::Twice {
                team: team_name,
                board,
                name: name.clone(),
                first: first as u32 + 1,
            });
        }
        if competition.fixed_order
            && let Some((above_board, &above)) = out.iter().enumerate().find(|&(_, &i)| i > index)
        {
            return Err(LineupError::OutOfOrder {
                team: team_name,
                board,
                name: name.clone(),
                above: entrant.members[above].name.clone(),
                above_board: above_board as u32 + 1,
            });
        }
        out.push(index);
    }
    Ok(out)
}

/// Sets `team`'s line-up (member names in board order) for its match in round `round`
/// of stage `stage`, before the match's first result.
pub fn set_lineup(
    competition: &mut Competition,
    stage: usize,
    round: u32,
    team: EntrantId,
    names: &[String],
) -> Result<(), LineupError> {
    let members = check_lineup(competition, team, names)?;
    let team_name = competition
        .entrant(team)
        .map_or_else(String::new, |e| e.name.clone());
    let m = competition
        .stages
        .get_mut(stage)
        .into_iter()
        .flat_map(|s| s.groups.iter_mut())
        .flat_map(|g| g.rounds.iter_mut().filter(|r| r.number == round))
        .flat_map(|r| r.matches.iter_mut())
        .find(|m| !m.playoff && m.seat_of(team).is_some())
        .ok_or_else(|| LineupError::NotPlaying {
            team: team_name.clone(),
            round,
        })?;
    if m.is_bye() {
        return Err(LineupError::Bye {
            team: team_name,
            round,
        });
    }
    if m.games.iter().any(|g| g.record.is_some()) {
        return Err(LineupError::Started {
            team: team_name,
            round,
        });
    }
    let seat = m.seat_of(team).unwrap_or(0);
    if m.lineups.len() < m.seats.len() {
        m.lineups.resize(m.seats.len(), None);
    }
    m.lineups[seat] = Some(members);
    Ok(())
}

/// The two players of one board of a team match: (team, member) for red and black.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardPlayers {
    pub board: u32,
    pub red: Option<(EntrantId, MemberIndex)>,
    pub black: Option<(EntrantId, MemberIndex)>,
}

/// Who plays each board of a team match, and with which colour: the first-named team
/// is red on odd boards and black on even boards (the colours its games carry). An
/// extra game of a tied knockout match is played by the first boards.
pub fn boards_of(competition: &Competition, m: &Match) -> Vec<BoardPlayers> {
    let lineups: Vec<Vec<MemberIndex>> = (0..m.seats.len())
        .map(|seat| lineup(competition, m, seat))
        .collect();
    let boards = competition.team_boards.unwrap_or(0);
    let player = |seat: Seat, board: u32| {
        let team = m.seats.get(seat).copied().flatten()?;
        // An extra game (加赛) after the boards is played by the first boards.
        let slot = if board > boards {
            0
        } else {
            board as usize - 1
        };
        let member = *lineups.get(seat)?.get(slot)?;
        Some((team, member))
    };
    m.games
        .iter()
        .map(|g| BoardPlayers {
            board: g.board,
            red: player(g.red, g.board),
            black: player(1 - g.red, g.board),
        })
        .collect()
}

/// One member's games on one board in a team event (台次成绩; summed over boards for
/// the individual standings).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemberRecord {
    pub team: EntrantId,
    pub member: MemberIndex,
    pub board: u32,
    pub games: u32,
    pub points: Points,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

/// Every member's games, board by board, over the stages of a team event.
pub fn member_records(
    competition: &Competition,
    stage: Option<usize>,
) -> Result<Vec<MemberRecord>, ScoringError> {
    let mut out: Vec<MemberRecord> = Vec::new();
    let matches = competition
        .stages
        .iter()
        .enumerate()
        .filter(|&(i, _)| stage.is_none_or(|s| s == i))
        .flat_map(|(_, s)| &s.groups)
        .flat_map(|g| &g.rounds)
        .flat_map(|r| &r.matches)
        .filter(|m| !m.is_bye());
    for m in matches {
        for (game, players) in m.games.iter().zip(boards_of(competition, m)) {
            let Some(record) = &game.record else { continue };
            let scores = competition
                .scoring
                .assess(record, Seating::TwoSides, None)?;
            for (colour_seat, who) in [(0, players.red), (1, players.black)] {
                let Some((team, member)) = who else { continue };
                let k = match out
                    .iter()
                    .position(|r| (r.team, r.member, r.board) == (team, member, game.board))
                {
                    Some(k) => k,
                    None => {
                        out.push(MemberRecord {
                            team,
                            member,
                            board: game.board,
                            games: 0,
                            points: Points::ZERO,
                            wins: 0,
                            draws: 0,
                            losses: 0,
                        });
                        out.len() - 1
                    }
                };
                let row = &mut out[k];
                let score = &scores[colour_seat];
                row.games += 1;
                row.points += score.points;
                match score.outcome {
                    Outcome::Win => row.wins += 1,
                    Outcome::Draw => row.draws += 1,
                    Outcome::Loss => row.losses += 1,
                }
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Entrant, GameKind, GameRecord, GameResult, Member, Scoring};

    fn team(id: u32, name: &str, members: &[&str]) -> Entrant {
        let mut e = Entrant::new(id, name);
        e.members = members
            .iter()
            .map(|m| Member {
                name: m.to_string(),
                rating: None,
            })
            .collect();
        e
    }

    fn event(fixed: bool) -> Competition {
        let mut c = Competition::new("团体", GameKind::Xiangqi, Scoring::xiangqi());
        c.team_boards = Some(4);
        c.fixed_order = fixed;
        c.entrants = vec![
            team(1, "北京", &["甲1", "甲2", "甲3", "甲4", "甲5"]),
            team(2, "上海", &["乙1", "乙2", "乙3", "乙4"]),
        ];
        c
    }

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    fn team_match(c: &Competition) -> Match {
        crate::stage::make_match(
            1,
            vec![Some(EntrantId(1)), Some(EntrantId(2))],
            c.team_boards,
        )
    }

    #[test]
    fn the_first_named_team_is_red_on_odd_boards() {
        let c = event(false);
        let m = team_match(&c);
        let boards = boards_of(&c, &m);
        let red: Vec<EntrantId> = boards.iter().map(|b| b.red.unwrap().0).collect();
        assert_eq!(red, [1, 2, 1, 2].map(EntrantId));
        // Registration order by default: board k is each team's k-th member.
        assert_eq!(boards[1].red, Some((EntrantId(2), 1)));
        assert_eq!(boards[1].black, Some((EntrantId(1), 1)));
    }

    #[test]
    fn a_reserve_comes_in_and_the_regulars_keep_their_order() {
        let c = event(true);
        assert_eq!(
            check_lineup(&c, EntrantId(1), &names(&["甲1", "甲2", "甲4", "甲5"])),
            Ok(vec![0, 1, 3, 4])
        );
        let err =
            check_lineup(&c, EntrantId(1), &names(&["甲1", "甲3", "甲2", "甲5"])).unwrap_err();
        assert!(
            matches!(err, LineupError::OutOfOrder { board: 3, .. }),
            "{err}"
        );
        // Without the fixed order any order of the members goes.
        let free = event(false);
        assert_eq!(
            check_lineup(&free, EntrantId(1), &names(&["甲5", "甲3", "甲2", "甲1"])),
            Ok(vec![4, 2, 1, 0])
        );
    }

    #[test]
    fn a_bad_lineup_names_the_team_and_the_board() {
        let c = event(false);
        let cases = [
            (
                vec!["甲1", "乙2", "甲3", "甲4"],
                "北京, board 2: 乙2 is not a member",
            ),
            (
                vec!["甲1", "甲2", "甲1", "甲4"],
                "北京, board 3: 甲1 is on board 1 already",
            ),
            (vec!["甲1", "甲2", "甲3"], "北京: a line-up names 4 players"),
        ];
        for (lineup, message) in cases {
            let err = check_lineup(&c, EntrantId(1), &names(&lineup)).unwrap_err();
            assert!(err.to_string().starts_with(message), "{err}");
        }
    }

    #[test]
    fn members_score_on_the_boards_they_played() {
        let mut c = event(false);
        let mut m = team_match(&c);
        m.lineups = vec![Some(vec![0, 1, 2, 4]), None];
        // Red wins every board: 北京 wins boards 1 and 3, 上海 boards 2 and 4.
        for g in &mut m.games {
            g.record = Some(GameRecord::new(GameResult::Win {
                winner: 0,
                moves: None,
            }));
        }
        c.stages.push(crate::Stage {
            name: "s".into(),
            settings: crate::StageSettings::new(crate::Format::new(
                &crate::RoundRobinOptions::default(),
            )),
            groups: vec![crate::Group {
                name: "A".into(),
                entrants: vec![EntrantId(1), EntrantId(2)],
                rounds: vec![crate::Round {
                    number: 1,
                    matches: vec![m],
                }],
                playoffs: Vec::new(),
                state: crate::GroupState::None,
            }],
            draw_seed: Some(1),
            boards_before: 0,
        });
        let records = member_records(&c, None).unwrap();
        let of = |team: u32, member: usize| {
            records
                .iter()
                .find(|r| r.team == EntrantId(team) && r.member == member)
                .unwrap()
        };
        // The reserve 甲5 played board 4 as black and lost; 甲3 won board 3.
        assert_eq!((of(1, 4).board, of(1, 4).losses), (4, 1));
        assert_eq!((of(1, 2).board, of(1, 2).points), (3, Points::whole(2)));
        assert_eq!(of(2, 1).wins, 1, "上海's second member won board 2 on red");
        assert!(
            records
                .iter()
                .all(|r| r.member != 3 || r.team != EntrantId(1))
        );
    }
}
