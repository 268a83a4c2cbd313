//! A city games (市运会棋类比赛) through the real binary: one event of three
//! competitions of two games, each with its own entrants and stages; `-c` naming the
//! one a command acts on; board numbers distinct across the hall; the club totals over
//! all three recomputed here by hand; one booklet and one workbook for the event; and
//! an event file from before (one competition) taking a second.

mod common;

use std::collections::{BTreeMap, BTreeSet};

use calamine::{Reader, Xlsx};
use common::{Qisai, pdftotext};
use serde_json::Value;

const PLACE_POINTS: [f64; 8] = [9.0, 7.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0];
const SCHOOLS: [&str; 3] = ["实验小学", "育才中学", "第一中学"];

/// `args` on competition `competition`.
fn on(q: &Qisai, competition: &str, args: &[&str]) -> String {
    let mut all = vec!["-c", competition];
    all.extend_from_slice(args);
    q.ok(&all)
}

fn json_on(q: &Qisai, competition: &str, args: &[&str]) -> Value {
    serde_json::from_str(&on(q, competition, args)).unwrap()
}

/// The city games: men's Xiangqi (a knockout of 8), women's Xiangqi (a round robin of
/// 4, women only) and checkers (a round robin of 4), players from three schools.
fn city_games(q: &Qisai) {
    q.ok(&[
        "new",
        q.file.to_str().unwrap(),
        "--name",
        "2026 市运会棋类比赛",
    ]);
    q.ok(&["competition", "add", "象棋男子组", "--game", "xiangqi"]);
    q.ok(&[
        "competition",
        "add",
        "象棋女子组",
        "--game",
        "xiangqi",
        "--gender",
        "女",
    ]);
    q.ok(&["competition", "add", "跳棋", "--game", "checkers"]);
    for i in 0..8 {
        let name = format!("男{}", i + 1);
        on(
            q,
            "象棋男子组",
            &["player", "add", &name, "--club", SCHOOLS[i % 3]],
        );
    }
    for i in 0..4 {
        let name = format!("女{}", i + 1);
        let club = SCHOOLS[(i + 1) % 3];
        on(
            q,
            "象棋女子组",
            &["player", "add", &name, "--club", club, "--gender", "女"],
        );
    }
    for i in 0..4 {
        let name = format!("跳{}", i + 1);
        on(
            q,
            "3",
            &["player", "add", &name, "--club", SCHOOLS[(i + 2) % 3]],
        );
    }
    on(q, "象棋男子组", &["stage", "add", "knockout"]);
    on(q, "象棋女子组", &["stage", "add", "round-robin"]);
    on(q, "跳棋", &["stage", "add", "round-robin"]);
    for c in ["象棋男子组", "象棋女子组", "跳棋"] {
        on(q, c, &["draw", "--seed", "9"]);
    }
}

/// Every (round, board) of a competition's pairings.
fn boards(q: &Qisai, competition: &str) -> Vec<(u64, u64)> {
    json_on(q, competition, &["pairings", "--json"])
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["round"].as_u64().unwrap(), p["board"].as_u64().unwrap()))
        .collect()
}

/// Red wins every game still open of the competition's current round.
fn red_wins_round(q: &Qisai, competition: &str) {
    for p in json_on(q, competition, &["pairings", "--json"])
        .as_array()
        .unwrap()
    {
        if p["result"].is_null() && !p["black"].is_null() {
            let (round, board) = (p["round"].to_string(), p["board"].to_string());
            on(q, competition, &["result", &round, &board, "1-0"]);
        }
    }
}

/// club → total by the usual place points, from each competition's final ranking.
fn club_totals_by_hand(q: &Qisai) -> BTreeMap<String, f64> {
    let mut totals: BTreeMap<String, f64> = BTreeMap::new();
    for c in ["象棋男子组", "象棋女子组", "跳棋"] {
        for p in json_on(q, c, &["standings", "--final", "--json"])
            .as_array()
            .unwrap()
        {
            let (first, last) = (p["first"].as_u64().unwrap(), p["last"].as_u64().unwrap());
            let worth: f64 = (first..=last)
                .map(|k| PLACE_POINTS.get(k as usize - 1).copied().unwrap_or(0.0))
                .sum();
            let club = p["club"].as_str().unwrap().to_string();
            *totals.entry(club).or_default() += worth / (last - first + 1) as f64;
        }
    }
    totals
}

