//! 团体总分 through the real binary: each club's total from its entrants' final places,
//! recomputed here by hand from `standings --final`, with shared places sharing their
//! points; the best-N and points variants; the printout; the refusals.

mod common;

use std::collections::BTreeMap;

use calamine::{Data, Reader, Xlsx};
use common::{Qisai, pdftotext};
use serde_json::Value;

const PLACE_POINTS: [f64; 8] = [9.0, 7.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0];

/// Eight players of four clubs, two each.
fn registered(q: &Qisai) {
    q.ok(&[
        "new",
        q.file.to_str().unwrap(),
        "--name",
        "少年赛",
        "--game",
        "xiangqi",
    ]);
    let clubs = ["一中", "二中", "三中", "四中"];
    for i in 0..8 {
        let name = format!("棋手{}", i + 1);
        q.ok(&["player", "add", &name, "--club", clubs[i % 4]]);
    }
}

/// A knockout of eight, red winning every game: 1, 2, 3–4 (two), 5–8 (four).
fn knockout(q: &Qisai) {
    registered(q);
    q.ok(&["stage", "add", "knockout"]);
    q.ok(&["draw", "--seed", "11"]);
    for (round, boards) in [("1", 4), ("2", 2), ("3", 1)] {
        if round != "1" {
            q.ok(&["pair"]);
        }
        for board in 1..=boards {
            q.ok(&["result", round, &board.to_string(), "1-0"]);
        }
    }
}

/// club → (total, [places counted]) as the rules count them, from the final ranking.
fn by_hand(q: &Qisai, best: Option<usize>) -> BTreeMap<String, f64> {
    let ranking = q.json(&["standings", "--final", "--json"]);
    let mut placed: BTreeMap<String, Vec<(u64, u64)>> = BTreeMap::new();
    for p in ranking.as_array().unwrap() {
        let club = p["club"].as_str().unwrap().to_string();
        let (first, last) = (p["first"].as_u64().unwrap(), p["last"].as_u64().unwrap());
        placed.entry(club).or_default().push((first, last));
    }
    placed
        .into_iter()
        .map(|(club, mut places)| {
            places.sort();
            places.truncate(best.unwrap_or(usize::MAX));
            let total = places
                .iter()
                .map(|&(first, last)| {
                    let worth: f64 = (first..=last)
                        .map(|k| PLACE_POINTS.get(k as usize - 1).copied().unwrap_or(0.0))
                        .sum();
                    worth / (last - first + 1) as f64
                })
                .sum();
            (club, total)
        })
        .collect()
}

fn totals(rows: &Value) -> BTreeMap<String, f64> {
    rows.as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["club"].as_str().unwrap().to_string(),
                r["total"].as_f64().unwrap(),
            )
        })
        .collect()
}

fn assert_same(got: &BTreeMap<String, f64>, want: &BTreeMap<String, f64>) {
    assert_eq!(
        got.keys().collect::<Vec<_>>(),
        want.keys().collect::<Vec<_>>()
    );
    for (club, total) in want {
        assert!(
            (got[club] - total).abs() < 0.006,
            "{club}: {} ≠ {total}",
            got[club]
        );
    }
}

