//! The text of an entry list: UTF-8 (with or without BOM) or GBK, as Excel and WPS save
//! CSV on Chinese systems. Anything else (Latin-1, Big5, a damaged file) is refused
//! with the first line that is not UTF-8, rather than imported as garbled names.

use std::borrow::Cow;

use crate::{Result, ServiceError};

/// Private-use characters: a GBK reading lands there for bytes that are no Chinese
/// text (Big5's common characters, for one), never for a real GBK file's names.
fn is_private_use(c: char) -> bool {
    matches!(c, '\u{E000}'..='\u{F8FF}')
}

/// Latin-1 text that happens to be valid GBK: an accented letter followed by an ASCII
/// letter ("Müller": `FC 6C`) reads as one rare character from GBK's extension areas,
/// whose second byte is ASCII. Next to a Latin letter such a pair is a Western name,
/// not a Chinese one.
fn latin_letters_around_gbk_pairs(bytes: &[u8]) -> bool {
    let letter = |i: Option<usize>| {
        i.and_then(|i| bytes.get(i))
            .is_some_and(u8::is_ascii_alphabetic)
    };
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b < 0x80 {
            i += 1;
            continue;
        }
        let next = bytes.get(i + 1).copied().unwrap_or(0);
        if next.is_ascii_digit() {
            i += 4; // a four-byte GB18030 sequence
            continue;
        }
        if next < 0x80 && (letter(i.checked_sub(1)) || letter(Some(i + 2))) {
            return true;
        }
        i += 2;
    }
    false
}

/// Decodes `bytes` strictly; `file` names the file in the error.
pub fn decode_entry_list<'a>(file: &str, bytes: &'a [u8]) -> Result<Cow<'a, str>> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let utf8_error = match std::str::from_utf8(bytes) {
        Ok(text) => return Ok(Cow::Borrowed(text)),
        Err(e) => e,
    };
    if let Some(text) =
        encoding_rs::GB18030.decode_without_bom_handling_and_without_replacement(bytes)
        && !text.chars().any(is_private_use)
        && !latin_letters_around_gbk_pairs(bytes)
    {
        return Ok(Cow::Owned(text.into_owned()));
    }
    let before = &bytes[..utf8_error.valid_up_to()];
    let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
    Err(ServiceError::Encoding {
        file: file.to_string(),
        line,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Any bytes at all: the UTF-8 text they are, a GBK reading without private-use
        /// characters, or a refusal naming a line of the file; never a panic.
        #[test]
        fn any_bytes_decode_or_are_refused_by_line(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
            let utf8 = std::str::from_utf8(bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes)).is_ok();
            match decode_entry_list("f.csv", &bytes) {
                Ok(text) => prop_assert!(utf8 || !text.chars().any(is_private_use)),
                Err(ServiceError::Encoding { line, .. }) => {
                    prop_assert!(line >= 1 && line <= 1 + bytes.iter().filter(|&&b| b == b'\n').count());
                }
                Err(other) => prop_assert!(false, "{other}"),
            }
        }
    }

    fn line_of(bytes: &[u8]) -> Option<usize> {
        match decode_entry_list("a.csv", bytes) {
            Err(ServiceError::Encoding { line, .. }) => Some(line),
            _ => None,
        }
    }

    #[test]
    fn utf8_and_gbk_read_alike() {
        let text = "姓名,单位\n王天一,杭州\n赵鑫鑫,浙江\n";
        let (gbk, _, _) = encoding_rs::GBK.encode(text);
        assert_eq!(decode_entry_list("a.csv", &gbk).unwrap(), text);
        let bom = [b"\xEF\xBB\xBF".as_slice(), text.as_bytes()].concat();
        assert_eq!(decode_entry_list("a.csv", &bom).unwrap(), text);
    }

    #[test]
    fn latin1_and_big5_are_refused_at_their_first_line() {
        let (latin1, _, _) =
            encoding_rs::WINDOWS_1252.encode("name,club\nJosé García,Sevilla\nZoë,Köln\n");
        assert_eq!(line_of(&latin1), Some(2));
        let (valid_gbk_bytes, _, _) =
            encoding_rs::WINDOWS_1252.encode("name\nAnna\nMüller\nKöln\n");
        assert_eq!(line_of(&valid_gbk_bytes), Some(3));
        let (big5, _, _) = encoding_rs::BIG5.encode("姓名,單位\n王天一,臺北\n呂欽,廣東\n");
        assert_eq!(line_of(&big5), Some(1));
        let mut damaged = "姓名\n王天一\n".as_bytes().to_vec();
        damaged.extend_from_slice(b"\xFF\xFE\n");
        assert_eq!(line_of(&damaged), Some(3));
    }
}
