//! The event file's schema and its forward migrations. `PRAGMA application_id` marks a
//! Qisai event; `PRAGMA user_version` is the schema version.
//!
//! | table | one row per | key | data |
//! |---|---|---|---|
//! | `event` | the event | `id` = 1 | name, game, team boards, scoring |
//! | `entrant` | player or team | registration number | `tournament::Entrant` |
//! | `stage` | stage | order (0-based) | name, settings, draw seed |
//! | `grp` | group of a stage | stage, order | name, entrants in draw order, bracket |
//! | `game_match` | match (with its games) | stage, group, round, board | `tournament::Match` |
//! | `audit` | mutation | sequence | time, operation, summary, row images before/after, undone |
//!
//! Rows hold JSON documents of the tournament model; keys and foreign keys are columns.

use rusqlite::Connection;

/// "QSAI": marks a file as a Qisai event.
pub const APPLICATION_ID: i32 = 0x5153_4149;

/// The schema this build writes.
pub const VERSION: i32 = 1;

/// Each migration takes the schema from its index to index + 1.
const MIGRATIONS: [&str; 1] = [r#"
CREATE TABLE event (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    data TEXT NOT NULL
);
CREATE TABLE entrant (
    id INTEGER PRIMARY KEY,
    data TEXT NOT NULL
);
CREATE TABLE stage (
    idx INTEGER PRIMARY KEY,
    data TEXT NOT NULL
);
CREATE TABLE grp (
    stage INTEGER NOT NULL REFERENCES stage(idx),
    idx INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (stage, idx)
);
CREATE TABLE game_match (
    stage INTEGER NOT NULL,
    grp INTEGER NOT NULL,
    round INTEGER NOT NULL,
    board INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (stage, grp, round, board),
    FOREIGN KEY (stage, grp) REFERENCES grp(stage, idx)
);
CREATE TABLE audit (
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    operation TEXT NOT NULL,
    summary TEXT NOT NULL,
    changes TEXT NOT NULL,
    undone INTEGER NOT NULL DEFAULT 0
);
"#];

/// Brings a file's schema from `from` up to [`VERSION`], inside the caller's transaction.
pub fn migrate(conn: &Connection, from: i32) -> rusqlite::Result<()> {
    for (version, sql) in MIGRATIONS.iter().enumerate().skip(from.max(0) as usize) {
        conn.execute_batch(sql)?;
        conn.pragma_update(None, "user_version", version as i32 + 1)?;
    }
    Ok(())
}
