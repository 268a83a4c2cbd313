//! `qisai junqi ...`: stateless arbiter tools over the Junqi engine.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use clap::Subcommand;
use junqi::{Outcome, Piece, Point, Position, Side, check_setup, combat};

use crate::Failure;

#[derive(Subcommand)]
pub enum JunqiCommand {
    /// attacker_wins, defender_wins or both_removed, then flag_captured if the defender is the flag
    Combat { attacker: String, defender: String },
    /// `ok` (exit 0) or `invalid: <reason>` (exit 1) for {"side":"south","placement":{"a1":"地雷",...}}
    CheckSetup { file: PathBuf },
    /// The legal moves `from-to` of {"to_move":"south","pieces":{"a2":"S工兵","a7":"N排长",...}}, sorted
    Moves { file: PathBuf },
    /// Replays a two-player record (both setups and the moves; text or JSON)
    Adjudicate {
        record: PathBuf,
        #[arg(long)]
        json: bool,
    },
}

#[derive(serde::Deserialize)]
struct SetupFile {
    side: String,
    placement: BTreeMap<String, String>,
}

#[derive(serde::Deserialize)]
struct PositionFile {
    to_move: String,
    pieces: BTreeMap<String, String>,
}

fn read(path: &Path) -> Result<String, Failure> {
    let bytes =
        std::fs::read(path).map_err(|e| Failure::usage(format!("{}: {e}", path.display())))?;
    Ok(xiangqi::text::decode(&bytes).into_owned())
}

fn piece(text: &str) -> Result<Piece, Failure> {
    text.parse()
        .map_err(|e: junqi::ParsePieceError| Failure::usage(e.to_string()))
}

fn point(text: &str, path: &Path) -> Result<Point, Failure> {
    text.parse()
        .map_err(|e: junqi::ParsePointError| Failure::usage(format!("{}: {e}", path.display())))
}

pub fn run(command: JunqiCommand) -> Result<(), Failure> {
    match command {
        JunqiCommand::Combat { attacker, defender } => {
            let c = combat(piece(&attacker)?, piece(&defender)?);
            let word = match c.outcome {
                Outcome::AttackerWins => "attacker_wins",
                Outcome::DefenderWins => "defender_wins",
                Outcome::BothRemoved => "both_removed",
            };
            println!(
                "{word}{}",
                if c.flag_captured {
                    " flag_captured"
                } else {
                    ""
                }
            );
        }
        JunqiCommand::CheckSetup { file } => {
            let text = read(&file)?;
            let setup: SetupFile = serde_json::from_str(&text)
                .map_err(|e| Failure::usage(format!("{}: {e}", file.display())))?;
            let side: Side = setup
                .side
                .parse()
                .map_err(|e: String| Failure::usage(format!("{}: side: {e}", file.display())))?;
            let mut placement = BTreeMap::new();
            for (at, name) in &setup.placement {
                placement.insert(point(at, &file)?, piece(name)?);
            }
            match check_setup(side, &placement) {
                Ok(()) => println!("ok"),
                Err(e) => {
                    println!("invalid: {e}");
                    return Err(Failure::rejected(""));
                }
            }
        }
        JunqiCommand::Moves { file } => {
            let text = read(&file)?;
            let input: PositionFile = serde_json::from_str(&text)
                .map_err(|e| Failure::usage(format!("{}: {e}", file.display())))?;
            let to_move: Side = input
                .to_move
                .parse()
                .map_err(|e: String| Failure::usage(format!("{}: to_move: {e}", file.display())))?;
            let mut pos = Position::empty(to_move);
            for (at, label) in &input.pieces {
                let (side, name) = match label.chars().next() {
                    Some('S' | 's') => (Side::South, &label[1..]),
                    Some('N' | 'n') => (Side::North, &label[1..]),
                    _ => {
                        return Err(Failure::usage(format!(
                            "{}: pieces.{at}: '{label}' needs an S or N prefix",
                            file.display()
                        )));
                    }
                };
                pos.set(
                    point(at, &file)?,
                    Some((side, piece(name.trim_start_matches(':'))?)),
                );
            }
            let mut lines: Vec<String> = pos
                .moves()
                .into_iter()
                .map(|(a, b)| format!("{a}-{b}"))
                .collect();
            lines.sort();
            for line in lines {
                println!("{line}");
            }
        }
        JunqiCommand::Adjudicate { record, json } => {
            let text = read(&record)?;
            let parsed: junqi::Record = text
                .parse()
                .map_err(|e| Failure::rejected(format!("{}: {e}", record.display())))?;
            match junqi::adjudicate(&parsed) {
                Ok(v) => {
                    if json {
                        println!(
                            "{}",
                            serde_json::json!({"result": v.result, "reason": v.reason, "moves": v.moves, "moves_since_capture": v.moves_since_capture})
                        );
                    } else {
                        let result = match v.result {
                            junqi::GameResult::South => "south wins",
                            junqi::GameResult::North => "north wins",
                            junqi::GameResult::Draw => "draw",
                            junqi::GameResult::Ongoing => "ongoing",
                        };
                        println!(
                            "{result} ({:?}), {} moves, {} since the last capture",
                            v.reason, v.moves, v.moves_since_capture
                        );
                    }
                }
                Err(e) => {
                    if json {
                        println!(
                            "{}",
                            serde_json::json!({"error": "illegal_move", "move": e.number, "why": e.why})
                        );
                    } else {
                        println!("{e}");
                    }
                    return Err(Failure::rejected(""));
                }
            }
        }
    }
    Ok(())
}
