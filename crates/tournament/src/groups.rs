//! Drawing entrants into groups (抽签分组): seeds spread snake-wise, the rest drawn
//! with group sizes differing by at most one and as few club-mates sharing a group as
//! any draw allows (none whenever a clash-free draw exists).

use crate::seeding::snake;
use crate::separation::spread_clubs;
use crate::{DrawSeed, Entrant, EntrantId, Lots};

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct GroupDraw {
    pub groups: Vec<Vec<EntrantId>>,
    pub draw_seed: DrawSeed,
}

/// Draws `entrants` into `count` groups; `seeds` are the seeded entrants in seed order.
pub fn draw_groups(
    entrants: &[Entrant],
    seeds: &[EntrantId],
    count: usize,
    seed: DrawSeed,
) -> GroupDraw {
    let count = count.max(1);
    let mut lots = Lots::new(seed);
    let mut groups: Vec<Vec<EntrantId>> = vec![Vec::new(); count];
    let seeds: Vec<EntrantId> = seeds
        .iter()
        .copied()
        .filter(|s| entrants.iter().any(|e| e.id == *s))
        .collect();
    for (k, &id) in seeds.iter().enumerate() {
        groups[snake(k, count)].push(id);
    }
    // Final sizes differ by at most one; the larger sizes go first to groups whose seeds
    // already fill the smaller size, the rest by lot.
    let n = entrants.len();
    let (base, mut extra) = (n / count, n % count);
    let mut target = vec![base; count];
    for g in 0..count {
        if groups[g].len() > base && extra > 0 {
            target[g] += 1;
            extra -= 1;
        }
    }
    let mut others: Vec<usize> = (0..count).filter(|&g| target[g] == base).collect();
    lots.shuffle(&mut others);
    for g in others.into_iter().take(extra) {
        target[g] += 1;
    }
    // Clubs as dense numbers by first appearance; the undrawn of each club, shuffled.
    let mut clubs: Vec<&str> = Vec::new();
    for club in entrants.iter().filter_map(|e| e.club.as_deref()) {
        if !clubs.contains(&club) {
            clubs.push(club);
        }
    }
    let club_index = |e: &Entrant| {
        e.club
            .as_deref()
            .and_then(|c| clubs.iter().position(|&k| k == c))
    };
    let mut undrawn: Vec<Vec<EntrantId>> = vec![Vec::new(); clubs.len()];
    let mut unclubbed: Vec<EntrantId> = Vec::new();
    let mut already = vec![vec![0usize; count]; clubs.len()];
    for e in entrants {
        match (club_index(e), groups.iter().position(|m| m.contains(&e.id))) {
            (Some(c), Some(g)) => already[c][g] += 1,
            (Some(c), None) => undrawn[c].push(e.id),
            (None, None) => unclubbed.push(e.id),
            (None, Some(_)) => {}
        }
    }
    let room: Vec<usize> = (0..count)
        .map(|g| target[g].saturating_sub(groups[g].len()))
        .collect();
    let sending: Vec<usize> = undrawn.iter().map(Vec::len).collect();
    let spread = spread_clubs(&sending, &already, &room, &mut lots);
    for (c, members) in undrawn.iter_mut().enumerate() {
        lots.shuffle(members);
        let mut members = members.iter();
        for (g, &k) in spread[c].iter().enumerate() {
            groups[g].extend(members.by_ref().take(k));
        }
    }
    // Those without a club fill the room left, in a drawn order.
    lots.shuffle(&mut unclubbed);
    let mut unclubbed = unclubbed.into_iter();
    for g in 0..count {
        let room = target[g].saturating_sub(groups[g].len());
        groups[g].extend(unclubbed.by_ref().take(room));
    }
    GroupDraw {
        groups,
        draw_seed: seed,
    }
}

/// Clubs with more than one entrant in a group: (group index, club, how many).
pub fn club_mates_together(
    groups: &[Vec<EntrantId>],
    entrants: &[Entrant],
) -> Vec<(usize, String, usize)> {
    let mut out = Vec::new();
    for (g, members) in groups.iter().enumerate() {
        let mut counts: Vec<(&str, usize)> = Vec::new();
        for club in members
            .iter()
            .filter_map(|id| entrants.iter().find(|e| e.id == *id))
            .filter_map(|e| e.club.as_deref())
        {
            match counts.iter_mut().find(|(c, _)| *c == club) {
                Some((_, n)) => *n += 1,
                None => counts.push((club, 1)),
            }
        }
        out.extend(
            counts
                .into_iter()
                .filter(|&(_, n)| n > 1)
                .map(|(club, n)| (g, club.to_string(), n)),
        );
    }
    out
}
