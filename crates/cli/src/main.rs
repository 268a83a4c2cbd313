//! `qisai`: the organizer's command line.

mod args_error;
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

impl Lang {
    /// The catalogue's language for this one.
    pub fn words(self) -> ::messages::Lang {
        match self {
            Lang::Zh => ::messages::Lang::Zh,
            Lang::En => ::messages::Lang::En,
        }
    }
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

/// Whether the command line asks for English (`--lang en`): known before parsing, so
/// that the help itself can be in the language asked for.
fn asks_english() -> bool {
    let args: Vec<String> = std::env::args().collect();
    args.windows(2).any(|w| w[0] == "--lang" && w[1] == "en")
        || args.iter().any(|a| a == "--lang=en")
}

/// The command tree with its help in Chinese: every command and option from the
/// catalogue, Chinese headings, and the help and version flags worded too.
fn in_chinese(cmd: clap::Command) -> clap::Command {
    use clap::{Arg, ArgAction};
    fn lookup(path: &str) -> Option<String> {
        chinese_help(path).or_else(|| stage_option(path))
    }
    fn walk(mut cmd: clap::Command, path: &str, root: bool) -> clap::Command {
        if let Some(about) = lookup(path) {
            cmd = cmd.about(about).long_about(None::<&str>);
        }
        let ids: Vec<(String, bool)> = cmd
            .get_arguments()
            .map(|a| (a.get_id().to_string(), a.is_positional()))
            .collect();
        for (id, positional) in ids {
            let help = lookup(&format!("{path} {id}"));
            cmd = cmd.mut_arg(&id, |a| {
                let heading = if positional { "arguments" } else { "options" };
                let a = a.help_heading(chinese_heading(heading));
                // Values explained one by one (print's documents): listed in Chinese
                // under the option's own help, instead of clap's English.
                let values: Vec<(String, bool)> = a
                    .get_possible_values()
                    .iter()
                    .map(|v| (v.get_name().to_string(), v.get_help().is_some()))
                    .collect();
                let (a, help) = if values.iter().any(|(_, explained)| *explained) {
                    let mut text = help.unwrap_or_default();
                    for (name, _) in &values {
                        let words = lookup(&format!("{path} {id} {name}")).unwrap_or_default();
                        text.push_str(&format!("\n  {name}：{words}"));
                    }
                    (a.hide_possible_values(true), Some(text))
                } else {
                    (a, help)
                };
                match help {
                    Some(help) => a.help(help).long_help(None::<&str>),
                    None => a,
                }
            });
        }
        cmd = cmd
            .help_template(format!(
                "{{about-with-newline}}\n{}：{{usage}}\n\n{{all-args}}{{after-help}}",
                chinese_heading("usage")
            ))
            .subcommand_help_heading(chinese_heading("commands"))
            .disable_help_flag(true)
            .arg(
                Arg::new("help")
                    .short('h')
                    .long("help")
                    .action(ArgAction::Help)
                    .help(chinese("help.flag.help"))
                    .help_heading(chinese_heading("options")),
            );
        if root {
            cmd = cmd
                .disable_help_subcommand(true)
                .disable_version_flag(true)
                .arg(
                    Arg::new("version")
                        .short('V')
                        .long("version")
                        .action(ArgAction::Version)
                        .help(chinese("help.flag.version"))
                        .help_heading(chinese_heading("options")),
                );
        }
        let names: Vec<String> = cmd
            .get_subcommands()
            .map(|s| s.get_name().to_string())
            .collect();
        for name in names {
            let next = if path.is_empty() {
                name.clone()
            } else {
                format!("{path} {name}")
            };
            cmd = cmd.mut_subcommand(&name, |s| walk(s, &next, false));
        }
        cmd
    }
    walk(cmd, "", true)
}

/// A catalogue text in Chinese as it stands (help names values with braces as typed).
fn chinese(code: &str) -> &'static str {
    ::messages::template(code, ::messages::Lang::Zh).unwrap_or_default()
}

/// A heading clap writes (`usage`, `arguments`, `options`, `commands`), in Chinese.
fn chinese_heading(heading: &str) -> &'static str {
    chinese(&format!("help.heading.{heading}"))
}

/// The catalogue's code for the help of a command or option by its path in the
/// command tree (`stage add rounds` → `help.stage.add.rounds`; the program's own
/// options, ` lang`, → `help.qisai.lang`).
fn help_code(path: &str) -> String {
    match path {
        "" => "help.qisai".to_string(),
        p if p.starts_with(' ') => format!("help.qisai{}", p.replace(' ', ".")),
        p => format!("help.{}", p.replace(' ', ".")),
    }
}

/// The Chinese help of a command or option, from the catalogue.
fn chinese_help(path: &str) -> Option<String> {
    ::messages::template(&help_code(path), ::messages::Lang::Zh).map(str::to_string)
}

