//! The scoring rules that matter on the day, through the real binary: double forfeits,
//! asymmetric draws, dead games, byes, two fouls, quick Junqi wins, knockout places and
//! byes, board numbers, and results of another game.

mod common;

use common::Qisai;
use serde_json::Value;

fn event(q: &Qisai, game: &str, extra: &[&str], players: &[&str]) {
    let mut args = vec![
        "new",
        q.file.to_str().unwrap(),
        "--name",
        "规则",
        "--game",
        game,
    ];
    args.extend_from_slice(extra);
    q.ok(&args);
    for p in players {
        q.ok(&["player", "add", p]);
    }
}

/// name → (points, [tiebreak values]) from `standings --json`.
fn table(q: &Qisai) -> Vec<(String, Value, Vec<Value>)> {
    q.json(&["standings", "--json"])
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["name"].as_str().unwrap().to_string(),
                r["points"].clone(),
                r["tiebreaks"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|t| t["value"].clone())
                    .collect(),
            )
        })
        .collect()
}

fn row<'a>(rows: &'a [(String, Value, Vec<Value>)], name: &str) -> &'a (String, Value, Vec<Value>) {
    rows.iter().find(|r| r.0 == name).unwrap()
}

/// The board of a pairing between two players, by name.
fn board_of(q: &Qisai, round: u32, a: &str) -> (String, Value) {
    let pairings = q.json(&["pairings", "--json", "--round", &round.to_string()]);
    let p = pairings
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["red"] == a || p["black"] == a)
        .unwrap()
        .clone();
    (p["board"].to_string(), p)
}

#[test]
fn a_double_forfeit_is_no_draw() {
    let q = Qisai::new();
    event(&q, "xiangqi", &[], &["甲", "乙", "丙", "丁"]);
    q.ok(&["stage", "add", "round-robin"]);
    q.ok(&["draw", "--seed", "3"]);
    let (board, p) = board_of(&q, 1, "甲");
    q.ok(&["result", "1", &board, "0-0"]);
    let other = if p["red"] == "甲" {
        &p["black"]
    } else {
        &p["red"]
    };
    let rows = table(&q);
    for name in ["甲", other.as_str().unwrap()] {
        let (_, points, values) = row(&rows, name);
        // 0 points, nothing in 小分, no win.
        assert_eq!(
            (points, &values[0], &values[1]),
            (&Value::from(0), &Value::from(0), &Value::from(0)),
            "{name}"
        );
    }

    // In a best-of-three match a 0-0 game adds nothing to the match score.
    let q = Qisai::new();
    event(&q, "xiangqi", &[], &["甲", "乙"]);
    q.ok(&["stage", "add", "knockout", "--best-of", "3"]);
    q.ok(&["draw", "--seed", "1"]);
    q.ok(&["result", "1", "1", "0-0", "--game", "1"]);
    q.ok(&["result", "1", "1", "0-0", "--game", "2"]);
    let (_, p) = board_of(&q, 1, "甲");
    assert_eq!(p["score"], "0-0", "{p}");
    q.ok(&["result", "1", "1", "1-0", "--game", "3"]);
    let (_, p) = board_of(&q, 1, "甲");
    assert_eq!(p["score"], "1-0", "{p}");
}

#[test]
fn an_asymmetric_draw_is_a_draw() {
    let q = Qisai::new();
    event(
        &q,
        "xiangqi",
        &["--scoring", "3-1/2-0"],
        &["甲", "乙", "丙"],
    );
    q.ok(&["stage", "add", "round-robin"]);
    q.ok(&["draw", "--seed", "1"]);
    let (board, p) = board_of(&q, 1, "甲");
    assert!(!p["black"].is_null(), "round 1 of 甲 is a game: {p}");
    q.ok(&["result", "1", &board, "1/2"]);
    let red = p["red"].as_str().unwrap();
    let black = p["black"].as_str().unwrap();
    let rows = table(&q);
    // Red 1, black 2: black's draw is no win, and 小分 takes half the opponent's score.
    assert_eq!(row(&rows, red).1, 1);
    assert_eq!(row(&rows, black).1, 2);
    assert_eq!(row(&rows, black).2[1], 0, "胜局 of the black drawer");
    assert_eq!(row(&rows, black).2[0], 0.5, "小分: half of red's 1");
    assert_eq!(row(&rows, red).2[0], 1, "小分: half of black's 2");
}

