//! What happened in one game, as the arbiter enters it, and the fouls recorded: one
//! result type for a game between two sides and for a table of three to six.

mod decode;
mod finish;
mod seating;
pub mod text;

pub use finish::{Finish, MAX_SEATS};
pub use seating::{JUNQI_SEATS, Seating, junqi_seat};
pub use text::{ResultError, ResultText};

/// A seat at a game: 0 is red (the first player) in a two-sided game; in four-player
/// Junqi seats 0 and 2 (south, north) are partners against 1 and 3 (east, west); at a
/// checkers table seat 0 moves first.
pub type Seat = usize;

/// A game's result, seats as in the game (seat 0 = red, south, or the first to move).
/// Where seats play in sides (four-player Junqi), a result naming a seat names its side.
/// Written as an object tagged by `kind`; read by `decode.rs`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind")]
pub enum GameResult {
    /// The winner's side won over the board; at a table of N sides the winner alone is
    /// placed. `moves` is the game length, for Junqi's quick-win rule.
    #[serde(rename = "win")]
    Win {
        winner: Seat,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        moves: Option<u32>,
    },
    /// A table's finishing order, every seat once, first to last.
    #[serde(rename = "order")]
    Order { finish: Finish },
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
    /// Nobody scores, and the game was not forfeited: a four-player Junqi game without
    /// a result, a checkers table whose winner fouled out.
    #[serde(rename = "no_result")]
    NoResult,
}

impl GameResult {
    /// The game length the result carries, if any.
    pub fn moves(&self) -> Option<u32> {
        match *self {
            GameResult::Win { moves, .. } | GameResult::Escape { moves, .. } => moves,
            GameResult::Surrender { moves, .. } => Some(moves),
            _ => None,
        }
    }

    /// The same result with the game length set where the result keeps one.
    pub fn with_moves(mut self, length: Option<u32>) -> GameResult {
        match &mut self {
            GameResult::Win { moves, .. } | GameResult::Escape { moves, .. } => *moves = length,
            GameResult::Surrender { moves, .. } => {
                if let Some(length) = length {
                    *moves = length;
                }
            }
            _ => {}
        }
        self
    }

    /// The side (of `seating`) the result decides for, whatever the kind of ending: a
    /// resignation typed as 0-1 agrees with a record that ends in a surrender.
    pub fn decision(&self, seating: Seating) -> Decision {
        let side = |seat: Seat| seating.side_of(seat);
        let other = |seat: Seat| match seating {
            Seating::Each { .. } => None,
            _ => Some(1 - side(seat)),
        };
        match *self {
            GameResult::Win { winner, .. } | GameResult::Forfeit { winner } => {
                Decision::Side(side(winner))
            }
            GameResult::Order { finish } => match finish.first() {
                Some(first) => Decision::Side(first),
                None => Decision::Nobody,
            },
            GameResult::Surrender { loser, .. } => {
                other(loser).map_or(Decision::Nobody, Decision::Side)
            }
            // In four-player Junqi an escape scores only when the partner was already out.
            GameResult::Escape {
                escaper,
                partner_already_lost,
                ..
            } if seating != Seating::Partners || partner_already_lost => {
                other(escaper).map_or(Decision::Nobody, Decision::Side)
            }
            GameResult::Escape { .. } | GameResult::DoubleForfeit | GameResult::NoResult => {
                Decision::Nobody
            }
            GameResult::Draw => Decision::Draw,
            GameResult::DeadGame { leader } => Decision::DeadGame(side(leader)),
        }
    }
}

/// Whom a result favours: a side (its index in the seating), a draw, nobody, or a
/// checkers dead game's leading side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    Side(usize),
    Draw,
    Nobody,
    DeadGame(usize),
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
    /// Every kind, with the word an arbiter types for it.
    pub const TYPED: [(FoulKind, &'static str); 6] = [
        (FoulKind::RepeatedDrawOffers, "draw-offer"),
        (FoulKind::FalseMoveLimitClaim, "false-claim"),
        (FoulKind::TouchedImmovablePiece, "touch-own"),
        (FoulKind::TouchedUncapturablePiece, "touch-opponent"),
        (FoulKind::IllegalMove, "illegal-move"),
        (FoulKind::Other, "other"),
    ];

    /// The kind an arbiter typed: `draw-offer`, `false-claim`, `touch-own`,
    /// `touch-opponent`, `illegal-move`, `other`.
    pub fn typed(text: &str) -> Option<FoulKind> {
        let text = text.trim().to_ascii_lowercase();
        FoulKind::TYPED
            .iter()
            .find(|(_, word)| *word == text)
            .map(|(kind, _)| *kind)
    }

    /// The word an arbiter types for this kind.
    pub fn word(self) -> &'static str {
        FoulKind::TYPED
            .iter()
            .find(|(kind, _)| *kind == self)
            .map_or("other", |(_, word)| word)
    }

    /// The kind in words, from the catalogue.
    pub fn words(self) -> messages::Message {
        match self {
            FoulKind::RepeatedDrawOffers => messages::msg!("foul.kind.draw_offer"),
            FoulKind::FalseMoveLimitClaim => messages::msg!("foul.kind.false_claim"),
            FoulKind::TouchedImmovablePiece => messages::msg!("foul.kind.touch_own"),
            FoulKind::TouchedUncapturablePiece => messages::msg!("foul.kind.touch_opponent"),
            FoulKind::IllegalMove => messages::msg!("foul.kind.illegal_move"),
            FoulKind::Other => messages::msg!("foul.kind.other"),
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
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
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

    /// The same game with the two sides exchanged (from the other side's view): red and
    /// black, or in four-player Junqi south-north and east-west.
    pub fn swapped(&self) -> GameRecord {
        // Seat s of side a becomes the seat of the other side at the same place.
        let flip = |s: Seat| s ^ 1;
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

    /// The seats with two fouls in this game (同一局棋技术犯规两次判负).
    pub fn fouled_out(&self, seating: Seating) -> Vec<Seat> {
        (0..seating.seats())
            .filter(|&s| self.fouls_of(s) >= 2)
            .collect()
    }

    /// The result that counts: two fouls in one game lose it (同一局棋技术犯规两次判负).
    /// Between two sides the fouler's side loses, and both sides with two fouls score
    /// nothing; at a table of N sides the foulers are placed last, and a winner who
    /// fouled out won nothing. The game's length stays with the result.
    pub fn effective(&self, seating: Seating) -> GameResult {
        let out = self.fouled_out(seating);
        if out.is_empty() {
            return self.result;
        }
        let moves = self.result.moves();
        if let Seating::Each { .. } = seating {
            return match self.result {
                GameResult::Win { winner, .. } if out.contains(&winner) => GameResult::NoResult,
                GameResult::Order { finish } => GameResult::Order {
                    finish: finish.last_of(&out),
                },
                other => other,
            };
        }
        let lost: Vec<usize> = out.iter().map(|&s| seating.side_of(s)).collect();
        match (lost.contains(&0), lost.contains(&1)) {
            (true, true) if seating == Seating::Partners => GameResult::NoResult,
            (true, true) => GameResult::DoubleForfeit,
            (true, false) => GameResult::Win { winner: 1, moves },
            _ => GameResult::Win { winner: 0, moves },
        }
    }
}
