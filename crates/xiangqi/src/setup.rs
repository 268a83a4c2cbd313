use crate::{Board, Color};

/// A position as written, not yet checked: any placement, any side to move.
/// It becomes a [`crate::Position`] only through [`crate::Position::from_setup`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    pub board: Board,
    pub turn: Color,
    /// Plies since the last capture (FEN field 5).
    pub halfmoves: u32,
    /// Move number, starting at 1 and increased after black moves (FEN field 6).
    pub fullmoves: u32,
}

impl Default for Setup {
    fn default() -> Self {
        Setup::start()
    }
}

impl Setup {
    pub fn start() -> Setup {
        Setup {
            board: Board::start(),
            turn: Color::Red,
            halfmoves: 0,
            fullmoves: 1,
        }
    }
}
