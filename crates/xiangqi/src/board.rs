use crate::{Color, Piece, Role, Square};

/// Any placement of pieces on the 90 points, possible or not.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    squares: [Option<Piece>; Square::COUNT],
}

impl Default for Board {
    fn default() -> Self {
        Board::empty()
    }
}

impl Board {
    pub const fn empty() -> Board {
        Board {
            squares: [None; Square::COUNT],
        }
    }

    /// The initial array.
    pub fn start() -> Board {
        let mut board = Board::empty();
        let back = [
            Role::Chariot,
            Role::Horse,
            Role::Elephant,
            Role::Advisor,
            Role::General,
            Role::Advisor,
            Role::Elephant,
            Role::Horse,
            Role::Chariot,
        ];
        for (file, role) in back.into_iter().enumerate() {
            board.set(Square::new(file as u8, 0), Some(Piece::new(Color::Red, role)));
            board.set(Square::new(file as u8, 9), Some(Piece::new(Color::Black, role)));
        }
        for file in [1, 7] {
            board.set(Square::new(file, 2), Some(Piece::new(Color::Red, Role::Cannon)));
            board.set(Square::new(file, 7), Some(Piece::new(Color::Black, Role::Cannon)));
        }
        for file in [0, 2, 4, 6, 8] {
            board.set(Square::new(file, 3), Some(Piece::new(Color::Red, Role::Soldier)));
            board.set(Square::new(file, 6), Some(Piece::new(Color::Black, Role::Soldier)));
        }
        board
    }

    #[inline]
    pub fn get(&self, sq: Square) -> Option<Piece> {
        self.squares[sq.index()]
    }

    #[inline]
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) {
        self.squares[sq.index()] = piece;
    }

    /// Every occupied point with its piece, in square order.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.squares
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.map(|p| (Square::from_index(i), p)))
    }

    pub fn find(&self, piece: Piece) -> impl Iterator<Item = Square> + '_ {
        self.pieces()
            .filter(move |&(_, p)| p == piece)
            .map(|(sq, _)| sq)
    }

    pub fn count(&self, piece: Piece) -> usize {
        self.find(piece).count()
    }
}
