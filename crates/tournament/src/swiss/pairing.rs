//! One Swiss round paired as a maximum-weight matching. The weight of a board is a
//! lexicographic number, each term worth more than every term after it can add up to
//! over the whole round (see the crate README for a worked example):
//!
//! 0. as many boards as possible (everyone paired, one bye at most);
//! 1. the bye to the lowest-ranked player of the lowest score group without one;
//! 2. the fewest boards between different score groups;
//! 3. the smallest total score difference;
//! 4. floats as low as possible: the least total score of those who float down (the
//!    leaders meet each other before anyone lower does);
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
use super::matching::{Weight, max_weight_matching};
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

/// The score groups of players in ranking order: (first index, size) of each player's.
fn score_groups(players: &[Candidate]) -> Vec<(usize, usize)> {
    let mut out = vec![(0, 0); players.len()];
    let mut start = 0;
    while start < players.len() {
        let end = (start..players.len())
            .find(|&k| players[k].score != players[start].score)
            .unwrap_or(players.len());
        for slot in &mut out[start..end] {
            *slot = (start, end - start);
        }
        start = end;
    }
    out
}

/// The multipliers of the terms: each exceeds the largest total the terms after it
/// can reach over one round.
struct Scale {
    club: Weight,
    colour: Weight,
    fold: Weight,
    halves: Weight,
    float: Weight,
    floater: Weight,
    difference: Weight,
    cross: Weight,
    bye: Weight,
    board: Weight,
}

impl Scale {
    fn new(n: usize, max_difference: i32) -> Scale {
        let n = n as Weight;
        let pairs = n / 2 + 1;
        // The largest value of each term on one board, from the last term up.
        let most_difference = Weight::from(max_difference.max(1));
        let largest = [
            4,
            n,
            1,
            1,
            2 * n,
            most_difference,
            most_difference,
            1,
            n + 1,
        ];
        let mut multipliers = [0; 10];
        let mut reach = 0;
        for (k, &most) in largest.iter().enumerate() {
            multipliers[k] = reach + 1;
            reach += multipliers[k] * most * pairs;
        }
        multipliers[9] = reach + 1;
        let [
            colour,
            fold,
            halves,
            club,
            float,
            floater,
            difference,
            cross,
            bye,
            board,
        ] = multipliers;
        Scale {
            club,
            colour,
            fold,
            halves,
            float,
            floater,
            difference,
            cross,
            bye,
            board,
        }
    }
}

/// Everything a board's weight is made of, kept for explanations and tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Terms {
    /// 1 when the two are of different score groups.
    pub cross: u32,
    /// The score difference in quarter points.
    pub difference: i32,
    /// Between score groups: the higher one's score (who floats down) above the lowest
    /// in the field, in quarters.
    pub floater: i32,
    /// Between score groups: how far the higher is from the bottom of his group, and
    /// the lower from the top of his.
    pub float: u32,
    /// 1 when both are of the same half of their score group.
    pub halves: u32,
    /// How far from 拦腰 (i v i + n/2).
    pub fold: u32,
    pub colour: u32,
    pub club: u32,
}

struct Graph<'a> {
    players: &'a [Candidate],
    /// The lowest score in the field.
    bottom: Points,
    groups: Vec<(usize, usize)>,
    rules: Rules,
    scale: Scale,
    /// Who may take the bye (not had one), and each one's place counted from the
    /// bottom among them.
    bye_rank: Vec<Option<usize>>,
}

