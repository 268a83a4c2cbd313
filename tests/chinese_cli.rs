//! Under the Chinese setting (the default) every refusal is Chinese: of the command
//! line itself, of each format, of team events, of files, imports and printouts. Each
//! case names the words it must say, and no English word may stand beside them
//! (what was typed, flags and codes aside).

mod common;

use common::{Qisai, assert_no_english};

fn xiangqi(q: &Qisai, name: &str, team: bool) {
    let file = q.file.to_str().unwrap();
    let mut args = vec!["new", file, "--name", name, "--game", "xiangqi"];
    if team {
        args.extend(["--team", "--boards", "2"]);
    }
    q.ok(&args);
}

/// Runs each case: refused, in Chinese, saying what it must.
fn refused_in_chinese(q: &Qisai, cases: &[(&[&str], &str)]) {
    for (args, says) in cases {
        let err = q.fails(args);
        assert!(err.contains(says), "{args:?}: expected '{says}' in: {err}");
        assert_no_english(&err, args);
    }
}

#[test]
fn the_command_line_itself_is_refused_in_chinese() {
    let q = Qisai::new();
    xiangqi(&q, "命令行", false);
    refused_in_chinese(
        &q,
        &[
            (&["undo", "--foo"], "不认识的参数 --foo"),
            (
                &["print", "nothing", "-o", "x.pdf"],
                "的值“nothing”无效，可用的有",
            ),
            (
                &["resutl", "1", "1"],
                "没有“resutl”这个命令；是不是要用“result”？",
            ),
            (&["result", "1", "1"], "缺少必需的参数"),
            (&["result", "1", "x", "1-0"], "的值“x”无效"),
            (&["stage", "add", "swiss"], "要用 --rounds 给出轮数"),
            (
                &[
                    "stage",
                    "add",
                    "swiss",
                    "--rounds",
                    "3",
                    "--avoid-club",
                    "sometimes",
                ],
                "--avoid-club “sometimes”：应为 off、round1",
            ),
            (&["edit"], "没有要修改的内容"),
            (&["edit", "--name", " "], "赛事需要一个名称"),
            (&["edit", "--venue", "a\u{7}b"], "地点：不能含有控制字符"),
            (&["player", "add", "a\u{1b}b"], "姓名：不能含有控制字符"),
            (&["player", "withdraw", "99"], "没有 99 号参赛者"),
            (&["pair"], "还没有任何阶段抽签"),
            (
                &[
                    "print",
                    "booklet",
                    "-o",
                    "x.pdf",
                    "--regulations",
                    "none.txt",
                ],
                "没有这个文件或文件夹",
            ),
        ],
    );
    let o = common::bin()
        .args(["new", "n.qisai", "--game", "go", "--name", "x"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("的值“go”无效，可用的有：xiangqi、checkers、junqi"),
        "{err}"
    );
    assert_no_english(&err, &["go"]);
    // English on request, clap's own words.
    let o = common::bin()
        .args(["--lang", "en", "undo", "--foo"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&o.stderr).contains("unexpected argument '--foo'"));
}

#[test]
fn a_swiss_stage_refuses_in_chinese() {
    let q = Qisai::new();
    xiangqi(&q, "积分赛", false);
    for name in ["甲", "乙", "丙", "丁", "戊", "己"] {
        q.ok(&["player", "add", name, "--club", "一队"]);
    }
    q.ok(&["stage", "add", "swiss", "--rounds", "9"]);
    refused_in_chinese(
        &q,
        &[(&["draw", "--seed", "3"], "6 人赛 9 轮必然有人重复交手")],
    );
    q.ok(&["stage", "remove", "1"]);
    q.ok(&["stage", "add", "swiss", "--rounds", "3"]);
    q.ok(&["draw", "--seed", "3"]);
    refused_in_chinese(
        &q,
        &[
            (&["pair"], "第 1 轮尚未全部结束：第 1、2、3 台还没有成绩"),
            (
                &["pairing", "set", "1", "9", "甲", "乙"],
                "第 1 轮没有第 9 台",
            ),
            (
                &["pairing", "set", "1", "1", "甲", "甲"],
                "棋手不能和自己对局",
            ),
            (
                &["player", "absent", "无名", "--round", "2"],
                "没有参赛者“无名”",
            ),
        ],
    );
    q.ok(&["result", "1", "1", "1-0"]);
    refused_in_chinese(
        &q,
        &[
            (
                &["pairing", "swap", "1", "1", "2"],
                "第 1 轮已有成绩，对阵不能再改",
            ),
            (&["pairing", "swap", "7", "1", "2"], "没有第 7 轮"),
            (
                &["player", "absent", "甲", "--round", "1"],
                "第 1 轮已经编排：请在编排之前请假",
            ),
            (
                &["player", "absent", "甲", "--round", "9"],
                "积分编排共 3 轮，没有第 9 轮",
            ),
            (&["print", "bracket", "-o", "x.pdf"], "对阵图只用于淘汰赛"),
            (
                &["lineup", "1", "甲", "--members", "甲、乙"],
                "出场名单只用于团体赛",
            ),
            (
                &["standings", "--boards"],
                "台次成绩表和个人成绩只用于团体赛",
            ),
            (&["playoff", "lots"], "第 1 阶段没有需要附加赛的同分"),
            (&["result", "1", "1", "1-0"], "已是这个成绩，未作改动"),
            (
                &["result", "1", "1", "1-0", "--game", "3"],
                "这场比赛已决出胜负，不再有下一局",
            ),
            (
                &["result", "1", "2", "resign:red"],
                "不是象棋的成绩：可用的有 1-0、0-1",
            ),
            (&["stage", "edit", "1", "knockout"], "第 1 阶段已经抽签"),
            (
                &["pairings", "--round", "5"],
                "第 1 阶段没有第 5 轮（目前共 1 轮）",
            ),
            (&["lots", "1", "1"], "第 1 轮第 1 台不需要抽签决定"),
            (
                &["standings", "--explain", "甲", "--stage", "4"],
                "没有第 4 阶段",
            ),
            (
                &["player", "add", "庚", "--points", "x"],
                "不是以四分之一分计的分数",
            ),
        ],
    );
}

#[test]
fn a_team_event_refuses_in_chinese() {
    let q = Qisai::new();
    xiangqi(&q, "团体赛", true);
    refused_in_chinese(
        &q,
        &[(
            &["team", "add", "一队", "--members", "甲"],
            "一队 只有 1 名队员，每场比赛需要 2 台",
        )],
    );
    q.ok(&["team", "add", "一队", "--members", "甲、乙"]);
    q.ok(&["team", "add", "二队", "--members", "丙、丁"]);
    q.ok(&["stage", "add", "round-robin"]);
    q.ok(&["draw", "--seed", "1"]);
    refused_in_chinese(
        &q,
        &[
            (
                &["lineup", "1", "一队", "--members", "甲"],
                "出场名单应有 2 人（每台一人），给出了 1 人",
            ),
            (
                &["lineup", "1", "一队", "--members", "甲、戊"],
                "一队 第 2 台：戊 不是本队队员",
            ),
            (
                &["result", "1", "1", "1-0"],
                "团体赛的成绩要指明台次（用 --game 指明）",
            ),
            (
                &["result", "1", "1", "1-0", "--game", "5"],
                "团体赛只有第 1 到第 2 台，没有第 5 台",
            ),
        ],
    );
    let o = common::bin()
        .args([
            "new", "t2.qisai", "--name", "团体", "--game", "xiangqi", "--team",
        ])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&o.stderr).contains("团体赛要用 --boards N 给出每场台数"));
}

