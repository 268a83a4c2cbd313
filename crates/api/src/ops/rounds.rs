//! A round's pairings, line-ups, changes by hand, and results.

use super::*;

pub(super) fn run(session: &mut Session, op: Operation, args: Value) -> Result<Value, ApiError> {
    match op.name {
        "rounds.pairings" => {
            let a: RoundArgs = from_value(args)?;
            to_json(session.event()?.pairings(a.stage, a.round)?)
        }
        "rounds.explain" => {
            let a: RoundArgs = from_value(args)?;
            to_json(session.event()?.explain_pairings(a.stage, a.round)?)
        }
        "rounds.lineup" => {
            let a: LineupArgs = from_value(args)?;
            let members = match a.members {
                Value::String(text) => service::split_members(&text),
                Value::Array(list) => list
                    .iter()
                    .map(|v| v.as_str().map(str::to_string))
                    .collect::<Option<Vec<String>>>()
                    .ok_or_else(|| ApiError::bad_arguments(messages::msg!("api.arg.members")))?,
                _ => return Err(ApiError::bad_arguments(messages::msg!("api.arg.members"))),
            };
            session
                .event_mut()?
                .set_lineup(a.round, &a.team, &members)?;
            to_json(session.event()?.pairings(None, Some(a.round))?)
        }
        "rounds.absence" => {
            let a: AbsenceArgs = from_value(args)?;
            let name =
                session
                    .event_mut()?
                    .report_absence(&a.player, a.round, a.away.unwrap_or(true))?;
            Ok(json!({ "name": name, "round": a.round }))
        }
        "rounds.swap" => {
            let a: SwapArgs = from_value(args)?;
            let warnings = session
                .event_mut()?
                .swap_pairing(a.round, a.board, a.other)?;
            Ok(json!({ "warnings": warnings }))
        }
        "rounds.swap_preview" => {
            let a: SwapArgs = from_value(args)?;
            to_json(session.event()?.swap_preview(a.round, a.board, a.other)?)
        }
        "rounds.set" => {
            let a: SetBoardArgs = from_value(args)?;
            let warnings = session
                .event_mut()?
                .set_pairing(a.round, a.board, &a.red, &a.black)?;
            Ok(json!({ "warnings": warnings }))
        }
        "results.record" => {
            let a: ResultArgs = from_value(args)?;
            to_json(session.event_mut()?.record_result(ResultEntry {
                stage: a.stage,
                round: a.round,
                board: a.board,
                result: a.result,
                game: a.game,
                record: a.record.filter(|r| !r.trim().is_empty()),
                fouls: a.fouls,
                moves: a.moves,
                force: a.force,
            })?)
        }
        "results.lots" => {
            let a: LotsArgs = from_value(args)?;
            let (seed, winner) = session
                .event_mut()?
                .draw_match_lots(a.round, a.board, a.seed)?;
            Ok(json!({ "seed": seed, "winner": winner }))
        }
        other => Err(unknown(other)),
    }
}
