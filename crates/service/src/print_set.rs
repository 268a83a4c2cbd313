//! The Chinese print set: 秩序册 (the event booklet), 台次卡 (table cards), the
//! participants by club, 成绩册 (the results book) and 奖励签收表 (the prize receipt
//! sheet), each from the event as it stands.

use crate::select::drawn_stages;
use messages::msg;
use report::pdf::label;
use report::pdf::{
    Heading, Lang, PrintOptions, TableCard, TableSheet, render_table_cards, render_tables,
};
use tournament::Competition;

use crate::print::heading_of;
use crate::ranking::{FinalPlace, final_ranking_of, final_ranking_with};
use crate::views::{StandingsOnce, pairings_of};
use crate::{Event, Result, ServiceError};

/// A document of the print set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetDocument {
    Booklet,
    TableCards,
    Participants,
    ResultsBook,
    PrizeReceipts,
    /// 团体总分: each club's total over the competitions.
    ClubTotals,
}

/// What the print set's documents take besides the page.
#[derive(Debug, Clone, Default)]
pub struct SetRequest {
    /// Table cards: the round (the latest by default).
    pub round: Option<u32>,
    /// The booklet: the regulations' text (竞赛规程), as a file gives it.
    pub regulations: Option<String>,
    /// Prize receipts: how many places (8 by default).
    pub places: Option<u32>,
    /// Club totals: how they count (the default rule without it).
    pub clubs: Option<crate::ClubRule>,
    pub options: PrintOptions,
}

fn columns(titles: &[(messages::Message, f32, bool)], l: Lang) -> Vec<(String, f32, bool)> {
    titles
        .iter()
        .map(|(title, w, text)| (label(l, title.clone()), *w, *text))
        .collect()
}

/// A heading for the event as a whole (no stage).
fn event_heading(c: &Competition, title: String, options: &PrintOptions) -> Heading {
    match c.stages.iter().position(|s| !s.groups.is_empty()) {
        Some(stage) => heading_of(c, stage, title, options),
        None => Heading {
            event: c.name.clone(),
            title,
            lines: Vec::new(),
        },
    }
}

/// The participants by club: clubs in order, each club's entrants by number.
fn participants(c: &Competition, options: &PrintOptions) -> TableSheet {
    let l = options.lang;
    let team = c.is_team();
    let mut cols = columns(
        &[
            (msg!("doc.club"), 1.6, true),
            (msg!("doc.number"), 0.6, false),
            (msg!("doc.name"), 1.6, true),
            (msg!("doc.rating"), 0.8, false),
            (msg!("doc.seed"), 0.6, false),
        ],
        l,
    );
    if team {
        cols[2].0 = label(l, msg!("doc.team")).to_string();
        cols.push((label(l, msg!("doc.members")).to_string(), 3.0, true));
    }
    // What the competition's eligibility asks, so that it can be checked on paper.
    let asks = c.eligibility;
    if asks.born_after.is_some() {
        cols.push((label(l, msg!("doc.born")), 1.2, false));
    }
    if asks.gender.is_some() {
        cols.push((label(l, msg!("doc.gender")), 0.6, false));
    }
    let separator = label(l, msg!("cli.members_separator"));
    let mut entrants: Vec<&tournament::Entrant> = c.entrants.iter().collect();
    entrants.sort_by_key(|e| (e.club.clone().unwrap_or_default(), e.id));
    let rows = entrants
        .iter()
        .map(|e| {
            let mut row = vec![
                e.club.clone().unwrap_or_default(),
                e.id.0.to_string(),
                e.name.clone(),
                e.rating.map(|r| r.to_string()).unwrap_or_default(),
                e.seed.map(|s| s.to_string()).unwrap_or_default(),
            ];
            if team {
                let names: Vec<&str> = e.members.iter().map(|m| m.name.as_str()).collect();
                row.push(names.join(&separator));
            }
            if asks.born_after.is_some() {
                let born = e.details.birth.as_deref().unwrap_or_default();
                row.push(tournament::Date::parse(born).map_or(born.to_string(), |d| d.to_string()));
            }
            if asks.gender.is_some() {
                row.push(match e.details.sex {
                    Some('m') => label(l, msg!("doc.male")),
                    Some('w') => label(l, msg!("doc.female")),
                    _ => String::new(),
                });
            }
            row
        })
        .collect();
    TableSheet {
        heading: event_heading(c, label(l, msg!("doc.participants")), options),
        columns: cols,
        rows,
    }
}

