//! Round-robin schedules on the FIDE Berger tables (RULES.md §6).
//!
//! With N players (a bye added as number N when the field is odd) and m = N − 1, in
//! round r player N meets the k with 2k ≡ r + 1 (mod m) and has red in even rounds;
//! the other boards pair k + b − 1 with k − b + 1 (mod m, in 1..m), and of two players
//! i < j the lower has red when j − i is odd.

/// One game of a schedule, by entrant number (1-based); `black` is 0 for a bye.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Pairing {
    pub round: u32,
    pub board: u32,
    pub red: u32,
    pub black: u32,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RoundRobinOptions {
    /// Play the table twice, colours reversed in the second cycle.
    pub double: bool,
    /// In a double round robin, swap the last two rounds of the first cycle so nobody
    /// gets the same colour three times in a row at the turn.
    pub swap_last_two: bool,
}

/// The rounds of one cycle for `n` entrants.
fn cycle(n: u32) -> Vec<Vec<(u32, u32)>> {
    if n < 2 {
        return Vec::new();
    }
    let size = n + n % 2;
    let m = size - 1;
    let wrap = |x: i64| -> u32 {
        let r = x.rem_euclid(m as i64) as u32;
        if r == 0 { m } else { r }
    };
    let half = m.div_ceil(2) as i64; // the inverse of 2 modulo the odd m
    (1..=m)
        .map(|r| {
            let k = wrap((r as i64 + 1) * half);
            let mut games = Vec::with_capacity(size as usize / 2);
            let last = if size > n { 0 } else { size };
            games.push(if r % 2 == 0 && last != 0 {
                (last, k)
            } else {
                (k, last)
            });
            for b in 2..=size / 2 {
                let a = wrap(k as i64 + b as i64 - 1);
                let c = wrap(k as i64 - b as i64 + 1);
                let (i, j) = (a.min(c), a.max(c));
                games.push(if (j - i) % 2 == 1 { (i, j) } else { (j, i) });
            }
            games
        })
        .collect()
}

/// The full schedule, round by round and board by board.
pub fn round_robin(n: u32, options: RoundRobinOptions) -> Vec<Pairing> {
    let mut first = cycle(n);
    let mut rounds: Vec<Vec<(u32, u32)>> = Vec::new();
    if options.double {
        if options.swap_last_two && first.len() >= 2 {
            let len = first.len();
            first.swap(len - 2, len - 1);
        }
        let second: Vec<Vec<(u32, u32)>> = first
            .iter()
            .map(|games| {
                games
                    .iter()
                    .map(|&(r, b)| if b == 0 { (r, b) } else { (b, r) })
                    .collect()
            })
            .collect();
        rounds.extend(first);
        rounds.extend(second);
    } else {
        rounds = first;
    }
    rounds
        .into_iter()
        .enumerate()
        .flat_map(|(ri, games)| {
            games
                .into_iter()
                .enumerate()
                .map(move |(bi, (red, black))| {
                    // A bye is written with the entrant first.
                    let (red, black) = if red == 0 { (black, 0) } else { (red, black) };
                    Pairing {
                        round: ri as u32 + 1,
                        board: bi as u32 + 1,
                        red,
                        black,
                    }
                })
        })
        .collect()
}

/// How many rounds one cycle takes.
pub fn rounds_in_cycle(n: u32) -> u32 {
    if n < 2 { 0 } else { n + n % 2 - 1 }
}
