//! Setups and moves on the two-player board.

use std::collections::BTreeMap;

use junqi::{Crossing, IllegalMove, Piece, Point, Position, SetupError, Side, check_setup};

fn p(s: &str) -> Point {
    s.parse().unwrap()
}

/// A legal south setup (ranks 1–6; camps b3, d3, c4, b5, d5 empty).
fn south_setup() -> BTreeMap<Point, Piece> {
    use Piece::*;
    let rows = [
        ("a1", Mine),
        ("b1", Flag),
        ("c1", Mine),
        ("d1", Lieutenant),
        ("e1", Mine),
        ("a2", Engineer),
        ("b2", Captain),
        ("c2", Lieutenant),
        ("d2", Captain),
        ("e2", Engineer),
        ("a3", Bomb),
        ("c3", Major),
        ("e3", Bomb),
        ("a4", Colonel),
        ("b4", Brigadier),
        ("d4", Brigadier),
        ("e4", Colonel),
        ("a5", Major),
        ("c5", MajorGeneral),
        ("e5", MajorGeneral),
        ("a6", Captain),
        ("b6", Commander),
        ("c6", General),
        ("d6", Lieutenant),
        ("e6", Engineer),
    ];
    rows.iter().map(|&(s, k)| (p(s), k)).collect()
}

#[test]
fn a_full_setup_passes() {
    assert_eq!(check_setup(Side::South, &south_setup()), Ok(()));
}

#[test]
fn every_setup_rule_has_its_reason() {
    // Too few of a kind.
    let mut s = south_setup();
    s.remove(&p("e6"));
    assert_eq!(
        check_setup(Side::South, &s),
        Err(SetupError::Count {
            piece: Piece::Engineer,
            found: 2,
            expected: 3
        })
    );
    // On the other side's half.
    let mut s = south_setup();
    let e = s.remove(&p("e6")).unwrap();
    s.insert(p("e7"), e);
    assert_eq!(
        check_setup(Side::South, &s),
        Err(SetupError::OffHalf {
            point: p("e7"),
            side: Side::South
        })
    );
    // In a camp.
    let mut s = south_setup();
    let e = s.remove(&p("c3")).unwrap();
    s.insert(p("d3"), e);
    assert_eq!(
        check_setup(Side::South, &s),
        Err(SetupError::InCamp(p("d3")))
    );
    // The flag outside a headquarters.
    let mut s = south_setup();
    s.insert(p("b1"), Piece::Mine);
    s.insert(p("a1"), Piece::Flag);
    assert_eq!(
        check_setup(Side::South, &s),
        Err(SetupError::FlagOutsideHeadquarters(p("a1")))
    );
    // A mine in rank 3.
    let mut s = south_setup();
    s.insert(p("c3"), Piece::Mine);
    s.insert(p("c1"), Piece::Major);
    assert_eq!(
        check_setup(Side::South, &s),
        Err(SetupError::MineTooFarForward(p("c3")))
    );
    // A bomb in the front rank.
    let mut s = south_setup();
    s.insert(p("a6"), Piece::Bomb);
    s.insert(p("a3"), Piece::Captain);
    assert_eq!(
        check_setup(Side::South, &s),
        Err(SetupError::BombInFrontRank(p("a6")))
    );
    // North's front rank is 7 and its back two ranks 11–12.
    let north: BTreeMap<Point, Piece> = south_setup()
        .into_iter()
        .map(|(pt, k)| (Point::new(pt.file, 13 - pt.rank).unwrap(), k))
        .collect();
    assert_eq!(check_setup(Side::North, &north), Ok(()));
}

fn position(pieces: &[(&str, Side, Piece)], to_move: Side) -> Position {
    let mut pos = Position::empty(to_move);
    for &(s, side, piece) in pieces {
        pos.set(p(s), Some((side, piece)));
    }
    pos
}

fn dests(pos: &Position, from: &str) -> Vec<String> {
    pos.destinations(p(from))
        .iter()
        .map(|q| q.to_string())
        .collect()
}

#[test]
fn railway_runs_straight_for_most_and_turn_for_engineers() {
    use Side::*;
    // A lieutenant on a2 runs up file a to a11 and along rank 2, but cannot turn.
    let pos = position(&[("a2", South, Piece::Lieutenant)], South);
    let d = dests(&pos, "a2");
    assert!(d.contains(&"a11".to_string()) && d.contains(&"e2".to_string()));
    assert!(
        !d.contains(&"b6".to_string()),
        "turning at a6 onto rank 6 is for engineers only"
    );
    assert!(!d.contains(&"e11".to_string()));
    // The engineer turns corners: a2 → a6 → e6 and on to e11.
    let pos = position(&[("a2", South, Piece::Engineer)], South);
    let d = dests(&pos, "a2");
    for far in ["b6", "e6", "e11", "c11", "c7"] {
        assert!(d.contains(&far.to_string()), "engineer reaches {far}");
    }
    // A run stops at the first occupied station, taking it if it is an enemy.
    let pos = position(
        &[
            ("a2", South, Piece::Lieutenant),
            ("a5", North, Piece::Captain),
            ("a9", North, Piece::Major),
        ],
        South,
    );
    let d = dests(&pos, "a2");
    assert!(d.contains(&"a5".to_string()));
    assert!(!d.contains(&"a6".to_string()) && !d.contains(&"a9".to_string()));
}

#[test]
fn mountains_camps_and_headquarters() {
    use Side::*;
    // b6 faces the mountain: no step to b7; a6 and c6 cross the front.
    let pos = position(&[("b6", South, Piece::Colonel)], South);
    let d = dests(&pos, "b6");
    assert!(!d.contains(&"b7".to_string()));
    assert!(d.contains(&"a6".to_string()), "along rank 6 by rail");
    // With the middle crossing closed, c6 cannot go to c7.
    let mut pos = position(&[("c6", South, Piece::Colonel)], South);
    assert!(dests(&pos, "c6").contains(&"c7".to_string()));
    pos.crossing = Crossing::Closed;
    assert!(!dests(&pos, "c6").contains(&"c7".to_string()));
    // A piece in a camp cannot be attacked; one in a headquarters never moves; mines and the flag never move.
    let pos = position(
        &[
            ("c4", South, Piece::Captain),
            ("b4", North, Piece::Commander),
            ("b1", South, Piece::Flag),
            ("d1", South, Piece::Colonel),
            ("a1", South, Piece::Mine),
        ],
        North,
    );
    assert_eq!(
        pos.check_move(p("b4"), p("c4")),
        Err(IllegalMove::CampProtected(p("c4")))
    );
    let mut south = pos.clone();
    south.to_move = South;
    assert_eq!(
        south.check_move(p("d1"), p("d2")),
        Err(IllegalMove::InHeadquarters(p("d1")))
    );
    assert_eq!(
        south.check_move(p("a1"), p("a2")),
        Err(IllegalMove::Immovable(Piece::Mine))
    );
    assert_eq!(
        south.check_move(p("b1"), p("c1")),
        Err(IllegalMove::Immovable(Piece::Flag))
    );
    // Camps link diagonally: from c4 to b3, b5, d3, d5.
    let d = dests(&south, "c4");
    for q in ["b3", "b5", "d3", "d5", "c3", "c5"] {
        assert!(d.contains(&q.to_string()), "c4 to {q}");
    }
}

proptest::proptest! {
    #[test]
    fn text_never_panics(text in "\\PC{0,12}") {
        let _ = text.parse::<Point>();
        let _ = text.parse::<Piece>();
        let _ = text.parse::<Side>();
    }
}