#[test]
fn a_dead_game_is_three_quarters_and_no_win() {
    let q = Qisai::new();
    event(&q, "checkers", &[], &["甲", "乙", "丙"]);
    q.ok(&["stage", "add", "round-robin"]);
    q.ok(&["draw", "--seed", "1"]);
    let (board, p) = board_of(&q, 1, "甲");
    q.ok(&["result", "1", &board, "dead:red"]);
    let red = p["red"].as_str().unwrap();
    let black = p["black"].as_str().unwrap();
    let rows = table(&q);
    assert_eq!(row(&rows, red).1, 0.75);
    assert_eq!(row(&rows, black).1, 0.25);
    assert_eq!(row(&rows, red).2[1], 0, "a dead game is no win");
    // 小分: ¾ of the trailing opponent's 0.25, ¼ of the leader's 0.75.
    assert_eq!(row(&rows, red).2[0], 0.1875);
    assert_eq!(row(&rows, black).2[0], 0.1875);
}

#[test]
fn a_round_robin_bye_counts_from_its_own_round_and_no_playoff_is_due_early() {
    let q = Qisai::new();
    event(&q, "xiangqi", &[], &["甲", "乙", "丙"]);
    q.ok(&["stage", "add", "round-robin"]);
    q.ok(&["draw", "--seed", "1"]);
    let after_draw = q.json(&["standings", "--json"]);
    for r in after_draw.as_array().unwrap() {
        assert_eq!(r["points"], 0, "{r}");
        assert_eq!(r["playoff"], false, "{r}");
    }
    assert!(!q.ok(&["standings"]).contains("需加赛"));
    let pairings = q.json(&["pairings", "--json", "--round", "1"]);
    let bye = pairings
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["black"].is_null())
        .unwrap();
    let game = pairings
        .as_array()
        .unwrap()
        .iter()
        .find(|p| !p["black"].is_null())
        .unwrap();
    q.ok(&["result", "1", &game["board"].to_string(), "1-0"]);
    let rows = table(&q);
    assert_eq!(
        row(&rows, bye["red"].as_str().unwrap()).1,
        2,
        "the round-1 bye now counts"
    );
    let total: f64 = rows.iter().map(|r| r.1.as_f64().unwrap()).sum();
    assert_eq!(total, 4.0, "one win and one bye; the later byes not yet");
}

#[test]
fn a_game_lost_on_two_fouls_shows_as_lost_everywhere() {
    let q = Qisai::new();
    event(&q, "xiangqi", &[], &["甲", "乙"]);
    q.ok(&["stage", "add", "round-robin"]);
    q.ok(&["draw", "--seed", "1"]);
    q.ok(&[
        "result",
        "1",
        "1",
        "1-0",
        "--foul",
        "red:touch-own",
        "--foul",
        "red:touch-own",
    ]);
    let (_, p) = board_of(&q, 1, "甲");
    assert_eq!(p["result"], "0-1", "{p}");
    let out = q.path("csv");
    q.ok(&["export", "csv", out.to_str().unwrap()]);
    let results = std::fs::read_to_string(out.join("results.csv")).unwrap();
    assert!(
        results.contains(",0-1,") && !results.contains(",1-0,"),
        "{results}"
    );
    // The sheet says why; the log keeps what was typed.
    let pdf = q.path("p.pdf");
    q.ok(&[
        "print",
        "pairings",
        "-o",
        pdf.to_str().unwrap(),
        "--round",
        "1",
    ]);
    let text = std::process::Command::new("pdftotext")
        .arg(&pdf)
        .arg("-")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("0-1（两次犯规）"), "{text}");
    assert!(q.ok(&["log"]).contains("1-0"));
}

#[test]
fn a_quick_junqi_win_scores_nothing_whatever_the_ending() {
    let q = Qisai::new();
    event(&q, "junqi", &[], &["甲", "乙"]);
    q.ok(&["stage", "add", "round-robin"]);
    q.ok(&["draw", "--seed", "1"]);
    let (_, p) = board_of(&q, 1, "甲");
    let red = p["red"].as_str().unwrap().to_string();
    let black = p["black"].as_str().unwrap().to_string();
    for (moves, winner_points) in [("20", 0), ("45", 1)] {
        q.ok(&["result", "1", "1", "escape:black", "--moves", moves]);
        let rows = table(&q);
        assert_eq!(
            row(&rows, &red).1,
            winner_points,
            "escape after {moves} moves"
        );
        assert_eq!(row(&rows, &black).1, -1);
    }
}

