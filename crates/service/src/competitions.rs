//! An event of several competitions (组别 / 项目): a city games' boards events, a youth
//! championship's age groups. Each competition is what an event of one always was (its
//! game, entrants, stages); the event above them has a name, and its commands act on
//! the competition chosen (`-c NAME`), or on its only one.

use std::path::Path;

use messages::msg;
use store::rows::{EventModel, Heading};
use store::{Address, EventStore};
use tournament::Competition;

use crate::clean::{TextField, clean};
use crate::{Event, EventEdit, NewEvent, Result, ServiceError, competition_of, logged};

/// One competition of the event as listed.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct CompetitionView {
    /// Its place in the list, from 1: what `-c` also takes.
    pub number: usize,
    pub name: String,
    pub game: tournament::GameKind,
    /// Players at a table.
    pub players: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub team_boards: Option<u32>,
    pub entrants: usize,
    pub stages: usize,
    /// Whether its first stage is drawn: from then on it is never removed.
    pub drawn: bool,
    /// The competition commands act on now.
    pub current: bool,
}

impl Event {
    /// Creates an event to which competitions are added (`qisai new` without a game).
    pub fn create_several(path: &Path, name: &str) -> Result<Event> {
        let name = clean(TextField::EventName, name)?;
        if name.is_empty() {
            return Err(ServiceError::refused(msg!("event.name_needed")));
        }
        let event = EventModel {
            heading: Some(Heading {
                name,
                ..Heading::default()
            }),
            ..EventModel::default()
        };
        Ok(Event {
            file: EventStore::create_event(&Address::of(path)?, &event)?,
        })
    }

    /// The event's name: its own, or its one competition's.
    pub fn event_name(&self) -> Result<String> {
        Ok(self.file.load_event()?.name().to_string())
    }

    /// Whether the event is one to which competitions are added (it has a name of its
    /// own above them).
    pub fn has_heading(&self) -> Result<bool> {
        Ok(self.file.load_event()?.heading.is_some())
    }

    /// The competition chosen, as the store numbers it.
    pub fn choice(&self) -> Option<u32> {
        self.file.current()
    }

    /// Puts back a choice [`Event::choice`] gave.
    pub fn restore_choice(&self, choice: Option<u32>) {
        self.file.choose(choice);
    }

    /// Every competition of the event, in order.
    pub fn competitions(&self) -> Result<Vec<CompetitionView>> {
        let event = self.file.load_event()?;
        let current = self.file.current();
        Ok(event
            .competitions
            .iter()
            .enumerate()
            .map(|(i, (id, c))| CompetitionView {
                number: i + 1,
                name: c.name.clone(),
                game: c.game,
                players: c.tables.as_ref().map_or(2, |t| t.size),
                team_boards: c.team_boards,
                entrants: c.entrants.len(),
                stages: c.stages.len(),
                drawn: is_drawn(c),
                current: current == Some(*id),
            })
            .collect())
    }

    /// The competitions themselves, in order (club totals, the booklet of the event).
    pub fn all_competitions(&self) -> Result<Vec<Competition>> {
        Ok(self.file.load_event()?.competitions.into_values().collect())
    }

    /// Runs `read` on the competition chosen (or the event's only one), or, where the
    /// event holds several and none is chosen, on each in turn with its name: what
    /// covers the whole event (the workbook, the print set). The choice is as it was
    /// afterwards.
    pub(crate) fn each_competition<T>(
        &self,
        mut read: impl FnMut(Option<&str>) -> Result<T>,
    ) -> Result<Vec<T>> {
        let chosen = self.file.current();
        if chosen.is_some() {
            return Ok(vec![read(None)?]);
        }
        let event = self.file.load_event()?;
        if event.competitions.is_empty() {
            // Refused as any command on no competition is.
            self.competition()?;
        }
        let mut out = Vec::new();
        for (id, c) in &event.competitions {
            self.file.choose(Some(*id));
            let done = read(Some(&c.name));
            self.file.choose(chosen);
            out.push(done?);
        }
        Ok(out)
    }

    /// Chooses the competition later commands act on: by its name, or by its number
    /// in the list.
    pub fn choose(&self, name: &str) -> Result<()> {
        let event = self.file.load_event()?;
        let id = find(&event, name)?;
        self.file.choose(Some(id));
        Ok(())
    }

    /// Adds a competition; an event of one becomes an event of several, named as its
    /// first competition until renamed.
    pub fn add_competition(&mut self, new: NewEvent) -> Result<()> {
        let competition = competition_of(&new)?;
        let summary = logged(msg!("log.competition_added", name = &competition.name));
        self.file.change_event("competition", |event| {
            if event
                .competitions
                .values()
                .any(|c| c.name == competition.name)
            {
                return Err(ServiceError::refused(msg!(
                    "competition.exists",
                    name = &competition.name
                )));
            }
            if event.heading.is_none() {
                event.heading = Some(Heading {
                    name: event.name().to_string(),
                    details: event
                        .competitions
                        .values()
                        .next()
                        .map(|c| c.details.clone())
                        .unwrap_or_default(),
                });
            }
            let id = event
                .competitions
                .keys()
                .next_back()
                .map_or(0, |last| last + 1);
            let mut competition = competition;
            competition.hall.arbiters = hall_wide_arbiters(event);
            event.competitions.insert(id, competition);
            Ok(((), summary))
        })
    }

