//! Running a stage: drawing it, pairing its rounds, deciding matches, its standings or
//! placings, and who goes on to the next stage.

use std::collections::BTreeMap;

use crate::berger::round_robin;
use crate::knockout::{Bracket, Place, placings};
use crate::limits::PAIRED_AT_DRAW;
use crate::matches::{MatchState, match_state};
use crate::model::{Advance, Competition, Game, Group, Match, Round, Stage};
use crate::result::{GameRecord, GameResult, Seat, Seating};
use crate::scoring::ScoringError;
use crate::standings::{Colour, Encounter, Field, Outcome, Standings, Unplayed, standings};
use crate::{DrawSeed, EntrantId, Points, seeding_order};

mod field;
mod knockout;

pub use field::group_field;
pub use knockout::{
    OpenThirdPlace, knockout_dependents, knockout_placings, open_third_place, pair_knockout,
};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StageError {
    #[error("there is no stage {0}")]
    NoStage(usize),
    #[error("stage {0} has been drawn already")]
    AlreadyDrawn(usize),
    #[error("stage {0} has not been drawn yet")]
    NotDrawn(usize),
    #[error("round {round}, board {board} is not decided yet")]
    Undecided { round: u32, board: u32 },
    /// A knockout at tables sends several of each table on, and this table's result
    /// (a winner alone) does not say who comes after the winner.
    #[error(
        "round {round}, table {table}: {per_table} of each table go on, so its finishing order is needed"
    )]
    TableNeedsOrder {
        round: u32,
        table: u32,
        per_table: u32,
    },
    #[error("the group is not a knockout")]
    NotKnockout,
    #[error("the stage is finished: nothing is left to pair")]
    Finished,
    #[error("a stage needs at least two entrants, it has {0}")]
    TooFew(usize),
    #[error("{groups} groups for {entrants} entrants: every group needs at least two")]
    TooManyGroups { groups: u32, entrants: usize },
    #[error("a group of {size} is too large to be paired whole at the draw (at most {most})")]
    GroupTooLarge { size: usize, most: usize },
    #[error("a round robin is paired whole at its draw: all {0} rounds are paired")]
    PairedAtDraw(u32),
    #[error(transparent)]
    Settings(#[from] crate::model::SettingsError),
    /// Ties at places of stage `stage` (1-based) that may not be shared stand unsettled.
    #[error(
        "stage {stage} has ties at places that may not be shared: settle them by a playoff first"
    )]
    Unsettled {
        stage: usize,
        ties: Vec<crate::playoff::Tie>,
    },
    #[error("the previous stage names nobody to advance")]
    NobodyAdvances,
    #[error("there is no round {0}")]
    NoRound(u32),
    #[error("round {round} has no board {board}")]
    NoBoard { round: u32, board: u32 },
    #[error("round {round}: board {board} cannot be swapped with itself")]
    SwapItself { round: u32, board: u32 },
    #[error("round {0} has results already: its pairings can no longer change")]
    RoundStarted(u32),
    #[error("entrant {} is not paired in round {round}", entrant.0)]
    NotInRound { entrant: EntrantId, round: u32 },
    /// Round `round` cannot be paired without a rematch (or, with 禁3先/后, without a
    /// third colour in a row) for these entrants.
    #[error("round {round} cannot be paired under the rules for {} entrants", entrants.len())]
    Unpairable {
        round: u32,
        entrants: Vec<EntrantId>,
    },
    /// Round `round` still has boards (within the stage) without a result.
    #[error("round {round} is not complete: {} boards without a result", boards.len())]
    Incomplete { round: u32, boards: Vec<u32> },
    #[error("the stage is not a Swiss stage")]
    NotSwiss,
    #[error("{rounds} rounds for {entrants} entrants: nobody may meet twice")]
    TooManyRounds { rounds: u32, entrants: usize },
    #[error(transparent)]
    Scoring(#[from] ScoringError),
}

impl StageError {
    /// The error of group `group` of `stage` with its boards (tables) numbered as the
    /// hall numbers them ([`crate::play::stage_board`]): a group's format numbers its
    /// own from 1, and the organizer reads the numbers on the tables.
    pub fn on_stage_boards(self, stage: &Stage, group: usize) -> StageError {
        let board = |round: u32, b: u32| crate::play::stage_board(stage, group, round, b);
        match self {
            StageError::Undecided { round, board: b } => StageError::Undecided {
                round,
                board: board(round, b),
            },
            StageError::TableNeedsOrder {
                round,
                table,
                per_table,
            } => StageError::TableNeedsOrder {
                round,
                table: board(round, table),
                per_table,
            },
            StageError::Incomplete { round, boards } => StageError::Incomplete {
                round,
                boards: boards.into_iter().map(|b| board(round, b)).collect(),
            },
            other => other,
        }
    }
}

