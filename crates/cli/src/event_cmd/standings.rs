//! Standings as text.

/// A stage's standings as a table: rank (shared "3–4", with the group when there are
/// several), name, club, points, tiebreaks, a note (playoff).
pub(super) fn print_standings(table: &service::StandingsView, en: bool, team: bool) {
    println!("{}", crate::messages::say(&table.stage_title));
    let pick = |zh: &'static str, english: &'static str| if en { english } else { zh };
    let groups = table.rows.iter().any(|r| r.group != table.rows[0].group);
    let tiebreaks: Vec<String> = table
        .rows
        .first()
        .map(|r| {
            r.tiebreaks
                .iter()
                .map(|t| {
                    if en {
                        t.name_en.clone()
                    } else {
                        t.name.clone()
                    }
                })
                .collect()
        })
        .unwrap_or_default();
    let mut headers: Vec<&str> = vec![
        pick("名次", "Rank"),
        if team {
            pick("队名", "Team")
        } else {
            pick("姓名", "Name")
        },
        pick("单位", "Club"),
        if team {
            pick("场分", "MP")
        } else {
            pick("积分", "Pts")
        },
    ];
    headers.extend(tiebreaks.iter().map(String::as_str));
    headers.push(pick("备注", "Note"));
    let mut numeric = vec![false, false, false, true];
    numeric.extend(tiebreaks.iter().map(|_| true));
    let mut out = crate::table::Table::new(&headers, &numeric);
    for r in &table.rows {
        let mut rank = r.rank_text();
        if groups {
            rank = format!("{} {rank}", r.group);
        }
        let note = r.note(en);
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
pub(super) fn print_members(rows: &[service::MemberRow], en: bool) {
    for r in rows {
        let rank = if r.rank == r.shared_to {
            r.rank.to_string()
        } else {
            format!("{}–{}", r.rank, r.shared_to)
        };
        let boards: Vec<String> = r.boards.iter().map(u32::to_string).collect();
        let (w, d, l) = (r.wins, r.draws, r.losses);
        if en {
            println!(
                "{rank:>7}  {}  {}  board {}  {} games +{w} ={d} -{l}  {} points  {}%",
                r.name,
                r.team,
                boards.join(","),
                r.games,
                r.points,
                r.percent
            );
        } else {
            println!(
                "{rank:>7}  {}  {}  第 {} 台  {} 局 胜{w} 和{d} 负{l}  {} 分  得分率 {}%",
                r.name,
                r.team,
                boards.join(","),
                r.games,
                r.points,
                r.percent
            );
        }
    }
}

/// How each value of one entrant's row was computed, round by round.
pub(super) fn print_explanations(values: &[service::ExplanationView], en: bool) {
    if let Some(first) = values.first() {
        println!("{}", first.entrant);
    }
    for v in values {
        let name = if en { &v.criterion_en } else { &v.criterion };
        println!("  {name} = {}", v.value);
        if !v.among.is_empty() {
            let among = v.among.join(if en { ", " } else { "、" });
            if en {
                println!("    among the tied: {among}");
            } else {
                println!("    在同分者之间计算：{among}");
            }
        }
        for p in &v.parts {
            let round = match (p.round, en) {
                (Some(r), true) => format!("round {r}"),
                (Some(r), false) => format!("第 {r} 轮"),
                (None, _) => String::new(),
            };
            let opponent = p.opponent.clone().unwrap_or_default();
            let lang = if en {
                messages::Lang::En
            } else {
                messages::Lang::Zh
            };
            let note = messages::render(&p.note, lang);
            println!("    {round}  {opponent}  {}  {note}", p.amount);
        }
    }
}

/// The whole event's ranking: place, name, club, and the stage that decided it.
pub(super) fn print_final_ranking(places: &[service::FinalPlace], en: bool) {
    let pick = |zh: &'static str, english: &'static str| if en { english } else { zh };
    let mut out = crate::table::Table::new(
        &[
            pick("名次", "Place"),
            pick("姓名", "Name"),
            pick("单位", "Club"),
            pick("决定于", "Decided in"),
        ],
        &[true, false, false, false],
    );
    for p in places {
        let place = if p.first == p.last {
            p.first.to_string()
        } else {
            format!("{}–{}", p.first, p.last)
        };
        let stage = if en {
            format!("stage {}", p.stage)
        } else {
            format!("第 {} 阶段", p.stage)
        };
        out.row(vec![
            place,
            p.name.clone(),
            p.club.clone().unwrap_or_default(),
            stage,
        ]);
    }
    println!("{}", out.render());
}

/// 等级分变化表, in standings order.
pub(super) fn print_rating_changes(rows: &[service::RatingRow], en: bool) {
    let titles: Vec<&str> = service::RATING_COLUMNS
        .iter()
        .map(|(zh, english)| if en { *english } else { *zh })
        .collect();
    let numeric: Vec<bool> = (0..titles.len()).map(|k| k != 1).collect();
    let mut out = crate::table::Table::new(&titles, &numeric);
    for r in rows {
        out.row(r.cells());
    }
    println!("{}", out.render());
}
