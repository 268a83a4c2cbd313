//! `qisai playoff`: ties at places that may not be shared, and their settlement.

use super::{FileArg, PlayoffAction, fail, open, print_json, say};
use crate::Failure;

pub(super) fn playoff(
    file: &FileArg,
    en: bool,
    stage: Option<usize>,
    json: bool,
    action: Option<PlayoffAction>,
) -> Result<(), Failure> {
    let mut event = open(file)?;
    let tie_line = |t: &service::TieView| {
        if en {
            format!(
                "stage {}, group {}, place {}: {}",
                t.stage,
                t.group,
                t.place,
                t.entrants.join(", ")
            )
        } else {
            format!(
                "第{}阶段 {}组 第{}名：{}",
                t.stage,
                t.group,
                t.place,
                t.entrants.join("、")
            )
        }
    };
    match action {
        None => {
            let ties = event.playoffs(stage).map_err(fail)?;
            if json {
                print_json(&serde_json::to_value(&ties).unwrap_or_default());
            } else if ties.is_empty() {
                say(en, "No tie needs a playoff", "没有需要加赛的并列名次");
            } else {
                for t in &ties {
                    if let Some((round, board)) = t.third_place {
                        let open = messages::msg!(
                            "playoff.third_place_open",
                            round = round,
                            board = board
                        );
                        println!("{}（{}）", tie_line(t), crate::messages::say(&open));
                        continue;
                    }
                    let state = match (t.in_play, en) {
                        (true, true) => "playoff games under way",
                        (true, false) => "加赛进行中",
                        (false, true) => "playoff needed: qisai playoff lots | games",
                        (false, false) => "需加赛：qisai playoff lots 或 qisai playoff games",
                    };
                    println!("{}（{state}）", tie_line(t));
                }
            }
        }
        Some(PlayoffAction::Lots { stage: s, seed }) => {
            let (seed, settled) = event.playoff_by_lots(s.or(stage), seed).map_err(fail)?;
            say(
                en,
                format!("Settled by lots, seed {seed}"),
                format!("抽签决定名次，抽签种子 {seed}"),
            );
            for t in &settled {
                let order = t.settled.clone().unwrap_or_default().join(" > ");
                println!("{} → {order}", tie_line(t));
            }
        }
        Some(PlayoffAction::Games { stage: s, best_of }) => {
            let added = event.playoff_games(s.or(stage), best_of).map_err(fail)?;
            for t in &added {
                let (first, last) = t.rounds.unwrap_or_default();
                let rounds = if first == last {
                    first.to_string()
                } else {
                    format!("{first}–{last}")
                };
                say(
                    en,
                    format!(
                        "{}: playoff in round {rounds} (qisai result --stage {} ROUND BOARD RESULT)",
                        tie_line(t),
                        t.stage
                    ),
                    format!(
                        "{}：加赛，第 {rounds} 轮（qisai result --stage {} 轮次 台号 成绩）",
                        tie_line(t),
                        t.stage
                    ),
                );
            }
        }
    }
    Ok(())
}
