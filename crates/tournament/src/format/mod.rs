//! Stage formats behind one interface: their names and options, how a stage is drawn,
//! how its next round is paired, when it is finished, its final order, which matches
//! depend on a result, how it is described, and what it has for front ends to show.
//! Adding a format is one new file here (its options declared there, and the type they
//! are stored as, a [`FormatOptions`](crate::model::FormatOptions)) and one line in [`FORMATS`] or [`AT_TABLES`].

mod knockout;
pub mod options;
mod round_robin;
mod settings;
mod swiss;
mod tables;

use messages::Message;

use crate::knockout::Place;
use crate::model::{Competition, Format, Group, SettingsError, StageSettings};
use crate::stage::StageError;
use crate::tiebreak::Criterion;
use crate::{DrawSeed, Entrant, EntrantId};

pub use knockout::KnockoutOptions;
pub use options::{OptionError, OptionKind, StageOption, Values};
pub use settings::{SettingsRefused, settings};

/// The formats of two-sided matches, as the organizer chooses them.
pub const FORMATS: &[&dyn StageFormat] = &[
    &round_robin::RoundRobin,
    &knockout::KNOCKOUT,
    &knockout::POINTS_KNOCKOUT,
    &swiss::Swiss,
];

/// The formats at tables of three to six (and four-player Junqi's tables).
pub const AT_TABLES: &[&dyn StageFormat] = &[
    &tables::TableRoundRobin,
    &tables::TableSwiss,
    &tables::TableKnockout,
];

/// What a stage has, asked by front ends instead of guessing from the format's name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Capabilities {
    /// Every round is paired at the draw; otherwise round by round as results come in.
    pub paired_at_draw: bool,
    /// Every match must have a winner (ties go to extra games, then lots), and a
    /// corrected result that changes the winner resets the matches it fed.
    pub needs_winner: bool,
    /// Shown as a bracket.
    pub bracket: bool,
    /// Shown as a crosstable.
    pub crosstable: bool,
    /// Shown as a wall chart (成绩总表: each round's opponent, colour and result).
    pub wall_chart: bool,
    /// Ordered by points and tiebreaks (else by places only).
    pub points_table: bool,
    /// Played at tables of three to six (seats, not red and black).
    pub tables: bool,
    /// May be drawn in several groups.
    pub groups: bool,
    /// Its matches may be of several games (best of N).
    pub games: bool,
}

/// The field a stage is drawn from.
pub struct Field<'a> {
    pub entrants: &'a [Entrant],
    /// Seeds in order: the seeded entrants of a first stage, or the whole order a stage
    /// went on in.
    pub seeds: &'a [EntrantId],
    pub seed: DrawSeed,
}

pub trait StageFormat: Sync {
    /// The name the organizer chooses it by: `round_robin`, `knockout`, …
    fn key(&self) -> &'static str;

    /// Whether a stored format is this one (by its kind: cheap, asked often).
    fn owns(&self, format: &Format) -> bool;

    /// Whether a stored format of this one has options that read (asked as a file
    /// opens): the reason when not.
    fn reads(&self, format: &Format) -> Result<(), String>;

    /// Tells a stage's standings what they need of its format (a Swiss stage's byes in
    /// 对手分, a round robin's cycle). By default nothing.
    fn shape_field(&self, _format: &Format, _field: &mut crate::Field) {}

    /// Whether a field of `entrants` can play the stage (two a group are checked
    /// already). By default any.
    fn fits(&self, _settings: &StageSettings, _entrants: usize) -> Result<(), StageError> {
        Ok(())
    }

    /// The rounds the stage is set to play, where the organizer fixes them (a Swiss
    /// stage's); 0 when they follow from the field.
    fn planned_rounds(&self, _format: &Format) -> u32 {
        0
    }

    /// Whether the stage plays a third-place match.
    fn third_place(&self, _format: &Format) -> bool {
        false
    }

    fn capabilities(&self) -> Capabilities;

    /// The format's name, as a stage is named by default: 循环赛, 淘汰赛, …
    fn name(&self) -> Message;

