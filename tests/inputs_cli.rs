//! Inputs that must not blow up: names that look alike, control characters, entry
//! lists in encodings Qisai cannot read, and numbers far beyond any real event.

mod common;

use common::Qisai;

fn event(q: &Qisai) {
    q.ok(&[
        "new",
        q.file.to_str().unwrap(),
        "--name",
        "输入测试",
        "--game",
        "xiangqi",
    ]);
}

#[test]
fn names_that_look_alike_are_one_name() {
    let q = Qisai::new();
    event(&q);
    q.ok(&["player", "add", "王天一", "--club", "杭州"]);
    for (name, club) in [
        ("王天一", "杭州 "),
        (" 王天一", "杭州"),
        ("王\u{200B}天一", "杭州"),
        ("王天一\u{FEFF}", "\u{3000}杭州"),
    ] {
        let said = q.fails(&["player", "add", name, "--club", club]);
        assert!(said.contains("已经报名"), "{name:?} {club:?}: {said}");
    }
    let list = q.json(&["player", "list", "--json"]);
    assert_eq!(list.as_array().unwrap().len(), 1);
    // Stored as cleaned: an edit with trailing spaces changes nothing visible.
    q.ok(&["player", "edit", "1", "--club", " 杭州\u{200D} "]);
    let list = q.json(&["player", "list", "--json"]);
    assert_eq!(list[0]["club"], "杭州");
}

#[test]
fn control_characters_are_refused_naming_the_field() {
    let q = Qisai::new();
    event(&q);
    let before = std::fs::read(&q.file).unwrap();
    let cases: [(&[&str], &str); 4] = [
        (&["player", "add", "王\n天一"], "姓名"),
        (
            &["player", "add", "王天一", "--club", "\u{1b}[31m杭州"],
            "单位",
        ),
        (&["edit", "--name", "春季\t赛"], "赛事名称"),
        (
            &["team", "add", "杭州队", "--members", "甲、乙\u{7}"],
            "队员",
        ),
    ];
    for (args, field) in cases {
        let said = q.fails(args);
        assert!(
            said.contains(field) && said.contains("控制字符"),
            "{args:?}: {said}"
        );
    }
    assert_eq!(std::fs::read(&q.file).unwrap(), before);
    let said = String::from_utf8(q.run(&["--lang", "en", "player", "add", "a\rb"]).stderr).unwrap();
    assert!(said.contains("name: the control character"), "{said}");
}

#[test]
fn an_entry_list_neither_utf8_nor_gbk_is_refused_at_its_first_bad_line() {
    let q = Qisai::new();
    event(&q);
    let before = std::fs::read(&q.file).unwrap();
    // Latin-1 (Windows-1252) and Big5, as a Western or a Taiwanese spreadsheet saves them.
    let latin1 = q.write(
        "latin1.csv",
        b"name,club\nAnna,Wien\nJos\xE9 Garc\xEDa,Sevilla\n",
    );
    let said = q.fails(&["player", "import", latin1.to_str().unwrap()]);
    assert!(
        said.contains("latin1.csv") && said.contains("第 3 行"),
        "{said}"
    );
    assert!(said.contains("UTF-8"), "{said}");
    let mueller = q.write("mueller.csv", b"name\nAnna\nM\xFCller\n");
    let said = q.fails(&["player", "import", mueller.to_str().unwrap()]);
    assert!(said.contains("第 3 行"), "{said}");
    // 王天一,臺北 in Big5.
    let big5 = q.write(
        "big5.csv",
        b"name,club\n\xA4\xFD\xA4\xD1\xA4\x40,\xBB\x4F\xA5\x5F\n",
    );
    let said = q.fails(&["player", "import", big5.to_str().unwrap()]);
    assert!(
        said.contains("big5.csv") && said.contains("第 2 行"),
        "{said}"
    );
    assert_eq!(std::fs::read(&q.file).unwrap(), before);
    assert!(
        q.json(&["player", "list", "--json"])
            .as_array()
            .unwrap()
            .is_empty()
    );

    // GBK, as Excel saves CSV on a Chinese Windows, still reads.
    let gbk = q.write(
        "gbk.csv",
        b"\xd0\xd5\xc3\xfb,\xb5\xa5\xce\xbb\n\xcd\xf5\xcc\xec\xd2\xbb,\xba\xbc\xd6\xdd\n",
    );
    q.ok(&["player", "import", gbk.to_str().unwrap()]);
    let list = q.json(&["player", "list", "--json"]);
    assert_eq!(list[0]["name"], "王天一");
    assert_eq!(list[0]["club"], "杭州");
}

