//! PDF documents of the current (or a named) stage, built as report view structs.

use messages::msg;
use report::pdf::label;
use report::pdf::{
    BoardLine, BracketMatch, BracketView, CrosstableView, Heading, Lang, PairingLine, PairingSheet,
    PrintOptions, RoundSheet, Side, Slip, SlipBoard, SlipGame, SlipsView, StandingLine,
    StandingsSheet, TableSheet, TableSlip, TableSlipSeat, TableSlipsView, WallChartView,
    render_bracket, render_crosstable, render_rounds, render_slips, render_standings,
    render_table_slips, render_tables, render_wall_chart,
};
use tournament::{Competition, EntrantId, stage as progress};

use crate::select::chosen_stage;
use crate::views::{match_result_text, name, pairings_of, standings_of};
use crate::wall_chart::wall_chart_views;
use crate::{Event, Result, ServiceError};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Document {
    Pairings,
    Slips,
    Standings,
    /// The crosstable of a round robin; for a Swiss stage, its wall chart.
    Crosstable,
    /// 成绩总表 of a Swiss stage.
    WallChart,
    /// A team event's board table (台次成绩) and individual standings.
    Boards,
    Bracket,
    /// 等级分变化表: the rating changes of a rated event (K by FIDE's rules).
    Ratings,
}

/// What to print.
#[derive(Debug, Clone, Copy, Default)]
pub struct PrintRequest {
    /// Without it, the latest round.
    pub round: Option<u32>,
    /// 1-based; without it, the current stage.
    pub stage: Option<usize>,
    pub options: PrintOptions,
}

pub(crate) fn heading_of(
    c: &Competition,
    stage: usize,
    title: String,
    options: &PrintOptions,
) -> Heading {
    let l = options.lang;
    let detail = |field: messages::Message, value: &str| {
        label(l, msg!("doc.detail", field = field, value = value))
    };
    let today = store::clock::today().to_string();
    let mut line = format!(
        "{}  ·  {}",
        crate::stage_name(c, stage, l),
        detail(msg!("doc.date"), &today)
    );
    if let Some(time) = &c.time_control {
        line.push_str(&format!("  ·  {}", detail(msg!("doc.time_control"), time)));
    }
    let mut lines = vec![line];
    let d = &c.details;
    let details: Vec<String> = [
        (&d.venue, msg!("doc.venue")),
        (&d.dates, msg!("doc.dates")),
        (&d.organizer, msg!("doc.organizer_short")),
        (&d.arbiter, msg!("doc.chief_arbiter")),
    ]
    .into_iter()
    .filter_map(|(value, field)| value.as_ref().map(|v| detail(field, v)))
    .collect();
    if !details.is_empty() {
        lines.push(details.join("  ·  "));
    }
    Heading {
        event: c.name.clone(),
        title,
        lines,
    }
}

/// Column titles of a stage's tiebreaks: Chinese, or short English ones (SB, BH-1).
pub(crate) fn tiebreak_titles(table: &crate::StandingsView, lang: Lang) -> Vec<String> {
    let first = table
        .rows
        .first()
        .map(|r| r.tiebreaks.as_slice())
        .unwrap_or_default();
    first
        .iter()
        .map(|t| {
            if lang == Lang::En {
                t.short_en.to_string()
            } else {
                t.name.to_string()
            }
        })
        .collect()
}

/// The stage asked for (1-based), which must be drawn; without one, the current stage.
fn drawn_stage(c: &Competition, stage: Option<usize>) -> Result<usize> {
    let index = chosen_stage(c, stage)?;
    if stage.is_some() && c.stages[index].groups.is_empty() {
        return Err(ServiceError::refused(msg!(
            "stage.not_drawn",
            stage = index + 1
        )));
    }
    Ok(index)
}

impl Event {
    /// The crosstable of each group of a round-robin stage, as printed.
    pub fn crosstables(&self, stage: Option<usize>, lang: Lang) -> Result<Vec<CrosstableView>> {
        let c = self.competition()?;
        let stage = drawn_stage(&c, stage)?;
        let options = PrintOptions {
            lang,
            ..PrintOptions::default()
        };
        crosstable_views(&c, stage, &options)
    }

    /// The wall chart of a Swiss stage, as printed.
    pub fn wall_charts(&self, stage: Option<usize>, lang: Lang) -> Result<Vec<WallChartView>> {
        let c = self.competition()?;
        let stage = drawn_stage(&c, stage)?;
        let options = PrintOptions {
            lang,
            ..PrintOptions::default()
        };
        wall_chart_views(&c, stage, &options)
    }

