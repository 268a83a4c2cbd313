//! An event wherever it lives: in an event file or in a database. The layers above
//! hold an [`EventStore`] and never ask which.

use std::path::Path;

use tournament::Competition;

use crate::rows::EventModel;

use crate::address::Address;
use crate::journal::{AuditEntry, Dump, LogFinding};
use crate::pg::{self, PgEvent};
use crate::{EventFile, StoreError};

// One per open event, never copied around: the file's cached event may stay inline.
#[allow(clippy::large_enum_variant)]
pub enum EventStore {
    File(EventFile),
    Database(PgEvent),
}

/// The same call on whichever store holds the event.
macro_rules! each {
    ($self:expr, $store:ident => $call:expr) => {
        match $self {
            EventStore::File($store) => $call,
            EventStore::Database($store) => $call,
        }
    };
}

impl EventStore {
    /// Creates an event of one competition, refusing where one is already.
    pub fn create(at: &Address, competition: &Competition) -> Result<EventStore, StoreError> {
        EventStore::create_event(at, &EventModel::single(competition))
    }

    /// Creates the event, refusing where one is already.
    pub fn create_event(at: &Address, event: &EventModel) -> Result<EventStore, StoreError> {
        Ok(match at {
            Address::File(path) => EventStore::File(EventFile::create_event(path, event)?),
            Address::Database(a) => EventStore::Database(PgEvent::create(a, event)?),
        })
    }

    /// Creates the event as a copy of another ([`EventStore::dump`]), its log included.
    pub fn create_from(at: &Address, dump: &Dump) -> Result<EventStore, StoreError> {
        Ok(match at {
            Address::File(path) => EventStore::File(EventFile::create_from(path, dump)?),
            Address::Database(a) => EventStore::Database(PgEvent::create_from(a, dump)?),
        })
    }

    pub fn open(at: &Address) -> Result<EventStore, StoreError> {
        Ok(match at {
            Address::File(path) => EventStore::File(EventFile::open(path)?),
            Address::Database(a) => EventStore::Database(PgEvent::open(a)?),
        })
    }

    /// Whether an event is at the address (a file there, the event in the database).
    pub fn exists(at: &Address) -> Result<bool, StoreError> {
        match at {
            Address::File(path) => Ok(path.exists()),
            Address::Database(a) => pg::exists(a),
        }
    }

    /// Where the event is, as shown to people (a database's address without password).
    pub fn shown(&self) -> String {
        match self {
            EventStore::File(f) => f.path().display().to_string(),
            EventStore::Database(d) => d.address().shown().to_string(),
        }
    }

    /// The event file's path; `None` for an event in a database.
    pub fn file_path(&self) -> Option<&Path> {
        match self {
            EventStore::File(f) => Some(f.path()),
            EventStore::Database(_) => None,
        }
    }

    pub fn is_read_only(&self) -> bool {
        match self {
            EventStore::File(f) => f.is_read_only(),
            EventStore::Database(_) => false,
        }
    }

    /// The competition commands act on (see [`EventStore::choose`]).
    pub fn load(&self) -> Result<Competition, StoreError> {
        each!(self, s => s.load())
    }

    /// [`EventStore::load`] for reading: the event file's cached copy itself, shared.
    pub fn load_shared(&self) -> Result<std::sync::Arc<Competition>, StoreError> {
        match self {
            EventStore::File(f) => f.load_shared(),
            other => other.load().map(std::sync::Arc::new),
        }
    }

    /// The whole event: its heading and every competition.
    pub fn load_event(&self) -> Result<EventModel, StoreError> {
        each!(self, s => s.load_event())
    }

    /// Chooses the competition [`EventStore::load`] and [`EventStore::change`] act on
    /// (`None`: none, as an event of several is opened); an event of one acts on it
    /// without being told. The choice is this program's, never stored.
    pub fn choose(&self, competition: Option<u32>) {
        each!(self, s => s.choose(competition))
    }

    pub fn current(&self) -> Option<u32> {
        each!(self, s => s.current())
    }

    /// One logged change of the whole event (its heading, competitions added or
    /// removed), one transaction.
    pub fn change_event<T, E: From<StoreError>>(
        &mut self,
        operation: &str,
        edit: impl FnOnce(&mut EventModel) -> Result<(T, String), E>,
    ) -> Result<T, E> {
        each!(self, s => s.change_event(operation, edit))
    }

    pub fn change<T, E: From<StoreError>>(
        &mut self,
        operation: &str,
        summary: &str,
        edit: impl FnOnce(&mut Competition) -> Result<T, E>,
    ) -> Result<T, E> {
        self.change_with(operation, |c| edit(c).map(|v| (v, summary.to_string())))
    }

    pub fn change_with<T, E: From<StoreError>>(
        &mut self,
        operation: &str,
        edit: impl FnOnce(&mut Competition) -> Result<(T, String), E>,
    ) -> Result<T, E> {
        each!(self, s => s.change_with(operation, edit))
    }

    /// Keeps a refusal in the log: an entry that changes nothing and is never undone.
    pub fn note(&mut self, summary: &str) -> Result<(), StoreError> {
        each!(self, s => s.note(summary))
    }

    pub fn begin_batch(&mut self) -> Result<(), StoreError> {
        each!(self, s => s.begin_batch())
    }

    pub fn end_batch(&mut self) -> Result<(), StoreError> {
        each!(self, s => s.end_batch())
    }

    pub fn undo(&mut self) -> Result<Option<AuditEntry>, StoreError> {
        each!(self, s => s.undo())
    }

    /// A copy of the event in a new event file, never over an existing file.
    pub fn backup_to(&self, destination: &Path) -> Result<(), StoreError> {
        each!(self, s => s.backup_to(destination))
    }

    pub fn log(&self) -> Result<Vec<AuditEntry>, StoreError> {
        each!(self, s => s.log())
    }

    pub fn log_findings(&self) -> Result<Vec<LogFinding>, StoreError> {
        each!(self, s => s.log_findings())
    }

    /// The event's rows and log as stored, for a copy.
    pub fn dump(&self) -> Result<Dump, StoreError> {
        each!(self, s => s.dump())
    }

    pub fn integrity_check(&self) -> Result<String, StoreError> {
        each!(self, s => s.integrity_check())
    }
}

/// Copies a whole event, its log included, from one place to another (a file to a
/// database or back, or between two of either), never over an existing event.
pub fn copy(from: &Address, to: &Address) -> Result<EventStore, StoreError> {
    let dump = EventStore::open(from)?.dump()?;
    EventStore::create_from(to, &dump)
}