#[test]
fn knockout_places_are_shared_by_one_round_only_and_byes_go_by_seed_then_rating() {
    let q = Qisai::new();
    q.ok(&[
        "new",
        q.file.to_str().unwrap(),
        "--name",
        "淘汰",
        "--game",
        "xiangqi",
    ]);
    q.ok(&["player", "add", "低分", "--rating", "1500"]);
    q.ok(&["player", "add", "种子", "--rating", "1600", "--seed", "1"]);
    q.ok(&["player", "add", "甲", "--rating", "1700"]);
    q.ok(&["player", "add", "高分", "--rating", "2400"]);
    q.ok(&["player", "add", "乙", "--rating", "1800"]);
    q.ok(&["player", "add", "丙", "--rating", "1650"]);
    q.ok(&["stage", "add", "knockout"]);
    q.ok(&["draw", "--seed", "11"]);
    let round1 = q.json(&["pairings", "--json", "--round", "1"]);
    let mut byes: Vec<&str> = round1
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["black"].is_null() || p["red"].is_null())
        .map(|p| p["red"].as_str().or(p["black"].as_str()).unwrap())
        .collect();
    byes.sort();
    assert_eq!(byes, ["种子", "高分"], "the seed, then the highest rated");
    // Play it out: the first-named always wins.
    for round in 1..=3 {
        let pairings = q.json(&["pairings", "--json", "--round", &round.to_string()]);
        for p in pairings.as_array().unwrap() {
            if !p["red"].is_null() && !p["black"].is_null() && p["result"].is_null() {
                q.ok(&["result", &round.to_string(), &p["board"].to_string(), "1-0"]);
            }
        }
        if round < 3 {
            q.ok(&["pair"]);
        }
    }
    let standings = q.json(&["standings", "--json"]);
    let places: Vec<(u64, u64)> = standings
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["rank"].as_u64().unwrap(),
                r["shared_to"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(places, [(1, 1), (2, 2), (3, 4), (3, 4), (5, 6), (5, 6)]);
    assert!(
        standings
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["points"].is_null())
    );
}

#[test]
fn every_round_of_a_group_knockout_is_numbered_from_board_one() {
    let q = Qisai::new();
    q.ok(&[
        "new",
        q.file.to_str().unwrap(),
        "--name",
        "分组淘汰",
        "--game",
        "xiangqi",
    ]);
    for i in 1..=16 {
        q.ok(&["player", "add", &format!("棋手{i}")]);
    }
    q.ok(&["stage", "add", "knockout", "--groups", "4"]);
    q.ok(&["draw", "--seed", "2"]);
    let boards = |round: &str| -> Vec<u64> {
        let mut b: Vec<u64> = q
            .json(&["pairings", "--json", "--round", round])
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["board"].as_u64().unwrap())
            .collect();
        b.sort();
        b
    };
    assert_eq!(boards("1"), (1..=8).collect::<Vec<_>>());
    for b in 1..=8 {
        q.ok(&["result", "1", &b.to_string(), "0-1"]);
    }
    q.ok(&["pair"]);
    assert_eq!(boards("2"), [1, 2, 3, 4]);
    q.ok(&["result", "2", "3", "1-0"]);
}

#[test]
fn a_result_of_another_game_is_refused() {
    let q = Qisai::new();
    event(&q, "xiangqi", &[], &["甲", "乙"]);
    q.ok(&["stage", "add", "round-robin"]);
    q.ok(&["draw", "--seed", "1"]);
    let before = std::fs::read(&q.file).unwrap();
    for kind in ["dead:red", "escape:black", "resign:red"] {
        let said = q.fails(&["result", "1", "1", kind]);
        assert!(said.contains("不是象棋的成绩"), "{kind}: {said}");
    }
    assert_eq!(std::fs::read(&q.file).unwrap(), before);
}

