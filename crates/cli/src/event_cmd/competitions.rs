//! `qisai competition add | list | edit | remove`: the competitions of an event.

use messages::msg;

use super::event::{edit_in, new_competition};
use super::{CompetitionCommand, FileArg, fail, open, print_json, tell};
use crate::Failure;
use crate::messages::say;

pub(super) fn competition(file: &FileArg, command: CompetitionCommand) -> Result<(), Failure> {
    let mut event = open_all(file)?;
    match command {
        CompetitionCommand::Add { name, settings } => {
            let new = new_competition(name, settings)?;
            let name = new.name.trim().to_string();
            event.add_competition(new).map_err(fail)?;
            tell(msg!("cli.competition_added", name = name));
        }
        CompetitionCommand::List { json } => list(&event, json)?,
        CompetitionCommand::Edit { competition, edit } => {
            event.choose(&competition).map_err(fail)?;
            edit_in(event, edit)?;
        }
        CompetitionCommand::Remove { competition } => {
            event.remove_competition(&competition).map_err(fail)?;
            tell(msg!("cli.competition_removed", name = competition.trim()));
        }
    }
    Ok(())
}

/// The event for a command on its competitions: `-c` chooses none of them here.
fn open_all(file: &FileArg) -> Result<service::Event, Failure> {
    open(&FileArg {
        competition: None,
        ..file.clone()
    })
}

fn list(event: &service::Event, json: bool) -> Result<(), Failure> {
    let competitions = event.competitions().map_err(fail)?;
    if json {
        print_json(&competitions);
        return Ok(());
    }
    tell(msg!(
        "cli.event_name",
        name = event.event_name().map_err(fail)?
    ));
    let headers = [
        say(&msg!("column.no")),
        say(&msg!("column.competition")),
        say(&msg!("column.game")),
        say(&msg!("column.entrants")),
        say(&msg!("column.stages")),
        say(&msg!("column.drawn")),
    ];
    let mut table = crate::table::Table::new(&headers, &[true, false, false, true, true, false]);
    for c in competitions {
        let game = tournament::game_words(c.game);
        let game = match (c.players, c.team_boards) {
            (2, None) => msg!("cli.game", game = game),
            (n, None) => msg!("cli.game_at_tables", game = game, players = n),
            (_, Some(b)) => msg!("cli.game_team", game = game, boards = b),
        };
        let drawn = match c.drawn {
            true => msg!("cli.competition_drawn"),
            false => msg!("cli.competition_not_drawn"),
        };
        table.rows.push(vec![
            c.number.to_string(),
            c.name,
            say(&game),
            c.entrants.to_string(),
            c.stages.to_string(),
            say(&drawn),
        ]);
    }
    println!("{}", table.render().trim_end());
    Ok(())
}
