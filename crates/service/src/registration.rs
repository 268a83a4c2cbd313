//! Registering players and teams, by hand or from a CSV file.

use messages::{Explain, Param, msg};
use tournament::{Entrant, EntrantId, Member};

use tournament::limits::{ENTRANTS, RATING, SEED};

use crate::clean::{TextField, clean, clean_optional};
use crate::views::EntrantView;
use crate::{Event, Result, ServiceError};

/// A player or team to register.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NewEntrant {
    pub name: String,
    pub club: Option<String>,
    pub rating: Option<u32>,
    pub seed: Option<u32>,
    /// Team members by board; empty for a player.
    pub members: Vec<String>,
    /// Date of birth as typed (`2016-01-01`): what an age group asks.
    pub born: Option<String>,
    /// 男 or 女 (m, w): what a women's or men's competition asks.
    pub gender: Option<String>,
}

/// A withdrawal: the entrant, and the games it lost by forfeit as (stage, round, board).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Withdrawal {
    pub entrant: EntrantView,
    pub forfeits: Vec<(usize, u32, u32)>,
}

/// Fields to change; `None` leaves a field as it is.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PlayerEdit {
    pub name: Option<String>,
    pub club: Option<String>,
    pub rating: Option<u32>,
    pub seed: Option<u32>,
    /// Date of birth; "" removes it.
    pub born: Option<String>,
    /// 男 or 女; "" removes it.
    pub gender: Option<String>,
}

/// The rows an import would register and the errors that would refuse it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ImportPreview {
    /// (line, entrant as it would be registered)
    pub rows: Vec<(usize, EntrantView)>,
    pub errors: Vec<ImportError>,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ImportError {
    /// 0 when the error is not a line's (the entry list is closed).
    pub line: usize,
    pub column: usize,
    /// The column: its header as written, or what it is.
    pub field: messages::Param,
    pub message: messages::Message,
}

impl ImportError {
    fn of(e: &ServiceError) -> ImportError {
        match e {
            ServiceError::Csv {
                line,
                column,
                field,
                why,
                ..
            } => ImportError {
                line: *line,
                column: *column,
                field: field.clone(),
                message: (**why).clone(),
            },
            other => ImportError {
                line: 0,
                column: 0,
                field: messages::Param::Text(String::new()),
                message: other.message(),
            },
        }
    }

    /// The error as one line of a list: by its line and column when it has one.
    pub fn line_message(&self) -> messages::Message {
        match self.line {
            0 => self.message.clone(),
            line => messages::msg!(
                "import.row",
                line = line,
                column = self.column,
                field = self.field.clone(),
                why = self.message.clone()
            ),
        }
    }
}

/// The entrant as it will be stored: names cleaned (so that equal-looking names are
/// equal), numbers within bounds.
fn cleaned(new: &NewEntrant) -> Result<NewEntrant> {
    if let Some(rating) = new.rating {
        RATING.check(rating)?;
    }
    if let Some(seed) = new.seed {
        SEED.check(seed)?;
    }
    let mut members = Vec::with_capacity(new.members.len());
    for m in &new.members {
        let m = clean(TextField::Member, m)?;
        if !m.is_empty() {
            members.push(m);
        }
    }
    Ok(NewEntrant {
        name: clean(TextField::Name, &new.name)?,
        club: clean_optional(TextField::Club, new.club.as_deref())?,
        rating: new.rating,
        seed: new.seed,
        members,
        born: new.born.as_deref().map(birth_date).transpose()?.flatten(),
        gender: new.gender.as_deref().map(gender).transpose()?.flatten(),
    })
}

/// A date of birth as TRF stores it (`2016/01/01`); none for "".
fn birth_date(text: &str) -> Result<Option<String>> {
    match text.trim() {
        "" => Ok(None),
        typed => tournament::Date::parse(typed)
            .map(|d| Some(d.trf()))
            .ok_or_else(|| ServiceError::refused(msg!("entrant.born_unreadable", text = typed))),
    }
}

