//! Qisai's operations as JSON, for the front ends that are not the CLI: the desktop
//! shell calls [`call`] from a Tauri command, `qisai serve` from an HTTP handler. One
//! operation is a name (`entrants.add`) and a JSON object of arguments; the answer is
//! JSON, or an [`ApiError`] that says what was wrong. Every operation is one service
//! use case, so a refused one changes nothing.

mod args;
mod ops;

use std::path::PathBuf;

use messages::{Explain, Message, msg};
use service::{AutoBackup, BackupPolicy, Event};

pub use ops::{OPERATIONS, Operation};

/// The open event (if any) of one window or one server.
#[derive(Default)]
pub struct Session {
    event: Option<Event>,
    path: Option<PathBuf>,
    /// When set, the only file this session may create or open (`qisai serve FILE`).
    pinned: Option<PathBuf>,
    /// Automatic backups beside the open event, when the front end keeps them.
    backups: Option<AutoBackup>,
}

impl Session {
    pub fn new() -> Session {
        Session::default()
    }

    /// A session tied to one file: `event.create` and `event.open` use it whatever
    /// path they are given. Opens the file if it exists.
    pub fn pinned(path: PathBuf) -> Result<Session, ApiError> {
        let mut session = Session {
            pinned: Some(path.clone()),
            ..Session::default()
        };
        if Event::exists(&path).map_err(ApiError::from)? {
            session.event = Some(Event::open(&path).map_err(ApiError::from)?);
            session.path = Some(path);
        }
        Ok(session)
    }

    /// Keeps automatic backups of the open event (and of any opened later): one now,
    /// then after changes as `policy` says.
    pub fn set_backups(&mut self, policy: BackupPolicy) {
        self.backups = Some(AutoBackup::new(policy));
        self.refresh_backup();
    }

    /// A backup failing (a full disk) must not refuse the change it follows: the change
    /// is saved, and the next change tries again.
    fn refresh_backup(&self) {
        if let (Some(backups), Some(event)) = (&self.backups, &self.event) {
            let _ = backups.refresh(event);
        }
    }

    pub fn path(&self) -> Option<&PathBuf> {
        self.path.as_ref()
    }

    fn event(&self) -> Result<&Event, ApiError> {
        self.event.as_ref().ok_or_else(ApiError::no_event)
    }

    fn event_mut(&mut self) -> Result<&mut Event, ApiError> {
        self.event.as_mut().ok_or_else(ApiError::no_event)
    }
}

/// Why an operation was refused; nothing was changed.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ApiError {
    /// `unknown_operation`, `bad_arguments`, `no_event`, `refused` (the event's rules
    /// or the input said no), `disagreement` (the game record's verdict is not the
    /// typed result: send it again with `force` to keep it), `read_only` (the event is
    /// on read-only media), `locked` (another program is changing it), `disk_full`,
    /// `not_writable` (a new file cannot be made there), `competition_needed` (the event
    /// holds several competitions and the call names none: `competition` beside its
    /// arguments), or `failed` (the file could not be read or written otherwise). `details.path`
    /// names the file for the file's faults.
    pub code: &'static str,
    /// What went wrong as a message of the one catalogue (`{code, params}`): each
    /// front end words it in its reader's language.
    pub reason: Message,
    /// The reason in English, for logs and developers.
    pub message: String,
    /// What a front end needs to act on the error: for `disagreement`,
    /// `{record, record_zh, typed}`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub details: Option<Box<serde_json::Value>>,
}

impl ApiError {
    pub(crate) fn new(code: &'static str, reason: Message) -> ApiError {
        ApiError {
            code,
            message: reason.to_string(),
            reason,
            details: None,
        }
    }

    /// The file could not be read or written.
    pub fn failed(why: impl Into<String>) -> ApiError {
        ApiError::new("failed", msg!("api.failed", why = why.into()))
    }

    fn no_event() -> ApiError {
        ApiError::new("no_event", msg!("api.no_event"))
    }

    /// Arguments a front end should not have sent (a missing or malformed field).
    pub fn bad_arguments(why: Message) -> ApiError {
        ApiError::new("bad_arguments", msg!("api.bad_arguments", why = why))
    }

    /// A field whose value is none of those it takes.
    pub fn one_of(field: &str, value: &str, allowed: &[&str]) -> ApiError {
        let allowed: Vec<String> = allowed.iter().map(|a| a.to_string()).collect();
        ApiError::bad_arguments(msg!(
            "api.arg.one_of",
            field = field,
            value = value,
            allowed = allowed
        ))
    }

    /// The caller may not do this (`qisai serve`'s roles and tokens): code `denied`.
    pub fn denied(reason: Message) -> ApiError {
        ApiError::new("denied", reason)
    }

    /// The server has no room for this now (too many listeners): code `busy`; try again.
    pub fn busy(reason: Message) -> ApiError {
        ApiError::new("busy", reason)
    }

