//! Junqi: the record format of the `junqi` crate, two or four players, text or JSON.

use junqi::{GameResult, Reason};
use messages::msg;

use crate::{Adjudication, Ending, Outcome, RecordError, Seat};

pub(crate) fn adjudicate(text: &str) -> Result<Adjudication, RecordError> {
    let record: junqi::Record = text.parse().map_err(|e: junqi::RecordError| {
        RecordError::Unreadable(crate::explain::junqi_record(&e))
    })?;
    let verdict = junqi::adjudicate(&record)
        .map_err(|e| RecordError::Illegal(crate::explain::junqi_illegal(&e)))?;
    let four = record.setups.len() > 2;
    // Two players sit south (0) and north (1); four sit in turn order.
    let seat = |s: junqi::Seat| -> Seat {
        if four {
            s.index()
        } else {
            usize::from(s != junqi::Seat::South)
        }
    };
    let order: Vec<Seat> = verdict.knocked_out.iter().map(|k| seat(k.seat)).collect();
    let last_out = verdict.knocked_out.last();
    let outcome = match (verdict.result, verdict.reason) {
        (GameResult::Ongoing, _) => Outcome::Ongoing,
        (GameResult::Draw, _) => Outcome::Draw,
        (_, Reason::Escape) => {
            let escaper = last_out.map_or(junqi::Seat::South, |k| k.seat);
            Outcome::Escape {
                escaper: seat(escaper),
                partner_already_lost: four
                    && verdict
                        .knocked_out
                        .iter()
                        .any(|k| k.seat == escaper.partner()),
            }
        }
        (_, Reason::Surrender) if !four => Outcome::Surrender {
            loser: last_out.map_or(0, |k| seat(k.seat)),
        },
        (GameResult::South | GameResult::SouthNorth, _) => Outcome::Win { winner: 0 },
        (GameResult::North, _) => Outcome::Win { winner: 1 },
        (GameResult::EastWest, _) => Outcome::Win { winner: 1 },
        // Only an escape ends a game with no result; handled above.
        (GameResult::NoResult, _) => Outcome::Ongoing,
    };
    Ok(Adjudication {
        outcome,
        claimed: false,
        ending: ending(verdict.reason),
        seats: if four { 4 } else { 2 },
        moves: verdict.moves,
        moves_since_capture: Some(verdict.moves_since_capture),
        order,
    })
}

fn ending(reason: Reason) -> Ending {
    let words = match reason {
        Reason::FlagCaptured => msg!("ending.flag_captured"),
        Reason::NoMovablePiece => msg!("ending.no_movable_piece"),
        Reason::Timeouts => msg!("ending.timeouts"),
        Reason::Surrender => msg!("ending.surrender"),
        Reason::Escape => msg!("ending.escape"),
        Reason::NoCaptureLimit => msg!("ending.no_capture_limit"),
        Reason::AgreedDraw => msg!("ending.agreed_draw"),
        Reason::None => msg!("ending.none"),
    };
    Ending {
        id: reason.id(),
        words,
    }
}
