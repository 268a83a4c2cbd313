//! The `qisai checkers` commands as scripts call them.

mod support;

use support::{file, qisai};

const CHAIN: &str = r#"{"players":2,"to_move":"N","pieces":[
  {"hole":[0,0,0],"owner":"N"},{"hole":[1,0,-1],"owner":"S"},{"hole":[3,0,-3],"owner":"S"}]}"#;

#[test]
fn moves_lists_distinct_ends_sorted() {
    let f = file("chain.json", CHAIN);
    let (out, code) = qisai(&["checkers", "moves", &f]);
    assert_eq!(code, Some(0));
    let lines: Vec<&str> = out.lines().collect();
    // Six steps from the centre but one blocked by the piece on (1,0,-1), and the jumps
    // to (2,0,-2) and on to (4,0,-4).
    assert_eq!(
        lines,
        [
            "0,0,0 -1,0,1",
            "0,0,0 -1,1,0",
            "0,0,0 0,-1,1",
            "0,0,0 0,1,-1",
            "0,0,0 1,-1,0",
            "0,0,0 2,0,-2",
            "0,0,0 4,0,-4"
        ]
    );
}

#[test]
fn check_move_says_legal_or_why_not() {
    let f = file("chain2.json", CHAIN);
    assert_eq!(
        qisai(&["checkers", "check-move", &f, "0,0,0", "2,0,-2", "4,0,-4"]),
        ("legal\n".into(), Some(0))
    );
    let (out, code) = qisai(&["checkers", "check-move", &f, "0,0,0", "-1,0,1", "1,0,-1"]);
    assert_eq!(code, Some(1));
    assert!(
        out.starts_with("illegal: a step cannot be followed"),
        "{out}"
    );
    // The option after the holes, as the usage line shows it, and before them.
    for args in [
        &[
            "checkers",
            "check-move",
            &f,
            "0,0,0",
            "2,0,-2",
            "--camp-rule",
            "standard",
        ][..],
        &[
            "checkers",
            "check-move",
            &f,
            "0,0,0",
            "2,0,-2",
            "--camp-rule=no-end",
        ],
        &[
            "checkers",
            "check-move",
            &f,
            "--camp-rule",
            "standard",
            "0,0,0",
            "2,0,-2",
        ],
    ] {
        assert_eq!(qisai(args), ("legal\n".into(), Some(0)), "{args:?}");
    }
    let (out, code) = qisai(&[
        "checkers",
        "check-move",
        &f,
        "0,0,0",
        "2,0,-2",
        "--camp-rule",
        "x",
    ]);
    assert_eq!(code, Some(2), "{out}");
    let (out, code) = qisai(&["checkers", "check-move", &f, "0,0,0", "9,9,9"]);
    assert_eq!(code, Some(2));
    assert!(out.contains("'9,9,9' is not a hole"), "{out}");
    let bad = file(
        "bad.json",
        r#"{"players":2,"to_move":"N","pieces":[{"hole":[9,0,-9],"owner":"N"}]}"#,
    );
    let (out, code) = qisai(&["checkers", "moves", &bad]);
    assert_eq!(code, Some(2));
    assert!(out.contains("pieces[0].hole"), "{out}");
}

#[test]
fn adjudicate_prints_json_and_errors() {
    let f = file(
        "rec.txt",
        "players 2\nplace N: n1 n2 n3 o1 o2 o3 p1 p2 q1 m9\nplace S: a1 b1\nto-move N\nm9-n4\n",
    );
    let (out, code) = qisai(&["checkers", "adjudicate", &f, "--json"]);
    assert_eq!(code, Some(0));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["result"], "win");
    assert_eq!(v["winner"], "N");
    assert_eq!(v["scores"]["N"], 1.0);
    let bad = file("bad.txt", "d1-e6 d2-e7\n");
    let (out, code) = qisai(&["checkers", "adjudicate", &bad, "--json"]);
    assert_eq!(code, Some(1));
    let v: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(v["move_number"], 2);
}
