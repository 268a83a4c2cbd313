//! 团体总分: each club's total over the event's competitions — the place points of its
//! best N entrants in each (entrants sharing places share those places' points), or the
//! sum of their points — ranked by the total, then by the number of first places, then
//! of second places, and so on; clubs level on all of these share their place.

use std::cmp::Ordering;
use std::collections::BTreeMap;

use messages::msg;
use serde::Serialize;
use tournament::{Competition, Points};

use crate::ranking::{FinalPlace, final_ranking_with};
use crate::views::StandingsOnce;
use crate::{Event, Result, ServiceError};

/// The place points most often used: 录取前八名，按 9、7、6、5、4、3、2、1 计分.
pub const DEFAULT_PLACE_POINTS: [u32; 8] = [9, 7, 6, 5, 4, 3, 2, 1];

/// What a club's entrant adds to its total.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClubScoring {
    /// Points for 1st, 2nd … place; places beyond the list score nothing.
    Places(Vec<u32>),
    /// The entrant's points in the stage that placed it.
    Points,
}

/// How club totals are counted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClubRule {
    pub scoring: ClubScoring,
    /// Only a club's best `best` entrants in each competition count.
    pub best: Option<u32>,
}

impl Default for ClubRule {
    fn default() -> ClubRule {
        ClubRule {
            scoring: ClubScoring::Places(DEFAULT_PLACE_POINTS.to_vec()),
            best: None,
        }
    }
}

/// Place points as typed: `9,7,6,5,4,3,2,1` (commas or 、).
pub fn parse_place_points(text: &str) -> Result<Vec<u32>> {
    let unreadable = || ServiceError::refused(msg!("clubs.places_unreadable", text = text));
    let points: Vec<u32> = text
        .split([',', '，', '、'])
        .map(|p| p.trim().parse::<u32>().map_err(|_| unreadable()))
        .collect::<Result<_>>()?;
    // A place never scores more than the one above it.
    match points.is_empty() || points.windows(2).any(|w| w[1] > w[0]) || points[0] == 0 {
        true => Err(unreadable()),
        false => Ok(points),
    }
}

/// An exact total: place points shared three ways are thirds.
#[derive(Debug, Clone, Copy)]
pub struct Total {
    num: i128,
    den: i128,
}

impl Total {
    const ZERO: Total = Total { num: 0, den: 1 };

    fn new(num: i128, den: i128) -> Total {
        let g = gcd(num.abs(), den).max(1);
        Total {
            num: num / g,
            den: den / g,
        }
    }

    fn add(self, other: Total) -> Total {
        Total::new(
            self.num * other.den + other.num * self.den,
            self.den * other.den,
        )
    }

    /// Rounded to two decimals, as printed.
    fn number(self) -> serde_json::Value {
        match self.den {
            1 => serde_json::json!(self.num as i64),
            _ => serde_json::json!((self.num as f64 / self.den as f64 * 100.0).round() / 100.0),
        }
    }

    fn text(self) -> String {
        match self.number() {
            serde_json::Value::Number(n) => n.to_string(),
            _ => String::new(),
        }
    }
}