    /// The bracket of each group of a knockout stage, as printed.
    pub fn brackets(&self, stage: Option<usize>, lang: Lang) -> Result<Vec<BracketView>> {
        let c = self.competition()?;
        let stage = drawn_stage(&c, stage)?;
        let options = PrintOptions {
            lang,
            ..PrintOptions::default()
        };
        bracket_views(&c, stage, &options)
    }

    pub fn print(&self, document: Document, request: PrintRequest) -> Result<Vec<u8>> {
        let options = request.options;
        if document == Document::Pairings {
            return self.pairing_sheets(&request);
        }
        let c = self.competition()?;
        let stage = drawn_stage(&c, request.stage)?;
        match document {
            Document::Pairings => unreachable!("printed above"),
            Document::Slips => round_slips(&c, stage, request.round, options),
            Document::Standings => Ok(standings_sheet(&c, stage, options)?),
            Document::WallChart => wall_chart(&c, stage, options),
            Document::Boards => Ok(render_tables(
                // The stage asked for, or the whole event.
                &member_sheets(&c, stage, request.stage.map(|_| stage), &options)?,
                options,
            )),
            Document::Crosstable
                if tournament::format::of(&c.stages[stage].settings.format)
                    .capabilities()
                    .wall_chart =>
            {
                wall_chart(&c, stage, options)
            }
            Document::Crosstable => crosstable(&c, stage, options),
            Document::Bracket => {
                let views = bracket_views(&c, stage, &options)?;
                Ok(render_bracket(&views, options))
            }
            Document::Ratings => {
                let rows = self.rating_changes(Some(stage + 1), tournament::elo::KChoice::Fide)?;
                Ok(ratings_sheet(&c, stage, &rows, options))
            }
        }
    }
}

impl Event {
    /// A round's pairing sheet (the latest round by default); in an event of several
    /// competitions with none chosen, every competition's, one after another (those
    /// not yet paired left out).
    fn pairing_sheets(&self, request: &PrintRequest) -> Result<Vec<u8>> {
        let options = request.options;
        let sheets = self.each_competition(|several| {
            let c = self.competition()?;
            let sheet = drawn_stage(&c, request.stage).and_then(|stage| {
                let (round, pairings) = round_of(&c, stage, request.round)?;
                Ok(round_sheet(&c, stage, round, &pairings, &options))
            });
            match (sheet, several) {
                (Err(_), Some(_)) => Ok(None),
                (sheet, _) => sheet.map(Some),
            }
        })?;
        let sheets: Vec<RoundSheet> = sheets.into_iter().flatten().collect();
        if sheets.is_empty() {
            return Err(ServiceError::refused(msg!("print.nothing_paired")));
        }
        Ok(render_rounds(&sheets, options))
    }
}

/// A round's pairing sheet: a line per board, or at tables a column per seat.
fn round_sheet(
    c: &Competition,
    stage: usize,
    round: u32,
    pairings: &[crate::PairingView],
    options: &PrintOptions,
) -> RoundSheet {
    let title = label(options.lang, msg!("doc.pairings_of_round", round = round));
    // A round at tables prints a column (or a line) per seat.
    if pairings.iter().any(|p| !p.seats.is_empty()) {
        return RoundSheet::Seated(seated_sheet(c, stage, title, pairings, options));
    }
    RoundSheet::Pairings(pairing_sheet(c, stage, round, pairings, *options))
}

/// A round's score slips (the latest round by default): a slip per board, or per table.
fn round_slips(
    c: &Competition,
    stage: usize,
    round: Option<u32>,
    options: PrintOptions,
) -> Result<Vec<u8>> {
    let (round, pairings) = round_of(c, stage, round)?;
    if pairings.iter().any(|p| !p.seats.is_empty()) {
        return Ok(table_slips(c, stage, round, &pairings, options));
    }
    Ok(score_slips(c, stage, round, &pairings, options))
}

