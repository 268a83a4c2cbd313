//! What an event gives out: `standings`, `print`, `export`, `import`.

use messages::msg;
use serde_json::json;
use service::{Event, points_value};

use super::standings::{
    print_club_totals, print_explanations, print_final_ranking, print_members,
    print_rating_changes, print_standings,
};
use super::{
    ClubRuleArgs, CsvEncoding, ExportCommand, FileArg, ImportCommand, PaperKind, PrintArgs,
    PrintKind, StandingsArgs, fail, open, print_json, read, tell,
};
use crate::messages::say as word;
use crate::{Failure, Lang};

pub(super) fn standings(file: &FileArg, a: StandingsArgs, lang: Lang) -> Result<(), Failure> {
    let event = open(file)?;
    let value = |v: serde_json::Result<serde_json::Value>| v.unwrap_or_default();
    if a.ratings {
        let k = match a.k {
            Some(k) => service::parse_k(&k).map_err(fail)?,
            None => tournament::elo::KChoice::Fide,
        };
        let rows = event.rating_changes(a.stage, k).map_err(fail)?;
        match a.json {
            true => print_json(&value(serde_json::to_value(&rows))),
            false => print_rating_changes(&rows),
        }
    } else if let Some(who) = a.explain {
        let values = event.explain_entrant(a.stage, &who).map_err(fail)?;
        match a.json {
            true => print_json(&value(serde_json::to_value(&values))),
            false => print_explanations(&values, lang),
        }
    } else if a.clubs {
        let rule = club_rule(a.places.as_deref(), &a.club_rule)?;
        let rows = event.club_totals(&rule).map_err(fail)?;
        match a.json {
            true => print_json(&value(serde_json::to_value(&rows))),
            false => print_club_totals(&rows),
        }
    } else if a.places.is_some() || a.club_rule.best.is_some() || a.club_rule.points {
        return Err(Failure::usage(word(&msg!("cli.club_rule_needs_clubs"))));
    } else if a.final_ranking {
        let places = event.final_ranking().map_err(fail)?;
        match a.json {
            true => print_json(&value(serde_json::to_value(&places))),
            false => print_final_ranking(&places),
        }
    } else if a.boards {
        let tables = event.board_tables(a.stage).map_err(fail)?;
        if a.json {
            print_json(&value(serde_json::to_value(&tables)));
        } else {
            for t in &tables {
                tell(msg!("cli.board_heading", board = t.board));
                print_members(&t.rows);
            }
        }
    } else if a.players {
        let rows = event.individual_standings(a.stage).map_err(fail)?;
        match a.json {
            true => print_json(&value(serde_json::to_value(&rows))),
            false => print_members(&rows),
        }
    } else {
        let table = event.standings(a.stage).map_err(fail)?;
        match a.json {
            true => print_json(&standings_json(&table, lang)),
            false => print_standings(&table, lang, event.competition().map_err(fail)?.is_team()),
        }
    }
    Ok(())
}

/// How club totals count, as typed: place points (a list, or the default) or points,
/// of each club's best N entrants or all of them.
fn club_rule(places: Option<&str>, rule: &ClubRuleArgs) -> Result<service::ClubRule, Failure> {
    let scoring = match (rule.points, places) {
        (true, Some(_)) => return Err(Failure::usage(word(&msg!("cli.places_or_points")))),
        (true, None) => service::ClubScoring::Points,
        (false, Some(list)) => {
            service::ClubScoring::Places(service::parse_place_points(list).map_err(fail)?)
        }
        (false, None) => service::ClubScoring::Places(service::DEFAULT_PLACE_POINTS.to_vec()),
    };
    Ok(service::ClubRule {
        scoring,
        best: rule.best,
    })
}

/// Standings as scripts read them: `{"rank","shared_to","name","group","points",
/// "tiebreaks":[{"code","name","value"}…],"playoff","settled_by","undecided","withdrawn"}`.
fn standings_json(table: &service::StandingsView, lang: Lang) -> serde_json::Value {
    let rows = table
        .rows
        .iter()
        .map(|r| {
            let tiebreaks: Vec<serde_json::Value> = r
                .tiebreaks
                .iter()
                .map(|t| {
                    let value = t.value.parse::<f64>().map_or(serde_json::Value::Null, |v| {
                        if v.fract() == 0.0 { json!(v as i64) } else { json!(v) }
                    });
                    let name = if lang == Lang::En { t.name_en.clone() } else { t.name.clone() };
                    json!({"code": t.code, "name": name, "value": value})
                })
                .collect();
            json!({"rank": r.rank, "shared_to": r.shared_to, "name": r.name, "group": r.group, "points": r.points.map(points_value), "tiebreaks": tiebreaks, "playoff": r.playoff, "settled_by": r.settled_by, "undecided": r.undecided, "withdrawn": r.withdrawn})
        })
        .collect();
    serde_json::Value::Array(rows)
}

