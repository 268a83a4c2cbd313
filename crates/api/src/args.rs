//! Reading operation arguments: JSON objects into the service's types, each refusal
//! naming the field.

use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use service::{Lang, Paper, StageSpec};
use tournament::{Format, GameKind, RoundRobinOptions, presets};

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

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StageArgs {
    /// round_robin, knockout, points_knockout or swiss
    format: String,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    double: bool,
    #[serde(default)]
    swap_last: bool,
    #[serde(default)]
    third_place: bool,
    #[serde(default)]
    groups: Option<u32>,
    #[serde(default)]
    advance: Option<u32>,
    #[serde(default)]
    best_of: Option<u32>,
    /// extra_game (the default) or lots: what settles a tied match
    #[serde(default)]
    decider: Option<String>,
    /// A preset name or criteria separated by commas
    #[serde(default)]
    tiebreaks: Option<String>,
    /// Swiss: rounds, the round-1 layout (fold, top_bottom, adjacent, random), 禁3先/后,
    /// club avoidance (off, round1, rounds:K, always), forfeits in a row before a
    /// player is no longer paired, and what a bye counts as in 对手分 (lowest, zero,
    /// own).
    #[serde(default)]
    rounds: Option<u32>,
    /// A knockout at tables: how many of each table go on.
    #[serde(default)]
    per_table: Option<u32>,
    #[serde(default)]
    first_round: Option<tournament::swiss::FirstRound>,
    #[serde(default)]
    no_three_same: bool,
    #[serde(default)]
    avoid_club: Option<String>,
    #[serde(default)]
    drop_after_forfeits: Option<u32>,
    #[serde(default)]
    bye_buchholz: Option<tournament::swiss::ByeOpponent>,
}

fn swiss_options(a: &StageArgs) -> Result<tournament::swiss::SwissOptions, ApiError> {
    use tournament::swiss::{ClubAvoidance, SwissOptions};
    let rounds = a
        .rounds
        .ok_or_else(|| ApiError::bad_arguments(messages::msg!("api.arg.swiss_rounds")))?;
    let mut o = SwissOptions::new(rounds);
    o.first_round = a.first_round.unwrap_or_default();
    o.no_three_same = a.no_three_same;
    o.avoid_club = match a.avoid_club.as_deref().map(str::trim) {
        None | Some("") | Some("off") => ClubAvoidance::Off,
        Some("round1") => ClubAvoidance::Round1,
        Some("always") => ClubAvoidance::Always,
        Some(other) => match other.strip_prefix("rounds:").map(str::parse) {
            Some(Ok(k)) => ClubAvoidance::Rounds(k),
            _ => {
                return Err(ApiError::one_of(
                    "avoid_club",
                    other,
                    &["off", "round1", "rounds:K", "always"],
                ));
            }
        },
    };
    if let Some(n) = a.drop_after_forfeits {
        o.drop_after_forfeits = n;
    }
    o.bye_opponent = a.bye_buchholz.unwrap_or_default();
    Ok(o)
}

pub(crate) fn stage_spec(args: Value) -> Result<StageSpec, ApiError> {
    let a: StageArgs = from_value(args)?;
    let format = match a.format.as_str() {
        "round_robin" => Format::RoundRobin(RoundRobinOptions {
            double: a.double,
            swap_last_two: a.swap_last,
        }),
        "knockout" => Format::Knockout {
            third_place: a.third_place,
        },
        "points_knockout" => Format::PointsKnockout {
            third_place: a.third_place,
        },
        "swiss" => Format::Swiss(swiss_options(&a)?),
        other => {
            return Err(ApiError::one_of(
                "format",
                other,
                &["round_robin", "knockout", "points_knockout", "swiss"],
            ));
        }
    };
    let mut spec = StageSpec::new(format);
    spec.name = a.name.filter(|n| !n.trim().is_empty());
    spec.groups = a.groups.unwrap_or(1);
    spec.advance = a.advance;
    spec.best_of = a.best_of.unwrap_or(1);
    spec.rounds = a.rounds;
    spec.per_table = a.per_table;
    spec.extra_games = match a.decider.as_deref() {
        None | Some("extra_game") => 1,
        Some("lots") => 0,
        Some(other) => {
            return Err(ApiError::one_of("decider", other, &["extra_game", "lots"]));
        }
    };
    spec.tiebreaks = a
        .tiebreaks
        .filter(|t| !t.trim().is_empty())
        .map(|t| tournament::parse_chain(&t).map_err(|e| ApiError::refused(&e)))
        .transpose()?;
    Ok(spec)
}

/// The tiebreak chains the rules give, by name, for the stage form.
pub(crate) fn presets() -> Value {
    let names = [
        "individual",
        "team",
        "rr-2011",
        "multi-2011",
        "swiss-buchholz",
        "swiss-progressive",
        "swiss-common",
    ];
    Value::Array(
        names
            .iter()
            .filter_map(|&name| {
                let chain = presets::by_name(name)?;
                Some(json!({
                    "name": name,
                    "zh": chain.iter().map(|c| c.name_zh()).collect::<Vec<_>>(),
                    "en": chain.iter().map(|c| c.name_en()).collect::<Vec<_>>(),
                }))
            })
            .collect(),
    )
}
