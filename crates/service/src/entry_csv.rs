//! Reading entry lists from CSV or xlsx: the whole file or nothing, errors by line
//! (the sheet's row) and column.

use crate::registration::NewEntrant;
use crate::{Result, ServiceError};
use messages::{Message, Param, msg};
use tournament::limits::ENTRANTS;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Field {
    Name,
    Club,
    Rating,
    Seed,
    Members,
    Born,
    Gender,
}

fn field_of(header: &str) -> Option<Field> {
    match header.trim().to_lowercase().as_str() {
        "姓名" | "name" | "队名" | "team" | "名称" => Some(Field::Name),
        "单位" | "club" => Some(Field::Club),
        "等级分" | "rating" => Some(Field::Rating),
        "种子" | "seed" => Some(Field::Seed),
        "队员" | "members" => Some(Field::Members),
        "出生日期" | "出生" | "born" | "birth" | "date of birth" => Some(Field::Born),
        "性别" | "gender" | "sex" => Some(Field::Gender),
        _ => None,
    }
}

/// Parses the rows of an entry list, each with its line number; the first error refuses
/// the file.
pub fn read_entrants(file: &str, bytes: &[u8]) -> Result<Rows> {
    let (rows, mut errors) = read_entrant_rows(file, bytes)?;
    match errors.is_empty() {
        true => Ok(rows),
        false => Err(errors.remove(0)),
    }
}

/// Rows read, each with its line number.
pub type Rows = Vec<(usize, NewEntrant)>;

/// Parses every row it can and lists the errors of the others, by line (a bad header
/// refuses the whole file).
pub fn read_entrant_rows(file: &str, bytes: &[u8]) -> Result<(Rows, Vec<ServiceError>)> {
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_large(file));
    }
    let from_xlsx;
    let text = if is_xlsx(file, bytes) {
        from_xlsx = xlsx_as_csv(file, bytes)?;
        std::borrow::Cow::Borrowed(from_xlsx.as_str())
    } else {
        crate::encoding::decode_entry_list(file, bytes)?
    };
    let error = |line: usize, column: usize, field: Param, why: Message| ServiceError::Csv {
        file: file.to_string(),
        line,
        column,
        field,
        why: Box::new(why),
    };
    let header = || Param::from(msg!("field.header"));
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes());
    let mut records = reader.records();
    let headers = match records.next() {
        Some(Ok(h)) => h,
        Some(Err(e)) => {
            let why = msg!("import.bad_csv", why = e.to_string());
            return Err(error(1, 1, header(), why));
        }
        None => return Err(error(1, 1, header(), msg!("import.empty"))),
    };
    let mut columns = Vec::new();
    for (i, h) in headers.iter().enumerate() {
        let field =
            field_of(h).ok_or_else(|| error(1, i + 1, h.into(), msg!("import.unknown_column")))?;
        if columns.contains(&field) {
            return Err(error(1, i + 1, h.into(), msg!("import.column_twice")));
        }
        columns.push(field);
    }
    if !columns.contains(&Field::Name) {
        return Err(error(1, 1, header(), msg!("import.no_name_column")));
    }
    let mut out = Vec::new();
    let mut errors = Vec::new();
    let mut entrants = 0u64;
    for record in records {
        let record = match record {
            Ok(record) => record,
            Err(e) => {
                let line = e.position().map_or(0, |p| p.line() as usize);
                let why = msg!("import.bad_csv", why = e.to_string());
                errors.push(error(line, 1, Param::from(msg!("field.row")), why));
                continue;
            }
        };
        let line = record.position().map_or(0, |p| p.line() as usize);
        if record.iter().all(|v| v.trim().is_empty()) {
            continue;
        }
        // An entry list longer than an event may hold is read no further.
        entrants += 1;
        if entrants > ENTRANTS.max {
            return Err(ServiceError::refused(msg!(
                "import.too_many_rows",
                file = file,
                line = line,
                limit = ENTRANTS.max
            )));
        }
        match read_row(&record, &headers, &columns, line, &error) {
            Ok(new) => out.push((line, new)),
            Err(e) => errors.push(e),
        }
    }
    Ok((out, errors))
}

/// An entry list's file, at most: a few thousand entrants are a few hundred KB.
pub const MAX_FILE_BYTES: u64 = 16 << 20;

/// A workbook may inflate to this, all its parts together.
const MAX_INFLATED_BYTES: u64 = 64 << 20;

fn too_large(file: &str) -> ServiceError {
    ServiceError::refused(msg!(
        "import.too_large",
        file = file,
        limit = MAX_INFLATED_BYTES >> 20
    ))
}

/// An xlsx workbook, by its name or by the zip signature it starts with.
fn is_xlsx(file: &str, bytes: &[u8]) -> bool {
    file.to_ascii_lowercase().ends_with(".xlsx") || bytes.starts_with(b"PK\x03\x04")
}

