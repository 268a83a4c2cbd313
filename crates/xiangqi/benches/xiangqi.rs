use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use xiangqi::{Notation, Position, Rules, adjudicate, perft};

fn perft_start(c: &mut Criterion) {
    let pos = Position::start();
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    group.bench_function("start depth 5", |b| b.iter(|| perft(&pos, 5)));
    group.finish();
}

/// Deterministic pseudo-random legal games of `plies` plies, written in `notation`.
fn records(count: usize, plies: usize, notation: Notation) -> Vec<Vec<String>> {
    let mut state: u64 = 0x5EED;
    let mut out = Vec::new();
    while out.len() < count {
        let mut pos = Position::start();
        let mut moves = Vec::new();
        for _ in 0..plies {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let m = legal.as_slice()[(state >> 33) as usize % legal.len()];
            moves.push(notation.write_move(&pos, m));
            pos.play_unchecked(m);
        }
        if moves.len() == plies {
            out.push(moves);
        }
    }
    out
}

fn adjudication(c: &mut Criterion) {
    let mut group = c.benchmark_group("adjudicate 100-ply records");
    for notation in Notation::ALL {
        let games = records(1000, 100, notation);
        group.throughput(Throughput::Elements(games.len() as u64));
        group.bench_function(notation.to_string(), |b| {
            b.iter(|| {
                games
                    .iter()
                    .map(|g| {
                        let a = adjudicate(
                            &Position::start(),
                            g.iter().map(String::as_str),
                            Some(notation),
                            Rules::default(),
                        );
                        a.map(|a| a.plies).unwrap_or(0)
                    })
                    .sum::<u32>()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, perft_start, adjudication);
criterion_main!(benches);
