//! A stage's format as the event keeps it: which format (`kind`) and its options, in the
//! format's own shape. Only the format reads them (each one is registered in
//! `crate::format`), so nothing here names a format and a new one is stored unchanged.

use std::fmt;
use std::sync::Arc;

use serde::de::{DeserializeOwned, Error as _};
use serde_json::{Map, Value};

/// A format's stored options: their type names the format they belong to.
pub trait FormatOptions: serde::Serialize + DeserializeOwned {
    /// The format's name in files: `round_robin`, `swiss` …
    const KIND: &'static str;
}

/// A stage's format: `{"kind": …, its options …}` as files have always held it.
#[derive(Clone, PartialEq, Eq)]
pub struct Format(Arc<Value>);

impl Format {
    /// The format `T` names, with these options.
    pub fn new<T: FormatOptions>(options: &T) -> Format {
        Format::with_kind(T::KIND, options)
    }

    /// The format named `kind` (for formats that share one type of options).
    pub fn with_kind(kind: &str, options: &impl serde::Serialize) -> Format {
        let mut stored = Map::new();
        stored.insert("kind".into(), Value::String(kind.into()));
        // Options are plain structs of numbers, flags and names: they always serialize
        // to an object.
        if let Ok(Value::Object(fields)) = serde_json::to_value(options) {
            stored.extend(fields);
        }
        Format(Arc::new(Value::Object(stored)))
    }

    /// The format's name in files.
    pub fn kind(&self) -> &str {
        self.0
            .get("kind")
            .and_then(Value::as_str)
            .unwrap_or_default()
    }

    /// One option as stored text (cheap: nothing else is read).
    pub fn text(&self, name: &str) -> Option<&str> {
        self.0.get(name).and_then(Value::as_str)
    }

    /// The options, when the stored format is `T`'s and they read as `T`.
    pub fn options<T: FormatOptions>(&self) -> Option<T> {
        (self.kind() == T::KIND).then(|| self.read()).flatten()
    }

    /// The options read as `T`, whatever the kind.
    pub fn read<T: DeserializeOwned>(&self) -> Option<T> {
        T::deserialize(&*self.0).ok()
    }

    /// Whether the stored options read as `T` (a file's, checked when it opens).
    pub fn reads_as<T: DeserializeOwned>(&self) -> Result<(), String> {
        T::deserialize(&*self.0)
            .map(drop)
            .map_err(|e| e.to_string())
    }
}

impl fmt::Debug for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Format({})", self.0)
    }
}

impl serde::Serialize for Format {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

impl<'de> serde::Deserialize<'de> for Format {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Format, D::Error> {
        let value = Value::deserialize(deserializer)?;
        match value.get("kind") {
            Some(Value::String(_)) => Ok(Format(Arc::new(value))),
            _ => Err(D::Error::custom("a stage format without its kind")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
    struct Laps {
        laps: u32,
        #[serde(default)]
        fast: bool,
    }
    impl FormatOptions for Laps {
        const KIND: &'static str = "laps";
    }

    #[derive(serde::Serialize, serde::Deserialize)]
    struct Other {}
    impl FormatOptions for Other {
        const KIND: &'static str = "other";
    }

    #[test]
    fn stored_with_its_kind_first_and_read_back_only_as_its_own() {
        let f = Format::new(&Laps {
            laps: 3,
            fast: true,
        });
        let text = serde_json::to_string(&f).unwrap();
        assert_eq!(text, r#"{"kind":"laps","laps":3,"fast":true}"#);
        let read: Format = serde_json::from_str(&text).unwrap();
        assert_eq!(read, f);
        assert_eq!(read.kind(), "laps");
        assert_eq!(read.options::<Other>().map(|_| ()), None);
        let old: Format = serde_json::from_str(r#"{"kind":"laps","laps":2}"#).unwrap();
        assert_eq!(
            old.options::<Laps>(),
            Some(Laps {
                laps: 2,
                fast: false
            })
        );
        assert!(serde_json::from_str::<Format>(r#"{"laps":2}"#).is_err());
    }
}
