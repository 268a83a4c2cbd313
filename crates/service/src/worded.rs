//! A note in the JSON of views that scripts read as text: its clauses worded in
//! Chinese and in English, under the keys those scripts know (`zh`, `en`;
//! `colour_zh`, `colour_en`).

use messages::{Lang, Message, render};
use serde::ser::{Serialize, SerializeMap, Serializer};

/// Messages flattened into their view as one note in both languages: `{prefix}zh`
/// and `{prefix}en` (`；` between clauses in Chinese, `; ` in English), both null
/// without a clause.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Worded {
    prefix: &'static str,
    clauses: Vec<Message>,
}

impl Worded {
    /// One message, under `zh` and `en`.
    pub fn new(message: Message) -> Worded {
        Worded::clauses(vec![message])
    }

    /// Several clauses of one note, under `zh` and `en`.
    pub fn clauses(clauses: Vec<Message>) -> Worded {
        Worded {
            prefix: "",
            clauses,
        }
    }

    /// Under `{prefix}zh` and `{prefix}en`.
    pub fn prefixed(prefix: &'static str, message: Option<Message>) -> Worded {
        Worded {
            prefix,
            clauses: message.into_iter().collect(),
        }
    }

    /// Its clauses, to go on in a longer note.
    pub fn into_clauses(self) -> Vec<Message> {
        self.clauses
    }

    /// The note in `lang`; empty without a clause.
    pub fn text(&self, lang: Lang) -> String {
        let between = match lang {
            Lang::Zh => "；",
            Lang::En => "; ",
        };
        self.clauses
            .iter()
            .map(|m| render(m, lang))
            .collect::<Vec<_>>()
            .join(between)
    }
}

impl Serialize for Worded {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let words = |lang| (!self.clauses.is_empty()).then(|| self.text(lang));
        let mut map = s.serialize_map(Some(2))?;
        map.serialize_entry(&format!("{}zh", self.prefix), &words(Lang::Zh))?;
        map.serialize_entry(&format!("{}en", self.prefix), &words(Lang::En))?;
        map.end()
    }
}
