//! `qisai checkers ...`: stateless arbiter tools over the checkers engine.

use std::path::PathBuf;

use checkers::{CampRule, Hole, Position, Record, State, Triangle, adjudicate};
use clap::{Subcommand, ValueEnum};
use serde_json::json;

use messages::msg;

use crate::{Failure, Lang};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum CampRuleArg {
    Standard,
    NoEnd,
    #[default]
    NoLanding,
}

impl From<CampRuleArg> for CampRule {
    fn from(a: CampRuleArg) -> CampRule {
        match a {
            CampRuleArg::Standard => CampRule::Standard,
            CampRuleArg::NoEnd => CampRule::NoEnd,
            CampRuleArg::NoLanding => CampRule::NoLanding,
        }
    }
}

#[derive(Subcommand)]
pub enum CheckersCommand {
    /// The distinct moves of the side to move as `q,r,s q,r,s` (from, to), sorted
    Moves {
        /// {"players":2,"to_move":"N","pieces":[{"hole":[q,r,s],"owner":"N"},...]}
        file: PathBuf,
        #[arg(long, value_enum, default_value_t)]
        camp_rule: CampRuleArg,
    },
    /// `legal` (exit 0) or `illegal: <reason>` (exit 1) for a path of holes q,r,s
    CheckMove {
        file: PathBuf,
        #[arg(required = true, allow_hyphen_values = true, num_args = 2..)]
        path: Vec<String>,
        #[arg(long, value_enum, default_value_t)]
        camp_rule: CampRuleArg,
    },
    /// Replays a record and says who won, or where it goes wrong
    Adjudicate {
        record: PathBuf,
        #[arg(long)]
        json: bool,
    },
}

/// `--camp-rule R` given after the holes: the holes take values that start with a dash
/// (`-2,1,1`), so the option arrives among them and is taken out here.
fn camp_rule_among(
    path: Vec<String>,
    given: CampRuleArg,
) -> Result<(Vec<String>, CampRuleArg), Failure> {
    use clap::ValueEnum;
    let mut holes = Vec::new();
    let mut rule = given;
    let mut items = path.into_iter();
    while let Some(item) = items.next() {
        let value = match item.strip_prefix("--camp-rule") {
            Some("") => items.next().unwrap_or_default(),
            Some(rest) if rest.starts_with('=') => rest[1..].to_string(),
            _ => {
                holes.push(item);
                continue;
            }
        };
        rule = CampRuleArg::from_str(&value, true).map_err(|_| {
            Failure::usage(crate::messages::say(&messages::msg!(
                "cli.args.invalid_value_of",
                arg = "--camp-rule",
                value = value.clone(),
                valid = "standard、no-end、no-landing"
            )))
        })?;
    }
    Ok((holes, rule))
}

#[derive(serde::Deserialize)]
struct PositionFile {
    players: usize,
    to_move: String,
    pieces: Vec<PieceEntry>,
}

#[derive(serde::Deserialize)]
struct PieceEntry {
    hole: [i32; 3],
    owner: String,
}

fn read(path: &std::path::Path) -> Result<String, Failure> {
    let bytes = crate::messages::read_record_file(path)?;
    Ok(xiangqi::text::decode(&bytes).into_owned())
}

fn position(path: &std::path::Path) -> Result<Position, Failure> {
    let text = read(path)?;
    let file: PositionFile = serde_json::from_str(&text)
        .map_err(|e| Failure::usage(format!("{}: {e}", path.display())))?;
    let camp = |s: &str, what: &str| {
        s.parse::<Triangle>()
            .map_err(|e| Failure::usage(format!("{}: {what}: {e}", path.display())))
    };
    let mut pieces = Vec::new();
    for (i, p) in file.pieces.iter().enumerate() {
        let [q, r, s] = p.hole;
        let hole = Hole::from_cube(q, r, s).ok_or_else(|| {
            Failure::usage(format!(
                "{}: pieces[{i}].hole [{q},{r},{s}] is not a hole of the board",
                path.display()
            ))
        })?;
        pieces.push((hole, camp(&p.owner, &format!("pieces[{i}].owner"))?));
    }
    Position::from_pieces(file.players, camp(&file.to_move, "to_move")?, &pieces)
        .map_err(|e| Failure::usage(format!("{}: {e}", path.display())))
}

