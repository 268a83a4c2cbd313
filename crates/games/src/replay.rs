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

/// A Junqi square as a board draws it: where it lies (x east, y north), its name in
/// the record, and its kind.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct JunqiSquare {
    pub at: [i32; 2],
    pub name: String,
    pub camp: bool,
    pub headquarters: bool,
}

/// A Junqi position: each piece's square (an index into the squares), its seat (an
/// index into the seats) and its kind (an index into the kinds).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct JunqiPosition {
    pub pieces: Vec<(usize, usize, usize)>,
}

/// One Junqi move as written, the squares it changed and the position after it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct JunqiPly {
    pub written: String,
    pub changed: Vec<usize>,
    pub position: JunqiPosition,
}

/// A Junqi record's moves on its board (two or four players), the arbiter's view:
/// every piece named.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct JunqiReplay {
    pub squares: Vec<JunqiSquare>,
    /// The seats in turn order, in words (南方, 北方 …).
    pub seats: Vec<Message>,
    /// The kinds of piece, in words (司令, 军长 …).
    pub kinds: Vec<Message>,
    pub start: JunqiPosition,
    pub plies: Vec<JunqiPly>,
    pub illegal: Option<Illegal>,
}

/// Replays a Junqi record as far as it is legal.
pub fn junqi(text: &str) -> Result<JunqiReplay, crate::RecordError> {
    let record: junqi::Record = text.parse().map_err(|e: junqi::RecordError| {
        crate::RecordError::Unreadable(crate::explain::junqi_record(&e))
    })?;
    let (squares, reached, verdict) = junqi::positions(&record);
    let mut seats: Vec<junqi::Seat> = junqi::Seat::ALL
        .into_iter()
        .filter(|s| record.setups.contains_key(s))
        .collect();
    if seats.len() == 2 {
        seats = vec![junqi::Seat::South, junqi::Seat::North];
    }
    let position = |pieces: &junqi::Pieces| JunqiPosition {
        pieces: pieces
            .iter()
            .enumerate()
            .filter_map(|(square, p)| {
                let (seat, piece) = (*p)?;
                let seat = seats.iter().position(|&s| s == seat)?;
                let kind = junqi::Piece::ALL.iter().position(|&k| k == piece)?;
                Some((square, seat, kind))
            })
            .collect(),
    };
    let plies = reached
        .windows(2)
        .zip(&record.moves)
        .map(|(pair, written)| JunqiPly {
            written: written.clone(),
            changed: (0..pair[1].len())
                .filter(|&i| pair[0][i] != pair[1][i])
                .collect(),
            position: position(&pair[1]),
        })
        .collect();
    Ok(JunqiReplay {
        squares: squares
            .into_iter()
            .map(|s| JunqiSquare {
                at: [s.at.0, s.at.1],
                name: s.name,
                camp: s.camp,
                headquarters: s.headquarters,
            })
            .collect(),
        seats: seats
            .iter()
            .map(|&s| crate::explain::junqi::seat(s))
            .collect(),
        kinds: junqi::Piece::ALL
            .iter()
            .map(|&k| crate::explain::junqi::piece(k))
            .collect(),
        start: reached
            .first()
            .map_or(JunqiPosition { pieces: Vec::new() }, position),
        plies,
        illegal: verdict.err().map(|e| Illegal {
            ply: e.number,
            text: record
                .moves
                .get((e.number as usize).wrapping_sub(1))
                .cloned()
                .unwrap_or_default(),
            why: crate::explain::junqi_illegal(&e),
        }),
    })
}
