//! Chinese checkers: the record format of the `checkers` crate.

use checkers::{State, Triangle};

use crate::{Adjudication, Ending, Outcome, RecordError, Seat};

pub(crate) fn adjudicate(text: &str) -> Result<Adjudication, RecordError> {
    let record: checkers::Record = text.parse().map_err(|e: checkers::RecordError| {
        RecordError::Unreadable(crate::explain::unreadable(e.line, &e.why, &e.why_zh))
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
                zh: "占满对方营地",
                en: "goal filled",
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
                    zh: "死局",
                    en: "dead game",
                },
            )
        }
        State::Ongoing => (
            Outcome::Ongoing,
            Ending {
                id: "none",
                zh: "未结束",
                en: "no ending yet",
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
