//! Documents an organizer hands out: today CSV tables; pairing sheets, standings,
//! crosstables and brackets as PDF come next. Everything is rendered from plain view
//! structs: this crate knows nothing of SQLite or the tournament model, and writes only
//! to the sink it is given.

pub mod csv_table;

pub use csv_table::{Encoding, Table, write_csv};
