//! The sheets of a table event: the pairings a table to a line with every seat, and a
//! slip per table with its seats and a line for the finishing order (checkers) or the
//! winning side (four-player Junqi).

use report::pdf::{
    Lang, PrintOptions, TableSheet, TableSlip, TableSlipSeat, TableSlipsView, render_table_slips,
    render_tables,
};
use tournament::{Competition, GameKind};

use crate::print::heading_of;
use crate::views::PairingView;

/// A seat's label as printed: 1号 (checkers), 南 (Junqi).
pub(crate) fn label(seat: &serde_json::Value, en: bool) -> String {
    match (seat.as_str(), en) {
        (Some(s), true) => s.to_string(),
        (Some(s), false) => {
            let i = tournament::tables::result::JUNQI_SEATS
                .iter()
                .position(|x| *x == s)
                .unwrap_or(0);
            tournament::tables::result::JUNQI_SEATS_ZH[i].to_string()
        }
        (None, true) => format!("Seat {seat}"),
        (None, false) => format!("{seat}号"),
    }
}

/// Pairings (one line per table) or slips of one round of a table event.
pub(crate) fn print(
    c: &Competition,
    stage: usize,
    round: u32,
    pairings: &[PairingView],
    slips: bool,
    options: PrintOptions,
) -> Vec<u8> {
    let en = options.lang == Lang::En;
    let junqi = c.game == GameKind::Junqi;
    if slips {
        let title = match en {
            true => format!("Round {round} table slips"),
            false => format!("第 {round} 轮记分单"),
        };
        let slips = pairings
            .iter()
            .filter(|p| !p.seats.is_empty())
            .map(|p| TableSlip {
                round,
                table: p.board,
                seats: p
                    .seats
                    .iter()
                    .map(|s| TableSlipSeat {
                        label: label(&s.seat, en),
                        name: s.name.clone().unwrap_or_default(),
                        club: s.side.clone().or(s.club.clone()).unwrap_or_default(),
                    })
                    .collect(),
                junqi,
            })
            .collect();
        let view = TableSlipsView {
            heading: heading_of(c, stage, title, &options),
            slips,
        };
        return render_table_slips(&view, options);
    }
    let title = match en {
        true => format!("Round {round} pairings"),
        false => format!("第 {round} 轮对阵表"),
    };
    render_tables(&[sheet(c, stage, title, pairings, &options)], options)
}

/// One round of a table event as a table: a line per table, a column per seat, the
/// result in words.
pub(crate) fn sheet(
    c: &Competition,
    stage: usize,
    title: String,
    pairings: &[PairingView],
    options: &PrintOptions,
) -> TableSheet {
    let en = options.lang == Lang::En;
    let junqi = c.game == GameKind::Junqi;
    let seats = pairings.iter().map(|p| p.seats.len()).max().unwrap_or(0);
    let pick = |zh: &str, english: &str| {
        if en {
            english.to_string()
        } else {
            zh.to_string()
        }
    };
    let mut columns = vec![(pick("桌", "Table"), 0.6, false)];
    for s in 0..seats {
        let seat = match junqi {
            true => serde_json::Value::from(tournament::tables::result::JUNQI_SEATS[s % 4]),
            false => serde_json::Value::from(s + 1),
        };
        columns.push((label(&seat, en), 2.0, true));
    }
    columns.push((pick("结果", "Result"), 1.6, true));
    let rows = pairings
        .iter()
        .map(|p| {
            let mut row = vec![p.board.to_string()];
            if p.seats.is_empty() {
                let bye = pick("（轮空）", "(bye)");
                row.push(format!("{} {bye}", p.red.clone().unwrap_or_default()));
                row.extend((1..seats).map(|_| String::new()));
            } else {
                row.extend(p.seats.iter().map(|s| {
                    let name = s.name.clone().unwrap_or_default();
                    match &s.side {
                        Some(side) => format!("{name}（{side}）"),
                        None => name,
                    }
                }));
                row.extend((p.seats.len()..seats).map(|_| String::new()));
            }
            row.push(crate::tables::table_pairing_words(p, c.game, en).unwrap_or_default());
            row
        })
        .collect();
    TableSheet {
        heading: heading_of(c, stage, title, options),
        columns,
        rows,
    }
}

/// Each seat of a table as a table card prints it: `2号 乙`, `南 甲`.
pub(crate) fn card_seats(p: &PairingView, en: bool) -> Vec<String> {
    p.seats
        .iter()
        .map(|s| {
            format!(
                "{} {}",
                label(&s.seat, en),
                s.name.clone().unwrap_or_default()
            )
        })
        .collect()
}
