//! The use cases every Qisai front end shares (the CLI, the desktop app, `qisai serve`):
//! create and open an event, register, add stages, draw, pair, enter and correct
//! results, standings, export, undo. Each mutation is one transaction of the event
//! file with its audit entry; a refused command changes nothing.

mod backup;
mod clean;
mod club_totals;
mod competitions;
pub mod demo;
mod display;
mod encoding;
mod entry_csv;
mod error;
mod export;
mod hall;
mod hall_span;
mod lineups;
mod members;
mod playoffs;
mod print;
mod print_set;
mod ranking;
mod ratings;
mod record_check;
mod registration;
mod results;
mod scored;
mod select;
mod stages;
mod swiss;
mod trf;
mod views;
mod wall_chart;
mod worded;

use std::path::Path;

use messages::msg;
use store::{Address, EventStore};

use crate::clean::{clean, clean_optional};
use tournament::{Competition, GameKind, Scoring, TeamScoring};

pub use backup::{AutoBackup, BackupPolicy};
pub use clean::TextField;
pub use club_totals::{
    ClubEntrant, ClubPart, ClubRow, ClubRule, ClubScoring, DEFAULT_PLACE_POINTS, Total,
    parse_place_points,
};
pub use competitions::CompetitionView;
pub use display::{
    DisplayPairing, DisplayRow, DisplaySide, DisplayTiebreak, DisplayView, ResultChoice,
    SectorGame, SectorView, initials, result_choices,
};
pub use entry_csv::MAX_FILE_BYTES;
pub use error::{Result, ServiceError};
pub use hall::{ArbiterView, EntryView, HallEntry, Issued, NewArbiter, PendingView, same_secret};
pub use lineups::split_members;
pub use members::{BoardTable, MemberRow};
pub use messages::{Explain, Message};
pub use playoffs::TieView;
pub use print::{Document, PrintRequest, in_words};
pub use print_set::{SetDocument, SetRequest};
pub use ranking::FinalPlace;
pub use ratings::{RATING_COLUMNS, RatingRow, parse_k, rating_columns};
pub use registration::{
    EligibilityEdit, ImportError, ImportPreview, NewEntrant, PlayerEdit, Withdrawal,
    eligibility_words, parse_eligibility,
};
pub use report::Encoding;
pub use report::pdf::{
    BracketMatch, BracketView, CrosstableView, Lang, PageSetup, Paper, PrintOptions,
};
pub use results::{RECORD_BYTES, Recorded, ResultEntry};
pub use scored::{SeatView, pairing_words, result_words, seat_label};
pub use stages::{
    ClubMates, DrawReport, FormatView, OptionView, StageSpec, StageView, stage_name, stage_title,
};
pub use swiss::{
    BoardChange, BoardExplanation, FloatView, Players, RoundExplanation, ScoreGroupView,
    SwapPreview, TableExplanation, WarningView,
};
pub use tournament::ResultText;
pub use tournament::model::XiangqiRules;
pub use trf::{TrfImport, TrfImported, parse_edition, trf_message};
pub use views::{
    BoardView, EntrantView, ExplanationPart, ExplanationView, GameView, LogView, PairingView,
    StandingRowView, StandingsView, TiebreakValue, points_value,
};
pub use worded::Worded;

/// What `qisai new` asks for.
#[derive(Debug, Clone)]
pub struct NewEvent {
    pub name: String,
    pub game: GameKind,
    /// Players at a table: 2; 4 for four-player Junqi; 3, 4 or 6 for checkers.
    pub players: usize,
    /// Four-player Junqi: fixed pairs (the default) or rotating partners.
    pub partners: Option<tournament::tables::Partners>,
    /// Checkers at tables of 3, 4 or 6: what each place scores (the winner alone by
    /// default).
    pub table_scoring: Option<tournament::tables::TableScoring>,
    /// Boards per team match; `None` for individuals.
    pub team_boards: Option<u32>,
    /// `None`: the game's default scoring.
    pub scoring: Option<Scoring>,
    /// Printed on pairing sheets, e.g. "每方 40 分钟".
    pub time_control: Option<String>,
    /// Team events: members keep their registered board order in every line-up.
    pub fixed_order: bool,
    /// Xiangqi: the rule book repetitions are judged by.
    pub xiangqi_rules: XiangqiRules,
    /// Who may enter (an age group, a women's competition): see [`parse_eligibility`].
    pub eligibility: tournament::Eligibility,
    /// The hall board its boards are numbered from; by default after the competitions
    /// before it.
    pub first_board: Option<u32>,
}

