//! `qisai playoff`: ties at places that may not be shared, and their settlement.

use super::{FileArg, PlayoffAction, fail, open, print_json, tell};
use crate::Failure;
use messages::msg;

pub(super) fn playoff(
    file: &FileArg,
    stage: Option<usize>,
    json: bool,
    action: Option<PlayoffAction>,
) -> Result<(), Failure> {
    let mut event = open(file)?;
    let tie_line = |t: &service::TieView| {
        crate::messages::say(&msg!(
            "cli.tie_line",
            stage = t.stage,
            group = &t.group,
            place = &t.place,
            entrants = t.entrants.clone()
        ))
    };
    match action {
        None => {
            let ties = event.playoffs(stage).map_err(fail)?;
            if json {
                print_json(&serde_json::to_value(&ties).unwrap_or_default());
            } else if ties.is_empty() {
                tell(msg!("cli.no_ties"));
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
                    let state = match t.in_play {
                        true => msg!("cli.playoff_under_way"),
                        false => msg!("cli.playoff_needed"),
                    };
                    println!("{}（{}）", tie_line(t), crate::messages::say(&state));
                }
            }
        }
        Some(PlayoffAction::Lots { stage: s, seed }) => {
            let (seed, settled) = event.playoff_by_lots(s.or(stage), seed).map_err(fail)?;
            tell(msg!("cli.settled_by_lots", seed = seed.to_string()));
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
                tell(msg!(
                    "cli.playoff_games",
                    tie = tie_line(t),
                    rounds = rounds,
                    stage = t.stage
                ));
            }
        }
    }
    Ok(())
}
