//! Resolvable designs: rounds of tables in which every pair of players meets exactly
//! once. Affine planes over finite fields seat q² players at tables of q over q + 1
//! rounds (9 in threes over 4 rounds, 16 in fours over 5, 25 in fives over 6); a
//! packing of the projective space PG(3, 2) gives Kirkman's fifteen schoolgirls: 15 in
//! threes over 7 rounds.

/// One round: its tables, each a list of players (0-based).
pub type Round = Vec<Vec<usize>>;

/// A field of order q (2, 3, 4, 5, 7): addition and multiplication tables.
struct Field {
    q: usize,
    add: Vec<Vec<usize>>,
    mul: Vec<Vec<usize>>,
}

impl Field {
    fn of(q: usize) -> Option<Field> {
        let (add, mul): (Vec<Vec<usize>>, Vec<Vec<usize>>) = match q {
            2 | 3 | 5 | 7 => (
                (0..q)
                    .map(|a| (0..q).map(|b| (a + b) % q).collect())
                    .collect(),
                (0..q)
                    .map(|a| (0..q).map(|b| (a * b) % q).collect())
                    .collect(),
            ),
            // GF(4) = {0, 1, x, x + 1} as bits, x² = x + 1: addition is XOR, and the
            // nonzero elements are powers of x (1, x, x + 1).
            4 => {
                let power = [1usize, 2, 3];
                let log = |a: usize| power.iter().position(|&p| p == a).unwrap_or(0);
                let mul = (0..4)
                    .map(|a| {
                        (0..4)
                            .map(|b| match (a, b) {
                                (0, _) | (_, 0) => 0,
                                _ => power[(log(a) + log(b)) % 3],
                            })
                            .collect()
                    })
                    .collect();
                (
                    (0..4).map(|a| (0..4).map(|b| a ^ b).collect()).collect(),
                    mul,
                )
            }
            _ => return None,
        };
        Some(Field { q, add, mul })
    }
}

/// The affine plane of order q: players are the points (x, y), player x·q + y; a round
/// is a class of parallel lines, a table a line. `None` for an order with no field
/// here (6, 8, ...).
pub fn affine_plane(q: usize) -> Option<Vec<Round>> {
    let f = Field::of(q)?;
    let player = |x: usize, y: usize| x * f.q + y;
    // Lines y = m·x + b, one round per slope m.
    let mut rounds: Vec<Round> = (0..q)
        .map(|m| {
            (0..q)
                .map(|b| (0..q).map(|x| player(x, f.add[f.mul[m][x]][b])).collect())
                .collect()
        })
        .collect();
    // And the vertical lines x = c.
    rounds.push(
        (0..q)
            .map(|c| (0..q).map(|y| player(c, y)).collect())
            .collect(),
    );
    Some(rounds)
}

/// Kirkman's schoolgirls: 15 players in threes over 7 rounds, every pair once. The
/// players are the nonzero vectors of GF(2)⁴, a table a line {a, b, a ⊕ b} of PG(3, 2),
/// a round a spread (five lines covering all fifteen points); seven spreads without a
/// common line are found by a short exact search.
pub fn kirkman_15() -> Vec<Round> {
    let mut lines: Vec<[usize; 3]> = Vec::new();
    for a in 1..16usize {
        for b in a + 1..16 {
            let c = a ^ b;
            if c > b {
                lines.push([a, b, c]);
            }
        }
    }
    let spreads = spreads(&lines);
    let mut chosen = Vec::new();
    let found = pack(&spreads, 0, &mut 0u64, &mut chosen);
    debug_assert!(found, "PG(3, 2) has a packing");
    chosen
        .iter()
        .map(|&s| {
            spreads[s]
                .iter()
                .map(|&l| lines[l].iter().map(|p| p - 1).collect())
                .collect()
        })
        .collect()
}

/// Every set of five disjoint lines covering the fifteen points.
fn spreads(lines: &[[usize; 3]]) -> Vec<Vec<usize>> {
    fn extend(
        lines: &[[usize; 3]],
        covered: u32,
        from: usize,
        chosen: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if chosen.len() == 5 {
            out.push(chosen.clone());
            return;
        }
        // The lowest uncovered point must be on the next line.
        let point = (1..16).find(|p| covered & (1 << p) == 0).unwrap_or(0);
        for (i, line) in lines.iter().enumerate().skip(from) {
            let bits = line.iter().fold(0u32, |acc, p| acc | 1 << p);
            if line.contains(&point) && covered & bits == 0 {
                chosen.push(i);
                extend(lines, covered | bits, 0, chosen, out);
                chosen.pop();
            }
        }
    }
    let mut out = Vec::new();
    extend(lines, 0, 0, &mut Vec::new(), &mut out);
    // Each spread is found once per order its lines can come in: keep one.
    for s in &mut out {
        s.sort_unstable();
    }
    out.sort();
    out.dedup();
    out
}

/// Seven spreads, no line in two of them (all 35 lines used once).
fn pack(spreads: &[Vec<usize>], from: usize, used: &mut u64, chosen: &mut Vec<usize>) -> bool {
    if chosen.len() == 7 {
        return true;
    }
    for (i, s) in spreads.iter().enumerate().skip(from) {
        let bits = s.iter().fold(0u64, |acc, &l| acc | 1 << l);
        if *used & bits == 0 {
            *used |= bits;
            chosen.push(i);
            if pack(spreads, i + 1, used, chosen) {
                return true;
            }
            chosen.pop();
            *used &= !bits;
        }
    }
    false
}

