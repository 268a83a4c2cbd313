//! `qisai xiangqi ...`: stateless arbiter tools over the Xiangqi engine.

use std::path::PathBuf;

use clap::{Subcommand, ValueEnum};
use serde_json::json;
use xiangqi::{
    Adjudication, Ending, IllegalAt, Notation, Outcome, Position, Record, RecordProblem, Rules,
    Setup, Square, adjudicate_record, perft, perft_divide, record::write_pgn_with_comments, replay,
    text::decode, touch_move,
};

use messages::{Message, msg};

use crate::{Failure, Lang};

#[derive(Subcommand)]
pub enum XiangqiCommand {
    /// The legal moves in ICCS, one per line, sorted
    Moves {
        /// The position in FEN (startpos: the initial array)
        fen: String,
    },
    /// Counts the leaf nodes of the move tree; the last line is the count alone
    Perft {
        /// The position in FEN (startpos: the initial array)
        fen: String,
        /// How many plies deep to count
        depth: u32,
        /// One line per legal move with its count
        #[arg(long)]
        divide: bool,
    },
    /// One word: checkmate, stalemate, check or normal
    Status {
        /// The position in FEN (startpos: the initial array)
        fen: String,
    },
    /// Replays a record (move list or PGN, UTF-8 or GBK, or XQF) and says who won and why
    Adjudicate {
        /// The record: a move list, PGN or XQF
        file: PathBuf,
        /// Start from this position instead of the record's [FEN] or the initial array
        #[arg(long)]
        fen: Option<String>,
        /// The record's notation; detected when omitted
        #[arg(long, value_enum)]
        format: Option<RecordFormat>,
        /// One JSON object instead of a sentence
        #[arg(long)]
        json: bool,
        /// The language of the verdict
        #[arg(long, value_enum, default_value_t)]
        lang: Lang,
        /// Plies without capture that draw the game (自然限着)
        #[arg(long, default_value_t = 120)]
        natural_limit: u32,
        /// The rule book repetitions are judged by
        #[arg(long, value_enum, default_value = "chinese")]
        rules: crate::event_cmd::XiangqiRulesArg,
    },
    /// Lists the moves a player must choose from after touching pieces (rule 2.7)
    Touch {
        /// The position in FEN (startpos: the initial array)
        fen: String,
        /// Touched squares in the order touched, e.g. h2 h9
        #[arg(required = true)]
        squares: Vec<String>,
        /// One JSON object instead of lines
        #[arg(long)]
        json: bool,
    },
    /// Rewrites a record (also XQF) in another notation or as PGN
    Convert {
        /// The record: a move list, PGN or XQF
        file: PathBuf,
        /// The notation to write, or PGN
        #[arg(long, value_enum)]
        to: RecordFormat,
        /// Start from this position instead of the record's [FEN] or the initial array
        #[arg(long)]
        fen: Option<String>,
        /// The notation the record is written in; detected when omitted
        #[arg(long, value_enum)]
        from: Option<RecordFormat>,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RecordFormat {
    Iccs,
    Wxf,
    Chinese,
    Pgn,
}

impl RecordFormat {
    fn notation(self) -> Option<Notation> {
        match self {
            RecordFormat::Iccs => Some(Notation::Iccs),
            RecordFormat::Wxf => Some(Notation::Wxf),
            RecordFormat::Chinese => Some(Notation::Chinese),
            RecordFormat::Pgn => None,
        }
    }
}

pub fn run(command: XiangqiCommand) -> Result<(), Failure> {
    match command {
        XiangqiCommand::Moves { fen } => {
            let pos = position(&fen)?;
            let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
            moves.sort();
            for m in moves {
                println!("{m}");
            }
        }
        XiangqiCommand::Perft { fen, depth, divide } => {
            let pos = position(&fen)?;
            if divide {
                let counts = perft_divide(&pos, depth);
                for (m, n) in &counts {
                    println!("{m}: {n}");
                }
                println!("{}", counts.iter().map(|(_, n)| n).sum::<u64>());
            } else {
                println!("{}", perft(&pos, depth));
            }
        }
        XiangqiCommand::Status { fen } => {
            let pos = position(&fen)?;
            let word = match (pos.is_check(), pos.is_game_over()) {
                (true, true) => "checkmate",
                (false, true) => "stalemate",
                (true, false) => "check",
                (false, false) => "normal",
            };
            println!("{word}");
        }
        XiangqiCommand::Adjudicate {
            file,
            fen,
            format,
            json,
            lang,
            natural_limit,
            rules: code,
        } => {
            let record = read_record(&file)?;
            let start = fen.as_deref().map(position).transpose()?;
            let rules = Rules {
                natural_limit_plies: natural_limit,
                code: match code {
                    crate::event_cmd::XiangqiRulesArg::Chinese => xiangqi::RuleCode::Chinese,
                    crate::event_cmd::XiangqiRulesArg::Asian => xiangqi::RuleCode::Asian,
                },
            };
            let notation = format.and_then(RecordFormat::notation);
            match adjudicate_record(&record, start.as_ref(), notation, rules) {
                Ok(a) if json => println!("{}", verdict_json(&a)),
                Ok(a) => println!("{}", verdict_sentence(&a, lang)),
                Err(RecordProblem::Illegal(e)) => {
                    if json {
                        println!(
                            "{}",
                            json!({"error": "illegal_move", "ply": e.ply, "move": e.text, "why": e.reason.why()})
                        );
                    } else {
                        println!("{}", illegal_sentence(&e, lang));
                    }
                    return Err(Failure::rejected(""));
                }
                Err(RecordProblem::Record(e)) => {
                    if json {
                        println!("{}", json!({"error": "bad_record", "why": e.to_string()}));
                    }
                    return Err(Failure::rejected(crate::messages::in_file(
                        &file,
                        games::explain::xiangqi_record(&e),
                    )));
                }
            }
        }
        XiangqiCommand::Touch { fen, squares, json } => {
            let pos = position(&fen)?;
            let touched = squares
                .iter()
                .map(|s| {
                    s.parse::<Square>()
                        .map_err(|e| Failure::usage(e.to_string()))
                })
                .collect::<Result<Vec<_>, _>>()?;
            let o = touch_move(&pos, &touched).map_err(|e| Failure::rejected(e.to_string()))?;
            let mut moves: Vec<String> = o.moves.iter().map(|m| m.to_string()).collect();
            moves.sort();
            if json {
                println!(
                    "{}",
                    json!({"duty": o.duty, "moves": moves, "fouls": o.fouls})
                );
            } else if moves.is_empty() {
                println!("free");
            } else {
                for m in moves {
                    println!("{m}");
                }
            }
        }
        XiangqiCommand::Convert {
            file,
            to,
            fen,
            from,
        } => {
            let record = read_record(&file)?;
            let start = match fen.as_deref() {
                Some(f) => position(f)?,
                None => record
                    .start()
                    .map_err(|e| Failure::rejected(e.to_string()))?,
            };
            let source = from.and_then(RecordFormat::notation).or(record.notation);
            let moves = replay(&start, &record.moves, source)
                .map_err(|e| Failure::rejected(format!("{}: {e}", file.display())))?;
            let result = record.claimed.unwrap_or(Outcome::Ongoing);
            match to.notation() {
                None => print!(
                    "{}",
                    write_pgn_with_comments(
                        &record.tags,
                        &start,
                        &moves,
                        Notation::Iccs,
                        result,
                        &record.comments
                    )
                ),
                // A study's start position first, so that the list reads back.
                Some(notation) => {
                    if start != Position::start() {
                        println!("[FEN \"{start}\"]");
                    }
                    print!("{}", move_list(&start, &moves, notation));
                }
            }
        }
    }
    Ok(())
}

fn position(fen: &str) -> Result<Position, Failure> {
    let setup: Setup = fen
        .parse()
        .map_err(|e| Failure::usage(format!("bad FEN: {e}")))?;
    Position::from_setup(setup).map_err(|e| Failure::usage(e.to_string()))
}

/// A record file: XQF (by its signature) or text in any notation, UTF-8 or GBK.
fn read_record(file: &std::path::Path) -> Result<Record, Failure> {
    let bytes = crate::messages::read_record_file(file)?;
    if xiangqi::xqf::is_xqf(&bytes) {
        return xiangqi::xqf::read(&bytes).map_err(|e| {
            Failure::rejected(crate::messages::in_file(file, games::explain::xqf(&e)))
        });
    }
    decode(&bytes).parse().map_err(|e| {
        Failure::rejected(crate::messages::in_file(
            file,
            games::explain::xiangqi_record(&e),
        ))
    })
}

/// A numbered move list, one move pair a line.
fn move_list(start: &Position, moves: &[xiangqi::Move], notation: Notation) -> String {
    let mut out = String::new();
    let mut pos = start.clone();
    for (i, &m) in moves.iter().enumerate() {
        let red = pos.turn() == xiangqi::Color::Red;
        if red || i == 0 {
            if i > 0 {
                out.push('\n');
            }
            out.push_str(&format!(
                "{}.{} ",
                pos.fullmoves(),
                if red { "" } else { ".." }
            ));
        } else {
            out.push(' ');
        }
        out.push_str(&notation.write_move(&pos, m));
        pos.play_unchecked(m);
    }
    out.push('\n');
    out
}

fn verdict_json(a: &Adjudication) -> serde_json::Value {
    let reason = serde_json::to_value(a.ending).unwrap_or_default();
    let mut value = json!({"result": a.outcome, "reason": reason, "plies": a.plies});
    if let Some(claimed) = a.disagreement() {
        value["claimed"] = json!(claimed);
    }
    if a.ignored_plies > 0 {
        value["ignored_plies"] = json!(a.ignored_plies);
    }
    if let Some((code, ruling)) = a.ruling {
        let cited = games::explain::xiangqi::ruling(code, ruling, a.chased);
        value["rule"] = json!({
            "code": code,
            "ruling": ruling,
            "zh": messages::render(&cited, messages::Lang::Zh),
            "en": messages::render(&cited, messages::Lang::En),
        });
    }
    value
}

/// The verdict as sentences: who won and how, after how many plies, the rule a
/// repetition was judged by, what was ignored or claimed otherwise.
fn verdict_sentence(a: &Adjudication, lang: Lang) -> String {
    let length = plies(a.plies);
    let ending = games::explain::xiangqi::ending(a.ending);
    let mut said = vec![match a.outcome {
        Outcome::Red => msg!("cli.xiangqi.red_wins", ending = ending, plies = length),
        Outcome::Black => msg!("cli.xiangqi.black_wins", ending = ending, plies = length),
        Outcome::Draw => msg!("cli.xiangqi.draw", ending = ending, plies = length),
        Outcome::Ongoing => msg!("cli.xiangqi.undecided", plies = length),
    }];
    if a.ending == Ending::None && a.plies_since_capture > 0 {
        said.push(msg!(
            "cli.xiangqi.since_capture",
            plies = plies(a.plies_since_capture)
        ));
    }
    if let Some((code, ruling)) = a.ruling {
        let rule = games::explain::xiangqi::ruling(code, ruling, a.chased);
        said.push(msg!("cli.xiangqi.rule", rule = rule));
    }
    if a.ignored_plies > 0 {
        said.push(msg!("cli.xiangqi.ignored", plies = plies(a.ignored_plies)));
    }
    if let Some(claimed) = a.disagreement() {
        said.push(msg!(
            "cli.xiangqi.claim_differs",
            claimed = claimed.to_string()
        ));
    }
    sentences(&said, lang)
}

fn plies(count: u32) -> Message {
    match count {
        1 => msg!("count.ply", count = count),
        _ => msg!("count.plies", count = count),
    }
}

/// Sentences in `lang`: run on in Chinese, a space apart in English.
fn sentences(said: &[Message], lang: Lang) -> String {
    let gap = match lang {
        Lang::Zh => "",
        Lang::En => " ",
    };
    said.iter()
        .map(|m| messages::render(m, lang.words()))
        .collect::<Vec<_>>()
        .join(gap)
}

fn illegal_sentence(e: &IllegalAt, lang: Lang) -> String {
    let why = games::explain::xiangqi::move_error(&e.reason);
    let said = match e.line {
        Some(line) => msg!(
            "cli.xiangqi.illegal_line",
            ply = e.ply,
            line = line,
            text = &e.text,
            why = why
        ),
        None => msg!(
            "cli.xiangqi.illegal",
            ply = e.ply,
            text = &e.text,
            why = why
        ),
    };
    sentences(&[said], lang)
}
