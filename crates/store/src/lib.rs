//! The event file of Qisai: one SQLite file per event (`*.qisai`), a rollback journal,
//! foreign keys on, the schema version in `PRAGMA user_version`. Every change is one transaction
//! with an audit entry holding the rows before and after, so `undo` reverses it
//! exactly. The file's schema is documented in `schema.rs`.
//!
//! An event may live in a PostgreSQL database instead (`pg/`: the same rows and log, for
//! events served by several machines); [`EventStore`] is either, named by an
//! [`Address`]. This crate touches SQLite and PostgreSQL and nothing else.
//!
//! The file is whole whenever a person can copy it: it is created under a temporary
//! name and linked into place complete (`publish.rs`), and each commit lands in the
//! file itself (no write-ahead log beside it).

mod address;
pub mod clock;
mod event_store;
mod explain;
mod fault;
mod file;
mod journal;
pub mod pg;
mod publish;
pub mod rows;
pub mod schema;

use std::path::PathBuf;

pub use address::{Address, PgAddress, is_database, redact};
pub use event_store::{EventStore, copy};
pub use file::{EventFile, LOCK_WAIT};
pub use journal::{AuditEntry, Dump, LogFinding, REFUSED, StoredEntry};

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
    /// An event address that cannot be read (`postgres://USER@HOST/DB?event=NAME`);
    /// `why` names the part that is wrong.
    #[error(
        "{address}: not an event address ({why}); write postgres://USER@HOST[:PORT]/DATABASE?event=NAME"
    )]
    Address { address: String, why: String },
    /// The database cannot be reached or refused a command.
    #[error("{address}: {why}")]
    Database { address: String, why: String },
    /// No event of that name in the database.
    #[error("{0}: the database holds no event of this name")]
    NoEvent(String),
    /// An event of that name is already in the database.
    #[error("{0}: the database already holds an event of this name; choose another name")]
    EventExists(String),
    /// The event holds no competition, or several and none was chosen: its names.
    #[error("choose a competition of the event: {names:?}")]
    Unchosen { names: Vec<String> },
    /// A refusal from the operation itself (bad input); nothing was written.
    #[error("{0}")]
    Rejected(String),
}
