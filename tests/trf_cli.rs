//! FIDE's tournament report files through the command line: an event from another
//! program continued here and written back, an event of Qisai written for a rating
//! body, the FIDE tiebreaks in any chain, and a damaged file refused by line and
//! column.

mod common;

use std::path::PathBuf;

use common::Qisai;

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tournament/tests/trf")
        .join(name)
}

fn import(q: &Qisai, name: &str, extra: &[&str]) -> serde_json::Value {
    let source = fixture(name);
    let mut args = vec![
        "import",
        "trf",
        source.to_str().unwrap(),
        q.file.to_str().unwrap(),
        "--json",
    ];
    args.extend_from_slice(extra);
    q.json(&args)
}

#[test]
fn an_imported_event_is_continued_and_written_back() {
    let q = Qisai::new();
    let summary = import(&q, "roundtrip.trf", &[]);
    assert_eq!(summary["players"], 8);
    assert_eq!(summary["rounds"], 4);
    assert_eq!(summary["planned"], 5);
    assert_eq!(summary["warnings"], serde_json::json!([]));
    // Written back as read.
    let back = q.path("back.trf");
    q.ok(&["export", "trf", back.to_str().unwrap()]);
    assert_eq!(
        std::fs::read_to_string(&back).unwrap(),
        std::fs::read_to_string(fixture("roundtrip.trf")).unwrap()
    );
    // Round 4 was paired in the file: its results, then round 5 as usual.
    for (board, result) in [("1", "1-0"), ("2", "1/2"), ("3", "0-1")] {
        q.ok(&["result", "4", board, result]);
    }
    q.ok(&["pair"]);
    let pairings = q.json(&["pairings", "--round", "5", "--json"]);
    let boards = pairings.as_array().unwrap();
    assert_eq!(boards.len(), 4, "eight players, four boards");
    // Nobody meets an opponent again: 王天一 met 5, 8, 2 and 3.
    let wang = boards
        .iter()
        .find(|b| b["red"] == "王天一" || b["black"] == "王天一")
        .unwrap();
    let other = if wang["red"] == "王天一" {
        &wang["black"]
    } else {
        &wang["red"]
    };
    for met in [
        "Alexander Kutsch",
        "Dương Đình Chung",
        "郑惟桐",
        "Lai Tak-Wah",
    ] {
        assert_ne!(other, met);
    }
    // The standings keep their shape, each tiebreak with its code.
    let standings = q.json(&["standings", "--json"]);
    let codes: Vec<&str> = standings[0]["tiebreaks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["BH-C1", "BH", "SB"]);
    assert_eq!(standings[0]["name"], "王天一");
    assert_eq!(standings[0]["points"], 6, "on the file's 2/1/0 scale");
}

#[test]
fn the_chain_and_the_edition_are_chosen_at_import() {
    let q = Qisai::new();
    import(
        &q,
        "tec_2023_swiss.trf",
        &["--tiebreaks", "PTS,BH,SB-C1,ARO", "--fide-edition", "2012"],
    );
    let standings = q.json(&["standings", "--json", "--lang", "en"]);
    let row = |name: &str| {
        standings
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["name"] == name)
            .unwrap()
            .clone()
    };
    // Nick's Buchholz under the virtual opponents of 2012 (worked out in the core's
    // tests): 13.5; ARO over the one game he played: 2050.
    let nick = row("Nick");
    assert_eq!(nick["tiebreaks"][0]["code"], "BH");
    assert_eq!(nick["tiebreaks"][0]["value"], 13.5);
    assert_eq!(nick["tiebreaks"][2]["value"], 2050);
    assert_eq!(nick["tiebreaks"][0]["name"], "Buchholz (BH)");
    // Each value explains itself.
    let explained = q.ok(&["standings", "--explain", "Nick"]);
    assert!(explained.contains("对手分（BH） = 13.5"), "{explained}");
    assert!(
        explained.contains("未赛：按假想对手（2012 规则）计"),
        "{explained}"
    );
}

