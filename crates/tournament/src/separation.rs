//! Keeping entrants of one club apart: an entrant goes where its club has the fewest
//! members, comparing halves first, then quarters within the chosen half, and so on.

use crate::Lots;

/// Places entrants on bracket lines, one club at a time. Counts of free lines and of
/// the current club's members are kept per section (a binary tree over the lines:
/// node 1 is the whole bracket, nodes `size..2·size` the lines), so a placement costs
/// one walk from the top to a line.
pub struct LineSpreader {
    size: usize,
    free: Vec<u32>,
    mates: Vec<u32>,
    touched: Vec<usize>,
}

impl LineSpreader {
    /// `free[line]` says which lines are still open.
    pub fn new(free: &[bool]) -> LineSpreader {
        let size = free.len();
        let mut counts = vec![0u32; 2 * size];
        for (line, &f) in free.iter().enumerate() {
            counts[size + line] = u32::from(f);
        }
        for node in (1..size).rev() {
            counts[node] = counts[2 * node] + counts[2 * node + 1];
        }
        LineSpreader {
            size,
            free: counts,
            mates: vec![0; 2 * size],
            touched: Vec::new(),
        }
    }

    /// Starts a new club, whose members already stand on `lines` (e.g. seeds).
    pub fn begin_club(&mut self, lines: impl IntoIterator<Item = usize>) {
        for node in self.touched.drain(..) {
            self.mates[node] = 0;
        }
        for line in lines {
            self.count_mate(line);
        }
    }

    fn count_mate(&mut self, line: usize) {
        let mut node = self.size + line;
        while node >= 1 {
            self.mates[node] += 1;
            self.touched.push(node);
            node /= 2;
        }
    }

    /// Takes a free line for the next member of the current club (any line when the
    /// entrant has no club-mates to avoid); ties are drawn.
    pub fn place(&mut self, lots: &mut Lots) -> Option<usize> {
        if self.free.get(1).copied().unwrap_or(0) == 0 {
            return None;
        }
        let mut node = 1;
        while node < self.size {
            let (left, right) = (2 * node, 2 * node + 1);
            node = match (self.free[left] > 0, self.free[right] > 0) {
                (true, false) => left,
                (false, true) => right,
                _ => match self.mates[left].cmp(&self.mates[right]) {
                    std::cmp::Ordering::Less => left,
                    std::cmp::Ordering::Greater => right,
                    std::cmp::Ordering::Equal => {
                        // Uniform over the free lines below.
                        let total = self.free[left] + self.free[right];
                        if (lots.index(total as usize) as u32) < self.free[left] {
                            left
                        } else {
                            right
                        }
                    }
                },
            };
        }
        let line = node - self.size;
        let mut n = node;
        while n >= 1 {
            self.free[n] -= 1;
            n /= 2;
        }
        self.count_mate(line);
        Some(line)
    }
}

/// Chooses a group for an entrant of a club: room left, fewest club-mates, then
/// fewest entrants; ties drawn.
pub fn spread_group(
    room: &[usize],
    mates: &[usize],
    sizes: &[usize],
    lots: &mut Lots,
) -> Option<usize> {
    let open: Vec<usize> = (0..room.len()).filter(|&g| room[g] > 0).collect();
    let best = open.iter().map(|&g| (mates[g], sizes[g])).min()?;
    let ties: Vec<usize> = open
        .into_iter()
        .filter(|&g| (mates[g], sizes[g]) == best)
        .collect();
    Some(*lots.pick(&ties))
}