#[test]
fn files_and_imports_are_refused_in_chinese() {
    let q = Qisai::new();
    xiangqi(&q, "文件", false);
    let latin = q.write("latin.csv", b"name\nJos\xe9\n");
    let xlsx = q.write("bad.xlsx", b"PK\x03\x04garbage");
    let latin = latin.to_str().unwrap();
    let xlsx = xlsx.to_str().unwrap();
    refused_in_chinese(
        &q,
        &[
            (
                &["player", "import", latin],
                "第 2 行既不是 UTF-8 也不是 GBK 编码",
            ),
            (
                &["player", "import", xlsx],
                "不是 xlsx 工作簿，或文件已损坏",
            ),
            (
                &["export", "xlsx", "/nonexistent/dir/x.xlsx"],
                "没有这个文件或文件夹",
            ),
            (
                &["xiangqi", "adjudicate", "nofile.txt"],
                "没有这个文件或文件夹",
            ),
        ],
    );
}

#[test]
fn records_of_every_game_are_refused_in_chinese() {
    let q = Qisai::new();
    let checkers = q.write("checkers.txt", b"players 2\n1. e3-e4 e4-e6\n");
    let junqi = q.write("junqi.txt", "south a1 军旗\n".as_bytes());
    let fen = q.write("fen.txt", b"[FEN \"9/9/9 w\"]\n1. h2e2\n");
    for (file, says) in [
        (
            &checkers,
            "第 1 步（第 2 行）“e3-e4”不合规则：e3 上没有棋子",
        ),
        (&junqi, "布阵不合规则：南方：a1 上的军旗须放在大本营"),
    ] {
        let game = if file == &checkers {
            "checkers"
        } else {
            "junqi"
        };
        let o = common::bin()
            .args([game, "adjudicate", file.to_str().unwrap()])
            .output()
            .unwrap();
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(out.contains(says), "{game}: {out}");
        assert_no_english(&out, &[]);
    }
    let o = common::bin()
        .args(["xiangqi", "adjudicate", fen.to_str().unwrap()])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("FEN 的棋盘有 3 行"), "{err}");
    assert_no_english(&err, &[fen.to_str().unwrap()]);

    // A record attached to a result in a checkers event.
    q.ok(&[
        "new",
        q.file.to_str().unwrap(),
        "--name",
        "跳棋赛",
        "--game",
        "checkers",
    ]);
    q.ok(&["player", "add", "甲"]);
    q.ok(&["player", "add", "乙"]);
    q.ok(&["stage", "add", "round-robin"]);
    q.ok(&["draw", "--seed", "1"]);
    let args = [
        "result",
        "1",
        "1",
        "1-0",
        "--record",
        checkers.to_str().unwrap(),
    ];
    let err = q.fails(&args);
    assert!(err.contains("对局记录：第 1 步"), "{err}");
    assert_no_english(&err, &args);
}

