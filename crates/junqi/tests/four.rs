//! The four-player board (四国): railway runs through the middle and round the arcs,
//! partners, camps and headquarters on every arm, and hand-written four-player records
//! with known endings. Every seat uses the same setup, in its own coordinates.

use junqi::{
    FourPoint, FourPosition, GameResult, IllegalMove, Knockout, Piece, Reason, Record, Seat,
    adjudicate,
};

fn p(s: &str) -> FourPoint {
    s.parse().unwrap()
}

fn position(pieces: &[(&str, Seat, Piece)], to_move: Seat) -> FourPosition {
    let mut pos = FourPosition::empty(to_move);
    for &(at, seat, piece) in pieces {
        pos.set(p(at), Some((seat, piece)));
    }
    pos
}

fn dests(pos: &FourPosition, from: &str) -> Vec<String> {
    pos.destinations(p(from))
        .iter()
        .map(|q| q.to_string())
        .collect()
}

#[test]
fn straight_runs_cross_the_middle_and_follow_the_arcs() {
    use Seat::*;
    // South's lieutenant on sa4, alone: up file a, through the middle into north's
    // file e; round the south-west arc into west's file e; no turns.
    let pos = position(&[("sa4", South, Piece::Lieutenant)], South);
    let d = dests(&pos, "sa4");
    for far in [
        "sa2", "sa6", "ma1", "ma2", "ma3", "ne6", "ne2", "we6", "we2",
    ] {
        assert!(
            d.contains(&far.to_string()),
            "lieutenant reaches {far}: {d:?}"
        );
    }
    for turn in ["mc1", "sb6", "sb2", "wd6", "mc3", "nd6"] {
        assert!(!d.contains(&turn.to_string()), "no turn to {turn}");
    }
    // The front centre runs straight through the middle to north's front centre.
    let pos = position(&[("sc6", South, Piece::Colonel)], South);
    let d = dests(&pos, "sc6");
    assert!(
        ["mc1", "mc2", "mc3", "nc6"]
            .iter()
            .all(|q| d.contains(&q.to_string()))
    );
    assert!(
        !d.contains(&"nc5".to_string()),
        "north's c5 is a road point"
    );
    // Across the middle row: west's front centre to east's.
    let pos = position(&[("wc6", West, Piece::Colonel)], West);
    let d = dests(&pos, "wc6");
    assert!(
        ["ma2", "mc2", "me2", "ec6"]
            .iter()
            .all(|q| d.contains(&q.to_string()))
    );
    // East's side railway bends round the north-east arc into north's file a.
    let pos = position(&[("ee2", East, Piece::Major)], East);
    let d = dests(&pos, "ee2");
    assert!(d.contains(&"na6".to_string()) && d.contains(&"na2".to_string()));
    assert!(d.contains(&"me3".to_string()) && d.contains(&"wa2".to_string()));
}

#[test]
fn engineers_turn_anywhere_on_the_railway() {
    use Seat::*;
    let pos = position(&[("sa2", South, Piece::Engineer)], South);
    let d = dests(&pos, "sa2");
    // Every other station of the board is reachable on an empty board.
    let stations = FourPoint::all().filter(|q| q.is_station()).count();
    let by_rail = d.iter().filter(|q| p(q).is_station()).count();
    assert_eq!(by_rail, stations - 1);
    for far in ["ee2", "nc2", "wa6", "mc2", "sb2"] {
        assert!(d.contains(&far.to_string()), "engineer reaches {far}");
    }
    // A wall of pieces on the middle's south row and the south-west and south-east
    // arcs' first stations shuts it in its own arm.
    let pos = position(
        &[
            ("sa2", South, Piece::Engineer),
            ("ma1", South, Piece::Lieutenant),
            ("mc1", South, Piece::Lieutenant),
            ("me1", South, Piece::Lieutenant),
            ("we6", East, Piece::Captain),
            ("ea6", West, Piece::Captain),
        ],
        South,
    );
    let d = dests(&pos, "sa2");
    assert!(d.contains(&"we6".to_string()) && d.contains(&"ea6".to_string()));
    assert!(!d.contains(&"we5".to_string()) && !d.contains(&"ma2".to_string()));
}

