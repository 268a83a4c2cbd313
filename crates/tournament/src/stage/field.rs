//! A group's matches as the standings see them: one encounter per entrant and pairing,
//! with points, outcome, 小分 share, colours and fouls.

use super::*;

/// The encounters of a group's matches, for standings. Unplayed games are left out.
pub fn group_field(
    competition: &Competition,
    group: &Group,
    best_of: u32,
) -> Result<Field, ScoringError> {
    let scoring = &competition.scoring;
    // An annulled entrant is gone from the table, and so are the games against them.
    let gone: std::collections::BTreeSet<EntrantId> = competition
        .entrants
        .iter()
        .filter(|e| e.annulled)
        .map(|e| e.id)
        .collect();
    let annulled = |id: &EntrantId| gone.contains(id);
    let mut field = Field::new(group.entrants.iter().copied().filter(|id| !annulled(id)));
    // A late entrant's points count from the round after which he joined.
    for late in &group.late {
        field.award_after(late.entrant, late.points, late.from_round.saturating_sub(1));
    }
    // A bye counts from its own round: once that round, or a later one, has a result.
    let latest_played = group
        .rounds
        .iter()
        .filter(|r| {
            r.matches.iter().any(|m| {
                !m.playoff && (m.table.is_some() || m.games.iter().any(|g| g.record.is_some()))
            })
        })
        .map(|r| r.number)
        .max()
        .unwrap_or(0);
    field.set_rounds(latest_played);
    field.set_scale(scoring.win, scoring.draw[0]);
    for entrant in &competition.entrants {
        if let Some(rating) = entrant.rating {
            field.set_rating(entrant.id, rating);
        }
    }
    // A bye the entrant asked for, with points (HPB, FPB): scored once its round has
    // results; a zero-point absence leaves the round empty.
    for away in &group.away {
        let points = away.kind.points(scoring);
        if points > Points::ZERO && away.round <= latest_played && !annulled(&away.entrant) {
            let mut bye = Encounter::requested_bye(away.round, points);
            if points >= scoring.win {
                bye.outcome = Outcome::Win;
                bye.game_wins = 1;
            }
            field.add(away.entrant, bye);
        }
    }
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
                if let Some(tables) = competition.seated_tables() {
                    let (points, won) = tables.sit_out(scoring.bye);
                    bye.points = points;
                    bye.game_points = points;
                    bye.game_wins = u32::from(won);
                }
                if let Some(boards) = competition.team_boards {
                    bye.points = competition.team_scoring.win;
                    bye.game_points = scoring.win * boards as i32;
                }
                field.add(id, bye);
                continue;
            }
            if let Some(tables) = competition.seated_tables() {
                add_table(&mut field, tables, round.number, m);
                continue;
            }
            let [Some(a), Some(b)] = m.seats[..] else {
                continue;
            };
            // A team knockout's extra games (加赛) decide who goes on, not game points.
            let boards = competition.team_boards.unwrap_or(u32::MAX);
            let played: Vec<(&Game, GameRecord)> = m
                .games
                .iter()
                .filter(|g| g.board <= boards)
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
                    let mut e =
                        Encounter::game(round.number, other, colour, score.points, score.outcome)
                            .with_share(score.share)
                            .with_fouls(record.fouls_of(game_seat));
                    e.unplayed = match record.result {
                        GameResult::Forfeit { winner } if winner == game_seat => {
                            Some(Unplayed::ForfeitWin)
                        }
                        GameResult::Forfeit { .. } | GameResult::DoubleForfeit => {
                            Some(Unplayed::ForfeitLoss)
                        }
                        _ => None,
                    };
                    e.unrated = record.unrated;
                    if e.unplayed.is_some() {
                        // Not played over the board: no game with black.
                        e.black_games = 0;
                        e.black_wins = 0;
                    }
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
                        more_opponents: Vec::new(),
                        place_hundredths: None,
                        unplayed: None,
                        unrated: false,
                    },
                );
            }
        }
    }
    Ok(field)
}

/// A table's seats: each entrant's points and place, with the opponents it met there
/// (at a Junqi table, the other side; at checkers, everyone else).
fn add_table(field: &mut Field, tables: &crate::tables::Tables, round: u32, m: &Match) {
    let Some(record) = &m.table else {
        return;
    };
    let results = crate::tables::seat_results(tables, m.seats.len(), record);
    let junqi = tables.game == crate::GameKind::Junqi;
    // Seats left unplaced beside placed ones (a table entered by its winner alone)
    // share the places left: their mean, in hundredths.
    let placed = results.iter().filter(|r| r.place.is_some()).count() as u32;
    let seats = results.len() as u32;
    let shared = (placed > 0 && placed < seats).then(|| (placed + 1 + seats) * 50);
    for (seat, (entrant, result)) in m.seats.iter().zip(results).enumerate() {
        let Some(entrant) = *entrant else {
            continue;
        };
        let opponents = m
            .seats
            .iter()
            .enumerate()
            .filter(|&(other, _)| other != seat && !(junqi && other % 2 == seat % 2))
            .filter_map(|(_, e)| *e)
            .collect();
        let mut encounter = Encounter::table(round, opponents, result);
        if encounter.place_hundredths.is_none() {
            encounter.place_hundredths = shared;
        }
        field.add(entrant, encounter);
    }
}

fn outcome_of(mine: Points, theirs: Points) -> Outcome {
    match mine.cmp(&theirs) {
        std::cmp::Ordering::Greater => Outcome::Win,
        std::cmp::Ordering::Equal => Outcome::Draw,
        std::cmp::Ordering::Less => Outcome::Loss,
    }
}
