//! Writes a stage as a tournament report file: the header, the scale when it is not
//! 1 / ½ / 0, and a player line per entrant with every round.

use std::fmt::Write as _;

use super::read::FIRST_ROUND;
use crate::model::{Competition, Group, Match};
use crate::result::GameResult;
use crate::swiss::AwayKind;
use crate::{EntrantId, Points};
use crate::{RoundRobinOptions, swiss::SwissOptions};

/// Why a stage cannot be written as a report file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WriteError {
    #[error("a report file holds individual two-player games: not team matches or tables")]
    NotIndividual,
    #[error("stage {0} does not exist or is not drawn yet")]
    NotDrawn(usize),
    #[error("a report file holds a Swiss or a round robin, not a knockout")]
    Format,
    #[error("a report file holds one group: stage {0} has several")]
    Groups(usize),
    #[error("a report file holds one game a round: stage {0} plays matches of several games")]
    Matches(usize),
    #[error(
        "round {round}, board {board}: the result cannot be written as a win, a draw or a loss"
    )]
    Result { round: u32, board: u32 },
}

/// The header codes Qisai fills from the event itself.
const DERIVED: [&str; 9] = [
    "012", "022", "042", "052", "062", "072", "102", "122", "XXR",
];

fn points_text(p: Points) -> String {
    let q = p.quarters();
    if q % 2 == 0 {
        format!(
            "{}.{}",
            q.div_euclid(4),
            if q.rem_euclid(4) == 2 { 5 } else { 0 }
        )
    } else {
        format!("{:.2}", q as f64 / 4.0)
    }
}

fn derived_line(code: &str, c: &Competition, group: &Group, planned: u32) -> Option<String> {
    let d = &c.details;
    let (start, end) = match d.dates.as_deref() {
        Some(dates) => match dates.split_once(" – ") {
            Some((s, e)) => (Some(s.to_string()), Some(e.to_string())),
            None => (Some(dates.to_string()), None),
        },
        None => (None, None),
    };
    let rated = group
        .entrants
        .iter()
        .filter(|&&id| c.entrant(id).is_some_and(|e| e.rating.is_some()))
        .count();
    let value = match code {
        "012" => Some(c.name.clone()),
        "022" => d.venue.clone(),
        "042" => start,
        "052" => end,
        "062" => Some(group.entrants.len().to_string()),
        "072" => Some(rated.to_string()),
        "102" => d.arbiter.clone(),
        "122" => c.time_control.clone(),
        "XXR" => Some(planned.to_string()),
        _ => None,
    }?;
    Some(format!("{code} {value}"))
}

/// One player's entry for a round: opponent, colour, result.
fn entry(group: &Group, round: u32, id: EntrantId) -> Result<Option<String>, WriteError> {
    let Some(r) = group.rounds.iter().find(|r| r.number == round) else {
        return Ok(None);
    };
    let matched: Option<&Match> = r
        .matches
        .iter()
        .find(|m| !m.playoff && m.seats.contains(&Some(id)));
    if let Some(m) = matched {
        if m.is_bye() {
            return Ok(Some("0000 - U".into()));
        }
        let seat = m.seat_of(id).unwrap_or(0);
        let opponent = m.seats[1 - seat].map_or(0, |o| o.0);
        let game = m.games.first();
        let red = game.map_or(0, |g| g.red);
        let my_game_seat = if seat == red { 0 } else { 1 };
        let record = game.and_then(|g| g.record.as_ref());
        let colour = match record {
            Some(r) if r.colourless => '-',
            _ if my_game_seat == 0 => 'w',
            _ => 'b',
        };
        let unrated = record.is_some_and(|r| r.unrated);
        let result = match record.map(|r| r.result) {
            None => ' ',
            Some(GameResult::Win { winner, .. }) if winner == my_game_seat => {
                if unrated {
                    'W'
                } else {
                    '1'
                }
            }
            Some(GameResult::Win { .. }) => {
                if unrated {
                    'L'
                } else {
                    '0'
                }
            }
            Some(GameResult::Draw) => {
                if unrated {
                    'D'
                } else {
                    '='
                }
            }
            Some(GameResult::Forfeit { winner }) if winner == my_game_seat => '+',
            Some(GameResult::Forfeit { .. } | GameResult::DoubleForfeit) => '-',
            Some(_) => {
                return Err(WriteError::Result {
                    round,
                    board: m.board,
                });
            }
        };
        return Ok(Some(format!("{opponent:>4} {colour} {result}")));
    }
    let away = group
        .state
        .away()
        .iter()
        .find(|a| a.entrant == id && a.round == round)
        .map(|a| match a.kind {
            AwayKind::Reported => "0000 - Z",
            AwayKind::Unpaired => "0000 - -",
            AwayKind::HalfPointBye => "0000 - H",
            AwayKind::FullPointBye => "0000 - F",
        });
    Ok(away.map(str::to_string))
}

