//! A Swiss event of nine rounds through the real binary, as an organizer runs one: the
//! field by rating folded in round 1, every later round paired once the one before is
//! complete, a late entry with points, a withdrawal, two forfeits in a row, a manual
//! swap (undone and made again), explanations; and after every round the rules hold:
//! everyone once, nobody twice against the same opponent, one bye at most each, never
//! the same colour three times running.

mod common;

use std::collections::{BTreeMap, BTreeSet};

use common::{Qisai, pdftotext};
use serde_json::Value;

fn pairings(q: &Qisai, round: u32) -> Vec<Value> {
    q.json(&["pairings", "--json", "--round", &round.to_string()])
        .as_array()
        .unwrap()
        .clone()
}

fn name(v: &Value) -> Option<String> {
    v.as_str().map(str::to_string)
}

/// What the rules say of the rounds so far: everyone once per round, no rematch, one
/// bye each at most, no colour three times running. A round changed by hand
/// (`manual`) may break the last two (the command warns instead); later rounds keep
/// them. Returns each one's colours.
fn check_rounds(q: &Qisai, rounds: u32, manual: &[u32]) -> BTreeMap<String, Vec<char>> {
    let mut met: BTreeSet<(String, String)> = BTreeSet::new();
    let mut byes: BTreeMap<String, u32> = BTreeMap::new();
    let mut colours: BTreeMap<String, Vec<char>> = BTreeMap::new();
    for r in 1..=rounds {
        let mut seen = BTreeSet::new();
        for p in pairings(q, r) {
            let red = name(&p["red"]).unwrap();
            assert!(seen.insert(red.clone()), "{red} twice in round {r}");
            match name(&p["black"]) {
                None => *byes.entry(red).or_default() += 1,
                Some(black) => {
                    assert!(seen.insert(black.clone()), "{black} twice in round {r}");
                    let key = if red < black {
                        (red.clone(), black.clone())
                    } else {
                        (black.clone(), red.clone())
                    };
                    let first = met.insert(key);
                    assert!(
                        first || manual.contains(&r),
                        "{red} and {black} meet again in round {r}"
                    );
                    // Forfeits are no game over the board: they keep no colour.
                    let forfeit = p["result"].as_str().is_some_and(|t| t.contains('+'));
                    if !forfeit {
                        colours.entry(red).or_default().push('R');
                        colours.entry(black).or_default().push('B');
                    }
                }
            }
        }
    }
    for (who, n) in &byes {
        assert!(*n <= 1, "{who} had {n} byes");
    }
    for (who, c) in colours.iter().filter(|_| manual.is_empty()) {
        for w in c.windows(3) {
            assert!(
                !(w[0] == w[1] && w[1] == w[2]),
                "{who} has the same colour three times running: {c:?}"
            );
        }
    }
    colours
}

/// Enters a result for every board of a round: the higher-rated (lower number in the
/// name) wins, every third board is drawn; `forfeits` lose by not turning up.
fn play_round(q: &Qisai, round: u32, forfeits: &[&str]) {
    for p in pairings(q, round) {
        let Some(black) = name(&p["black"]) else {
            continue;
        };
        let red = name(&p["red"]).unwrap();
        let board = p["board"].as_u64().unwrap();
        let result = if forfeits.contains(&red.as_str()) {
            "-+"
        } else if forfeits.contains(&black.as_str()) {
            "+-"
        } else if board % 3 == 0 {
            "1/2"
        } else if red < black {
            "1-0"
        } else {
            "0-1"
        };
        q.ok(&[
            "result",
            &round.to_string(),
            &board.to_string(),
            "--",
            result,
        ]);
    }
}

fn met_before(q: &Qisai, round: u32, a: &str, b: &str) -> bool {
    (1..round).any(|r| {
        pairings(q, r).iter().any(|p| {
            let (x, y) = (name(&p["red"]), name(&p["black"]));
            (x.as_deref() == Some(a) && y.as_deref() == Some(b))
                || (x.as_deref() == Some(b) && y.as_deref() == Some(a))
        })
    })
}

fn in_round(q: &Qisai, round: u32, who: &str) -> bool {
    pairings(q, round).iter().any(|p| {
        name(&p["red"]).as_deref() == Some(who) || name(&p["black"]).as_deref() == Some(who)
    })
}

