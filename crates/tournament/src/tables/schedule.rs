//! Seating rounds of tables: a round robin in tables (an exact design where one
//! exists, else rounds that keep repeated meetings as few as they can), seating by
//! score for a Swiss stage, and rotating partners for four-player Junqi. Sit-outs go to
//! those who sat out least; seats (who moves first, which triangle) are balanced over
//! the rounds. Deterministic: the same field gives the same rounds.

use super::design;

/// One round: its tables (players in seat order, seat 1 first) and who sits out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableRound {
    pub tables: Vec<Vec<usize>>,
    pub sitting_out: Vec<usize>,
}

/// What the seating of later rounds looks back on.
#[derive(Debug, Clone)]
pub struct History {
    size: usize,
    /// How often each pair met at a table.
    met: Vec<Vec<u16>>,
    /// How often each player sat out.
    byes: Vec<u16>,
    /// How often each player had each seat.
    seats: Vec<Vec<u16>>,
}

impl History {
    pub fn new(players: usize, size: usize) -> History {
        History {
            size,
            met: vec![vec![0; players]; players],
            byes: vec![0; players],
            seats: vec![vec![0; size]; players],
        }
    }

    pub fn met(&self, a: usize, b: usize) -> u16 {
        self.met[a][b]
    }

    pub fn byes(&self, player: usize) -> u16 {
        self.byes[player]
    }

    pub fn seat_count(&self, player: usize, seat: usize) -> u16 {
        self.seats[player][seat]
    }

    /// Records a round played.
    pub fn record(&mut self, round: &TableRound) {
        for table in &round.tables {
            for (seat, &a) in table.iter().enumerate() {
                self.seats[a][seat] += 1;
                for &b in &table[seat + 1..] {
                    self.met[a][b] += 1;
                    self.met[b][a] += 1;
                }
            }
        }
        for &p in &round.sitting_out {
            self.byes[p] += 1;
        }
    }

    /// What a player at a table of `others` costs: each earlier meeting weighs four
    /// times the one before (4ᵐ − 1 for m meetings), so that one pair meeting again and
    /// again costs more than several pairs meeting twice.
    fn cost(&self, player: usize, others: &[usize]) -> u32 {
        others
            .iter()
            .map(|&o| 4u32.saturating_pow(u32::from(self.met[player][o])) - 1)
            .fold(0u32, u32::saturating_add)
    }

    /// The seat order of a table that gives each player the seats he had least.
    fn seat_order(&self, table: &mut [usize]) {
        let mut best = table.to_vec();
        let mut best_cost = u32::MAX;
        permutations(table, &mut |order| {
            let cost: u32 = order
                .iter()
                .enumerate()
                .map(|(seat, &p)| {
                    // Seat 1 (moving first) weighs most.
                    let weight = if seat == 0 { 2 } else { 1 };
                    weight * u32::from(self.seats[p][seat]) * u32::from(self.seats[p][seat])
                })
                .sum();
            if cost < best_cost {
                best_cost = cost;
                best.copy_from_slice(order);
            }
        });
        table.copy_from_slice(&best);
    }
}

/// Calls `visit` with every order of `items` (Heap's algorithm).
fn permutations(items: &mut [usize], visit: &mut impl FnMut(&[usize])) {
    fn heap(k: usize, items: &mut [usize], visit: &mut impl FnMut(&[usize])) {
        if k <= 1 {
            visit(items);
            return;
        }
        for i in 0..k {
            heap(k - 1, items, visit);
            let j = if k.is_multiple_of(2) { i } else { 0 };
            items.swap(j, k - 1);
        }
    }
    let n = items.len();
    heap(n, items, visit);
}

/// Who sits out: as many as do not fill a table, those who sat out least; among them
/// those who have met the most of the field (the hardest to seat without a repeat),
/// then in turn round by round.
fn sit_outs(players: &[usize], history: &History, round: usize) -> Vec<usize> {
    let count = players.len() % history.size;
    let n = players.len().max(1);
    let mut order: Vec<(u16, std::cmp::Reverse<u32>, usize, usize)> = players
        .iter()
        .enumerate()
        .map(|(i, &p)| {
            (
                history.byes[p],
                std::cmp::Reverse(history.cost(p, players)),
                (i + n - (round * count) % n) % n,
                p,
            )
        })
        .collect();
    order.sort_unstable();
    order.iter().take(count).map(|&(_, _, _, p)| p).collect()
}