/// One round's results as a table: board, red, result in words, black.
fn round_sheet(
    c: &Competition,
    stage: usize,
    round: u32,
    options: &PrintOptions,
) -> Result<TableSheet> {
    let l = options.lang;
    let title = label(l, msg!("doc.round_n", round = round));
    let pairings = pairings_of(c, stage, Some(round))?;
    if pairings.iter().any(|p| !p.seats.is_empty()) {
        return Ok(crate::print::seated_sheet(
            c, stage, title, &pairings, options,
        ));
    }
    let rows = pairings
        .into_iter()
        .map(|p| {
            vec![
                p.board.to_string(),
                p.red.clone().unwrap_or_default(),
                p.result_in_words(c, l).unwrap_or_default(),
                p.black
                    .unwrap_or_else(|| label(l, msg!("doc.bye")).to_string()),
            ]
        })
        .collect();
    Ok(TableSheet {
        heading: heading_of(c, stage, title, options),
        columns: columns(
            &[
                (msg!("doc.board_number"), 0.6, false),
                (msg!("doc.red"), 2.0, true),
                (msg!("doc.result"), 1.6, false),
                (msg!("doc.black"), 2.0, true),
            ],
            l,
        ),
        rows,
    })
}

/// A stage's standings as a table of the results book.
fn standings_sheet(
    c: &Competition,
    stage: usize,
    standings: &StandingsOnce,
    options: &PrintOptions,
) -> Result<TableSheet> {
    let l = options.lang;
    let table = standings.of(c, stage)?;
    let (name, points) = name_and_points(c);
    let mut cols = columns(
        &[
            (msg!("doc.rank"), 0.6, false),
            name,
            (msg!("doc.club"), 1.6, true),
            points,
        ],
        l,
    );
    if let Some(first) = table.rows.first() {
        cols.extend(first.tiebreaks.iter().map(|t| {
            let title = match l {
                Lang::Zh => t.name.to_string(),
                Lang::En => t.short_en.to_string(),
            };
            (title, 0.8, false)
        }));
    }
    let rows = table
        .rows
        .iter()
        .map(|r| {
            let mut row = vec![
                r.rank_text(),
                r.name.clone(),
                r.club.clone().unwrap_or_default(),
                r.points.map(|p| p.to_string()).unwrap_or_default(),
            ];
            row.extend(r.tiebreaks.iter().map(|t| t.value.clone()));
            row
        })
        .collect();
    Ok(TableSheet {
        heading: heading_of(
            c,
            stage,
            label(l, msg!("doc.standings")).to_string(),
            options,
        ),
        columns: cols,
        rows,
    })
}

/// A final place as printed: `5` or a shared `5–6`.
fn place_text(r: &FinalPlace) -> String {
    if r.first == r.last {
        r.first.to_string()
    } else {
        format!("{}–{}", r.first, r.last)
    }
}

/// The results book's last sheet: the final ranking across the stages.
fn final_ranking_sheet(
    c: &Competition,
    standings: &StandingsOnce,
    options: &PrintOptions,
) -> Result<TableSheet> {
    let l = options.lang;
    let rows = final_ranking_with(c, standings)?
        .iter()
        .map(|r| {
            vec![
                place_text(r),
                r.name.clone(),
                r.club.clone().unwrap_or_default(),
                crate::stage_name(c, r.stage - 1, l),
            ]
        })
        .collect();
    Ok(TableSheet {
        heading: event_heading(c, label(l, msg!("doc.final_ranking")), options),
        columns: columns(
            &[
                (msg!("doc.place"), 0.6, false),
                name_and_points(c).0,
                (msg!("doc.club"), 1.6, true),
                (msg!("doc.placed_in"), 1.4, true),
            ],
            l,
        ),
        rows,
    })
}

/// A column: its Chinese and English titles, its width, whether it holds text.
type ColumnSpec = (messages::Message, f32, bool);

