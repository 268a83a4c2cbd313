//! A Swiss stage day by day: why each board is paired as it is, and changes by hand
//! before a round's first result, with what they go against.

use messages::msg;
use serde::Serialize;
use tournament::swiss::{self, BoardNote, PairingWarning, SwissOptions};
use tournament::{Competition, EntrantId, StageError};

use crate::select::{chosen_stage, entrant_named};
use crate::views::name;
use crate::worded::Worded;
use crate::{Event, Result, ServiceError};

/// One board explained, with names and reasons in both languages.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardExplanation {
    pub round: u32,
    pub board: u32,
    pub red: Option<String>,
    pub black: Option<String>,
    pub red_score: Option<String>,
    pub black_score: Option<String>,
    /// The score group (the higher score of the two).
    pub group: String,
    pub floated_down: Option<String>,
    pub floated_up: Option<String>,
    /// Why red has red: a reason code, and its words.
    pub colour: Option<&'static str>,
    #[serde(flatten)]
    pub colour_words: Worded,
    pub bye: Option<&'static str>,
    /// Everyone in the board's score group, in ranking order.
    pub group_members: Vec<String>,
    /// A board across score groups: who floated down, and why not higher.
    pub float: Option<FloatView>,
    /// The whole note in words, Chinese and English.
    #[serde(flatten)]
    pub words: Worded,
}

/// A float explained: who went down how far, and what kept him from those above.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FloatView {
    pub player: String,
    pub opponent: String,
    pub from: String,
    pub to: String,
    /// Score groups down; more than one is a float past a whole group.
    pub groups: usize,
    pub met: Vec<String>,
    pub colour_barred: Vec<String>,
    pub paired_otherwise: Vec<String>,
    #[serde(flatten)]
    pub words: Worded,
}

/// One score group of a round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ScoreGroupView {
    pub score: String,
    pub members: Vec<String>,
    #[serde(flatten)]
    pub words: Worded,
}

/// A round explained: its score groups, then its boards.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RoundExplanation {
    pub round: u32,
    pub groups: Vec<ScoreGroupView>,
    pub boards: Vec<BoardExplanation>,
    /// A Swiss at tables: each table's players with their scores before the round,
    /// and who sat out (`boards` is empty then).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tables: Vec<TableExplanation>,
}

/// One table of a Swiss round at tables: its players and their scores before it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TableExplanation {
    pub round: u32,
    pub table: u32,
    pub players: Vec<String>,
    /// Each player's score before the round.
    pub scores: Vec<serde_json::Value>,
    /// The table is a sit-out.
    pub sit_out: bool,
    #[serde(flatten)]
    pub words: Worded,
}

/// What a change by hand goes against, in words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WarningView {
    pub board: u32,
    pub kind: &'static str,
    #[serde(flatten)]
    pub words: Worded,
}

/// The Swiss stage `stage` (1-based, or the current one) and its options.
fn swiss_stage(c: &Competition, stage: Option<usize>) -> Result<(usize, SwissOptions)> {
    let index = chosen_stage(c, stage)?;
    match c.stages[index].settings.format.options::<SwissOptions>() {
        Some(o) if !c.stages[index].groups.is_empty() => Ok((index, o)),
        Some(_) => Err(ServiceError::refused(msg!(
            "stage.not_drawn",
            stage = index + 1
        ))),
        None => Err(ServiceError::refused(msg!(
            "swiss.not_swiss_stage",
            stage = index + 1
        ))),
    }
}

/// The stage asked for when it is a Swiss at tables, drawn.
fn tables_swiss(c: &Competition, stage: Option<usize>) -> Result<Option<usize>> {
    let index = chosen_stage(c, stage)?;
    let s = &c.stages[index];
    let at_tables = s
        .settings
        .format
        .options::<tournament::tables::TableStage>();
    Ok(match at_tables {
        Some(t)
            if t.format == tournament::tables::TableStageKind::Swiss && !s.groups.is_empty() =>
        {
            Some(index)
        }
        _ => None,
    })
}

