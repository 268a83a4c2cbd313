//! A workbook written as the parts of an xlsx package (SpreadsheetML, ECMA-376 Part 1):
//! a sheet per table, its header row bold and kept in view when scrolling, each column
//! as wide as its widest text, the texts shared among the sheets as Excel writes them.
//!
//! Written here, not through a general workbook library: a 2,000-player event exports
//! megabytes of cells, and writing them straight into XML, with the parts compressed
//! side by side, keeps the export within a tenth of a second.

use std::collections::HashMap;

use super::{XlsxError, is_number, package};
use crate::Table;
use crate::digits::push_unsigned;

/// Excel's limits: rows and columns of a sheet, characters of a cell.
const MAX_ROWS: usize = 1_048_576;
const MAX_COLUMNS: usize = 16_384;
const MAX_TEXT: usize = 32_767;
const MAX_SHEET_NAME: usize = 31;

/// The cell style of the header row (`cellXfs` entry 1 in [`STYLES`]).
const BOLD: &str = "1";

/// A workbook with one sheet per `(name, table)`, the header row in bold.
pub fn write_xlsx(sheets: &[(impl AsRef<str>, &Table)]) -> Result<Vec<u8>, XlsxError> {
    let names: Vec<&str> = sheets.iter().map(|(name, _)| name.as_ref()).collect();
    check_names(&names)?;
    package::zip(|parts| {
        parts.add("[Content_Types].xml", content_types(names.len()));
        parts.add("_rels/.rels", ROOT_RELS.as_bytes().to_vec());
        parts.add("xl/workbook.xml", workbook(&names));
        parts.add("xl/_rels/workbook.xml.rels", workbook_rels(names.len()));
        parts.add("xl/styles.xml", STYLES.as_bytes().to_vec());
        let mut strings = SharedStrings::default();
        for (i, (name, table)) in sheets.iter().enumerate() {
            let sheet = worksheet(name.as_ref(), table, &mut strings)?;
            parts.add(format!("xl/worksheets/sheet{}.xml", i + 1), sheet);
        }
        parts.add("xl/sharedStrings.xml", strings.into_xml());
        Ok(())
    })
}

/// Excel's rules for a sheet's name: 1 to 31 characters, none of `[]:*?/\`, no
/// apostrophe at either end, and no two sheets named alike, whatever the case.
fn check_names(names: &[&str]) -> Result<(), XlsxError> {
    let refuse = |name: &str, why| {
        Err(XlsxError::SheetName {
            name: name.to_string(),
            why,
        })
    };
    let mut seen = std::collections::HashSet::new();
    for name in names {
        if name.is_empty() {
            return refuse(name, "empty");
        }
        if name.chars().count() > MAX_SHEET_NAME {
            return refuse(name, "longer than 31 characters");
        }
        if name.contains(['[', ']', ':', '*', '?', '/', '\\']) || name.contains(char::is_control) {
            return refuse(name, "has a character Excel does not allow in a sheet name");
        }
        if name.starts_with('\'') || name.ends_with('\'') {
            return refuse(name, "begins or ends with an apostrophe");
        }
        if !seen.insert(name.to_lowercase()) {
            return refuse(name, "names two sheets");
        }
    }
    Ok(())
}

/// Every distinct text of the workbook once, in order of first use; cells refer to
/// them by index.
#[derive(Default)]
struct SharedStrings<'a> {
    index: HashMap<&'a str, u32, foldhash::fast::RandomState>,
    texts: Vec<&'a str>,
    uses: u64,
}

impl<'a> SharedStrings<'a> {
    fn index_of(&mut self, text: &'a str) -> u32 {
        self.uses += 1;
        let next = self.texts.len() as u32;
        *self.index.entry(text).or_insert_with(|| {
            self.texts.push(text);
            next
        })
    }

    fn into_xml(self) -> Vec<u8> {
        let size: usize = self.texts.iter().map(|t| t.len() + 16).sum();
        let mut xml = Vec::with_capacity(size + 256);
        put(&mut xml, XML_DECLARATION);
        put(&mut xml, "<sst xmlns=\"");
        put(&mut xml, MAIN_NS);
        put(&mut xml, "\" count=\"");
        push_unsigned(&mut xml, self.uses);
        put(&mut xml, "\" uniqueCount=\"");
        push_unsigned(&mut xml, self.texts.len() as u64);
        put(&mut xml, "\">");
        for text in self.texts {
            // Spaces at either end would be dropped by an XML reader unless kept.
            if text.starts_with(char::is_whitespace) || text.ends_with(char::is_whitespace) {
                put(&mut xml, "<si><t xml:space=\"preserve\">");
            } else {
                put(&mut xml, "<si><t>");
            }
            push_text(&mut xml, text);
            put(&mut xml, "</t></si>");
        }
        put(&mut xml, "</sst>");
        xml
    }
}

