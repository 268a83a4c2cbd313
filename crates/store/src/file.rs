//! Opening, creating and changing an event file. Every change is one immediate
//! transaction: the model is loaded, changed, and the changed rows written together
//! with their audit entry, or nothing is. Nothing is written before a change is
//! accepted: opening only reads, whatever journal mode the file is in.
//!
//! Files use a rollback journal: between commits the `.qisai` file is the whole event,
//! with nothing beside it to lose when it is copied, and reading needs no extra file
//! (read-only media, a full disk).

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use rusqlite::{Connection, MAIN_DB, OpenFlags, OptionalExtension, TransactionBehavior, params};
use tournament::Competition;

use crate::journal::{
    AuditEntry, Dump, LogFinding, Rows, StoredEntry, entries, findings, restore, undo_last,
    write_changes, write_event_changes, write_new_event, write_note,
};
use crate::publish::Draft;
use crate::rows::{Change, EventModel, EventRow, Heading, RowId, RowKey, assemble};
use crate::schema::{APPLICATION_ID, VERSION, migrate, read_as_current};
use crate::{StoreError, fault};

/// How long a command waits for another program's write lock before it gives up
/// and says so.
pub const LOCK_WAIT: Duration = Duration::from_secs(3);

pub struct EventFile {
    conn: Connection,
    path: PathBuf,
    /// Opened from read-only media or folder: reads work, every change is refused.
    read_only: bool,
    /// The competition commands act on: the event's only one unless one is chosen.
    current: std::cell::Cell<Option<u32>>,
    /// That competition as last read or written, with the `data_version` it was read
    /// at: a read costs a clone instead of parsing every row, and a commit by any other
    /// connection (another program on the same file) changes the version.
    cache: RefCell<Option<(i64, u32, Arc<Competition>)>>,
    /// Inside [`EventFile::begin_batch`]: each change is a savepoint of the one open
    /// transaction, committed together by [`EventFile::end_batch`].
    batch: bool,
}

fn data_version(conn: &Connection) -> Result<i64, StoreError> {
    Ok(conn.pragma_query_value(None, "data_version", |r| r.get(0))?)
}

/// A competition, from the cache when nothing was committed since it was filled:
/// shared, so that reading it twice (a command's view, then its output) reads and
/// copies it once.
fn cached_shared(
    cache: &RefCell<Option<(i64, u32, Arc<Competition>)>>,
    conn: &Connection,
    competition: u32,
) -> Result<Arc<Competition>, StoreError> {
    let version = data_version(conn)?;
    if let Some((v, id, c)) = cache.borrow().as_ref()
        && (*v, *id) == (version, competition)
    {
        return Ok(Arc::clone(c));
    }
    let mut fresh = load(conn, competition)?;
    fresh.number_boards_from(first_board(conn, competition, &fresh)?);
    let fresh = Arc::new(fresh);
    *cache.borrow_mut() = Some((version, competition, Arc::clone(&fresh)));
    Ok(fresh)
}

/// [`cached_shared`], as a copy of one's own.
fn cached_load(
    cache: &RefCell<Option<(i64, u32, Arc<Competition>)>>,
    conn: &Connection,
    competition: u32,
) -> Result<Competition, StoreError> {
    cached_shared(cache, conn, competition).map(Arc::unwrap_or_clone)
}

/// The hall board competition `comp` (`c`) numbers its boards from: after the blocks
/// of the competitions before it (read without reading them whole).
fn first_board(conn: &Connection, comp: u32, c: &Competition) -> Result<u32, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT e.data, (SELECT count(*) FROM entrant n WHERE n.comp = e.comp)
         FROM event e WHERE e.comp < ?1 ORDER BY e.comp",
    )?;
    let earlier = stmt
        .query_map([comp], |r| {
            Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?))
        })?
        .collect::<Result<Vec<_>, _>>()?;
    let mut blocks = Vec::with_capacity(earlier.len() + 1);
    for (data, entrants) in earlier {
        let row: EventRow = serde_json::from_str(&data)?;
        let table = row.tables.filter(|t| t.seats_individuals()).map(|t| t.size);
        let needed = tournament::hall::boards_needed(entrants as usize, table);
        blocks.push((row.first_board, needed));
    }
    blocks.push((c.first_board, c.boards_needed()));
    Ok(*tournament::hall::first_boards(&blocks).last().unwrap_or(&1))
}

/// Connection settings only: none of them writes to the file.
fn configure(conn: &Connection) -> rusqlite::Result<()> {
    conn.busy_timeout(LOCK_WAIT)?;
    conn.pragma_update(None, "foreign_keys", true)?;
    // Durable commits: a result the command reported is on disk.
    conn.pragma_update(None, "synchronous", "FULL")?;
    Ok(())
}

