//! PDF output: sizes with the embedded font subset, and every document kind renders.

mod sample;

use report::pdf::{
    BracketMatch, BracketView, CrosstableView, Heading, PageSetup, Paper, PrintOptions,
    render_bracket, render_crosstable, render_standings,
};

#[test]
fn a_2000_row_standings_pdf_stays_under_one_megabyte() {
    let pdf = render_standings(&sample::standings(2000), PrintOptions::default());
    assert!(pdf.starts_with(b"%PDF-"));
    assert!(pdf.len() <= 1_000_000, "{} bytes", pdf.len());
}

#[test]
fn a_one_page_table_is_small_because_the_font_is_subset() {
    let pdf = render_standings(&sample::standings(10), PrintOptions::default());
    // The whole font is 5 MB; a subset of the glyphs used is a few kilobytes.
    assert!(pdf.len() < 60_000, "{} bytes", pdf.len());
}

#[test]
fn crosstables_and_brackets_render_on_any_paper() {
    let heading = Heading {
        event: "赛事".into(),
        title: "总表".into(),
        lines: Vec::new(),
    };
    let table = CrosstableView {
        heading: heading.clone(),
        names: vec!["甲".into(), "乙".into()],
        clubs: vec![String::new(), String::new()],
        cells: vec![
            vec![String::new(), "2".into()],
            vec!["0".into(), String::new()],
        ],
        points: vec!["2".into(), "0".into()],
        tiebreak_names: vec![],
        tiebreaks: vec![vec![], vec![]],
        ranks: vec!["1".into(), "2".into()],
        team: false,
    };
    let bracket = BracketView {
        heading,
        rounds: vec![vec![BracketMatch {
            top: Some("甲".into()),
            bottom: None,
            score: None,
            winner: Some(0),
            by_lots: false,
        }]],
        third_place: None,
        decides_title: true,
    };
    for paper in [Paper::A4, Paper::A3] {
        for landscape in [false, true] {
            let options = PrintOptions {
                setup: PageSetup { paper, landscape },
                ..PrintOptions::default()
            };
            assert!(render_crosstable(std::slice::from_ref(&table), options).starts_with(b"%PDF-"));
            assert!(render_bracket(std::slice::from_ref(&bracket), options).starts_with(b"%PDF-"));
        }
    }
}
