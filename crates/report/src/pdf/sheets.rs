//! Pairing sheets, standings and the crosstable: tables with a heading.

use super::canvas::{Align, Document};
use super::table::{Column, draw_table, number_pages};
use super::{Heading, PrintOptions, label};
use messages::msg;

/// One side of a pairing.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Side {
    pub name: String,
    pub club: String,
    /// Points before the round.
    pub points: String,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct PairingLine {
    pub board: u32,
    /// 决赛, 三四名决赛: printed with the board.
    pub label: Option<String>,
    pub red: Side,
    /// `None`: a bye.
    pub black: Option<Side>,
    /// Printed when known; else the column is left empty for the arbiter.
    pub result: Option<String>,
    /// A team match's boards, printed under it: who plays red and black on each.
    pub boards: Vec<BoardLine>,
}

/// One board of a team match on a sheet.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct BoardLine {
    pub board: u32,
    /// The red player, and his team.
    pub red: String,
    pub red_team: String,
    pub black: String,
    pub black_team: String,
    pub result: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct PairingSheet {
    pub heading: Heading,
    pub lines: Vec<PairingLine>,
    /// A team event: the points are match points (场分).
    pub team: bool,
    /// Players reported absent (请假) for the round: listed after the boards.
    pub absent: Vec<Side>,
}

/// The name and points titles of a table: 队名 / 场分 for a team event.
fn name_and_points(team: bool, l: super::Lang) -> (String, String) {
    match team {
        true => (label(l, msg!("doc.team")), label(l, msg!("doc.mp"))),
        false => (label(l, msg!("doc.name")), label(l, msg!("doc.pts"))),
    }
}

/// A round's sheet: the pairings between two sides, or a table of seats.
#[derive(Debug, Clone, PartialEq)]
pub enum RoundSheet {
    Pairings(PairingSheet),
    Seated(TableSheet),
}

/// Round sheets one after another in one document (every competition of an event).
pub fn render_rounds(sheets: &[RoundSheet], options: PrintOptions) -> Vec<u8> {
    let title = match sheets.first() {
        Some(RoundSheet::Pairings(p)) => p.heading.title.as_str(),
        Some(RoundSheet::Seated(t)) => t.heading.title.as_str(),
        None => "",
    };
    let mut doc = Document::new(title, options.setup);
    for sheet in sheets {
        match sheet {
            RoundSheet::Pairings(p) => draw_pairings(&mut doc, p, options.lang),
            RoundSheet::Seated(t) => draw_sheet(&mut doc, t),
        }
    }
    number_pages(&mut doc, options.lang);
    doc.finish()
}

fn draw_pairings(doc: &mut Document, sheet: &PairingSheet, l: super::Lang) {
    let (_, points) = name_and_points(sheet.team, l);
    let columns = [
        Column::new(label(l, msg!("doc.board_number")), 0.9, Align::Center),
        Column::new(label(l, msg!("doc.red")), 1.9, Align::Left),
        Column::new(label(l, msg!("doc.club")), 1.45, Align::Left),
        Column::new(&points, 0.7, Align::Center),
        // Wide enough for a result with its reason: 0-1（两次犯规）.
        Column::new(label(l, msg!("doc.result")), 2.0, Align::Center),
        Column::new(points, 0.7, Align::Center),
        Column::new(label(l, msg!("doc.black")), 1.9, Align::Left),
        Column::new(label(l, msg!("doc.club")), 1.45, Align::Left),
    ];
    let bye = label(l, msg!("doc.bye"));
    let mut rows: Vec<Vec<String>> = Vec::new();
    for p in &sheet.lines {
        let black = p.black.clone().unwrap_or(Side {
            name: bye.to_string(),
            ..Side::default()
        });
        rows.push(vec![
            match &p.label {
                Some(label) => format!("{} {label}", p.board),
                None => p.board.to_string(),
            },
            p.red.name.clone(),
            p.red.club.clone(),
            p.red.points.clone(),
            p.result.clone().unwrap_or_default(),
            black.points,
            black.name,
            black.club,
        ]);
        // The match's boards beneath it: the player on red in the red column.
        for b in &p.boards {
            rows.push(vec![
                format!("{}.{}", p.board, b.board),
                format!("  {}", b.red),
                b.red_team.clone(),
                label(l, msg!("doc.red_short")).to_string(),
                b.result.clone().unwrap_or_default(),
                label(l, msg!("doc.black_short")).to_string(),
                format!("  {}", b.black),
                b.black_team.clone(),
            ]);
        }
    }
    for a in &sheet.absent {
        rows.push(vec![
            "—".to_string(),
            a.name.clone(),
            a.club.clone(),
            a.points.clone(),
            label(l, msg!("doc.absent")).to_string(),
            String::new(),
            String::new(),
            String::new(),
        ]);
    }
    draw_table(doc, &sheet.heading, &columns, &rows, 10.0);
}

