//! Whole events through the real binary.

mod common;

use std::collections::HashMap;

use common::Qisai;
use serde_json::Value;

/// Entrant number from a name like "P07".
fn number(name: &Value) -> u32 {
    name.as_str().unwrap()[1..].parse().unwrap()
}

/// Enters results until every paired match of the current stage is over: the lower
/// registration number wins every game. Returns how many games were entered.
fn play_favourites(q: &Qisai, games_entered: &mut HashMap<(u32, u32), u32>) -> usize {
    let mut entered = 0;
    loop {
        let pairings = q.json(&["pairings", "--json"]);
        let open: Vec<&Value> = pairings
            .as_array()
            .unwrap()
            .iter()
            .filter(|p| !p["black"].is_null() && p["result"].is_null())
            .collect();
        if open.is_empty() {
            return entered;
        }
        for p in open {
            let (round, board) = (
                p["round"].as_u64().unwrap() as u32,
                p["board"].as_u64().unwrap() as u32,
            );
            let game = games_entered.entry((round, board)).or_insert(0);
            *game += 1;
            // Seat 0 (listed as red) has red in odd games.
            let red_is_first = *game % 2 == 1;
            let first_wins = number(&p["red"]) < number(&p["black"]);
            let text = if red_is_first == first_wins {
                "1-0"
            } else {
                "0-1"
            };
            q.ok(&["result", &round.to_string(), &board.to_string(), text]);
            entered += 1;
        }
    }
}

fn finish_knockout(q: &Qisai) {
    let mut games = HashMap::new();
    loop {
        play_favourites(q, &mut games);
        let o = q.run(&["pair"]);
        if !o.status.success() {
            let err = String::from_utf8_lossy(&o.stderr);
            assert!(err.contains("本阶段已经结束"), "{err}");
            return;
        }
    }
}

#[test]
fn the_seeds_three_stage_event_with_32_players() {
    let q = Qisai::new();
    q.ok(&[
        "new",
        q.file.to_str().unwrap(),
        "--name",
        "三轮赛制象棋赛",
        "--game",
        "xiangqi",
    ]);
    let mut csv = String::from("姓名,单位\n");
    for i in 1..=32 {
        csv.push_str(&format!("P{i:02},单位{}\n", i % 8));
    }
    let list = q.write("players.csv", csv.as_bytes());
    q.ok(&["player", "import", list.to_str().unwrap()]);
    q.ok(&[
        "stage",
        "add",
        "knockout",
        "--groups",
        "8",
        "--advance",
        "1",
        "--best-of",
        "3",
    ]);
    q.ok(&["stage", "add", "round-robin", "--advance", "4"]);
    q.ok(&[
        "stage",
        "add",
        "points-knockout",
        "--best-of",
        "3",
        "--third-place",
    ]);

    // Stage 1: eight groups of four by lot; knockout inside each, best of three.
    let draw = q.ok(&["draw", "--seed", "32"]);
    assert!(draw.contains("抽签种子 32"), "{draw}");
    let groups: Vec<Vec<u32>> = draw
        .lines()
        .filter(|l| l.starts_with("组 "))
        .map(|l| {
            l.split(": ")
                .nth(1)
                .unwrap()
                .split('、')
                .map(|n| n[1..].parse().unwrap())
                .collect()
        })
        .collect();
    assert_eq!(groups.len(), 8);
    assert!(groups.iter().all(|g| g.len() == 4));
    finish_knockout(&q);
    // Each group is won by its lowest number: the favourite wins every game 2–0.
    let winners: Vec<u32> = {
        let mut w: Vec<u32> = groups.iter().map(|g| *g.iter().min().unwrap()).collect();
        w.sort();
        w
    };
    let stage1 = q.json(&["standings", "--stage", "1", "--json"]);
    let champions: Vec<u32> = stage1
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["rank"] == 1)
        .map(|r| number(&r["name"]))
        .collect();
    let mut champions_sorted = champions.clone();
    champions_sorted.sort();
    assert_eq!(champions_sorted, winners);

    // Stage 2: the eight group winners, a round robin of seven rounds.
    q.ok(&["draw", "--seed", "8"]);
    let pairings = q.json(&["pairings", "--json"]);
    assert_eq!(pairings.as_array().unwrap().len(), 28);
    play_favourites(&q, &mut HashMap::new());
    let stage2 = q.json(&["standings", "--json"]);
    let rows = stage2.as_array().unwrap();
    // Worked by hand: the k-th best (k = 1..8) beats the 8 − k below it, 2 points each:
    // points 2·(8 − k) = 14, 12, ..., 0. 小分 = the sum of the points of those beaten:
    // k=1: 12+10+8+6+4+2+0 = 42; k=2: 10+8+6+4+2+0 = 30; k=3: 8+6+4+2+0 = 20;
    // k=4: 6+4+2+0 = 12; k=5: 4+2+0 = 6; k=6: 2+0 = 2; k=7: 0; k=8: 0.
    let sb = [42, 30, 20, 12, 6, 2, 0, 0];
    for (k, row) in rows.iter().enumerate() {
        assert_eq!(number(&row["name"]), winners[k]);
        assert_eq!(row["rank"], k as u64 + 1);
        assert_eq!(row["shared_to"], k as u64 + 1);
        assert_eq!(row["points"], 2 * (7 - k as u64));
        assert_eq!(row["tiebreaks"][0]["name"], "小分");
        assert_eq!(row["tiebreaks"][0]["value"], sb[k]);
        assert_eq!(row["tiebreaks"][1]["name"], "胜局");
        assert_eq!(row["tiebreaks"][1]["value"], 7 - k as u64);
        assert_eq!(row["playoff"], false);
    }

    // Stage 3: the top four by points, 1 v 4 and 2 v 3, best of three, third place played.
    q.ok(&["draw", "--seed", "4"]);
    let first = q.json(&["pairings", "--round", "1", "--json"]);
    let pairs: Vec<(u32, u32)> = first
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (number(&p["red"]), number(&p["black"])))
        .collect();
    assert_eq!(pairs, [(winners[0], winners[3]), (winners[1], winners[2])]);
    finish_knockout(&q);
    let finals = q.json(&["standings", "--json"]);
    let order: Vec<(u32, u64)> = finals
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (number(&r["name"]), r["rank"].as_u64().unwrap()))
        .collect();
    assert_eq!(
        order,
        [
            (winners[0], 1),
            (winners[1], 2),
            (winners[2], 3),
            (winners[3], 4)
        ]
    );
    // The champion is number 1, who never lost a game.
    assert_eq!(winners[0], 1);
    assert_eq!(q.ok(&["check"]).trim(), "ok");
}

