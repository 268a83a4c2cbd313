//! The event files (and database addresses, without password) opened lately, newest
//! first, kept in the app's config folder.

use std::path::PathBuf;

const KEEP: usize = 10;

pub struct Recent {
    file: Option<PathBuf>,
    paths: Vec<PathBuf>,
}

impl Recent {
    /// Reads the list; a missing or unreadable file is an empty list.
    pub fn load(file: Option<PathBuf>) -> Recent {
        let paths = file
            .as_ref()
            .and_then(|f| std::fs::read_to_string(f).ok())
            .and_then(|text| serde_json::from_str::<Vec<PathBuf>>(&text).ok())
            .unwrap_or_default()
            .into_iter()
            .filter(|p| p.exists() || service::is_database_address(p))
            .collect();
        Recent { file, paths }
    }

    pub fn paths(&self) -> &[PathBuf] {
        &self.paths
    }

    /// Puts `path` first and saves the list; failing to save only loses the list.
    pub fn add(&mut self, path: PathBuf) {
        self.paths.retain(|p| *p != path);
        self.paths.insert(0, path);
        self.paths.truncate(KEEP);
        if let Some(file) = &self.file {
            if let Some(dir) = file.parent() {
                let _ = std::fs::create_dir_all(dir);
            }
            if let Ok(text) = serde_json::to_string_pretty(&self.paths) {
                let _ = std::fs::write(file, text);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn newest_first_without_repeats_and_kept_on_disk() {
        let dir = std::env::temp_dir().join(format!("qisai-recent-{}", std::process::id()));
        let file = dir.join("recent.json");
        let events: Vec<PathBuf> = (0..12)
            .map(|i| {
                let p = dir.join(format!("e{i}.qisai"));
                std::fs::create_dir_all(&dir).unwrap();
                std::fs::write(&p, b"").unwrap();
                p
            })
            .collect();
        let mut recent = Recent::load(Some(file.clone()));
        for p in &events {
            recent.add(p.clone());
        }
        recent.add(events[5].clone());
        let again = Recent::load(Some(file));
        assert_eq!(again.paths().len(), KEEP);
        assert_eq!(again.paths()[0], events[5]);
        assert_eq!(again.paths()[1], events[11]);
        assert_eq!(again.paths().iter().filter(|p| **p == events[5]).count(), 1);
        std::fs::remove_dir_all(dir).unwrap();
    }
}
