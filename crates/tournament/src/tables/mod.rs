//! Tables of three to six: who sits at which table, on which seat, round by round,
//! for Chinese checkers (3, 4 or 6 at a table) and four-player Junqi (two pairs), and
//! the event's settings. A table is a match like any other: its result is a game's
//! ([`crate::GameResult`], seated as [`crate::Seating`] says); the stage format over
//! tables is `format::tables`.

pub mod design;
pub mod schedule;
pub mod setup;

pub use crate::scoring::TableScoring;
pub use schedule::{History, TableRound, rotating_partners, round_robin, seat_by_score};
pub use setup::{Partners, TableStage, TableStageKind, Tables};
