use std::fmt;

use crate::movegen::{
    attacked_after, count_piece_moves, general_attacked, general_attacked_after_move, nearest,
    piece_moves, pseudo_legal,
};
use crate::tables::{CHECK_POINTS, HORSE_ATTACKERS, HORSE_SOURCES, RAY_MASKS, REACHERS};
use crate::{Board, Color, Move, MoveList, Piece, Role, Setup, Square, zobrist};

/// A position that passed [`Position::from_setup`]: each side has one general, the
/// side not to move is not in check, and the generals do not face each other.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    board: Board,
    turn: Color,
    generals: [Square; 2],
    halfmoves: u32,
    fullmoves: u32,
    hash: u64,
    /// Whether the side to move is in check, kept up to date by every move.
    in_check: bool,
}

/// One reason a setup cannot arise in a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Impossibility {
    MissingGeneral(Color),
    TooMany { piece: Piece, count: usize },
    GeneralOutsidePalace(Square),
    AdvisorOffItsPoints(Square),
    ElephantOffItsPoints(Square),
    SoldierBehindStart(Square),
    SoldierLeftItsFile(Square),
    OpponentInCheck(Color),
    GeneralsFacing,
}

impl Impossibility {
    /// Placement reasons may be waived by an arbiter setting up a study position;
    /// the others would break the rules of play themselves.
    pub fn is_placement(&self) -> bool {
        !matches!(
            self,
            Impossibility::MissingGeneral(_)
                | Impossibility::OpponentInCheck(_)
                | Impossibility::GeneralsFacing
                | Impossibility::GeneralOutsidePalace(_)
        ) && !matches!(self, Impossibility::TooMany { piece, .. } if piece.role == Role::General)
    }
}

impl fmt::Display for Impossibility {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Impossibility::MissingGeneral(c) => write!(f, "{} has no general", c.name_en()),
            Impossibility::TooMany { piece, count } => write!(
                f,
                "{} has {count} {}s, at most {} allowed",
                piece.color.name_en(),
                piece.role.name_en(),
                piece.role.max_count()
            ),
            Impossibility::GeneralOutsidePalace(sq) => {
                write!(f, "general on {sq} is outside its palace")
            }
            Impossibility::AdvisorOffItsPoints(sq) => {
                write!(f, "advisor on {sq} is not on a palace diagonal point")
            }
            Impossibility::ElephantOffItsPoints(sq) => {
                write!(
                    f,
                    "elephant on {sq} is on a point an elephant can never reach"
                )
            }
            Impossibility::SoldierBehindStart(sq) => {
                write!(f, "soldier on {sq} stands behind its starting rank")
            }
            Impossibility::SoldierLeftItsFile(sq) => write!(
                f,
                "soldier on {sq} has not crossed the river yet is off its starting file"
            ),
            Impossibility::OpponentInCheck(c) => write!(
                f,
                "{} is in check but it is not {} to move",
                c.name_en(),
                c.name_en()
            ),
            Impossibility::GeneralsFacing => {
                write!(f, "the generals face each other on an open file")
            }
        }
    }
}

/// A setup refused by [`Position::from_setup`], with every reason found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("impossible position: {}", reasons.iter().map(|r| r.to_string()).collect::<Vec<_>>().join("; "))]
pub struct InvalidPosition {
    pub reasons: Vec<Impossibility>,
}

const fn mirror(sq: Square, color: Color) -> Square {
    match color {
        Color::Red => sq,
        Color::Black => Square::new(sq.file(), 9 - sq.rank()),
    }
}

fn advisor_point(sq: Square, color: Color) -> bool {
    let red = mirror(sq, color);
    matches!((red.file(), red.rank()), (3 | 5, 0 | 2) | (4, 1))
}

fn elephant_point(sq: Square, color: Color) -> bool {
    let red = mirror(sq, color);
    matches!((red.file(), red.rank()), (2 | 6, 0 | 4) | (0 | 4 | 8, 2))
}

fn soldier_reasons(sq: Square, color: Color) -> Option<Impossibility> {
    let red = mirror(sq, color);
    if red.rank() < 3 {
        Some(Impossibility::SoldierBehindStart(sq))
    } else if red.rank() <= 4 && red.file() % 2 == 1 {
        Some(Impossibility::SoldierLeftItsFile(sq))
    } else {
        None
    }
}

