//! Printed documents: the text that comes out of each PDF, in order; pages that are
//! not blank; long lists and large brackets over several pages. Needs poppler-utils
//! (pdftotext, pdftoppm), which `scripts/test-all` installs.

mod common;

use std::path::Path;
use std::process::Command;

use common::{Qisai, pdftotext};

/// Renders every page to PNG under `tests/artifacts/<name>/` for a person to look at,
/// and checks each page has ink on it.
fn render_and_check(pdf: &Path, name: &str) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/artifacts/sample-event");
    std::fs::create_dir_all(&dir).unwrap();
    let prefix = dir.join(name);
    let status = Command::new("pdftoppm")
        .args(["-png", "-r", "60"])
        .arg(pdf)
        .arg(&prefix)
        .status()
        .unwrap();
    assert!(status.success());
    // Greyscale PGM copies to count dark pixels.
    let tmp = pdf.with_extension("");
    let status = Command::new("pdftoppm")
        .args(["-gray", "-r", "30"])
        .arg(pdf)
        .arg(&tmp)
        .status()
        .unwrap();
    assert!(status.success());
    let mut pages = 0;
    let parent = tmp.parent().unwrap();
    let stem = tmp.file_name().unwrap().to_string_lossy().into_owned();
    for entry in std::fs::read_dir(parent).unwrap() {
        let path = entry.unwrap().path();
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        if !(file.starts_with(&format!("{stem}-")) && file.ends_with(".pgm")) {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap();
        // P5 header: magic, width, height, maxval, each followed by whitespace.
        let mut fields = 0;
        let mut start = 0;
        for (i, &b) in bytes.iter().enumerate() {
            if b.is_ascii_whitespace() {
                fields += 1;
                if fields == 4 {
                    start = i + 1;
                    break;
                }
            }
        }
        let dark = bytes[start..].iter().filter(|&&v| v < 128).count();
        assert!(dark > 200, "{file} looks blank ({dark} dark pixels)");
        pages += 1;
    }
    assert!(pages > 0, "no pages rendered for {name}");
    pages
}

/// Where `needle` starts in `text`; pdftotext may drop the spaces around CJK
/// characters, so a match ignoring whitespace counts too.
fn position(text: &str, needle: &str) -> usize {
    if let Some(at) = text.find(needle) {
        return at;
    }
    let (squeezed, offsets): (String, Vec<usize>) = text
        .char_indices()
        .filter(|(_, c)| !c.is_whitespace())
        .map(|(i, c)| (c, i))
        .unzip();
    let wanted: String = needle.chars().filter(|c| !c.is_whitespace()).collect();
    let at = squeezed
        .find(&wanted)
        .unwrap_or_else(|| panic!("'{needle}' missing from:\n{text}"));
    offsets[squeezed[..at].chars().count()]
}