/// Tables of the players in `pool` (a multiple of the table size), few repeated
/// meetings: each table filled from the players who met its members least, then swaps
/// between tables while they help. A small field tries several starting orders and
/// keeps the best (swaps alone can stop short of it).
fn tables_of(pool: &[usize], history: &History) -> Vec<Vec<usize>> {
    let mut order: Vec<usize> = pool.to_vec();
    // The hardest to place first: those who met the most of the pool already.
    order.sort_by_key(|&p| std::cmp::Reverse(history.cost(p, pool)));
    let starts = if pool.len() <= 60 { 8 } else { 1 };
    let mut best: Option<(u32, Vec<Vec<usize>>)> = None;
    for start in 0..starts.min(order.len().max(1)) {
        let mut rotated = order.clone();
        rotated.rotate_left(start * order.len() / starts);
        let tables = fill_tables(rotated, history);
        let total: u32 = tables
            .iter()
            .map(|t| t.iter().map(|&p| history.cost(p, t)).sum::<u32>())
            .sum();
        if best.as_ref().is_none_or(|(b, _)| total < *b) {
            best = Some((total, tables));
        }
    }
    best.map(|(_, t)| t).unwrap_or_default()
}

/// Fills tables in the order given, then improves them by swaps.
fn fill_tables(mut left: Vec<usize>, history: &History) -> Vec<Vec<usize>> {
    let size = history.size;
    let mut tables: Vec<Vec<usize>> = Vec::with_capacity(left.len() / size);
    while !left.is_empty() {
        let mut table = vec![left.remove(0)];
        while table.len() < size {
            let (i, _) = left
                .iter()
                .enumerate()
                .min_by_key(|&(i, &p)| (history.cost(p, &table), i))
                .expect("the pool fills its tables");
            table.push(left.remove(i));
        }
        tables.push(table);
    }
    improve(&mut tables, history);
    tables
}

/// Swaps a player of one table with one of another while that lowers the repeated
/// meetings (a few passes).
fn improve(tables: &mut [Vec<usize>], history: &History) {
    let without = |table: &[usize], skip: usize| -> Vec<usize> {
        table.iter().copied().filter(|&p| p != skip).collect()
    };
    for _ in 0..4 {
        let mut better = false;
        for a in 0..tables.len() {
            for b in a + 1..tables.len() {
                for i in 0..tables[a].len() {
                    for j in 0..tables[b].len() {
                        let (x, y) = (tables[a][i], tables[b][j]);
                        let rest_a = without(&tables[a], x);
                        let rest_b = without(&tables[b], y);
                        let now = history.cost(x, &rest_a) + history.cost(y, &rest_b);
                        let swapped = history.cost(y, &rest_a) + history.cost(x, &rest_b);
                        if swapped < now {
                            tables[a][i] = y;
                            tables[b][j] = x;
                            better = true;
                        }
                    }
                }
            }
        }
        if !better {
            break;
        }
    }
}

/// A round robin of `players` in tables of `size` over `rounds` rounds. With an exact
/// design (9 in threes, 16 in fours, 15 in threes...) every pair meets once; otherwise
/// repeats are kept few. Players who do not fill a table sit out in turn.
pub fn round_robin(players: usize, size: usize, rounds: usize) -> Vec<TableRound> {
    let mut history = History::new(players, size);
    let design = design::exact(players, size).filter(|d| d.len() >= rounds);
    let everyone: Vec<usize> = (0..players).collect();
    let mut out = Vec::with_capacity(rounds);
    for r in 0..rounds {
        let mut round = match &design {
            Some(d) => TableRound {
                tables: d[r].clone(),
                sitting_out: Vec::new(),
            },
            None => {
                let sitting_out = sit_outs(&everyone, &history, r);
                let pool: Vec<usize> = everyone
                    .iter()
                    .copied()
                    .filter(|p| !sitting_out.contains(p))
                    .collect();
                TableRound {
                    tables: tables_of(&pool, &history),
                    sitting_out,
                }
            }
        };
        for table in &mut round.tables {
            history.seat_order(table);
        }
        history.record(&round);
        out.push(round);
    }
    if design.is_none() {
        // A pair meets at most once more than the rounds force.
        let forced = (rounds * (size - 1)).div_ceil(players.saturating_sub(1).max(1));
        cover(&mut out, players, forced as u16 + 1);
        // Seats again, round by round, for the tables the search changed.
        let mut history = History::new(players, size);
        for round in &mut out {
            for table in &mut round.tables {
                history.seat_order(table);
            }
            history.record(round);
        }
    }
    out
}

