//! One Swiss round paired as a maximum-weight matching, as the rule book pairs it:
//! from the top score down, same score first, otherwise the nearest (同分相遇，邻分
//! 相遇). The weight of a board is a lexicographic number, each term worth more than
//! every term after it can add up to over the whole round (see the crate README for a
//! worked example):
//!
//! 1. as many boards as possible (everyone paired, one bye at most);
//! 2. the bye to the lowest-ranked player of the lowest score group without one;
//! 3. top down: for each score boundary, from the top, as few pairs across it as
//!    possible (the leaders' group first, then the leaders' and the next together, …);
//! 4. nearest: the smallest sum of squared score-group gaps (a float over two groups
//!    costs more than two floats of one), then the smallest total score difference;
//! 5. a floater is the lowest of his group and meets the highest of the group below;
//! 6. club-mates apart, when the round asks for it (it reorders who meets whom inside
//!    the score groups, never who floats);
//! 7. within a score group, the upper half meets the lower half;
//! 8. 拦腰 in ranking order: place i meets place i + n/2;
//! 9. colours: how far the board's colours go against what the players wish.
//!
//! Players who have met, and (with 禁3先/后) two who must both change to the same
//! colour, are never paired: those pairs are not edges at all.

use std::collections::HashSet;

use super::colours::{History, compatible, cost};
use super::matching::{Matching, max_weight_matching};
use super::wide::{Weight, Wide};
use crate::{EntrantId, Points};

/// One player as the pairing sees him, given in ranking order (best first).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    pub id: EntrantId,
    pub score: Points,
    pub history: History,
    /// Everyone he has been paired with, sorted.
    pub opponents: Vec<EntrantId>,
    pub had_bye: bool,
    pub club: Option<String>,
}

impl Candidate {
    pub fn has_met(&self, other: EntrantId) -> bool {
        self.opponents.binary_search(&other).is_ok()
    }
}

/// The hard and weak rules a round is paired under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    pub no_three_same: bool,
    pub avoid_club: bool,
}

/// A round's pairs as indices into the candidates: (higher-ranked, lower-ranked), in
/// board order, and the bye.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Paired {
    pub boards: Vec<(usize, usize)>,
    pub bye: Option<usize>,
}

/// The round cannot be paired under its hard rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unpairable {
    pub unpaired: Vec<EntrantId>,
}

/// How far the terms can reach over one round, least significant first: each term's
/// multiplier exceeds what every term after it in this list can add up to, so the
/// weights compare as the objective does, term by term.
struct Reach {
    /// The most each term can total over the round: colour, fold, halves, club, float,
    /// score difference, squared group gap, then each score boundary from the lowest
    /// up (the pairs that can cross it), then the bye's rank.
    totals: Vec<u64>,
    /// The score boundaries counted, from the top (all but in a field too large for
    /// the widest type).
    boundaries: usize,
    groups: usize,
}

/// Where each term's multiplier sits in [`Reach::totals`].
const COLOUR: usize = 0;
const FOLD: usize = 1;
const HALVES: usize = 2;
const CLUB: usize = 3;
const FLOAT: usize = 4;
const DIFFERENCE: usize = 5;
const GAP: usize = 6;
const BOUNDARIES: usize = 7;

impl Reach {
    fn new(players: &[Candidate], groups: &Groups) -> Reach {
        let n = players.len() as u64;
        let pairs = n / 2 + 1;
        let widest = groups.sizes.iter().copied().max().unwrap_or(1) as u64;
        let max_difference = match (players.first(), players.last()) {
            (Some(a), Some(b)) => (a.score - b.score).quarters().unsigned_abs() as u64,
            _ => 0,
        };
        let count = groups.sizes.len();
        let gap = (count.max(1) as u64 - 1).pow(2);
        let mut totals = vec![
            4 * pairs,
            widest * pairs,
            pairs,
            pairs,
            2 * widest * pairs,
            max_difference * pairs,
            gap * pairs,
        ];
        // Boundary b lies under group b; no more pairs cross it than the smaller side.
        let mut above = 0;
        let mut crossings: Vec<u64> = Vec::new();
        for &size in &groups.sizes[..count.saturating_sub(1)] {
            above += size as u64;
            crossings.push(above.min(n - above));
        }
        totals.extend(crossings.iter().rev());
        totals.push(n);
        Reach {
            totals,
            boundaries: crossings.len(),
            groups: count.max(1),
        }
    }