fn find_impossibilities(setup: &Setup) -> Vec<Impossibility> {
    let board = &setup.board;
    let mut reasons = Vec::new();
    for color in Color::ALL {
        for role in Role::ALL {
            let piece = Piece::new(color, role);
            let count = board.count(piece);
            if count > role.max_count() {
                reasons.push(Impossibility::TooMany { piece, count });
            }
        }
        if board.count(Piece::new(color, Role::General)) == 0 {
            reasons.push(Impossibility::MissingGeneral(color));
        }
    }
    for (sq, piece) in board.pieces() {
        let c = piece.color;
        let reason = match piece.role {
            Role::General if !sq.in_palace(c) => Some(Impossibility::GeneralOutsidePalace(sq)),
            Role::Advisor if !advisor_point(sq, c) => Some(Impossibility::AdvisorOffItsPoints(sq)),
            Role::Elephant if !elephant_point(sq, c) => {
                Some(Impossibility::ElephantOffItsPoints(sq))
            }
            Role::Soldier => soldier_reasons(sq, c),
            _ => None,
        };
        reasons.extend(reason);
    }
    let generals: Vec<(Square, Piece)> = board
        .pieces()
        .filter(|(_, p)| p.role == Role::General)
        .collect();
    if let [(red, _), (black, _)] = generals[..] {
        if red.file() == black.file()
            && general_attacked(board, red, Color::Red)
            && (red.rank()..black.rank())
                .skip(1)
                .all(|r| board.get(Square::new(red.file(), r)).is_none())
        {
            reasons.push(Impossibility::GeneralsFacing);
        } else {
            let waiting = !setup.turn;
            let sq = if waiting == Color::Red { red } else { black };
            if general_attacked(board, sq, waiting) {
                reasons.push(Impossibility::OpponentInCheck(waiting));
            }
        }
    }
    reasons
}

impl Position {
    /// The initial array, red to move.
    pub fn start() -> Position {
        static START: std::sync::LazyLock<Position> = std::sync::LazyLock::new(|| {
            Position::from_setup(Setup::start()).expect("the initial array is valid")
        });
        START.clone()
    }

    /// Checks a setup and makes it a position, or lists every reason it is impossible.
    pub fn from_setup(setup: Setup) -> Result<Position, InvalidPosition> {
        Position::build(setup, |_| true)
    }

    /// Like [`Position::from_setup`], but waives the placement reasons (extra pieces,
    /// advisors, elephants or soldiers on points they cannot reach): for an arbiter's
    /// study position. A side must still have exactly one general in its palace.
    pub fn from_setup_relaxed(setup: Setup) -> Result<Position, InvalidPosition> {
        Position::build(setup, |r| !r.is_placement())
    }

    fn build(
        setup: Setup,
        counts: impl Fn(&Impossibility) -> bool,
    ) -> Result<Position, InvalidPosition> {
        let reasons: Vec<Impossibility> = find_impossibilities(&setup)
            .into_iter()
            .filter(|r| counts(r))
            .collect();
        if !reasons.is_empty() {
            return Err(InvalidPosition { reasons });
        }
        let general = |c: Color| {
            setup
                .board
                .find(Piece::new(c, Role::General))
                .next()
                .expect("checked: one general each")
        };
        let generals = [general(Color::Red), general(Color::Black)];
        let mut hash = setup
            .board
            .pieces()
            .fold(0, |h, (sq, p)| h ^ zobrist::piece_key(p, sq));
        if setup.turn == Color::Black {
            hash ^= zobrist::BLACK_TO_MOVE;
        }
        let in_check = general_attacked(&setup.board, generals[setup.turn.index()], setup.turn);
        Ok(Position {
            board: setup.board,
            turn: setup.turn,
            generals,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves,
            hash,
            in_check,
        })
    }

    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board.clone(),
            turn: self.turn,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn turn(&self) -> Color {
        self.turn
    }

    pub fn general(&self, color: Color) -> Square {
        self.generals[color.index()]
    }

