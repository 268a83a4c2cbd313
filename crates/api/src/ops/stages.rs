//! Stages: add, edit, remove, draw, pair.

use super::*;

/// `stages.pair`: optionally the round the caller means to pair (refused as done once
/// it is there).
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct PairArgs {
    #[serde(default)]
    round: Option<u32>,
}

pub(super) fn run(session: &mut Session, op: Operation, args: Value) -> Result<Value, ApiError> {
    match op.name {
        "stages.list" => {
            from_value::<Empty>(args)?;
            to_json(session.event()?.stages()?)
        }
        "stages.formats" => {
            from_value::<Empty>(args)?;
            to_json(session.event()?.stage_formats()?)
        }
        "stages.presets" => {
            from_value::<Empty>(args)?;
            Ok(crate::args::presets())
        }
        "stages.add" => {
            let spec = stage_spec(args)?;
            let index = session.event_mut()?.add_stage(spec)?;
            Ok(json!({ "stage": index + 1 }))
        }
        "stages.edit" => {
            // `stage` (1-based) and the arguments of stages.add.
            let mut args = args;
            let stage = args
                .as_object_mut()
                .and_then(|o| o.remove("stage"))
                .and_then(|v| v.as_u64())
                .ok_or_else(|| ApiError::bad_arguments(messages::msg!("api.arg.stage")))?;
            session
                .event_mut()?
                .edit_stage(stage as usize, stage_spec(args)?)?;
            Ok(json!({ "stage": stage }))
        }
        "stages.remove" => {
            let a: StageNumberArgs = from_value(args)?;
            let name = session.event_mut()?.remove_stage(a.stage)?;
            Ok(json!({ "stage": a.stage, "name": name }))
        }
        "stages.draw" => {
            let a: SeedArgs = from_value(args)?;
            let report = session.event_mut()?.draw(a.seed)?;
            let mut answer = to_json(&report)?;
            // Stages are numbered from 1 in every operation.
            answer["stage"] = json!(report.stage + 1);
            Ok(answer)
        }
        "stages.pair" => {
            let args: PairArgs = from_value(args)?;
            let rounds = session.event_mut()?.pair(args.round)?;
            Ok(json!({
                "rounds": rounds.iter().map(|(r, boards)| json!({"round": r, "boards": boards})).collect::<Vec<_>>()
            }))
        }
        other => Err(unknown(other)),
    }
}
