//! Playing a stage: where each match sits (its board in the round), what a result
//! entered there changes, and what a withdrawal does to the games still to play.

mod boards;
mod enter;
mod score;
mod went_on;
mod withdrawal;

pub use crate::stage::{group_complete, match_complete};
pub use boards::{board_offset, find, locate, match_at, stage_board};
pub use enter::{Entered, Entry, EntryError, enter};
pub use score::match_score;
pub use withdrawal::forfeit_remaining;
