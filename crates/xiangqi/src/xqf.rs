//! XQF, the binary record of 象棋演播室 (XQStudio) that most Chinese game collections
//! use: versions 1.0 to 1.8, the encrypted ones (1.1 and later) included.
//!
//! A file is a 1024-byte header (the start position as 32 piece squares, the result,
//! the kind of record, length-prefixed GBK strings) and then the moves, each a 4-byte
//! record (from, to, a tag saying whether a move follows, reserved) and an optional
//! comment. From 1.1 on, every byte after the header is shifted by a 32-byte key
//! stream and the squares by offsets, all derived from key bytes in the header. The
//! moves are a tree written depth first, the main line first: reading until the
//! first move without a successor gives the main line, and the variations after it
//! are not read.
//!
//! The result is a [`Record`] like any other: moves in ICCS, the header's words as
//! PGN tags, a custom start position as `[FEN]`, and the comments by ply.

use crate::record::MoveText;
use crate::{Board, Color, Notation, Outcome, Piece, Position, Record, Role, Setup, Square};

const HEADER: usize = 1024;
/// The key stream's mask, fixed by the format.
const STREAM_MASK: &[u8; 32] = b"[(C) Copyright Mr. Dong Shiwei.]";

/// Why a file is no readable XQF record, and where (a byte offset in the file).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum XqfError {
    #[error("not an XQF file: it does not start with 'XQ'")]
    NotXqf,
    #[error("XQF version {0}.{1} is not one this reader knows (1.0 to 1.8)")]
    Version(u8, u8),
    #[error("the file ends at byte {0}, inside the {1}")]
    Truncated(usize, XqfPart),
    #[error("byte {offset}: square {square} is not on the board")]
    Square { offset: usize, square: u8 },
    #[error("byte {offset}: a comment of {length} bytes")]
    Comment { offset: usize, length: i64 },
    #[error("the start position cannot arise in a game: {0}")]
    Position(crate::InvalidPosition),
}

/// The part of an XQF file a byte belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum XqfPart {
    #[error("header")]
    Header,
    #[error("move")]
    Move,
    #[error("comment")]
    Comment,
}

/// How the bytes after the header are hidden (all zero before version 1.1).
struct Keys {
    version: u8,
    piece: u8,
    from: u8,
    to: u8,
    comment: i64,
    stream: [u8; 32],
}

impl Keys {
    fn of(header: &[u8]) -> Keys {
        let version = header[2];
        if version < 11 {
            return Keys {
                version,
                piece: 0,
                from: 0,
                to: 0,
                comment: 0,
                stream: [0; 32],
            };
        }
        // Each offset is the low byte of (54·k² + 221)·previous, from key bytes 13–15.
        let square = |k: u8| u32::from(k) * u32::from(k) * 54 + 221;
        let low = |x: u32| (x & 0xff) as u8;
        let piece = low(square(header[13]).wrapping_mul(u32::from(header[13])));
        let from = low(square(header[14]).wrapping_mul(u32::from(piece)));
        let to = low(square(header[15]).wrapping_mul(u32::from(from)));
        let comment = (i64::from(header[12]) * 256 + i64::from(header[13])) % 32000 + 767;
        let mask = header[3];
        let mut stream = [0u8; 32];
        for (i, s) in stream.iter_mut().enumerate() {
            let key = header[8 + i % 4] | (header[12 + i % 4] & mask);
            *s = key & STREAM_MASK[i];
        }
        Keys {
            version,
            piece,
            from,
            to,
            comment,
            stream,
        }
    }
}

/// The bytes after the header, read in order through the key stream.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    stream: [u8; 32],
    index: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize, what: XqfPart) -> Result<Vec<u8>, XqfError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let Some(end) = end else {
            return Err(XqfError::Truncated(self.bytes.len(), what));
        };
        let out = self.bytes[self.at..end]
            .iter()
            .map(|&b| {
                let plain = b.wrapping_sub(self.stream[self.index]);
                self.index = (self.index + 1) % 32;
                plain
            })
            .collect();
        self.at = end;
        Ok(out)
    }
}

/// The 32 pieces of the header, in the format's order: red 车马相仕帅仕相马车炮炮兵×5,
/// then black the same.
fn piece_of(index: usize) -> Piece {
    let role = match index % 16 {
        i @ 0..=8 => crate::board::BACK_RANK[i],
        9 | 10 => Role::Cannon,
        _ => Role::Soldier,
    };
    let color = if index < 16 { Color::Red } else { Color::Black };
    Piece { color, role }
}

/// An XQF square (`file * 10 + rank`, from red's lower left) as a board square.
fn square(value: u8, offset: usize) -> Result<Square, XqfError> {
    let (file, rank) = (value / 10, value % 10);
    if file < 9 {
        Ok(Square::new(file, rank))
    } else {
        Err(XqfError::Square {
            offset,
            square: value,
        })
    }
}

/// A length-prefixed GBK string of the header at `at`, `size` bytes in all.
fn text(header: &[u8], at: usize, size: usize) -> String {
    let length = usize::from(header[at]).min(size - 1);
    let raw = &header[at + 1..at + 1 + length];
    crate::text::decode(raw).trim().to_string()
}

