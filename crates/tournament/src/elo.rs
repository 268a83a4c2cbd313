//! The Elo tables of the FIDE Rating Regulations (B.02 §8): the expected score for a
//! rating difference (table 8.1b) and the rating difference for a fractional score
//! (table 8.1a), with the rating change of a rated event (§8.3) and the K factors.

use std::collections::BTreeMap;

use crate::EntrantId;
use crate::standings::Field;

/// Upper ends of the rating-difference bands of table 8.1b: a difference of at most
/// `BANDS[k]` expects `50 + k` hundredths for the higher rated; above the last, 100.
const BANDS: [u32; 50] = [
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145, 153, 162,
    170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344, 357, 374,
    391, 411, 432, 456, 484, 517, 559, 619, 735,
];

/// Table 8.1a: the rating difference for a fractional score of `50 + k` hundredths.
const DP: [i32; 51] = [
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158,
    166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366,
    383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
];

/// The expected score, in hundredths of a game, of a player rated `own` against one
/// rated `other` (table 8.1b, without the 400-point rule).
pub fn expected_hundredths(own: i32, other: i32) -> i32 {
    let difference = own.abs_diff(other);
    let band = BANDS
        .iter()
        .position(|&b| difference <= b)
        .unwrap_or(BANDS.len()) as i32;
    if own >= other { 50 + band } else { 50 - band }
}

/// The rating difference for a fractional score in hundredths (0–100, rounded).
pub fn difference_for(score_hundredths: i32) -> i32 {
    let p = score_hundredths.clamp(0, 100);
    if p >= 50 {
        DP[(p - 50) as usize]
    } else {
        -DP[(50 - p) as usize]
    }
}

/// The K factor (§8.3.3): 40 for a player under 18 at the end of the year rated under
/// 2300, 20 under 2400, 10 from 2400. (A new player's 40 until 30 games is not known
/// from one event: pass `--k 40` for such a list.)
pub fn k_factor(rating: u32, age: Option<u32>) -> u32 {
    match (rating, age) {
        (r, Some(a)) if a < 18 && r < 2300 => 40,
        (r, _) if r < 2400 => 20,
        _ => 10,
    }
}

/// One rated game's expected score in hundredths under the 400-point rule (§8.3.1: a
/// difference of more than 400 counts as 400).
pub fn expected_capped(own: u32, other: u32) -> i32 {
    let (own, other) = (own as i32, other as i32);
    let other = other.clamp(own - 400, own + 400);
    expected_hundredths(own, other)
}

/// A player's rating change over his rated games: K × (score − expected), rounded to
/// a whole point after summing (scores and expectations in hundredths).
pub fn change(k: u32, score_hundredths: i32, expected_hundredths: i32) -> i32 {
    // In hundredths of a rating point: round half away from zero to whole points.
    let hundredths = (k as i32) * (score_hundredths - expected_hundredths);
    hundredths.signum() * ((hundredths.abs() + 50) / 100)
}

/// A performance over `games` games against opponents whose ratings sum to
/// `ratings`, scoring `score_hundredths` (of a win): the average rating, and the
/// difference table 8.1a gives the fractional score (rounded to two decimals, halves
/// up). Their sum is the performance rating.
pub fn performance(ratings: i64, games: i64, score_hundredths: i64) -> (i64, i64) {
    let average = round_half_up(ratings, games);
    let fraction = round_half_up(score_hundredths, games) as i32;
    (average, i64::from(difference_for(fraction)))
}

/// Rounds `numerator / denominator` to the nearest whole number, halves up (FIDE's
/// averages of ratings).
pub fn round_half_up(numerator: i64, denominator: i64) -> i64 {
    if denominator == 0 {
        return 0;
    }
    (2 * numerator + denominator).div_euclid(2 * denominator)
}

/// Which K factor a rating list uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KChoice {
    /// One K for everyone (a club's own list).
    Fixed(u32),
    /// FIDE's, by each player's rating and age (§8.3.3).
    Fide,
}

/// One player's rating change over a rated event.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct RatingChange {
    pub entrant: EntrantId,
    pub rating: u32,
    pub k: u32,
    /// Rated games: played over the board against a rated opponent.
    pub games: u32,
    /// Points in those games, in hundredths of a win.
    pub score_hundredths: i32,
    /// Σ of each game's expected score (400-point rule), in hundredths.
    pub expected_hundredths: i32,
    pub change: i32,
    /// The tournament performance rating over those games (ARO + dp).
    pub performance: Option<i32>,
}