impl Graph<'_> {
    fn allowed(&self, i: usize, j: usize) -> bool {
        let (a, b) = (&self.players[i], &self.players[j]);
        !a.has_met(b.id) && compatible(&a.history, &b.history, self.rules.no_three_same)
    }

    /// The terms of players `i` < `j` (in ranking order) meeting.
    fn terms(&self, i: usize, j: usize) -> Terms {
        let (a, b) = (&self.players[i], &self.players[j]);
        let (start_a, size_a) = self.groups[i];
        let (start_b, _) = self.groups[j];
        let same = start_a == start_b;
        let upper = |k: usize| k - start_a < size_a / 2;
        let halves = u32::from(same && upper(i) == upper(j));
        let (float, fold) = if same {
            let half = (size_a / 2) as i64;
            (0, ((j - i) as i64 - half).unsigned_abs() as u32)
        } else {
            (((start_a + size_a - 1 - i) + (j - start_b)) as u32, 0)
        };
        Terms {
            cross: u32::from(!same),
            difference: (a.score - b.score).quarters().abs(),
            floater: if same {
                0
            } else {
                (a.score.max(b.score) - self.bottom).quarters()
            },
            float,
            halves,
            fold,
            colour: cost(&a.history, &b.history, self.rules.no_three_same),
            club: u32::from(self.rules.avoid_club && a.club.is_some() && a.club == b.club),
        }
    }

    fn weight(&self, i: usize, j: usize) -> Weight {
        let t = self.terms(i, j);
        let s = &self.scale;
        s.board
            - s.cross * Weight::from(t.cross)
            - s.difference * Weight::from(t.difference)
            - s.floater * Weight::from(t.floater)
            - s.float * Weight::from(t.float)
            - s.halves * Weight::from(t.halves)
            - s.fold * Weight::from(t.fold)
            - s.colour * Weight::from(t.colour)
            - s.club * Weight::from(t.club)
    }

    fn bye_weight(&self, i: usize) -> Option<Weight> {
        self.bye_rank[i].map(|r| self.scale.board - self.scale.bye * r as Weight)
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

/// The pairs left out of `edges` whose dual constraint fails, with their slack: each
/// could improve the matching. A pair whose score terms alone keep it under the duals
/// is passed over without weighing the rest.
fn violations(
    graph: &Graph,
    edges: &HashSet<(usize, usize)>,
    matching: &super::matching::Matching,
) -> Vec<(Weight, usize, usize)> {
    let n = graph.players.len();
    let s = &graph.scale;
    let mut out = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            let (a, b) = (&graph.players[i], &graph.players[j]);
            let cross = Weight::from(a.score != b.score);
            let difference = Weight::from((a.score - b.score).quarters().abs());
            let most = s.board - s.cross * cross - s.difference * difference;
            if matching.vertex_duals(i, j) >= 4 * most
                || edges.contains(&(i, j))
                || !graph.allowed(i, j)
            {
                continue;
            }
            let slack = matching.slack(i, j, graph.weight(i, j));
            if slack < 0 {
                out.push((slack, i, j));
            }
        }
    }
    out
}

/// Pairs one round of `players` (in ranking order) optimally under `rules`.
pub fn pair(players: &[Candidate], rules: Rules) -> Result<Paired, Unpairable> {
    solve(players, rules, players.len() <= COMPLETE_UP_TO)
}