#[test]
fn a_nine_round_swiss_event() {
    let q = Qisai::new();
    q.ok(&[
        "new",
        q.file.to_str().unwrap(),
        "--name",
        "公开赛",
        "--game",
        "xiangqi",
    ]);
    // Fourteen rated players: 棋手01 is the strongest.
    for i in 1..=14 {
        q.ok(&[
            "player",
            "add",
            &format!("棋手{i:02}"),
            "--rating",
            &(2600 - i * 20).to_string(),
            "--club",
            &format!("队{}", i % 4),
        ]);
    }
    q.ok(&[
        "stage",
        "add",
        "swiss",
        "--rounds",
        "9",
        "--no-three-same",
        "--tiebreaks",
        "swiss-buchholz",
    ]);
    q.ok(&["draw", "--seed", "2026"]);

    // Round 1 folded by rating: 1 v 8, 2 v 9 … 7 v 14, colours alternating by board.
    let r1 = pairings(&q, 1);
    assert_eq!(r1.len(), 7);
    let mut higher_red = Vec::new();
    for (k, p) in r1.iter().enumerate() {
        let (red, black) = (name(&p["red"]).unwrap(), name(&p["black"]).unwrap());
        let mut pair = [red.clone(), black.clone()];
        pair.sort();
        assert_eq!(
            pair,
            [format!("棋手{:02}", k + 1), format!("棋手{:02}", k + 8)],
            "board {}",
            k + 1
        );
        higher_red.push(red < black);
    }
    assert!(
        higher_red.windows(2).all(|w| w[0] != w[1]),
        "{higher_red:?}"
    );

    // Nothing is paired before the round is complete: the open boards are named.
    q.ok(&["result", "1", "1", "1/2"]);
    let refused = q.fails(&["pair"]);
    assert!(
        refused.contains("第 2、3、4、5、6、7 台还没有成绩"),
        "{refused}"
    );
    play_round(&q, 1, &[]);
    q.ok(&["pair"]);
    check_rounds(&q, 2, &[]);

    // A late entry after round 2 is paired: from round 3, with the points given.
    play_round(&q, 2, &[]);
    q.ok(&[
        "player",
        "add",
        "迟到者",
        "--rating",
        "2000",
        "--points",
        "2",
    ]);
    assert!(!in_round(&q, 2, "迟到者"));
    q.ok(&["pair"]);
    let late = pairings(&q, 3)
        .into_iter()
        .find(|p| p["red"] == "迟到者" || p["black"] == "迟到者")
        .expect("the late entry is paired in round 3");
    let points = if late["red"] == "迟到者" {
        &late["red_points"]
    } else {
        &late["black_points"]
    };
    assert_eq!(points.as_f64(), Some(2.0), "{late}");

    // A withdrawal: gone from the rounds after.
    play_round(&q, 3, &[]);
    q.ok(&["player", "withdraw", "14"]);
    q.ok(&["pair"]);
    assert!(!in_round(&q, 4, "棋手14"));
    play_round(&q, 4, &[]);
    q.ok(&["pair"]);

    check_rounds(&q, 5, &[]);
    // A manual swap before the round's first result: logged, undoable, explained, with
    // a warning where it pairs two who have met.
    let before = pairings(&q, 5);
    let said = q.ok(&["pairing", "swap", "5", "1", "2"]);
    for board in pairings(&q, 5).iter().take(2) {
        let (red, black) = (name(&board["red"]).unwrap(), name(&board["black"]).unwrap());
        if met_before(&q, 5, &red, &black) {
            assert!(said.contains("已经交过手"), "{said}");
        }
    }
    let after = pairings(&q, 5);
    assert_eq!(after[0]["black"], before[1]["black"]);
    assert_eq!(after[1]["black"], before[0]["black"]);
    let log = q.ok(&["log"]);
    assert!(log.contains("交换后手方"), "{log}");
    q.ok(&["undo"]);
    assert_eq!(pairings(&q, 5), before, "undo restores the pairing");
    q.ok(&["pairing", "swap", "5", "1", "2"]);
    let explained = q.json(&["pairings", "--explain", "--round", "5", "--json"]);
    let notes = explained.as_array().unwrap();
    assert_eq!(notes.len(), after.len());
    assert!(
        notes
            .iter()
            .all(|n| n["zh"].as_str().is_some_and(|t| !t.is_empty()))
    );
    play_round(&q, 5, &[]);
    let refused = q.fails(&["pairing", "swap", "5", "1", "2"]);
    assert!(refused.contains("第 5 轮已有成绩"), "{refused}");

    // Two forfeits in a row: no longer paired (连续弃权 2 轮不编排).
    q.ok(&["pair"]);
    play_round(&q, 6, &["棋手13"]);
    q.ok(&["pair"]);
    play_round(&q, 7, &["棋手13"]);
    q.ok(&["pair"]);
    assert!(in_round(&q, 7, "棋手13"));
    assert!(!in_round(&q, 8, "棋手13"));
    play_round(&q, 8, &[]);
    q.ok(&["pair"]);
    play_round(&q, 9, &[]);
    check_rounds(&q, 9, &[5]);

    // Nine rounds: nothing more to pair; the standings carry 对手分.
    q.fails(&["pair"]);
    let standings = q.json(&["standings", "--json"]);
    let rows = standings.as_array().unwrap();
    assert_eq!(rows.len(), 15, "fourteen and the late entry");
    assert_eq!(rows[0]["tiebreaks"][0]["name"], "对手分");
    let points: Vec<f64> = rows.iter().map(|r| r["points"].as_f64().unwrap()).collect();
    assert!(points.windows(2).all(|w| w[0] >= w[1]), "{points:?}");

    // The wall chart: each player by number, each round's opponent number, colour and
    // result. 棋手01 met No. 8 in round 1.
    let pdf = q.path("wall.pdf");
    q.ok(&["print", "wall-chart", "-o", pdf.to_str().unwrap()]);
    let text = pdftotext(&pdf);
    assert!(
        text.contains("成绩总表") && text.contains("第9轮"),
        "{text}"
    );
    let first = text
        .lines()
        .find(|l| l.contains("棋手01"))
        .expect("a row for 棋手01");
    assert!(first.contains("8先") || first.contains("8后"), "{first}");
    assert!(text.contains("对手分"));
}