/// The name and points columns of a table: 队名 and 场分 in a team event.
fn name_and_points(c: &Competition) -> (ColumnSpec, ColumnSpec) {
    match c.is_team() {
        true => (
            (msg!("doc.team"), 1.8, true),
            (msg!("doc.match_pts"), 0.7, false),
        ),
        false => (
            (msg!("doc.name"), 1.8, true),
            (msg!("doc.points"), 0.7, false),
        ),
    }
}

/// The place's prize as printed: 冠军, 亚军, 季军, then 第 N 名.
fn prize(place: u32, l: Lang) -> String {
    label(
        l,
        match place {
            1 => msg!("doc.prize.first"),
            2 => msg!("doc.prize.second"),
            3 => msg!("doc.prize.third"),
            n => msg!("doc.prize.place", place = n),
        },
    )
}

impl Event {
    /// A document of the print set, as PDF bytes. In an event of several competitions
    /// with none chosen, each competition has its section (table cards excepted: their
    /// boards are one competition's) and the club totals cover them all.
    pub fn print_set(&self, document: SetDocument, request: SetRequest) -> Result<Vec<u8>> {
        let options = request.options;
        let nothing = || ServiceError::refused(messages::msg!("print.nothing_paired"));
        if let SetDocument::TableCards = document {
            let c = self.competition()?;
            let stage = *drawn_stages(&c).last().ok_or_else(nothing)?;
            return table_cards(&c, stage, request.round, options);
        }
        let (all, headed) = self.printed_competitions()?;
        let printed = headed.as_deref().unwrap_or(&all);
        // Standings worked out once for every sheet that shows them.
        let standings = StandingsOnce::default();
        let mut sheets = Vec::new();
        for c in printed {
            let drawn = drawn_stages(c);
            match document {
                SetDocument::Participants => sheets.push(participants(c, &options)),
                SetDocument::ResultsBook => {
                    sheets.extend(results_book(c, &drawn, &standings, &options)?)
                }
                SetDocument::PrizeReceipts if !drawn.is_empty() => {
                    let places = request.places.unwrap_or(8);
                    sheets.push(prize_receipts(c, places, &options)?);
                }
                SetDocument::Booklet => {
                    sheets.push(booklet_facts(
                        c,
                        &crate::stages::stage_views_of(c),
                        &options,
                    ));
                    if let Some(text) = &request.regulations {
                        sheets.push(regulations(c, text, &options));
                    }
                    sheets.push(participants(c, &options));
                    if let Some(&first) = drawn.first() {
                        sheets.push(round_sheet(c, first, 1, &options)?);
                    }
                }
                _ => {}
            }
        }
        match document {
            SetDocument::ClubTotals => {
                let rule = request.clubs.unwrap_or_default();
                let sheet = club_totals_sheet(&all, printed, &rule, &standings, &options)?
                    .ok_or_else(|| ServiceError::refused(msg!("cli.no_clubs")))?;
                sheets.push(sheet);
            }
            // Clubs' totals by the usual place points, where entrants play for clubs.
            SetDocument::ResultsBook if !sheets.is_empty() => {
                let rule = crate::ClubRule::default();
                sheets.extend(club_totals_sheet(
                    &all, printed, &rule, &standings, &options,
                )?);
            }
            _ => {}
        }
        if sheets.is_empty() {
            return Err(nothing());
        }
        Ok(render_tables(&sheets, options))
    }

    /// The competitions as they are: the one chosen (or the event's only one), or
    /// every competition; and, for an event's every competition, each as its sheets
    /// print it, headed with the event's name (`None`: as they are).
    fn printed_competitions(&self) -> Result<(Vec<Competition>, Option<Vec<Competition>>)> {
        if self.file.current().is_some() {
            return Ok((vec![self.competition_copy()?], None));
        }
        let event = self.file.load_event()?;
        if event.competitions.is_empty() {
            // Refused as a command on no competition is.
            self.competition()?;
        }
        let heading = event.heading.clone().unwrap_or_default();
        let all: Vec<Competition> = event.competitions.into_values().collect();
        let printed = all
            .iter()
            .cloned()
            .map(|mut c| {
                c.name = format!("{}　{}", heading.name, c.name);
                // The event's venue, dates, organizer and chief arbiter where the
                // competition names none of its own.
                if c.details.is_empty() {
                    c.details = heading.details.clone();
                }
                c
            })
            .collect();
        Ok((all, Some(printed)))
    }
}

