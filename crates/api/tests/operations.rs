//! A small event driven through the JSON operations, as the desktop app and the
//! browser drive it.

use api::{ApiError, Session, call};
use serde_json::{Value, json};

fn ok(session: &mut Session, op: &str, args: Value) -> Value {
    call(session, op, args).unwrap_or_else(|e| panic!("{op}: {e:?}"))
}

fn err(session: &mut Session, op: &str, args: Value) -> ApiError {
    call(session, op, args).expect_err(op)
}

fn b64(text: &str) -> String {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD.encode(text)
}

#[test]
fn a_round_robin_from_creation_to_print() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("open.qisai");
    let mut s = Session::new();
    assert_eq!(err(&mut s, "entrants.list", json!({})).code, "no_event");
    let info = ok(
        &mut s,
        "event.create",
        json!({"path": path, "name": "春季公开赛", "game": "xiangqi", "time_control": "每方 30 分钟"}),
    );
    assert_eq!(info["name"], "春季公开赛");
    assert_eq!(info["open"], true);

    // The import preview lists every bad line and registers nothing.
    let csv = "姓名,单位,等级分\n王天一,杭州,2600\n,四川,\n郑惟桐,四川,abc\n许银川,广东,2550\n";
    let preview = ok(
        &mut s,
        "entrants.preview_import",
        json!({"file_name": "players.csv", "base64": b64(csv)}),
    );
    assert_eq!(preview["rows"].as_array().unwrap().len(), 2);
    let lines: Vec<u64> = preview["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, [3, 4]);
    assert_eq!(ok(&mut s, "entrants.list", json!({})), json!([]));
    let refused = err(
        &mut s,
        "entrants.import",
        json!({"file_name": "players.csv", "base64": b64(csv)}),
    );
    assert_eq!(refused.code, "refused");
    assert!(refused.message.contains("line 3"), "{refused:?}");

    let good = "姓名,单位,等级分\n王天一,杭州,2600\n郑惟桐,四川,2580\n许银川,广东,2550\n";
    ok(
        &mut s,
        "entrants.import",
        json!({"file_name": "players.csv", "base64": b64(good)}),
    );
    ok(
        &mut s,
        "entrants.add",
        json!({"name": "赵鑫鑫", "club": "浙江"}),
    );
    assert_eq!(
        err(
            &mut s,
            "entrants.add",
            json!({"name": "赵鑫鑫", "club": "浙江"})
        )
        .code,
        "refused"
    );
    assert_eq!(
        err(&mut s, "entrants.add", json!({"nmae": "typo"})).code,
        "bad_arguments"
    );

    ok(
        &mut s,
        "stages.add",
        json!({"format": "round_robin", "tiebreaks": "individual"}),
    );
    let draw = ok(&mut s, "stages.draw", json!({"seed": 2026}));
    assert_eq!(draw["seed"], 2026);
    assert_eq!(draw["stage"], 1, "stages are numbered from 1");
    let pairings = ok(&mut s, "rounds.pairings", json!({"round": 1}));
    let boards = pairings.as_array().unwrap();
    assert_eq!(boards.len(), 2, "four players, two boards: {pairings}");

    // A record that does not agree with the typed result must be confirmed (force).
    let red_mates = "[FEN \"3k5/1R7/R8/9/9/9/9/9/9/4K4 w\"]\n1. a7a9\n";
    let red = boards[0]["red"].as_str().unwrap().to_string();
    let typed = json!({"round": 1, "board": 1, "result": "0-1", "record": red_mates});
    let e = err(&mut s, "results.record", typed.clone());
    assert_eq!(e.code, "disagreement", "{e:?}");
    assert!(e.message.contains("the record says 1-0"), "{e:?}");
    assert_eq!(
        e.details.as_deref(),
        Some(
            &json!({"record": "1-0 (checkmate, 1 ply)", "record_zh": "1-0（将死，1 着）", "typed": "0-1"})
        )
    );
    // The reason for the UI to word: the record's verdict in both languages.
    assert_eq!(e.reason.code, "result.disagreement");
    assert_eq!(
        messages::render(&e.reason, messages::Lang::Zh),
        "对局记录的结果是 1-0（将死，1 着），而录入的是 0-1：请核对成绩"
    );
    let checked = ok(
        &mut s,
        "results.record",
        json!({"round": 1, "board": 1, "result": "1-0", "record": red_mates}),
    );
    assert!(
        checked["adjudicated"]
            .as_str()
            .unwrap()
            .contains("checkmate"),
        "{checked}"
    );
    ok(
        &mut s,
        "results.record",
        json!({"round": 1, "board": 2, "result": "="}),
    );
    let table = ok(&mut s, "standings", json!({}));
    let top = &table["rows"][0];
    let group = top["group"].as_str().unwrap();
    let one = ok(&mut s, "standings", json!({"group": group}));
    assert_eq!(one["rows"].as_array().unwrap().len(), 4);
    let none = ok(&mut s, "standings", json!({"group": "no such group"}));
    assert_eq!(none["rows"], json!([]));
    assert_eq!(top["name"], red.as_str());
    let why = ok(
        &mut s,
        "standings.explain",
        json!({"entrant": top["id"], "level": 0}),
    );
    assert_eq!(why["parts"].as_array().unwrap().len(), 1, "{why}");

    let crosstables = ok(&mut s, "crosstables", json!({"lang": "en"}));
    assert_eq!(crosstables[0]["names"].as_array().unwrap().len(), 4);

    // Undo takes the draw's last result back.
    let undone = ok(&mut s, "undo", json!({}));
    // The undone change as a message for the UI to word.
    assert_eq!(undone["undone"]["code"], "log.result", "{undone}");
    assert!(messages::render_json(&undone["undone"], messages::Lang::Zh).starts_with("成绩 "));
    let log = ok(&mut s, "log", json!({}));
    assert!(log.as_array().unwrap().iter().any(|l| l["undone"] == true));

    let csv = ok(&mut s, "export.csv", json!({"lang": "zh"}));
    assert_eq!(csv["files"].as_array().unwrap().len(), 4);
    let pdf = ok(&mut s, "print", json!({"document": "standings"}));
    use base64::Engine;
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(pdf["base64"].as_str().unwrap())
        .unwrap();
    assert!(bytes.starts_with(b"%PDF"));
    assert_eq!(
        err(&mut s, "print", json!({"document": "poster"})).code,
        "bad_arguments"
    );
    // 团体总分: a club each, by place points (shared places share theirs) or by points.
    let clubs = ok(&mut s, "standings.clubs", json!({"place_points": "5,3,1"}));
    let totals: Vec<f64> = clubs
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["total"].as_f64().unwrap())
        .collect();
    // The leader's 5, then three sharing 2nd–4th: (3 + 1 + 0) / 3 each.
    assert_eq!(totals, [5.0, 1.33, 1.33, 1.33], "{clubs}");
    assert_eq!(clubs[1]["shared_to"], 4);
    assert!(totals.windows(2).all(|w| w[0] >= w[1]), "{clubs}");
    let by_points = ok(
        &mut s,
        "standings.clubs",
        json!({"points": true, "best": 1}),
    );
    assert_eq!(by_points.as_array().unwrap().len(), 4);
    let pdf = ok(
        &mut s,
        "print",
        json!({"document": "clubs", "best": 1, "place_points": "5,3,1"}),
    );
    assert!(pdf["file_name"].as_str().unwrap().starts_with("clubs"));
    assert_eq!(
        err(&mut s, "print", json!({"document": "clubs", "bestest": 1})).code,
        "bad_arguments"
    );
    assert_eq!(
        err(
            &mut s,
            "standings.clubs",
            json!({"points": true, "place_points": "5,3"})
        )
        .code,
        "bad_arguments"
    );
    assert_eq!(err(&mut s, "no.such", json!({})).code, "unknown_operation");
}

