//! Score slips (记分单): one per board, four to a page, for the arbiters; a team match
//! has one slip with a line per board and both captains' signatures, two to a page.

use super::canvas::{Align, Document};
use super::table::{MARGIN, number_pages};
use super::{Heading, PrintOptions, label};
use messages::msg;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Slip {
    pub round: u32,
    pub board: u32,
    pub red: String,
    pub red_club: String,
    pub black: String,
    pub black_club: String,
    /// A team match: its boards (the teams are `red` and `black`).
    pub boards: Vec<SlipBoard>,
    /// A match of several games (三局两胜): a line per game, who has red in it, and
    /// the extra game a tie goes to; empty for a single game.
    pub games: Vec<SlipGame>,
}

/// One game line of a multi-game match's slip.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SlipGame {
    /// 第 1 局 … or 加赛.
    pub label: String,
    pub red: String,
    pub black: String,
}

/// One board line of a team match's slip.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SlipBoard {
    pub board: u32,
    /// The player on red and on black.
    pub red: String,
    pub black: String,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SlipsView {
    pub heading: Heading,
    pub slips: Vec<Slip>,
}

pub fn render_slips(view: &SlipsView, options: PrintOptions) -> Vec<u8> {
    if view.slips.iter().any(|s| !s.boards.is_empty()) {
        return render_team_slips(view, options);
    }
    let l = options.lang;
    let mut doc = Document::new(&view.heading.title, options.setup);
    let lines = view.slips.iter().map(|s| s.games.len()).max().unwrap_or(0);
    let per_page = match lines {
        0 | 1 => 4,
        2..=4 => 3,
        _ => 2,
    };
    for chunk in view
        .slips
        .chunks(per_page)
        .collect::<Vec<_>>()
        .into_iter()
        .chain(
            // An empty event still prints one page, saying so.
            std::iter::once(&[][..]).filter(|_| view.slips.is_empty()),
        )
    {
        let page = doc.new_page();
        let slot = (page.height - 2.0 * MARGIN - 10.0) / per_page as f32;
        let width = page.width - 2.0 * MARGIN;
        if chunk.is_empty() {
            page.text(
                page.width / 2.0,
                page.height / 2.0,
                12.0,
                label(l, msg!("doc.no_games_to_score")),
                Align::Center,
            );
        }
        for (k, s) in chunk.iter().enumerate() {
            let top = page.height - MARGIN - k as f32 * slot;
            let bottom = top - slot + 8.0;
            page.rect(MARGIN, bottom, width, slot - 8.0, 0.8);
            let mut y = top - 20.0;
            page.text(MARGIN + 10.0, y, 12.0, &view.heading.event, Align::Left);
            let where_ = label(
                l,
                msg!("doc.round_and_board", round = s.round, board = s.board),
            );
            page.text(MARGIN + width - 10.0, y, 12.0, &where_, Align::Right);
            y -= 26.0;
            let half = width / 2.0;
            for (i, (label, name, club)) in [
                (label(l, msg!("doc.red")), &s.red, &s.red_club),
                (label(l, msg!("doc.black")), &s.black, &s.black_club),
            ]
            .into_iter()
            .enumerate()
            {
                let x = MARGIN + 10.0 + i as f32 * half;
                page.text(x, y, 10.0, label, Align::Left);
                page.text(x + 40.0, y, 13.0, name, Align::Left);
                page.text(x + 40.0, y - 16.0, 9.0, club, Align::Left);
            }
            y -= 44.0;
            if s.games.is_empty() {
                page.text(
                    MARGIN + 10.0,
                    y,
                    10.0,
                    label(l, msg!("doc.result_circle_two_sides")),
                    Align::Left,
                );
            } else {
                let games: Vec<(String, &str, &str)> = s
                    .games
                    .iter()
                    .map(|g| (g.label.clone(), g.red.as_str(), g.black.as_str()))
                    .collect();
                y = result_lines(page, y, width, &label(l, msg!("doc.game")), &games, l);
            }
            y -= 28.0;
            signatures(
                page,
                y,
                width,
                [
                    label(l, msg!("doc.red_signature")),
                    label(l, msg!("doc.black_signature")),
                    label(l, msg!("doc.arbiter")),
                ],
            );
        }
    }
    number_pages(&mut doc, l);
    doc.finish()
}

