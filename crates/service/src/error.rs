use std::path::PathBuf;

/// Why a use case refused; nothing was changed.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    #[error(transparent)]
    Store(#[from] store::StoreError),
    #[error("{0}")]
    Input(String),
    /// The game record's verdict is not the typed result; `force` keeps the typed one.
    #[error("the record says {record}, not {typed}: check the result, or keep it with --force")]
    Disagreement {
        record: String,
        /// The record's verdict in Chinese.
        record_zh: String,
        typed: String,
    },
    #[error("{file}: line {line}, column {column} ({field}): {why}")]
    Csv {
        file: String,
        line: usize,
        column: usize,
        field: String,
        why: String,
    },
    /// A text field holds a newline, a terminal escape or another control character.
    #[error("{field}: the control character {character:?} cannot be part of it")]
    ControlCharacter {
        field: crate::clean::TextField,
        character: char,
    },
    /// An entry list in neither UTF-8 nor GBK (Latin-1, Big5, a damaged file).
    #[error(
        "{file}: line {line} is neither UTF-8 nor GBK text; save the file as UTF-8 (\"CSV UTF-8\" in Excel) and import it again"
    )]
    Encoding { file: String, line: usize },
    #[error(transparent)]
    OutOfRange(#[from] tournament::OutOfRange),
    /// A team line-up that cannot be played, naming the team and the board.
    #[error(transparent)]
    Lineup(#[from] tournament::team::LineupError),
    /// A Swiss round cannot be paired before the one before is complete: the boards
    /// still without a result.
    #[error("round {round} is not complete: {} no result yet", open_boards(boards))]
    RoundOpen { round: u32, boards: Vec<u32> },
    /// No pairing of a round keeps the rules for these entrants.
    #[error(
        "round {round} cannot be paired without a rematch{}: {} (pair them by hand with 'qisai pairing set')",
        if *three_same { " or a third colour in a row" } else { "" },
        names.join("、")
    )]
    Unpairable {
        round: u32,
        names: Vec<String>,
        three_same: bool,
    },
    /// A Swiss round's pairing cannot change, or a Swiss stage cannot be played as set:
    /// worded by each front end from its parts.
    #[error(transparent)]
    Swiss(#[from] SwissRefusal),
    /// An entry list with bad lines: every one of them, and nothing imported.
    #[error("{file}: {} lines cannot be imported, so nothing was imported:{}", errors.len(), lines(errors))]
    Lines {
        file: String,
        errors: Vec<crate::ImportError>,
    },
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// What a Swiss stage refuses, with its parts for the front ends' words.
#[derive(Debug, thiserror::Error)]
pub enum SwissRefusal {
    #[error("there is no round {0}")]
    NoRound(u32),
    #[error("round {round} has no board {board}")]
    NoBoard { round: u32, board: u32 },
    #[error("round {0} has results already: its pairings can no longer change")]
    RoundStarted(u32),
    #[error("{name} is not paired in round {round}")]
    NotInRound { name: String, round: u32 },
    #[error("{rounds} rounds for {entrants} entrants: nobody may meet twice")]
    TooManyRounds { rounds: u32, entrants: usize },
    #[error(transparent)]
    Late(#[from] tournament::swiss::LateEntryError),
    #[error(transparent)]
    Away(#[from] tournament::swiss::AwayError),
    #[error("no entrant '{0}': give a registration number or a name")]
    NoEntrant(String),
    #[error("'{0}' names several entrants: give the registration number")]
    SeveralEntrants(String),
}

fn open_boards(boards: &[u32]) -> String {
    let list: Vec<String> = boards.iter().map(u32::to_string).collect();
    match list.len() {
        1 => format!("board {} has", list[0]),
        _ => format!("boards {} have", list.join(", ")),
    }
}

fn lines(errors: &[crate::ImportError]) -> String {
    errors
        .iter()
        .map(|e| match e.line {
            0 => format!("\n  {}", e.message),
            line => format!(
                "\n  line {line}, column {} ({}): {}",
                e.column, e.field, e.message
            ),
        })
        .collect()
}

impl ServiceError {
    pub fn input(message: impl Into<String>) -> ServiceError {
        ServiceError::Input(message.into())
    }
}

impl From<ServiceError> for store::StoreError {
    fn from(e: ServiceError) -> store::StoreError {
        match e {
            ServiceError::Store(s) => s,
            other => store::StoreError::Rejected(other.to_string()),
        }
    }
}

impl From<tournament::ParseResultError> for ServiceError {
    fn from(e: tournament::ParseResultError) -> ServiceError {
        ServiceError::Input(e.to_string())
    }
}

impl From<tournament::ForeignResult> for ServiceError {
    fn from(e: tournament::ForeignResult) -> ServiceError {
        ServiceError::Input(e.to_string())
    }
}

impl From<tournament::play::EntryError> for ServiceError {
    fn from(e: tournament::play::EntryError) -> ServiceError {
        ServiceError::Input(e.to_string())
    }
}

impl From<tournament::SettingsError> for ServiceError {
    fn from(e: tournament::SettingsError) -> ServiceError {
        match e {
            tournament::SettingsError::OutOfRange(r) => ServiceError::OutOfRange(r),
            other => ServiceError::Input(other.to_string()),
        }
    }
}

impl From<tournament::StageError> for ServiceError {
    fn from(e: tournament::StageError) -> ServiceError {
        use tournament::StageError as E;
        match e {
            E::Settings(s) => s.into(),
            E::NoRound(r) => SwissRefusal::NoRound(r).into(),
            E::NoBoard { round, board } => SwissRefusal::NoBoard { round, board }.into(),
            E::RoundStarted(r) => SwissRefusal::RoundStarted(r).into(),
            E::TooManyRounds { rounds, entrants } => {
                SwissRefusal::TooManyRounds { rounds, entrants }.into()
            }
            other => ServiceError::Input(other.to_string()),
        }
    }
}

pub type Result<T> = std::result::Result<T, ServiceError>;
