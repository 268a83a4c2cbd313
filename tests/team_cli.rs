//! Team matches board by board through the real binary: every board's players and
//! colours (the first-named team red on odd boards), line-ups with a reserve under the
//! fixed board order, bad line-ups refused naming the team and the board, results
//! entered board by board, sheets and slips that carry every board's players, and the
//! board table and individual standings.

mod common;

use common::{Qisai, pdftotext};
use serde_json::Value;

const TEAMS: [(&str, &str); 3] = [("北京队", "京"), ("上海队", "沪"), ("广东队", "粤")];

/// A four-board event of three teams, each with a reserve, drawn as a round robin.
fn event() -> Qisai {
    let q = Qisai::new();
    q.ok(&[
        "new",
        q.file.to_str().unwrap(),
        "--name",
        "团体赛",
        "--game",
        "xiangqi",
        "--team",
        "--boards",
        "4",
        "--fixed-order",
    ]);
    for (team, p) in TEAMS {
        let members: Vec<String> = (1..=5).map(|k| format!("{p}{k}")).collect();
        q.ok(&["team", "add", team, "--members", &members.join("、")]);
    }
    q.ok(&["stage", "add", "round-robin"]);
    q.ok(&["draw", "--seed", "3"]);
    q
}

/// The match of round 1 that has two teams, from `pairings --json`.
fn first_match(q: &Qisai) -> Value {
    q.json(&["pairings", "--json", "--round", "1"])
        .as_array()
        .unwrap()
        .iter()
        .find(|p| !p["black"].is_null())
        .unwrap()
        .clone()
}