/// A Swiss at tables explained round by round: the score groups before the round (in
/// ranking order), then each table with its players' scores. Tables are seated top
/// down by score; within the score group that fills a table, those who met its
/// players least sit there.
fn explain_table_rounds(
    c: &Competition,
    index: usize,
    round: Option<u32>,
) -> Result<Vec<RoundExplanation>> {
    let s = &c.stages[index];
    let group = &s.groups[0];
    let mut out = Vec::new();
    for r in group
        .rounds
        .iter()
        .filter(|r| round.is_none_or(|n| n == r.number))
    {
        let mut earlier = group.clone();
        earlier.rounds.retain(|x| x.number < r.number);
        let field = tournament::stage::group_field(c, &earlier, 1)?;
        let table = tournament::standings(&field, &s.settings.tiebreaks, 0);
        // Score groups in ranking order.
        let mut groups: Vec<swiss::explain::ScoreGroup> = Vec::new();
        for row in &table.rows {
            let score = field.total(row.entrant);
            match groups.last_mut() {
                Some(g) if g.score == score => g.members.push(row.entrant),
                _ => groups.push(swiss::explain::ScoreGroup {
                    score,
                    members: vec![row.entrant],
                }),
            }
        }
        let who = |id: EntrantId| name(c, Some(id)).unwrap_or_default();
        let tables = r
            .matches
            .iter()
            .map(|m| {
                let players: Vec<EntrantId> = m.seats.iter().flatten().copied().collect();
                let seated: Vec<String> = players
                    .iter()
                    .map(|&id| format!("{}（{}）", who(id), field.total(id)))
                    .collect();
                let scores = players
                    .iter()
                    .map(|&id| crate::points_value(field.total(id)))
                    .collect();
                let sit_out = m.is_bye();
                let table = tournament::play::stage_board(s, 0, r.number, m.board);
                let message = if sit_out {
                    msg!("swiss_explain.sit_out", names = seated.clone())
                } else {
                    msg!(
                        "swiss_explain.table",
                        table = table,
                        players = seated.clone()
                    )
                };
                TableExplanation {
                    round: r.number,
                    table,
                    players: players.iter().map(|&id| who(id)).collect(),
                    scores,
                    sit_out,
                    words: Worded::new(message),
                }
            })
            .collect();
        out.push(RoundExplanation {
            round: r.number,
            groups: groups.iter().map(|g| group_view(c, g)).collect(),
            boards: Vec::new(),
            tables,
        });
    }
    Ok(out)
}

/// Names of entrants, in the order given.
fn names(c: &Competition, ids: &[EntrantId]) -> Vec<String> {
    ids.iter()
        .map(|&id| name(c, Some(id)).unwrap_or_default())
        .collect()
}

fn group_view(c: &Competition, g: &swiss::explain::ScoreGroup) -> ScoreGroupView {
    let members = names(c, &g.members);
    let words = Worded::new(msg!(
        "swiss_explain.group",
        score = g.score.to_string(),
        count = members.len(),
        members = members.clone()
    ));
    ScoreGroupView {
        score: g.score.to_string(),
        members,
        words,
    }
}

fn float_view(c: &Competition, f: &swiss::explain::Float) -> FloatView {
    let who = |id: EntrantId| name(c, Some(id)).unwrap_or_default();
    let (met, colour_barred, paired_otherwise) = (
        names(c, &f.met),
        names(c, &f.colour_barred),
        names(c, &f.paired_otherwise),
    );
    let mut reasons = Vec::new();
    if !met.is_empty() {
        reasons.push(msg!("swiss_explain.float_met", names = met.clone()));
    }
    if !colour_barred.is_empty() {
        reasons.push(msg!(
            "swiss_explain.float_colour",
            names = colour_barred.clone()
        ));
    }
    if !paired_otherwise.is_empty() {
        reasons.push(msg!(
            "swiss_explain.float_paired",
            names = paired_otherwise.clone()
        ));
    }
    if reasons.is_empty() {
        reasons.push(msg!("swiss_explain.float_alone"));
    }
    let head = msg!(
        "swiss_explain.float",
        player = who(f.player),
        from = f.from.to_string(),
        to = f.to.to_string(),
        opponent = who(f.opponent)
    );
    FloatView {
        player: who(f.player),
        opponent: who(f.opponent),
        from: f.from.to_string(),
        to: f.to.to_string(),
        groups: f.groups,
        met,
        colour_barred,
        paired_otherwise,
        words: Worded::clauses(std::iter::once(head).chain(reasons).collect()),
    }
}

