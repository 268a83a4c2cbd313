//! Files and inputs that try to hurt, through the real binary: workbooks that declare a
//! sheet of 17 billion cells or inflate to hundreds of MB, entry lists beyond the entrant
//! limit, a round robin too large to draw, and event files edited by hand behind the
//! log's back. Each is refused with a clear message, in bounded memory, and changes
//! nothing; `check` names every tampered row.

mod common;

use std::io::{Read, Write};
use std::process::Command;

use common::Qisai;

/// The binary run under a cap on its address space: asking for far more memory must
/// be a refusal, never an abort.
fn capped(q: &Qisai, megabytes: u64, args: &[&str]) -> std::process::Output {
    Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v {}; exec \"$0\" \"$@\"",
            megabytes * 1024
        ))
        .arg(env!("CARGO_BIN_EXE_qisai"))
        .arg("-f")
        .arg(&q.file)
        .args(args)
        .output()
        .unwrap()
}

fn event(q: &Qisai) {
    q.ok(&[
        "new",
        q.file.to_str().unwrap(),
        "--name",
        "坏文件",
        "--game",
        "xiangqi",
    ]);
}

fn registered(q: &Qisai) -> usize {
    q.json(&["player", "list", "--json"])
        .as_array()
        .map_or(0, Vec::len)
}

/// A refusal (exit status 1 or 2, no signal) whose message says `what`.
fn refused(o: &std::process::Output, what: &str) -> String {
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(
        matches!(o.status.code(), Some(1 | 2)),
        "a refusal, not {:?}: {err}",
        o.status
    );
    assert!(err.contains(what), "{what:?} in: {err}");
    err
}

#[test]
fn a_workbook_declaring_the_whole_sheet_is_read_by_its_cells() {
    let q = Qisai::new();
    event(&q);
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    sheet.write_string(0, 0, "姓名").unwrap();
    sheet.write_string(1, 0, "王天一").unwrap();
    // The last cell of a sheet: its dimension is A1:XFD1048576.
    sheet.write_string(1_048_575, 16_383, "x").unwrap();
    let bytes = book.save_to_buffer().unwrap();
    assert!(bytes.len() < 8 << 10, "a small file: {}", bytes.len());
    let path = q.write("dimension.xlsx", &bytes);
    let o = capped(&q, 1024, &["player", "import", path.to_str().unwrap()]);
    refused(&o, "dimension.xlsx");
    refused(&o, "行以下还有内容");
    assert_eq!(registered(&q), 0);
    // The same workbook previewed by the page, on a server without a token: refused,
    // and the server still answers.
    use base64::Engine;
    let s = common::serve::serve(&q, &[]);
    let body = serde_json::json!({
        "file_name": "dimension.xlsx",
        "base64": base64::engine::general_purpose::STANDARD.encode(&bytes),
    })
    .to_string();
    let json = [common::serve::JSON];
    let (status, answer) = common::serve::post(s.port, "entrants.preview_import", &body, &json);
    assert_eq!(status, 422, "{answer}");
    assert!(answer.contains("import.sheet_too_long"), "{answer}");
    let (status, _) = common::serve::post(s.port, "event.info", "{}", &json);
    assert_eq!(status, 200);
}

/// An xlsx whose sheet is `padding` bytes of white space between its rows: a valid
/// workbook that inflates to any size while the file stays small.
fn inflating_workbook(padding: usize) -> Vec<u8> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    sheet.write_string(0, 0, "姓名").unwrap();
    sheet.write_string(1, 0, "王天一").unwrap();
    let small = book.save_to_buffer().unwrap();
    let mut source = zip::ZipArchive::new(std::io::Cursor::new(small)).unwrap();
    let mut out = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .large_file(true);
    for i in 0..source.len() {
        let mut entry = source.by_index(i).unwrap();
        let name = entry.name().to_string();
        let mut text = Vec::new();
        entry.read_to_end(&mut text).unwrap();
        out.start_file(&name, options).unwrap();
        if name == "xl/worksheets/sheet1.xml" {
            let text = String::from_utf8(text).unwrap();
            let (head, tail) = text.split_once("</sheetData>").unwrap();
            out.write_all(head.as_bytes()).unwrap();
            let spaces = vec![b' '; 1 << 20];
            for _ in 0..padding >> 20 {
                out.write_all(&spaces).unwrap();
            }
            out.write_all(b"</sheetData>").unwrap();
            out.write_all(tail.as_bytes()).unwrap();
        } else {
            out.write_all(&text).unwrap();
        }
    }
    out.finish().unwrap().into_inner()
}

