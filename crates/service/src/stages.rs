//! Stages: adding them, drawing lots, pairing rounds.

use messages::{Explain, msg};
use tournament::format::Values;
use tournament::{Advance, Format, Stage, StageError, StageSettings, draw_stage};

use crate::select::{current_stage, fresh_seed};
use crate::{Event, Result, ServiceError};

/// What `qisai stage add` asks for: a format by name (`round_robin`, `knockout`,
/// `points_knockout`, `swiss`) and its options as given (`--double`, `--rounds 7` …),
/// read and checked by the format's declarations (`tournament::format::options`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StageSpec {
    pub format: String,
    pub values: Values,
}

impl StageSpec {
    pub fn new(format: &str) -> StageSpec {
        StageSpec {
            format: format.to_string(),
            values: Values::new(),
        }
    }

    /// The spec with option `name` set to `value` (`"true"` for a flag).
    pub fn with(mut self, name: &str, value: impl Into<String>) -> StageSpec {
        self.values.set(name, value);
        self
    }
}

/// The outcome of a draw: the seed to print, and who went where.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct DrawReport {
    pub stage: usize,
    pub stage_name: String,
    /// The stage's name in the reader's language.
    pub stage_title: messages::Message,
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

/// A format an event's stage may take, with its options, for a stage form.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct FormatView {
    /// As chosen (`round_robin`).
    pub format: &'static str,
    pub name: messages::Message,
    pub capabilities: tournament::format::Capabilities,
    /// Every option a stage of this format takes: the common ones it has a use for,
    /// then its own.
    pub options: Vec<OptionView>,
}

/// One option of a stage form.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct OptionView {
    pub name: &'static str,
    pub kind: tournament::format::OptionKind,
    pub default: Option<&'static str>,
    pub label: messages::Message,
    pub help: messages::Message,
    /// A choice's values, each with its words.
    pub choices: Vec<(&'static str, messages::Message)>,
}

impl OptionView {
    fn of(o: &tournament::format::StageOption) -> OptionView {
        let choices = match o.kind {
            tournament::format::OptionKind::Choice { values } => values
                .iter()
                .map(|(v, words)| (*v, messages::Message::new(words)))
                .collect(),
            _ => Vec::new(),
        };
        OptionView {
            name: o.name,
            kind: o.kind,
            default: o.default,
            label: messages::Message::new(o.label),
            help: messages::Message::new(o.help),
            choices,
        }
    }
}

/// A stage as listed for the organizer.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct StageView {
    pub index: usize,
    /// As stored (a default one in Chinese); `title` is it in the reader's language.
    pub name: String,
    pub title: messages::Message,
    /// The stage in words, in Chinese (see `summary` for the reader's language).
    pub description: String,
    /// The stage in words: its format, groups, games a match, who goes on, the chain.
    pub summary: messages::Message,
    pub settings: StageSettings,
    pub draw_seed: Option<u64>,
    pub groups: usize,
    /// What the stage has (rounds paired at its draw, a bracket, a crosstable, …), for
    /// front ends to ask instead of guessing from the format.
    pub capabilities: tournament::format::Capabilities,
    /// The format's name as the organizer chose it (`round_robin` …).
    pub format: &'static str,
}

/// A stage in words: 双循环，2 组，1 局制，每组前 2 名出线，名次：积分 › 小分 › …
fn summary(settings: &StageSettings) -> messages::Message {
    let kind = tournament::format::of(&settings.format).describe(settings);
    let advance = match settings.advance {
        Advance::None => msg!("format.nothing"),
        Advance::PerGroup(k) => msg!("stage.summary.per_group", advance = k),
        Advance::Overall(k) => msg!("stage.summary.overall", advance = k),
    };
    let chain = messages::Param::words(
        chain_words(settings, messages::Lang::Zh),
        chain_words(settings, messages::Lang::En),
    );
    msg!(
        "stage.summary",
        kind = kind,
        groups = settings.groups,
        best_of = settings.match_format.best_of,
        advance = advance,
        chain = chain
    )
}

fn chain_words(settings: &StageSettings, lang: messages::Lang) -> String {
    let names: Vec<String> = settings.tiebreaks.iter().map(|c| c.name_in(lang)).collect();
    names.join(" › ")
}

/// A stage's default name: 第2阶段 循环赛 (Stage 2: round robin).
fn default_title(format: &Format, index: usize) -> messages::Message {
    msg!(
        "stage.default_name",
        number = index + 1,
        format = tournament::format::of(format).name()
    )
}

/// A stage's default name as it is stored: in Chinese, as files have always had it.
fn default_name(format: &Format, index: usize) -> String {
    messages::render(&default_title(format, index), messages::Lang::Zh)
}

/// Stage `index`'s name (0-based) in the reader's language: the organizer's own as
/// typed, a default one worded anew.
pub fn stage_title(c: &tournament::Competition, index: usize) -> messages::Message {
    let s = &c.stages[index];
    if s.name == default_name(&s.settings.format, index) {
        default_title(&s.settings.format, index)
    } else {
        msg!("stage.named", name = &s.name)
    }
}

/// Stage `index`'s name (0-based) in `lang`.
pub fn stage_name(c: &tournament::Competition, index: usize, lang: messages::Lang) -> String {
    messages::render(&stage_title(c, index), lang)
}

