//! Stages and their draws: `stage`, `draw`, `pair`, `pairing`, `lots`, `lineup`.

use messages::{Param, msg};
use service::StageSpec;
use tournament::{Format, RoundRobinOptions};

use super::{
    ByeBuchholz, DeciderKind, FileArg, FirstRoundKind, PairingCommand, StageCommand, StageKind,
    StageOptions, fail, open, print_json, tell,
};
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
                println!("{}  {}  {}{seed}", s.index, s.name, s.description);
            }
        }
        StageCommand::Add(options) => {
            let spec = stage_spec(options)?;
            let index = open(file)?.add_stage(spec).map_err(fail)?;
            tell(msg!("cli.stage_added", stage = index + 1));
        }
        StageCommand::Edit { stage, options } => {
            let spec = stage_spec(options)?;
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
fn stage_spec(o: StageOptions) -> Result<StageSpec, Failure> {
    let format = match o.kind {
        StageKind::RoundRobin => Format::RoundRobin(RoundRobinOptions {
            double: o.double,
            swap_last_two: o.swap_last,
        }),
        StageKind::Knockout => Format::Knockout {
            third_place: o.third_place,
        },
        StageKind::PointsKnockout => Format::PointsKnockout {
            third_place: o.third_place,
        },
        StageKind::Swiss => Format::Swiss(swiss_options(&o)?),
    };
    let mut spec = StageSpec::new(format);
    spec.name = o.name;
    spec.groups = o.groups;
    spec.advance = o.advance;
    spec.best_of = o.best_of;
    spec.rounds = o.rounds;
    spec.per_table = o.per_table;
    spec.extra_games = if o.decider == DeciderKind::Lots { 0 } else { 1 };
    let edition = o
        .fide_edition
        .as_deref()
        .map(service::parse_edition)
        .transpose()
        .map_err(fail)?
        .unwrap_or_default();
    spec.tiebreaks = o
        .tiebreaks
        .map(|t| {
            tournament::tiebreak::parse_chain_in(&t, edition)
                .map_err(|e| Failure::usage(word(&messages::Explain::message(&e))))
        })
        .transpose()?;
    Ok(spec)
}

/// A Swiss stage's options from `stage add swiss …`.
fn swiss_options(o: &StageOptions) -> Result<tournament::swiss::SwissOptions, Failure> {
    use tournament::swiss::{ByeOpponent, ClubAvoidance, FirstRound, SwissOptions};
    let rounds = o
        .rounds
        .ok_or_else(|| Failure::usage(word(&msg!("cli.swiss_needs_rounds"))))?;
    let mut options = SwissOptions::new(rounds);
    options.first_round = match o.first_round {
        FirstRoundKind::Fold => FirstRound::Fold,
        FirstRoundKind::TopBottom => FirstRound::TopBottom,
        FirstRoundKind::Adjacent => FirstRound::Adjacent,
        FirstRoundKind::Random => FirstRound::Random,
    };
    options.no_three_same = o.no_three_same;
    options.avoid_club = match o.avoid_club.trim() {
        "off" => ClubAvoidance::Off,
        "round1" => ClubAvoidance::Round1,
        "always" => ClubAvoidance::Always,
        other => match other.strip_prefix("rounds:").map(str::parse) {
            Some(Ok(k)) => ClubAvoidance::Rounds(k),
            _ => {
                return Err(Failure::usage(word(&msg!("cli.avoid_club", value = other))));
            }
        },
    };
    options.drop_after_forfeits = o.drop_after_forfeits;
    options.bye_opponent = match o.bye_buchholz {
        ByeBuchholz::Lowest => ByeOpponent::Lowest,
        ByeBuchholz::Zero => ByeOpponent::Zero,
        ByeBuchholz::Own => ByeOpponent::Own,
    };
    Ok(options)
}

pub(super) fn draw(file: &FileArg, seed: Option<u64>) -> Result<(), Failure> {
    let report = open(file)?.draw(seed).map_err(fail)?;
    tell(msg!(
        "cli.drawn",
        stage = report.stage + 1,
        name = &report.stage_name,
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

pub(super) fn pair(file: &FileArg) -> Result<(), Failure> {
    let mut event = open(file)?;
    let added = event.pair().map_err(fail)?;
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
        tell(msg!("cli.warning", warning = Param::words(w.zh, w.en)));
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
