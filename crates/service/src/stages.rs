//! Stages: adding them, drawing lots, pairing rounds.

use messages::{Explain, msg};
use tournament::{
    Advance, Criterion, Decider, Format, MatchFormat, Stage, StageError, StageSettings, draw_stage,
};

use crate::select::{current_stage, fresh_seed};
use crate::{Event, Result, ServiceError};

/// What `qisai stage add` asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StageSpec {
    pub format: Format,
    pub name: Option<String>,
    pub groups: u32,
    /// How many go on: per group when there are groups, else overall.
    pub advance: Option<u32>,
    pub best_of: u32,
    /// Extra games before lots on a tie (0 = lots straight away).
    pub extra_games: u32,
    pub tiebreaks: Option<Vec<Criterion>>,
    /// Stages at tables: rounds of a round robin (everyone meets by default).
    pub rounds: Option<u32>,
    /// A knockout at tables: how many of each table go on (1; Junqi's winning side 2).
    pub per_table: Option<u32>,
}

impl StageSpec {
    pub fn new(format: Format) -> StageSpec {
        StageSpec {
            format,
            name: None,
            groups: 1,
            advance: None,
            best_of: 1,
            extra_games: 1,
            tiebreaks: None,
            rounds: None,
            per_table: None,
        }
    }
}

/// The outcome of a draw: the seed to print, and who went where.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct DrawReport {
    pub stage: usize,
    pub stage_name: String,
    pub seed: u64,
    pub groups: Vec<(String, Vec<String>)>,
    /// Qualifiers who withdrew, each with the entrant who took their place.
    pub replaced: Vec<(String, String)>,
    /// Club-mates a group draw had to put together, because no draw keeps them apart.
    pub club_mates: Vec<ClubMates>,
}

/// Entrants of one club drawn into one group.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ClubMates {
    pub group: String,
    pub club: String,
    pub count: usize,
}

/// A stage as listed for the organizer.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct StageView {
    pub index: usize,
    pub name: String,
    pub description: String,
    pub settings: StageSettings,
    pub draw_seed: Option<u64>,
    pub groups: usize,
    /// What the stage has (rounds paired at its draw, a bracket, a crosstable, …), for
    /// front ends to ask instead of guessing from the format.
    pub capabilities: tournament::format::Capabilities,
}

fn describe(settings: &StageSettings) -> String {
    let kind = tournament::format::of(&settings.format).describe(settings);
    let advance = match settings.advance {
        Advance::None => String::new(),
        Advance::PerGroup(k) => format!("，每组前 {k} 名出线"),
        Advance::Overall(k) => format!("，前 {k} 名出线"),
    };
    let chain: Vec<String> = settings.tiebreaks.iter().map(|c| c.name_zh()).collect();
    format!(
        "{kind}，{} 组，{} 局制{advance}，名次：{}",
        settings.groups,
        settings.match_format.best_of,
        chain.join(" › ")
    )
}

fn default_name(format: &Format, index: usize) -> String {
    format!(
        "第{}阶段 {}",
        index + 1,
        tournament::format::of(format).name()
    )
}

/// A stage's name cleaned (its settings are the core's to check).
fn checked(spec: StageSpec) -> Result<StageSpec> {
    Ok(StageSpec {
        name: crate::clean::clean_optional(crate::TextField::StageName, spec.name.as_deref())?,
        ..spec
    })
}

/// A stage's format at tables of three to six: the round robin, Swiss or knockout the
/// organizer chose, seated at the event's tables.
fn at_tables(spec: &StageSpec, tables: &tournament::tables::Tables) -> Format {
    use tournament::tables::{Partners, TableStage, TableStageKind};
    let rotating =
        tables.partners == Partners::Rotating && tables.game == tournament::GameKind::Junqi;
    let (kind, rounds) = match spec.format {
        Format::Swiss(o) => (TableStageKind::Swiss, o.rounds),
        Format::Knockout { .. } | Format::PointsKnockout { .. } => (TableStageKind::Knockout, 0),
        _ => (TableStageKind::RoundRobin, spec.rounds.unwrap_or(0)),
    };
    Format::Tables(TableStage {
        format: kind,
        size: tables.size as u32,
        rotating,
        rounds,
        per_table: spec.per_table.unwrap_or(if rotating { 2 } else { 1 }),
    })
}