#[test]
fn a_swiss_of_qisai_is_written_for_a_rating_body_and_read_back() {
    let q = Qisai::new();
    let file = q.file.to_str().unwrap();
    q.ok(&["new", file, "--name", "市象棋公开赛", "--game", "xiangqi"]);
    for (name, rating) in [
        ("甲", "2100"),
        ("乙", "2000"),
        ("丙", "1900"),
        ("丁", "1800"),
        ("戊", "1700"),
    ] {
        q.ok(&["player", "add", name, "--rating", rating]);
    }
    q.ok(&[
        "stage",
        "add",
        "swiss",
        "--rounds",
        "3",
        "--tiebreaks",
        "points,BH-C1,ARO",
    ]);
    q.ok(&["draw", "--seed", "7"]);
    for round in 1..=2 {
        if round > 1 {
            q.ok(&["pair"]);
        }
        for board in ["1", "2"] {
            q.ok(&["result", &round.to_string(), board, "1-0"]);
        }
    }
    let out = q.path("city.trf");
    q.ok(&["export", "trf", out.to_str().unwrap()]);
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.starts_with("012 市象棋公开赛\n"), "{text}");
    assert!(text.contains("XXR 3\n"), "{text}");
    // The Chinese scale 2/1/0 travels with the file.
    assert!(text.contains("XXS W=2.0 D=1.0 L=0.0"), "{text}");
    assert!(text.contains("0000 - U"), "a pairing bye in five: {text}");
    let standings = q.json(&["standings", "--json"]);
    // Read back into a new event: the same standings.
    let again = Qisai::new();
    again.json(&[
        "import",
        "trf",
        out.to_str().unwrap(),
        again.file.to_str().unwrap(),
        "--json",
        "--tiebreaks",
        "points,BH-C1,ARO",
    ]);
    let imported = again.json(&["standings", "--json"]);
    let strip = |v: &serde_json::Value| {
        v.as_array()
            .unwrap()
            .iter()
            .map(|r| {
                (
                    r["name"].clone(),
                    r["points"].clone(),
                    r["tiebreaks"].clone(),
                )
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(strip(&imported), strip(&standings));
}

#[test]
fn a_damaged_file_is_refused_by_line_and_column_and_nothing_is_made() {
    let q = Qisai::new();
    let text = std::fs::read_to_string(fixture("roundtrip.trf")).unwrap();
    let damaged = text.replacen("   5 w 1", "   5 w 0", 1);
    let path = q.write("damaged.trf", damaged.as_bytes());
    let args = [
        "import",
        "trf",
        path.to_str().unwrap(),
        q.file.to_str().unwrap(),
    ];
    let err = q.fails(&args);
    assert!(
        err.contains("第 15 行第 92 列：第 1 轮 1 号与 5 号的这盘棋，5 号那一行写的不一样"),
        "{err}"
    );
    common::assert_no_english(&err, &args);
    assert!(!q.file.exists(), "nothing is made of a refused file");
    let err = q.fails(&[
        "--lang",
        "en",
        "import",
        "trf",
        path.to_str().unwrap(),
        q.file.to_str().unwrap(),
    ]);
    assert!(
        err.contains("line 15, column 92: round 1, the game of 1 against 5"),
        "{err}"
    );
    // The points column disagreeing with the results.
    let wrong = text.replacen(" 3.0    3 ", " 3.5    3 ", 1);
    let path = q.write("points.trf", wrong.as_bytes());
    let err = q.fails(&[
        "import",
        "trf",
        path.to_str().unwrap(),
        q.file.to_str().unwrap(),
    ]);
    assert!(
        err.contains("第 16 行第 81 列：2 号选手文件中记为 3.5 分，按各轮成绩应为 3 分"),
        "{err}"
    );
}

#[test]
fn fide_tiebreaks_in_any_chain_and_unknown_codes_refused() {
    let q = Qisai::new();
    let file = q.file.to_str().unwrap();
    q.ok(&["new", file, "--name", "循环赛", "--game", "xiangqi"]);
    for name in ["甲", "乙", "丙", "丁"] {
        q.ok(&["player", "add", name]);
    }
    let err = q.fails(&[
        "stage",
        "add",
        "round-robin",
        "--tiebreaks",
        "points,WIN-C1",
    ]);
    assert!(err.contains("WIN-C1"), "{err}");
    q.ok(&[
        "stage",
        "add",
        "round-robin",
        "--tiebreaks",
        "points,SB,KS,WIN,DE",
        "--fide-edition",
        "2024",
    ]);
    let err = q.fails(&[
        "stage",
        "add",
        "swiss",
        "--rounds",
        "3",
        "--tiebreaks",
        "SB",
        "--fide-edition",
        "1999",
    ]);
    assert!(
        err.contains("--fide-edition 不能是“1999”") && err.contains("2026、2024、2012"),
        "{err}"
    );
    q.ok(&["draw", "--seed", "1"]);
    let standings = q.json(&["standings", "--json"]);
    let codes: Vec<&str> = standings[0]["tiebreaks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["SB", "KS", "WIN", "DE"]);
}

#[test]
fn rating_changes_by_the_elo_formula() {
    let q = Qisai::new();
    import(&q, "tec_2023_swiss.trf", &[]);
    let rows = q.json(&["standings", "--ratings", "--json"]);
    let bruno = &rows[0];
    // Bruno (2150) met 1750, 1900, 2200, 1450 and 2100: expected .92 + .81 + .43 +
    // .92 (700 apart counts as 400) + .57 = 3.65; scored 4: 20 × 0.35 = +7. His
    // performance is the TEC table's TPR, 2120.
    assert_eq!(bruno["name"], "Bruno");
    assert_eq!(bruno["expected"], 3.65);
    assert_eq!(bruno["score"], 4.0);
    assert_eq!(
        (bruno["k"].clone(), bruno["change"].clone()),
        (20.into(), 7.into())
    );
    assert_eq!(bruno["new_rating"], 2157);
    assert_eq!(bruno["performance"], 2120);
    let club = q.json(&["standings", "--ratings", "--k", "40", "--json"]);
    assert_eq!(club[0]["change"], 14);
    // Nick played one game: his forfeit win and byes are not rated.
    let nick = rows
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == "Nick")
        .unwrap();
    assert_eq!(nick["games"], 1);
    let text = q.ok(&["standings", "--ratings"]);
    assert!(text.contains("期望得分") && text.contains("+7"), "{text}");
    let pdf = q.path("ratings.pdf");
    q.ok(&["print", "ratings", "-o", pdf.to_str().unwrap()]);
    let printed = common::pdftotext(&pdf);
    assert!(printed.contains("等级分变化表"), "{printed}");
    assert!(printed.contains("2157"), "{printed}");
}