    /// Leaves the lowest boundary counted out of the top-down terms.
    fn drop_lowest_boundary(&mut self) {
        self.totals.remove(BOUNDARIES);
        self.boundaries -= 1;
    }

    /// The bits the weights need: the board term's multiplier is the product of every
    /// total plus one, a weight at most twice that; the matching's duals and slacks
    /// stay within eight times a weight, and the sign takes one.
    fn bits(&self) -> u32 {
        let product: f64 = self.totals.iter().map(|&t| ((t + 1) as f64).log2()).sum();
        product.ceil() as u32 + 6
    }
}

/// The multipliers of the terms, in the weight type the round needs.
struct Scale<W> {
    multipliers: Vec<W>,
    /// The top-down terms summed from the top: a board between groups g < h costs
    /// `boundary[h] - boundary[g]`, the boundaries between them.
    boundary: Vec<W>,
    bye: W,
    board: W,
}

impl<W: Weight> Scale<W> {
    fn new(reach: &Reach) -> Scale<W> {
        let mut multipliers = Vec::with_capacity(reach.totals.len());
        let mut total = W::ZERO;
        for &most in &reach.totals {
            let m = total + W::from_u64(1);
            multipliers.push(m);
            total = total + m.times(most);
        }
        let board = total + W::from_u64(1);
        let bye = multipliers[multipliers.len() - 1];
        // Boundary b (under group b) has multiplier BOUNDARIES + (kept - 1 - b); those
        // below the kept ones none.
        let kept = reach.boundaries;
        let mut boundary = vec![W::ZERO; reach.groups];
        for g in 1..reach.groups {
            let b = g - 1;
            let m = if b < kept {
                multipliers[BOUNDARIES + kept - 1 - b]
            } else {
                W::ZERO
            };
            boundary[g] = boundary[g - 1] + m;
        }
        Scale {
            multipliers,
            boundary,
            bye,
            board,
        }
    }
}

/// The score groups of players in ranking order.
struct Groups {
    /// Each player's group, 0 the top.
    of: Vec<usize>,
    /// Each group's first index in the ranking.
    starts: Vec<usize>,
    sizes: Vec<usize>,
}

impl Groups {
    fn new(players: &[Candidate]) -> Groups {
        let mut groups = Groups {
            of: Vec::with_capacity(players.len()),
            starts: Vec::new(),
            sizes: Vec::new(),
        };
        for (k, p) in players.iter().enumerate() {
            if k == 0 || players[k - 1].score != p.score {
                groups.starts.push(k);
                groups.sizes.push(0);
            }
            let g = groups.starts.len() - 1;
            groups.sizes[g] += 1;
            groups.of.push(g);
        }
        groups
    }
}

/// Everything a board's weight is made of, kept for explanations and tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Terms {
    /// The score groups of the two (0 the top), the higher-ranked's first: the board
    /// crosses every score boundary between them.
    pub groups: (usize, usize),
    /// How many score groups apart the two are, squared.
    pub gap: u32,
    /// The score difference in quarter points.
    pub difference: i32,
    /// Between score groups: how far the higher is from the bottom of his group, and
    /// the lower from the top of his.
    pub float: u32,
    pub club: u32,
    /// 1 when both are of the same half of their score group.
    pub halves: u32,
    /// How far from 拦腰 (i v i + n/2).
    pub fold: u32,
    pub colour: u32,
}

struct Graph<'a, W> {
    players: &'a [Candidate],
    groups: Groups,
    rules: Rules,
    scale: Scale<W>,
    /// Who may take the bye (not had one), and each one's place counted from the
    /// bottom among them.
    bye_rank: Vec<Option<usize>>,
}

