//! Xiangqi FEN: `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1`.
//! Lenient on input (`r` for red to move, `e`/`h` letters, missing trailing fields,
//! the word `startpos`), canonical on output.

use std::fmt;
use std::str::FromStr;

use crate::{Board, Color, Piece, Setup, Square};

pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// Why a FEN string could not be read; every variant names the place.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    #[error("FEN is empty")]
    Empty,
    #[error("FEN board has {0} ranks, expected 10 separated by '/'")]
    RankCount(usize),
    #[error("FEN rank {rank} (counting from the top) covers {files} files, expected 9")]
    RankWidth { rank: usize, files: usize },
    #[error("FEN rank {rank} (counting from the top): '{ch}' is not a piece letter")]
    PieceLetter { rank: usize, ch: char },
    #[error("FEN side to move '{0}' must be w, r (red) or b (black)")]
    Turn(String),
    #[error("FEN field {field} ('{text}') must be a whole number")]
    Counter { field: usize, text: String },
    #[error("FEN has {0} fields, at most 6 are allowed")]
    TooManyFields(usize),
}

impl FromStr for Setup {
    type Err = FenError;

    fn from_str(text: &str) -> Result<Setup, FenError> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("startpos") {
            return Ok(Setup::start());
        }
        let fields: Vec<&str> = text.split_whitespace().collect();
        let Some(placement) = fields.first() else {
            return Err(FenError::Empty);
        };
        if fields.len() > 6 {
            return Err(FenError::TooManyFields(fields.len()));
        }
        let board = parse_board(placement)?;
        let turn = match fields.get(1).copied() {
            None => Color::Red,
            Some("w" | "W" | "r" | "R") => Color::Red,
            Some("b" | "B") => Color::Black,
            Some(other) => return Err(FenError::Turn(other.to_string())),
        };
        let counter = |index: usize, default: u32| -> Result<u32, FenError> {
            match fields.get(index) {
                None | Some(&"-") => Ok(default),
                Some(t) => t.parse().map_err(|_| FenError::Counter {
                    field: index + 1,
                    text: t.to_string(),
                }),
            }
        };
        let halfmoves = counter(4, 0)?;
        let fullmoves = counter(5, 1)?.max(1);
        Ok(Setup {
            board,
            turn,
            halfmoves,
            fullmoves,
        })
    }
}

fn parse_board(placement: &str) -> Result<Board, FenError> {
    let rows: Vec<&str> = placement.split('/').collect();
    if rows.len() != 10 {
        return Err(FenError::RankCount(rows.len()));
    }
    let mut board = Board::empty();
    for (row_index, row) in rows.iter().enumerate() {
        let rank = 9 - row_index as u8;
        let mut file = 0usize;
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10) {
                file += d as usize;
            } else {
                let piece = Piece::from_fen_char(ch).ok_or(FenError::PieceLetter {
                    rank: row_index + 1,
                    ch,
                })?;
                if file < 9 {
                    board.set(Square::new(file as u8, rank), Some(piece));
                }
                file += 1;
            }
        }
        if file != 9 {
            return Err(FenError::RankWidth {
                rank: row_index + 1,
                files: file,
            });
        }
    }
    Ok(board)
}

/// Writes the placement field of a FEN.
pub fn write_board(board: &Board, f: &mut impl fmt::Write) -> fmt::Result {
    for rank in (0..10u8).rev() {
        let mut empty = 0;
        for file in 0..9u8 {
            match board.get(Square::new(file, rank)) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        write!(f, "{empty}")?;
                        empty = 0;
                    }
                    f.write_char(p.fen_char())?;
                }
            }
        }
        if empty > 0 {
            write!(f, "{empty}")?;
        }
        if rank > 0 {
            f.write_char('/')?;
        }
    }
    Ok(())
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_board(&self.board, f)?;
        let turn = match self.turn {
            Color::Red => 'w',
            Color::Black => 'b',
        };
        write!(f, " {turn} - - {} {}", self.halfmoves, self.fullmoves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_fen_round_trips() {
        let setup: Setup = START_FEN.parse().unwrap();
        assert_eq!(setup, Setup::start());
        assert_eq!(setup.to_string(), START_FEN);
    }

    #[test]
    fn lenient_forms_are_accepted() {
        let short: Setup = "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r"
            .parse()
            .unwrap();
        assert_eq!(short, Setup::start());
        assert_eq!("startpos".parse::<Setup>().unwrap(), Setup::start());
        let bare: Setup = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"
            .parse()
            .unwrap();
        assert_eq!(bare.turn, Color::Red);
    }

    #[test]
    fn errors_name_the_place() {
        let err = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w"
            .parse::<Setup>()
            .unwrap_err();
        assert_eq!(
            err,
            FenError::RankWidth {
                rank: 10,
                files: 10
            }
        );
        let err = "rnbakabnr/9/1c5x1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"
            .parse::<Setup>()
            .unwrap_err();
        assert_eq!(err, FenError::PieceLetter { rank: 3, ch: 'x' });
        assert!(err.to_string().contains("rank 3"));
        let err = "9/9/9 w".parse::<Setup>().unwrap_err();
        assert_eq!(err, FenError::RankCount(3));
        let err = "startpos x".parse::<Setup>();
        assert!(err.is_err());
    }
}
