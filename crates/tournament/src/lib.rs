//! The tournament core of Qisai: entrants, scoring systems, round-robin and knockout
//! formats, group draws, best-of-N matches, tiebreaks and standings.
//!
//! This crate does no I/O. Randomness comes in as a seed ([`Lots`]), so every draw can
//! be re-run from the seed printed with it.

pub mod berger;
pub mod check;
pub mod eligibility;
pub mod elo;
mod entrant;
pub mod field;
pub mod format;
pub mod groups;
pub mod hall;
pub mod knockout;
pub mod limits;
mod lots;
pub mod matches;
pub mod model;
pub mod play;
pub mod playoff;
mod points;
mod refusals;
pub mod result;
pub mod scoring;
pub mod seeding;
mod separation;
pub mod stage;
pub mod standings;
pub mod swiss;
pub mod tables;
pub mod team;
pub mod tiebreak;
pub mod trf;

pub use berger::{Pairing, RoundRobinOptions, round_robin};
pub use eligibility::{Date, Eligibility, Gender, Ineligible};
pub use entrant::{Entrant, EntrantId, Member, PlayerDetails, seeding_order};
pub use groups::{GroupDraw, club_mates_together, draw_groups};
pub use knockout::{Bracket, Place, Slot, drawn_bracket, seeded_bracket};
pub use limits::{Bound, OutOfRange};
pub use lots::{DrawSeed, Lots};
pub use matches::{DecidedBy, Decider, MatchFormat, MatchState, draw_match_lots, match_state};
pub use model::{
    Advance, Competition, Format, FormatOptions, Game, GameKind, Group, GroupState, Match, Round,
    SettingsError, Stage, StageSettings, read_match,
};
pub use playoff::{Playoff, SettledBy, Settlement, Tie};
pub use points::{ParsePointsError, Points};
pub use refusals::game_words;
pub use result::{
    Decision, Finish, Foul, FoulKind, GameRecord, GameResult, ResultError, ResultText, Seat,
    Seating,
};
pub use scoring::{ScoredOtherwise, Scoring, ScoringError, SeatScore, TableScoring, TeamScoring};
pub use stage::{
    StageError, advancing, draw_stage, group_standings, knockout_placings, pair_knockout,
};
pub use standings::{Colour, Encounter, Field, Outcome, Row, Standings, Unplayed, standings};
pub use tiebreak::{Criterion, Explained, parse_chain, presets};
