//! Game records and their adjudication, two or four players. The arbiter's record holds
//! every setup and every move; in hidden play the program resolves each collision.
//!
//! ```text
//! # 军棋对局记录                      (# starts a comment)
//! crossing railway                 (two players: or closed)
//! south a1 地雷 b1 军旗 c1 地雷 ...  (25 pairs, on one or more "south" lines)
//! north a12 地雷 b12 军旗 ...
//! 1. e6-e7 a7-a6                   (moves in turn order, south first; numbers optional)
//! 2. timeout d7-d6                 (a player who ran out of time loses the turn)
//! 3. surrender                     (also: escape, draw = agreed draw)
//! ```
//! A record with east and west setups is a four-player game: each setup is written
//! in its seat's own coordinates (`east a1 地雷 ...`, the same as a two-player south
//! half; `ea1` is also read), the moves use the four-player names (`sa6-ma1`), and the
//! turn goes south, east, north, west, skipping players who are out.
//!
//! JSON: `{"crossing":"railway","setups":{"south":{"a1":"地雷",...},"north":{...}},
//! "moves":["e6-e7","timeout",...]}`; Chinese 超时 投降 逃跑 和棋 are read as well.

use std::collections::BTreeMap;

use crate::board::{Crossing, Point, Side};
use crate::combat::{Outcome, combat};
use crate::four::{self, FourPoint, Seat};
use crate::graph::Graph;
use crate::setup::check_setup;
use crate::{IllegalMove, ParsePointError, Piece};

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Record {
    #[serde(default)]
    pub crossing: Crossing,
    pub setups: BTreeMap<Seat, BTreeMap<String, String>>,
    pub moves: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {fault}")]
pub struct RecordError {
    pub line: usize,
    pub fault: RecordFault,
}

/// What is wrong with a line of a record.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordFault {
    /// A JSON record that does not parse; the parser's words kept for developers.
    #[error("{detail}")]
    Json { column: usize, detail: String },
    #[error("crossing is railway or closed")]
    Crossing,
    #[error("'{0}' is not a seat: south, east, north or west")]
    Seat(String),
    #[error("a setup line pairs points and pieces: a1 地雷 b1 军旗 ...")]
    SetupPairs,
}

impl std::str::FromStr for Record {
    type Err = RecordError;
    fn from_str(text: &str) -> Result<Record, RecordError> {
        let trimmed = text.trim_start();
        if trimmed.starts_with('{') {
            return serde_json::from_str(trimmed).map_err(|e| RecordError {
                line: e.line(),
                fault: RecordFault::Json {
                    column: e.column(),
                    detail: e.to_string(),
                },
            });
        }
        let mut record = Record {
            crossing: Crossing::Railway,
            setups: BTreeMap::new(),
            moves: Vec::new(),
        };
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let content = raw.split('#').next().unwrap_or("").trim();
            let Some(first) = content.split_whitespace().next() else {
                continue;
            };
            let rest: Vec<&str> = content.split_whitespace().skip(1).collect();
            match first {
                "crossing" => {
                    record.crossing = match rest.first().copied() {
                        Some("railway") => Crossing::Railway,
                        Some("closed") => Crossing::Closed,
                        _ => {
                            return Err(RecordError {
                                line,
                                fault: RecordFault::Crossing,
                            });
                        }
                    }
                }
                "south" | "east" | "north" | "west" | "south:" | "east:" | "north:" | "west:" => {
                    let side: Seat =
                        first
                            .trim_end_matches(':')
                            .parse()
                            .map_err(|_| RecordError {
                                line,
                                fault: RecordFault::Seat(first.to_string()),
                            })?;
                    if !rest.len().is_multiple_of(2) {
                        return Err(RecordError {
                            line,
                            fault: RecordFault::SetupPairs,
                        });
                    }
                    let setup = record.setups.entry(side).or_default();
                    for pair in rest.chunks(2) {
                        setup.insert(
                            pair[0].trim_end_matches(',').to_string(),
                            pair[1].trim_end_matches(',').to_string(),
                        );
                    }
                }
                _ => {
                    for token in content.split_whitespace() {
                        let number = token.ends_with('.')
                            && token
                                .trim_end_matches('.')
                                .chars()
                                .all(|c| c.is_ascii_digit());
                        if !number {
                            record.moves.push(token.to_string());
                        }
                    }
                }
            }
        }
        Ok(record)
    }
}

/// How the game, or one player's part in it, ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    FlagCaptured,
    NoMovablePiece,
    Timeouts,
    Surrender,
    Escape,
    NoCaptureLimit,
    AgreedDraw,
    None,
}

