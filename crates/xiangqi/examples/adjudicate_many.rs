//! Profiling aid: adjudicates 1,000 pseudo-random 100-ply ICCS records 20 times.
use xiangqi::{Notation, Position, Rules, adjudicate};

fn main() {
    let mut state: u64 = 0x5EED;
    let mut games = Vec::new();
    while games.len() < 1000 {
        let mut pos = Position::start();
        let mut moves = Vec::new();
        for _ in 0..100 {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let m = legal.as_slice()[(state >> 33) as usize % legal.len()];
            moves.push(Notation::Iccs.write_move(&pos, m));
            pos.play_unchecked(m);
        }
        games.push(moves);
    }
    let t = std::time::Instant::now();
    let mut plies = 0;
    for _ in 0..200 {
        for g in &games {
            let a = adjudicate(
                &Position::start(),
                g.iter().map(String::as_str),
                Some(Notation::Iccs),
                Rules::default(),
            );
            plies += a.map(|a| a.plies).unwrap_or(0);
        }
    }
    println!(
        "{plies} plies, {:.0} records/s",
        200000.0 / t.elapsed().as_secs_f64()
    );
}
