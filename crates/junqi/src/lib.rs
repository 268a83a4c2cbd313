//! Junqi (军棋) rules for Qisai, as the arbiter of hidden play: the two-player board,
//! the twelve pieces, combat, setups, moves, and the adjudication of a two-player
//! record. This crate does no I/O.
//!
//! Not yet here (issue 7 continues): the four-player board.

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
    GameResult, IllegalAt, Knockout, Reason, Record, RecordError, Verdict, adjudicate,
};
pub use setup::{SetupError, check_setup};
