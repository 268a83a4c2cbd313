//! The hall: sector arbiters, what waits, the display and the phone.

use super::*;

pub(super) fn run(session: &mut Session, op: Operation, args: Value) -> Result<Value, ApiError> {
    match op.name {
        "arbiters.list" => {
            from_value::<Empty>(args)?;
            to_json(session.event()?.arbiters()?)
        }
        "arbiters.add" => {
            let a: ArbiterArgs = from_value(args)?;
            to_json(session.event_mut()?.add_arbiter(service::NewArbiter {
                name: a.name,
                boards: a.boards,
                rounds: a.rounds,
            })?)
        }
        "arbiters.reissue" => {
            let a: NameArgs = from_value(args)?;
            to_json(session.event_mut()?.reissue_arbiter(&a.name)?)
        }
        "arbiters.remove" => {
            let a: NameArgs = from_value(args)?;
            session.event_mut()?.remove_arbiter(&a.name)?;
            to_json(session.event()?.arbiters()?)
        }
        "hall.pending" => {
            from_value::<Empty>(args)?;
            to_json(session.event()?.pending_entries()?)
        }
        "hall.display" => {
            from_value::<Empty>(args)?;
            display(session.event()?)
        }
        "hall.sector" => {
            let a: SectorArgs = from_value(args)?;
            to_json(session.event()?.sector(&a.arbiter, a.round)?)
        }
        "hall.enter" => {
            let a: HallEntryArgs = from_value(args)?;
            to_json(session.event_mut()?.enter_as(
                &a.arbiter,
                ResultEntry {
                    stage: a.stage,
                    round: a.round,
                    board: a.board,
                    result: a.result,
                    game: a.game,
                    record: None,
                    fouls: Vec::new(),
                    moves: a.moves,
                    force: false,
                },
            )?)
        }
        "qr.svg" => {
            let a: QrArgs = from_value(args)?;
            Ok(json!({ "svg": qr_svg(&a.text)? }))
        }
        other => Err(unknown(other)),
    }
}

/// The projector's view. In an event of several competitions it names them all and the
/// one shown (the first unless the call names one): the display cycles through them.
fn display(event: &Event) -> Result<Value, ApiError> {
    if !event.has_heading()? {
        return to_json(event.display()?);
    }
    let competitions = event.competitions()?;
    let shown = match competitions.iter().find(|c| c.current) {
        Some(c) => c.name.clone(),
        None => match competitions.first() {
            Some(first) => first.name.clone(),
            None => return to_json(event.display()?),
        },
    };
    let before = event.choice();
    event.choose(&shown)?;
    let view = event.display();
    event.restore_choice(before);
    let mut answer = to_json(view?)?;
    let names: Vec<&str> = competitions.iter().map(|c| c.name.as_str()).collect();
    answer["competitions"] = json!(names);
    answer["competition"] = json!(shown);
    Ok(answer)
}