#[test]
fn every_document_of_the_demo_event() {
    let q = Qisai::new();
    q.ok(&["demo", q.file.to_str().unwrap()]);
    let out = |name: &str| q.path(name).to_string_lossy().into_owned();

    // Standings of the group stage: names in rank order, points and 小分 shown.
    q.ok(&[
        "print",
        "standings",
        "--stage",
        "1",
        "-o",
        &out("standings.pdf"),
    ]);
    let text = pdftotext(&q.path("standings.pdf"));
    let table = q.json(&["standings", "--stage", "1", "--json"]);
    let mut last = 0;
    for row in table
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["group"] == "A")
    {
        let name = row["name"].as_str().unwrap();
        let at = position(&text[last..], name) + last;
        let line = text[at..].lines().next().unwrap();
        assert!(line.contains(&row["points"].to_string()), "{line}");
        let sb = row["tiebreaks"][0]["value"].to_string();
        assert!(line.contains(&sb), "小分 {sb} missing in: {line}");
        last = at;
    }
    for word in ["名次表", "小分", "胜局", "第 1 页 / 共 1 页"] {
        position(&text, word);
    }
    render_and_check(&q.path("standings.pdf"), "standings");

    // Pairings of the final stage's last round, with results, board by board.
    q.ok(&["print", "pairings", "-o", &out("pairings.pdf")]);
    let text = pdftotext(&q.path("pairings.pdf"));
    let round = q.json(&["pairings", "--json"]);
    let last_round = round
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["round"].as_u64().unwrap())
        .max()
        .unwrap();
    let mut last = 0;
    for p in round
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["round"] == last_round)
    {
        let at = position(&text[last..], p["red"].as_str().unwrap()) + last;
        let line = text[at..].lines().next().unwrap();
        assert!(line.contains(p["black"].as_str().unwrap()), "{line}");
        assert!(line.contains(p["result"].as_str().unwrap()), "{line}");
        last = at;
    }
    position(&text, &format!("第 {last_round} 轮对阵表"));
    position(&text, "用时：每方 40 分钟");
    render_and_check(&q.path("pairings.pdf"), "pairings");

    // Score slips: both names and the signature lines.
    q.ok(&["print", "slips", "-o", &out("slips.pdf")]);
    let text = pdftotext(&q.path("slips.pdf"));
    for word in [
        "红方签名",
        "黑方签名",
        "裁判签名",
        &format!("第 {last_round} 轮"),
    ] {
        position(&text, word);
    }
    for p in round
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["round"] == last_round)
    {
        position(&text, p["red"].as_str().unwrap());
        position(&text, p["black"].as_str().unwrap());
    }
    render_and_check(&q.path("slips.pdf"), "slips");

    // The crosstable of the group stage: one per group, landscape.
    q.ok(&[
        "print",
        "crosstable",
        "--stage",
        "1",
        "--landscape",
        "-o",
        &out("crosstable.pdf"),
    ]);
    let text = pdftotext(&q.path("crosstable.pdf"));
    position(&text, "总表（A 组）");
    position(&text, "总表（B 组）");
    assert_eq!(render_and_check(&q.path("crosstable.pdf"), "crosstable"), 2);

    // The bracket of the final stage: the champion is named.
    q.ok(&["print", "bracket", "-o", &out("bracket.pdf")]);
    let text = pdftotext(&q.path("bracket.pdf"));
    let finals = q.json(&["standings", "--json"]);
    let champion = finals[0]["name"].as_str().unwrap();
    position(&text, &format!("冠军：{champion}"));
    position(&text, "三四名决赛");
    render_and_check(&q.path("bracket.pdf"), "bracket");

    // English labels.
    q.ok(&[
        "--lang",
        "en",
        "print",
        "standings",
        "--stage",
        "1",
        "-o",
        &out("standings-en.pdf"),
    ]);
    let text = pdftotext(&q.path("standings-en.pdf"));
    for word in ["Standings", "SB", "Wins", "Page 1 of 1"] {
        position(&text, word);
    }
    // A crosstable of a knockout is refused with a reason.
    let err = q.fails(&["print", "crosstable", "-o", &out("x.pdf")]);
    assert!(err.contains("淘汰赛请打印对阵图"), "{err}");
}

#[test]
fn long_lists_repeat_their_header_and_large_brackets_split() {
    let q = Qisai::new();
    q.ok(&[
        "new",
        q.file.to_str().unwrap(),
        "--name",
        "大型公开赛",
        "--game",
        "xiangqi",
    ]);
    let csv: String = std::iter::once("姓名,单位\n".to_string())
        .chain((1..=70).map(|i| format!("选手{i:03},单位{}\n", i % 9)))
        .collect();
    let list = q.write("p.csv", csv.as_bytes());
    q.ok(&["player", "import", list.to_str().unwrap()]);
    q.ok(&["stage", "add", "knockout"]);
    q.ok(&["draw", "--seed", "70"]);
    let out = q.path("bracket.pdf");
    q.ok(&["print", "bracket", "-o", out.to_str().unwrap()]);
    let text = pdftotext(&out);
    // 70 entrants: a bracket of 128 lines, four sections of 32 and a page of winners.
    let pages: Vec<&str> = text
        .split('\u{c}')
        .filter(|p| !p.trim().is_empty())
        .collect();
    assert_eq!(pages.len(), 5);
    for (i, page) in pages.iter().take(4).enumerate() {
        position(page, &format!("第 {} 区", i + 1));
        position(page, "→ 接第 5 页");
        position(page, &format!("第 {} 页 / 共 5 页", i + 1));
    }
    position(pages[4], "各区胜者");
    position(pages[4], "第 1 页");
    render_and_check(&out, "bracket-128");

    // The first-round pairing sheet of 64 boards runs over two pages, header repeated.
    let sheet = q.path("pairings.pdf");
    q.ok(&[
        "print",
        "pairings",
        "--round",
        "1",
        "-o",
        sheet.to_str().unwrap(),
    ]);
    let text = pdftotext(&sheet);
    let pages: Vec<&str> = text
        .split('\u{c}')
        .filter(|p| !p.trim().is_empty())
        .collect();
    assert!(pages.len() >= 2);
    for (i, page) in pages.iter().enumerate() {
        position(page, "台号");
        position(page, &format!("第 {} 页 / 共 {} 页", i + 1, pages.len()));
    }
}

