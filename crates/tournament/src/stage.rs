//! Running a stage: drawing it, pairing its rounds, deciding matches, its standings or
//! placings, and who goes on to the next stage.

use std::collections::BTreeMap;

use crate::berger::round_robin;
use crate::knockout::{Bracket, Place, placings};
use crate::matches::{MatchState, match_state};
use crate::model::{Advance, Competition, Format, Game, Group, Match, Round};
use crate::result::{GameRecord, GameResult, Seat};
use crate::scoring::ScoringError;
use crate::standings::{Colour, Encounter, Field, Outcome, Standings, standings};
use crate::{DrawSeed, EntrantId, Points, seeding_order};

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
    #[error("the group is not a knockout")]
    NotKnockout,
    #[error("the knockout is finished")]
    Finished,
    #[error("a stage needs at least two entrants, it has {0}")]
    TooFew(usize),
    #[error("{groups} groups for {entrants} entrants: every group needs at least two")]
    TooManyGroups { groups: u32, entrants: usize },
    #[error("a round robin is paired whole at its draw: all {0} rounds are paired")]
    PairedAtDraw(u32),
    #[error("the previous stage names nobody to advance")]
    NobodyAdvances,
    #[error(transparent)]
    Scoring(#[from] ScoringError),
}

/// Matches of a round for entrant pairs: team matches get their boards, board 1 red
/// for the first team, then alternating.
fn make_match(board: u32, seats: Vec<Option<EntrantId>>, team_boards: Option<u32>) -> Match {
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
        let points = team_game_points(competition, m).ok()??;
        match points[0].cmp(&points[1]) {
            std::cmp::Ordering::Greater => 0,
            std::cmp::Ordering::Less => 1,
            std::cmp::Ordering::Equal => m.lots?.1,
        }
    } else {
        let records: Vec<GameRecord> = m
            .games
            .iter()
            .filter_map(Game::record_by_match_seat)
            .collect();
        match match_state(format, &records, m.lots.map(|l| l.1)) {
            MatchState::Decided { winner, .. } => winner,
            _ => return None,
        }
    };
    m.seats.get(seat).copied().flatten()
}

/// The match's state for an individual match (which game is next, or who won).
pub fn state_of(format: crate::MatchFormat, m: &Match) -> MatchState {
    let records: Vec<GameRecord> = m
        .games
        .iter()
        .filter_map(Game::record_by_match_seat)
        .collect();
    match_state(format, &records, m.lots.map(|l| l.1))
}

/// Game points of both teams once every board has a result.
fn team_game_points(
    competition: &Competition,
    m: &Match,
) -> Result<Option<[Points; 2]>, ScoringError> {
    let mut totals = [Points::ZERO; 2];
    for game in &m.games {
        let Some(record) = game.record_by_match_seat() else {
            return Ok(None);
        };
        let points = competition.scoring.score(&record, None)?;
        totals = [totals[0] + points[0], totals[1] + points[1]];
    }
    Ok(Some(totals))
}

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
    let size = group
        .bracket
        .as_ref()
        .ok_or(StageError::NotKnockout)?
        .size();
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
    let Some(size) = group.bracket.as_ref().map(Bracket::size) else {
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
    let finished = group
        .rounds
        .last()
        .is_some_and(|r| r.matches.iter().filter(|m| !m.third_place).count() == 1);
    let champion = champion.filter(|_| finished).ok_or(StageError::Undecided {
        round: group.rounds.len() as u32,
        board: 1,
    })?;
    Ok(placings(&losers_by_round, champion, third))
}

