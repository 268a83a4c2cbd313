//! What every engine's verdict becomes.

/// A seat at the table, 0 moving first (see the crate documentation).
pub type Seat = usize;

/// How a game stands, as scoring needs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Outcome {
    /// Not over on the board: a resignation or a loss on time is entered by hand.
    Ongoing,
    /// Won over the board; in four-player Junqi `winner` is one seat of the winning pair.
    Win {
        winner: Seat,
    },
    Draw,
    /// Checkers 死局: the side nearer its goal leads; `None` when level.
    DeadGame {
        leader: Option<Seat>,
    },
    /// Junqi: a player gave up.
    Surrender {
        loser: Seat,
    },
    /// Junqi 逃跑: a player left the game.
    Escape {
        escaper: Seat,
        partner_already_lost: bool,
    },
}

/// How the game ended.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Ending {
    /// A stable identifier, e.g. `checkmate`, `flag_captured`, `dead_game`.
    pub id: &'static str,
    /// In words an organizer reads: the ending's name, or the rule that decided a
    /// repetition.
    pub words: messages::Message,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Adjudication {
    pub outcome: Outcome,
    /// The outcome comes from the record's own result (a PGN `[Result]` tag), the game
    /// not being over on the board.
    pub claimed: bool,
    pub ending: Ending,
    /// Seats at the table the record was played at.
    pub seats: usize,
    /// Moves played (plies in Xiangqi: each side's move counts once).
    pub moves: u32,
    /// Moves since the last capture, where the game knows captures.
    pub moves_since_capture: Option<u32>,
    /// Seats in the order they finished: checkers goals filled, Junqi players knocked
    /// out.
    pub order: Vec<Seat>,
}

/// Why a record could not be adjudicated; the message names the line or the move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    #[error("{0}")]
    Unreadable(messages::Message),
    #[error("{0}")]
    Illegal(messages::Message),
}

impl messages::Explain for RecordError {
    fn message(&self) -> messages::Message {
        match self {
            RecordError::Unreadable(m) | RecordError::Illegal(m) => m.clone(),
        }
    }
}
