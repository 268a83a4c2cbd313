//! Table events at the command line: entering a table's result, and pairings by seat.

use serde_json::json;
use service::{PairingView, TableEntry};

use super::{FileArg, fail, open, say};
use crate::Failure;
use crate::messages::say as word;

/// Whether the event is played at tables (of three to six, or Junqi's pairs).
pub(super) fn is_table_event(file: &FileArg) -> Result<bool, Failure> {
    Ok(open(file)?.competition().map_err(fail)?.tables.is_some())
}

/// `qisai result R T …` at a table event.
pub(super) fn enter(file: &FileArg, entry: TableEntry, en: bool) -> Result<(), Failure> {
    let mut event = open(file)?;
    let r = event.record_table_result(entry).map_err(fail)?;
    let place = match en {
        true => format!("round {}, table {}", r.round, r.table),
        false => format!("第 {} 轮 第 {} 桌", r.round, r.table),
    };
    let result = format!("{}（{}）", word(&r.words), r.result);
    match (&r.corrected_from, en) {
        (Some(old), true) => println!("{place}: corrected {old} → {result}"),
        (Some(old), false) => println!("{place}：更正 {old} → {result}"),
        (None, true) => println!("{place}: {result}"),
        (None, false) => println!("{place}：{result}"),
    }
    let verdict = if en {
        &r.adjudicated
    } else {
        &r.adjudicated_zh
    };
    if let Some(verdict) = verdict {
        let overridden = match (r.overridden, en) {
            (true, true) => " (overridden)",
            (true, false) => "（已由裁判改判）",
            _ => "",
        };
        let label = if en { "record: " } else { "棋谱判定：" };
        println!("{label}{verdict}{overridden}");
    }
    for (round, table) in &r.reset {
        say(
            en,
            format!("reset: round {round}, table {table}"),
            format!("已重置：第 {round} 轮 第 {table} 桌"),
        );
    }
    Ok(())
}

/// A table's pairing as scripts read it: `{"round","table","seats":[{"seat","name",
/// "points"}…],"result","bye"}` — each seat's points at that table, the result as it
/// counts (`entered` and `why` when fouls or the quick-win rule changed it); fixed pairs
/// name each player's pair as `side`.
pub(super) fn pairing_json(p: &PairingView) -> serde_json::Value {
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
                let mut v = json!({"seat": s.seat, "name": s.name, "points": s.scored.map(service::points_value)});
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
    // A table that counts otherwise than entered: what was entered, and why.
    if let Some(entered) = &p.entered {
        v["entered"] = json!(entered);
    }
    if !p.why.is_empty() {
        let why: Vec<serde_json::Value> = p.why.iter().map(crate::messages::both_json).collect();
        v["why"] = json!(why);
    }
    v
}

/// A seat as a person reads it: `2号` / `seat 2`, Junqi's sides by name.
fn seat_label(seat: &serde_json::Value, en: bool) -> String {
    use tournament::tables::result::{JUNQI_SEATS, JUNQI_SEATS_ZH};
    match (seat.as_str(), en) {
        (Some(s), true) => s.to_string(),
        (Some(s), false) => JUNQI_SEATS
            .iter()
            .position(|&x| x == s)
            .map_or(s, |i| JUNQI_SEATS_ZH[i])
            .to_string(),
        (None, true) => format!("seat {seat}"),
        (None, false) => format!("{seat}号"),
    }
}

/// Pairings of a table event as text: a line per table, its seats in turn order.
pub(super) fn pairings_text(
    pairings: &[PairingView],
    game: tournament::GameKind,
    en: bool,
) -> String {
    let pick = |zh: &'static str, english: &'static str| if en { english } else { zh };
    let mut table = crate::table::Table::new(
        &[
            pick("轮", "Rd"),
            pick("桌", "Tbl"),
            pick("座位", "Seats"),
            pick("结果", "Result"),
        ],
        &[true, true, false, false],
    );
    for p in pairings {
        let seats = if p.seats.is_empty() {
            format!(
                "{} {}",
                p.red.clone().unwrap_or_default(),
                pick("（轮空）", "(bye)")
            )
        } else {
            p.seats
                .iter()
                .map(|s| {
                    let side = s
                        .side
                        .as_ref()
                        .map(|t| format!("（{t}）"))
                        .unwrap_or_default();
                    format!(
                        "{} {}{side}",
                        seat_label(&s.seat, en),
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
            service::table_pairing_words(p, game, en).unwrap_or_default(),
        ]);
    }
    let mut text = table.render();
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text
}
