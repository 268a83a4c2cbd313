//! A command line clap cannot read, told in the organizer's language: the argument,
//! the value and what would have been right, from the error's parts.

use clap::error::{ContextKind, ContextValue, ErrorKind};
use messages::{Message, msg};

fn context(e: &clap::Error, kind: ContextKind) -> Option<String> {
    match e.get(kind)? {
        ContextValue::String(s) => Some(s.clone()),
        ContextValue::Strings(list) => Some(list.join("、")),
        ContextValue::StyledStr(s) => Some(s.to_string()),
        ContextValue::StyledStrs(list) => Some(
            list.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("、"),
        ),
        ContextValue::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// What is wrong with the command line, or `None` when clap's own words are wanted
/// (help and version, which are no errors).
pub fn message(e: &clap::Error) -> Option<Message> {
    let arg = || context(e, ContextKind::InvalidArg).unwrap_or_default();
    let value = || context(e, ContextKind::InvalidValue).unwrap_or_default();
    let mut m = match e.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => return None,
        ErrorKind::UnknownArgument => msg!("cli.args.unknown_argument", arg = arg()),
        ErrorKind::InvalidSubcommand => {
            let name = context(e, ContextKind::InvalidSubcommand).unwrap_or_default();
            msg!("cli.args.unknown_command", name = name)
        }
        ErrorKind::InvalidValue => match context(e, ContextKind::ValidValue) {
            Some(valid) => msg!(
                "cli.args.invalid_value_of",
                arg = arg(),
                value = value(),
                valid = valid
            ),
            None => msg!("cli.args.invalid_value", arg = arg(), value = value()),
        },
        ErrorKind::ValueValidation => {
            msg!("cli.args.invalid_value", arg = arg(), value = value())
        }
        ErrorKind::MissingRequiredArgument => msg!("cli.args.missing", arg = arg()),
        ErrorKind::MissingSubcommand => msg!("cli.args.missing_command"),
        ErrorKind::ArgumentConflict => match context(e, ContextKind::PriorArg) {
            Some(other) if other != arg() => {
                msg!("cli.args.conflict", arg = arg(), other = other)
            }
            _ => msg!("cli.args.too_many", arg = arg()),
        },
        ErrorKind::TooManyValues => {
            msg!("cli.args.too_many", arg = arg())
        }
        ErrorKind::TooFewValues | ErrorKind::WrongNumberOfValues => {
            msg!("cli.args.values", arg = arg())
        }
        _ => msg!("cli.args.other"),
    };
    if let Some(suggested) = context(e, ContextKind::SuggestedArg)
        .or_else(|| context(e, ContextKind::SuggestedSubcommand))
    {
        m = msg!("cli.args.suggest", problem = m, suggested = suggested);
    }
    Some(m)
}
