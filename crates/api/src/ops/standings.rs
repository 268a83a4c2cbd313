//! Standings, crosstables, wall charts, brackets and playoffs.

use super::*;

pub(super) fn run(session: &mut Session, op: Operation, args: Value) -> Result<Value, ApiError> {
    match op.name {
        "standings.final" => {
            from_value::<Empty>(args)?;
            to_json(session.event()?.final_ranking()?)
        }
        "standings.clubs" => {
            let a: ClubArgs = from_value(args)?;
            to_json(session.event()?.club_totals(&a.rule()?)?)
        }
        "standings.boards" => {
            let a: OnlyStageArgs = from_value(args)?;
            to_json(session.event()?.board_tables(a.stage)?)
        }
        "standings.players" => {
            let a: OnlyStageArgs = from_value(args)?;
            to_json(session.event()?.individual_standings(a.stage)?)
        }
        "playoffs.list" => {
            let a: StageOnlyArgs = from_value(args)?;
            to_json(session.event()?.playoffs(a.stage)?)
        }
        "playoffs.lots" => {
            let a: PlayoffLotsArgs = from_value(args)?;
            let (seed, settled) = session.event_mut()?.playoff_by_lots(a.stage, a.seed)?;
            Ok(json!({ "seed": seed, "settled": to_json(settled)? }))
        }
        "playoffs.games" => {
            let a: PlayoffGamesArgs = from_value(args)?;
            to_json(
                session
                    .event_mut()?
                    .playoff_games(a.stage, a.best_of.unwrap_or(1))?,
            )
        }
        "standings" => {
            let a: StandingsArgs = from_value(args)?;
            let mut table = session.event()?.standings(a.stage)?;
            if let Some(group) = &a.group {
                table.rows.retain(|r| &r.group == group);
            }
            to_json(table)
        }
        "standings.explain" => {
            let a: ExplainArgs = from_value(args)?;
            to_json(session.event()?.explain(a.stage, a.entrant, a.level)?)
        }
        "crosstables" => {
            let a: StageArgs = from_value(args)?;
            to_json(session.event()?.crosstables(a.stage, lang(a.lang)?)?)
        }
        "wall_charts" => {
            let a: StageArgs = from_value(args)?;
            to_json(session.event()?.wall_charts(a.stage, lang(a.lang)?)?)
        }
        "brackets" => {
            let a: StageArgs = from_value(args)?;
            to_json(session.event()?.brackets(a.stage, lang(a.lang)?)?)
        }
        other => Err(unknown(other)),
    }
}