/// What a pair's meetings cost the whole schedule: meeting more than once beyond what
/// the rounds force weighs most, then never meeting, then each meeting again four
/// times the one before.
fn pair_cost(met: u16, most: u16) -> i64 {
    match met {
        0 => 1 << 20,
        m if m > most => (1 << 22) * i64::from(m - most),
        m => 4i64.saturating_pow(u32::from(m) - 1) - 1,
    }
}

/// Improves a round robin in tables as a whole: swaps of two players between two
/// tables of one round that let more pairs meet (then fewer meet again), as long as
/// one helps, with sideways swaps in between to get past where none does. Rounds
/// planned one at a time can leave pairs that never meet though a schedule where all
/// do exists (12 at tables of six: 58 of 66 pairs in three rounds, where all 66 can).
/// Deterministic; bounded work.
fn cover(rounds: &mut [TableRound], players: usize, most: u16) {
    let mut met = vec![vec![0u16; players]; players];
    for round in rounds.iter() {
        for table in &round.tables {
            for (i, &a) in table.iter().enumerate() {
                for &b in &table[i + 1..] {
                    met[a][b] += 1;
                    met[b][a] += 1;
                }
            }
        }
    }
    let total = |met: &[Vec<u16>]| -> i64 {
        (0..players)
            .flat_map(|a| (a + 1..players).map(move |b| (a, b)))
            .map(|(a, b)| pair_cost(met[a][b], most))
            .sum()
    };
    // The change in cost of swapping x (at table `ta`) with y (at `tb`).
    let delta = |met: &[Vec<u16>], ta: &[usize], tb: &[usize], x: usize, y: usize| -> i64 {
        let mut d = 0;
        for &o in ta.iter().filter(|&&o| o != x) {
            d += pair_cost(met[x][o] - 1, most) - pair_cost(met[x][o], most);
            d += pair_cost(met[y][o] + 1, most) - pair_cost(met[y][o], most);
        }
        for &o in tb.iter().filter(|&&o| o != y) {
            d += pair_cost(met[y][o] - 1, most) - pair_cost(met[y][o], most);
            d += pair_cost(met[x][o] + 1, most) - pair_cost(met[x][o], most);
        }
        d
    };
    let apply = |met: &mut [Vec<u16>], ta: &[usize], tb: &[usize], x: usize, y: usize| {
        for &o in ta.iter().filter(|&&o| o != x) {
            met[x][o] -= 1;
            met[o][x] -= 1;
            met[y][o] += 1;
            met[o][y] += 1;
        }
        for &o in tb.iter().filter(|&&o| o != y) {
            met[y][o] -= 1;
            met[o][y] -= 1;
            met[x][o] += 1;
            met[o][x] += 1;
        }
    };
    let mut moves: Vec<(usize, usize, usize, usize, usize)> = Vec::new();
    for (r, round) in rounds.iter().enumerate() {
        let tables = round.tables.len();
        for a in 0..tables {
            for b in a + 1..tables {
                for i in 0..round.tables[a].len() {
                    for j in 0..round.tables[b].len() {
                        moves.push((r, a, b, i, j));
                    }
                }
            }
        }
    }
    if moves.is_empty() {
        return;
    }
    let mut cost = total(&met);
    let mut best = (cost, rounds.to_vec());
    // A fixed stream of choices, so the same field gives the same rounds.
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15 ^ (players as u64);
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let budget = (200_000 / moves.len().max(1)).clamp(2, 50) * moves.len();
    for step in 0..budget {
        let (r, a, b, i, j) = if step % 4 == 0 {
            // Now and then a swap chosen at random.
            moves[(next() % moves.len() as u64) as usize]
        } else {
            moves[step % moves.len()]
        };
        let (x, y) = (rounds[r].tables[a][i], rounds[r].tables[b][j]);
        let d = delta(&met, &rounds[r].tables[a], &rounds[r].tables[b], x, y);
        // Downhill always; sideways when chosen at random.
        if d < 0 || (d == 0 && step % 4 == 0) {
            let (ta, tb) = (rounds[r].tables[a].clone(), rounds[r].tables[b].clone());
            apply(&mut met, &ta, &tb, x, y);
            rounds[r].tables[a][i] = y;
            rounds[r].tables[b][j] = x;
            cost += d;
            if cost < best.0 {
                best = (cost, rounds.to_vec());
            }
        }
    }
    rounds.clone_from_slice(&best.1);
}

