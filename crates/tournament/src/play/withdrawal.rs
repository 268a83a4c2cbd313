//! A player who withdraws: the games paired and still to play (round robin, Swiss) are
//! lost by forfeit (the opponents win `+-` / `-+`), or every game is annulled.

use crate::EntrantId;
use crate::matches::{MatchState, red_seat};
use crate::model::{Competition, Game};
use crate::result::{GameRecord, GameResult};
use crate::stage::{match_complete, state_of};

/// Scores the withdrawn entrant's unplayed round-robin matches as forfeits won by the
/// opponents; returns the (stage, round, board within the group, group) of each.
pub fn forfeit_remaining(
    competition: &mut Competition,
    id: EntrantId,
) -> Vec<(usize, u32, u32, usize)> {
    let team = competition.is_team();
    let snapshot = competition.clone();
    let mut scored = Vec::new();
    for (si, stage) in competition.stages.iter_mut().enumerate() {
        // Knockouts go on without him; a points table scores what was paired.
        if !crate::format::of(&stage.settings.format)
            .capabilities()
            .points_table
        {
            continue;
        }
        let format = stage.settings.match_format;
        for (gi, group) in stage.groups.iter_mut().enumerate() {
            for round in &mut group.rounds {
                for m in &mut round.matches {
                    let Some(seat) = m.seat_of(id) else { continue };
                    // A table of three to six plays on without him: its result (him
                    // last, or another's win) is the arbiter's to enter.
                    if m.is_bye()
                        || m.playoff
                        || snapshot.is_table(m)
                        || match_complete(&snapshot, format, m)
                    {
                        continue;
                    }
                    let winner = 1 - seat;
                    if team {
                        for game in m.games.iter_mut().filter(|g| g.record.is_none()) {
                            // Board colours: the game's seat 0 is red.
                            let game_winner = if game.red == winner { 0 } else { 1 };
                            game.record = Some(GameRecord::new(GameResult::Forfeit {
                                winner: game_winner,
                            }));
                        }
                    } else {
                        while !matches!(
                            state_of(format, snapshot.seating_of(m), m),
                            MatchState::Decided { .. }
                        ) && m.games.len() < format.best_of.max(1) as usize
                        {
                            let red = red_seat(m.games.len());
                            let game_winner = if red == winner { 0 } else { 1 };
                            m.games.push(Game {
                                board: 1,
                                red,
                                record: Some(GameRecord::new(GameResult::Forfeit {
                                    winner: game_winner,
                                })),
                                moves: None,
                            });
                        }
                    }
                    scored.push((si, round.number, m.board, gi));
                }
            }
        }
    }
    scored
}
