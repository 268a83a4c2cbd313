//! The model shared by the WXF and Chinese notations: which piece (by file, or by its
//! order on a file shared with pieces of its kind), which way it goes, and a number
//! (steps for straight movers going forward or back, otherwise the file it lands on).
//! Files and front/rear are always seen from the mover's side.

use super::{MoveError, NoPiece};
use crate::{Color, IllegalMove, Move, Piece, Position, Role, Square};

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

/// A few squares, kept on the stack (at most ten: a file's points, or one origin a
/// file).
#[derive(Clone, Copy)]
struct Squares {
    squares: [Square; 10],
    len: usize,
}

impl Squares {
    fn new() -> Squares {
        Squares {
            squares: [Square::new(0, 0); 10],
            len: 0,
        }
    }

    fn push(&mut self, sq: Square) {
        if let Some(slot) = self.squares.get_mut(self.len) {
            *slot = sq;
            self.len += 1;
        }
    }

    fn as_slice(&self) -> &[Square] {
        &self.squares[..self.len]
    }
}

/// Same pieces on one board file, foremost (from `color`'s side) first.
fn on_file(pos: &Position, piece: Piece, file: u8) -> Squares {
    let mut found = Squares::new();
    for sq in pos.board().on_file(piece, file) {
        found.push(sq);
    }
    if piece.color == Color::Red {
        found.squares[..found.len].reverse();
    }
    found
}

/// Board files on which two or more of `piece` stand.
fn tandem_files(pos: &Position, piece: Piece) -> impl Iterator<Item = u8> + '_ {
    (0..9).filter(move |&f| on_file(pos, piece, f).len >= 2)
}

impl Descriptive {
    /// The pieces this text may mean, before their moves are checked.
    fn origins(&self, pos: &Position) -> Result<Squares, MoveError> {
        let color = pos.turn();
        let piece = Piece::new(color, self.role);
        let mut origins = Squares::new();
        match self.which {
            Which::File(number) => {
                let file = Square::file_from_number(number, color);
                let pieces = on_file(pos, piece, file);
                match pieces.len {
                    0 => {
                        return Err(MoveError::NoPiece(NoPiece::OnFile {
                            piece,
                            file: number,
                        }));
                    }
                    // WXF writes the middle of three or five soldiers by its file.
                    n if n >= 3 && n % 2 == 1 && self.role == Role::Soldier => {
                        origins.push(pieces.squares[n / 2])
                    }
                    _ => origins = pieces,
                }
            }
            Which::Tandem { file, pick } => {
                let mut any = false;
                let mut take = |f: u8| {
                    let pieces = on_file(pos, piece, f);
                    any |= pieces.len >= 2;
                    if let Some(i) = pick.index(pieces.len) {
                        origins.push(pieces.squares[i]);
                    }
                };
                match file {
                    Some(number) => take(Square::file_from_number(number, color)),
                    None => tandem_files(pos, piece).for_each(&mut take),
                }
                if !any && file.is_none() {
                    return Err(MoveError::NoPiece(NoPiece::NoTwoOnAFile(piece)));
                }
            }
        }
        if origins.len == 0 {
            return Err(MoveError::NoPiece(NoPiece::NotInThatOrder(piece)));
        }
        Ok(origins)
    }

    /// Finds the legal move this text means in `pos`.
    pub fn to_move(&self, pos: &Position) -> Result<Move, MoveError> {
        let color = pos.turn();
        let piece = Piece::new(color, self.role);
        let mut legal: Vec<Move> = Vec::new();
        let mut first_error = None;
        for &from in self.origins(pos)?.as_slice() {
            match self.destination(from, color) {
                None => {
                    first_error.get_or_insert(MoveError::Unreachable { piece, from });
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

    /// Finds the legal move this text means and plays it; on error `pos` is unchanged.
    /// One piece meant (nearly always): its move is checked and played at once.
    #[inline]
    pub fn play(&self, pos: &mut Position) -> Result<Move, MoveError> {
        let origins = self.origins(pos)?;
        if let [from] = *origins.as_slice()
            && let Some(to) = self.destination(from, pos.turn())
        {
            return pos.play_checked(from, to).map_err(MoveError::Illegal);
        }
        let m = self.to_move(pos)?;
        pos.play_unchecked(m);
        Ok(m)
    }

    #[inline]
    fn destination(&self, from: Square, color: Color) -> Option<Square> {
        destination(self.role, self.direction, self.number, from, color)
    }
}

/// The common form, a piece named by its file (`C2.5`, `炮二平五`), read and played in
/// one pass: `None` when the piece is not alone on its file or cannot go that way (the
/// general path then reads the move, with its exact error).
#[inline(always)]
pub(crate) fn play_by_file(
    pos: &mut Position,
    role: Role,
    file_number: u8,
    direction: Direction,
    number: u8,
) -> Option<Result<Move, IllegalMove>> {
    let color = pos.turn();
    let file = Square::file_from_number(file_number, color);
    let from = {
        let mut on = pos.board().on_file(Piece::new(color, role), file);
        match (on.next(), on.next()) {
            (Some(from), None) => from,
            _ => return None,
        }
    };
    let to = destination(role, direction, number, from, color)?;
    Some(pos.play_shaped(Piece::new(color, role), from, to))
}

/// Where a piece on `from` lands going `direction` by `number` (steps for a straight
/// mover going forward or back, otherwise the file it lands on, 1–9 from the mover's
/// right).
#[inline]
fn destination(
    role: Role,
    direction: Direction,
    number: u8,
    from: Square,
    color: Color,
) -> Option<Square> {
    if !(1..=9).contains(&number) {
        return None;
    }
    let forward = color.forward();
    let sign = match direction {
        Direction::Forward => forward,
        Direction::Backward => -forward,
        Direction::Sideways => 0,
    };
    let target_file = Square::file_from_number(number, color) as i8;
    let (file, rank) = (from.file() as i8, from.rank() as i8);
    if role.moves_straight() {
        match direction {
            Direction::Sideways => Square::try_new(target_file, rank).filter(|&t| t != from),
            _ => Square::try_new(file, rank + sign * number as i8),
        }
    } else {
        let df = (target_file - file).abs();
        let dr = match (role, df) {
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

/// Describes a legal move for printing in WXF or Chinese.
pub fn describe(pos: &Position, m: Move) -> Described {
    let piece = pos
        .board()
        .get(m.from)
        .expect("a legal move starts on a piece");
    let color = piece.color;
    let same = on_file(pos, piece, m.from.file());
    let index = same
        .as_slice()
        .iter()
        .position(|&s| s == m.from)
        .unwrap_or(0);
    let name_file =
        piece.role == Role::Soldier && same.len >= 2 && tandem_files(pos, piece).count() >= 2;
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
        count: same.len as u8,
        name_file,
        direction,
        number,
    }
}