/// The round asked for (the latest by default) and its pairings.
fn round_of(
    c: &Competition,
    stage: usize,
    round: Option<u32>,
) -> Result<(u32, Vec<crate::PairingView>)> {
    let all = pairings_of(c, stage, None)?;
    let round = match round {
        Some(r) if all.iter().any(|p| p.round == r) => r,
        Some(r) => return Err(ServiceError::refused(msg!("round.none", round = r))),
        None => all
            .iter()
            .map(|p| p.round)
            .max()
            .ok_or_else(|| ServiceError::refused(msg!("print.nothing_paired")))?,
    };
    let pairings: Vec<_> = all.into_iter().filter(|p| p.round == round).collect();
    Ok((round, pairings))
}

/// A round's score slips: a slip per board, a line per game of a match or board of a
/// team match.
fn score_slips(
    c: &Competition,
    stage: usize,
    round: u32,
    pairings: &[crate::PairingView],
    options: PrintOptions,
) -> Vec<u8> {
    let title = label(options.lang, msg!("doc.score_slips", round = round));
    let slips = pairings
        .iter()
        .filter(|p| p.black.is_some())
        .map(|p| Slip {
            round,
            board: p.board,
            red: p.red.clone().unwrap_or_default(),
            red_club: p.red_club.clone().unwrap_or_default(),
            black: p.black.clone().unwrap_or_default(),
            black_club: p.black_club.clone().unwrap_or_default(),
            boards: p
                .boards
                .iter()
                .map(|b| SlipBoard {
                    board: b.board,
                    red: b.red.clone().unwrap_or_default(),
                    black: b.black.clone().unwrap_or_default(),
                })
                .collect(),
            games: slip_games(c, stage, p, options.lang),
        })
        .collect();
    render_slips(
        &SlipsView {
            heading: heading_of(c, stage, title, &options),
            slips,
        },
        options,
    )
}

/// A round's pairing sheet between two sides: a line per board, a team match's boards
/// beneath it, those absent after.
fn pairing_sheet(
    c: &Competition,
    stage: usize,
    round: u32,
    pairings: &[crate::PairingView],
    options: PrintOptions,
) -> PairingSheet {
    let lang = options.lang;
    let title = label(options.lang, msg!("doc.pairings_of_round", round = round));
    let say = |text: &str| in_words(text, c, lang);
    // A withdrawn player stays on the sheet, marked.
    let marked = |name: &str| {
        let withdrawn = c.entrants.iter().any(|e| e.name == name && e.withdrawn);
        match withdrawn {
            false => name.to_string(),
            true => label(options.lang, msg!("doc.withdrawn_name", name = name)),
        }
    };
    let lines = pairings
        .iter()
        .map(|p| PairingLine {
            board: p.board,
            label: match_label(c, stage, p, options.lang),
            red: Side {
                name: marked(&p.red.clone().unwrap_or_default()),
                club: p.red_club.clone().unwrap_or_default(),
                points: p.red_points.to_string(),
            },
            black: p.black.as_ref().map(|b| Side {
                name: marked(b),
                club: p.black_club.clone().unwrap_or_default(),
                points: p.black_points.to_string(),
            }),
            result: match &p.result {
                _ if p.annulled => p.result_in_words(c, lang),
                None => None,
                Some(r) => Some(match p.two_fouls {
                    false => format!("{}{}", say(r), p.lots_note(lang)),
                    true => label(options.lang, msg!("doc.two_fouls_result", result = r)),
                }),
            },
            boards: p
                .boards
                .iter()
                .map(|b| BoardLine {
                    board: b.board,
                    red: b.red.clone().unwrap_or_default(),
                    red_team: b.red_team.clone().unwrap_or_default(),
                    black: b.black.clone().unwrap_or_default(),
                    black_team: b.black_team.clone().unwrap_or_default(),
                    result: b.result.as_deref().map(say),
                })
                .collect(),
        })
        .collect();
    PairingSheet {
        heading: heading_of(c, stage, title, &options),
        lines,
        team: c.is_team(),
        absent: absent_in(c, stage, round),
    }
}

/// A stage's standings: every group's rows with their tiebreaks and notes.
fn standings_sheet(c: &Competition, stage: usize, options: PrintOptions) -> Result<Vec<u8>> {
    let lang = options.lang;
    let table = standings_of(c, stage)?;
    let title = label(options.lang, msg!("doc.standings_title"));
    let groups = c.stages[stage].groups.len() > 1;
    let lines = table
        .rows
        .iter()
        .map(|r| StandingLine {
            rank: match groups {
                false => r.rank_text(),
                true => format!("{} {}", r.group, r.rank_text()),
            },
            name: r.name.clone(),
            club: r.club.clone().unwrap_or_default(),
            points: r.points.map(|p| p.to_string()).unwrap_or_default(),
            tiebreaks: r.tiebreaks.iter().map(|t| t.value.clone()).collect(),
            note: r.note(lang),
        })
        .collect();
    Ok(render_standings(
        &StandingsSheet {
            heading: heading_of(c, stage, title.to_string(), &options),
            team: c.is_team(),
            tiebreak_names: tiebreak_titles(&table, lang),
            lines,
        },
        options,
    ))
}

