use criterion::{Criterion, criterion_group, criterion_main};
use report::pdf::{PrintOptions, StandingsSheet, render_standings};

#[path = "../tests/sample.rs"]
mod sample;

fn standings_pdf(c: &mut Criterion) {
    let sheet: StandingsSheet = sample::standings(2000);
    let mut group = c.benchmark_group("pdf");
    group.sample_size(10);
    group.bench_function("standings, 2,000 rows", |b| {
        b.iter(|| render_standings(&sheet, PrintOptions::default()).len())
    });
    group.finish();
}

criterion_group!(benches, standings_pdf);
criterion_main!(benches);