impl NewEvent {
    /// An individual competition of `game`, two to a board, with the rules' defaults.
    pub fn new(name: impl Into<String>, game: GameKind) -> NewEvent {
        NewEvent {
            name: name.into(),
            game,
            players: 2,
            partners: None,
            table_scoring: None,
            team_boards: None,
            scoring: None,
            time_control: None,
            fixed_order: false,
            xiangqi_rules: XiangqiRules::default(),
            eligibility: tournament::Eligibility::default(),
            first_board: None,
        }
    }
}

/// What may change about an event after it was created; `None` leaves a field as it
/// is, and an empty time control removes it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EventEdit {
    pub name: Option<String>,
    pub time_control: Option<String>,
    /// Team events: keep the registered board order in line-ups.
    pub fixed_order: Option<bool>,
    /// Venue, dates, organizer and chief arbiter for the sheets ("" removes one).
    pub venue: Option<String>,
    pub dates: Option<String>,
    pub organizer: Option<String>,
    pub arbiter: Option<String>,
    /// Points for a win, a draw and a loss (`2-1-0`); the standings follow at once.
    pub scoring: Option<String>,
    /// Sector arbiters' results count once two entries agree.
    pub double_entry: Option<bool>,
    /// Xiangqi: the rule book repetitions are judged by.
    pub xiangqi_rules: Option<XiangqiRules>,
    /// Who may enter (an age group, a women's competition).
    pub eligibility: EligibilityEdit,
    /// The hall board its boards are numbered from (`""`: after the competitions before
    /// it).
    pub first_board: Option<String>,
    /// Changes the scoring even though results are entered (they are all rescored).
    pub force: bool,
}

/// What an edit of the event did beyond what was asked: the results rescored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct EventEdited {
    pub rescored: usize,
}

/// Whether a path names an event in a database (`postgres://…`) rather than a file.
pub fn is_database_address(path: &Path) -> bool {
    path.to_str().is_some_and(store::is_database)
}

/// A path as shown to people: a database's address without its password.
pub fn shown_path(path: &Path) -> String {
    match path.to_str() {
        Some(text) if store::is_database(text) => store::redact(text.trim()),
        _ => path.display().to_string(),
    }
}

/// An open event: an event file, or an event in a database.
pub struct Event {
    file: EventStore,
}

impl Event {
    pub fn create(path: &Path, new: NewEvent) -> Result<Event> {
        let competition = competition_of(&new)?;
        Ok(Event {
            file: EventStore::create(&Address::of(path)?, &competition)?,
        })
    }

    /// Opens the event at `path`: a file, or a database's address
    /// (`postgres://USER@HOST/DB?event=NAME`).
    pub fn open(path: &Path) -> Result<Event> {
        Ok(Event {
            file: EventStore::open(&Address::of(path)?)?,
        })
    }

    /// Whether there is an event at `path` (a file, or the event in the database).
    pub fn exists(path: &Path) -> Result<bool> {
        Ok(EventStore::exists(&Address::of(path)?)?)
    }

    /// Copies the whole event at `from`, its log included, to `to` (a file or a
    /// database either way), never over an existing event.
    pub fn copy(from: &Path, to: &Path) -> Result<Event> {
        let (from, to) = (Address::of(from)?, Address::of(to)?);
        Ok(Event {
            file: store::copy(&from, &to)?,
        })
    }