#[test]
fn the_log_is_worded_in_the_language_asked_for() {
    let q = Qisai::new();
    xiangqi(&q, "日志", false);
    q.ok(&["player", "add", "甲"]);
    q.ok(&["player", "add", "乙"]);
    q.ok(&["stage", "add", "round-robin"]);
    q.ok(&["draw", "--seed", "1"]);
    q.ok(&["result", "1", "1", "1-0"]);
    let zh = q.ok(&["log"]);
    assert!(zh.contains("成绩 第1阶段 循环赛 第1轮 第1台"), "{zh}");
    assert!(
        zh.contains("创建赛事 日志") && zh.contains("添加阶段"),
        "{zh}"
    );
    let en = q.ok(&["--lang", "en", "log"]);
    assert!(
        en.contains("result Stage 1: Round robin, round 1, board 1"),
        "{en}"
    );
    assert!(
        en.contains("event 日志 created") && en.contains("stage added"),
        "{en}"
    );
    let undone = q.ok(&["--lang", "en", "undo"]);
    assert!(undone.starts_with("undone: result"), "{undone}");
    assert!(q.ok(&["log"]).contains("撤销：成绩"));
}

#[test]
fn sector_arbiters_are_refused_in_chinese() {
    let q = Qisai::new();
    xiangqi(&q, "分区", false);
    q.ok(&["arbiter", "add", "张裁判", "--boards", "1-10"]);
    refused_in_chinese(
        &q,
        &[
            (
                &["arbiter", "add", "李裁判", "--boards", "10-1"],
                "台次“10-1”无法识别",
            ),
            (
                &["arbiter", "add", "李裁判", "--rounds", "第三轮"],
                "轮次“第三轮”无法识别",
            ),
            (&["arbiter", "add", "张裁判"], "已有名为“张裁判”的分区裁判"),
            (
                &["arbiter", "remove", "王裁判"],
                "没有名为“王裁判”的分区裁判",
            ),
            (
                &["arbiter", "token", "王裁判"],
                "没有名为“王裁判”的分区裁判",
            ),
            (&["edit", "--double-entry", "maybe"], "maybe"),
        ],
    );
    assert_eq!(q.ok(&["arbiter", "list"]).lines().count(), 1);
}
