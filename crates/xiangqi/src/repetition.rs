//! Repetition rules (棋例) over the plies since the last capture. A position seen the
//! third time closes a cycle; what each side did inside it decides the verdict:
//! checking or chasing with every move (长打: perpetual check, perpetual chase, or a
//! mix) is forbidden, so a side that did so while the other did not loses; otherwise,
//! or when both did, the game is drawn.

use crate::chase::is_chase;
use crate::{Board, Color, Move, Outcome};

/// A move that led to a position of the history.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Step {
    pub mv: Move,
    pub check: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// One side checked with every move of the cycle: that side loses.
    PerpetualCheck(Outcome),
    /// One side chased (or chased and checked) with every move: that side loses.
    PerpetualChase(Outcome),
    /// Both sides pressed perpetually, or neither did.
    Draw,
}

#[derive(Debug, Clone, Copy)]
struct Entry {
    hash: u64,
    /// Who made the move that led here, and the move; `None` where the history starts.
    mover: Color,
    step: Option<Step>,
}

/// Position hashes of a game since its last irreversible move, with what each move did.
#[derive(Debug, Clone, Default)]
pub(crate) struct History {
    entries: Vec<Entry>,
    /// A 1,024-bit filter of the hashes in `entries`: a position whose bit is clear
    /// cannot be a repetition, so most plies skip the scan.
    seen: [u64; 16],
}

impl History {
    /// Starts over: after a capture, or at the start (`mover` then is the side that
    /// does not move first). No cycle reaches back past this position.
    pub fn restart(&mut self, hash: u64, mover: Color) {
        self.entries.clear();
        self.seen = [0; 16];
        self.record(Entry {
            hash,
            mover,
            step: None,
        });
    }

    /// Adds an entry; says whether its hash may have been seen before.
    fn record(&mut self, entry: Entry) -> bool {
        let bit = (entry.hash >> 54) as usize;
        let (word, mask) = (bit / 64, 1u64 << (bit % 64));
        let maybe_seen = self.seen[word] & mask != 0;
        self.seen[word] |= mask;
        self.entries.push(entry);
        maybe_seen
    }

    /// Records the position after a move (`board`); returns a verdict when this position
    /// has now occurred three times.
    pub fn push(&mut self, hash: u64, board: &Board, mover: Color, step: Step) -> Option<Verdict> {
        if !self.record(Entry {
            hash,
            mover,
            step: Some(step),
        }) {
            return None;
        }
        let last = self.entries.len() - 1;
        // Same side to move: every second entry back.
        let mut seen = 1;
        let mut first = last;
        let mut i = last;
        while i >= 2 {
            i -= 2;
            if self.entries[i].hash == hash {
                seen += 1;
                first = i;
                if seen == 3 {
                    break;
                }
            }
        }
        (seen >= 3).then(|| self.judge(first + 1..=last, board))
    }

    /// `board` is the position after the cycle's last move.
    fn judge(&self, cycle: std::ops::RangeInclusive<usize>, board: &Board) -> Verdict {
        // Whether each move pressed (checked or chased). No move since the history
        // started captured, so the board before a move is the board after it with the
        // piece taken back: walk back from the end instead of keeping every board.
        let mut pressed = Vec::with_capacity(cycle.clone().count());
        let mut before = board.clone();
        for e in self.entries[cycle.clone()].iter().rev() {
            let Some(step) = e.step else { continue };
            before.set(step.mv.from, before.get(step.mv.to));
            before.set(step.mv.to, None);
            let chase = !step.check && is_chase(&before, step.mv, e.mover);
            pressed.push((e.mover, step.check, step.check || chase));
        }
        let always = |side: Color, pick: fn(&(Color, bool, bool)) -> bool| {
            pressed.iter().filter(|p| p.0 == side).all(pick)
        };
        let loses = |side: Color| {
            let winner = match side {
                Color::Red => Outcome::Black,
                Color::Black => Outcome::Red,
            };
            if always(side, |p| p.1) {
                Verdict::PerpetualCheck(winner)
            } else {
                Verdict::PerpetualChase(winner)
            }
        };
        match (always(Color::Red, |p| p.2), always(Color::Black, |p| p.2)) {
            (true, false) => loses(Color::Red),
            (false, true) => loses(Color::Black),
            _ => Verdict::Draw,
        }
    }
}
