//! The tiebreaks built on the entrant's own record (C.07 §7) and data (2026: TPN,
//! RTNG).

use super::sheet::{Context, Kind, sheet};
use crate::EntrantId;
use crate::standings::{Colour, Field, Outcome};
use crate::tiebreak::{Explained, Part, SIXTEENTHS};

fn count(round: u32, note: &'static str) -> Part {
    Part {
        round: Some(round),
        opponent: None,
        amount: 1,
        note,
    }
}

/// WIN (§7.1): rounds in which the entrant scored a win's points, played or not.
pub fn wins(field: &Field, ctx: &Context, id: EntrantId) -> Explained {
    Explained::from_parts(
        sheet(field, id, ctx.rounds)
            .iter()
            .filter(|s| s.points >= ctx.win)
            .map(|s| count(s.round, "tiebreak.note.a_win_s_points"))
            .collect(),
    )
}

/// WON (§7.2): games won over the board.
pub fn won(field: &Field, ctx: &Context, id: EntrantId) -> Explained {
    Explained::from_parts(
        sheet(field, id, ctx.rounds)
            .iter()
            .filter(|s| ctx.played(s, false) && s.outcome == Outcome::Win)
            .map(|s| count(s.round, "tiebreak.note.won_over_the_board"))
            .collect(),
    )
}

/// BPG and BWG (§7.3, §7.4): games played (won) with black, over the board.
pub fn black(field: &Field, ctx: &Context, id: EntrantId, won: bool) -> Explained {
    Explained::from_parts(
        sheet(field, id, ctx.rounds)
            .iter()
            .filter(|s| s.kind == Kind::Played && s.colour == Some(Colour::Black))
            .filter(|s| !won || s.outcome == Outcome::Win)
            .map(|s| {
                count(
                    s.round,
                    if won {
                        "tiebreak.note.won_with_black"
                    } else {
                        "tiebreak.note.played_with_black"
                    },
                )
            })
            .collect(),
    )
}

/// REP (GE before 2026, §7.6): rounds the entrant was available for: not a forfeit
/// loss, not a bye asked for, not an absence.
pub fn elected(field: &Field, ctx: &Context, id: EntrantId) -> Explained {
    Explained::from_parts(
        sheet(field, id, ctx.rounds)
            .iter()
            .filter(|s| !s.kind.voluntary())
            .map(|s| count(s.round, "tiebreak.note.available_to_play"))
            .collect(),
    )
}

/// STD (2026, §7.7): a point for each round scoring more than the scheduled opponent
/// (without one: more than a draw), half a point for the same.
pub fn standard(field: &Field, ctx: &Context, id: EntrantId) -> Explained {
    let parts = sheet(field, id, ctx.rounds)
        .iter()
        .filter_map(|s| {
            let other = match s.opponent {
                Some(o) => field
                    .encounters(o)
                    .iter()
                    .find(|e| e.round == s.round && e.opponent() == Some(id))
                    .map_or(crate::Points::ZERO, |e| e.points),
                None => ctx.draw,
            };
            let amount = match s.points.cmp(&other) {
                std::cmp::Ordering::Greater => SIXTEENTHS,
                std::cmp::Ordering::Equal => SIXTEENTHS / 2,
                std::cmp::Ordering::Less => return None,
            };
            Some(Part {
                round: Some(s.round),
                opponent: s.opponent,
                amount,
                note: "tiebreak.note.scored_more_than_the_opponent_half_as_much",
            })
        })
        .collect();
    Explained::from_parts(parts)
}

/// TPN (2026, §7.8): the pairing number (the registration number), lowest first.
pub fn pairing_number(id: EntrantId) -> Explained {
    Explained {
        value: i64::from(id.0),
        parts: Vec::new(),
    }
}

/// RTNG (2026, §10.6): the entrant's rating, highest first (unrated: 0).
pub fn rating(field: &Field, id: EntrantId) -> Explained {
    Explained {
        value: i64::from(field.rating(id).unwrap_or(0)),
        parts: Vec::new(),
    }
}