/// A Swiss round in tables: `standing` lists the players from the leader down, with
/// `score` giving each one's score (in any unit). Score groups sit top-down: nobody
/// sits below a table holding a lower score than his; among the players of the score
/// group that fills a table, those who met its players least sit there. The
/// lowest-placed who sat out least sit out.
pub fn seat_by_score(
    standing: &[usize],
    score: &dyn Fn(usize) -> i64,
    history: &History,
) -> TableRound {
    let size = history.size;
    let count = standing.len() % size;
    // From the bottom: the lowest placed with the fewest sit-outs.
    let mut from_bottom: Vec<(u16, usize, usize)> = standing
        .iter()
        .rev()
        .enumerate()
        .map(|(i, &p)| (history.byes[p], i, p))
        .collect();
    from_bottom.sort_unstable();
    let sitting_out: Vec<usize> = from_bottom.iter().take(count).map(|&(_, _, p)| p).collect();
    let mut left: Vec<usize> = standing
        .iter()
        .copied()
        .filter(|p| !sitting_out.contains(p))
        .collect();
    let mut tables = Vec::with_capacity(left.len() / size.max(1));
    while !left.is_empty() {
        let mut table = Vec::with_capacity(size);
        while table.len() < size && !left.is_empty() {
            // The lowest score this table reaches: whoever scores more sits here
            // first; those who score it are chosen among.
            let mut scores: Vec<i64> = left.iter().map(|&p| score(p)).collect();
            scores.sort_unstable_by(|a, b| b.cmp(a));
            let boundary = scores[(size - table.len() - 1).min(scores.len() - 1)];
            let i = match left.iter().position(|&p| score(p) > boundary) {
                Some(i) => i,
                None => left
                    .iter()
                    .enumerate()
                    .filter(|&(_, &p)| score(p) == boundary)
                    .min_by_key(|&(i, &p)| (history.cost(p, &table), i))
                    .map_or(0, |(i, _)| i),
            };
            table.push(left.remove(i));
        }
        history.seat_order(&mut table);
        tables.push(table);
    }
    TableRound {
        tables,
        sitting_out,
    }
}

/// Rotating partners for four-player Junqi (2 v 2): `players` (a multiple of four)
/// over `rounds` rounds. With four or eight players, a whist design: every pair
/// partners exactly once and every player meets every other twice as an opponent
/// (eight: seven rounds). Larger fields take partners from a round robin of the players
/// and set the partnerships against each other so that opponents repeat as little as
/// they can. Each table is `[south, east, north, west]`: south and north partners
/// against east and west.
pub fn rotating_partners(players: usize, rounds: usize) -> Vec<TableRound> {
    let tables: Vec<Vec<[usize; 4]>> = match design::whist(players) {
        Some(w) if rounds <= w.len() => w.into_iter().take(rounds).collect(),
        _ => {
            let mut opponents = vec![vec![0u16; players]; players];
            (0..rounds)
                .map(|r| {
                    let pairs = circle_round(players, r % (players - 1).max(1));
                    let m = best_matching(&pairs, &opponents);
                    m.iter()
                        .map(|&(i, j)| {
                            meet(&mut opponents, pairs[i], pairs[j], 1);
                            [pairs[i].0, pairs[j].0, pairs[i].1, pairs[j].1]
                        })
                        .collect()
                })
                .collect()
        }
    };
    tables
        .into_iter()
        .map(|round| TableRound {
            tables: round.into_iter().map(|t| t.to_vec()).collect(),
            sitting_out: Vec::new(),
        })
        .collect()
}

/// Counts two partnerships as opponents of each other (`by` = 1) or takes it back.
fn meet(opponents: &mut [Vec<u16>], a: (usize, usize), b: (usize, usize), by: i32) {
    for x in [a.0, a.1] {
        for y in [b.0, b.1] {
            let add = |v: &mut u16| *v = (i32::from(*v) + by) as u16;
            add(&mut opponents[x][y]);
            add(&mut opponents[y][x]);
        }
    }
}