fn view(
    c: &Competition,
    round: u32,
    groups: &[swiss::explain::ScoreGroup],
    n: &BoardNote,
    boards_before: u32,
) -> BoardExplanation {
    let who = |id: Option<EntrantId>| name(c, id);
    let score = |p: Option<tournament::Points>| p.map(|p| p.to_string());
    let clauses = match n.bye {
        Some(swiss::explain::ByeReason::Lowest) => vec![msg!("swiss_explain.bye_lowest")],
        Some(swiss::explain::ByeReason::Manual) => vec![msg!("swiss_explain.bye_manual")],
        None => {
            let mut clauses = vec![msg!(
                "swiss_explain.board_group",
                group = n.group.to_string()
            )];
            if let Some(f) = &n.float {
                clauses.extend(float_view(c, f).words.into_clauses());
            }
            if let Some(r) = n.colour {
                clauses.push(msg!("swiss_explain.board_colour", reason = r.message()));
            }
            clauses
        }
    };
    BoardExplanation {
        round,
        board: n.board + boards_before,
        red: who(n.red),
        black: who(n.black),
        red_score: score(n.red_score),
        black_score: score(n.black_score),
        group: n.group.to_string(),
        floated_down: who(n.floated_down),
        floated_up: who(n.floated_up),
        colour: n.colour.map(|r| r.code()),
        colour_words: Worded::prefixed("colour_", n.colour.map(|r| r.message())),
        bye: n.bye.map(|b| match b {
            swiss::explain::ByeReason::Lowest => "lowest",
            swiss::explain::ByeReason::Manual => "manual",
        }),
        group_members: groups
            .iter()
            .find(|g| g.score == n.group)
            .map(|g| names(c, &g.members))
            .unwrap_or_default(),
        float: n.float.as_ref().map(|f| float_view(c, f)),
        words: Worded::clauses(clauses),
    }
}

/// A board typed as the hall numbers it, as its group numbers it (0 for none).
fn local(board: u32, before: u32) -> u32 {
    board.saturating_sub(before)
}

fn warning_view(c: &Competition, w: &PairingWarning, before: u32) -> WarningView {
    let who = |id: EntrantId| name(c, Some(id)).unwrap_or_default();
    let (board, kind, message) = match w.clone().on_hall_board(before) {
        PairingWarning::Rematch { board, red, black } => (
            board,
            "rematch",
            msg!(
                "swiss_warning.rematch",
                board = board,
                red = who(red),
                black = who(black)
            ),
        ),
        PairingWarning::ScoreGroups { board, red, black } => (
            board,
            "score_groups",
            msg!(
                "swiss_warning.score_groups",
                board = board,
                red = red.to_string(),
                black = black.to_string()
            ),
        ),
        PairingWarning::Colours { board, red } => (
            board,
            "colours",
            msg!("swiss_warning.colours", board = board, red = who(red)),
        ),
        PairingWarning::ThreeSame { board, entrant } => (
            board,
            "three_same",
            msg!(
                "swiss_warning.three_same",
                board = board,
                player = who(entrant)
            ),
        ),
    };
    WarningView {
        board,
        kind,
        words: Worded::new(message),
    }
}

