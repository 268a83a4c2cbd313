//! Repetition rules (棋例) over the plies since the last capture. A position seen the
//! third time closes a cycle; what each side did inside it decides the verdict.
//! Each move is classified by the pressure it puts on the opponent; perpetual check
//! is judged today, and perpetual chase (长捉) slots in as another `Pressure` kind.

use crate::{Color, Outcome};

/// What one move did to the opponent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Pressure {
    Check,
    Idle,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// One side checked with every move of the cycle: that side loses.
    PerpetualCheck(Outcome),
    /// Both sides checked perpetually, or neither is at fault.
    Draw { both_checking: bool },
}

#[derive(Debug, Clone, Copy)]
struct Entry {
    hash: u64,
    /// Who made the move that led here, and what that move did.
    mover: Color,
    pressure: Pressure,
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
    pub fn clear_after_capture(&mut self, hash: u64, mover: Color, pressure: Pressure) {
        self.entries.clear();
        self.seen = [0; 16];
        self.record(Entry {
            hash,
            mover,
            pressure,
        });
    }

    pub fn start(&mut self, hash: u64, to_move: Color) {
        // The starting position: no move led here.
        self.clear_after_capture(hash, !to_move, Pressure::Idle);
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

    /// Records the position after a move; returns a verdict when this position has now
    /// occurred three times.
    pub fn push(&mut self, hash: u64, mover: Color, pressure: Pressure) -> Option<Verdict> {
        if !self.record(Entry {
            hash,
            mover,
            pressure,
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
        (seen >= 3).then(|| self.judge(first + 1..=last))
    }

    fn judge(&self, cycle: std::ops::RangeInclusive<usize>) -> Verdict {
        let always_checks = |side: Color| {
            self.entries[cycle.clone()]
                .iter()
                .filter(|e| e.mover == side)
                .all(|e| e.pressure == Pressure::Check)
        };
        match (always_checks(Color::Red), always_checks(Color::Black)) {
            (true, false) => Verdict::PerpetualCheck(Outcome::Black),
            (false, true) => Verdict::PerpetualCheck(Outcome::Red),
            (both, _) => Verdict::Draw {
                both_checking: both,
            },
        }
    }
}