/// Printouts say what happened: results in words, the final and the third-place match
/// labelled, a withdrawn player marked, long club names kept whole, and 冠军 only on
/// the final's bracket (a group's winner is 小组第一).
#[test]
fn printouts_in_words() {
    let q = Qisai::new();
    q.ok(&[
        "new",
        q.file.to_str().unwrap(),
        "--name",
        "跳棋赛",
        "--game",
        "checkers",
    ]);
    for n in ["甲", "乙", "丙", "丁"] {
        q.ok(&[
            "player",
            "add",
            n,
            "--club",
            &format!("很长很长很长的俱乐部名字单位{n}"),
        ]);
    }
    q.ok(&["stage", "add", "knockout", "--third-place"]);
    q.ok(&["draw", "--seed", "2"]);
    q.ok(&["result", "1", "1", "dead:red"]);
    q.ok(&["result", "1", "2", "--", "-+"]);
    q.ok(&["pair"]);
    let r1 = q.path("r1.pdf");
    q.ok(&[
        "print",
        "pairings",
        "--round",
        "1",
        "-o",
        r1.to_str().unwrap(),
    ]);
    let text = pdftotext(&r1);
    assert!(text.contains("死局·红方领先"), "{text}");
    assert!(text.contains("（红方弃权）"), "{text}");
    assert!(!text.contains('…'), "nothing cut: {text}");
    let r2 = q.path("r2.pdf");
    let semifinal_loser = q.json(&["pairings", "--json", "--round", "2"])[0]["black"]
        .as_str()
        .unwrap()
        .to_string();
    let id = q
        .json(&["player", "list", "--json"])
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == semifinal_loser.as_str())
        .unwrap()["id"]
        .to_string();
    q.ok(&["player", "withdraw", &id]);
    q.ok(&[
        "print",
        "pairings",
        "--round",
        "2",
        "-o",
        r2.to_str().unwrap(),
    ]);
    let text = pdftotext(&r2);
    assert!(text.contains("决赛") && text.contains("三四名"), "{text}");
    assert!(text.contains("（退赛）"), "{text}");

    // Two groups of two: each bracket's winner is 小组第一, not 冠军.
    let g = Qisai::new();
    g.ok(&[
        "new",
        g.file.to_str().unwrap(),
        "--name",
        "分组",
        "--game",
        "xiangqi",
    ]);
    for n in ["甲", "乙", "丙", "丁"] {
        g.ok(&["player", "add", n]);
    }
    g.ok(&[
        "stage",
        "add",
        "knockout",
        "--groups",
        "2",
        "--advance",
        "1",
    ]);
    g.ok(&["draw", "--seed", "3"]);
    g.ok(&["result", "1", "1", "1-0"]);
    g.ok(&["result", "1", "2", "1-0"]);
    let bracket = g.path("bracket.pdf");
    g.ok(&["print", "bracket", "-o", bracket.to_str().unwrap()]);
    let text = pdftotext(&bracket);
    assert!(text.contains("小组第一"), "{text}");
    assert!(!text.contains("冠军"), "{text}");
}