#[test]
fn a_city_games_of_three_competitions_end_to_end() {
    let q = Qisai::new();
    city_games(&q);

    // The competitions, and commands that need one refused naming them.
    let listed = q.json(&["competition", "list", "--json"]);
    let names: Vec<&str> = listed
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["象棋男子组", "象棋女子组", "跳棋"]);
    assert_eq!(listed[2]["game"], "checkers");
    assert_eq!(listed[1]["entrants"], 4);
    assert!(
        listed
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["drawn"] == true)
    );
    let refused = q.fails(&["player", "list"]);
    assert!(
        refused.contains("请用 -c 指定其一：象棋男子组、象棋女子组、跳棋"),
        "{refused}"
    );
    let unknown = q.fails(&["-c", "围棋", "player", "list"]);
    assert!(unknown.contains("没有名为“围棋”的项目"), "{unknown}");
    // The women's competition takes women only, naming its rule.
    let refused = q.fails(&["-c", "象棋女子组", "player", "add", "男9", "--gender", "男"]);
    assert!(refused.contains("不符合参赛条件"), "{refused}");
    // A competition drawn stays; one not drawn goes.
    assert!(
        q.fails(&["competition", "remove", "跳棋"])
            .contains("已经抽签")
    );
    let taken = q.fails(&["competition", "edit", "跳棋", "--name", "象棋男子组"]);
    assert!(taken.contains("项目“象棋男子组”已经存在"), "{taken}");
    q.ok(&["competition", "add", "军棋", "--game", "junqi"]);
    q.ok(&["competition", "remove", "军棋"]);
    assert_eq!(
        q.json(&["competition", "list", "--json"])
            .as_array()
            .unwrap()
            .len(),
        3
    );

    // Boards are distinct across the hall: each competition a block, in order.
    let round_one = |c: &str| -> BTreeSet<u64> {
        boards(&q, c)
            .into_iter()
            .filter(|b| b.0 == 1)
            .map(|b| b.1)
            .collect()
    };
    assert_eq!(round_one("象棋男子组"), (1..=4).collect());
    assert_eq!(round_one("象棋女子组"), (5..=6).collect());
    assert_eq!(round_one("跳棋"), (7..=8).collect());
    // A board is entered by its hall number, in its own competition only.
    let wrong = q.fails(&["-c", "跳棋", "result", "1", "5", "1-0"]);
    assert!(wrong.contains("第 1 轮没有第 5 台"), "{wrong}");
    // A fixed first board moves a block, and the blocks after it follow.
    q.ok(&["competition", "edit", "象棋女子组", "--first-board", "21"]);
    assert_eq!(round_one("象棋女子组"), (21..=22).collect());
    assert_eq!(round_one("跳棋"), (23..=24).collect());

    // Every game played: red wins.
    for _ in 0..3 {
        red_wins_round(&q, "象棋女子组");
        red_wins_round(&q, "跳棋");
    }
    for round in 1..=3 {
        if round > 1 {
            on(&q, "象棋男子组", &["pair"]);
        }
        red_wins_round(&q, "象棋男子组");
    }
    let log = q.ok(&["log"]);
    assert!(log.contains("[跳棋] 成绩"), "{log}");

    // 团体总分 over the three competitions, as the rules count it by hand.
    let rows = q.json(&["standings", "--clubs", "--json"]);
    let got: BTreeMap<String, f64> = rows
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["club"].as_str().unwrap().to_string(),
                r["total"].as_f64().unwrap(),
            )
        })
        .collect();
    let want = club_totals_by_hand(&q);
    assert_eq!(
        got.keys().collect::<Vec<_>>(),
        want.keys().collect::<Vec<_>>()
    );
    for (club, total) in &want {
        assert!(
            (got[club] - total).abs() < 0.006,
            "{club}: {} ≠ {total}",
            got[club]
        );
    }
    // Every place of the three counted: 37 for the knockout's eight, 9+7+6+5 twice.
    let all: f64 = got.values().sum();
    assert!((all - (37.0 + 27.0 + 27.0)).abs() < 1e-6, "{rows}");
    let parts: BTreeSet<&str> = rows
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r["competitions"].as_array().unwrap())
        .map(|p| p["competition"].as_str().unwrap())
        .collect();
    assert_eq!(parts, BTreeSet::from(["象棋男子组", "象棋女子组", "跳棋"]));

    // One pairing sheet for the hall: every competition's last round, by hall boards.
    let pairings = q.path("pairings.pdf");
    q.ok(&[
        "print",
        "pairings",
        "--round",
        "1",
        "-o",
        pairings.to_str().unwrap(),
    ]);
    let text = pdftotext(&pairings);
    for name in ["象棋男子组", "象棋女子组", "跳棋", "男8", "女4", "跳4"] {
        assert!(
            text.contains(name),
            "{name} missing from the pairings:\n{text}"
        );
    }
    let slips = q.fails(&["print", "slips", "-o", pairings.to_str().unwrap()]);
    assert!(slips.contains("请用 -c 指定其一"), "{slips}");

    // The event itself is renamed without -c; a competition's setting needs one.
    q.ok(&[
        "edit",
        "--name",
        "2026 市运会棋类比赛",
        "--venue",
        "市体育馆",
    ]);
    let needs = q.fails(&["edit", "--time-control", "每方 30 分钟"]);
    assert!(needs.contains("请用 -c 指定其一"), "{needs}");

    // One booklet for the event: each competition's section under the event's name.
    let booklet = q.path("booklet.pdf");
    q.ok(&["print", "booklet", "-o", booklet.to_str().unwrap()]);
    let text = pdftotext(&booklet);
    for name in ["象棋男子组", "象棋女子组", "跳棋", "男8", "女4", "跳4"] {
        assert!(
            text.contains(name),
            "{name} missing from the booklet:\n{text}"
        );
    }
    assert!(
        text.contains("2026 市运会棋类比赛") && text.contains("市体育馆"),
        "{text}"
    );
    // One competition's booklet with -c.
    let men = q.path("men.pdf");
    on(
        &q,
        "象棋男子组",
        &["print", "booklet", "-o", men.to_str().unwrap()],
    );
    let text = pdftotext(&men);
    assert!(text.contains("男8") && !text.contains("跳4"), "{text}");
    // The results book ends with the club totals of the whole event.
    let book = q.path("book.pdf");
    q.ok(&["print", "results-book", "-o", book.to_str().unwrap()]);
    let text = pdftotext(&book);
    assert!(text.contains("团体总分") && text.contains("跳4"), "{text}");

    // One workbook: a set of sheets per competition, and the club totals.
    let workbook = q.path("city.xlsx");
    q.ok(&["export", "xlsx", workbook.to_str().unwrap()]);
    let mut book: Xlsx<_> = calamine::open_workbook(&workbook).unwrap();
    let sheets = book.sheet_names();
    for c in ["象棋男子组", "象棋女子组", "跳棋"] {
        for sheet in ["选手", "对阵", "成绩", "名次", "总表"] {
            let name = format!("{c} {sheet}");
            assert!(sheets.contains(&name), "{name}: {sheets:?}");
        }
    }
    assert!(sheets.iter().any(|s| s == "团体总分"), "{sheets:?}");
    let checkers = book.worksheet_range("跳棋 名次").unwrap();
    let cells: Vec<String> = checkers.cells().map(|(_, _, v)| v.to_string()).collect();
    assert!(cells.iter().any(|c| c == "跳4"), "{cells:?}");
    assert!(!cells.iter().any(|c| c.starts_with('男')), "{cells:?}");
    // The CSV files: a set per competition, each named by its competition.
    let csv = q.path("csv");
    let written = q.ok(&["export", "csv", csv.to_str().unwrap()]);
    for c in ["象棋男子组", "象棋女子组", "跳棋"] {
        assert!(written.contains(&format!("{c}-standings.csv")), "{written}");
    }
    let checkers = std::fs::read_to_string(csv.join("跳棋-players.csv")).unwrap();
    assert!(
        checkers.contains("跳4") && !checkers.contains("男1"),
        "{checkers}"
    );
    assert_eq!(q.ok(&["check"]).trim(), "ok");
}

