//! A stage's options, declared once: each format lists its own (a round robin's
//! `double`, a Swiss stage's `rounds` …), and every stage takes the common ones
//! (`groups`, `advance`, `best_of`, `decider`, `tiebreaks` …) where its capabilities
//! have a use for them. The command line's flags, the API's arguments, the help in both
//! languages and the UI's stage form are made from these declarations; the values come
//! back as text and are read and checked here.

use std::collections::BTreeMap;

use messages::{Message, msg};

use super::Capabilities;
use crate::Bound;
use crate::limits;

/// One option a stage takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct StageOption {
    /// As the API takes it (`third_place`); the command line's flag is the same with
    /// dashes (`--third-place`).
    pub name: &'static str,
    pub kind: OptionKind,
    /// The value when none is given, as text; `None`: no value.
    pub default: Option<&'static str>,
    /// Message codes of its label (a form's field) and its help (a sentence).
    pub label: &'static str,
    pub help: &'static str,
    /// Which stages take it, by what they have (common options only).
    #[serde(skip)]
    pub applies: Applies,
}

/// What an option's value is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum OptionKind {
    /// On when given.
    Flag,
    /// A whole number within bounds (named as the bound names it).
    Number(Bound),
    /// One of these values, each with the message code of its words.
    Choice {
        values: &'static [(&'static str, &'static str)],
    },
    /// Text the format reads itself (a tiebreak chain, `rounds:3`).
    Text,
}

/// Which stages a common option applies to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Applies {
    #[default]
    Always,
    /// Stages that may be drawn in several groups.
    Groups,
    /// Stages whose matches may be of several games.
    Games,
    /// Stages whose matches need a winner.
    Winner,
}

impl Applies {
    fn to(self, c: &Capabilities) -> bool {
        match self {
            Applies::Always => true,
            Applies::Groups => c.groups,
            Applies::Games => c.games,
            Applies::Winner => c.needs_winner,
        }
    }
}

const fn option(
    name: &'static str,
    kind: OptionKind,
    default: Option<&'static str>,
    label: &'static str,
    help: &'static str,
) -> StageOption {
    StageOption {
        name,
        kind,
        default,
        label,
        help,
        applies: Applies::Always,
    }
}

/// An option on when given.
pub const fn flag(name: &'static str, label: &'static str, help: &'static str) -> StageOption {
    option(name, OptionKind::Flag, None, label, help)
}

/// A number within `bound`.
pub const fn number(
    name: &'static str,
    bound: Bound,
    default: Option<&'static str>,
    label: &'static str,
    help: &'static str,
) -> StageOption {
    option(name, OptionKind::Number(bound), default, label, help)
}

/// One of `values` (value, message code of its words), the first by default.
pub const fn choice(
    name: &'static str,
    values: &'static [(&'static str, &'static str)],
    label: &'static str,
    help: &'static str,
) -> StageOption {
    option(
        name,
        OptionKind::Choice { values },
        Some(values[0].0),
        label,
        help,
    )
}

/// Text the format reads itself.
pub const fn text(
    name: &'static str,
    default: Option<&'static str>,
    label: &'static str,
    help: &'static str,
) -> StageOption {
    option(name, OptionKind::Text, default, label, help)
}

const fn only(o: StageOption, applies: Applies) -> StageOption {
    StageOption { applies, ..o }
}

