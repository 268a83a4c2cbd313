//! Standings as text.

/// A stage's standings as text: rank (shared "3–4", with the group when there are
/// several), name, club, points, tiebreaks, playoff flag.
pub(super) fn print_standings(table: &service::StandingsView, en: bool) {
    println!("{}", table.stage_name);
    let groups = table.rows.iter().any(|r| r.group != table.rows[0].group);
    for r in &table.rows {
        let mut rank = if r.rank == r.shared_to {
            r.rank.to_string()
        } else {
            format!("{}–{}", r.rank, r.shared_to)
        };
        if groups {
            rank = format!("{} {rank}", r.group);
        }
        let tiebreaks: Vec<String> = r
            .tiebreaks
            .iter()
            .map(|t| format!("{} {}", if en { &t.name_en } else { &t.name }, t.value))
            .collect();
        let playoff = match (r.playoff, r.settled_by, en) {
            (true, _, true) => "  playoff needed",
            (true, _, false) => "  需加赛",
            (false, Some(tournament::SettledBy::Games), true) => "  (decided by playoff games)",
            (false, Some(tournament::SettledBy::Games), false) => "  （加赛决定）",
            (false, Some(tournament::SettledBy::Lots), true) => "  (decided by lots)",
            (false, Some(tournament::SettledBy::Lots), false) => "  （抽签决定）",
            (false, None, _) => "",
        };
        let club = r.club.clone().unwrap_or_default();
        let points = r.points.map(|p| format!("{p}  ")).unwrap_or_default();
        println!(
            "{rank:>7}  {}  {club}  {points}{}{playoff}",
            r.name,
            tiebreaks.join("  ")
        );
    }
}