#[test]
fn partners_do_not_attack_each_other_and_camps_protect_everyone() {
    use Seat::*;
    let pos = position(
        &[
            ("sc6", South, Piece::General),
            ("mc1", North, Piece::Captain),
            ("ma1", East, Piece::Captain),
        ],
        South,
    );
    assert_eq!(
        pos.check_move(p("sc6"), p("mc1")),
        Err(IllegalMove::OwnPiece(p("mc1")))
    );
    let d = dests(&pos, "sc6");
    assert!(!d.contains(&"mc1".to_string()) && !d.contains(&"mc2".to_string()));
    // East's captain on ma1 is an enemy: south's a6 would reach it, not sc6 (no turn).
    assert!(!d.contains(&"ma1".to_string()));
    // A piece inside any arm's camp is safe; a piece in any headquarters stays.
    let pos = position(
        &[
            ("ec4", East, Piece::Captain),
            ("ec5", South, Piece::Commander),
            ("wd1", South, Piece::Colonel),
        ],
        South,
    );
    assert_eq!(
        pos.check_move(p("ec5"), p("ec4")),
        Err(IllegalMove::CampProtected(p("ec4")))
    );
    assert_eq!(
        pos.check_move(p("wd1"), p("wd2")),
        Err(IllegalMove::InHeadquarters(p("wd1")))
    );
    assert_eq!(
        pos.check_move(p("ec4"), p("ec3")),
        Err(IllegalMove::NotYours(p("ec4"), "south"))
    );
}

/// The setup every seat uses, in its own coordinates: the two-player records' setup.
const SETUP: &str = "a1 地雷 b1 军旗 c1 地雷 d1 排长 e1 地雷 a2 工兵 b2 连长 c2 排长 d2 连长 e2 工兵 \
a3 炸弹 c3 营长 e3 炸弹 a4 团长 b4 旅长 d4 旅长 e4 团长 a5 营长 c5 师长 e5 师长 \
a6 连长 b6 司令 c6 军长 d6 排长 e6 工兵";

fn record(moves: &[&str]) -> Record {
    let setups: String = ["south", "east", "north", "west"]
        .iter()
        .map(|seat| format!("{seat} {SETUP}\n"))
        .collect();
    format!("# 四国军棋\n{setups}{}\n", moves.join(" "))
        .parse()
        .unwrap()
}

/// The `n`th quiet move of a seat: its d6 lieutenant steps into the d5 camp and back.
fn shuffle(seat: char, n: usize) -> String {
    if n.is_multiple_of(2) {
        format!("{seat}d6-{seat}d5")
    } else {
        format!("{seat}d5-{seat}d6")
    }
}

/// Full rounds: south plays `south[i]`, the others shuffle; `quiet` lists the seats
/// that shuffle (a seat out of the game is left out).
fn rounds(south: &[&str], quiet: &[char]) -> Vec<String> {
    south
        .iter()
        .enumerate()
        .flat_map(|(i, s)| {
            std::iter::once(s.to_string()).chain(quiet.iter().map(move |&q| shuffle(q, i)))
        })
        .collect()
}

#[test]
fn south_takes_easts_flag_then_west_gives_up() {
    // South's 军长 leaves c6 for the middle, runs along the middle's south row into
    // east's file a, and fights its way to east's headquarters; east, north and west
    // step their lieutenants in and out of their d5 camps.
    //  1. sc6-mc1                       2. mc1-ea6   军长 beats 连长
    //  3. ea6-ea5   beats 营长           4. ea5-ea4   beats 团长 (ea3 holds a bomb)
    //  5. ea4-eb4   beats 旅长           6. eb4-eb3   into the empty camp
    //  7. eb3-eb2   beats 连长           8. eb2-eb1   takes the flag: east is out
    let general = [
        "sc6-mc1", "mc1-ea6", "ea6-ea5", "ea5-ea4", "ea4-eb4", "eb4-eb3", "eb3-eb2", "eb2-eb1",
    ];
    let mut moves = rounds(&general[..7], &['e', 'n', 'w']);
    moves.push(general[7].into());
    // East's pieces are gone: south's engineer runs the south-east arc to ea2, past
    // where east's bomb stood. Then west, alone against two, surrenders.
    moves.extend([
        shuffle('n', 7),
        shuffle('w', 7),
        "se6-ea2".into(),
        shuffle('n', 8),
    ]);
    moves.push("surrender".into());
    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
    let v = adjudicate(&record(&moves)).unwrap();
    assert_eq!(
        (v.result, v.reason, v.moves, v.moves_since_capture),
        (GameResult::SouthNorth, Reason::Surrender, 33, 4)
    );
    assert_eq!(
        v.knocked_out,
        [
            Knockout {
                seat: Seat::East,
                reason: Reason::FlagCaptured,
                after_moves: 29
            },
            Knockout {
                seat: Seat::West,
                reason: Reason::Surrender,
                after_moves: 33
            }
        ]
    );
}