fn stage_error(c: &Competition, e: StageError) -> ServiceError {
    match e {
        StageError::NotInRound { entrant, round } => ServiceError::refused(msg!(
            "round.not_in_named",
            name = name(c, Some(entrant)).unwrap_or_default(),
            round = round
        )),
        other => other.into(),
    }
}

impl Event {
    /// Why each board of a Swiss round is paired as it is (the latest round by default).
    pub fn explain_pairings(
        &self,
        stage: Option<usize>,
        round: Option<u32>,
    ) -> Result<Vec<BoardExplanation>> {
        Ok(self
            .explain_rounds(stage, round)?
            .into_iter()
            .flat_map(|r| r.boards)
            .collect())
    }

    /// Each Swiss round (the one asked for, or all) explained: its score groups and
    /// their members, then every board with its float and colours.
    pub fn explain_rounds(
        &self,
        stage: Option<usize>,
        round: Option<u32>,
    ) -> Result<Vec<RoundExplanation>> {
        let c = self.competition()?;
        if let Some(index) = tables_swiss(&c, stage)? {
            return explain_table_rounds(&c, index, round);
        }
        let (index, options) = swiss_stage(&c, stage)?;
        let s = &c.stages[index];
        let group = &s.groups[0];
        let rounds: Vec<u32> = match round {
            Some(r) => vec![r],
            None => group.rounds.iter().map(|r| r.number).collect(),
        };
        let mut out = Vec::new();
        for r in rounds {
            let notes = swiss::explain_round(
                &c,
                &s.settings,
                &options,
                group,
                r,
                s.draw_seed.unwrap_or(0),
            )
            .map_err(|e| stage_error(&c, e))?;
            out.push(RoundExplanation {
                round: r,
                tables: Vec::new(),
                groups: notes.groups.iter().map(|g| group_view(&c, g)).collect(),
                boards: notes
                    .boards
                    .iter()
                    .map(|n| view(&c, r, &notes.groups, n, s.boards_before))
                    .collect(),
            });
        }
        Ok(out)
    }

    /// Reports `who` (a number or a name) absent (请假) for round `round` of the Swiss
    /// stage under way, or present again; before that round is paired.
    pub fn report_absence(&mut self, who: &str, round: u32, away: bool) -> Result<String> {
        self.file.change_with("absence", |c| {
            let id = entrant_named(c, who)?;
            swiss::report_absence(c, id, round, away)?;
            let name = name(c, Some(id)).unwrap_or_default();
            let summary = crate::logged(if away {
                msg!("log.away", name = &name, round = round)
            } else {
                msg!("log.present", name = &name, round = round)
            });
            Ok((name, summary))
        })
    }

    /// Exchanges the black players of boards `a` and `b` of round `round` of the
    /// current Swiss stage, before the round's first result; returns what the round
    /// now goes against.
    pub fn swap_pairing(&mut self, round: u32, a: u32, b: u32) -> Result<Vec<WarningView>> {
        self.change_round(
            round,
            crate::logged(msg!("log.swapped", round = round, a = a, b = b)),
            |c, g, before| swiss::swap_blacks(c, g, round, local(a, before), local(b, before)),
        )
    }

    /// Sets board `board` of round `round` to `red` against `black` (registration
    /// numbers or names), before the round's first result.
    pub fn set_pairing(
        &mut self,
        round: u32,
        board: u32,
        red: &str,
        black: &str,
    ) -> Result<Vec<WarningView>> {
        let c = self.competition()?;
        let (red, black) = (entrant_named(&c, red)?, entrant_named(&c, black)?);
        if red == black {
            return Err(ServiceError::refused(msg!("pairing.same_player")));
        }
        let summary = crate::logged(msg!(
            "log.pairing_set",
            round = round,
            board = board,
            red = name(&c, Some(red)).unwrap_or_default(),
            black = name(&c, Some(black)).unwrap_or_default()
        ));
        self.change_round(round, summary, |c, g, before| {
            swiss::set_board(c, g, round, local(board, before), red, black)
        })
    }

