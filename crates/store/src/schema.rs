//! The event file's schema and its forward migrations. `PRAGMA application_id` marks a
//! Qisai event; `PRAGMA user_version` is the schema version.
//!
//! | table | one row per | key | data |
//! |---|---|---|---|
//! | `heading` | event of several competitions | `id` = 1 | name, details |
//! | `event` | competition | `comp` (0-based) | name, game, team boards, scoring |
//! | `entrant` | player or team | comp, registration number | `tournament::Entrant` |
//! | `stage` | stage | comp, order (0-based) | name, settings, draw seed |
//! | `grp` | group of a stage | comp, stage, order | name, entrants in draw order, bracket |
//! | `game_match` | match (with its games) | comp, stage, group, round, board | `tournament::Match` |
//! | `audit` | mutation | sequence | time, operation, summary, row images before/after, undone |
//!
//! Rows hold JSON documents of the tournament model; keys and foreign keys are columns.

use rusqlite::Connection;

/// "QSAI": marks a file as a Qisai event.
pub const APPLICATION_ID: i32 = 0x5153_4149;

/// The schema this build writes.
pub const VERSION: i32 = 2;

/// Each migration takes the schema from its index to index + 1.
const MIGRATIONS: [&str; 2] = [
    r#"
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
"#,
    r#"
-- Several competitions in one event: every row names its competition; the one a file
-- held so far is competition 0.
ALTER TABLE game_match RENAME TO game_match_v1;
ALTER TABLE grp RENAME TO grp_v1;
ALTER TABLE stage RENAME TO stage_v1;
ALTER TABLE entrant RENAME TO entrant_v1;
ALTER TABLE event RENAME TO event_v1;
CREATE TABLE heading (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    data TEXT NOT NULL
);
CREATE TABLE event (
    comp INTEGER PRIMARY KEY,
    data TEXT NOT NULL
);
CREATE TABLE entrant (
    comp INTEGER NOT NULL,
    id INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (comp, id)
);
CREATE TABLE stage (
    comp INTEGER NOT NULL,
    idx INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (comp, idx)
);
CREATE TABLE grp (
    comp INTEGER NOT NULL,
    stage INTEGER NOT NULL,
    idx INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (comp, stage, idx),
    FOREIGN KEY (comp, stage) REFERENCES stage(comp, idx)
);
CREATE TABLE game_match (
    comp INTEGER NOT NULL,
    stage INTEGER NOT NULL,
    grp INTEGER NOT NULL,
    round INTEGER NOT NULL,
    board INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (comp, stage, grp, round, board),
    FOREIGN KEY (comp, stage, grp) REFERENCES grp(comp, stage, idx)
);
INSERT INTO event (comp, data) SELECT 0, data FROM event_v1;
INSERT INTO entrant (comp, id, data) SELECT 0, id, data FROM entrant_v1;
INSERT INTO stage (comp, idx, data) SELECT 0, idx, data FROM stage_v1;
INSERT INTO grp (comp, stage, idx, data) SELECT 0, stage, idx, data FROM grp_v1;
INSERT INTO game_match (comp, stage, grp, round, board, data)
    SELECT 0, stage, grp, round, board, data FROM game_match_v1;
DROP TABLE game_match_v1;
DROP TABLE grp_v1;
DROP TABLE stage_v1;
DROP TABLE entrant_v1;
DROP TABLE event_v1;
"#,
];

/// A file of schema 1 that cannot be migrated (read-only media) read as the current
/// schema: temporary views of the same names stand in front of its tables.
const READ_V1: &str = r#"
CREATE TEMP VIEW heading AS SELECT 1 AS id, '' AS data WHERE 0;
CREATE TEMP VIEW event AS SELECT 0 AS comp, data FROM main.event;
CREATE TEMP VIEW entrant AS SELECT 0 AS comp, id, data FROM main.entrant;
CREATE TEMP VIEW stage AS SELECT 0 AS comp, idx, data FROM main.stage;
CREATE TEMP VIEW grp AS SELECT 0 AS comp, stage, idx, data FROM main.grp;
CREATE TEMP VIEW game_match AS SELECT 0 AS comp, stage, grp, round, board, data FROM main.game_match;
"#;

/// Reads a file of an older schema on read-only media as if it were migrated; `false`
/// when its schema cannot be read so.
pub fn read_as_current(conn: &Connection, version: i32) -> rusqlite::Result<bool> {
    if version != 1 {
        return Ok(false);
    }
    conn.execute_batch(READ_V1)?;
    Ok(true)
}

/// Brings a file's schema from `from` up to [`VERSION`], inside the caller's transaction.
pub fn migrate(conn: &Connection, from: i32) -> rusqlite::Result<()> {
    for (version, sql) in MIGRATIONS.iter().enumerate().skip(from.max(0) as usize) {
        conn.execute_batch(sql)?;
        conn.pragma_update(None, "user_version", version as i32 + 1)?;
    }
    Ok(())
}
