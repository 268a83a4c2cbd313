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

/// One cycle for `n` entrants: round by round, (red, black) with 0 for the bye.
fn cycle(n: u32, mut emit: impl FnMut(u32, u32, u32)) {
    if n < 2 {
        return;
    }
    let size = n + n % 2;
    let m = size - 1;
    let last = if size > n { 0 } else { size };
    for r in 1..=m {
        // k with 2k ≡ r + 1 (mod m): (r + 1)·(m + 1)/2, as m is odd.
        let k = ((r as u64 + 1) * (m as u64).div_ceil(2) % m as u64) as u32;
        let k = if k == 0 { m } else { k };
        if r % 2 == 0 && last != 0 {
            emit(r, last, k)
        } else {
            emit(r, k, last)
        }
        // Board b pairs k + b − 1 with k − b + 1, both taken into 1..m.
        let (mut a, mut c) = (k, k);
        for _ in 2..=size / 2 {
            a = if a == m { 1 } else { a + 1 };
            c = if c == 1 { m } else { c - 1 };
            let (i, j) = (a.min(c), a.max(c));
            if (j - i) % 2 == 1 {
                emit(r, i, j)
            } else {
                emit(r, j, i)
            }
        }
    }
}

/// The full schedule, round by round and board by board.
pub fn round_robin(n: u32, options: RoundRobinOptions) -> Vec<Pairing> {
    let cycle_rounds = rounds_in_cycle(n);
    let per_round = (n + n % 2) as usize / 2;
    let mut first =
        Vec::with_capacity(cycle_rounds as usize * per_round * if options.double { 2 } else { 1 });
    let mut board = 0;
    let mut current = 0;
    cycle(n, |round, red, black| {
        board = if round == current { board + 1 } else { 1 };
        current = round;
        // A bye is written with the entrant first.
        let (red, black) = if red == 0 { (black, 0) } else { (red, black) };
        first.push(Pairing {
            round,
            board,
            red,
            black,
        });
    });
    if !options.double {
        return first;
    }
    if options.swap_last_two && cycle_rounds >= 2 {
        for p in &mut first {
            if p.round == cycle_rounds {
                p.round -= 1;
            } else if p.round == cycle_rounds - 1 {
                p.round += 1;
            }
        }
        first.sort_by_key(|p| (p.round, p.board));
    }
    let second: Vec<Pairing> = first
        .iter()
        .map(|p| {
            let (red, black) = if p.black == 0 {
                (p.red, 0)
            } else {
                (p.black, p.red)
            };
            Pairing {
                round: p.round + cycle_rounds,
                board: p.board,
                red,
                black,
            }
        })
        .collect();
    first.extend(second);
    first
}

/// How many rounds one cycle takes.
pub fn rounds_in_cycle(n: u32) -> u32 {
    if n < 2 { 0 } else { n + n % 2 - 1 }
}
