//! FIDE's tournament report files: `qisai import trf` makes an event of one,
//! `qisai export trf` writes a stage as one.

use std::path::Path;

use messages::{Message, Param, msg};
use tournament::tiebreak::fide::Edition;
use tournament::trf::{Field, ImportOptions, Problem, TrfError, WriteError};

use crate::{Event, Result, ServiceError};

/// What `qisai import trf` may set besides the file.
#[derive(Debug, Clone, Default)]
pub struct TrfImport {
    /// A tiebreak chain (`PTS,BH-C1,BH,SB`, Chinese names too).
    pub tiebreaks: Option<String>,
    /// `2026` (the default), `2024` or `2012`.
    pub edition: Option<String>,
    /// Another scale than the file's: `2-1-0`.
    pub scoring: Option<String>,
}

/// What an import brought in.
#[derive(Debug, Clone, serde::Serialize)]
pub struct TrfImported {
    pub players: usize,
    /// Rounds with pairings in the file.
    pub rounds: usize,
    /// Rounds planned (`XXR`), the stage's length.
    pub planned: u32,
    /// What the file says that the results do not bear out (its ranks).
    pub warnings: Vec<Message>,
}

fn field_words(field: Field) -> Param {
    Param::from(Message::new(match field {
        Field::StartNumber => "trf.field.start_number",
        Field::Sex => "trf.field.sex",
        Field::Rating => "trf.field.rating",
        Field::FideId => "trf.field.fide_id",
        Field::Points => "trf.field.points",
        Field::Rank => "trf.field.rank",
        Field::Opponent => "trf.field.opponent",
        Field::Colour => "trf.field.colour",
        Field::Result => "trf.field.result",
        Field::Scale => "trf.field.scale",
        Field::Rounds => "trf.field.rounds",
    }))
}

/// A file's problem as the organizer reads it, naming the line and column.
pub fn trf_message(file: &str, e: &TrfError) -> Message {
    let (line, column) = (e.line, e.column);
    match &e.problem {
        Problem::Unreadable { field, text } => msg!(
            "trf.unreadable",
            file = file,
            line = line,
            column = column,
            field = field_words(*field),
            text = text.as_str()
        ),
        Problem::Duplicate(n) => msg!("trf.duplicate", file = file, line = line, number = *n),
        Problem::UnknownOpponent(n) => msg!(
            "trf.unknown_opponent",
            file = file,
            line = line,
            column = column,
            number = *n
        ),
        Problem::Disagrees {
            player,
            opponent,
            round,
        } => msg!(
            "trf.disagrees",
            file = file,
            line = line,
            column = column,
            player = *player,
            opponent = *opponent,
            round = *round
        ),
        Problem::Points {
            player,
            file: given,
            computed,
        } => msg!(
            "trf.points",
            file = file,
            line = line,
            column = column,
            player = *player,
            given = given.to_string(),
            computed = computed.to_string()
        ),
        Problem::Rank {
            player,
            file: given,
            computed,
        } => msg!(
            "trf.rank",
            file = file,
            line = line,
            player = *player,
            given = *given,
            computed = *computed
        ),
        Problem::NoPlayers => msg!("trf.no_players", file = file),
    }
}

fn write_message(e: &WriteError) -> Message {
    match e {
        WriteError::NotIndividual => msg!("trf.export_individual"),
        WriteError::NotDrawn(stage) => msg!("stage.not_drawn", stage = *stage),
        WriteError::Format => msg!("trf.export_format"),
        WriteError::Groups(stage) => msg!("trf.export_groups", stage = *stage),
        WriteError::Matches(stage) => msg!("trf.export_matches", stage = *stage),
        WriteError::Result { round, board } => {
            msg!("trf.export_result", round = *round, board = *board)
        }
    }
}

/// Reads a report file: UTF-8, else Windows-1252 (what Swiss-Manager and Vega write).
fn read_text(path: &Path) -> Result<String> {
    let bytes = std::fs::read(path).map_err(|source| ServiceError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes);
    Ok(match std::str::from_utf8(bytes) {
        Ok(text) => text.to_string(),
        Err(_) => encoding_rs::WINDOWS_1252.decode(bytes).0.into_owned(),
    })
}

/// Reads an edition named as the handbook's year.
pub fn parse_edition(text: &str) -> Result<Edition> {
    text.parse()
        .map_err(|_| ServiceError::refused(msg!("trf.edition", text = text)))
}

impl Event {
    /// Makes a new event file at `dest` of the report file at `source`: its players,
    /// and one Swiss stage holding its rounds. A damaged file, or one whose points
    /// disagree with its results, is refused naming the line and column; nothing is
    /// written then.
    pub fn import_trf(
        source: &Path,
        dest: &Path,
        options: &TrfImport,
    ) -> Result<(Event, TrfImported)> {
        let name = source.display().to_string();
        let text = read_text(source)?;
        let refused = |e: &TrfError| ServiceError::refused(trf_message(&name, e));
        let file = tournament::trf::read(&text).map_err(|e| refused(&e))?;
        let edition = options
            .edition
            .as_deref()
            .map(parse_edition)
            .transpose()?
            .unwrap_or_default();
        let tiebreaks = options
            .tiebreaks
            .as_deref()
            .map(|t| {
                tournament::tiebreak::parse_chain_in(t, edition)
                    .map_err(|e| ServiceError::explained(&e))
            })
            .transpose()?;
        let scoring = options
            .scoring
            .as_deref()
            .map(|s| crate::parse_scoring(s, tournament::GameKind::Xiangqi, 2))
            .transpose()?;
        let imported = tournament::trf::to_competition(
            &file,
            &ImportOptions {
                tiebreaks,
                scoring,
                edition,
            },
        )
        .map_err(|e| refused(&e))?;
        let c = imported.competition;
        let summary = TrfImported {
            players: c.entrants.len(),
            rounds: c.stages[0].groups[0].rounds.len(),
            planned: c.stages[0]
                .settings
                .format
                .options::<tournament::swiss::SwissOptions>()
                .map_or(0, |o| o.rounds),
            warnings: imported
                .warnings
                .iter()
                .map(|w| trf_message(&name, w))
                .collect(),
        };
        let event = Event {
            file: store::EventStore::create(&store::Address::of(dest)?, &c)?,
        };
        Ok((event, summary))
    }

    /// The report file of a stage (the current one by default).
    pub fn export_trf(&self, stage: Option<usize>) -> Result<String> {
        let c = self.competition()?;
        let stage = crate::select::chosen_stage(&c, stage)?;
        tournament::trf::write(&c, stage).map_err(|e| ServiceError::refused(write_message(&e)))
    }

    /// Writes the report file of a stage to `path`.
    pub fn export_trf_file(&self, path: &Path, stage: Option<usize>) -> Result<()> {
        let text = self.export_trf(stage)?;
        std::fs::write(path, text).map_err(|source| ServiceError::Io {
            path: path.to_path_buf(),
            source,
        })
    }
}
