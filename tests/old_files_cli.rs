//! Event files written by an earlier Qisai (tests/fixtures/) open with today's binary:
//! nothing is lost, today's rules score the stored results, and they can be changed.

mod common;

use common::Qisai;
use serde_json::Value;

/// A copy of a fixture as the event file of a fresh directory.
fn old_file(name: &str) -> Qisai {
    let q = Qisai::new();
    let fixture = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures")
        .join(name);
    std::fs::copy(fixture, &q.file).unwrap();
    q
}

fn row<'a>(table: &'a Value, name: &str) -> &'a Value {
    table
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == name)
        .unwrap()
}

#[test]
fn a_two_stage_xiangqi_event_from_before_opens_whole() {
    let q = old_file("xiangqi_two_stages.qisai");
    assert_eq!(q.ok(&["check"]).trim(), "ok");
    let stage1 = q.json(&["pairings", "--json", "--stage", "1"]);
    let results: Vec<(u64, u64, String)> = stage1
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| !p["result"].is_null())
        .map(|p| {
            (
                p["round"].as_u64().unwrap(),
                p["board"].as_u64().unwrap(),
                p["result"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        results,
        [
            (1, 2, "0-0".to_string()),
            (1, 4, "1/2-1/2".into()),
            (2, 2, "1-0".into()),
            (2, 4, "0-1".into()),
            (3, 2, "0-1".into()),
            (3, 4, "1-0".into())
        ]
    );
    // Today's rules on yesterday's results: the 0-0 is no draw in 小分.
    let table = q.json(&["standings", "--json", "--stage", "1"]);
    assert_eq!(row(&table, "王天一")["points"], 6);
    assert_eq!(row(&table, "郑惟桐")["points"], 2);
    assert_eq!(row(&table, "郑惟桐")["tiebreaks"][0]["value"], 0);
    assert_eq!(
        row(&table, "蒋川")["tiebreaks"][3]["value"],
        1,
        "the foul is kept"
    );
    // The final goes on where it stood.
    let final_match = q.json(&["pairings", "--json"]);
    assert_eq!(final_match[0]["score"], "1-0");
    // Game 2 swaps colours: 王天一 has black, and wins it.
    q.ok(&["result", "1", "1", "0-1", "--game", "2"]);
    assert_eq!(q.json(&["pairings", "--json"])[0]["result"], "2-0");
    assert!(q.ok(&["log"]).contains("创建赛事 2026 秋季象棋赛"));
    q.ok(&["undo"]);
    assert_eq!(q.ok(&["check"]).trim(), "ok");
}

#[test]
fn a_junqi_event_from_before_keeps_its_endings() {
    let q = old_file("junqi_escape.qisai");
    let round1 = q.json(&["pairings", "--json", "--round", "1"]);
    let shown: Vec<&str> = round1
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["result"].as_str().unwrap())
        .collect();
    assert_eq!(shown, ["escape:black", "resign:red"]);
    let table = q.json(&["standings", "--json"]);
    // The escape kept no move count then: it scores as a win; the surrender after 33.
    assert_eq!(row(&table, "乙")["points"], 1);
    assert_eq!(row(&table, "丁")["points"], 1);
    assert_eq!(row(&table, "甲")["points"], -1);
    // No playoff is due while the round robin goes on.
    assert!(
        table
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["playoff"] == false)
    );
    q.ok(&["result", "2", "1", "1-0", "--moves", "50"]);
}

/// The results of a table event's rounds as `pairings --json` gives them.
fn table_results(q: &Qisai) -> Vec<(u64, u64, Value)> {
    q.json(&["pairings", "--json"])
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["round"].as_u64().unwrap(),
                p["table"].as_u64().unwrap(),
                p["result"].clone(),
            )
        })
        .collect()
}

fn points(table: &Value) -> Vec<(String, i64)> {
    table
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["name"].as_str().unwrap().to_string(),
                r["points"].as_i64().unwrap(),
            )
        })
        .collect()
}

/// Tables whose result a file kept beside the match (before a table's result became
/// its game) read as that game: the results, fouls and game lengths as entered, the
/// standings as they were, and a correction and its undo work on them.
#[test]
fn table_events_from_before_keep_their_results() {
    let q = old_file("checkers_tables.qisai");
    assert_eq!(q.ok(&["check"]).trim(), "ok");
    assert_eq!(
        table_results(&q),
        [
            (1, 1, Value::from("order:2,1,3")),
            (1, 2, Value::from("win:3")),
            // Seat 1 fouled twice: it goes to the back, as it did then.
            (2, 1, Value::from("order:2,3,1")),
            (2, 2, Value::Null),
        ]
    );
    let standings = q.json(&["standings", "--json"]);
    assert_eq!(
        points(&standings),
        [
            ("丙".to_string(), 3),
            ("己".into(), 2),
            ("甲".into(), 2),
            ("乙".into(), 1),
            ("戊".into(), 0),
            ("丁".into(), 0)
        ]
    );
    q.ok(&["result", "2", "2", "order:3,2,1"]);
    q.ok(&["result", "1", "2", "order:3,1,2"]);
    assert_eq!(table_results(&q)[1].2, "order:3,1,2");
    q.ok(&["undo"]);
    q.ok(&["undo"]);
    assert_eq!(table_results(&q)[1].2, "win:3");
    assert_eq!(q.ok(&["check"]).trim(), "ok");
    assert!(q.ok(&["log"]).contains("名次 2、1、3"), "the old log reads");

    let q = old_file("junqi_rotating.qisai");
    assert_eq!(q.ok(&["check"]).trim(), "ok");
    let results: Vec<Value> = table_results(&q).into_iter().map(|r| r.2).collect();
    assert_eq!(
        results,
        ["south-north", "escape:west:partner-out", "east-west", "1/2"]
    );
    let standings = q.json(&["standings", "--json"]);
    // Round 2's win inside 40 moves (the length was kept): the winners score nothing.
    assert_eq!(
        points(&standings),
        [
            ("乙".to_string(), 2),
            ("己".into(), 2),
            ("庚".into(), 2),
            ("甲".into(), 0),
            ("戊".into(), -2),
            ("辛".into(), -2),
            ("丙".into(), -2),
            ("丁".into(), -4)
        ]
    );
    let quick = &q.json(&["pairings", "--json", "--round", "2"])[0];
    assert_eq!(
        quick["why"][0]["zh"],
        "30 步内取胜，不足 40 步：胜方不得分，负方照扣"
    );

    let q = old_file("junqi_pairs.qisai");
    assert_eq!(q.ok(&["check"]).trim(), "ok");
    let standings = q.json(&["standings", "--json"]);
    assert_eq!(
        points(&standings),
        [
            ("蓝队".to_string(), 2),
            ("黄队".into(), 0),
            ("红队".into(), 0),
            ("绿队".into(), -4)
        ]
    );
    q.ok(&["result", "2", "2", "南北方胜", "--moves", "66"]);
    assert_eq!(
        q.json(&["pairings", "--json", "--round", "2"])[1]["result"],
        "south-north"
    );
}
