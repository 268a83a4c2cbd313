//! The event's final ranking across its stages, as the prize-giving reads it: the last
//! stage's places first (冠军, 亚军, 季军 …), then those who went out in the stage
//! before, by the place they reached there, and so on back to the first stage. Those
//! who reached the same place in different groups share the places they fill (two
//! groups' third places: 5–6).

use std::collections::BTreeSet;

use serde::Serialize;

use tournament::Competition;

use crate::views::StandingsOnce;
use crate::{Event, Result};

/// One entrant's place in the whole event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FinalPlace {
    /// The place, shared from `first` to `last` when several reached the same one.
    pub first: u32,
    pub last: u32,
    pub id: u32,
    pub name: String,
    pub club: Option<String>,
    /// The stage (1-based) whose standings decided this place.
    pub stage: usize,
    /// The points it had there (none in a knockout): what `--points` club totals add.
    #[serde(skip)]
    pub points: Option<tournament::Points>,
}

impl Event {
    /// The final ranking: every entrant of a drawn stage, once, best first.
    pub fn final_ranking(&self) -> Result<Vec<FinalPlace>> {
        final_ranking_of(&*self.competition()?)
    }
}

/// The final ranking of a competition: every entrant of a drawn stage, once, best
/// first; those whose games were annulled have no place.
pub(crate) fn final_ranking_of(c: &Competition) -> Result<Vec<FinalPlace>> {
    final_ranking_with(c, &StandingsOnce::default())
}

/// [`final_ranking_of`], the stages' standings taken from `standings`.
pub(crate) fn final_ranking_with(
    c: &Competition,
    standings: &StandingsOnce,
) -> Result<Vec<FinalPlace>> {
    let drawn = crate::select::drawn_stages(c);
    let mut placed = BTreeSet::new();
    let mut out = Vec::new();
    let mut next = 1;
    for &stage in drawn.iter().rev() {
        let table = standings.of(c, stage)?;
        let mut rows: Vec<_> = table
            .rows
            .iter()
            .filter(|r| !placed.contains(&r.id) && r.withdrawn != Some("annulled"))
            .collect();
        // By the place reached in its group; a place reached in several groups is
        // one shared place here.
        rows.sort_by_key(|r| r.rank);
        let mut at = 0;
        while at < rows.len() {
            let rank = rows[at].rank;
            let same = rows[at..].iter().take_while(|r| r.rank == rank).count();
            let last = next + same as u32 - 1;
            for r in &rows[at..at + same] {
                placed.insert(r.id);
                out.push(FinalPlace {
                    first: next,
                    last,
                    id: r.id,
                    name: r.name.clone(),
                    club: r.club.clone(),
                    stage: stage + 1,
                    points: r.points,
                });
            }
            next = last + 1;
            at += same;
        }
    }
    Ok(out)
}
