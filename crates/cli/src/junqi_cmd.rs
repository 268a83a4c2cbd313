//! `qisai junqi ...`: stateless arbiter tools over the Junqi engine.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use clap::Subcommand;
use junqi::{
    FourPoint, FourPosition, Outcome, Piece, Point, Position, Seat, Side, check_named_setup, combat,
};

use crate::Failure;

#[derive(Subcommand)]
pub enum JunqiCommand {
    /// attacker_wins, defender_wins or both_removed, then flag_captured if the defender is the flag
    Combat { attacker: String, defender: String },
    /// `ok` (exit 0) or `invalid: <reason>` (exit 1) for {"side":"south","placement":{"a1":"地雷",...}}; east/west or seat-lettered points (ea1) check a four-player arm
    CheckSetup { file: PathBuf },
    /// The legal moves `from-to` of {"to_move":"south","pieces":{"a2":"S工兵","a7":"N排长",...}}, sorted; four-player points (sa2, ma1) and E/W owners for four players
    Moves { file: PathBuf },
    /// Replays a two- or four-player record (every setup and the moves; text or JSON)
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
    let bytes = crate::messages::read_record_file(path)?;
    Ok(xiangqi::text::decode(&bytes).into_owned())
}

fn piece(text: &str) -> Result<Piece, Failure> {
    text.parse()
        .map_err(|e: junqi::ParsePieceError| Failure::usage(e.to_string()))
}

fn four_point(text: &str, path: &Path) -> Result<FourPoint, Failure> {
    text.parse()
        .map_err(|e: junqi::ParseFourPointError| Failure::usage(format!("{}: {e}", path.display())))
}

/// A seat of the two-player board.
fn side(seat: Seat) -> Side {
    match seat {
        Seat::North => Side::North,
        _ => Side::South,
    }
}

fn print_verdict(v: &junqi::Verdict) {
    use junqi::GameResult::*;
    let result = match v.result {
        South => "south wins",
        North => "north wins",
        SouthNorth => "south and north win",
        EastWest => "east and west win",
        Draw => "draw",
        Ongoing => "ongoing",
        NoResult => "no result (nobody scores)",
    };
    println!(
        "{result} ({}), {} moves, {} since the last capture",
        v.reason.id(),
        v.moves,
        v.moves_since_capture
    );
    for k in &v.knocked_out {
        println!(
            "  {} out after {} moves ({})",
            k.seat,
            k.after_moves,
            k.reason.id()
        );
    }
    for seat in &v.flags_revealed {
        println!("  {seat}'s 司令 fell: its flag is shown");
    }
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
            let seat: Seat = setup
                .side
                .parse()
                .map_err(|e: String| Failure::usage(format!("{}: side: {e}", file.display())))?;
            for name in setup.placement.values() {
                piece(name)?;
            }
            // East and west, and points with a seat letter, are four-player arms.
            let four = matches!(seat, Seat::East | Seat::West)
                || setup
                    .placement
                    .keys()
                    .any(|k| k.parse::<FourPoint>().is_ok());
            if let Err(fault) = check_named_setup(seat, four, &setup.placement) {
                println!("invalid: {fault}");
                return Err(Failure::rejected(""));
            }
            println!("ok");
        }
        JunqiCommand::Moves { file } => {
            let text = read(&file)?;
            let input: PositionFile = serde_json::from_str(&text)
                .map_err(|e| Failure::usage(format!("{}: {e}", file.display())))?;
            let to_move: Seat = input
                .to_move
                .parse()
                .map_err(|e: String| Failure::usage(format!("{}: to_move: {e}", file.display())))?;
            let mut pieces = Vec::new();
            for (at, label) in &input.pieces {
                let owner = label
                    .get(..1)
                    .and_then(|c| c.parse::<Seat>().ok())
                    .ok_or_else(|| {
                        Failure::usage(format!(
                            "{}: pieces.{at}: '{label}' needs an owner prefix S, E, N or W",
                            file.display()
                        ))
                    })?;
                pieces.push((at, owner, piece(label[1..].trim_start_matches(':'))?));
            }
            let four = matches!(to_move, Seat::East | Seat::West)
                || pieces.iter().any(|(at, owner, _)| {
                    matches!(owner, Seat::East | Seat::West) || at.parse::<FourPoint>().is_ok()
                });
            let mut lines: Vec<String> = if four {
                let mut pos = FourPosition::empty(to_move);
                for (at, owner, kind) in pieces {
                    pos.set(four_point(at, &file)?, Some((owner, kind)));
                }
                pos.moves()
                    .into_iter()
                    .map(|(a, b)| format!("{a}-{b}"))
                    .collect()
            } else {
                let mut pos = Position::empty(side(to_move));
                for (at, owner, kind) in pieces {
                    pos.set(point(at, &file)?, Some((side(owner), kind)));
                }
                pos.moves()
                    .into_iter()
                    .map(|(a, b)| format!("{a}-{b}"))
                    .collect()
            };
            lines.sort();
            for line in lines {
                println!("{line}");
            }
        }
        JunqiCommand::Adjudicate { record, json } => {
            let text = read(&record)?;
            let parsed: junqi::Record = text.parse().map_err(|e: junqi::RecordError| {
                Failure::rejected(crate::messages::in_file(
                    &record,
                    games::explain::junqi_record(&e),
                ))
            })?;
            match junqi::adjudicate(&parsed) {
                Ok(v) => {
                    if json {
                        let mut out = serde_json::json!({"result": v.result, "reason": v.reason, "moves": v.moves, "moves_since_capture": v.moves_since_capture});
                        // Reported when there is something to report, so a plain
                        // two-player ending keeps the four keys scripts read.
                        if !v.knocked_out.is_empty() {
                            out["knocked_out"] = serde_json::json!(v.knocked_out);
                        }
                        if !v.flags_revealed.is_empty() {
                            out["flags_revealed"] = serde_json::json!(v.flags_revealed);
                        }
                        println!("{out}");
                    } else {
                        print_verdict(&v);
                    }
                }
                Err(e) => {
                    if json {
                        println!(
                            "{}",
                            serde_json::json!({"error": "illegal_move", "move": e.number, "why": e.fault.to_string()})
                        );
                    } else {
                        println!(
                            "{}",
                            crate::messages::say(&games::explain::junqi_illegal(&e))
                        );
                    }
                    return Err(Failure::rejected(""));
                }
            }
        }
    }
    Ok(())
}
