//! An event in a PostgreSQL database: the same rows and the same audit log as an event
//! file, so that everything above the store works unchanged, for events that outgrow
//! one hall (several venues, several servers at once).
//!
//! Every change is one transaction that first locks its event's row: two programs
//! changing one event take turns, and the second reads what the first wrote before it
//! decides anything (two servers pairing the next round: the second finds it paired).
//! A change is acknowledged once PostgreSQL has committed it. Each commit bumps the
//! event's version, which keeps a reader's cached copy honest, and tells every
//! listener (`LISTEN qisai`) which event changed.

#[cfg(any(test, feature = "test-cluster"))]
pub mod cluster;
mod schema;
mod tls;

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

use postgres::Client;
use postgres::fallible_iterator::FallibleIterator;
use tournament::Competition;

use crate::address::PgAddress;
use crate::journal::{
    AuditEntry, CheckedEntry, Dump, LogFinding, Rows, StoredEntry, entries, findings, restore,
    undo_last, write_logged, write_new_event, write_note,
};
use crate::rows::{Change, EventModel, RowId, diff, diff_event, from_rows, number_boards};
use crate::{EventFile, StoreError};

/// The channel every change is told on; the payload names the event.
const CHANNEL: &str = "qisai";

/// How long connecting may take before the address is reported unreachable.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

pub struct PgEvent {
    client: RefCell<Client>,
    address: PgAddress,
    /// The event's id in `qisai_event`.
    id: i64,
    /// The competition commands act on: the event's only one unless one is chosen.
    current: std::cell::Cell<Option<u32>>,
    /// The event as last read or written, with the version it was read at.
    cache: RefCell<Option<(i64, EventModel)>>,
    /// Inside [`PgEvent::begin_batch`]: each change is a savepoint of one transaction.
    batch: bool,
    /// A change began its transaction and has not ended it: set only if the change
    /// panicked, and then rolled back before the next one.
    unfinished: std::cell::Cell<bool>,
}

/// This program among the others on the database: a listener skips what it said itself.
fn origin() -> &'static str {
    static ORIGIN: OnceLock<String> = OnceLock::new();
    ORIGIN.get_or_init(|| {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.subsec_nanos())
            .unwrap_or(0);
        format!("{}-{nanos}", std::process::id())
    })
}

/// A database error as the organizer reads it: PostgreSQL's own message where there
/// is one, never the password.
fn failed(address: &PgAddress) -> impl Fn(postgres::Error) -> StoreError + '_ {
    move |e| StoreError::Database {
        address: address.shown().to_string(),
        why: match e.as_db_error() {
            Some(db) => db.message().to_string(),
            None => with_causes(&e),
        },
    }
}

/// An error and what caused it ("error connecting to server: Connection refused").
fn with_causes(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        text.push_str(": ");
        text.push_str(&c.to_string());
        cause = c.source();
    }
    text
}

fn connect(address: &PgAddress) -> Result<Client, StoreError> {
    let mut config = address.config.clone();
    if config.get_connect_timeout().is_none() {
        config.connect_timeout(CONNECT_TIMEOUT);
    }
    let mut client = config.connect(tls::connector()).map_err(failed(address))?;
    match schema::migrate(&mut client).map_err(failed(address))? {
        Ok(()) => Ok(client),
        Err(found) => Err(StoreError::Newer {
            path: PathBuf::from(address.shown()),
            found,
            supported: schema::VERSION,
        }),
    }
}

fn event_id(client: &mut Client, address: &PgAddress) -> Result<Option<i64>, StoreError> {
    Ok(client
        .query_opt(
            "SELECT id FROM qisai_event WHERE name = $1",
            &[&address.event],
        )
        .map_err(failed(address))?
        .map(|r| r.get(0)))
}

/// Whether the database at `address` holds its event.
pub fn exists(address: &PgAddress) -> Result<bool, StoreError> {
    let mut client = connect(address)?;
    Ok(event_id(&mut client, address)?.is_some())
}

impl PgEvent {
    /// Creates the event in the database, refusing a name already there.
    pub fn create(address: &PgAddress, event: &EventModel) -> Result<PgEvent, StoreError> {
        PgEvent::create_with(address, |rows| write_new_event(rows, event))
    }