#[test]
fn a_pinned_session_only_touches_its_file() {
    let dir = tempfile::tempdir().unwrap();
    let pinned = dir.path().join("pinned.qisai");
    let elsewhere = dir.path().join("elsewhere.qisai");
    let mut s = Session::pinned(pinned.clone()).unwrap();
    assert_eq!(ok(&mut s, "event.info", json!({}))["open"], false);
    ok(
        &mut s,
        "event.create",
        json!({"path": elsewhere, "name": "x", "game": "junqi", "players": 4}),
    );
    assert!(pinned.exists() && !elsewhere.exists());
    // Opening the pinned file again from a new session.
    let mut again = Session::pinned(pinned).unwrap();
    assert_eq!(ok(&mut again, "event.info", json!({}))["seats"], 4);
}

#[test]
fn renaming_the_event_and_its_time_control_is_logged_and_undone() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Session::new();
    ok(
        &mut s,
        "event.create",
        json!({"path": dir.path().join("e.qisai"), "name": "春季赛", "game": "xiangqi", "time_control": "每方 30 分钟"}),
    );
    let info = ok(
        &mut s,
        "event.edit",
        json!({"name": " 2026 春季公开赛 ", "time_control": "每方 40 分钟"}),
    );
    assert_eq!(
        (&info["name"], &info["time_control"]),
        (&json!("2026 春季公开赛"), &json!("每方 40 分钟"))
    );
    let log = ok(&mut s, "log", json!({}));
    let last = log.as_array().unwrap().last().unwrap().clone();
    assert_eq!(
        messages::render_json(&last["summary"], messages::Lang::Zh),
        "赛事名称改为 2026 春季公开赛；用时改为 每方 40 分钟"
    );
    assert_eq!(
        messages::render_json(&last["summary"], messages::Lang::En),
        "event renamed 2026 春季公开赛; time control set to 每方 40 分钟"
    );
    // An empty name is refused, the same values change nothing, "" removes the time.
    assert_eq!(
        err(&mut s, "event.edit", json!({"name": "  "})).code,
        "refused"
    );
    let same = err(&mut s, "event.edit", json!({"name": "2026 春季公开赛"}));
    assert!(same.message.contains("nothing changed"), "{same:?}");
    let info = ok(&mut s, "event.edit", json!({"time_control": ""}));
    assert_eq!(info["time_control"], Value::Null);
    ok(&mut s, "undo", json!({}));
    ok(&mut s, "undo", json!({}));
    let info = ok(&mut s, "event.info", json!({}));
    assert_eq!(
        (&info["name"], &info["time_control"]),
        (&json!("春季赛"), &json!("每方 30 分钟"))
    );
}