    /// The format's own options (beyond the [`options::COMMON`] ones).
    fn options(&self) -> &'static [StageOption] {
        &[]
    }

    /// Whether stored settings of this format can be played: its own options within
    /// their bounds and together, and what it cannot be drawn with (the common
    /// settings are checked already). By default nothing more.
    fn validate(&self, _settings: &StageSettings) -> Result<(), SettingsError> {
        Ok(())
    }

    /// The stored format from the options given, checked, for a stage of `competition`.
    fn build(&self, values: &Values, competition: &Competition) -> Result<Format, OptionError>;

    /// The format in words, e.g. 双循环 or 抽签淘汰（含三四名）.
    fn describe(&self, settings: &StageSettings) -> Message;

    /// The tiebreak chain a stage of this format gets when none is given: the rules'
    /// individual chain, the team chain, or the multi-game match chain.
    fn default_tiebreaks(&self, competition: &Competition, best_of: u32) -> Vec<Criterion> {
        use crate::tiebreak::presets;
        if competition.fixed_pairs() {
            presets::PAIRS.to_vec()
        } else if competition.is_team() {
            presets::TEAM.to_vec()
        } else if best_of > 1 {
            presets::MULTI_GAME_2011.to_vec()
        } else {
            presets::INDIVIDUAL.to_vec()
        }
    }

    /// The groups of a stage drawn from its field, with what can be paired at once.
    fn draw(&self, settings: &StageSettings, team_boards: Option<u32>, field: Field) -> Vec<Group>;

    /// Pairs what can be paired next in a group: (round, board in the group) of each
    /// match added.
    fn pair_next(
        &self,
        competition: &Competition,
        settings: &StageSettings,
        group: &mut Group,
    ) -> Result<Vec<(u32, u32)>, StageError>;

    /// Whether a group has all its results: every game of a round robin (its playoffs
    /// aside), a knockout's final.
    fn is_finished(
        &self,
        competition: &Competition,
        settings: &StageSettings,
        group: &Group,
    ) -> bool;

    /// A group's final order, best first, with shared places: by default its standings.
    fn placings(
        &self,
        competition: &Competition,
        stage: usize,
        group: usize,
    ) -> Result<Vec<(EntrantId, Place)>, StageError> {
        standings_placings(competition, stage, group)
    }

    /// The matches (round, board in the group, third-place match) that depend on the
    /// result of one: reset when a correction changes who won it. By default none:
    /// rounds paired from results as they stood keep their pairings, a correction
    /// changes the standings.
    fn dependents_of(&self, _group: &Group, _round: u32, _board: u32) -> Vec<(u32, u32, bool)> {
        Vec::new()
    }

    /// Whether the matches that depend on the match at `at` (group, round index,
    /// match index of stage `stage`, as `c` now has it) still stand after a correction;
    /// `before` is the match as it was. By default while its winner is the same.
    fn dependents_stand(
        &self,
        c: &Competition,
        stage: usize,
        (g, r, i): (usize, usize, usize),
        before: &crate::Match,
    ) -> bool {
        let s = &c.stages[stage];
        let format = s.settings.match_format;
        let was = crate::stage::match_winner(c, format, before);
        was.is_none()
            || was == crate::stage::match_winner(c, format, &s.groups[g].rounds[r].matches[i])
    }
}

/// The implementation of a stored format.
pub fn of(format: &Format) -> &'static dyn StageFormat {
    FORMATS
        .iter()
        .chain(AT_TABLES)
        .find(|f| f.owns(format))
        .copied()
        .unwrap_or(FORMATS[0])
}

/// A stored format as a file holds it: one Qisai knows, with options that read; the
/// reason when not.
pub fn stored(format: &Format) -> Result<&'static dyn StageFormat, String> {
    let known = FORMATS.iter().chain(AT_TABLES).find(|f| f.owns(format));
    match known {
        Some(f) => f.reads(format).map(|()| *f),
        None => Err(format!("unknown stage format \"{}\"", format.kind())),
    }
}

/// The format the organizer chose by name for a competition: at tables of three to
/// six its table version (a knockout by points is seeded at tables too).
pub fn named(key: &str, competition: &Competition) -> Option<&'static dyn StageFormat> {
    let key = key.trim().replace('-', "_");
    let (list, key) = match competition.seated_tables() {
        Some(_) if key == "points_knockout" => (AT_TABLES, "knockout".to_string()),
        Some(_) => (AT_TABLES, key),
        None => (FORMATS, key),
    };
    list.iter().find(|f| f.key() == key).copied()
}

/// A points table's final order: its standings, shared places as they stand.
pub(crate) fn standings_placings(
    competition: &Competition,
    stage: usize,
    group: usize,
) -> Result<Vec<(EntrantId, Place)>, StageError> {
    let (_, table) = crate::stage::group_standings(competition, stage, group)?;
    Ok(table.rows.iter().map(|r| (r.entrant, r.place)).collect())
}

/// Whether the last round of a group has every result (its playoffs aside): a round
/// paired from the standings waits for it.
pub(crate) fn last_round_complete(
    competition: &Competition,
    settings: &StageSettings,
    group: &Group,
) -> Result<(), StageError> {
    let Some(last) = group.rounds.last() else {
        return Ok(());
    };
    let open: Vec<u32> = last
        .matches
        .iter()
        .filter(|m| {
            !m.playoff && !crate::stage::match_complete(competition, settings.match_format, m)
        })
        .map(|m| m.board)
        .collect();
    if open.is_empty() {
        Ok(())
    } else {
        Err(StageError::Incomplete {
            round: last.number,
            boards: open,
        })
    }
}

/// Adds a round paired next to a group: (round, board in the group) of its matches.
pub(crate) fn push_round(group: &mut Group, round: crate::model::Round) -> Vec<(u32, u32)> {
    let added = round
        .matches
        .iter()
        .map(|m| (round.number, m.board))
        .collect();
    group.rounds.push(round);
    added
}

/// Group names: A, B, C …
pub(crate) fn group_name(index: usize) -> String {
    ((b'A' + (index % 26) as u8) as char).to_string()
}

/// A sub-seed per group, so that each group's own lots are reproducible.
pub(crate) fn group_seed(seed: DrawSeed, index: usize) -> DrawSeed {
    seed ^ (index as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}