/// The options every stage takes (where it has a use for them).
pub const COMMON: &[StageOption] = &[
    text("name", None, "option.name", "option.name.help"),
    only(
        number(
            "groups",
            limits::GROUPS,
            Some("1"),
            "option.groups",
            "option.groups.help",
        ),
        Applies::Groups,
    ),
    number(
        "advance",
        limits::ADVANCE,
        None,
        "option.advance",
        "option.advance.help",
    ),
    only(
        number(
            "best_of",
            limits::BEST_OF,
            Some("1"),
            "option.best_of",
            "option.best_of.help",
        ),
        Applies::Games,
    ),
    only(
        choice(
            "decider",
            &[
                ("extra_game", "option.decider.extra_game"),
                ("lots", "option.decider.lots"),
            ],
            "option.decider",
            "option.decider.help",
        ),
        Applies::Winner,
    ),
    text(
        "tiebreaks",
        None,
        "option.tiebreaks",
        "option.tiebreaks.help",
    ),
    choice(
        "fide_edition",
        &[
            ("2026", "option.fide_edition.2026"),
            ("2024", "option.fide_edition.2024"),
            ("2012", "option.fide_edition.2012"),
        ],
        "option.fide_edition",
        "option.fide_edition.help",
    ),
];

/// The common options a stage with `capabilities` takes.
pub fn common(capabilities: &Capabilities) -> impl Iterator<Item = &'static StageOption> {
    COMMON.iter().filter(|o| o.applies.to(capabilities))
}

/// Option values as given, by name, as text (`"true"` for a flag given).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Values(BTreeMap<String, String>);

