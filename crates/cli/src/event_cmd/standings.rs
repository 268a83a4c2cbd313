//! Standings as text.

use crate::Lang;
use crate::messages::say;
use messages::msg;

/// A stage's standings as a table: rank (shared "3–4", with the group when there are
/// several), name, club, points, tiebreaks, a note (playoff).
pub(super) fn print_standings(table: &service::StandingsView, lang: Lang, team: bool) {
    println!("{}", crate::messages::say(&table.stage_title));
    let groups = table.rows.iter().any(|r| r.group != table.rows[0].group);
    let tiebreaks: Vec<String> = table
        .rows
        .first()
        .map(|r| {
            r.tiebreaks
                .iter()
                .map(|t| {
                    if lang == Lang::En {
                        t.name_en.to_string()
                    } else {
                        t.name.to_string()
                    }
                })
                .collect()
        })
        .unwrap_or_default();
    let mut headers: Vec<String> = vec![
        say(&msg!("column.rank")),
        if team {
            say(&msg!("column.team"))
        } else {
            say(&msg!("column.name"))
        },
        say(&msg!("column.club")),
        if team {
            say(&msg!("column.match_points"))
        } else {
            say(&msg!("column.points"))
        },
    ];
    headers.extend(tiebreaks.iter().cloned());
    headers.push(say(&msg!("column.note")));
    let mut numeric = vec![false, false, false, true];
    numeric.extend(tiebreaks.iter().map(|_| true));
    let mut out = crate::table::Table::new(&headers, &numeric);
    for r in &table.rows {
        let mut rank = r.rank_text();
        if groups {
            rank = format!("{} {rank}", r.group);
        }
        let note = r.note(crate::messages::lang());
        let mut row = vec![
            rank,
            r.name.clone(),
            r.club.clone().unwrap_or_default(),
            r.points.map(|p| p.to_string()).unwrap_or_default(),
        ];
        row.extend(r.tiebreaks.iter().map(|t| t.value.clone()));
        row.push(note);
        out.row(row);
    }
    println!("{}", out.render());
}

/// Members of a team event ranked on their own games: rank, name, team, boards,
/// games, wins-draws-losses, points, score percentage.
pub(super) fn print_members(rows: &[service::MemberRow]) {
    for r in rows {
        let rank = if r.rank == r.shared_to {
            r.rank.to_string()
        } else {
            format!("{}–{}", r.rank, r.shared_to)
        };
        let boards: Vec<String> = r.boards.iter().map(u32::to_string).collect();
        println!(
            "{rank:>7}  {}",
            say(&msg!(
                "cli.member_row",
                name = &r.name,
                team = &r.team,
                boards = boards.join(","),
                games = r.games,
                wins = r.wins,
                draws = r.draws,
                losses = r.losses,
                points = r.points.to_string(),
                percent = r.percent.to_string()
            ))
        );
    }
}

/// How each value of one entrant's row was computed, round by round.
pub(super) fn print_explanations(values: &[service::ExplanationView], lang: Lang) {
    if let Some(first) = values.first() {
        println!("{}", first.entrant);
    }
    for v in values {
        let name = if lang == Lang::En {
            &v.criterion_en
        } else {
            &v.criterion
        };
        println!("  {name} = {}", v.value);
        if !v.among.is_empty() {
            let among = v.among.clone();
            println!("    {}", say(&msg!("cli.among_the_tied", among = among)));
        }
        for p in &v.parts {
            let round = p
                .round
                .map(|r| say(&msg!("cli.round_number", round = r)))
                .unwrap_or_default();
            let opponent = p.opponent.clone().unwrap_or_default();
            let note = say(&p.note);
            println!("    {round}  {opponent}  {}  {note}", p.amount);
        }
    }
}

/// The whole event's ranking: place, name, club, and the stage that decided it.
pub(super) fn print_final_ranking(places: &[service::FinalPlace]) {
    let mut out = crate::table::Table::new(
        &[
            say(&msg!("column.place")),
            say(&msg!("column.name")),
            say(&msg!("column.club")),
            say(&msg!("column.decided_in")),
        ],
        &[true, false, false, false],
    );
    for p in places {
        let place = if p.first == p.last {
            p.first.to_string()
        } else {
            format!("{}–{}", p.first, p.last)
        };
        let stage = say(&msg!("cli.stage_number", stage = p.stage));
        out.row(vec![
            place,
            p.name.clone(),
            p.club.clone().unwrap_or_default(),
            stage,
        ]);
    }
    println!("{}", out.render());
}

/// 团体总分: each club's place, total and the places that counted.
pub(super) fn print_club_totals(rows: &[service::ClubRow]) {
    if rows.is_empty() {
        println!("{}", say(&msg!("cli.no_clubs")));
        return;
    }
    let mut out = crate::table::Table::new(
        &[
            say(&msg!("column.rank")),
            say(&msg!("column.club")),
            say(&msg!("column.total")),
            say(&msg!("column.counted_places")),
        ],
        &[true, false, true, false],
    );
    let separator = say(&msg!("cli.members_separator"));
    for r in rows {
        out.row(vec![
            r.rank_text(),
            r.club.clone(),
            r.total_text(),
            r.places_text(&separator),
        ]);
    }
    println!("{}", out.render());
}

/// 等级分变化表, in standings order.
pub(super) fn print_rating_changes(rows: &[service::RatingRow]) {
    let titles = service::rating_columns(crate::messages::lang());
    let numeric: Vec<bool> = (0..titles.len()).map(|k| k != 1).collect();
    let mut out = crate::table::Table::new(&titles, &numeric);
    for r in rows {
        out.row(r.cells());
    }
    println!("{}", out.render());
}