    /// Arguments a person typed that the core refused (a score, a tiebreak name).
    pub fn refused(e: &impl Explain) -> ApiError {
        ApiError::new("refused", e.message())
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl From<service::ServiceError> for ApiError {
    fn from(e: service::ServiceError) -> ApiError {
        use service::ServiceError::*;
        let code = match &e {
            Disagreement { .. } => "disagreement",
            Store(store::StoreError::ReadOnly(_)) => "read_only",
            Store(store::StoreError::Locked(_)) => "locked",
            Store(store::StoreError::DiskFull(_)) => "disk_full",
            Store(store::StoreError::NotWritable(_)) => "not_writable",
            // An event of several competitions: the call names none.
            Store(store::StoreError::Unchosen { .. }) => "competition_needed",
            Store(
                store::StoreError::Rejected(_)
                | store::StoreError::Missing(_)
                | store::StoreError::Folder(_)
                | store::StoreError::Exists(_)
                | store::StoreError::NotAnEvent(_)
                | store::StoreError::Damaged(_)
                | store::StoreError::Newer { .. },
            ) => "refused",
            Store(_) | Io { .. } => "failed",
            Refused(_)
            | Csv { .. }
            | ControlCharacter { .. }
            | TooLong { .. }
            | Encoding { .. }
            | OutOfRange(_)
            | Lines { .. }
            | RoundOpen { .. }
            | Unpairable { .. } => "refused",
        };
        let details = match &e {
            Disagreement { record, typed } => {
                use messages::Lang::{En, Zh};
                Some(serde_json::json!({
                    "record": messages::render(record, En),
                    "record_zh": messages::render(record, Zh),
                    "typed": messages::render(typed, En),
                }))
            }
            Store(
                store::StoreError::ReadOnly(p)
                | store::StoreError::Locked(p)
                | store::StoreError::DiskFull(p)
                | store::StoreError::NotWritable(p),
            ) => Some(serde_json::json!({"path": p.display().to_string()})),
            Lines { file, errors } => Some(serde_json::json!({"file": file, "errors": errors})),
            RoundOpen { round, boards } => {
                Some(serde_json::json!({"round": round, "boards": boards}))
            }
            Unpairable { round, names, .. } => {
                Some(serde_json::json!({"round": round, "entrants": names}))
            }
            _ => None,
        };
        ApiError {
            details: details.map(Box::new),
            ..ApiError::new(code, e.message())
        }
    }
}

/// Runs one operation.
pub fn call(
    session: &mut Session,
    operation: &str,
    args: serde_json::Value,
) -> Result<serde_json::Value, ApiError> {
    let op = Operation::find(operation).ok_or_else(|| {
        ApiError::new(
            "unknown_operation",
            msg!("api.unknown_operation", operation = operation),
        )
    })?;
    let answer = run_in_competition(session, op, args)?;
    if op.writes {
        session.refresh_backup();
    }
    Ok(answer)
}

/// Runs `op` on the competition its arguments name (`"competition"`: a name or a
/// number, beside the operation's own), then puts the session's choice back: every
/// call stands alone, whichever page of the hall sent it.
fn run_in_competition(
    session: &mut Session,
    op: Operation,
    mut args: serde_json::Value,
) -> Result<serde_json::Value, ApiError> {
    let named = match &mut args {
        serde_json::Value::Object(map) => map.remove("competition"),
        _ => None,
    };
    let name = match named {
        None | Some(serde_json::Value::Null) => None,
        Some(serde_json::Value::String(name)) => Some(name),
        Some(serde_json::Value::Number(n)) => Some(n.to_string()),
        Some(_) => {
            return Err(ApiError::bad_arguments(msg!("api.arg.competition")));
        }
    };
    // A new or another event has competitions of its own.
    let own_event = !matches!(op.name, "event.create" | "event.open");
    let (Some(name), true) = (name, own_event) else {
        return ops::run(session, op, args);
    };
    let event = session.event()?;
    let before = event.choice();
    event.choose(&name)?;
    let answer = ops::run(session, op, args);
    if let Some(event) = &session.event {
        event.restore_choice(before);
    }
    answer
}

/// Operations that may share one commit with others that arrive with them (a burst of
/// results from the hall): each changes one board, and each is answered alone.
pub fn batchable(operation: &str) -> bool {
    matches!(operation, "results.record" | "hall.enter")
}

/// Runs several [`batchable`] operations as one commit on disk (group commit): each
/// succeeds or is refused alone, as [`call`] would; if the commit itself fails, none
/// was saved and each is answered with that failure.
pub fn call_batch(
    session: &mut Session,
    calls: Vec<(&str, serde_json::Value)>,
) -> Vec<Result<serde_json::Value, ApiError>> {
    let begun = session
        .event_mut()
        .and_then(|event| event.begin_batch().map_err(ApiError::from));
    if let Err(e) = begun {
        return calls.iter().map(|_| Err(e.clone())).collect();
    }
    let answers: Vec<_> = calls
        .into_iter()
        .map(|(operation, args)| match Operation::find(operation) {
            Some(op) if op.writes && batchable(op.name) => run_in_competition(session, op, args),
            _ => Err(ApiError::bad_arguments(msg!(
                "api.arg.no_batch",
                operation = operation
            ))),
        })
        .collect();
    let committed = session
        .event_mut()
        .and_then(|event| event.end_batch().map_err(ApiError::from));
    session.refresh_backup();
    match committed {
        Ok(()) => answers,
        Err(e) => answers.into_iter().map(|a| a.and(Err(e.clone()))).collect(),
    }
}

/// The sector arbiter a token belongs to in the session's event, if any: its name, and
/// its competition in an event of several.
pub fn arbiter_for_token(
    session: &Session,
    token: &str,
) -> Result<Option<(String, Option<String>)>, ApiError> {
    match &session.event {
        Some(event) => Ok(event
            .arbiter_with_token(token)?
            .map(|(a, competition)| (a.name, competition))),
        None => Ok(None),
    }
}

impl std::error::Error for ApiError {}
