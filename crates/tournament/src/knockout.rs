//! Knockout brackets: seeded (standard positions, byes to the top seeds) or drawn
//! (seed bands drawn into their lines, the unseeded drawn into the rest with clubs
//! kept apart), then round by round to the champion.

use crate::seeding::{bracket_size, drawn_seed_lines, seed_band, seed_lines};
use std::collections::{HashMap, HashSet};

use crate::separation::LineSpreader;
use crate::{DrawSeed, Entrant, EntrantId, Lots};

/// The first-round lines of a knockout: `None` is a bye.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Bracket {
    pub lines: Vec<Option<EntrantId>>,
    /// The seed of the draw, when lots were drawn.
    pub draw_seed: Option<DrawSeed>,
}

/// One first-round match: the two lines `2i` and `2i + 1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Slot {
    pub board: u32,
    pub top: Option<EntrantId>,
    pub bottom: Option<EntrantId>,
}

impl Bracket {
    pub fn size(&self) -> usize {
        self.lines.len()
    }

    pub fn rounds(&self) -> u32 {
        self.size().trailing_zeros()
    }

    pub fn first_round(&self) -> Vec<Slot> {
        self.lines
            .chunks(2)
            .enumerate()
            .map(|(i, pair)| Slot {
                board: i as u32 + 1,
                top: pair[0],
                bottom: pair[1],
            })
            .collect()
    }
}

/// Standard seeding: `order[0]` is seed 1. Byes go to the top seeds.
pub fn seeded_bracket(order: &[EntrantId]) -> Bracket {
    let size = bracket_size(order.len());
    let lines = seed_lines(size)
        .into_iter()
        .map(|s| order.get(s as usize - 1).copied())
        .collect();
    Bracket {
        lines,
        draw_seed: None,
    }
}