/// Lines to circle results on, under their titles: the game (or the board), who has
/// red and who black in it, the results. Returns the height of the last line.
fn result_lines(
    page: &mut super::canvas::Page,
    top: f32,
    width: f32,
    first: &str,
    lines: &[(String, &str, &str)],
    l: super::Lang,
) -> f32 {
    let x = [
        MARGIN + 10.0,
        MARGIN + 60.0,
        MARGIN + width * 0.38,
        MARGIN + width * 0.66,
    ];
    let titles = [
        first.to_string(),
        label(l, msg!("doc.red")),
        label(l, msg!("doc.black")),
        label(l, msg!("doc.result_circle")),
    ];
    for (i, title) in titles.into_iter().enumerate() {
        page.text(x[i], top, 9.5, title, Align::Left);
    }
    let mut y = top;
    for (label, red, black) in lines {
        y -= 18.0;
        page.text(x[0], y, 10.0, label, Align::Left);
        page.text(x[1], y, 10.5, red, Align::Left);
        page.text(x[2], y, 10.5, black, Align::Left);
        page.text(x[3], y, 10.0, "1-0    1/2-1/2    0-1", Align::Left);
    }
    y
}

/// Three signature lines side by side, each after its label.
fn signatures(page: &mut super::canvas::Page, y: f32, width: f32, labels: [String; 3]) {
    for (i, label) in labels.into_iter().enumerate() {
        let x = MARGIN + 10.0 + i as f32 * width / 3.0;
        page.text(x, y, 9.5, &label, Align::Left);
        let start = x + super::canvas::text_width(&label, 9.5) + 6.0;
        page.line(start, y - 2.0, x + width / 3.0 - 20.0, y - 2.0, 0.5);
    }
}

/// Team match slips: the two teams, a line per board (players and colours, a result
/// to circle), and the signatures of both captains and the arbiter.
fn render_team_slips(view: &SlipsView, options: PrintOptions) -> Vec<u8> {
    let l = options.lang;
    let mut doc = Document::new(&view.heading.title, options.setup);
    let per_page = if view.slips.iter().all(|s| s.boards.len() <= 6) {
        2
    } else {
        1
    };
    for chunk in view.slips.chunks(per_page) {
        let page = doc.new_page();
        let slot = (page.height - 2.0 * MARGIN - 10.0) / per_page as f32;
        let width = page.width - 2.0 * MARGIN;
        for (k, s) in chunk.iter().enumerate() {
            let top = page.height - MARGIN - k as f32 * slot;
            page.rect(MARGIN, top - slot + 8.0, width, slot - 8.0, 0.8);
            let mut y = top - 20.0;
            page.text(MARGIN + 10.0, y, 12.0, &view.heading.event, Align::Left);
            let where_ = label(
                l,
                msg!("doc.round_and_match", round = s.round, board = s.board),
            );
            page.text(MARGIN + width - 10.0, y, 12.0, &where_, Align::Right);
            y -= 24.0;
            let vs = format!("{}  {}  {}", s.red, label(l, msg!("doc.v")), s.black);
            page.text(page.width / 2.0, y, 13.0, &vs, Align::Center);
            y -= 22.0;
            let boards: Vec<(String, &str, &str)> = s
                .boards
                .iter()
                .map(|b| (b.board.to_string(), b.red.as_str(), b.black.as_str()))
                .collect();
            y = result_lines(page, y, width, &label(l, msg!("doc.board")), &boards, l);
            y -= 24.0;
            page.text(
                MARGIN + 10.0,
                y,
                10.0,
                label(l, msg!("doc.score_line")),
                Align::Left,
            );
            y -= 26.0;
            let red_captain = label(l, msg!("doc.captain_signature", team = &s.red));
            let black_captain = label(l, msg!("doc.captain_signature", team = &s.black));
            signatures(
                page,
                y,
                width,
                [red_captain, black_captain, label(l, msg!("doc.arbiter"))],
            );
        }
    }
    number_pages(&mut doc, l);
    doc.finish()
}

/// A table card (台次卡): the board number large, and who sits there.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TableCard {
    pub round: u32,
    pub board: u32,
    pub red: String,
    pub black: String,
    /// A table of three to six: each seat as printed (`2号 乙`, `南 甲`), in turn order;
    /// then `red` and `black` are not printed.
    pub seats: Vec<String>,
}