pub fn run(command: CheckersCommand, lang: Lang) -> Result<(), Failure> {
    match command {
        CheckersCommand::Moves { file, camp_rule } => {
            let pos = position(&file)?;
            let mut lines: Vec<String> = pos
                .moves(camp_rule.into())
                .into_iter()
                .map(|(a, b)| format!("{a} {b}"))
                .collect();
            lines.sort();
            let mut out = lines.join("\n");
            if !out.is_empty() {
                out.push('\n');
            }
            print!("{out}");
        }
        CheckersCommand::CheckMove {
            file,
            path,
            camp_rule,
        } => {
            let pos = position(&file)?;
            let (path, camp_rule) = camp_rule_among(path, camp_rule)?;
            let holes = path
                .iter()
                .map(|h| h.parse::<Hole>().map_err(|e| Failure::usage(e.to_string())))
                .collect::<Result<Vec<_>, _>>()?;
            match pos.check_path(&holes, camp_rule.into()) {
                Ok(()) => println!("legal"),
                Err(e) => {
                    println!("illegal: {e}");
                    return Err(Failure::rejected(""));
                }
            }
        }
        CheckersCommand::Adjudicate { record, json } => {
            let text = read(&record)?;
            let parsed: Record = text.parse().map_err(|e: checkers::RecordError| {
                Failure::rejected(crate::messages::in_file(
                    &record,
                    games::explain::checkers_record(&e),
                ))
            })?;
            match adjudicate(&parsed) {
                Ok(v) => {
                    if json {
                        let scores = v.scores.as_ref().map(|s| {
                            s.iter()
                                .map(|(t, p)| (t.to_string(), json!(p)))
                                .collect::<serde_json::Map<_, _>>()
                        });
                        let value = json!({
                            "result": v.state,
                            "winner": v.winner.map(|t| t.to_string()),
                            "order": v.order.iter().map(|t| t.to_string()).collect::<Vec<_>>(),
                            "moves": v.moves,
                            "passes": v.passes,
                            "ignored": v.ignored,
                            "repetitions": v.repetitions.iter().map(|(t, n)| (t.to_string(), json!(n))).collect::<serde_json::Map<_, _>>(),
                            "distances": v.distances.iter().map(|(t, n)| (t.to_string(), json!(n))).collect::<serde_json::Map<_, _>>(),
                            "scores": scores,
                        });
                        println!("{value}");
                    } else {
                        let order: Vec<String> = v.order.iter().map(|t| t.to_string()).collect();
                        let said = match v.state {
                            State::Win => msg!(
                                "cli.checkers.win",
                                winner = v.winner.map(|t| t.to_string()).unwrap_or_default(),
                                order = order,
                                moves = v.moves
                            ),
                            State::Dead => msg!("cli.checkers.dead", moves = v.moves),
                            State::Ongoing => msg!("cli.checkers.ongoing", moves = v.moves),
                        };
                        let sentence = messages::render(&said, lang.words());
                        println!("{sentence}");
                    }
                }
                Err(e) => {
                    if json {
                        println!(
                            "{}",
                            json!({"error": "illegal_move", "move_number": e.number, "move": e.text, "line": e.line, "why": e.fault.to_string()})
                        );
                    } else {
                        println!(
                            "{}",
                            crate::messages::say(&games::explain::checkers_illegal(&e))
                        );
                    }
                    return Err(Failure::rejected(""));
                }
            }
        }
    }
    Ok(())
}
