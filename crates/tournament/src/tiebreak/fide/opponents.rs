//! The tiebreaks built on the opponents' scores: Buchholz, Fore Buchholz, the average
//! of the opponents' Buchholz, Sonneborn-Berger and Koya (C.07 §8–9).

use super::sheet::{Context, Slot, adjusted_score, dummy_score, sheet};
use super::{Edition, Fide};
use crate::tiebreak::{Explained, Part, SIXTEENTHS, sixteenths};
use crate::{EntrantId, Points, standings::Field};

/// One round's share of a value, before the cuts.
struct Contribution {
    part: Part,
    /// What "least significant" compares: the opponent's (or dummy's) score.
    significance: i64,
    /// From a voluntarily unplayed round: cut first (§16.5).
    voluntary: bool,
}

/// The score an entrant's round counts against: the opponent's adjusted score, or the
/// dummy's for an unplayed round.
fn opponent_value(
    field: &Field,
    ctx: &Context,
    id: EntrantId,
    slots: &[Slot],
    slot: &Slot,
    fore: bool,
) -> (Points, &'static str) {
    match slot.opponent {
        Some(o) if ctx.met(slot) => (
            adjusted_score(field, ctx, o, fore),
            "tiebreak.note.opponent_s_score_adjusted_for_unplayed_rounds",
        ),
        _ => (
            dummy_score(field, ctx, id, slots, slot, fore),
            match ctx.edition {
                Edition::E2012 => "tiebreak.note.unplayed_virtual_opponent",
                _ => "tiebreak.note.unplayed_dummy_opponent",
            },
        ),
    }
}

/// Cuts the least significant values (a voluntarily unplayed round's first, unless
/// its contribution is below the least significant one's, §16.5; 2012 cuts the
/// lowest) and the most significant ones. A cut round stays in the explanation at 0.
fn cut(mut all: Vec<Contribution>, fide: &Fide) -> Explained {
    let mut cut = Vec::new();
    for _ in 0..fide.cut_low {
        let least = all
            .iter()
            .enumerate()
            .min_by_key(|(_, c)| (c.significance, c.part.amount))
            .map(|(i, _)| i);
        let Some(least) = least else { break };
        let voluntary = (fide.edition != Edition::E2012)
            .then(|| {
                all.iter()
                    .enumerate()
                    .filter(|(_, c)| c.voluntary)
                    .min_by_key(|(_, c)| c.part.amount)
                    .map(|(i, _)| i)
            })
            .flatten();
        let pick = match voluntary {
            Some(v) if all[v].part.amount >= all[least].part.amount => v,
            _ => least,
        };
        cut.push(all.remove(pick));
    }
    for _ in 0..fide.cut_high {
        let most = all
            .iter()
            .enumerate()
            .max_by_key(|(_, c)| (c.significance, c.part.amount))
            .map(|(i, _)| i);
        let Some(most) = most else { break };
        cut.push(all.remove(most));
    }
    let mut parts: Vec<Part> = all.into_iter().map(|c| c.part).collect();
    parts.extend(cut.into_iter().map(|c| Part {
        amount: 0,
        note: "tiebreak.note.cut",
        ..c.part
    }));
    parts.sort_by_key(|p| p.round);
    Explained::from_parts(parts)
}

/// BH (§8.1) and FB (§8.3): the sum of the opponents' adjusted scores, each unplayed
/// round counting a dummy opponent.
pub fn buchholz(field: &Field, ctx: &Context, id: EntrantId, fore: bool, fide: &Fide) -> Explained {
    let slots = sheet(field, id, ctx.rounds);
    let all = slots
        .iter()
        .map(|slot| {
            let (score, note) = opponent_value(field, ctx, id, &slots, slot, fore);
            Contribution {
                part: Part {
                    round: Some(slot.round),
                    opponent: slot.opponent.filter(|_| ctx.met(slot)),
                    amount: sixteenths(score),
                    note,
                },
                significance: sixteenths(score),
                voluntary: slot.kind.voluntary(),
            }
        })
        .collect();
    cut(all, fide)
}

/// AOB (§8.2): the average of the Buchholz of the opponents met over the board, to
/// two decimals (values in hundredths).
pub fn average_buchholz(field: &Field, ctx: &Context, id: EntrantId) -> Explained {
    let total = Fide::new(super::Code::Bh, ctx.edition);
    let parts: Vec<Part> = sheet(field, id, ctx.rounds)
        .iter()
        .filter(|s| ctx.met(s))
        .filter_map(|s| {
            let o = s.opponent?;
            let bh = buchholz(field, ctx, o, false, &total).value;
            Some(Part {
                round: Some(s.round),
                opponent: Some(o),
                amount: bh * 100 / SIXTEENTHS,
                note: "tiebreak.note.opponent_s_buchholz",
            })
        })
        .collect();
    let n = parts.len() as i64;
    let sum: i64 = parts.iter().map(|p| p.amount).sum();
    Explained {
        value: crate::elo::round_half_up(sum, n.max(1)),
        parts,
    }
}

/// SB (§9.1): Σ the opponent's adjusted score × the share of a win scored against him;
/// an unplayed round counts its dummy opponent at the points it gave.
pub fn sonneborn_berger(field: &Field, ctx: &Context, id: EntrantId, fide: &Fide) -> Explained {
    let slots = sheet(field, id, ctx.rounds);
    let win = ctx.win.quarters().max(1) as i64;
    let all = slots
        .iter()
        .map(|slot| {
            let (score, note) = opponent_value(field, ctx, id, &slots, slot, false);
            let score = sixteenths(score);
            Contribution {
                part: Part {
                    round: Some(slot.round),
                    opponent: slot.opponent.filter(|_| ctx.met(slot)),
                    amount: score * slot.points.quarters() as i64 / win,
                    note,
                },
                significance: score,
                voluntary: slot.kind.voluntary(),
            }
        })
        .collect();
    cut(all, fide)
}

/// KS (§9.2): the points scored against the opponents who finished with at least half
/// the maximum score.
pub fn koya(field: &Field, ctx: &Context, id: EntrantId) -> Explained {
    let half = sixteenths(ctx.win * ctx.rounds as i32) / 2;
    let parts = sheet(field, id, ctx.rounds)
        .iter()
        .filter_map(|s| {
            let o = s.opponent?;
            (sixteenths(field.total(o)) >= half).then(|| Part {
                round: Some(s.round),
                opponent: Some(o),
                amount: sixteenths(s.points),
                note: "tiebreak.note.points_against_an_opponent_with_half_the_maximum_or_more",
            })
        })
        .collect();
    Explained::from_parts(parts)
}