#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct StandingLine {
    /// "3" or a shared place "3–4".
    pub rank: String,
    pub name: String,
    pub club: String,
    pub points: String,
    pub tiebreaks: Vec<String>,
    /// The note column: a playoff needed, how a tie was settled, a match still open.
    pub note: String,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct StandingsSheet {
    pub heading: Heading,
    /// A team event: headed 队名 and 场分.
    pub team: bool,
    /// Column titles of the tiebreaks (小分, 胜局, ...).
    pub tiebreak_names: Vec<String>,
    pub lines: Vec<StandingLine>,
}

pub fn render_standings(sheet: &StandingsSheet, options: PrintOptions) -> Vec<u8> {
    let l = options.lang;
    let mut doc = Document::new(&sheet.heading.title, options.setup);
    let mut columns = vec![
        Column::new(label(l, msg!("doc.rank")), 0.8, Align::Center),
        Column::new(
            if sheet.team {
                label(l, msg!("doc.team"))
            } else {
                label(l, msg!("doc.name"))
            },
            2.2,
            Align::Left,
        ),
        Column::new(label(l, msg!("doc.club")), 1.8, Align::Left),
        Column::new(
            if sheet.team {
                label(l, msg!("doc.match_pts"))
            } else {
                label(l, msg!("doc.points"))
            },
            0.9,
            Align::Right,
        ),
    ];
    columns.extend(
        sheet
            .tiebreak_names
            .iter()
            .map(|n| Column::new(n.clone(), 0.9, Align::Right)),
    );
    columns.push(Column::new(label(l, msg!("doc.note")), 0.9, Align::Center));
    let rows: Vec<Vec<String>> = sheet
        .lines
        .iter()
        .map(|s| {
            let mut row = vec![
                s.rank.clone(),
                s.name.clone(),
                s.club.clone(),
                s.points.clone(),
            ];
            row.extend(s.tiebreaks.iter().cloned());
            row.push(s.note.clone());
            row
        })
        .collect();
    draw_table(&mut doc, &sheet.heading, &columns, &rows, 9.5);
    number_pages(&mut doc, l);
    doc.finish()
}

/// The wall chart of a round robin (总表).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct CrosstableView {
    pub heading: Heading,
    /// In the order of the table (Berger numbers).
    pub names: Vec<String>,
    pub clubs: Vec<String>,
    /// `cells[i][j]`: what `i` scored against `j` (several games separated by spaces).
    pub cells: Vec<Vec<String>>,
    pub points: Vec<String>,
    pub tiebreak_names: Vec<String>,
    pub tiebreaks: Vec<Vec<String>>,
    pub ranks: Vec<String>,
    /// A team event: headed 队名 and 场分.
    pub team: bool,
}

/// One crosstable after another (a stage's groups), each from a new page.
pub fn render_crosstable(tables: &[CrosstableView], options: PrintOptions) -> Vec<u8> {
    let title = tables.first().map_or("", |t| t.heading.title.as_str());
    let mut doc = Document::new(title, options.setup);
    for table in tables {
        draw_crosstable(&mut doc, table, options.lang);
    }
    number_pages(&mut doc, options.lang);
    doc.finish()
}

