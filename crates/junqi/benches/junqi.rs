use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use junqi::{FourPoint, FourPosition, Piece, Point, Position, Seat, Side};

/// The records' setup of a south half; north mirrors it, four-player seats use it in their own coordinates.
const SETUP: [(&str, &str); 25] = [
    ("a1", "地雷"),
    ("b1", "军旗"),
    ("c1", "地雷"),
    ("d1", "排长"),
    ("e1", "地雷"),
    ("a2", "工兵"),
    ("b2", "连长"),
    ("c2", "排长"),
    ("d2", "连长"),
    ("e2", "工兵"),
    ("a3", "炸弹"),
    ("c3", "营长"),
    ("e3", "炸弹"),
    ("a4", "团长"),
    ("b4", "旅长"),
    ("d4", "旅长"),
    ("e4", "团长"),
    ("a5", "营长"),
    ("c5", "师长"),
    ("e5", "师长"),
    ("a6", "连长"),
    ("b6", "司令"),
    ("c6", "军长"),
    ("d6", "排长"),
    ("e6", "工兵"),
];

fn opening() -> Position {
    let mut pos = Position::empty(Side::South);
    for (at, name) in SETUP {
        let p: Point = at.parse().unwrap();
        let piece: Piece = name.parse().unwrap();
        pos.set(p, Some((Side::South, piece)));
        pos.set(
            Point::new(p.file, 13 - p.rank).unwrap(),
            Some((Side::North, piece)),
        );
    }
    pos
}

/// Four players, every seat with the same setup in its own coordinates.
fn four_player_opening() -> FourPosition {
    let mut pos = FourPosition::empty(Seat::South);
    for seat in Seat::ALL {
        for (at, name) in SETUP {
            let local: Point = at.parse().unwrap();
            let piece: Piece = name.parse().unwrap();
            pos.set(FourPoint::arm(seat, local).unwrap(), Some((seat, piece)));
        }
    }
    pos
}

fn validation(c: &mut Criterion) {
    let pos = opening();
    // The legal moves of the opening, as a record's replay meets them: each is checked
    // in full (the costly path; refusals are usually cheaper).
    let candidates: Vec<(Point, Point)> = pos.moves();
    let mut group = c.benchmark_group("junqi");
    group.throughput(Throughput::Elements(candidates.len() as u64));
    group.bench_function("moves validated", |b| {
        b.iter(|| {
            candidates
                .iter()
                .filter(|&&(from, to)| pos.check_move(from, to).is_ok())
                .count()
        })
    });
    let four = four_player_opening();
    let candidates = four.moves();
    group.throughput(Throughput::Elements(candidates.len() as u64));
    group.bench_function("four-player moves validated", |b| {
        b.iter(|| {
            candidates
                .iter()
                .filter(|&&(from, to)| four.check_move(from, to).is_ok())
                .count()
        })
    });
    group.finish();
}

criterion_group!(benches, validation);
criterion_main!(benches);
