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