/// The arguments as parsed, the help in the organizer's language.
fn parse() -> Cli {
    use clap::{CommandFactory, FromArgMatches};
    let english = asks_english();
    // The tree is worded in Chinese only when clap has something to say (help, the
    // version, a refusal): a command line that reads needs no words, and wording every
    // command took a third of a command's start.
    let matches = Cli::command().try_get_matches().or_else(|e| match english {
        true => Err(e),
        false => in_chinese(Cli::command()).try_get_matches(),
    });
    let matches = matches.unwrap_or_else(|e| refuse_args(e, english));
    Cli::from_arg_matches(&matches).unwrap_or_else(|e| refuse_args(e, english))
}

/// Ends on a command line that cannot be read: clap's words in English, the
/// catalogue's in Chinese (help and version pass through as they are).
fn refuse_args(e: clap::Error, english: bool) -> ! {
    match args_error::message(&e) {
        Some(m) if !english => {
            let help = ::messages::Message::new("cli.args.help");
            eprintln!(
                "qisai: {}{}",
                ::messages::render(&m, ::messages::Lang::Zh),
                ::messages::render(&help, ::messages::Lang::Zh)
            );
            std::process::exit(2)
        }
        _ => e.exit(),
    }
}

/// Every help text of the command tree as `path<TAB>text` lines (for the catalogue).
#[cfg(test)]
fn help_texts() -> Vec<String> {
    fn walk(cmd: &clap::Command, path: &str, out: &mut Vec<String>) {
        if let Some(about) = cmd.get_about() {
            out.push(format!("{path}\t{about}"));
        }
        for arg in cmd.get_arguments() {
            if let Some(help) = arg.get_help() {
                out.push(format!("{path} {}\t{help}", arg.get_id()));
            }
            for value in arg.get_possible_values() {
                if let Some(help) = value.get_help() {
                    let (id, name) = (arg.get_id(), value.get_name());
                    out.push(format!("{path} {id} {name}\t{help}"));
                }
            }
        }
        for sub in cmd.get_subcommands() {
            let next = if path.is_empty() {
                sub.get_name().to_string()
            } else {
                format!("{path} {}", sub.get_name())
            };
            walk(sub, &next, out);
        }
    }
    let mut out = Vec::new();
    walk(&<Cli as clap::CommandFactory>::command(), "", &mut out);
    out
}

/// A stage option's Chinese help (`stage add rounds`), from its declaration.
fn stage_option(path: &str) -> Option<String> {
    let id = path
        .strip_prefix("stage add ")
        .or_else(|| path.strip_prefix("stage edit "))?;
    event_cmd::stage_option_help(id, ::messages::Lang::Zh)
}

/// Every help text has its Chinese in the catalogue: nothing English under Chinese.
#[test]
fn the_help_is_in_chinese_everywhere() {
    let missing: Vec<String> = help_texts()
        .into_iter()
        .filter_map(|line| line.split('\t').next().map(str::to_string))
        .filter(|path| chinese_help(path).is_none() && stage_option(path).is_none())
        .collect();
    assert!(missing.is_empty(), "no Chinese help for: {missing:?}");
    // And the tree in Chinese builds (clap checks it) and says so.
    let mut chinese = in_chinese(<Cli as clap::CommandFactory>::command());
    chinese.build();
    let help = chinese.render_help().to_string();
    assert!(
        help.contains("用法") && help.contains("命令") && help.contains("显示帮助"),
        "{help}"
    );
    // Values explained one by one are listed in Chinese, not in clap's English.
    let print = chinese
        .find_subcommand_mut("print")
        .map(|c| c.render_help().to_string())
        .unwrap_or_default();
    assert!(
        print.contains("slips：记分单（每台一张）") && !print.contains("score slip"),
        "{print}"
    );
}

/// The catalogue's English help is the command tree's own, word for word, and it
/// holds no help for a command or option that is gone.
#[test]
fn the_catalogue_holds_the_help_as_written() {
    let catalogue: std::collections::BTreeMap<String, String> =
        serde_json::from_str(include_str!("../../messages/catalogue/en.json")).unwrap();
    let mut paths = std::collections::BTreeSet::new();
    for line in help_texts() {
        let (path, english) = line.split_once('\t').unwrap();
        if stage_option(path).is_some() {
            continue;
        }
        let code = help_code(path);
        assert_eq!(
            catalogue.get(&code).map(String::as_str),
            Some(english),
            "{code}"
        );
        paths.insert(code);
    }
    let stale: Vec<&String> = catalogue
        .keys()
        .filter(|c| {
            c.starts_with("help.")
                && !c.starts_with("help.heading.")
                && !c.starts_with("help.flag.")
        })
        .filter(|c| !paths.contains(*c))
        .collect();
    assert!(stale.is_empty(), "help for nothing: {stale:?}");
}

/// mimalloc instead of the system allocator: every command allocates and frees the
/// whole event model once, where glibc's malloc and free took a sixth of the time at
/// 2,000 entrants (crates/service/README.md, organizer actions).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    quiet_on_broken_pipe();
    let cli = parse();
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