#[test]
fn earlier_stages_stay_open_while_who_went_on_is_unchanged() {
    let q = Qisai::new();
    q.ok(&[
        "new",
        q.file.to_str().unwrap(),
        "--name",
        "两阶段",
        "--game",
        "xiangqi",
    ]);
    for i in 1..=6 {
        q.ok(&["player", "add", &format!("P{i}")]);
    }
    q.ok(&[
        "stage",
        "add",
        "round-robin",
        "--groups",
        "2",
        "--advance",
        "1",
    ]);
    q.ok(&["stage", "add", "knockout"]);
    q.ok(&["draw", "--seed", "4"]);
    // The lower number always wins: each group has a clear order.
    let number = |name: &Value| name.as_str().unwrap()[1..].parse::<u32>().unwrap();
    let stage1 = q.json(&["pairings", "--json", "--stage", "1"]);
    let games: Vec<&Value> = stage1
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| !p["black"].is_null())
        .collect();
    for p in &games {
        let red_wins = number(&p["red"]) < number(&p["black"]);
        q.ok(&[
            "result",
            &p["round"].to_string(),
            &p["board"].to_string(),
            if red_wins { "1-0" } else { "0-1" },
        ]);
    }
    q.ok(&["draw", "--seed", "5"]);
    let final_pairing = q.json(&["pairings", "--json"]);

    // Stage 1 is still there to read, print and correct.
    assert_eq!(
        q.json(&["pairings", "--json", "--stage", "1"])
            .as_array()
            .unwrap()
            .len(),
        stage1.as_array().unwrap().len()
    );
    let pdf = q.path("stage1.pdf");
    q.ok(&[
        "print",
        "standings",
        "--stage",
        "1",
        "-o",
        pdf.to_str().unwrap(),
    ]);
    let (mut accepted, mut refused) = (0, 0);
    for p in &games {
        let (red, black) = (number(&p["red"]), number(&p["black"]));
        // Flip the game: the higher number wins it now.
        let flipped = if red < black { "0-1" } else { "1-0" };
        let event = |q: &Qisai| {
            (
                q.json(&["pairings", "--stage", "1", "--json"]),
                q.json(&["pairings", "--json"]),
            )
        };
        let before = event(&q);
        let o = q.run(&[
            "result",
            "--stage",
            "1",
            &p["round"].to_string(),
            &p["board"].to_string(),
            flipped,
        ]);
        if o.status.success() {
            accepted += 1;
            assert_eq!(
                q.json(&["pairings", "--json"]),
                final_pairing,
                "the final keeps its players"
            );
            q.ok(&["undo"]);
        } else {
            refused += 1;
            let said = String::from_utf8_lossy(&o.stderr);
            assert!(
                said.contains("第 2 阶段") && said.contains("出："),
                "{said}"
            );
            assert_eq!(event(&q), before, "a refused correction changes nothing");
            // It is kept in the log, though: who tried what and why not.
            let log = q.ok(&["log"]);
            let last = log
                .lines()
                .rev()
                .find(|l| !l.trim().is_empty())
                .unwrap_or("");
            assert!(last.contains("拒绝更正"), "{log}");
        }
    }
    assert!(
        accepted > 0 && refused > 0,
        "accepted {accepted}, refused {refused}"
    );
    // A round the stage does not have is an error, not an empty list.
    let said = q.fails(&["pairings", "--round", "42"]);
    assert!(said.contains("没有第 42 轮"), "{said}");
}

