//! A Xiangqi record replayed for a person to look at: the start, each ply with the
//! position after it, and where the record stops being legal.

use messages::Message;
use xiangqi::{Notation, Position};

/// One ply: as written, in Chinese notation, and the position after it (FEN).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Ply {
    pub written: String,
    pub chinese: String,
    pub fen: String,
    /// The ply's from and to squares (ICCS), to mark on a board.
    pub from: String,
    pub to: String,
}

/// The record's legal moves, and the first one that is not.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Replay {
    pub start: String,
    pub plies: Vec<Ply>,
    /// The illegal move: its 1-based ply, as written, and why.
    pub illegal: Option<Illegal>,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Illegal {
    pub ply: u32,
    pub text: String,
    pub why: Message,
}

/// Replays a Xiangqi record as far as it is legal.
pub fn xiangqi(text: &str) -> Result<Replay, crate::RecordError> {
    let record: xiangqi::Record = text
        .parse()
        .map_err(|e| crate::RecordError::Unreadable(crate::explain::xiangqi_record(&e)))?;
    let start = record
        .start()
        .map_err(|e| crate::RecordError::Unreadable(crate::explain::xiangqi_record(&e)))?;
    let (legal, illegal) = match xiangqi::replay(&start, &record.moves, record.notation) {
        Ok(moves) => (moves, None),
        Err(e) => {
            // The moves before the illegal one (ply is 1-based).
            let before_it = (e.ply as usize).saturating_sub(1).min(record.moves.len());
            let before = xiangqi::replay(&start, &record.moves[..before_it], record.notation)
                .unwrap_or_default();
            let illegal = Illegal {
                ply: e.ply,
                text: e.text.clone(),
                why: crate::explain::xiangqi_illegal(&e),
            };
            (before, Some(illegal))
        }
    };
    let mut pos: Position = start.clone();
    let plies = legal
        .iter()
        .zip(&record.moves)
        .map(|(&m, written)| {
            let chinese = Notation::Chinese.write_move(&pos, m);
            pos.play_unchecked(m);
            Ply {
                written: written.text.clone(),
                chinese,
                fen: pos.to_string(),
                from: m.from.to_string(),
                to: m.to.to_string(),
            }
        })
        .collect();
    Ok(Replay {
        start: start.to_string(),
        plies,
        illegal,
    })
}