#[test]
fn club_totals_share_the_points_of_shared_places() {
    let q = Qisai::new();
    knockout(&q);
    let rows = q.json(&["standings", "--clubs", "--json"]);
    let got = totals(&rows);
    assert_same(&got, &by_hand(&q, None));
    // Sharing keeps every point: 9 + 7 + (6 + 5) + (4 + 3 + 2 + 1) over the clubs.
    assert!((got.values().sum::<f64>() - 37.0).abs() < 1e-9, "{rows}");
    // Ranked by total, ties by first places, then second places …
    let order: Vec<(f64, Vec<u64>)> = rows
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let places = r["places"].as_array().unwrap();
            (
                r["total"].as_f64().unwrap(),
                places.iter().map(|p| p.as_u64().unwrap()).collect(),
            )
        })
        .collect();
    for pair in order.windows(2) {
        assert!(
            pair[0].0 > pair[1].0 || (pair[0].0 == pair[1].0 && pair[0].1 >= pair[1].1),
            "{rows}"
        );
    }
    assert_eq!(rows[0]["rank"], 1);
    // A semi-final loser's share of 3rd–4th: (6 + 5) / 2.
    let semi = rows
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r["entrants"].as_array().unwrap().clone())
        .find(|e| e["place"] == 3)
        .unwrap();
    assert_eq!(
        (semi["shared_to"].clone(), semi["scored"].clone()),
        (4.into(), 5.5.into())
    );

    let best = q.json(&["standings", "--clubs", "--best", "1", "--json"]);
    assert_same(&totals(&best), &by_hand(&q, Some(1)));

    let text = q.ok(&["standings", "--clubs", "--places", "10,8,6,4"]);
    assert!(
        text.contains("名次") && text.contains("总分") && text.contains("计分名次"),
        "{text}"
    );
    assert!(
        text.contains("3–4"),
        "shared places are shown as such: {text}"
    );

    let pdf = q.path("clubs.pdf");
    q.ok(&["print", "clubs", "-o", pdf.to_str().unwrap()]);
    let printed = pdftotext(&pdf);
    assert!(printed.contains("团体总分"), "{printed}");
    assert!(
        printed.contains("按名次计分：9、7、6、5、4、3、2、1"),
        "{printed}"
    );
    for club in got.keys() {
        assert!(printed.contains(club.as_str()), "{club} in {printed}");
    }
    // The results book ends with them, and the workbook has them as a sheet of numbers.
    let book = q.path("book.pdf");
    q.ok(&["print", "results-book", "-o", book.to_str().unwrap()]);
    let book = pdftotext(&book);
    assert!(book.rfind("团体总分") > book.rfind("最终名次"), "{book}");
    let workbook = q.path("event.xlsx");
    q.ok(&["export", "xlsx", workbook.to_str().unwrap()]);
    let mut workbook: Xlsx<_> = calamine::open_workbook(&workbook).unwrap();
    assert_eq!(
        workbook.sheet_names().last().map(String::as_str),
        Some("团体总分")
    );
    let sheet = workbook.worksheet_range("团体总分").unwrap();
    let first = sheet.rows().nth(1).unwrap();
    assert_eq!(first[1].to_string(), rows[0]["club"].as_str().unwrap());
    assert_eq!(first[2], Data::Float(rows[0]["total"].as_f64().unwrap()));
}

#[test]
fn club_totals_by_points_add_up_the_standings() {
    let q = Qisai::new();
    registered(&q);
    q.ok(&["stage", "add", "round-robin"]);
    q.ok(&["draw", "--seed", "5"]);
    for round in 1..=7 {
        for board in 1..=4 {
            let result = if (round + board) % 3 == 0 {
                "1/2-1/2"
            } else {
                "1-0"
            };
            q.ok(&["result", &round.to_string(), &board.to_string(), result]);
        }
    }
    let clubs: BTreeMap<String, String> = q
        .json(&["player", "list", "--json"])
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["name"].as_str().unwrap().into(),
                p["club"].as_str().unwrap().into(),
            )
        })
        .collect();
    let mut want: BTreeMap<String, f64> = BTreeMap::new();
    for r in q.json(&["standings", "--json"]).as_array().unwrap() {
        let club = clubs[r["name"].as_str().unwrap()].clone();
        *want.entry(club).or_default() += r["points"].as_f64().unwrap();
    }
    let got = totals(&q.json(&["standings", "--clubs", "--points", "--json"]));
    assert_same(&got, &want);
}

#[test]
fn a_club_rule_is_refused_where_it_does_not_apply() {
    let q = Qisai::new();
    knockout(&q);
    let err = q.fails(&["standings", "--best", "2"]);
    assert!(err.contains("--clubs"), "{err}");
    let err = q.fails(&["standings", "--clubs", "--places", "1,2,3"]);
    assert!(err.contains("名次分“1,2,3”无法识别"), "{err}");
    q.fails(&["standings", "--clubs", "--places", "9,7", "--points"]);
    let pdf = q.path("receipts.pdf");
    let err = q.fails(&[
        "print",
        "prize-receipts",
        "--places",
        "9,7",
        "-o",
        pdf.to_str().unwrap(),
    ]);
    assert!(err.contains("名次数应为整数"), "{err}");
    let err = q.fails(&[
        "print",
        "standings",
        "--best",
        "2",
        "-o",
        pdf.to_str().unwrap(),
    ]);
    assert!(err.contains("print clubs"), "{err}");
    // Prize receipts still take a number of places.
    q.ok(&[
        "print",
        "prize-receipts",
        "--places",
        "4",
        "-o",
        pdf.to_str().unwrap(),
    ]);
}
