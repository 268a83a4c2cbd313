//! Writing a whole file under a temporary name beside its destination, then putting it
//! in place without ever replacing what is there: a crash leaves either nothing or the
//! whole file at the destination, and two writers racing for one name cannot both win.

use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};

use crate::{StoreError, fault};

/// The suffixes SQLite may add to a database's name for its side files.
const SIDE_FILES: [&str; 3] = ["-journal", "-wal", "-shm"];

/// A file of ours under construction; removed (with SQLite's side files) unless it was
/// published.
pub(crate) struct Draft {
    path: PathBuf,
    published: bool,
}

fn marker(destination: &Path) -> String {
    let name = destination
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    format!(".{name}.creating-")
}

impl Draft {
    /// Creates an empty file beside `destination` with an exclusive open: nobody else
    /// can have created it, so removing it on failure removes only our own work.
    pub(crate) fn begin(destination: &Path) -> Result<Draft, StoreError> {
        let dir = parent(destination);
        remove_stale(&dir, &marker(destination));
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.subsec_nanos())
            .unwrap_or(0);
        let path = dir.join(format!(
            "{}{}-{nanos:09}",
            marker(destination),
            std::process::id()
        ));
        OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
            .map_err(|e| fault::new_file(destination, e))?;
        Ok(Draft {
            path,
            published: false,
        })
    }

    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// Syncs the finished draft and links it to `destination`, failing with `Exists`
    /// if something is there already (also when another writer got there first).
    pub(crate) fn publish(mut self, destination: &Path) -> Result<(), StoreError> {
        File::open(&self.path)
            .and_then(|f| f.sync_all())
            .map_err(|e| fault::io(destination, e))?;
        match std::fs::hard_link(&self.path, destination) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                return Err(StoreError::Exists(destination.to_path_buf()));
            }
            // File systems without hard links (FAT sticks): a rename after a last look.
            Err(_) => {
                if destination.symlink_metadata().is_ok() {
                    return Err(StoreError::Exists(destination.to_path_buf()));
                }
                std::fs::rename(&self.path, destination)
                    .map_err(|e| fault::new_file(destination, e))?;
            }
        }
        self.published = true;
        let _ = std::fs::remove_file(&self.path);
        // The new name itself must survive a power cut.
        if let Ok(dir) = File::open(parent(destination)) {
            let _ = dir.sync_all();
        }
        Ok(())
    }
}

impl Drop for Draft {
    fn drop(&mut self) {
        if !self.published {
            remove_with_side_files(&self.path);
        }
    }
}

fn parent(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

fn remove_with_side_files(path: &Path) {
    let _ = std::fs::remove_file(path);
    for side in SIDE_FILES {
        let mut name = path.as_os_str().to_owned();
        name.push(side);
        let _ = std::fs::remove_file(PathBuf::from(name));
    }
}

/// Drafts left by a process that was killed while creating this destination: only those
/// whose process is gone (Linux tells through /proc; elsewhere they stay).
fn remove_stale(dir: &Path, marker: &str) {
    if !Path::new("/proc/self").exists() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(rest) = name.strip_prefix(marker) else {
            continue;
        };
        let Some(pid) = rest.split('-').next().and_then(|p| p.parse::<u32>().ok()) else {
            continue;
        };
        if pid == std::process::id() || Path::new(&format!("/proc/{pid}")).exists() {
            continue;
        }
        // A side file goes too when its draft is gone already (a process killed
        // between removing the one and the other).
        if SIDE_FILES.iter().any(|s| rest.ends_with(s)) {
            let _ = std::fs::remove_file(entry.path());
        } else {
            remove_with_side_files(&entry.path());
        }
    }
}
