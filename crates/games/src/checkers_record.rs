//! Chinese checkers: the record format of the `checkers` crate.

use checkers::{State, Triangle};
use messages::msg;

use crate::{Adjudication, Ending, Outcome, RecordError, Seat};

pub(crate) fn adjudicate(text: &str) -> Result<Adjudication, RecordError> {
    let record: checkers::Record = text.parse().map_err(|e: checkers::RecordError| {
        RecordError::Unreadable(crate::explain::checkers_record(&e))
    })?;
    let verdict = checkers::adjudicate(&record)
        .map_err(|e| RecordError::Illegal(crate::explain::checkers_illegal(&e)))?;
    let seating = checkers::seating(record.players).unwrap_or_default();
    let seat = |t: Triangle| -> Seat { seating.iter().position(|&s| s == t).unwrap_or(0) };
    let (outcome, ending) = match verdict.state {
        State::Win => (
            Outcome::Win {
                winner: verdict.winner.map_or(0, seat),
            },
            Ending {
                id: "goal_filled",
                words: msg!("ending.goal_filled"),
            },
        ),
        State::Dead => {
            // The side nearer its goal leads; level distances share the points.
            let leader = match verdict.distances.as_slice() {
                [(a, da), (b, db)] if da != db => Some(seat(if da < db { *a } else { *b })),
                _ => None,
            };
            (
                Outcome::DeadGame { leader },
                Ending {
                    id: "dead_game",
                    words: msg!("ending.dead_game"),
                },
            )
        }
        State::Ongoing => (
            Outcome::Ongoing,
            Ending {
                id: "none",
                words: msg!("ending.none"),
            },
        ),
    };
    Ok(Adjudication {
        outcome,
        claimed: false,
        ending,
        seats: record.players,
        moves: verdict.moves,
        moves_since_capture: None,
        order: verdict.order.iter().map(|&t| seat(t)).collect(),
    })
}
