//! Group draws keep clubs apart: whenever a draw without club-mates in one group
//! exists it is found, and otherwise no draw has fewer pairs of club-mates.

use proptest::prelude::*;
use tournament::seeding::snake;
use tournament::{Entrant, EntrantId, club_mates_together, draw_groups};

fn field(clubs: &[Option<u32>]) -> Vec<Entrant> {
    clubs
        .iter()
        .enumerate()
        .map(|(i, club)| {
            let e = Entrant::new(i as u32 + 1, format!("棋手{}", i + 1));
            match club {
                Some(c) => e.with_club(format!("单位{c}")),
                None => e,
            }
        })
        .collect()
}

fn pairs(groups: &[Vec<EntrantId>], entrants: &[Entrant]) -> usize {
    club_mates_together(groups, entrants)
        .iter()
        .map(|(_, _, n)| n * (n - 1) / 2)
        .sum()
}

/// The fewest pairs of club-mates over every way to fill groups of these sizes around
/// the seeds.
fn fewest_pairs(entrants: &[Entrant], seeded: &[Vec<EntrantId>], sizes: &[usize]) -> usize {
    let free: Vec<EntrantId> = entrants
        .iter()
        .map(|e| e.id)
        .filter(|id| !seeded.iter().flatten().any(|s| s == id))
        .collect();
    let mut best = usize::MAX;
    let mut groups = seeded.to_vec();
    fn place(
        k: usize,
        free: &[EntrantId],
        groups: &mut Vec<Vec<EntrantId>>,
        sizes: &[usize],
        entrants: &[Entrant],
        best: &mut usize,
    ) {
        if k == free.len() {
            *best = (*best).min(pairs(groups, entrants));
            return;
        }
        for g in 0..groups.len() {
            if groups[g].len() < sizes[g] {
                groups[g].push(free[k]);
                place(k + 1, free, groups, sizes, entrants, best);
                groups[g].pop();
            }
        }
    }
    place(0, &free, &mut groups, sizes, entrants, &mut best);
    best
}

proptest! {
    #[test]
    fn no_draw_has_fewer_club_mates_together(
        clubs in prop::collection::vec(prop::option::weighted(0.8, 0u32..3), 4..10),
        count in 2usize..4,
        seeds in 0usize..3,
        seed in any::<u64>(),
    ) {
        prop_assume!(count <= clubs.len());
        let entrants = field(&clubs);
        let seed_ids: Vec<EntrantId> = (1..=seeds as u32).map(EntrantId).collect();
        let draw = draw_groups(&entrants, &seed_ids, count, seed);
        let sizes: Vec<usize> = draw.groups.iter().map(Vec::len).collect();
        let mut seeded = vec![Vec::new(); count];
        for (k, &s) in seed_ids.iter().enumerate() {
            seeded[snake(k, count)].push(s);
        }
        prop_assert_eq!(pairs(&draw.groups, &entrants), fewest_pairs(&entrants, &seeded, &sizes));
    }

    #[test]
    fn clubs_no_larger_than_the_group_count_are_always_apart(
        club_sizes in prop::collection::vec(1usize..9, 1..12),
        count in 2usize..9,
        seed in any::<u64>(),
    ) {
        // Dealing the entrants club by club round the groups is clash-free, so a draw
        // without club-mates together exists.
        let clubs: Vec<Option<u32>> = club_sizes
            .iter()
            .enumerate()
            .flat_map(|(c, &n)| std::iter::repeat_n(Some(c as u32), n.min(count)))
            .collect();
        prop_assume!(clubs.len() >= count);
        let entrants = field(&clubs);
        let draw = draw_groups(&entrants, &[], count, seed);
        prop_assert_eq!(club_mates_together(&draw.groups, &entrants), vec![]);
    }
}

#[test]
fn thirty_two_from_six_clubs_with_eight_seeds_draw_clubs_apart() {
    // The field organizers tried: clubs of 6, 6, 5, 5, 5, 5, eight seeds (one of each
    // club, then one more of each of the two clubs of six), one seed a group. The greedy
    // fill this replaced put two of one club in a group for 6 of 20 lots.
    let mut left = [6, 6, 5, 5, 5, 5];
    let mut ordered: Vec<Option<u32>> = Vec::new();
    while ordered.len() < 32 {
        for (c, n) in left.iter_mut().enumerate() {
            if *n > 0 {
                *n -= 1;
                ordered.push(Some(c as u32));
            }
        }
    }
    let entrants = field(&ordered);
    let seeds: Vec<EntrantId> = (1..=8).map(EntrantId).collect();
    for seed in 20260300..20260340 {
        let draw = draw_groups(&entrants, &seeds, 8, seed);
        assert_eq!(
            club_mates_together(&draw.groups, &entrants),
            vec![],
            "seed {seed}"
        );
    }
}