#[test]
fn a_player_out_is_skipped_and_its_side_loses_with_its_partner() {
    // South times out on each of its turns (the others shuffle): after the fifth it
    // is out, and the turn goes east, north, west. Then north escapes: its partner is
    // already out, so east and west win.
    let mut moves = Vec::new();
    for i in 0..5 {
        moves.push("timeout".to_string());
        if i < 4 {
            moves.extend(['e', 'n', 'w'].map(|q| shuffle(q, i)));
        }
    }
    moves.extend([shuffle('e', 4), "escape".into()]);
    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
    let v = adjudicate(&record(&moves)).unwrap();
    assert_eq!(
        (v.result, v.reason, v.moves),
        (GameResult::EastWest, Reason::Escape, 13)
    );
    let out: Vec<(Seat, Reason)> = v.knocked_out.iter().map(|k| (k.seat, k.reason)).collect();
    assert_eq!(
        out,
        [
            (Seat::South, Reason::Timeouts),
            (Seat::North, Reason::Escape)
        ]
    );
    // South's pieces left the board when it went out.
    let mut early = moves[..17].to_vec();
    early.push("sd6-sd5");
    let err = adjudicate(&record(&early)).unwrap_err();
    assert_eq!(err.number, 18);
    assert!(err.to_string().contains("no piece on sd6"), "{err}");
}

#[test]
fn an_escape_while_the_partner_plays_on_scores_for_nobody() {
    let v = adjudicate(&record(&["sd6-sd5", "ed6-ed5", "escape"])).unwrap();
    assert_eq!(
        (v.result, v.reason, v.moves),
        (GameResult::NoResult, Reason::Escape, 2)
    );
    assert_eq!(v.knocked_out.len(), 1);
    assert_eq!(v.knocked_out[0].seat, Seat::North);
}

#[test]
fn seventy_quiet_moves_draw_four_players_too() {
    let moves: Vec<String> = (0..20)
        .flat_map(|i| ['s', 'e', 'n', 'w'].map(|q| shuffle(q, i)))
        .collect();
    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
    let v = adjudicate(&record(&moves)).unwrap();
    assert_eq!(
        (v.result, v.reason, v.moves),
        (GameResult::Draw, Reason::NoCaptureLimit, 70)
    );
    assert!(v.knocked_out.is_empty());
}

#[test]
fn four_player_setups_and_moves_are_checked() {
    // East's flag outside its headquarters.
    let bad = record(&[]);
    let mut bad = bad.clone();
    let east = bad.setups.get_mut(&Seat::East).unwrap();
    east.insert("b1".into(), "连长".into());
    east.insert("b2".into(), "军旗".into());
    let err = adjudicate(&bad).unwrap_err();
    assert_eq!(err.number, 0);
    assert!(
        err.to_string().starts_with("move 0: east setup")
            && err.to_string().contains("headquarters"),
        "{err}"
    );
    // A point of another arm in west's setup.
    let mut bad = record(&[]);
    let west = bad.setups.get_mut(&Seat::West).unwrap();
    let flag = west.remove("b1").unwrap();
    west.insert("sb1".into(), flag);
    let err = adjudicate(&bad).unwrap_err();
    assert!(err.to_string().contains("not on west's arm"), "{err}");
    // A two-player point name in a four-player record.
    let err = adjudicate(&record(&["c6-c7"])).unwrap_err();
    assert_eq!(err.number, 1);
    assert!(err.to_string().contains("four-player point"), "{err}");
    // South cannot run its 军长 from c6 to east's arm: no turn at mc1.
    let err = adjudicate(&record(&["sc6-ea6"])).unwrap_err();
    assert!(err.to_string().contains("cannot be reached"), "{err}");
}

proptest::proptest! {
    #[test]
    fn random_four_player_records_never_panic(
        moves in proptest::collection::vec("[semnw][a-e][0-9]-[semnw][a-e][0-9]|timeout|surrender|escape|draw", 0..40)
    ) {
        let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
        let _ = adjudicate(&record(&moves));
    }
}
