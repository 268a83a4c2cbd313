use checkers::{CampRule, Hole, Position, Triangle};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// Middle-game positions: two or six players' pieces spread over the board.
fn middle_games() -> Vec<Position> {
    let mut state: u64 = 0x5EED_CAFE;
    let mut next = || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as usize
    };
    let mut out = Vec::new();
    for game in 0..64 {
        let players = if game % 2 == 0 { 2 } else { 6 };
        let seats = checkers::seating(players).unwrap();
        let mut pieces: Vec<(Hole, Triangle)> = Vec::new();
        for &camp in &seats {
            let mut placed = 0;
            while placed < 10 {
                let hole = Hole::from_index(next() % 121);
                if pieces.iter().all(|&(h, _)| h != hole) {
                    pieces.push((hole, camp));
                    placed += 1;
                }
            }
        }
        out.push(Position::from_pieces(players, seats[0], &pieces).unwrap());
    }
    out
}

fn generation(c: &mut Criterion) {
    let positions = middle_games();
    let per_pass: usize = positions
        .iter()
        .map(|p| p.moves(CampRule::NoLanding).len())
        .sum();
    let mut group = c.benchmark_group("checkers");
    group.throughput(Throughput::Elements(per_pass as u64));
    group.bench_function("moves generated, middle games", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for p in &positions {
                p.for_each_move(CampRule::NoLanding, |_, _| n += 1);
            }
            n
        })
    });
    group.finish();
}

criterion_group!(benches, generation);
criterion_main!(benches);
