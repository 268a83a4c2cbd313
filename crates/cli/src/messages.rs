//! What went wrong, in the organizer's language: every refusal is a message of the
//! one catalogue (the `messages` crate), worded here; the command line adds its own
//! hints (a flag to use, a folder to copy to).

use std::path::Path;

use messages::{Explain, Lang, Message, msg};
use service::ServiceError;
use store::StoreError;

/// The language messages are worded in on this command line.
pub fn lang() -> Lang {
    if crate::english() { Lang::En } else { Lang::Zh }
}

/// `message` in the organizer's language.
pub fn say(message: &Message) -> String {
    messages::render(message, lang())
}

/// Where a read-only event can be copied to be changed: the home folder.
fn copy_hint(path: &Path) -> String {
    let name = path.file_name().unwrap_or_default();
    match std::env::var_os("HOME") {
        Some(home) => Path::new(&home).join(name).display().to_string(),
        None => name.to_string_lossy().into_owned(),
    }
}

/// The command line's own hint to a refusal: the flag or command that helps.
fn hint_of(code: &str) -> Option<Message> {
    let hint = match code {
        "result.game_zero" | "result.name_the_game" | "result.team_needs_board" => "cli.hint.game",
        "result.surrender_needs_moves" => "cli.hint.moves",
        "result.disagreement" => "cli.hint.force",
        "event.scoring_rescores" => "cli.hint.rescore",
        "result.lots_due" => "cli.hint.lots",
        "round.unpairable_names" | "round.unpairable_three_same" => "cli.hint.pairing_set",
        "stage.none_yet" => "cli.hint.stage_add",
        "stage.none_drawn" | "print.nothing_paired" => "cli.hint.draw",
        "stage.nobody_goes_on" => "cli.hint.advance",
        "stage.unsettled" | "playoff.unsettled" => "cli.hint.playoff",
        "lineup.out_of_order" => "cli.hint.fixed_order",
        "event.name_needed" => "cli.hint.name",
        _ => return None,
    };
    Some(Message::new(hint))
}

/// `message` in the organizer's language, with the command line's hint.
pub fn say_with_hint(message: &Message) -> String {
    let mut text = say(message);
    if let Some(hint) = hint_of(message.code) {
        text.push_str(&say(&hint));
    }
    text
}

/// A refusal of the service, with the command line's hint where it has one.
pub fn service_error(e: &ServiceError) -> String {
    let mut text = say_with_hint(&e.message());
    if let ServiceError::Store(StoreError::ReadOnly(p)) = e {
        text.push_str(&say(&msg!("file.copy_hint", path = copy_hint(p))));
    }
    text
}

/// What is wrong inside `file`, in the organizer's language.
pub fn in_file(file: &Path, why: Message) -> String {
    say(&msg!(
        "record.in_file",
        file = file.display().to_string(),
        why = why
    ))
}

/// A record or position file's bytes; an empty file (nothing but white space) is
/// refused, naming it, rather than read as a record of no moves.
pub fn read_record_file(path: &Path) -> Result<Vec<u8>, crate::Failure> {
    let bytes = std::fs::read(path).map_err(|e| crate::Failure::usage(io_error(path, &e)))?;
    if games::is_empty_record(&bytes) {
        return Err(crate::Failure::rejected(in_file(
            path,
            msg!("record.empty_file"),
        )));
    }
    Ok(bytes)
}

/// A file that could not be read or written, in the organizer's language.
pub fn io_error(path: &Path, e: &std::io::Error) -> String {
    say(&msg!("file.io", path = path.display().to_string(), why = e))
}

/// A message in both languages, as JSON scripts read it: `{"code","zh","en"}`.
pub fn both_json(message: &Message) -> serde_json::Value {
    serde_json::json!({
        "code": message.code,
        "zh": messages::render(message, messages::Lang::Zh),
        "en": messages::render(message, messages::Lang::En),
    })
}