    /// Renames the event, changes its details or its scoring. A new scoring rescores
    /// every result entered, so once there is one it needs `force`.
    pub fn edit_event(&mut self, edit: EventEdit) -> Result<EventEdited> {
        let edit = EventEdit {
            name: edit
                .name
                .map(|n| clean(TextField::EventName, &n))
                .transpose()?,
            time_control: edit
                .time_control
                .map(|t| clean(TextField::TimeControl, &t))
                .transpose()?,
            fixed_order: edit.fixed_order,
            venue: cleaned_detail(TextField::Venue, edit.venue)?,
            dates: cleaned_detail(TextField::Dates, edit.dates)?,
            organizer: cleaned_detail(TextField::Organizer, edit.organizer)?,
            arbiter: cleaned_detail(TextField::Arbiter, edit.arbiter)?,
            scoring: edit.scoring.map(|s| s.trim().to_string()),
            double_entry: edit.double_entry,
            xiangqi_rules: edit.xiangqi_rules,
            eligibility: edit.eligibility,
            first_board: edit.first_board.map(|f| f.trim().to_string()),
            force: edit.force,
        };
        let first_board = edit
            .first_board
            .as_deref()
            .map(parse_first_board)
            .transpose()?;
        // A date or gender that cannot be read is refused before anything is opened.
        parse_eligibility(
            edit.eligibility.born_after.as_deref(),
            edit.eligibility.gender.as_deref(),
        )?;
        if edit
            == (EventEdit {
                force: edit.force,
                ..EventEdit::default()
            })
        {
            return Err(ServiceError::refused(msg!("event.nothing_to_change")));
        }
        if self.file.current().is_none() && self.has_heading()? {
            return self
                .edit_heading(&edit)
                .map(|()| EventEdited { rescored: 0 });
        }
        let mut summary = Vec::new();
        if let Some(name) = &edit.name {
            self.refuse_taken_name(name.trim())?;
            summary.push(msg!("log.event_name", name = name.trim()));
        }
        if let Some(time) = &edit.time_control {
            summary.push(match time.trim() {
                "" => msg!("log.time_control_removed"),
                t => msg!("log.time_control", time = t),
            });
        }
        if let Some(fixed) = edit.fixed_order {
            summary.push(if fixed {
                msg!("log.fixed_order")
            } else {
                msg!("log.free_order")
            });
        }
        for (field, value) in [
            (TextField::Venue, &edit.venue),
            (TextField::Dates, &edit.dates),
            (TextField::Organizer, &edit.organizer),
            (TextField::Arbiter, &edit.arbiter),
        ] {
            if let Some(v) = value {
                let field = field.words();
                summary.push(match v.as_str() {
                    "" => msg!("log.detail_removed", field = field),
                    v => msg!("log.detail", field = field, value = v),
                });
            }
        }
        if let Some(rules) = edit.xiangqi_rules {
            summary.push(msg!(
                "log.xiangqi_rules",
                rules = xiangqi_rules_words(rules)
            ));
        }
        if let Some(first) = first_board {
            summary.push(match first {
                Some(board) => msg!("log.first_board", board = board),
                None => msg!("log.first_board_auto"),
            });
        }
        if let Some(double) = edit.double_entry {
            summary.push(match double {
                true => msg!("log.double_entry_on"),
                false => msg!("log.double_entry_off"),
            });
        }
        self.file.change_with("event", |c| {
            let before = (
                c.name.clone(),
                c.time_control.clone(),
                c.fixed_order,
                c.details.clone(),
                c.scoring.clone(),
                c.hall.double_entry,
                c.xiangqi_rules,
                c.eligibility,
                c.first_board,
            );
            summary.extend(edit.eligibility.apply(c)?);
            let mut rescored = 0;
            if let Some(text) = &edit.scoring {
                let scoring = parse_scoring(text, c.game, c.scoring.seats)?;
                if scoring != c.scoring {
                    rescored = results_entered(c);
                    if rescored > 0 && !edit.force {
                        return Err(ServiceError::refused(msg!(
                            "event.scoring_rescores",
                            results = rescored
                        )));
                    }
                }
                summary.push(match rescored {
                    0 => msg!("log.scoring", scoring = text),
                    n => msg!("log.scoring_rescored", scoring = text, results = n),
                });
                c.scoring = scoring;
            }
            let set = |slot: &mut Option<String>, value: &Option<String>| {
                if let Some(v) = value {
                    *slot = Some(v.clone()).filter(|v| !v.is_empty());
                }
            };
            set(&mut c.details.venue, &edit.venue);
            set(&mut c.details.dates, &edit.dates);
            set(&mut c.details.organizer, &edit.organizer);
            set(&mut c.details.arbiter, &edit.arbiter);
            if let Some(fixed) = edit.fixed_order {
                if fixed && !c.is_team() {
                    return Err(ServiceError::refused(msg!("event.fixed_order_individual")));
                }
                c.fixed_order = fixed;
            }
            if let Some(name) = edit.name.as_deref().map(str::trim) {
                if name.is_empty() {
                    return Err(ServiceError::refused(msg!("event.name_needed")));
                }
                c.name = name.to_string();
            }
            if let Some(time) = &edit.time_control {
                c.time_control = Some(time.trim().to_string()).filter(|t| !t.is_empty());
            }
            if let Some(double) = edit.double_entry {
                c.hall.double_entry = double;
            }
            if let Some(first) = first_board {
                c.first_board = first;
            }
            if let Some(rules) = edit.xiangqi_rules {
                if c.game != GameKind::Xiangqi {
                    return Err(ServiceError::refused(msg!("event.xiangqi_rules_only")));
                }
                c.xiangqi_rules = rules;
            }
            if (
                c.name.clone(),
                c.time_control.clone(),
                c.fixed_order,
                c.details.clone(),
                c.scoring.clone(),
                c.hall.double_entry,
                c.xiangqi_rules,
                c.eligibility,
                c.first_board,
            ) == before
            {
                return Err(ServiceError::refused(msg!("event.unchanged")));
            }
            let summary = logged(msg!("log.event_edited", changes = summary_list(summary)));
            Ok((EventEdited { rescored }, summary))
        })
    }

