use crate::tables::RAY_MASKS;
use crate::{Color, Piece, Role, Square};

const DECODE: [Option<Piece>; 15] = {
    let roles = Role::ALL;
    let mut table = [None; 15];
    let mut i = 0;
    while i < 14 {
        let color = if i < 7 { Color::Red } else { Color::Black };
        table[i + 1] = Some(Piece::new(color, roles[i % 7]));
        i += 1;
    }
    table
};

/// Any placement of pieces on the 90 points, possible or not.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    /// 0 for empty, else 1 + [`Piece::index`]: one byte a point keeps copies cheap.
    squares: [u8; Square::COUNT],
    /// Occupied ranks of each file (bit r) and files of each rank (bit f): line
    /// scans for chariots, cannons and facing generals become bit operations.
    by_file: [u16; 9],
    by_rank: [u16; 10],
    /// Each side's points (bit = square index): move generation visits sixteen pieces,
    /// not ninety points.
    by_color: [u128; 2],
    /// Each piece's points (index = code − 1): the pieces a move like `C2.5` may mean
    /// are one mask away.
    by_piece: [u128; 14],
}

/// A line's occupied points beyond `at` in direction `dir`, as bits ordered so that the
/// nearest is the lowest set bit.
#[inline]
fn ahead_of(line: u32, at: u32, dir: usize) -> u32 {
    if dir.is_multiple_of(2) {
        line >> (at + 1)
    } else {
        (line & ((1 << at) - 1))
            .reverse_bits()
            .checked_shr(32 - at)
            .unwrap_or(0)
    }
}

/// The square of the lowest set bit of `ahead` (as [`ahead_of`] orders them) from
/// `from` in direction `dir`.
#[inline]
pub(crate) fn nth_along(from: Square, dir: usize, ahead: u32) -> Square {
    let step = ahead.trailing_zeros() + 1;
    let (file, rank) = (from.file() as u32, from.rank() as u32);
    match dir {
        0 => Square::new(file as u8, (rank + step) as u8),
        1 => Square::new(file as u8, (rank - step) as u8),
        2 => Square::new((file + step) as u8, rank as u8),
        _ => Square::new((file - step) as u8, rank as u8),
    }
}

/// The points of each file (bit = square index).
const FILE_MASKS: [u128; 9] = {
    let mut masks = [0u128; 9];
    let mut sq = 0;
    while sq < Square::COUNT {
        masks[sq % 9] |= 1u128 << sq;
        sq += 1;
    }
    masks
};

impl Default for Board {
    fn default() -> Self {
        Board::empty()
    }
}