/// Table cards, two to a page, to stand on the boards.
pub fn render_table_cards(
    heading: &Heading,
    cards: &[TableCard],
    options: PrintOptions,
) -> Vec<u8> {
    let l = options.lang;
    let mut doc = Document::new(&heading.title, options.setup);
    for pair in cards.chunks(2) {
        let page = doc.new_page();
        let slot = (page.height - 2.0 * MARGIN) / 2.0;
        let width = page.width - 2.0 * MARGIN;
        for (k, card) in pair.iter().enumerate() {
            let top = page.height - MARGIN - k as f32 * slot;
            page.rect(MARGIN, top - slot + 6.0, width, slot - 12.0, 1.0);
            let centre = page.width / 2.0;
            page.text(centre, top - 30.0, 12.0, &heading.event, Align::Center);
            let at_table = !card.seats.is_empty();
            let board = match at_table {
                false => label(l, msg!("doc.board_n", board = card.board)),
                true => label(l, msg!("doc.table_n", table = card.board)),
            };
            page.text(centre, top - slot * 0.42, 64.0, &board, Align::Center);
            let round = label(l, msg!("doc.round_n", round = card.round));
            page.text(
                centre,
                top - slot * 0.42 - 30.0,
                12.0,
                &round,
                Align::Center,
            );
            let names = if at_table {
                card.seats.join("  ·  ")
            } else {
                format!(
                    "{}（{}）  —  {}（{}）",
                    card.red,
                    label(l, msg!("doc.red_short")),
                    card.black,
                    label(l, msg!("doc.black_short"))
                )
            };
            page.cell(
                MARGIN,
                top - slot * 0.78,
                width,
                24.0,
                &names,
                Align::Center,
            );
        }
    }
    number_pages(&mut doc, l);
    doc.finish()
}

/// One seat of a table's slip: its label (1号, 南), the player, and the club or pair.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TableSlipSeat {
    pub label: String,
    pub name: String,
    pub club: String,
}

/// A table of three to six (跳棋, 四国军棋): its seats in turn order and a line for the
/// result, the finishing order at checkers, the winning side at Junqi.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TableSlip {
    pub round: u32,
    pub table: u32,
    pub seats: Vec<TableSlipSeat>,
    /// Four-player Junqi: two sides, south and north against east and west.
    pub junqi: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TableSlipsView {
    pub heading: Heading,
    pub slips: Vec<TableSlip>,
}

/// Table slips, three to a page: the seats in two columns, then the finishing-order
/// line (or the sides to circle) and the signatures.
pub fn render_table_slips(view: &TableSlipsView, options: PrintOptions) -> Vec<u8> {
    let l = options.lang;
    let mut doc = Document::new(&view.heading.title, options.setup);
    let per_page = 3;
    let empty = std::iter::once(&[][..]).filter(|_| view.slips.is_empty());
    for chunk in view.slips.chunks(per_page).chain(empty) {
        let page = doc.new_page();
        let slot = (page.height - 2.0 * MARGIN - 10.0) / per_page as f32;
        let width = page.width - 2.0 * MARGIN;
        if chunk.is_empty() {
            let none = label(l, msg!("doc.no_games_to_score"));
            page.text(
                page.width / 2.0,
                page.height / 2.0,
                12.0,
                none,
                Align::Center,
            );
        }
        for (k, s) in chunk.iter().enumerate() {
            let top = page.height - MARGIN - k as f32 * slot;
            page.rect(MARGIN, top - slot + 8.0, width, slot - 8.0, 0.8);
            let mut y = top - 20.0;
            page.text(MARGIN + 10.0, y, 12.0, &view.heading.event, Align::Left);
            let where_ = label(
                l,
                msg!("doc.round_and_table", round = s.round, table = s.table),
            );
            page.text(MARGIN + width - 10.0, y, 12.0, &where_, Align::Right);
            y -= 24.0;
            let half = width / 2.0;
            let rows = s.seats.len().div_ceil(2);
            for (i, seat) in s.seats.iter().enumerate() {
                let x = MARGIN + 10.0 + (i / rows) as f32 * half;
                let line = y - (i % rows) as f32 * 30.0;
                page.text(x, line, 10.0, &seat.label, Align::Left);
                page.text(x + 40.0, line, 13.0, &seat.name, Align::Left);
                page.text(x + 40.0, line - 13.0, 9.0, &seat.club, Align::Left);
            }
            y -= rows as f32 * 30.0 + 10.0;
            let result = if s.junqi {
                label(l, msg!("doc.result_circle_junqi")).to_string()
            } else {
                let blanks: Vec<String> =
                    (1..=s.seats.len()).map(|p| format!("{p}. ____")).collect();
                format!(
                    "{}{}",
                    label(l, msg!("doc.finishing_order_seat_numbers")),
                    blanks.join("   ")
                )
            };
            page.text(MARGIN + 10.0, y, 10.0, &result, Align::Left);
            y -= 28.0;
            signatures(
                page,
                y,
                width,
                [
                    label(l, msg!("doc.players")),
                    label(l, msg!("doc.recorder")),
                    label(l, msg!("doc.arbiter")),
                ],
            );
        }
    }
    number_pages(&mut doc, l);
    doc.finish()
}
