//! Opening, creating and changing an event file. Every change is one immediate
//! transaction: the model is loaded, changed, and the changed rows written together
//! with their audit entry, or nothing is.

use std::cell::RefCell;
use std::path::{Path, PathBuf};

use rusqlite::{Connection, OpenFlags, OptionalExtension, TransactionBehavior, params};
use tournament::{Competition, Entrant, Match};

use crate::StoreError;
use crate::clock::now;
use crate::rows::{Change, EventRow, GroupRow, RowKey, StageRow, assemble, diff};
use crate::schema::{APPLICATION_ID, VERSION, migrate};

pub struct EventFile {
    conn: Connection,
    path: PathBuf,
    /// The event as last read or written, with the `data_version` it was read at: a
    /// read costs a clone instead of parsing every row, and a commit by any other
    /// connection (another program on the same file) changes the version.
    cache: RefCell<Option<(i64, Competition)>>,
}

fn data_version(conn: &Connection) -> Result<i64, StoreError> {
    Ok(conn.pragma_query_value(None, "data_version", |r| r.get(0))?)
}

/// The event, from the cache when nothing was committed since it was filled.
fn cached_load(
    cache: &RefCell<Option<(i64, Competition)>>,
    conn: &Connection,
) -> Result<Competition, StoreError> {
    let version = data_version(conn)?;
    if let Some((v, c)) = cache.borrow().as_ref()
        && *v == version
    {
        return Ok(c.clone());
    }
    let fresh = load(conn)?;
    *cache.borrow_mut() = Some((version, fresh.clone()));
    Ok(fresh)
}

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

fn configure(conn: &Connection) -> rusqlite::Result<()> {
    conn.busy_timeout(std::time::Duration::from_secs(10))?;
    conn.pragma_update(None, "foreign_keys", true)?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    // Durable commits: a result the command reported is on disk.
    conn.pragma_update(None, "synchronous", "FULL")?;
    Ok(())
}

