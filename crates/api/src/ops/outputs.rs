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
            let document = match a.document.as_str() {
                "pairings" => Document::Pairings,
                "slips" => Document::Slips,
                "standings" => Document::Standings,
                "crosstable" => Document::Crosstable,
                "wall_chart" => Document::WallChart,
                "boards" => Document::Boards,
                "bracket" => Document::Bracket,
                "ratings" => Document::Ratings,
                "booklet" | "table_cards" | "participants" | "results_book" | "prize_receipts"
                | "clubs" => Document::Standings,
                other => {
                    return Err(ApiError::one_of(
                        "document",
                        other,
                        &[
                            "pairings",
                            "slips",
                            "standings",
                            "crosstable",
                            "wall_chart",
                            "boards",
                            "bracket",
                            "ratings",
                            "booklet",
                            "table_cards",
                            "participants",
                            "results_book",
                            "prize_receipts",
                            "clubs",
                        ],
                    ));
                }
            };
            let mut options = PrintOptions {
                lang: lang(a.lang.clone())?,
                ..PrintOptions::default()
            };
            options.setup.paper = paper(a.paper.as_deref())?;
            options.setup.landscape = a.landscape;
            let set = match a.document.as_str() {
                "booklet" => Some(service::SetDocument::Booklet),
                "table_cards" => Some(service::SetDocument::TableCards),
                "participants" => Some(service::SetDocument::Participants),
                "results_book" => Some(service::SetDocument::ResultsBook),
                "prize_receipts" => Some(service::SetDocument::PrizeReceipts),
                "clubs" => Some(service::SetDocument::ClubTotals),
                _ => None,
            };
            let bytes = match set {
                Some(set) => session.event()?.print_set(
                    set,
                    service::SetRequest {
                        round: a.round,
                        regulations: a.regulations.clone(),
                        places: a.places,
                        clubs: Some(clubs.rule()?),
                        options,
                    },
                )?,
                None => session.event()?.print(
                    document,
                    PrintRequest {
                        round: a.round,
                        stage: a.stage,
                        options,
                    },
                )?,
            };
            let en = options.lang == Lang::En;
            let file_name = format!(
                "{}{}.pdf",
                a.document,
                a.round
                    .map(|r| if en {
                        format!("-round-{r}")
                    } else {
                        format!("-第{r}轮")
                    })
                    .unwrap_or_default()
            );
            Ok(json!({ "file_name": file_name, "base64": encode(&bytes) }))
        }
        other => Err(unknown(other)),
    }
}