/// A sheet: the header row, then the rows, numbers as numbers and the rest as shared
/// text; an empty cell is left out.
fn worksheet<'a>(
    name: &str,
    table: &'a Table,
    strings: &mut SharedStrings<'a>,
) -> Result<Vec<u8>, XlsxError> {
    let too_big = |why| {
        Err(XlsxError::TooBig {
            sheet: name.to_string(),
            why,
        })
    };
    let rows = table.rows.len() + 1;
    let columns = table
        .rows
        .iter()
        .map(Vec::len)
        .chain([table.headers.len()])
        .max()
        .unwrap_or(0)
        .max(1);
    if rows > MAX_ROWS {
        return too_big("more rows than Excel allows (1,048,576)");
    }
    if columns > MAX_COLUMNS {
        return too_big("more columns than Excel allows (16,384)");
    }
    let letters: Vec<String> = (0..columns).map(column_letters).collect();
    let every_row = || std::iter::once(&table.headers).chain(&table.rows);
    // The widths come before the cells in the file: a first look at the texts.
    let mut widths = vec![6usize; columns];
    for row in every_row() {
        for (c, text) in row.iter().enumerate() {
            widths[c] = widths[c].max(display_width(text));
        }
    }

    let cells = table.rows.iter().map(Vec::len).sum::<usize>() + table.headers.len();
    let mut xml = Vec::with_capacity(cells * 32 + rows * 16 + columns * 64 + 512);
    put(&mut xml, XML_DECLARATION);
    put(&mut xml, "<worksheet xmlns=\"");
    put(&mut xml, MAIN_NS);
    put(&mut xml, "\"><dimension ref=\"A1:");
    put(&mut xml, &letters[columns - 1]);
    push_unsigned(&mut xml, rows as u64);
    put(&mut xml, "\"/>");
    if rows > 1 {
        // The header row stays in view while the organizer scrolls the rows.
        put(
            &mut xml,
            "<sheetViews><sheetView workbookViewId=\"0\"><pane ySplit=\"1\" \
             topLeftCell=\"A2\" activePane=\"bottomLeft\" state=\"frozen\"/>\
             <selection pane=\"bottomLeft\"/></sheetView></sheetViews>",
        );
    }
    put(&mut xml, "<cols>");
    for (c, width) in widths.iter().enumerate() {
        put(&mut xml, "<col min=\"");
        push_unsigned(&mut xml, c as u64 + 1);
        put(&mut xml, "\" max=\"");
        push_unsigned(&mut xml, c as u64 + 1);
        put(&mut xml, "\" width=\"");
        put(&mut xml, &column_width((*width).min(60) + 1).to_string());
        put(&mut xml, "\" customWidth=\"1\"/>");
    }
    put(&mut xml, "</cols><sheetData>");
    let mut number = Vec::new();
    for (r, row) in every_row().enumerate() {
        number.clear();
        push_unsigned(&mut number, r as u64 + 1);
        put(&mut xml, "<row r=\"");
        xml.extend_from_slice(&number);
        put(&mut xml, "\">");
        for (c, text) in row.iter().enumerate() {
            if text.is_empty() {
                continue;
            }
            if text.len() > MAX_TEXT && text.chars().count() > MAX_TEXT {
                return too_big("a cell longer than Excel allows (32,767 characters)");
            }
            put(&mut xml, "<c r=\"");
            put(&mut xml, &letters[c]);
            xml.extend_from_slice(&number);
            if r == 0 {
                put(&mut xml, "\" s=\"");
                put(&mut xml, BOLD);
            }
            // The header is text whatever it says; a number below it is a number.
            if r > 0 && is_number(text) {
                put(&mut xml, "\"><v>");
                put(&mut xml, text);
            } else {
                put(&mut xml, "\" t=\"s\"><v>");
                push_unsigned(&mut xml, strings.index_of(text).into());
            }
            put(&mut xml, "</v></c>");
        }
        put(&mut xml, "</row>");
    }
    put(&mut xml, "</sheetData></worksheet>");
    Ok(xml)
}

