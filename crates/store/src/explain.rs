//! What each fault of the event file means, as a message of the one catalogue.

use messages::{Explain, Message, msg};

use crate::StoreError;

impl Explain for StoreError {
    fn message(&self) -> Message {
        use StoreError::*;
        let path = |p: &std::path::Path| p.display().to_string();
        match self {
            Missing(p) => msg!("file.missing", path = path(p)),
            Folder(p) => msg!("file.folder", path = path(p)),
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
            Unchosen { names } if names.is_empty() => msg!("competition.none"),
            Unchosen { names } => msg!("competition.choose", names = names.join("、")),
            Address { address, why } => msg!("database.address", address = address, why = why),
            Database { address, why } => msg!("database.failed", address = address, why = why),
            NoEvent(address) => msg!("database.no_event", address = address),
            EventExists(address) => msg!("database.event_exists", address = address),
        }
    }
}

/// A row as a person finds it with sqlite3: its table and key columns as stored.
fn row_text(row: &crate::rows::RowId) -> String {
    use crate::rows::RowKey::*;
    let comp = row.competition;
    match row.key {
        Heading => "heading(id=1)".to_string(),
        Event => format!("event(comp={comp})"),
        Entrant(id) => format!("entrant(comp={comp}, id={id})"),
        Stage(idx) => format!("stage(comp={comp}, idx={idx})"),
        Grp(stage, idx) => format!("grp(comp={comp}, stage={stage}, idx={idx})"),
        GameMatch(stage, grp, round, board) => format!(
            "game_match(comp={comp}, stage={stage}, grp={grp}, round={round}, board={board})"
        ),
    }
}

impl Explain for crate::LogFinding {
    fn message(&self) -> Message {
        use crate::LogFinding::*;
        match self {
            BadEntry { entry } => msg!("check.log.bad_entry", row = format!("audit(id={entry})")),
            Changed { row } => msg!("check.log.changed", row = row_text(row)),
            Deleted { row } => msg!("check.log.deleted", row = row_text(row)),
            Unlogged { row } => msg!("check.log.unlogged", row = row_text(row)),
        }
    }
}
