//! Xiangqi (中国象棋) rules for Qisai: positions, legal moves, the ICCS, WXF and
//! Chinese notations, game records (plain move lists and PGN), adjudication of a
//! finished record, and the touch-move helper.
//!
//! This crate does no I/O: records come in as text or bytes and results go out as
//! values. An unchecked [`Setup`] (any placement, e.g. from FEN) becomes a playable
//! [`Position`] only through [`Position::from_setup`], which lists every reason a
//! placement is impossible.

mod adjudicate;
mod board;
mod chase;
mod color;
pub mod fen;
mod legality;
mod movegen;
mod moves;
pub mod notation;
mod outcome;
mod perft;
mod piece;
mod position;
pub mod record;
mod repetition;
mod role;
mod rules;
mod setup;
mod square;
mod tables;
pub mod text;
mod touch;
pub mod xqf;
mod zobrist;

pub use adjudicate::{
    Adjudication, Ending, IllegalAt, RecordProblem, Rules, adjudicate, adjudicate_record, replay,
};
pub use board::Board;
pub use color::Color;
pub use legality::{IllegalMove, IllegalReason};
pub use moves::{Move, MoveList};
pub use notation::{MoveError, NoPiece, Notation, Syntax};
pub use outcome::Outcome;
pub use perft::{perft, perft_divide};
pub use piece::Piece;
pub use position::{Impossibility, InvalidPosition, Position};
pub use record::Record;
pub use role::Role;
pub use rules::{ChaseArticle, Chased, RuleCode, Ruling, UnknownRuleCode};
pub use setup::Setup;
pub use square::{ParseSquareError, Square};
pub use touch::{Duty, Obligation, TouchError, TouchFoul, touch_move};