/// How many character widths a text takes: a Chinese character two, a Latin one.
fn display_width(text: &str) -> usize {
    // UTF-8: an ASCII byte is one character; every other character has exactly one
    // byte that is not a continuation byte (0b10xx_xxxx).
    text.bytes()
        .map(|b| match b {
            0..0x80 => 1,
            0x80..0xC0 => 0,
            _ => 2,
        })
        .sum()
}

/// A column `characters` wide as the file stores it (ECMA-376 Part 1, 18.3.1.13): the
/// characters at the default font's digit width of 7 pixels, plus 5 pixels of padding,
/// in 1/256ths of a character.
fn column_width(characters: usize) -> f64 {
    ((characters * 7 + 5) as f64 / 7.0 * 256.0).trunc() / 256.0
}

/// A column's letters: 0 → `A`, 25 → `Z`, 26 → `AA`.
fn column_letters(column: usize) -> String {
    let mut letters = Vec::new();
    let mut n = column + 1;
    while n > 0 {
        n -= 1;
        letters.push(b'A' + (n % 26) as u8);
        n /= 26;
    }
    letters.iter().rev().map(|&b| b as char).collect()
}

/// Text as element content. XML cannot carry most control characters, so they are
/// written as Excel writes them, `_x0001_`; a text that itself looks like such an
/// escape keeps its underscore as `_x005F_`, so it reads back unchanged.
fn push_text(xml: &mut Vec<u8>, text: &str) {
    enum Escape {
        Entity(&'static str),
        Unit(u32),
    }
    let bytes = text.as_bytes();
    let mut written = 0;
    let mut i = 0;
    while i < bytes.len() {
        let (escape, width) = match bytes[i] {
            b'&' => (Escape::Entity("&amp;"), 1),
            b'<' => (Escape::Entity("&lt;"), 1),
            b'>' => (Escape::Entity("&gt;"), 1),
            b @ (0..b'\t' | 0x0B..0x20) => (Escape::Unit(b.into()), 1),
            b'_' if looks_escaped(&bytes[i..]) => (Escape::Unit(0x5F), 1),
            // U+FFFE and U+FFFF (EF BF BE, EF BF BF) are no XML characters either.
            0xEF => match bytes.get(i + 1..i + 3) {
                Some([0xBF, 0xBE]) => (Escape::Unit(0xFFFE), 3),
                Some([0xBF, 0xBF]) => (Escape::Unit(0xFFFF), 3),
                _ => {
                    i += 1;
                    continue;
                }
            },
            _ => {
                i += 1;
                continue;
            }
        };
        put(xml, &text[written..i]);
        match escape {
            Escape::Entity(entity) => put(xml, entity),
            Escape::Unit(unit) => push_unit(xml, unit),
        }
        i += width;
        written = i;
    }
    put(xml, &text[written..]);
}

/// `_xHHHH_` at the start of `bytes`.
fn looks_escaped(bytes: &[u8]) -> bool {
    matches!(bytes.get(..7), Some([b'_', b'x', h @ .., b'_']) if h.iter().all(u8::is_ascii_hexdigit))
}

fn push_unit(xml: &mut Vec<u8>, unit: u32) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    put(xml, "_x");
    for shift in [12, 8, 4, 0] {
        xml.push(HEX[(unit >> shift & 0xF) as usize]);
    }
    xml.push(b'_');
}

fn put(xml: &mut Vec<u8>, text: &str) {
    xml.extend_from_slice(text.as_bytes());
}

/// A sheet's name as an attribute value.
fn push_attribute(xml: &mut Vec<u8>, value: &str) {
    for &b in value.as_bytes() {
        match b {
            b'&' => put(xml, "&amp;"),
            b'<' => put(xml, "&lt;"),
            b'>' => put(xml, "&gt;"),
            b'"' => put(xml, "&quot;"),
            _ => xml.push(b),
        }
    }
}

fn content_types(sheets: usize) -> Vec<u8> {
    let mut xml = XML_DECLARATION.as_bytes().to_vec();
    put(
        &mut xml,
        "<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">\
         <Default Extension=\"rels\" \
         ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/>\
         <Default Extension=\"xml\" ContentType=\"application/xml\"/>\
         <Override PartName=\"/xl/workbook.xml\" ContentType=\"application/\
         vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml\"/>\
         <Override PartName=\"/xl/styles.xml\" ContentType=\"application/\
         vnd.openxmlformats-officedocument.spreadsheetml.styles+xml\"/>\
         <Override PartName=\"/xl/sharedStrings.xml\" ContentType=\"application/\
         vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml\"/>",
    );
    for i in 1..=sheets {
        put(&mut xml, "<Override PartName=\"/xl/worksheets/sheet");
        push_unsigned(&mut xml, i as u64);
        put(
            &mut xml,
            ".xml\" ContentType=\"application/\
             vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml\"/>",
        );
    }
    put(&mut xml, "</Types>");
    xml
}

