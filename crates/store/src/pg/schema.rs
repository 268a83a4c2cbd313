//! The database's schema and its forward migrations, applied on first use. Many events
//! share one database; every row names its event.
//!
//! | table | one row per | key | data |
//! |---|---|---|---|
//! | `qisai_schema` | the database | — | the schema version |
//! | `qisai_event` | event | `id`; `name` unique | `version`: bumped by every change |
//! | `qisai_row` | row of an event | event, key (the audit log's row key as JSON) | the same JSON as an event file's row |
//! | `qisai_audit` | mutation | event, sequence | time, operation, summary, row images before/after, undone |

use postgres::Client;

/// The schema this build writes.
pub const VERSION: i32 = 1;

/// Held while migrating, so that two servers starting at once migrate once ("QSAI").
const MIGRATION_LOCK: i64 = 0x5153_4149;

/// Each migration takes the schema from its index to index + 1.
const MIGRATIONS: [&str; 1] = [r#"
CREATE TABLE qisai_event (
    id bigserial PRIMARY KEY,
    name text NOT NULL UNIQUE,
    version bigint NOT NULL DEFAULT 0
);
CREATE TABLE qisai_row (
    event bigint NOT NULL REFERENCES qisai_event(id) ON DELETE CASCADE,
    key text NOT NULL,
    data text NOT NULL,
    PRIMARY KEY (event, key)
);
CREATE TABLE qisai_audit (
    event bigint NOT NULL REFERENCES qisai_event(id) ON DELETE CASCADE,
    id bigint NOT NULL,
    at text NOT NULL,
    operation text NOT NULL,
    summary text NOT NULL,
    changes text NOT NULL,
    undone boolean NOT NULL DEFAULT false,
    PRIMARY KEY (event, id)
);
"#];

/// The database's schema version; 0 before Qisai first used it.
fn version(client: &mut Client) -> Result<i32, postgres::Error> {
    let exists: bool = client
        .query_one("SELECT to_regclass('qisai_schema') IS NOT NULL", &[])?
        .get(0);
    if !exists {
        return Ok(0);
    }
    Ok(client
        .query_opt("SELECT version FROM qisai_schema", &[])?
        .map_or(0, |r| r.get(0)))
}

/// Brings the database's schema up to [`VERSION`]; `Err(found)` when a newer Qisai
/// wrote it.
pub fn migrate(client: &mut Client) -> Result<Result<(), i32>, postgres::Error> {
    match version(client)? {
        v if v == VERSION => return Ok(Ok(())),
        v if v > VERSION => return Ok(Err(v)),
        _ => {}
    }
    let mut tx = client.transaction()?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])?;
    tx.batch_execute("CREATE TABLE IF NOT EXISTS qisai_schema (version integer NOT NULL)")?;
    let from: i32 = match tx.query_opt("SELECT version FROM qisai_schema", &[])? {
        Some(row) => row.get(0),
        None => {
            tx.execute("INSERT INTO qisai_schema (version) VALUES (0)", &[])?;
            0
        }
    };
    if from > VERSION {
        return Ok(Err(from));
    }
    for (version, sql) in MIGRATIONS.iter().enumerate().skip(from.max(0) as usize) {
        tx.batch_execute(sql)?;
        tx.execute(
            "UPDATE qisai_schema SET version = $1",
            &[&(version as i32 + 1)],
        )?;
    }
    tx.commit()?;
    Ok(Ok(()))
}
