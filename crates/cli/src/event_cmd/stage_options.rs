//! `stage add` and `stage edit` as the formats declare them: a flag for every option
//! of every format and the common ones (`tournament::format::options`), its help from
//! the catalogue; the values go to the core as given, to be read and checked there.

use clap::{Arg, ArgAction, ArgMatches, Command};
use tournament::format::options::{COMMON, OptionKind, StageOption};
use tournament::format::{AT_TABLES, FORMATS, Values};

/// A stage's format (by name) and its options as given.
pub struct StageOptions {
    pub format: String,
    pub values: Values,
}

/// Every option a stage may take, each name once (the first declaration wins: a Swiss
/// stage's and a table stage's `rounds` are one flag).
fn every_option() -> Vec<&'static StageOption> {
    let mut all: Vec<&'static StageOption> = Vec::new();
    let own = FORMATS.iter().chain(AT_TABLES).flat_map(|f| f.options());
    for option in COMMON.iter().chain(own) {
        if !all.iter().any(|o| o.name == option.name) {
            all.push(option);
        }
    }
    all
}

/// The flag of an option: `--third-place`, `--rounds N`, `--first-round fold|…`.
fn flag(option: &StageOption) -> Arg {
    let help = messages::render(&messages::Message::new(option.help), messages::Lang::En);
    let arg = Arg::new(option.name)
        .long(option.name.replace('_', "-"))
        .help(help);
    match option.kind {
        OptionKind::Flag => arg.action(ArgAction::SetTrue),
        OptionKind::Number(_) => arg.value_name("N"),
        OptionKind::Choice { values } => {
            let names: Vec<String> = values.iter().map(|(v, _)| v.replace('_', "-")).collect();
            arg.value_name(names.join("|"))
        }
        OptionKind::Text => arg.value_name(option.name.to_uppercase()),
    }
}

/// The help of a stage option (`stage add rounds`) in `lang`, from its declaration.
pub fn option_help(id: &str, lang: messages::Lang) -> Option<String> {
    every_option()
        .into_iter()
        .find(|o| o.name == id)
        .map(|o| messages::render(&messages::Message::new(o.help), lang))
}

impl clap::Args for StageOptions {
    fn augment_args(cmd: Command) -> Command {
        let kinds: Vec<String> = FORMATS.iter().map(|f| f.key().replace('_', "-")).collect();
        let format = Arg::new("format")
            .required(true)
            .value_name("FORMAT")
            .value_parser(clap::builder::PossibleValuesParser::new(kinds));
        every_option()
            .into_iter()
            .fold(cmd.arg(format), |cmd, option| cmd.arg(flag(option)))
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

impl clap::FromArgMatches for StageOptions {
    fn from_arg_matches(m: &ArgMatches) -> Result<StageOptions, clap::Error> {
        let mut values = Values::new();
        for option in every_option() {
            match option.kind {
                OptionKind::Flag if m.get_flag(option.name) => values.set(option.name, "true"),
                OptionKind::Flag => {}
                _ => {
                    if let Some(v) = m.get_one::<String>(option.name) {
                        values.set(option.name, v.clone());
                    }
                }
            }
        }
        Ok(StageOptions {
            format: m.get_one::<String>("format").cloned().unwrap_or_default(),
            values,
        })
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = StageOptions::from_arg_matches(m)?;
        Ok(())
    }
}