/// A round robin's crosstables, on a page as wide as the field needs: landscape past
/// ten, A3 past twenty.
fn crosstable(c: &Competition, stage: usize, options: PrintOptions) -> Result<Vec<u8>> {
    let views = crosstable_views(c, stage, &options)?;
    let widest = views.iter().map(|v| v.names.len()).max().unwrap_or(0);
    let mut options = options;
    if widest > 10 {
        options.setup.landscape = true;
    }
    if widest > 20 {
        options.setup.paper = report::pdf::Paper::A3;
    }
    Ok(render_crosstable(&views, options))
}

/// 等级分变化表: each rated player's expected score, rating change and performance.
fn ratings_sheet(
    c: &Competition,
    stage: usize,
    rows: &[crate::RatingRow],
    options: PrintOptions,
) -> Vec<u8> {
    let lang = options.lang;
    let title = messages::render(&msg!("print.rating_changes"), lang);
    let columns = crate::rating_columns(lang)
        .into_iter()
        .enumerate()
        .map(|(k, title)| {
            let name = k == 1;
            (title, if name { 3.0 } else { 1.0 }, name)
        })
        .collect();
    let sheet = report::pdf::TableSheet {
        heading: heading_of(c, stage, title, &options),
        columns,
        rows: rows.iter().map(crate::RatingRow::cells).collect(),
    };
    render_tables(&[sheet], options)
}

/// A result's text in words for a printout (死局·红方领先, +-（黑方弃权）, 2号胜, …) of
/// the competition's games; a match score (`3-1`) stays as it is.
pub fn in_words(text: &str, c: &Competition, lang: Lang) -> String {
    crate::scored::result_words(text, c, c.seating(), lang)
}

/// A seat's label as printed: 1号, 南; seat 1, south.
fn seat_label(seating: tournament::Seating, seat: usize, lang: Lang) -> String {
    messages::render(&crate::scored::seat_label(seating, seat), lang)
}

/// The slips of one round played at tables: every seat with its player.
fn table_slips(
    c: &Competition,
    stage: usize,
    round: u32,
    pairings: &[crate::PairingView],
    options: PrintOptions,
) -> Vec<u8> {
    let lang = options.lang;
    let seating = c.seating();
    let title = label(options.lang, msg!("doc.table_slips", round = round));
    let slips = pairings
        .iter()
        .filter(|p| !p.seats.is_empty())
        .map(|p| TableSlip {
            round,
            table: p.board,
            seats: p
                .seats
                .iter()
                .enumerate()
                .map(|(k, s)| TableSlipSeat {
                    label: seat_label(seating, k, lang),
                    name: s.name.clone().unwrap_or_default(),
                    club: s.side.clone().or(s.club.clone()).unwrap_or_default(),
                })
                .collect(),
            junqi: seating == tournament::Seating::Partners,
        })
        .collect();
    let view = TableSlipsView {
        heading: heading_of(c, stage, title, &options),
        slips,
    };
    render_table_slips(&view, options)
}

/// Rounds played at tables as a table: a line per table, a column per seat, the
/// result in words.
pub(crate) fn seated_sheet(
    c: &Competition,
    stage: usize,
    title: String,
    pairings: &[crate::PairingView],
    options: &PrintOptions,
) -> TableSheet {
    let lang = options.lang;
    let seating = c.seating();
    let seats = pairings.iter().map(|p| p.seats.len()).max().unwrap_or(0);
    let mut columns = vec![(label(options.lang, msg!("doc.table")), 0.6, false)];
    for s in 0..seats {
        columns.push((seat_label(seating, s, lang), 2.0, true));
    }
    columns.push((label(options.lang, msg!("doc.result")), 1.6, true));
    let rows = pairings
        .iter()
        .map(|p| {
            let mut row = vec![p.board.to_string()];
            if p.seats.is_empty() {
                let bye = label(options.lang, msg!("doc.bye_parens"));
                row.push(format!("{} {bye}", p.red.clone().unwrap_or_default()));
                row.extend((1..seats).map(|_| String::new()));
            } else {
                row.extend(p.seats.iter().map(|s| {
                    let name = s.name.clone().unwrap_or_default();
                    match &s.side {
                        Some(side) => format!("{name}（{side}）"),
                        None => name,
                    }
                }));
                row.extend((p.seats.len()..seats).map(|_| String::new()));
            }
            row.push(crate::scored::pairing_words(p, c, seating, lang).unwrap_or_default());
            row
        })
        .collect();
    TableSheet {
        heading: heading_of(c, stage, title, options),
        columns,
        rows,
    }
}