/// A drawn bracket: seeds 1 and 2 at the ends, seeds 3–4, 5–8, ... drawn into their
/// bands' lines, byes opposite the top seeds, the unseeded drawn into the rest with
/// entrants of one club spread over halves, then quarters, as far as possible.
/// `seeds` are the seeded entrants in seed order.
pub fn drawn_bracket(entrants: &[Entrant], seeds: &[EntrantId], seed: DrawSeed) -> Bracket {
    let mut lots = Lots::new(seed);
    let n = entrants.len();
    let size = bracket_size(n);
    let standard = drawn_seed_lines(size);
    let mut lines: Vec<Option<EntrantId>> = vec![None; size];
    let mut free: Vec<bool> = standard.iter().map(|&s| s as usize <= n).collect();
    // Seeds, band by band, each band shuffled over its standard lines.
    let registered: HashSet<EntrantId> = entrants.iter().map(|e| e.id).collect();
    let seeds: Vec<EntrantId> = seeds
        .iter()
        .copied()
        .filter(|s| registered.contains(s))
        .take(n)
        .collect();
    let mut band_start = 0;
    while band_start < seeds.len() {
        let band = seed_band(band_start as u32 + 1);
        let band_end = (band_start..seeds.len())
            .take_while(|&k| seed_band(k as u32 + 1) == band)
            .last()
            .map_or(band_start, |k| k + 1);
        let mut band_lines: Vec<usize> = (0..size)
            .filter(|&l| seed_band(standard[l]) == band && (standard[l] as usize) <= n)
            .collect();
        let mut members: Vec<EntrantId> = seeds[band_start..band_end].to_vec();
        lots.shuffle(&mut members);
        // A band only partly seeded: its seeds are drawn over all of its lines.
        lots.shuffle(&mut band_lines);
        // Byes go to the top seeds: in a band that has both, those of its seeds whose
        // number is within the byes are drawn over the lines facing a bye.
        let byes = size - n;
        let bye_seed =
            |id: &EntrantId| seeds.iter().position(|s| s == id).is_some_and(|k| k < byes);
        members.sort_by_key(|id| !bye_seed(id));
        band_lines.sort_by_key(|&l| standard[l ^ 1] as usize <= n);
        for (id, line) in members.into_iter().zip(band_lines) {
            lines[line] = Some(id);
            free[line] = false;
        }
        band_start = band_end;
    }
    // The unseeded: largest clubs first, one club at a time, each entrant where its
    // club is thinnest.
    let mut spreader = LineSpreader::new(&free);
    // Clubs as dense numbers (0 = no club), by first appearance.
    let mut club_index: HashMap<&str, usize> = HashMap::new();
    let club: Vec<usize> = entrants
        .iter()
        .map(|e| {
            e.club.as_deref().map_or(0, |c| {
                let next = club_index.len() + 1;
                *club_index.entry(c).or_insert(next)
            })
        })
        .collect();
    let mut club_size = vec![0usize; club_index.len() + 1];
    for &c in &club {
        club_size[c] += 1;
    }
    let position: HashMap<EntrantId, usize> = entrants
        .iter()
        .enumerate()
        .map(|(i, e)| (e.id, i))
        .collect();
    let mut seed_lines_of_club: HashMap<usize, Vec<usize>> = HashMap::new();
    for (line, id) in lines.iter().enumerate() {
        if let Some(c) = id
            .and_then(|id| position.get(&id))
            .map(|&i| club[i])
            .filter(|&c| c > 0)
        {
            seed_lines_of_club.entry(c).or_default().push(line);
        }
    }
    let seeded: HashSet<EntrantId> = seeds.iter().copied().collect();
    let mut unseeded: Vec<usize> = (0..n)
        .filter(|&i| !seeded.contains(&entrants[i].id))
        .collect();
    lots.shuffle(&mut unseeded);
    unseeded.sort_by_key(|&i| {
        (
            std::cmp::Reverse(if club[i] == 0 { 0 } else { club_size[club[i]] }),
            club[i],
        )
    });
    for (k, &i) in unseeded.iter().enumerate() {
        let c = club[i];
        if k == 0 || c == 0 || c != club[unseeded[k - 1]] {
            spreader.begin_club(seed_lines_of_club.get(&c).cloned().unwrap_or_default());
        }
        let e = &entrants[i];
        let line = spreader
            .place(&mut lots)
            .expect("a bracket has a line for every entrant");
        lines[line] = Some(e.id);
    }
    Bracket {
        lines,
        draw_seed: Some(seed),
    }
}

/// A final place or a shared range of places, e.g. 5–8 for the quarter-final losers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
pub struct Place {
    pub first: u32,
    pub last: u32,
}

impl std::fmt::Display for Place {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.first == self.last {
            write!(f, "{}", self.first)
        } else {
            write!(f, "{}–{}", self.first, self.last)
        }
    }
}

/// Knockout placings from the losers of each round (round 1 first) and the champion;
/// `third_place` is the (winner, loser) of the third-place match when it was played.
/// Those eliminated in the same round share the places of that round, and only those:
/// with byes a round has fewer losers than places (six entrants: 1, 2, 3–4, 5–6).
pub fn placings(
    losers_by_round: &[Vec<EntrantId>],
    champion: EntrantId,
    third_place: Option<(EntrantId, EntrantId)>,
) -> Vec<(EntrantId, Place)> {
    let mut out = vec![(champion, Place { first: 1, last: 1 })];
    for (depth, losers) in losers_by_round.iter().rev().enumerate() {
        let first = out.len() as u32 + 1;
        let last = first + (losers.len() as u32).saturating_sub(1);
        for &id in losers {
            let place = match third_place {
                Some((winner, _)) if depth == 1 && id == winner => Place { first: 3, last: 3 },
                Some((_, loser)) if depth == 1 && id == loser => Place { first: 4, last: 4 },
                _ => Place { first, last },
            };
            out.push((id, place));
        }
    }
    out
}