impl EventFile {
    /// Creates a new event file holding `competition`; refuses to overwrite a file.
    pub fn create(path: &Path, competition: &Competition) -> Result<EventFile, StoreError> {
        if path.exists() {
            return Err(StoreError::Exists(path.to_path_buf()));
        }
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_CREATE,
        )
        .map_err(|e| StoreError::sqlite(path, e))?;
        let mut file = EventFile {
            conn,
            path: path.to_path_buf(),
            cache: RefCell::new(None),
        };
        let result = (|| -> Result<(), StoreError> {
            configure(&file.conn)?;
            let tx = file
                .conn
                .transaction_with_behavior(TransactionBehavior::Immediate)?;
            tx.pragma_update(None, "application_id", APPLICATION_ID)?;
            migrate(&tx, 0)?;
            tx.commit()?;
            Ok(())
        })();
        if let Err(e) = result {
            drop(file);
            let _ = std::fs::remove_file(path);
            return Err(e);
        }
        file.change("new", &format!("创建赛事 {}", competition.name), |c| {
            *c = competition.clone();
            Ok::<(), StoreError>(())
        })?;
        Ok(file)
    }

    /// Opens an existing event file. A file that is not a Qisai event, or that a newer
    /// version wrote, is refused and left untouched.
    pub fn open(path: &Path) -> Result<EventFile, StoreError> {
        if !path.is_file() {
            return Err(StoreError::Missing(path.to_path_buf()));
        }
        let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_WRITE)
            .map_err(|e| StoreError::sqlite(path, e))?;
        // Read the header before changing anything (WAL mode writes to the file).
        let app: i32 = conn
            .pragma_query_value(None, "application_id", |r| r.get(0))
            .map_err(|_| StoreError::NotAnEvent(path.to_path_buf()))?;
        if app != APPLICATION_ID {
            return Err(StoreError::NotAnEvent(path.to_path_buf()));
        }
        let version: i32 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
        if version > VERSION {
            return Err(StoreError::Newer {
                path: path.to_path_buf(),
                found: version,
                supported: VERSION,
            });
        }
        configure(&conn)?;
        let mut file = EventFile {
            conn,
            path: path.to_path_buf(),
            cache: RefCell::new(None),
        };
        if version < VERSION {
            let tx = file
                .conn
                .transaction_with_behavior(TransactionBehavior::Immediate)?;
            migrate(&tx, version)?;
            tx.commit()?;
        }
        Ok(file)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The whole event as the tournament model.
    pub fn load(&self) -> Result<Competition, StoreError> {
        cached_load(&self.cache, &self.conn)
    }

    /// Runs one mutation as one transaction: loads the event, lets `edit` change it,
    /// writes the changed rows and an audit entry. If `edit` fails nothing is written.
    /// Returns what `edit` returned; a mutation that changes nothing is not logged.
    pub fn change<T, E: From<StoreError>>(
        &mut self,
        operation: &str,
        summary: &str,
        edit: impl FnOnce(&mut Competition) -> Result<T, E>,
    ) -> Result<T, E> {
        self.change_with(operation, |c| edit(c).map(|v| (v, summary.to_string())))
    }

    /// Like [`EventFile::change`], with the summary decided by the edit (e.g. naming a
    /// correction's previous result).
    pub fn change_with<T, E: From<StoreError>>(
        &mut self,
        operation: &str,
        edit: impl FnOnce(&mut Competition) -> Result<(T, String), E>,
    ) -> Result<T, E> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(StoreError::from)?;
        let empty = tx
            .query_row("SELECT count(*) FROM event", [], |r| r.get::<_, i64>(0))
            .map_err(StoreError::from)?
            == 0;
        let before = if empty {
            Competition::new(
                "",
                tournament::GameKind::Xiangqi,
                tournament::Scoring::xiangqi(),
            )
        } else {
            cached_load(&self.cache, &tx)?
        };
        let mut after = before.clone();
        let (value, summary) = edit(&mut after)?;
        let changes = diff(&before, &after);
        let write = || -> Result<(), StoreError> {
            if !changes.is_empty() {
                for change in &changes {
                    apply(&tx, &change.key, change.after.as_deref())?;
                }
                tx.execute(
                    "INSERT INTO audit (at, operation, summary, changes) VALUES (?1, ?2, ?3, ?4)",
                    params![now(), operation, summary, serde_json::to_string(&changes)?],
                )?;
            }
            Ok(())
        };
        write()?;
        tx.commit().map_err(StoreError::from)?;
        // Our own commit leaves data_version as it was: the cache now holds `after`.
        let version = data_version(&self.conn)?;
        *self.cache.borrow_mut() = Some((version, after));
        Ok(value)
    }

    /// Reverses the last mutation not yet undone, exactly; `None` when there is nothing
    /// left to undo (the event's creation is never undone).
    pub fn undo(&mut self) -> Result<Option<AuditEntry>, StoreError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let last = tx
            .query_row(
                "SELECT id, at, operation, summary, changes FROM audit
                 WHERE undone = 0 AND operation NOT IN ('undo', 'new') ORDER BY id DESC LIMIT 1",
                [],
                |r| {
                    Ok((
                        r.get::<_, i64>(0)?,
                        r.get::<_, String>(1)?,
                        r.get::<_, String>(2)?,
                        r.get::<_, String>(3)?,
                        r.get::<_, String>(4)?,
                    ))
                },
            )
            .optional()?;
        let Some((id, at, operation, summary, changes)) = last else {
            return Ok(None);
        };
        let changes: Vec<Change> = serde_json::from_str(&changes)?;
        let mut reversed = Vec::with_capacity(changes.len());
        for change in changes.iter().rev() {
            let current = read_row(&tx, &change.key)?;
            if current.as_deref() != change.after.as_deref() {
                return Err(StoreError::Corrupt(format!(
                    "cannot undo '{summary}': {:?} was changed outside the log",
                    change.key
                )));
            }
            apply(&tx, &change.key, change.before.as_deref())?;
            reversed.push(Change {
                key: change.key.clone(),
                before: change.after.clone(),
                after: change.before.clone(),
            });
        }
        self.cache.borrow_mut().take();
        tx.execute("UPDATE audit SET undone = 1 WHERE id = ?1", [id])?;
        tx.execute(
            "INSERT INTO audit (at, operation, summary, changes) VALUES (?1, 'undo', ?2, ?3)",
            params![
                now(),
                format!("撤销: {summary}"),
                serde_json::to_string(&reversed)?
            ],
        )?;
        tx.commit()?;
        Ok(Some(AuditEntry {
            id,
            at,
            operation,
            summary,
            undone: true,
            changes,
        }))
    }

    /// The audit log, oldest first.
    pub fn log(&self) -> Result<Vec<AuditEntry>, StoreError> {
        let mut stmt = self
            .conn
            .prepare("SELECT id, at, operation, summary, undone, changes FROM audit ORDER BY id")?;
        let rows = stmt.query_map([], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, String>(3)?,
                r.get::<_, bool>(4)?,
                r.get::<_, String>(5)?,
            ))
        })?;
        let mut out = Vec::new();
        for row in rows {
            let (id, at, operation, summary, undone, changes) = row?;
            out.push(AuditEntry {
                id,
                at,
                operation,
                summary,
                undone,
                changes: serde_json::from_str(&changes)?,
            });
        }
        Ok(out)
    }

    /// `PRAGMA integrity_check`: "ok" for a sound file.
    pub fn integrity_check(&self) -> Result<String, StoreError> {
        Ok(self
            .conn
            .query_row("PRAGMA integrity_check", [], |r| r.get(0))?)
    }
}