/// Whether `bytes` look like an XQF file: the signature and a version byte of 1.x.
pub fn is_xqf(bytes: &[u8]) -> bool {
    bytes.len() > 2 && bytes.starts_with(b"XQ") && (10..=18).contains(&bytes[2])
}

/// Reads an XQF file into a record.
pub fn read(bytes: &[u8]) -> Result<Record, XqfError> {
    if !bytes.starts_with(b"XQ") {
        return Err(XqfError::NotXqf);
    }
    if bytes.len() < HEADER {
        return Err(XqfError::Truncated(bytes.len(), XqfPart::Header));
    }
    let header = &bytes[..HEADER];
    let keys = Keys::of(header);
    if !(10..=18).contains(&keys.version) {
        return Err(XqfError::Version(keys.version / 10, keys.version % 10));
    }
    let mut record = Record {
        notation: Some(Notation::Iccs),
        ..Record::default()
    };
    let event = match text(header, 0xD0, 64) {
        e if e.is_empty() => text(header, 0x50, 64),
        e => e,
    };
    for (tag, value) in [
        ("Event", event),
        ("Date", text(header, 0x110, 16)),
        ("Site", text(header, 0x120, 16)),
        ("Red", text(header, 0x130, 16)),
        ("Black", text(header, 0x140, 16)),
        ("Annotator", text(header, 0x1D0, 16)),
    ] {
        if !value.is_empty() {
            record.tags.push((tag.to_string(), value));
        }
    }
    record.claimed = match header[0x33] {
        1 => Some(Outcome::Red),
        2 => Some(Outcome::Black),
        3 | 4 => Some(Outcome::Draw),
        _ => None,
    };
    if let Some(result) = record.claimed {
        record
            .tags
            .push(("Result".to_string(), result.pgn().to_string()));
    }
    let mut reader = Reader {
        bytes,
        at: HEADER,
        stream: keys.stream,
        index: 0,
    };
    let mut squares = Vec::new();
    let mut first = true;
    loop {
        let offset = reader.at;
        let m = reader.take(4, XqfPart::Move)?;
        let (has_next, has_comment) = if keys.version < 11 {
            (m[2] & 0xf0 != 0, true)
        } else {
            (m[2] & 0x80 != 0, m[2] & 0x20 != 0)
        };
        let mut length = 0;
        if has_comment {
            let raw = reader.take(4, XqfPart::Move)?;
            length = i64::from(i32::from_le_bytes([raw[0], raw[1], raw[2], raw[3]]));
            if keys.version >= 11 {
                length -= keys.comment;
            }
        }
        if !first {
            let from = square(m[0].wrapping_sub(24).wrapping_sub(keys.from), offset)?;
            let to = square(m[1].wrapping_sub(32).wrapping_sub(keys.to), offset + 1)?;
            squares.push(from);
            record.moves.push(MoveText {
                text: format!("{from}{to}"),
                line: 0,
            });
        }
        if length != 0 {
            let at = reader.at;
            let size = usize::try_from(length)
                .ok()
                .filter(|&n| n <= bytes.len())
                .ok_or(XqfError::Comment { offset: at, length })?;
            let raw = reader.take(size, XqfPart::Comment)?;
            let comment = crate::text::decode(&raw).trim().to_string();
            if !comment.is_empty() {
                record.comments.push((record.moves.len(), comment));
            }
        }
        first = false;
        if !has_next {
            break;
        }
    }
    // The header holds the start position of every kind of record (a whole game's is
    // the initial array), so a study or a position kept without moves starts from it
    // whatever its kind byte says. Only a whole game or an opening whose squares make
    // no position (some writers leave them unset) is taken from the initial array.
    let whole_game = header[0x40] < 2;
    let setup = start_setup(header, &keys, squares.first().copied());
    let position = setup.and_then(|s| Position::from_setup(s).map_err(XqfError::Position));
    match position {
        Ok(p) if p == Position::start() => {}
        Ok(p) => record.tags.push(("FEN".to_string(), p.to_string())),
        Err(_) if whole_game => {}
        Err(e) => return Err(e),
    }
    Ok(record)
}

/// The header's start position: 32 squares (a value past 89 for a piece not on the
/// board), from 1.2 on also rotated by the piece key.
fn start_setup(header: &[u8], keys: &Keys, first: Option<Square>) -> Result<Setup, XqfError> {
    let mut at = [0u8; 32];
    for (i, &b) in header[0x10..0x30].iter().enumerate() {
        let value = b.wrapping_sub(keys.piece);
        let slot = if keys.version >= 12 {
            (usize::from(keys.piece) + 1 + i) % 32
        } else {
            i
        };
        at[slot] = value;
    }
    let mut board = Board::empty();
    for (i, &value) in at.iter().enumerate() {
        if value < 90 {
            board.set(square(value, 0x10 + i)?, Some(piece_of(i)));
        }
    }
    // Whoever owns the first piece moved; without moves, the header's side to move
    // (byte 0x32: 1 for black).
    let turn = match first.and_then(|sq| board.get(sq)) {
        Some(p) => p.color,
        None if header[0x32] == 1 => Color::Black,
        None => Color::Red,
    };
    Ok(Setup {
        board,
        turn,
        halfmoves: 0,
        fullmoves: 1,
    })
}