/// The stage a spec describes, as stage `index` of the event.
fn stage_of(spec: &StageSpec, index: usize, c: &tournament::Competition) -> Stage {
    let is_team = c.is_team();
    let mut spec = spec.clone();
    if let Some(tables) = c.seated_tables() {
        spec.format = at_tables(&spec, tables);
    }
    let spec = &spec;
    let mut settings = StageSettings::new(spec.format);
    settings.groups = spec.groups;
    settings.advance = match spec.advance {
        None => Advance::None,
        Some(k) if spec.groups > 1 => Advance::PerGroup(k),
        Some(k) => Advance::Overall(k),
    };
    settings.match_format = MatchFormat {
        best_of: spec.best_of,
        decider: Decider {
            extra_games: spec.extra_games,
        },
    };
    settings.tiebreaks = spec.tiebreaks.clone().unwrap_or_else(|| {
        if let Format::Tables(_) = spec.format {
            tournament::presets::TABLES.to_vec()
        } else if c.fixed_pairs() {
            tournament::presets::PAIRS.to_vec()
        } else if let Format::Swiss(_) = spec.format
            && !is_team
        {
            tournament::presets::SWISS_BUCHHOLZ_2011.to_vec()
        } else if is_team {
            tournament::presets::TEAM.to_vec()
        } else if spec.best_of > 1 {
            tournament::presets::MULTI_GAME_2011.to_vec()
        } else {
            tournament::presets::INDIVIDUAL.to_vec()
        }
    });
    Stage {
        name: spec
            .name
            .clone()
            .unwrap_or_else(|| default_name(&spec.format, index)),
        settings,
        groups: Vec::new(),
        draw_seed: None,
    }
}

impl Event {
    pub fn stages(&self) -> Result<Vec<StageView>> {
        Ok(self
            .competition()?
            .stages
            .iter()
            .enumerate()
            .map(|(i, s)| StageView {
                index: i + 1,
                name: s.name.clone(),
                description: describe(&s.settings),
                settings: s.settings.clone(),
                draw_seed: s.draw_seed,
                groups: s.groups.len(),
                capabilities: tournament::format::of(&s.settings.format).capabilities(),
            })
            .collect())
    }

    pub fn add_stage(&mut self, spec: StageSpec) -> Result<usize> {
        let spec = checked(spec)?;
        let summary = crate::logged(msg!("log.stage_added"));
        self.file.change("stage", &summary, |c| {
            let index = c.stages.len();
            let stage = stage_of(&spec, index, c);
            stage.settings.validate()?;
            c.stages.push(stage);
            Ok(index)
        })
    }

    /// Defines stage `stage` (1-based) anew, before it is drawn; a default name follows
    /// the new format unless the stage was named.
    pub fn edit_stage(&mut self, stage: usize, spec: StageSpec) -> Result<()> {
        let spec = checked(spec)?;
        self.file.change(
            "stage",
            &crate::logged(msg!("log.stage_edited", stage = stage)),
            |c| {
                let index = stage
                    .checked_sub(1)
                    .ok_or_else(|| ServiceError::refused(msg!("stage.none", stage = stage)))?;
                let mut edited = stage_of(&spec, index, c);
                if let Some(old) = c.stages.get(index)
                    && spec.name.is_none()
                    && old.name != default_name(&old.settings.format, index)
                {
                    edited.name = old.name.clone();
                }
                Ok(c.replace_stage(index, edited)?)
            },
        )
    }

    /// Removes stage `stage` (1-based), before it is drawn; returns its name.
    pub fn remove_stage(&mut self, stage: usize) -> Result<String> {
        self.file.change_with("stage", |c| {
            let index = stage
                .checked_sub(1)
                .ok_or_else(|| ServiceError::refused(msg!("stage.none", stage = stage)))?;
            let removed = c.remove_stage(index)?;
            // Later stages move up; those still under their default name follow.
            for (i, later) in c.stages.iter_mut().enumerate().skip(index) {
                if later.name == default_name(&later.settings.format, i + 1) {
                    later.name = default_name(&later.settings.format, i);
                }
            }
            Ok((
                removed.name.clone(),
                crate::logged(msg!(
                    "log.stage_removed",
                    stage = stage,
                    name = &removed.name
                )),
            ))
        })
    }

    /// Draws lots for the first stage not drawn yet, and pairs what can be paired.
    pub fn draw(&mut self, seed: Option<u64>) -> Result<DrawReport> {
        let seed = seed.unwrap_or_else(fresh_seed);
        self.file.change_with("draw", |c| {
            let stage = c
                .stages
                .iter()
                .position(|s| s.groups.is_empty())
                .ok_or_else(|| {
                    ServiceError::refused(if c.stages.is_empty() {
                        msg!("stage.none_yet")
                    } else {
                        msg!("stage.all_drawn")
                    })
                })?;
            if stage > 0 {
                ensure_finished(c, stage - 1)?;
            }
            let replaced = if stage > 0 {
                tournament::stage::replaced_qualifiers(c, stage - 1)?
            } else {
                Vec::new()
            };
            draw_stage(c, stage, seed).map_err(|e| match e {
                StageError::Unsettled { stage, ties } => {
                    crate::playoffs::unsettled(c, stage - 1, ties)
                }
                other => other.into(),
            })?;
            let s = &c.stages[stage];
            let name_of = |id| {
                c.entrant(id)
                    .map_or_else(|| format!("#{}", id.0), |e| e.name.clone())
            };
            let groups = s
                .groups
                .iter()
                .map(|g| {
                    (
                        g.name.clone(),
                        g.entrants.iter().map(|&id| name_of(id)).collect(),
                    )
                })
                .collect();
            let replaced: Vec<(String, String)> = replaced
                .into_iter()
                .map(|(gone, next)| (name_of(gone), name_of(next)))
                .collect();
            let club_mates = if s.groups.len() > 1 {
                let members: Vec<Vec<_>> = s.groups.iter().map(|g| g.entrants.clone()).collect();
                tournament::club_mates_together(&members, &c.entrants)
                    .into_iter()
                    .map(|(g, club, count)| ClubMates {
                        group: s.groups[g].name.clone(),
                        club,
                        count,
                    })
                    .collect()
            } else {
                Vec::new()
            };
            let replacements: Vec<messages::Message> = replaced
                .iter()
                .map(|(gone, next)| msg!("log.replaced", gone = gone, next = next))
                .collect();
            let summary = crate::logged(msg!(
                "log.draw",
                stage = &s.name,
                seed = seed.to_string(),
                replaced = match replacements.len() {
                    0 => messages::Param::from(""),
                    _ => msg!("log.replacements", list = crate::summary_list(replacements)).into(),
                }
            ));
            Ok((
                DrawReport {
                    stage,
                    stage_name: s.name.clone(),
                    seed,
                    groups,
                    replaced,
                    club_mates,
                },
                summary,
            ))
        })
    }