/// 男 / 女 as TRF stores it (`m`, `w`); none for "".
fn gender(text: &str) -> Result<Option<String>> {
    match text.trim() {
        "" => Ok(None),
        typed => tournament::Gender::parse(typed)
            .map(|g| Some(g.trf().to_string()))
            .ok_or_else(|| ServiceError::refused(msg!("entrant.gender_unreadable", text = typed))),
    }
}

/// Why `name` may not enter, in words.
pub(crate) fn ineligible(name: &str, why: tournament::Ineligible) -> ServiceError {
    use tournament::Ineligible::*;
    let group = |g: tournament::Gender| match g {
        tournament::Gender::Male => msg!("entrant.gender_group.m"),
        tournament::Gender::Female => msg!("entrant.gender_group.w"),
    };
    ServiceError::refused(match why {
        BornBefore { after } => msg!(
            "entrant.ineligible_born",
            name = name,
            after = after.to_string()
        ),
        NoBirthDate { after } => {
            msg!(
                "entrant.ineligible_no_birth",
                name = name,
                after = after.to_string()
            )
        }
        OtherGender { required } => msg!(
            "entrant.ineligible_gender",
            name = name,
            group = group(required)
        ),
        NoGender { required } => msg!(
            "entrant.ineligible_no_gender",
            name = name,
            group = group(required)
        ),
    })
}

/// A competition's eligibility as typed: born on or after `born_after`, of `gender`;
/// nothing (or "") leaves that part open.
pub fn parse_eligibility(
    born_after: Option<&str>,
    gender_text: Option<&str>,
) -> Result<tournament::Eligibility> {
    let born_after =
        match born_after.map(str::trim) {
            None | Some("") => None,
            Some(text) => Some(tournament::Date::parse(text).ok_or_else(|| {
                ServiceError::refused(msg!("entrant.born_unreadable", text = text))
            })?),
        };
    let gender = gender_text.map(gender).transpose()?.flatten();
    Ok(tournament::Eligibility {
        born_after,
        gender: gender.as_deref().and_then(tournament::Gender::parse),
    })
}

/// Who may enter, in words: 不限, 2016-01-01 及以后出生, 女子 ….
pub fn eligibility_words(e: &tournament::Eligibility) -> messages::Message {
    let group = e.gender.map(|g| match g {
        tournament::Gender::Male => msg!("entrant.gender_group.m"),
        tournament::Gender::Female => msg!("entrant.gender_group.w"),
    });
    let born = e
        .born_after
        .map(|after| msg!("entrant.eligibility.born", after = after.to_string()));
    match (born, group) {
        (None, None) => msg!("entrant.eligibility.open"),
        (Some(born), None) => born,
        (None, Some(group)) => group,
        (Some(born), Some(group)) => msg!("entrant.eligibility.both", born = born, group = group),
    }
}

/// An edit of who may enter, as typed: `None` leaves a part as it is, "" opens it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EligibilityEdit {
    pub born_after: Option<String>,
    pub gender: Option<String>,
}

impl EligibilityEdit {
    pub fn is_empty(&self) -> bool {
        *self == EligibilityEdit::default()
    }

    /// Applies the edit to `c`: refused, naming the player, while a registered player
    /// would not be admitted. Its words for the log when it asked for anything.
    pub(crate) fn apply(
        &self,
        c: &mut tournament::Competition,
    ) -> Result<Option<messages::Message>> {
        if self.is_empty() {
            return Ok(None);
        }
        let typed = parse_eligibility(self.born_after.as_deref(), self.gender.as_deref())?;
        if self.born_after.is_some() {
            c.eligibility.born_after = typed.born_after;
        }
        if self.gender.is_some() {
            c.eligibility.gender = typed.gender;
        }
        for entrant in &c.entrants {
            check_eligible(c, entrant)?;
        }
        Ok(Some(msg!(
            "log.eligibility",
            rule = eligibility_words(&c.eligibility)
        )))
    }
}

/// Whether a registered entrant may play under the competition's eligibility (teams
/// are not checked: their members have no dates of birth here).
pub(crate) fn check_eligible(c: &tournament::Competition, e: &Entrant) -> Result<()> {
    check_admitted(c, &e.name, &e.details)
}

