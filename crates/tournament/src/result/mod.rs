//! What happened in one game, as the arbiter enters it, and the fouls recorded.

pub mod text;

pub use text::{ForeignResult, ParseResultError, ResultText};

/// A seat at a table: 0 is red (the first player) in a two-seat game; in four-player
/// Junqi seats 0 and 2 are partners against 1 and 3.
pub type Seat = usize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "kind")]
pub enum GameResult {
    /// Won over the board. `moves` is the game length, for Junqi's quick-win rule.
    #[serde(rename = "win")]
    Win { winner: Seat, moves: Option<u32> },
    #[serde(rename = "draw")]
    Draw,
    /// Both over time (双方超时), both absent, or both with two fouls: nobody scores.
    #[serde(rename = "double_forfeit")]
    DoubleForfeit,
    /// 弃权: one side did not play.
    #[serde(rename = "forfeit")]
    Forfeit { winner: Seat },
    /// Checkers 死局: declared dead; the side leading by half a step scores more.
    #[serde(rename = "dead_game")]
    DeadGame { leader: Seat },
    /// Junqi 逃跑: a player left the game. In four-player Junqi, whether the escaper's
    /// partner had already lost decides the score (their enemies win; otherwise nobody
    /// scores).
    #[serde(rename = "escape")]
    Escape {
        escaper: Seat,
        partner_already_lost: bool,
        /// The game length when known: an escape inside the quick-win limit scores
        /// nothing for the winners either.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        moves: Option<u32>,
    },
    /// Junqi surrender after `moves` moves (refused inside the first 20).
    #[serde(rename = "surrender")]
    Surrender { loser: Seat, moves: u32 },
}

/// The technical fouls of the rules (技术犯规).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum FoulKind {
    /// 连续提和: repeated draw offers to disturb.
    #[serde(rename = "repeated_draw_offers")]
    RepeatedDrawOffers,
    /// A false claim of the natural move limit (自然限着).
    #[serde(rename = "false_move_limit_claim")]
    FalseMoveLimitClaim,
    /// Touched an own piece that cannot move.
    #[serde(rename = "touched_immovable_piece")]
    TouchedImmovablePiece,
    /// Touched an opposing piece that cannot be captured.
    #[serde(rename = "touched_uncapturable_piece")]
    TouchedUncapturablePiece,
    /// Moved twice, or to a point the piece cannot go.
    #[serde(rename = "illegal_move")]
    IllegalMove,
    /// Any other foul the arbiter records.
    #[serde(rename = "other")]
    Other,
}

impl FoulKind {
    pub fn name_zh(self) -> &'static str {
        match self {
            FoulKind::RepeatedDrawOffers => "连续提和",
            FoulKind::FalseMoveLimitClaim => "自然限着申诉不实",
            FoulKind::TouchedImmovablePiece => "摸己方棋子而不能走",
            FoulKind::TouchedUncapturablePiece => "摸对方棋子而不能吃",
            FoulKind::IllegalMove => "多走一步或走到不能去的位置",
            FoulKind::Other => "其他犯规",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Foul {
    pub seat: Seat,
    pub kind: FoulKind,
}

/// A game's result with its fouls.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct GameRecord {
    pub result: GameResult,
    #[serde(default)]
    pub fouls: Vec<Foul>,
    /// Played but not rated (a game of less than one move; TRF `W`, `D`, `L`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unrated: bool,
    /// A forfeit decided before colours were given (TRF colour `-`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub colourless: bool,
}

impl GameRecord {
    pub fn new(result: GameResult) -> GameRecord {
        GameRecord {
            result,
            fouls: Vec::new(),
            unrated: false,
            colourless: false,
        }
    }

    pub fn with_foul(mut self, seat: Seat, kind: FoulKind) -> GameRecord {
        self.fouls.push(Foul { seat, kind });
        self
    }

    /// The same game with seats 0 and 1 exchanged (from the other player's side).
    pub fn swapped(&self) -> GameRecord {
        let flip = |s: Seat| if s < 2 { 1 - s } else { s };
        let result = match self.result {
            GameResult::Win { winner, moves } => GameResult::Win {
                winner: flip(winner),
                moves,
            },
            GameResult::Forfeit { winner } => GameResult::Forfeit {
                winner: flip(winner),
            },
            GameResult::DeadGame { leader } => GameResult::DeadGame {
                leader: flip(leader),
            },
            GameResult::Escape {
                escaper,
                partner_already_lost,
                moves,
            } => GameResult::Escape {
                escaper: flip(escaper),
                partner_already_lost,
                moves,
            },
            GameResult::Surrender { loser, moves } => GameResult::Surrender {
                loser: flip(loser),
                moves,
            },
            other => other,
        };
        GameRecord {
            result,
            fouls: self
                .fouls
                .iter()
                .map(|f| Foul {
                    seat: flip(f.seat),
                    kind: f.kind,
                })
                .collect(),
            ..*self
        }
    }

    pub fn fouls_of(&self, seat: Seat) -> u32 {
        self.fouls.iter().filter(|f| f.seat == seat).count() as u32
    }

    /// The result that counts: two fouls in one game lose it (同一局棋技术犯规两次判负);
    /// both sides with two fouls score nothing.
    pub fn effective(&self, seats: usize) -> GameResult {
        let side_of = |seat: Seat| if seats == 4 { seat % 2 } else { seat };
        let losing_sides: Vec<usize> = (0..seats)
            .filter(|&s| self.fouls_of(s) >= 2)
            .map(side_of)
            .collect();
        let red_side_lost = losing_sides.contains(&0);
        let black_side_lost = losing_sides.contains(&1);
        match (red_side_lost, black_side_lost) {
            (true, true) => GameResult::DoubleForfeit,
            (true, false) => GameResult::Win {
                winner: 1,
                moves: None,
            },
            (false, true) => GameResult::Win {
                winner: 0,
                moves: None,
            },
            (false, false) => self.result,
        }
    }
}
