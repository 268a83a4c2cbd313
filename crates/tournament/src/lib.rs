//! The tournament core of Qisai: entrants, scoring systems, round-robin and knockout
//! formats, group draws, best-of-N matches, tiebreaks and standings.
//!
//! This crate does no I/O. Randomness comes in as a seed ([`Lots`]), so every draw can
//! be re-run from the seed printed with it.

pub mod berger;
mod entrant;
mod lots;
mod points;

pub use berger::{Pairing, RoundRobinOptions, round_robin};
pub use entrant::{Entrant, EntrantId, Member, seeding_order};
pub use lots::{DrawSeed, Lots};
pub use points::{ParsePointsError, Points};
