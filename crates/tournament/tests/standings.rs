//! Worked standings, computed by hand in the comments (Xiangqi 2/1/0 scoring).

/// Sixteenths per point, the unit of tiebreak values.
const S: i64 = tournament::tiebreak::SIXTEENTHS;

use tournament::{
    Colour, Encounter, EntrantId, Field, Outcome, Points, RoundRobinOptions, presets, round_robin,
    standings,
};

/// Result of the game between `a < b`: `a`, `b` for the winner, 0 for a draw.
type Results = [((u32, u32), u32); 15];

/// Plays a single round robin of 6 on the Berger table with the given results.
fn field_of_six(results: &Results) -> Field {
    let mut field = Field::new((1..=6).map(EntrantId));
    for p in round_robin(6, RoundRobinOptions::default()) {
        let key = (p.red.min(p.black), p.red.max(p.black));
        let winner = results
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, w)| *w)
            .expect("every pair has a result");
        for (me, other, colour) in [
            (p.red, p.black, Colour::Red),
            (p.black, p.red, Colour::Black),
        ] {
            let (points, outcome) = match winner {
                0 => (Points::whole(1), Outcome::Draw),
                w if w == me => (Points::whole(2), Outcome::Win),
                _ => (Points::ZERO, Outcome::Loss),
            };
            field.add(
                EntrantId(me),
                Encounter::game(p.round, EntrantId(other), colour, points, outcome),
            );
        }
    }
    field
}

fn order(field: &Field, chain: &[tournament::Criterion]) -> Vec<(u32, String)> {
    standings(field, chain, 1)
        .rows
        .iter()
        .map(|r| (r.entrant.0, r.place.to_string()))
        .collect()
}

#[test]
fn three_way_tie_separated_level_by_level() {
    let results: Results = [
        ((1, 2), 0),
        ((1, 3), 1),
        ((1, 4), 4),
        ((1, 5), 5),
        ((1, 6), 1),
        ((2, 3), 3),
        ((2, 4), 0),
        ((2, 5), 0),
        ((2, 6), 0),
        ((3, 4), 3),
        ((3, 5), 3),
        ((3, 6), 6),
        ((4, 5), 4),
        ((4, 6), 0),
        ((5, 6), 6),
    ];
    // Points: P1 D2 W3 L4 L5 W6 = 1+2+0+0+2 = 5;  P2 D1 L3 D4 D5 D6 = 4;
    //         P3 L1 W2 W4 W5 L6 = 6;  P4 W1 D2 L3 W5 D6 = 6;  P5 W1 D2 L3 L4 L6 = 3;
    //         P6 L1 D2 W3 D4 W5 = 6.  Three tied on 6: P3, P4, P6.
    // 小分:   P6 = beat P3 (6) + beat P5 (3) + ½·P2 (4) + ½·P4 (6) = 9 + 2 + 3 = 14
    //         P3 = beat P2 (4) + beat P4 (6) + beat P5 (3)          = 13
    //         P4 = beat P1 (5) + beat P5 (3) + ½·P2 (4) + ½·P6 (6) = 8 + 2 + 3 = 13
    //   → P6 first; P3 and P4 still tied.
    // 胜局:   P3 3 wins, P4 2 wins → P3 second, P4 third.
    let field = field_of_six(&results);
    let table = standings(&field, &presets::INDIVIDUAL, 1);
    let top: Vec<u32> = table.rows.iter().take(3).map(|r| r.entrant.0).collect();
    assert_eq!(top, [6, 3, 4]);
    let sb = |id| {
        table
            .rows
            .iter()
            .find(|r| r.entrant.0 == id)
            .unwrap()
            .values[1]
            .unwrap()
    };
    assert_eq!((sb(6), sb(3), sb(4)), (14 * S, 13 * S, 13 * S));
    assert_eq!(
        order(&field, &presets::INDIVIDUAL),
        [(6, "1"), (3, "2"), (4, "3"), (1, "4"), (2, "5"), (5, "6")]
            .map(|(e, p)| (e, p.to_string()))
    );
    // The 小分 of P6 explains itself round by round.
    let explained = table.explain(&field, EntrantId(6), 1).unwrap();
    assert_eq!(explained.value, 14 * S);
    assert_eq!(explained.parts.len(), 4);
    assert_eq!(
        tournament::Criterion::SonnebornBerger.format_value(explained.value),
        "14"
    );
}

