//! Records adjudicated to the end: 2, 3, 4 and 6 players, repetition, dead games,
//! illegal moves, and random text that must never panic.

use checkers::{
    Hole, IllegalMove, MoveFault, Record, SetupError, State, Triangle, adjudicate, seating,
};
use proptest::prelude::*;

fn c(q: i32, r: i32) -> Hole {
    Hole::from_cube(q, r, -q - r).unwrap()
}

#[test]
fn two_players_n_fills_its_goal() {
    // N has nine pieces in S's camp (rows n–q) and its last one on m8, two steps from
    // the gap n4; S is still at home but for a piece on e5.
    let record = "\
players 2
place N: n1 n2 n3 o1 o2 o3 p1 p2 q1 m8
place S: a1 b1 b2 c1 c2 c3 d1 d2 d3 e5
to-move N
1. m8-m9 e5-e6     # N steps towards the gap; S steps out
2. m9-n4           # N fills its goal and wins
";
    let verdict = adjudicate(&record.parse::<Record>().unwrap()).unwrap();
    assert_eq!(verdict.state, State::Win);
    assert_eq!(verdict.winner, Some(Triangle::N));
    assert_eq!(verdict.moves, 3);
    assert_eq!(
        verdict.scores,
        Some(vec![(Triangle::N, 1.0), (Triangle::S, 0.0)])
    );
}

/// A late game for `players`: every player in `finishers` has nine pieces in its goal
/// and the tenth next to the one gap (outside the goal); the others wait on holes of
/// the hexagon. Returns the record's header and, per finisher, its filling move.
fn late_game(players: usize, finishers: &[Triangle]) -> (String, Vec<(Triangle, String)>) {
    let seats = seating(players).unwrap();
    let mut taken: Vec<Hole> = Vec::new();
    let mut header = format!("players {players}\n");
    let mut fills = Vec::new();
    for &camp in &seats {
        let mut holes = Vec::new();
        if finishers.contains(&camp) {
            let goal: Vec<Hole> = camp.opposite().holes().collect();
            // The gap: a goal hole with a free neighbour outside any camp.
            let (gap, outside) = goal
                .iter()
                .find_map(|&g| {
                    (0..6)
                        .filter_map(|d| g.neighbour(d))
                        .find(|n| n.triangle().is_none() && !taken.contains(n))
                        .map(|n| (g, n))
                })
                .unwrap();
            holes.extend(goal.iter().copied().filter(|&g| g != gap));
            holes.push(outside);
            fills.push((camp, format!("{}-{}", outside.name(), gap.name())));
        } else {
            // Waiting pieces: hexagon holes near the centre not used yet.
            let free: Vec<Hole> = Hole::all()
                .filter(|h| {
                    h.triangle().is_none() && h.distance(c(0, 0)) <= 3 && !taken.contains(h)
                })
                .collect();
            holes.extend(free.into_iter().take(10));
        }
        taken.extend(holes.iter().copied());
        let names: Vec<String> = holes.iter().map(|h| h.name()).collect();
        header.push_str(&format!("place {camp}: {}\n", names.join(" ")));
    }
    header.push_str(&format!("to-move {}\n", seats[0]));
    (header, fills)
}

/// Plays `rounds` of turns: a finisher fills its goal on its turn, everyone else passes.
fn moves_for(players: usize, fills: &[(Triangle, String)]) -> String {
    let seats = seating(players).unwrap();
    let mut out = String::new();
    for camp in seats {
        match fills.iter().find(|(c, _)| *c == camp) {
            Some((_, m)) => out.push_str(&format!("{camp}:{m} ")),
            None => out.push_str(&format!("{camp}:pass ")),
        }
    }
    out
}

