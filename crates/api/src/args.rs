//! Reading operation arguments: JSON objects into the service's types, each refusal
//! naming the field.

use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use service::{Lang, Paper, StageSpec};
use tournament::{GameKind, presets};

use crate::ApiError;

/// Arguments of an operation that takes none (`{}` or `null`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Empty {}

pub(crate) fn from_value<T: DeserializeOwned>(args: Value) -> Result<T, ApiError> {
    let args = if args.is_null() { json!({}) } else { args };
    serde_json::from_value(args).map_err(|e| {
        ApiError::bad_arguments(messages::msg!("api.arg.invalid", detail = e.to_string()))
    })
}

pub(crate) fn game_kind(text: &str) -> Result<GameKind, ApiError> {
    match text {
        "xiangqi" | "象棋" => Ok(GameKind::Xiangqi),
        "checkers" | "跳棋" => Ok(GameKind::Checkers),
        "junqi" | "军棋" => Ok(GameKind::Junqi),
        other => Err(ApiError::one_of(
            "game",
            other,
            &["xiangqi", "checkers", "junqi"],
        )),
    }
}

pub(crate) fn lang(text: Option<String>) -> Result<Lang, ApiError> {
    match text.as_deref() {
        None | Some("zh") | Some("zh-CN") => Ok(Lang::Zh),
        Some("en") => Ok(Lang::En),
        Some(other) => Err(ApiError::one_of("lang", other, &["zh", "en"])),
    }
}

pub(crate) fn paper(text: Option<&str>) -> Result<Paper, ApiError> {
    match text {
        None | Some("a4") | Some("A4") => Ok(Paper::A4),
        Some("a3") | Some("A3") => Ok(Paper::A3),
        Some(other) => Err(ApiError::one_of("paper", other, &["a4", "a3"])),
    }
}

/// A stage as the API takes it: `{"format": "swiss", "rounds": 7, "no_three_same": true,
/// …}`, every key but `format` an option the formats declare (`tournament::format::
/// options`), read and checked by the core. `false` and `null` leave an option out.
pub(crate) fn stage_spec(args: Value) -> Result<StageSpec, ApiError> {
    let Value::Object(map) = args else {
        return Err(ApiError::bad_arguments(messages::msg!(
            "api.arg.stage_object"
        )));
    };
    let mut spec = StageSpec::new("");
    for (key, value) in map {
        if key == "format" {
            spec.format = value.as_str().unwrap_or_default().to_string();
            continue;
        }
        if !declared(&key) {
            return Err(ApiError::bad_arguments(messages::msg!(
                "api.arg.unknown_option",
                option = key
            )));
        }
        let text = match value {
            Value::Null | Value::Bool(false) => continue,
            Value::Bool(true) => "true".to_string(),
            Value::String(s) => s,
            other => other.to_string(),
        };
        spec.values.set(&key, text);
    }
    Ok(spec)
}

/// Whether a stage option of that name is declared (by a format, or for every stage).
fn declared(name: &str) -> bool {
    use tournament::format::{AT_TABLES, FORMATS, options::COMMON};
    let own = FORMATS.iter().chain(AT_TABLES).flat_map(|f| f.options());
    COMMON.iter().chain(own).any(|o| o.name == name)
}

/// The tiebreak chains the rules give, by name, for the stage form.
pub(crate) fn presets() -> Value {
    Value::Array(
        presets::NAMED
            .iter()
            .map(|(name, chain)| {
                json!({
                    "name": name,
                    "zh": chain.iter().map(|c| c.name_in(messages::Lang::Zh)).collect::<Vec<_>>(),
                    "en": chain.iter().map(|c| c.name_in(messages::Lang::En)).collect::<Vec<_>>(),
                })
            })
            .collect(),
    )
}