/// The encounters of a group's matches, for standings. Unplayed games are left out.
pub fn group_field(
    competition: &Competition,
    group: &Group,
    best_of: u32,
) -> Result<Field, ScoringError> {
    let scoring = &competition.scoring;
    // An annulled entrant is gone from the table, and so are the games against them.
    let annulled = |id: &EntrantId| competition.entrant(*id).is_some_and(|e| e.annulled);
    let mut field = Field::new(group.entrants.iter().copied().filter(|id| !annulled(id)));
    // A bye counts from its own round: once that round, or a later one, has a result.
    let latest_played = group
        .rounds
        .iter()
        .filter(|r| {
            r.matches
                .iter()
                .any(|m| !m.playoff && m.games.iter().any(|g| g.record.is_some()))
        })
        .map(|r| r.number)
        .max()
        .unwrap_or(0);
    for round in &group.rounds {
        // Playoff games decide a tie among their players only (see `playoff`).
        for m in round
            .matches
            .iter()
            .filter(|m| !m.playoff && !m.seats.iter().flatten().any(annulled))
        {
            if m.is_bye() {
                if round.number > latest_played {
                    continue;
                }
                let Some(id) = m.seats.iter().flatten().next().copied() else {
                    continue;
                };
                let mut bye = Encounter::bye(round.number, scoring.bye);
                if let Some(boards) = competition.team_boards {
                    bye.points = competition.team_scoring.win;
                    bye.game_points = scoring.win * boards as i32;
                }
                field.add(id, bye);
                continue;
            }
            let [Some(a), Some(b)] = m.seats[..] else {
                continue;
            };
            let played: Vec<(&Game, GameRecord)> = m
                .games
                .iter()
                .filter_map(|g| g.record.clone().map(|r| (g, r)))
                .collect();
            if played.is_empty() {
                continue;
            }
            if !competition.is_team() && best_of <= 1 && played.len() == 1 {
                let (game, record) = &played[0];
                let before = [field.total(a), field.total(b)];
                let red_first = if game.red == 0 {
                    before
                } else {
                    [before[1], before[0]]
                };
                let scores = scoring.assess(record, Some(&red_first))?;
                for (game_seat, score) in scores.iter().enumerate().take(2) {
                    let match_seat = if game_seat == 0 {
                        game.red
                    } else {
                        1 - game.red
                    };
                    let me = if match_seat == 0 { a } else { b };
                    let other = if match_seat == 0 { b } else { a };
                    let colour = if game_seat == 0 {
                        Colour::Red
                    } else {
                        Colour::Black
                    };
                    let e =
                        Encounter::game(round.number, other, colour, score.points, score.outcome)
                            .with_share(score.share)
                            .with_fouls(record.fouls_of(game_seat));
                    field.add(me, e);
                }
                continue;
            }
            // A team match or a multi-game match: match points from game points.
            let mut game_points = [Points::ZERO; 2];
            let mut wins = [0u32; 2];
            let mut black = [(0u32, 0u32); 2];
            let mut fouls = [0u32; 2];
            // Games nobody scored (0-0) make no match result at all.
            let mut contested = false;
            for (game, record) in &played {
                let by_seat = game
                    .record_by_match_seat()
                    .unwrap_or_else(|| record.clone());
                let scores = scoring.assess(&by_seat, None)?;
                contested |= by_seat.effective(2) != GameResult::DoubleForfeit;
                for s in 0..2 {
                    game_points[s] += scores[s].points;
                    let won = scores[s].outcome == Outcome::Win;
                    wins[s] += u32::from(won);
                    fouls[s] += by_seat.fouls_of(s);
                    if game.red != s {
                        black[s].0 += 1;
                        black[s].1 += u32::from(won);
                    }
                }
            }
            let match_points = if contested {
                competition.team_scoring.match_points(game_points)
            } else {
                [competition.team_scoring.loss; 2]
            };
            for s in 0..2 {
                let (me, other) = if s == 0 { (a, b) } else { (b, a) };
                let individual = !competition.is_team();
                let outcome = if contested {
                    outcome_of(match_points[s], match_points[1 - s])
                } else {
                    Outcome::Loss
                };
                field.add(
                    me,
                    Encounter {
                        round: round.number,
                        opponent: Some(other),
                        colour: None,
                        points: match_points[s],
                        outcome,
                        game_points: game_points[s],
                        game_wins: wins[s],
                        share: outcome.share(),
                        black_wins: if individual { black[s].1 } else { 0 },
                        black_games: if individual { black[s].0 } else { 0 },
                        fouls: fouls[s],
                    },
                );
            }
        }
    }
    Ok(field)
}

fn outcome_of(mine: Points, theirs: Points) -> Outcome {
    match mine.cmp(&theirs) {
        std::cmp::Ordering::Greater => Outcome::Win,
        std::cmp::Ordering::Equal => Outcome::Draw,
        std::cmp::Ordering::Less => Outcome::Loss,
    }
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
    let field = group_field(competition, g, s.settings.match_format.best_of)?;
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
        || matches!(state_of(format, m), MatchState::Decided { .. })
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
                .placings(competition, stage, g)?
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
    // Every group needs two entrants to play at all.
    let groups = settings.groups.max(1) as usize;
    if !matches!(settings.format, Format::PointsKnockout { .. }) && groups > field.len() / 2 {
        return Err(StageError::TooManyGroups {
            groups: settings.groups,
            entrants: field.len(),
        });
    }
    let groups = crate::format::of(&settings.format).draw(
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
pub fn next_red(format: crate::MatchFormat, m: &Match) -> Option<Seat> {
    match state_of(format, m) {
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
            bracket: None,
            rounds: round_robin_rounds(
                &[EntrantId(1), EntrantId(2), EntrantId(3)],
                RoundRobinOptions::default(),
                None,
            ),
            playoffs: Vec::new(),
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
