//! Knockouts and stages through the real binary, as the arbiter reads them: clubs
//! apart in a group draw, byes to the seeds and the highest rated, who went through by
//! lots, an open third-place match, corrections and withdrawals that say what they
//! did, the scoring scale, slips and team sheets.

mod common;

use common::{Qisai, pdftotext};
use serde_json::Value;

fn new_event(q: &Qisai, extra: &[&str]) {
    let mut args = vec![
        "new",
        q.file.to_str().unwrap(),
        "--name",
        "淘汰赛",
        "--game",
        "xiangqi",
    ];
    args.extend_from_slice(extra);
    q.ok(&args);
}

fn pairings(q: &Qisai, extra: &[&str]) -> Vec<Value> {
    let mut args = vec!["pairings", "--json"];
    args.extend_from_slice(extra);
    q.json(&args).as_array().unwrap().clone()
}

/// Those with a bye in round 1, sorted.
fn byes(q: &Qisai) -> Vec<String> {
    let mut names: Vec<String> = pairings(q, &["--round", "1"])
        .iter()
        .filter(|p| p["red"].is_null() != p["black"].is_null())
        .map(|p| {
            p["red"]
                .as_str()
                .or(p["black"].as_str())
                .unwrap()
                .to_string()
        })
        .collect();
    names.sort();
    names
}

#[test]
fn a_group_draw_keeps_every_club_apart_when_a_draw_can() {
    // 32 players of clubs of 6, 6, 5, 5, 5, 5, eight seeds, a group each.
    let q = Qisai::new();
    new_event(&q, &[]);
    let clubs = ["富阳棋社", "杭州棋院", "宁波", "温州", "绍兴", "湖州"];
    let mut left = [6, 6, 5, 5, 5, 5];
    let mut n = 0;
    while n < 32 {
        for (c, count) in left.iter_mut().enumerate() {
            if *count > 0 {
                *count -= 1;
                n += 1;
                let name = format!("棋手{n:02}");
                let seed = n.to_string();
                let mut args = vec!["player", "add", &name, "--club", clubs[c]];
                if n <= 8 {
                    args.extend(["--seed", &seed]);
                }
                q.ok(&args);
            }
        }
    }
    q.ok(&[
        "stage",
        "add",
        "knockout",
        "--groups",
        "8",
        "--advance",
        "1",
    ]);
    let said = q.ok(&["draw", "--seed", "20260315"]);
    assert!(said.contains("抽签种子 20260315"), "{said}");
    assert!(!said.contains("同单位"), "{said}");
    let players = q.json(&["player", "list", "--json"]);
    let club_of = |name: &str| {
        players
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == name)
            .unwrap()["club"]
            .as_str()
            .unwrap()
            .to_string()
    };
    for line in said.lines().filter(|l| l.starts_with("组 ")) {
        let members: Vec<&str> = line.split_once(": ").unwrap().1.split('、').collect();
        let mut seen: Vec<String> = members.iter().map(|m| club_of(m)).collect();
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), members.len(), "club-mates together: {line}");
    }
}

#[test]
fn a_group_draw_that_cannot_part_a_club_says_so() {
    // Nine of one club in eight groups: one group must hold two of them.
    let q = Qisai::new();
    new_event(&q, &[]);
    for k in 1..=9 {
        q.ok(&["player", "add", &format!("甲{k}"), "--club", "甲社"]);
    }
    for k in 1..=7 {
        q.ok(&["player", "add", &format!("乙{k}"), "--club", "乙社"]);
    }
    q.ok(&[
        "stage",
        "add",
        "knockout",
        "--groups",
        "8",
        "--advance",
        "1",
    ]);
    let said = q.ok(&["draw", "--seed", "7"]);
    let notes: Vec<&str> = said.lines().filter(|l| l.contains("同单位")).collect();
    assert_eq!(notes.len(), 1, "{said}");
    assert!(notes[0].contains("甲社的 2 人"), "{said}");
}

#[test]
fn byes_go_to_the_seed_then_the_highest_rated() {
    for seed in ["1", "4", "5", "7", "8"] {
        let q = Qisai::new();
        new_event(&q, &[]);
        for r in ["2100", "2200", "2300", "2400"] {
            q.ok(&["player", "add", &format!("选{r}"), "--rating", r]);
        }
        q.ok(&["player", "add", "种子", "--rating", "2500", "--seed", "1"]);
        q.ok(&["stage", "add", "knockout"]);
        q.ok(&["draw", "--seed", seed]);
        assert_eq!(byes(&q), ["种子", "选2300", "选2400"], "draw seed {seed}");
        // A bye on the first line reads as one in the text too.
        let text = q.ok(&["pairings"]);
        assert_eq!(text.matches("（轮空）").count(), 3, "{text}");
    }
}

