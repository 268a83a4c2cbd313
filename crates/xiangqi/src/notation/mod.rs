//! The three move notations organizers meet: ICCS coordinates, WXF and Chinese.
//! Each parses from text without a position, then resolves against a position into a
//! legal move; each prints a legal move in a position.

mod chinese;
mod descriptive;
mod iccs;
mod wxf;

use std::fmt;
use std::str::FromStr;

pub use descriptive::{Described, Descriptive, Direction, Pick, Which, describe};
pub use iccs::Iccs;

use crate::{IllegalMove, Move, Piece, Position, Square};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Notation {
    Iccs,
    Wxf,
    Chinese,
}

impl Notation {
    pub const ALL: [Notation; 3] = [Notation::Iccs, Notation::Wxf, Notation::Chinese];

    /// The notation whose shape the text has, if any.
    pub fn detect(text: &str) -> Option<Notation> {
        Notation::ALL.into_iter().find(|n| n.looks_like(text))
    }

    fn looks_like(self, text: &str) -> bool {
        match self {
            Notation::Iccs => iccs::looks_like(text),
            Notation::Wxf => wxf::looks_like(text),
            Notation::Chinese => chinese::looks_like(text),
        }
    }

    /// Reads one move in this notation and finds it among the legal moves of `pos`.
    pub fn parse_move(self, pos: &Position, text: &str) -> Result<Move, MoveError> {
        match self {
            Notation::Iccs => {
                let iccs: Iccs = text.parse()?;
                Ok(pos.check_move(iccs.from, iccs.to)?)
            }
            Notation::Wxf => wxf::parse(text)?.to_move(pos),
            Notation::Chinese => chinese::parse(text)?.to_move(pos),
        }
    }

    /// Reads one move and plays it on `pos`; on error `pos` is unchanged.
    #[inline(always)]
    pub fn play_move(self, pos: &mut Position, text: &str) -> Result<Move, MoveError> {
        match self {
            Notation::Iccs => match iccs::squares(text) {
                Some((from, to)) => Ok(pos.play_checked(from, to)?),
                None => Err(SyntaxError::new(text, Syntax::Iccs).into()),
            },
            Notation::Wxf => match wxf::play_fast(pos, text) {
                Some(played) => Ok(played?),
                None => wxf::parse(text)?.play(pos),
            },
            Notation::Chinese => match chinese::play_fast(pos, text) {
                Some(played) => Ok(played?),
                None => chinese::parse(text)?.play(pos),
            },
        }
    }

    /// Writes a legal move of `pos` in this notation.
    pub fn write_move(self, pos: &Position, m: Move) -> String {
        match self {
            Notation::Iccs => m.to_string(),
            Notation::Wxf => wxf::write(&describe(pos, m)),
            Notation::Chinese => chinese::write(&describe(pos, m)),
        }
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Notation::Iccs => "iccs",
            Notation::Wxf => "wxf",
            Notation::Chinese => "chinese",
        })
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown notation '{0}': use iccs, wxf or chinese")]
pub struct UnknownNotation(pub String);

impl FromStr for Notation {
    type Err = UnknownNotation;
    fn from_str(s: &str) -> Result<Notation, UnknownNotation> {
        match s.to_ascii_lowercase().as_str() {
            "iccs" => Ok(Notation::Iccs),
            "wxf" => Ok(Notation::Wxf),
            "chinese" | "zh" | "cn" => Ok(Notation::Chinese),
            _ => Err(UnknownNotation(s.to_string())),
        }
    }
}

/// Text that is not a move in the notation expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{text}' is not a move: {kind}")]
pub struct SyntaxError {
    pub text: String,
    pub kind: Syntax,
}

/// What is wrong with a move's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Syntax {
    #[error("Chinese moves have four characters, e.g. 炮二平五 or 马8进7")]
    ChineseLength,
    #[error("the third character must be 进, 退 or 平")]
    ChineseDirection,
    #[error("the last character must be a number 1-9")]
    ChineseSteps,
    #[error("the first two characters must name the piece (炮二, 前车, 中兵...)")]
    ChinesePiece,
    #[error("unknown piece")]
    UnknownPiece,
    #[error("WXF moves have four characters, e.g. C2.5 or H8+7")]
    WxfLength,
    #[error("the third character must be +, - or .")]
    WxfDirection,
    #[error("the last character must be a digit 1-9")]
    WxfSteps,
    #[error("after the piece letter comes its file or + / -")]
    WxfAfterPiece,
    #[error("a file digit is followed by +, - or the same digit")]
    WxfAfterFile,
    #[error("+ or - is followed by a piece letter or repeated")]
    WxfAfterSign,
    #[error("the first character must be a piece letter (K A E H R C P), a file digit, + or -")]
    WxfFirst,
    #[error("ICCS moves are two squares, e.g. h2e2 or H2-E2")]
    Iccs,
    #[error("not a move in any notation")]
    Unknown,
}

/// A move's characters with the spaces left out, kept on the stack: records are read
/// a hundred thousand a second, so no allocation per move.
pub(crate) struct Chars<const N: usize> {
    chars: [char; N],
    len: usize,
}

impl<const N: usize> Chars<N> {
    /// `None` when the text holds more than `N` characters besides spaces.
    #[inline]
    pub(crate) fn of(text: &str) -> Option<Chars<N>> {
        let mut out = Chars {
            chars: ['\0'; N],
            len: 0,
        };
        // The usual case, `C2.5`: ASCII without spaces, read byte by byte.
        let bytes = text.as_bytes();
        if bytes.len() <= N && bytes.iter().all(|b| b.is_ascii_graphic()) {
            for (slot, &b) in out.chars.iter_mut().zip(bytes) {
                *slot = char::from(b);
            }
            out.len = bytes.len();
            return Some(out);
        }
        for c in text.chars().filter(|c| !c.is_whitespace()) {
            *out.chars.get_mut(out.len)? = c;
            out.len += 1;
        }
        Some(out)
    }

    pub(crate) fn as_slice(&self) -> &[char] {
        &self.chars[..self.len]
    }
}

impl SyntaxError {
    pub(crate) fn new(text: &str, kind: Syntax) -> SyntaxError {
        SyntaxError {
            text: text.to_string(),
            kind,
        }
    }
}

/// Why a move text does not name one legal move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error(transparent)]
    Syntax(#[from] SyntaxError),
    #[error("{0}")]
    NoPiece(NoPiece),
    #[error("the {} {} on {from} cannot move that way", .piece.color.name_en(), .piece.role.name_en())]
    Unreachable { piece: Piece, from: Square },
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    #[error("ambiguous: could mean {}", .0.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(" or "))]
    Ambiguous(Vec<Move>),
}

/// A move text naming a piece that is not there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum NoPiece {
    #[error("no {} {} on file {file}", .piece.color.name_en(), .piece.role.name_en())]
    OnFile { piece: Piece, file: u8 },
    #[error("no two {} {}s share a file", .0.color.name_en(), .0.role.name_en())]
    NoTwoOnAFile(Piece),
    #[error("no {} {} stands in that order on its file", .0.color.name_en(), .0.role.name_en())]
    NotInThatOrder(Piece),
}

impl MoveError {
    /// The reason alone, without the move, for reports that print the move already.
    pub fn why(&self) -> String {
        match self {
            MoveError::Illegal(e) => e.reason.to_string(),
            MoveError::Syntax(e) => e.kind.to_string(),
            other => other.to_string(),
        }
    }
}

#[cfg(test)]
mod tests;
