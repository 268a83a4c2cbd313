//! 成绩总表 (wall chart) of a Swiss stage, between two sides or at tables: for each
//! player, by number, what each round was.

use std::collections::HashMap;

use messages::{Message, msg};
use report::pdf::{PrintOptions, WallChartRow, WallChartView};
use tournament::{Competition, EntrantId, Field, GameResult, Group, Match, Outcome, Round};

use crate::print::{heading_of, tiebreak_titles};
use crate::views::{StandingsOnce, name};
use crate::{Result, ServiceError};

/// 成绩总表: for each player (by number, the round-1 order), each round's opponent
/// number, colour (先 = red) and result; at tables of three or more, the table and
/// the points scored there.
pub(crate) fn wall_chart_views(
    c: &Competition,
    stage: usize,
    options: &PrintOptions,
) -> Result<Vec<WallChartView>> {
    wall_chart_views_with(c, stage, options, &StandingsOnce::default())
}

/// [`wall_chart_views`], the stage's standings taken from `standings`.
pub(crate) fn wall_chart_views_with(
    c: &Competition,
    stage: usize,
    options: &PrintOptions,
    standings: &StandingsOnce,
) -> Result<Vec<WallChartView>> {
    let lang = options.lang;
    let s = &c.stages[stage];
    if !tournament::format::of(&s.settings.format)
        .capabilities()
        .wall_chart
    {
        return Err(ServiceError::refused(msg!("print.wall_chart_not_swiss")));
    }
    let rounds = tournament::format::of(&s.settings.format).planned_rounds(&s.settings.format);
    let table = standings.of(c, stage)?;
    let rows_by_id: HashMap<u32, &crate::StandingRowView> =
        table.rows.iter().map(|r| (r.id, r)).collect();
    let mut views = Vec::new();
    for (index, group) in s.groups.iter().enumerate() {
        let field = progress_field(c, group, s.settings.match_format.best_of)?;
        let chart = Chart {
            c,
            stage: s,
            index,
            group,
            field: &field,
            one_game: !c.is_team() && s.settings.match_format.best_of <= 1,
            numbers: group
                .entrants
                .iter()
                .enumerate()
                .map(|(k, &e)| (e, k + 1))
                .collect(),
        };
        let seated: Vec<HashMap<EntrantId, &Match>> =
            group.rounds.iter().map(matches_by_entrant).collect();
        let rows = group
            .entrants
            .iter()
            .enumerate()
            .map(|(k, &id)| {
                let cells = group
                    .rounds
                    .iter()
                    .zip(&seated)
                    .map(|(round, seated)| {
                        messages::render(&chart.cell(id, round.number, seated.get(&id)), lang)
                    })
                    .collect();
                let row = rows_by_id.get(&id.0).copied();
                WallChartRow {
                    number: k as u32 + 1,
                    name: name(c, Some(id)).unwrap_or_default(),
                    club: c
                        .entrant(id)
                        .and_then(|e| e.club.clone())
                        .unwrap_or_default(),
                    cells,
                    points: field.total(id).to_string(),
                    tiebreaks: row
                        .map(|r| r.tiebreaks.iter().map(|t| t.value.clone()).collect())
                        .unwrap_or_default(),
                    rank: row.map_or(String::new(), |r| {
                        if r.rank == r.shared_to {
                            r.rank.to_string()
                        } else {
                            format!("{}–{}", r.rank, r.shared_to)
                        }
                    }),
                }
            })
            .collect();
        views.push(WallChartView {
            heading: heading_of(
                c,
                stage,
                messages::render(&msg!("wall_chart.title"), lang),
                options,
            ),
            rounds,
            tiebreak_names: tiebreak_titles(&table, options.lang),
            rows,
            team: c.is_team(),
        });
    }
    Ok(views)
}

fn progress_field(c: &Competition, group: &Group, best_of: u32) -> Result<Field> {
    Ok(tournament::stage::group_field(c, group, best_of)?)
}