fn application_id(conn: &Connection) -> rusqlite::Result<i32> {
    conn.pragma_query_value(None, "application_id", |r| r.get(0))
}

/// Why a file could not be opened: a file with SQLite's header that SQLite cannot
/// read is damaged; any other file is not an event at all.
fn open_failure(path: &Path, e: rusqlite::Error) -> StoreError {
    if fault::is_locked(&e) {
        return StoreError::Locked(path.to_path_buf());
    }
    match fault::sqlite(path, e) {
        StoreError::Damaged(_) if !has_sqlite_header(path) => {
            StoreError::NotAnEvent(path.to_path_buf())
        }
        other => other,
    }
}

fn has_sqlite_header(path: &Path) -> bool {
    use std::io::Read;
    let mut header = [0u8; 16];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut header))
        .is_ok_and(|()| &header == b"SQLite format 3\0")
}

/// Opens for reading and writing where the medium allows it, otherwise read-only:
/// `(connection, read_only)`. On read-only media SQLite cannot make the shared-memory
/// index of a file an older Qisai left in WAL mode, so such a file is read as
/// immutable (nothing can change it there).
fn connect(path: &Path) -> Result<(Connection, bool), StoreError> {
    let writable = open_with(path, OpenFlags::SQLITE_OPEN_READ_WRITE);
    let first = match writable {
        Ok(conn) => {
            let read_only = conn.is_readonly(MAIN_DB)?;
            return Ok((conn, read_only));
        }
        Err(e) if fault::wants_read_only(&e) => e,
        Err(e) => return Err(open_failure(path, e)),
    };
    let immutable = format!("file:{}?immutable=1", uri_path(path));
    let attempts = [
        (
            path.to_string_lossy().into_owned(),
            OpenFlags::SQLITE_OPEN_READ_ONLY,
        ),
        (
            immutable,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_URI,
        ),
    ];
    for (target, flags) in attempts {
        if let Ok(conn) = open_with(&target, flags) {
            return Ok((conn, true));
        }
    }
    Err(open_failure(path, first))
}

/// A connection whose first read already waits [`LOCK_WAIT`] for another program's
/// lock, not rusqlite's default of five seconds.
/// A journal left by a process killed before it wrote the journal's header is not hot:
/// SQLite ignores it, but it stays beside the file until the next write. While the
/// reserved lock is ours no other connection is writing, so such a journal belongs to
/// nobody and is removed. A hot journal never reaches here: the first read rolled it
/// back. Nothing waits for a writer that is busy: the journal is then its own.
fn clear_dead_journal(conn: &Connection, path: &Path) {
    let mut name = path.as_os_str().to_owned();
    name.push("-journal");
    let journal = std::path::PathBuf::from(name);
    if !journal.exists() {
        return;
    }
    let _ = conn.busy_timeout(std::time::Duration::ZERO);
    if conn.execute_batch("BEGIN IMMEDIATE").is_ok() {
        let mut first = [0u8; 1];
        let dead = std::fs::File::open(&journal)
            .and_then(|mut f| std::io::Read::read(&mut f, &mut first))
            .is_ok_and(|read| read == 0 || first[0] == 0);
        if dead {
            let _ = std::fs::remove_file(&journal);
        }
        let _ = conn.execute_batch("COMMIT");
    }
    let _ = conn.busy_timeout(LOCK_WAIT);
}

/// A connection is used by one thread at a time (it is not `Sync`), so SQLite's own
/// per-call locking is left out, as rusqlite's default flags do: it was a twentieth of
/// reading a large event.
const ONE_THREAD: OpenFlags = OpenFlags::SQLITE_OPEN_NO_MUTEX;

fn open_with(target: impl AsRef<Path>, flags: OpenFlags) -> rusqlite::Result<Connection> {
    let conn = Connection::open_with_flags(target, flags | ONE_THREAD)?;
    conn.busy_timeout(LOCK_WAIT)?;
    application_id(&conn)?;
    Ok(conn)
}

