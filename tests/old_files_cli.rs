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