    /// Pairs what can be paired in the current stage: knockout matches whose feeding
    /// matches are decided, or a Swiss stage's next round once the current one is
    /// complete. A round robin is paired whole at its draw. Returns the (round, board)
    /// of each new match.
    pub fn pair(&mut self) -> Result<Vec<(u32, u32)>> {
        self.file.change_with("pair", |c| {
            let stage = current_stage(c)?;
            let settings = c.stages[stage].settings.clone();
            let format = tournament::format::of(&settings.format);
            let mut added = Vec::new();
            let mut undecided = None;
            for g in 0..c.stages[stage].groups.len() {
                let mut group = c.stages[stage].groups[g].clone();
                match format.pair_next(c, &settings, &mut group) {
                    Ok(boards) => {
                        c.stages[stage].groups[g] = group;
                        let s = &c.stages[stage];
                        added.extend(
                            boards
                                .into_iter()
                                .map(|(r, b)| (r, tournament::play::stage_board(s, g, r, b))),
                        );
                    }
                    Err(StageError::Finished) => {}
                    Err(StageError::Incomplete { round, boards }) => {
                        let s = &c.stages[stage];
                        let boards = boards
                            .iter()
                            .map(|&b| tournament::play::stage_board(s, g, round, b))
                            .collect();
                        return Err(ServiceError::RoundOpen { round, boards });
                    }
                    Err(StageError::Unpairable { round, entrants }) => {
                        let names = entrants
                            .iter()
                            .map(|&id| crate::views::name(c, Some(id)).unwrap_or_default())
                            .collect();
                        let three_same = matches!(
                            c.stages[stage].settings.format,
                            tournament::Format::Swiss(o) if o.no_three_same
                        );
                        return Err(ServiceError::Unpairable {
                            round,
                            names,
                            three_same,
                        });
                    }
                    Err(StageError::Undecided { round, board }) => {
                        undecided.get_or_insert((
                            round,
                            tournament::play::stage_board(&c.stages[stage], g, round, board),
                        ));
                    }
                    Err(e) => return Err(e.into()),
                }
            }
            if added.is_empty() {
                return Err(ServiceError::refused(match undecided {
                    Some((round, board)) => {
                        msg!("pair.undecided", round = round, board = board)
                    }
                    None if stage + 1 == c.stages.len() => msg!("pair.event_finished"),
                    None => msg!("pair.finished"),
                }));
            }
            added.sort();
            let summary = crate::logged(msg!("log.paired", matches = added.len()));
            Ok((added, summary))
        })
    }
}

/// Refuses to draw a stage before the one it takes its entrants from is over.
fn ensure_finished(c: &tournament::Competition, stage: usize) -> Result<()> {
    match tournament::advancing(c, stage) {
        Ok(_) => {}
        Err(StageError::NobodyAdvances) => {
            return Err(ServiceError::refused(msg!(
                "stage.nobody_goes_on",
                stage = stage + 1
            )));
        }
        Err(e) => {
            return Err(ServiceError::refused(msg!(
                "stage.not_finished",
                stage = stage + 1,
                why = e.message()
            )));
        }
    }
    let s = &c.stages[stage];
    if tournament::format::of(&s.settings.format)
        .capabilities()
        .paired_at_draw
    {
        for (g, group) in s.groups.iter().enumerate() {
            for round in &group.rounds {
                for m in &round.matches {
                    if !tournament::stage::match_complete(c, s.settings.match_format, m) {
                        let board = tournament::play::stage_board(s, g, round.number, m.board);
                        return Err(ServiceError::refused(msg!(
                            "stage.not_finished_board",
                            stage = stage + 1,
                            round = round.number,
                            board = board
                        )));
                    }
                }
            }
        }
    }
    Ok(())
}