fn workbook(names: &[&str]) -> Vec<u8> {
    let mut xml = XML_DECLARATION.as_bytes().to_vec();
    put(&mut xml, "<workbook xmlns=\"");
    put(&mut xml, MAIN_NS);
    put(&mut xml, "\" xmlns:r=\"");
    put(&mut xml, RELATIONSHIPS_NS);
    put(&mut xml, "\"><sheets>");
    for (i, name) in names.iter().enumerate() {
        put(&mut xml, "<sheet name=\"");
        push_attribute(&mut xml, name);
        put(&mut xml, "\" sheetId=\"");
        push_unsigned(&mut xml, i as u64 + 1);
        put(&mut xml, "\" r:id=\"rId");
        push_unsigned(&mut xml, i as u64 + 1);
        put(&mut xml, "\"/>");
    }
    put(&mut xml, "</sheets></workbook>");
    xml
}

/// The workbook's relationships: the sheets `rId1`…, then the styles and the texts.
fn workbook_rels(sheets: usize) -> Vec<u8> {
    let mut xml = XML_DECLARATION.as_bytes().to_vec();
    put(
        &mut xml,
        "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">",
    );
    let mut relationship = |id: usize, kind: &str, target: &str| {
        put(&mut xml, "<Relationship Id=\"rId");
        push_unsigned(&mut xml, id as u64);
        put(&mut xml, "\" Type=\"");
        put(&mut xml, RELATIONSHIPS_NS);
        xml.push(b'/');
        put(&mut xml, kind);
        put(&mut xml, "\" Target=\"");
        put(&mut xml, target);
        put(&mut xml, "\"/>");
    };
    for i in 1..=sheets {
        relationship(i, "worksheet", &format!("worksheets/sheet{i}.xml"));
    }
    relationship(sheets + 1, "styles", "styles.xml");
    relationship(sheets + 2, "sharedStrings", "sharedStrings.xml");
    put(&mut xml, "</Relationships>");
    xml
}

const XML_DECLARATION: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n";
const MAIN_NS: &str = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const RELATIONSHIPS_NS: &str =
    "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

const ROOT_RELS: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n\
    <Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">\
    <Relationship Id=\"rId1\" \
    Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument\" \
    Target=\"xl/workbook.xml\"/></Relationships>";

/// Two cell styles: 0 the default, 1 bold (the header row). A stylesheet needs the
/// two fills Excel reserves (none, gray125) and one border.
const STYLES: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n\
    <styleSheet xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\">\
    <fonts count=\"2\">\
    <font><sz val=\"11\"/><name val=\"Calibri\"/><family val=\"2\"/></font>\
    <font><b/><sz val=\"11\"/><name val=\"Calibri\"/><family val=\"2\"/></font></fonts>\
    <fills count=\"2\"><fill><patternFill patternType=\"none\"/></fill>\
    <fill><patternFill patternType=\"gray125\"/></fill></fills>\
    <borders count=\"1\"><border><left/><right/><top/><bottom/><diagonal/></border></borders>\
    <cellStyleXfs count=\"1\"><xf numFmtId=\"0\" fontId=\"0\" fillId=\"0\" borderId=\"0\"/>\
    </cellStyleXfs>\
    <cellXfs count=\"2\"><xf numFmtId=\"0\" fontId=\"0\" fillId=\"0\" borderId=\"0\" xfId=\"0\"/>\
    <xf numFmtId=\"0\" fontId=\"1\" fillId=\"0\" borderId=\"0\" xfId=\"0\" applyFont=\"1\"/>\
    </cellXfs>\
    <cellStyles count=\"1\"><cellStyle name=\"Normal\" xfId=\"0\" builtinId=\"0\"/></cellStyles>\
    </styleSheet>";

#[cfg(test)]
mod tests {
    use std::io::Cursor;

    use calamine::{Data, Reader, Xlsx};

    use super::*;
    use crate::xlsx::{ReadLimits, read_xlsx};

    fn table(headers: &[&str], rows: &[&[&str]]) -> Table {
        Table {
            headers: headers.iter().map(|h| h.to_string()).collect(),
            rows: rows
                .iter()
                .map(|r| r.iter().map(|c| c.to_string()).collect())
                .collect(),
        }
    }

