//! Drawing entrants into groups (抽签分组): seeds spread snake-wise, the rest drawn
//! with clubs kept apart where possible and group sizes differing by at most one.

use crate::seeding::snake;
use crate::separation::spread_group;
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
    let club_of = |id: EntrantId| {
        entrants
            .iter()
            .find(|e| e.id == id)
            .and_then(|e| e.club.as_deref())
    };
    let mut unseeded: Vec<&Entrant> = entrants.iter().filter(|e| !seeds.contains(&e.id)).collect();
    lots.shuffle(&mut unseeded);
    let club_size = |club: Option<&str>| {
        entrants
            .iter()
            .filter(|e| club.is_some() && e.club.as_deref() == club)
            .count()
    };
    unseeded.sort_by_key(|e| std::cmp::Reverse(club_size(e.club.as_deref())));
    for e in unseeded {
        let room: Vec<usize> = (0..count)
            .map(|g| target[g].saturating_sub(groups[g].len()))
            .collect();
        let mates: Vec<usize> = groups
            .iter()
            .map(|members| {
                members
                    .iter()
                    .filter(|&&m| e.club.is_some() && club_of(m) == e.club.as_deref())
                    .count()
            })
            .collect();
        let sizes: Vec<usize> = groups.iter().map(Vec::len).collect();
        let g =
            spread_group(&room, &mates, &sizes, &mut lots).expect("targets add up to the field");
        groups[g].push(e.id);
    }
    GroupDraw {
        groups,
        draw_seed: seed,
    }
}