    /// Creates the event as a copy of another, its log included.
    pub fn create_from(address: &PgAddress, dump: &Dump) -> Result<PgEvent, StoreError> {
        PgEvent::create_with(address, |rows| restore(rows, dump))
    }

    fn create_with(
        address: &PgAddress,
        fill: impl FnOnce(&mut PgRows<'_>) -> Result<(), StoreError>,
    ) -> Result<PgEvent, StoreError> {
        let mut client = connect(address)?;
        let located = failed(address);
        client.batch_execute("BEGIN").map_err(&located)?;
        let created = (|| {
            let id: i64 = client
                .query_opt(
                    "INSERT INTO qisai_event (name) VALUES ($1)
                     ON CONFLICT (name) DO NOTHING RETURNING id",
                    &[&address.event],
                )
                .map_err(&located)?
                .ok_or_else(|| StoreError::EventExists(address.shown().to_string()))?
                .get(0);
            let mut rows = PgRows {
                client: &mut client,
                event: id,
                address,
            };
            fill(&mut rows)?;
            rows.bump("new")?;
            Ok::<_, StoreError>(id)
        })();
        let id = finish(&mut client, address, created, "COMMIT", "ROLLBACK")?;
        PgEvent::on(client, address, id)
    }

    /// Opens the event named by the address.
    pub fn open(address: &PgAddress) -> Result<PgEvent, StoreError> {
        let mut client = connect(address)?;
        let id = event_id(&mut client, address)?
            .ok_or_else(|| StoreError::NoEvent(address.shown().to_string()))?;
        PgEvent::on(client, address, id)
    }

    /// The event `id` at `address`, on a connection already made, acting on its only
    /// competition if it has one.
    fn on(client: Client, address: &PgAddress, id: i64) -> Result<PgEvent, StoreError> {
        let event = PgEvent {
            client: RefCell::new(client),
            address: address.clone(),
            id,
            current: std::cell::Cell::new(None),
            cache: RefCell::new(None),
            batch: false,
            unfinished: std::cell::Cell::new(false),
        };
        let ids: Vec<u32> = event.load_event()?.competitions.into_keys().collect();
        event.current.set(crate::file::only(&ids));
        Ok(event)
    }

    /// Chooses the competition later commands act on.
    pub fn choose(&self, competition: Option<u32>) {
        self.current.set(competition);
    }

    pub fn current(&self) -> Option<u32> {
        self.current.get()
    }

    /// The competition commands act on; refused, naming the competitions, where the
    /// event holds none or several and none was chosen.
    fn chosen(&self) -> Result<u32, StoreError> {
        self.current
            .get()
            .ok_or_else(|| crate::rows::unchosen(self.load_event()))
    }

    /// The whole event: its heading and every competition.
    pub fn load_event(&self) -> Result<EventModel, StoreError> {
        let mut client = self.client()?;
        let version = self.version(&mut client, false)?;
        self.cached(&mut client, version, EventModel::clone)
    }

    pub fn address(&self) -> &PgAddress {
        &self.address
    }

    /// The connection, made again if it was lost (a server restarted, a network gap):
    /// a long-running server outlives a broken connection.
    fn client(&self) -> Result<std::cell::RefMut<'_, Client>, StoreError> {
        let mut client = self.client.borrow_mut();
        if client.is_closed() && !self.batch {
            *client = connect(&self.address)?;
        }
        Ok(client)
    }

    /// The competition commands act on, as the tournament model.
    pub fn load(&self) -> Result<Competition, StoreError> {
        let current = self.chosen()?;
        let mut client = self.client()?;
        let version = self.version(&mut client, false)?;
        self.cached(&mut client, version, |e| {
            e.competitions.get(&current).cloned()
        })?
        .ok_or_else(|| StoreError::Corrupt(format!("competition {current} is missing")))
    }

    /// The event's version; `lock` holds its row until the transaction ends.
    fn version(&self, client: &mut Client, lock: bool) -> Result<i64, StoreError> {
        let sql = match lock {
            true => "SELECT version FROM qisai_event WHERE id = $1 FOR UPDATE",
            false => "SELECT version FROM qisai_event WHERE id = $1",
        };
        client
            .query_opt(sql, &[&self.id])
            .map_err(failed(&self.address))?
            .map(|r| r.get(0))
            .ok_or_else(|| StoreError::NoEvent(self.address.shown().to_string()))
    }