#[test]
fn a_swiss_stage_refuses_what_cannot_be_played() {
    let q = Qisai::new();
    q.ok(&[
        "new",
        q.file.to_str().unwrap(),
        "--name",
        "小赛",
        "--game",
        "xiangqi",
    ]);
    for p in ["甲", "乙", "丙", "丁"] {
        q.ok(&["player", "add", p]);
    }
    let no_rounds = q.fails(&["stage", "add", "swiss"]);
    assert!(no_rounds.contains("--rounds"), "{no_rounds}");
    let club = q.fails(&[
        "stage",
        "add",
        "swiss",
        "--rounds",
        "3",
        "--avoid-club",
        "sometimes",
    ]);
    assert!(club.contains("--avoid-club"), "{club}");
    // Four players cannot play four rounds without meeting twice.
    q.ok(&["stage", "add", "swiss", "--rounds", "4"]);
    let before = std::fs::read(&q.file).unwrap();
    let refused = q.fails(&["draw", "--seed", "1"]);
    assert!(refused.contains("4 人赛 4 轮"), "{refused}");
    assert_eq!(
        std::fs::read(&q.file).unwrap(),
        before,
        "the file is unchanged"
    );
    // Starting points are for a late entry only.
    let early = q.fails(&["player", "add", "戊", "--points", "2"]);
    assert!(early.contains("迟到登记"), "{early}");
}

/// The bye's value in 对手分 is a setting: the lowest score with points (the 2011
/// rule, the default), zero, or the player's own score.
#[test]
fn what_a_bye_counts_in_buchholz() {
    let buchholz_of_bye = |setting: Option<&str>| -> f64 {
        let q = Qisai::new();
        q.ok(&[
            "new",
            q.file.to_str().unwrap(),
            "--name",
            "轮空",
            "--game",
            "xiangqi",
        ]);
        for i in 1..=7 {
            q.ok(&[
                "player",
                "add",
                &format!("P{i}"),
                "--rating",
                &(2000 - i).to_string(),
            ]);
        }
        let mut add = vec![
            "stage",
            "add",
            "swiss",
            "--rounds",
            "2",
            "--tiebreaks",
            "swiss-buchholz",
        ];
        if let Some(s) = setting {
            add.extend(["--bye-buchholz", s]);
        }
        q.ok(&add);
        q.ok(&["draw", "--seed", "1"]);
        // Round 1: boards 1 and 2 won, board 3 drawn; P7 (the lowest) has the bye.
        play_round(&q, 1, &[]);
        let rows = q.json(&["standings", "--json"]);
        let p7 = rows
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["name"] == "P7")
            .unwrap()
            .clone();
        // And how it was computed, round by round.
        let explained = q.ok(&["standings", "--explain", "P7"]);
        assert!(
            explained.contains("对手分") && explained.contains("轮空"),
            "{explained}"
        );
        p7["tiebreaks"][0]["value"].as_f64().unwrap()
    };
    // The bye gave P7 2 points; the lowest score among those with points is the draw's
    // 1; zero is zero.
    assert_eq!(buchholz_of_bye(None), 1.0);
    assert_eq!(buchholz_of_bye(Some("own")), 2.0);
    assert_eq!(buchholz_of_bye(Some("zero")), 0.0);
}

