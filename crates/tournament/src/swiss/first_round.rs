//! Round 1: the field ordered by rating (the unrated after them, in an order drawn by
//! lot), laid out as the stage says, colours by lot and then alternating by board.

use super::FirstRound;
use crate::standings::Colour;
use crate::{DrawSeed, Entrant, EntrantId, Lots};

/// The field in ranking order for round 1: seeds first, then by rating (higher first,
/// registration order among equals), then the unrated in an order drawn by lot.
pub fn ranking_order(entrants: &[Entrant], seed: DrawSeed) -> Vec<EntrantId> {
    let mut ranked: Vec<&Entrant> = entrants
        .iter()
        .filter(|e| e.seed.is_some() || e.rating.is_some())
        .collect();
    ranked.sort_by_key(|e| {
        (
            e.seed.unwrap_or(u32::MAX),
            std::cmp::Reverse(e.rating.unwrap_or(0)),
            e.id,
        )
    });
    let mut unrated: Vec<EntrantId> = entrants
        .iter()
        .filter(|e| e.seed.is_none() && e.rating.is_none())
        .map(|e| e.id)
        .collect();
    Lots::new(seed).shuffle(&mut unrated);
    ranked.into_iter().map(|e| e.id).chain(unrated).collect()
}

/// The lot of round `round`: round 1's, or a later round's for two players who have no
/// colours yet (late entries).
pub(crate) fn round_seed(seed: DrawSeed, round: u32) -> DrawSeed {
    seed ^ u64::from(round).wrapping_mul(0x2545_F491_4F6C_DD1D)
}

/// The colour of the higher-ranked player on board `board` (1-based) of round 1: one
/// lot for board 1, alternating after it.
pub fn lot_colour(seed: DrawSeed, board: u32) -> Colour {
    let first_red = Lots::new(seed ^ 0x5157_4953_5331).index(2) == 0;
    if first_red == (board % 2 == 1) {
        Colour::Red
    } else {
        Colour::Black
    }
}

/// Round 1's boards as (red, black) over `order` (ranking order), and the bye (the
/// lowest-ranked, when the field is odd). With `clubs` (each entrant's club, in the
/// order's order) club-mates are kept apart where the layout allows it.
pub fn first_round(
    order: &[EntrantId],
    layout: FirstRound,
    seed: DrawSeed,
    clubs: Option<&[Option<&str>]>,
) -> (Vec<(EntrantId, EntrantId)>, Option<EntrantId>) {
    let mut field = order.to_vec();
    let bye = (field.len() % 2 == 1).then(|| field.pop()).flatten();
    let m = field.len();
    let pairs: Vec<(usize, usize)> = match layout {
        FirstRound::Fold => (0..m / 2).map(|i| (i, i + m / 2)).collect(),
        FirstRound::TopBottom => (0..m / 2).map(|i| (i, m - 1 - i)).collect(),
        FirstRound::Adjacent => (0..m / 2).map(|i| (2 * i, 2 * i + 1)).collect(),
        FirstRound::Random => {
            let mut shuffled: Vec<usize> = (0..m).collect();
            Lots::new(seed.rotate_left(17)).shuffle(&mut shuffled);
            let mut pairs: Vec<(usize, usize)> = shuffled
                .chunks(2)
                .map(|c| (c[0].min(c[1]), c[0].max(c[1])))
                .collect();
            pairs.sort();
            pairs
        }
    };
    let mut pairs = pairs;
    if let Some(clubs) = clubs {
        part_club_mates(&mut pairs, |k| clubs.get(k).copied().flatten());
    }
    let boards = pairs
        .into_iter()
        .enumerate()
        .map(
            |(k, (hi, lo))| match lot_colour(round_seed(seed, 1), k as u32 + 1) {
                Colour::Red => (field[hi], field[lo]),
                Colour::Black => (field[lo], field[hi]),
            },
        )
        .collect();
    (boards, bye)
}

