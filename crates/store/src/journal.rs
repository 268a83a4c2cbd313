//! The audit log over any store of rows: a change writes the rows that differ and its
//! entry, an undo reverses the last entry exactly, and a check compares the rows with
//! what the log last wrote. The event file and the database keep rows and entries in
//! their own tables; this is what they share.

use std::collections::BTreeMap;

use tournament::Competition;

use crate::StoreError;
use crate::clock::now;
use crate::rows::{Change, EventModel, RowId, diff, diff_event};

/// One audit log entry.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct AuditEntry {
    pub id: i64,
    /// UTC, RFC 3339.
    pub at: String,
    pub operation: String,
    pub summary: String,
    pub undone: bool,
    pub changes: Vec<Change>,
}

/// An audit entry as stored, its changes as the text they were kept in (a copy carries
/// even an entry no command could have written, for `check` to find).
#[derive(Debug, Clone, PartialEq)]
pub struct StoredEntry {
    pub id: i64,
    pub at: String,
    pub operation: String,
    pub summary: String,
    pub undone: bool,
    pub changes: String,
}

/// A whole event as stored: its rows by key and its audit log, oldest first. What a
/// copy moves from one store to another.
#[derive(Debug, Clone, PartialEq)]
pub struct Dump {
    pub rows: BTreeMap<RowId, String>,
    pub log: Vec<StoredEntry>,
}

/// A store's rows and log inside one of its transactions.
pub(crate) trait Rows {
    fn read_row(&mut self, key: &RowId) -> Result<Option<String>, StoreError>;
    /// Writes a row (`Some`) or deletes it (`None`).
    fn apply(&mut self, key: &RowId, data: Option<&str>) -> Result<(), StoreError>;
    /// Appends an entry to the log.
    fn append(&mut self, entry: &StoredEntry) -> Result<(), StoreError>;
    /// Puts an entry with its own id into the log (a copied log).
    fn insert_entry(&mut self, entry: &StoredEntry) -> Result<(), StoreError>;
    /// The last entry that may be undone: not undone, not an undo, not the creation,
    /// not a refusal ([`REFUSED`]).
    fn last_undoable(&mut self) -> Result<Option<StoredEntry>, StoreError>;
    fn mark_undone(&mut self, id: i64) -> Result<(), StoreError>;
}

/// Writes the rows that differ between one competition `before` and `after`, with
/// their audit entry; nothing when nothing differs. Whether anything was written.
pub(crate) fn write_changes(
    rows: &mut impl Rows,
    competition: u32,
    before: &Competition,
    after: &Competition,
    operation: &str,
    summary: &str,
) -> Result<bool, StoreError> {
    let changes = diff(competition, Some(before), Some(after));
    write_logged(rows, changes, operation, summary)
}

/// Like [`write_changes`] for the whole event (its heading, competitions added or
/// removed).
pub(crate) fn write_event_changes(
    rows: &mut impl Rows,
    before: &EventModel,
    after: &EventModel,
    operation: &str,
    summary: &str,
) -> Result<bool, StoreError> {
    write_logged(rows, diff_event(before, after), operation, summary)
}

/// Writes row changes with their audit entry; nothing when there are none.
pub(crate) fn write_logged(
    rows: &mut impl Rows,
    changes: Vec<Change>,
    operation: &str,
    summary: &str,
) -> Result<bool, StoreError> {
    if changes.is_empty() {
        return Ok(false);
    }
    for change in &changes {
        rows.apply(&change.key, change.after.as_deref())?;
    }
    rows.append(&StoredEntry {
        id: 0,
        at: now(),
        operation: operation.to_string(),
        summary: summary.to_string(),
        undone: false,
        changes: serde_json::to_string(&changes)?,
    })?;
    Ok(true)
}

/// The operation of a log entry that changed nothing: a refusal worth keeping (a
/// correction refused). Never undone.
pub const REFUSED: &str = "refused";

/// Writes a log entry that changes no row (a refusal the log keeps).
pub(crate) fn write_note(rows: &mut impl Rows, summary: &str) -> Result<(), StoreError> {
    rows.append(&StoredEntry {
        id: 0,
        at: now(),
        operation: REFUSED.to_string(),
        summary: summary.to_string(),
        undone: false,
        changes: "[]".to_string(),
    })
}

/// Writes a new event: its rows and the log's first entry.
pub(crate) fn write_new_event(rows: &mut impl Rows, event: &EventModel) -> Result<(), StoreError> {
    let summary = messages::to_json(&messages::msg!("log.new", name = event.name()));
    write_event_changes(rows, &EventModel::default(), event, "new", &summary)?;
    Ok(())
}

