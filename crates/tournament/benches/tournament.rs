use criterion::{Criterion as Bench, criterion_group, criterion_main};
use tournament::{
    Colour, Encounter, Entrant, EntrantId, Field, Lots, Outcome, Points, RoundRobinOptions,
    draw_groups, drawn_bracket, presets, round_robin, standings,
};

fn schedule(c: &mut Bench) {
    c.bench_function("round robin schedule, 1,000 entrants", |b| {
        b.iter(|| round_robin(1000, RoundRobinOptions::default()).len())
    });
}

fn knockout_draw(c: &mut Bench) {
    // 65,536 entrants in 2,048 clubs of 32, 64 seeds.
    let entrants: Vec<Entrant> = (1..=65_536u32)
        .map(|i| Entrant::new(i, i.to_string()).with_club(format!("club {}", i % 2048)))
        .collect();
    let seeds: Vec<EntrantId> = (1..=64).map(EntrantId).collect();
    c.bench_function("drawn knockout bracket, 65,536 entrants", |b| {
        b.iter(|| drawn_bracket(&entrants, &seeds, 2026).lines.len())
    });
}

fn group_draw(c: &mut Bench) {
    // The most a draw takes: 4,096 entrants in 512 clubs of 8 (one of 64 a club of
    // 100 that no draw can keep apart), 64 groups of 64, one seed a group.
    let entrants: Vec<Entrant> = (1..=4096u32)
        .map(|i| {
            let club = if i % 41 == 0 { 0 } else { i % 512 };
            Entrant::new(i, i.to_string()).with_club(format!("club {club}"))
        })
        .collect();
    let seeds: Vec<EntrantId> = (1..=64).map(EntrantId).collect();
    c.bench_function(
        "group draw, 4,096 entrants in 64 groups, clubs apart",
        |b| b.iter(|| draw_groups(&entrants, &seeds, 64, 2026).groups.len()),
    );
    // A city championship: 256 entrants of 24 clubs in 32 groups of 8.
    let entrants: Vec<Entrant> = (1..=256u32)
        .map(|i| Entrant::new(i, i.to_string()).with_club(format!("club {}", i % 24)))
        .collect();
    let seeds: Vec<EntrantId> = (1..=32).map(EntrantId).collect();
    c.bench_function("group draw, 256 entrants of 24 clubs in 32 groups", |b| {
        b.iter(|| draw_groups(&entrants, &seeds, 32, 2026).groups.len())
    });
}

/// 2,000 entrants, 11 rounds of random pairings (a Swiss-sized field).
fn field() -> Field {
    let n = 2000u32;
    let mut field = Field::new((1..=n).map(EntrantId));
    let mut lots = Lots::new(11);
    for round in 1..=11 {
        let mut order: Vec<u32> = (1..=n).collect();
        lots.shuffle(&mut order);
        for pair in order.chunks(2) {
            let (a, b) = (EntrantId(pair[0]), EntrantId(pair[1]));
            let (pa, oa, ob) = match lots.index(3) {
                0 => (Points::whole(2), Outcome::Win, Outcome::Loss),
                1 => (Points::whole(1), Outcome::Draw, Outcome::Draw),
                _ => (Points::ZERO, Outcome::Loss, Outcome::Win),
            };
            field.add(a, Encounter::game(round, b, Colour::Red, pa, oa));
            field.add(
                b,
                Encounter::game(round, a, Colour::Black, Points::whole(2) - pa, ob),
            );
        }
    }
    field
}

fn standings_bench(c: &mut Bench) {
    let field = field();
    let mut chain = presets::ROUND_ROBIN_2011.to_vec();
    chain.extend_from_slice(&presets::SWISS_PROGRESSIVE_2011[1..]);
    chain.push(tournament::Criterion::Buchholz(
        tournament::tiebreak::BuchholzCut::Median,
    ));
    c.bench_function("standings, 2,000 entrants x 11 rounds, full chain", |b| {
        b.iter(|| standings(&field, &chain, 1).rows.len())
    });
}

/// A Swiss event of `players` after five rounds: the higher registration number wins,
/// every fifth board is drawn.
fn swiss_after_five(players: u32) -> tournament::Competition {
    use tournament::{
        Competition, Format, GameKind, GameRecord, GameResult, Scoring, Stage, StageSettings,
        swiss::SwissOptions,
    };
    let mut c = Competition::new("bench", GameKind::Xiangqi, Scoring::xiangqi());
    c.entrants = (1..=players)
        .map(|i| Entrant::new(i, format!("P{i}")).with_rating(2800 - i))
        .collect();
    c.stages.push(Stage {
        name: "swiss".into(),
        settings: StageSettings::new(Format::new(&SwissOptions::new(9))),
        groups: Vec::new(),
        draw_seed: None,
        boards_before: 0,
    });
    tournament::draw_stage(&mut c, 0, 2026).unwrap();
    for round in 1..=5 {
        let matches = c.stages[0].groups[0].rounds[round - 1].matches.clone();
        for m in matches.iter().filter(|m| !m.is_bye()) {
            let (a, b) = (m.seats[0].unwrap(), m.seats[1].unwrap());
            let result = if m.board % 5 == 0 {
                GameResult::Draw
            } else {
                GameResult::Win {
                    winner: usize::from(b < a),
                    moves: None,
                }
            };
            c.enter(tournament::play::Entry {
                stage: 0,
                round: round as u32,
                board: m.board,
                game: None,
                record: GameRecord::new(result),
                moves: None,
            })
            .unwrap();
        }
        if round < 5 {
            let settings = c.stages[0].settings.clone();
            let mut group = c.stages[0].groups[0].clone();
            tournament::format::of(&settings.format)
                .pair_next(&c, &settings, &mut group)
                .unwrap();
            c.stages[0].groups[0] = group;
        }
    }
    c
}

/// Pairing round 6 of a Swiss event: standings, state and the matching.
fn swiss_round(c: &mut Bench) {
    for players in [500, 2000] {
        let event = swiss_after_five(players);
        let settings = event.stages[0].settings.clone();
        let Some(options) = settings.format.options::<tournament::swiss::SwissOptions>() else {
            unreachable!()
        };
        let group = event.stages[0].groups[0].clone();
        let mut g = c.benchmark_group("swiss");
        g.sample_size(10);
        g.bench_function(format!("pair round 6 of {players}"), |b| {
            b.iter(|| {
                tournament::swiss::next_round(&event, &settings, &options, &group, 6, 2026).unwrap()
            })
        });
        g.finish();
    }
}

/// Tables of six: one round of 600 players seated by score after five rounds of
/// tables, and a round robin's round in tables (no exact design for 600).
fn tables(c: &mut Bench) {
    use tournament::tables::{History, round_robin, seat_by_score};
    let players = 600;
    let mut history = History::new(players, 6);
    for round in round_robin(players, 6, 5) {
        history.record(&round);
    }
    // A standing that mixes the field: by a fixed shuffle of the players.
    let standing: Vec<usize> = (0..players).map(|i| (i * 389) % players).collect();
    c.bench_function("seat a round of 600 players at tables of 6 by score", |b| {
        b.iter(|| seat_by_score(&standing, &|p| -(p as i64) / 4, &history))
    });
    c.bench_function("round robin in tables of 6, 600 players, 6 rounds", |b| {
        b.iter(|| round_robin(players, 6, 6))
    });
}

criterion_group!(
    benches,
    schedule,
    knockout_draw,
    group_draw,
    standings_bench,
    swiss_round,
    tables
);
criterion_main!(benches);
