//! PDF documents: pairing sheets, score slips, standings, crosstables, Swiss wall charts
//! and brackets,
//! each from a plain view struct. Chinese by default, English labels on request; long
//! lists break across pages with the header row repeated and "第 x 页 / 共 y 页".

mod bracket;
mod canvas;
mod sheets;
mod slips;
mod table;

pub use bracket::{BracketMatch, BracketView, render_bracket};
pub use canvas::{PageSetup, Paper, text_width};
pub use sheets::{
    BoardLine, CrosstableView, PairingLine, PairingSheet, RoundSheet, Side, StandingLine,
    StandingsSheet, TableSheet, WallChartRow, WallChartView, render_crosstable, render_rounds,
    render_standings, render_tables, render_wall_chart,
};
pub use slips::{
    Slip, SlipBoard, SlipGame, SlipsView, TableCard, TableSlip, TableSlipSeat, TableSlipsView,
    render_slips, render_table_cards, render_table_slips,
};

/// The language of labels.
pub use messages::Lang;
use messages::msg;

/// A label of a document in `lang`, from the catalogue.
pub fn label(lang: Lang, message: messages::Message) -> String {
    messages::render(&message, lang)
}

/// "Page 2 of 5" in `lang`.
pub(crate) fn page_of(lang: Lang, page: usize, pages: usize) -> String {
    label(lang, msg!("doc.page_of", page = page, pages = pages))
}

/// What heads every page: the event, the competition, the document's title, and lines
/// such as the round, the date and the time control.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Heading {
    pub event: String,
    pub title: String,
    pub lines: Vec<String>,
}

/// How to print.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PrintOptions {
    pub setup: PageSetup,
    pub lang: Lang,
}