/// Whether `name`, with these details, may enter: the one check of registration, edits
/// and a changed rule.
fn check_admitted(
    c: &tournament::Competition,
    name: &str,
    details: &tournament::PlayerDetails,
) -> Result<()> {
    if c.is_team() || c.fixed_pairs() {
        return Ok(());
    }
    c.eligibility
        .admits(details)
        .map_err(|why| ineligible(name, why))
}

/// A refused row of an import, at its line, naming the field when the error knows it.
fn row_error(file: &str, line: usize, e: ServiceError) -> ServiceError {
    let field = match &e {
        ServiceError::ControlCharacter { field, .. } | ServiceError::TooLong { field, .. } => {
            Param::from(field.words())
        }
        ServiceError::OutOfRange(r) => Param::from(r.bound.words()),
        _ => Param::from(TextField::Name.words()),
    };
    ServiceError::Csv {
        file: file.to_string(),
        line,
        column: 1,
        field,
        why: Box::new(e.message()),
    }
}

fn validate(c: &tournament::Competition, new: &NewEntrant) -> Result<()> {
    if new.name.trim().is_empty() {
        return Err(ServiceError::refused(msg!("entrant.name_empty")));
    }
    if c.entrants.len() as u64 >= ENTRANTS.max {
        return Err(ServiceError::refused(msg!(
            "entrant.limit",
            limit = ENTRANTS.max
        )));
    }
    if c.entrants
        .iter()
        .any(|e| e.name == new.name.trim() && e.club.as_deref() == new.club.as_deref())
    {
        return Err(ServiceError::refused(msg!(
            "entrant.registered_already",
            name = new.name.trim()
        )));
    }
    check_admitted(c, new.name.trim(), &details(new))?;
    if c.fixed_pairs() {
        if new.members.is_empty() {
            return Err(ServiceError::refused(msg!("entrant.pairs_only")));
        }
        if new.members.len() != 2 {
            return Err(ServiceError::refused(msg!(
                "entrant.pair_needs_two",
                team = new.name.trim(),
                members = new.members.len()
            )));
        }
    } else if let Some(boards) = c.team_boards {
        if new.members.len() < boards as usize {
            return Err(ServiceError::refused(msg!(
                "entrant.too_few_members",
                team = new.name.trim(),
                members = new.members.len(),
                boards = boards
            )));
        }
    } else if !new.members.is_empty() {
        return Err(ServiceError::refused(msg!("entrant.not_a_team_event")));
    }
    if let Some(seed) = new.seed
        && c.entrants.iter().any(|e| e.seed == Some(seed))
    {
        return Err(ServiceError::refused(msg!(
            "entrant.seed_taken",
            seed = seed
        )));
    }
    Ok(())
}

fn make(id: u32, new: &NewEntrant) -> Entrant {
    let mut e = Entrant::new(id, new.name.trim());
    e.club = new.club.clone().filter(|c| !c.trim().is_empty());
    e.rating = new.rating;
    e.seed = new.seed;
    e.members = new
        .members
        .iter()
        .map(|m| Member {
            name: m.clone(),
            rating: None,
        })
        .collect();
    e.details = details(new);
    e
}

/// A cleaned entry's date of birth and gender, as an entrant keeps them.
fn details(new: &NewEntrant) -> tournament::PlayerDetails {
    tournament::PlayerDetails {
        birth: new.born.clone(),
        sex: new.gender.as_deref().and_then(|g| g.chars().next()),
        ..tournament::PlayerDetails::default()
    }
}

fn refuse_after_draw(c: &tournament::Competition) -> Result<()> {
    if c.stages.first().is_some_and(|s| !s.groups.is_empty()) {
        return Err(ServiceError::refused(msg!("entrant.list_closed")));
    }
    Ok(())
}

impl Event {
    pub fn add_entrant(&mut self, new: NewEntrant) -> Result<EntrantView> {
        self.add_entrant_with_points(new, None)
    }

