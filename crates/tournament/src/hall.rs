//! The hall: the sector arbiters who enter results from their own devices, and, when the
//! event asks for double entry, the entries that wait for a second one to agree.
//!
//! Tokens never appear here: an arbiter is known by a hash of its token, made and
//! compared by the service.

use serde::{Deserialize, Serialize};

/// An inclusive range of numbers (boards or rounds), written `5` or `1-20`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Span {
    pub first: u32,
    pub last: u32,
}

impl Span {
    pub fn contains(&self, n: u32) -> bool {
        (self.first..=self.last).contains(&n)
    }
}

impl std::fmt::Display for Span {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.first == self.last {
            true => write!(f, "{}", self.first),
            false => write!(f, "{}-{}", self.first, self.last),
        }
    }
}

/// Why a span was not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadSpan(pub String);

impl std::str::FromStr for Span {
    type Err = BadSpan;

    fn from_str(text: &str) -> Result<Span, BadSpan> {
        let bad = || BadSpan(text.to_string());
        let number = |s: &str| s.trim().parse::<u32>().ok().filter(|n| *n >= 1);
        let (first, last) = match text.split_once(['-', '–', '~', '～']) {
            Some((a, b)) => (number(a).ok_or_else(bad)?, number(b).ok_or_else(bad)?),
            None => {
                let n = number(text).ok_or_else(bad)?;
                (n, n)
            }
        };
        if first > last {
            return Err(bad());
        }
        Ok(Span { first, last })
    }
}

/// A sector arbiter: who may enter the results of some boards (of some rounds).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Arbiter {
    pub name: String,
    /// SHA-256 of the arbiter's token, in hex.
    pub token_hash: String,
    /// All boards when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub boards: Option<Span>,
    /// All rounds when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<Span>,
}

impl Arbiter {
    /// Whether this arbiter may enter the result of `board` in `round`.
    pub fn covers(&self, round: u32, board: u32) -> bool {
        self.boards.is_none_or(|b| b.contains(board))
            && self.rounds.is_none_or(|r| r.contains(round))
    }
}

/// One arbiter's entry of a game's result, waiting for a second entry to agree.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingEntry {
    /// The stage (0-based).
    pub stage: usize,
    pub round: u32,
    pub board: u32,
    /// The game of a multi-game match or the board of a team match (1-based).
    pub game: u32,
    /// The result as entered, in the result vocabulary (`1-0`, `+-`...).
    pub result: String,
    /// Game length, where the result needs one (Junqi).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<u32>,
    /// Who entered it: an arbiter's name.
    pub by: String,
}

impl PendingEntry {
    /// The same game of the same board.
    pub fn same_game(&self, other: &PendingEntry) -> bool {
        (self.stage, self.round, self.board, self.game)
            == (other.stage, other.round, other.board, other.game)
    }

    /// Two entries saying the same thing.
    pub fn agrees_with(&self, other: &PendingEntry) -> bool {
        self.same_game(other) && self.result == other.result && self.moves == other.moves
    }
}

/// The hall's settings and what waits in it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hall {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub arbiters: Vec<Arbiter>,
    /// A sector arbiter's result counts once a second entry (another arbiter's) agrees;
    /// the chief arbiter's counts at once and settles what waits.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub double_entry: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pending: Vec<PendingEntry>,
}

impl Hall {
    pub fn is_empty(&self) -> bool {
        *self == Hall::default()
    }

    pub fn arbiter(&self, name: &str) -> Option<&Arbiter> {
        self.arbiters.iter().find(|a| a.name == name)
    }

    /// What another entry of this game (by someone else) says, if anything.
    pub fn others<'a>(&'a self, entry: &'a PendingEntry) -> impl Iterator<Item = &'a PendingEntry> {
        self.pending
            .iter()
            .filter(move |p| p.same_game(entry) && p.by != entry.by)
    }

    /// Forgets what waited for this game: it has a result now.
    pub fn settle(&mut self, stage: usize, round: u32, board: u32, game: u32) {
        self.pending
            .retain(|p| (p.stage, p.round, p.board, p.game) != (stage, round, board, game));
    }
}

/// The boards a round fills at most with `entrants`: a board for every two, or a table
/// for every `table` entrants.
pub fn boards_needed(entrants: usize, table: Option<usize>) -> u32 {
    entrants.div_ceil(table.unwrap_or(2).max(2)) as u32
}

/// Where each competition's boards begin in the hall, in the event's order: its own
/// first board where the organizer fixed one, else the board after the block of the
/// competition before it, a block being the boards its entrants fill
/// (`(fixed first board, boards needed)` per competition).
pub fn first_boards(competitions: &[(Option<u32>, u32)]) -> Vec<u32> {
    let mut next = 1;
    competitions
        .iter()
        .map(|&(fixed, needed)| {
            let first = fixed.unwrap_or(next).max(1);
            next = first + needed;
            first
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_read_as_organizers_write_them() {
        assert_eq!("1-20".parse(), Ok(Span { first: 1, last: 20 }));
        assert_eq!("7".parse(), Ok(Span { first: 7, last: 7 }));
        assert_eq!(" 3 ～ 5 ".parse(), Ok(Span { first: 3, last: 5 }));
        assert!("20-1".parse::<Span>().is_err());
        assert!("0-4".parse::<Span>().is_err());
        assert!("a".parse::<Span>().is_err());
        assert_eq!(Span { first: 1, last: 20 }.to_string(), "1-20");
    }

    #[test]
    fn an_arbiter_covers_its_sector_only() {
        let a = Arbiter {
            name: "张".into(),
            token_hash: String::new(),
            boards: Some(Span { first: 1, last: 20 }),
            rounds: Some(Span { first: 2, last: 2 }),
        };
        assert!(a.covers(2, 1) && a.covers(2, 20));
        assert!(!a.covers(2, 21) && !a.covers(1, 5));
    }

    /// A city games' hall: 12 men (6 boards), 7 women (4 boards), checkers for 3 with
    /// 10 players (4 tables), then a competition fixed at board 31 and one after it.
    #[test]
    fn competitions_take_blocks_of_the_hall_in_order() {
        assert_eq!(boards_needed(12, None), 6);
        assert_eq!(boards_needed(7, None), 4);
        assert_eq!(boards_needed(10, Some(3)), 4);
        let blocks = [(None, 6), (None, 4), (None, 4), (Some(31), 8), (None, 2)];
        assert_eq!(first_boards(&blocks), [1, 7, 11, 31, 39]);
        assert_eq!(first_boards(&[(None, 0), (None, 3)]), [1, 1]);
    }
}