/// 台次卡: a card per board of a round (the latest by default) of the stage on.
fn table_cards(
    c: &Competition,
    stage: usize,
    round: Option<u32>,
    options: PrintOptions,
) -> Result<Vec<u8>> {
    let l = options.lang;
    let all = pairings_of(c, stage, None)?;
    let round = match round {
        Some(r) if all.iter().any(|p| p.round == r) => r,
        Some(r) => {
            return Err(ServiceError::refused(messages::msg!(
                "round.none",
                round = r
            )));
        }
        None => all.iter().map(|p| p.round).max().unwrap_or(1),
    };
    let cards: Vec<TableCard> = all
        .into_iter()
        .filter(|p| p.round == round && p.black.is_some())
        .map(|p| TableCard {
            round,
            board: p.board,
            seats: crate::print::card_seats(c, &p, l),
            red: p.red.unwrap_or_default(),
            black: p.black.unwrap_or_default(),
        })
        .collect();
    let heading = event_heading(c, label(l, msg!("doc.table_cards")), &options);
    Ok(render_table_cards(&heading, &cards, options))
}

/// 成绩册: every round's results and every stage's standings, then the final ranking.
fn results_book(
    c: &Competition,
    drawn: &[usize],
    standings: &StandingsOnce,
    options: &PrintOptions,
) -> Result<Vec<TableSheet>> {
    let mut sheets = Vec::new();
    for &stage in drawn {
        let rounds: std::collections::BTreeSet<u32> = c.stages[stage]
            .groups
            .iter()
            .flat_map(|g| g.rounds.iter().map(|r| r.number))
            .collect();
        for round in rounds {
            sheets.push(round_sheet(c, stage, round, options)?);
        }
        sheets.push(standings_sheet(c, stage, standings, options)?);
    }
    if !drawn.is_empty() {
        sheets.push(final_ranking_sheet(c, standings, options)?);
    }
    Ok(sheets)
}

/// 奖励签收表: a line per place up to `places`, with room for a signature and a date.
fn prize_receipts(c: &Competition, places: u32, options: &PrintOptions) -> Result<TableSheet> {
    let l = options.lang;
    let rows = final_ranking_of(c)?
        .into_iter()
        .filter(|r| r.first <= places)
        .map(|r| {
            vec![
                place_text(&r),
                r.name.clone(),
                r.club.clone().unwrap_or_default(),
                prize(r.first, l),
                String::new(),
                String::new(),
            ]
        })
        .collect();
    Ok(TableSheet {
        heading: event_heading(c, label(l, msg!("doc.prize_receipts")), options),
        columns: columns(
            &[
                (msg!("doc.place"), 0.6, false),
                name_and_points(c).0,
                (msg!("doc.club"), 1.6, true),
                (msg!("doc.prize"), 1.0, false),
                (msg!("doc.signature"), 2.0, false),
                (msg!("doc.date"), 1.0, false),
            ],
            l,
        ),
        rows,
    })
}

/// 团体总分: the clubs in order, each competition's part when there are several, and
/// the places that counted; the rule under the title. None without a club to total.
fn club_totals_sheet(
    competitions: &[Competition],
    printed: &[Competition],
    rule: &crate::ClubRule,
    standings: &StandingsOnce,
    options: &PrintOptions,
) -> Result<Option<TableSheet>> {
    let l = options.lang;
    let rows = crate::club_totals::club_totals_with(competitions, rule, standings)?;
    let Some(c) = printed.first() else {
        return Ok(None);
    };
    if rows.is_empty() {
        return Ok(None);
    }
    let separator = label(l, msg!("cli.members_separator"));
    let several = competitions.len() > 1;
    let mut titles = vec![
        (msg!("doc.place"), 0.6, false),
        (msg!("doc.club"), 1.8, true),
    ];
    let mut cols = columns(&titles, l);
    if several {
        cols.extend(competitions.iter().map(|c| (c.name.clone(), 1.0, false)));
    }
    titles = vec![
        (msg!("doc.total"), 0.8, false),
        (msg!("doc.counted_places"), 2.0, true),
    ];
    cols.extend(columns(&titles, l));
    let rows = rows
        .iter()
        .map(|r| {
            let mut row = vec![r.rank_text(), r.club.clone()];
            if several {
                row.extend(competitions.iter().map(|c| {
                    r.competitions
                        .iter()
                        .find(|p| p.competition == c.name)
                        .map(|p| p.total_text())
                        .unwrap_or_default()
                }));
            }
            row.push(r.total_text());
            row.push(r.places_text(&separator));
            row
        })
        .collect();
    let mut heading = event_heading(c, label(l, msg!("doc.club_totals")), options);
    let counted = match &rule.scoring {
        crate::ClubScoring::Places(points) => {
            let points: Vec<String> = points.iter().map(u32::to_string).collect();
            msg!("doc.club_rule_places", points = points.join(&separator))
        }
        crate::ClubScoring::Points => msg!("doc.club_rule_points"),
    };
    let mut line = label(l, counted);
    if let Some(best) = rule.best {
        line = format!(
            "{line}  ·  {}",
            label(l, msg!("doc.club_rule_best", best = best))
        );
    }
    heading.lines.push(line);
    Ok(Some(TableSheet {
        heading,
        columns: cols,
        rows,
    }))
}

