//! The tiebreaks built on ratings (C.07 §10): the opponents' average, the performance
//! ratings and their averages. Only games played over the board with rated opponents
//! count.

use super::Fide;
use super::sheet::{Context, sheet};
use crate::EntrantId;
use crate::elo::{expected_hundredths, round_half_up};
use crate::standings::Field;
use crate::tiebreak::{Explained, Part};

/// The rated opponents met over the board, with the share of a win scored against
/// each (in hundredths).
fn rated_games(field: &Field, ctx: &Context, id: EntrantId) -> Vec<(u32, EntrantId, i64, i64)> {
    let win = ctx.win.quarters().max(1) as i64;
    sheet(field, id, ctx.rounds)
        .iter()
        .filter(|s| ctx.played(s, true))
        .filter_map(|s| {
            let o = s.opponent?;
            let rating = field.rating(o)?;
            Some((
                s.round,
                o,
                i64::from(rating),
                s.points.quarters() as i64 * 100 / win,
            ))
        })
        .collect()
}

fn rating_part(round: u32, opponent: EntrantId, rating: i64, note: &'static str) -> Part {
    Part {
        round: Some(round),
        opponent: Some(opponent),
        amount: rating,
        note,
    }
}

/// ARO (§10.1): the opponents' average rating, rounded; cuts drop the lowest (and, for
/// the median, the highest) ratings.
pub fn average_rating(field: &Field, ctx: &Context, id: EntrantId, fide: &Fide) -> Explained {
    let mut games = rated_games(field, ctx, id);
    games.sort_by_key(|g| g.2);
    let low = usize::from(fide.cut_low).min(games.len());
    let high = usize::from(fide.cut_high).min(games.len() - low);
    let kept = &games[low..games.len() - high];
    let sum: i64 = kept.iter().map(|g| g.2).sum();
    let mut parts: Vec<Part> = kept
        .iter()
        .map(|&(r, o, rating, _)| rating_part(r, o, rating, "tiebreak.note.opponent_s_rating"))
        .collect();
    parts.sort_by_key(|p| p.round);
    Explained {
        value: round_half_up(sum, kept.len().max(1) as i64),
        parts,
    }
}

/// TPR (§10.2): the opponents' average rating plus the rating difference of the
/// fractional score (table 8.1a).
pub fn performance(field: &Field, ctx: &Context, id: EntrantId) -> Explained {
    let games = rated_games(field, ctx, id);
    if games.is_empty() {
        return Explained {
            value: 0,
            parts: Vec::new(),
        };
    }
    let score: i64 = games.iter().map(|g| g.3).sum();
    let ratings: i64 = games.iter().map(|g| g.2).sum();
    let (average, dp) = crate::elo::performance(ratings, games.len() as i64, score);
    let mut parts: Vec<Part> = games
        .iter()
        .map(|&(r, o, rating, _)| rating_part(r, o, rating, "tiebreak.note.opponent_s_rating"))
        .collect();
    parts.push(Part {
        round: None,
        opponent: None,
        amount: dp,
        note: "tiebreak.note.rating_difference_of_the_fractional_score_table_8_1a",
    });
    Explained {
        value: average + dp,
        parts,
    }
}

/// PTP (§10.3): the lowest rating whose expected score against the opponents met
/// reaches the score made; no point scored: the lowest rating less 800, every point:
/// the highest plus 800.
pub fn perfect(field: &Field, ctx: &Context, id: EntrantId) -> Explained {
    let games = rated_games(field, ctx, id);
    let parts = games
        .iter()
        .map(|&(r, o, rating, _)| rating_part(r, o, rating, "tiebreak.note.opponent_s_rating"))
        .collect();
    let (Some(lowest), Some(highest)) = (
        games.iter().map(|g| g.2).min(),
        games.iter().map(|g| g.2).max(),
    ) else {
        return Explained {
            value: 0,
            parts: Vec::new(),
        };
    };
    let score: i64 = games.iter().map(|g| g.3).sum();
    let value = if score == 0 {
        lowest - 800
    } else if score == 100 * games.len() as i64 {
        highest + 800
    } else {
        let expected = |r: i64| -> i64 {
            games
                .iter()
                .map(|g| i64::from(expected_hundredths(r as i32, g.2 as i32)))
                .sum()
        };
        // The expectation never falls as the rating rises: the first rating that
        // reaches the score.
        let (mut lo, mut hi) = (lowest - 800, highest + 800);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if expected(mid) >= score {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        lo
    };
    Explained { value, parts }
}

/// APRO and APPO (§10.4, §10.5): the average of the opponents' TPR or PTP, over the
/// games played.
pub fn average_of(
    field: &Field,
    ctx: &Context,
    id: EntrantId,
    of: fn(&Field, &Context, EntrantId) -> Explained,
) -> Explained {
    let parts: Vec<Part> = sheet(field, id, ctx.rounds)
        .iter()
        .filter(|s| ctx.played(s, true))
        .filter_map(|s| {
            let o = s.opponent?;
            Some(rating_part(
                s.round,
                o,
                of(field, ctx, o).value,
                "tiebreak.note.opponent_s_performance",
            ))
        })
        .collect();
    let sum = parts.iter().map(|p| p.amount).sum();
    Explained {
        value: round_half_up(sum, parts.len().max(1) as i64),
        parts,
    }
}
