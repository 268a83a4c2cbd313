//! Copies of the event: on request (`qisai backup DEST`), and automatically beside the
//! event while the desktop app or `qisai serve` has it open, so that a spilled coffee
//! or a dead stick costs at most the last few minutes.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use crate::{Event, Result, ServiceError};

/// How many automatic backups to keep and how often to take one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BackupPolicy {
    /// The newest this many are kept; 0 turns automatic backups off.
    pub keep: usize,
    /// A new backup once the newest is this old (zero: after every change).
    pub every: Duration,
}

impl Default for BackupPolicy {
    fn default() -> BackupPolicy {
        BackupPolicy {
            keep: 10,
            every: Duration::from_secs(10 * 60),
        }
    }
}

/// `2026-12-01T09:30:12Z` → `20261201T093012Z`: sorts by time, valid in any file system.
fn stamp() -> String {
    store::clock::now().replace(['-', ':'], "")
}

fn stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "event".into())
}

impl Event {
    /// Writes a consistent copy of the event to `destination`, or into it when it is
    /// a folder (named after the event file and the time); never over an existing file.
    pub fn backup(&self, destination: &Path) -> Result<PathBuf> {
        let target = if destination.is_dir() {
            destination.join(format!("{}-{}.qisai", self.stem(), stamp()))
        } else {
            destination.to_path_buf()
        };
        self.file.backup_to(&target)?;
        Ok(target)
    }

    /// Whether the event was opened from read-only media: it can be read, not changed.
    pub fn is_read_only(&self) -> bool {
        self.file.is_read_only()
    }

    /// The event file's path; `None` for an event in a database.
    pub fn path(&self) -> Option<&Path> {
        self.file.file_path()
    }

    /// Where the event is, as shown to people: the file's path, or the database's
    /// address without its password.
    pub fn shown(&self) -> String {
        self.file.shown()
    }

    /// What a backup's name starts with: the file's name, or the event's name in the
    /// database made safe for any file system.
    fn stem(&self) -> String {
        match self.path() {
            Some(path) => stem(path),
            None => self
                .competition()
                .map(|c| c.name.clone())
                .unwrap_or_default()
                .chars()
                .map(|c| match c {
                    '/' | '\\' | ':' | '*' | '?' | '"' | '<' | '>' | '|' => '_',
                    c if c.is_control() => '_',
                    c => c,
                })
                .collect(),
        }
    }
}

/// The automatic backups of one open event, in `NAME.backups/` beside `NAME.qisai`.
#[derive(Debug, Clone)]
pub struct AutoBackup {
    policy: BackupPolicy,
}

impl AutoBackup {
    pub fn new(policy: BackupPolicy) -> AutoBackup {
        AutoBackup { policy }
    }

    pub fn folder(event: &Path) -> PathBuf {
        let name = format!("{}.backups", stem(event));
        event.with_file_name(name)
    }

    /// The backups of `event`, oldest first.
    pub fn list(event: &Path) -> Vec<PathBuf> {
        let prefix = format!("{}-", stem(event));
        let mut found: Vec<PathBuf> = std::fs::read_dir(Self::folder(event))
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .filter(|p| {
                p.file_name()
                    .map(|n| n.to_string_lossy())
                    .is_some_and(|n| n.starts_with(&prefix) && n.ends_with(".qisai"))
            })
            .collect();
        found.sort();
        found
    }

    /// Takes a backup when the newest is older than the policy allows (or there is
    /// none), then keeps only the newest `keep`. Returns the new backup, if one was
    /// taken. Read-only events are not backed up beside themselves, nor events in a
    /// database (which has its own backups; `qisai backup` copies one to a file).
    pub fn refresh(&self, event: &Event) -> Result<Option<PathBuf>> {
        if self.policy.keep == 0 || event.is_read_only() {
            return Ok(None);
        }
        let Some(path) = event.path() else {
            return Ok(None);
        };
        let existing = Self::list(path);
        let fresh = existing
            .last()
            .and_then(|p| p.metadata().ok()?.modified().ok());
        if fresh.is_some_and(|t| {
            SystemTime::now()
                .duration_since(t)
                .is_ok_and(|age| age < self.policy.every)
        }) && !self.policy.every.is_zero()
        {
            return Ok(None);
        }
        let folder = Self::folder(path);
        std::fs::create_dir_all(&folder).map_err(|source| ServiceError::Io {
            path: folder.clone(),
            source,
        })?;
        let target = folder.join(format!("{}-{}.qisai", stem(path), stamp()));
        if target.exists() {
            // Taken this very second already.
            return Ok(None);
        }
        event.file.backup_to(&target)?;
        let all = Self::list(path);
        for old in &all[..all.len().saturating_sub(self.policy.keep)] {
            let _ = std::fs::remove_file(old);
        }
        Ok(Some(target))
    }
}
