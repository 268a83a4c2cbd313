//! A record replayed for a person to look at: the start, each ply with the position
//! after it, and where the record stops being legal (Xiangqi and Chinese checkers).

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

/// A hole of the checkers star in axial coordinates (`q`, `r`; the third cube
/// coordinate is `-q-r`), as a board is drawn.
pub type Spot = [i32; 2];

/// A checkers position: each piece's hole and its seat (0 moves first).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct CheckersPosition {
    pub pieces: Vec<(Spot, usize)>,
}

/// One checkers move: as written, the hole left and the hole reached (none for a
/// pass), and the position after it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct CheckersPly {
    pub written: String,
    pub from: Option<Spot>,
    pub to: Option<Spot>,
    pub position: CheckersPosition,
}

/// A checkers record's legal moves on the star board, and the first one that is not.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct CheckersReplay {
    /// Every hole of the board.
    pub holes: Vec<Spot>,
    /// How many sit at the board.
    pub players: usize,
    pub start: CheckersPosition,
    pub plies: Vec<CheckersPly>,
    pub illegal: Option<Illegal>,
}

fn spot(h: checkers::Hole) -> Spot {
    [h.q(), h.r()]
}

fn checkers_position(pos: &checkers::Position) -> CheckersPosition {
    let pieces = (0..pos.players.len())
        .flat_map(|seat| pos.pieces_of(seat).map(move |h| (spot(h), seat)))
        .collect();
    CheckersPosition { pieces }
}

/// Replays a checkers record as far as it is legal.
pub fn checkers(text: &str) -> Result<CheckersReplay, crate::RecordError> {
    let record: checkers::Record = text.parse().map_err(|e: checkers::RecordError| {
        crate::RecordError::Unreadable(crate::explain::checkers_record(&e))
    })?;
    let (reached, verdict) = checkers::positions(&record);
    let illegal = verdict.err().map(|e| Illegal {
        ply: e.number,
        text: e.text.clone(),
        why: crate::explain::checkers_illegal(&e),
    });
    let Some((start, after)) = reached.split_first() else {
        // The setup itself cannot be played: nothing to show but why.
        return Ok(CheckersReplay {
            holes: checkers::Hole::all().map(spot).collect(),
            players: record.players,
            start: CheckersPosition { pieces: Vec::new() },
            plies: Vec::new(),
            illegal,
        });
    };
    let mut before = start;
    let plies = after
        .iter()
        .zip(&record.moves)
        .map(|(pos, (written, _line))| {
            let moved = |now: &checkers::Position, then: &checkers::Position| {
                checkers::Hole::all().find(|&h| now.owner(h).is_some() && then.owner(h).is_none())
            };
            let ply = CheckersPly {
                written: written.clone(),
                from: moved(before, pos).map(spot),
                to: moved(pos, before).map(spot),
                position: checkers_position(pos),
            };
            before = pos;
            ply
        })
        .collect();
    Ok(CheckersReplay {
        holes: checkers::Hole::all().map(spot).collect(),
        players: record.players,
        start: checkers_position(start),
        plies,
        illegal,
    })
}