/// A Swiss stage feeds a knockout seeded by its standings: 1 v 4, 2 v 3.
#[test]
fn a_swiss_stage_feeds_a_points_knockout() {
    let q = Qisai::new();
    q.ok(&[
        "new",
        q.file.to_str().unwrap(),
        "--name",
        "链",
        "--game",
        "xiangqi",
    ]);
    for i in 1..=8 {
        q.ok(&[
            "player",
            "add",
            &format!("棋手{i:02}"),
            "--rating",
            &(2500 - i * 10).to_string(),
        ]);
    }
    q.ok(&["stage", "add", "swiss", "--rounds", "3", "--advance", "4"]);
    q.ok(&["stage", "add", "points-knockout"]);
    q.ok(&["draw", "--seed", "8"]);
    for r in 1..=3 {
        play_round(&q, r, &[]);
        if r < 3 {
            q.ok(&["pair"]);
        }
    }
    let table = q.json(&["standings", "--json"]);
    let top: Vec<String> = table.as_array().unwrap()[..4]
        .iter()
        .map(|r| r["name"].as_str().unwrap().to_string())
        .collect();
    q.ok(&["draw", "--seed", "9"]);
    let finals = pairings(&q, 1);
    let pair = |a: &str, b: &str| {
        finals.iter().any(|p| {
            let (x, y) = (name(&p["red"]).unwrap(), name(&p["black"]).unwrap());
            (x == a && y == b) || (x == b && y == a)
        })
    };
    assert!(pair(&top[0], &top[3]), "1 v 4: {finals:?}");
    assert!(pair(&top[1], &top[2]), "2 v 3: {finals:?}");
}

/// A player reported absent (请假) for a round is not paired in it, and is paired again
/// after; an absence for a round already paired is refused.
#[test]
fn an_absence_for_one_round() {
    let q = Qisai::new();
    q.ok(&[
        "new",
        q.file.to_str().unwrap(),
        "--name",
        "请假",
        "--game",
        "xiangqi",
    ]);
    for i in 1..=6 {
        q.ok(&[
            "player",
            "add",
            &format!("棋手{i:02}"),
            "--rating",
            &(2400 - i * 10).to_string(),
        ]);
    }
    q.ok(&["stage", "add", "swiss", "--rounds", "4"]);
    q.ok(&["draw", "--seed", "12"]);
    let refused = q.fails(&["player", "absent", "棋手03", "--round", "1"]);
    assert!(refused.contains("第 1 轮已经编排"), "{refused}");
    q.ok(&["player", "absent", "棋手03", "--round", "2"]);
    q.ok(&["player", "absent", "棋手04", "--round", "2"]);
    q.ok(&["player", "present", "棋手04", "--round", "2"]);
    play_round(&q, 1, &[]);
    q.ok(&["pair"]);
    assert!(!in_round(&q, 2, "棋手03"), "absent in round 2");
    assert!(in_round(&q, 2, "棋手04"), "the absence was taken back");
    assert_eq!(pairings(&q, 2).len(), 3, "five play: two boards and a bye");
    play_round(&q, 2, &[]);
    q.ok(&["pair"]);
    assert!(in_round(&q, 3, "棋手03"), "back in round 3");
    assert!(q.ok(&["log"]).contains("第2轮请假"));
    check_rounds(&q, 3, &[]);
}