    /// What `read` takes from the event at `version`, from the cache when it holds
    /// that version.
    fn cached<R>(
        &self,
        client: &mut Client,
        version: i64,
        read: impl FnOnce(&EventModel) -> R,
    ) -> Result<R, StoreError> {
        if let Some((v, e)) = self.cache.borrow().as_ref()
            && *v == version
        {
            return Ok(read(e));
        }
        let fresh = from_rows(&stored_rows(client, self.id, &self.address)?)?;
        let value = read(&fresh);
        *self.cache.borrow_mut() = Some((version, fresh));
        Ok(value)
    }

    /// One mutation as one transaction (within a batch, one savepoint): the event's row
    /// locked, the event read as the lock holder left it, changed, written with its
    /// audit entry. If `edit` fails nothing is written.
    pub fn change_with<T, E: From<StoreError>>(
        &mut self,
        operation: &str,
        edit: impl FnOnce(&mut Competition) -> Result<(T, String), E>,
    ) -> Result<T, E> {
        let current = self.chosen()?;
        let edit = |event: &mut EventModel| {
            let competition = event
                .competitions
                .get_mut(&current)
                .ok_or_else(|| StoreError::Corrupt(format!("competition {current} is missing")))?;
            edit(competition)
        };
        // Only the competition changed is compared.
        self.change_rows(operation, edit, |before, after| {
            let (b, a) = (&before.competitions, &after.competitions);
            diff(current, b.get(&current), a.get(&current))
        })
    }

    /// One change of the whole event (its heading, a competition added or removed) as
    /// one transaction, as [`PgEvent::change_with`] for one competition.
    pub fn change_event<T, E: From<StoreError>>(
        &mut self,
        operation: &str,
        edit: impl FnOnce(&mut EventModel) -> Result<(T, String), E>,
    ) -> Result<T, E> {
        self.change_rows(operation, edit, diff_event)
    }

    fn change_rows<T, E: From<StoreError>>(
        &mut self,
        operation: &str,
        edit: impl FnOnce(&mut EventModel) -> Result<(T, String), E>,
        changes: impl FnOnce(&EventModel, &EventModel) -> Vec<Change>,
    ) -> Result<T, E> {
        let (begin, commit, rollback) = self.bounds();
        let mut client = self.client()?;
        if self.unfinished.get() && !self.batch {
            let _ = client.batch_execute("ROLLBACK");
        }
        client.batch_execute(begin).map_err(failed(&self.address))?;
        self.unfinished.set(true);
        let mut before_ids = Vec::new();
        let run = (|| {
            let version = self.version(&mut client, true)?;
            let before = self.cached(&mut client, version, EventModel::clone)?;
            before_ids = before.competitions.keys().copied().collect();
            let mut after = before.clone();
            let (value, summary) = edit(&mut after)?;
            let mut rows = PgRows {
                client: &mut client,
                event: self.id,
                address: &self.address,
            };
            let changes = changes(&before, &after);
            let written = write_logged(&mut rows, changes, operation, &summary)?;
            let version = match written {
                true => rows.bump(operation)?,
                false => version,
            };
            Ok::<_, E>((value, version, after))
        })();
        let done = finish(&mut client, &self.address, run, commit, rollback);
        self.unfinished.set(false);
        drop(client);
        let (value, version, mut after) = done?;
        number_boards(&mut after);
        let ids: Vec<u32> = after.competitions.keys().copied().collect();
        *self.cache.borrow_mut() = Some((version, after));
        self.current.set(crate::file::kept_choice(
            self.current.get(),
            &before_ids,
            &ids,
        ));
        Ok(value)
    }

    /// The statements that begin, commit and roll back one change: a transaction of
    /// its own, or inside a batch a savepoint of the batch's.
    fn bounds(&self) -> (&'static str, &'static str, &'static str) {
        match self.batch {
            true => (
                "SAVEPOINT change",
                "RELEASE SAVEPOINT change",
                "ROLLBACK TO SAVEPOINT change; RELEASE SAVEPOINT change",
            ),
            false => ("BEGIN", "COMMIT", "ROLLBACK"),
        }
    }