    /// Removes a competition before its first draw (what is drawn stays).
    pub fn remove_competition(&mut self, name: &str) -> Result<()> {
        self.file.change_event("competition", |event| {
            let id = find(event, name)?;
            let competition = &event.competitions[&id];
            if is_drawn(competition) {
                return Err(ServiceError::refused(msg!(
                    "competition.drawn",
                    name = &competition.name
                )));
            }
            let name = competition.name.clone();
            event.competitions.remove(&id);
            Ok(((), logged(msg!("log.competition_removed", name = name))))
        })
    }
}

impl Event {
    /// An edit of an event of several competitions with none chosen: the event's own
    /// name and details; anything a competition has asks for one (`-c`).
    pub(crate) fn edit_heading(&mut self, edit: &EventEdit) -> Result<()> {
        let heading_only = EventEdit {
            name: edit.name.clone(),
            venue: edit.venue.clone(),
            dates: edit.dates.clone(),
            organizer: edit.organizer.clone(),
            arbiter: edit.arbiter.clone(),
            force: edit.force,
            ..EventEdit::default()
        };
        if *edit != heading_only {
            // Refused as any command on one competition is, naming them.
            self.competition()?;
        }
        self.file.change_event("event", |event| {
            let heading = event.heading.get_or_insert_with(Heading::default);
            let mut changes = Vec::new();
            if let Some(name) = edit.name.as_deref().map(str::trim) {
                if name.is_empty() {
                    return Err(ServiceError::refused(msg!("event.name_needed")));
                }
                heading.name = name.to_string();
                changes.push(msg!("log.event_name", name = name));
            }
            let details = &mut heading.details;
            for (field, slot, value) in [
                (TextField::Venue, &mut details.venue, &edit.venue),
                (TextField::Dates, &mut details.dates, &edit.dates),
                (
                    TextField::Organizer,
                    &mut details.organizer,
                    &edit.organizer,
                ),
                (TextField::Arbiter, &mut details.arbiter, &edit.arbiter),
            ] {
                if let Some(v) = value {
                    *slot = Some(v.clone()).filter(|v| !v.is_empty());
                    let field = field.words();
                    changes.push(match v.as_str() {
                        "" => msg!("log.detail_removed", field = field),
                        v => msg!("log.detail", field = field, value = v),
                    });
                }
            }
            let summary = msg!("log.event_edited", changes = crate::summary_list(changes));
            Ok(((), logged(summary)))
        })
    }

    /// Refuses to name the competition acted on as another competition of the event is
    /// named: `-c` would no longer tell them apart.
    pub(crate) fn refuse_taken_name(&self, name: &str) -> Result<()> {
        let event = self.file.load_event()?;
        let current = self.file.current();
        let taken = event
            .competitions
            .iter()
            .any(|(id, c)| Some(*id) != current && c.name == name);
        match taken {
            true => Err(ServiceError::refused(msg!(
                "competition.exists",
                name = name
            ))),
            false => Ok(()),
        }
    }
}

/// The arbiters of the whole hall (added with no competition chosen): those every
/// competition has under the same token. A competition added later has them too.
pub(crate) fn hall_wide_arbiters(event: &EventModel) -> Vec<tournament::hall::Arbiter> {
    let mut competitions = event.competitions.values();
    let Some(first) = competitions.next() else {
        return Vec::new();
    };
    let others: Vec<&Competition> = competitions.collect();
    first
        .hall
        .arbiters
        .iter()
        .filter(|a| others.iter().all(|c| c.hall.arbiters.contains(a)))
        .cloned()
        .collect()
}

fn is_drawn(c: &Competition) -> bool {
    c.stages.iter().any(|s| !s.groups.is_empty())
}

/// A competition named as people name it: its name, or its number in the list.
fn find(event: &EventModel, name: &str) -> Result<u32> {
    let name = name.trim();
    let by_name = event.competitions.iter().find(|(_, c)| c.name == name);
    let by_number = || {
        let n: usize = name.parse().ok()?;
        event.competitions.keys().nth(n.checked_sub(1)?)
    };
    match by_name.map(|(id, _)| id).or_else(by_number) {
        Some(id) => Ok(*id),
        None => Err(ServiceError::refused(msg!(
            "competition.unknown",
            name = name,
            names = names(event)
        ))),
    }
}

fn names(event: &EventModel) -> String {
    let names: Vec<&str> = event
        .competitions
        .values()
        .map(|c| c.name.as_str())
        .collect();
    match names.is_empty() {
        true => "—".to_string(),
        false => names.join("、"),
    }
}