    /// The chosen competition, shared with the store's cache: reading it costs no copy.
    pub fn competition(&self) -> Result<std::sync::Arc<Competition>> {
        Ok(self.file.load_shared()?)
    }

    /// The chosen competition as a copy of one's own, to work on without saving.
    pub(crate) fn competition_copy(&self) -> Result<Competition> {
        Ok(self.file.load()?)
    }

    /// Reverses the last change; returns its summary, or `None` if there is nothing to undo.
    pub fn undo(&mut self) -> Result<Option<serde_json::Value>> {
        Ok(self.file.undo()?.map(|e| summary_value(&e.summary)))
    }

    pub fn log(&self) -> Result<Vec<LogView>> {
        let event = self.file.load_event()?;
        // Where there are several competitions, each entry names its own.
        let several = event.heading.is_some();
        let competition_of = |e: &store::AuditEntry| {
            let mut ids = e.changes.iter().map(|c| c.key.competition);
            let first = ids.next()?;
            let name = &event.competitions.get(&first)?.name;
            (several && ids.all(|id| id == first)).then(|| name.clone())
        };
        Ok(self
            .file
            .log()?
            .into_iter()
            .map(|e| LogView {
                competition: competition_of(&e),
                ..LogView::from(e)
            })
            .collect())
    }

    /// Group commit: the changes until [`Event::end_batch`] reach the disk together,
    /// each still its own logged change that succeeds or fails alone.
    pub fn begin_batch(&mut self) -> Result<()> {
        Ok(self.file.begin_batch()?)
    }

    /// Commits the batch; an error means none of its changes was saved.
    pub fn end_batch(&mut self) -> Result<()> {
        Ok(self.file.end_batch()?)
    }

    pub fn integrity_check(&self) -> Result<String> {
        Ok(self.file.integrity_check()?)
    }