    /// Keeps a refusal in the log (an entry that changes no row and is never undone),
    /// in its own transaction or the batch's. The event's rows are as they were, so
    /// its version stays.
    pub fn note(&mut self, summary: &str) -> Result<(), StoreError> {
        let (begin, commit, rollback) = self.bounds();
        let mut client = self.client()?;
        client.batch_execute(begin).map_err(failed(&self.address))?;
        let mut rows = PgRows {
            client: &mut client,
            event: self.id,
            address: &self.address,
        };
        let written = write_note(&mut rows, summary);
        finish(&mut client, &self.address, written, commit, rollback)
    }

    /// Starts a batch: the changes until [`PgEvent::end_batch`] commit together, each
    /// its own audit entry; a change that fails leaves the others standing.
    pub fn begin_batch(&mut self) -> Result<(), StoreError> {
        let mut client = self.client()?;
        // A batch that never ended (a panic in a change) is given up first.
        let _ = client.batch_execute("ROLLBACK");
        client
            .batch_execute("BEGIN")
            .map_err(failed(&self.address))?;
        drop(client);
        *self.cache.borrow_mut() = None;
        self.batch = true;
        Ok(())
    }

    /// Commits the batch: every change in it is saved, or (an error) none is.
    pub fn end_batch(&mut self) -> Result<(), StoreError> {
        self.batch = false;
        let mut client = self.client.borrow_mut();
        if let Err(e) = client.batch_execute("COMMIT") {
            let _ = client.batch_execute("ROLLBACK");
            *self.cache.borrow_mut() = None;
            return Err(failed(&self.address)(e));
        }
        Ok(())
    }

    /// Reverses the last mutation not yet undone, exactly.
    pub fn undo(&mut self) -> Result<Option<AuditEntry>, StoreError> {
        let mut client = self.client()?;
        client
            .batch_execute("BEGIN")
            .map_err(failed(&self.address))?;
        let run = (|| {
            self.version(&mut client, true)?;
            let mut rows = PgRows {
                client: &mut client,
                event: self.id,
                address: &self.address,
            };
            let undone = undo_last(&mut rows)?;
            if undone.is_some() {
                rows.bump("undo")?;
            }
            Ok::<_, StoreError>(undone)
        })();
        let before: Vec<u32> = self
            .cache
            .borrow_mut()
            .take()
            .map(|(_, e)| e.competitions.into_keys().collect())
            .unwrap_or_default();
        let undone = finish(&mut client, &self.address, run, "COMMIT", "ROLLBACK")?;
        drop(client);
        if undone.is_some() {
            let after: Vec<u32> = self.load_event()?.competitions.into_keys().collect();
            let kept = crate::file::kept_choice(self.current.get(), &before, &after);
            self.current.set(kept);
        }
        Ok(undone)
    }

    /// The audit log, oldest first.
    pub fn log(&self) -> Result<Vec<AuditEntry>, StoreError> {
        let mut client = self.client()?;
        entries(stored_log(&mut client, self.id, &self.address)?)
    }

    /// What the database holds for this event that no command wrote.
    pub fn log_findings(&self) -> Result<Vec<LogFinding>, StoreError> {
        let dump = self.dump()?;
        let log = dump.log.into_iter().map(|e| -> CheckedEntry {
            let changes = serde_json::from_str::<Vec<Change>>(&e.changes).ok();
            (e.id, Some(e.undone), changes)
        });
        Ok(findings(log, &dump.rows))
    }

    /// The event's rows and log as one snapshot.
    pub fn dump(&self) -> Result<Dump, StoreError> {
        let mut client = self.client()?;
        let located = failed(&self.address);
        client
            .batch_execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
            .map_err(&located)?;
        let read = (|| {
            Ok::<_, StoreError>(Dump {
                rows: stored_rows(&mut client, self.id, &self.address)?,
                log: stored_log(&mut client, self.id, &self.address)?,
            })
        })();
        finish(&mut client, &self.address, read, "COMMIT", "ROLLBACK")
    }