#[test]
fn three_four_and_six_players_finish_in_order() {
    // Three players (N, SE, SW): N and SE fill their goals on their first turns; with
    // one player left the game is over, N first, SE second.
    for (players, finishers) in [
        (3, vec![Triangle::N, Triangle::SE]),
        (4, vec![Triangle::NE, Triangle::SE, Triangle::SW]),
        (
            6,
            vec![
                Triangle::N,
                Triangle::NE,
                Triangle::SE,
                Triangle::S,
                Triangle::SW,
            ],
        ),
    ] {
        let (header, fills) = late_game(players, &finishers);
        let record = format!("{header}{}\n", moves_for(players, &fills));
        let verdict = adjudicate(&record.parse::<Record>().unwrap())
            .unwrap_or_else(|e| panic!("{players}: {e}\n{record}"));
        assert_eq!(verdict.state, State::Win, "{record}");
        assert_eq!(verdict.order, finishers, "{players} players");
        assert_eq!(verdict.winner, Some(finishers[0]));
        assert!(
            verdict.scores.is_none(),
            "no 0.75/0.25 scoring with more than two"
        );
    }
}

#[test]
fn the_fourth_return_to_the_same_hole_is_refused() {
    // N shuttles d1–e6 and S n1–m5. N's moves 2, 3 and 4 are returns (three allowed);
    // its fifth move, the ninth of the record, would be the fourth.
    let record = "d1-e6 n1-m5 e6-d1 m5-n1 d1-e6 n1-m5 e6-d1 m5-n1 d1-e6";
    let err = adjudicate(&record.parse::<Record>().unwrap()).unwrap_err();
    assert_eq!(err.number, 9);
    assert!(
        matches!(err.fault, MoveFault::Illegal(IllegalMove::Repetition(_))),
        "{err}"
    );
}

#[test]
fn twenty_plies_without_progress_make_a_dead_game() {
    // N steps d1-e6 (one step nearer its goal), then both pass for ten full rounds:
    // dead, and N, nearer its goal by that step, scores 0.75.
    let mut record = String::from("d1-e6");
    for _ in 0..20 {
        record.push_str(" pass");
    }
    record.push_str(" e6-f6");
    let verdict = adjudicate(&record.parse::<Record>().unwrap()).unwrap();
    assert_eq!(verdict.state, State::Dead);
    assert_eq!(verdict.moves, 21);
    assert_eq!(verdict.passes, 20);
    assert_eq!(verdict.ignored, 1);
    assert_eq!(
        verdict.scores,
        Some(vec![(Triangle::N, 0.75), (Triangle::S, 0.25)])
    );
}

#[test]
fn illegal_moves_name_their_number_and_reason() {
    let err = adjudicate(&"d1-e6 d2-e7".parse::<Record>().unwrap()).unwrap_err();
    assert_eq!((err.number, err.line), (2, 1));
    assert!(
        matches!(err.fault, MoveFault::Illegal(IllegalMove::NotYours(_))),
        "{err}"
    );
    let err = adjudicate(&"S:n1-m5".parse::<Record>().unwrap()).unwrap_err();
    assert_eq!(
        err.fault,
        MoveFault::NotYourTurn {
            on_move: Triangle::N,
            named: Triangle::S
        }
    );
    let err = "players 2\ncamp-rule sideways\n"
        .parse::<Record>()
        .unwrap_err();
    assert_eq!(err.line, 2);
    let err = adjudicate(&"players 5\nd1-e6".parse::<Record>().unwrap()).unwrap_err();
    assert_eq!(err.fault, MoveFault::Setup(SetupError::Players(5)));
}

proptest! {
    #[test]
    fn random_records_never_panic(text in "[a-q0-9 :\\-\\n#NSEW,.placeyrsto]{0,120}") {
        if let Ok(record) = text.parse::<Record>() {
            let _ = adjudicate(&record);
        }
    }
}

#[test]
fn a_spoiled_goal_counts_when_the_rule_says_so() {
    // S's piece sits for good on q1, the tip of N's goal; N fills the other nine holes.
    let record = "\
players 2
win spoiled
place N: n1 n2 n3 o1 o2 o3 p1 p2 m8
place S: q1 a1 b1 b2 c1 c2 c3 d1 d2 d3
to-move N
m8-m9 pass m9-n4
";
    let spoiled = adjudicate(&record.parse::<Record>().unwrap()).unwrap();
    assert_eq!(
        (spoiled.state, spoiled.winner),
        (State::Win, Some(Triangle::N))
    );
    // Under the plain rule the goal is not N's until every hole holds N's pieces.
    let fill = adjudicate(
        &record
            .replace("win spoiled", "win fill")
            .parse::<Record>()
            .unwrap(),
    )
    .unwrap();
    assert_eq!(fill.state, State::Ongoing);
}
