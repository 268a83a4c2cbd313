//! xlsx workbooks: one sheet per table for export, and the first sheet of a workbook
//! read back as rows of text for import. Numbers are written as numbers, everything
//! else (names, results such as `1-0`, codes) as text; never a formula.

use std::io::Cursor;

use std::io::Read;

use calamine::{Data, DataRef, Reader, Xlsx};
use rust_xlsxwriter::{Format, Workbook};

use crate::Table;

#[derive(Debug, thiserror::Error)]
pub enum XlsxError {
    #[error("{0}")]
    Write(#[from] rust_xlsxwriter::XlsxError),
    #[error("not an xlsx workbook, or a damaged one: {0}")]
    Read(String),
    #[error("the workbook has no sheet")]
    NoSheet,
    #[error("the workbook inflates to more than {limit} bytes")]
    Inflated { limit: u64 },
    #[error("the sheet has values beyond row {limit}")]
    TooManyRows { limit: u32 },
    #[error("the sheet has values beyond column {limit}")]
    TooManyColumns { limit: u32 },
}

/// A cell's text as a number, when it is one as people write numbers: `12`, `-3`,
/// `2.5`; not `007`, `1-0` or `1/2`.
fn as_number(text: &str) -> Option<f64> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let plain = !whole.is_empty()
        && whole.bytes().all(|b| b.is_ascii_digit())
        && fraction.bytes().all(|b| b.is_ascii_digit())
        && !(whole.len() > 1 && whole.starts_with('0'))
        && whole.len() <= 15;
    plain.then(|| text.parse().ok()).flatten()
}

/// A workbook with one sheet per `(name, table)`, the header row in bold.
pub fn write_xlsx(sheets: &[(impl AsRef<str>, &Table)]) -> Result<Vec<u8>, XlsxError> {
    let mut workbook = Workbook::new();
    let bold = Format::new().set_bold();
    for (name, table) in sheets {
        let sheet = workbook.add_worksheet();
        sheet.set_name(name.as_ref())?;
        for (c, header) in table.headers.iter().enumerate() {
            sheet.write_string_with_format(0, c as u16, header, &bold)?;
        }
        for (r, row) in table.rows.iter().enumerate() {
            let r = r as u32 + 1;
            for (c, cell) in row.iter().enumerate() {
                match as_number(cell) {
                    Some(n) => sheet.write_number(r, c as u16, n)?,
                    // write_string never makes a formula of a text beginning with '='.
                    None => sheet.write_string(r, c as u16, cell)?,
                };
            }
        }
        // Wide enough for the longest text in each column (CJK counts double).
        for c in 0..table.headers.len() {
            let widest = std::iter::once(&table.headers[c])
                .chain(table.rows.iter().filter_map(|row| row.get(c)))
                .map(|t| {
                    t.chars()
                        .map(|ch| if ch.is_ascii() { 1.0 } else { 2.0 })
                        .sum::<f64>()
                })
                .fold(6.0, f64::max);
            sheet.set_column_width(c as u16, widest.min(60.0) + 1.0)?;
        }
    }
    Ok(workbook.save_to_buffer()?)
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_numbers_and_the_rest_is_text() {
        assert_eq!(as_number("2600"), Some(2600.0));
        assert_eq!(as_number("2.5"), Some(2.5));
        assert_eq!(as_number("-3"), Some(-3.0));
        for text in ["1-0", "1/2-1/2", "007", "", "=SUM(A1)", "王天一", "0.5.1"] {
            assert_eq!(as_number(text), None, "{text}");
        }
    }

    #[test]
    fn a_workbook_reads_back_as_written() {
        let table = Table {
            headers: vec!["姓名".into(), "等级分".into(), "结果".into()],
            rows: vec![
                vec!["王天一".into(), "2600".into(), "1-0".into()],
                vec!["=1+1".into(), "".into(), "1/2-1/2".into()],
            ],
        };
        let bytes = write_xlsx(&[("选手", &table)]).unwrap();
        let rows = read_xlsx(&bytes, ReadLimits::default()).unwrap();
        assert_eq!(rows[0], ["姓名", "等级分", "结果"]);
        assert_eq!(rows[1], ["王天一", "2600", "1-0"]);
        assert_eq!(rows[2][0], "=1+1", "text, never a formula");
        assert_eq!(rows[2][2], "1/2-1/2");
    }
}
