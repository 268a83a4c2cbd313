//! The event file of Qisai: one SQLite file per event (`*.qisai`), a rollback journal,
//! foreign keys on, the schema version in `PRAGMA user_version`. Every change is one transaction
//! with an audit entry holding the rows before and after, so `undo` reverses it
//! exactly. This crate touches SQLite and nothing else; the schema is documented in
//! `schema.rs`.
//!
//! The file is whole whenever a person can copy it: it is created under a temporary
//! name and linked into place complete (`publish.rs`), and each commit lands in the
//! file itself (no write-ahead log beside it).

pub mod clock;
mod explain;
mod fault;
mod file;
mod publish;
pub mod rows;
pub mod schema;

use std::path::PathBuf;

pub use file::{AuditEntry, EventFile, LOCK_WAIT, LogFinding};

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("{0}: no such file")]
    Missing(PathBuf),
    #[error("{0}: a folder, not an event file")]
    Folder(PathBuf),
    #[error("{0}: a file is already there; choose another name")]
    Exists(PathBuf),
    #[error("{0}: not a Qisai event file")]
    NotAnEvent(PathBuf),
    /// The path holds a file that is not a whole event: an interrupted creation or copy.
    #[error(
        "{0}: this file is not a whole Qisai event (an interrupted creation or copy?); move or delete it, then create the event again or open a backup"
    )]
    Damaged(PathBuf),
    #[error(
        "{path}: written by a newer Qisai (schema {found}, this version reads up to {supported}); the file was not changed"
    )]
    Newer {
        path: PathBuf,
        found: i32,
        supported: i32,
    },
    /// The file or its folder cannot be written (a CD, a write-protected stick, a shared
    /// folder): it can be read, and changed only as a copy somewhere writable.
    #[error(
        "{0}: the file is read-only (read-only media or folder); nothing was changed. Copy it to a writable folder and open the copy to make changes"
    )]
    ReadOnly(PathBuf),
    #[error("{0}: the disk is full; nothing was changed. Free some space and try again")]
    DiskFull(PathBuf),
    /// A new file (an event, a backup) cannot be written at this place.
    #[error("{0}: cannot write here (permission denied or read-only media); nothing was written")]
    NotWritable(PathBuf),
    /// Another program holds the file's write lock beyond [`LOCK_WAIT`].
    #[error(
        "{0}: another program has this event open and is changing it; nothing was changed. Try again in a moment"
    )]
    Locked(PathBuf),
    #[error("the event file is damaged: {0}")]
    Corrupt(String),
    #[error("{path}: {source}")]
    Open {
        path: PathBuf,
        source: rusqlite::Error,
    },
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("database error: {0}")]
    Sqlite(#[from] rusqlite::Error),
    #[error("stored data could not be read: {0}")]
    Json(#[from] serde_json::Error),
    /// A refusal from the operation itself (bad input); nothing was written.
    #[error("{0}")]
    Rejected(String),
}