    /// Registers an entrant; once a Swiss stage is under way he joins it from its next
    /// round, with `points` to start with (0 by default).
    pub fn add_entrant_with_points(
        &mut self,
        new: NewEntrant,
        points: Option<tournament::Points>,
    ) -> Result<EntrantView> {
        let new = cleaned(&new)?;
        self.file.change_with("register", |c| {
            validate(c, &new)?;
            let id = c.entrants.iter().map(|e| e.id.0).max().unwrap_or(0) + 1;
            let e = make(id, &new);
            let view = EntrantView::of(&e);
            c.entrants.push(e);
            let joined = tournament::swiss::join_late(c, EntrantId(id), points)?;
            let summary = crate::logged(match joined {
                Some((_, round)) => msg!(
                    "log.registered_late",
                    name = new.name.trim(),
                    round = round,
                    points = points.unwrap_or_default().to_string()
                ),
                None => msg!("log.registered", name = new.name.trim()),
            });
            Ok((view, summary))
        })
    }

    /// Registers every row of a CSV file, or none. Headers: 姓名/name, 单位/club,
    /// 等级分/rating, 种子/seed, 出生日期/born, 性别/gender (teams: 队名/team and
    /// 队员/members, members separated by 、 ; or /). UTF-8 with or without BOM, or GBK.
    pub fn import(&mut self, file_name: &str, bytes: &[u8]) -> Result<Vec<EntrantView>> {
        // Every bad line at once, before anything is imported.
        let preview = self.preview_import(file_name, bytes)?;
        if !preview.errors.is_empty() {
            return Err(ServiceError::Lines {
                file: file_name.to_string(),
                errors: preview.errors,
            });
        }
        let rows = crate::entry_csv::read_entrants(file_name, bytes)?;
        let summary = crate::logged(msg!(
            "log.imported",
            file = file_name,
            entrants = rows.len()
        ));
        self.file.change("import", &summary, |c| {
            refuse_after_draw(c)?;
            let mut views = Vec::new();
            for (line, new) in rows {
                let new = cleaned(&new)
                    .and_then(|new| validate(c, &new).map(|()| new))
                    .map_err(|e| row_error(file_name, line, e))?;
                let id = c.entrants.iter().map(|e| e.id.0).max().unwrap_or(0) + 1;
                let e = make(id, &new);
                views.push(EntrantView::of(&e));
                c.entrants.push(e);
            }
            Ok(views)
        })
    }

    /// What [`Event::import`] would register, without registering anything: the rows
    /// it reads, and every error by line (CSV errors and refused entries alike).
    pub fn preview_import(&self, file_name: &str, bytes: &[u8]) -> Result<ImportPreview> {
        let (rows, errors) = crate::entry_csv::read_entrant_rows(file_name, bytes)?;
        let mut c = self.competition_copy()?;
        let mut preview = ImportPreview {
            rows: Vec::new(),
            errors: errors.iter().map(ImportError::of).collect(),
        };
        if let Err(e) = refuse_after_draw(&c) {
            preview.errors.push(ImportError::of(&e));
        }
        for (line, new) in rows {
            let new = match cleaned(&new).and_then(|new| validate(&c, &new).map(|()| new)) {
                Ok(new) => new,
                Err(e) => {
                    preview
                        .errors
                        .push(ImportError::of(&row_error(file_name, line, e)));
                    continue;
                }
            };
            let id = c.entrants.iter().map(|e| e.id.0).max().unwrap_or(0) + 1;
            let e = make(id, &new);
            preview.rows.push((line, EntrantView::of(&e)));
            c.entrants.push(e);
        }
        preview.errors.sort_by_key(|e| e.line);
        Ok(preview)
    }

