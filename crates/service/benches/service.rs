use criterion::{Criterion, criterion_group, criterion_main};
use service::{Event, NewEvent, ResultEntry, StageSpec};
use tournament::GameKind;

/// 2,000 players in 200 round-robin groups of ten: 9,000 matches in the file.
fn big_event(dir: &std::path::Path) -> Event {
    let path = dir.join("big.qisai");
    let mut event = Event::create(&path, NewEvent::new("大赛", GameKind::Xiangqi)).unwrap();
    let mut csv = String::from("姓名,单位\n");
    for i in 1..=2000 {
        csv.push_str(&format!("棋手{i},单位{}\n", i % 97));
    }
    event.import("players.csv", csv.as_bytes()).unwrap();
    let stage = StageSpec::new("round_robin").with("groups", "200");
    event.add_stage(stage).unwrap();
    event.draw(Some(1)).unwrap();
    event
}

fn record_and_rank(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let mut event = big_event(dir.path());
    let mut flip = false;
    let mut group = c.benchmark_group("service");
    group.sample_size(20);
    group.bench_function(
        "record a result (durable) and recompute standings, 2,000 entrants",
        |b| {
            b.iter(|| {
                flip = !flip;
                let result = if flip { "1-0" } else { "0-1" };
                event
                    .record_result(ResultEntry {
                        stage: None,
                        round: 1,
                        board: 2,
                        result: result.parse().unwrap(),
                        game: None,
                        record: None,
                        fouls: Vec::new(),
                        moves: None,
                        force: false,
                    })
                    .unwrap();
                event.standings(None).unwrap().rows.len()
            })
        },
    );
    group.finish();
}

criterion_group!(benches, record_and_rank);
criterion_main!(benches);