impl<W: Weight> Graph<'_, W> {
    fn allowed(&self, i: usize, j: usize) -> bool {
        let (a, b) = (&self.players[i], &self.players[j]);
        !a.has_met(b.id) && compatible(&a.history, &b.history, self.rules.no_three_same)
    }

    /// The terms of players `i` < `j` (in ranking order) meeting.
    fn terms(&self, i: usize, j: usize) -> Terms {
        terms_of(self.players, &self.groups, self.rules, i, j)
    }

    /// The largest weight a board of `i` < `j` can have: its top-down terms alone.
    fn at_most(&self, i: usize, j: usize) -> W {
        let (g, h) = (self.groups.of[i], self.groups.of[j]);
        self.scale.board - (self.scale.boundary[h] - self.scale.boundary[g])
    }

    fn weight(&self, i: usize, j: usize) -> W {
        let t = self.terms(i, j);
        let m = &self.scale.multipliers;
        let penalty = [
            (COLOUR, t.colour),
            (FOLD, t.fold),
            (HALVES, t.halves),
            (CLUB, t.club),
            (FLOAT, t.float),
            (DIFFERENCE, t.difference.unsigned_abs()),
            (GAP, t.gap),
        ]
        .into_iter()
        .filter(|&(_, v)| v > 0)
        .map(|(k, v)| m[k].times(u64::from(v)))
        .sum::<W>();
        self.at_most(i, j) - penalty
    }

    fn bye_weight(&self, i: usize) -> Option<W> {
        self.bye_rank[i].map(|r| self.scale.board - self.scale.bye.times(r as u64))
    }
}

/// The terms of players `i` < `j` of `players` (in ranking order) meeting.
fn terms_of(players: &[Candidate], groups: &Groups, rules: Rules, i: usize, j: usize) -> Terms {
    let (a, b) = (&players[i], &players[j]);
    let (g, h) = (groups.of[i], groups.of[j]);
    let (start_a, size_a) = (groups.starts[g], groups.sizes[g]);
    let start_b = groups.starts[h];
    let same = g == h;
    let upper = |k: usize| k - start_a < size_a / 2;
    let (float, fold) = if same {
        let half = (size_a / 2) as i64;
        (0, ((j - i) as i64 - half).unsigned_abs() as u32)
    } else {
        (((start_a + size_a - 1 - i) + (j - start_b)) as u32, 0)
    };
    Terms {
        groups: (g, h),
        gap: ((h - g) as u32).pow(2),
        difference: (a.score - b.score).quarters().abs(),
        float,
        club: u32::from(rules.avoid_club && a.club.is_some() && a.club == b.club),
        halves: u32::from(same && upper(i) == upper(j)),
        fold,
        colour: cost(&a.history, &b.history, rules.no_three_same),
    }
}

/// Fields up to this size are solved on the complete graph; larger ones on nearby
/// candidates first, proved optimal by the duals (or widened until they are).
const COMPLETE_UP_TO: usize = 64;
/// Candidates on each side of a player's natural partners.
const WINDOW: usize = 6;
/// Widenings of the candidates before the complete graph is taken, and the pairs a
/// player may bring in at each.
const MAX_WIDENINGS: usize = 8;
const PER_WIDENING: u32 = 6;
/// Fields from this size check the pairs left out on every core.
const PARALLEL_FROM: usize = 400;

/// The pairs left out of `edges` whose dual constraint fails, with their slack: each
/// could improve the matching. A pair whose top-down terms alone keep it under the
/// duals is passed over without weighing the rest.
fn violations<W: Weight>(
    graph: &Graph<W>,
    edges: &HashSet<(usize, usize)>,
    matching: &Matching<W>,
) -> Vec<(W, usize, usize)> {
    let n = graph.players.len();
    // The rows of pairs checked by one thread: every `step`-th from `first`.
    let rows = |first: usize, step: usize| {
        let mut out = Vec::new();
        for i in (first..n).step_by(step) {
            for j in i + 1..n {
                if matching.vertex_duals(i, j) >= graph.at_most(i, j).times(4)
                    || edges.contains(&(i, j))
                    || !graph.allowed(i, j)
                {
                    continue;
                }
                let slack = matching.slack(i, j, graph.weight(i, j));
                if slack < W::ZERO {
                    out.push((slack, i, j));
                }
            }
        }
        out
    };
    // The check is quadratic in the field: large fields share it among the cores.
    let threads = if n < PARALLEL_FROM {
        1
    } else {
        std::thread::available_parallelism().map_or(1, |t| t.get().min(8))
    };
    if threads == 1 {
        return rows(0, 1);
    }
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| scope.spawn(move || rows(t, threads)))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    })
}

