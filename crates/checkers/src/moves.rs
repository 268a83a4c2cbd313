//! Moves: a step to an adjacent empty hole, or a chain of jumps over single pieces to
//! the empty hole beyond; the chain may stop anywhere, never revisits a hole, and never
//! mixes a step with a jump. A move counts once per (from, to).

use std::fmt;

use crate::board::{Hole, NEIGHBOURS};
use crate::game::{CampRule, EMPTY, Position};

/// A move by its path; `pass` is a move too.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Move {
    Pass,
    Path(Vec<Hole>),
}

impl Move {
    pub fn ends(&self) -> Option<(Hole, Hole)> {
        match self {
            Move::Pass => None,
            Move::Path(p) => Some((*p.first()?, *p.last()?)),
        }
    }
}

impl fmt::Display for Move {
    /// Human notation: `e3-f3`, `c2-e2-g2`, `pass`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Pass => f.write_str("pass"),
            Move::Path(p) => f.write_str(&p.iter().map(|h| h.name()).collect::<Vec<_>>().join("-")),
        }
    }
}

/// Why a path is not a move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    #[error("a move needs at least two holes")]
    TooShort,
    #[error("no piece on {0}")]
    NoPiece(String),
    #[error("the piece on {0} is not the mover's")]
    NotYours(String),
    #[error("{0} is occupied")]
    Occupied(String),
    #[error("{0} is not next to {1} nor one jump away")]
    NotAdjacent(String, String),
    #[error("a jump from {0} to {1} needs exactly one piece between")]
    NothingToJump(String, String),
    #[error("a step cannot be followed by more moves (no step and jump mixed)")]
    StepThenMore,
    #[error("the chain comes back to {0}")]
    Revisits(String),
    #[error("{0} is in another player's camp")]
    ForbiddenCamp(String),
    #[error("the piece returned to {0} too often (repetition)")]
    Repetition(String),
}

fn direction_between(a: Hole, b: Hole) -> Option<(usize, bool)> {
    for (d, &n) in NEIGHBOURS[a.index()].iter().enumerate() {
        if n == b.index() as i16 {
            return Some((d, false));
        }
        if n >= 0 && NEIGHBOURS[n as usize][d] == b.index() as i16 {
            return Some((d, true));
        }
    }
    None
}

impl Position {
    /// Every distinct (from, to) move of the side to move, without repetition limits.
    pub fn moves(&self, rule: CampRule) -> Vec<(Hole, Hole)> {
        let mut out = Vec::new();
        self.for_each_move(rule, |from, to| out.push((from, to)));
        out
    }

    /// Calls `emit` once per distinct (from, to) of the side to move.
    pub fn for_each_move(&self, rule: CampRule, mut emit: impl FnMut(Hole, Hole)) {
        let me = self.to_move as u8;
        let mid_ok = rule != CampRule::NoLanding;
        for (from, &owner) in self.holes.iter().enumerate() {
            if owner != me {
                continue;
            }
            let mut reached: u128 = 1u128 << from;
            let mut landed: u128 = 0;
            // Steps.
            for &n in &NEIGHBOURS[from] {
                if n >= 0 && self.holes[n as usize] == EMPTY {
                    landed |= 1u128 << n as usize;
                }
            }
            // Jump chains, depth first over holes not reached yet.
            let mut stack = [0u8; 128];
            let mut top = 0;
            stack[top] = from as u8;
            top += 1;
            while top > 0 {
                top -= 1;
                let at = stack[top] as usize;
                for (d, &over) in NEIGHBOURS[at].iter().enumerate() {
                    if over < 0 || self.holes[over as usize] == EMPTY {
                        continue;
                    }
                    let to = NEIGHBOURS[over as usize][d];
                    if to < 0 {
                        continue;
                    }
                    let to = to as usize;
                    if self.holes[to] != EMPTY || reached >> to & 1 == 1 {
                        continue;
                    }
                    let hole = Hole::from_index(to);
                    let forbidden =
                        rule != CampRule::Standard && self.forbidden_for(self.to_move, hole);
                    reached |= 1u128 << to;
                    // Under no-landing a forbidden hole is neither a landing nor a
                    // stepping stone; under no-end it may be passed through.
                    if forbidden && !mid_ok {
                        continue;
                    }
                    landed |= 1u128 << to;
                    stack[top] = to as u8;
                    top += 1;
                }
            }
            let from_hole = Hole::from_index(from);
            while landed != 0 {
                let to = landed.trailing_zeros() as usize;
                landed &= landed - 1;
                let hole = Hole::from_index(to);
                if rule != CampRule::Standard && self.forbidden_for(self.to_move, hole) {
                    continue;
                }
                emit(from_hole, hole);
            }
        }
    }

    /// Checks a path for the side to move (ignoring repetition, which needs history).
    pub fn check_path(&self, path: &[Hole], rule: CampRule) -> Result<(), IllegalMove> {
        let [from, rest @ ..] = path else {
            return Err(IllegalMove::TooShort);
        };
        if rest.is_empty() {
            return Err(IllegalMove::TooShort);
        }
        match self.holes[from.index()] {
            EMPTY => return Err(IllegalMove::NoPiece(from.name())),
            o if o as usize != self.to_move => return Err(IllegalMove::NotYours(from.name())),
            _ => {}
        }
        let mut visited = vec![*from];
        let mut at = *from;
        for (i, &next) in rest.iter().enumerate() {
            if next != *from && self.holes[next.index()] != EMPTY {
                return Err(IllegalMove::Occupied(next.name()));
            }
            if visited.contains(&next) {
                return Err(IllegalMove::Revisits(next.name()));
            }
            let (d, jump) = direction_between(at, next)
                .ok_or_else(|| IllegalMove::NotAdjacent(next.name(), at.name()))?;
            if !jump {
                if rest.len() > 1 {
                    return Err(IllegalMove::StepThenMore);
                }
            } else {
                let over = NEIGHBOURS[at.index()][d] as usize;
                if self.holes[over] == EMPTY {
                    return Err(IllegalMove::NothingToJump(at.name(), next.name()));
                }
            }
            let last = i + 1 == rest.len();
            let forbidden = self.forbidden_for(self.to_move, next);
            if forbidden && (rule == CampRule::NoLanding || (rule == CampRule::NoEnd && last)) {
                return Err(IllegalMove::ForbiddenCamp(next.name()));
            }
            visited.push(next);
            at = next;
        }
        Ok(())
    }

    /// Moves a piece along a checked path (or passes) and gives the turn on.
    pub fn play(&mut self, m: &Move) {
        if let Some((from, to)) = m.ends() {
            let piece = self.holes[from.index()];
            self.holes[from.index()] = EMPTY;
            self.holes[to.index()] = piece;
        }
        self.to_move = (self.to_move + 1) % self.players.len();
    }
}
