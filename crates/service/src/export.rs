//! Exports: players, pairings, results and standings of every drawn stage as CSV files,
//! or as one xlsx workbook with the crosstables (and Swiss wall charts) besides.

use std::path::{Path, PathBuf};

use messages::msg;
use report::pdf::Lang;
use report::pdf::label;
use report::{Encoding, Table, write_csv, write_xlsx};
use tournament::Competition;

use crate::views::{StandingsOnce, pairings_of};
use crate::{Event, Result, ServiceError};

/// Headers in the language asked for.
fn headers(lang: Lang, titles: &[messages::Message]) -> Vec<String> {
    titles.iter().map(|t| label(lang, t.clone())).collect()
}

impl Event {
    /// The four tables, as they will be written.
    pub fn export_tables(&self, lang: Lang) -> Result<Vec<(&'static str, Table)>> {
        export_tables_of(&*self.competition()?, lang, &StandingsOnce::default())
    }

    /// The tables as CSV files' bytes, by file name; in an event of several
    /// competitions with none chosen, a set per competition, each file's name headed by
    /// its competition's.
    pub fn export_csv_files(
        &self,
        lang: Lang,
        encoding: Encoding,
    ) -> Result<Vec<(String, Vec<u8>)>> {
        let sections = self.each_competition(|competition| {
            let mut files = Vec::new();
            for (file, table) in self.export_tables(lang)? {
                let mut bytes = Vec::new();
                write_csv(&table, encoding, &mut bytes).map_err(|e| {
                    ServiceError::refused(messages::msg!(
                        "export.failed",
                        file = file.to_string(),
                        why = e.to_string()
                    ))
                })?;
                let name = match competition {
                    Some(c) => format!("{}-{file}", file_safe(c)),
                    None => file.to_string(),
                };
                files.push((name, bytes));
            }
            Ok(files)
        })?;
        Ok(sections.into_iter().flatten().collect())
    }

    /// The whole export as one xlsx workbook: a sheet each for players, pairings,
    /// results, standings and crosstables.
    pub fn export_xlsx(&self, lang: Lang) -> Result<Vec<u8>> {
        // A set of sheets per competition where the event has several. The sheets and
        // the club totals are worked out side by side, each on its own core.
        let competitions = self.each_competition(|competition| {
            Ok((competition.map(str::to_string), self.competition()?))
        })?;
        // The club totals cover every competition: those above when none is chosen.
        let all: Vec<std::sync::Arc<Competition>> = match self.file.current() {
            None => competitions.iter().map(|(_, c)| c.clone()).collect(),
            // The chosen one as exported (names are unique), so that its standings
            // are worked out once for both.
            Some(_) => self
                .all_competitions()?
                .into_iter()
                .map(|c| {
                    competitions
                        .iter()
                        .find(|(_, exported)| exported.name == c.name)
                        .map_or_else(|| std::sync::Arc::new(c), |(_, e)| e.clone())
                })
                .collect(),
        };
        // A stage's standings serve its sheet, its wall chart and the club totals:
        // worked out once, by the first of them to ask.
        let standings = StandingsOnce::default();
        let standings = &standings;
        let (sections, club_rows) = std::thread::scope(|scope| {
            let club_rows = scope.spawn(|| {
                crate::club_totals::club_totals_with(&all, &crate::ClubRule::default(), standings)
            });
            let sections: Result<Vec<_>> = competitions
                .iter()
                .map(|(competition, c)| {
                    let crosstable = scope.spawn(|| crosstable_table_of(c, lang, standings));
                    let mut tables = export_tables_of(c, lang, standings)?;
                    tables.push(("", joined(crosstable)?));
                    Ok((competition.clone(), tables))
                })
                .collect();
            (sections, joined(club_rows))
        });
        let sections = sections?;
        let names = [
            msg!("doc.players_sheet"),
            msg!("doc.pairings"),
            msg!("doc.results"),
            msg!("doc.standings"),
            msg!("doc.crosstables"),
        ];
        let mut sheets: Vec<(String, &Table)> = Vec::new();
        let mut taken = std::collections::HashSet::new();
        for (competition, tables) in &sections {
            for ((_, table), name) in tables.iter().zip(names.clone()) {
                let name = label(lang, name);
                let name = unique_sheet_name(&mut taken, competition.as_deref(), &name);
                sheets.push((name, table));
            }
        }
        // 团体总分 by the usual place points, where entrants play for clubs.
        let clubs = crate::club_totals::table(&club_rows?, lang);
        if let Some(clubs) = &clubs {
            sheets.push((label(lang, msg!("doc.club_totals")), clubs));
        }
        write_xlsx(&sheets).map_err(|e| {
            ServiceError::refused(messages::msg!(
                "export.failed",
                file = "xlsx",
                why = e.to_string()
            ))
        })
    }

