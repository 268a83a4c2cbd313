//! Players and teams, and the game records kept with results.

use super::*;

pub(super) fn run(session: &mut Session, op: Operation, args: Value) -> Result<Value, ApiError> {
    match op.name {
        "entrants.list" => {
            from_value::<Empty>(args)?;
            to_json(session.event()?.entrants()?)
        }
        "entrants.add" => {
            let a: EntrantArgs = from_value(args)?;
            let points = match &a.points {
                None | Some(Value::Null) => None,
                Some(v) => {
                    let text = v.as_str().map_or_else(|| v.to_string(), str::to_string);
                    Some(
                        text.parse::<tournament::Points>()
                            .map_err(|e| ApiError::refused(&e))?,
                    )
                }
            };
            to_json(session.event_mut()?.add_entrant_with_points(
                NewEntrant {
                    name: a.name,
                    club: a.club,
                    rating: a.rating,
                    seed: a.seed,
                    members: a.members,
                    born: a.born,
                    gender: a.gender,
                },
                points,
            )?)
        }
        "entrants.edit" => {
            let a: EditArgs = from_value(args)?;
            to_json(session.event_mut()?.edit_entrant(
                a.id,
                PlayerEdit {
                    name: a.name,
                    club: a.club,
                    rating: a.rating,
                    seed: a.seed,
                    born: a.born,
                    gender: a.gender,
                },
            )?)
        }
        "entrants.withdraw" => {
            let a: WithdrawArgs = from_value(args)?;
            let done = session.event_mut()?.withdraw(a.id, a.annul)?;
            // The entrant as before, with the games it lost by forfeit.
            let mut answer = to_json(&done.entrant)?;
            answer["forfeits"] = json!(done.forfeits);
            Ok(answer)
        }
        "records.show" => {
            // The record kept with a result, replayed for the viewer: a Xiangqi record
            // as FEN positions (`replay`), a checkers one on the star (`checkers`), a
            // Junqi one on its board (`junqi`).
            let a: BoardArgs = from_value(args)?;
            let event = session.event()?;
            let text = event.game_moves(a.stage, a.round, a.board, a.game)?;
            let game = event.competition()?.game;
            let unreadable = |e: games::RecordError| ApiError::refused(&e);
            let mut answer =
                json!({ "text": text, "replay": null, "checkers": null, "junqi": null });
            match (&text, game) {
                (Some(t), tournament::GameKind::Xiangqi) => {
                    answer["replay"] = to_json(games::replay::xiangqi(t).map_err(unreadable)?)?;
                }
                (Some(t), tournament::GameKind::Checkers) => {
                    answer["checkers"] = to_json(games::replay::checkers(t).map_err(unreadable)?)?;
                }
                (Some(t), tournament::GameKind::Junqi) => {
                    answer["junqi"] = to_json(games::replay::junqi(t).map_err(unreadable)?)?;
                }
                _ => {}
            }
            Ok(answer)
        }
        "records.read" => {
            // A record file chosen in the UI, as the text to attach (XQF as PGN).
            let a: FileArgs = from_value(args)?;
            let text = games::record_text(&a.bytes()?).map_err(|e| ApiError::refused(&e))?;
            Ok(json!({ "text": text }))
        }
        "entrants.preview_import" => {
            let a: FileArgs = from_value(args)?;
            to_json(session.event()?.preview_import(&a.file_name, &a.bytes()?)?)
        }
        "entrants.import" => {
            let a: FileArgs = from_value(args)?;
            let bytes = a.bytes()?;
            to_json(session.event_mut()?.import(&a.file_name, &bytes)?)
        }
        other => Err(unknown(other)),
    }
}