/// An event file written before events held several competitions opens as one, needs
/// no `-c`, and takes a second competition beside its own.
#[test]
fn an_event_of_one_competition_from_before_takes_a_second() {
    let q = Qisai::new();
    let fixture = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/xiangqi_two_stages.qisai");
    std::fs::copy(fixture, &q.file).unwrap();
    let before = q.ok(&["standings", "--stage", "1"]);
    let listed = q.json(&["competition", "list", "--json"]);
    assert_eq!(listed.as_array().unwrap().len(), 1);
    let own = listed[0]["name"].as_str().unwrap().to_string();
    q.ok(&["competition", "add", "女子组", "--game", "xiangqi"]);
    // Now each command names its competition; the old one is as it was.
    assert!(
        q.fails(&["standings", "--stage", "1"])
            .contains("请用 -c 指定其一")
    );
    assert_eq!(on(&q, &own, &["standings", "--stage", "1"]), before);
    on(&q, "女子组", &["player", "add", "唐丹"]);
    assert_eq!(
        json_on(&q, "女子组", &["player", "list", "--json"])
            .as_array()
            .unwrap()
            .len(),
        1
    );
    // Undone, the second competition is gone and the event needs no -c again.
    q.ok(&["undo"]);
    q.ok(&["undo"]);
    assert_eq!(q.ok(&["standings", "--stage", "1"]), before);
    assert_eq!(q.ok(&["check"]).trim(), "ok");
}