/// A best-of-three knockout of four decided by lots on a tie, with a third-place match.
fn lots_event() -> Qisai {
    let q = Qisai::new();
    new_event(&q, &[]);
    for n in ["甲", "乙", "丙", "丁"] {
        q.ok(&["player", "add", n]);
    }
    q.ok(&[
        "stage",
        "add",
        "knockout",
        "--best-of",
        "3",
        "--decider",
        "lots",
        "--third-place",
    ]);
    q.ok(&["draw", "--seed", "3"]);
    q
}

#[test]
fn a_tie_settled_by_lots_shows_who_went_through_everywhere() {
    let q = lots_event();
    // Board 1: the first-named wins both games (red in game 1, black in game 2).
    q.ok(&["result", "1", "1", "1-0"]);
    q.ok(&["result", "1", "1", "0-1"]);
    // Board 2: one win each and a draw, 1.5–1.5.
    q.ok(&["result", "1", "2", "1-0"]);
    q.ok(&["result", "1", "2", "1-0"]);
    q.ok(&["result", "1", "2", "1/2"]);
    // Lots are due: a further game is refused, saying so.
    let refused = q.fails(&["result", "1", "2", "1-0"]);
    assert!(
        refused.contains("抽签决定胜者") && refused.contains("qisai lots"),
        "{refused}"
    );
    let drawn = q.ok(&["lots", "1", "2", "--seed", "9"]);
    let winner = drawn
        .trim()
        .rsplit_once('：')
        .unwrap()
        .1
        .trim_end_matches(" 胜出");
    let p = &pairings(&q, &["--round", "1"])[1];
    assert_eq!(p["result"], "1.5-1.5", "{p}");
    assert_eq!(p["winner"], winner, "{p}");
    assert_eq!(p["settled_by"], "lots", "{p}");
    let first = &pairings(&q, &["--round", "1"])[0];
    assert!(first["settled_by"].is_null(), "{first}");
    assert!(!first["winner"].is_null(), "{first}");
    let text = q.ok(&["pairings", "--round", "1"]);
    assert!(
        text.contains(&format!("1.5-1.5 {winner}（抽签）")),
        "{text}"
    );
    let sheet = q.path("pairings.pdf");
    q.ok(&[
        "print",
        "pairings",
        "--round",
        "1",
        "-o",
        sheet.to_str().unwrap(),
    ]);
    assert!(
        pdftotext(&sheet).contains(&format!("{winner}（抽签）")),
        "the pairing sheet"
    );
    let book = q.path("book.pdf");
    q.ok(&["print", "results-book", "-o", book.to_str().unwrap()]);
    assert!(
        pdftotext(&book).contains(&format!("{winner}（抽签）")),
        "the results book"
    );
}

#[test]
fn an_open_third_place_match_is_flagged_listed_and_checked() {
    let q = lots_event();
    for board in ["1", "2"] {
        q.ok(&["result", "1", board, "1-0"]);
        q.ok(&["result", "1", board, "0-1"]);
    }
    q.ok(&["pair"]);
    assert_eq!(
        q.ok(&["check"]).trim(),
        "ok",
        "the final still being played"
    );
    // The final is won 2–0; the third-place match (board 2) stands at 1–1.
    q.ok(&["result", "2", "1", "1-0"]);
    q.ok(&["result", "2", "1", "0-1"]);
    q.ok(&["result", "2", "2", "1-0"]);
    q.ok(&["result", "2", "2", "1-0"]);
    let rows = q.json(&["standings", "--json"]);
    let open: Vec<&Value> = rows
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["undecided"] == true)
        .collect();
    assert_eq!(open.len(), 2, "{rows}");
    assert!(open.iter().all(|r| r["rank"] == 3 && r["shared_to"] == 4));
    let text = q.ok(&["standings"]);
    assert_eq!(text.matches("三四名决赛未决").count(), 2, "{text}");
    let listed = q.ok(&["playoff"]);
    assert!(
        listed.contains("第3–4名") && listed.contains("三四名决赛尚未决出：第 2 轮第 2 台"),
        "{listed}"
    );
    let o = q.run(&["check"]);
    assert!(!o.status.success());
    let found = String::from_utf8_lossy(&o.stdout);
    assert!(found.contains("三四名决赛尚未决出胜负"), "{found}");
    // Decided: nothing is flagged any more.
    q.ok(&["result", "2", "2", "1-0"]);
    assert_eq!(q.ok(&["check"]).trim(), "ok");
    assert!(!q.ok(&["standings"]).contains("未决"));
    assert!(q.ok(&["playoff"]).contains("没有需要加赛"));
}

