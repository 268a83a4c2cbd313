//! Junqi (军棋) rules for Qisai, as the arbiter of hidden play: the two-player board,
//! the twelve pieces, combat, setups and moves. This crate does no I/O.
//!
//! Not yet here (issue 7 continues): the four-player board, game records and their
//! adjudication, and the `qisai junqi adjudicate` command.

mod board;
mod combat;
mod piece;
mod position;
mod setup;

pub use board::{
    Crossing, FILES, ParsePointError, Point, RANKS, Side, is_camp, is_headquarters, is_station,
    rail_lines, road_neighbours,
};
pub use combat::{Combat, Outcome, combat};
pub use piece::{ParsePieceError, Piece};
pub use position::{IllegalMove, Position};
pub use setup::{SetupError, check_setup};