#[test]
fn playoffs_withdrawals_and_earlier_stages_through_the_operations() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("playoff.qisai");
    let mut s = Session::new();
    ok(
        &mut s,
        "event.create",
        json!({"path": path, "name": "加赛", "game": "xiangqi"}),
    );
    for name in ["甲", "乙"] {
        ok(&mut s, "entrants.add", json!({"name": name}));
    }
    ok(&mut s, "stages.add", json!({"format": "round_robin"}));
    let info = ok(&mut s, "event.info", json!({}));
    assert_eq!(info["stages"][0]["capabilities"]["crosstable"], true);
    assert!(
        info["result_kinds"]
            .as_array()
            .unwrap()
            .contains(&json!("0-0"))
    );
    assert!(
        !info["result_kinds"]
            .as_array()
            .unwrap()
            .contains(&json!("dead:red"))
    );
    ok(&mut s, "stages.draw", json!({"seed": 1}));
    ok(
        &mut s,
        "results.record",
        json!({"stage": 1, "round": 1, "board": 1, "result": "1/2"}),
    );
    let ties = ok(&mut s, "playoffs.list", json!({}));
    assert_eq!(ties.as_array().unwrap().len(), 1, "{ties}");
    let settled = ok(&mut s, "playoffs.lots", json!({"seed": 9}));
    assert_eq!(settled["seed"], 9);
    assert_eq!(
        settled["settled"][0]["settled"].as_array().unwrap().len(),
        2
    );
    let standings = ok(&mut s, "standings", json!({}));
    assert_eq!(standings["rows"][0]["settled_by"], "lots", "{standings}");
    assert!(
        ok(&mut s, "playoffs.list", json!({}))
            .as_array()
            .unwrap()
            .is_empty()
    );
    // No tie left: games cannot be added, and nothing changes.
    assert_eq!(
        err(&mut s, "playoffs.games", json!({"best_of": 1})).code,
        "refused"
    );
    let withdrawn = ok(&mut s, "entrants.withdraw", json!({"id": 2, "annul": true}));
    assert_eq!(withdrawn["withdrawn"], true);
    assert_eq!(withdrawn["forfeits"], json!([]));
}

