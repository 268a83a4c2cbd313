//! Tables of three to six: who sits at which table, on which seat, round by round,
//! for Chinese checkers (3, 4 or 6 at a table) and four-player Junqi (two pairs).
//! The seating, the tables' result vocabulary and scoring, and the event's settings;
//! the stage format over them is `format::tables`.

pub mod design;
pub mod result;
pub mod schedule;
pub mod setup;

pub use result::{
    TableGame, TableResult, TableResultError, TableScoring, checkers_scores, junqi_scores,
};
pub use schedule::{History, TableRound, rotating_partners, round_robin, seat_by_score};
pub use setup::{
    Partners, ScoredOtherwise, SeatResult, TableRecord, TableStage, TableStageKind, Tables,
    as_scored, seat_results,
};
