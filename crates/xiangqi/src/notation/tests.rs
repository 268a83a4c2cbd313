use super::*;
use crate::Setup;

fn pos(fen: &str) -> Position {
    Position::from_setup(fen.parse::<Setup>().unwrap()).unwrap()
}

fn iccs(p: &Position, notation: Notation, text: &str) -> String {
    notation.parse_move(p, text).unwrap().to_string()
}

#[test]
fn opening_moves_in_every_notation() {
    let start = Position::start();
    for text in [
        "h2e2",
        "H2-E2",
        "C2.5",
        "C2=5",
        "炮二平五",
        "砲二平五",
        "炮２平５",
    ] {
        let n = Notation::detect(text).unwrap();
        assert_eq!(iccs(&start, n, text), "h2e2", "{text}");
    }
    let m = Notation::Iccs.parse_move(&start, "h0g2").unwrap();
    assert_eq!(Notation::Wxf.write_move(&start, m), "H2+3");
    assert_eq!(Notation::Chinese.write_move(&start, m), "马二进三");
    let black = start.after(Notation::Iccs.parse_move(&start, "h2e2").unwrap());
    assert_eq!(iccs(&black, Notation::Chinese, "马8进7"), "h9g7");
    assert_eq!(iccs(&black, Notation::Wxf, "H8+7"), "h9g7");
    assert_eq!(iccs(&black, Notation::Chinese, "馬８進７"), "h9g7");
    let m = Notation::Iccs.parse_move(&black, "b9c7").unwrap();
    assert_eq!(Notation::Chinese.write_move(&black, m), "马2进3");
}

#[test]
fn tandem_pieces_front_and_rear() {
    // Red chariots on e3 and e5 (e5 is in front), black general d9, red general f0.
    let p = pos("3k5/9/9/9/4R4/9/4R4/9/9/5K3 w");
    assert_eq!(iccs(&p, Notation::Chinese, "前车进一"), "e5e6");
    assert_eq!(iccs(&p, Notation::Chinese, "后车平四"), "e3f3");
    assert_eq!(iccs(&p, Notation::Chinese, "車前平三"), "e5g5");
    assert_eq!(iccs(&p, Notation::Wxf, "R+.3"), "e5g5");
    assert_eq!(iccs(&p, Notation::Wxf, "+R.3"), "e5g5");
    assert_eq!(iccs(&p, Notation::Wxf, "R--1"), "e3e2");
    let m = Notation::Iccs.parse_move(&p, "e3f3").unwrap();
    assert_eq!(Notation::Chinese.write_move(&p, m), "后车平四");
    assert_eq!(Notation::Wxf.write_move(&p, m), "R-.4");
    // For black, front means lower ranks.
    let b = pos("3k5/9/9/4c4/9/4c4/9/9/9/5K3 b");
    assert_eq!(iccs(&b, Notation::Chinese, "前炮平4"), "e4d4");
    assert_eq!(iccs(&b, Notation::Wxf, "C+.4"), "e4d4");
}

#[test]
fn three_and_five_soldiers_on_a_file() {
    // Red soldiers e5, e6, e7 (crossed), red general d0, black general f9.
    let three = pos("5k3/9/4P4/4P4/4P4/9/9/9/9/3K5 w");
    assert_eq!(iccs(&three, Notation::Chinese, "前兵进一"), "e7e8");
    assert_eq!(iccs(&three, Notation::Chinese, "中兵平六"), "e6d6");
    assert_eq!(iccs(&three, Notation::Chinese, "后兵平四"), "e5f5");
    assert_eq!(iccs(&three, Notation::Wxf, "P5.6"), "e6d6");
    assert_eq!(iccs(&three, Notation::Wxf, "P-.4"), "e5f5");
    let mid = Notation::Iccs.parse_move(&three, "e6d6").unwrap();
    assert_eq!(Notation::Wxf.write_move(&three, mid), "P5.6");
    assert_eq!(Notation::Chinese.write_move(&three, mid), "中兵平六");
    let five = pos("5k3/4P4/4P4/4P4/4P4/4P4/9/9/9/3K5 w");
    assert_eq!(iccs(&five, Notation::Wxf, "++.6"), "e8d8");
    assert_eq!(iccs(&five, Notation::Wxf, "P+.6"), "e7d7");
    assert_eq!(iccs(&five, Notation::Wxf, "P5.6"), "e6d6");
    assert_eq!(iccs(&five, Notation::Wxf, "P-.6"), "e5d5");
    // The rearmost, on e4, has not crossed the river yet.
    let err = Notation::Wxf.parse_move(&five, "--.6").unwrap_err();
    assert_eq!(
        err.to_string(),
        "e4d4 is illegal: a soldier moves sideways only after crossing the river"
    );
    assert_eq!(iccs(&five, Notation::Chinese, "二兵平六"), "e7d7");
    let second = Notation::Iccs.parse_move(&five, "e7d7").unwrap();
    assert_eq!(Notation::Chinese.write_move(&five, second), "二兵平六");
}

