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
    // About an encounter a round each: room made once rather than as they come.
    field.reserve(group.rounds.len());
    // A late entrant's points count from the round after which he joined.
    for late in group.state.late() {
        field.award_after(late.entrant, late.points, late.from_round.saturating_sub(1));
    }
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
    field.set_rounds(latest_played);
    field.set_scale(scoring.win, scoring.draw[0]);
    for entrant in &competition.entrants {
        if let Some(rating) = entrant.rating {
            field.set_rating(entrant.id, rating);
        }
    }
    // A bye the entrant asked for, with points (HPB, FPB): scored once its round has
    // results; a zero-point absence leaves the round empty.
    for away in group.state.away() {
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
                // Sitting out at a table of N sides is no table won.
                if let Seating::Each { .. } = competition.seating_of(m) {
                    bye.game_wins = 0;
                }
                if let Some(boards) = competition.team_boards {
                    bye.points = competition.team_scoring.win;
                    bye.game_points = scoring.win * boards as i32;
                }
                field.add(id, bye);
                continue;
            }
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
            let single = competition.is_table(m)
                || !competition.is_team() && best_of <= 1 && played.len() == 1;
            if single {
                let (game, record) = &played[0];
                add_game(&mut field, competition, round.number, m, game, record)?;
                continue;
            }
            let [Some(a), Some(b)] = m.seats[..] else {
                continue;
            };
            add_match(&mut field, competition, round.number, [a, b], &played)?;
        }
    }
    Ok(field)
}

/// A match of one game: every seat's encounter with those on the other sides, its
/// colour between two sides, its place at a table. An entrant on several seats (a
/// pair of four-player Junqi) has one encounter.
fn add_game(
    field: &mut Field,
    competition: &Competition,
    round: u32,
    m: &Match,
    game: &Game,
    record: &GameRecord,
) -> Result<(), ScoringError> {
    let seating = competition.seating_of(m);
    let seats = seating.seats();
    let who: Vec<Option<EntrantId>> = (0..seats).map(|s| m.entrant_at(game, s, seating)).collect();
    let before: Vec<Points> = who
        .iter()
        .map(|e| e.map(|id| field.total(id)).unwrap_or_default())
        .collect();
    let scores = competition.scoring.assess(record, seating, Some(&before))?;
    // At a table, seats left unplaced beside placed ones (a table entered by its
    // winner alone) share the places left: their mean, in hundredths.
    let table = competition.is_table(m);
    let placed = scores.iter().filter(|s| s.place.is_some()).count() as u32;
    let shared = (placed > 0 && placed < seats as u32).then(|| (placed + 1 + seats as u32) * 50);
    for seat in 0..seats {
        let Some(me) = who[seat] else {
            continue;
        };
        if who[..seat].contains(&Some(me)) {
            continue;
        }
        let mut opponents: Vec<EntrantId> = Vec::new();
        for other in (0..seats).filter(|&o| !seating.partners(o, seat)) {
            if let Some(id) = who[other].filter(|id| !opponents.contains(id)) {
                opponents.push(id);
            }
        }
        let colour = (seating == Seating::TwoSides).then_some(if seat == 0 {
            Colour::Red
        } else {
            Colour::Black
        });
        let score = scores[seat];
        let mut e = Encounter::new(round, opponents, colour, score.points, score.outcome)
            .with_share(score.share)
            .with_fouls(
                (0..seats)
                    .filter(|&s| who[s] == Some(me))
                    .map(|s| record.fouls_of(s))
                    .sum(),
            );
        if table {
            e.place_hundredths = score.place.map(|p| p * 100).or(shared);
        }
        e.unplayed = match record.result {
            GameResult::Forfeit { winner } if seating.partners(winner, seat) => {
                Some(Unplayed::ForfeitWin)
            }
            GameResult::Forfeit { .. } | GameResult::DoubleForfeit => Some(Unplayed::ForfeitLoss),
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
    Ok(())
}

/// A team match or a multi-game match: match points from game points.
fn add_match(
    field: &mut Field,
    competition: &Competition,
    round: u32,
    [a, b]: [EntrantId; 2],
    played: &[(&Game, GameRecord)],
) -> Result<(), ScoringError> {
    let scoring = &competition.scoring;
    let mut game_points = [Points::ZERO; 2];
    let mut wins = [0u32; 2];
    let mut black = [(0u32, 0u32); 2];
    let mut fouls = [0u32; 2];
    // Games nobody scored (0-0) make no match result at all.
    let mut contested = false;
    for (game, record) in played {
        let by_seat = game
            .record_by_match_seat()
            .unwrap_or_else(|| record.clone());
        let seating = scoring.two_sided();
        let scores = scoring.assess(&by_seat, seating, None)?;
        contested |= by_seat.effective(seating) != GameResult::DoubleForfeit;
        for s in 0..2 {
            game_points[s] += scores[s].points;
            let won = scores[s].outcome == Outcome::Win;
            wins[s] += u32::from(won);
            fouls[s] += (0..seating.seats())
                .filter(|&x| seating.side_of(x) == s)
                .map(|x| by_seat.fouls_of(x))
                .sum::<u32>();
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
    let individual = !competition.is_team();
    for s in 0..2 {
        let (me, other) = if s == 0 { (a, b) } else { (b, a) };
        let outcome = if contested {
            outcome_of(match_points[s], match_points[1 - s])
        } else {
            Outcome::Loss
        };
        let mut e =
            Encounter::new(round, vec![other], None, match_points[s], outcome).with_fouls(fouls[s]);
        e.game_points = game_points[s];
        e.game_wins = wins[s];
        if individual {
            e.black_wins = black[s].1;
            e.black_games = black[s].0;
        }
        field.add(me, e);
    }
    Ok(())
}

fn outcome_of(mine: Points, theirs: Points) -> Outcome {
    match mine.cmp(&theirs) {
        std::cmp::Ordering::Greater => Outcome::Win,
        std::cmp::Ordering::Equal => Outcome::Draw,
        std::cmp::Ordering::Less => Outcome::Loss,
    }
}