#[test]
fn a_workbook_that_inflates_to_hundreds_of_megabytes_is_refused_in_bounded_memory() {
    let q = Qisai::new();
    event(&q);
    let bomb = inflating_workbook(256 << 20);
    assert!(bomb.len() < 1 << 20, "the bomb is small: {}", bomb.len());
    let path = q.write("bomb.xlsx", &bomb);
    // 256 MB of address space would not even hold the inflated sheet once.
    let o = capped(&q, 512, &["player", "import", path.to_str().unwrap()]);
    refused(&o, "bomb.xlsx");
    refused(&o, "解压后超过 64");
    assert_eq!(registered(&q), 0);
    // The same workbook, of an honest size, imports.
    let fine = q.write("fine.xlsx", &inflating_workbook(2 << 20));
    q.ok(&["player", "import", fine.to_str().unwrap()]);
    assert_eq!(registered(&q), 1);
}

#[test]
fn a_sheet_of_many_rows_stops_at_its_bound() {
    let q = Qisai::new();
    event(&q);
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    sheet.write_string(0, 0, "姓名").unwrap();
    for r in 1..30_000u32 {
        sheet.write_string(r, 0, format!("选手{r}")).unwrap();
    }
    let path = q.write("long.xlsx", &book.save_to_buffer().unwrap());
    let o = capped(&q, 1024, &["player", "import", path.to_str().unwrap()]);
    refused(&o, "long.xlsx");
    assert_eq!(registered(&q), 0);
}

fn csv_of(rows: usize, rating: &str) -> Vec<u8> {
    let mut text = String::from("姓名,等级分\n");
    for i in 1..=rows {
        text.push_str(&format!("选手{i},{rating}\n"));
    }
    text.into_bytes()
}

#[test]
fn registration_holds_to_the_entrant_limit() {
    let q = Qisai::new();
    event(&q);
    // 100,000 rows: read no further than the limit, refused, nothing registered.
    let huge = q.write("huge.csv", &csv_of(100_000, "2000"));
    let err = q.fails(&["player", "import", huge.to_str().unwrap()]);
    assert!(err.contains("第 4098 行") && err.contains("4096"), "{err}");
    assert_eq!(registered(&q), 0);
    // 4,096 is the limit itself.
    let full = q.write("full.csv", &csv_of(4096, "2000"));
    q.ok(&["player", "import", full.to_str().unwrap()]);
    assert_eq!(registered(&q), 4096);
    let err = q.fails(&["player", "add", "第4097人"]);
    assert!(err.contains("最多登记 4096 名"), "{err}");
    let one = q.write("one.csv", "姓名\n又一人\n".as_bytes());
    let err = q.fails(&["player", "import", one.to_str().unwrap()]);
    assert!(err.contains("4096"), "{err}");
    assert_eq!(registered(&q), 4096);
}

#[test]
fn a_file_of_bad_lines_lists_the_first_fifty_and_counts_them_all() {
    let q = Qisai::new();
    event(&q);
    let bad = q.write("bad.csv", &csv_of(300, "很高"));
    let err = q.fails(&["player", "import", bad.to_str().unwrap()]);
    assert!(err.contains("有 300 行不能导入"), "{err}");
    assert!(err.contains("前 50 行"), "{err}");
    assert_eq!(err.matches("不是整数").count(), 50, "{err}");
    assert_eq!(registered(&q), 0);
}

#[test]
fn a_round_robin_too_large_to_draw_is_refused_before_the_draw() {
    let q = Qisai::new();
    event(&q);
    let players = q.write("players.csv", &csv_of(200, "2000"));
    q.ok(&["player", "import", players.to_str().unwrap()]);
    q.ok(&["stage", "add", "round-robin"]);
    let o = capped(&q, 1024, &["draw", "--seed", "1"]);
    refused(&o, "一组 200 人太多");
    refused(&o, "每组最多 128 人");
    // In two groups it draws.
    q.ok(&["stage", "edit", "1", "round-robin", "--groups", "2"]);
    q.ok(&["draw", "--seed", "1"]);
}

#[test]
fn text_past_its_bound_a_folder_and_a_board_swapped_with_itself_are_refused() {
    let q = Qisai::new();
    event(&q);
    let long = "王".repeat(65);
    let err = q.fails(&["player", "add", &long]);
    assert!(err.contains("姓名太长：最多 64 个字"), "{err}");
    let err = q.fails(&["player", "add", "甲", "--club", &"杭".repeat(101)]);
    assert!(err.contains("单位太长"), "{err}");
    assert_eq!(registered(&q), 0);

    let folder = q.path("folder.qisai");
    std::fs::create_dir(&folder).unwrap();
    let o = common::bin()
        .args(["-f", folder.to_str().unwrap(), "player", "list"])
        .output()
        .unwrap();
    refused(&o, "这是一个文件夹");

    for i in 1..=8 {
        q.ok(&["player", "add", &format!("选手{i}")]);
    }
    q.ok(&["stage", "add", "swiss", "--rounds", "3"]);
    q.ok(&["draw", "--seed", "3"]);
    let before = q.ok(&["pairings", "--json"]);
    let err = q.fails(&["pairing", "swap", "1", "1", "1"]);
    assert!(err.contains("第 1 台不能与自己交换"), "{err}");
    assert_eq!(q.ok(&["pairings", "--json"]), before);
}