    /// Plies since the last capture.
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// A hash of placement and side to move, equal for equal positions.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    pub fn is_check(&self) -> bool {
        self.in_check
    }

    /// Whether making `m` (which must follow the piece's movement rule) leaves the
    /// mover's own general attacked or facing the other general, read from the board
    /// as it would be, without making the move.
    #[inline]
    pub(crate) fn exposes_general(&self, m: Move) -> bool {
        let us = self.turn;
        let general = self.general(us);
        let general = if m.from == general { m.to } else { general };
        general_attacked_after_move(&self.board, general, us, m.from, m.to)
    }

    fn is_safe(&self, lines: &DangerLines, m: Move) -> bool {
        if self.in_check {
            // In check the lines are the points that matter to the check: a move off
            // them leaves it standing.
            return lines.may_expose(m) && !self.exposes_general(m);
        }
        !(lines.may_expose(m) && self.exposes_general(m))
    }

    pub fn legal_moves(&self) -> MoveList {
        let mut pseudo = MoveList::new();
        pseudo_legal(&self.board, self.turn, &mut pseudo);
        let lines = DangerLines::of(self);
        let mut legal = MoveList::new();
        for &m in &pseudo {
            if self.is_safe(&lines, m) {
                legal.push(m);
            }
        }
        legal
    }

    /// How many legal moves the side to move has: [`Position::legal_moves`] without
    /// keeping them (perft's last ply).
    pub fn count_legal_moves(&self) -> usize {
        let lines = DangerLines::of(self);
        let own = self.board.side_points(self.turn);
        // Out of check, a piece off the danger lines that cannot reach a point before an
        // unscreened cannon cannot expose its general: its moves are counted. The
        // others' are each tested.
        let tested = match self.in_check {
            true => own,
            false => {
                let mut screens = lines.to;
                let mut reachers = 0;
                while screens != 0 {
                    reachers |= REACHERS[screens.trailing_zeros() as usize];
                    screens &= screens - 1;
                }
                own & (lines.from | reachers)
            }
        };
        let mut count = 0;
        for (from, piece) in self.board.pieces_on(own & !tested) {
            count += count_piece_moves(&self.board, from, piece) as usize;
        }
        let mut moves = MoveList::new();
        for (from, piece) in self.board.pieces_on(tested) {
            moves.clear();
            piece_moves(&self.board, from, piece, &mut moves);
            count += moves.iter().filter(|&&m| self.is_safe(&lines, m)).count();
        }
        count
    }

    /// Whether the side to move has any legal move; stops at the first one found.
    pub fn has_legal_move(&self) -> bool {
        let lines = DangerLines::of(self);
        let mut moves = MoveList::new();
        self.board.pieces_of(self.turn).any(|(from, piece)| {
            moves.clear();
            piece_moves(&self.board, from, piece, &mut moves);
            moves.iter().any(|&m| self.is_safe(&lines, m))
        })
    }

    /// Whether `m` could change whether the mover's general is attacked, when it is not
    /// in check now: only a move of the general, or one leaving or entering the
    /// general's file or rank, or leaving a horse-leg point next to it, can.
    #[inline]
    pub(crate) fn may_expose_general(&self, m: Move) -> bool {
        let general = self.general(self.turn);
        m.from == general
            || shares_line(m.from, general)
            || shares_line(m.to, general)
            || diagonal_neighbours(m.from, general)
    }

    /// Checkmate or stalemate: the side to move has no legal move and loses.
    pub fn is_game_over(&self) -> bool {
        !self.has_legal_move()
    }

    pub fn is_checkmate(&self) -> bool {
        self.is_check() && self.is_game_over()
    }

    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && self.is_game_over()
    }

    /// No horse, chariot, cannon or soldier is left on either side: nobody can win.
    pub fn has_no_attackers(&self) -> bool {
        // Generals, advisors and elephants number ten at most: more pieces, an attacker.
        self.board.occupied() <= 10 && !self.board.has_attackers()
    }

    /// Plays a move known to be legal (e.g. from [`Position::legal_moves`]).
    pub fn play_unchecked(&mut self, m: Move) {
        // Raw point codes (1 + the piece's index), read once: every move of a record
        // and of perft comes through here.
        let code = self.board.code(m.from);
        assert!(code != 0, "a legal move starts on a piece");
        let victim = self.board.code(m.to);
        self.hash ^= zobrist::code_key(code, m.from) ^ zobrist::code_key(code, m.to);
        if victim != 0 {
            self.hash ^= zobrist::code_key(victim, m.to);
            self.halfmoves = 0;
        } else {
            self.halfmoves += 1;
        }
        self.board.move_piece(m.from, m.to);
        let index = usize::from(code - 1);
        if index % 7 == Role::General as usize {
            self.generals[index / 7] = m.to;
        }
        if self.turn == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = !self.turn;
        self.hash ^= zobrist::BLACK_TO_MOVE;
        // The side now to move was not in check and its general did not move.
        self.in_check = attacked_after(
            &self.board,
            self.general(self.turn),
            self.turn,
            m.from,
            m.to,
        );
    }

    /// Plays a legal move and returns what [`Position::unplay`] needs to take it back:
    /// perft walks the tree on one position instead of a copy a node.
    pub(crate) fn play_undoable(&mut self, m: Move) -> Undo {
        let undo = Undo {
            captured: self.board.code(m.to),
            halfmoves: self.halfmoves,
            hash: self.hash,
            in_check: self.in_check,
        };
        self.play_unchecked(m);
        undo
    }

    /// Takes back `m`, played by [`Position::play_undoable`].
    pub(crate) fn unplay(&mut self, m: Move, undo: Undo) {
        self.turn = !self.turn;
        if self.turn == Color::Black {
            self.fullmoves -= 1;
        }
        if self.generals[self.turn.index()] == m.to {
            self.generals[self.turn.index()] = m.from;
        }
        self.board.unmove_piece(m.from, m.to, undo.captured);
        self.halfmoves = undo.halfmoves;
        self.hash = undo.hash;
        self.in_check = undo.in_check;
    }

    /// Returns the position after a legal move.
    pub fn after(&self, m: Move) -> Position {
        let mut next = self.clone();
        next.play_unchecked(m);
        next
    }
}

