//! The organizer's commands on an event file: thin wrappers over `service`.

mod arbiters;
mod args;
mod competitions;
mod entrants;
mod event;
mod explain;
mod json_layout;
mod outputs;
mod pairings;
mod playoffs;
mod results;
mod stage_options;
mod stages;
mod standings;

use std::path::{Path, PathBuf};

use clap::Args;
use service::{Event, ServiceError};

use arbiters::arbiter;
pub use args::*;
use entrants::{player, team};
use playoffs::playoff;
pub use stage_options::option_help as stage_option_help;

use crate::messages::say as word;
use crate::{Failure, Lang};
use messages::msg;

/// Where the event file is: `-f FILE` or `QISAI_FILE`.
#[derive(Args, Clone)]
pub struct FileArg {
    /// The event file (.qisai), or an event in a database: postgres://USER@HOST/DB?event=NAME
    #[arg(short = 'f', long = "file", env = "QISAI_FILE", global = true)]
    pub file: Option<PathBuf>,
    /// The competition a command acts on, by name or number, where the event holds
    /// several
    #[arg(
        short = 'c',
        long = "competition",
        env = "QISAI_COMPETITION",
        global = true
    )]
    pub competition: Option<String>,
}

pub(crate) fn fail(e: ServiceError) -> Failure {
    let message = crate::messages::service_error(&e);
    match e {
        ServiceError::Store(store::StoreError::Missing(_))
        | ServiceError::Store(store::StoreError::Folder(_))
        | ServiceError::Store(store::StoreError::NotAnEvent(_))
        | ServiceError::Store(store::StoreError::Newer { .. })
        | ServiceError::Store(store::StoreError::Exists(_))
        | ServiceError::Store(store::StoreError::Damaged(_))
        | ServiceError::Io { .. } => Failure::usage(message),
        _ => Failure::rejected(message),
    }
}

fn open(file: &FileArg) -> Result<Event, Failure> {
    let path = file
        .file
        .as_deref()
        .ok_or_else(|| Failure::usage(word(&msg!("cli.no_file"))))?;
    let event = Event::open(path).map_err(fail)?;
    if let Some(name) = &file.competition {
        event.choose(name).map_err(fail)?;
    }
    Ok(event)
}

/// A game record file as the text kept with a result: XQF becomes PGN (its moves,
/// tags and comments), any other file is text in UTF-8 or GBK.
fn record_text(path: &Path) -> Result<String, Failure> {
    games::record_text(&read(path)?).map_err(|e| {
        Failure::rejected(crate::messages::in_file(
            path,
            messages::Explain::message(&e),
        ))
    })
}

/// A file an organizer names (an entry list, a game record), read only when it is of
/// a size such a file can have.
fn read(path: &Path) -> Result<Vec<u8>, Failure> {
    use std::io::Read;
    let io = |e: std::io::Error| Failure::usage(crate::messages::io_error(path, &e));
    let limit = service::MAX_FILE_BYTES;
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .map_err(io)?
        .take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > limit {
        let too_large = msg!(
            "file.too_large",
            path = path.display().to_string(),
            limit = limit >> 20
        );
        return Err(Failure::rejected(word(&too_large)));
    }
    Ok(bytes)
}

fn print_json(value: &impl serde::Serialize) {
    write_json(|out| serde::Serialize::serialize(value, out));
}

/// An item of a JSON list that can write its compact form itself.
pub(super) trait JsonLine: serde::Serialize {
    /// Appends the item as compact JSON, byte for byte as serde_json would write it;
    /// `false`, having written nothing, to leave it to serde_json.
    fn write_compact(&self, out: &mut Vec<u8>) -> bool;
}

