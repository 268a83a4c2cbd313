use criterion::{Criterion, criterion_group, criterion_main};
use service::{Document, Event, NewEvent, PrintRequest, ResultEntry, StageSpec};
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

criterion_group!(benches, record_and_rank, organizer_actions);
criterion_main!(benches);

/// The organizer's event of #34: a 2,000-player Swiss after five rounds, round 6 paired,
/// built as `tests/load/organizer.mjs` builds it (players from 60 clubs, draw seed
/// 2026, results cycling 1-0, 0-1, ½). Kept in `QISAI_ORGANIZER_EVENT` when given, so
/// that later runs skip the building; built on a memory disk when the machine has one.
fn organizer_event() -> (Option<tempfile::TempDir>, std::path::PathBuf) {
    if let Some(kept) = std::env::var_os("QISAI_ORGANIZER_EVENT").map(std::path::PathBuf::from)
        && kept.exists()
    {
        return (None, kept);
    }
    let shm = std::path::Path::new("/dev/shm");
    let dir = match shm.is_dir() {
        true => tempfile::tempdir_in(shm),
        false => tempfile::tempdir(),
    }
    .unwrap();
    let path = dir.path().join("big.qisai");
    let mut event =
        Event::create(&path, NewEvent::new("两千人积分编排赛", GameKind::Xiangqi)).unwrap();
    let mut csv = String::from("姓名,单位\n");
    for i in 1..=2000 {
        csv.push_str(&format!("棋手{i},俱乐部{}\n", (i - 1) % 60));
    }
    event.import("players.csv", csv.as_bytes()).unwrap();
    event
        .add_stage(StageSpec::new("swiss").with("rounds", "9"))
        .unwrap();
    event.draw(Some(2026)).unwrap();
    for round in 1..=5 {
        for p in event.pairings(None, Some(round)).unwrap() {
            if p.black.is_none() {
                continue;
            }
            let result = ["1-0", "0-1", "1/2"][((p.board + round) % 3) as usize];
            event
                .record_result(ResultEntry::new(round, p.board, result))
                .unwrap();
        }
        event.pair(None).unwrap();
    }
    if let Some(kept) = std::env::var_os("QISAI_ORGANIZER_EVENT") {
        std::fs::copy(&path, kept).unwrap();
    }
    (Some(dir), path)
}

/// What an organizer does between rounds, each from the event file as a command opens
/// it (the process's start is left out: `tests/load/organizer.mjs` times that too).
fn organizer_actions(c: &mut Criterion) {
    let (_dir, built) = organizer_event();
    let scratch = tempfile::tempdir().unwrap();
    let path = scratch.path().join("event.qisai");
    std::fs::copy(&built, &path).unwrap();
    let mut group = c.benchmark_group("organizer actions, 2,000-player Swiss after round 5");
    group.sample_size(10);
    let mut flip = false;
    group.bench_function("result (a correction, durable)", |b| {
        b.iter(|| {
            // Round 5's first board stands at 1-0: the correction flips it back and forth.
            flip = !flip;
            let result = if flip { "0-1" } else { "1-0" };
            let mut event = Event::open(&path).unwrap();
            event
                .record_result(ResultEntry {
                    game: Some(1),
                    ..ResultEntry::new(5, 1, result)
                })
                .unwrap()
        })
    });
    group.bench_function("standings", |b| {
        b.iter(|| {
            Event::open(&path)
                .unwrap()
                .standings(None)
                .unwrap()
                .rows
                .len()
        })
    });
    group.bench_function("pairings as JSON, six rounds", |b| {
        b.iter(|| {
            let pairings = Event::open(&path).unwrap().pairings(None, None).unwrap();
            serde_json::to_vec(&pairings).unwrap().len()
        })
    });
    group.bench_function("print standings (PDF)", |b| {
        b.iter(|| {
            let request = PrintRequest {
                round: None,
                stage: None,
                options: Default::default(),
            };
            let event = Event::open(&path).unwrap();
            event.print(Document::Standings, request).unwrap().len()
        })
    });
    group.bench_function("export xlsx", |b| {
        b.iter(|| {
            let event = Event::open(&path).unwrap();
            event.export_xlsx(messages::Lang::Zh).unwrap().len()
        })
    });
    group.finish();
}
