//! What an event gives out: exports and printouts.

use super::*;

pub(super) fn run(session: &mut Session, op: Operation, args: Value) -> Result<Value, ApiError> {
    match op.name {
        "export.zip" => {
            let a: ExportArgs = from_value(args)?;
            let bytes = session
                .event()?
                .export_zip(lang(a.lang)?, csv_encoding(a.encoding.as_deref())?)?;
            Ok(json!({"file_name": "event.zip", "base64": encode(&bytes)}))
        }
        "export.csv" => {
            let a: ExportArgs = from_value(args)?;
            let encoding = csv_encoding(a.encoding.as_deref())?;
            let files = session.event()?.export_csv_files(lang(a.lang)?, encoding)?;
            Ok(json!({
                "files": files.iter().map(|(name, bytes)| json!({"file_name": name, "base64": encode(bytes)})).collect::<Vec<_>>()
            }))
        }
        "export.xlsx" => {
            let a: LangArgs = from_value(args)?;
            let bytes = session.event()?.export_xlsx(lang(a.lang)?)?;
            Ok(json!({"file_name": "event.xlsx", "base64": encode(&bytes)}))
        }
        "print" => {
            let mut args = args;
            let clubs = ClubArgs::take(&mut args)?;
            let a: PrintArgs = from_value(args)?;
            let Some(&(_, printed)) = DOCUMENTS.iter().find(|(name, _)| *name == a.document) else {
                let names: Vec<&str> = DOCUMENTS.iter().map(|(name, _)| *name).collect();
                return Err(ApiError::one_of("document", &a.document, &names));
            };
            let mut options = PrintOptions {
                lang: lang(a.lang.clone())?,
                ..PrintOptions::default()
            };
            options.setup.paper = paper(a.paper.as_deref())?;
            options.setup.landscape = a.landscape;
            let bytes = match printed {
                Printed::Set(set) => session.event()?.print_set(
                    set,
                    service::SetRequest {
                        round: a.round,
                        regulations: a.regulations.clone(),
                        places: a.places,
                        clubs: Some(clubs.rule()?),
                        options,
                    },
                )?,
                Printed::Sheet(document) => session.event()?.print(
                    document,
                    PrintRequest {
                        round: a.round,
                        stage: a.stage,
                        options,
                    },
                )?,
            };
            let round = a.round.map(|round| {
                messages::render(
                    &messages::msg!("print.file_round", round = round),
                    options.lang,
                )
            });
            let file_name = format!("{}{}.pdf", a.document, round.unwrap_or_default());
            Ok(json!({ "file_name": file_name, "base64": encode(&bytes) }))
        }
        other => Err(unknown(other)),
    }
}

/// What `print` prints: a sheet of a stage or round, or a document of the print set.
#[derive(Clone, Copy)]
enum Printed {
    Sheet(Document),
    Set(service::SetDocument),
}

/// The documents `print` takes, by the name the API gives them.
const DOCUMENTS: &[(&str, Printed)] = &[
    ("pairings", Printed::Sheet(Document::Pairings)),
    ("slips", Printed::Sheet(Document::Slips)),
    ("standings", Printed::Sheet(Document::Standings)),
    ("crosstable", Printed::Sheet(Document::Crosstable)),
    ("wall_chart", Printed::Sheet(Document::WallChart)),
    ("boards", Printed::Sheet(Document::Boards)),
    ("bracket", Printed::Sheet(Document::Bracket)),
    ("ratings", Printed::Sheet(Document::Ratings)),
    ("booklet", Printed::Set(service::SetDocument::Booklet)),
    (
        "table_cards",
        Printed::Set(service::SetDocument::TableCards),
    ),
    (
        "participants",
        Printed::Set(service::SetDocument::Participants),
    ),
    (
        "results_book",
        Printed::Set(service::SetDocument::ResultsBook),
    ),
    (
        "prize_receipts",
        Printed::Set(service::SetDocument::PrizeReceipts),
    ),
    ("clubs", Printed::Set(service::SetDocument::ClubTotals)),
];
