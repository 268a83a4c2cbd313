use criterion::{Criterion, criterion_group, criterion_main};
use xiangqi::{Position, perft};

fn perft_start(c: &mut Criterion) {
    let pos = Position::start();
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    group.bench_function("start depth 5", |b| b.iter(|| perft(&pos, 5)));
    group.finish();
}

criterion_group!(benches, perft_start);
criterion_main!(benches);