fn read_row(conn: &Connection, key: &RowKey) -> Result<Option<String>, StoreError> {
    let row = match *key {
        RowKey::Event => conn.query_row("SELECT data FROM event WHERE id = 1", [], |r| r.get(0)),
        RowKey::Entrant(id) => conn.query_row("SELECT data FROM entrant WHERE id = ?1", [id], |r| r.get(0)),
        RowKey::Stage(s) => conn.query_row("SELECT data FROM stage WHERE idx = ?1", [s], |r| r.get(0)),
        RowKey::Grp(s, g) => conn.query_row("SELECT data FROM grp WHERE stage = ?1 AND idx = ?2", [s, g], |r| r.get(0)),
        RowKey::GameMatch(s, g, r, b) => conn.query_row(
            "SELECT data FROM game_match WHERE stage = ?1 AND grp = ?2 AND round = ?3 AND board = ?4",
            [s, g, r, b],
            |row| row.get(0),
        ),
    };
    Ok(row.optional()?)
}

/// Writes a row (`Some`) or deletes it (`None`).
fn apply(conn: &Connection, key: &RowKey, data: Option<&str>) -> Result<(), StoreError> {
    match (key, data) {
        (RowKey::Event, Some(d)) => conn.execute("INSERT OR REPLACE INTO event (id, data) VALUES (1, ?1)", [d])?,
        (RowKey::Event, None) => conn.execute("DELETE FROM event", [])?,
        (RowKey::Entrant(id), Some(d)) => conn.execute("INSERT OR REPLACE INTO entrant (id, data) VALUES (?1, ?2)", params![id, d])?,
        (RowKey::Entrant(id), None) => conn.execute("DELETE FROM entrant WHERE id = ?1", [id])?,
        (RowKey::Stage(s), Some(d)) => conn.execute("INSERT OR REPLACE INTO stage (idx, data) VALUES (?1, ?2)", params![s, d])?,
        (RowKey::Stage(s), None) => conn.execute("DELETE FROM stage WHERE idx = ?1", [s])?,
        (RowKey::Grp(s, g), Some(d)) => {
            conn.execute("INSERT OR REPLACE INTO grp (stage, idx, data) VALUES (?1, ?2, ?3)", params![s, g, d])?
        }
        (RowKey::Grp(s, g), None) => conn.execute("DELETE FROM grp WHERE stage = ?1 AND idx = ?2", [s, g])?,
        (RowKey::GameMatch(s, g, r, b), Some(d)) => conn.execute(
            "INSERT OR REPLACE INTO game_match (stage, grp, round, board, data) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![s, g, r, b, d],
        )?,
        (RowKey::GameMatch(s, g, r, b), None) => conn.execute(
            "DELETE FROM game_match WHERE stage = ?1 AND grp = ?2 AND round = ?3 AND board = ?4",
            [s, g, r, b],
        )?,
    };
    Ok(())
}

fn load(conn: &Connection) -> Result<Competition, StoreError> {
    let event: String = conn
        .query_row("SELECT data FROM event WHERE id = 1", [], |r| r.get(0))
        .optional()?
        .ok_or_else(|| StoreError::Corrupt("the event row is missing".into()))?;
    let event: EventRow = serde_json::from_str(&event)?;
    let mut stmt = conn.prepare_cached("SELECT data FROM entrant ORDER BY id")?;
    let entrants = stmt
        .query_map([], |r| r.get::<_, String>(0))?
        .map(|row| Ok(serde_json::from_str::<Entrant>(&row?)?))
        .collect::<Result<Vec<_>, StoreError>>()?;
    let mut stmt = conn.prepare_cached("SELECT idx, data FROM stage ORDER BY idx")?;
    let stages = stmt
        .query_map([], |r| Ok((r.get::<_, u32>(0)?, r.get::<_, String>(1)?)))?
        .map(|row| {
            let (i, d) = row?;
            Ok((i, serde_json::from_str::<StageRow>(&d)?))
        })
        .collect::<Result<Vec<_>, StoreError>>()?;
    let mut stmt = conn.prepare_cached("SELECT stage, idx, data FROM grp ORDER BY stage, idx")?;
    let groups = stmt
        .query_map([], |r| {
            Ok((
                r.get::<_, u32>(0)?,
                r.get::<_, u32>(1)?,
                r.get::<_, String>(2)?,
            ))
        })?
        .map(|row| {
            let (s, g, d) = row?;
            Ok((s, g, serde_json::from_str::<GroupRow>(&d)?))
        })
        .collect::<Result<Vec<_>, StoreError>>()?;
    let mut stmt = conn.prepare_cached(
        "SELECT stage, grp, round, data FROM game_match ORDER BY stage, grp, round, board",
    )?;
    let matches = stmt
        .query_map([], |r| {
            Ok((
                r.get::<_, u32>(0)?,
                r.get::<_, u32>(1)?,
                r.get::<_, u32>(2)?,
                r.get::<_, String>(3)?,
            ))
        })?
        .map(|row| {
            let (s, g, round, d) = row?;
            Ok((s, g, round, serde_json::from_str::<Match>(&d)?))
        })
        .collect::<Result<Vec<_>, StoreError>>()?;
    assemble(event, entrants, stages, groups, matches)
}