#[test]
fn a_refused_knockout_correction_names_the_one_qualifier_it_changes() {
    // Sixteen in a knockout, the top eight on to a round robin.
    let q = Qisai::new();
    new_event(&q, &[]);
    for n in 1..=16 {
        q.ok(&["player", "add", &format!("P{n:02}")]);
    }
    q.ok(&["stage", "add", "knockout", "--advance", "8"]);
    q.ok(&["stage", "add", "round-robin"]);
    q.ok(&["draw", "--seed", "3"]);
    loop {
        for p in pairings(&q, &[]) {
            if p["result"].is_null() && !p["black"].is_null() && !p["red"].is_null() {
                let (r, b) = (p["round"].to_string(), p["board"].to_string());
                q.ok(&["result", &r, &b, "1-0"]);
            }
        }
        if !q.run(&["pair"]).status.success() {
            break;
        }
    }
    q.ok(&["draw", "--seed", "1"]);
    let first = &pairings(&q, &["--stage", "1", "--round", "1"])[0];
    let (winner, loser) = (
        first["red"].as_str().unwrap(),
        first["black"].as_str().unwrap(),
    );
    let refused = q.fails(&["result", "--stage", "1", "1", "1", "0-1"]);
    assert!(
        refused.contains(&format!("出：{winner}，进：{loser}")),
        "only the winner of the corrected match goes out: {refused}"
    );
    // A later-round correction between two qualifiers reopens the rounds after it.
    let second = pairings(&q, &["--stage", "1", "--round", "2"]);
    let board = second[0]["board"].to_string();
    let refused = q.fails(&["result", "--stage", "1", "2", &board, "0-1"]);
    assert!(refused.contains("此后的比赛须重赛"), "{refused}");
}

#[test]
fn the_last_stage_over_asks_for_no_further_draw() {
    let q = Qisai::new();
    new_event(&q, &[]);
    for n in ["甲", "乙"] {
        q.ok(&["player", "add", n]);
    }
    q.ok(&["stage", "add", "knockout"]);
    q.ok(&["draw", "--seed", "1"]);
    q.ok(&["result", "1", "1", "1-0"]);
    let said = q.fails(&["pair"]);
    assert!(
        said.contains("最后一个阶段") && !said.contains("请为下一阶段抽签"),
        "{said}"
    );
}

#[test]
fn best_of_three_slips_have_a_line_per_game_and_the_extra_game() {
    let q = Qisai::new();
    new_event(&q, &[]);
    for n in ["甲", "乙"] {
        q.ok(&["player", "add", n]);
    }
    q.ok(&["stage", "add", "knockout", "--best-of", "3"]);
    q.ok(&["draw", "--seed", "1"]);
    let slips = q.path("slips.pdf");
    q.ok(&["print", "slips", "-o", slips.to_str().unwrap()]);
    // pdftotext may drop the spaces of 第 1 局.
    let text = pdftotext(&slips).replace(' ', "");
    for line in ["第1局", "第2局", "第3局", "加赛"] {
        assert!(text.contains(line), "{line}: {text}");
    }
    // Colours alternate: the red of game 1 is black in game 2.
    let p = &pairings(&q, &[])[0];
    let (red, black) = (p["red"].as_str().unwrap(), p["black"].as_str().unwrap());
    let game = |k: &str| {
        text.lines()
            .find(|l| l.contains(k))
            .map(|l| l.find(red).unwrap() < l.find(black).unwrap())
            .unwrap()
    };
    assert!(game("第1局") && !game("第2局") && game("第3局"), "{text}");
}

