//! Where a Swiss group stands before a round: each player's score and place in the
//! standings after the round before, his colours, opponents and bye, and who is not
//! paired (withdrawn, not entered yet, or gone after forfeits in a row).

use super::SwissOptions;
use super::colours::History;
use super::pairing::Candidate;
use crate::EntrantId;
use crate::model::{Competition, Group, Match, StageSettings};
use crate::result::GameResult;
use crate::stage::{StageError, group_field};
use crate::standings::{Colour, standings};

/// Why an entrant of the group is not paired in a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", content = "count", rename_all = "snake_case")]
pub enum Absence {
    Withdrawn,
    /// Entered late: paired from a later round.
    NotYetEntered,
    /// 请假: reported absent for this round.
    Away,
    /// 连续弃权: this many forfeits in a row.
    Forfeits(u32),
}

/// A group before round `round`: the players to pair in ranking order, and the others.
#[derive(Debug, Clone)]
pub struct Before {
    pub round: u32,
    pub players: Vec<Candidate>,
    pub absent: Vec<(EntrantId, Absence)>,
}

impl Before {
    pub fn index_of(&self, id: EntrantId) -> Option<usize> {
        self.players.iter().position(|p| p.id == id)
    }
}

/// Whether an entrant lost a match by not playing (a forfeit, or both absent).
fn forfeited(m: &Match, seat: usize) -> bool {
    let mut any = false;
    for game in &m.games {
        let Some(record) = &game.record else { continue };
        any = true;
        match record.result {
            GameResult::DoubleForfeit => {}
            // Game seat 0 is red, played by match seat `game.red`.
            GameResult::Forfeit { winner } => {
                let winner_seat = if winner == 0 { game.red } else { 1 - game.red };
                if winner_seat == seat {
                    return false;
                }
            }
            _ => return false,
        }
    }
    any
}

/// Whether a match was played over the board (not only forfeits, not unplayed).
fn played(m: &Match) -> bool {
    m.games.iter().any(|g| {
        g.record.as_ref().is_some_and(|r| {
            !matches!(
                r.result,
                GameResult::Forfeit { .. } | GameResult::DoubleForfeit
            )
        })
    })
}

/// The state of a Swiss group before round `round`, from the rounds before it.
pub fn before_round(
    competition: &Competition,
    settings: &StageSettings,
    options: &SwissOptions,
    group: &Group,
    round: u32,
) -> Result<Before, StageError> {
    let mut earlier = group.clone();
    earlier.rounds.retain(|r| r.number < round);
    let mut field = group_field(competition, &earlier, settings.match_format.best_of)?;
    field.set_bye_opponent(options.bye_opponent);
    let table = standings(&field, &settings.tiebreaks, 0);
    let initial = |id: EntrantId| group.entrants.iter().position(|&e| e == id);
    let mut order: Vec<(u32, Option<usize>, EntrantId)> = table
        .rows
        .iter()
        .map(|r| (r.place.first, initial(r.entrant), r.entrant))
        .collect();
    order.sort();
    let mut players = Vec::new();
    let mut absent = Vec::new();
    for (_, _, id) in order {
        let Some(entrant) = competition.entrant(id) else {
            continue;
        };
        if entrant.withdrawn || entrant.annulled {
            absent.push((id, Absence::Withdrawn));
            continue;
        }
        if group
            .state
            .late()
            .iter()
            .any(|l| l.entrant == id && l.from_round > round)
        {
            absent.push((id, Absence::NotYetEntered));
            continue;
        }
        if group
            .state
            .away()
            .iter()
            .any(|a| a.entrant == id && a.round == round)
        {
            absent.push((id, Absence::Away));
            continue;
        }
        let mut history = Vec::new();
        let mut opponents = Vec::new();
        let mut had_bye = false;
        let mut streak = 0;
        for r in &earlier.rounds {
            for m in r.matches.iter().filter(|m| !m.playoff) {
                let Some(seat) = m.seat_of(id) else { continue };
                if m.is_bye() {
                    had_bye = true;
                    streak = 0;
                    continue;
                }
                opponents.extend(m.seats.iter().flatten().filter(|&&o| o != id));
                if played(m) {
                    let red_seat = match m.games.first() {
                        Some(g) if !competition.is_team() && settings.match_format.best_of <= 1 => {
                            g.red
                        }
                        _ => 0,
                    };
                    history.push(if seat == red_seat {
                        Colour::Red
                    } else {
                        Colour::Black
                    });
                }
                // Rounds he was not paired in (dropped) keep the count going.
                streak = if forfeited(m, seat) { streak + 1 } else { 0 };
            }
        }
        let limit = options.drop_after_forfeits;
        if limit > 0 && streak >= limit {
            absent.push((id, Absence::Forfeits(streak)));
            continue;
        }
        opponents.sort();
        opponents.dedup();
        players.push(Candidate {
            id,
            score: field.total(id),
            history: History(history),
            opponents,
            had_bye,
            club: entrant.club.clone(),
        });
    }
    // Score groups are runs of equal score: the ranking starts with the score.
    players.sort_by_key(|p| std::cmp::Reverse(p.score));
    Ok(Before {
        round,
        players,
        absent,
    })
}