pub(super) fn export(file: &FileArg, command: ExportCommand) -> Result<(), Failure> {
    let event = open(file)?;
    match command {
        ExportCommand::Xlsx { workbook, lang } => {
            event
                .export_xlsx_file(&workbook, lang.words())
                .map_err(fail)?;
            println!("{}", workbook.display());
        }
        ExportCommand::Trf { output, stage } => {
            event.export_trf_file(&output, stage).map_err(fail)?;
            tell(msg!("trf.exported", path = output.display().to_string()));
        }
        ExportCommand::Csv {
            dir,
            encoding,
            lang,
        } => {
            let encoding = match encoding {
                CsvEncoding::Utf8 => report::Encoding::Utf8Bom,
                CsvEncoding::Gbk => report::Encoding::Gbk,
            };
            for path in event
                .export_csv(&dir, lang.words(), encoding)
                .map_err(fail)?
            {
                println!("{}", path.display());
            }
        }
    }
    Ok(())
}

pub(super) fn import(command: ImportCommand) -> Result<(), Failure> {
    let ImportCommand::Trf {
        source,
        dest,
        tiebreaks,
        fide_edition,
        scoring,
        json,
    } = command;
    let options = service::TrfImport {
        tiebreaks,
        edition: fide_edition,
        scoring,
    };
    let (_, imported) = Event::import_trf(&source, &dest, &options).map_err(fail)?;
    if json {
        let warnings: Vec<serde_json::Value> = imported
            .warnings
            .iter()
            .map(crate::messages::both_json)
            .collect();
        println!(
            "{}",
            json!({
                "file": dest.display().to_string(),
                "players": imported.players,
                "rounds": imported.rounds,
                "planned": imported.planned,
                "warnings": warnings,
            })
        );
        return Ok(());
    }
    for warning in &imported.warnings {
        eprintln!("{}", word(warning));
    }
    tell(msg!(
        "trf.imported",
        players = imported.players,
        rounds = imported.rounds,
        planned = imported.planned,
        path = dest.display().to_string()
    ));
    Ok(())
}

pub(super) fn print(file: &FileArg, a: PrintArgs, lang: Lang) -> Result<(), Failure> {
    if a.kind != PrintKind::Clubs && (a.club_rule.best.is_some() || a.club_rule.points) {
        return Err(Failure::usage(word(&msg!("cli.club_rule_needs_clubs"))));
    }
    let event = open(file)?;
    let set = match a.kind {
        PrintKind::Booklet => Some(service::SetDocument::Booklet),
        PrintKind::TableCards => Some(service::SetDocument::TableCards),
        PrintKind::Participants => Some(service::SetDocument::Participants),
        PrintKind::ResultsBook => Some(service::SetDocument::ResultsBook),
        PrintKind::PrizeReceipts => Some(service::SetDocument::PrizeReceipts),
        PrintKind::Clubs => Some(service::SetDocument::ClubTotals),
        _ => None,
    };
    let document = match a.kind {
        PrintKind::Pairings => service::Document::Pairings,
        PrintKind::Slips => service::Document::Slips,
        PrintKind::Crosstable => service::Document::Crosstable,
        PrintKind::WallChart => service::Document::WallChart,
        PrintKind::Boards => service::Document::Boards,
        PrintKind::Bracket => service::Document::Bracket,
        PrintKind::Ratings => service::Document::Ratings,
        _ => service::Document::Standings,
    };
    let setup = service::PageSetup {
        paper: match a.paper {
            PaperKind::A3 => service::Paper::A3,
            _ => service::Paper::A4,
        },
        landscape: a.landscape,
    };
    let options = service::PrintOptions {
        setup,
        lang: lang.words(),
    };
    let bytes = match set {
        Some(set) => {
            let regulations = match a.regulations {
                Some(path) => Some(xiangqi::text::decode(&read(&path)?).into_owned()),
                None => None,
            };
            let clubs = match a.kind {
                PrintKind::Clubs => Some(club_rule(a.places.as_deref(), &a.club_rule)?),
                _ => None,
            };
            let places =
                match (a.kind, a.places.as_deref()) {
                    (PrintKind::Clubs, _) | (_, None) => None,
                    (_, Some(n)) => Some(n.trim().parse::<u32>().map_err(|_| {
                        Failure::usage(word(&msg!("cli.places_count", places = n)))
                    })?),
                };
            event.print_set(
                set,
                service::SetRequest {
                    round: a.round,
                    regulations,
                    places,
                    clubs,
                    options,
                },
            )
        }
        None => event.print(
            document,
            service::PrintRequest {
                round: a.round,
                stage: a.stage,
                options,
            },
        ),
    }
    .map_err(fail)?;
    std::fs::write(&a.output, &bytes)
        .map_err(|e| Failure::usage(crate::messages::io_error(&a.output, &e)))?;
    println!("{}", a.output.display());
    Ok(())
}