#[test]
fn a_stage_can_be_edited_or_removed_before_its_draw() {
    let q = Qisai::new();
    event(&q, "xiangqi", &[], &["甲", "乙", "丙", "丁"]);
    q.ok(&["stage", "add", "round-robin"]);
    q.ok(&["stage", "add", "knockout"]);
    q.ok(&["stage", "add", "round-robin", "--name", "名次赛"]);
    q.ok(&[
        "stage",
        "edit",
        "2",
        "knockout",
        "--best-of",
        "3",
        "--third-place",
    ]);
    let stages = q.json(&["stage", "list", "--json"]);
    assert_eq!(stages[1]["settings"]["match_format"]["best_of"], 3);
    assert_eq!(stages[1]["name"], "第2阶段 淘汰赛");
    q.ok(&["stage", "remove", "2"]);
    let stages = q.json(&["stage", "list", "--json"]);
    assert_eq!(stages.as_array().unwrap().len(), 2);
    assert_eq!(stages[1]["name"], "名次赛");
    // Settings are checked as for `stage add`; a drawn stage stays as it is.
    let said = q.fails(&[
        "stage",
        "edit",
        "1",
        "round-robin",
        "--groups",
        "4294967295",
    ]);
    assert!(said.contains("组数"), "{said}");
    q.ok(&["draw", "--seed", "1"]);
    let before = std::fs::read(&q.file).unwrap();
    for args in [
        &["stage", "edit", "1", "knockout"][..],
        &["stage", "remove", "1"],
        &["stage", "remove", "9"],
    ] {
        let said = q.fails(args);
        assert!(
            said.contains("已经抽签") || said.contains("没有第 9 阶段"),
            "{said}"
        );
    }
    assert_eq!(std::fs::read(&q.file).unwrap(), before);
    q.ok(&["undo"]);
    q.ok(&["undo"]);
    assert_eq!(
        q.json(&["stage", "list", "--json"])
            .as_array()
            .unwrap()
            .len(),
        3,
        "the removal is undone"
    );
}

#[test]
fn a_tie_at_the_qualifying_place_blocks_the_next_draw_until_lots_settle_it() {
    let q = Qisai::new();
    event(&q, "xiangqi", &[], &["甲", "乙", "丙", "丁", "戊", "己"]);
    q.ok(&[
        "stage",
        "add",
        "round-robin",
        "--groups",
        "2",
        "--advance",
        "1",
    ]);
    q.ok(&["stage", "add", "knockout"]);
    q.ok(&["draw", "--seed", "1"]);
    for p in q.json(&["pairings", "--json"]).as_array().unwrap() {
        if !p["black"].is_null() {
            q.ok(&[
                "result",
                &p["round"].to_string(),
                &p["board"].to_string(),
                "1/2",
            ]);
        }
    }
    // Everyone level: group winners cannot be told apart.
    let before = std::fs::read(&q.file).unwrap();
    let said = q.fails(&["draw", "--seed", "2"]);
    assert!(
        said.contains("不能并列的名次同分") && said.contains("qisai playoff lots"),
        "{said}"
    );
    assert!(said.contains("A 组第 1–3 名"), "{said}");
    assert_eq!(std::fs::read(&q.file).unwrap(), before);
    let listed = q.json(&["playoff", "--json"]);
    assert_eq!(listed.as_array().unwrap().len(), 2, "{listed}");
    assert_eq!(listed[0]["entrants"].as_array().unwrap().len(), 3);

    let settled = q.ok(&["playoff", "lots", "--seed", "7"]);
    assert!(settled.contains("抽签种子 7"), "{settled}");
    let standings = q.json(&["standings", "--json", "--stage", "1"]);
    let rows = standings.as_array().unwrap();
    assert!(
        rows.iter()
            .all(|r| r["playoff"] == false && r["settled_by"] == "lots"),
        "{standings}"
    );
    let ranks: Vec<u64> = rows.iter().map(|r| r["rank"].as_u64().unwrap()).collect();
    assert_eq!(ranks, [1, 2, 3, 1, 2, 3]);
    // The same seed settles the same way: undo and settle again.
    q.ok(&["undo"]);
    q.ok(&["playoff", "lots", "--seed", "7"]);
    assert_eq!(q.json(&["standings", "--json", "--stage", "1"]), standings);
    q.ok(&["draw", "--seed", "2"]);
    let finalists: Vec<String> = q
        .json(&["pairings", "--json"])
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|p| [p["red"].to_string(), p["black"].to_string()])
        .collect();
    let winners: Vec<String> = rows
        .iter()
        .filter(|r| r["rank"] == 1)
        .map(|r| r["name"].to_string())
        .collect();
    for w in winners {
        assert!(
            finalists.contains(&w),
            "{w} won a group by lots and plays the final"
        );
    }
}