impl Reason {
    /// The id used in JSON (`flag_captured`, ...).
    pub fn id(self) -> &'static str {
        match self {
            Reason::FlagCaptured => "flag_captured",
            Reason::NoMovablePiece => "no_movable_piece",
            Reason::Timeouts => "timeouts",
            Reason::Surrender => "surrender",
            Reason::Escape => "escape",
            Reason::NoCaptureLimit => "no_capture_limit",
            Reason::AgreedDraw => "agreed_draw",
            Reason::None => "none",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GameResult {
    South,
    North,
    /// Four players: the pair south and north won.
    SouthNorth,
    /// Four players: the pair east and west won.
    EastWest,
    Draw,
    Ongoing,
    /// Four players: someone escaped while their partner was still in; nobody scores.
    NoResult,
}

/// A player out of the game: who, why, and after how many moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Knockout {
    pub seat: Seat,
    pub reason: Reason,
    pub after_moves: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Verdict {
    pub result: GameResult,
    pub reason: Reason,
    /// Moves made (timeouts not counted).
    pub moves: u32,
    pub moves_since_capture: u32,
    /// Players whose 司令 died, so their flag was shown, in order.
    pub flags_revealed: Vec<Seat>,
    /// Players out of the game, in the order they went out.
    pub knocked_out: Vec<Knockout>,
}

/// The first entry of a record that cannot stand: its number (0 for a setup) and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("move {number}: {fault}")]
pub struct IllegalAt {
    pub number: u32,
    pub fault: MoveFault,
}

/// Why an entry of a record cannot stand.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveFault {
    #[error("the record has no {0} setup")]
    NoSetup(Seat),
    #[error("{0} setup: {1}")]
    Setup(Seat, SetupFault),
    #[error("a surrender inside the first {EARLIEST_SURRENDER} moves is refused (move {0})")]
    EarlySurrender(u32),
    #[error("'{0}' is not a move (from-to), timeout, surrender, escape or draw")]
    NotAMove(String),
    #[error(transparent)]
    Point(#[from] PointFault),
    #[error(transparent)]
    Illegal(#[from] IllegalMove<String>),
}

/// A point's name that names no point of the board played on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PointFault {
    #[error(transparent)]
    Two(#[from] ParsePointError),
    #[error(transparent)]
    Four(#[from] crate::ParseFourPointError),
}

/// Why one seat's setup cannot stand.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupFault {
    #[error("{0} plays only on the four-player board")]
    TwoPlayerBoard(Seat),
    #[error("{at} is not on {seat}'s arm (a1–e6)")]
    OffArm { at: String, seat: Seat },
    #[error(transparent)]
    Piece(#[from] crate::ParsePieceError),
    #[error(transparent)]
    Point(#[from] ParsePointError),
    #[error(transparent)]
    Rule(#[from] crate::SetupError),
}

/// 70 moves in a row without a capture draw the game.
pub const NO_CAPTURE_LIMIT: u32 = 70;
/// No surrender inside the first 20 moves.
pub const EARLIEST_SURRENDER: u32 = 20;
/// Five timeouts lose.
pub const TIMEOUTS_LOSE: u32 = 5;

/// The board a record is played on, and how its points are named.
struct Table {
    graph: &'static Graph,
    /// Seats in turn order.
    seats: &'static [Seat],
    four: bool,
}

impl Table {
    fn new(four: bool, crossing: Crossing) -> Table {
        if four {
            Table {
                graph: four::graph(),
                seats: &Seat::ALL,
                four,
            }
        } else {
            Table {
                graph: crate::board::graph(crossing),
                seats: &[Seat::South, Seat::North],
                four,
            }
        }
    }

    /// Every square as a board draws it, in square order.
    fn squares(&self) -> Vec<Square> {
        (0..self.graph.size())
            .map(|i| {
                if self.four {
                    let p = FourPoint::from_index(i);
                    Square {
                        at: p.grid(),
                        name: p.to_string(),
                        camp: p.is_camp(),
                        headquarters: p.is_headquarters(),
                    }
                } else {
                    let p = Point::from_index(i);
                    Square {
                        at: (p.file as i32, p.rank as i32 - 1),
                        name: p.to_string(),
                        camp: crate::board::is_camp(p),
                        headquarters: crate::board::is_headquarters(p),
                    }
                }
            })
            .collect()
    }

    fn allied(&self, a: Seat, b: Seat) -> bool {
        if self.four {
            four::allied(a, b)
        } else {
            a == b
        }
    }

    fn point(&self, text: &str) -> Result<usize, PointFault> {
        if self.four {
            Ok(text.parse::<FourPoint>().map(FourPoint::index)?)
        } else {
            Ok(text.parse::<Point>().map(Point::index)?)
        }
    }

    fn name(&self, index: usize) -> String {
        if self.four {
            FourPoint::from_index(index).to_string()
        } else {
            Point::from_index(index).to_string()
        }
    }

    /// The winner when every seat allied with `loser` is out.
    fn winner_against(&self, loser: Seat) -> GameResult {
        match (self.four, self.allied(loser, Seat::South)) {
            (true, true) => GameResult::EastWest,
            (true, false) => GameResult::SouthNorth,
            (false, true) => GameResult::North,
            (false, false) => GameResult::South,
        }
    }
}

/// Checks one seat's setup given by point and piece names, as a record holds it: on
/// the two-player board (`four` false; south or north) or on a four-player arm, in the
/// seat's own coordinates (a1–e6, the seat letter optional: `ea1`).
pub fn check_named_setup(
    seat: Seat,
    four: bool,
    placement: &BTreeMap<String, String>,
) -> Result<(), SetupFault> {
    if !four && matches!(seat, Seat::East | Seat::West) {
        return Err(SetupFault::TwoPlayerBoard(seat));
    }
    place(&Table::new(four, Crossing::Railway), seat, placement).map(|_| ())
}

/// Reads one seat's setup into board indexes, checking it with the setup rules.
fn place(
    table: &Table,
    seat: Seat,
    raw: &BTreeMap<String, String>,
) -> Result<Vec<(usize, Piece)>, SetupFault> {
    let mut local = BTreeMap::new();
    let off_arm = |at: &str| SetupFault::OffArm {
        at: at.to_string(),
        seat,
    };
    for (at, name) in raw {
        let piece: Piece = name.parse()?;
        let point = if table.four {
            // An arm setup in the seat's own coordinates, the seat letter optional.
            match at.parse::<FourPoint>() {
                Ok(FourPoint::Arm { seat: s, local }) if s == seat => local,
                Ok(_) => return Err(off_arm(at)),
                Err(_) => at
                    .parse::<Point>()
                    .ok()
                    .filter(|p| p.rank <= 6)
                    .ok_or_else(|| off_arm(at))?,
            }
        } else {
            at.parse::<Point>()?
        };
        local.insert(point, piece);
    }
    // An arm is laid out like south's half of the two-player board.
    let side = match seat {
        Seat::North if !table.four => Side::North,
        _ => Side::South,
    };
    check_setup(side, &local)?;
    Ok(local
        .into_iter()
        .map(|(p, piece)| {
            let index = if table.four {
                FourPoint::Arm { seat, local: p }.index()
            } else {
                p.index()
            };
            (index, piece)
        })
        .collect())
}

/// A game being replayed.
struct Game {
    table: Table,
    squares: Vec<Option<(Seat, Piece)>>,
    to_move: Seat,
    timeouts: [u32; 4],
    verdict: Verdict,
}

impl Game {
    fn set_up(record: &Record) -> Result<Game, IllegalAt> {
        let setup_error = |fault: MoveFault| IllegalAt { number: 0, fault };
        let four = record
            .setups
            .keys()
            .any(|s| matches!(s, Seat::East | Seat::West));
        let table = Table::new(four, record.crossing);
        let mut squares = vec![None; table.graph.size()];
        for &seat in table.seats {
            let raw = record
                .setups
                .get(&seat)
                .ok_or_else(|| setup_error(MoveFault::NoSetup(seat)))?;
            let placed = place(&table, seat, raw)
                .map_err(|fault| setup_error(MoveFault::Setup(seat, fault)))?;
            for (index, piece) in placed {
                squares[index] = Some((seat, piece));
            }
        }
        Ok(Game {
            table,
            squares,
            to_move: Seat::South,
            timeouts: [0; 4],
            verdict: Verdict {
                result: GameResult::Ongoing,
                reason: Reason::None,
                moves: 0,
                moves_since_capture: 0,
                flags_revealed: Vec::new(),
                knocked_out: Vec::new(),
            },
        })
    }

    fn over(&self) -> bool {
        self.verdict.result != GameResult::Ongoing
    }

    fn end(&mut self, result: GameResult, reason: Reason) {
        self.verdict.result = result;
        self.verdict.reason = reason;
    }

    fn is_out(&self, seat: Seat) -> bool {
        self.verdict.knocked_out.iter().any(|k| k.seat == seat)
    }

    fn has_moves(&self, seat: Seat) -> bool {
        let mut out = Vec::new();
        (0..self.squares.len()).any(|from| {
            matches!(self.squares[from], Some((s, _)) if s == seat) && {
                out.clear();
                let allied = |a, b| self.table.allied(a, b);
                self.table
                    .graph
                    .destinations(&self.squares, from, allied, &mut out);
                !out.is_empty()
            }
        })
    }

    /// The turn passes to the next player still in.
    fn pass_turn(&mut self) {
        let seats = self.table.seats;
        let at = seats.iter().position(|&s| s == self.to_move).unwrap_or(0);
        for step in 1..=seats.len() {
            let next = seats[(at + step) % seats.len()];
            if !self.is_out(next) {
                self.to_move = next;
                return;
            }
        }
    }

    /// Takes a player out: its pieces leave the board; when its whole side is out, the
    /// other side wins.
    fn knock_out(&mut self, seat: Seat, reason: Reason) {
        for square in &mut self.squares {
            if matches!(square, Some((s, _)) if *s == seat) {
                *square = None;
            }
        }
        self.verdict.knocked_out.push(Knockout {
            seat,
            reason,
            after_moves: self.verdict.moves,
        });
        let side_out = self
            .table
            .seats
            .iter()
            .all(|&s| !self.table.allied(s, seat) || self.is_out(s));
        if side_out {
            let winner = self.table.winner_against(seat);
            self.end(winner, reason);
        } else if self.to_move == seat {
            self.pass_turn();
        }
    }

    /// Players who cannot move when their turn comes are out.
    fn knock_out_the_stuck(&mut self) {
        while !self.over() && !self.has_moves(self.to_move) {
            self.knock_out(self.to_move, Reason::NoMovablePiece);
        }
    }

    fn play(&mut self, token: &str, number: u32) -> Result<(), IllegalAt> {
        let illegal = |fault: MoveFault| IllegalAt { number, fault };
        let seat = self.to_move;
        match token.to_ascii_lowercase().as_str() {
            "timeout" | "超时" => {
                self.timeouts[seat.index()] += 1;
                if self.timeouts[seat.index()] >= TIMEOUTS_LOSE {
                    self.knock_out(seat, Reason::Timeouts);
                } else {
                    self.pass_turn();
                }
                return Ok(());
            }
            "surrender" | "投降" => {
                if self.verdict.moves < EARLIEST_SURRENDER {
                    let at = self.verdict.moves + 1;
                    return Err(illegal(MoveFault::EarlySurrender(at)));
                }
                self.knock_out(seat, Reason::Surrender);
                return Ok(());
            }
            "escape" | "逃跑" => {
                // An escape ends the game. It loses when the escaper's partner was
                // already out; otherwise nobody scores.
                self.knock_out(seat, Reason::Escape);
                if !self.over() {
                    self.end(GameResult::NoResult, Reason::Escape);
                }
                return Ok(());
            }
            "draw" | "和棋" => {
                self.end(GameResult::Draw, Reason::AgreedDraw);
                return Ok(());
            }
            _ => {}
        }
        let (from, to) = token
            .split_once('-')
            .ok_or_else(|| illegal(MoveFault::NotAMove(token.to_string())))?;
        let from = self.table.point(from).map_err(|e| illegal(e.into()))?;
        let to = self.table.point(to).map_err(|e| illegal(e.into()))?;
        let allied = |a, b| self.table.allied(a, b);
        self.table
            .graph
            .check_move(&self.squares, (from, to), (seat, seat.name()), allied)
            .map_err(|e| illegal(e.map(|i| self.table.name(i)).into()))?;
        let mover = self.squares[from].take();
        let mut captured = false;
        let mut flag_taken_from = None;
        match (mover, self.squares[to]) {
            (Some(mover), Some(defender)) => {
                captured = true;
                let c = combat(mover.1, defender.1);
                if c.flag_captured {
                    flag_taken_from = Some(defender.0);
                }
                let (survivor, died) = match c.outcome {
                    Outcome::AttackerWins => (Some(mover), vec![defender]),
                    Outcome::DefenderWins => (Some(defender), vec![mover]),
                    Outcome::BothRemoved => (None, vec![mover, defender]),
                };
                self.squares[to] = survivor;
                for (s, p) in died {
                    if p == Piece::Commander {
                        self.verdict.flags_revealed.push(s);
                    }
                }
            }
            (mover, None) => self.squares[to] = mover,
            (None, Some(_)) => {}
        }
        self.verdict.moves += 1;
        self.verdict.moves_since_capture = if captured {
            0
        } else {
            self.verdict.moves_since_capture + 1
        };
        self.pass_turn();
        if let Some(loser) = flag_taken_from {
            self.knock_out(loser, Reason::FlagCaptured);
        }
        if !self.over() && self.verdict.moves_since_capture >= NO_CAPTURE_LIMIT {
            self.end(GameResult::Draw, Reason::NoCaptureLimit);
        }
        Ok(())
    }
}

/// Replays a record: every setup checked, every move checked and every collision
/// resolved, until the game ends or the record does.
pub fn adjudicate(record: &Record) -> Result<Verdict, IllegalAt> {
    let mut game = Game::set_up(record)?;
    play_record(record, &mut game, |_| {})?;
    Ok(game.verdict)
}

/// A square of a record's table as a board is drawn: where it lies (x east, y north;
/// two players on a 5 × 12 grid, four on a 17 × 17 one), its name in the records'
/// notation, and whether it is a camp (行营) or a headquarters (大本营).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Square {
    pub at: (i32, i32),
    pub name: String,
    pub camp: bool,
    pub headquarters: bool,
}

/// What stands on each square, in the order of [`positions`]' squares.
pub type Pieces = Vec<Option<(Seat, Piece)>>;

/// A record replayed for a person to look at: the table's squares, what stands on them
/// at the start and after each move played, and the verdict or the first move that
/// cannot be played (the positions stop before it; none when a setup is wrong).
pub fn positions(record: &Record) -> (Vec<Square>, Vec<Pieces>, Result<Verdict, IllegalAt>) {
    let mut game = match Game::set_up(record) {
        Ok(game) => game,
        Err(e) => return (Vec::new(), Vec::new(), Err(e)),
    };
    let squares = game.table.squares();
    let mut reached = vec![game.squares.clone()];
    let played = play_record(record, &mut game, |g| reached.push(g.squares.clone()));
    (squares, reached, played.map(|()| game.verdict))
}

/// Plays the record's moves on a game set up, showing `played` the game after each.
fn play_record(
    record: &Record,
    game: &mut Game,
    mut played: impl FnMut(&Game),
) -> Result<(), IllegalAt> {
    for (index, token) in record.moves.iter().enumerate() {
        game.knock_out_the_stuck();
        if game.over() {
            break;
        }
        game.play(token, index as u32 + 1)?;
        played(game);
        if game.over() {
            break;
        }
    }
    game.knock_out_the_stuck();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const HALF: &str = "a1 地雷 b1 军旗 c1 地雷 d1 排长 e1 地雷 a2 工兵 b2 连长 c2 排长 d2 连长 e2 工兵 \
        a3 炸弹 c3 营长 e3 炸弹 a4 团长 b4 旅长 d4 旅长 e4 团长 a5 营长 c5 师长 e5 师长 \
        a6 连长 b6 司令 c6 军长 d6 排长 e6 工兵";

    #[test]
    fn a_player_left_with_mines_and_the_flag_is_out() {
        let text: String = ["south", "east", "north", "west"]
            .iter()
            .map(|s| format!("{s} {HALF}\n"))
            .collect();
        let mut game = Game::set_up(&text.parse().unwrap()).unwrap();
        // East keeps only its mines, its flag and a colonel in a headquarters.
        for (i, square) in game.squares.iter_mut().enumerate() {
            let keep = |p: Piece| matches!(p, Piece::Mine | Piece::Flag);
            if let Some((Seat::East, piece)) = *square
                && !keep(piece)
            {
                *square = None;
            }
            if FourPoint::from_index(i).to_string() == "ed1" {
                *square = Some((Seat::East, Piece::Colonel));
            }
        }
        game.to_move = Seat::East;
        game.knock_out_the_stuck();
        assert_eq!(game.verdict.knocked_out[0].seat, Seat::East);
        assert_eq!(game.verdict.knocked_out[0].reason, Reason::NoMovablePiece);
        assert_eq!(game.to_move, Seat::North, "the turn passes on");
        assert!(!game.over(), "west still plays for its side");
        // West stuck as well: east and west are both out.
        for square in game.squares.iter_mut() {
            if matches!(square, Some((Seat::West, p)) if p.movable()) {
                *square = None;
            }
        }
        game.to_move = Seat::West;
        game.knock_out_the_stuck();
        assert_eq!(
            (game.verdict.result, game.verdict.reason),
            (GameResult::SouthNorth, Reason::NoMovablePiece)
        );
    }

    #[test]
    fn reason_ids_match_the_json() {
        for r in [
            Reason::FlagCaptured,
            Reason::NoMovablePiece,
            Reason::Timeouts,
            Reason::Surrender,
            Reason::Escape,
            Reason::NoCaptureLimit,
            Reason::AgreedDraw,
            Reason::None,
        ] {
            assert_eq!(serde_json::to_value(r).unwrap(), r.id());
        }
    }
}