/// The event's details (venue, dates, organizer, chief arbiter) head every sheet, and
/// one can be removed again.
#[test]
fn event_details_on_every_header() {
    let q = Qisai::new();
    q.ok(&[
        "new",
        q.file.to_str().unwrap(),
        "--name",
        "春季赛",
        "--game",
        "xiangqi",
    ]);
    for n in ["甲", "乙"] {
        q.ok(&["player", "add", n]);
    }
    q.ok(&["stage", "add", "round-robin"]);
    q.ok(&["draw", "--seed", "1"]);
    q.ok(&[
        "edit",
        "--venue",
        "杭州棋院",
        "--dates",
        "2026年12月1日—3日",
        "--organizer",
        "浙江省棋类协会",
        "--arbiter",
        "张三",
    ]);
    for kind in ["pairings", "standings", "crosstable"] {
        let pdf = q.path(&format!("{kind}.pdf"));
        q.ok(&["print", kind, "-o", pdf.to_str().unwrap()]);
        let text = pdftotext(&pdf);
        for needle in [
            "地点：杭州棋院",
            "2026年12月1日—3日",
            "主办：浙江省棋类协会",
            "裁判长：张三",
        ] {
            assert!(text.contains(needle), "{kind} lacks {needle}: {text}");
        }
    }
    q.ok(&["edit", "--venue", ""]);
    let pdf = q.path("again.pdf");
    q.ok(&["print", "standings", "-o", pdf.to_str().unwrap()]);
    let text = pdftotext(&pdf);
    assert!(
        !text.contains("杭州棋院") && text.contains("裁判长：张三"),
        "{text}"
    );
}

/// The Chinese print set: 秩序册, 台次卡, the participants by club, 成绩册 and 奖励签收表.
#[test]
fn the_chinese_print_set() {
    let q = Qisai::new();
    q.ok(&[
        "new",
        q.file.to_str().unwrap(),
        "--name",
        "冬季赛",
        "--game",
        "xiangqi",
    ]);
    for (n, club) in [
        ("王天一", "杭州"),
        ("郑惟桐", "四川"),
        ("许银川", "广东"),
        ("赵鑫鑫", "杭州"),
    ] {
        q.ok(&["player", "add", n, "--club", club]);
    }
    q.ok(&["edit", "--venue", "杭州棋院", "--arbiter", "张三"]);
    q.ok(&["stage", "add", "round-robin"]);
    q.ok(&["draw", "--seed", "4"]);
    for board in ["1", "2"] {
        q.ok(&["result", "1", board, "1-0"]);
    }
    let rules = q.write(
        "规程.txt",
        "一、比赛时间：十二月一日。\n二、比赛办法：单循环。\n".as_bytes(),
    );
    let text_of = |kind: &str, extra: &[&str]| {
        let pdf = q.path(&format!("{kind}.pdf"));
        let mut args = vec!["print", kind, "-o", pdf.to_str().unwrap()];
        args.extend_from_slice(extra);
        q.ok(&args);
        // pdftotext may or may not keep the spaces around CJK: compare without them.
        pdftotext(&pdf).replace(' ', "")
    };
    let booklet = text_of("booklet", &["--regulations", rules.to_str().unwrap()]);
    for needle in [
        "秩序册",
        "杭州棋院",
        "竞赛规程",
        "比赛办法：单循环",
        "参赛名单",
        "第1轮",
    ] {
        assert!(
            booklet.contains(needle),
            "booklet lacks {needle}: {booklet}"
        );
    }
    let cards = text_of("table-cards", &["--round", "1"]);
    assert!(cards.contains("第1台"), "{cards}");
    assert!(cards.contains("第2台"), "{cards}");
    let participants = text_of("participants", &[]);
    let lines: Vec<&str> = participants.lines().filter(|l| !l.is_empty()).collect();
    let hangzhou: Vec<usize> = (0..lines.len())
        .filter(|&k| lines[k].starts_with("杭州"))
        .collect();
    assert_eq!(hangzhou.len(), 2, "{participants}");
    assert_eq!(
        hangzhou[1],
        hangzhou[0] + 1,
        "a club's players together: {participants}"
    );
    let book = text_of("results-book", &[]);
    assert!(
        book.contains("第3轮") && book.contains("名次") && book.contains("1-0"),
        "{book}"
    );
    let receipts = text_of("prize-receipts", &["--places", "3"]);
    for needle in ["奖励签收表", "冠军", "领奖人签名"] {
        assert!(
            receipts.contains(needle),
            "receipts lack {needle}: {receipts}"
        );
    }
}
