//! `qisai pairings` as text and JSON. A game between two sides is a line with red and
//! black; a game at a table (checkers for 3–6, four-player Junqi) a line with every
//! seat. Which one a match is, its competition's seating says.

use serde_json::json;
use service::{PairingView, points_value};
use tournament::Competition;

use crate::messages::say as word;
use messages::msg;

/// Pairings as scripts read them. Two sides: `{"round","board","red","black",
/// "red_points","black_points","result","score","winner","settled_by","annulled"}`
/// (and `"boards"` of a team match). A table: `{"round","table","seats":[{"seat",
/// "name","points"}…],"result","bye"}` — each seat's points at that table, the result
/// as it counts (`entered` and `why` when fouls or the quick-win rule changed it);
/// fixed pairs name each player's pair as `side`.
pub(super) fn json(pairing: PairingView, c: &Competition) -> PairingLine {
    PairingLine {
        pairing,
        seated: c.seating().is_table(),
    }
}

/// One line of the pairings as JSON, written straight from its view.
pub(super) struct PairingLine {
    pairing: PairingView,
    seated: bool,
}

impl serde::Serialize for PairingLine {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.seated {
            true => seated_json(&self.pairing).serialize(serializer),
            false => sides_json(&self.pairing).serialize(serializer),
        }
    }
}

impl super::JsonLine for PairingLine {
    /// A line between two sides, as serde_json writes it compactly, written here: a
    /// big event's six thousand lines cost a fifth of the command through serde. A
    /// table's line, a team match's boards and a result that counts otherwise are left
    /// to serde.
    fn write_compact(&self, out: &mut Vec<u8>) -> bool {
        let p = &self.pairing;
        if self.seated || !p.boards.is_empty() || p.entered.is_some() || !p.why.is_empty() {
            return false;
        }
        let points = |side: &Option<String>, points| side.as_ref().map(|_| points);
        out.extend_from_slice(b"{\"round\":");
        push_integer(out, i64::from(p.round));
        out.extend_from_slice(b",\"board\":");
        push_integer(out, i64::from(p.board));
        for (key, value) in [(&b",\"red\":"[..], &p.red), (b",\"black\":", &p.black)] {
            out.extend_from_slice(key);
            push_text(out, value.as_deref());
        }
        for (key, value) in [
            (&b",\"red_points\":"[..], points(&p.red, p.red_points)),
            (b",\"black_points\":", points(&p.black, p.black_points)),
        ] {
            out.extend_from_slice(key);
            match value {
                Some(value) => push_points(out, value),
                None => out.extend_from_slice(b"null"),
            }
        }
        for (key, value) in [
            (&b",\"result\":"[..], p.result.as_deref()),
            (b",\"score\":", p.score.as_deref()),
            (b",\"winner\":", p.winner.as_deref()),
            (b",\"settled_by\":", p.settled_by),
        ] {
            out.extend_from_slice(key);
            push_text(out, value);
        }
        out.extend_from_slice(match p.annulled {
            true => b",\"annulled\":true}",
            false => b",\"annulled\":false}",
        });
        true
    }
}

fn push_integer(out: &mut Vec<u8>, value: i64) {
    use std::io::Write;
    // Writing into memory does not fail.
    let _ = write!(out, "{value}");
}

/// A JSON string, or `null`; escaped by serde_json where it has anything to escape.
fn push_text(out: &mut Vec<u8>, text: Option<&str>) {
    match text {
        None => out.extend_from_slice(b"null"),
        Some(text) if text.bytes().any(|b| b < 0x20 || b == b'"' || b == b'\\') => {
            // Writing into memory does not fail.
            let _ = serde_json::to_writer(&mut *out, text);
        }
        Some(text) => {
            out.push(b'"');
            out.extend_from_slice(text.as_bytes());
            out.push(b'"');
        }
    }
}

/// Points as `points_value` gives them to serde_json: whole, or a decimal of quarters.
fn push_points(out: &mut Vec<u8>, points: tournament::Points) {
    let quarters = points.quarters();
    if quarters < 0 {
        out.push(b'-');
    }
    let quarters = quarters.unsigned_abs();
    push_integer(out, i64::from(quarters / 4));
    out.extend_from_slice(match quarters % 4 {
        1 => b".25",
        2 => b".5",
        3 => b".75",
        _ => b"",
    });
}

