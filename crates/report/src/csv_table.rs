//! RFC 4180 CSV: UTF-8 with a byte-order mark by default, so that Excel on Chinese
//! Windows opens it correctly; GBK on request.

use std::io::Write;

/// A table to export: a header row and data rows.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Table {
    pub headers: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Encoding {
    /// UTF-8 with a byte-order mark.
    #[default]
    Utf8Bom,
    Gbk,
}

#[derive(Debug, thiserror::Error)]
pub enum CsvError {
    #[error(transparent)]
    Io(#[from] std::io::Error),
    #[error(transparent)]
    Csv(#[from] csv::Error),
    #[error("'{0}' cannot be written in GBK; export in UTF-8 instead")]
    NotGbk(String),
}

/// Writes `table` to `sink`.
pub fn write_csv(table: &Table, encoding: Encoding, sink: &mut impl Write) -> Result<(), CsvError> {
    let mut writer = csv::WriterBuilder::new()
        .terminator(csv::Terminator::CRLF)
        .from_writer(Vec::new());
    writer.write_record(&table.headers)?;
    for row in &table.rows {
        writer.write_record(row)?;
    }
    let text = String::from_utf8(writer.into_inner().map_err(|e| e.into_error())?)
        .expect("CSV of strings is UTF-8");
    match encoding {
        Encoding::Utf8Bom => {
            sink.write_all(b"\xEF\xBB\xBF")?;
            sink.write_all(text.as_bytes())?;
        }
        Encoding::Gbk => {
            let (bytes, _, unmappable) = encoding_rs::GBK.encode(&text);
            if unmappable {
                let bad = text
                    .chars()
                    .find(|c| encoding_rs::GBK.encode(&c.to_string()).2)
                    .unwrap_or('?');
                return Err(CsvError::NotGbk(bad.to_string()));
            }
            sink.write_all(&bytes)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> Table {
        Table {
            headers: vec!["姓名".into(), "单位".into()],
            rows: vec![vec!["王天一".into(), "杭州, \"象棋\"队".into()]],
        }
    }

    #[test]
    fn utf8_with_bom_and_quoting() {
        let mut out = Vec::new();
        write_csv(&table(), Encoding::Utf8Bom, &mut out).unwrap();
        assert_eq!(
            out,
            "\u{FEFF}姓名,单位\r\n王天一,\"杭州, \"\"象棋\"\"队\"\r\n".as_bytes()
        );
    }

    #[test]
    fn gbk_round_trips() {
        let mut out = Vec::new();
        write_csv(&table(), Encoding::Gbk, &mut out).unwrap();
        let (text, _, bad) = encoding_rs::GBK.decode(&out);
        assert!(!bad);
        assert!(text.starts_with("姓名,单位\r\n王天一"));
        let emoji = Table {
            headers: vec!["名".into()],
            rows: vec![vec!["🙂".into()]],
        };
        assert!(write_csv(&emoji, Encoding::Gbk, &mut Vec::new()).is_err());
    }
}