#[test]
fn team_round_robin_of_four_teams_on_four_boards() {
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
    ]);
    for t in 1..=4 {
        let members = (1..=4)
            .map(|b| format!("T{t}队员{b}"))
            .collect::<Vec<_>>()
            .join("、");
        q.ok(&["team", "add", &format!("T{t}"), "--members", &members]);
    }
    q.ok(&["stage", "add", "round-robin"]);
    q.ok(&["draw", "--seed", "5"]);
    // Board results from the first team's side (W won, D drawn, L lost), 2/1/0 a board.
    let results: HashMap<(u32, u32), &str> = HashMap::from([
        ((1, 4), "LLWD"), // T1 0+0+2+1 = 3, T4 5
        ((2, 3), "LLWD"), // T2 3, T3 5
        ((4, 3), "DWLL"), // T4 3, T3 5
        ((1, 2), "LLDL"), // T1 1, T2 7
        ((2, 4), "WWWL"), // T2 6, T4 2
        ((3, 1), "LLDD"), // T3 2, T1 6
    ]);
    let team = |v: &Value| -> u32 { v.as_str().unwrap()[1..].parse().unwrap() };
    for p in q.json(&["pairings", "--json"]).as_array().unwrap() {
        let (a, b) = (team(&p["red"]), team(&p["black"]));
        let view: String = match results.get(&(a, b)) {
            Some(v) => v.to_string(),
            None => results[&(b, a)]
                .chars()
                .map(|c| match c {
                    'W' => 'L',
                    'L' => 'W',
                    x => x,
                })
                .collect(),
        };
        for (k, outcome) in view.chars().enumerate() {
            let red_seat = k % 2; // board 1: the first team has red
            let text = match (outcome, red_seat) {
                ('D', _) => "1/2",
                ('W', 0) | ('L', 1) => "1-0",
                _ => "0-1",
            };
            let (round, board, game) = (
                p["round"].to_string(),
                p["board"].to_string(),
                (k + 1).to_string(),
            );
            q.ok(&["result", &round, &board, text, "--game", &game]);
        }
    }
    // 场分: T1 0+0+2 = 2, T2 0+2+2 = 4, T3 2+2+0 = 4, T4 2+0+0 = 2.
    // 局分: T1 3+1+6 = 10, T2 3+7+6 = 16, T3 5+5+2 = 12, T4 5+3+2 = 10.
    // 全队胜局: T2 1+3+3 = 7, T3 2+2+0 = 4, T4 2+1+1 = 4, T1 1+0+2 = 3.
    let table = q.json(&["standings", "--json"]);
    let rows: Vec<(u32, u64, u64, u64)> = table
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                team(&r["name"]),
                r["points"].as_u64().unwrap(),
                r["tiebreaks"][0]["value"].as_u64().unwrap(),
                r["tiebreaks"][1]["value"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        rows,
        [(2, 4, 16, 7), (3, 4, 12, 4), (4, 2, 10, 4), (1, 2, 10, 3)]
    );
    assert_eq!(table[0]["tiebreaks"][0]["name"], "局分");
}

#[test]
fn a_tied_team_knockout_match_goes_to_lots() {
    let q = Qisai::new();
    q.ok(&[
        "new",
        q.file.to_str().unwrap(),
        "--name",
        "团体淘汰赛",
        "--game",
        "xiangqi",
        "--team",
        "--boards",
        "2",
    ]);
    q.ok(&["team", "add", "甲队", "--members", "甲一、甲二"]);
    q.ok(&["team", "add", "乙队", "--members", "乙一、乙二"]);
    q.ok(&["stage", "add", "knockout"]);
    q.ok(&["draw", "--seed", "2"]);
    // Board 1: the first team's red player wins; board 2 (first team black): red wins too.
    q.ok(&["result", "1", "1", "1-0", "--game", "1"]);
    q.ok(&["result", "1", "1", "1-0", "--game", "2"]);
    // 2–2 in game points: nobody goes through until lots are drawn.
    let err = q.fails(&["pair"]);
    assert!(err.contains("尚未决出胜负"), "{err}");
    let lots = q.ok(&["lots", "1", "1", "--seed", "9"]);
    assert!(lots.contains("抽签种子 9"), "{lots}");
    let table = q.json(&["standings", "--json"]);
    assert_eq!(table[0]["rank"], 1);
    assert_eq!(table[0]["shared_to"], 1);
    assert!(lots.contains(table[0]["name"].as_str().unwrap()), "{lots}");
    // The printed bracket says the match was won by lots.
    let pdf = q.path("bracket.pdf");
    q.ok(&["print", "bracket", "-o", pdf.to_str().unwrap()]);
    let text = common::pdftotext(&pdf);
    assert!(text.contains("（抽签）"), "{text}");
}