/// Matches of a round for entrant pairs: team matches get their boards, board 1 red
/// for the first team, then alternating.
pub(crate) fn make_match(
    board: u32,
    seats: Vec<Option<EntrantId>>,
    team_boards: Option<u32>,
) -> Match {
    let mut m = Match::new(board, seats);
    if let Some(boards) = team_boards.filter(|_| !m.is_bye()) {
        m.games = (1..=boards)
            .map(|b| Game {
                board: b,
                red: (b as usize - 1) % 2,
                record: None,
                moves: None,
            })
            .collect();
    }
    m
}

/// Every round of a round robin among `entrants` (Berger number = position + 1).
pub fn round_robin_rounds(
    entrants: &[EntrantId],
    options: crate::RoundRobinOptions,
    team_boards: Option<u32>,
) -> Vec<Round> {
    let mut rounds: BTreeMap<u32, Vec<Match>> = BTreeMap::new();
    let id = |n: u32| (n > 0).then(|| entrants[n as usize - 1]);
    for p in round_robin(entrants.len() as u32, options) {
        rounds.entry(p.round).or_default().push(make_match(
            p.board,
            vec![id(p.red), id(p.black)],
            team_boards,
        ));
    }
    rounds
        .into_iter()
        .map(|(number, matches)| Round { number, matches })
        .collect()
}

/// The first round of a knockout group from its bracket.
pub fn knockout_first_round(bracket: &Bracket, team_boards: Option<u32>) -> Round {
    let matches = bracket
        .first_round()
        .into_iter()
        .map(|slot| make_match(slot.board, vec![slot.top, slot.bottom], team_boards))
        .collect();
    Round { number: 1, matches }
}

/// Who won a match that must have a winner (knockout), if it is decided.
pub fn match_winner(
    competition: &Competition,
    format: crate::MatchFormat,
    m: &Match,
) -> Option<EntrantId> {
    if m.is_bye() {
        return m.seats.iter().flatten().next().copied();
    }
    let seat = if competition.is_team() {
        // Game points over the boards, then the extra games (加赛) the decider allows,
        // then lots.
        let boards = competition.team_boards.unwrap_or(0);
        let points = team_game_points(competition, m, |b| b <= boards).ok()??;
        let extra = team_game_points(competition, m, |b| b > boards)
            .ok()
            .flatten()
            .unwrap_or([Points::ZERO; 2]);
        match (points[0].cmp(&points[1]), extra[0].cmp(&extra[1])) {
            (std::cmp::Ordering::Greater, _) => 0,
            (std::cmp::Ordering::Less, _) => 1,
            (_, std::cmp::Ordering::Greater) => 0,
            (_, std::cmp::Ordering::Less) => 1,
            _ => m.lots?.1,
        }
    } else {
        let records: Vec<GameRecord> = m
            .games
            .iter()
            .filter_map(Game::record_by_match_seat)
            .collect();
        match match_state(
            format,
            competition.seating_of(m),
            &records,
            m.lots.map(|l| l.1),
        ) {
            MatchState::Decided { winner, .. } => winner,
            _ => return None,
        }
    };
    m.seats.get(seat).copied().flatten()
}

/// The match's state for an individual match (which game is next, or who won).
pub fn state_of(format: crate::MatchFormat, seating: Seating, m: &Match) -> MatchState {
    let records: Vec<GameRecord> = m
        .games
        .iter()
        .filter_map(Game::record_by_match_seat)
        .collect();
    match_state(format, seating, &records, m.lots.map(|l| l.1))
}

/// Game points of both teams over the boards `counted` picks, once each of them has a
/// result.
pub(crate) fn team_game_points(
    competition: &Competition,
    m: &Match,
    counted: impl Fn(u32) -> bool,
) -> Result<Option<[Points; 2]>, ScoringError> {
    let mut totals = [Points::ZERO; 2];
    for game in m.games.iter().filter(|g| counted(g.board)) {
        let Some(record) = game.record_by_match_seat() else {
            return Ok(None);
        };
        let points = competition.scoring.score(&record, None)?;
        totals = [totals[0] + points[0], totals[1] + points[1]];
    }
    Ok(Some(totals))
}

/// A round-robin group's standings under its stage's chain.
pub fn group_standings(
    competition: &Competition,
    stage: usize,
    group: usize,
) -> Result<(Field, Standings), StageError> {
    let s = competition
        .stages
        .get(stage)
        .ok_or(StageError::NoStage(stage))?;
    let g = s.groups.get(group).ok_or(StageError::NotDrawn(stage))?;
    let mut field = group_field(competition, g, s.settings.match_format.best_of)?;
    crate::format::of(&s.settings.format).shape_field(&s.settings.format, &mut field);
    let mut table = standings(&field, &s.settings.tiebreaks, 0);
    // While results are missing the order can still change: no playoff is due yet.
    let complete = group_complete(competition, s.settings.match_format, g);
    crate::playoff::apply(competition, &s.settings, g, &mut table, complete);
    Ok((field, table))
}

