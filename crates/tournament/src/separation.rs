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

/// How many of each club's undrawn entrants go to each group, so that groups hold as
/// few pairs of club-mates as any draw allows. It is a transport problem: each club
/// sends its entrants, each group takes its room, and a group's k-th member of one club
/// costs the k − 1 pairs it makes. First every entrant that can go where his club has
/// nobody goes there (the group with the most room left, ties by lot): that costs
/// nothing, so it is optimal for as many as it places. Successive shortest paths then
/// place the rest exactly, moving earlier ones where that frees a better place.
/// `already[c][g]` counts club `c`'s entrants placed in group `g` before (the seeds);
/// the room must hold every club's entrants.
pub fn spread_clubs(
    sending: &[usize],
    already: &[Vec<usize>],
    room: &[usize],
    lots: &mut Lots,
) -> Vec<Vec<usize>> {
    let (clubs, groups) = (sending.len(), room.len());
    let mut x = vec![vec![0usize; groups]; clubs];
    let mut left = sending.to_vec();
    let mut filled = vec![0usize; groups];
    // Groups are looked at in a drawn order, so equal choices fall by lot.
    let mut order: Vec<usize> = (0..groups).collect();
    lots.shuffle(&mut order);
    let mut by_size: Vec<usize> = (0..clubs).collect();
    lots.shuffle(&mut by_size);
    by_size.sort_by_key(|&c| std::cmp::Reverse(sending[c]));
    for &c in &by_size {
        while left[c] > 0 {
            let free = order
                .iter()
                .copied()
                .filter(|&g| filled[g] < room[g] && already[c][g] + x[c][g] == 0)
                .max_by_key(|&g| room[g] - filled[g]);
            let Some(g) = free else { break };
            x[c][g] += 1;
            filled[g] += 1;
            left[c] -= 1;
        }
    }
    // The pairs the k-th entrant of club c in group g makes (k counted from 1).
    let cost = |c: usize, g: usize, k: usize| (already[c][g] + k - 1) as i64;
    while left.iter().any(|&n| n > 0) {
        // Bellman–Ford over clubs and groups: a path starts at a club with entrants left,
        // alternates club → group (one more there) and group → club (one fewer there),
        // and ends at a group with room.
        let mut club_dist: Vec<Option<i64>> = left.iter().map(|&n| (n > 0).then_some(0)).collect();
        let mut group_dist: Vec<Option<i64>> = vec![None; groups];
        let mut group_from = vec![usize::MAX; groups];
        let mut club_from = vec![usize::MAX; clubs];
        for _ in 0..clubs + groups + 1 {
            let mut changed = false;
            for c in 0..clubs {
                let Some(d) = club_dist[c] else { continue };
                for &g in &order {
                    let via = d + cost(c, g, x[c][g] + 1);
                    if group_dist[g].is_none_or(|old| via < old) {
                        group_dist[g] = Some(via);
                        group_from[g] = c;
                        changed = true;
                    }
                }
            }
            for &g in &order {
                let Some(d) = group_dist[g] else { continue };
                for c in 0..clubs {
                    if x[c][g] == 0 {
                        continue;
                    }
                    let via = d - cost(c, g, x[c][g]);
                    if club_dist[c].is_none_or(|old| via < old) {
                        club_dist[c] = Some(via);
                        club_from[c] = g;
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        let end = order
            .iter()
            .copied()
            .filter(|&g| filled[g] < room[g])
            .filter_map(|g| group_dist[g].map(|d| (d, g)))
            .min_by_key(|&(d, _)| d);
        let Some((_, mut g)) = end else {
            // No room left for the entrants still to place: the caller's sizes are short.
            break;
        };
        filled[g] += 1;
        // A shortest path has no cycle, so it visits each club at most once.
        for _ in 0..=clubs {
            let c = group_from[g];
            x[c][g] += 1;
            if club_from[c] == usize::MAX {
                left[c] -= 1;
                break;
            }
            let back = club_from[c];
            x[c][back] -= 1;
            g = back;
        }
    }
    x
}
