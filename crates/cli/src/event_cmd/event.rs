//! The event itself: `new`, `edit`, `undo`, `log`, `backup`, `copy`, `check`, `demo`.

use std::path::Path;

use messages::msg;
use service::TextField;
use service::{Event, EventEdit, NewEvent};
use tournament::GameKind;

use super::standings::print_standings;
use super::{
    CompetitionArgs, EditArgs, FileArg, Game, NewArgs, Switch, fail, open, print_json, tell,
};
use crate::messages::say as word;
use crate::{Failure, Lang};

pub(super) fn new(a: NewArgs) -> Result<(), Failure> {
    match a.settings.game {
        Some(_) => {
            let settings = new_competition(a.name, a.settings)?;
            Event::create(&a.path, settings).map_err(fail)?;
        }
        None if a.settings.any_setting() => {
            return Err(Failure::usage(word(&msg!("cli.settings_need_game"))));
        }
        None => {
            Event::create_several(&a.path, &a.name).map_err(fail)?;
        }
    }
    tell(msg!("cli.created", path = shown(&a.path)));
    Ok(())
}

/// A competition as its arguments describe it (`new`, `competition add`).
pub(super) fn new_competition(name: String, a: CompetitionArgs) -> Result<NewEvent, Failure> {
    let game = match a.game {
        Some(Game::Xiangqi) => GameKind::Xiangqi,
        Some(Game::Checkers) => GameKind::Checkers,
        Some(Game::Junqi) => GameKind::Junqi,
        None => return Err(Failure::usage(word(&msg!("cli.game_needed")))),
    };
    let team_boards = match (a.team, a.boards) {
        (true, Some(n)) => Some(n),
        (true, None) => return Err(Failure::usage(word(&msg!("cli.team_needs_boards")))),
        (false, Some(_)) => return Err(Failure::usage(word(&msg!("cli.boards_need_team")))),
        (false, None) => None,
    };
    // Checkers at tables of more than two score by place.
    let by_place = game == GameKind::Checkers && a.players > 2;
    let table_scoring = match &a.scoring {
        Some(s) if by_place => Some(service::parse_table_scoring(s).map_err(fail)?),
        _ => None,
    };
    let scoring = a
        .scoring
        .filter(|_| !by_place)
        .map(|s| service::parse_scoring(&s, game, a.players))
        .transpose()
        .map_err(fail)?;
    Ok(NewEvent {
        name,
        game,
        players: a.players,
        partners: a.partners.map(Into::into),
        table_scoring,
        team_boards,
        scoring,
        time_control: a.time_control,
        fixed_order: a.fixed_order,
        xiangqi_rules: a.xiangqi_rules.map(Into::into).unwrap_or_default(),
        eligibility: service::parse_eligibility(a.born_after.as_deref(), a.gender.as_deref())
            .map_err(fail)?,
        first_board: a.first_board,
    })
}

fn shown(path: &Path) -> String {
    service::shown_path(path)
}

pub(super) fn edit(file: &FileArg, a: EditArgs) -> Result<(), Failure> {
    edit_in(open(file)?, a)
}