    /// Writes the workbook to `path`.
    pub fn export_xlsx_file(&self, path: &Path, lang: Lang) -> Result<()> {
        let bytes = self.export_xlsx(lang)?;
        std::fs::write(path, bytes).map_err(|source| ServiceError::Io {
            path: path.to_path_buf(),
            source,
        })
    }

    /// Writes the tables into `dir` (created if needed); returns the files written.
    pub fn export_csv(&self, dir: &Path, lang: Lang, encoding: Encoding) -> Result<Vec<PathBuf>> {
        let files = self.export_csv_files(lang, encoding)?;
        std::fs::create_dir_all(dir).map_err(|source| ServiceError::Io {
            path: dir.to_path_buf(),
            source,
        })?;
        let mut written = Vec::new();
        for (file, bytes) in files {
            let path = dir.join(file);
            std::fs::write(&path, bytes).map_err(|source| ServiceError::Io {
                path: path.clone(),
                source,
            })?;
            written.push(path);
        }
        Ok(written)
    }

    /// The CSV files and the xlsx workbook as one zip archive: one download.
    pub fn export_zip(&self, lang: Lang, encoding: Encoding) -> Result<Vec<u8>> {
        let mut files = self.export_csv_files(lang, encoding)?;
        files.push(("event.xlsx".to_string(), self.export_xlsx(lang)?));
        report::write_zip(&files).map_err(|e| {
            ServiceError::refused(messages::msg!(
                "export.failed",
                file = "zip",
                why = e.to_string()
            ))
        })
    }
}

/// A competition's four tables, as they will be written.
fn export_tables_of(
    c: &Competition,
    lang: Lang,
    standings: &StandingsOnce,
) -> Result<Vec<(&'static str, Table)>> {
    let drawn = crate::select::drawn_stages(c);
    let mut every = Vec::new();
    for &stage in &drawn {
        every.extend(pairings_of(c, stage, None)?.into_iter().map(|p| (stage, p)));
    }
    let mut standing_tables = Vec::new();
    for &stage in &drawn {
        standing_tables.push((crate::stage_name(c, stage, lang), standings.of(c, stage)?));
    }
    Ok(vec![
        ("players.csv", players_table(c, lang)),
        ("pairings.csv", pairings_table(c, &every, lang)),
        ("results.csv", results_table(c, &every, lang)),
        ("standings.csv", standings_table(c, standing_tables, lang)),
    ])
}

