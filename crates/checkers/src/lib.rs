//! Chinese checkers (跳棋) rules for Qisai: the 121-hole star in cube coordinates and a
//! human notation, seatings for 2, 3, 4 and 6 players (10 pieces, or 15 for two), moves
//! with jump chains, the event's camp, repetition and dead-game rules, and the
//! adjudication of a record. This crate does no I/O.

mod adjudicate;
mod board;
mod game;
mod moves;

pub use adjudicate::{
    IllegalAt, MoveFault, Record, RecordError, RecordFault, State, Verdict, adjudicate, positions,
};
pub use board::{HOLES, Hole, ParseHoleError, Triangle};
pub use game::{CampRule, Position, Settings, SetupError, WinRule, seating};
pub use moves::{IllegalMove, Move};
