//! What went wrong, in the organizer's language: the file's faults and the input
//! refusals that carry their parts (a field, a line, a bound) are worded here; other
//! refusals still carry their own sentence.

use std::path::Path;

use service::ServiceError;
use store::StoreError;

/// Where a read-only event can be copied to be changed: the home folder.
fn copy_hint(path: &Path) -> String {
    let name = path.file_name().unwrap_or_default();
    match std::env::var_os("HOME") {
        Some(home) => Path::new(&home).join(name).display().to_string(),
        None => name.to_string_lossy().into_owned(),
    }
}

pub fn store_error(e: &StoreError, en: bool) -> String {
    use StoreError::*;
    match (e, en) {
        (Missing(p), false) => format!("{}：没有这个文件", p.display()),
        (Exists(p), false) => format!("{}：这里已经有一个文件，请换一个名字", p.display()),
        (NotAnEvent(p), false) => format!("{}：不是棋赛（Qisai）的赛事文件", p.display()),
        (Damaged(p), false) => format!(
            "{}：这不是一个完整的赛事文件（可能是创建或复制时被中断）。请把它移走或删除，然后重新创建赛事，或打开备份",
            p.display()
        ),
        (
            Newer {
                path,
                found,
                supported,
            },
            false,
        ) => format!(
            "{}：由更新版本的棋赛写入（格式 {found}，本版本最高读取 {supported}），文件未改动",
            path.display()
        ),
        (ReadOnly(p), false) => format!(
            "{}：文件是只读的（只读光盘、写保护的U盘或只读文件夹），未做任何修改。可以查看；要修改，请先把它复制到可写的位置（例如 {}），再打开副本",
            p.display(),
            copy_hint(p)
        ),
        (ReadOnly(p), true) => format!("{e} (for example to {})", copy_hint(p)),
        (DiskFull(p), false) => {
            format!("{}：磁盘已满，未做任何修改。请腾出空间后再试", p.display())
        }
        (NotWritable(p), false) => format!(
            "{}：无法在这里写入（没有权限，或是只读介质），什么也没有写",
            p.display()
        ),
        (Locked(p), false) => format!(
            "{}：另一个程序正打开这个赛事并在修改它，未做任何修改。请稍后再试",
            p.display()
        ),
        (Io { path, source }, false) => format!("{}：{source}", path.display()),
        _ => e.to_string(),
    }
}

pub fn service_error(e: &ServiceError, en: bool) -> String {
    match (e, en) {
        (ServiceError::Store(s), _) => store_error(s, en),
        (ServiceError::ControlCharacter { field, character }, false) => format!(
            "{}：不能含有控制字符（{}）",
            field.zh(),
            character.escape_unicode()
        ),
        (ServiceError::Encoding { file, line }, false) => format!(
            "{file}：第 {line} 行既不是 UTF-8 也不是 GBK 编码，未导入任何人。请把文件另存为 UTF-8（Excel 中选“CSV UTF-8”）后再导入"
        ),
        (ServiceError::Lineup(l), false) => lineup_error(l),
        (ServiceError::Swiss(r), false) => swiss_refusal(r),
        (ServiceError::RoundOpen { round, boards }, false) => {
            let list: Vec<String> = boards.iter().map(u32::to_string).collect();
            format!(
                "第 {round} 轮尚未全部结束：第 {} 台还没有成绩",
                list.join("、")
            )
        }
        (
            ServiceError::Unpairable {
                round,
                names,
                three_same,
            },
            false,
        ) => format!(
            "第 {round} 轮无法在不重复对局{}的条件下编排：{}（可用 qisai pairing set 手工编排）",
            if *three_same {
                "、不连续三局同一先后手"
            } else {
                ""
            },
            names.join("、")
        ),
        (ServiceError::Lines { file, errors }, false) => {
            let mut text = format!("{file}：有 {} 行不能导入，未导入任何人：", errors.len());
            for e in errors {
                text.push_str(&match e.line {
                    0 => format!("\n  {}", e.message),
                    line => format!(
                        "\n  第 {line} 行第 {} 列（{}）：{}",
                        e.column, e.field, e.message
                    ),
                });
            }
            text
        }
        (ServiceError::OutOfRange(r), false) => format!(
            "{}：{} 超出范围（{}–{}）",
            r.bound.zh, r.value, r.bound.min, r.bound.max
        ),
        _ => e.to_string(),
    }
}

/// A refused line-up in Chinese, naming the team and the board.
fn lineup_error(e: &tournament::team::LineupError) -> String {
    use tournament::team::LineupError::*;
    match e {
        NotTeamEvent => "出场名单只用于团体赛".to_string(),
        NoTeam(t) => format!("没有 {t} 这个队"),
        NotPlaying { team, round } => format!("{team} 在当前阶段第 {round} 轮没有比赛"),
        Bye { team, round } => format!("{team} 第 {round} 轮轮空，无需出场名单"),
        Started { team, round } => {
            format!("{team} 第 {round} 轮的比赛已有成绩，出场名单不能再改")
        }
        WrongLength {
            team,
            boards,
            given,
        } => format!("{team}：出场名单应有 {boards} 人（每台一人），给出了 {given} 人"),
        NotAMember { team, board, name } => {
            format!("{team} 第 {board} 台：{name} 不是本队队员")
        }
        Twice {
            team,
            board,
            name,
            first,
        } => format!("{team} 第 {board} 台：{name} 已经排在第 {first} 台"),
        OutOfOrder {
            team,
            board,
            name,
            above,
            above_board,
        } => format!(
            "{team} 第 {board} 台：{name} 报名在第 {above_board} 台的 {above} 之前；本赛事须按报名顺序排台（--fixed-order）"
        ),
    }
}

/// A Swiss stage's refusal in Chinese.
fn swiss_refusal(e: &service::SwissRefusal) -> String {
    use service::SwissRefusal::*;
    use tournament::swiss::{AwayError, LateEntryError};
    match e {
        NoRound(r) => format!("没有第 {r} 轮"),
        NoBoard { round, board } => format!("第 {round} 轮没有第 {board} 台"),
        RoundStarted(r) => format!("第 {r} 轮已有成绩，对阵不能再改"),
        NotInRound { name, round } => format!("{name} 不在第 {round} 轮的对阵中"),
        TooManyRounds { rounds, entrants } => {
            format!("{entrants} 人赛 {rounds} 轮必然有人重复交手：请减少轮数")
        }
        Late(LateEntryError::Closed) => {
            "已经抽签，报名已截止（只有进行中的积分编排阶段可以迟到登记）".to_string()
        }
        Late(LateEntryError::TooLate) => "积分编排的各轮都已编排，不能再迟到登记".to_string(),
        Late(LateEntryError::PointsBeforeDraw) => {
            "起始积分只用于积分编排进行中的迟到登记".to_string()
        }
        Away(AwayError::NotSwiss) => "请假只用于进行中的积分编排阶段".to_string(),
        Away(AwayError::Paired(r)) => format!("第 {r} 轮已经编排：请在编排之前请假"),
        Away(AwayError::NoRound { round, rounds }) => {
            format!("积分编排共 {rounds} 轮，没有第 {round} 轮")
        }
        Away(AwayError::NotInStage(id)) => format!("{id} 号不在本阶段"),
        NoEntrant(t) => format!("没有参赛者“{t}”：请给出编号或姓名"),
        SeveralEntrants(t) => format!("“{t}”不止一人：请给出编号"),
    }
}
