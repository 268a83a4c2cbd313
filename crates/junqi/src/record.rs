//! Game records and their adjudication (two players). The arbiter's record holds both
//! setups and every move; in hidden play the program resolves each collision.
//!
//! ```text
//! # 军棋对局记录
//! crossing railway                 (or closed)
//! south a1 地雷 b1 军旗 c1 地雷 ...  (25 pairs, on one or more "south" lines)
//! north a12 地雷 b12 军旗 ...
//! 1. e6-e7 a7-a6                   (moves in turn order, south first)
//! 2. timeout d7-d6                 (a side that ran out of time loses the turn)
//! 3. surrender                     (also: escape, draw = agreed draw)
//! ```
//! JSON: `{"crossing":"railway","setups":{"south":{"a1":"地雷",...},"north":{...}},
//! "moves":["e6-e7","timeout",...]}`.

use std::collections::BTreeMap;

use crate::Piece;
use crate::board::{Crossing, Point, Side};
use crate::combat::{Outcome, combat};
use crate::position::Position;
use crate::setup::check_setup;

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Record {
    #[serde(default)]
    pub crossing: Crossing,
    pub setups: BTreeMap<Side, BTreeMap<String, String>>,
    pub moves: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {why}")]
pub struct RecordError {
    pub line: usize,
    pub why: String,
}

impl std::str::FromStr for Record {
    type Err = RecordError;
    fn from_str(text: &str) -> Result<Record, RecordError> {
        let trimmed = text.trim_start();
        if trimmed.starts_with('{') {
            return serde_json::from_str(trimmed).map_err(|e| RecordError {
                line: e.line(),
                why: e.to_string(),
            });
        }
        let mut record = Record {
            crossing: Crossing::Railway,
            setups: BTreeMap::new(),
            moves: Vec::new(),
        };
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let content = raw.split('#').next().unwrap_or("").trim();
            let Some(first) = content.split_whitespace().next() else {
                continue;
            };
            let rest: Vec<&str> = content.split_whitespace().skip(1).collect();
            match first {
                "crossing" => {
                    record.crossing = match rest.first().copied() {
                        Some("railway") => Crossing::Railway,
                        Some("closed") => Crossing::Closed,
                        _ => {
                            return Err(RecordError {
                                line,
                                why: "crossing is railway or closed".into(),
                            });
                        }
                    }
                }
                "south" | "north" | "south:" | "north:" => {
                    let side: Side = first
                        .trim_end_matches(':')
                        .parse()
                        .map_err(|why| RecordError { line, why })?;
                    if !rest.len().is_multiple_of(2) {
                        return Err(RecordError {
                            line,
                            why: "a setup line pairs points and pieces: a1 地雷 b1 军旗 ...".into(),
                        });
                    }
                    let setup = record.setups.entry(side).or_default();
                    for pair in rest.chunks(2) {
                        setup.insert(
                            pair[0].trim_end_matches(',').to_string(),
                            pair[1].trim_end_matches(',').to_string(),
                        );
                    }
                }
                _ => {
                    for token in content.split_whitespace() {
                        let number = token.ends_with('.')
                            && token
                                .trim_end_matches('.')
                                .chars()
                                .all(|c| c.is_ascii_digit());
                        if !number {
                            record.moves.push(token.to_string());
                        }
                    }
                }
            }
        }
        Ok(record)
    }
}