fn draw_crosstable(doc: &mut Document, table: &CrosstableView, l: super::Lang) {
    let n = table.names.len();
    let (name, points) = name_and_points(table.team, l);
    let mut columns = vec![
        Column::new(label(l, msg!("doc.no")), 0.5, Align::Center),
        Column::new(name, 2.0, Align::Left),
        Column::new(label(l, msg!("doc.club")), 1.4, Align::Left),
    ];
    columns.extend((1..=n).map(|j| Column::new(j.to_string(), 0.6, Align::Center)));
    columns.push(Column::new(points, 0.8, Align::Right));
    columns.extend(
        table
            .tiebreak_names
            .iter()
            .map(|t| Column::new(t.clone(), 0.8, Align::Right)),
    );
    columns.push(Column::new(label(l, msg!("doc.rank")), 0.7, Align::Center));
    let rows: Vec<Vec<String>> = (0..n)
        .map(|i| {
            let mut row = vec![
                (i + 1).to_string(),
                table.names[i].clone(),
                table.clubs.get(i).cloned().unwrap_or_default(),
            ];
            row.extend((0..n).map(|j| {
                if i == j {
                    "×".to_string()
                } else {
                    table.cells[i][j].clone()
                }
            }));
            row.push(table.points[i].clone());
            row.extend(table.tiebreaks.get(i).cloned().unwrap_or_default());
            row.push(table.ranks[i].clone());
            row
        })
        .collect();
    let size = if n > 16 { 7.5 } else { 9.0 };
    draw_table(doc, &table.heading, &columns, &rows, size);
}

/// A Swiss wall chart (成绩总表): for each player, each round's opponent (by number),
/// colour and result.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct WallChartView {
    pub heading: Heading,
    pub rounds: u32,
    pub tiebreak_names: Vec<String>,
    /// In number order (the round-1 ranking).
    pub rows: Vec<WallChartRow>,
    /// A team event: headed 队名 and 场分.
    pub team: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct WallChartRow {
    pub number: u32,
    pub name: String,
    pub club: String,
    /// One cell per round, e.g. `12先胜`, `7后和`, `轮空`; empty when not paired.
    pub cells: Vec<String>,
    pub points: String,
    pub tiebreaks: Vec<String>,
    pub rank: String,
}

pub fn render_wall_chart(charts: &[WallChartView], options: PrintOptions) -> Vec<u8> {
    let l = options.lang;
    let title = charts.first().map_or("", |t| t.heading.title.as_str());
    let mut doc = Document::new(title, options.setup);
    for chart in charts {
        let (name, points) = name_and_points(chart.team, l);
        let mut columns = vec![
            Column::new(label(l, msg!("doc.no")), 0.5, Align::Center),
            Column::new(name, 1.8, Align::Left),
            Column::new(label(l, msg!("doc.club")), 1.3, Align::Left),
        ];
        columns.extend((1..=chart.rounds).map(|r| {
            Column::new(
                label(l, msg!("doc.round_short", round = r)),
                0.9,
                Align::Center,
            )
        }));
        columns.push(Column::new(points, 0.7, Align::Right));
        columns.extend(
            chart
                .tiebreak_names
                .iter()
                .map(|t| Column::new(t.clone(), 0.8, Align::Right)),
        );
        columns.push(Column::new(label(l, msg!("doc.rank")), 0.6, Align::Center));
        let rows: Vec<Vec<String>> = chart
            .rows
            .iter()
            .map(|r| {
                let mut row = vec![r.number.to_string(), r.name.clone(), r.club.clone()];
                row.extend(r.cells.iter().cloned());
                row.resize(3 + chart.rounds as usize, String::new());
                row.push(r.points.clone());
                row.extend(r.tiebreaks.iter().cloned());
                row.push(r.rank.clone());
                row
            })
            .collect();
        let size = if chart.rounds > 9 { 7.0 } else { 8.5 };
        draw_table(&mut doc, &chart.heading, &columns, &rows, size);
    }
    number_pages(&mut doc, l);
    doc.finish()
}

/// Any table with a heading: column titles with their widths, and rows (the board
/// table and individual standings of a team event, …). One table after another.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
pub struct TableSheet {
    pub heading: Heading,
    /// Title and share of the width; text columns are left-aligned, the rest centred.
    pub columns: Vec<(String, f32, bool)>,
    pub rows: Vec<Vec<String>>,
}

pub fn render_tables(sheets: &[TableSheet], options: PrintOptions) -> Vec<u8> {
    let title = sheets.first().map_or("", |t| t.heading.title.as_str());
    let mut doc = Document::new(title, options.setup);
    for sheet in sheets {
        draw_sheet(&mut doc, sheet);
    }
    number_pages(&mut doc, options.lang);
    doc.finish()
}

fn draw_sheet(doc: &mut Document, sheet: &TableSheet) {
    let columns: Vec<Column> = sheet
        .columns
        .iter()
        .map(|(title, weight, text)| {
            Column::new(
                title.clone(),
                *weight,
                if *text { Align::Left } else { Align::Center },
            )
        })
        .collect();
    draw_table(doc, &sheet.heading, &columns, &sheet.rows, 10.0);
}
