//! Who plays red: the Chinese rule made exact. A player who would otherwise have the
//! same colour a third time running must change (with 禁3先/后); then the one who has
//! had more blacks (fewer reds than blacks) plays red; then the one who had black the
//! last time their colours differed; then the higher-ranked takes the colour he is due
//! (the opposite of his last).

use messages::{Message, msg};

use crate::standings::Colour;

/// Why a player has his colour on a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ColourReason {
    /// 禁3先/后: the same colour a third time running is not allowed.
    NoThreeSame,
    /// The player with more blacks plays red.
    Balance,
    /// Equal balance: the one who had black the last time their colours differed.
    Alternation,
    /// Identical histories: the higher-ranked takes the colour he is due.
    Rank,
    /// Round 1: by lot, alternating from board to board.
    Lot,
    /// Set by hand (`qisai pairing set` / `swap`) against the rule.
    Manual,
}

impl ColourReason {
    /// A stable code: `no_three_same`, `balance`, `alternation`, `rank`, `lot`, `manual`.
    pub fn code(self) -> &'static str {
        match self {
            ColourReason::NoThreeSame => "no_three_same",
            ColourReason::Balance => "balance",
            ColourReason::Alternation => "alternation",
            ColourReason::Rank => "rank",
            ColourReason::Lot => "lot",
            ColourReason::Manual => "manual",
        }
    }

    /// The reason in words.
    pub fn message(self) -> Message {
        match self {
            ColourReason::NoThreeSame => msg!("swiss.colour.no_three_same"),
            ColourReason::Balance => msg!("swiss.colour.balance"),
            ColourReason::Alternation => msg!("swiss.colour.alternation"),
            ColourReason::Rank => msg!("swiss.colour.rank"),
            ColourReason::Lot => msg!("swiss.colour.lot"),
            ColourReason::Manual => msg!("swiss.colour.manual"),
        }
    }
}

/// A player's colours so far, in round order (games played over the board only).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct History(pub Vec<Colour>);

impl History {
    /// Reds minus blacks.
    pub fn balance(&self) -> i32 {
        self.0
            .iter()
            .map(|c| if *c == Colour::Red { 1 } else { -1 })
            .sum()
    }

    pub fn last(&self) -> Option<Colour> {
        self.0.last().copied()
    }

    /// The colour a player must have under 禁3先/后: the other one after two the same.
    pub fn forced(&self) -> Option<Colour> {
        match self.0[..] {
            [.., a, b] if a == b => Some(other(a)),
            _ => None,
        }
    }

    /// The colour that would even him out, and how much he wants it: 2 when his balance
    /// is off, 1 when only alternation asks for it.
    pub fn wish(&self) -> Option<(Colour, u32)> {
        match self.balance() {
            b if b > 0 => Some((Colour::Black, 2)),
            b if b < 0 => Some((Colour::Red, 2)),
            _ => self.last().map(|c| (other(c), 1)),
        }
    }
}

pub fn other(c: Colour) -> Colour {
    match c {
        Colour::Red => Colour::Black,
        Colour::Black => Colour::Red,
    }
}

/// Whether two players may meet under 禁3先/后: not when both must change to the
/// same colour.
pub fn compatible(a: &History, b: &History, no_three_same: bool) -> bool {
    !no_three_same || a.forced().is_none() || a.forced() != b.forced()
}

/// The colour of `higher` (the higher-ranked of the two) against `lower`, and why.
pub fn assign(higher: &History, lower: &History, no_three_same: bool) -> (Colour, ColourReason) {
    if no_three_same {
        if let Some(c) = higher.forced() {
            return (c, ColourReason::NoThreeSame);
        }
        if let Some(c) = lower.forced() {
            return (other(c), ColourReason::NoThreeSame);
        }
    }
    match higher.balance().cmp(&lower.balance()) {
        std::cmp::Ordering::Less => return (Colour::Red, ColourReason::Balance),
        std::cmp::Ordering::Greater => return (Colour::Black, ColourReason::Balance),
        std::cmp::Ordering::Equal => {}
    }
    for (a, b) in higher.0.iter().rev().zip(lower.0.iter().rev()) {
        if a != b {
            return (other(*a), ColourReason::Alternation);
        }
    }
    match higher.last() {
        Some(c) => (other(c), ColourReason::Rank),
        // Neither has played: the caller's lot decides.
        None => (Colour::Red, ColourReason::Lot),
    }
}

/// How far a board's colours go against what the two players wish: the weight of
/// colours in the pairing (0 when both get what they want).
pub fn cost(higher: &History, lower: &History, no_three_same: bool) -> u32 {
    let (c, _) = assign(higher, lower, no_three_same);
    let miss = |h: &History, got: Colour| match h.wish() {
        Some((want, strength)) if want != got => strength,
        _ => 0,
    };
    miss(higher, c) + miss(lower, other(c))
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::{Black as B, Red as R};

    fn h(c: &[Colour]) -> History {
        History(c.to_vec())
    }

    #[test]
    fn the_rule_in_order() {
        // More blacks plays red.
        assert_eq!(assign(&h(&[R, R]), &h(&[B, R]), false).0, B);
        assert_eq!(
            assign(&h(&[R, B, B]), &h(&[R, R, B]), false),
            (R, ColourReason::Balance)
        );
        // Equal balance: who had black when they last differed plays red.
        assert_eq!(
            assign(&h(&[R, B]), &h(&[B, R]), false),
            (R, ColourReason::Alternation)
        );
        // Identical: the higher-ranked gets the colour he is due.
        assert_eq!(
            assign(&h(&[R, B]), &h(&[R, B]), false),
            (R, ColourReason::Rank)
        );
        // 禁3先: two reds in a row must change, whatever the balance says.
        assert_eq!(
            assign(&h(&[B, B, R, R]), &h(&[R, B]), true),
            (B, ColourReason::NoThreeSame)
        );
        assert!(!compatible(&h(&[R, R]), &h(&[B, R, R]), true));
        assert!(compatible(&h(&[R, R]), &h(&[B, B]), true));
    }

    #[test]
    fn a_board_that_suits_both_costs_nothing() {
        assert_eq!(cost(&h(&[R]), &h(&[B]), false), 0);
        // Both had red, then black: one of them repeats.
        assert_eq!(cost(&h(&[R, B]), &h(&[R, B]), false), 1);
        // Both a red up: one of them goes two up.
        assert_eq!(cost(&h(&[R]), &h(&[R]), false), 2);
        assert_eq!(cost(&h(&[R, R]), &h(&[B, R, R]), false), 2);
    }
}