/// The rating change of every rated entrant of `field` over its games. `ages` gives
/// each player's age at the end of the event's year where the birth date is known.
pub fn rating_changes(
    field: &Field,
    ages: &BTreeMap<EntrantId, u32>,
    k: KChoice,
) -> Vec<RatingChange> {
    let (win, _) = field.scale();
    let win = win.quarters().max(1);
    field
        .entrants()
        .filter_map(|id| {
            let rating = field.rating(id)?;
            let games: Vec<(u32, i32)> = field
                .encounters(id)
                .iter()
                .filter(|e| e.played() && !e.unrated)
                .filter_map(|e| {
                    let o = field.rating(e.opponent()?)?;
                    Some((o, e.points.quarters() * 100 / win))
                })
                .collect();
            let score: i32 = games.iter().map(|g| g.1).sum();
            let expected: i32 = games.iter().map(|g| expected_capped(rating, g.0)).sum();
            let k = match k {
                KChoice::Fixed(k) => k,
                KChoice::Fide => k_factor(rating, ages.get(&id).copied()),
            };
            let n = games.len() as i64;
            let performance = (n > 0).then(|| {
                let ratings = games.iter().map(|g| i64::from(g.0)).sum();
                let (average, dp) = performance(ratings, n, i64::from(score));
                (average + dp) as i32
            });
            Some(RatingChange {
                entrant: id,
                rating,
                k,
                games: games.len() as u32,
                score_hundredths: score,
                expected_hundredths: expected,
                change: change(k, score, expected),
                performance,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_expected_score_follows_table_8_1b() {
        // Band edges read from the table: 0–3 → .50, 4–10 → .51, 92–98 → .63,
        // 392–411 → .92, above 735 → 1.00.
        assert_eq!(expected_hundredths(2003, 2000), 50);
        assert_eq!(expected_hundredths(2004, 2000), 51);
        assert_eq!(expected_hundredths(2098, 2000), 63);
        assert_eq!(expected_hundredths(2000, 2098), 37);
        assert_eq!(expected_hundredths(2400, 2000), 92);
        assert_eq!(expected_hundredths(2800, 2000), 100);
        // The 400-point rule: 800 apart counts as 400 apart.
        assert_eq!(expected_capped(2800, 2000), 92);
    }

    #[test]
    fn the_rating_difference_follows_table_8_1a() {
        assert_eq!(difference_for(100), 800);
        assert_eq!(difference_for(75), 193);
        assert_eq!(difference_for(50), 0);
        assert_eq!(difference_for(30), -149);
        assert_eq!(difference_for(0), -800);
    }

    #[test]
    fn a_player_rated_2000_beats_2100_draws_1900_loses_to_2400() {
        // Expected (table 8.1b, 400-point rule): v 2100 (−100) .36, v 1900 (+100)
        // .64, v 2400 (−400) .08 → 1.08; scored 1.5: K 20 × 0.42 = +8.4 → +8.
        use crate::Points;
        use crate::standings::{Colour, Encounter, Outcome};
        let mut field = Field::new((1..=4).map(EntrantId));
        field.set_scale(Points::whole(1), Points::half());
        for (id, r) in [(1, 2000), (2, 2100), (3, 1900), (4, 2400)] {
            field.set_rating(EntrantId(id), r);
        }
        for (round, opponent, points, outcome) in [
            (1, 2, Points::whole(1), Outcome::Win),
            (2, 3, Points::half(), Outcome::Draw),
            (3, 4, Points::ZERO, Outcome::Loss),
        ] {
            let e = Encounter::game(round, EntrantId(opponent), Colour::Red, points, outcome);
            field.add(EntrantId(1), e);
        }
        let changes = rating_changes(&field, &BTreeMap::new(), KChoice::Fide);
        let first = changes.iter().find(|c| c.entrant == EntrantId(1)).unwrap();
        assert_eq!(
            (
                first.games,
                first.score_hundredths,
                first.expected_hundredths,
                first.k,
                first.change
            ),
            (3, 150, 108, 20, 8)
        );
        // ARO 2133.3 → 2133; 50 % → + 0.
        assert_eq!(first.performance, Some(2133));
        let club = rating_changes(&field, &BTreeMap::new(), KChoice::Fixed(40));
        assert_eq!(
            club.iter()
                .find(|c| c.entrant == EntrantId(1))
                .unwrap()
                .change,
            17
        );
    }

    #[test]
    fn rating_change_and_k() {
        // 2 points from 3 games expecting 1.4: 20 × 0.6 = +12.
        assert_eq!(change(20, 200, 140), 12);
        assert_eq!(change(10, 50, 92), -4);
        assert_eq!(k_factor(2250, Some(15)), 40);
        assert_eq!(k_factor(2250, Some(30)), 20);
        assert_eq!(k_factor(2450, None), 10);
        assert_eq!(round_half_up(5, 2), 3);
        assert_eq!(round_half_up(9_999, 5), 2000);
    }
}