#[test]
fn a_results_book_ends_with_the_final_ranking_and_prizes_count_every_stage() {
    // Two groups of four, the top two of each on to a knockout of four.
    let q = Qisai::new();
    new_event(&q, &[]);
    for n in 1..=8 {
        q.ok(&["player", "add", &format!("P{n}")]);
    }
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
    q.ok(&["draw", "--seed", "2"]);
    // The lower number wins: no ties.
    let number = |v: &Value| v.as_str().unwrap()[1..].parse::<u32>().unwrap();
    let play = |q: &Qisai| {
        for p in pairings(q, &[]) {
            if p["result"].is_null() && !p["black"].is_null() {
                let text = if number(&p["red"]) < number(&p["black"]) {
                    "1-0"
                } else {
                    "0-1"
                };
                let (r, b) = (p["round"].to_string(), p["board"].to_string());
                q.ok(&["result", &r, &b, text]);
            }
        }
    };
    play(&q);
    q.ok(&["draw", "--seed", "3"]);
    play(&q);
    q.ok(&["pair"]);
    play(&q);
    let book = q.path("book.pdf");
    q.ok(&["print", "results-book", "-o", book.to_str().unwrap()]);
    let text = pdftotext(&book);
    let last = text.rfind("最终名次").expect("a final ranking sheet");
    assert!(
        text[last..].contains("P8"),
        "every entrant is ranked: {text}"
    );
    let prizes = q.path("prizes.pdf");
    q.ok(&[
        "print",
        "prize-receipts",
        "--places",
        "6",
        "-o",
        prizes.to_str().unwrap(),
    ]);
    let text = pdftotext(&prizes);
    let listed = (1..=8)
        .filter(|n| text.contains(&format!("P{n} ")) || text.contains(&format!("P{n}\n")))
        .count();
    assert_eq!(listed, 6, "places 1–6 across the stages: {text}");
}

#[test]
fn team_sheets_head_team_and_match_points_and_boards_follow_the_stage() {
    let q = Qisai::new();
    new_event(&q, &["--team", "--boards", "2"]);
    for (team, p) in [
        ("红队", "红"),
        ("蓝队", "蓝"),
        ("绿队", "绿"),
        ("白队", "白"),
    ] {
        q.ok(&["team", "add", team, "--members", &format!("{p}1、{p}2")]);
    }
    q.ok(&["stage", "add", "round-robin", "--advance", "2"]);
    q.ok(&["stage", "add", "knockout"]);
    q.ok(&["draw", "--seed", "1"]);
    let text = q.ok(&["pairings", "--round", "1"]);
    assert!(
        text.lines().next().unwrap().contains("场分"),
        "team pairings head match points: {text}"
    );
    for p in pairings(&q, &[]) {
        if p["black"].is_null() {
            continue;
        }
        let (r, b) = (p["round"].to_string(), p["board"].to_string());
        q.ok(&["result", &r, &b, "1-0", "--game", "1"]);
        q.ok(&["result", &r, &b, "1/2", "--game", "2"]);
    }
    let crosstable = q.path("crosstable.pdf");
    q.ok(&["print", "crosstable", "-o", crosstable.to_str().unwrap()]);
    let text = pdftotext(&crosstable);
    assert!(
        text.contains("队名") && text.contains("场分") && !text.contains("姓名"),
        "{text}"
    );
    q.ok(&["draw", "--seed", "2"]);
    let p = &pairings(&q, &[])[0];
    let (r, b) = (p["round"].to_string(), p["board"].to_string());
    q.ok(&["result", &r, &b, "1-0", "--game", "1"]);
    q.ok(&["result", &r, &b, "1-0", "--game", "2"]);
    let games = |stage: &str| -> u64 {
        q.json(&["standings", "--boards", "--stage", stage, "--json"])[0]["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["games"].as_u64().unwrap())
            .sum()
    };
    // Board 1: six games in the round robin of four, one in the final.
    assert_eq!(games("1"), 12, "both sides of board 1's six games");
    assert_eq!(games("2"), 2, "the final's board 1");
    let all: u64 = q.json(&["standings", "--boards", "--json"])[0]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["games"].as_u64().unwrap())
        .sum();
    assert_eq!(all, 14, "the whole event without --stage");
}

#[test]
fn a_tied_team_knockout_whose_decider_is_lots_takes_no_further_board() {
    let q = Qisai::new();
    new_event(&q, &["--team", "--boards", "2"]);
    for (team, p) in [("红队", "红"), ("蓝队", "蓝")] {
        q.ok(&["team", "add", team, "--members", &format!("{p}1、{p}2")]);
    }
    q.ok(&["stage", "add", "knockout", "--decider", "lots"]);
    q.ok(&["draw", "--seed", "1"]);
    // Each team wins the board where it has red: 1–1.
    q.ok(&["result", "1", "1", "1-0", "--board", "1"]);
    q.ok(&["result", "1", "1", "1-0", "--board", "2"]);
    let refused = q.fails(&["result", "1", "1", "1-0", "--board", "3"]);
    assert!(refused.contains("由抽签决定胜者"), "{refused}");
    q.ok(&["lots", "1", "1", "--seed", "4"]);
    let p = &pairings(&q, &[])[0];
    assert_eq!(p["settled_by"], "lots", "{p}");
    assert!(!p["winner"].is_null(), "{p}");
}