    pub fn edit_entrant(&mut self, id: u32, edit: PlayerEdit) -> Result<EntrantView> {
        if let Some(rating) = edit.rating {
            RATING.check(rating)?;
        }
        if let Some(seed) = edit.seed {
            SEED.check(seed)?;
        }
        let born = edit.born.as_deref().map(birth_date).transpose()?;
        let gender = edit.gender.as_deref().map(gender).transpose()?;
        let edit = PlayerEdit {
            name: edit.name.map(|n| clean(TextField::Name, &n)).transpose()?,
            club: edit.club.map(|c| clean(TextField::Club, &c)).transpose()?,
            ..edit
        };
        let summary = crate::logged(msg!("log.entrant_edited", entrant = id));
        self.file.change("edit", &summary, |c| {
            if let Some(seed) = edit.seed
                && c.entrants
                    .iter()
                    .any(|e| e.seed == Some(seed) && e.id.0 != id)
            {
                return Err(ServiceError::refused(msg!(
                    "entrant.seed_taken",
                    seed = seed
                )));
            }
            if edit.seed.is_some() {
                refuse_after_draw(c)?;
            }
            let e = c
                .entrants
                .iter_mut()
                .find(|e| e.id == EntrantId(id))
                .ok_or_else(|| ServiceError::refused(msg!("entrant.no_number", entrant = id)))?;
            if let Some(name) = edit.name.as_deref().map(str::trim) {
                if name.is_empty() {
                    return Err(ServiceError::refused(msg!("entrant.name_empty")));
                }
                e.name = name.to_string();
            }
            if let Some(club) = edit.club {
                e.club = Some(club).filter(|c| !c.trim().is_empty());
            }
            if edit.rating.is_some() {
                e.rating = edit.rating;
            }
            if edit.seed.is_some() {
                e.seed = edit.seed;
            }
            if let Some(born) = born {
                e.details.birth = born;
            }
            if let Some(gender) = gender {
                e.details.sex = gender.and_then(|g| g.chars().next());
            }
            let view = EntrantView::of(e);
            let e = e.clone();
            check_eligible(c, &e)?;
            Ok(view)
        })
    }

    /// Withdraws an entrant: kept in the records, left out of draws from now on. Their
    /// round-robin games still to play are lost by forfeit, the opponents winning
    /// (`+-` / `-+`); with `annul` every game of theirs is annulled instead (FIDE's rule
    /// when fewer than half were played) and they leave the standings. A withdrawn
    /// qualifier's place goes to the next in the standings at the next draw.
    pub fn withdraw(&mut self, id: u32, annul: bool) -> Result<Withdrawal> {
        self.file.change_with("withdraw", |c| {
            let e = c
                .entrants
                .iter_mut()
                .find(|e| e.id == EntrantId(id))
                .ok_or_else(|| ServiceError::refused(msg!("entrant.no_number", entrant = id)))?;
            if e.withdrawn {
                return Err(ServiceError::refused(msg!(
                    "entrant.withdrawn_already",
                    name = &e.name
                )));
            }
            e.withdrawn = true;
            e.annulled = annul;
            let name = e.name.clone();
            let forfeits = if annul {
                Vec::new()
            } else {
                tournament::play::forfeit_remaining(c, EntrantId(id))
                    .into_iter()
                    .map(|(stage, round, board, group)| {
                        let s = &c.stages[stage];
                        (
                            stage + 1,
                            round,
                            tournament::play::stage_board(s, group, round, board),
                        )
                    })
                    .collect()
            };
            let entrant = c
                .entrant(EntrantId(id))
                .map(EntrantView::of)
                .ok_or_else(|| ServiceError::refused(msg!("entrant.no_number", entrant = id)))?;
            let summary = crate::logged(match (annul, forfeits.len()) {
                (true, _) => msg!("log.withdrawn_annulled", entrant = id, name = name),
                (false, 0) => msg!("log.withdrawn", entrant = id, name = name),
                (false, n) => msg!(
                    "log.withdrawn_forfeits",
                    entrant = id,
                    name = name,
                    games = n
                ),
            });
            Ok((Withdrawal { entrant, forfeits }, summary))
        })
    }

    pub fn entrants(&self) -> Result<Vec<EntrantView>> {
        let c = self.competition()?;
        // Numbers of the stage being played: the last one drawn.
        let playing = c.stages.iter().rposition(|s| !s.groups.is_empty());
        Ok(c.entrants
            .iter()
            .map(|e| EntrantView {
                pairing_number: playing
                    .and_then(|stage| crate::views::pairing_number(&c, stage, e.id)),
                ..EntrantView::of(e)
            })
            .collect())
    }
}