/// The ways to set partnerships against each other: pairs of their indices.
fn matchings(n: usize) -> Vec<Vec<(usize, usize)>> {
    fn build(
        left: &[usize],
        current: &mut Vec<(usize, usize)>,
        out: &mut Vec<Vec<(usize, usize)>>,
    ) {
        let Some((&first, rest)) = left.split_first() else {
            out.push(current.clone());
            return;
        };
        for (k, &other) in rest.iter().enumerate() {
            let remaining: Vec<usize> = rest
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != k)
                .map(|(_, &v)| v)
                .collect();
            current.push((first, other));
            build(&remaining, current, out);
            current.pop();
        }
    }
    let mut out = Vec::new();
    build(&(0..n).collect::<Vec<_>>(), &mut Vec::new(), &mut out);
    out
}

/// The cost of a round's match-ups: repeated opponents, squared.
fn matching_cost(pairs: &[(usize, usize)], m: &[(usize, usize)], opponents: &[Vec<u16>]) -> u32 {
    m.iter()
        .map(|&(i, j)| {
            let (a, b) = (pairs[i], pairs[j]);
            [(a.0, b.0), (a.0, b.1), (a.1, b.0), (a.1, b.1)]
                .iter()
                .map(|&(x, y)| u32::from(opponents[x][y] + 1).pow(2))
                .sum::<u32>()
        })
        .sum()
}

/// This round's best match-up (all of them for up to eight partnerships, else greedy).
fn best_matching(pairs: &[(usize, usize)], opponents: &[Vec<u16>]) -> Vec<(usize, usize)> {
    if pairs.len() <= 8 {
        return matchings(pairs.len())
            .into_iter()
            .min_by_key(|m| matching_cost(pairs, m, opponents))
            .unwrap_or_default();
    }
    let mut left: Vec<usize> = (0..pairs.len()).collect();
    let mut m = Vec::new();
    while let Some(first) = left.first().copied() {
        left.remove(0);
        let (k, _) = left
            .iter()
            .enumerate()
            .min_by_key(|&(k, &j)| (matching_cost(pairs, &[(first, j)], opponents), k))
            .expect("partnerships come in pairs");
        m.push((first, left.remove(k)));
    }
    m
}