    #[test]
    fn texts_read_back_as_they_were_written() {
        let awkward = [
            "王天一 & 郑惟桐 <队>",
            "\u{1}控制\u{1f}字符",
            "回车\r换行\n制表\t",
            "  两端空格  ",
            "_x0041_ 像转义的文字",
            "非字符\u{fffe}\u{ffff}",
        ];
        let rows: Vec<&[&str]> = awkward.iter().map(std::slice::from_ref).collect();
        let bytes = write_xlsx(&[("名单", &table(&["姓名"], &rows))]).unwrap();
        let read = read_xlsx(&bytes, ReadLimits::default()).unwrap();
        for (row, text) in read[1..].iter().zip(awkward) {
            assert_eq!(row[0], text);
        }
    }

    #[test]
    fn every_sheet_is_there_under_its_name_with_numbers_as_numbers() {
        let players = table(&["编号", "姓名"], &[&["1", "王天一"], &["2", "郑惟桐"]]);
        let standings = table(&["名次", "积分"], &[&["1", "2.5"], &["2", "-1"]]);
        let bytes = write_xlsx(&[("选手", &players), ("名次", &standings)]).unwrap();
        let mut book: Xlsx<_> = Xlsx::new(Cursor::new(bytes)).unwrap();
        assert_eq!(book.sheet_names(), ["选手", "名次"]);
        let range = book.worksheet_range("名次").unwrap();
        assert_eq!(range.get((0, 1)), Some(&Data::String("积分".into())));
        assert_eq!(range.get((1, 1)), Some(&Data::Float(2.5)));
        assert_eq!(range.get((2, 1)), Some(&Data::Float(-1.0)));
        let range = book.worksheet_range("选手").unwrap();
        assert_eq!(range.get((2, 1)), Some(&Data::String("郑惟桐".into())));
    }

    #[test]
    fn the_same_tables_make_the_same_workbook_byte_for_byte() {
        let t = table(
            &["姓名", "单位"],
            &[&["王天一", "杭州"], &["郑惟桐", "四川"]],
        );
        let first = write_xlsx(&[("选手", &t), ("对阵", &t)]).unwrap();
        assert_eq!(first, write_xlsx(&[("选手", &t), ("对阵", &t)]).unwrap());
    }

    #[test]
    fn a_header_is_text_even_when_it_reads_as_a_number() {
        // A crosstable's header row numbers the opponents.
        let t = table(&["姓名", "1", "2"], &[&["王天一", "", "1"]]);
        let bytes = write_xlsx(&[("总表", &t)]).unwrap();
        let mut book: Xlsx<_> = Xlsx::new(Cursor::new(bytes)).unwrap();
        let range = book.worksheet_range("总表").unwrap();
        assert_eq!(range.get((0, 1)), Some(&Data::String("1".into())));
        assert_eq!(range.get((1, 2)), Some(&Data::Float(1.0)));
    }

    #[test]
    fn sheet_names_excel_would_refuse_are_refused() {
        let t = table(&["姓名"], &[]);
        for names in [
            vec!["第1/2轮"],
            vec!["[决赛]"],
            vec!["一二三四五六七八九十一二三四五六七八九十一二三四五六七八九十一二"],
            vec!["'名次"],
            vec![""],
            vec!["Sheet", "sheet"],
        ] {
            let sheets: Vec<(&str, &Table)> = names.iter().map(|n| (*n, &t)).collect();
            assert!(
                matches!(write_xlsx(&sheets), Err(XlsxError::SheetName { .. })),
                "{names:?}"
            );
        }
        let longest = "一二三四五六七八九十一二三四五六七八九十一二三四五六七八九十一";
        assert!(
            write_xlsx(&[(longest, &t)]).is_ok(),
            "31 characters are allowed"
        );
    }

    #[test]
    fn columns_are_lettered_as_excel_letters_them() {
        let letters: Vec<String> = [0, 25, 26, 701, 702, 16_383]
            .into_iter()
            .map(column_letters)
            .collect();
        assert_eq!(letters, ["A", "Z", "AA", "ZZ", "AAA", "XFD"]);
    }

    #[test]
    fn a_column_width_is_stored_as_the_standard_computes_it() {
        // ECMA-376 Part 1, 18.3.1.13: 8 characters of Calibri 11 are stored as 8.7109375.
        assert_eq!(column_width(8), 8.7109375);
        assert_eq!(display_width("王天一"), 6);
        assert_eq!(display_width("Wang 1"), 6);
    }
}
