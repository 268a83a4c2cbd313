//! A match's score from its games, seat by seat: the games won (draws as halves, a 0-0
//! as nothing) of a multi-game match, or the game points of a team match, growing as
//! its boards come in.

use crate::model::{Competition, Match};
use crate::{GameRecord, Points};

/// The score of a match of several games or boards so far; `None` before its first
/// result.
pub fn match_score(c: &Competition, m: &Match) -> Option<[Points; 2]> {
    // A team match's score is over its boards; extra games (加赛) only decide a tie.
    let boards = c.team_boards.unwrap_or(u32::MAX);
    let played: Vec<GameRecord> = m
        .games
        .iter()
        .filter(|g| g.board <= boards)
        .filter_map(|g| g.record_by_match_seat())
        .collect();
    if played.is_empty() {
        return None;
    }
    let mut score = [Points::ZERO; 2];
    for record in &played {
        let points = if c.is_team() {
            let p = c.scoring.score(record, None).ok()?;
            [p[0], p[1]]
        } else {
            let seating = c.seating_of(m);
            crate::matches::half_points(record.effective(seating), seating)
                .map(|h| Points::from_quarters(h as i32 * 2))
        };
        score = [score[0] + points[0], score[1] + points[1]];
    }
    Some(score)
}
