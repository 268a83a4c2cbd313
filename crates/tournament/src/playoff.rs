//! Playoffs (加赛): a tie at a place that may not be shared — the champion of the last
//! stage, the last qualifying place of a stage that sends its top entrants on — is
//! settled by lots or by games among the tied. The settlement is stored with the group;
//! the standings apply it to the tie it was made for, and name it as the deciding
//! criterion.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use crate::berger::RoundRobinOptions;
use crate::knockout::Place;
use crate::matches::{MatchFormat, MatchState};
use crate::model::{Advance, Competition, Group, Match, StageSettings};
use crate::stage::{StageError, match_complete, round_robin_rounds, state_of};
use crate::standings::Standings;
use crate::{DrawSeed, EntrantId, Lots, Points};

/// One tie's settlement.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Playoff {
    /// The tied entrants, as the standings listed them.
    pub entrants: Vec<EntrantId>,
    pub by: Settlement,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind")]
pub enum Settlement {
    /// Drawn by lots from `seed`: the order, best first.
    #[serde(rename = "lots")]
    Lots {
        seed: DrawSeed,
        order: Vec<EntrantId>,
    },
    /// Games among the tied in the group's rounds `first_round..=last_round` (matches
    /// marked `playoff`), each pairing best of `best_of`.
    #[serde(rename = "games")]
    Games {
        best_of: u32,
        first_round: u32,
        last_round: u32,
    },
}

/// How a place was decided, for the standings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SettledBy {
    Games,
    Lots,
}

/// A tie at a place that may not be shared.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Tie {
    pub group: usize,
    pub place: Place,
    pub entrants: Vec<EntrantId>,
    /// Playoff games for it are set up and not all played.
    pub in_play: bool,
}

/// The places of a group that may not be shared with the next one.
fn cut_places(settings: &StageSettings) -> Vec<u32> {
    match settings.advance {
        Advance::None => (1..=settings.unsharable_places).collect(),
        Advance::PerGroup(k) => vec![k],
        Advance::Overall(k) if settings.groups <= 1 => vec![k],
        // Across groups the order interleaves places; a cut inside a group is not one.
        Advance::Overall(_) => Vec::new(),
    }
}

/// Whether a place shared by several entrants straddles a place that may not be shared.
fn straddles(place: Place, cuts: &[u32]) -> bool {
    cuts.iter().any(|&k| place.first <= k && k < place.last)
}

/// The playoff format of a match: its settlement's best-of for a playoff match, the
/// stage's otherwise.
pub fn format_of(group: &Group, round: u32, stage_format: MatchFormat) -> MatchFormat {
    group
        .playoffs
        .iter()
        .find_map(|p| match p.by {
            Settlement::Games {
                best_of,
                first_round,
                last_round,
            } if (first_round..=last_round).contains(&round) => Some(MatchFormat {
                best_of,
                ..stage_format
            }),
            _ => None,
        })
        .unwrap_or(stage_format)
}

fn playoff_matches(group: &Group, first: u32, last: u32) -> impl Iterator<Item = &Match> {
    group
        .rounds
        .iter()
        .filter(move |r| (first..=last).contains(&r.number))
        .flat_map(|r| &r.matches)
        .filter(|m| m.playoff && !m.is_bye())
}

/// The order playoff games give the tied, as blocks still tied; `None` while a game
/// is missing.
fn games_order(
    competition: &Competition,
    group: &Group,
    entrants: &[EntrantId],
    (best_of, first, last): (u32, u32, u32),
) -> Option<Vec<Vec<EntrantId>>> {
    let format = MatchFormat {
        best_of,
        ..MatchFormat::default()
    };
    let mut points: Vec<(EntrantId, Points)> =
        entrants.iter().map(|&e| (e, Points::ZERO)).collect();
    let mut add = |id: Option<EntrantId>, p: Points| {
        if let Some(slot) = points.iter_mut().find(|(e, _)| Some(*e) == id) {
            slot.1 += p;
        }
    };
    for m in playoff_matches(group, first, last) {
        if !match_complete(competition, format, m) {
            return None;
        }
        if best_of > 1 {
            if let MatchState::Decided { winner, .. } =
                state_of(format, competition.seating_of(m), m)
            {
                add(m.seats[winner], Points::whole(1));
            }
            continue;
        }
        for game in &m.games {
            let record = game.record_by_match_seat()?;
            let scores = competition.assess(m, &record, None).ok()?;
            for (seat, score) in scores.iter().enumerate().take(2) {
                add(m.seats[seat], score.points);
            }
        }
    }
    points.sort_by_key(|&(_, p)| std::cmp::Reverse(p));
    let mut blocks: Vec<Vec<EntrantId>> = Vec::new();
    let mut last_points = None;
    for (id, p) in points {
        match blocks.last_mut() {
            Some(block) if last_points == Some(p) => block.push(id),
            _ => blocks.push(vec![id]),
        }
        last_points = Some(p);
    }
    Some(blocks)
}

