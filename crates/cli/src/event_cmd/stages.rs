//! Stages and their draws: `stage`, `draw`, `pair`, `pairing`, `lots`, `lineup`.

use messages::msg;
use service::StageSpec;

use super::{FileArg, PairingCommand, StageCommand, StageOptions, fail, open, print_json, tell};
use crate::Failure;
use crate::messages::say as word;

pub(super) fn stage(file: &FileArg, command: StageCommand) -> Result<(), Failure> {
    match command {
        StageCommand::List { json } => {
            let stages = open(file)?.stages().map_err(fail)?;
            if json {
                print_json(&serde_json::to_value(&stages).unwrap_or_default());
                return Ok(());
            }
            for s in stages {
                let seed = s
                    .draw_seed
                    .map(|d| format!("  {}", word(&msg!("cli.draw_seed", seed = d))))
                    .unwrap_or_default();
                println!("{}  {}  {}{seed}", s.index, s.name, word(&s.summary));
            }
        }
        StageCommand::Add(options) => {
            let spec = stage_spec(options);
            let index = open(file)?.add_stage(spec).map_err(fail)?;
            tell(msg!("cli.stage_added", stage = index + 1));
        }
        StageCommand::Edit { stage, options } => {
            let spec = stage_spec(options);
            open(file)?.edit_stage(stage, spec).map_err(fail)?;
            tell(msg!("cli.stage_changed", stage = stage));
        }
        StageCommand::Remove { stage } => {
            let name = open(file)?.remove_stage(stage).map_err(fail)?;
            tell(msg!("cli.stage_removed", stage = stage, name = name));
        }
    }
    Ok(())
}

/// A stage's options as the service takes them.
fn stage_spec(o: StageOptions) -> StageSpec {
    StageSpec {
        format: o.format,
        values: o.values,
    }
}

pub(super) fn draw(file: &FileArg, seed: Option<u64>) -> Result<(), Failure> {
    let report = open(file)?.draw(seed).map_err(fail)?;
    tell(msg!(
        "cli.drawn",
        stage = report.stage + 1,
        name = report.stage_title.clone(),
        seed = report.seed.to_string()
    ));
    for (gone, next) in &report.replaced {
        tell(msg!("cli.replaced", gone = gone, next = next));
    }
    for (group, names) in &report.groups {
        tell(msg!("cli.group", group = group, names = names.join("、")));
    }
    for mates in &report.club_mates {
        tell(msg!(
            "draw.club_mates",
            group = &mates.group,
            club = &mates.club,
            count = mates.count.to_string()
        ));
    }
    Ok(())
}

pub(super) fn pair(file: &FileArg, round: Option<u32>) -> Result<(), Failure> {
    let mut event = open(file)?;
    let added = event.pair(round).map_err(fail)?;
    let at_tables = event.competition().map_err(fail)?.seating().is_table();
    for (round, board) in added {
        tell(match at_tables {
            true => msg!("cli.paired_table", round = round, board = board),
            false => msg!("cli.paired_board", round = round, board = board),
        });
    }
    Ok(())
}

pub(super) fn lots(
    file: &FileArg,
    round: u32,
    board: u32,
    seed: Option<u64>,
) -> Result<(), Failure> {
    let (seed, winner) = open(file)?
        .draw_match_lots(round, board, seed)
        .map_err(fail)?;
    tell(msg!(
        "cli.lots_drawn",
        seed = seed.to_string(),
        winner = winner
    ));
    Ok(())
}

pub(super) fn pairing(file: &FileArg, command: PairingCommand) -> Result<(), Failure> {
    let mut event = open(file)?;
    let warnings = match command {
        PairingCommand::Swap {
            round,
            board,
            other,
        } => {
            let w = event.swap_pairing(round, board, other).map_err(fail)?;
            tell(msg!(
                "cli.swapped",
                round = round,
                board = board,
                other = other
            ));
            w
        }
        PairingCommand::Set {
            round,
            board,
            red,
            black,
        } => {
            let w = event
                .set_pairing(round, board, &red, &black)
                .map_err(fail)?;
            tell(msg!(
                "cli.set",
                round = round,
                board = board,
                red = &red,
                black = &black
            ));
            w
        }
    };
    for w in warnings {
        let warning = w.words.text(crate::messages::lang());
        tell(msg!("cli.warning", warning = warning));
    }
    Ok(())
}

pub(super) fn lineup(file: &FileArg, round: u32, team: &str, members: &str) -> Result<(), Failure> {
    let members = service::split_members(members);
    open(file)?
        .set_lineup(round, team, &members)
        .map_err(fail)?;
    tell(msg!(
        "cli.lineup",
        round = round,
        team = team,
        members = members
    ));
    Ok(())
}
