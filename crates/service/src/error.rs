use std::path::PathBuf;

use messages::{Explain, Message, Param, msg};

/// Why a use case refused; nothing was changed. Every refusal says what it means as
/// a [`Message`] of the one catalogue ([`Explain`]); `Display` is its English.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    #[error(transparent)]
    Store(#[from] store::StoreError),
    /// The event's rules or the input said no.
    #[error("{0}")]
    Refused(Message),
    /// The game record's verdict is not the typed result; `force` keeps the typed one.
    #[error("{}", self.message())]
    Disagreement {
        /// The record's verdict.
        record: Message,
        /// The result as typed (and the game length, when that is what differs).
        typed: Message,
    },
    /// One line of an entry list, naming its column (the header as written, or what
    /// the column is).
    #[error("{}", self.message())]
    Csv {
        file: String,
        line: usize,
        column: usize,
        field: Param,
        why: Box<Message>,
    },
    /// A text field holds a newline, a terminal escape or another control character.
    #[error("{}", self.message())]
    ControlCharacter {
        field: crate::clean::TextField,
        character: char,
    },
    /// A text field longer than it may be.
    #[error("{}", self.message())]
    TooLong {
        field: crate::clean::TextField,
        max: usize,
    },
    /// An entry list in neither UTF-8 nor GBK (Latin-1, Big5, a damaged file).
    #[error("{}", self.message())]
    Encoding { file: String, line: usize },
    #[error("{}", self.message())]
    OutOfRange(#[from] tournament::OutOfRange),
    /// A Swiss round cannot be paired before the one before is complete: the boards
    /// still without a result.
    #[error("{}", self.message())]
    RoundOpen { round: u32, boards: Vec<u32> },
    /// No pairing of a round keeps the rules for these entrants.
    #[error("{}", self.message())]
    Unpairable {
        round: u32,
        names: Vec<String>,
        three_same: bool,
    },
    /// An entry list with bad lines: every one of them, and nothing imported.
    #[error("{}", self.message())]
    Lines {
        file: String,
        errors: Vec<crate::ImportError>,
    },
    #[error("{}", self.message())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
}

impl Explain for ServiceError {
    fn message(&self) -> Message {
        use ServiceError::*;
        match self {
            Store(e) => e.message(),
            Refused(m) => m.clone(),
            Disagreement { record, typed } => msg!(
                "result.disagreement",
                record = record.clone(),
                typed = typed.clone()
            ),
            Csv {
                file,
                line,
                column,
                field,
                why,
            } => msg!(
                "import.line",
                file = file,
                line = *line,
                column = *column,
                field = field.clone(),
                why = (**why).clone()
            ),
            ControlCharacter { field, character } => msg!(
                "text.control_character",
                field = field.words(),
                character = character.escape_unicode().to_string()
            ),
            TooLong { field, max } => msg!("text.too_long", field = field.words(), max = *max),
            Encoding { file, line } => msg!("import.encoding", file = file, line = *line),
            OutOfRange(r) => r.message(),
            RoundOpen { round, boards } => {
                msg!("round.open", round = *round, boards = boards.as_slice())
            }
            Unpairable {
                round,
                names,
                three_same: false,
            } => msg!(
                "round.unpairable_names",
                round = *round,
                names = names.clone()
            ),
            Unpairable { round, names, .. } => {
                msg!(
                    "round.unpairable_three_same",
                    round = *round,
                    names = names.clone()
                )
            }
            Lines { file, errors } => {
                // A file of a million bad lines is told by its first few and the count.
                let lines = errors
                    .iter()
                    .take(LINES_SHOWN)
                    .map(crate::ImportError::line_message)
                    .collect::<Vec<_>>();
                match errors.len() > LINES_SHOWN {
                    false => msg!(
                        "import.lines",
                        file = file,
                        count = errors.len(),
                        lines = lines
                    ),
                    true => msg!(
                        "import.lines_first",
                        file = file,
                        count = errors.len(),
                        shown = LINES_SHOWN,
                        lines = lines
                    ),
                }
            }
            Io { path, source } => {
                msg!("file.io", path = path.display().to_string(), why = source)
            }
        }
    }
}

/// The bad lines of an import listed by name; the rest are counted.
pub const LINES_SHOWN: usize = 50;

impl ServiceError {
    /// A refusal saying `message`.
    pub fn refused(message: Message) -> ServiceError {
        ServiceError::Refused(message)
    }

    /// A refusal of the core, as it explains itself.
    pub fn explained(e: &impl Explain) -> ServiceError {
        ServiceError::Refused(e.message())
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

/// The core's refusals become the service's, keeping what they mean.
macro_rules! refusals {
    ($($t:ty),*) => {$(
        impl From<$t> for ServiceError {
            fn from(e: $t) -> ServiceError {
                ServiceError::explained(&e)
            }
        }
    )*};
}
refusals!(
    tournament::ResultError,
    tournament::play::EntryError,
    tournament::ScoringError,
    tournament::ParsePointsError,
    tournament::team::LineupError,
    tournament::swiss::LateEntryError,
    tournament::swiss::AwayError
);

impl From<tournament::SettingsError> for ServiceError {
    fn from(e: tournament::SettingsError) -> ServiceError {
        match e {
            tournament::SettingsError::OutOfRange(r) => ServiceError::OutOfRange(r),
            other => ServiceError::explained(&other),
        }
    }
}

impl From<tournament::StageError> for ServiceError {
    fn from(e: tournament::StageError) -> ServiceError {
        match e {
            tournament::StageError::Settings(s) => s.into(),
            other => ServiceError::explained(&other),
        }
    }
}

pub type Result<T> = std::result::Result<T, ServiceError>;