/// Every round-robin crosstable and Swiss wall chart of a competition, one after
/// another, each under a title row.
fn crosstable_table_of(c: &Competition, lang: Lang, standings: &StandingsOnce) -> Result<Table> {
    let options = report::pdf::PrintOptions {
        lang,
        ..Default::default()
    };
    let mut table = Table {
        headers: vec![label(lang, msg!("doc.crosstables"))],
        rows: Vec::new(),
    };
    for (stage, s) in c.stages.iter().enumerate() {
        if s.groups.is_empty() {
            continue;
        }
        let capabilities = tournament::format::of(&s.settings.format).capabilities();
        if capabilities.crosstable {
            for view in crate::print::crosstable_views(c, stage, &options)? {
                let mut title = vec![format!(
                    "{} {}",
                    crate::stage_name(c, stage, lang),
                    view.heading.title
                )];
                title.extend((1..=view.names.len()).map(|j| j.to_string()));
                title.push(points_title(c, lang));
                title.extend(view.tiebreak_names.iter().cloned());
                title.push(label(lang, msg!("doc.rank")));
                table.rows.push(title);
                for (i, name) in view.names.iter().enumerate() {
                    let mut row = vec![format!("{} {name}", i + 1)];
                    row.extend(view.cells[i].iter().enumerate().map(|(j, cell)| {
                        if i == j {
                            "×".to_string()
                        } else {
                            cell.clone()
                        }
                    }));
                    row.push(view.points[i].clone());
                    row.extend(view.tiebreaks[i].iter().cloned());
                    row.push(view.ranks[i].clone());
                    table.rows.push(row);
                }
                table.rows.push(Vec::new());
            }
        } else if capabilities.wall_chart {
            for view in crate::wall_chart::wall_chart_views_with(c, stage, &options, standings)? {
                let mut title = vec![format!(
                    "{} {}",
                    crate::stage_name(c, stage, lang),
                    view.heading.title
                )];
                title.extend(
                    (1..=view.rounds).map(|r| label(lang, msg!("doc.round_short", round = r))),
                );
                title.push(points_title(c, lang));
                title.extend(view.tiebreak_names.iter().cloned());
                title.push(label(lang, msg!("doc.rank")));
                table.rows.push(title);
                for row in &view.rows {
                    let mut line = vec![format!("{} {}", row.number, row.name)];
                    line.extend(row.cells.iter().cloned());
                    line.resize(1 + view.rounds as usize, String::new());
                    line.push(row.points.clone());
                    line.extend(row.tiebreaks.iter().cloned());
                    line.push(row.rank.clone());
                    table.rows.push(line);
                }
                table.rows.push(Vec::new());
            }
        }
    }
    Ok(table)
}

/// A worker's result; its panic goes on in the caller.
fn joined<T>(worker: std::thread::ScopedJoinHandle<'_, T>) -> T {
    worker
        .join()
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
}

/// A competition's name as the head of a file's name: characters file systems refuse
/// become `_`.
fn file_safe(name: &str) -> String {
    name.chars()
        .map(|c| match c {
            '/' | '\\' | ':' | '*' | '?' | '"' | '<' | '>' | '|' => '_',
            c if c.is_control() => '_',
            c => c,
        })
        .collect()
}

/// The points column of a table: 场分 (match points) in a team event.
fn points_title(c: &tournament::Competition, lang: Lang) -> String {
    match c.is_team() {
        true => label(lang, msg!("doc.match_points")),
        false => label(lang, msg!("doc.points")),
    }
}

/// The catalogue's language for a document's.
fn opt(v: &Option<String>) -> String {
    v.clone().unwrap_or_default()
}

/// Every entrant: number, name, club, rating, seed, members, whether still playing.
fn players_table(c: &Competition, lang: Lang) -> Table {
    Table {
        headers: headers(
            lang,
            &[
                msg!("doc.number"),
                msg!("doc.name"),
                msg!("doc.club"),
                msg!("doc.rating"),
                msg!("doc.seed"),
                msg!("doc.members"),
                msg!("doc.status"),
            ],
        ),
        rows: c
            .entrants
            .iter()
            .map(|e| {
                vec![
                    e.id.0.to_string(),
                    e.name.clone(),
                    opt(&e.club),
                    e.rating.map(|r| r.to_string()).unwrap_or_default(),
                    e.seed.map(|s| s.to_string()).unwrap_or_default(),
                    e.members
                        .iter()
                        .map(|m| m.name.as_str())
                        .collect::<Vec<_>>()
                        .join("、"),
                    if e.withdrawn {
                        label(lang, msg!("doc.withdrawn"))
                    } else {
                        label(lang, msg!("doc.active"))
                    },
                ]
            })
            .collect(),
    }
}

/// Every match of every drawn stage: red and black with their clubs, or at tables a
/// column per seat (south, east … at Junqi); the result.
/// Every stage's name in `lang`, by index: rendered once, not once a row.
fn stage_names(c: &Competition, lang: Lang) -> Vec<String> {
    (0..c.stages.len())
        .map(|stage| crate::stage_name(c, stage, lang))
        .collect()
}