/// Pairs one round of `players` (in ranking order) optimally under `rules`.
pub fn pair(players: &[Candidate], rules: Rules) -> Result<Paired, Unpairable> {
    solve(players, rules, players.len() <= COMPLETE_UP_TO)
}

/// Pairs in the narrowest weight type the round's terms fit in.
fn solve(players: &[Candidate], rules: Rules, complete: bool) -> Result<Paired, Unpairable> {
    let groups = Groups::new(players);
    let mut reach = Reach::new(players, &groups);
    // Past the widest type (hundreds of score groups in a huge field) the lowest
    // boundaries count only through the nearest-score terms.
    while reach.bits() >= Wide::<32>::BITS && reach.boundaries > 0 {
        reach.drop_lowest_boundary();
    }
    match reach.bits() {
        b if b < i128::BITS => solve_in::<i128>(players, rules, complete, groups, &reach),
        b if b < Wide::<3>::BITS => solve_in::<Wide<3>>(players, rules, complete, groups, &reach),
        b if b < Wide::<4>::BITS => solve_in::<Wide<4>>(players, rules, complete, groups, &reach),
        b if b < Wide::<8>::BITS => solve_in::<Wide<8>>(players, rules, complete, groups, &reach),
        b if b < Wide::<16>::BITS => solve_in::<Wide<16>>(players, rules, complete, groups, &reach),
        _ => solve_in::<Wide<32>>(players, rules, complete, groups, &reach),
    }
}

/// Pairs on the complete graph, or on nearby candidates widened until the duals prove
/// the matching optimal for the complete graph.
fn solve_in<W: Weight>(
    players: &[Candidate],
    rules: Rules,
    mut complete: bool,
    groups: Groups,
    reach: &Reach,
) -> Result<Paired, Unpairable> {
    let n = players.len();
    let mut bye_rank = vec![None; n];
    if n % 2 == 1 {
        let eligible: Vec<usize> = (0..n).filter(|&i| !players[i].had_bye).collect();
        let eligible = if eligible.is_empty() {
            (0..n).collect()
        } else {
            eligible
        };
        for (from_bottom, &i) in eligible.iter().rev().enumerate() {
            bye_rank[i] = Some(from_bottom);
        }
    }
    let graph = Graph {
        players,
        scale: Scale::new(reach),
        groups,
        rules,
        bye_rank,
    };
    // The candidates while the graph is sparse; the complete graph is listed in order
    // without them.
    let mut edges: HashSet<(usize, usize)> = if complete {
        HashSet::new()
    } else {
        nearby(&graph)
    };
    edges.retain(|&(i, j)| graph.allowed(i, j));
    let dummy = n;
    let mut rounds = 0;
    let matching = loop {
        rounds += 1;
        let mut list: Vec<(usize, usize, W)> = if complete {
            (0..n)
                .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
                .filter(|&(i, j)| graph.allowed(i, j))
                .map(|(i, j)| (i, j, graph.weight(i, j)))
                .collect()
        } else {
            let mut list: Vec<_> = edges
                .iter()
                .map(|&(i, j)| (i, j, graph.weight(i, j)))
                .collect();
            list.sort_unstable_by_key(|&(i, j, _)| (i, j));
            list
        };
        list.extend((0..n).filter_map(|i| graph.bye_weight(i).map(|w| (i, dummy, w))));
        let vertices = if n % 2 == 1 { n + 1 } else { n };
        let matching = max_weight_matching(vertices, &list);
        if complete {
            break matching;
        }
        // Every pair left out must be unable to improve the matching; those that could
        // join the graph, the worst few per player at a time.
        let mut missing = violations(&graph, &edges, &matching);
        if missing.is_empty() {
            break matching;
        }
        // Duals that fail for most of the pairs left out say little about which ones
        // matter (the weight sits in blossoms of the sparse graph): widening a few per
        // player would take many rounds, so the complete graph is taken at once, and
        // is optimal without a certificate.
        if rounds >= MAX_WIDENINGS || missing.len() > n * PER_WIDENING as usize {
            complete = true;
        } else {
            missing.sort_unstable();
            let mut taken = vec![0u32; n];
            for (_, i, j) in missing {
                if taken[i] < PER_WIDENING || taken[j] < PER_WIDENING {
                    taken[i] += 1;
                    taken[j] += 1;
                    edges.insert((i, j));
                }
            }
        }
    };
    let mut boards = Vec::new();
    let mut bye = None;
    let mut unpaired = Vec::new();
    for (i, player) in players.iter().enumerate() {
        match matching.mate[i] {
            Some(j) if j == dummy => bye = Some(i),
            Some(j) if i < j => boards.push((i, j)),
            Some(_) => {}
            None => unpaired.push(player.id),
        }
    }
    if !unpaired.is_empty() {
        return Err(Unpairable { unpaired });
    }
    // Board 1 for the top group's top player, and so on down.
    boards.sort_by_key(|&(i, j)| (std::cmp::Reverse(players[i].score), i, j));
    Ok(Paired { boards, bye })
}

