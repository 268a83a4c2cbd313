use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use xiangqi::{Notation, Position, Rules, Setup, adjudicate, perft};

/// The three positions #34 compares with Pikafish: the start, a 32-piece middlegame (the
/// published one of `tests/perft.rs`) and a 12-piece endgame.
fn perft_start(c: &mut Criterion) {
    let position =
        |fen: &str| Position::from_setup(fen.parse::<Setup>().expect("a FEN")).expect("legal");
    let start = Position::start();
    let middlegame = position("r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w");
    let endgame = position("4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w");
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    group.bench_function("start depth 5", |b| b.iter(|| perft(&start, 5)));
    group.bench_function("middlegame depth 5", |b| b.iter(|| perft(&middlegame, 5)));
    group.bench_function("endgame depth 6", |b| b.iter(|| perft(&endgame, 6)));
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