/// Writes a copied event: its rows, parents first, and its log as it was.
pub(crate) fn restore(rows: &mut impl Rows, dump: &Dump) -> Result<(), StoreError> {
    let mut keys: Vec<&RowId> = dump.rows.keys().collect();
    keys.sort_by_key(|k| k.key.depth());
    for key in keys {
        rows.apply(key, dump.rows.get(key).map(String::as_str))?;
    }
    for entry in &dump.log {
        rows.insert_entry(entry)?;
    }
    Ok(())
}

/// Reverses the last entry not yet undone, refusing when a row it wrote was changed
/// outside the log; `None` when there is nothing left to undo.
pub(crate) fn undo_last(rows: &mut impl Rows) -> Result<Option<AuditEntry>, StoreError> {
    let Some(last) = rows.last_undoable()? else {
        return Ok(None);
    };
    let changes: Vec<Change> = serde_json::from_str(&last.changes)?;
    let mut reversed = Vec::with_capacity(changes.len());
    for change in changes.iter().rev() {
        let current = rows.read_row(&change.key)?;
        if current.as_deref() != change.after.as_deref() {
            return Err(StoreError::Corrupt(format!(
                "cannot undo '{}': {:?} was changed outside the log",
                last.summary, change.key
            )));
        }
        rows.apply(&change.key, change.before.as_deref())?;
        reversed.push(Change {
            key: change.key.clone(),
            before: change.after.clone(),
            after: change.before.clone(),
        });
    }
    rows.mark_undone(last.id)?;
    rows.append(&StoredEntry {
        id: 0,
        at: now(),
        operation: "undo".to_string(),
        summary: undo_summary(&last.summary),
        undone: false,
        changes: serde_json::to_string(&reversed)?,
    })?;
    Ok(Some(AuditEntry {
        id: last.id,
        at: last.at,
        operation: last.operation,
        summary: last.summary,
        undone: true,
        changes,
    }))
}

/// The log's line for an undo: the undone change's summary inside (a message, or the
/// text an older file kept).
fn undo_summary(summary: &str) -> String {
    let what = serde_json::from_str::<serde_json::Value>(summary)
        .ok()
        .filter(serde_json::Value::is_object)
        .unwrap_or_else(|| serde_json::Value::String(summary.to_string()));
    serde_json::json!({"code": "log.undo", "params": {"what": what}}).to_string()
}

/// The log as people read it; an entry whose changes are not the log's JSON is an error.
pub(crate) fn entries(log: Vec<StoredEntry>) -> Result<Vec<AuditEntry>, StoreError> {
    log.into_iter()
        .map(|e| {
            Ok(AuditEntry {
                id: e.id,
                at: e.at,
                operation: e.operation,
                summary: e.summary,
                undone: e.undone,
                changes: serde_json::from_str(&e.changes)?,
            })
        })
        .collect()
}

/// A row or an audit entry of the file that no command of Qisai wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LogFinding {
    /// An audit entry whose changes are not the JSON the log writes.
    BadEntry { entry: i64 },
    /// A row whose content differs from what the log last wrote to it.
    Changed { row: RowId },
    /// A row the log wrote that is gone from the file.
    Deleted { row: RowId },
    /// A row in the file that the log did not write (or had removed).
    Unlogged { row: RowId },
}

/// One audit entry as the check reads it: its id, whether it was undone and its
/// changes, `None` where the stored value is not what the log writes.
pub(crate) type CheckedEntry = (i64, Option<bool>, Option<Vec<Change>>);

/// What the rows hold that no command wrote: entries that are not the log's JSON, and
/// rows that differ from the log's last word on them. Empty when only Qisai wrote.
pub(crate) fn findings(
    log: impl IntoIterator<Item = CheckedEntry>,
    stored: &BTreeMap<RowId, String>,
) -> Vec<LogFinding> {
    let mut findings = Vec::new();
    // Each row as the log left it: the last entry's image (its `before` once undone).
    let mut logged: BTreeMap<RowId, Option<String>> = BTreeMap::new();
    for (entry, undone, changes) in log {
        let (Some(changes), Some(undone)) = (changes, undone) else {
            findings.push(LogFinding::BadEntry { entry });
            continue;
        };
        for change in changes {
            let image = if undone { change.before } else { change.after };
            logged.insert(change.key, image);
        }
    }
    for (key, image) in &logged {
        let finding = match (image, stored.get(key)) {
            (Some(a), Some(b)) if a == b => continue,
            (None, None) => continue,
            (Some(_), Some(_)) => LogFinding::Changed { row: key.clone() },
            (Some(_), None) => LogFinding::Deleted { row: key.clone() },
            (None, Some(_)) => LogFinding::Unlogged { row: key.clone() },
        };
        findings.push(finding);
    }
    for key in stored.keys().filter(|k| !logged.contains_key(k)) {
        findings.push(LogFinding::Unlogged { row: key.clone() });
    }
    findings
}
