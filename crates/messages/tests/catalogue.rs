//! The catalogue is whole: both languages word the same codes with the same
//! placeholders, every code the workspace uses is worded, and the Chinese is Chinese.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use messages::{Lang, Message, Param, msg, render};

fn catalogue(file: &str) -> BTreeMap<String, String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("catalogue")
        .join(file);
    let text = std::fs::read_to_string(&path).expect("the catalogue file");
    serde_json::from_str(&text).expect("the catalogue is a JSON object of strings")
}

/// The command line's help (`help.*`) is text as it stands, not a template: it names
/// JSON, values and commands as they are typed, and the command line's own tests hold
/// it to its command tree. The checks of templates leave it out.
fn is_help(code: &str) -> bool {
    code.starts_with("help.")
}

fn placeholders(template: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else { break };
        out.insert(after[..close].to_string());
        rest = &after[close + 1..];
    }
    out
}

#[test]
fn both_languages_word_the_same_codes_with_the_same_parts() {
    let zh = catalogue("zh-CN.json");
    let en = catalogue("en.json");
    let zh_codes: BTreeSet<_> = zh.keys().collect();
    let en_codes: BTreeSet<_> = en.keys().collect();
    assert_eq!(zh_codes, en_codes, "codes worded in one language only");
    for (code, text) in zh.iter().filter(|(code, _)| !is_help(code)) {
        assert_eq!(
            placeholders(text),
            placeholders(&en[code]),
            "{code}: the two languages name different parts"
        );
    }
}

/// No Latin word in a Chinese template, beyond what a reader types or reads as
/// is (file formats, notations, result codes, the program's name).
#[test]
fn the_chinese_templates_have_no_english_words() {
    const AS_TYPED: &[&str] = &[
        "CSV",
        "UTF",
        "GBK",
        "Excel",
        "FEN",
        "name",
        "club",
        "rating",
        "seed",
        "members",
        "dead",
        "red",
        "black",
        "escape",
        "resign",
        "draw",
        "offer",
        "false",
        "claim",
        "touch",
        "own",
        "opponent",
        "illegal",
        "move",
        "other",
        "qisai",
        "pairing",
        "set",
        "force",
        "Qisai",
        "QISAI",
        "FILE",
        "xlsx",
        "XQF",
        "XQ",
        "WXF",
        "ICCS",
        "TRF",
        "XXS",
        // A table's results and scoring as typed (win:2, escape:west:partner-out).
        "win",
        "order",
        "south",
        "north",
        "east",
        "west",
        "partner",
        "out",
        "winner",
        "placement",
        // A checkers record's header as typed (place N: …).
        "place",
        // A Junqi record as typed (crossing railway, sc4, ma1–me3).
        "crossing",
        "sc",
        "ma",
        "me",
        "JSON",
        // A stage's options as typed (avoid_club off, tiebreaks rr-2011,sb,BH-C1 …).
        "off",
        "round",
        "rounds",
        "always",
        "individual",
        "team",
        "rr",
        "multi",
        "swiss",
        "buchholz",
        "progressive",
        "common",
        "points",
        "sb",
        "wins",
        "fouls",
        "BH",
        "SB",
        "ARO",
        "DE",
        // A database's address as typed (postgres://USER@HOST/DB?event=NAME).
        "postgres",
        "event",
    ];
    for (code, text) in catalogue("zh-CN.json") {
        if is_help(&code) {
            continue;
        }
        let without_parts = placeholders(&text)
            .iter()
            .fold(text.clone(), |t, p| t.replace(&format!("{{{p}}}"), ""));
        // Flags (--help, -f) and the values listed after 可用的有 are typed as they are.
        let without_values = without_parts.split("可用的有：").next().unwrap_or_default();
        let without_flags = strip_commands(&strip_flags(without_values));
        for word in without_flags
            .split(|c: char| !c.is_ascii_alphabetic())
            .filter(|w| w.len() > 1)
        {
            assert!(
                AS_TYPED.contains(&word),
                "{code}: English word '{word}' in the Chinese: {text}"
            );
        }
    }
}

/// `text` without the commands it names (`qisai playoff lots`).
fn strip_commands(text: &str) -> String {
    let mut out = text.to_string();
    while let Some(at) = out.find("qisai") {
        let end = out[at..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == ' ' || c == '-'))
            .map_or(out.len(), |k| at + k);
        out.replace_range(at..end, " ");
    }
    out
}