/// The stage a spec describes, as stage `index` of the event; its name cleaned (its
/// settings are the core's to read and check).
fn stage_of(spec: &StageSpec, index: usize, c: &tournament::Competition) -> Result<Stage> {
    let settings = tournament::format::settings(c, &spec.format, &spec.values)
        .map_err(|e| ServiceError::refused(e.words()))?;
    let given = spec
        .values
        .text(tournament::format::options::common_option("name"));
    let name = crate::clean::clean_optional(crate::TextField::StageName, given)?;
    Ok(Stage {
        name: name.unwrap_or_else(|| default_name(&settings.format, index)),
        settings,
        groups: Vec::new(),
        draw_seed: None,
        boards_before: 0,
    })
}

/// Whether a spec names its stage.
fn named(spec: &StageSpec) -> bool {
    spec.values
        .text(tournament::format::options::common_option("name"))
        .is_some()
}

impl Event {
    /// The formats a stage of this event may take (at tables, those at tables), each
    /// with the options its form asks for.
    pub fn stage_formats(&self) -> Result<Vec<FormatView>> {
        use tournament::format::{AT_TABLES, FORMATS, options};
        let c = self.competition()?;
        let list = match c.seated_tables() {
            Some(_) => AT_TABLES,
            None => FORMATS,
        };
        Ok(list
            .iter()
            .map(|f| {
                let capabilities = f.capabilities();
                let own = f.options().iter();
                FormatView {
                    format: f.key(),
                    name: f.name(),
                    capabilities,
                    options: options::common(&capabilities)
                        .chain(own)
                        .map(OptionView::of)
                        .collect(),
                }
            })
            .collect())
    }

    pub fn stages(&self) -> Result<Vec<StageView>> {
        Ok(stage_views_of(&*self.competition()?))
    }

    pub fn add_stage(&mut self, spec: StageSpec) -> Result<usize> {
        let summary = crate::logged(msg!("log.stage_added"));
        self.file.change("stage", &summary, |c| {
            let index = c.stages.len();
            let stage = stage_of(&spec, index, c)?;
            c.stages.push(stage);
            Ok(index)
        })
    }

    /// Defines stage `stage` (1-based) anew, before it is drawn; a default name follows
    /// the new format unless the stage was named.
    pub fn edit_stage(&mut self, stage: usize, spec: StageSpec) -> Result<()> {
        self.file.change(
            "stage",
            &crate::logged(msg!("log.stage_edited", stage = stage)),
            |c| {
                let index = stage
                    .checked_sub(1)
                    .ok_or_else(|| ServiceError::refused(msg!("stage.none", stage = stage)))?;
                let mut edited = stage_of(&spec, index, c)?;
                if let Some(old) = c.stages.get(index)
                    && !named(&spec)
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
                stage = stage_title(c, stage),
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
                    stage_title: stage_title(c, stage),
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
    /// of each new match. Given the `round` the caller means to pair, a round that is
    /// already there (paired meanwhile from another screen or server) is refused as
    /// done instead of pairing the one after it.
    pub fn pair(&mut self, round: Option<u32>) -> Result<Vec<(u32, u32)>> {
        self.file.change_with("pair", |c| {
            let stage = current_stage(c)?;
            let paired = c.stages[stage]
                .groups
                .iter()
                .filter_map(|g| g.rounds.last().map(|r| r.number))
                .max();
            if let (Some(round), Some(paired)) = (round, paired)
                && paired >= round
            {
                return Err(ServiceError::refused(msg!(
                    "round.already_paired",
                    round = round
                )));
            }
            let settings = c.stages[stage].settings.clone();
            let format = tournament::format::of(&settings.format);
            let mut added = Vec::new();
            let mut undecided = None;
            for g in 0..c.stages[stage].groups.len() {
                let mut group = c.stages[stage].groups[g].clone();
                let paired = format
                    .pair_next(c, &settings, &mut group)
                    .map_err(|e| e.on_stage_boards(&c.stages[stage], g));
                match paired {
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
                        return Err(ServiceError::RoundOpen { round, boards });
                    }
                    Err(StageError::Unpairable { round, entrants }) => {
                        let names = entrants
                            .iter()
                            .map(|&id| crate::views::name(c, Some(id)).unwrap_or_default())
                            .collect();
                        let three_same = c.stages[stage]
                            .settings
                            .format
                            .options::<tournament::swiss::SwissOptions>()
                            .is_some_and(|o| o.no_three_same);
                        return Err(ServiceError::Unpairable {
                            round,
                            names,
                            three_same,
                        });
                    }
                    Err(StageError::Undecided { round, board }) => {
                        undecided.get_or_insert((round, board));
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

/// A competition's stages as listed.
pub(crate) fn stage_views_of(c: &tournament::Competition) -> Vec<StageView> {
    c.stages
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let format = tournament::format::of(&s.settings.format);
            let summary = summary(&s.settings);
            StageView {
                index: i + 1,
                name: s.name.clone(),
                title: stage_title(c, i),
                description: messages::render(&summary, messages::Lang::Zh),
                summary,
                settings: s.settings.clone(),
                draw_seed: s.draw_seed,
                groups: s.groups.len(),
                capabilities: format.capabilities(),
                format: format.key(),
            }
        })
        .collect()
}