#[test]
fn a_swap_is_previewed_before_it_is_made() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Session::new();
    let path = dir.path().join("swiss.qisai");
    ok(
        &mut s,
        "event.create",
        json!({"path": path, "name": "积分编排赛", "game": "xiangqi"}),
    );
    for (name, club) in [
        ("甲", "一队"),
        ("乙", "二队"),
        ("丙", "三队"),
        ("丁", "四队"),
    ] {
        ok(&mut s, "entrants.add", json!({"name": name, "club": club}));
    }
    ok(
        &mut s,
        "stages.add",
        json!({"format": "swiss", "rounds": 3}),
    );
    ok(&mut s, "stages.draw", json!({"seed": 5}));
    let before = ok(&mut s, "rounds.pairings", json!({"round": 1}));
    let names = |p: &Value, board: u64| -> (String, String) {
        let b = p
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["board"] == board)
            .unwrap();
        (
            b["red"].as_str().unwrap().into(),
            b["black"].as_str().unwrap().into(),
        )
    };
    let (red1, black1) = names(&before, 1);
    let (red2, black2) = names(&before, 2);

    let preview = ok(
        &mut s,
        "rounds.swap_preview",
        json!({"round": 1, "board": 1, "other": 2}),
    );
    assert_eq!(
        preview["boards"],
        json!([
            {"board": 1, "before": {"red": red1, "black": black1}, "after": {"red": red1, "black": black2}},
            {"board": 2, "before": {"red": red2, "black": black2}, "after": {"red": red2, "black": black1}},
        ]),
        "{preview}"
    );
    assert!(preview["warnings"].is_array());
    // Nothing changed, and nothing was logged.
    assert_eq!(ok(&mut s, "rounds.pairings", json!({"round": 1})), before);
    let logged = ok(&mut s, "log", json!({})).as_array().unwrap().len();

    ok(
        &mut s,
        "rounds.swap",
        json!({"round": 1, "board": 1, "other": 2}),
    );
    let after = ok(&mut s, "rounds.pairings", json!({"round": 1}));
    assert_eq!(names(&after, 1), (red1, black2));
    assert_eq!(names(&after, 2), (red2, black1));
    assert_eq!(
        ok(&mut s, "log", json!({})).as_array().unwrap().len(),
        logged + 1
    );
    // A board that is not there is refused, naming it.
    let refused = err(
        &mut s,
        "rounds.swap_preview",
        json!({"round": 1, "board": 1, "other": 9}),
    );
    assert_eq!(refused.code, "refused", "{refused:?}");
}

/// An event of several competitions through the operations: created without a game,
/// competitions added, each call naming the one it acts on, the info listing them.
#[test]
fn each_call_names_the_competition_it_acts_on() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("city.qisai");
    let mut s = Session::new();
    let info = ok(
        &mut s,
        "event.create",
        json!({"path": path, "name": "市运会"}),
    );
    assert_eq!(info["competition_needed"], true);
    assert_eq!(info["event_name"], "市运会");
    assert_eq!(info["competitions"], json!([]));
    ok(
        &mut s,
        "competitions.add",
        json!({"name": "象棋", "game": "xiangqi"}),
    );
    let info = ok(
        &mut s,
        "competitions.add",
        json!({"name": "跳棋", "game": "checkers", "players": 3}),
    );
    assert_eq!(info["competitions"].as_array().unwrap().len(), 2);
    assert_eq!(info["competition_needed"], true, "none chosen with two");
    let refused = err(&mut s, "entrants.add", json!({"name": "王天一"}));
    assert_eq!(refused.code, "competition_needed");
    ok(
        &mut s,
        "entrants.add",
        json!({"name": "王天一", "competition": "象棋"}),
    );
    ok(
        &mut s,
        "entrants.add",
        json!({"name": "跳甲", "competition": 2}),
    );
    ok(
        &mut s,
        "entrants.add",
        json!({"name": "跳乙", "competition": "跳棋"}),
    );
    let names = |s: &mut Session, c: &str| -> Vec<String> {
        ok(s, "entrants.list", json!({"competition": c}))
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["name"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(names(&mut s, "象棋"), ["王天一"]);
    assert_eq!(names(&mut s, "跳棋"), ["跳甲", "跳乙"]);
    // The info of one competition: its own settings beside the event's list.
    let info = ok(&mut s, "event.info", json!({"competition": "跳棋"}));
    assert_eq!(
        (info["name"].clone(), info["game"].clone()),
        (json!("跳棋"), json!("checkers"))
    );
    assert_eq!(info["tables"]["size"], 3);
    assert_eq!(info["competitions"][1]["current"], true);
    // A call stands alone: the next one without a competition is refused again.
    assert_eq!(
        err(&mut s, "entrants.list", json!({})).code,
        "competition_needed"
    );
    assert_eq!(
        err(&mut s, "entrants.list", json!({"competition": "围棋"})).code,
        "refused"
    );
    ok(&mut s, "competitions.remove", json!({"name": "象棋"}));
    // One competition left: it needs no naming.
    let info = ok(&mut s, "event.info", json!({}));
    assert_eq!(info["name"], "跳棋");
    assert_eq!(info["entrants"], 2);
}
