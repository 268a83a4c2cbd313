//! Turning the bytes of a record file into text: UTF-8 (with or without BOM) or GBK,
//! as Chinese Xiangqi software saves them.

use std::borrow::Cow;

/// Decodes UTF-8, falling back to GBK (read as GB18030, its superset) when the bytes
/// are not valid UTF-8.
pub fn decode(bytes: &[u8]) -> Cow<'_, str> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => Cow::Borrowed(text),
        Err(_) => {
            let (text, _, _) = encoding_rs::GB18030.decode(bytes);
            text
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gbk_and_utf8_give_the_same_text() {
        let (gbk, _, _) = encoding_rs::GBK.encode("炮二平五 马8进7");
        assert_eq!(decode(&gbk), "炮二平五 马8进7");
        assert_eq!(decode("炮二平五".as_bytes()), "炮二平五");
        assert_eq!(decode("\u{FEFF}炮二平五".as_bytes()), "炮二平五");
    }
}