/// Round `r` of the circle method over `n` players (n even): player n − 1 stays, the
/// others turn; every pair is together once in n − 1 rounds.
fn circle_round(n: usize, r: usize) -> Vec<(usize, usize)> {
    let m = n - 1;
    let mut pairs = vec![(n - 1, r % m)];
    for k in 1..n / 2 {
        pairs.push(((r + k) % m, (r + m - k) % m));
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_round(players: usize, size: usize, round: &TableRound) {
        let mut seen: Vec<usize> = round
            .tables
            .iter()
            .flatten()
            .chain(&round.sitting_out)
            .copied()
            .collect();
        seen.sort_unstable();
        assert_eq!(
            seen,
            (0..players).collect::<Vec<_>>(),
            "everyone once a round"
        );
        assert!(round.tables.iter().all(|t| t.len() == size));
        assert_eq!(round.sitting_out.len(), players % size);
    }

    #[test]
    fn the_exact_designs_are_used_where_they_fit() {
        for (players, size, rounds) in [(9, 3, 4), (16, 4, 5), (15, 3, 7)] {
            let schedule = round_robin(players, size, rounds);
            let mut history = History::new(players, size);
            for round in &schedule {
                check_round(players, size, round);
                history.record(round);
            }
            for a in 0..players {
                for b in a + 1..players {
                    assert_eq!(history.met(a, b), 1, "{players} in {size}s: {a} and {b}");
                }
            }
        }
    }

    #[test]
    fn eight_players_partner_each_other_exactly_once() {
        let schedule = rotating_partners(8, 7);
        let mut partners = vec![vec![0; 8]; 8];
        let mut opponents = vec![vec![0; 8]; 8];
        for round in &schedule {
            check_round(8, 4, round);
            for t in &round.tables {
                for (a, b) in [(t[0], t[2]), (t[1], t[3])] {
                    partners[a][b] += 1;
                    partners[b][a] += 1;
                }
                for &(a, b) in &[(t[0], t[1]), (t[0], t[3]), (t[2], t[1]), (t[2], t[3])] {
                    opponents[a][b] += 1;
                    opponents[b][a] += 1;
                }
            }
        }
        for (a, row) in partners.iter().enumerate() {
            for (b, &times) in row.iter().enumerate() {
                assert_eq!(times, u32::from(a != b), "{a} and {b} partner once");
            }
            // Fourteen opponent meetings over seven others: each met twice.
            let met: Vec<u32> = (0..8)
                .filter(|&b| b != a)
                .map(|b| opponents[a][b])
                .collect();
            assert!(
                met.iter().all(|&m| m == 2),
                "{a} meets each opponent twice: {met:?}"
            );
        }
    }

    #[test]
    fn seats_are_shared_out_over_the_rounds() {
        // Nine in threes over four rounds: each player on each seat once or twice.
        let schedule = round_robin(9, 3, 4);
        let mut history = History::new(9, 3);
        for round in &schedule {
            history.record(round);
        }
        for p in 0..9 {
            assert!(
                (0..3).all(|s| history.seat_count(p, s) >= 1),
                "{p}: every seat"
            );
            assert!(
                history.seat_count(p, 0) <= 2,
                "{p}: first to move at most twice"
            );
        }
    }

    /// 12 at tables of six in three rounds: every one of the 66 pairs meets (three
    /// players each on every side pattern 111, 001, 010, 100 show one schedule that
    /// does); planned a round at a time, 58 did.
    #[test]
    fn twelve_at_tables_of_six_all_meet_in_three_rounds() {
        let schedule = round_robin(12, 6, 3);
        let mut history = History::new(12, 6);
        for round in &schedule {
            check_round(12, 6, round);
            history.record(round);
        }
        let met = (0..12)
            .flat_map(|a| (a + 1..12).map(move |b| (a, b)))
            .filter(|&(a, b)| history.met(a, b) > 0)
            .count();
        assert_eq!(met, 66);
    }

    #[test]
    fn the_lowest_placed_sit_out_and_leaders_sit_together() {
        let history = History::new(20, 6);
        let standing: Vec<usize> = (0..20).collect();
        let round = seat_by_score(&standing, &|_| 0, &history);
        check_round(20, 6, &round);
        let mut out = round.sitting_out.clone();
        out.sort_unstable();
        assert_eq!(out, [18, 19]);
        let mut first = round.tables[0].clone();
        first.sort_unstable();
        assert_eq!(first, [0, 1, 2, 3, 4, 5]);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(40))]

        /// Seating by score never puts a player below a table holding a lower score,
        /// whatever the history of meetings (the 8-pointer at table 2 below 5-pointers
        /// at table 1 that organizers found).
        #[test]
        fn score_groups_sit_top_down(
            players in 6usize..40,
            size in 3usize..7,
            points in proptest::collection::vec(0i64..10, 40),
            earlier in 0usize..5,
        ) {
            proptest::prop_assume!(players >= size);
            let mut history = History::new(players, size);
            for round in round_robin(players, size, earlier) {
                history.record(&round);
            }
            let mut scores: Vec<i64> = points[..players].to_vec();
            scores.sort_unstable_by(|a, b| b.cmp(a));
            let standing: Vec<usize> = (0..players).collect();
            let round = seat_by_score(&standing, &|p| scores[p], &history);
            check_round(players, size, &round);
            for pair in round.tables.windows(2) {
                let lowest_above = pair[0].iter().map(|&p| scores[p]).min().unwrap();
                let highest_below = pair[1].iter().map(|&p| scores[p]).max().unwrap();
                proptest::prop_assert!(lowest_above >= highest_below, "{:?}", round.tables);
            }
        }

        /// Any field: everyone seated once a round, full tables, sit-outs spread (no
        /// one sits out twice before all have once), and meetings within the bound
        /// rounds allow.
        #[test]
        fn every_round_seats_everyone_once(players in 3usize..40, size in 3usize..7, rounds in 1usize..9) {
            proptest::prop_assume!(players >= size);
            let schedule = round_robin(players, size, rounds);
            proptest::prop_assert_eq!(schedule.len(), rounds);
            let mut history = History::new(players, size);
            for round in &schedule {
                check_round(players, size, round);
                history.record(round);
            }
            let byes: Vec<u16> = (0..players).map(|p| history.byes(p)).collect();
            let (lo, hi) = (byes.iter().min().copied().unwrap_or(0), byes.iter().max().copied().unwrap_or(0));
            proptest::prop_assert!(hi - lo <= 1, "sit-outs spread: {:?}", byes);
            // No pair meets more often than once more than the rounds force.
            let most = (0..players)
                .flat_map(|a| (0..players).map(move |b| (a, b)))
                .filter(|(a, b)| a != b)
                .map(|(a, b)| history.met(a, b))
                .max()
                .unwrap_or(0);
            let forced = (rounds * (size - 1)).div_ceil(players - 1) as u16;
            proptest::prop_assert!(most <= forced + 1, "a pair met {} times, {} forced", most, forced);
        }
    }
}
