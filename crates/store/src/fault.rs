//! Turning SQLite's and the file system's failures into what happened to the file:
//! full disk, read-only media, another program's lock, a damaged file.

use std::path::Path;

use rusqlite::ErrorCode;

use crate::StoreError;

fn code(e: &rusqlite::Error) -> Option<ErrorCode> {
    match e {
        rusqlite::Error::SqliteFailure(f, _) => Some(f.code),
        _ => None,
    }
}

/// A SQLite failure while reading or writing `path`, named by what it means.
pub(crate) fn sqlite(path: &Path, e: rusqlite::Error) -> StoreError {
    let path = path.to_path_buf();
    match code(&e) {
        Some(ErrorCode::DiskFull) => StoreError::DiskFull(path),
        Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => StoreError::Locked(path),
        Some(ErrorCode::ReadOnly) => StoreError::ReadOnly(path),
        Some(ErrorCode::NotADatabase | ErrorCode::DatabaseCorrupt) => StoreError::Damaged(path),
        _ => StoreError::Open { path, source: e },
    }
}

/// A failure to write: a folder that cannot take the journal (`CANTOPEN`) is read-only
/// media too.
pub(crate) fn write(path: &Path, e: StoreError) -> StoreError {
    match e {
        StoreError::Sqlite(e) if code(&e) == Some(ErrorCode::CannotOpen) => {
            StoreError::ReadOnly(path.to_path_buf())
        }
        StoreError::Sqlite(e) => sqlite(path, e),
        StoreError::Open { source, .. } if code(&source) == Some(ErrorCode::CannotOpen) => {
            StoreError::ReadOnly(path.to_path_buf())
        }
        other => other,
    }
}

/// Whether opening failed because the file or its folder cannot be written, so that
/// reading it read-only may still work.
pub(crate) fn wants_read_only(e: &rusqlite::Error) -> bool {
    matches!(
        code(e),
        Some(ErrorCode::CannotOpen | ErrorCode::ReadOnly | ErrorCode::PermissionDenied)
    )
}

/// Whether another connection holds a lock that stopped us.
pub(crate) fn is_locked(e: &rusqlite::Error) -> bool {
    matches!(
        code(e),
        Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked)
    )
}

/// A file-system failure on `path` (creating, syncing, linking).
pub(crate) fn io(path: &Path, e: std::io::Error) -> StoreError {
    use std::io::ErrorKind::*;
    let path = path.to_path_buf();
    match e.kind() {
        StorageFull | QuotaExceeded => StoreError::DiskFull(path),
        ReadOnlyFilesystem | PermissionDenied => StoreError::ReadOnly(path),
        _ => StoreError::Io { path, source: e },
    }
}

/// A failure to make a new file at `path`: a folder that refuses it is no read-only
/// event, just a place that cannot be written.
pub(crate) fn new_file(path: &Path, e: std::io::Error) -> StoreError {
    match io(path, e) {
        StoreError::ReadOnly(p) => StoreError::NotWritable(p),
        other => other,
    }
}
