//! DE, the direct encounter (C.07 §6): the tied entrants' games among themselves.
//! Where they have not all met, an entrant goes ahead only if no result of the games
//! missing could bring another to his score; those still tied are ranked again among
//! themselves alone.

use std::collections::BTreeMap;

use super::sheet::{Context, sheet};
use crate::EntrantId;
use crate::standings::Field;
use crate::tiebreak::{Explained, Part, SIXTEENTHS, sixteenths};

/// Points (in quarters) each scored against the others of `group`, and the most each
/// could have had had every game missing between them been won.
fn scores(
    field: &Field,
    ctx: &Context,
    group: &[EntrantId],
) -> (BTreeMap<EntrantId, i32>, BTreeMap<EntrantId, i32>) {
    let mut actual = BTreeMap::new();
    let mut most = BTreeMap::new();
    for &id in group {
        let slots = sheet(field, id, ctx.rounds);
        let mut met = Vec::new();
        let mut points = 0;
        for s in slots.iter().filter(|s| ctx.met(s)) {
            if let Some(o) = s.opponent.filter(|o| *o != id && group.contains(o)) {
                points += s.points.quarters();
                met.push(o);
            }
        }
        let missing = group
            .iter()
            .filter(|&&o| o != id && !met.contains(&o))
            .count() as i32;
        actual.insert(id, points);
        most.insert(id, points + missing * ctx.win.quarters());
    }
    (actual, most)
}

/// The tied entrants in blocks, best first; entrants in one block remain tied.
fn order(field: &Field, ctx: &Context, group: Vec<EntrantId>) -> Vec<Vec<EntrantId>> {
    if group.len() <= 1 {
        return vec![group];
    }
    let (actual, most) = scores(field, ctx, &group);
    let mut rest = group.clone();
    rest.sort_by_key(|id| (std::cmp::Reverse(actual[id]), *id));
    let mut blocks = Vec::new();
    while !rest.is_empty() {
        let top = actual[&rest[0]];
        let k = rest.iter().take_while(|id| actual[id] == top).count();
        // The block goes ahead only if nobody below could reach its score.
        let definite = rest[k..].iter().all(|id| most[id] < top);
        if !definite || k == rest.len() {
            blocks.push(std::mem::take(&mut rest));
            break;
        }
        blocks.push(rest.drain(..k).collect());
    }
    if blocks.len() == 1 {
        return blocks;
    }
    blocks
        .into_iter()
        .flat_map(|b| order(field, ctx, b))
        .collect()
}

/// Each tied entrant's place among them (1 first; entrants still tied share one), as
/// whole points in sixteenths so that the games' points explain it in one unit.
pub fn direct_encounter(field: &Field, ctx: &Context, tied: &[EntrantId]) -> Vec<Explained> {
    let blocks = order(field, ctx, tied.to_vec());
    let mut place = BTreeMap::new();
    let mut next = 1;
    for block in &blocks {
        for id in block {
            place.insert(*id, next);
        }
        next += block.len() as i64;
    }
    tied.iter()
        .map(|&id| {
            let parts: Vec<Part> = sheet(field, id, ctx.rounds)
                .iter()
                .filter(|s| ctx.met(s))
                .filter_map(|s| {
                    let o = s.opponent.filter(|o| tied.contains(o))?;
                    Some(Part {
                        round: Some(s.round),
                        opponent: Some(o),
                        amount: sixteenths(s.points),
                        note: "tiebreak.note.points_against_a_tied_entrant",
                    })
                })
                .collect();
            Explained {
                value: place[&id] * SIXTEENTHS,
                parts,
            }
        })
        .collect()
}
