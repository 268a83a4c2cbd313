use std::collections::HashMap;
use std::sync::LazyLock;

use crate::{Message, Param};

/// The language a message is worded in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Lang {
    #[default]
    Zh,
    En,
}

/// Codes to templates. The codes are ours, not the user's: a fast hash, fixed seed
/// (a big event's sheets look up a template for each of thousands of cells). The
/// tables are the catalogue files, turned into Rust by `build.rs`.
type Catalogue = HashMap<&'static str, &'static str, foldhash::fast::FixedState>;

include!(concat!(env!("OUT_DIR"), "/catalogue.rs"));

/// The table of one catalogue file: its codes and templates lie in `text` where
/// `spans` say (code from the first to the second offset, template to the third).
fn index(text: &'static str, spans: &[[u32; 3]]) -> Catalogue {
    let mut map = Catalogue::with_capacity_and_hasher(spans.len(), Default::default());
    map.extend(spans.iter().map(|&[start, middle, end]| {
        let (start, middle, end) = (start as usize, middle as usize, end as usize);
        (&text[start..middle], &text[middle..end])
    }));
    map
}

static ZH: LazyLock<Catalogue> = LazyLock::new(|| index(ZH_TEXT, ZH_SPANS));
static EN: LazyLock<Catalogue> = LazyLock::new(|| index(EN_TEXT, EN_SPANS));

/// The template of `code` in `lang`, falling back to Chinese.
pub fn template(code: &str, lang: Lang) -> Option<&'static str> {
    let own = match lang {
        Lang::Zh => &*ZH,
        Lang::En => &*EN,
    };
    own.get(code).or_else(|| ZH.get(code)).copied()
}

/// `message` worded in `lang`: its template with every `{name}` filled.
pub fn render(message: &Message, lang: Lang) -> String {
    match template(message.code, lang) {
        Some(text) => fill(text, |name| {
            message.params.get(name).map(|value| param(value, lang))
        }),
        None => message.code.to_string(),
    }
}

/// A message kept as JSON (`{"code", "params"}`, as a [`Message`] serialises, e.g. in
/// the event's log) worded in `lang`; text that is no message shows as it is.
pub fn render_json(value: &serde_json::Value, lang: Lang) -> String {
    use serde_json::Value;
    match value {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        Value::Array(items) if items.iter().all(is_message) => items
            .iter()
            .map(|m| format!("\n  {}", render_json(m, lang)))
            .collect(),
        Value::Array(items) => items
            .iter()
            .map(|v| render_json(v, lang))
            .collect::<Vec<_>>()
            .join(separator(lang)),
        Value::Object(o) if is_message(value) => {
            let code = o.get("code").and_then(Value::as_str).unwrap_or_default();
            let params = o.get("params").and_then(Value::as_object);
            match template(code, lang) {
                Some(text) => fill(text, |name| {
                    params
                        .and_then(|p| p.get(name))
                        .map(|v| render_json(v, lang))
                }),
                None => code.to_string(),
            }
        }
        Value::Object(o) => {
            let key = match lang {
                Lang::Zh => "zh",
                Lang::En => "en",
            };
            o.get(key).map(|v| render_json(v, lang)).unwrap_or_default()
        }
        Value::Bool(b) => b.to_string(),
        Value::Null => String::new(),
    }
}

/// A summary as it is kept: a message's JSON, for [`render_json`].
pub fn to_json(message: &Message) -> String {
    serde_json::to_string(message).unwrap_or_else(|_| message.code.to_string())
}

fn is_message(value: &serde_json::Value) -> bool {
    value.get("code").is_some_and(serde_json::Value::is_string) && value.get("params").is_some()
}

fn separator(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "、",
        Lang::En => ", ",
    }
}

/// `text` with each `{name}` replaced by what `value` gives for it (left as it is
/// when it gives nothing).
fn fill(text: &str, value: impl Fn(&str) -> Option<String>) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) => {
                let name = &after[..close];
                match value(name) {
                    Some(value) => out.push_str(&value),
                    None => {
                        out.push('{');
                        out.push_str(name);
                        out.push('}');
                    }
                }
                rest = &after[close + 1..];
            }
            None => {
                out.push_str(&rest[open..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

fn param(value: &Param, lang: Lang) -> String {
    match value {
        Param::Number(n) => n.to_string(),
        Param::Text(t) => t.clone(),
        Param::List(items) => items.join(separator(lang)),
        Param::Words { zh, en } => match lang {
            Lang::Zh => zh.clone(),
            Lang::En => en.clone(),
        },
        Param::Message(m) => render(m, lang),
        Param::Messages(list) => list
            .iter()
            .map(|m| format!("\n  {}", render(m, lang)))
            .collect(),
    }
}
