//! Documents an organizer hands out: pairing sheets, score slips, standings,
//! crosstables and brackets as PDF with Chinese text, and CSV and xlsx tables. Everything is
//! rendered from plain view structs: this crate knows nothing of SQLite or the
//! tournament model, and returns bytes or writes to the sink it is given.

pub mod bundle;
pub mod csv_table;
mod digits;
pub mod pdf;
pub mod xlsx;

pub use bundle::{BundleError, write_zip};
pub use csv_table::{Encoding, Table, write_csv};
pub use xlsx::{ReadLimits, XlsxError, read_xlsx, write_xlsx};
