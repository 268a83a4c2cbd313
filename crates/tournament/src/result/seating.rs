//! How a game seats its players and which seats play together: the one thing the result
//! vocabulary, scoring and the standings need to know of a table.

use messages::{Lang, Message, msg};

use super::Seat;
use crate::scoring::TableScoring;

/// The seats of one game and the sides they belong to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seating {
    /// Red (seat 0) against black: Xiangqi, two-player Junqi and checkers, a board of a
    /// team match.
    TwoSides,
    /// Four seats in two sides: south and north (0, 2) against east and west (1, 3),
    /// four-player Junqi.
    Partners,
    /// Every seat a side of its own, seat 0 moving first, scored by finishing place:
    /// checkers for 3, 4 or 6.
    Each { seats: usize, places: TableScoring },
}

/// Four-player Junqi's seats in turn order, as typed in codes (`escape:west`).
pub const JUNQI_SEATS: [&str; 4] = ["south", "east", "north", "west"];

/// A four-player Junqi seat in words (南 / south), as printed and as typed in words.
pub fn junqi_seat(seat: Seat) -> Message {
    match seat % 4 {
        0 => msg!("seat.junqi.south"),
        1 => msg!("seat.junqi.east"),
        2 => msg!("seat.junqi.north"),
        _ => msg!("seat.junqi.west"),
    }
}

impl Seating {
    pub fn seats(self) -> usize {
        match self {
            Seating::TwoSides => 2,
            Seating::Partners => 4,
            Seating::Each { seats, .. } => seats,
        }
    }

    /// The side a seat plays for.
    pub fn side_of(self, seat: Seat) -> usize {
        match self {
            Seating::Partners => seat % 2,
            _ => seat,
        }
    }

    /// Whether two seats are on one side.
    pub fn partners(self, a: Seat, b: Seat) -> bool {
        self.side_of(a) == self.side_of(b)
    }

    /// Whether every seat is a side of its own at a table of more than two.
    pub fn is_table(self) -> bool {
        !matches!(self, Seating::TwoSides)
    }

    /// A seat as typed: `red`/`black` (红/黑) between two sides, `south` … `west` (南 …
    /// 西, or 1..4) in four-player Junqi, 1..N at a checkers table.
    pub fn seat(self, text: &str) -> Option<Seat> {
        let text = text.trim();
        let lower = text.to_ascii_lowercase();
        match self {
            Seating::TwoSides => match lower.as_str() {
                "red" | "r" | "红" | "红方" => Some(0),
                "black" | "b" | "黑" | "黑方" => Some(1),
                _ => None,
            },
            Seating::Partners => {
                let name = text.trim_end_matches(['方', '家']);
                JUNQI_SEATS
                    .iter()
                    .position(|s| *s == lower)
                    .or_else(|| {
                        (0..4).find(|&s| messages::render(&junqi_seat(s), Lang::Zh) == name)
                    })
                    .or_else(|| number(text, 4))
            }
            Seating::Each { seats, .. } => number(text.trim_end_matches('号'), seats),
        }
    }
}

/// A seat typed as its number, 1..=seats.
fn number(text: &str, seats: usize) -> Option<Seat> {
    let n: usize = text.parse().ok()?;
    (1..=seats).contains(&n).then(|| n - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_read_as_arbiters_type_them() {
        let three = Seating::Each {
            seats: 3,
            places: TableScoring::Winner,
        };
        assert_eq!(three.seat("2"), Some(1));
        assert_eq!(three.seat("3号"), Some(2));
        assert_eq!(three.seat("4"), None);
        assert_eq!(Seating::Partners.seat("west"), Some(3));
        assert_eq!(Seating::Partners.seat("北家"), Some(2));
        assert_eq!(Seating::Partners.seat("2"), Some(1));
        assert_eq!(Seating::TwoSides.seat("黑方"), Some(1));
        assert_eq!(Seating::TwoSides.seat("Red"), Some(0));
        assert!(Seating::Partners.partners(0, 2) && !Seating::Partners.partners(1, 2));
    }
}
