//! Keeping entrants of one club apart: an entrant is placed where its club has the
//! fewest members, comparing halves first, then quarters, and so on.

use crate::Lots;

/// Chooses a free line for an entrant of a club. `lines` are the bracket lines
/// (`true` = free), `club_at(line)` says whether a club-mate stands there; sections
/// are halves, quarters, ... of the bracket. Ties are drawn.
pub fn spread_line(
    free: &[bool],
    club_at: impl Fn(usize) -> bool,
    lots: &mut Lots,
) -> Option<usize> {
    let size = free.len();
    let mut candidates: Vec<usize> = (0..size).filter(|&l| free[l]).collect();
    if candidates.is_empty() {
        return None;
    }
    let mut section = size / 2;
    while section >= 1 && candidates.len() > 1 {
        let mates_in = |line: usize| {
            let start = line / section * section;
            (start..start + section).filter(|&l| club_at(l)).count()
        };
        let fewest = candidates.iter().map(|&l| mates_in(l)).min().unwrap_or(0);
        candidates.retain(|&l| mates_in(l) == fewest);
        section /= 2;
    }
    Some(*lots.pick(&candidates))
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