    /// A copy of the event in a new event file, log included.
    pub fn backup_to(&self, destination: &Path) -> Result<(), StoreError> {
        EventFile::create_from(destination, &self.dump()?).map(drop)
    }

    /// "ok" when every row of the event reads as the event.
    pub fn integrity_check(&self) -> Result<String, StoreError> {
        let mut client = self.client()?;
        from_rows(&stored_rows(&mut client, self.id, &self.address)?)?;
        Ok("ok".to_string())
    }
}

/// Ends a transaction by whether its work succeeded: `commit` after success, `rollback`
/// after a failure (whose error is returned).
fn finish<T, E: From<StoreError>>(
    client: &mut Client,
    address: &PgAddress,
    outcome: Result<T, E>,
    commit: &str,
    rollback: &str,
) -> Result<T, E> {
    match outcome {
        Ok(value) => {
            if let Err(e) = client.batch_execute(commit) {
                let _ = client.batch_execute("ROLLBACK");
                return Err(failed(address)(e).into());
            }
            Ok(value)
        }
        Err(e) => {
            let _ = client.batch_execute(rollback);
            Err(e)
        }
    }
}

fn stored_rows(
    client: &mut Client,
    event: i64,
    address: &PgAddress,
) -> Result<BTreeMap<RowId, String>, StoreError> {
    let rows = client
        .query(
            "SELECT key, data FROM qisai_row WHERE event = $1",
            &[&event],
        )
        .map_err(failed(address))?;
    rows.iter()
        .map(|r| {
            let key: &str = r.get(0);
            let key = serde_json::from_str::<RowId>(key)
                .map_err(|_| StoreError::Corrupt(format!("a row with the key {key}")))?;
            Ok((key, r.get(1)))
        })
        .collect()
}

fn stored_log(
    client: &mut Client,
    event: i64,
    address: &PgAddress,
) -> Result<Vec<StoredEntry>, StoreError> {
    let rows = client
        .query(
            "SELECT id, at, operation, summary, undone, changes FROM qisai_audit
             WHERE event = $1 ORDER BY id",
            &[&event],
        )
        .map_err(failed(address))?;
    Ok(rows.iter().map(stored_entry).collect())
}

fn stored_entry(r: &postgres::Row) -> StoredEntry {
    StoredEntry {
        id: r.get(0),
        at: r.get(1),
        operation: r.get(2),
        summary: r.get(3),
        undone: r.get(4),
        changes: r.get(5),
    }
}

/// One event's rows and log inside a transaction.
struct PgRows<'a> {
    client: &'a mut Client,
    event: i64,
    address: &'a PgAddress,
}

impl PgRows<'_> {
    /// A new version of the event, told to every listener once committed.
    fn bump(&mut self, operation: &str) -> Result<i64, StoreError> {
        let located = failed(self.address);
        let version: i64 = self
            .client
            .query_one(
                "UPDATE qisai_event SET version = version + 1 WHERE id = $1 RETURNING version",
                &[&self.event],
            )
            .map_err(&located)?
            .get(0);
        let said = serde_json::json!({
            "event": self.event,
            "origin": origin(),
            "operation": operation,
        })
        .to_string();
        self.client
            .execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &said])
            .map_err(&located)?;
        Ok(version)
    }
}