    /// What is wrong with the event, found independently of how it was built: rows
    /// that another program changed behind the log's back, then the event itself
    /// (bounds, scoring, entrants, rounds, results, who went on); empty when sound.
    pub fn check(&self) -> Result<Vec<messages::Message>> {
        let mut findings: Vec<messages::Message> = self
            .file
            .log_findings()?
            .iter()
            .map(Explain::message)
            .collect();
        match self.file.load_event() {
            Ok(event) => {
                let several = event.heading.is_some();
                for c in event.competitions.values() {
                    let found = tournament::check::check(c);
                    findings.extend(found.iter().map(|f| match several {
                        true => msg!(
                            "check.in_competition",
                            competition = &c.name,
                            finding = f.message()
                        ),
                        false => f.message(),
                    }));
                }
            }
            // Rows no command could have written may not even read as an event.
            Err(e) => findings.push(ServiceError::from(e).message()),
        }
        Ok(findings)
    }
}

/// A new competition as `new` describes it, refused where its settings do not go
/// together.
fn competition_of(new: &NewEvent) -> Result<Competition> {
    let name = clean(TextField::EventName, &new.name)?;
    if name.is_empty() {
        return Err(ServiceError::refused(msg!("event.name_needed")));
    }
    tournament::model::check_event_settings(new.game, new.players, new.team_boards)?;
    let tables = tables_of(new)?;
    let scoring = new
        .scoring
        .clone()
        .unwrap_or_else(|| default_scoring(new.game, new.players));
    let mut competition = Competition::new(&name, new.game, scoring);
    competition.team_boards = new.team_boards;
    competition.team_scoring = TeamScoring::default();
    competition.time_control = clean_optional(TextField::TimeControl, new.time_control.as_deref())?;
    if new.fixed_order && new.team_boards.is_none() {
        return Err(ServiceError::refused(msg!("event.fixed_order_individual")));
    }
    competition.fixed_order = new.fixed_order;
    if !new.xiangqi_rules.is_default() && new.game != GameKind::Xiangqi {
        return Err(ServiceError::refused(msg!("event.xiangqi_rules_only")));
    }
    competition.xiangqi_rules = new.xiangqi_rules;
    competition.tables = tables;
    competition.eligibility = new.eligibility;
    if competition.tables.is_some() && new.team_boards.is_some() {
        return Err(ServiceError::refused(msg!("event.tables_not_team")));
    }
    Ok(competition)
}

/// The tables of an event of more than two at a table, with what only they may set.
fn tables_of(new: &NewEvent) -> Result<Option<tournament::tables::Tables>> {
    let junqi_four = new.game == GameKind::Junqi && new.players == 4;
    let checkers_tables = new.game == GameKind::Checkers && new.players > 2;
    if new.partners.is_some() && !junqi_four {
        return Err(ServiceError::refused(msg!("event.partners_only")));
    }
    if new.table_scoring.is_some() && !checkers_tables {
        return Err(ServiceError::refused(msg!("event.table_scoring_only")));
    }
    if !junqi_four && !checkers_tables {
        return Ok(None);
    }
    Ok(Some(tournament::tables::Tables {
        game: new.game,
        size: new.players,
        partners: new.partners.unwrap_or_default(),
        scoring: new.table_scoring.unwrap_or_default(),
    }))
}

/// The rules' default scoring for a game.
/// An event detail as typed, cleaned; `""` (after trimming) removes it.
fn cleaned_detail(field: TextField, value: Option<String>) -> Result<Option<String>> {
    value.map(|v| clean(field, &v)).transpose()
}

pub fn default_scoring(game: GameKind, players: usize) -> Scoring {
    match game {
        GameKind::Xiangqi => Scoring::xiangqi(),
        GameKind::Checkers => Scoring::checkers(),
        GameKind::Junqi => Scoring::junqi(players),
    }
}

/// Reads how a checkers table scores: `winner`, `placement`, or points by place
/// (`3,2,1,0`).
pub fn parse_table_scoring(text: &str) -> Result<tournament::tables::TableScoring> {
    text.parse()
        .map_err(|_| ServiceError::refused(msg!("event.table_scoring_unreadable", text = text)))
}