/// What a move changed that the board alone cannot give back.
pub(crate) struct Undo {
    captured: u8,
    halfmoves: u32,
    hash: u64,
    in_check: bool,
}

/// Points where a move of the side to move could expose its own general, when it is
/// not in check: the general itself; on each line from it, the one piece that alone
/// stands between it and an enemy chariot (or, on the file, the enemy general), the
/// pieces of a cannon's two screens, and the empty points before a cannon that has no
/// screen yet (a piece moved there becomes one); and horse legs next to it with an
/// enemy horse behind. A move that neither starts nor ends on one cannot expose the
/// general. In check, the points that matter to the check ([`CHECK_POINTS`]): a move
/// that neither starts nor ends on one cannot answer it.
struct DangerLines {
    /// Bit per square (index), for the move's origin.
    from: u128,
    /// Bit per square, for the move's destination (a new cannon screen).
    to: u128,
}

impl DangerLines {
    fn of(pos: &Position) -> DangerLines {
        let us = pos.turn;
        let general = pos.general(us);
        if pos.in_check {
            let points = CHECK_POINTS[general.index()];
            return DangerLines {
                from: points | general.bit(),
                to: points,
            };
        }
        let mut from = 1u128 << general.index();
        let mut to = 0u128;
        let them = |role| pos.board.points_of(Piece::new(!us, role));
        let (chariots, cannons) = (them(Role::Chariot), them(Role::Cannon));
        let facing = chariots | them(Role::General);
        let ours = pos.board.side_points(us);
        let occupied = ours | pos.board.side_points(!us);
        for (dir, &ray) in RAY_MASKS[general.index()].iter().enumerate() {
            // The generals face each other only along the file.
            let direct = if dir < 2 { facing } else { chariots };
            if (direct | cannons) & ray == 0 {
                continue;
            }
            // The first three pieces along the line, as bits.
            let ahead = occupied & ray;
            let first = nearest(ahead, dir);
            let second = nearest(ahead & !first, dir);
            let third = nearest(ahead & !(first | second), dir);
            // Our one piece between the general and a chariot (or the other general).
            if first & ours != 0 && second & direct != 0 {
                from |= first;
            }
            // A cannon with no screen: a piece moved in front of it becomes one.
            if first & cannons != 0 {
                let below = first - 1;
                to |= ray
                    & if dir % 2 == 0 {
                        below
                    } else {
                        !(below | first)
                    };
            }
            // A cannon behind two pieces: either of ours moved away leaves one screen.
            if third & cannons != 0 {
                from |= (first | second) & ours;
            }
        }
        let horses = them(Role::Horse);
        if horses & HORSE_SOURCES[general.index()] != 0 {
            for (src, leg) in HORSE_ATTACKERS[general.index()].iter() {
                if horses & src.bit() != 0 {
                    from |= leg.bit();
                }
            }
        }
        DangerLines { from, to }
    }

    #[inline]
    fn may_expose(&self, m: Move) -> bool {
        (self.from >> m.from.index()) & 1 != 0 || (self.to >> m.to.index()) & 1 != 0
    }
}

#[inline]
fn shares_line(a: Square, b: Square) -> bool {
    a.file() == b.file() || a.rank() == b.rank()
}

#[inline]
fn diagonal_neighbours(a: Square, b: Square) -> bool {
    a.file().abs_diff(b.file()) == 1 && a.rank().abs_diff(b.rank()) == 1
}