/// Exchanges partners between boards so that no board pairs club-mates, where another
/// board can give its partner without a clash of its own: the nearest boards first, so
/// the layout changes as little as it can (a fold stays upper half against lower).
fn part_club_mates<'a>(pairs: &mut [(usize, usize)], club: impl Fn(usize) -> Option<&'a str>) {
    let mates = |a: usize, b: usize| club(a).is_some() && club(a) == club(b);
    for k in 0..pairs.len() {
        if !mates(pairs[k].0, pairs[k].1) {
            continue;
        }
        let nearest = (1..pairs.len()).flat_map(|d| [k.checked_add(d), k.checked_sub(d)]);
        for j in nearest.flatten().filter(|&j| j < pairs.len()) {
            if !mates(pairs[k].0, pairs[j].1) && !mates(pairs[j].0, pairs[k].1) {
                let (low_k, low_j) = (pairs[k].1, pairs[j].1);
                pairs[k].1 = low_j;
                pairs[j].1 = low_k;
                break;
            }
        }
    }
    // The higher-ranked of each board first, as the colour lot expects.
    for p in pairs.iter_mut() {
        *p = (p.0.min(p.1), p.0.max(p.1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(n: u32) -> Vec<EntrantId> {
        (1..=n).map(EntrantId).collect()
    }

    /// The pairs of a layout with the colours taken away.
    fn pairs(layout: FirstRound, n: u32) -> Vec<(u32, u32)> {
        let (boards, _) = first_round(&ids(n), layout, 7, None);
        boards
            .into_iter()
            .map(|(a, b)| (a.0.min(b.0), a.0.max(b.0)))
            .collect()
    }

    #[test]
    fn the_layouts_of_the_rules() {
        assert_eq!(pairs(FirstRound::Fold, 8), [(1, 5), (2, 6), (3, 7), (4, 8)]);
        assert_eq!(
            pairs(FirstRound::TopBottom, 8),
            [(1, 8), (2, 7), (3, 6), (4, 5)]
        );
        assert_eq!(
            pairs(FirstRound::Adjacent, 8),
            [(1, 2), (3, 4), (5, 6), (7, 8)]
        );
        let mut random: Vec<u32> = pairs(FirstRound::Random, 8)
            .into_iter()
            .flat_map(|(a, b)| [a, b])
            .collect();
        random.sort();
        assert_eq!(random, (1..=8).collect::<Vec<_>>());
    }

    #[test]
    fn club_mates_on_fold_boards_exchange_with_the_nearest_board() {
        // Eight in ranking order, clubs 甲 乙 丙 丁 甲 乙 丙 丁: every fold board
        // (1–5, 2–6, 3–7, 4–8) pairs club-mates.
        let clubs = ["甲", "乙", "丙", "丁", "甲", "乙", "丙", "丁"].map(Some);
        let (boards, _) = first_round(&ids(8), FirstRound::Fold, 7, Some(&clubs));
        let mut parted: Vec<(u32, u32)> = boards
            .into_iter()
            .map(|(a, b)| (a.0.min(b.0), a.0.max(b.0)))
            .collect();
        parted.sort();
        // Upper half still meets lower half, neighbours' partners exchanged.
        assert_eq!(parted, [(1, 6), (2, 5), (3, 8), (4, 7)]);
        // Without avoidance, the plain fold.
        assert_eq!(pairs(FirstRound::Fold, 8), [(1, 5), (2, 6), (3, 7), (4, 8)]);
        // A club too large to part: as few clashes as the exchanges allow, and nothing
        // is lost (everyone paired once).
        let clubs = ["甲", "甲", "甲", "乙", "甲", "甲", "丙", "甲"].map(Some);
        let (boards, _) = first_round(&ids(8), FirstRound::Fold, 7, Some(&clubs));
        let clashes = boards
            .iter()
            .filter(|(a, b)| clubs[a.0 as usize - 1] == clubs[b.0 as usize - 1])
            .count();
        assert_eq!(clashes, 2, "{boards:?}");
        let mut all: Vec<u32> = boards.iter().flat_map(|(a, b)| [a.0, b.0]).collect();
        all.sort();
        assert_eq!(all, (1..=8).collect::<Vec<_>>());
    }

    #[test]
    fn an_odd_field_gives_the_lowest_the_bye_and_colours_alternate() {
        let (boards, bye) = first_round(&ids(9), FirstRound::Fold, 7, None);
        assert_eq!(bye, Some(EntrantId(9)));
        let higher_red: Vec<bool> = boards.iter().map(|(r, b)| r.0 < b.0).collect();
        assert_eq!(higher_red.len(), 4);
        for pair in higher_red.windows(2) {
            assert_ne!(pair[0], pair[1], "colours alternate board by board");
        }
    }

    #[test]
    fn the_unrated_follow_in_an_order_drawn_by_lot() {
        let field: Vec<Entrant> = (1..=6)
            .map(|i| {
                let e = Entrant::new(i, format!("{i}"));
                if i % 2 == 0 {
                    e.with_rating(2000 + i)
                } else {
                    e
                }
            })
            .collect();
        let order = ranking_order(&field, 3);
        assert_eq!(&order[..3], &[EntrantId(6), EntrantId(4), EntrantId(2)]);
        let mut rest: Vec<u32> = order[3..].iter().map(|e| e.0).collect();
        rest.sort();
        assert_eq!(rest, [1, 3, 5]);
        assert_eq!(
            order,
            ranking_order(&field, 3),
            "the same seed, the same order"
        );
    }
}