/// How the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    FlagCaptured,
    NoMovablePiece,
    Timeouts,
    Surrender,
    Escape,
    NoCaptureLimit,
    AgreedDraw,
    None,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GameResult {
    South,
    North,
    Draw,
    Ongoing,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Verdict {
    pub result: GameResult,
    pub reason: Reason,
    /// Moves made (timeouts not counted).
    pub moves: u32,
    pub moves_since_capture: u32,
    /// Sides whose 司令 died, so their flag was shown, in order.
    pub flags_revealed: Vec<Side>,
}

/// The first entry of a record that cannot stand: its number (0 for a setup) and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("move {number}: {why}")]
pub struct IllegalAt {
    pub number: u32,
    pub why: String,
}

/// 70 moves in a row without a capture draw the game.
pub const NO_CAPTURE_LIMIT: u32 = 70;
/// No surrender inside the first 20 moves.
pub const EARLIEST_SURRENDER: u32 = 20;
/// Five timeouts lose.
pub const TIMEOUTS_LOSE: u32 = 5;

fn winner(side: Side) -> GameResult {
    match side {
        Side::South => GameResult::South,
        Side::North => GameResult::North,
    }
}

pub fn adjudicate(record: &Record) -> Result<Verdict, IllegalAt> {
    let setup_error = |why: String| IllegalAt { number: 0, why };
    let mut pos = Position::empty(Side::South);
    pos.crossing = record.crossing;
    for side in [Side::South, Side::North] {
        let raw = record
            .setups
            .get(&side)
            .ok_or_else(|| setup_error(format!("the record has no {} setup", side.name())))?;
        let mut placement = BTreeMap::new();
        for (at, name) in raw {
            let point: Point = at.parse().map_err(|e: crate::ParsePointError| {
                setup_error(format!("{} setup: {e}", side.name()))
            })?;
            let piece: Piece = name.parse().map_err(|e: crate::ParsePieceError| {
                setup_error(format!("{} setup: {e}", side.name()))
            })?;
            placement.insert(point, piece);
        }
        check_setup(side, &placement)
            .map_err(|e| setup_error(format!("{} setup: {e}", side.name())))?;
        for (point, piece) in placement {
            pos.set(point, Some((side, piece)));
        }
    }
    let mut verdict = Verdict {
        result: GameResult::Ongoing,
        reason: Reason::None,
        moves: 0,
        moves_since_capture: 0,
        flags_revealed: Vec::new(),
    };
    let mut timeouts = BTreeMap::from([(Side::South, 0u32), (Side::North, 0u32)]);
    let end = |v: &mut Verdict, result: GameResult, reason: Reason| {
        v.result = result;
        v.reason = reason;
    };
    for (index, token) in record.moves.iter().enumerate() {
        let number = index as u32 + 1;
        let side = pos.to_move;
        if pos.moves().is_empty() {
            end(&mut verdict, winner(side.other()), Reason::NoMovablePiece);
            return Ok(verdict);
        }
        let illegal = |why: String| IllegalAt { number, why };
        match token.to_ascii_lowercase().as_str() {
            "timeout" | "超时" => {
                let count = timeouts.entry(side).or_default();
                *count += 1;
                if *count >= TIMEOUTS_LOSE {
                    end(&mut verdict, winner(side.other()), Reason::Timeouts);
                    return Ok(verdict);
                }
                pos.to_move = side.other();
                continue;
            }
            "surrender" | "投降" => {
                if verdict.moves < EARLIEST_SURRENDER {
                    return Err(illegal(format!(
                        "a surrender inside the first {EARLIEST_SURRENDER} moves is refused (move {})",
                        verdict.moves + 1
                    )));
                }
                end(&mut verdict, winner(side.other()), Reason::Surrender);
                return Ok(verdict);
            }
            "escape" | "逃跑" => {
                end(&mut verdict, winner(side.other()), Reason::Escape);
                return Ok(verdict);
            }
            "draw" | "和棋" => {
                end(&mut verdict, GameResult::Draw, Reason::AgreedDraw);
                return Ok(verdict);
            }
            _ => {}
        }
        let (from, to) = token.split_once('-').ok_or_else(|| {
            illegal(format!(
                "'{token}' is not a move (from-to), timeout, surrender, escape or draw"
            ))
        })?;
        let from: Point = from
            .parse()
            .map_err(|e: crate::ParsePointError| illegal(e.to_string()))?;
        let to: Point = to
            .parse()
            .map_err(|e: crate::ParsePointError| illegal(e.to_string()))?;
        pos.check_move(from, to)
            .map_err(|e| illegal(e.to_string()))?;
        let mover = pos.get(from).expect("checked: a piece stands on from");
        let mut captured = false;
        let mut flag_taken = false;
        match pos.get(to) {
            None => pos.set(to, Some(mover)),
            Some(defender) => {
                captured = true;
                let c = combat(mover.1, defender.1);
                flag_taken = c.flag_captured;
                let mut died = Vec::new();
                match c.outcome {
                    Outcome::AttackerWins => {
                        died.push(defender);
                        pos.set(to, Some(mover));
                    }
                    Outcome::DefenderWins => died.push(mover),
                    Outcome::BothRemoved => {
                        died.extend([mover, defender]);
                        pos.set(to, None);
                    }
                }
                for (s, p) in died {
                    if p == Piece::Commander {
                        verdict.flags_revealed.push(s);
                    }
                }
            }
        }
        pos.set(from, None);
        verdict.moves += 1;
        verdict.moves_since_capture = if captured {
            0
        } else {
            verdict.moves_since_capture + 1
        };
        pos.to_move = side.other();
        if flag_taken {
            end(&mut verdict, winner(side), Reason::FlagCaptured);
            return Ok(verdict);
        }
        if verdict.moves_since_capture >= NO_CAPTURE_LIMIT {
            end(&mut verdict, GameResult::Draw, Reason::NoCaptureLimit);
            return Ok(verdict);
        }
    }
    if pos.moves().is_empty() {
        end(
            &mut verdict,
            winner(pos.to_move.other()),
            Reason::NoMovablePiece,
        );
    }
    Ok(verdict)
}
