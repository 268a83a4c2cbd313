//! Reading the first sheet of a workbook back as rows of text, within limits: an entry
//! list comes in as xlsx as often as CSV.

use std::io::{Cursor, Read};

use calamine::{Data, DataRef, Reader, Xlsx};

use super::XlsxError;

/// What reading a workbook may cost: a sheet is read cell by cell, never by the
/// dimension it declares, and a workbook that inflates past `inflated` bytes (a zip
/// bomb) is refused before its XML is parsed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReadLimits {
    /// All the workbook's parts together, inflated.
    pub inflated: u64,
    /// Rows holding a value; the sheet's last row number counts too (a value far
    /// below the others is no entry list).
    pub rows: u32,
    /// Columns holding a value.
    pub columns: u32,
}

impl Default for ReadLimits {
    /// Far beyond any entry list (a few thousand rows of five columns), far below
    /// what would hurt a laptop.
    fn default() -> ReadLimits {
        ReadLimits {
            inflated: 64 << 20,
            rows: 65_536,
            columns: 64,
        }
    }
}

/// Every part of the archive inflated and counted, none kept: past the limit the
/// workbook is refused without inflating the rest.
fn check_inflated_size(bytes: &[u8], limit: u64) -> Result<(), XlsxError> {
    let mut archive =
        zip::ZipArchive::new(Cursor::new(bytes)).map_err(|e| XlsxError::Read(e.to_string()))?;
    let mut total = 0u64;
    for i in 0..archive.len() {
        let entry = archive
            .by_index(i)
            .map_err(|e| XlsxError::Read(e.to_string()))?;
        let room = limit - total;
        let read = std::io::copy(&mut entry.take(room + 1), &mut std::io::sink())
            .map_err(|e| XlsxError::Read(e.to_string()))?;
        total += read;
        if total > limit {
            return Err(XlsxError::Inflated { limit });
        }
    }
    Ok(())
}

/// The first sheet of a workbook as rows of text (numbers as people write them:
/// `2600`, not `2600.0`), row `i` the sheet's row `i + 1`, within `limits`.
pub fn read_xlsx(bytes: &[u8], limits: ReadLimits) -> Result<Vec<Vec<String>>, XlsxError> {
    check_inflated_size(bytes, limits.inflated)?;
    let mut book: Xlsx<_> =
        Xlsx::new(Cursor::new(bytes)).map_err(|e| XlsxError::Read(e.to_string()))?;
    let first = book
        .sheet_names()
        .first()
        .cloned()
        .ok_or(XlsxError::NoSheet)?;
    let mut cells = book
        .worksheet_cells_reader(&first)
        .map_err(|e| XlsxError::Read(e.to_string()))?;
    let mut rows: std::collections::BTreeMap<u32, Vec<String>> = Default::default();
    while let Some(cell) = cells
        .next_cell()
        .map_err(|e| XlsxError::Read(e.to_string()))?
    {
        let text = match cell.get_value() {
            DataRef::Empty => continue,
            DataRef::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => {
                format!("{}", *f as i64)
            }
            other => Data::from(other.clone()).to_string(),
        };
        if text.is_empty() {
            continue;
        }
        let (row, column) = cell.get_position();
        if row >= limits.rows || (!rows.contains_key(&row) && rows.len() >= limits.rows as usize) {
            return Err(XlsxError::TooManyRows { limit: limits.rows });
        }
        if column >= limits.columns {
            return Err(XlsxError::TooManyColumns {
                limit: limits.columns,
            });
        }
        let values = rows.entry(row).or_default();
        if values.len() <= column as usize {
            values.resize(column as usize + 1, String::new());
        }
        values[column as usize] = text;
    }
    // A table that starts in column B reads as one that starts in column A.
    let first_column = rows
        .values()
        .filter_map(|values| values.iter().position(|v| !v.is_empty()))
        .min()
        .unwrap_or(0);
    let last = rows.keys().next_back().map_or(0, |&r| r as usize + 1);
    let mut out = vec![Vec::new(); last];
    for (row, mut values) in rows {
        values.drain(..first_column);
        out[row as usize] = values;
    }
    Ok(out)
}