/// Each seat of a table as a table card prints it: `2号 乙`, `南 甲`.
pub(crate) fn card_seats(c: &Competition, p: &crate::PairingView, lang: Lang) -> Vec<String> {
    p.seats
        .iter()
        .enumerate()
        .map(|(k, s)| {
            format!(
                "{} {}",
                seat_label(c.seating(), k, lang),
                s.name.clone().unwrap_or_default()
            )
        })
        .collect()
}

/// A multi-game individual match's slip lines: each game with who has red (the
/// first-named entrant in odd games), then the extra games a knockout tie goes to.
fn slip_games(c: &Competition, stage: usize, p: &crate::PairingView, lang: Lang) -> Vec<SlipGame> {
    let s = &c.stages[stage];
    let format = s.settings.match_format;
    if c.is_team() || format.best_of <= 1 {
        return Vec::new();
    }
    let extra = match tournament::format::of(&s.settings.format)
        .capabilities()
        .needs_winner
    {
        true => format.decider.extra_games,
        false => 0,
    };
    let seats = [
        p.red.clone().unwrap_or_default(),
        p.black.clone().unwrap_or_default(),
    ];
    (0..format.best_of + extra)
        .map(|k| {
            // Colours alternate game by game, the first-named entrant red in the first.
            let red = (k % 2) as usize;
            let title = match k < format.best_of {
                true => label(lang, msg!("doc.game_n", game = k + 1)),
                false => label(lang, msg!("doc.extra_game")),
            };
            SlipGame {
                label: title,
                red: seats[red].clone(),
                black: seats[1 - red].clone(),
            }
        })
        .collect()
}

/// A knockout's final and third-place match, labelled on the sheet.
fn match_label(
    c: &Competition,
    stage: usize,
    p: &crate::PairingView,
    lang: Lang,
) -> Option<String> {
    let s = &c.stages[stage];
    let group = s.groups.iter().find(|g| g.name == p.group)?;
    let rounds = group.bracket()?.size().trailing_zeros();
    match (p.round == rounds, p.third_place) {
        (_, true) => Some(label(lang, msg!("doc.third_place_short"))),
        (true, false) if s.groups.len() == 1 => Some(label(lang, msg!("doc.final"))),
        _ => None,
    }
}

/// A team event's board table, one sheet per board, and its individual standings.
fn member_sheets(
    c: &Competition,
    stage: usize,
    only: Option<usize>,
    options: &PrintOptions,
) -> Result<Vec<TableSheet>> {
    let l = options.lang;
    let columns = |boards_title: String| -> Vec<(String, f32, bool)> {
        [
            (label(l, msg!("doc.rank")), 0.7, false),
            (label(l, msg!("doc.name")), 1.8, true),
            (label(l, msg!("doc.team")), 1.8, true),
            (boards_title, 0.8, false),
            (label(l, msg!("doc.games")), 0.7, false),
            (label(l, msg!("doc.w")), 0.6, false),
            (label(l, msg!("doc.d")), 0.6, false),
            (label(l, msg!("doc.l")), 0.6, false),
            (label(l, msg!("doc.score_points")), 0.8, false),
            (label(l, msg!("doc.score_percent")), 0.9, false),
        ]
        .into_iter()
        .map(|(t, w, text)| (t.to_string(), w, text))
        .collect()
    };
    let row = |r: &crate::MemberRow| -> Vec<String> {
        let rank = if r.rank == r.shared_to {
            r.rank.to_string()
        } else {
            format!("{}–{}", r.rank, r.shared_to)
        };
        let boards: Vec<String> = r.boards.iter().map(u32::to_string).collect();
        vec![
            rank,
            r.name.clone(),
            r.team.clone(),
            boards.join(","),
            r.games.to_string(),
            r.wins.to_string(),
            r.draws.to_string(),
            r.losses.to_string(),
            r.points.to_string(),
            format!("{}%", r.percent),
        ]
    };
    let mut sheets: Vec<TableSheet> = crate::members::board_tables(c, only)?
        .iter()
        .map(|t| TableSheet {
            heading: heading_of(
                c,
                stage,
                label(l, msg!("doc.board_results", board = t.board)),
                options,
            ),
            columns: columns(label(l, msg!("doc.board"))),
            rows: t.rows.iter().map(row).collect(),
        })
        .collect();
    sheets.push(TableSheet {
        heading: heading_of(
            c,
            stage,
            label(l, msg!("doc.individual_standings")).to_string(),
            options,
        ),
        columns: columns(label(l, msg!("doc.boards"))),
        rows: crate::members::individual_standings(c, only)?
            .iter()
            .map(row)
            .collect(),
    });
    Ok(sheets)
}

