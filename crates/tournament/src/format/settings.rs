//! A stage's settings made from what the organizer chose: a format by name and its
//! options as text, read and checked by the format and the common options.

use messages::{Message, msg};

use super::options::{OptionFault, Values, common_option};
use super::{StageFormat, named};
use crate::matches::{Decider, MatchFormat};
use crate::model::{Advance, Competition, SettingsError, StageSettings};

/// Why a stage's settings were refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SettingsRefused {
    /// No format of that name (for this competition's games).
    UnknownFormat {
        key: String,
        known: Vec<&'static str>,
    },
    Option(super::OptionError),
    Settings(SettingsError),
}

impl SettingsRefused {
    pub fn words(&self) -> Message {
        match self {
            SettingsRefused::UnknownFormat { key, known } => msg!(
                "option.no_format",
                format = key,
                allowed = known.iter().map(|k| k.to_string()).collect::<Vec<_>>()
            ),
            SettingsRefused::Option(e) => e.words(),
            SettingsRefused::Settings(e) => messages::Explain::message(e),
        }
    }
}

impl From<super::OptionError> for SettingsRefused {
    fn from(e: super::OptionError) -> SettingsRefused {
        SettingsRefused::Option(e)
    }
}

/// The settings of a stage of `competition` in format `key` with the options given.
pub fn settings(
    competition: &Competition,
    key: &str,
    values: &Values,
) -> Result<StageSettings, SettingsRefused> {
    let known = || {
        let list = match competition.seated_tables() {
            Some(_) => super::AT_TABLES,
            None => super::FORMATS,
        };
        list.iter().map(|f| f.key()).collect()
    };
    let format = named(key, competition).ok_or_else(|| SettingsRefused::UnknownFormat {
        key: key.to_string(),
        known: known(),
    })?;
    let mut settings = StageSettings::new(format.build(values, competition)?);
    let groups = values.number(common_option("groups"))?.unwrap_or(1);
    settings.groups = groups;
    settings.advance = match values.number(common_option("advance"))? {
        None => Advance::None,
        Some(k) if groups > 1 => Advance::PerGroup(k),
        Some(k) => Advance::Overall(k),
    };
    let best_of = values.number(common_option("best_of"))?.unwrap_or(1);
    let lots = values.choice(common_option("decider"))? == Some("lots");
    settings.match_format = MatchFormat {
        best_of,
        decider: Decider {
            extra_games: if lots { 0 } else { 1 },
        },
    };
    settings.tiebreaks = tiebreaks(format, competition, values, best_of)?;
    settings.validate().map_err(SettingsRefused::Settings)?;
    Ok(settings)
}

/// The chain given (its FIDE tiebreaks in the edition given), else the format's own.
fn tiebreaks(
    format: &dyn StageFormat,
    competition: &Competition,
    values: &Values,
    best_of: u32,
) -> Result<Vec<crate::Criterion>, SettingsRefused> {
    let chain = common_option("tiebreaks");
    let edition_option = common_option("fide_edition");
    let edition = match values.names().any(|n| n == "fide_edition") {
        true => values.choice(edition_option)?,
        false => None,
    };
    let Some(text) = values.text(chain) else {
        if edition.is_some() {
            return Err(SettingsRefused::Option(super::OptionError {
                option: edition_option.name,
                value: edition.map(str::to_string),
                why: OptionFault::Needs(chain.name),
            }));
        }
        return Ok(format.default_tiebreaks(competition, best_of));
    };
    let edition = edition.and_then(|e| e.parse().ok()).unwrap_or_default();
    crate::tiebreak::parse_chain_in(text, edition).map_err(|e| {
        values
            .unreadable(chain, messages::Explain::message(&e))
            .into()
    })
}
