//! Move geometry precomputed for every square at compile time, so move generation
//! never recomputes files, ranks or bounds.

use crate::Square;

/// A short list of (target, blocker) pairs; the blocker is the horse leg or
/// elephant eye, or the target itself where nothing can block.
#[derive(Clone, Copy)]
pub(crate) struct Steps {
    pub len: u8,
    pub to: [u8; 8],
    pub block: [u8; 8],
}

impl Steps {
    const EMPTY: Steps = Steps {
        len: 0,
        to: [0; 8],
        block: [0; 8],
    };

    const fn with(mut self, to: u8, block: u8) -> Steps {
        self.to[self.len as usize] = to;
        self.block[self.len as usize] = block;
        self.len += 1;
        self
    }

    /// The points these steps reach, as bits, where `occupied` holds the board's
    /// pieces: a step whose block point (a horse's leg, an elephant's eye) is occupied
    /// does not count.
    #[inline]
    pub fn reach(&self, occupied: u128) -> u128 {
        let mut reach = 0;
        for i in 0..self.len as usize {
            let block = Square::from_index(self.block[i] as usize).bit();
            if occupied & block == 0 {
                reach |= Square::from_index(self.to[i] as usize).bit();
            }
        }
        reach
    }

    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = (Square, Square)> + '_ {
        (0..self.len as usize).map(|i| {
            (
                Square::from_index(self.to[i] as usize),
                Square::from_index(self.block[i] as usize),
            )
        })
    }
}

/// The squares in one direction from a square, nearest first.
#[derive(Clone, Copy)]
pub(crate) struct Ray {
    pub len: u8,
    pub squares: [u8; 9],
}

const fn at(file: i8, rank: i8) -> Option<u8> {
    if file >= 0 && file < 9 && rank >= 0 && rank < 10 {
        Some((rank * 9 + file) as u8)
    } else {
        None
    }
}

const fn in_palace(file: i8, rank: i8, color: usize) -> bool {
    file >= 3
        && file <= 5
        && if color == 0 {
            rank >= 0 && rank <= 2
        } else {
            rank >= 7 && rank <= 9
        }
}

const fn own_side(rank: i8, color: usize) -> bool {
    if color == 0 { rank <= 4 } else { rank >= 5 }
}