#[test]
fn a_record_of_many_megabytes_is_refused_and_stored_nowhere() {
    let q = Qisai::new();
    event(&q);
    q.ok(&["player", "add", "甲"]);
    q.ok(&["player", "add", "乙"]);
    q.ok(&["stage", "add", "round-robin"]);
    q.ok(&["draw", "--seed", "1"]);
    let size = std::fs::metadata(&q.file).unwrap().len();
    // A real game's moves, then 2 MB of comment.
    let record = format!("1. h2e2 h9g7 2. h0g2 {{{}}}\n", "评".repeat(700_000));
    let path = q.write("long.pgn", record.as_bytes());
    let err = q.fails(&[
        "result",
        "1",
        "1",
        "1-0",
        "--record",
        path.to_str().unwrap(),
    ]);
    assert!(err.contains("太大了（最多 1024 千字节）"), "{err}");
    let forty = q.write("forty.pgn", &vec![b' '; 40 << 20]);
    let err = q.fails(&[
        "result",
        "1",
        "1",
        "1-0",
        "--record",
        forty.to_str().unwrap(),
    ]);
    assert!(err.contains("文件太大"), "{err}");
    assert!(std::fs::metadata(&q.file).unwrap().len() < size + (64 << 10));
}

#[test]
fn a_foreign_lock_is_waited_for_three_seconds() {
    let q = Qisai::new();
    event(&q);
    let held = rusqlite::Connection::open(&q.file).unwrap();
    held.execute_batch("BEGIN EXCLUSIVE").unwrap();
    let started = std::time::Instant::now();
    let err = q.fails(&["player", "add", "甲"]);
    let waited = started.elapsed();
    assert!(err.contains("另一个程序"), "{err}");
    // As README says: 3 seconds, not SQLite's or rusqlite's own default of 5.
    assert!(
        waited >= std::time::Duration::from_millis(2_900)
            && waited < std::time::Duration::from_millis(4_800),
        "waited {waited:?}"
    );
    held.execute_batch("ROLLBACK").unwrap();
    q.ok(&["player", "add", "甲"]);
}

/// A hand edit with another program (sqlite3), and what `check` must say of it.
fn tampered(sql: &str, finding: &str) {
    let q = Qisai::new();
    common::bin()
        .args(["demo", q.file.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(q.ok(&["check"]).trim_end().lines().last(), Some("ok"));
    let db = rusqlite::Connection::open(&q.file).unwrap();
    db.execute_batch(sql).unwrap();
    drop(db);
    let o = q.run(&["check"]);
    assert!(!o.status.success(), "{sql}: check must fail");
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains(finding), "{sql}: {finding:?} in {out}");
}

#[test]
fn check_finds_what_another_program_changed() {
    tampered(
        "UPDATE entrant SET data = json_set(data, '$.rating', 99999999) WHERE id = 1",
        "第 1 号参赛者：等级分 99999999 超出范围（0–4000）",
    );
    tampered(
        "UPDATE entrant SET data = json_set(data, '$.rating', 99999999) WHERE id = 1",
        "entrant(comp=0, id=1)：内容与日志最后记下的不同",
    );
    tampered(
        "DELETE FROM game_match WHERE stage = 0 AND grp = 0 AND round = 1 AND board = 1",
        "game_match(comp=0, stage=0, grp=0, round=1, board=1)：日志记下了这一行，但文件里没有了",
    );
    tampered(
        "UPDATE audit SET changes = 'not json' WHERE id = 2",
        "日志 audit(id=2)：不是本程序写下的记录",
    );
    tampered(
        "UPDATE game_match SET data = replace(data, '\"winner\":1', '\"winner\":0') \
         WHERE stage = 0 AND grp = 0 AND round = 1 AND board = 1",
        "game_match(comp=0, stage=0, grp=0, round=1, board=1)：内容与日志最后记下的不同",
    );
    tampered(
        "UPDATE event SET data = json_set(data, '$.scoring.win', -20)",
        "计分办法不合理",
    );
}
