//! Repetition rulings by rule code through the real binary: `xiangqi adjudicate
//! --rules`, and an event's `--xiangqi-rules` judging the records attached to results.

mod common;

use common::Qisai;
use serde_json::Value;

/// Red's chariot chases black's horse and cannon in turn, each escaping (two cycles):
/// the Chinese rules count it 长捉, the Asian rules (rule 32) a draw.
const TWO_PIECES: &str = "[FEN \"4k4/9/3c2n2/9/9/2R6/9/9/9/5K3 w\"]\n\n\
1. c4g4 g7h9 2. g4d4 d7c7 3. d4h4 h9g7 4. h4c4 c7d7\n\
5. c4g4 g7h9 6. g4d4 d7c7 7. d4h4 h9g7 8. h4c4 c7d7\n";

fn adjudicate(q: &Qisai, extra: &[&str]) -> Value {
    let record = q.write("chase.pgn", TWO_PIECES.as_bytes());
    let mut args = vec!["xiangqi", "adjudicate", record.to_str().unwrap(), "--json"];
    args.extend_from_slice(extra);
    q.json(&args)
}

#[test]
fn the_rule_code_decides_and_is_cited() {
    let q = Qisai::new();
    let chinese = adjudicate(&q, &[]);
    assert_eq!(chinese["result"], "black");
    assert_eq!(chinese["reason"], "perpetual_chase");
    assert_eq!(chinese["rule"]["code"], "chinese");
    let asian = adjudicate(&q, &["--rules", "asian"]);
    assert_eq!(asian["result"], "draw");
    assert_eq!(asian["reason"], "repetition");
    assert_eq!(asian["rule"]["ruling"], "chase_of_several");
    assert_eq!(
        asian["rule"]["zh"],
        "亚洲规则第32条：一子轮捉两子（或两子轮捉多子），不变作和"
    );
    // The sentence for a person cites the rule too.
    let record = q.path("chase.pgn");
    let said = q.ok(&[
        "xiangqi",
        "adjudicate",
        record.to_str().unwrap(),
        "--rules",
        "asian",
    ]);
    assert!(
        said.contains("和棋") && said.contains("亚洲规则第32条"),
        "{said}"
    );
    let wrong = q.fails(&[
        "xiangqi",
        "adjudicate",
        record.to_str().unwrap(),
        "--rules",
        "fide",
    ]);
    assert!(wrong.contains("fide"), "{wrong}");
}

/// Red's chariot follows black's lone cannon from file to file (the Asian rules'
/// diagram 32): a perpetual chase the Asian rules' rule 18 names.
const CHARIOT_ON_CANNON: &str = "[FEN \"5k3/9/c8/9/9/9/1R7/9/9/3K5 w\"]\n\n\
1. R8=9 c1=5 2. R9=5 c5=1 3. R5=9 c1=5 4. R9=5 c5=1 5. R5=9\n";

#[test]
fn a_perpetual_chase_cites_the_asian_article_that_names_it() {
    let q = Qisai::new();
    let record = q.write("chariot.pgn", CHARIOT_ON_CANNON.as_bytes());
    let record = record.to_str().unwrap();
    let asian = q.json(&[
        "xiangqi",
        "adjudicate",
        record,
        "--json",
        "--rules",
        "asian",
    ]);
    assert_eq!(asian["result"], "black");
    assert_eq!(asian["rule"]["ruling"], "perpetual_chase");
    assert_eq!(
        asian["rule"]["zh"],
        "亚洲规则第18条：车不得长捉无根炮；长捉一方不变判负"
    );
    assert!(
        asian["rule"]["en"].as_str().is_some_and(|en| en
            .starts_with("Asian rules, rule 18: a chariot may not chase an unprotected cannon")),
        "{asian}"
    );
    // The Chinese rules have no article of their own for it.
    let chinese = q.json(&["xiangqi", "adjudicate", record, "--json"]);
    assert_eq!(
        chinese["rule"]["zh"],
        "中国规则：长捉（一子或多子）属长打，不变判负"
    );
}

#[test]
fn an_event_judges_records_by_its_rule_code() {
    for (code, accepted, refused) in [("chinese", "0-1", "1/2"), ("asian", "1/2", "0-1")] {
        let q = Qisai::new();
        let file = q.file.to_str().unwrap().to_string();
        q.ok(&[
            "new",
            &file,
            "--name",
            "棋例",
            "--game",
            "xiangqi",
            "--xiangqi-rules",
            code,
        ]);
        q.ok(&["player", "add", "甲"]);
        q.ok(&["player", "add", "乙"]);
        q.ok(&["stage", "add", "round-robin"]);
        q.ok(&["draw", "--seed", "1"]);
        let record = q.write("chase.pgn", TWO_PIECES.as_bytes());
        let record = record.to_str().unwrap();
        let refusal = q.fails(&["result", "1", "1", refused, "--record", record]);
        assert!(refusal.contains("对局记录的结果是"), "{code}: {refusal}");
        q.ok(&["result", "1", "1", accepted, "--record", record]);
    }
    // The setting can change afterwards, and is only for Xiangqi.
    let q = Qisai::new();
    let file = q.file.to_str().unwrap().to_string();
    q.ok(&["new", &file, "--name", "棋例", "--game", "xiangqi"]);
    let edited = q.ok(&["edit", "--xiangqi-rules", "asian"]);
    assert!(edited.contains("棋例：亚洲象棋规则"), "{edited}");
    assert!(q.ok(&["log"]).contains("棋例依亚洲象棋规则"));
    let checkers = Qisai::new();
    let file = checkers.file.to_str().unwrap().to_string();
    let refused = checkers.fails(&[
        "new",
        &file,
        "--name",
        "跳棋",
        "--game",
        "checkers",
        "--xiangqi-rules",
        "asian",
    ]);
    assert!(refused.contains("棋例规则只用于象棋赛事"), "{refused}");
}
