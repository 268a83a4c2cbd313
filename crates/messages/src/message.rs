/// What a person is told: a code in the catalogue and the values its template names.
///
/// Serialised as `{"code": "...", "params": {...}}` for the UI to word itself.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Message {
    pub code: &'static str,
    pub params: Params,
}

/// A message's values by name, kept in name order (as they serialise, a JSON object).
/// A message has a handful, so a short list serves: a map would allocate a node of
/// eleven entries for each of the thousands of cells a big event's sheets word.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Params(Vec<(&'static str, Param)>);

impl Params {
    pub fn get(&self, name: &str) -> Option<&Param> {
        self.0.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }

    /// Sets `name` to `value`, in its place by name.
    pub fn insert(&mut self, name: &'static str, value: Param) {
        match self.0.binary_search_by_key(&name, |(n, _)| n) {
            Ok(at) => self.0[at].1 = value,
            Err(at) => self.0.insert(at, (name, value)),
        }
    }

    pub fn iter(&self) -> impl Iterator<Item = (&'static str, &Param)> {
        self.0.iter().map(|(n, v)| (*n, v))
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl serde::Serialize for Params {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|(n, v)| (n, v)))
    }
}

/// One value of a message: shown as it is, or worded in the reader's language.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(untagged)]
pub enum Param {
    Number(i64),
    Text(String),
    /// Joined by 、 in Chinese, by commas in English.
    List(Vec<String>),
    /// A value that has words in both languages (a game, a field, a bound).
    Words {
        zh: String,
        en: String,
    },
    /// A message inside a message (why one line of a file was refused).
    Message(Box<Message>),
    /// Several messages, one per line under the first (every bad line of a file).
    Messages(Vec<Message>),
}

impl Message {
    pub fn new(code: &'static str) -> Message {
        Message {
            code,
            params: Params::default(),
        }
    }

    /// The message with `name` set to `value`.
    pub fn with(mut self, name: &'static str, value: impl Into<Param>) -> Message {
        self.params.insert(name, value.into());
        self
    }
}

/// Builds a [`Message`]: `msg!("round.open", round = 3, boards = vec![1, 2])`.
#[macro_export]
macro_rules! msg {
    ($code:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::Message::new($code)$(.with(stringify!($name), $value))*
    };
}

/// An error or event that can say what it means as a [`Message`].
pub trait Explain {
    fn message(&self) -> Message;
}

impl Param {
    /// Words for a value that has both languages.
    pub fn words(zh: impl Into<String>, en: impl Into<String>) -> Param {
        Param::Words {
            zh: zh.into(),
            en: en.into(),
        }
    }
}

macro_rules! numbers {
    ($($t:ty),*) => {$(
        impl From<$t> for Param {
            fn from(n: $t) -> Param {
                Param::Number(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }
    )*};
}
numbers!(u8, u16, u32, u64, usize, i32, i64);

impl From<String> for Param {
    fn from(s: String) -> Param {
        Param::Text(s)
    }
}

impl From<&str> for Param {
    fn from(s: &str) -> Param {
        Param::Text(s.to_string())
    }
}

impl From<&String> for Param {
    fn from(s: &String) -> Param {
        Param::Text(s.clone())
    }
}

impl From<char> for Param {
    fn from(c: char) -> Param {
        Param::Text(c.to_string())
    }
}

impl From<Vec<String>> for Param {
    fn from(list: Vec<String>) -> Param {
        Param::List(list)
    }
}

impl From<&[String]> for Param {
    fn from(list: &[String]) -> Param {
        Param::List(list.to_vec())
    }
}

impl From<&[u32]> for Param {
    fn from(list: &[u32]) -> Param {
        Param::List(list.iter().map(u32::to_string).collect())
    }
}

impl From<Vec<u32>> for Param {
    fn from(list: Vec<u32>) -> Param {
        Param::from(list.as_slice())
    }
}

impl From<Message> for Param {
    fn from(m: Message) -> Param {
        Param::Message(Box::new(m))
    }
}

impl From<Vec<Message>> for Param {
    fn from(list: Vec<Message>) -> Param {
        Param::Messages(list)
    }
}

impl std::fmt::Display for Message {
    /// In English: for logs and the API's `message`, which people do not read first.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&crate::render(self, crate::Lang::En))
    }
}

impl From<&std::io::Error> for Param {
    /// What the system said, in Chinese for the common faults.
    fn from(e: &std::io::Error) -> Param {
        use std::io::ErrorKind::*;
        let zh = match e.kind() {
            NotFound => "没有这个文件或文件夹",
            PermissionDenied => "没有权限",
            AlreadyExists => "已经存在",
            StorageFull => "磁盘已满",
            ReadOnlyFilesystem => "只读介质",
            IsADirectory => "这是一个文件夹，不是文件",
            NotADirectory => "路径中有一段不是文件夹",
            InvalidData => "内容无法读取",
            UnexpectedEof => "文件不完整",
            _ => "读写失败",
        };
        Param::words(zh, e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn params_serialise_in_name_order_and_a_name_is_set_once() {
        let m = Message::new("round.open")
            .with("round", 3)
            .with("boards", vec![1u32, 2])
            .with("round", 4);
        assert_eq!(
            serde_json::to_string(&m).unwrap(),
            r#"{"code":"round.open","params":{"boards":["1","2"],"round":4}}"#
        );
        assert_eq!(m.params.get("round"), Some(&Param::Number(4)));
        assert_eq!(m.params.get("stage"), None);
    }
}