/// Each entrant's match in a round.
fn matches_by_entrant(round: &Round) -> HashMap<EntrantId, &Match> {
    let mut at = HashMap::new();
    for m in &round.matches {
        for &e in m.seats.iter().flatten() {
            at.entry(e).or_insert(m);
        }
    }
    at
}

/// What a group's cells are made from.
struct Chart<'a> {
    c: &'a Competition,
    stage: &'a tournament::Stage,
    /// The group's place in its stage: its tables' numbers follow the groups before.
    index: usize,
    group: &'a Group,
    field: &'a Field,
    /// A single game between two players: its red is the colour; otherwise the first
    /// seat (the home team) is marked 先.
    one_game: bool,
    /// Each entrant's 序号.
    numbers: HashMap<EntrantId, usize>,
}

impl Chart<'_> {
    fn cell(&self, id: EntrantId, round: u32, m: Option<&&Match>) -> Message {
        let Some(&m) = m else {
            return self.unpaired(id, round);
        };
        if m.is_bye() {
            return msg!("wall_chart.bye");
        }
        let seat = m.seat_of(id).unwrap_or(0);
        let outcome = self.field.encounters(id).iter().find(|e| e.round == round);
        if m.seats.len() > 2 {
            let table = tournament::play::stage_board(self.stage, self.index, round, m.board);
            return match outcome {
                Some(e) => msg!(
                    "wall_chart.table_scored",
                    table = table,
                    points = e.points.to_string()
                ),
                None => msg!("wall_chart.table", table = table),
            };
        }
        let opponent = m
            .seats
            .iter()
            .flatten()
            .find(|&&o| o != id)
            .and_then(|o| self.numbers.get(o).copied())
            .unwrap_or(0);
        let red_seat = match m.games.first() {
            Some(g) if self.one_game => g.red,
            _ => 0,
        };
        let colour = match seat == red_seat {
            true => msg!("wall_chart.red"),
            false => msg!("wall_chart.black"),
        };
        let result = unplayed(m, seat).or_else(|| {
            outcome.map(|e| match e.outcome {
                Outcome::Win => msg!("wall_chart.win"),
                Outcome::Draw => msg!("wall_chart.draw"),
                Outcome::Loss => msg!("wall_chart.loss"),
            })
        });
        match result {
            Some(result) => msg!(
                "wall_chart.cell",
                opponent = opponent,
                colour = colour,
                result = result
            ),
            None => msg!(
                "wall_chart.unplayed_cell",
                opponent = opponent,
                colour = colour
            ),
        }
    }

    /// A round the player was not paired in: absent (请假), before a late entry
    /// (迟到), after a withdrawal (退赛), or not paired yet (nothing).
    fn unpaired(&self, id: EntrantId, round: u32) -> Message {
        let group = self.group;
        if group
            .state
            .away()
            .iter()
            .any(|a| a.entrant == id && a.round == round)
        {
            msg!("wall_chart.absent")
        } else if group
            .state
            .late()
            .iter()
            .any(|l| l.entrant == id && round < l.from_round)
        {
            msg!("wall_chart.late")
        } else if self.c.entrant(id).is_some_and(|e| e.withdrawn) {
            msg!("wall_chart.withdrawn")
        } else {
            msg!("format.nothing")
        }
    }
}

/// A single game not played, for the player on `seat`: won (+) or lost (−) by
/// forfeit, a double forfeit; `None` for a game played.
fn unplayed(m: &Match, seat: usize) -> Option<Message> {
    let [game] = &m.games[..] else { return None };
    match game.record_by_match_seat()?.result {
        GameResult::Forfeit { winner } if winner == seat => Some(msg!("wall_chart.forfeit_won")),
        GameResult::Forfeit { .. } => Some(msg!("wall_chart.forfeit_lost")),
        GameResult::DoubleForfeit => Some(msg!("wall_chart.double_forfeit")),
        _ => None,
    }
}