/// A value an option does not take, or a required one missing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionError {
    pub option: &'static str,
    pub value: Option<String>,
    pub why: OptionFault,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionFault {
    /// Not a whole number.
    NotANumber,
    /// A number outside the bound.
    OutOfRange(crate::OutOfRange),
    /// Not one of these.
    Choice(Vec<&'static str>),
    /// Required and not given: the message code of its label.
    Missing(&'static str),
    /// Text the format does not read: the words its message gives.
    Unreadable(Message),
    /// An option that needs another one (`fide_edition` without `tiebreaks`).
    Needs(&'static str),
}

impl OptionError {
    pub fn words(&self) -> Message {
        let value = self.value.clone().unwrap_or_default();
        let option = self.option.replace('_', "-");
        match &self.why {
            OptionFault::NotANumber => msg!("option.not_a_number", option = option, value = value),
            OptionFault::OutOfRange(e) => messages::Explain::message(e),
            OptionFault::Choice(values) => msg!(
                "option.not_one_of",
                option = option,
                value = value,
                allowed = values.iter().map(|v| v.to_string()).collect::<Vec<_>>()
            ),
            OptionFault::Missing(label) => msg!(
                "option.missing",
                option = option,
                label = Message::new(label)
            ),
            OptionFault::Unreadable(why) => msg!(
                "option.unreadable",
                option = option,
                value = value,
                why = why.clone()
            ),
            OptionFault::Needs(other) => msg!(
                "option.needs",
                option = option,
                other = other.replace('_', "-")
            ),
        }
    }
}

impl Values {
    pub fn new() -> Values {
        Values::default()
    }

    /// Sets `name` to `value` (names with dashes as the command line writes them are
    /// the same names).
    pub fn set(&mut self, name: &str, value: impl Into<String>) {
        self.0.insert(name.replace('-', "_"), value.into());
    }

    pub fn with(mut self, name: &str, value: impl Into<String>) -> Values {
        self.set(name, value);
        self
    }

    /// The names given.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.0.keys().map(String::as_str)
    }

    fn raw(&self, option: &StageOption) -> Option<&str> {
        self.0
            .get(option.name)
            .map(|v| v.trim())
            .filter(|v| !v.is_empty())
            .or(option.default)
    }

    /// A flag: given, and not `false`.
    pub fn flag(&self, option: &StageOption) -> bool {
        self.raw(option)
            .is_some_and(|v| !matches!(v, "false" | "0" | "off"))
    }

    /// A number within its bounds, when given (or defaulted).
    pub fn number(&self, option: &StageOption) -> Result<Option<u32>, OptionError> {
        let OptionKind::Number(bound) = option.kind else {
            return Ok(None);
        };
        let Some(text) = self.raw(option) else {
            return Ok(None);
        };
        let refused = |why| OptionError {
            option: option.name,
            value: Some(text.to_string()),
            why,
        };
        let n: u64 = text.parse().map_err(|_| refused(OptionFault::NotANumber))?;
        let n = bound
            .check(n)
            .map_err(|e| refused(OptionFault::OutOfRange(e)))?;
        Ok(Some(n as u32))
    }

    /// A number that must be given.
    pub fn required(&self, option: &StageOption) -> Result<u32, OptionError> {
        self.number(option)?.ok_or(OptionError {
            option: option.name,
            value: None,
            why: OptionFault::Missing(option.label),
        })
    }

    /// One of the option's values (dashes read as underscores: `top-bottom`).
    pub fn choice(&self, option: &StageOption) -> Result<Option<&'static str>, OptionError> {
        let OptionKind::Choice { values } = option.kind else {
            return Ok(None);
        };
        let Some(text) = self.raw(option) else {
            return Ok(None);
        };
        let wanted = text.replace('-', "_");
        match values.iter().find(|(v, _)| *v == wanted) {
            Some((v, _)) => Ok(Some(v)),
            None => Err(OptionError {
                option: option.name,
                value: Some(text.to_string()),
                why: OptionFault::Choice(values.iter().map(|(v, _)| *v).collect()),
            }),
        }
    }

    /// Text, when given.
    pub fn text(&self, option: &StageOption) -> Option<&str> {
        self.raw(option)
    }

    /// A refusal of `option`'s text, with why.
    pub fn unreadable(&self, option: &StageOption, why: Message) -> OptionError {
        OptionError {
            option: option.name,
            value: self.raw(option).map(str::to_string),
            why: OptionFault::Unreadable(why),
        }
    }
}

/// The common option named `name`.
pub fn common_option(name: &str) -> &'static StageOption {
    COMMON.iter().find(|o| o.name == name).unwrap_or(&COMMON[0])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{AT_TABLES, FORMATS};

    fn worded(code: &str) -> bool {
        [messages::Lang::Zh, messages::Lang::En]
            .iter()
            .all(|&lang| messages::template(code, lang).is_some())
    }

    /// Every label, help and choice a form or the command line shows has its words in
    /// both languages.
    #[test]
    fn every_declared_option_is_worded() {
        let own = FORMATS.iter().chain(AT_TABLES).flat_map(|f| f.options());
        for option in COMMON.iter().chain(own) {
            assert!(worded(option.label), "{}", option.label);
            assert!(worded(option.help), "{}", option.help);
            if let OptionKind::Choice { values } = option.kind {
                assert!(
                    values.iter().all(|(_, words)| worded(words)),
                    "{}",
                    option.name
                );
            }
        }
        for format in FORMATS.iter().chain(AT_TABLES) {
            assert!(worded(format.name().code), "{}", format.key());
        }
    }

    #[test]
    fn values_are_read_as_declared_and_refused_naming_the_option() {
        let rounds = number(
            "rounds",
            limits::SWISS_ROUNDS,
            None,
            "option.rounds",
            "option.rounds.help",
        );
        let values = Values::new()
            .with("rounds", "7")
            .with("first-round", "top-bottom");
        assert_eq!(values.required(&rounds), Ok(7));
        let first = choice(
            "first_round",
            &[("fold", "x"), ("top_bottom", "y")],
            "option.first_round",
            "option.first_round.help",
        );
        assert_eq!(values.choice(&first), Ok(Some("top_bottom")));
        assert_eq!(
            Values::new().choice(&first),
            Ok(Some("fold")),
            "the default"
        );
        let zero = Values::new()
            .with("rounds", "0")
            .number(&rounds)
            .unwrap_err();
        assert!(matches!(zero.why, OptionFault::OutOfRange(_)));
        let missing = Values::new().required(&rounds).unwrap_err();
        let said = messages::render(&missing.words(), messages::Lang::Zh);
        assert_eq!(said, "要用 --rounds 给出轮数");
        let flag = flag("double", "option.double", "option.double.help");
        assert!(Values::new().with("double", "true").flag(&flag));
        assert!(!Values::new().with("double", "false").flag(&flag));
    }
}