/// `--avoid-club` changes the pairings: off keeps the fold's club-mates together,
/// round1 and always part them in round 1, and only always keeps doing so later.
#[test]
fn club_avoidance_changes_who_meets_whom() {
    let same_club_boards = |mode: &str, rounds: u32| -> Vec<usize> {
        let q = new_swiss_event();
        // Twelve by rating, clubs 甲 乙 丙 丁 戊 己 repeating: the fold (1–7, 2–8, …)
        // pairs club-mates on every board.
        let clubs = ["甲", "乙", "丙", "丁", "戊", "己"];
        for i in 0..12u32 {
            let rating = (2600 - 10 * i).to_string();
            let name = format!("P{:02}", i + 1);
            q.ok(&[
                "player",
                "add",
                &name,
                "--rating",
                &rating,
                "--club",
                clubs[i as usize % 6],
            ]);
        }
        q.ok(&[
            "stage",
            "add",
            "swiss",
            "--rounds",
            "5",
            "--avoid-club",
            mode,
        ]);
        q.ok(&["draw", "--seed", "3"]);
        let club_of = |v: &Value| (v.as_str().unwrap()[1..].parse::<usize>().unwrap() - 1) % 6;
        let mut out = Vec::new();
        for r in 1..=rounds {
            let boards = pairings(&q, r);
            out.push(
                boards
                    .iter()
                    .filter(|p| !p["black"].is_null() && club_of(&p["red"]) == club_of(&p["black"]))
                    .count(),
            );
            if r < rounds {
                // Everyone draws: one score group, where club avoidance may reorder.
                for p in &boards {
                    q.ok(&["result", &r.to_string(), &p["board"].to_string(), "1/2"]);
                }
                q.ok(&["pair"]);
            }
        }
        out
    };
    assert_eq!(same_club_boards("off", 1), [6], "the plain fold");
    assert_eq!(same_club_boards("round1", 1), [0]);
    assert_eq!(same_club_boards("always", 3), [0, 0, 0]);
}

/// A new Xiangqi event, nobody registered yet.
fn new_swiss_event() -> Qisai {
    let q = Qisai::new();
    q.ok(&[
        "new",
        q.file.to_str().unwrap(),
        "--name",
        "积分编排",
        "--game",
        "xiangqi",
    ]);
    q
}

/// A new Xiangqi event of six players, 甲 to 己 by rating.
fn six_by_rating() -> Qisai {
    let q = new_swiss_event();
    for (i, name) in ["甲", "乙", "丙", "丁", "戊", "己"].iter().enumerate() {
        let rating = (2500 - 10 * i).to_string();
        q.ok(&["player", "add", name, "--rating", &rating]);
    }
    q
}

/// 累进分 counts a late entrant's points from the round after which he joined and
/// carries a total through a round of absence; starting points are bounded by a win
/// per round played.
#[test]
fn progressive_score_with_a_late_entry_and_an_absence() {
    let q = six_by_rating();
    q.ok(&[
        "stage",
        "add",
        "swiss",
        "--rounds",
        "4",
        "--tiebreaks",
        "swiss-progressive",
    ]);
    q.ok(&["draw", "--seed", "5"]);
    let play = |q: &Qisai, round: u32| {
        for p in pairings(q, round) {
            if !p["black"].is_null() {
                q.ok(&["result", &round.to_string(), &p["board"].to_string(), "1/2"]);
            }
        }
    };
    play(&q, 1);
    q.ok(&["player", "absent", "甲", "--round", "2"]);
    q.ok(&["pair"]);
    play(&q, 2);
    // Two rounds played at 2/1/0: at most 4 starting points.
    let refused = q.fails(&["player", "add", "迟到", "--points", "5"]);
    assert!(
        refused.contains("最多") && refused.contains('4'),
        "{refused}"
    );
    q.ok(&["player", "add", "迟到", "--points", "2"]);
    assert!(
        q.ok(&["log"]).contains("积分 2"),
        "the log records the points"
    );
    q.ok(&["pair"]);
    play(&q, 3);
    let rows = q.json(&["standings", "--json"]);
    let progressive = |name: &str| {
        let row = rows
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["name"] == name)
            .unwrap();
        let t = row["tiebreaks"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["name"] == "累进分")
            .unwrap();
        (
            row["points"].as_f64().unwrap(),
            t["value"].as_f64().unwrap(),
        )
    };
    // 甲: 1 after round 1, absent in round 2 (still 1), then the lowest of seven and
    // the bye of round 3 (3) → 1 + 1 + 3 = 5; the absence no longer drops a round.
    assert_eq!(progressive("甲"), (3.0, 5.0), "{rows}");
    // 迟到: 2 from round 2 on, a draw in round 3 → 0 + 2 + 3 = 5.
    assert_eq!(progressive("迟到"), (3.0, 5.0), "{rows}");
}