/// The wall chart of a Swiss stage, on a landscape page (A3 past nine rounds).
fn wall_chart(c: &Competition, stage: usize, options: PrintOptions) -> Result<Vec<u8>> {
    let views = wall_chart_views(c, stage, &options)?;
    let mut options = options;
    options.setup.landscape = true;
    if views.iter().any(|v| v.rounds > 9) {
        options.setup.paper = report::pdf::Paper::A3;
    }
    Ok(render_wall_chart(&views, options))
}

/// The crosstable of each group of a round-robin stage.
pub(crate) fn crosstable_views(
    c: &Competition,
    stage: usize,
    options: &PrintOptions,
) -> Result<Vec<CrosstableView>> {
    let lang = options.lang;
    if !tournament::format::of(&c.stages[stage].settings.format)
        .capabilities()
        .crosstable
    {
        return Err(ServiceError::refused(msg!(
            "print.crosstable_not_round_robin"
        )));
    }
    let table = standings_of(c, stage)?;
    let s = &c.stages[stage];
    let mut views = Vec::new();
    for group in &s.groups {
        let field = progress::group_field(c, group, s.settings.match_format.best_of)?;
        let index = |id: EntrantId| group.entrants.iter().position(|&e| e == id);
        let n = group.entrants.len();
        let mut cells = vec![vec![String::new(); n]; n];
        let forfeits = forfeits_of(group);
        for (i, &id) in group.entrants.iter().enumerate() {
            // At a table everyone met there has a cell: what the row's player scored.
            for e in field.encounters(id) {
                for j in e.opponents.iter().filter_map(|&o| index(o)) {
                    let cell = &mut cells[i][j];
                    if !cell.is_empty() {
                        cell.push(' ');
                    }
                    // A game not played is marked, not scored: + won, − lost by forfeit.
                    match forfeits.get(&(e.round, id)) {
                        Some(&won) => cell.push(if won { '+' } else { '−' }),
                        None => cell.push_str(&e.points.to_string()),
                    }
                }
            }
        }
        let row = |id: EntrantId| {
            table
                .rows
                .iter()
                .find(|r| r.id == id.0 && r.group == group.name)
        };
        let title = match s.groups.len() > 1 {
            true => label(
                options.lang,
                msg!("doc.crosstable_of_group", group = &group.name),
            ),
            false => label(options.lang, msg!("doc.crosstable")),
        };
        views.push(CrosstableView {
            heading: heading_of(c, stage, title, options),
            names: group
                .entrants
                .iter()
                .map(|&id| name(c, Some(id)).unwrap_or_default())
                .collect(),
            clubs: group
                .entrants
                .iter()
                .map(|&id| {
                    c.entrant(id)
                        .and_then(|e| e.club.clone())
                        .unwrap_or_default()
                })
                .collect(),
            cells,
            points: group
                .entrants
                .iter()
                .map(|&id| field.total(id).to_string())
                .collect(),
            tiebreak_names: tiebreak_titles(&table, lang),
            tiebreaks: group
                .entrants
                .iter()
                .map(|&id| {
                    row(id)
                        .map(|r| r.tiebreaks.iter().map(|t| t.value.clone()).collect())
                        .unwrap_or_default()
                })
                .collect(),
            ranks: group
                .entrants
                .iter()
                .map(|&id| row(id).map_or(String::new(), |r| r.rank_text()))
                .collect(),
            team: c.is_team(),
        });
    }
    Ok(views)
}