#[test]
fn playoff_games_decide_a_tied_champion() {
    let q = Qisai::new();
    event(&q, "xiangqi", &[], &["甲", "乙"]);
    q.ok(&["stage", "add", "round-robin"]);
    q.ok(&["draw", "--seed", "1"]);
    q.ok(&["result", "1", "1", "1/2"]);
    assert!(q.ok(&["standings"]).contains("需加赛"));
    let said = q.ok(&["playoff", "games", "--best-of", "1"]);
    assert!(said.contains("第 2 轮"), "{said}");
    let listed = q.json(&["playoff", "--json"]);
    assert_eq!(listed[0]["in_play"], true, "{listed}");
    let (_, p) = board_of(&q, 2, "甲");
    q.ok(&["result", "2", "1", "0-1"]);
    let standings = q.json(&["standings", "--json"]);
    let champion = &standings[0];
    assert_eq!(
        champion["name"], p["black"],
        "the playoff's winner is champion"
    );
    assert_eq!(
        (champion["rank"].as_u64(), champion["shared_to"].as_u64()),
        (Some(1), Some(1))
    );
    assert_eq!(champion["settled_by"], "games");
    // The playoff game is no game of the round robin: both keep 1 point.
    assert_eq!(champion["points"], 1);
    assert!(q.ok(&["standings"]).contains("加赛决定"));
    assert!(
        q.json(&["playoff", "--json"])
            .as_array()
            .unwrap()
            .is_empty()
    );
}

#[test]
fn a_withdrawal_forfeits_the_games_still_to_play() {
    let q = Qisai::new();
    event(&q, "xiangqi", &[], &["甲", "乙", "丙", "丁"]);
    q.ok(&["stage", "add", "round-robin", "--advance", "2"]);
    q.ok(&["stage", "add", "knockout"]);
    q.ok(&["draw", "--seed", "1"]);
    // 甲 wins the first round, then withdraws.
    let (board, p) = board_of(&q, 1, "甲");
    q.ok(&[
        "result",
        "1",
        &board,
        if p["red"] == "甲" { "1-0" } else { "0-1" },
    ]);
    let said = q.ok(&["player", "withdraw", "1"]);
    assert!(said.contains("弃权判负"), "{said}");
    for round in 2..=3 {
        let (_, p) = board_of(&q, round, "甲");
        let expected = if p["red"] == "甲" { "-+" } else { "+-" };
        assert_eq!(
            p["result"], expected,
            "round {round}: the opponent wins by forfeit"
        );
    }
}

#[test]
fn a_withdrawn_qualifier_is_replaced_by_the_next_in_the_standings() {
    let q = Qisai::new();
    event(&q, "xiangqi", &[], &["甲", "乙", "丙", "丁"]);
    q.ok(&["stage", "add", "round-robin", "--advance", "2"]);
    q.ok(&["stage", "add", "knockout"]);
    q.ok(&["draw", "--seed", "1"]);
    // The earlier registered always wins: 甲 6, 乙 4, 丙 2, 丁 0.
    let rank = |name: &Value| {
        ["甲", "乙", "丙", "丁"]
            .iter()
            .position(|n| name == n)
            .unwrap()
    };
    for p in q.json(&["pairings", "--json"]).as_array().unwrap() {
        let red_wins = rank(&p["red"]) < rank(&p["black"]);
        q.ok(&[
            "result",
            &p["round"].to_string(),
            &p["board"].to_string(),
            if red_wins { "1-0" } else { "0-1" },
        ]);
    }
    q.ok(&["player", "withdraw", "1"]);
    let drew = q.ok(&["draw", "--seed", "2"]);
    assert!(drew.contains("甲 已退赛，由名次其后的 丙 递补"), "{drew}");
    let final_match = &q.json(&["pairings", "--json"])[0];
    let mut finalists = [
        final_match["red"].as_str().unwrap(),
        final_match["black"].as_str().unwrap(),
    ];
    finalists.sort();
    assert_eq!(finalists, ["丙", "乙"]);
    assert!(q.ok(&["log"]).contains("由 丙 递补"));
}