/// Reads a scoring scale `win-draw-loss`, e.g. `2-1-0`, `1-0.5-0`, `3-1.5-0`; an
/// asymmetric draw as `3-1/2-0` (red 1, black 2).
pub fn parse_scoring(text: &str, game: GameKind, players: usize) -> Result<Scoring> {
    let bad = || ServiceError::refused(msg!("event.scoring_unreadable", text = text));
    let parts: Vec<&str> = text.split('-').collect();
    let [win, draw, loss] = parts[..] else {
        return Err(bad());
    };
    let points = |s: &str| s.parse::<tournament::Points>().map_err(|_| bad());
    let (red_draw, black_draw) = match draw.split_once('/') {
        Some((r, b)) => (points(r)?, points(b)?),
        None => (points(draw)?, points(draw)?),
    };
    let (win, loss) = (points(win)?, points(loss)?);
    // A draw between a loss and a win, a win above a loss: any other scale ranks
    // players upside down.
    if win <= loss || [red_draw, black_draw].iter().any(|&d| d > win || d < loss) {
        return Err(ServiceError::refused(msg!(
            "event.scoring_order",
            text = text
        )));
    }
    let base = default_scoring(game, players);
    let mut scoring = Scoring::two_player(win, red_draw, loss);
    scoring.draw = [red_draw, black_draw];
    scoring.seats = base.seats;
    scoring.quick_win_moves = base.quick_win_moves;
    scoring.min_surrender_moves = base.min_surrender_moves;
    if game == GameKind::Checkers {
        scoring.dead_game = base.dead_game;
    }
    if game == GameKind::Junqi {
        scoring.quick_win = tournament::Points::ZERO;
    }
    Ok(scoring)
}

/// A first board as typed: a number from 1, or `""` for the automatic block.
fn parse_first_board(text: &str) -> Result<Option<u32>> {
    match text.trim() {
        "" => Ok(None),
        t => t
            .parse::<u32>()
            .ok()
            .filter(|&b| b >= 1)
            .map(Some)
            .ok_or_else(|| ServiceError::refused(msg!("event.bad_first_board", text = t))),
    }
}

/// Results entered anywhere in the event: games (boards of team matches, tables).
fn results_entered(c: &Competition) -> usize {
    c.stages
        .iter()
        .flat_map(|s| &s.groups)
        .flat_map(|g| &g.rounds)
        .flat_map(|r| &r.matches)
        .map(|m| m.games.iter().filter(|g| g.record.is_some()).count())
        .sum()
}

/// A rule book's name in both languages.
pub fn xiangqi_rules_words(rules: XiangqiRules) -> messages::Param {
    match rules {
        XiangqiRules::Chinese => msg!("rules.chinese").into(),
        XiangqiRules::Asian => msg!("rules.asian").into(),
    }
}

/// A rule book named as people write it: `chinese` or `asian` (中国, 亚洲).
pub fn parse_xiangqi_rules(text: &str) -> Result<XiangqiRules> {
    match text.parse::<games::XiangqiRules>() {
        Ok(games::XiangqiRules::Chinese) => Ok(XiangqiRules::Chinese),
        Ok(games::XiangqiRules::Asian) => Ok(XiangqiRules::Asian),
        Err(_) => Err(ServiceError::refused(msg!(
            "event.bad_xiangqi_rules",
            text = text
        ))),
    }
}

pub(crate) fn logged(message: messages::Message) -> String {
    messages::to_json(&message)
}

/// Several changes of one edit as one message, in the order given.
pub(crate) fn summary_list(changes: Vec<messages::Message>) -> messages::Message {
    let mut changes = changes.into_iter();
    let first = changes.next().unwrap_or_else(|| msg!("log.nothing"));
    changes.fold(first, |so_far, next| {
        msg!("log.and", first = so_far, then = next)
    })
}

/// A summary as kept in the log: a message (`{"code", "params"}`) for the front ends to
/// word, or the text an older file kept.
pub fn summary_value(summary: &str) -> serde_json::Value {
    serde_json::from_str::<serde_json::Value>(summary)
        .ok()
        .filter(serde_json::Value::is_object)
        .unwrap_or_else(|| serde_json::Value::String(summary.to_string()))
}
