//! `qisai`: the organizer's command line.

mod catalogue;
mod checkers_cmd;
mod event_cmd;
mod junqi_cmd;
mod messages;
mod schedule_cmd;
mod serve_cmd;
mod table;
mod xiangqi_cmd;

use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

#[derive(Parser)]
#[command(
    name = "qisai",
    version,
    about = "棋赛 Qisai: tournament manager for Xiangqi, Chinese checkers and Junqi"
)]
struct Cli {
    #[command(flatten)]
    file: event_cmd::FileArg,
    /// Language of messages (zh by default)
    #[arg(long, value_enum, default_value_t, global = true)]
    lang: Lang,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Xiangqi rules: legal moves, perft, game status, record adjudication and conversion
    Xiangqi {
        #[command(subcommand)]
        command: xiangqi_cmd::XiangqiCommand,
    },
    /// Chinese checkers rules: moves, checking a path, adjudicating a record
    Checkers {
        #[command(subcommand)]
        command: checkers_cmd::CheckersCommand,
    },
    /// Junqi rules: combat, checking a setup, legal moves, adjudicating a record
    Junqi {
        #[command(subcommand)]
        command: junqi_cmd::JunqiCommand,
    },
    /// Round-robin and knockout schedules by entrant number
    Schedule {
        #[command(subcommand)]
        command: schedule_cmd::ScheduleCommand,
    },
    /// Serves the UI and the event's operations over HTTP (browser tests, LAN entry)
    Serve(serve_cmd::ServeArgs),
    #[command(flatten)]
    Event(event_cmd::EventCommand),
}

/// Language of sentences written for people.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum Lang {
    #[default]
    Zh,
    En,
}

static LANG: std::sync::OnceLock<Lang> = std::sync::OnceLock::new();

/// Whether messages are to be in English (`--lang en`); Chinese otherwise.
pub fn english() -> bool {
    LANG.get() == Some(&Lang::En)
}

/// What a command failed with, and the exit status it warrants.
pub struct Failure {
    pub message: String,
    pub status: u8,
}

impl Failure {
    /// Bad input or a record found wrong: status 1.
    pub fn rejected(message: impl Into<String>) -> Failure {
        Failure {
            message: message.into(),
            status: 1,
        }
    }

    /// Unusable arguments or unreadable files: status 2.
    pub fn usage(message: impl Into<String>) -> Failure {
        Failure {
            message: message.into(),
            status: 2,
        }
    }
}

/// Ends quietly when stdout is closed early (`qisai ... | head`), as Unix tools do,
/// instead of panicking on the broken pipe.
fn quiet_on_broken_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .unwrap_or_default();
        if message.contains("failed printing to stdout") && message.contains("Broken pipe") {
            std::process::exit(141);
        }
        default(info);
    }));
}

fn main() -> ExitCode {
    quiet_on_broken_pipe();
    let cli = Cli::parse();
    let _ = LANG.set(cli.lang);
    let result = match cli.command {
        Command::Xiangqi { command } => xiangqi_cmd::run(command),
        Command::Schedule { command } => schedule_cmd::run(command),
        Command::Junqi { command } => junqi_cmd::run(command),
        Command::Checkers { command } => checkers_cmd::run(command, cli.lang),
        Command::Serve(args) => serve_cmd::run(args),
        Command::Event(command) => event_cmd::run(command, &cli.file, cli.lang),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            if !failure.message.is_empty() {
                eprintln!("qisai: {}", failure.message);
            }
            ExitCode::from(failure.status)
        }
    }
}