#[derive(serde::Serialize)]
struct SidesJson<'a> {
    round: u32,
    board: u32,
    red: &'a Option<String>,
    black: &'a Option<String>,
    red_points: Option<serde_json::Value>,
    black_points: Option<serde_json::Value>,
    result: &'a Option<String>,
    score: &'a Option<String>,
    winner: &'a Option<String>,
    settled_by: Option<&'static str>,
    annulled: bool,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    boards: Vec<serde_json::Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    entered: Option<&'a String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    why: Vec<serde_json::Value>,
}

/// Pairings as a table for people: a line per match, its seats or its two sides.
pub(super) fn text(pairings: &[PairingView], c: &Competition) -> String {
    match c.seating().is_table() {
        true => seated_text(pairings, c),
        false => sides_text(pairings, c),
    }
}

fn sides_json(p: &PairingView) -> SidesJson<'_> {
    SidesJson {
        round: p.round,
        board: p.board,
        red: &p.red,
        black: &p.black,
        red_points: p.red.as_ref().map(|_| points_value(p.red_points)),
        black_points: p.black.as_ref().map(|_| points_value(p.black_points)),
        result: &p.result,
        score: &p.score,
        winner: &p.winner,
        settled_by: p.settled_by,
        annulled: p.annulled,
        boards: p
            .boards
            .iter()
            .map(|b| json!({"board": b.board, "red": b.red, "black": b.black, "red_team": b.red_team, "black_team": b.black_team, "result": b.result}))
            .collect(),
        entered: p.entered.as_ref(),
        why: why_json(p),
    }
}

fn seated_json(p: &PairingView) -> serde_json::Value {
    let seats: Vec<serde_json::Value> = if p.seats.is_empty() {
        // A sit-out: the one player, seat 1.
        p.red
            .iter()
            .map(|name| json!({"seat": 1, "name": name}))
            .collect()
    } else {
        p.seats
            .iter()
            .map(|s| {
                let mut v =
                    json!({"seat": s.seat, "name": s.name, "points": s.scored.map(points_value)});
                if let Some(side) = &s.side {
                    v["side"] = json!(side);
                }
                v
            })
            .collect()
    };
    let bye = p.seats.is_empty();
    let mut v =
        json!({"round": p.round, "table": p.board, "seats": seats, "result": p.result, "bye": bye});
    counted_otherwise(&mut v, p);
    v
}

/// A game that counts otherwise than entered: what was entered, and why.
fn counted_otherwise(v: &mut serde_json::Value, p: &PairingView) {
    if let Some(entered) = &p.entered {
        v["entered"] = json!(entered);
    }
    if !p.why.is_empty() {
        v["why"] = json!(why_json(p));
    }
}

/// Why a game counts otherwise than entered, in both languages.
fn why_json(p: &PairingView) -> Vec<serde_json::Value> {
    p.why.iter().map(crate::messages::both_json).collect()
}

/// Two sides: round, board, both sides with their points before the round, the result
/// in words; a team match's boards beneath it.
fn sides_text(pairings: &[PairingView], c: &Competition) -> String {
    let points = if c.is_team() {
        word(&msg!("column.match_points"))
    } else {
        word(&msg!("column.points"))
    };
    let mut table = crate::table::Table::new(
        &[
            word(&msg!("column.round")),
            word(&msg!("column.board")),
            word(&msg!("column.red")),
            points.clone(),
            word(&msg!("column.black")),
            points,
            word(&msg!("column.result")),
        ],
        &[true, false, false, true, false, true, false],
    );
    let words = |text: &str| service::in_words(text, c, crate::messages::lang());
    for p in pairings {
        let label = match p.third_place {
            true => word(&msg!("cli.third_place_mark")),
            false => String::new(),
        };
        let result = p
            .result_in_words(c, crate::messages::lang())
            .unwrap_or_default();
        table.row(vec![
            p.round.to_string(),
            format!("{}{label}", p.board),
            // A bye may stand on either line of a drawn bracket.
            p.red
                .clone()
                .unwrap_or_else(|| word(&msg!("column.bye")).to_string()),
            if p.red.is_some() {
                p.red_points.to_string()
            } else {
                String::new()
            },
            p.black
                .clone()
                .unwrap_or_else(|| word(&msg!("column.bye")).to_string()),
            if p.black.is_some() {
                p.black_points.to_string()
            } else {
                String::new()
            },
            result,
        ]);
        // A team match board by board: who is red, who black.
        for b in &p.boards {
            let side = |player: &Option<String>, team: &Option<String>| {
                format!(
                    "  {}（{}）",
                    player.clone().unwrap_or_default(),
                    team.clone().unwrap_or_default()
                )
            };
            table.row(vec![
                String::new(),
                format!("  {}", word(&msg!("cli.board_number", board = b.board))),
                side(&b.red, &b.red_team),
                String::new(),
                side(&b.black, &b.black_team),
                String::new(),
                b.result.as_deref().map(words).unwrap_or_default(),
            ]);
        }
    }
    table.render() + "\n"
}

