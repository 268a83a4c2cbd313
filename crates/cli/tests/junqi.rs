//! The `qisai junqi` commands as scripts call them.

mod support;

use support::{file, qisai};

#[test]
fn combat_words() {
    assert_eq!(
        qisai(&["junqi", "combat", "司令", "军长"]).0,
        "attacker_wins\n"
    );
    assert_eq!(
        qisai(&["junqi", "combat", "lieutenant", "mine"]).0,
        "defender_wins\n"
    );
    assert_eq!(
        qisai(&["junqi", "combat", "工兵", "地雷"]).0,
        "attacker_wins\n"
    );
    assert_eq!(
        qisai(&["junqi", "combat", "bomb", "commander"]).0,
        "both_removed\n"
    );
    assert_eq!(
        qisai(&["junqi", "combat", "排长", "军旗"]).0,
        "attacker_wins flag_captured\n"
    );
    let (out, code) = qisai(&["junqi", "combat", "king", "军旗"]);
    assert_eq!(code, Some(2));
    assert!(out.contains("'king' is not a Junqi piece"));
}

#[test]
fn check_setup_and_moves() {
    let setup = file(
        "setup.json",
        r#"{"side":"south","placement":{"a1":"地雷","b1":"军旗","c1":"地雷","d1":"排长","e1":"地雷",
        "a2":"工兵","b2":"连长","c2":"排长","d2":"连长","e2":"工兵","a3":"炸弹","c3":"营长","e3":"炸弹",
        "a4":"团长","b4":"旅长","d4":"旅长","e4":"团长","a5":"营长","c5":"师长","e5":"师长",
        "a6":"连长","b6":"司令","c6":"军长","d6":"排长","e6":"工兵"}}"#,
    );
    assert_eq!(
        qisai(&["junqi", "check-setup", &setup]),
        ("ok\n".into(), Some(0))
    );
    let bad = file("bad.json", r#"{"side":"south","placement":{"a1":"军旗"}}"#);
    let (out, code) = qisai(&["junqi", "check-setup", &bad]);
    assert_eq!(code, Some(1));
    assert!(
        out.starts_with("invalid: the flag (军旗) on a1 must stand in a headquarters"),
        "{out}"
    );
    let moves = file(
        "moves.json",
        r#"{"to_move":"south","pieces":{"a2":"S工兵","a7":"N排长","b1":"S军旗"}}"#,
    );
    let (out, code) = qisai(&["junqi", "moves", &moves]);
    assert_eq!(code, Some(0));
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines.contains(&"a2-a7"),
        "the engineer attacks a7 up the railway"
    );
    // It cannot pass a7, but reaches a8 the long way round: e2, e11, a11, down file a.
    assert!(lines.contains(&"a2-a8"));
    assert!(lines.contains(&"a2-e11"), "and turns corners");
    assert!(
        lines.iter().all(|l| !l.starts_with("b1")),
        "the flag never moves"
    );
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
}