/// `text` without its flags (`--team`, `-f`): a dash and the letters after it.
fn strip_flags(text: &str) -> String {
    let mut out = String::new();
    let mut in_flag = false;
    for c in text.chars() {
        if c == '-' {
            in_flag = true;
        } else if in_flag && (c.is_ascii_alphanumeric()) {
            continue;
        } else {
            in_flag = false;
            out.push(c);
        }
    }
    out
}

/// Every `msg!("code", ...)` and `Message::new("code")` in the workspace's sources has
/// its words, and every tiebreak note (kept as its code, `"tiebreak.note.…"`).
#[test]
fn every_code_the_workspace_uses_is_worded() {
    let zh = catalogue("zh-CN.json");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut missing = Vec::new();
    let mut found = 0;
    let mut stack = vec![root.join("crates"), root.join("src-tauri/src")];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                // This crate's own examples are not uses.
                if !path.ends_with("crates/messages") {
                    stack.push(path);
                }
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap_or_default();
                for start in ["msg!(", "Message::new("] {
                    for (at, _) in text.match_indices(start) {
                        let rest = text[at + start.len()..].trim_start();
                        let Some(rest) = rest.strip_prefix('"') else {
                            continue;
                        };
                        let code = &rest[..rest.find('"').unwrap_or(0)];
                        found += 1;
                        if !zh.contains_key(code) {
                            missing.push(format!("{code} ({})", path.display()));
                        }
                    }
                }
                for (at, _) in text.match_indices("\"tiebreak.note.") {
                    let rest = &text[at + 1..];
                    let code = &rest[..rest.find('"').unwrap_or(0)];
                    found += 1;
                    if !zh.contains_key(code) {
                        missing.push(format!("{code} ({})", path.display()));
                    }
                }
            }
        }
    }
    assert!(found > 150, "the scan found only {found} codes");
    assert!(missing.is_empty(), "no words for: {missing:?}");
}

#[test]
fn parts_are_worded_in_the_reader_s_language() {
    let m = msg!("round.open", round = 3, boards = vec![2u32, 5]);
    assert_eq!(
        render(&m, Lang::Zh),
        "第 3 轮尚未全部结束：第 2、5 台还没有成绩"
    );
    assert_eq!(
        render(&m, Lang::En),
        "round 3 is not complete: no result yet on board(s) 2, 5"
    );
    let field = Param::words("等级分", "rating");
    let m = msg!(
        "out_of_range",
        field = field,
        value = 9999,
        min = 0,
        max = 3500
    );
    assert_eq!(render(&m, Lang::Zh), "等级分：9999 超出范围（0–3500）");
    assert_eq!(
        render(&m, Lang::En),
        "rating: 9999 is out of range (0–3500)"
    );
}

#[test]
fn a_list_of_messages_is_one_line_each() {
    let row = |line: usize, value: &str| {
        msg!(
            "import.row",
            line = line,
            column = 2,
            field = "rating",
            why = msg!("import.not_a_number", value = value)
        )
    };
    let m = msg!(
        "import.lines",
        file = "a.csv",
        count = 2,
        lines = vec![row(3, "x"), row(5, "y")]
    );
    assert_eq!(
        render(&m, Lang::Zh),
        "a.csv：有 2 行不能导入，未导入任何人：\n  第 3 行第 2 列（rating）：“x”不是整数\n  第 5 行第 2 列（rating）：“y”不是整数"
    );
}

#[test]
fn an_unknown_code_shows_as_itself_and_english_falls_back_to_chinese() {
    assert_eq!(
        render(&Message::new("no.such.code"), Lang::En),
        "no.such.code"
    );
    let json = serde_json::to_value(msg!("round.none", round = 4)).unwrap();
    assert_eq!(
        json,
        serde_json::json!({"code": "round.none", "params": {"round": 4}})
    );
}

#[test]
fn messages_inside_messages_lists_and_missing_values_are_worded_in_place() {
    let cell = msg!(
        "wall_chart.cell",
        opponent = 12,
        colour = msg!("wall_chart.red"),
        result = msg!("wall_chart.win")
    );
    assert_eq!(render(&cell, Lang::Zh), "12先胜");
    assert_eq!(render(&cell, Lang::En), "12R W");
    let list = msg!(
        "cli.sector.in_rounds",
        boards = "1–8",
        rounds = vec![1u32, 2, 3]
    );
    assert_eq!(render(&list, Lang::Zh), "1–8，第 1、2、3 轮");
    // A value not given leaves its place as it was.
    let short = msg!("wall_chart.cell", opponent = 3);
    assert_eq!(render(&short, Lang::Zh), "3{colour}{result}");
}