/// Prints a JSON list whose items `fill` hands over one at a time, each written as it
/// comes: a big event's pairings need not be held whole. Compact for a program (each
/// item writing itself where it can), indented for a person at a terminal, as
/// [`write_json`]. What `fill` returns is returned.
fn print_json_list<T: JsonLine, R>(fill: impl FnOnce(&mut dyn FnMut(T)) -> R) -> R {
    use serde::ser::{SerializeSeq, Serializer};
    use std::io::{IsTerminal, Write};
    if !std::io::stdout().is_terminal() {
        // Compact, for a program: each item writes itself where it can.
        let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
        let mut line = Vec::new();
        let mut first = true;
        let mut written = out.write_all(b"[");
        let filled = fill(&mut |item| {
            if written.is_err() {
                return;
            }
            line.clear();
            if !first {
                line.push(b',');
            }
            first = false;
            if !item.write_compact(&mut line)
                && let Err(e) = serde_json::to_writer(&mut line, &item)
            {
                written = Err(e.into());
                return;
            }
            written = out.write_all(&line);
        });
        report_output(
            written
                .and_then(|()| out.write_all(b"]\n"))
                .and_then(|()| out.flush()),
        );
        return filled;
    }
    let mut filled = None;
    write_json(|out| {
        let mut list = out.serialize_seq(None)?;
        let mut failed = None;
        filled = Some(fill(&mut |item| {
            if failed.is_none()
                && let Err(e) = list.serialize_element(&item)
            {
                failed = Some(e);
            }
        }));
        match failed {
            Some(e) => Err(e),
            None => list.end(),
        }
    });
    filled.expect("the list was filled")
}

type JsonOut<'a> = serde_json::Serializer<
    &'a mut std::io::BufWriter<std::io::StdoutLock<'static>>,
    json_layout::Layout,
>;

/// Writes JSON straight to the standard output: a big event's pairings run to
/// megabytes. Indented for a person at a terminal; compact for a program reading a pipe
/// or a file (a third of the size).
fn write_json(write: impl FnOnce(&mut JsonOut) -> Result<(), serde_json::Error>) {
    use std::io::IsTerminal;
    let stdout = std::io::stdout();
    let layout = json_layout::Layout::for_terminal(stdout.is_terminal());
    let mut out = std::io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut json = serde_json::Serializer::with_formatter(&mut out, layout);
    let serialized = write(&mut json);
    report_output(
        serialized
            .map_err(std::io::Error::from)
            .and_then(|()| std::io::Write::write_all(&mut out, b"\n"))
            .and_then(|()| std::io::Write::flush(&mut out)),
    );
}

/// Says why the output could not be written, but for a closed pipe (`| head`), which
/// ends the output as println! would have.
fn report_output(written: std::io::Result<()>) {
    if let Err(e) = written
        && e.kind() != std::io::ErrorKind::BrokenPipe
    {
        eprintln!("{e}");
    }
}

/// Prints a message of the catalogue in the organizer's language.
fn tell(message: messages::Message) {
    println!("{}", word(&message));
}

/// Runs one command on the event: each family of commands in a module of its own.
pub fn run(command: EventCommand, file: &FileArg, lang: Lang) -> Result<(), Failure> {
    match command {
        EventCommand::New(a) => event::new(a),
        EventCommand::Edit(a) => event::edit(file, a),
        EventCommand::Competition(cmd) => competitions::competition(file, cmd),
        EventCommand::Undo => event::undo(file),
        EventCommand::Log { json } => event::log(file, json),
        EventCommand::Backup { destination } => event::backup(file, &destination),
        EventCommand::Check => event::check(file),
        EventCommand::Copy {
            source,
            destination,
        } => event::copy(&source, &destination),
        EventCommand::Demo { path } => event::demo(&path, lang),
        EventCommand::Player(cmd) => player(cmd, file),
        EventCommand::Team(cmd) => team(cmd, file),
        EventCommand::Arbiter(cmd) => arbiter(cmd, file),
        EventCommand::Stage(cmd) => stages::stage(file, cmd),
        EventCommand::Draw { seed } => stages::draw(file, seed),
        EventCommand::Pair { round } => stages::pair(file, round),
        EventCommand::Pairing(cmd) => stages::pairing(file, cmd),
        EventCommand::Lots { round, board, seed } => stages::lots(file, round, board, seed),
        EventCommand::Lineup {
            round,
            team,
            members,
        } => stages::lineup(file, round, &team, &members),
        EventCommand::Playoff {
            stage,
            json,
            action,
        } => playoff(file, stage, json, action),
        EventCommand::Pairings(a) => results::pairings(file, a, lang),
        EventCommand::Result(a) => results::result(file, a),
        EventCommand::Standings(a) => outputs::standings(file, a, lang),
        EventCommand::Print(a) => outputs::print(file, a, lang),
        EventCommand::Export(cmd) => outputs::export(file, cmd),
        EventCommand::Import(cmd) => outputs::import(cmd),
    }
}