/// Edits the competition the event acts on and says how it is now.
pub(super) fn edit_in(mut event: Event, a: EditArgs) -> Result<(), Failure> {
    let edited = event
        .edit_event(EventEdit {
            name: a.name,
            time_control: a.time_control,
            fixed_order: a.fixed_order,
            venue: a.venue,
            dates: a.dates,
            organizer: a.organizer,
            arbiter: a.arbiter,
            scoring: a.scoring,
            double_entry: a.double_entry.map(|s| s == Switch::On),
            xiangqi_rules: a.xiangqi_rules.map(Into::into),
            eligibility: service::EligibilityEdit {
                born_after: a.born_after,
                gender: a.gender,
            },
            first_board: a.first_board,
            force: a.force,
        })
        .map_err(fail)?;
    if edited.rescored > 0 {
        tell(msg!("edit.rescored", results = edited.rescored));
    }
    if event.choice().is_none() {
        // The event of several competitions itself was renamed or described.
        let name = event.event_name().map_err(fail)?;
        tell(msg!("cli.event_name", name = name));
        return Ok(());
    }
    let c = event.competition().map_err(fail)?;
    tell(msg!(
        "cli.event_now",
        name = &c.name,
        time = c.time_control.clone().unwrap_or_default()
    ));
    let d = &c.details;
    for (value, field) in [
        (&d.venue, TextField::Venue.words()),
        (&d.dates, TextField::Dates.words()),
        (&d.organizer, TextField::Organizer.words()),
        (&d.arbiter, TextField::Arbiter.words()),
    ] {
        if let Some(v) = value {
            tell(msg!("cli.detail", field = field, value = v));
        }
    }
    if c.game == GameKind::Xiangqi {
        tell(msg!(
            "cli.rules",
            rules = service::xiangqi_rules_words(c.xiangqi_rules)
        ));
    }
    if c.hall.double_entry {
        tell(msg!("cli.double_entry_on"));
    }
    if !c.eligibility.is_open() {
        tell(msg!(
            "log.eligibility",
            rule = service::eligibility_words(&c.eligibility)
        ));
    }
    Ok(())
}

pub(super) fn undo(file: &FileArg) -> Result<(), Failure> {
    let mut event = open(file)?;
    match event.undo().map_err(fail)? {
        Some(summary) => {
            let summary = ::messages::render_json(&summary, crate::messages::lang());
            tell(msg!("cli.undone", summary = summary));
            Ok(())
        }
        None => Err(Failure::rejected(word(&msg!("cli.nothing_to_undo")))),
    }
}

pub(super) fn log(file: &FileArg, json: bool) -> Result<(), Failure> {
    let event = open(file)?;
    let log = event.log().map_err(fail)?;
    if json {
        print_json(&serde_json::to_value(&log).unwrap_or_default());
        return Ok(());
    }
    for e in log {
        let undone = match e.undone {
            true => word(&msg!("cli.log_undone")),
            false => String::new(),
        };
        let competition = match &e.competition {
            Some(name) => format!("[{name}] "),
            None => String::new(),
        };
        // Times are stored in UTC and read in local time.
        println!(
            "{:>4}  {}  {:<9} {competition}{}{undone}",
            e.id,
            store::clock::local(&e.at),
            e.operation,
            ::messages::render_json(&e.summary, crate::messages::lang())
        );
    }
    Ok(())
}

pub(super) fn backup(file: &FileArg, destination: &Path) -> Result<(), Failure> {
    let written = open(file)?.backup(destination).map_err(fail)?;
    tell(msg!("cli.backed_up", path = shown(&written)));
    Ok(())
}

pub(super) fn copy(source: &Path, destination: &Path) -> Result<(), Failure> {
    Event::copy(source, destination).map_err(fail)?;
    tell(msg!(
        "cli.copied",
        from = shown(source),
        path = shown(destination)
    ));
    Ok(())
}

pub(super) fn check(file: &FileArg) -> Result<(), Failure> {
    let event = open(file)?;
    let verdict = event.integrity_check().map_err(fail)?;
    if verdict != "ok" {
        println!("{verdict}");
        return Err(Failure::rejected(word(&msg!("cli.file_damaged"))));
    }
    // The file is sound; now the event itself.
    let problems = event.check().map_err(fail)?;
    for p in &problems {
        println!("{}", word(p));
    }
    if !problems.is_empty() {
        let said = msg!("cli.problems", count = problems.len());
        return Err(Failure::rejected(word(&said)));
    }
    println!("ok");
    Ok(())
}

pub(super) fn demo(path: &Path, lang: Lang) -> Result<(), Failure> {
    let event = service::demo::build(path).map_err(fail)?;
    tell(msg!("cli.demo_written", path = shown(path)));
    let c = event.competition().map_err(fail)?;
    for stage in 1..=c.stages.len() {
        println!();
        print_standings(
            &event.standings(Some(stage)).map_err(fail)?,
            lang,
            c.is_team(),
        );
    }
    Ok(())
}