#[test]
fn two_way_tie_broken_by_head_to_head() {
    let results: Results = [
        ((1, 2), 2),
        ((1, 3), 1),
        ((1, 4), 0),
        ((1, 5), 1),
        ((1, 6), 1),
        ((2, 3), 3),
        ((2, 4), 2),
        ((2, 5), 0),
        ((2, 6), 2),
        ((3, 4), 3),
        ((3, 5), 0),
        ((3, 6), 6),
        ((4, 5), 5),
        ((4, 6), 0),
        ((5, 6), 5),
    ];
    // Points: P1 L2 W3 D4 W5 W6 = 0+2+1+2+2 = 7;  P2 W1 L3 W4 D5 W6 = 2+0+2+1+2 = 7.
    // 小分:   P1 = P3 (5) + P5 (6) + P6 (3) + ½·P4 (2) = 15
    //         P2 = P1 (7) + P4 (2) + P6 (3) + ½·P5 (6) = 15
    // 胜局:   3 and 3.  直胜: P2 beat P1 → P2 first.
    let field = field_of_six(&results);
    let table = standings(&field, &presets::INDIVIDUAL, 1);
    let first_two: Vec<(u32, Option<i64>)> = table
        .rows
        .iter()
        .take(2)
        .map(|r| (r.entrant.0, r.values[3]))
        .collect();
    assert_eq!(
        first_two,
        [(2, Some(2 * S)), (1, Some(0))],
        "head-to-head: 2 points against 0"
    );
    assert!(table.rows.iter().all(|r| !r.playoff));
}

#[test]
fn a_tie_that_stays_shared_flags_a_playoff_for_first() {
    // Four players: 1, 2, 3 each beat 4, and 1 beat 2, 2 beat 3, 3 beat 1.
    // Points 4, 4, 4, 0; 小分 each = beaten (4) + P4 (0) = 4; wins 2 each; 直胜 applies
    // only to two tied players; no fouls → places 1–3 shared, and first may not be.
    let cycle = |fouls_of_3: u32| {
        let mut field = Field::new((1..=4).map(EntrantId));
        let games = [
            (1, 1, 2),
            (1, 3, 4),
            (2, 2, 3),
            (2, 1, 4),
            (3, 3, 1),
            (3, 2, 4),
        ];
        for (round, winner, loser) in games {
            let fouls = |id| if id == 3 && round == 1 { fouls_of_3 } else { 0 };
            let won = Encounter::game(
                round,
                EntrantId(loser),
                Colour::Red,
                Points::whole(2),
                Outcome::Win,
            );
            let lost = Encounter::game(
                round,
                EntrantId(winner),
                Colour::Black,
                Points::ZERO,
                Outcome::Loss,
            );
            field.add(EntrantId(winner), won.with_fouls(fouls(winner)));
            field.add(EntrantId(loser), lost.with_fouls(fouls(loser)));
        }
        field
    };
    let field = cycle(0);
    let table = standings(&field, &presets::INDIVIDUAL, 1);
    let places: Vec<(u32, String, bool)> = table
        .rows
        .iter()
        .map(|r| (r.entrant.0, r.place.to_string(), r.playoff))
        .collect();
    assert_eq!(
        places,
        [
            (1, "1–3".into(), true),
            (2, "1–3".into(), true),
            (3, "1–3".into(), true),
            (4, "4".into(), false)
        ]
    );
    // The FIDE mini-table cannot split a perfect cycle either (2 points each).
    let mini = tournament::parse_chain("points,sb,wins,h2h-mini").unwrap();
    assert_eq!(standings(&field, &mini, 1).rows[0].place.to_string(), "1–3");
    // Fouls do: a foul for player 3 drops it to third. 1 and 2 still share first:
    // 直胜 was applied while three were tied, and the chain is not run again.
    let table = standings(&cycle(1), &presets::INDIVIDUAL, 1);
    let places: Vec<String> = table.rows.iter().map(|r| r.place.to_string()).collect();
    assert_eq!(places, ["1–2", "1–2", "3", "4"]);
}