/// The terms of a board between players `i` and `j` of `players` (in ranking order),
/// as the pairing weighed them.
pub fn board_terms(players: &[Candidate], rules: Rules, i: usize, j: usize) -> Terms {
    terms_of(players, &Groups::new(players), rules, i.min(j), i.max(j))
}

/// Each player's natural partners in his score group (half the group up and down),
/// its neighbours in the ranking (floaters), and a window round each.
fn nearby<W>(graph: &Graph<W>) -> HashSet<(usize, usize)> {
    let n = graph.players.len();
    let mut edges = HashSet::new();
    let mut add = |i: usize, j: usize| {
        if i != j && j < n {
            edges.insert((i.min(j), i.max(j)));
        }
    };
    for i in 0..n {
        let g = graph.groups.of[i];
        let (start, half) = (graph.groups.starts[g], graph.groups.sizes[g] / 2);
        for centre in [i + half, i.saturating_sub(half).max(start), i] {
            for k in centre.saturating_sub(WINDOW)..=centre + WINDOW {
                add(i, k);
            }
        }
    }
    edges
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::standings::Colour;

    fn candidate(id: u32, score: i32) -> Candidate {
        Candidate {
            id: EntrantId(id),
            score: Points::whole(score),
            history: History::default(),
            opponents: Vec::new(),
            had_bye: false,
            club: None,
        }
    }

    const RULES: Rules = Rules {
        no_three_same: false,
        avoid_club: false,
    };

    fn ids(players: &[Candidate], paired: &Paired) -> Vec<(u32, u32)> {
        paired
            .boards
            .iter()
            .map(|&(i, j)| (players[i].id.0, players[j].id.0))
            .collect()
    }

    #[test]
    fn a_score_group_is_folded() {
        // Eight on 2 points: 1–5, 2–6, 3–7, 4–8.
        let players: Vec<Candidate> = (1..=8).map(|i| candidate(i, 2)).collect();
        let paired = pair(&players, RULES).unwrap();
        assert_eq!(ids(&players, &paired), [(1, 5), (2, 6), (3, 7), (4, 8)]);
        assert_eq!(paired.bye, None);
    }

    #[test]
    fn the_lowest_of_an_odd_group_floats_to_the_top_of_the_next() {
        // 1–3 on 4 points, 4–8 on 2. Three fold as 1–2 (half of three is one), 3
        // floats down to meet 4, the top of the group below; 5–8 fold as 5–7, 6–8.
        let players: Vec<Candidate> = (1..=3)
            .map(|i| candidate(i, 4))
            .chain((4..=8).map(|i| candidate(i, 2)))
            .collect();
        let paired = pair(&players, RULES).unwrap();
        assert_eq!(ids(&players, &paired), [(1, 2), (3, 4), (5, 7), (6, 8)]);
    }

    #[test]
    fn a_rematch_is_never_made_and_the_fold_gives_way() {
        let mut players: Vec<Candidate> = (1..=4).map(|i| candidate(i, 2)).collect();
        players[0].opponents = vec![EntrantId(3)];
        players[2].opponents = vec![EntrantId(1)];
        let paired = pair(&players, RULES).unwrap();
        assert_eq!(ids(&players, &paired), [(1, 4), (2, 3)]);
    }

    #[test]
    fn the_bye_goes_to_the_lowest_without_one() {
        let mut players: Vec<Candidate> = (1..=5).map(|i| candidate(i, 5 - i as i32)).collect();
        players[4].had_bye = true;
        let paired = pair(&players, RULES).unwrap();
        assert_eq!(paired.bye, Some(3), "player 4: player 5 had a bye already");
    }

    #[test]
    fn no_three_same_is_a_hard_rule() {
        let mut players: Vec<Candidate> = (1..=4).map(|i| candidate(i, 2)).collect();
        for p in &mut players[..2] {
            p.history = History(vec![Colour::Red, Colour::Red]);
        }
        players[0].opponents = vec![EntrantId(3), EntrantId(4)];
        players[2].opponents = vec![EntrantId(1)];
        players[3].opponents = vec![EntrantId(1)];
        let rules = Rules {
            no_three_same: true,
            ..RULES
        };
        // Player 1 can only meet 2, and both must have black: unpairable.
        let err = pair(&players, rules).unwrap_err();
        assert!(err.unpaired.contains(&EntrantId(1)));
        assert!(pair(&players, RULES).is_ok());
    }

    /// The objective of the rules as a list compared term by term, with no weights:
    /// the bye's place from the bottom, the pairs across each score boundary from the
    /// top down, then the sums of each further term.
    fn objective(
        players: &[Candidate],
        rules: Rules,
        boards: &[(usize, usize)],
        bye: Option<usize>,
    ) -> Vec<i64> {
        let eligible: Vec<usize> = (0..players.len())
            .filter(|&i| !players[i].had_bye)
            .collect();
        let eligible = if eligible.is_empty() {
            (0..players.len()).collect()
        } else {
            eligible
        };
        let bye_rank = bye.map_or(0, |b| eligible.iter().filter(|&&k| k > b).count() as i64);
        let groups = Groups::new(players).sizes.len();
        let mut crossings = vec![0i64; groups.saturating_sub(1)];
        let mut sums = [0i64; 7];
        for &(i, j) in boards {
            let t = board_terms(players, rules, i, j);
            for c in &mut crossings[t.groups.0..t.groups.1] {
                *c += 1;
            }
            for (k, v) in [
                t.gap as i64,
                t.difference as i64,
                t.float as i64,
                t.club as i64,
                t.halves as i64,
                t.fold as i64,
                t.colour as i64,
            ]
            .into_iter()
            .enumerate()
            {
                sums[k] += v;
            }
        }
        let mut out = vec![bye_rank];
        out.extend(crossings);
        out.extend(sums);
        out
    }

    /// What [`each_pairing`] calls with each pairing: its boards and its bye.
    type Visit<'a> = dyn FnMut(&[(usize, usize)], Option<usize>) + 'a;

    /// Calls `visit` with every pairing of the field under its hard rules whose boards
    /// all pass `keep`, with its bye: `bye` when given, else (an odd field) each who may
    /// have one (anyone, when all have had one).
    fn each_pairing(
        players: &[Candidate],
        rules: Rules,
        keep: &dyn Fn(usize, usize) -> bool,
        bye: Option<usize>,
        visit: &mut Visit,
    ) {
        struct Search<'a> {
            players: &'a [Candidate],
            rules: Rules,
            keep: &'a dyn Fn(usize, usize) -> bool,
            free: Vec<bool>,
            boards: Vec<(usize, usize)>,
        }
        fn go(s: &mut Search, bye: Option<usize>, visit: &mut Visit) {
            let Some(i) = s.free.iter().position(|&f| f) else {
                visit(&s.boards, bye);
                return;
            };
            s.free[i] = false;
            let remaining = s.free.iter().filter(|&&f| f).count();
            let n = s.players.len();
            let may_have_bye = !s.players[i].had_bye || s.players.iter().all(|p| p.had_bye);
            if bye.is_none() && remaining % 2 == 0 && n % 2 == 1 && may_have_bye {
                go(s, Some(i), visit);
            }
            for j in i + 1..n {
                let (a, b) = (&s.players[i], &s.players[j]);
                if s.free[j]
                    && (s.keep)(i, j)
                    && !a.has_met(b.id)
                    && compatible(&a.history, &b.history, s.rules.no_three_same)
                {
                    s.free[j] = false;
                    s.boards.push((i, j));
                    go(s, bye, visit);
                    s.boards.pop();
                    s.free[j] = true;
                }
            }
            s.free[i] = true;
        }
        let mut free = vec![true; players.len()];
        if let Some(b) = bye {
            free[b] = false;
        }
        let mut search = Search {
            players,
            rules,
            keep,
            free,
            boards: Vec::new(),
        };
        go(&mut search, bye, visit);
    }

    /// The best objective over every pairing of the field, by trying them all.
    fn best_by_search(players: &[Candidate], rules: Rules) -> Option<Vec<i64>> {
        let mut best: Option<Vec<i64>> = None;
        each_pairing(players, rules, &|_, _| true, None, &mut |boards, bye| {
            let value = objective(players, rules, boards, bye);
            if best.as_ref().is_none_or(|b| value < *b) {
                best = Some(value);
            }
        });
        best
    }

    fn field() -> impl Strategy<Value = (Vec<Candidate>, Rules)> {
        field_of(2..=12)
    }

    fn field_of(
        sizes: std::ops::RangeInclusive<usize>,
    ) -> impl Strategy<Value = (Vec<Candidate>, Rules)> {
        field_scored(sizes, 5)
    }

    /// Fields of `sizes` players with whole scores below `scores`.
    fn field_scored(
        sizes: std::ops::RangeInclusive<usize>,
        scores: i32,
    ) -> impl Strategy<Value = (Vec<Candidate>, Rules)> {
        sizes
            .prop_flat_map(move |n| {
                (
                    proptest::collection::vec(
                        (
                            0i32..scores,
                            proptest::collection::vec(any::<bool>(), 0..5),
                            any::<bool>(),
                            0u8..3,
                        ),
                        n,
                    ),
                    proptest::collection::vec((0..n, 0..n), 0..n * 2),
                    any::<bool>(),
                    any::<bool>(),
                )
            })
            .prop_map(|(raw, met, no_three_same, avoid_club)| {
                let mut players: Vec<Candidate> = raw
                    .into_iter()
                    .enumerate()
                    .map(|(k, (score, colours, had_bye, club))| Candidate {
                        id: EntrantId(k as u32 + 1),
                        score: Points::whole(score),
                        history: History(
                            colours
                                .into_iter()
                                .map(|red| if red { Colour::Red } else { Colour::Black })
                                .collect(),
                        ),
                        opponents: Vec::new(),
                        had_bye,
                        club: Some(format!("club {club}")),
                    })
                    .collect();
                for (a, b) in met {
                    if a != b {
                        let (x, y) = (players[a].id, players[b].id);
                        players[a].opponents.push(y);
                        players[b].opponents.push(x);
                    }
                }
                for p in &mut players {
                    p.opponents.sort();
                    p.opponents.dedup();
                }
                // Ranking order starts with the score.
                players.sort_by_key(|p| std::cmp::Reverse(p.score));
                (
                    players,
                    Rules {
                        no_three_same,
                        avoid_club,
                    },
                )
            })
    }

    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        /// The pairing is the best there is, compared with trying every pairing of
        /// fields up to 12; and it keeps the hard rules.
        #[test]
        fn the_pairing_is_optimal((players, rules) in field()) {
            let best = best_by_search(&players, rules);
            match pair(&players, rules) {
                Ok(paired) => {
                    let mut seen = vec![0; players.len()];
                    for &(i, j) in &paired.boards {
                        seen[i] += 1;
                        seen[j] += 1;
                        prop_assert!(!players[i].has_met(players[j].id), "no rematch");
                    }
                    if let Some(b) = paired.bye {
                        seen[b] += 1;
                    }
                    prop_assert!(seen.iter().all(|&k| k == 1), "everyone once");
                    prop_assert_eq!(
                        Some(objective(&players, rules, &paired.boards, paired.bye)),
                        best
                    );
                }
                Err(_) => prop_assert_eq!(best, None),
            }
        }
    }

    /// The pairs across each score boundary, from the top.
    fn crossings(groups: &Groups, boards: &[(usize, usize)]) -> Vec<usize> {
        let mut out = vec![0; groups.sizes.len().saturating_sub(1)];
        for &(i, j) in boards {
            for c in &mut out[groups.of[i]..groups.of[j]] {
                *c += 1;
            }
        }
        out
    }

    /// The fewest pairs across the boundaries from the top (compared top first) of the
    /// pairings of the field, with `bye` out, whose every board is inside one score
    /// group or across one boundary; `None` when there is none under the hard rules.
    fn best_with_one_group_floats(
        players: &[Candidate],
        rules: Rules,
        bye: Option<usize>,
    ) -> Option<Vec<usize>> {
        let groups = Groups::new(players);
        let near = |i: usize, j: usize| groups.of[j] - groups.of[i] <= 1;
        let mut best: Option<Vec<usize>> = None;
        each_pairing(players, rules, &near, bye, &mut |boards, _| {
            let value = crossings(&groups, boards);
            if best.as_ref().is_none_or(|b| value < *b) {
                best = Some(value);
            }
        });
        best
    }

    #[test]
    fn the_leaders_pair_among_themselves_even_if_a_lower_player_then_floats_two_groups() {
        // 1, 2 on 4 points; 3, 4 on 2 (they have met); 5 on 1; 6 on 0. With floats of
        // one group only, 1–3, 2–4, 5–6, the leaders would both float; the rule book
        // pairs the top group first (1–2), and of 3 and 4 one meets 5 and the other,
        // unable to be paired there, goes further down to 6.
        let mut players: Vec<Candidate> = [4, 4, 2, 2, 1, 0]
            .into_iter()
            .enumerate()
            .map(|(k, score)| candidate(k as u32 + 1, score))
            .collect();
        players[2].opponents = vec![EntrantId(4)];
        players[3].opponents = vec![EntrantId(3)];
        let paired = pair(&players, RULES).unwrap();
        assert_eq!(ids(&players, &paired), [(1, 2), (3, 5), (4, 6)]);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        /// Nobody floats over two score groups when the round (with the bye it gives)
        /// can be paired with floats of one group and no more pairs across the
        /// boundaries from the top: the nearest score first, the leaders' group first.
        #[test]
        fn no_float_over_two_groups_when_one_will_do((players, rules) in field()) {
            if let Ok(paired) = pair(&players, rules) {
                let groups = Groups::new(&players);
                let widest = paired
                    .boards
                    .iter()
                    .map(|&(i, j)| groups.of[j] - groups.of[i])
                    .max()
                    .unwrap_or(0);
                let chosen = crossings(&groups, &paired.boards);
                if best_with_one_group_floats(&players, rules, paired.bye)
                    .is_some_and(|best| best <= chosen)
                {
                    prop_assert!(widest <= 1, "a float over {} groups", widest);
                }
            }
        }
    }

    /// The objectives of the round paired on nearby candidates and on the complete
    /// graph (`None` where it could not be paired).
    fn sparse_and_complete(
        players: &[Candidate],
        rules: Rules,
    ) -> (Option<Vec<i64>>, Option<Vec<i64>>) {
        let value = |p: Result<Paired, Unpairable>| {
            p.ok().map(|p| objective(players, rules, &p.boards, p.bye))
        };
        (
            value(solve(players, rules, false)),
            value(solve(players, rules, true)),
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        /// On large fields, pairing on nearby candidates finds what the complete graph
        /// finds.
        #[test]
        fn nearby_candidates_lose_nothing(
            (players, rules) in field_of(70..=110),
        ) {
            let (sparse, complete) = sparse_and_complete(&players, rules);
            prop_assert_eq!(sparse, complete);
        }
    }

    /// The same round paired in a wider weight type: the type changes nothing.
    fn paired_in<W: Weight>(players: &[Candidate], rules: Rules) -> Result<Paired, Unpairable> {
        let groups = Groups::new(players);
        let reach = Reach::new(players, &groups);
        solve_in::<W>(players, rules, true, groups, &reach)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(100))]
        #[test]
        fn a_wider_weight_pairs_the_same((players, rules) in field_of(2..=30)) {
            prop_assert_eq!(
                paired_in::<i128>(&players, rules),
                paired_in::<Wide<4>>(&players, rules)
            );
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(12))]
        /// Many score groups (up to 40) need weights past 128 bits: on nearby
        /// candidates they find what the complete graph finds.
        #[test]
        fn many_score_groups_in_wide_weights(
            (players, rules) in field_scored(70..=110, 40),
        ) {
            let groups = Groups::new(&players);
            prop_assume!(Reach::new(&players, &groups).bits() >= i128::BITS);
            let (sparse, complete) = sparse_and_complete(&players, rules);
            prop_assert_eq!(sparse, complete);
        }
    }
}