/// The first sheet of a workbook as CSV text, row for row, so that it is read and
/// checked exactly as a CSV file is (the sheet's row numbers are the lines).
fn xlsx_as_csv(file: &str, bytes: &[u8]) -> Result<String> {
    let unreadable =
        |why: String| ServiceError::refused(msg!("import.unreadable", file = file, why = why));
    let limits = report::ReadLimits {
        inflated: MAX_INFLATED_BYTES,
        // The header, every entrant an event may hold, and room for blank rows.
        rows: (ENTRANTS.max as u32 + 1) * 4,
        columns: 64,
    };
    let rows = report::read_xlsx(bytes, limits).map_err(|e| match e {
        report::XlsxError::Inflated { .. } => too_large(file),
        report::XlsxError::TooManyRows { limit } => {
            ServiceError::refused(msg!("import.sheet_too_long", file = file, limit = limit))
        }
        report::XlsxError::TooManyColumns { limit } => {
            ServiceError::refused(msg!("import.sheet_too_wide", file = file, limit = limit))
        }
        // What the zip or XML reader says is no help to an organizer: the file is not one.
        _ => ServiceError::refused(msg!("import.not_xlsx", file = file)),
    })?;
    let mut writer = csv::WriterBuilder::new()
        .flexible(true)
        .from_writer(Vec::new());
    for row in &rows {
        writer
            .write_record(row)
            .map_err(|e| unreadable(e.to_string()))?;
    }
    let bytes = writer
        .into_inner()
        .map_err(|e| unreadable(e.error().to_string()))?;
    String::from_utf8(bytes).map_err(|e| unreadable(e.to_string()))
}

fn read_row(
    record: &csv::StringRecord,
    headers: &csv::StringRecord,
    columns: &[Field],
    line: usize,
    error: &dyn Fn(usize, usize, Param, Message) -> ServiceError,
) -> Result<NewEntrant> {
    if record.len() > columns.len() {
        return Err(error(
            line,
            columns.len() + 1,
            Param::from(msg!("field.row")),
            msg!(
                "import.too_many_values",
                values = record.len(),
                columns = columns.len()
            ),
        ));
    }
    let mut new = NewEntrant::default();
    for (i, value) in record.iter().enumerate() {
        if value.contains(['\n', '\r']) {
            return Err(error(
                line,
                i + 1,
                headers[i].into(),
                msg!("import.several_lines"),
            ));
        }
        let value = value.trim();
        let header = &headers[i];
        let number = |code: &'static str| -> Result<Option<u32>> {
            if value.is_empty() {
                return Ok(None);
            }
            value.parse().map(Some).map_err(|_| {
                error(
                    line,
                    i + 1,
                    header.into(),
                    Message::new(code).with("value", value),
                )
            })
        };
        match columns[i] {
            Field::Name => new.name = value.to_string(),
            Field::Club => new.club = Some(value.to_string()).filter(|v| !v.is_empty()),
            Field::Rating => new.rating = number("import.not_a_number")?,
            Field::Seed => new.seed = number("import.not_a_seed")?.filter(|&s| s > 0),
            Field::Members => new.members = crate::lineups::split_members(value),
            // Read here too, so that a bad one is refused at its own column.
            Field::Born if !value.is_empty() && tournament::Date::parse(value).is_none() => {
                let why = msg!("entrant.born_unreadable", text = value);
                return Err(error(line, i + 1, header.into(), why));
            }
            Field::Gender if !value.is_empty() && tournament::Gender::parse(value).is_none() => {
                let why = msg!("entrant.gender_unreadable", text = value);
                return Err(error(line, i + 1, header.into(), why));
            }
            Field::Born => new.born = Some(value.to_string()),
            Field::Gender => new.gender = Some(value.to_string()),
        }
    }
    if new.name.is_empty() {
        let column = columns.iter().position(|&f| f == Field::Name).unwrap_or(0) + 1;
        return Err(error(
            line,
            column,
            Param::from(crate::TextField::Name.words()),
            msg!("entrant.name_empty"),
        ));
    }
    Ok(new)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_utf8_bom_and_gbk() {
        let text = "姓名,单位,等级分,种子\n王天一,杭州,2600,1\n郑惟桐,四川,,\n";
        let utf8 = [b"\xEF\xBB\xBF".as_slice(), text.as_bytes()].concat();
        let rows = read_entrants("a.csv", &utf8).unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].1.rating, Some(2600));
        assert_eq!(rows[1].0, 3);
        let (gbk, _, _) = encoding_rs::GBK.encode(text);
        assert_eq!(read_entrants("a.csv", &gbk).unwrap(), rows);
    }

    #[test]
    fn errors_name_line_and_column() {
        let err = read_entrants("a.csv", "name,rating\nA,12\nB,twelve\n".as_bytes()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "a.csv: line 3, column 2 (rating): 'twelve' is not a whole number"
        );
        let err = read_entrants("a.csv", "name,colour\nA,red\n".as_bytes()).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("a.csv: line 1, column 2 (colour): unknown column")
        );
    }
}