#[test]
fn team_round_robin() {
    // Four teams, four boards, Berger rounds 1: T1–T4, T2–T3; 2: T4–T3, T1–T2; 3: T2–T4, T3–T1.
    // Board results from the first team's side, each board 2/1/0:
    let matches = [
        (1, 1, 4, "LLWD"), // T1 0+0+2+1 = 3, T4 5: T4 wins the match
        (1, 2, 3, "LLWD"), // T2 3, T3 5: T3 wins
        (2, 4, 3, "DWLL"), // T4 1+2+0+0 = 3, T3 5: T3 wins
        (2, 1, 2, "LLDL"), // T1 1, T2 7: T2 wins
        (3, 2, 4, "WWWL"), // T2 6, T4 2: T2 wins
        (3, 3, 1, "LLDD"), // T3 2, T1 6: T1 wins
    ];
    // 场分 (2/1/0): T1 0+0+2 = 2, T2 0+2+2 = 4, T3 2+2+0 = 4, T4 2+0+0 = 2.
    // 局分:         T1 3+1+6 = 10, T2 3+7+6 = 16, T3 5+5+2 = 12, T4 5+3+2 = 10.
    // 全队胜局:     T1 1+0+2 = 3, T4 2+1+1 = 4.
    // → T2 (4, 16), T3 (4, 12), T4 (2, 10, 4 wins), T1 (2, 10, 3 wins).
    let team_scoring = tournament::TeamScoring::default();
    let mut field = Field::new((1..=4).map(EntrantId));
    for (round, a, b, boards) in matches {
        let game_points = |side_wins: char| -> (Points, u32) {
            boards.chars().fold((Points::ZERO, 0), |(p, w), c| match c {
                'D' => (p + Points::whole(1), w),
                c if c == side_wins => (p + Points::whole(2), w + 1),
                _ => (p, w),
            })
        };
        let (gp_a, wins_a) = game_points('W');
        let (gp_b, wins_b) = game_points('L');
        let [mp_a, mp_b] = team_scoring.match_points([gp_a, gp_b]);
        for (me, other, mp, gp, wins) in [(a, b, mp_a, gp_a, wins_a), (b, a, mp_b, gp_b, wins_b)] {
            let outcome = match mp.cmp(&Points::whole(1)) {
                std::cmp::Ordering::Greater => Outcome::Win,
                std::cmp::Ordering::Equal => Outcome::Draw,
                std::cmp::Ordering::Less => Outcome::Loss,
            };
            field.add(
                EntrantId(me),
                Encounter {
                    round,
                    opponents: vec![EntrantId(other)],
                    colour: None,
                    points: mp,
                    outcome,
                    game_points: gp,
                    game_wins: wins,
                    share: outcome.share(),
                    black_wins: 0,
                    black_games: 0,
                    fouls: 0,
                    place_hundredths: None,
                    unplayed: None,
                    unrated: false,
                },
            );
        }
    }
    let table = standings(&field, &presets::TEAM, 1);
    let rows: Vec<(u32, Vec<i64>)> = table
        .rows
        .iter()
        .map(|r| {
            (
                r.entrant.0,
                r.values[..3].iter().map(|v| v.unwrap()).collect(),
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            (2, vec![4 * S, 16 * S, 7]),
            (3, vec![4 * S, 12 * S, 4]),
            (4, vec![2 * S, 10 * S, 4]),
            (1, vec![2 * S, 10 * S, 3])
        ]
    );
}