#[test]
fn soldiers_sharing_two_files_name_the_file() {
    // Red soldiers c5, c6, c7 and g5, g6.
    let p = pos("5k3/9/2P6/2P3P2/2P3P2/9/9/9/9/3K5 w");
    assert_eq!(iccs(&p, Notation::Wxf, "7+.6"), "c7d7");
    assert_eq!(iccs(&p, Notation::Wxf, "77.6"), "c6d6");
    assert_eq!(iccs(&p, Notation::Wxf, "3-.4"), "g5f5");
    assert_eq!(iccs(&p, Notation::Chinese, "前七平六"), "c7d7");
    assert_eq!(iccs(&p, Notation::Chinese, "前兵七平六"), "c7d7");
    assert_eq!(iccs(&p, Notation::Chinese, "后三平四"), "g5f5");
    let m = Notation::Iccs.parse_move(&p, "g6g7").unwrap();
    assert_eq!(Notation::Wxf.write_move(&p, m), "3++1");
    assert_eq!(Notation::Chinese.write_move(&p, m), "前三进一");
    // Without the file, "front soldier" is ambiguous here.
    assert!(matches!(
        Notation::Chinese.parse_move(&p, "前兵进一"),
        Err(MoveError::Ambiguous(_))
    ));
}

#[test]
fn diagonal_pieces_name_the_destination_file() {
    let start = Position::start();
    assert_eq!(iccs(&start, Notation::Chinese, "相三进五"), "g0e2");
    assert_eq!(iccs(&start, Notation::Wxf, "A4+5"), "f0e1");
    assert_eq!(iccs(&start, Notation::Chinese, "仕六进五"), "d0e1");
    assert_eq!(iccs(&start, Notation::Chinese, "帅五进一"), "e0e1");
}

#[test]
fn errors_say_what_is_wrong() {
    let start = Position::start();
    let err = Notation::Chinese
        .parse_move(&start, "马二进四")
        .unwrap_err();
    assert_eq!(err.why(), "horse leg blocked at g0");
    let err = Notation::Chinese
        .parse_move(&start, "车四进一")
        .unwrap_err();
    assert!(matches!(err, MoveError::NoPiece(_)), "{err}");
    let err = Notation::Iccs.parse_move(&start, "z9z9").unwrap_err();
    assert!(matches!(err, MoveError::Syntax(_)));
    assert!(Notation::detect("hello").is_none());
}

/// The positions of a random game from the initial array or a position full of pins
/// and cannon screens: each number picks one of the legal moves.
fn random_walk(choices: &[u16], start: usize) -> Vec<Position> {
    let fens = [
        "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w",
        "2eakae2/4r4/4c4/9/2R1C1H2/9/4c4/9/4R4/3AKA3 w",
    ];
    let mut pos = Position::from_setup_relaxed(fens[start].parse().unwrap()).unwrap();
    let mut out = Vec::new();
    for &c in choices {
        out.push(pos.clone());
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        pos.play_unchecked(legal.as_slice()[c as usize % legal.len()]);
    }
    out
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

    /// Every WXF text of the form piece + file + direction + number (blocked, off the
    /// board, into the own general's danger, or fine), played by the one-pass path and
    /// by the general one: the same move, or both refused with the position unchanged.
    #[test]
    fn the_one_pass_path_agrees_with_the_general_one(
        choices in proptest::collection::vec(0u16..u16::MAX, 1..100),
        start in 0usize..2,
    ) {
        for pos in random_walk(&choices, start) {
            for letter in ['K', 'A', 'E', 'H', 'R', 'C', 'P'] {
                for file in 1..=9 {
                    for op in ['+', '-', '.'] {
                        for n in 1..=9 {
                            let text = format!("{letter}{file}{op}{n}");
                            let general = wxf::parse(&text).unwrap().to_move(&pos).ok();
                            let mut played = pos.clone();
                            let fast = match wxf::play_fast(&mut played, &text) {
                                Some(result) => result.ok(),
                                None => continue,
                            };
                            proptest::prop_assert_eq!(fast, general, "{} at {}", text, pos);
                            if fast.is_none() {
                                proptest::prop_assert_eq!(played.to_string(), pos.to_string());
                            }
                        }
                    }
                }
            }
        }
    }

    /// Every move a piece's movement allows, written in WXF and Chinese and played back
    /// (the one-pass path for moves named by file): played exactly when it is legal,
    /// refused with the position unchanged otherwise.
    #[test]
    fn descriptive_moves_are_played_exactly_when_legal(
        choices in proptest::collection::vec(0u16..u16::MAX, 1..100),
        start in 0usize..2,
    ) {
        for pos in random_walk(&choices, start) {
            let mut shaped = crate::MoveList::new();
            crate::movegen::pseudo_legal(pos.board(), pos.turn(), &mut shaped);
            for &m in shaped.iter() {
                for notation in [Notation::Wxf, Notation::Chinese] {
                    let text = notation.write_move(&pos, m);
                    let mut played = pos.clone();
                    match notation.play_move(&mut played, &text) {
                        Ok(got) => {
                            proptest::prop_assert!(pos.is_legal(m), "{} ({}) played though illegal at {}", text, m, pos);
                            proptest::prop_assert_eq!(got, m, "{} at {}", text, pos);
                        }
                        Err(_) => {
                            proptest::prop_assert_eq!(played.to_string(), pos.to_string(), "a refusal changes nothing");
                            // Illegal, or the text names several pieces (never for a legal
                            // move written by the printer, which names it uniquely).
                            proptest::prop_assert!(!pos.is_legal(m), "{} ({}) refused though legal at {}", text, m, pos);
                        }
                    }
                }
            }
        }
    }
}