/// Pairs on the complete graph, or on nearby candidates widened until the duals prove
/// the matching optimal for the complete graph.
fn solve(players: &[Candidate], rules: Rules, mut complete: bool) -> Result<Paired, Unpairable> {
    let n = players.len();
    let max_difference = match (players.first(), players.last()) {
        (Some(a), Some(b)) => (a.score - b.score).quarters().abs(),
        _ => 0,
    };
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
        bottom: players.iter().map(|p| p.score).min().unwrap_or_default(),
        groups: score_groups(players),
        rules,
        scale: Scale::new(n, max_difference),
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
        let mut list: Vec<(usize, usize, Weight)> = if complete {
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
            list.sort_unstable();
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
    let graph = Graph {
        players,
        bottom: players.iter().map(|p| p.score).min().unwrap_or_default(),
        groups: score_groups(players),
        rules,
        scale: Scale::new(players.len(), 0),
        bye_rank: Vec::new(),
    };
    graph.terms(i.min(j), i.max(j))
}

/// Each player's natural partners in his score group (half the group up and down),
/// its neighbours in the ranking (floaters), and a window round each.
fn nearby(graph: &Graph) -> HashSet<(usize, usize)> {
    let n = graph.players.len();
    let mut edges = HashSet::new();
    let mut add = |i: usize, j: usize| {
        if i != j && j < n {
            edges.insert((i.min(j), i.max(j)));
        }
    };
    for i in 0..n {
        let (start, size) = graph.groups[i];
        let half = size / 2;
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

    /// The objective of the rules as a tuple compared term by term, with no weights:
    /// the bye's place from the bottom, then the sums of each term.
    fn objective(
        players: &[Candidate],
        rules: Rules,
        boards: &[(usize, usize)],
        bye: Option<usize>,
    ) -> [i64; 9] {
        let eligible: Vec<usize> = (0..players.len())
            .filter(|&i| !players[i].had_bye)
            .collect();
        let eligible = if eligible.is_empty() {
            (0..players.len()).collect()
        } else {
            eligible
        };
        let bye_rank = bye.map_or(0, |b| eligible.iter().filter(|&&k| k > b).count() as i64);
        let mut out = [bye_rank, 0, 0, 0, 0, 0, 0, 0, 0];
        for &(i, j) in boards {
            let t = board_terms(players, rules, i, j);
            for (k, v) in [
                t.cross as i64,
                t.difference as i64,
                t.floater as i64,
                t.float as i64,
                t.club as i64,
                t.halves as i64,
                t.fold as i64,
                t.colour as i64,
            ]
            .into_iter()
            .enumerate()
            {
                out[k + 1] += v;
            }
        }
        out
    }

    /// The best objective over every pairing of the field, by trying them all.
    fn best_by_search(players: &[Candidate], rules: Rules) -> Option<[i64; 9]> {
        fn go(
            players: &[Candidate],
            rules: Rules,
            free: &mut Vec<bool>,
            boards: &mut Vec<(usize, usize)>,
            bye: Option<usize>,
            best: &mut Option<[i64; 9]>,
        ) {
            let Some(i) = free.iter().position(|&f| f) else {
                let value = objective(players, rules, boards, bye);
                if best.is_none_or(|b| value < b) {
                    *best = Some(value);
                }
                return;
            };
            free[i] = false;
            let remaining = free.iter().filter(|&&f| f).count();
            // The bye, when the field is odd and nobody has it yet, to one who has not
            // had one (anyone, when all have).
            let may_have_bye = !players[i].had_bye || players.iter().all(|p| p.had_bye);
            if bye.is_none() && remaining % 2 == 0 && players.len() % 2 == 1 && may_have_bye {
                go(players, rules, free, boards, Some(i), best);
            }
            for j in i + 1..players.len() {
                let (a, b) = (&players[i], &players[j]);
                if free[j]
                    && !a.has_met(b.id)
                    && compatible(&a.history, &b.history, rules.no_three_same)
                {
                    free[j] = false;
                    boards.push((i, j));
                    go(players, rules, free, boards, bye, best);
                    boards.pop();
                    free[j] = true;
                }
            }
            free[i] = true;
        }
        let mut best = None;
        go(
            players,
            rules,
            &mut vec![true; players.len()],
            &mut Vec::new(),
            None,
            &mut best,
        );
        best
    }

    fn field() -> impl Strategy<Value = (Vec<Candidate>, Rules)> {
        field_of(2..=12)
    }

    fn field_of(
        sizes: std::ops::RangeInclusive<usize>,
    ) -> impl Strategy<Value = (Vec<Candidate>, Rules)> {
        sizes
            .prop_flat_map(|n| {
                (
                    proptest::collection::vec(
                        (
                            0i32..5,
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

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        /// On large fields, pairing on nearby candidates finds what the complete graph
        /// finds.
        #[test]
        fn nearby_candidates_lose_nothing(
            (players, rules) in field_of(70..=110),
        ) {
            let sparse = solve(&players, rules, false);
            let complete = solve(&players, rules, true);
            match (sparse, complete) {
                (Ok(a), Ok(b)) => prop_assert_eq!(
                    objective(&players, rules, &a.boards, a.bye),
                    objective(&players, rules, &b.boards, b.bye)
                ),
                (a, b) => prop_assert_eq!(a.is_ok(), b.is_ok()),
            }
        }
    }
}