/// A whist design for four-player Junqi with rotating partners: `players` − 1 rounds of
/// tables `[south, east, north, west]` (south and north partners) in which every pair
/// partners exactly once and meets twice as opponents. Found by a short search for
/// four and eight players; `None` for other fields.
pub fn whist(players: usize) -> Option<Vec<Vec<[usize; 4]>>> {
    if players != 4 && players != 8 {
        return None;
    }
    let options = whist_rounds(players);
    let mut partners = vec![vec![false; players]; players];
    let mut opponents = vec![vec![0u8; players]; players];
    let mut chosen = Vec::new();
    whist_search(
        players,
        &options,
        &mut partners,
        &mut opponents,
        &mut chosen,
    )
    .then(|| chosen.iter().map(|&i| options[i].clone()).collect())
}

/// Every round: the players split into tables of two partnerships each.
fn whist_rounds(players: usize) -> Vec<Vec<[usize; 4]>> {
    fn split(left: &[usize], tables: &mut Vec<[usize; 4]>, out: &mut Vec<Vec<[usize; 4]>>) {
        let Some((&a, rest)) = left.split_first() else {
            out.push(tables.clone());
            return;
        };
        // a, its partner p, and the partnership (x, y) against them.
        for (i, &p) in rest.iter().enumerate() {
            let others: Vec<usize> = rest
                .iter()
                .enumerate()
                .filter(|&(k, _)| k != i)
                .map(|(_, &v)| v)
                .collect();
            for (j, &x) in others.iter().enumerate() {
                for (k, &y) in others.iter().enumerate().skip(j + 1) {
                    let remaining: Vec<usize> = others
                        .iter()
                        .enumerate()
                        .filter(|&(m, _)| m != j && m != k)
                        .map(|(_, &v)| v)
                        .collect();
                    tables.push([a, x, p, y]);
                    split(&remaining, tables, out);
                    tables.pop();
                }
            }
        }
    }
    let mut out = Vec::new();
    split(&(0..players).collect::<Vec<_>>(), &mut Vec::new(), &mut out);
    out
}

fn whist_search(
    players: usize,
    options: &[Vec<[usize; 4]>],
    partners: &mut [Vec<bool>],
    opponents: &mut [Vec<u8>],
    chosen: &mut Vec<usize>,
) -> bool {
    if chosen.len() == players - 1 {
        return true;
    }
    // Round k partners player 0 with player k + 1: each arrangement is tried once.
    let partner_of_first = chosen.len() + 1;
    for (i, round) in options.iter().enumerate() {
        if round[0][2] != partner_of_first {
            continue;
        }
        let fits = round.iter().all(|t| {
            !partners[t[0]][t[2]]
                && !partners[t[1]][t[3]]
                && [(t[0], t[1]), (t[0], t[3]), (t[2], t[1]), (t[2], t[3])]
                    .iter()
                    .all(|&(a, b)| opponents[a][b] < 2)
        });
        if !fits {
            continue;
        }
        let apply = |partners: &mut [Vec<bool>], opponents: &mut [Vec<u8>], on: bool| {
            for t in round {
                for (a, b) in [(t[0], t[2]), (t[1], t[3])] {
                    partners[a][b] = on;
                    partners[b][a] = on;
                }
                for (a, b) in [(t[0], t[1]), (t[0], t[3]), (t[2], t[1]), (t[2], t[3])] {
                    let step = |v: &mut u8| *v = if on { *v + 1 } else { *v - 1 };
                    step(&mut opponents[a][b]);
                    step(&mut opponents[b][a]);
                }
            }
        };
        apply(partners, opponents, true);
        chosen.push(i);
        if whist_search(players, options, partners, opponents, chosen) {
            return true;
        }
        chosen.pop();
        apply(partners, opponents, false);
    }
    false
}

/// The exact design for `players` at tables of `size`, when one is known here.
pub fn exact(players: usize, size: usize) -> Option<Vec<Round>> {
    match (players, size) {
        (15, 3) => Some(kirkman_15()),
        (n, q) if n == q * q => affine_plane(q),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How often each pair met, and whether every round seats everyone once.
    fn meetings(players: usize, rounds: &[Round]) -> Vec<Vec<u32>> {
        let mut met = vec![vec![0u32; players]; players];
        for round in rounds {
            let mut seated: Vec<usize> = round.iter().flatten().copied().collect();
            seated.sort_unstable();
            assert_eq!(
                seated,
                (0..players).collect::<Vec<_>>(),
                "everyone once a round"
            );
            for table in round {
                for (i, &a) in table.iter().enumerate() {
                    for &b in &table[i + 1..] {
                        met[a][b] += 1;
                        met[b][a] += 1;
                    }
                }
            }
        }
        met
    }

    fn every_pair_once(players: usize, size: usize, rounds: usize) {
        let design = exact(players, size).expect("a design");
        assert_eq!(design.len(), rounds);
        assert!(design.iter().flatten().all(|t| t.len() == size));
        let met = meetings(players, &design);
        for (a, row) in met.iter().enumerate() {
            for (b, &times) in row.iter().enumerate() {
                assert_eq!(times, u32::from(a != b), "{a} and {b}");
            }
        }
    }

    #[test]
    fn nine_in_threes_meet_once_over_four_rounds() {
        every_pair_once(9, 3, 4);
    }

    #[test]
    fn sixteen_in_fours_meet_once_over_five_rounds() {
        every_pair_once(16, 4, 5);
    }

    #[test]
    fn fifteen_in_threes_meet_once_over_seven_rounds() {
        every_pair_once(15, 3, 7);
    }

    #[test]
    fn other_planes_too() {
        every_pair_once(4, 2, 3);
        every_pair_once(25, 5, 6);
        every_pair_once(49, 7, 8);
        assert!(exact(36, 6).is_none(), "no plane of order 6");
    }
}
