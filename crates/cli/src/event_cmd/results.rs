//! Results and the pairings they are entered on: `result`, `pairings`.

use service::ResultEntry;

use crate::Lang;

use super::explain::explain_text;
use super::{
    FileArg, PairingsArgs, ResultArgs, fail, open, pairings, print_json, print_json_list,
    record_text,
};
use crate::Failure;
use crate::messages::say as word;

/// `qisai result R B RESULT …`: a board's or a table's result, read against its seating;
/// what the service says it did, a line each.
pub(super) fn result(file: &FileArg, a: ResultArgs) -> Result<(), Failure> {
    let record = match a.record {
        Some(path) => Some(record_text(&path)?),
        None => None,
    };
    let recorded = open(file)?
        .record_result(ResultEntry {
            stage: a.stage,
            round: a.round,
            board: a.board,
            result: a.result,
            game: a.game.or(a.team_board),
            record,
            fouls: a.fouls,
            moves: a.moves,
            force: a.force,
        })
        .map_err(fail)?;
    for line in &recorded.report {
        println!("{}", word(line));
    }
    Ok(())
}

pub(super) fn pairings(file: &FileArg, a: PairingsArgs, lang: Lang) -> Result<(), Failure> {
    let event = open(file)?;
    let c = event.competition().map_err(fail)?;
    match (a.explain, a.json) {
        // A Swiss at tables: each table with its players' scores before it.
        (true, true) if c.seating().is_table() => {
            let tables: Vec<service::TableExplanation> = event
                .explain_rounds(a.stage, a.round)
                .map_err(fail)?
                .into_iter()
                .flat_map(|r| r.tables)
                .collect();
            print_json(&serde_json::to_value(&tables).unwrap_or_default());
        }
        (true, true) => {
            let notes = event.explain_pairings(a.stage, a.round).map_err(fail)?;
            print_json(&serde_json::to_value(&notes).unwrap_or_default());
        }
        (true, false) => {
            let rounds = event.explain_rounds(a.stage, a.round).map_err(fail)?;
            print!("{}", explain_text(&rounds, lang.words()));
        }
        (false, true) => print_json_list(|write| {
            event.each_pairing(a.stage, a.round, |p| write(pairings::json(p, &c)))
        })
        .map_err(fail)?,
        (false, false) => {
            let list = event.pairings(a.stage, a.round).map_err(fail)?;
            print!("{}", pairings::text(&list, &c));
        }
    }
    Ok(())
}
