//! What each fault of the event file means, as a message of the one catalogue.

use messages::{Explain, Message, msg};

use crate::StoreError;

impl Explain for StoreError {
    fn message(&self) -> Message {
        use StoreError::*;
        let path = |p: &std::path::Path| p.display().to_string();
        match self {
            Missing(p) => msg!("file.missing", path = path(p)),
            Exists(p) => msg!("file.exists", path = path(p)),
            NotAnEvent(p) => msg!("file.not_an_event", path = path(p)),
            Damaged(p) => msg!("file.damaged", path = path(p)),
            Newer {
                path: p,
                found,
                supported,
            } => msg!(
                "file.newer",
                path = path(p),
                found = i64::from(*found),
                supported = i64::from(*supported)
            ),
            ReadOnly(p) => msg!("file.read_only", path = path(p)),
            DiskFull(p) => msg!("file.disk_full", path = path(p)),
            NotWritable(p) => msg!("file.not_writable", path = path(p)),
            Locked(p) => msg!("file.locked", path = path(p)),
            Corrupt(why) => msg!("file.corrupt", why = why),
            Open { path: p, source } => {
                msg!("file.open", path = path(p), why = source.to_string())
            }
            Io { path: p, source } => msg!("file.io", path = path(p), why = source),
            Sqlite(e) => msg!("file.sqlite", why = e.to_string()),
            Json(e) => msg!("file.json", why = e.to_string()),
            Rejected(why) => msg!("file.rejected", why = why),
        }
    }
}