#[test]
fn an_annulled_withdrawal_leaves_the_standings_and_counts_for_nobody() {
    let q = Qisai::new();
    event(&q, "xiangqi", &[], &["甲", "乙", "丙", "丁"]);
    q.ok(&["stage", "add", "round-robin"]);
    q.ok(&["draw", "--seed", "1"]);
    let (board, p) = board_of(&q, 1, "甲");
    let beaten = if p["red"] == "甲" {
        p["black"].clone()
    } else {
        p["red"].clone()
    };
    q.ok(&[
        "result",
        "1",
        &board,
        if p["red"] == "甲" { "1-0" } else { "0-1" },
    ]);
    q.ok(&["player", "withdraw", "1", "--annul"]);
    let table = q.json(&["standings", "--json"]);
    let rows = table.as_array().unwrap();
    let ranked: Vec<&Value> = rows.iter().filter(|r| r["withdrawn"].is_null()).collect();
    assert_eq!(ranked.len(), 3, "甲 has left the table: {table}");
    // He is listed after it, marked 退赛, without points or a place of his own.
    let gone = rows.last().unwrap();
    assert_eq!(gone["name"], "甲");
    assert_eq!(gone["withdrawn"], "annulled");
    assert!(gone["points"].is_null(), "{gone}");
    let text = q.ok(&["standings"]);
    let line = text.lines().find(|l| l.contains('甲')).unwrap();
    assert!(
        line.starts_with('—') && line.contains("退赛（成绩取消）"),
        "{text}"
    );
    let loser = rows.iter().find(|r| r["name"] == beaten).unwrap();
    assert_eq!(loser["points"], 0);
    // The games still to play against 甲 get no forfeits: they are annulled, shown
    // so, and take no result.
    let (board2, p) = board_of(&q, 2, "甲");
    assert!(p["result"].is_null(), "{p}");
    assert_eq!(p["annulled"], true, "{p}");
    let pairings = q.ok(&["pairings", "--round", "2"]);
    assert!(pairings.contains("取消"), "{pairings}");
    let refused = q.fails(&["result", "2", &board2, "1-0"]);
    assert!(
        refused.contains("已取消") && refused.contains("甲 退赛"),
        "{refused}"
    );
    q.ok(&["undo"]);
    assert_eq!(
        q.json(&["standings", "--json"]).as_array().unwrap().len(),
        4
    );
}

#[test]
fn check_names_what_is_wrong_with_the_event_itself() {
    let q = Qisai::new();
    event(&q, "xiangqi", &[], &["甲", "乙", "丙", "丁"]);
    q.ok(&["stage", "add", "round-robin"]);
    q.ok(&["draw", "--seed", "1"]);
    q.ok(&["result", "1", "1", "1-0"]);
    assert_eq!(q.ok(&["check"]).trim(), "ok");
    // Another program puts one player on two boards of round 1.
    {
        let conn = rusqlite::Connection::open(&q.file).unwrap();
        let first: String = conn
            .query_row(
                "SELECT data FROM game_match WHERE round = 1 AND board = 1",
                [],
                |r| r.get(0),
            )
            .unwrap();
        let first: Value = serde_json::from_str(&first).unwrap();
        let second: String = conn
            .query_row(
                "SELECT data FROM game_match WHERE round = 1 AND board = 2",
                [],
                |r| r.get(0),
            )
            .unwrap();
        let mut second: Value = serde_json::from_str(&second).unwrap();
        second["seats"][0] = first["seats"][0].clone();
        conn.execute(
            "UPDATE game_match SET data = ?1 WHERE round = 1 AND board = 2",
            [second.to_string()],
        )
        .unwrap();
    }
    let o = q.run(&["check"]);
    assert_eq!(o.status.code(), Some(1));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("第 1 阶段 A 组 第 1 轮 第 2 台：2 号在本轮出场两次"),
        "{out}"
    );
    // And the row itself was changed behind the log's back.
    assert!(
        out.contains(
            "game_match(comp=0, stage=0, grp=0, round=1, board=2)：内容与日志最后记下的不同"
        ),
        "{out}"
    );
    assert!(String::from_utf8_lossy(&o.stderr).contains("赛事数据有 2 处问题"));
}

