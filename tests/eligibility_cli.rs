//! Age groups and women's competitions through the real binary: registration refuses an
//! ineligible player naming the rule, by hand and from a CSV file, and a rule that a
//! registered player would break is refused until that player is changed.

mod common;

use common::Qisai;

/// 2026's U10 girls: born on or after 2016-01-01, 女.
fn u10_girls(q: &Qisai) {
    let file = q.file.to_str().unwrap();
    q.ok(&[
        "new",
        file,
        "--name",
        "少儿赛U10女子组",
        "--game",
        "xiangqi",
        "--born-after",
        "2016-01-01",
        "--gender",
        "女",
    ]);
}

#[test]
fn an_ineligible_player_is_refused_naming_the_rule() {
    let q = Qisai::new();
    u10_girls(&q);
    q.ok(&[
        "player",
        "add",
        "李小雨",
        "--born",
        "2016-01-01",
        "--gender",
        "女",
    ]);
    q.ok(&[
        "player",
        "add",
        "王朵朵",
        "--born",
        "2017/6/30",
        "--gender",
        "w",
    ]);

    let err = q.fails(&[
        "player",
        "add",
        "赵大",
        "--born",
        "2015-12-31",
        "--gender",
        "女",
    ]);
    assert!(
        err.contains("赵大 不符合参赛条件：本项目限 2016-01-01 及以后出生"),
        "{err}"
    );
    let err = q.fails(&[
        "player",
        "add",
        "钱二",
        "--born",
        "2016-03-01",
        "--gender",
        "男",
    ]);
    assert!(err.contains("钱二 不符合参赛条件：本项目为女子组"), "{err}");
    let err = q.fails(&["player", "add", "孙三", "--gender", "女"]);
    assert!(
        err.contains("本项目限 2016-01-01 及以后出生：请填写 孙三 的出生日期"),
        "{err}"
    );
    let err = q.fails(&[
        "player",
        "add",
        "周四",
        "--born",
        "2016-02-30",
        "--gender",
        "女",
    ]);
    assert!(err.contains("出生日期“2016-02-30”无法识别"), "{err}");
    let err = q.fails(&[
        "--lang",
        "en",
        "player",
        "add",
        "Wu",
        "--born",
        "2014-05-05",
        "--gender",
        "w",
    ]);
    assert!(
        err.contains(
            "Wu may not enter: this competition is for players born on or after 2016-01-01"
        ),
        "{err}"
    );

    let players = q.json(&["player", "list", "--json"]);
    let names: Vec<&str> = players
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["李小雨", "王朵朵"], "refusals register nobody");
    assert_eq!(players[1]["born"], "2017-06-30");
    assert_eq!(players[1]["gender"], "w");

    // A CSV import is refused at the line and column of the ineligible row, all of it.
    let csv = q.write("u10.csv", "姓名,单位,出生日期,性别\n陈五,一中,2016-05-01,女\n吴六,二中,2015-05-01,女\n郑七,三中,2016-7-7,男孩\n".as_bytes());
    let err = q.fails(&["player", "import", csv.to_str().unwrap()]);
    assert!(err.contains("吴六 不符合参赛条件"), "{err}");
    assert!(
        err.contains("第 4 行") && err.contains("性别“男孩”无法识别"),
        "{err}"
    );
    assert_eq!(
        q.json(&["player", "list", "--json"])
            .as_array()
            .unwrap()
            .len(),
        2
    );

    // A stricter rule is refused while a registered player would not fit it.
    let err = q.fails(&["edit", "--born-after", "2017-01-01"]);
    assert!(
        err.contains("李小雨 不符合参赛条件：本项目限 2017-01-01 及以后出生"),
        "{err}"
    );
    q.ok(&["player", "edit", "1", "--born", "2017-01-02"]);
    let out = q.ok(&["edit", "--born-after", "2017-01-01"]);
    assert!(
        out.contains("参赛资格：2017-01-01 及以后出生的女子选手"),
        "{out}"
    );
    // An edit that would make a player ineligible is refused too.
    let err = q.fails(&["player", "edit", "2", "--gender", "男"]);
    assert!(
        err.contains("王朵朵 不符合参赛条件：本项目为女子组"),
        "{err}"
    );
    // The participants list shows what the rule asks, to be checked on paper.
    let list = q.path("participants.pdf");
    q.ok(&["print", "participants", "-o", list.to_str().unwrap()]);
    let text = common::pdftotext(&list);
    assert!(text.contains("出生日期") && text.contains("性别"), "{text}");
    let line = text
        .lines()
        .find(|l| l.contains("李小雨"))
        .unwrap_or_default();
    assert!(line.contains("2017-01-02") && line.contains('女'), "{text}");
    // Opened again: anyone may enter.
    q.ok(&["edit", "--born-after", "", "--gender", ""]);
    q.ok(&["player", "add", "冯八"]);
    let log = q.ok(&["log"]);
    assert!(log.contains("参赛资格：不限"), "{log}");
}
