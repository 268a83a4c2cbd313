//! Playing a stage: where each match sits (its board in the round), what a result
//! entered there changes, and what a withdrawal does to the games still to play.

mod boards;
mod enter;
mod withdrawal;

pub use boards::{board_offset, locate, stage_board};
pub use enter::{Entered, Entry, EntryError, enter};
pub use withdrawal::forfeit_remaining;