/// A path as the path part of an SQLite `file:` URI.
fn uri_path(path: &Path) -> String {
    let mut out = String::new();
    for c in path.to_string_lossy().chars() {
        match c {
            '%' | '?' | '#' => out.push_str(&format!("%{:02X}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// A new file's whole content, written by `write` on a draft beside `path` and linked
/// into place complete, never over an existing file.
fn publish_new(
    path: &Path,
    write: impl FnOnce(&Path) -> Result<(), StoreError>,
) -> Result<EventFile, StoreError> {
    if path.symlink_metadata().is_ok() {
        return Err(what_is_there(path));
    }
    let draft = Draft::begin(path)?;
    write(draft.path()).map_err(|e| match fault::write(path, e) {
        StoreError::ReadOnly(p) => StoreError::NotWritable(p),
        other => other,
    })?;
    draft.publish(path).map_err(|e| match e {
        StoreError::Exists(_) => what_is_there(path),
        other => other,
    })?;
    EventFile::open(path)
}

/// Runs `fill` on a new file's schema in one transaction on the draft.
fn write_draft(
    draft: &Path,
    fill: impl FnOnce(&Connection) -> Result<(), StoreError>,
) -> Result<(), StoreError> {
    let mut conn =
        Connection::open_with_flags(draft, OpenFlags::SQLITE_OPEN_READ_WRITE | ONE_THREAD)?;
    configure(&conn)?;
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    tx.pragma_update(None, "application_id", APPLICATION_ID)?;
    migrate(&tx, 0)?;
    fill(&tx)?;
    tx.commit()?;
    conn.close().map_err(|(_, e)| e)?;
    Ok(())
}

/// A new event: its rows and the log's first entry.
fn write_new(draft: &Path, event: &EventModel) -> Result<(), StoreError> {
    write_draft(draft, |conn| write_new_event(&mut SqliteRows(conn), event))
}

/// A copied event: its rows (parents first) and its log, as they were.
fn write_dump(draft: &Path, dump: &Dump) -> Result<(), StoreError> {
    write_draft(draft, |conn| restore(&mut SqliteRows(conn), dump))
}

/// After a commit: a file that an older Qisai left in WAL mode has its log moved into
/// the file itself and goes back to a rollback journal, so that the `.qisai` file
/// alone is the whole event from now on. Another program holding the file open can
/// keep it in WAL mode; then the checkpoint still makes the file whole.
fn settle(conn: &Connection) {
    let mode: Option<String> = conn
        .pragma_query_value(None, "journal_mode", |r| r.get(0))
        .ok();
    if mode.as_deref() == Some("wal") {
        let _ = conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()));
        let _ = conn.pragma_update(None, "journal_mode", "DELETE");
    }
}

impl EventFile {
    /// Creates a new event file holding `event`, whole or not at all: it is written
    /// under a temporary name beside `path` and linked into place, never over an
    /// existing file.
    pub fn create_event(path: &Path, event: &EventModel) -> Result<EventFile, StoreError> {
        publish_new(path, |draft| write_new(draft, event))
    }

    /// Creates a new event file of one competition (see [`EventFile::create_event`]).
    pub fn create(path: &Path, competition: &Competition) -> Result<EventFile, StoreError> {
        EventFile::create_event(path, &EventModel::single(competition))
    }

    /// Opens an existing event file, read-only where the medium is. A file that is not
    /// a Qisai event, or that a newer version wrote, is refused and left untouched.
    pub fn open(path: &Path) -> Result<EventFile, StoreError> {
        match std::fs::metadata(path) {
            Ok(m) if m.is_file() && m.len() == 0 => {
                return Err(StoreError::Damaged(path.to_path_buf()));
            }
            Ok(m) if m.is_file() => {}
            Ok(m) if m.is_dir() => return Err(StoreError::Folder(path.to_path_buf())),
            _ => return Err(StoreError::Missing(path.to_path_buf())),
        }
        let (conn, read_only) = connect(path)?;
        let located = |e: rusqlite::Error| open_failure(path, e);
        if application_id(&conn).map_err(located)? != APPLICATION_ID {
            return Err(StoreError::NotAnEvent(path.to_path_buf()));
        }
        let version: i32 = conn
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .map_err(located)?;
        if version > VERSION {
            return Err(StoreError::Newer {
                path: path.to_path_buf(),
                found: version,
                supported: VERSION,
            });
        }
        configure(&conn).map_err(located)?;
        let mut file = EventFile {
            conn,
            path: path.to_path_buf(),
            read_only,
            current: std::cell::Cell::new(None),
            cache: RefCell::new(None),
            batch: false,
        };
        if version < VERSION && read_only {
            if !read_as_current(&file.conn, version).map_err(located)? {
                return Err(StoreError::ReadOnly(path.to_path_buf()));
            }
        } else if version < VERSION {
            let tx = file
                .conn
                .transaction_with_behavior(TransactionBehavior::Immediate)
                .map_err(located)?;
            migrate(&tx, version).map_err(located)?;
            tx.commit().map_err(located)?;
        }
        let ids = competition_ids(&file.conn).map_err(located)?;
        let has_heading = file
            .conn
            .query_row("SELECT count(*) FROM heading", [], |r| r.get::<_, i64>(0))
            .map_err(located)?
            == 1;
        if ids.is_empty() && !has_heading {
            return Err(StoreError::Damaged(path.to_path_buf()));
        }
        file.current.set(only(&ids));
        if !read_only {
            clear_dead_journal(&file.conn, path);
        }
        Ok(file)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether the file was opened read-only (read-only media or folder).
    pub fn is_read_only(&self) -> bool {
        self.read_only
    }

    /// The competition commands act on, as the tournament model.
    pub fn load(&self) -> Result<Competition, StoreError> {
        self.load_shared().map(Arc::unwrap_or_clone)
    }

    /// [`EventFile::load`] without a copy: for reading.
    pub fn load_shared(&self) -> Result<Arc<Competition>, StoreError> {
        let current = self.chosen()?;
        cached_shared(&self.cache, &self.conn, current).map_err(|e| fault::write(&self.path, e))
    }

    /// The competition commands act on; refused, naming the competitions, where the
    /// event holds none or several and none was chosen.
    fn chosen(&self) -> Result<u32, StoreError> {
        self.current
            .get()
            .ok_or_else(|| crate::rows::unchosen(self.load_event()))
    }

    /// Chooses the competition later commands act on (a number of [`EventModel`]).
    pub fn choose(&self, competition: Option<u32>) {
        self.current.set(competition);
    }

    /// The competition chosen, if any.
    pub fn current(&self) -> Option<u32> {
        self.current.get()
    }

    /// The whole event: its heading and every competition.
    pub fn load_event(&self) -> Result<EventModel, StoreError> {
        let read = || -> Result<EventModel, StoreError> {
            let heading = self
                .conn
                .query_row("SELECT data FROM heading WHERE id = 1", [], |r| {
                    r.get::<_, String>(0)
                })
                .optional()?
                .map(|h| serde_json::from_str::<Heading>(&h))
                .transpose()?;
            let mut competitions = BTreeMap::new();
            for id in competition_ids(&self.conn)? {
                competitions.insert(id, cached_load(&self.cache, &self.conn, id)?);
            }
            Ok(EventModel {
                heading,
                competitions,
            })
        };
        read().map_err(|e| fault::write(&self.path, e))
    }

    /// One change of the whole event (its heading, a competition added or removed) as
    /// one transaction, as [`EventFile::change_with`] for one competition.
    pub fn change_event<T, E: From<StoreError>>(
        &mut self,
        operation: &str,
        edit: impl FnOnce(&mut EventModel) -> Result<(T, String), E>,
    ) -> Result<T, E> {
        if self.read_only {
            return Err(StoreError::ReadOnly(self.path.clone()).into());
        }
        let path = self.path.clone();
        let located = |e: StoreError| fault::write(&path, e);
        // Read inside the write transaction: nobody changes the event in between.
        let tx = rusqlite::Transaction::new_unchecked(&self.conn, TransactionBehavior::Immediate)
            .map_err(|e| located(e.into()))?;
        let before = self.load_event()?;
        let before_ids: Vec<u32> = before.competitions.keys().copied().collect();
        let mut after = before.clone();
        let (value, summary) = edit(&mut after)?;
        write_event_changes(&mut SqliteRows(&tx), &before, &after, operation, &summary)
            .map_err(located)?;
        tx.commit().map_err(|e| located(e.into()))?;
        settle(&self.conn);
        self.cache.borrow_mut().take();
        let after_ids: Vec<u32> = after.competitions.into_keys().collect();
        self.current
            .set(kept_choice(self.current.get(), &before_ids, &after_ids));
        Ok(value)
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
        if self.read_only {
            return Err(StoreError::ReadOnly(self.path.clone()).into());
        }
        let current = self.chosen()?;
        let path = self.path.clone();
        let located = |e: StoreError| fault::write(&path, e);
        let cache = &self.cache;
        let run = |conn: &Connection| -> Result<(T, Competition), E> {
            let before = cached_shared(cache, conn, current).map_err(located)?;
            let mut after = Competition::clone(&before);
            let (value, summary) = edit(&mut after)?;
            // A stage added, or the first board fixed: numbered as a read would.
            let first = first_board(conn, current, &after).map_err(located)?;
            after.number_boards_from(first);
            let rows = &mut SqliteRows(conn);
            write_changes(rows, current, &before, &after, operation, &summary).map_err(located)?;
            Ok((value, after))
        };
        // One transaction, or within a batch one savepoint of the batch's transaction:
        // dropped unreleased (an error, a refusal) either rolls back.
        let (value, after) = if self.batch {
            let sp = self.conn.savepoint().map_err(|e| located(e.into()))?;
            let done = run(&sp)?;
            sp.commit().map_err(|e| located(e.into()))?;
            done
        } else {
            let tx = self
                .conn
                .transaction_with_behavior(TransactionBehavior::Immediate)
                .map_err(|e| located(e.into()))?;
            let done = run(&tx)?;
            tx.commit().map_err(|e| located(e.into()))?;
            settle(&self.conn);
            done
        };
        // Our own commit leaves data_version as it was: the cache now holds `after`.
        let version = data_version(&self.conn)?;
        *self.cache.borrow_mut() = Some((version, current, Arc::new(after)));
        Ok(value)
    }

    /// Keeps a refusal in the log (an entry that changes no row and is never undone),
    /// in its own transaction or the batch's.
    pub fn note(&mut self, summary: &str) -> Result<(), StoreError> {
        if self.read_only {
            return Err(StoreError::ReadOnly(self.path.clone()));
        }
        let path = self.path.clone();
        let located = |e: StoreError| fault::write(&path, e);
        if self.batch {
            let sp = self.conn.savepoint().map_err(|e| located(e.into()))?;
            write_note(&mut SqliteRows(&sp), summary).map_err(located)?;
            sp.commit().map_err(|e| located(e.into()))?;
        } else {
            let tx = self
                .conn
                .transaction_with_behavior(TransactionBehavior::Immediate)
                .map_err(|e| located(e.into()))?;
            write_note(&mut SqliteRows(&tx), summary).map_err(located)?;
            tx.commit().map_err(|e| located(e.into()))?;
            settle(&self.conn);
        }
        Ok(())
    }

    /// Starts a batch (group commit): the changes until [`EventFile::end_batch`] are
    /// one transaction on disk, each its own audit entry and each undone alone; a
    /// change that fails inside the batch leaves the others standing. Only changes
    /// ([`EventFile::change`]) may run inside it.
    pub fn begin_batch(&mut self) -> Result<(), StoreError> {
        if self.read_only {
            return Err(StoreError::ReadOnly(self.path.clone()));
        }
        // A batch that never ended (a panic in a change) is given up first.
        if !self.conn.is_autocommit() {
            let _ = self.conn.execute_batch("ROLLBACK");
            *self.cache.borrow_mut() = None;
        }
        self.conn
            .execute_batch("BEGIN IMMEDIATE")
            .map_err(|e| fault::write(&self.path, e.into()))?;
        self.batch = true;
        Ok(())
    }

    /// Commits the batch: every change in it is on disk, or (an error) none is.
    pub fn end_batch(&mut self) -> Result<(), StoreError> {
        self.batch = false;
        if let Err(e) = self.conn.execute_batch("COMMIT") {
            let _ = self.conn.execute_batch("ROLLBACK");
            // The cache may hold changes that were never written.
            *self.cache.borrow_mut() = None;
            return Err(fault::write(&self.path, e.into()));
        }
        settle(&self.conn);
        Ok(())
    }

    /// Reverses the last mutation not yet undone, exactly; `None` when there is nothing
    /// left to undo (the event's creation is never undone).
    pub fn undo(&mut self) -> Result<Option<AuditEntry>, StoreError> {
        if self.read_only {
            return Err(StoreError::ReadOnly(self.path.clone()));
        }
        let entry = self.undo_last().map_err(|e| fault::write(&self.path, e))?;
        settle(&self.conn);
        Ok(entry)
    }

    fn undo_last(&mut self) -> Result<Option<AuditEntry>, StoreError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let before = competition_ids(&tx)?;
        let undone = undo_last(&mut SqliteRows(&tx))?;
        if undone.is_some() {
            self.cache.borrow_mut().take();
            tx.commit()?;
            let after = competition_ids(&self.conn)?;
            self.current
                .set(kept_choice(self.current.get(), &before, &after));
        }
        Ok(undone)
    }

    /// Writes a consistent copy of the event to `destination` (SQLite's `VACUUM INTO`:
    /// a snapshot of the last commit, whatever is being written meanwhile), never over
    /// an existing file. Works on a read-only file too.
    pub fn backup_to(&self, destination: &Path) -> Result<(), StoreError> {
        if destination.symlink_metadata().is_ok() {
            return Err(StoreError::Exists(destination.to_path_buf()));
        }
        let draft = Draft::begin(destination)?;
        let target = draft
            .path()
            .to_str()
            .ok_or_else(|| {
                StoreError::Rejected(format!("{}: not a UTF-8 path", destination.display()))
            })?
            .to_string();
        self.conn
            .execute("VACUUM INTO ?1", [target])
            .map_err(|e| fault::sqlite(destination, e))?;
        draft.publish(destination)
    }

    /// The audit log, oldest first.
    pub fn log(&self) -> Result<Vec<AuditEntry>, StoreError> {
        entries(self.stored_log()?)
    }

    /// The audit log as stored, oldest first.
    fn stored_log(&self) -> Result<Vec<StoredEntry>, StoreError> {
        let mut stmt = self
            .conn
            .prepare("SELECT id, at, operation, summary, undone, changes FROM audit ORDER BY id")?;
        let rows = stmt.query_map([], stored_entry)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// What the file holds that no command wrote: audit entries that are not the log's
    /// JSON, and rows that differ from the log's last word on them (changed, deleted
    /// or added by hand with another program). Empty for a file only Qisai wrote.
    pub fn log_findings(&self) -> Result<Vec<LogFinding>, StoreError> {
        let mut log = Vec::new();
        let mut stmt = self
            .conn
            .prepare("SELECT id, undone, changes FROM audit ORDER BY id")?;
        let mut rows = stmt.query([])?;
        while let Some(row) = rows.next()? {
            let changes = row
                .get_ref(2)?
                .as_str()
                .ok()
                .and_then(|text| serde_json::from_str::<Vec<Change>>(text).ok());
            // Summaries were plain text in early files: only the changes must be JSON.
            log.push((row.get(0)?, row.get(1).ok(), changes));
        }
        Ok(findings(log, &self.stored_rows()?))
    }

    /// The whole event as stored, for a copy: rows and log as they are.
    pub fn dump(&self) -> Result<Dump, StoreError> {
        Ok(Dump {
            rows: self.stored_rows()?,
            log: self.stored_log()?,
        })
    }

    /// Creates a new event file holding a copy of another event, its log included,
    /// whole or not at all (as [`EventFile::create`]).
    pub fn create_from(path: &Path, dump: &Dump) -> Result<EventFile, StoreError> {
        publish_new(path, |draft| write_dump(draft, dump))
    }

    /// Every row of the file by its key, as stored.
    fn stored_rows(&self) -> Result<BTreeMap<RowId, String>, StoreError> {
        let mut out = BTreeMap::new();
        let queries: [(&str, KeyOf); 6] = [
            ("SELECT data, 0 FROM heading", |_| Ok(RowKey::Heading)),
            ("SELECT data, comp FROM event", |_| Ok(RowKey::Event)),
            ("SELECT data, comp, id FROM entrant", |r| {
                Ok(RowKey::Entrant(r.get(2)?))
            }),
            ("SELECT data, comp, idx FROM stage", |r| {
                Ok(RowKey::Stage(r.get(2)?))
            }),
            ("SELECT data, comp, stage, idx FROM grp", |r| {
                Ok(RowKey::Grp(r.get(2)?, r.get(3)?))
            }),
            (
                "SELECT data, comp, stage, grp, round, board FROM game_match",
                |r| {
                    Ok(RowKey::GameMatch(
                        r.get(2)?,
                        r.get(3)?,
                        r.get(4)?,
                        r.get(5)?,
                    ))
                },
            ),
        ];
        for (sql, key) in queries {
            let mut stmt = self.conn.prepare(sql)?;
            let mut rows = stmt.query([])?;
            while let Some(row) = rows.next()? {
                let data = row.get_ref(0)?.as_str().unwrap_or_default().to_string();
                out.insert(RowId::new(row.get(1)?, key(row)?), data);
            }
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

/// A stored row's key, read from its key columns after its competition's.
type KeyOf = fn(&rusqlite::Row<'_>) -> rusqlite::Result<RowKey>;

/// What stands at a path a new event was to be created at: an event, or the remains of
/// something that is not one.
fn what_is_there(path: &Path) -> StoreError {
    match EventFile::open(path) {
        Err(StoreError::Damaged(p)) => StoreError::Damaged(p),
        _ => StoreError::Exists(path.to_path_buf()),
    }
}

/// The file's rows and log inside one of its transactions.
struct SqliteRows<'a>(&'a Connection);

fn stored_entry(r: &rusqlite::Row<'_>) -> rusqlite::Result<StoredEntry> {
    Ok(StoredEntry {
        id: r.get(0)?,
        at: r.get(1)?,
        operation: r.get(2)?,
        summary: r.get(3)?,
        undone: r.get(4)?,
        changes: r.get(5)?,
    })
}

impl Rows for SqliteRows<'_> {
    fn read_row(&mut self, id: &RowId) -> Result<Option<String>, StoreError> {
        let (conn, c) = (self.0, id.competition);
        let one = |sql: &str, key: &[&dyn rusqlite::ToSql]| conn.query_row(sql, key, |r| r.get(0));
        let row = match id.key {
            RowKey::Heading => one("SELECT data FROM heading WHERE id = 1", &[]),
            RowKey::Event => one("SELECT data FROM event WHERE comp = ?1", &[&c]),
            RowKey::Entrant(id) => one(
                "SELECT data FROM entrant WHERE comp = ?1 AND id = ?2",
                &[&c, &id],
            ),
            RowKey::Stage(s) => one(
                "SELECT data FROM stage WHERE comp = ?1 AND idx = ?2",
                &[&c, &s],
            ),
            RowKey::Grp(s, g) => one(
                "SELECT data FROM grp WHERE comp = ?1 AND stage = ?2 AND idx = ?3",
                &[&c, &s, &g],
            ),
            RowKey::GameMatch(s, g, r, b) => one(
                "SELECT data FROM game_match WHERE comp = ?1 AND stage = ?2 AND grp = ?3 AND round = ?4 AND board = ?5",
                &[&c, &s, &g, &r, &b],
            ),
        };
        Ok(row.optional()?)
    }

    fn apply(&mut self, id: &RowId, data: Option<&str>) -> Result<(), StoreError> {
        let (conn, c) = (self.0, id.competition);
        match (&id.key, data) {
            (RowKey::Heading, Some(d)) => conn.execute("INSERT OR REPLACE INTO heading (id, data) VALUES (1, ?1)", [d])?,
            (RowKey::Heading, None) => conn.execute("DELETE FROM heading", [])?,
            (RowKey::Event, Some(d)) => conn.execute("INSERT OR REPLACE INTO event (comp, data) VALUES (?1, ?2)", params![c, d])?,
            (RowKey::Event, None) => conn.execute("DELETE FROM event WHERE comp = ?1", [c])?,
            (RowKey::Entrant(id), Some(d)) => conn.execute("INSERT OR REPLACE INTO entrant (comp, id, data) VALUES (?1, ?2, ?3)", params![c, id, d])?,
            (RowKey::Entrant(id), None) => conn.execute("DELETE FROM entrant WHERE comp = ?1 AND id = ?2", [c, *id])?,
            (RowKey::Stage(s), Some(d)) => conn.execute("INSERT OR REPLACE INTO stage (comp, idx, data) VALUES (?1, ?2, ?3)", params![c, s, d])?,
            (RowKey::Stage(s), None) => conn.execute("DELETE FROM stage WHERE comp = ?1 AND idx = ?2", [c, *s])?,
            (RowKey::Grp(s, g), Some(d)) => conn.execute(
                "INSERT OR REPLACE INTO grp (comp, stage, idx, data) VALUES (?1, ?2, ?3, ?4)",
                params![c, s, g, d],
            )?,
            (RowKey::Grp(s, g), None) => conn.execute("DELETE FROM grp WHERE comp = ?1 AND stage = ?2 AND idx = ?3", [c, *s, *g])?,
            (RowKey::GameMatch(s, g, r, b), Some(d)) => conn.execute(
                "INSERT OR REPLACE INTO game_match (comp, stage, grp, round, board, data) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![c, s, g, r, b, d],
            )?,
            (RowKey::GameMatch(s, g, r, b), None) => conn.execute(
                "DELETE FROM game_match WHERE comp = ?1 AND stage = ?2 AND grp = ?3 AND round = ?4 AND board = ?5",
                [c, *s, *g, *r, *b],
            )?,
        };
        Ok(())
    }

    fn append(&mut self, e: &StoredEntry) -> Result<(), StoreError> {
        self.0.execute(
            "INSERT INTO audit (at, operation, summary, changes) VALUES (?1, ?2, ?3, ?4)",
            params![e.at, e.operation, e.summary, e.changes],
        )?;
        Ok(())
    }

    fn insert_entry(&mut self, e: &StoredEntry) -> Result<(), StoreError> {
        self.0.execute(
            "INSERT INTO audit (id, at, operation, summary, changes, undone) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![e.id, e.at, e.operation, e.summary, e.changes, e.undone],
        )?;
        Ok(())
    }

    fn last_undoable(&mut self) -> Result<Option<StoredEntry>, StoreError> {
        Ok(self
            .0
            .query_row(
                "SELECT id, at, operation, summary, undone, changes FROM audit
                 WHERE undone = 0 AND operation NOT IN ('undo', 'new', 'refused') ORDER BY id DESC LIMIT 1",
                [],
                stored_entry,
            )
            .optional()?)
    }

    fn mark_undone(&mut self, id: i64) -> Result<(), StoreError> {
        self.0
            .execute("UPDATE audit SET undone = 1 WHERE id = ?1", [id])?;
        Ok(())
    }
}

/// The numbers of the event's competitions, in order.
fn competition_ids(conn: &Connection) -> rusqlite::Result<Vec<u32>> {
    let mut stmt = conn.prepare_cached("SELECT comp FROM event ORDER BY comp")?;
    let ids = stmt.query_map([], |r| r.get::<_, u32>(0))?;
    ids.collect()
}

/// The choice after competitions came or went (`before` → `after`): chosen anew as an
/// event is opened (its only competition, or none), else kept.
pub(crate) fn kept_choice(current: Option<u32>, before: &[u32], after: &[u32]) -> Option<u32> {
    match before == after {
        true => current,
        false => only(after),
    }
}

/// The competition an event of exactly one acts on without being told.
pub(crate) fn only(ids: &[u32]) -> Option<u32> {
    match ids {
        [id] => Some(*id),
        _ => None,
    }
}

/// A row's data read through serde.
fn json<T: serde::de::DeserializeOwned>(text: &str) -> serde_json::Result<T> {
    serde_json::from_str(text)
}

/// A competition's rows of one table: each row's keys (read by `keys`) and its JSON
/// `data`, the last column, read by `read` from SQLite's own text (no copy into a
/// string).
/// `expected` rows are given room at once: a list grown row by row would copy a big
/// event's thousands of matches into fresh memory again and again.
fn rows_of<K, T>(
    conn: &Connection,
    sql: &str,
    comp: u32,
    expected: usize,
    keys: impl Fn(&rusqlite::Row) -> rusqlite::Result<K>,
    read: impl Fn(&str) -> serde_json::Result<T>,
) -> Result<Vec<(K, T)>, StoreError> {
    let mut stmt = conn.prepare_cached(sql)?;
    let data = stmt.column_count() - 1;
    let mut rows = stmt.query([comp])?;
    let mut out = Vec::with_capacity(expected);
    while let Some(row) = rows.next()? {
        let key = keys(row)?;
        let bytes = row
            .get_ref(data)?
            .as_bytes()
            .map_err(|e| StoreError::Corrupt(e.to_string()))?;
        // One UTF-8 check of the whole row, not one per string inside it.
        let text = std::str::from_utf8(bytes).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        out.push((key, read(text)?));
    }
    Ok(out)
}

fn load(conn: &Connection, comp: u32) -> Result<Competition, StoreError> {
    let event: String = conn
        .query_row("SELECT data FROM event WHERE comp = ?1", [comp], |r| {
            r.get(0)
        })
        .optional()?
        .ok_or_else(|| StoreError::Corrupt("the event row is missing".into()))?;
    let event: EventRow = serde_json::from_str(&event)?;
    // Room for the rows of every competition: SQLite counts a whole table from its
    // pages, not row by row, and room left unused is never touched.
    let (entrants, matches) = conn.query_row(
        "SELECT (SELECT count(*) FROM entrant), (SELECT count(*) FROM game_match)",
        [],
        |r| Ok((r.get::<_, u32>(0)? as usize, r.get::<_, u32>(1)? as usize)),
    )?;
    let entrants = rows_of(
        conn,
        "SELECT data FROM entrant WHERE comp = ?1 ORDER BY id",
        comp,
        entrants,
        |_| Ok(()),
        json,
    )?
    .into_iter()
    .map(|((), e)| e)
    .collect();
    let stages = rows_of(
        conn,
        "SELECT idx, data FROM stage WHERE comp = ?1 ORDER BY idx",
        comp,
        0,
        |r| r.get::<_, u32>(0),
        json,
    )?;
    let groups = rows_of(
        conn,
        "SELECT stage, idx, data FROM grp WHERE comp = ?1 ORDER BY stage, idx",
        comp,
        0,
        |r| Ok((r.get::<_, u32>(0)?, r.get::<_, u32>(1)?)),
        json,
    )?
    .into_iter()
    .map(|((s, g), d)| (s, g, d))
    .collect();
    let matches = rows_of(
        conn,
        "SELECT stage, grp, round, data FROM game_match WHERE comp = ?1 ORDER BY stage, grp, round, board",
        comp,
        matches,
        |r| Ok((r.get::<_, u32>(0)?, r.get::<_, u32>(1)?, r.get::<_, u32>(2)?)),
        tournament::read_match,
    )?
    .into_iter()
    .map(|((s, g, round), m)| (s, g, round, m))
    .collect();
    assemble(event, entrants, stages, groups, matches)
}