impl fmt::Display for Position {
    /// FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_setup().fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Legal moves the slow way: every pseudo-legal move played on a copy of the
    /// board, the general then tested along every line, no shortcut.
    fn legal_by_definition(pos: &Position) -> Vec<Move> {
        let mut pseudo = MoveList::new();
        pseudo_legal(&pos.board, pos.turn, &mut pseudo);
        let mut out: Vec<Move> = pseudo
            .iter()
            .copied()
            .filter(|&m| {
                let mut b = pos.board.clone();
                b.set(m.to, b.get(m.from));
                b.set(m.from, None);
                let general = b
                    .find(Piece::new(pos.turn, Role::General))
                    .next()
                    .expect("a general");
                !general_attacked(&b, general, pos.turn)
            })
            .collect();
        out.sort();
        out
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

        /// The generator's shortcuts (which moves need the exposure test at all) never
        /// change the answer, in positions full of pins and cannon screens.
        #[test]
        fn generated_moves_are_the_legal_moves(choices in proptest::collection::vec(0u16..u16::MAX, 1..120), start in 0usize..3) {
            let fens = [
                "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w",
                // Chariots and cannons on open lines towards both generals.
                "2eakae2/4r4/4c4/9/2R1C1H2/9/4c4/9/4R4/3AKA3 w",
                "r1ea1a3/4k4/2h1c4/p3p3p/2c6/6C2/P3P3P/1C2E4/4A4/2EK1A1HR b",
            ];
            let mut pos = Position::from_setup_relaxed(fens[start].parse().unwrap()).unwrap();
            for &c in &choices {
                let mut generated: Vec<Move> = pos.legal_moves().iter().copied().collect();
                generated.sort();
                proptest::prop_assert_eq!(&generated, &legal_by_definition(&pos), "at {}", pos);
                proptest::prop_assert_eq!(pos.count_legal_moves(), generated.len());
                if generated.is_empty() {
                    break;
                }
                // Every move taken back gives the position exactly as it was.
                for &m in &generated {
                    let before = pos.clone();
                    let undo = pos.play_undoable(m);
                    pos.unplay(m, undo);
                    proptest::prop_assert_eq!(&pos, &before, "{} taken back", m);
                }
                pos.play_unchecked(generated[c as usize % generated.len()]);
            }
        }
    }

    fn reasons(fen: &str) -> Vec<Impossibility> {
        Position::from_setup(fen.parse().unwrap())
            .unwrap_err()
            .reasons
    }

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn impossible_positions_name_their_reason() {
        use Impossibility::*;
        let red = |role| Piece::new(Color::Red, role);
        let cases: Vec<(&str, Impossibility)> = vec![
            (
                "3k5/9/9/9/9/9/9/9/RRR6/4K4 w",
                TooMany {
                    piece: red(Role::Chariot),
                    count: 3,
                },
            ),
            ("4k4/9/9/9/9/9/9/9/9/K8 w", GeneralOutsidePalace(sq("a0"))),
            (
                "4k4/9/9/9/9/9/9/9/4B4/3K5 w",
                ElephantOffItsPoints(sq("e1")),
            ),
            ("4k4/9/9/9/9/9/9/9/9/3KA4 w", AdvisorOffItsPoints(sq("e0"))),
            ("4k4/9/9/9/9/9/9/P8/9/3K5 w", SoldierBehindStart(sq("a2"))),
            ("4k4/9/9/9/9/9/1P7/9/9/3K5 w", SoldierLeftItsFile(sq("b3"))),
            ("4k4/9/9/9/4R4/9/9/9/9/3K5 w", OpponentInCheck(Color::Black)),
            ("4k4/9/9/9/9/9/9/9/9/4K4 w", GeneralsFacing),
            ("9/9/9/9/9/9/9/9/9/4K4 w", MissingGeneral(Color::Black)),
        ];
        for (fen, expected) in cases {
            assert_eq!(reasons(fen), vec![expected.clone()], "{fen}");
        }
        let err = Position::from_setup("4k4/9/9/9/9/9/9/9/4B4/3K5 w".parse().unwrap()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "impossible position: elephant on e1 is on a point an elephant can never reach"
        );
    }

    #[test]
    fn relaxed_setup_waives_placement_only() {
        let study = "4k4/9/9/9/9/9/9/9/4B4/3K5 w".parse().unwrap();
        assert!(Position::from_setup_relaxed(study).is_ok());
        let facing = "4k4/9/9/9/9/9/9/9/9/4K4 w".parse().unwrap();
        assert!(Position::from_setup_relaxed(facing).is_err());
    }

    #[test]
    fn black_side_points_are_mirrored() {
        // Black elephant on c5 and advisor on e8 are fine; black soldier on e7 is behind its start.
        assert!(Position::from_setup("3k5/4a4/9/9/2b6/9/9/9/9/4K4 w".parse().unwrap()).is_ok());
        assert_eq!(
            reasons("3k5/9/4p4/9/9/9/9/9/9/5K3 w"),
            vec![Impossibility::SoldierBehindStart(sq("e7"))]
        );
    }
}