/// The whole event's ranking: the final's places, then each group's leftovers by the
/// place they reached, a place reached in both groups shared (two third places: 5–6).
#[test]
fn the_final_ranking_runs_back_through_the_stages() {
    let q = Qisai::new();
    event(
        &q,
        "xiangqi",
        &[],
        &["甲", "乙", "丙", "丁", "戊", "己", "庚", "辛"],
    );
    q.ok(&[
        "stage",
        "add",
        "round-robin",
        "--groups",
        "2",
        "--advance",
        "2",
    ]);
    q.ok(&["stage", "add", "knockout"]);
    q.ok(&["draw", "--seed", "3"]);
    for round in ["1", "2", "3"] {
        for board in ["1", "2", "3", "4"] {
            q.ok(&["result", round, board, "1-0"]);
        }
    }
    let groups = q.json(&["standings", "--json"]);
    let of_rank = |rank: u64| -> Vec<String> {
        groups
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| r["rank"] == rank)
            .map(|r| r["name"].as_str().unwrap().to_string())
            .collect()
    };
    q.ok(&["draw", "--seed", "4"]);
    q.ok(&["result", "1", "1", "1-0"]);
    q.ok(&["result", "1", "2", "1-0"]);
    q.ok(&["pair"]);
    q.ok(&["result", "2", "1", "1-0"]);
    let ranking = q.json(&["standings", "--final", "--json"]);
    let places: Vec<(String, u64, u64, u64)> = ranking
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let n = |k: &str| p[k].as_u64().unwrap();
            (
                p["name"].as_str().unwrap().to_string(),
                n("first"),
                n("last"),
                n("stage"),
            )
        })
        .collect();
    assert_eq!(places.len(), 8, "{ranking}");
    // The final's winner and loser, then the semi-final losers sharing 3–4.
    assert_eq!((places[0].1, places[0].2, places[0].3), (1, 1, 2));
    assert_eq!((places[1].1, places[1].2), (2, 2));
    assert!(places[2..4].iter().all(|p| (p.1, p.2, p.3) == (3, 4, 2)));
    // The groups' third places share 5–6, their fourth places 7–8.
    let fifth: Vec<String> = places[4..6].iter().map(|p| p.0.clone()).collect();
    let mut thirds = of_rank(3);
    thirds.sort();
    let mut fifth_sorted = fifth.clone();
    fifth_sorted.sort();
    assert_eq!(fifth_sorted, thirds);
    assert!(places[4..6].iter().all(|p| (p.1, p.2, p.3) == (5, 6, 1)));
    assert!(places[6..8].iter().all(|p| (p.1, p.2, p.3) == (7, 8, 1)));
    let text = q.ok(&["standings", "--final"]);
    assert!(text.starts_with("名次  姓名"), "{text}");
    assert!(text.contains("5–6") && text.contains("第 1 阶段"), "{text}");
}

/// The scoring can change after results: the standings follow, and undo takes it back.
#[test]
fn the_scoring_can_change_and_the_standings_follow() {
    let q = Qisai::new();
    event(&q, "xiangqi", &[], &["甲", "乙"]);
    q.ok(&["stage", "add", "round-robin"]);
    q.ok(&["draw", "--seed", "1"]);
    q.ok(&["result", "1", "1", "1-0"]);
    let points = |q: &Qisai| table(q).iter().map(|r| r.1.clone()).collect::<Vec<_>>();
    assert_eq!(points(&q), [Value::from(2), Value::from(0)]);
    // A result is entered: a new scale rescores it, so it must be confirmed.
    let refused = q.fails(&["edit", "--scoring", "1-0.5-0"]);
    assert!(
        refused.contains("已录入 1 个成绩") && refused.contains("--force"),
        "{refused}"
    );
    assert_eq!(points(&q), [Value::from(2), Value::from(0)]);
    let said = q.ok(&["edit", "--scoring", "1-0.5-0", "--force"]);
    assert!(said.contains("已按新计分重算 1 个成绩"), "{said}");
    assert!(
        q.ok(&["log"]).contains("计分改为 1-0.5-0，重算 1 个成绩"),
        "the log says how many were rescored"
    );
    assert_eq!(points(&q), [Value::from(1), Value::from(0)]);
    // A draw worth more than a win ranks the field upside down.
    let upside = q.fails(&["edit", "--scoring", "1-2-0", "--force"]);
    assert!(upside.contains("计分“1-2-0”不合理"), "{upside}");
    let said = q.fails(&["edit", "--scoring", "3-x-0"]);
    assert!(said.contains("计分“3-x-0”无法识别"), "{said}");
    q.ok(&["undo"]);
    assert_eq!(points(&q), [Value::from(2), Value::from(0)]);
}