    fn change_round(
        &mut self,
        round: u32,
        summary: String,
        change: impl FnOnce(
            &Competition,
            &mut tournament::Group,
            u32,
        ) -> std::result::Result<(), StageError>,
    ) -> Result<Vec<WarningView>> {
        self.file.change_with("pairing", |c| {
            let rearranged = rearrange(c, round, change)?;
            Ok((rearranged.warnings, summary))
        })
    }

    /// What exchanging the black players of boards `a` and `b` of round `round` would
    /// do, shown before it is done: each board before and after, and what the round
    /// would then go against. Nothing is changed.
    pub fn swap_preview(&self, round: u32, a: u32, b: u32) -> Result<SwapPreview> {
        let mut c = self.competition_copy()?;
        let rearranged = rearrange(&mut c, round, |c, g, before| {
            swiss::swap_blacks(c, g, round, local(a, before), local(b, before))
        })?;
        let players = |seats: &[Option<EntrantId>]| Players {
            red: name(&c, seats.first().copied().flatten()),
            black: name(&c, seats.get(1).copied().flatten()),
        };
        let boards = rearranged
            .changed
            .iter()
            .map(|(board, before, after)| BoardChange {
                board: *board,
                before: players(before),
                after: players(after),
            })
            .collect();
        Ok(SwapPreview {
            boards,
            warnings: rearranged.warnings,
        })
    }
}

/// A board's two players.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Players {
    pub red: Option<String>,
    pub black: Option<String>,
}

/// One board of a round before and after a change of its pairings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardChange {
    pub board: u32,
    pub before: Players,
    pub after: Players,
}

/// A swap as it would be: the boards it changes and what the round would go against.
#[derive(Debug, Clone, Serialize)]
pub struct SwapPreview {
    pub boards: Vec<BoardChange>,
    pub warnings: Vec<WarningView>,
}

/// A board's seats, in seat order.
type Seats = Vec<Option<EntrantId>>;

/// A round changed by hand: each board that changed (its seats before and after), and
/// what those boards now go against.
struct Rearranged {
    changed: Vec<(u32, Seats, Seats)>,
    warnings: Vec<WarningView>,
}

/// Changes round `round` of the current Swiss stage of `c` by `change`.
fn rearrange(
    c: &mut Competition,
    round: u32,
    change: impl FnOnce(
        &Competition,
        &mut tournament::Group,
        u32,
    ) -> std::result::Result<(), StageError>,
) -> Result<Rearranged> {
    let (index, options) = swiss_stage(c, None)?;
    let snapshot = c.clone();
    let mut group = c.stages[index].groups[0].clone();
    // Boards are typed and shown as the hall numbers them; the group keeps its own.
    let hall = c.stages[index].boards_before;
    change(&snapshot, &mut group, hall).map_err(|e| stage_error(&snapshot, e))?;
    let seats = |g: &tournament::Group| -> Vec<(u32, Seats)> {
        g.rounds
            .iter()
            .filter(|r| r.number == round)
            .flat_map(|r| r.matches.iter().map(|m| (m.board + hall, m.seats.clone())))
            .collect()
    };
    let before = seats(&c.stages[index].groups[0]);
    let changed: Vec<_> = seats(&group)
        .into_iter()
        .filter(|b| !before.contains(b))
        .map(|(board, after)| {
            let was = before.iter().find(|b| b.0 == board).map(|b| b.1.clone());
            (board, was.unwrap_or_default(), after)
        })
        .collect();
    c.stages[index].groups[0] = group;
    let s = &c.stages[index];
    // What the boards that changed now go against.
    let warnings = swiss::warnings(c, &s.settings, &options, &s.groups[0], round)?;
    let warnings = warnings
        .iter()
        .map(|w| warning_view(c, w, hall))
        .filter(|w| changed.iter().any(|b| b.0 == w.board))
        .collect();
    Ok(Rearranged { changed, warnings })
}