/// Rows of `width` characters at most: a long value runs on over the rows after it,
/// its key on the first.
fn run_on(key: String, value: &str, width: usize) -> Vec<Vec<String>> {
    let chars: Vec<char> = value.chars().collect();
    chars
        .chunks(width)
        .enumerate()
        .map(|(k, part)| {
            let key = if k == 0 { key.clone() } else { String::new() };
            vec![key, part.iter().collect()]
        })
        .collect()
}

/// 秩序册's first page: the event's facts and its schedule, every stage in words.
fn booklet_facts(
    c: &Competition,
    stages: &[crate::StageView],
    options: &PrintOptions,
) -> TableSheet {
    let l = options.lang;
    let d = &c.details;
    let game = label(
        l,
        match c.game {
            tournament::GameKind::Xiangqi => msg!("doc.game.xiangqi"),
            tournament::GameKind::Checkers => msg!("game.checkers"),
            tournament::GameKind::Junqi => msg!("game.junqi"),
        },
    );
    let mut facts: Vec<(String, String)> = [
        (label(l, msg!("doc.event")), Some(c.name.clone())),
        (label(l, msg!("doc.game_kind")), Some(game)),
        (label(l, msg!("doc.venue")), d.venue.clone()),
        (label(l, msg!("doc.dates")), d.dates.clone()),
        (label(l, msg!("doc.organizer")), d.organizer.clone()),
        (label(l, msg!("doc.chief_arbiter")), d.arbiter.clone()),
        (label(l, msg!("doc.time_control")), c.time_control.clone()),
        (
            label(l, msg!("doc.entrants")),
            Some(c.entrants.len().to_string()),
        ),
    ]
    .into_iter()
    .filter_map(|(k, v)| v.map(|v| (k.to_string(), v)))
    .collect();
    for (i, view) in stages.iter().enumerate() {
        let key = label(l, msg!("doc.stage_n", stage = i + 1));
        let fact = msg!(
            "doc.detail",
            field = view.title.clone(),
            value = messages::render(&view.summary, l)
        );
        facts.push((key, label(l, fact)));
    }
    TableSheet {
        heading: event_heading(c, label(l, msg!("doc.event_booklet")), options),
        columns: columns(
            &[
                (msg!("doc.item"), 1.0, true),
                (msg!("doc.details"), 4.0, true),
            ],
            l,
        ),
        rows: facts
            .into_iter()
            .flat_map(|(key, value)| run_on(key, &value, 36))
            .collect(),
    }
}

/// 竞赛规程 as given, long paragraphs running on over several rows.
fn regulations(c: &Competition, text: &str, options: &PrintOptions) -> TableSheet {
    let l = options.lang;
    TableSheet {
        heading: event_heading(c, label(l, msg!("doc.regulations")), options),
        columns: columns(&[(msg!("doc.regulations"), 1.0, true)], l),
        rows: text
            .lines()
            .flat_map(|line| {
                let chars: Vec<char> = line.trim_end().chars().collect();
                if chars.is_empty() {
                    return vec![vec![String::new()]];
                }
                chars
                    .chunks(40)
                    .map(|c| vec![c.iter().collect::<String>()])
                    .collect()
            })
            .collect(),
    }
}