/// A table knockout's refusal names the table as the hall numbers it: the checkers
/// tables come after the Xiangqi boards, so the second checkers table is table 4.
#[test]
fn a_table_knockout_names_the_table_by_its_number_in_the_hall() {
    let q = Qisai::new();
    q.ok(&["new", q.file.to_str().unwrap(), "--name", "棋类节"]);
    q.ok(&["competition", "add", "象棋", "--game", "xiangqi"]);
    q.ok(&[
        "competition",
        "add",
        "跳棋",
        "--game",
        "checkers",
        "--players",
        "3",
    ]);
    for i in 1..=4 {
        on(&q, "象棋", &["player", "add", &format!("象{i}")]);
    }
    for i in 1..=9 {
        on(&q, "跳棋", &["player", "add", &format!("跳{i}")]);
    }
    on(&q, "象棋", &["stage", "add", "round-robin"]);
    on(
        &q,
        "跳棋",
        &["stage", "add", "knockout", "--per-table", "2"],
    );
    on(&q, "象棋", &["draw", "--seed", "1"]);
    on(&q, "跳棋", &["draw", "--seed", "1"]);
    let tables: Vec<u64> = json_on(&q, "跳棋", &["pairings", "--json"])
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["table"].as_u64().unwrap())
        .collect();
    assert_eq!(tables, [3, 4, 5]);
    on(&q, "跳棋", &["result", "1", "3", "order:1,2,3"]);
    // A winner alone does not say who is second at a table where two go on.
    on(&q, "跳棋", &["result", "1", "4", "win:2"]);
    on(&q, "跳棋", &["result", "1", "5", "order:3,1,2"]);
    let refused = q.fails(&["-c", "跳棋", "pair"]);
    assert!(
        refused.contains("第 1 轮 第 4 桌：每桌前 2 名出线"),
        "{refused}"
    );
    on(&q, "跳棋", &["result", "1", "4", "order:2,3,1"]);
    on(&q, "跳棋", &["pair"]);
}
