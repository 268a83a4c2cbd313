//! 等级分变化表: each rated player's expected score, rating change and performance
//! over a stage, by the Elo formula of FIDE's rating regulations.

use std::collections::BTreeMap;

use messages::msg;
use tournament::elo::{KChoice, rating_changes};
use tournament::{Competition, EntrantId};

use crate::select::chosen_stage;
use crate::views::standings_of;
use crate::{Event, Result, ServiceError};

/// One row of the rating change table, in standings order.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct RatingRow {
    pub rank: u32,
    pub id: u32,
    pub name: String,
    pub rating: u32,
    pub k: u32,
    /// Rated games: over the board, against a rated opponent.
    pub games: u32,
    /// Points scored in them, as wins (1 for a win, ½ for a draw): 2.5.
    pub score: f64,
    /// The sum of each game's expected score (400-point rule), to two decimals.
    pub expected: f64,
    pub change: i32,
    pub new_rating: i32,
    pub performance: Option<i32>,
}

/// The table's column titles (message codes), for the command line and the printout
/// alike.
pub const RATING_COLUMNS: [&str; 10] = [
    "column.rank",
    "column.name",
    "column.rating",
    "column.k",
    "column.games",
    "column.score",
    "column.expected",
    "column.change",
    "column.new_rating",
    "column.performance",
];

/// The rating table's column titles in `lang`.
pub fn rating_columns(lang: messages::Lang) -> Vec<String> {
    RATING_COLUMNS
        .iter()
        .map(|&code| messages::render(&messages::Message::new(code), lang))
        .collect()
}

impl RatingRow {
    /// The row's cells in the order of [`RATING_COLUMNS`].
    pub fn cells(&self) -> Vec<String> {
        vec![
            self.rank.to_string(),
            self.name.clone(),
            self.rating.to_string(),
            self.k.to_string(),
            self.games.to_string(),
            self.score.to_string(),
            format!("{:.2}", self.expected),
            format!("{:+}", self.change),
            self.new_rating.to_string(),
            self.performance.map(|p| p.to_string()).unwrap_or_default(),
        ]
    }
}

/// Reads a K factor choice: `40`, `20`, `10` (or any whole K for a club's list), or
/// `auto` (FIDE's, by rating and age).
pub fn parse_k(text: &str) -> Result<KChoice> {
    let text = text.trim();
    if text.eq_ignore_ascii_case("auto") {
        return Ok(KChoice::Fide);
    }
    match text.parse::<u32>() {
        Ok(k) if (1..=100).contains(&k) => Ok(KChoice::Fixed(k)),
        _ => Err(ServiceError::refused(msg!("ratings.k", text = text))),
    }
}

/// The year an event is played in: from its dates when they give one, else this year.
fn event_year(c: &Competition) -> u32 {
    let from_dates = c.details.dates.as_deref().and_then(|d| {
        let digits: String = d.chars().take_while(|c| c.is_ascii_digit()).collect();
        (digits.len() == 4).then(|| digits.parse().ok()).flatten()
    });
    from_dates.unwrap_or_else(|| {
        let seconds = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        1970 + (seconds / 31_556_952) as u32
    })
}

impl Event {
    /// The rating changes of a stage (the current one by default): rated players only.
    pub fn rating_changes(&self, stage: Option<usize>, k: KChoice) -> Result<Vec<RatingRow>> {
        let c = self.competition()?;
        let stage = chosen_stage(&c, stage)?;
        if c.is_team() || c.seated_tables().is_some() {
            return Err(ServiceError::refused(msg!("ratings.individual")));
        }
        let year = event_year(&c);
        let ages: BTreeMap<EntrantId, u32> = c
            .entrants
            .iter()
            .filter_map(|e| Some((e.id, year.checked_sub(e.details.birth_year()?)?)))
            .collect();
        let table = standings_of(&c, stage)?;
        let mut changes = BTreeMap::new();
        for (g, _) in c.stages[stage].groups.iter().enumerate() {
            let (field, _) = tournament::stage::group_standings(&c, stage, g)?;
            for change in rating_changes(&field, &ages, k) {
                changes.insert(change.entrant, change);
            }
        }
        Ok(table
            .rows
            .iter()
            .filter_map(|r| {
                let change = changes.get(&EntrantId(r.id))?;
                Some(RatingRow {
                    rank: r.rank,
                    id: r.id,
                    name: r.name.clone(),
                    rating: change.rating,
                    k: change.k,
                    games: change.games,
                    score: f64::from(change.score_hundredths) / 100.0,
                    expected: f64::from(change.expected_hundredths) / 100.0,
                    change: change.change,
                    new_rating: change.rating as i32 + change.change,
                    performance: change.performance,
                })
            })
            .collect())
    }
}
