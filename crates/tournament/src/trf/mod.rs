//! FIDE's tournament report file (TRF), in and out: an event from Swiss-Manager, Vega,
//! JaVaFo, bbpPairings or Sharly Chess becomes an event with one Swiss stage holding
//! its rounds, and any individual Swiss or round robin of Qisai can be written as one.

mod import;
mod read;
mod write;

pub use import::{ImportOptions, Imported, to_competition};
pub use read::read;
pub use write::{WriteError, write};

use crate::Points;

/// A file as read: header, scale and player lines.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReportFile {
    pub name: Option<String>,
    pub city: Option<String>,
    pub start: Option<String>,
    pub end: Option<String>,
    pub arbiter: Option<String>,
    pub time_control: Option<String>,
    /// `XXR` (or `142`): the rounds planned.
    pub rounds: Option<u32>,
    pub scale: Scale,
    pub players: Vec<ReportPlayer>,
    /// The header lines in order: by code those Qisai fills itself, the rest whole.
    pub header: Vec<String>,
}

/// Points per kind of result (`XXS`, `BB?`, `162`); 1, ½, 0 unless the file says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scale {
    pub win: Points,
    pub draw: Points,
    pub loss: Points,
    pub zero_bye: Points,
    pub forfeit_loss: Points,
    /// `None`: as a win.
    pub forfeit_win: Option<Points>,
    /// `None`: as a win.
    pub pairing_bye: Option<Points>,
    /// `None`: as a draw.
    pub half_bye: Option<Points>,
    /// `None`: as a win.
    pub full_bye: Option<Points>,
}

impl Default for Scale {
    fn default() -> Scale {
        Scale {
            win: Points::whole(1),
            draw: Points::half(),
            loss: Points::ZERO,
            zero_bye: Points::ZERO,
            forfeit_loss: Points::ZERO,
            forfeit_win: None,
            pairing_bye: None,
            half_bye: None,
            full_bye: None,
        }
    }
}

impl Scale {
    /// What a round's result letter scores.
    pub fn points(&self, result: char) -> Points {
        match result {
            '1' | 'W' => self.win,
            '+' => self.forfeit_win.unwrap_or(self.win),
            '=' | 'D' => self.draw,
            '0' | 'L' => self.loss,
            '-' => self.forfeit_loss,
            'H' => self.half_bye.unwrap_or(self.draw),
            'F' => self.full_bye.unwrap_or(self.win),
            'U' => self.pairing_bye.unwrap_or(self.win),
            _ => self.zero_bye,
        }
    }
}

/// A `001` line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportPlayer {
    /// The line in the file, for messages.
    pub line: usize,
    pub number: u32,
    pub sex: Option<char>,
    pub title: Option<String>,
    pub name: String,
    pub rating: Option<u32>,
    pub federation: Option<String>,
    pub fide_id: Option<u64>,
    pub birth: Option<String>,
    /// The points the file gives (checked against the results).
    pub points: Option<Points>,
    pub rank: Option<u32>,
    pub rounds: Vec<ReportRound>,
}

/// One round's entry of a player line: `  12 w 1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReportRound {
    /// The entry's first column, for messages.
    pub column: usize,
    pub opponent: Option<u32>,
    /// `w` or `b`; `None` for `-`.
    pub colour: Option<char>,
    /// `1 0 = + - W D L H F U Z`, or a space.
    pub result: char,
    /// Nothing written at all (not even `0000`).
    pub blank: bool,
}

impl ReportRound {
    pub fn is_blank(&self) -> bool {
        self.blank && self.result == ' '
    }
}

/// A part of a report file the event cannot be read from.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {problem}")]
pub struct TrfError {
    pub line: usize,
    pub column: usize,
    pub problem: Problem,
}

/// The fields of a player line and of the header, as messages name them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    StartNumber,
    Sex,
    Rating,
    FideId,
    Points,
    Rank,
    Opponent,
    Colour,
    Result,
    Scale,
    Rounds,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    #[error("{field:?} cannot be read: '{text}'")]
    Unreadable { field: Field, text: String },
    #[error("start number {0} is given twice")]
    Duplicate(u32),
    #[error("there is no player with start number {0}")]
    UnknownOpponent(u32),
    /// The opponent's line says otherwise of the same game.
    #[error("round {round}: player {opponent}'s line does not show this game against {player}")]
    Disagrees {
        player: u32,
        opponent: u32,
        round: u32,
    },
    #[error("player {player} has {file} points in the file but {computed} by the results")]
    Points {
        player: u32,
        file: Points,
        computed: Points,
    },
    #[error("player {player} is ranked {file} in the file but {computed} by the tiebreaks")]
    Rank {
        player: u32,
        file: u32,
        computed: u32,
    },
    #[error("the file has no player lines (001)")]
    NoPlayers,
}
