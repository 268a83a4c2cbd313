//! `qisai arbiter`: sector arbiters, their tokens, and the results waiting for a second
//! entry.

use super::{ArbiterCommand, FileArg, fail, open, print_json, tell};
use crate::Failure;
use crate::messages::say as word;
use messages::msg;

pub(super) fn arbiter(command: ArbiterCommand, file: &FileArg) -> Result<(), Failure> {
    let mut event = open(file)?;
    let sector = |boards: &Option<String>, rounds: &Option<String>| {
        let boards = match boards {
            Some(b) => msg!("cli.sector.boards", boards = b),
            None => msg!("cli.sector.every_board"),
        };
        word(&match rounds {
            Some(r) => msg!("cli.sector.in_rounds", boards = boards, rounds = r),
            None => boards,
        })
    };
    match command {
        ArbiterCommand::Add {
            name,
            boards,
            rounds,
        } => {
            let issued = event
                .add_arbiter(service::NewArbiter {
                    name,
                    boards: boards.clone(),
                    rounds: rounds.clone(),
                })
                .map_err(fail)?;
            let where_ = sector(&boards, &rounds);
            tell(msg!(
                "cli.arbiter_added",
                arbiter = &issued.name,
                sector = where_
            ));
            // Alone on the last line, for scripts.
            println!("{}", issued.token);
        }
        ArbiterCommand::Token { name } => {
            let issued = event.reissue_arbiter(&name).map_err(fail)?;
            tell(msg!("cli.arbiter_token", arbiter = &issued.name));
            println!("{}", issued.token);
        }
        ArbiterCommand::Remove { name } => {
            event.remove_arbiter(&name).map_err(fail)?;
            tell(msg!("cli.arbiter_removed", arbiter = name.trim()));
        }
        ArbiterCommand::List { json } => {
            let arbiters = event.arbiters().map_err(fail)?;
            if json {
                print_json(&serde_json::to_value(&arbiters).unwrap_or_default());
            } else if arbiters.is_empty() {
                tell(msg!("cli.no_arbiters"));
            } else {
                for a in &arbiters {
                    println!("{}\t{}", a.name, sector(&a.boards, &a.rounds));
                }
            }
        }
        ArbiterCommand::Pending { json } => {
            let pending = event.pending_entries().map_err(fail)?;
            if json {
                print_json(&serde_json::to_value(&pending).unwrap_or_default());
            } else if pending.is_empty() {
                tell(msg!("cli.nothing_waiting"));
            } else {
                for p in &pending {
                    let entries: Vec<String> = p
                        .entries
                        .iter()
                        .map(|e| {
                            word(&msg!(
                                "hall.entry_by",
                                arbiter = &e.by,
                                result = e.words.clone()
                            ))
                        })
                        .collect();
                    let state = match p.disputed {
                        true => msg!("hall.state.disputed"),
                        false => msg!("hall.state.waiting"),
                    };
                    let players = match p.seats.is_empty() {
                        true => format!(
                            "{} – {}",
                            p.red.clone().unwrap_or_default(),
                            p.black.clone().unwrap_or_default()
                        ),
                        false => p.seats.join("、"),
                    };
                    let (place, state) = (word(&p.place), word(&state));
                    println!("{place} {players}: {}（{state}）", entries.join("; "));
                }
            }
        }
    }
    Ok(())
}