/// A table: a line per table, its seats in turn order.
fn seated_text(pairings: &[PairingView], c: &Competition) -> String {
    let seating = c.seating();
    let mut table = crate::table::Table::new(
        &[
            word(&msg!("column.round")),
            word(&msg!("column.table")),
            word(&msg!("column.seats")),
            word(&msg!("column.result")),
        ],
        &[true, true, false, false],
    );
    for p in pairings {
        let seats = if p.seats.is_empty() {
            format!(
                "{} {}",
                p.red.clone().unwrap_or_default(),
                word(&msg!("column.bye"))
            )
        } else {
            p.seats
                .iter()
                .enumerate()
                .map(|(k, s)| {
                    let side = s
                        .side
                        .as_ref()
                        .map(|t| format!("（{t}）"))
                        .unwrap_or_default();
                    let label = service::seat_label(seating, k);
                    format!(
                        "{} {}{side}",
                        word(&label),
                        s.name.clone().unwrap_or_default()
                    )
                })
                .collect::<Vec<_>>()
                .join(" · ")
        };
        table.row(vec![
            p.round.to_string(),
            p.board.to_string(),
            seats,
            service::pairing_words(p, c, seating, crate::messages::lang()).unwrap_or_default(),
        ]);
    }
    let mut text = table.render();
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::super::JsonLine;
    use super::*;
    use tournament::Points;

    fn view(red: Option<&str>, black: Option<&str>, quarters: (i32, i32)) -> PairingView {
        PairingView {
            stage: 0,
            group: String::new(),
            round: 3,
            board: 12,
            red: red.map(str::to_string),
            black: black.map(str::to_string),
            red_club: None,
            black_club: None,
            red_number: None,
            black_number: None,
            red_points: Points::from_quarters(quarters.0),
            black_points: Points::from_quarters(quarters.1),
            result: None,
            score: None,
            games: Vec::new(),
            third_place: false,
            two_fouls: false,
            boards: Vec::new(),
            seats: Vec::new(),
            result_words: None,
            entered: None,
            entered_words: None,
            why: Vec::new(),
            winner: None,
            settled_by: None,
            annulled: false,
        }
    }

    /// The line as written here, or `None` where it is left to serde.
    fn written(pairing: PairingView) -> Option<(String, String)> {
        let line = PairingLine {
            pairing,
            seated: false,
        };
        let mut out = Vec::new();
        line.write_compact(&mut out).then(|| {
            (
                String::from_utf8(out).unwrap(),
                serde_json::to_string(&line).unwrap(),
            )
        })
    }

    #[test]
    fn a_line_written_here_is_serde_json_s_byte_for_byte() {
        let mut decided = view(Some("王天一"), Some("郑\"惟\"桐\n"), (10, -3));
        decided.result = Some("1-0".into());
        decided.score = Some("1½-½".into());
        decided.winner = Some("王天一".into());
        decided.settled_by = Some("lots");
        decided.annulled = true;
        let lines = [
            view(Some("甲"), Some("乙"), (0, 0)),
            view(Some("甲"), None, (6, 0)),
            view(Some("a\\b"), Some("c/d"), (1, 7)),
            view(None, None, (-4, -2)),
            decided,
        ];
        for pairing in lines {
            let (mine, serde) = written(pairing).expect("written here");
            assert_eq!(mine, serde);
        }
    }

    #[test]
    fn what_the_line_cannot_write_is_left_to_serde() {
        let mut entered = view(Some("甲"), Some("乙"), (0, 0));
        entered.entered = Some("1-0".into());
        assert_eq!(written(entered), None);
        let line = PairingLine {
            pairing: view(Some("甲"), Some("乙"), (0, 0)),
            seated: true,
        };
        let mut out = Vec::new();
        assert!(!line.write_compact(&mut out));
        assert!(out.is_empty());
    }
}
