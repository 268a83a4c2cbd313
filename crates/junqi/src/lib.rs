//! Junqi (军棋) rules for Qisai, as the arbiter of hidden play: the two- and
//! four-player boards, the twelve pieces, combat, setups, moves, and the adjudication
//! of game records. This crate does no I/O.

mod board;
mod combat;
mod four;
mod graph;
mod piece;
mod position;
mod record;
mod setup;

pub use board::{
    Crossing, FILES, ParsePointError, Point, RANKS, Side, is_camp, is_headquarters, is_station,
    rail_lines, road_neighbours,
};
pub use combat::{Combat, Outcome, combat};
pub use four::{FourPoint, FourPosition, ParseFourPointError, Seat};
pub use piece::{ParsePieceError, Piece};
pub use position::{IllegalMove, Position};
pub use record::{
    EARLIEST_SURRENDER, GameResult, IllegalAt, Knockout, MoveFault, Pieces, PointFault, Reason,
    Record, RecordError, RecordFault, SetupFault, Square, Verdict, adjudicate, check_named_setup,
    positions,
};
pub use setup::{SetupError, check_setup};
