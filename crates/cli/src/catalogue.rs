//! The words the UI's catalogue has, for the command line too: one source of the
//! Chinese of each tiebreak note (ui/src/locales), read once.

use std::collections::HashMap;
use std::sync::LazyLock;

static ZH: LazyLock<HashMap<String, String>> = LazyLock::new(|| {
    serde_json::from_str(include_str!("../../../ui/src/locales/zh-CN.json")).unwrap_or_default()
});

/// A tiebreak note (`"opponent's score"`) in Chinese, or as it is when the catalogue
/// has no words for it.
pub fn note_zh(note: &str) -> String {
    ZH.get(&format!("note.{note}"))
        .cloned()
        .unwrap_or_else(|| note.to_string())
}
