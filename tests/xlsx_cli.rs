//! Excel in and out through the real binary: an entry list imported from xlsx with the
//! checks of CSV (a bad row named by its row, nothing imported), and the event exported
//! as one workbook read back by an independent reader: a sheet each for players,
//! pairings, results, standings and crosstables, numbers as numbers, results as text,
//! Chinese intact, no formula.

mod common;

use calamine::{Data, Reader, Xlsx};
use common::Qisai;

fn workbook(rows: &[&[&str]]) -> Vec<u8> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    for (r, row) in rows.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            match cell.parse::<f64>() {
                Ok(n) if r > 0 => sheet.write_number(r as u32, c as u16, n).unwrap(),
                _ => sheet.write_string(r as u32, c as u16, *cell).unwrap(),
            };
        }
    }
    book.save_to_buffer().unwrap()
}

#[test]
fn an_entry_list_from_excel() {
    let q = Qisai::new();
    q.ok(&[
        "new",
        q.file.to_str().unwrap(),
        "--name",
        "表格",
        "--game",
        "xiangqi",
    ]);
    let bad = q.write(
        "bad.xlsx",
        &workbook(&[
            &["姓名", "单位", "等级分"],
            &["王天一", "杭州", "2600"],
            &["郑惟桐", "四川", "很高"],
        ]),
    );
    let err = q.fails(&["player", "import", bad.to_str().unwrap()]);
    assert!(
        err.contains("bad.xlsx") && err.contains('3'),
        "the row is named: {err}"
    );
    assert_eq!(
        q.json(&["player", "list", "--json"])
            .as_array()
            .unwrap()
            .len(),
        0
    );
    let good = q.write(
        "players.xlsx",
        &workbook(&[
            &["姓名", "单位", "等级分"],
            &["王天一", "杭州", "2600"],
            &["郑惟桐", "四川", "2580"],
        ]),
    );
    q.ok(&["player", "import", good.to_str().unwrap()]);
    let players = q.json(&["player", "list", "--json"]);
    assert_eq!(players[0]["name"], "王天一");
    assert_eq!(
        players[1]["rating"], 2580,
        "a number cell read as the rating"
    );
}

#[test]
fn the_event_as_one_workbook() {
    let q = Qisai::new();
    q.ok(&[
        "new",
        q.file.to_str().unwrap(),
        "--name",
        "春季赛",
        "--game",
        "xiangqi",
    ]);
    for (name, rating) in [
        ("王天一", "2600"),
        ("郑惟桐", "2580"),
        ("许银川", "2550"),
        ("=1+1", "2500"),
    ] {
        q.ok(&["player", "add", name, "--rating", rating]);
    }
    q.ok(&["stage", "add", "round-robin"]);
    q.ok(&["draw", "--seed", "5"]);
    q.ok(&["result", "1", "1", "1-0"]);
    q.ok(&["result", "1", "2", "1/2"]);
    let path = q.path("event.xlsx");
    q.ok(&["export", "xlsx", path.to_str().unwrap()]);
    let mut book: Xlsx<_> = calamine::open_workbook(&path).unwrap();
    assert_eq!(book.sheet_names(), ["选手", "对阵", "成绩", "名次", "总表"]);
    let players = book.worksheet_range("选手").unwrap();
    assert_eq!(players.get((0, 1)), Some(&Data::String("姓名".into())));
    assert_eq!(players.get((1, 1)), Some(&Data::String("王天一".into())));
    assert_eq!(
        players.get((1, 3)),
        Some(&Data::Float(2600.0)),
        "a rating is a number"
    );
    assert_eq!(
        players.get((4, 1)),
        Some(&Data::String("=1+1".into())),
        "text, not a formula"
    );
    let results = book.worksheet_range("成绩").unwrap();
    let texts: Vec<String> = results.rows().skip(1).map(|r| r[6].to_string()).collect();
    assert!(texts.contains(&"1-0".to_string()), "{texts:?}");
    assert!(texts.contains(&"1/2-1/2".to_string()), "{texts:?}");
    assert!(
        results
            .rows()
            .skip(1)
            .all(|r| matches!(r[6], Data::String(_) | Data::Empty))
    );
    let crosstable = book.worksheet_range("总表").unwrap();
    assert!(
        crosstable
            .rows()
            .any(|r| r.iter().any(|c| *c == Data::String("×".into())))
    );
}

/// A CSV with several bad lines names every one of them, by its line in the file (the
/// header is line 1), and imports nobody.
#[test]
fn every_bad_line_of_an_entry_list_at_once() {
    let q = Qisai::new();
    q.ok(&[
        "new",
        q.file.to_str().unwrap(),
        "--name",
        "导入",
        "--game",
        "xiangqi",
    ]);
    let csv = q.write(
        "players.csv",
        "姓名,单位,等级分\n王天一,杭州,2600\n,四川,\n许银川,广东,很高\n赵鑫鑫,浙江,2540\n"
            .as_bytes(),
    );
    let err = q.fails(&["player", "import", csv.to_str().unwrap()]);
    assert!(err.contains("有 2 行不能导入"), "{err}");
    assert!(err.contains("第 3 行") && err.contains("第 4 行"), "{err}");
    assert_eq!(
        q.json(&["player", "list", "--json"])
            .as_array()
            .unwrap()
            .len(),
        0
    );
}
