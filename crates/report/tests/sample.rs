//! Sample view structs shared by the tests and the benchmark.
#![allow(dead_code)]

use report::pdf::{Heading, StandingLine, StandingsSheet};

/// Standings of `n` players with Chinese names, clubs and five tiebreaks.
pub fn standings(n: usize) -> StandingsSheet {
    const SURNAMES: [&str; 8] = ["王", "李", "张", "刘", "陈", "杨", "赵", "黄"];
    const GIVEN: [&str; 8] = [
        "天一", "惟桐", "银川", "鑫鑫", "国荣", "海林", "汉明", "俊强",
    ];
    StandingsSheet {
        heading: Heading {
            event: "全国象棋公开赛".into(),
            title: "名次表".into(),
            lines: vec!["第二阶段 · 2026-11-30".into()],
        },
        team: false,
        tiebreak_names: ["小分", "胜局", "直胜", "犯规", "后走局数"]
            .map(String::from)
            .to_vec(),
        lines: (0..n)
            .map(|i| StandingLine {
                rank: (i + 1).to_string(),
                name: format!("{}{}{}", SURNAMES[i % 8], GIVEN[(i / 8) % 8], i),
                club: format!("{}省队", ["浙江", "四川", "广东", "北京", "上海"][i % 5]),
                points: format!("{}", 22 - (i * 22 / n.max(1))),
                tiebreaks: vec![
                    format!("{}.5", 100 - i % 100),
                    (i % 11).to_string(),
                    String::new(),
                    "0".into(),
                    (i % 6).to_string(),
                ],
                note: if i == 0 {
                    "需加赛".into()
                } else {
                    String::new()
                },
            })
            .collect(),
    }
}
