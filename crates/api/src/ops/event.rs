//! The event itself: open, create, edit, its log and undo.

use super::*;

pub(super) fn run(session: &mut Session, op: Operation, args: Value) -> Result<Value, ApiError> {
    match op.name {
        "event.info" => {
            from_value::<Empty>(args)?;
            info(session)
        }
        "event.create" => create(session, from_value(args)?),
        "event.open" => open(session, from_value(args)?),
        "event.edit" => {
            let a: EventEditArgs = from_value(args)?;
            let edited = session.event_mut()?.edit_event(EventEdit {
                name: a.name,
                time_control: a.time_control,
                fixed_order: a.fixed_order,
                venue: a.venue,
                dates: a.dates,
                organizer: a.organizer,
                arbiter: a.arbiter,
                scoring: a.scoring,
                double_entry: a.double_entry,
                xiangqi_rules: a
                    .xiangqi_rules
                    .as_deref()
                    .map(service::parse_xiangqi_rules)
                    .transpose()?,
                eligibility: service::EligibilityEdit {
                    born_after: a.born_after,
                    gender: a.gender,
                },
                first_board: a.first_board,
                force: a.force,
            })?;
            let mut answer = info(session)?;
            answer["rescored"] = json!(edited.rescored);
            Ok(answer)
        }
        "competitions.list" => {
            from_value::<Empty>(args)?;
            to_json(session.event()?.competitions()?)
        }
        "competitions.add" => {
            let new = new_competition(from_value(args)?)?;
            session.event_mut()?.add_competition(new)?;
            info(session)
        }
        "competitions.remove" => {
            let a: CompetitionArgs = from_value(args)?;
            session.event_mut()?.remove_competition(&a.name)?;
            info(session)
        }
        "log" => {
            from_value::<Empty>(args)?;
            to_json(session.event()?.log()?)
        }
        "undo" => {
            from_value::<Empty>(args)?;
            Ok(json!({ "undone": session.event_mut()?.undo()? }))
        }
        other => Err(unknown(other)),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CompetitionArgs {
    /// The competition: its name or number.
    name: String,
}