impl Rows for PgRows<'_> {
    fn read_row(&mut self, key: &RowId) -> Result<Option<String>, StoreError> {
        let key = serde_json::to_string(key)?;
        Ok(self
            .client
            .query_opt(
                "SELECT data FROM qisai_row WHERE event = $1 AND key = $2",
                &[&self.event, &key],
            )
            .map_err(failed(self.address))?
            .map(|r| r.get(0)))
    }

    fn apply(&mut self, key: &RowId, data: Option<&str>) -> Result<(), StoreError> {
        let key = serde_json::to_string(key)?;
        let done = match data {
            Some(data) => self.client.execute(
                "INSERT INTO qisai_row (event, key, data) VALUES ($1, $2, $3)
                 ON CONFLICT (event, key) DO UPDATE SET data = EXCLUDED.data",
                &[&self.event, &key, &data],
            ),
            None => self.client.execute(
                "DELETE FROM qisai_row WHERE event = $1 AND key = $2",
                &[&self.event, &key],
            ),
        };
        done.map_err(failed(self.address))?;
        Ok(())
    }

    fn append(&mut self, e: &StoredEntry) -> Result<(), StoreError> {
        self.client
            .execute(
                "INSERT INTO qisai_audit (event, id, at, operation, summary, changes)
                 SELECT $1, coalesce(max(id), 0) + 1, $2, $3, $4, $5
                 FROM qisai_audit WHERE event = $1",
                &[&self.event, &e.at, &e.operation, &e.summary, &e.changes],
            )
            .map_err(failed(self.address))?;
        Ok(())
    }

    fn insert_entry(&mut self, e: &StoredEntry) -> Result<(), StoreError> {
        self.client
            .execute(
                "INSERT INTO qisai_audit (event, id, at, operation, summary, changes, undone)
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
                &[
                    &self.event,
                    &e.id,
                    &e.at,
                    &e.operation,
                    &e.summary,
                    &e.changes,
                    &e.undone,
                ],
            )
            .map_err(failed(self.address))?;
        Ok(())
    }

    fn last_undoable(&mut self) -> Result<Option<StoredEntry>, StoreError> {
        Ok(self
            .client
            .query_opt(
                "SELECT id, at, operation, summary, undone, changes FROM qisai_audit
                 WHERE event = $1 AND NOT undone AND operation NOT IN ('undo', 'new', 'refused')
                 ORDER BY id DESC LIMIT 1",
                &[&self.event],
            )
            .map_err(failed(self.address))?
            .map(|r| stored_entry(&r)))
    }

    fn mark_undone(&mut self, id: i64) -> Result<(), StoreError> {
        self.client
            .execute(
                "UPDATE qisai_audit SET undone = true WHERE event = $1 AND id = $2",
                &[&self.event, &id],
            )
            .map_err(failed(self.address))?;
        Ok(())
    }
}

/// Hears the changes other programs make to one event (another server, a command on
/// the database), on a connection of its own.
pub struct PgListener {
    client: Client,
    event: i64,
}

impl PgListener {
    pub fn new(address: &PgAddress) -> Result<PgListener, StoreError> {
        let mut client = connect(address)?;
        let event = event_id(&mut client, address)?
            .ok_or_else(|| StoreError::NoEvent(address.shown().to_string()))?;
        client
            .batch_execute(&format!("LISTEN {CHANNEL}"))
            .map_err(failed(address))?;
        Ok(PgListener { client, event })
    }

    /// Waits up to `wait` for changes by other programs; the operations heard (empty
    /// when none came). An error means the connection is gone.
    pub fn heard(&mut self, wait: Duration) -> Result<Vec<String>, postgres::Error> {
        let mut notifications = self.client.notifications();
        let Some(first) = notifications.timeout_iter(wait).next()? else {
            return Ok(Vec::new());
        };
        // A burst arrives together: the rest of it without waiting again.
        let mut all = vec![first];
        let mut waiting = notifications.iter();
        while let Some(n) = waiting.next()? {
            all.push(n);
        }
        let heard = all
            .iter()
            .filter_map(|n| serde_json::from_str::<serde_json::Value>(n.payload()).ok())
            .filter(|said| said["event"] == self.event && said["origin"] != origin())
            .map(|said| said["operation"].as_str().unwrap_or_default().to_string())
            .collect();
        Ok(heard)
    }
}

#[cfg(test)]
mod tests {
    use super::cluster::TestCluster;

    /// `sslmode=require` connects encrypted (the test server has a certificate of its
    /// own, which no authority signed: as libpq's `require`, it is not checked).
    #[test]
    fn sslmode_require_encrypts_the_connection() {
        let cluster = TestCluster::shared();
        for (mode, encrypted) in [("require", true), ("disable", false)] {
            let text = format!("{}&sslmode={mode}", cluster.address("tls"));
            let Ok(crate::Address::Database(at)) = crate::Address::of(std::path::Path::new(&text))
            else {
                panic!("{text}: not read as an address");
            };
            let mut client = super::connect(&at).unwrap();
            let ssl: bool = client
                .query_one(
                    "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()",
                    &[],
                )
                .unwrap()
                .get(0);
            assert_eq!(ssl, encrypted, "sslmode={mode}");
        }
    }
}
