//! The event file of Qisai: one SQLite file per event (`*.qisai`), WAL, foreign keys
//! on, the schema version in `PRAGMA user_version`. Every change is one transaction
//! with an audit entry holding the rows before and after, so `undo` reverses it
//! exactly. This crate touches SQLite and nothing else; the schema is documented in
//! `schema.rs`.

pub mod clock;
mod file;
pub mod rows;
pub mod schema;

use std::path::{Path, PathBuf};

pub use file::{AuditEntry, EventFile};

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("{0}: no such file")]
    Missing(PathBuf),
    #[error("{0}: a file is already there; choose another name")]
    Exists(PathBuf),
    #[error("{0}: not a Qisai event file")]
    NotAnEvent(PathBuf),
    #[error(
        "{path}: written by a newer Qisai (schema {found}, this version reads up to {supported}); the file was not changed"
    )]
    Newer {
        path: PathBuf,
        found: i32,
        supported: i32,
    },
    #[error("the event file is damaged: {0}")]
    Corrupt(String),
    #[error("{path}: {source}")]
    Open {
        path: PathBuf,
        source: rusqlite::Error,
    },
    #[error("database error: {0}")]
    Sqlite(#[from] rusqlite::Error),
    #[error("stored data could not be read: {0}")]
    Json(#[from] serde_json::Error),
    /// A refusal from the operation itself (bad input); nothing was written.
    #[error("{0}")]
    Rejected(String),
}

impl StoreError {
    pub(crate) fn sqlite(path: &Path, source: rusqlite::Error) -> StoreError {
        StoreError::Open {
            path: path.to_path_buf(),
            source,
        }
    }
}