/// The report file of stage `stage` (0-based).
pub fn write(c: &Competition, stage: usize) -> Result<String, WriteError> {
    if c.is_team() || c.tables.is_some() {
        return Err(WriteError::NotIndividual);
    }
    let s = c.stages.get(stage).ok_or(WriteError::NotDrawn(stage + 1))?;
    let round_robin = s.settings.format.options::<RoundRobinOptions>().is_some();
    let planned = match s.settings.format.options::<SwissOptions>() {
        Some(o) => o.rounds,
        None if round_robin => s.groups.first().map_or(0, |g| g.rounds.len() as u32),
        None => return Err(WriteError::Format),
    };
    let group = match &s.groups[..] {
        [] => return Err(WriteError::NotDrawn(stage + 1)),
        [g] => g,
        _ => return Err(WriteError::Groups(stage + 1)),
    };
    if s.settings.match_format.best_of > 1 {
        return Err(WriteError::Matches(stage + 1));
    }
    let (field, table) =
        crate::stage::group_standings(c, stage, 0).map_err(|_| WriteError::NotDrawn(stage + 1))?;

    let mut out = String::new();
    let mut written: Vec<&str> = Vec::new();
    for line in &c.details.report_lines {
        match DERIVED.iter().find(|&&d| d == line.as_str()) {
            Some(code) => {
                written.push(code);
                if let Some(l) = derived_line(code, c, group, planned) {
                    let _ = writeln!(out, "{l}");
                }
            }
            None => {
                let _ = writeln!(out, "{line}");
            }
        }
    }
    let native = c.details.report_lines.is_empty();
    for code in DERIVED {
        // A file read in keeps its header; a value set since is added.
        let counts = matches!(code, "062" | "072" | "XXR");
        if written.contains(&code) || (counts && !native) {
            continue;
        }
        if let Some(l) = derived_line(code, c, group, planned) {
            let _ = writeln!(out, "{l}");
        }
        if native && code == "072" {
            let kind = match round_robin {
                true => "Individual: Round-Robin",
                false => "Individual: Swiss-System",
            };
            let _ = writeln!(out, "092 {kind}");
        }
    }
    let scoring = &c.scoring;
    let standard = scoring.win == Points::whole(1)
        && scoring.draw == [Points::half(); 2]
        && scoring.loss == Points::ZERO;
    if native && !standard {
        let (w, d, l) = (
            points_text(scoring.win),
            points_text(scoring.draw[0]),
            points_text(scoring.loss),
        );
        let _ = writeln!(
            out,
            "XXS W={w} D={d} L={l} PAB={} FW={} FL={}",
            points_text(scoring.bye),
            points_text(scoring.forfeit_win),
            points_text(scoring.forfeit_loss)
        );
        let _ = writeln!(out, "BBW {:>4}\nBBD {:>4}\nBBL {:>4}", w, d, l);
    }

    let rank: std::collections::BTreeMap<EntrantId, usize> = table
        .rows
        .iter()
        .enumerate()
        .map(|(k, r)| (r.entrant, k + 1))
        .collect();
    let last_round = group.rounds.iter().map(|r| r.number).max().unwrap_or(0);
    let mut ids: Vec<EntrantId> = group.entrants.clone();
    ids.sort();
    for id in ids {
        let Some(e) = c.entrant(id) else { continue };
        let d = &e.details;
        let name: String = e.name.chars().take(33).collect();
        let mut line = format!(
            "001 {:>4} {}{:>3} {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}",
            id.0,
            d.sex.unwrap_or(' '),
            d.title.as_deref().unwrap_or(""),
            name,
            e.rating.map(|r| r.to_string()).unwrap_or_default(),
            d.federation.as_deref().unwrap_or(""),
            d.fide_id.map(|n| n.to_string()).unwrap_or_default(),
            d.birth.as_deref().unwrap_or(""),
            points_text(field.total(id)),
            rank.get(&id).map(|r| r.to_string()).unwrap_or_default(),
        );
        let entries = (1..=last_round)
            .map(|round| entry(group, round, id))
            .collect::<Result<Vec<_>, _>>()?;
        let kept = entries
            .iter()
            .rposition(Option::is_some)
            .map_or(0, |k| k + 1);
        debug_assert_eq!(line.chars().count(), FIRST_ROUND - 3);
        for entry in &entries[..kept] {
            let _ = write!(line, "  {}", entry.as_deref().unwrap_or("        "));
        }
        let _ = writeln!(out, "{line}");
    }
    Ok(out)
}