fn pairings_table(c: &Competition, every: &[(usize, crate::PairingView)], lang: Lang) -> Table {
    let stage_names = stage_names(c, lang);
    let seating = c.seating();
    let bye = label(lang, msg!("doc.bye"));
    let first = [
        msg!("doc.stage"),
        msg!("doc.group"),
        msg!("doc.round"),
        msg!("doc.board_number"),
    ];
    if !seating.is_table() {
        let mut titles = first.to_vec();
        titles.extend([
            msg!("doc.red"),
            msg!("doc.red_club"),
            msg!("doc.black"),
            msg!("doc.black_club"),
            msg!("doc.result"),
        ]);
        let rows = every
            .iter()
            .map(|(stage, p)| {
                vec![
                    stage_names[*stage].clone(),
                    p.group.clone(),
                    p.round.to_string(),
                    p.board.to_string(),
                    opt(&p.red),
                    opt(&p.red_club),
                    p.black.clone().unwrap_or_else(|| bye.clone()),
                    opt(&p.black_club),
                    opt(&p.result),
                ]
            })
            .collect();
        return Table {
            headers: headers(lang, &titles),
            rows,
        };
    }
    let seats = seating.seats();
    let mut titles = first.to_vec();
    titles[3] = msg!("doc.table_number");
    let mut headers = headers(lang, &titles);
    for seat in 0..seats {
        let label = crate::scored::seat_label(seating, seat);
        headers.push(messages::render(&label, lang));
    }
    headers.push(label(lang, msg!("doc.result")));
    let rows = every
        .iter()
        .map(|(stage, p)| {
            let mut row = vec![
                stage_names[*stage].clone(),
                p.group.clone(),
                p.round.to_string(),
                p.board.to_string(),
            ];
            let names: Vec<String> = match p.seats.is_empty() {
                true => vec![format!("{}（{bye}）", opt(&p.red))],
                false => p.seats.iter().map(|s| opt(&s.name)).collect(),
            };
            row.extend((0..seats).map(|k| names.get(k).cloned().unwrap_or_default()));
            row.push(opt(&p.result));
            row
        })
        .collect();
    Table { headers, rows }
}

/// Every game of every match between two sides (a team match's boards with who played
/// them): its result and fouls.
fn results_table(c: &Competition, every: &[(usize, crate::PairingView)], lang: Lang) -> Table {
    let stage_names = stage_names(c, lang);
    let mut table = Table {
        headers: headers(
            lang,
            &[
                msg!("doc.stage"),
                msg!("doc.round"),
                msg!("doc.board_number"),
                msg!("doc.game"),
                msg!("doc.red"),
                msg!("doc.black"),
                msg!("doc.result"),
                msg!("doc.fouls"),
            ],
        ),
        rows: Vec::new(),
    };
    // A team match's games are its boards: who played each.
    if c.is_team() {
        table.headers.extend(headers(
            lang,
            &[msg!("doc.red_player"), msg!("doc.black_player")],
        ));
    }
    if c.seating().is_table() {
        return table;
    }
    for (stage, p) in every {
        for g in &p.games {
            let black = if g.red == p.red {
                p.black.clone()
            } else {
                p.red.clone()
            };
            let mut row = vec![
                stage_names[*stage].clone(),
                p.round.to_string(),
                p.board.to_string(),
                g.game.to_string(),
                opt(&g.red),
                opt(&black),
                opt(&g.result),
                g.fouls
                    .iter()
                    .map(|f| messages::render(f, lang))
                    .collect::<Vec<_>>()
                    .join(" "),
            ];
            if c.is_team() {
                let board = p.boards.iter().find(|b| b.board == g.game);
                row.push(board.and_then(|b| b.red.clone()).unwrap_or_default());
                row.push(board.and_then(|b| b.black.clone()).unwrap_or_default());
            }
            table.rows.push(row);
        }
    }
    table
}

