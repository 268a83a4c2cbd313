//! A table that breaks across pages, repeating its header row, with the heading on
//! every page and the page count in the footer.

use super::canvas::{Align, Document, Page};
use super::{Heading, Lang};

pub struct Column {
    pub title: String,
    /// Share of the page width.
    pub weight: f32,
    pub align: Align,
}

impl Column {
    pub fn new(title: impl Into<String>, weight: f32, align: Align) -> Column {
        Column {
            title: title.into(),
            weight,
            align,
        }
    }
}

pub const MARGIN: f32 = 36.0;

/// Draws the heading at the top of a page; returns the y below it.
pub fn draw_heading(page: &mut Page, heading: &Heading) -> f32 {
    let mut y = page.height - MARGIN - 16.0;
    page.text(page.width / 2.0, y, 16.0, &heading.event, Align::Center);
    y -= 22.0;
    page.text(page.width / 2.0, y, 13.0, &heading.title, Align::Center);
    for line in &heading.lines {
        y -= 16.0;
        page.text(page.width / 2.0, y, 9.5, line, Align::Center);
    }
    y - 14.0
}

/// Writes the page numbers once all pages exist.
pub fn number_pages(doc: &mut Document, lang: Lang) {
    let pages = doc.page_count();
    for i in 0..pages {
        let page = doc.page(i);
        let (x, y) = (page.width / 2.0, MARGIN / 2.0);
        page.text(x, y, 8.5, super::page_of(lang, i + 1, pages), Align::Center);
    }
}

/// Draws `rows` under `columns`, as many pages as they need.
pub fn draw_table(
    doc: &mut Document,
    heading: &Heading,
    columns: &[Column],
    rows: &[Vec<String>],
    font_size: f32,
) {
    let row_height = font_size * 1.9;
    let total: f32 = columns.iter().map(|c| c.weight).sum();
    let mut start = 0;
    loop {
        let page = doc.new_page();
        let width = page.width - 2.0 * MARGIN;
        let xs: Vec<f32> = columns
            .iter()
            .scan(MARGIN, |x, c| {
                let at = *x;
                *x += c.weight / total * width;
                Some(at)
            })
            .collect();
        let widths: Vec<f32> = columns.iter().map(|c| c.weight / total * width).collect();
        let mut y = draw_heading(page, heading);
        // Header row.
        page.line(MARGIN, y + 4.0, MARGIN + width, y + 4.0, 0.9);
        y -= row_height * 0.7;
        for (i, c) in columns.iter().enumerate() {
            page.cell(xs[i], y, widths[i], font_size, &c.title, Align::Center);
        }
        y -= row_height * 0.3 + 2.0;
        page.line(MARGIN, y, MARGIN + width, y, 0.9);
        let bottom = MARGIN + 18.0;
        while start < rows.len() && y - row_height >= bottom {
            let text_y = y - row_height * 0.68;
            for (i, c) in columns.iter().enumerate() {
                let value = rows[start].get(i).map(String::as_str).unwrap_or("");
                page.cell(xs[i], text_y, widths[i], font_size, value, c.align);
            }
            y -= row_height;
            page.line(MARGIN, y, MARGIN + width, y, 0.3);
            start += 1;
        }
        if start >= rows.len() {
            break;
        }
    }
}