/// Whether a match has all it needs: a bye; every board of a team match; an individual
/// match decided or played to its length.
pub fn match_complete(competition: &Competition, format: crate::MatchFormat, m: &Match) -> bool {
    if m.is_bye() {
        return true;
    }
    let played = m.games.iter().filter(|g| g.record.is_some()).count();
    if competition.is_team() {
        return !m.games.is_empty() && played == m.games.len();
    }
    played >= format.best_of.max(1) as usize
        || matches!(
            state_of(format, competition.seating_of(m), m),
            MatchState::Decided { .. }
        )
}

/// Whether every match of a group (its playoffs aside) has all it needs.
pub fn group_complete(
    competition: &Competition,
    format: crate::MatchFormat,
    group: &Group,
) -> bool {
    group
        .rounds
        .iter()
        .flat_map(|r| &r.matches)
        .filter(|m| !m.playoff)
        .all(|m| match_complete(competition, format, m))
}

/// Each group's entrants in final order (standings, or knockout placings).
fn group_orders(
    competition: &Competition,
    stage: usize,
) -> Result<Vec<Vec<EntrantId>>, StageError> {
    let s = competition
        .stages
        .get(stage)
        .ok_or(StageError::NoStage(stage))?;
    if s.groups.is_empty() {
        return Err(StageError::NotDrawn(stage));
    }
    let format = crate::format::of(&s.settings.format);
    (0..s.groups.len())
        .map(|g| {
            Ok(format
                .placings(competition, stage, g)
                .map_err(|e| e.on_stage_boards(s, g))?
                .into_iter()
                .map(|(id, _)| id)
                .collect())
        })
        .collect()
}

/// Who goes on from a finished stage, best first: the winners of every group in
/// group order, then the runners-up, and so on. A withdrawn entrant's place goes to the
/// next in the standings.
pub fn advancing(competition: &Competition, stage: usize) -> Result<Vec<EntrantId>, StageError> {
    let withdrawn = |id: &EntrantId| competition.entrant(*id).is_some_and(|e| e.withdrawn);
    let orders: Vec<Vec<EntrantId>> = group_orders(competition, stage)?
        .into_iter()
        .map(|o| o.into_iter().filter(|id| !withdrawn(id)).collect())
        .collect();
    qualifiers(competition, stage, orders)
}

/// Qualifiers who withdrew, each with the entrant who takes their place.
pub fn replaced_qualifiers(
    competition: &Competition,
    stage: usize,
) -> Result<Vec<(EntrantId, EntrantId)>, StageError> {
    let by_standings = qualifiers(competition, stage, group_orders(competition, stage)?)?;
    let actual = advancing(competition, stage)?;
    let gone = by_standings.iter().filter(|id| !actual.contains(id));
    let replacements = actual.iter().filter(|id| !by_standings.contains(id));
    Ok(gone.copied().zip(replacements.copied()).collect())
}

/// The qualifiers from each group's order, as the stage's `advance` says.
fn qualifiers(
    competition: &Competition,
    stage: usize,
    orders: Vec<Vec<EntrantId>>,
) -> Result<Vec<EntrantId>, StageError> {
    let s = competition
        .stages
        .get(stage)
        .ok_or(StageError::NoStage(stage))?;
    let (per_group, overall) = match s.settings.advance {
        Advance::None => return Err(StageError::NobodyAdvances),
        Advance::PerGroup(n) => (n as usize, usize::MAX),
        Advance::Overall(n) => (usize::MAX, n as usize),
    };
    let depth = orders
        .iter()
        .map(Vec::len)
        .max()
        .unwrap_or(0)
        .min(per_group);
    let mut out = Vec::new();
    for place in 0..depth {
        out.extend(orders.iter().filter_map(|o| o.get(place).copied()));
    }
    out.truncate(overall);
    Ok(out)
}