/// The back rank of the initial array, file a to file i.
pub(crate) const BACK_RANK: [Role; 9] = [
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

impl Board {
    pub const fn empty() -> Board {
        Board {
            squares: [0; Square::COUNT],
            by_file: [0; 9],
            by_rank: [0; 10],
            by_color: [0; 2],
            by_piece: [0; 14],
        }
    }

    /// The initial array.
    pub fn start() -> Board {
        let mut board = Board::empty();
        for (file, role) in BACK_RANK.into_iter().enumerate() {
            board.set(
                Square::new(file as u8, 0),
                Some(Piece::new(Color::Red, role)),
            );
            board.set(
                Square::new(file as u8, 9),
                Some(Piece::new(Color::Black, role)),
            );
        }
        for file in [1, 7] {
            board.set(
                Square::new(file, 2),
                Some(Piece::new(Color::Red, Role::Cannon)),
            );
            board.set(
                Square::new(file, 7),
                Some(Piece::new(Color::Black, Role::Cannon)),
            );
        }
        for file in [0, 2, 4, 6, 8] {
            board.set(
                Square::new(file, 3),
                Some(Piece::new(Color::Red, Role::Soldier)),
            );
            board.set(
                Square::new(file, 6),
                Some(Piece::new(Color::Black, Role::Soldier)),
            );
        }
        board
    }

    #[inline]
    pub fn get(&self, sq: Square) -> Option<Piece> {
        DECODE[self.squares[sq.index()] as usize]
    }

    /// The raw code of a point: 0 empty, else 1 + [`Piece::index`].
    #[inline]
    pub(crate) fn code(&self, sq: Square) -> u8 {
        self.squares[sq.index()]
    }

    #[inline]
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) {
        let code = piece.map_or(0, |p| p.index() as u8 + 1);
        let slot = &mut self.squares[sq.index()];
        if (*slot == 0) != (code == 0) {
            self.by_file[sq.file() as usize] ^= 1 << sq.rank();
            self.by_rank[sq.rank() as usize] ^= 1 << sq.file();
        }
        let bit = sq.bit();
        if *slot != 0 {
            let side = (*slot as usize - 1) / 7;
            self.by_color[side] &= !bit;
            self.by_piece[*slot as usize - 1] &= !bit;
        }
        if code != 0 {
            let side = (code as usize - 1) / 7;
            self.by_color[side] |= bit;
            self.by_piece[code as usize - 1] |= bit;
        }
        *slot = code;
    }

    /// Moves the piece on `from` to `to` (a legal move: `from` holds a piece, `to` is
    /// empty or holds the other side's), taking what stood there: [`Board::set`] twice,
    /// with fewer branches (this is every move played).
    #[inline]
    pub(crate) fn move_piece(&mut self, from: Square, to: Square) {
        let code = self.squares[from.index()];
        let victim = self.squares[to.index()];
        debug_assert!(code != 0);
        self.squares[from.index()] = 0;
        self.squares[to.index()] = code;
        self.toggle_move(code, from, to, victim);
    }

    /// Takes back [`Board::move_piece`]`(from, to)`, which took `victim` (the raw code
    /// that stood on `to`, 0 for none): what a legality test tries and then undoes.
    #[inline]
    pub(crate) fn unmove_piece(&mut self, from: Square, to: Square, victim: u8) {
        let code = self.squares[to.index()];
        debug_assert!(code != 0 && self.squares[from.index()] == 0);
        self.squares[from.index()] = code;
        self.squares[to.index()] = victim;
        self.toggle_move(code, from, to, victim);
    }

    /// The masks' part of `code` moving between `from` and `to`, where `victim` stands
    /// (or stood) on `to`: every update is a toggle, so the same one makes the move and
    /// takes it back.
    #[inline(always)]
    fn toggle_move(&mut self, code: u8, from: Square, to: Square, victim: u8) {
        let (from_bit, to_bit) = (from.bit(), to.bit());
        // `from` empties (or fills again); `to` changes only when it held nothing.
        self.by_file[from.file() as usize] ^= 1 << from.rank();
        self.by_rank[from.rank() as usize] ^= 1 << from.file();
        if victim == 0 {
            self.by_file[to.file() as usize] ^= 1 << to.rank();
            self.by_rank[to.rank() as usize] ^= 1 << to.file();
        } else {
            let other = (victim as usize - 1) / 7;
            self.by_color[other] ^= to_bit;
            self.by_piece[victim as usize - 1] ^= to_bit;
        }
        let side = (code as usize - 1) / 7;
        self.by_color[side] ^= from_bit | to_bit;
        self.by_piece[code as usize - 1] ^= from_bit | to_bit;
    }

    /// The occupied points beyond `from` in direction `dir` (as [`ahead_of`] orders
    /// them: the nearest is the lowest bit) and how many points lie that way before the
    /// edge: a slider's moves counted without walking its ray.
    #[inline]
    pub(crate) fn ahead(&self, from: Square, dir: usize) -> (u32, u32) {
        let (file, rank) = (from.file() as u32, from.rank() as u32);
        let (line, at, last) = if dir < 2 {
            (self.by_file[file as usize] as u32, rank, 9)
        } else {
            (self.by_rank[rank as usize] as u32, file, 8)
        };
        let room = if dir.is_multiple_of(2) { last - at } else { at };
        (ahead_of(line, at, dir), room)
    }

    /// The first and second occupied squares from `from` in direction `dir`
    /// (0 up the ranks, 1 down, 2 towards file i, 3 towards file a).
    #[inline]
    pub(crate) fn blockers(&self, from: Square, dir: usize) -> [Option<Square>; 2] {
        // The line's pieces as bits; the nearest is the lowest bit going up the ranks
        // or towards file i (the square index grows), else the highest.
        let mut ahead = (self.by_color[0] | self.by_color[1]) & RAY_MASKS[from.index()][dir];
        let mut next = || {
            (ahead != 0).then(|| {
                let i = match dir % 2 {
                    0 => ahead.trailing_zeros(),
                    _ => 127 - ahead.leading_zeros(),
                };
                ahead &= !(1u128 << i);
                Square::from_index(i as usize)
            })
        };
        [next(), next()]
    }

    /// How many points are occupied.
    pub fn occupied(&self) -> u32 {
        (self.by_color[0] | self.by_color[1]).count_ones()
    }

    /// How many pieces stand strictly between two squares on one file or rank.
    #[inline]
    pub(crate) fn count_between(&self, a: Square, b: Square) -> u32 {
        let (line, x, y) = if a.file() == b.file() {
            (self.by_file[a.file() as usize], a.rank(), b.rank())
        } else {
            (self.by_rank[a.rank() as usize], a.file(), b.file())
        };
        let (low, high) = (x.min(y), x.max(y));
        let between = ((1u32 << high) - 1) & !((1u32 << (low + 1)) - 1);
        (line as u32 & between).count_ones()
    }

    /// Every occupied point with its piece, in square order.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.on(self.by_color[0] | self.by_color[1])
    }

    /// One side's pieces of one kind on a board file, from rank 0 up.
    #[inline]
    pub(crate) fn on_file(&self, piece: Piece, file: u8) -> impl Iterator<Item = Square> + use<> {
        let mut points = self.by_piece[piece.index()] & FILE_MASKS[file as usize];
        std::iter::from_fn(move || {
            (points != 0).then(|| {
                let sq = Square::from_index(points.trailing_zeros() as usize);
                points &= points - 1;
                sq
            })
        })
    }

    /// Whether a horse, chariot, cannon or soldier of either side is left.
    pub(crate) fn has_attackers(&self) -> bool {
        [Role::Horse, Role::Chariot, Role::Cannon, Role::Soldier]
            .into_iter()
            .flat_map(|role| [Piece::new(Color::Red, role), Piece::new(Color::Black, role)])
            .any(|p| self.by_piece[p.index()] != 0)
    }

    /// The points of one side's pieces of one kind (bit = square index).
    #[inline]
    pub(crate) fn side_points(&self, color: Color) -> u128 {
        self.by_color[color.index()]
    }

    #[inline]
    pub(crate) fn points_of(&self, piece: Piece) -> u128 {
        self.by_piece[piece.index()]
    }

    /// The pieces of one side, in square order.
    #[inline]
    pub(crate) fn pieces_of(&self, color: Color) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.on(self.by_color[color.index()])
    }

    /// The pieces on the points `bits` (all of one side's or fewer), in square order.
    #[inline]
    pub(crate) fn pieces_on(&self, bits: u128) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.on(bits)
    }

    #[inline]
    fn on(&self, mut bits: u128) -> impl Iterator<Item = (Square, Piece)> + '_ {
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let piece =
                    DECODE[self.squares[i] as usize].expect("a side's point holds its piece");
                (Square::from_index(i), piece)
            })
        })
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
