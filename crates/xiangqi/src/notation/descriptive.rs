//! The model shared by the WXF and Chinese notations: which piece (by file, or by its
//! order on a file shared with pieces of its kind), which way it goes, and a number
//! (steps for straight movers going forward or back, otherwise the file it lands on).
//! Files and front/rear are always seen from the mover's side.

use super::MoveError;
use crate::{Color, Move, Piece, Position, Role, Square};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Forward,
    Backward,
    Sideways,
}

/// Which of several pieces on one file is meant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pick {
    /// The foremost (前, WXF `++` or `+` with two or three on the file).
    Front,
    /// The rearmost (后, WXF `--` or `-` with two or three on the file).
    Rear,
    /// The middle one of three or five (中; in WXF the file digit).
    Middle,
    /// Counting from the front, 1-based (一兵, 二兵, ... with four or five pawns).
    Nth(u8),
    /// WXF `+`: the front one of two or three, the second of four or five.
    WxfPlus,
    /// WXF `-`: the rear one of two or three, the second-rearmost of four or five.
    WxfMinus,
}

impl Pick {
    fn index(self, count: usize) -> Option<usize> {
        let index = match self {
            Pick::Front => 0,
            Pick::Rear => count.checked_sub(1)?,
            Pick::Middle if count % 2 == 1 && count >= 3 => count / 2,
            Pick::Middle => return None,
            Pick::Nth(k) => (k as usize).checked_sub(1)?,
            Pick::WxfPlus => usize::from(count >= 4),
            Pick::WxfMinus => count.checked_sub(if count >= 4 { 2 } else { 1 })?,
        };
        (count >= 2 && index < count).then_some(index)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Which {
    /// The piece on this file (1–9 from the mover's right).
    File(u8),
    /// One of several on a file; the file is named only when soldiers share two files.
    Tandem { file: Option<u8>, pick: Pick },
}

/// A parsed WXF or Chinese move, not yet checked against a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Descriptive {
    pub role: Role,
    pub which: Which,
    pub direction: Direction,
    /// Steps, or the destination file (1–9).
    pub number: u8,
}

/// What a printer needs to write a legal move in WXF or Chinese.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Described {
    pub piece: Piece,
    /// The file of the moving piece, 1–9 from the mover's right.
    pub file: u8,
    /// Position of the piece among same pieces on its file, 0 = foremost.
    pub index: u8,
    /// How many same pieces stand on that file.
    pub count: u8,
    /// Soldiers stand two or more to a file on more than one file: name the file too.
    pub name_file: bool,
    pub direction: Direction,
    pub number: u8,
}

/// Same pieces on one board file, foremost (from `color`'s side) first.
fn on_file(pos: &Position, piece: Piece, file: u8) -> Vec<Square> {
    let mut squares: Vec<Square> = (0..10)
        .map(|r| Square::new(file, r))
        .filter(|&sq| pos.board().get(sq) == Some(piece))
        .collect();
    if piece.color == Color::Red {
        squares.reverse();
    }
    squares
}

/// Board files on which two or more of `piece` stand.
fn tandem_files(pos: &Position, piece: Piece) -> Vec<u8> {
    (0..9)
        .filter(|&f| on_file(pos, piece, f).len() >= 2)
        .collect()
}

impl Descriptive {
    /// Finds the legal move this text means in `pos`.
    pub fn to_move(&self, pos: &Position) -> Result<Move, MoveError> {
        let color = pos.turn();
        let piece = Piece::new(color, self.role);
        let who = || format!("{} {}", color.name_en(), self.role.name_en());
        let origins: Vec<Square> = match self.which {
            Which::File(number) => {
                let file = Square::file_from_number(number, color);
                let pieces = on_file(pos, piece, file);
                match pieces.len() {
                    0 => return Err(MoveError::NoPiece(format!("no {} on file {number}", who()))),
                    // WXF writes the middle of three or five soldiers by its file.
                    n if n >= 3 && n % 2 == 1 && self.role == Role::Soldier => vec![pieces[n / 2]],
                    _ => pieces,
                }
            }
            Which::Tandem { file, pick } => {
                let files = match file {
                    Some(number) => vec![Square::file_from_number(number, color)],
                    None => tandem_files(pos, piece),
                };
                if files.is_empty() {
                    return Err(MoveError::NoPiece(format!(
                        "no two {}s share a file",
                        who()
                    )));
                }
                files
                    .into_iter()
                    .filter_map(|f| {
                        let pieces = on_file(pos, piece, f);
                        pick.index(pieces.len()).map(|i| pieces[i])
                    })
                    .collect()
            }
        };
        if origins.is_empty() {
            return Err(MoveError::NoPiece(format!(
                "no {} stands in that order on its file",
                who()
            )));
        }
        let mut legal = Vec::new();
        let mut first_error = None;
        for from in origins {
            match self.destination(from, color) {
                None => {
                    first_error.get_or_insert(MoveError::Unreachable(format!(
                        "the {} on {from} cannot move that way",
                        who()
                    )));
                }
                Some(to) => match pos.check_move(from, to) {
                    Ok(m) => legal.push(m),
                    Err(e) => {
                        first_error.get_or_insert(MoveError::Illegal(e));
                    }
                },
            }
        }
        match legal.len() {
            1 => Ok(legal[0]),
            0 => Err(first_error.expect("at least one origin was tried")),
            _ => Err(MoveError::Ambiguous(legal)),
        }
    }

    fn destination(&self, from: Square, color: Color) -> Option<Square> {
        if !(1..=9).contains(&self.number) {
            return None;
        }
        let forward = color.forward();
        let sign = match self.direction {
            Direction::Forward => forward,
            Direction::Backward => -forward,
            Direction::Sideways => 0,
        };
        let target_file = Square::file_from_number(self.number, color) as i8;
        let (file, rank) = (from.file() as i8, from.rank() as i8);
        if self.role.moves_straight() {
            match self.direction {
                Direction::Sideways => Square::try_new(target_file, rank).filter(|&t| t != from),
                _ => Square::try_new(file, rank + sign * self.number as i8),
            }
        } else {
            let df = (target_file - file).abs();
            let dr = match (self.role, df) {
                (Role::Advisor, 1) => 1,
                (Role::Elephant, 2) => 2,
                (Role::Horse, 1) => 2,
                (Role::Horse, 2) => 1,
                _ => return None,
            };
            if sign == 0 {
                return None;
            }
            Square::try_new(target_file, rank + sign * dr)
        }
    }
}

/// Describes a legal move for printing in WXF or Chinese.
pub fn describe(pos: &Position, m: Move) -> Described {
    let piece = pos
        .board()
        .get(m.from)
        .expect("a legal move starts on a piece");
    let color = piece.color;
    let same = on_file(pos, piece, m.from.file());
    let index = same.iter().position(|&s| s == m.from).unwrap_or(0);
    let name_file =
        piece.role == Role::Soldier && same.len() >= 2 && tandem_files(pos, piece).len() >= 2;
    let forward = (m.to.rank() as i8 - m.from.rank() as i8) * color.forward();
    let direction = match forward {
        0 => Direction::Sideways,
        f if f > 0 => Direction::Forward,
        _ => Direction::Backward,
    };
    let number = if piece.role.moves_straight() && direction != Direction::Sideways {
        forward.unsigned_abs()
    } else {
        m.to.file_number(color)
    };
    Described {
        piece,
        file: m.from.file_number(color),
        index: index as u8,
        count: same.len() as u8,
        name_file,
        direction,
        number,
    }
}