#[test]
fn numbers_are_bounded_before_anything_is_allocated() {
    let q = Qisai::new();
    event(&q);
    for i in 1..=8 {
        q.ok(&["player", "add", &format!("棋手{i}")]);
    }
    let before = std::fs::read(&q.file).unwrap();
    let cases: [(&[&str], &str); 6] = [
        (&["schedule", "round-robin", "4294967295"], "参赛人数"),
        (&["schedule", "knockout", "100000"], "参赛人数"),
        (
            &["stage", "add", "knockout", "--groups", "4294967295"],
            "组数",
        ),
        (&["stage", "add", "knockout", "--best-of", "1001"], "局制"),
        (
            &["stage", "add", "round-robin", "--advance", "99999"],
            "出线名额",
        ),
        (&["player", "add", "新人", "--rating", "999999"], "等级分"),
    ];
    for (args, field) in cases {
        let said = q.fails(args);
        assert!(
            said.contains(field) && said.contains("超出范围"),
            "{args:?}: {said}"
        );
    }
    assert_eq!(std::fs::read(&q.file).unwrap(), before);
    let said = String::from_utf8(
        q.run(&["--lang", "en", "schedule", "round-robin", "4294967295"])
            .stderr,
    )
    .unwrap();
    assert!(
        said.contains("entrants: 4294967295 is out of range (2–4096)"),
        "{said}"
    );

    // Within bounds but more groups than the field can fill: refused at the draw.
    q.ok(&["stage", "add", "round-robin", "--groups", "100"]);
    let said = q.fails(&["draw", "--seed", "1"]);
    assert!(said.contains("8 名参赛者分不成 100 组"), "{said}");
    q.ok(&["undo"]);
    q.ok(&["stage", "add", "round-robin", "--groups", "2"]);
    q.ok(&["draw", "--seed", "1"]);
}

#[test]
fn a_team_event_bounds_its_boards() {
    let q = Qisai::new();
    let said = q.fails(&[
        "new",
        q.file.to_str().unwrap(),
        "--name",
        "团体",
        "--game",
        "xiangqi",
        "--team",
        "--boards",
        "100000",
    ]);
    assert!(said.contains("台数"), "{said}");
    assert!(!q.file.exists());
    // Players at a game: 2, or 4 for four-player Junqi; checked by the core.
    let said = q.fails(&[
        "new",
        q.file.to_str().unwrap(),
        "--name",
        "x",
        "--game",
        "xiangqi",
        "--players",
        "4",
    ]);
    assert!(said.contains("象棋没有每局 4 人的比赛"), "{said}");
    assert!(!q.file.exists());
}

/// Text tables have a header row and columns that line up by display width (Chinese
/// takes two columns); a bye is named, results are in words.
#[test]
fn text_tables_line_up() {
    let q = Qisai::new();
    q.ok(&[
        "new",
        q.file.to_str().unwrap(),
        "--name",
        "对齐",
        "--game",
        "checkers",
    ]);
    for n in ["王天一", "Li", "欧阳小明"] {
        q.ok(&["player", "add", n]);
    }
    q.ok(&["stage", "add", "round-robin"]);
    q.ok(&["draw", "--seed", "1"]);
    let round = q.json(&["pairings", "--json", "--round", "1"]);
    let board = round
        .as_array()
        .unwrap()
        .iter()
        .find(|p| !p["black"].is_null())
        .unwrap()["board"]
        .to_string();
    q.ok(&["result", "1", &board, "dead:black"]);
    let width = |s: &str| -> usize {
        s.chars()
            .map(|c| if (c as u32) >= 0x2E80 { 2 } else { 1 })
            .sum()
    };
    for args in [
        vec!["pairings", "--round", "1"],
        vec!["standings"],
        vec!["player", "list"],
    ] {
        let text = q.ok(&args);
        let lines: Vec<&str> = text.lines().filter(|l| !l.is_empty()).collect();
        let header = lines
            .iter()
            .position(|l| l.starts_with('-'))
            .expect("a rule under the header")
            - 1;
        // The header's titles and every row's columns start at the same place: the
        // first cell of each row ends where its column ends.
        let title = lines[header];
        assert!(
            title.contains("名") || title.contains('轮') || title.contains("编号"),
            "{text}"
        );
        let rule = width(lines[header + 1]);
        for row in &lines[header + 2..] {
            assert!(width(row) <= rule, "{row:?} runs past the rule in:\n{text}");
        }
    }
    let pairings = q.ok(&["pairings", "--round", "1"]);
    assert!(pairings.contains("死局·黑方领先"), "{pairings}");
    assert!(pairings.contains("（轮空）"), "{pairings}");
}

/// `--help` is in Chinese under the Chinese setting (the default), English with
/// `--lang en`.
#[test]
fn help_in_the_organizers_language() {
    let q = Qisai::new();
    let zh = q.ok(&["stage", "add", "--help"]);
    assert!(zh.contains("用法") && zh.contains("积分编排：轮数"), "{zh}");
    assert!(!zh.contains("Usage:") && !zh.contains("Print help"), "{zh}");
    let top = q.ok(&["--help"]);
    assert!(
        top.contains("命令") && top.contains("创建赛事文件"),
        "{top}"
    );
    let en = q.ok(&["--lang", "en", "stage", "add", "--help"]);
    assert!(
        en.contains("Usage:") && en.contains("Swiss: the number of rounds"),
        "{en}"
    );
}