/// Those reported absent (请假) for a round of a Swiss stage, for its pairing sheet.
fn absent_in(c: &Competition, stage: usize, round: u32) -> Vec<Side> {
    c.stages[stage]
        .groups
        .iter()
        .flat_map(|g| g.state.away())
        .filter(|a| a.round == round)
        .filter_map(|a| c.entrant(a.entrant))
        .map(|e| Side {
            name: e.name.clone(),
            club: e.club.clone().unwrap_or_default(),
            points: String::new(),
        })
        .collect()
}

/// The bracket of each group of a knockout stage.
pub(crate) fn bracket_views(
    c: &Competition,
    stage: usize,
    options: &PrintOptions,
) -> Result<Vec<BracketView>> {
    let s = &c.stages[stage];
    if !tournament::format::of(&s.settings.format)
        .capabilities()
        .bracket
    {
        return Err(ServiceError::refused(msg!("print.bracket_not_knockout")));
    }
    let mut views = Vec::new();
    for group in &s.groups {
        let Some(bracket) = group.bracket() else {
            continue;
        };
        let size = bracket.size();
        let rounds = size.trailing_zeros();
        let mut view_rounds = Vec::new();
        for r in 1..=rounds {
            let matches = (1..=(size >> r) as u32)
                .map(|b| {
                    let found =
                        group.rounds.iter().find(|x| x.number == r).and_then(|x| {
                            x.matches.iter().find(|m| m.board == b && !m.third_place)
                        });
                    match found {
                        Some(m) => {
                            let winner = progress::match_winner(c, s.settings.match_format, m)
                                .and_then(|w| m.seats.iter().position(|&x| x == Some(w)));
                            BracketMatch {
                                top: name(c, m.seats.first().copied().flatten()),
                                bottom: name(c, m.seats.get(1).copied().flatten()),
                                score: match_result_text(c, m),
                                winner,
                                by_lots: winner.is_some() && m.lots.is_some(),
                            }
                        }
                        None => BracketMatch::default(),
                    }
                })
                .collect();
            view_rounds.push(matches);
        }
        let title = match s.groups.len() > 1 {
            true => label(
                options.lang,
                msg!("doc.bracket_of_group", group = &group.name),
            ),
            false => label(options.lang, msg!("doc.bracket")),
        };
        let third_place = group
            .rounds
            .iter()
            .flat_map(|r| r.matches.iter())
            .find(|m| m.third_place)
            .map(|m| BracketMatch {
                top: name(c, m.seats.first().copied().flatten()),
                bottom: name(c, m.seats.get(1).copied().flatten()),
                score: match_result_text(c, m),
                winner: progress::match_winner(c, s.settings.match_format, m)
                    .and_then(|w| m.seats.iter().position(|&x| x == Some(w))),
                by_lots: m.lots.is_some(),
            });
        views.push(BracketView {
            heading: heading_of(c, stage, title, options),
            rounds: view_rounds,
            third_place,
            // The title is decided by one bracket that nobody goes on from.
            decides_title: s.groups.len() == 1 && s.settings.advance == tournament::Advance::None,
        });
    }
    Ok(views)
}

/// Who won (true) or lost (false) a round's game by forfeit, by (round, entrant): the
/// crosstable marks those games instead of scoring them.
fn forfeits_of(group: &tournament::Group) -> std::collections::HashMap<(u32, EntrantId), bool> {
    use tournament::GameResult;
    let mut out = std::collections::HashMap::new();
    for round in &group.rounds {
        for m in &round.matches {
            // Team matches are scored by their boards; only single games are marked.
            let [game] = m.games.as_slice() else { continue };
            let Some(record) = &game.record else { continue };
            let seat = |game_seat: usize| {
                let match_seat = if game_seat == 0 {
                    game.red
                } else {
                    1 - game.red.min(1)
                };
                m.seats.get(match_seat).copied().flatten()
            };
            match record.result {
                GameResult::Forfeit { winner } => {
                    if let Some(w) = seat(winner) {
                        out.insert((round.number, w), true);
                    }
                    if let Some(l) = seat(1 - winner.min(1)) {
                        out.insert((round.number, l), false);
                    }
                }
                GameResult::DoubleForfeit => {
                    for s in 0..2 {
                        if let Some(e) = seat(s) {
                            out.insert((round.number, e), false);
                        }
                    }
                }
                _ => {}
            }
        }
    }
    out
}