const ORTHO: [(i8, i8); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
const DIAG: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

pub(crate) static RAYS: [[Ray; 4]; 90] = {
    let mut t = [[Ray {
        len: 0,
        squares: [0; 9],
    }; 4]; 90];
    let mut sq = 0;
    while sq < 90 {
        let mut d = 0;
        while d < 4 {
            let (df, dr) = ORTHO[d];
            let mut f = (sq % 9) as i8 + df;
            let mut r = (sq / 9) as i8 + dr;
            while let Some(s) = at(f, r) {
                let ray = &mut t[sq][d];
                ray.squares[ray.len as usize] = s;
                ray.len += 1;
                f += df;
                r += dr;
            }
            d += 1;
        }
        sq += 1;
    }
    t
};

/// [`RAYS`] as bits: whether an enemy slider stands anywhere along a line at all.
pub(crate) static RAY_MASKS: [[u128; 4]; 90] = {
    let mut masks = [[0u128; 4]; 90];
    let mut sq = 0;
    while sq < 90 {
        let mut d = 0;
        while d < 4 {
            let ray = &RAYS[sq][d];
            let mut k = 0;
            while k < ray.len as usize {
                masks[sq][d] |= 1 << ray.squares[k];
                k += 1;
            }
            d += 1;
        }
        sq += 1;
    }
    masks
};

/// Horse jumps from each square: (target, leg).
pub(crate) static HORSE_MOVES: [Steps; 90] = {
    let mut t = [Steps::EMPTY; 90];
    let jumps: [(i8, i8); 8] = [
        (1, 2),
        (-1, 2),
        (1, -2),
        (-1, -2),
        (2, 1),
        (2, -1),
        (-2, 1),
        (-2, -1),
    ];
    let mut sq = 0;
    while sq < 90 {
        let (f, r) = ((sq % 9) as i8, (sq / 9) as i8);
        let mut i = 0;
        while i < 8 {
            let (df, dr) = jumps[i];
            let (lf, lr) = if dr == 2 || dr == -2 {
                (0, dr / 2)
            } else {
                (df / 2, 0)
            };
            if let (Some(to), Some(leg)) = (at(f + df, r + dr), at(f + lf, r + lr)) {
                t[sq] = t[sq].with(to, leg);
            }
            i += 1;
        }
        sq += 1;
    }
    t
};

/// Horses that could attack each square: (horse square, leg).
pub(crate) static HORSE_ATTACKERS: [Steps; 90] = {
    let mut t = [Steps::EMPTY; 90];
    let mut sq = 0;
    while sq < 90 {
        let (f, r) = ((sq % 9) as i8, (sq / 9) as i8);
        let mut i = 0;
        while i < 4 {
            let (df, dr) = DIAG[i];
            // A horse attacking through the leg (f+df, r+dr) stands one step further out.
            if let Some(leg) = at(f + df, r + dr) {
                if let Some(src) = at(f + 2 * df, r + dr) {
                    t[sq] = t[sq].with(src, leg);
                }
                if let Some(src) = at(f + df, r + 2 * dr) {
                    t[sq] = t[sq].with(src, leg);
                }
            }
            i += 1;
        }
        sq += 1;
    }
    t
};

/// The other points of each point's file and rank (bit = square index): a quick test
/// of whether a square can matter to a line through a general.
pub(crate) static LINES: [u128; 90] = {
    let mut masks = [0u128; 90];
    let mut sq = 0;
    while sq < 90 {
        let mut other = 0;
        while other < 90 {
            if other != sq && (other % 9 == sq % 9 || other / 9 == sq / 9) {
                masks[sq] |= 1 << other;
            }
            other += 1;
        }
        sq += 1;
    }
    masks
};

/// Each point's steps' targets as bits.
const fn targets(steps: &[Steps; 90]) -> [u128; 90] {
    let mut masks = [0u128; 90];
    let mut sq = 0;
    while sq < 90 {
        let mut k = 0;
        while k < steps[sq].len as usize {
            masks[sq] |= 1 << steps[sq].to[k];
            k += 1;
        }
        sq += 1;
    }
    masks
}

/// Each point's steps as masks: where they go, and the points that can block one (a
/// horse's legs, an elephant's eyes; none for a piece that cannot be blocked). With no
/// block occupied, a piece's reach is one load.
#[derive(Clone, Copy)]
pub(crate) struct StepMasks {
    pub targets: u128,
    pub blocks: u128,
}

const fn step_masks(steps: &[Steps; 90], blockable: bool) -> [StepMasks; 90] {
    let targets = targets(steps);
    let mut masks = [StepMasks {
        targets: 0,
        blocks: 0,
    }; 90];
    let mut sq = 0;
    while sq < 90 {
        masks[sq].targets = targets[sq];
        let mut k = 0;
        while blockable && k < steps[sq].len as usize {
            masks[sq].blocks |= 1 << steps[sq].block[k];
            k += 1;
        }
        sq += 1;
    }
    masks
}

/// [`step_masks`] of each colour's table.
const fn step_masks_by_color(steps: &[[Steps; 90]; 2], blockable: bool) -> [[StepMasks; 90]; 2] {
    [
        step_masks(&steps[0], blockable),
        step_masks(&steps[1], blockable),
    ]
}

pub(crate) static GENERAL_MASKS: [[StepMasks; 90]; 2] = step_masks_by_color(&GENERAL_MOVES, false);
pub(crate) static ADVISOR_MASKS: [[StepMasks; 90]; 2] = step_masks_by_color(&ADVISOR_MOVES, false);
pub(crate) static ELEPHANT_MASKS: [[StepMasks; 90]; 2] = step_masks_by_color(&ELEPHANT_MOVES, true);
pub(crate) static HORSE_MASKS: [StepMasks; 90] = step_masks(&HORSE_MOVES, true);
pub(crate) static SOLDIER_MASKS: [[StepMasks; 90]; 2] = step_masks_by_color(&SOLDIER_MOVES, false);

/// The points a horse could check each point from, as bits: a quick test that no enemy
/// piece stands there at all before the legs are looked at.
pub(crate) static HORSE_SOURCES: [u128; 90] = targets(&HORSE_ATTACKERS);

/// The points a soldier of each colour attacks each point from, as bits.
pub(crate) static SOLDIER_SOURCES: [[u128; 90]; 2] = [
    targets(&SOLDIER_ATTACKERS[0]),
    targets(&SOLDIER_ATTACKERS[1]),
];

/// Every point whose piece matters to whether a general on each point is attacked:
/// its file and rank, the points a horse checks it from and those horses' legs. A move
/// that neither leaves nor enters one of them cannot get that general out of check.
pub(crate) static CHECK_POINTS: [u128; 90] = {
    let mut masks = [0u128; 90];
    let mut sq = 0;
    while sq < 90 {
        let steps = &HORSE_ATTACKERS[sq];
        let mut mask = LINES[sq] | HORSE_SOURCES[sq];
        let mut k = 0;
        while k < steps.len as usize {
            mask |= 1 << steps.block[k];
            k += 1;
        }
        masks[sq] = mask;
        sq += 1;
    }
    masks
};

/// The points a piece could move to each point from, of any kind: its file and rank
/// (chariots, cannons, the general, soldiers) and the points up to two files and ranks
/// away (horses, elephants, advisors).
pub(crate) static REACHERS: [u128; 90] = {
    let mut masks = [0u128; 90];
    let mut sq = 0;
    while sq < 90 {
        let mut mask = LINES[sq];
        let (f, r) = ((sq % 9) as i8, (sq / 9) as i8);
        let mut df = -2;
        while df <= 2 {
            let mut dr = -2;
            while dr <= 2 {
                if let Some(near) = at(f + df, r + dr)
                    && near as usize != sq
                {
                    mask |= 1 << near;
                }
                dr += 1;
            }
            df += 1;
        }
        masks[sq] = mask;
        sq += 1;
    }
    masks
};

const fn per_color(kind: u8) -> [[Steps; 90]; 2] {
    let mut t = [[Steps::EMPTY; 90]; 2];
    let mut color = 0;
    while color < 2 {
        let mut sq = 0;
        while sq < 90 {
            let (f, r) = ((sq % 9) as i8, (sq / 9) as i8);
            let mut i = 0;
            while i < 4 {
                let mut s = t[color][sq];
                match kind {
                    0 => {
                        let (df, dr) = ORTHO[i];
                        if in_palace(f + df, r + dr, color)
                            && let Some(to) = at(f + df, r + dr)
                        {
                            s = s.with(to, to);
                        }
                    }
                    1 => {
                        let (df, dr) = DIAG[i];
                        if in_palace(f + df, r + dr, color)
                            && let Some(to) = at(f + df, r + dr)
                        {
                            s = s.with(to, to);
                        }
                    }
                    _ => {
                        let (df, dr) = DIAG[i];
                        if own_side(r + 2 * dr, color)
                            && let (Some(to), Some(eye)) =
                                (at(f + 2 * df, r + 2 * dr), at(f + df, r + dr))
                        {
                            s = s.with(to, eye);
                        }
                    }
                }
                t[color][sq] = s;
                i += 1;
            }
            sq += 1;
        }
        color += 1;
    }
    t
}

pub(crate) static GENERAL_MOVES: [[Steps; 90]; 2] = per_color(0);
pub(crate) static ADVISOR_MOVES: [[Steps; 90]; 2] = per_color(1);
pub(crate) static ELEPHANT_MOVES: [[Steps; 90]; 2] = per_color(2);

/// One rank along `color`'s forward direction (or back along it), and sideways on the
/// far side of the river: where a soldier goes, or where the soldiers attacking a
/// square stand.
const fn soldier_steps(backwards: bool) -> [[Steps; 90]; 2] {
    let mut t = [[Steps::EMPTY; 90]; 2];
    let mut color = 0;
    while color < 2 {
        let fwd: i8 = if color == 0 { 1 } else { -1 };
        let step = if backwards { -fwd } else { fwd };
        let mut sq = 0;
        while sq < 90 {
            let (f, r) = ((sq % 9) as i8, (sq / 9) as i8);
            if let Some(to) = at(f, r + step) {
                t[color][sq] = t[color][sq].with(to, to);
            }
            // Sideways only across the river: for an attacker, the attacked square's rank.
            if !own_side(r, color) {
                if let Some(to) = at(f - 1, r) {
                    t[color][sq] = t[color][sq].with(to, to);
                }
                if let Some(to) = at(f + 1, r) {
                    t[color][sq] = t[color][sq].with(to, to);
                }
            }
            sq += 1;
        }
        color += 1;
    }
    t
}

/// Soldier steps: forward, and sideways once across the river.
pub(crate) static SOLDIER_MOVES: [[Steps; 90]; 2] = soldier_steps(false);

/// Squares from which a soldier of `color` attacks a square.
pub(crate) static SOLDIER_ATTACKERS: [[Steps; 90]; 2] = soldier_steps(true);