/// Draws a stage and pairs what can be paired: every round of a round robin, the first
/// round of a knockout. The first stage takes the registered entrants (seeded by seed
/// number, then rating); a later one those advancing from the stage before, in order.
pub fn draw_stage(
    competition: &mut Competition,
    stage: usize,
    seed: DrawSeed,
) -> Result<(), StageError> {
    let s = competition
        .stages
        .get(stage)
        .ok_or(StageError::NoStage(stage))?;
    if !s.groups.is_empty() {
        return Err(StageError::AlreadyDrawn(stage));
    }
    let active: Vec<crate::Entrant> = competition
        .entrants
        .iter()
        .filter(|e| !e.withdrawn)
        .cloned()
        .collect();
    let (field, seeds): (Vec<crate::Entrant>, Vec<EntrantId>) = if stage == 0 {
        let seeded: Vec<EntrantId> = seeding_order(&active)
            .into_iter()
            .filter(|id| active.iter().any(|e| e.id == *id && e.seed.is_some()))
            .collect();
        (active, seeded)
    } else {
        // A tie at the cut is settled before anyone goes on.
        let ties = crate::playoff::ties(competition, stage - 1)?;
        if !ties.is_empty() {
            return Err(StageError::Unsettled { stage, ties });
        }
        let order = advancing(competition, stage - 1)?;
        let field = order
            .iter()
            .filter_map(|id| active.iter().find(|e| e.id == *id).cloned())
            .collect();
        (field, order)
    };
    if field.len() < 2 {
        return Err(StageError::TooFew(field.len()));
    }
    let settings = competition.stages[stage].settings.clone();
    settings.validate()?;
    // Every group needs two entrants to play at all.
    let groups = settings.groups.max(1) as usize;
    let format = crate::format::of(&settings.format);
    if format.capabilities().groups && groups > field.len() / 2 {
        return Err(StageError::TooManyGroups {
            groups: settings.groups,
            entrants: field.len(),
        });
    }
    format.fits(&settings, field.len())?;
    // A format paired whole at its draw holds every round of a group at once: the
    // group's size is bounded before anything is allocated for it.
    let format = crate::format::of(&settings.format);
    let largest = field.len().div_ceil(groups);
    if format.capabilities().paired_at_draw && largest as u64 > PAIRED_AT_DRAW.max {
        return Err(StageError::GroupTooLarge {
            size: largest,
            most: PAIRED_AT_DRAW.max as usize,
        });
    }
    let groups = format.draw(
        &settings,
        competition.team_boards,
        crate::format::Field {
            entrants: &field,
            seeds: &seeds,
            seed,
        },
    );
    let s = &mut competition.stages[stage];
    s.groups = groups;
    s.draw_seed = Some(seed);
    Ok(())
}

/// The seat of the next game's red player in an individual match, if it goes on.
pub fn next_red(format: crate::MatchFormat, seating: Seating, m: &Match) -> Option<Seat> {
    match state_of(format, seating, m) {
        MatchState::Playing { red, .. } => Some(red),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RoundRobinOptions;

    #[test]
    fn team_matches_alternate_colours_by_board() {
        let teams: Vec<EntrantId> = (1..=4).map(EntrantId).collect();
        let rounds = round_robin_rounds(&teams, RoundRobinOptions::default(), Some(4));
        assert_eq!(rounds.len(), 3);
        let first = &rounds[0].matches[0];
        assert_eq!(first.seats, [Some(EntrantId(1)), Some(EntrantId(4))]);
        let reds: Vec<Seat> = first.games.iter().map(|g| g.red).collect();
        assert_eq!(
            reds,
            [0, 1, 0, 1],
            "board 1 red for the first team, then alternating"
        );
    }

    #[test]
    fn a_round_robin_bye_counts_from_its_own_round() {
        use crate::{GameKind, GameResult, Scoring};
        let mut c = Competition::new("跳棋", GameKind::Checkers, Scoring::checkers());
        c.entrants = (1..=3)
            .map(|i| crate::Entrant::new(i, format!("{i}")))
            .collect();
        let mut group = Group {
            name: "A".into(),
            entrants: (1..=3).map(EntrantId).collect(),
            rounds: round_robin_rounds(
                &[EntrantId(1), EntrantId(2), EntrantId(3)],
                RoundRobinOptions::default(),
                None,
            ),
            playoffs: Vec::new(),
            state: crate::GroupState::None,
        };
        let totals = |group: &Group| -> Vec<Points> {
            let field = group_field(&c, group, 1).unwrap();
            (1..=3).map(|id| field.total(EntrantId(id))).collect()
        };
        // Right after the draw nobody has anything, byes included.
        assert_eq!(totals(&group), [Points::ZERO; 3]);
        // Round 1 played (a draw): its bye counts, the later rounds' byes do not yet.
        let played = group.rounds[0]
            .matches
            .iter_mut()
            .find(|m| !m.is_bye())
            .unwrap();
        played.games = vec![Game {
            board: 1,
            red: 0,
            record: Some(GameRecord::new(GameResult::Draw)),
            moves: None,
        }];
        let bye_of_round = |round: usize| {
            group.rounds[round]
                .matches
                .iter()
                .find(|m| m.is_bye())
                .and_then(|m| m.seats.iter().flatten().next().copied())
                .unwrap()
        };
        let idle = bye_of_round(0);
        let field = totals(&group);
        assert_eq!(field[idle.0 as usize - 1], Points::whole(1));
        let others: Points = field.iter().copied().sum::<Points>() - Points::whole(1);
        assert_eq!(others, Points::whole(1), "two halves of the draw");
    }
}