impl PartialEq for Total {
    fn eq(&self, other: &Total) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Total {}
impl PartialOrd for Total {
    fn partial_cmp(&self, other: &Total) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Total {
    fn cmp(&self, other: &Total) -> Ordering {
        (self.num * other.den).cmp(&(other.num * self.den))
    }
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// One entrant counted in a club's total.
#[derive(Debug, Clone, Serialize)]
pub struct ClubEntrant {
    pub competition: String,
    pub name: String,
    /// The place (its first, when shared).
    pub place: u32,
    /// Shared down to this place.
    pub shared_to: u32,
    /// What it added to the total.
    #[serde(serialize_with = "total_number")]
    pub scored: Total,
}

/// A club's line of the totals.
#[derive(Debug, Clone, Serialize)]
pub struct ClubRow {
    pub rank: u32,
    pub shared_to: u32,
    pub club: String,
    #[serde(serialize_with = "total_number")]
    pub total: Total,
    /// Its counted entrants' first places, second places … (as far as any club has).
    pub places: Vec<u32>,
    /// Each competition's part of the total, in the event's order.
    pub competitions: Vec<ClubPart>,
    pub entrants: Vec<ClubEntrant>,
}

/// A club's total in one competition.
#[derive(Debug, Clone, Serialize)]
pub struct ClubPart {
    pub competition: String,
    #[serde(serialize_with = "total_number")]
    pub total: Total,
}

impl ClubRow {
    /// The total as printed (two decimals at most).
    pub fn total_text(&self) -> String {
        self.total.text()
    }

    /// The place as printed: `3` or `3–4`.
    pub fn rank_text(&self) -> String {
        match self.rank == self.shared_to {
            true => self.rank.to_string(),
            false => format!("{}–{}", self.rank, self.shared_to),
        }
    }

    /// The counted places as printed: `1、3–4、3–4`.
    pub fn places_text(&self, separator: &str) -> String {
        let places: Vec<String> = self
            .entrants
            .iter()
            .map(|e| match e.place == e.shared_to {
                true => e.place.to_string(),
                false => format!("{}–{}", e.place, e.shared_to),
            })
            .collect();
        places.join(separator)
    }
}

impl ClubPart {
    pub fn total_text(&self) -> String {
        self.total.text()
    }
}

fn total_number<S: serde::Serializer>(t: &Total, s: S) -> std::result::Result<S::Ok, S::Error> {
    t.number().serialize(s)
}

impl Event {
    /// 团体总分 over the event's competitions.
    pub fn club_totals(&self, rule: &ClubRule) -> Result<Vec<ClubRow>> {
        club_totals_of(&self.all_competitions()?, rule)
    }
}

/// The club totals of `competitions` under `rule`: every club with an entrant placed.
pub(crate) fn club_totals_of(
    competitions: &[impl std::borrow::Borrow<Competition>],
    rule: &ClubRule,
) -> Result<Vec<ClubRow>> {
    club_totals_with(competitions, rule, &StandingsOnce::default())
}

/// [`club_totals_of`], the stages' standings taken from `standings`.
pub(crate) fn club_totals_with(
    competitions: &[impl std::borrow::Borrow<Competition>],
    rule: &ClubRule,
    standings: &StandingsOnce,
) -> Result<Vec<ClubRow>> {
    let mut clubs: BTreeMap<String, ClubRow> = BTreeMap::new();
    for c in competitions.iter().map(std::borrow::Borrow::borrow) {
        let ranking = final_ranking_with(c, standings)?;
        if ranking.is_empty() {
            continue;
        }
        for (club, placed) in by_club(c, &ranking) {
            let counted = match rule.best {
                Some(best) => &placed[..placed.len().min(best as usize)],
                None => &placed[..],
            };
            let row = clubs.entry(club.clone()).or_insert_with(|| ClubRow {
                rank: 0,
                shared_to: 0,
                club,
                total: Total::ZERO,
                places: Vec::new(),
                competitions: Vec::new(),
                entrants: Vec::new(),
            });
            let mut part = Total::ZERO;
            for p in counted {
                let scored = scored(p, &rule.scoring);
                part = part.add(scored);
                row.entrants.push(ClubEntrant {
                    competition: c.name.clone(),
                    name: p.name.clone(),
                    place: p.first,
                    shared_to: p.last,
                    scored,
                });
            }
            row.total = row.total.add(part);
            row.competitions.push(ClubPart {
                competition: c.name.clone(),
                total: part,
            });
        }
    }
    let mut rows: Vec<ClubRow> = clubs.into_values().collect();
    let deepest = rows
        .iter()
        .flat_map(|r| r.entrants.iter().map(|e| e.place))
        .max()
        .unwrap_or(0) as usize;
    for row in &mut rows {
        row.places = vec![0; deepest];
        for e in &row.entrants {
            row.places[e.place as usize - 1] += 1;
        }
    }
    let order =
        |a: &ClubRow, b: &ClubRow| b.total.cmp(&a.total).then_with(|| b.places.cmp(&a.places));
    rows.sort_by(|a, b| order(a, b).then_with(|| a.club.cmp(&b.club)));
    let mut at = 0;
    while at < rows.len() {
        let same = rows[at..]
            .iter()
            .take_while(|r| order(r, &rows[at]) == Ordering::Equal)
            .count();
        for r in &mut rows[at..at + same] {
            r.rank = at as u32 + 1;
            r.shared_to = (at + same) as u32;
        }
        at += same;
    }
    Ok(rows)
}

/// The totals as a table (the workbook's sheet): none without a club.
pub(crate) fn table(rows: &[ClubRow], lang: messages::Lang) -> Option<report::Table> {
    if rows.is_empty() {
        return None;
    }
    let word = |m| report::pdf::label(lang, m);
    let separator = word(msg!("cli.members_separator"));
    Some(report::Table {
        headers: vec![
            word(msg!("doc.place")),
            word(msg!("doc.club")),
            word(msg!("doc.total")),
            word(msg!("doc.counted_places")),
        ],
        rows: rows
            .iter()
            .map(|r| {
                vec![
                    r.rank_text(),
                    r.club.clone(),
                    r.total_text(),
                    r.places_text(&separator),
                ]
            })
            .collect(),
    })
}

/// Each club's placed entrants, best first: a team without a club stands for itself.
fn by_club<'a>(
    c: &Competition,
    ranking: &'a [FinalPlace],
) -> BTreeMap<String, Vec<&'a FinalPlace>> {
    let mut clubs: BTreeMap<String, Vec<&FinalPlace>> = BTreeMap::new();
    for p in ranking {
        let club = match (&p.club, c.is_team()) {
            (Some(club), _) if !club.is_empty() => club.clone(),
            (_, true) => p.name.clone(),
            _ => continue,
        };
        clubs.entry(club).or_default().push(p);
    }
    clubs
}

/// What one placed entrant adds: its places' points shared among those who share them,
/// or its points.
fn scored(p: &FinalPlace, scoring: &ClubScoring) -> Total {
    match scoring {
        ClubScoring::Points => {
            Total::new(i128::from(p.points.unwrap_or(Points::ZERO).quarters()), 4)
        }
        ClubScoring::Places(points) => {
            let worth = |place: u32| points.get(place as usize - 1).copied().unwrap_or(0);
            let sum: u32 = (p.first..=p.last).map(worth).sum();
            Total::new(i128::from(sum), i128::from(p.last - p.first + 1))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn placed(first: u32, last: u32, club: &str) -> FinalPlace {
        FinalPlace {
            first,
            last,
            id: first,
            name: format!("P{first}"),
            club: Some(club.into()),
            stage: 1,
            points: Some(Points::whole(10 - first as i32)),
        }
    }

    #[test]
    fn shared_places_share_their_points_exactly() {
        let places = ClubScoring::Places(DEFAULT_PLACE_POINTS.to_vec());
        // Three sharing 1st–3rd: (9 + 7 + 6) / 3 = 22/3, printed 7.33.
        let third = scored(&placed(1, 3, "一中"), &places);
        assert_eq!(third.text(), "7.33");
        assert_eq!(third.add(third).add(third).text(), "22");
        // Two sharing 8th–9th: (1 + 0) / 2.
        assert_eq!(scored(&placed(8, 9, "一中"), &places).text(), "0.5");
        assert_eq!(
            scored(&placed(2, 2, "一中"), &ClubScoring::Points).text(),
            "8"
        );
    }

    #[test]
    fn place_points_read_as_typed_and_refuse_a_rising_list() {
        assert_eq!(
            parse_place_points("9,7,6,5,4,3,2,1").unwrap(),
            DEFAULT_PLACE_POINTS
        );
        assert_eq!(
            parse_place_points("7、5、3、2、1").unwrap(),
            vec![7, 5, 3, 2, 1]
        );
        for bad in ["", "9,x", "1,2", "0"] {
            assert!(parse_place_points(bad).is_err(), "{bad}");
        }
    }
}