/// The wall chart marks what was not played as such (forfeits, a double forfeit, an
/// absence, rounds before a late entry and after a withdrawal), and the pairing sheet
/// lists those absent.
#[test]
fn the_wall_chart_marks_what_was_not_played() {
    let q = six_by_rating();
    q.ok(&["stage", "add", "swiss", "--rounds", "4"]);
    q.ok(&["draw", "--seed", "5"]);
    let boards = pairings(&q, 1);
    for (k, result) in ["+-", "0-0", "1-0"].iter().enumerate() {
        q.ok(&["result", "1", &boards[k]["board"].to_string(), result]);
    }
    q.ok(&["player", "absent", "甲", "--round", "2"]);
    q.ok(&["player", "add", "迟到", "--rating", "2000"]);
    q.ok(&["pair"]);
    for p in pairings(&q, 2) {
        if !p["black"].is_null() {
            q.ok(&["result", "2", &p["board"].to_string(), "1/2"]);
        }
    }
    let sheet = q.path("pairings2.pdf");
    q.ok(&[
        "print",
        "pairings",
        "--round",
        "2",
        "-o",
        sheet.to_str().unwrap(),
    ]);
    let text = pdftotext(&sheet);
    let line = text
        .lines()
        .find(|l| l.contains("请假"))
        .unwrap_or_default();
    assert!(
        line.contains('甲'),
        "the absent listed on the sheet: {text}"
    );
    let gone = boards[2]["black"].as_str().unwrap().to_string();
    let id = q
        .json(&["player", "list", "--json"])
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == gone.as_str())
        .unwrap()["id"]
        .to_string();
    q.ok(&["player", "withdraw", &id]);
    q.ok(&["pair"]);
    let chart = q.path("wall.pdf");
    q.ok(&["print", "wall-chart", "-o", chart.to_str().unwrap()]);
    let text = pdftotext(&chart);
    for mark in ["+", "−", "双弃", "请假", "迟到", "退赛"] {
        assert!(text.contains(mark), "{mark} on the wall chart: {text}");
    }
}

/// `pairings --explain` names each score group's members, who floated and why, and
/// anyone moved more than one group; in Chinese, and in English with `--lang en`.
#[test]
fn the_explanation_names_groups_floats_and_their_reasons() {
    let q = new_swiss_event();
    for (i, name) in ["甲", "乙", "丙", "丁", "戊", "己", "庚", "辛", "壬", "癸"]
        .iter()
        .enumerate()
    {
        let rating = (2400 - 100 * i).to_string();
        q.ok(&["player", "add", name, "--rating", &rating]);
    }
    q.ok(&["stage", "add", "swiss", "--rounds", "4"]);
    q.ok(&["draw", "--seed", "2026"]);
    for (board, result) in [(1, "1-0"), (2, "1-0"), (3, "1-0"), (4, "1/2"), (5, "1/2")] {
        q.ok(&["result", "1", &board.to_string(), "--", result]);
    }
    q.ok(&["pair"]);
    // 乙 己 辛 won round 1 (2 points), 丁 戊 壬 癸 drew, 甲 丙 庚 lost.
    let zh = q.ok(&["pairings", "--explain", "--round", "2"]);
    assert!(zh.contains("2 分（3 人）：乙、己、辛"), "{zh}");
    assert!(zh.contains("0 分（3 人）：甲、丙、庚"), "{zh}");
    // The odd top group's lowest floats one group, past the two paired together.
    assert!(zh.contains("辛（2 分）下浮至 1 分组"), "{zh}");
    assert!(zh.contains("乙、己 已与他人配对"), "{zh}");
    assert!(zh.contains("已与 壬 交过手"), "{zh}");
    assert!(!zh.contains("! "), "nobody moved two groups: {zh}");
    let en = q.ok(&["pairings", "--explain", "--round", "2", "--lang", "en"]);
    assert!(en.contains("score 2 (3): 乙, 己, 辛"), "{en}");
    assert!(en.contains("辛 (score 2) floats down to score 1"), "{en}");
    assert!(en.contains("had met 壬"), "{en}");
    let json = q.json(&["pairings", "--explain", "--round", "2", "--json"]);
    let floated: Vec<&Value> = json
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|b| b.get("float").filter(|f| !f.is_null()))
        .collect();
    assert_eq!(floated.len(), 2, "{json}");
    assert!(floated.iter().all(|f| f["groups"] == 1));
    assert_eq!(
        json[0]["group_members"],
        serde_json::json!(["乙", "己", "辛"])
    );

    // Set by hand, 2 against 0: the float over two groups is named.
    q.ok(&["pairing", "set", "2", "1", "乙", "丙"]);
    let zh = q.ok(&["pairings", "--explain", "--round", "2"]);
    assert!(zh.contains("! 乙 下浮 2 个分组"), "{zh}");
    let en = q.ok(&["pairings", "--explain", "--round", "2", "--lang", "en"]);
    assert!(en.contains("! 乙 floats down 2 score groups"), "{en}");
}
