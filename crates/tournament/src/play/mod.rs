//! Playing a stage: where each match sits (its board in the round), and what a result
//! entered there changes.

mod boards;

pub use boards::{board_offset, locate, stage_board};
