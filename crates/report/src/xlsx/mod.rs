//! xlsx workbooks: one sheet per table for export, and the first sheet of a workbook
//! read back as rows of text for import. Numbers are written as numbers, everything
//! else (names, results such as `1-0`, codes) as text; never a formula.

mod package;
mod read;
mod write;

pub use read::{ReadLimits, read_xlsx};
pub use write::write_xlsx;

#[derive(Debug, thiserror::Error)]
pub enum XlsxError {
    #[error("sheet name {name:?}: {why}")]
    SheetName { name: String, why: &'static str },
    #[error("sheet {sheet:?}: {why}")]
    TooBig { sheet: String, why: &'static str },
    #[error("the workbook could not be packed: {0}")]
    Package(String),
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

/// Whether a cell's text is a number as people write numbers: `12`, `-3`, `2.5`; not
/// `007`, `1-0` or `1/2`. Such a text is also a valid xsd:double, written as it stands.
fn is_number(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text).as_bytes();
    // Most cells are names: the first byte settles them.
    if !digits.first().is_some_and(u8::is_ascii_digit) {
        return false;
    }
    let (whole, fraction) = match digits.iter().position(|&b| b == b'.') {
        Some(dot) if dot + 1 < digits.len() => (&digits[..dot], &digits[dot + 1..]),
        Some(_) => return false,
        None => (digits, &[][..]),
    };
    whole.len() <= 15
        && !(whole.len() > 1 && whole[0] == b'0')
        && whole.iter().chain(fraction).all(u8::is_ascii_digit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Table;

    #[test]
    fn numbers_are_numbers_and_the_rest_is_text() {
        for text in ["2600", "2.5", "-3", "0", "0.5"] {
            assert!(is_number(text), "{text}");
        }
        for text in [
            "1-0",
            "1/2-1/2",
            "007",
            "",
            "-",
            "=SUM(A1)",
            "王天一",
            "0.5.1",
            "2.",
            ".5",
        ] {
            assert!(!is_number(text), "{text}");
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