/// Applies a group's settled playoffs to its table, then flags the ties that may not
/// stand (only once `complete`: while results are missing the order can change).
pub(crate) fn apply(
    competition: &Competition,
    settings: &StageSettings,
    group: &Group,
    table: &mut Standings,
    complete: bool,
) {
    for playoff in &group.playoffs {
        let tied: BTreeSet<EntrantId> = playoff.entrants.iter().copied().collect();
        let Some(start) = table.rows.iter().position(|r| tied.contains(&r.entrant)) else {
            continue;
        };
        let end = start + tied.len();
        let place = table.rows[start].place;
        let same_tie = end <= table.rows.len()
            && table.rows[start..end]
                .iter()
                .all(|r| tied.contains(&r.entrant) && r.place == place)
            && (place.last - place.first + 1) as usize == tied.len();
        if !same_tie {
            // A correction changed the tie since: this settlement no longer applies.
            continue;
        }
        let (blocks, by) = match &playoff.by {
            Settlement::Lots { order, .. } => (
                order.iter().map(|&e| vec![e]).collect::<Vec<_>>(),
                SettledBy::Lots,
            ),
            Settlement::Games {
                best_of,
                first_round,
                last_round,
            } => match games_order(
                competition,
                group,
                &playoff.entrants,
                (*best_of, *first_round, *last_round),
            ) {
                Some(blocks) => (blocks, SettledBy::Games),
                None => continue,
            },
        };
        let mut rows = Vec::with_capacity(tied.len());
        let mut next = place.first;
        for block in &blocks {
            let shared = Place {
                first: next,
                last: next + block.len() as u32 - 1,
            };
            next = shared.last + 1;
            for id in block {
                if let Some(row) = table.rows[start..end].iter().find(|r| r.entrant == *id) {
                    let mut row = row.clone();
                    row.place = shared;
                    row.settled_by = (block.len() == 1).then_some(by);
                    rows.push(row);
                }
            }
        }
        if rows.len() == tied.len() {
            table.rows.splice(start..end, rows);
        }
    }
    let cuts = cut_places(settings);
    for row in &mut table.rows {
        row.playoff = complete && straddles(row.place, &cuts);
    }
}

/// The ties of a stage that may not stand, group by group.
pub fn ties(competition: &Competition, stage: usize) -> Result<Vec<Tie>, StageError> {
    let s = competition
        .stages
        .get(stage)
        .ok_or(StageError::NoStage(stage))?;
    if !crate::format::of(&s.settings.format)
        .capabilities()
        .points_table
    {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for (g, group) in s.groups.iter().enumerate() {
        let (_, table) = crate::stage::group_standings(competition, stage, g)?;
        let mut rows = table.rows.iter().filter(|r| r.playoff).peekable();
        while let Some(first) = rows.next() {
            let mut entrants = vec![first.entrant];
            while let Some(next) = rows.next_if(|r| r.place == first.place) {
                entrants.push(next.entrant);
            }
            let tied: BTreeSet<EntrantId> = entrants.iter().copied().collect();
            // Games set up for this very tie and not all played yet.
            let in_play = group.playoffs.iter().any(|p| match p.by {
                Settlement::Games {
                    best_of,
                    first_round,
                    last_round,
                } => {
                    p.entrants.iter().copied().collect::<BTreeSet<_>>() == tied
                        && games_order(
                            competition,
                            group,
                            &p.entrants,
                            (best_of, first_round, last_round),
                        )
                        .is_none()
                }
                Settlement::Lots { .. } => false,
            });
            out.push(Tie {
                group: g,
                place: first.place,
                entrants,
                in_play,
            });
        }
    }
    Ok(out)
}

/// Settles every open tie of a stage by lots; returns the ties with their new order.
pub fn settle_by_lots(
    competition: &mut Competition,
    stage: usize,
    seed: DrawSeed,
) -> Result<Vec<(Tie, Vec<EntrantId>)>, StageError> {
    let open: Vec<Tie> = ties(competition, stage)?
        .into_iter()
        .filter(|t| !t.in_play)
        .collect();
    let mut settled = Vec::new();
    for (k, tie) in open.into_iter().enumerate() {
        let mut order = tie.entrants.clone();
        Lots::new(seed ^ (k as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)).shuffle(&mut order);
        competition.stages[stage].groups[tie.group]
            .playoffs
            .push(Playoff {
                entrants: tie.entrants.clone(),
                by: Settlement::Lots {
                    seed,
                    order: order.clone(),
                },
            });
        settled.push((tie, order));
    }
    Ok(settled)
}

/// Sets up playoff games for every open tie of a stage: one match between two, a round
/// robin among more, in rounds after the group's last; returns each tie with the
/// rounds of its games.
pub fn add_games(
    competition: &mut Competition,
    stage: usize,
    best_of: u32,
) -> Result<Vec<(Tie, u32, u32)>, StageError> {
    crate::limits::BEST_OF
        .check(best_of)
        .map_err(|e| StageError::Settings(e.into()))?;
    let open: Vec<Tie> = ties(competition, stage)?
        .into_iter()
        .filter(|t| !t.in_play)
        .collect();
    let team_boards = competition.team_boards;
    let mut added = Vec::new();
    for tie in open {
        let group = &mut competition.stages[stage].groups[tie.group];
        let after = group.rounds.iter().map(|r| r.number).max().unwrap_or(0);
        let mut rounds =
            round_robin_rounds(&tie.entrants, RoundRobinOptions::default(), team_boards);
        for round in &mut rounds {
            round.number += after;
            for m in &mut round.matches {
                m.playoff = true;
            }
        }
        let last = rounds.last().map_or(after + 1, |r| r.number);
        group.rounds.extend(rounds);
        group.playoffs.push(Playoff {
            entrants: tie.entrants.clone(),
            by: Settlement::Games {
                best_of,
                first_round: after + 1,
                last_round: last,
            },
        });
        added.push((tie, after + 1, last));
    }
    Ok(added)
}