#[test]
fn adjudicate_json() {
    let setup = |side: &str, rows: &[(&str, &str)]| -> String {
        format!(
            "{side} {}",
            rows.iter()
                .map(|(p, k)| format!("{p} {k}"))
                .collect::<Vec<_>>()
                .join(" ")
        )
    };
    let south = [
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
    let mirror = |p: &str| format!("{}{}", &p[..1], 13 - p[1..].parse::<u32>().unwrap());
    let north: Vec<(String, &str)> = south.iter().map(|(p, k)| (mirror(p), *k)).collect();
    let north_rows: Vec<(&str, &str)> = north.iter().map(|(p, k)| (p.as_str(), *k)).collect();
    let text = format!(
        "{}\n{}\n1. d6-d5 d7-d8\n2. draw\n",
        setup("south", &south),
        setup("north", &north_rows)
    );
    let f = file("game.txt", &text);
    assert_eq!(
        qisai(&["junqi", "adjudicate", &f, "--json"]).0.trim(),
        r#"{"result":"draw","reason":"agreed_draw","moves":2,"moves_since_capture":2}"#
    );
    let bad = file("bad.txt", &text.replace("d6-d5", "b6-b7"));
    let (out, code) = qisai(&["junqi", "adjudicate", &bad, "--json"]);
    assert_eq!(code, Some(1));
    assert!(
        out.starts_with(r#"{"error":"illegal_move","move":1,"why":"#),
        "{out}"
    );
}

#[test]
fn four_player_setups_moves_and_records() {
    const SETUP: &str = "a1 地雷 b1 军旗 c1 地雷 d1 排长 e1 地雷 a2 工兵 b2 连长 c2 排长 d2 连长 e2 工兵 \
        a3 炸弹 c3 营长 e3 炸弹 a4 团长 b4 旅长 d4 旅长 e4 团长 a5 营长 c5 师长 e5 师长 \
        a6 连长 b6 司令 c6 军长 d6 排长 e6 工兵";
    // An arm setup in the seat's own coordinates; a mine too far forward is refused.
    let pairs: Vec<String> = SETUP
        .split_whitespace()
        .collect::<Vec<_>>()
        .chunks(2)
        .map(|c| format!("\"{}\":\"{}\"", c[0], c[1]))
        .collect();
    let east = file(
        "east.json",
        &format!(r#"{{"side":"east","placement":{{{}}}}}"#, pairs.join(",")),
    );
    assert_eq!(
        qisai(&["junqi", "check-setup", &east]),
        ("ok\n".into(), Some(0))
    );
    let moved = std::fs::read_to_string(&east)
        .unwrap()
        .replace(r#""a1":"地雷""#, r#""a1":"排长""#)
        .replace(r#""d1":"排长""#, r#""d1":"地雷""#)
        .replace(r#""e1":"地雷""#, r#""e1":"连长""#)
        .replace(r#""b2":"连长""#, r#""b2":"地雷""#)
        .replace(r#""a2":"工兵""#, r#""a2":"地雷""#)
        .replace(r#""a6":"连长""#, r#""a6":"工兵""#);
    let bad = file("east-bad.json", &moved);
    let (out, code) = qisai(&["junqi", "check-setup", &bad]);
    assert_eq!(code, Some(1));
    assert!(out.starts_with("invalid: "), "{out}");

    // A lieutenant on south's a6 with an east captain on the middle's south row.
    let moves = file(
        "moves4.json",
        r#"{"to_move":"south","pieces":{"sa6":"S排长","me1":"E连长","mc1":"N工兵"}}"#,
    );
    let (out, code) = qisai(&["junqi", "moves", &moves]);
    assert_eq!(code, Some(0));
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines.contains(&"sa6-ne2"),
        "straight through the middle: {out}"
    );
    assert!(lines.contains(&"sa6-we2"), "round the arc: {out}");
    assert!(
        !lines.iter().any(|l| l.starts_with("mc1")),
        "north's piece is not south's to move"
    );

    // Five quiet rounds in which west always times out: after its fifth timeout west
    // is out; south moves, then east, west's partner, escapes.
    let setups: String = ["south", "east", "north", "west"]
        .iter()
        .map(|s| format!("{s} {SETUP}\n"))
        .collect();
    let mut moves = Vec::new();
    for i in 0..5u32 {
        let (a, b) = if i.is_multiple_of(2) {
            ("d6", "d5")
        } else {
            ("d5", "d6")
        };
        moves.extend(['s', 'e', 'n'].map(|q| format!("{q}{a}-{q}{b}")));
        moves.push("timeout".to_string());
    }
    moves.push("sd5-sd6".into());
    moves.push("escape".into());
    let record = file("four.txt", &format!("{setups}{}\n", moves.join(" ")));
    let (out, code) = qisai(&["junqi", "adjudicate", &record, "--json"]);
    assert_eq!(code, Some(0));
    assert_eq!(
        out.trim(),
        r#"{"result":"south_north","reason":"escape","moves":16,"moves_since_capture":16,"knocked_out":[{"seat":"west","reason":"timeouts","after_moves":15},{"seat":"east","reason":"escape","after_moves":16}]}"#
    );
    let (out, _) = qisai(&["junqi", "adjudicate", &record]);
    assert!(
        out.starts_with("south and north win (escape), 16 moves"),
        "{out}"
    );
    assert!(out.contains("west out after 15 moves (timeouts)"), "{out}");
}
