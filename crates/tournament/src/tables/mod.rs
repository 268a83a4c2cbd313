//! Tables of three to six: who sits at which table, on which seat, round by round,
//! for Chinese checkers (3, 4 or 6 at a table) and four-player Junqi (two pairs).
//! Pure seating and the tables' result vocabulary and scoring: the formats that use
//! them (not yet written) decide the field and the rounds.

pub mod design;
pub mod result;
pub mod schedule;

pub use result::{
    TableGame, TableResult, TableResultError, TableScoring, checkers_scores, junqi_scores,
};
pub use schedule::{History, TableRound, rotating_partners, round_robin, seat_by_score};
