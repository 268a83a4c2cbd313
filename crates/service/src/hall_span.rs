//! Sector arbiters across the competitions of an event (a city games' hall, its boards
//! numbered across the competitions): an arbiter added with no competition chosen is
//! every competition's, under one token. Its phone lists the boards of its sector in
//! each competition, each with its competition and the results its game allows, and
//! a result goes to the competition whose board it is.

use messages::msg;
use tournament::Competition;

use crate::hall::HallEntry;
use crate::select::current_stage;
use crate::{Event, Result, ResultEntry, SectorView, ServiceError};

impl Event {
    /// Whether the hall's commands act across competitions: an event of several, none
    /// chosen.
    pub(crate) fn across_competitions(&self) -> Result<bool> {
        Ok(self.choice().is_none() && self.has_heading()?)
    }

    /// The competitions the hall's commands act on: the one chosen, or every one.
    pub(crate) fn hall_competitions(&self) -> Result<Vec<Competition>> {
        match self.across_competitions()? {
            true => self.all_competitions(),
            false => Ok(vec![self.competition_copy()?]),
        }
    }

    /// Runs `edit` on the competition chosen, or across competitions on every one, as
    /// one logged change (an arbiter added, given a new token, removed): the summary
    /// is the first competition's.
    pub(crate) fn change_hall<T>(
        &mut self,
        edit: impl Fn(&mut Competition) -> Result<(T, String)>,
    ) -> Result<T> {
        if !self.across_competitions()? {
            return self.file.change_with("arbiter", edit);
        }
        self.file.change_event("arbiter", |event| {
            let mut first = None;
            for c in event.competitions.values_mut() {
                let done = edit(c)?;
                first.get_or_insert(done);
            }
            // No competition yet: refused as a command on one is.
            first.ok_or_else(|| ServiceError::from(store::rows::unchosen(Ok(event.clone()))))
        })
    }

    /// The competitions (store number and name) whose hall has arbiter `name`.
    fn competitions_of(&self, arbiter: &str) -> Result<Vec<(u32, String)>> {
        Ok(self
            .file
            .load_event()?
            .competitions
            .into_iter()
            .filter(|(_, c)| c.hall.arbiter(arbiter).is_some())
            .map(|(id, c)| (id, c.name))
            .collect())
    }

    /// Runs `read` with competition `id` chosen, the choice put back after.
    fn in_competition<T>(&self, id: u32, read: impl FnOnce(&Self) -> T) -> T {
        let before = self.choice();
        self.file.choose(Some(id));
        let done = read(self);
        self.file.choose(before);
        done
    }

    /// A sector arbiter's boards of a round (the one on show by default): in the
    /// competition chosen, or across competitions in every one it is an arbiter of.
    pub fn sector(&self, arbiter: &str, round: Option<u32>) -> Result<SectorView> {
        if !self.across_competitions()? {
            return self.sector_in_chosen(arbiter, round);
        }
        let competitions = self.competitions_of(arbiter)?;
        let views = |round: Option<u32>| -> Result<Vec<(String, SectorView)>> {
            competitions
                .iter()
                .map(|(id, name)| {
                    let view = self.in_competition(*id, |e| e.sector_in_chosen(arbiter, round))?;
                    Ok((name.clone(), view))
                })
                .collect()
        };
        let mut each = views(round)?;
        // The round on show is the latest any competition shows.
        let latest = each.iter().filter_map(|(_, v)| v.round).max();
        if round.is_none() && each.iter().any(|(_, v)| v.round != latest) {
            each = views(latest)?;
        }
        let Some((_, first)) = each.first() else {
            return Err(ServiceError::refused(msg!(
                "hall.no_arbiter",
                arbiter = arbiter
            )));
        };
        let mut merged = SectorView {
            event: self.event_name()?,
            round: latest.or(round),
            games: Vec::new(),
            rounds: Vec::new(),
            ..first.clone()
        };
        for (name, view) in each {
            merged.double_entry |= view.double_entry;
            merged.rounds.extend(view.rounds);
            merged.games.extend(view.games.into_iter().map(|mut g| {
                g.competition = Some(name.clone());
                g.choices = Some(view.choices.clone());
                g
            }));
        }
        merged.rounds.sort_unstable();
        merged.rounds.dedup();
        merged.games.sort_by_key(|g| (g.board, g.game));
        Ok(merged)
    }

    /// A sector arbiter's result (see [`Event::enter_in_chosen`]): across competitions,
    /// in the one whose current stage has the board in that round.
    pub fn enter_as(&mut self, arbiter: &str, entry: ResultEntry) -> Result<HallEntry> {
        if !self.across_competitions()? {
            return self.enter_in_chosen(arbiter, entry);
        }
        let competitions = self.competitions_of(arbiter)?;
        let has_board = |e: &Event| -> Result<bool> {
            let c = e.competition()?;
            let stage = match entry.stage {
                Some(s) => s.saturating_sub(1),
                None => current_stage(&c)?,
            };
            Ok(tournament::play::match_at(&c, stage, entry.round, entry.board).is_ok())
        };
        let mut target = competitions.first().map(|(id, _)| *id);
        for (id, _) in &competitions {
            if self.in_competition(*id, has_board).unwrap_or(false) {
                target = Some(*id);
                break;
            }
        }
        let Some(id) = target else {
            return Err(ServiceError::refused(msg!(
                "hall.no_arbiter",
                arbiter = arbiter
            )));
        };
        let before = self.choice();
        self.file.choose(Some(id));
        let entered = self.enter_in_chosen(arbiter, entry);
        self.file.choose(before);
        entered
    }
}