/// Every drawn stage's standings under one header: the tiebreak columns of all of
/// them, each stage filling its own.
fn standings_table(
    c: &Competition,
    stages: Vec<(String, std::sync::Arc<crate::StandingsView>)>,
    lang: Lang,
) -> Table {
    let mut tiebreak_columns: Vec<(String, String)> = Vec::new();
    for (_, table) in &stages {
        for t in table
            .rows
            .first()
            .map(|r| r.tiebreaks.as_slice())
            .unwrap_or_default()
        {
            if !tiebreak_columns
                .iter()
                .any(|(chinese, _)| **chinese == *t.name)
            {
                tiebreak_columns.push((t.name.to_string(), t.name_en.to_string()));
            }
        }
    }
    let (name, points) = if c.is_team() {
        (msg!("doc.team"), msg!("doc.match_points"))
    } else {
        (msg!("doc.name"), msg!("doc.points"))
    };
    let mut table = Table {
        headers: headers(
            lang,
            &[
                msg!("doc.stage"),
                msg!("doc.group"),
                msg!("doc.rank"),
                name,
                msg!("doc.club"),
                points,
            ],
        ),
        rows: Vec::new(),
    };
    table.headers.extend(
        tiebreak_columns
            .iter()
            .map(|(chinese, english)| match lang {
                Lang::Zh => chinese.clone(),
                Lang::En => english.clone(),
            }),
    );
    table.headers.push(label(lang, msg!("doc.playoff")));
    for (stage_name, standings) in stages {
        for r in &standings.rows {
            let rank = if r.rank == r.shared_to {
                r.rank.to_string()
            } else {
                format!("{}–{}", r.rank, r.shared_to)
            };
            let mut row = vec![
                stage_name.clone(),
                r.group.clone(),
                rank,
                r.name.clone(),
                opt(&r.club),
                r.points.map(|p| p.to_string()).unwrap_or_default(),
            ];
            row.extend(tiebreak_columns.iter().map(|(chinese, _)| {
                r.tiebreaks
                    .iter()
                    .find(|t| *t.name == **chinese)
                    .map(|t| t.value.clone())
                    .unwrap_or_default()
            }));
            row.push(if r.playoff {
                label(lang, msg!("doc.yes"))
            } else {
                String::new()
            });
            table.rows.push(row);
        }
    }
    table
}

/// A sheet's name, headed by its competition's where the workbook has several: at most
/// 31 characters, none of those Excel refuses in a name, and none named as an earlier
/// one (Excel compares names whatever their case). Two competitions alike in as much of
/// their names as fits are told apart by a number after the shortened head: `…~2`.
fn unique_sheet_name(
    taken: &mut std::collections::HashSet<String>,
    competition: Option<&str>,
    sheet: &str,
) -> String {
    let Some(competition) = competition else {
        return sheet.to_string();
    };
    let mut repeat = 1;
    loop {
        let mark = match repeat {
            1 => String::new(),
            n => format!("~{n}"),
        };
        let room = 31usize.saturating_sub(sheet.chars().count() + 1 + mark.chars().count());
        let head: String = competition
            .chars()
            .filter(|c| !matches!(c, '[' | ']' | ':' | '*' | '?' | '/' | '\\' | '\''))
            .take(room)
            .collect();
        let name = format!("{head}{mark} {sheet}");
        if taken.insert(name.to_lowercase()) {
            return name;
        }
        repeat += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn competitions_alike_as_far_as_a_sheet_name_goes_get_sheets_of_their_own() {
        // 29 characters: the two names differ only beyond the 28 a sheet of 对阵 leaves.
        let long = "第十八届全国象棋锦标赛（个人）男子甲组预赛第一阶段第一轮次";
        let mut taken = std::collections::HashSet::new();
        let first = unique_sheet_name(&mut taken, Some(&format!("{long}一")), "对阵");
        let second = unique_sheet_name(&mut taken, Some(&format!("{long}二")), "对阵");
        assert_ne!(first, second);
        assert!(second.ends_with("~2 对阵"), "{second}");
        for name in [&first, &second] {
            assert!(name.chars().count() <= 31, "{name}");
        }
        assert_eq!(
            unique_sheet_name(&mut taken, Some("女子组: [快棋]"), "名次"),
            "女子组 快棋 名次"
        );
    }
}