#[test]
fn every_board_has_its_players_and_the_chinese_colours() {
    let q = event();
    let m = first_match(&q);
    let (first, second) = (m["red"].as_str().unwrap(), m["black"].as_str().unwrap());
    let boards = m["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 4);
    for b in boards {
        let k = b["board"].as_u64().unwrap();
        // The team named first plays red on odd boards and black on even ones.
        let (red_team, black_team) = if k % 2 == 1 {
            (first, second)
        } else {
            (second, first)
        };
        assert_eq!(b["red_team"], red_team, "{b}");
        assert_eq!(b["black_team"], black_team, "{b}");
        // Registration order: board k is each team's k-th member.
        assert!(b["red"].as_str().unwrap().ends_with(&k.to_string()), "{b}");
        assert!(
            b["black"].as_str().unwrap().ends_with(&k.to_string()),
            "{b}"
        );
    }
    // The text pairings name them too.
    let text = q.ok(&["pairings", "--round", "1"]);
    assert!(text.contains("第 4 台"), "{text}");
}

#[test]
fn line_ups_with_a_reserve_and_the_refusals_naming_team_and_board() {
    let q = event();
    let m = first_match(&q);
    let team = m["red"].as_str().unwrap().to_string();
    let p = TEAMS.iter().find(|(t, _)| *t == team).unwrap().1;
    let member = |k: u32| format!("{p}{k}");
    let before = std::fs::read(&q.file).unwrap();
    let cases = [
        (
            vec![member(1), member(3), member(2), member(4)],
            format!(
                "{team} 第 3 台：{} 报名在第 2 台的 {} 之前",
                member(2),
                member(3)
            ),
        ),
        (
            vec![member(1), "外援".to_string(), member(3), member(4)],
            format!("{team} 第 2 台：外援 不是本队队员"),
        ),
        (
            vec![member(1), member(2), member(2), member(4)],
            format!("{team} 第 3 台：{} 已经排在第 2 台", member(2)),
        ),
        (
            vec![member(1), member(2), member(3)],
            format!("{team}：出场名单应有 4 人"),
        ),
    ];
    for (lineup, message) in cases {
        let err = q.fails(&["lineup", "1", &team, "--members", &lineup.join("、")]);
        assert!(err.contains(&message), "{err} should say {message}");
    }
    assert_eq!(
        std::fs::read(&q.file).unwrap(),
        before,
        "refusals change nothing"
    );

    // The reserve comes in on board 4; the regulars keep their order.
    q.ok(&[
        "lineup",
        "1",
        &team,
        "--members",
        &[member(1), member(2), member(3), member(5)].join("、"),
    ]);
    let m = first_match(&q);
    let board4 = &m["boards"][3];
    let reserve = member(5);
    assert!(
        board4["red"] == reserve.as_str() || board4["black"] == reserve.as_str(),
        "{board4}"
    );
    q.ok(&["undo"]);
    let m = first_match(&q);
    assert!(!m["boards"].to_string().contains(&reserve), "undone");
}

#[test]
fn board_by_board_results_sheets_slips_and_board_prizes() {
    let q = event();
    let m = first_match(&q);
    let board = m["board"].to_string();
    // Red wins boards 1 and 2, board 3 is drawn, board 4 comes in last.
    for (k, result) in [(1, "1-0"), (2, "1-0"), (3, "1/2")] {
        let out = q.ok(&["result", "1", &board, result, "--board", &k.to_string()]);
        assert!(out.contains(&format!("第 {k} 台")), "{out}");
    }
    let so_far = first_match(&q);
    assert!(so_far["result"].is_null(), "not over before the last board");
    assert!(so_far["score"].is_string(), "the score grows: {so_far}");
    q.ok(&["result", "1", &board, "0-1", "--game", "4"]);
    let done = first_match(&q);
    assert!(done["result"].is_string(), "{done}");

    // The pairing sheet and the slips carry every board's players.
    let sheet = q.path("pairings.pdf");
    q.ok(&[
        "print",
        "pairings",
        "--round",
        "1",
        "-o",
        sheet.to_str().unwrap(),
    ]);
    let text = pdftotext(&sheet);
    for b in done["boards"].as_array().unwrap() {
        for side in ["red", "black"] {
            let name = b[side].as_str().unwrap();
            assert!(text.contains(name), "{name} on the sheet:\n{text}");
        }
    }
    let slips = q.path("slips.pdf");
    q.ok(&[
        "print",
        "slips",
        "--round",
        "1",
        "-o",
        slips.to_str().unwrap(),
    ]);
    let text = pdftotext(&slips);
    assert!(text.contains("队长签名"), "{text}");
    assert!(text.contains(done["boards"][3]["black"].as_str().unwrap()));

    // Standings headed 队名 and 场分; the board table and the individual standings.
    let standings = q.path("standings.pdf");
    q.ok(&["print", "standings", "-o", standings.to_str().unwrap()]);
    let text = pdftotext(&standings);
    assert!(text.contains("队名") && text.contains("场分"), "{text}");
    let tables = q.json(&["standings", "--boards", "--json"]);
    assert_eq!(tables.as_array().unwrap().len(), 4);
    let board1 = &tables[0]["rows"];
    assert_eq!(
        board1.as_array().unwrap().len(),
        2,
        "two players on board 1"
    );
    assert_eq!(board1[0]["points"], 2, "the winner of board 1 first");
    let players = q.json(&["standings", "--players", "--json"]);
    assert_eq!(players.as_array().unwrap().len(), 8, "eight played");
    let prizes = q.path("boards.pdf");
    q.ok(&["print", "boards", "-o", prizes.to_str().unwrap()]);
    let text = pdftotext(&prizes);
    assert!(
        text.contains("台次成绩") && text.contains("个人成绩"),
        "{text}"
    );
    // results.csv names the players of every board.
    let out = q.path("csv");
    q.ok(&["export", "csv", out.to_str().unwrap()]);
    let results = std::fs::read_to_string(out.join("results.csv")).unwrap();
    assert!(
        results.lines().next().unwrap().contains("红方棋手"),
        "{results}"
    );
    assert!(results.contains(done["boards"][0]["red"].as_str().unwrap()));
}
