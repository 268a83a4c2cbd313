//! Xiangqi: any notation or PGN, in UTF-8 or GBK.

use xiangqi::{Ending as XEnding, Outcome as XOutcome};

use crate::{Adjudication, Ending, Outcome, RecordError};

pub(crate) fn adjudicate(text: &str, code: xiangqi::RuleCode) -> Result<Adjudication, RecordError> {
    let record: xiangqi::Record = text.parse().map_err(|e: xiangqi::record::RecordError| {
        RecordError::Unreadable(crate::explain::xiangqi_record(&e))
    })?;
    let verdict = xiangqi::adjudicate_record(&record, None, None, xiangqi::Rules::of(code))
        .map_err(|e| match e {
            xiangqi::RecordProblem::Record(e) => {
                RecordError::Unreadable(crate::explain::xiangqi_record(&e))
            }
            xiangqi::RecordProblem::Illegal(e) => {
                RecordError::Illegal(crate::explain::xiangqi_illegal(&e))
            }
        })?;
    // A game that goes on over the board may still carry the result the players
    // reported (a resignation, a loss on time): that is what the record says.
    let claimed = verdict.outcome == XOutcome::Ongoing
        && verdict.claimed.is_some_and(|c| c != XOutcome::Ongoing);
    let said = if claimed {
        verdict.claimed.unwrap_or(XOutcome::Ongoing)
    } else {
        verdict.outcome
    };
    let outcome = match said {
        XOutcome::Red => Outcome::Win { winner: 0 },
        XOutcome::Black => Outcome::Win { winner: 1 },
        XOutcome::Draw => Outcome::Draw,
        XOutcome::Ongoing => Outcome::Ongoing,
    };
    Ok(Adjudication {
        outcome,
        claimed,
        ending: if claimed {
            Ending {
                id: "result_tag",
                words: messages::msg!("ending.result_tag"),
            }
        } else {
            ending(&verdict)
        },
        seats: 2,
        moves: verdict.plies,
        moves_since_capture: Some(verdict.plies_since_capture),
        order: Vec::new(),
    })
}

/// How the game ended; a repetition in the words of the rule that decided it.
fn ending(verdict: &xiangqi::Adjudication) -> Ending {
    let e = verdict.ending;
    let id = match e {
        XEnding::Checkmate => "checkmate",
        XEnding::Stalemate => "stalemate",
        XEnding::PerpetualCheck => "perpetual_check",
        XEnding::PerpetualChase => "perpetual_chase",
        XEnding::PerpetualMateThreat => "perpetual_mate_threat",
        XEnding::Repetition => "repetition",
        XEnding::NaturalLimit => "natural_limit",
        XEnding::DeadPosition => "dead_position",
        XEnding::None => "none",
    };
    let words = match verdict.ruling {
        Some((code, ruling)) => crate::explain::xiangqi::ruling(code, ruling, verdict.chased),
        None => crate::explain::xiangqi::ending(e),
    };
    Ending { id, words }
}
