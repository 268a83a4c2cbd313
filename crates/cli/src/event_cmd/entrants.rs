//! `qisai player …` and `qisai team …`.

use std::path::Path;

use service::{Event, NewEntrant, PlayerEdit};

use super::{FileArg, PlayerCommand, TeamCommand, fail, open, print_json, read, tell};
use crate::Failure;
use crate::messages::say;
use messages::msg;

fn list(event: &Event, json: bool) -> Result<(), Failure> {
    let entrants = event.entrants().map_err(fail)?;
    if json {
        print_json(&serde_json::to_value(&entrants).unwrap_or_default());
        return Ok(());
    }
    let team = entrants.iter().any(|e| !e.members.is_empty());
    let mut headers = vec![
        say(&msg!("column.no")),
        if team {
            say(&msg!("column.team"))
        } else {
            say(&msg!("column.name"))
        },
        say(&msg!("column.club")),
        say(&msg!("column.rating")),
        say(&msg!("column.seed")),
        say(&msg!("column.status")),
    ];
    if team {
        headers.push(say(&msg!("column.members")));
    }
    let mut table = crate::table::Table::new(&headers, &[true, false, false, true, true, false]);
    for e in entrants {
        let mut row = vec![
            e.id.to_string(),
            e.name,
            e.club.unwrap_or_default(),
            e.rating.map(|r| r.to_string()).unwrap_or_default(),
            e.seed.map(|s| s.to_string()).unwrap_or_default(),
            if e.withdrawn {
                say(&msg!("column.withdrawn"))
            } else {
                say(&msg!("column.in"))
            }
            .to_string(),
        ];
        if team {
            row.push(e.members.join(&say(&msg!("cli.members_separator"))));
        }
        table.row(row);
    }
    println!("{}", table.render());
    Ok(())
}

/// 请假 / 销假 for a round of the Swiss stage under way.
fn absence(event: &mut Event, who: &str, round: u32, away: bool) -> Result<(), Failure> {
    let name = event.report_absence(who, round, away).map_err(fail)?;
    tell(match away {
        true => msg!("cli.absent", name = &name, round = round),
        false => msg!("cli.present", name = &name, round = round),
    });
    Ok(())
}

pub(super) fn player(cmd: PlayerCommand, file: &FileArg) -> Result<(), Failure> {
    let mut event = open(file)?;
    match cmd {
        PlayerCommand::Add {
            name,
            club,
            rating,
            seed,
            points,
            born,
            gender,
        } => {
            let points = points
                .map(|p| {
                    p.parse::<tournament::Points>().map_err(|e| {
                        Failure::usage(crate::messages::say(&messages::Explain::message(&e)))
                    })
                })
                .transpose()?;
            let e = event
                .add_entrant_with_points(
                    NewEntrant {
                        name,
                        club,
                        rating,
                        seed,
                        born,
                        gender,
                        ..NewEntrant::default()
                    },
                    points,
                )
                .map_err(fail)?;
            tell(msg!("cli.registered", id = e.id, name = &e.name));
        }
        PlayerCommand::Absent { player, round } => absence(&mut event, &player, round, true)?,
        PlayerCommand::Present { player, round } => absence(&mut event, &player, round, false)?,
        PlayerCommand::Import { csv } => import(&mut event, &csv)?,
        PlayerCommand::List { json } => list(&event, json)?,
        PlayerCommand::Edit {
            id,
            name,
            club,
            rating,
            seed,
            born,
            gender,
        } => {
            let e = event
                .edit_entrant(
                    id,
                    PlayerEdit {
                        name,
                        club,
                        rating,
                        seed,
                        born,
                        gender,
                    },
                )
                .map_err(fail)?;
            println!("{} {}", e.id, e.name);
        }
        PlayerCommand::Withdraw { id, annul } => {
            let done = event.withdraw(id, annul).map_err(fail)?;
            let name = &done.entrant.name;
            tell(msg!("cli.withdrawn", name = name));
            for (stage, round, board) in &done.forfeits {
                tell(msg!(
                    "cli.forfeited",
                    stage = *stage,
                    round = *round,
                    board = *board
                ));
            }
        }
    }
    Ok(())
}

fn import(event: &mut Event, csv: &Path) -> Result<(), Failure> {
    let bytes = read(csv)?;
    let name = csv.file_name().map_or_else(
        || csv.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let added = event.import(&name, &bytes).map_err(fail)?;
    tell(msg!("cli.imported", count = added.len()));
    Ok(())
}

pub(super) fn team(cmd: TeamCommand, file: &FileArg) -> Result<(), Failure> {
    let mut event = open(file)?;
    match cmd {
        TeamCommand::Add {
            name,
            members,
            club,
            seed,
        } => {
            let members = service::split_members(&members);
            let e = event
                .add_entrant(NewEntrant {
                    name,
                    club,
                    seed,
                    members,
                    ..NewEntrant::default()
                })
                .map_err(fail)?;
            tell(msg!("cli.team_registered", id = e.id, name = &e.name));
        }
        TeamCommand::Import { csv } => import(&mut event, &csv)?,
        TeamCommand::List { json } => list(&event, json)?,
    }
    Ok(())
}
