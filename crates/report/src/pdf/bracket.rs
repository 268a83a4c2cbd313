//! The knockout drawn as a tree: names on lines, connectors, match scores, the
//! champion. Brackets of more than 32 lines are split: one page per 32-line section,
//! then a page for the rounds between the section winners; each side says where a line
//! continues.

use super::canvas::{Align, Document, Page};
use super::table::{MARGIN, draw_heading, number_pages};
use super::{Heading, Lang, PrintOptions, label};
use messages::msg;

#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct BracketMatch {
    /// `None` in round 1 is a bye; later, not known yet.
    pub top: Option<String>,
    pub bottom: Option<String>,
    pub score: Option<String>,
    /// 0 = top, 1 = bottom.
    pub winner: Option<usize>,
    /// The winner went on by drawing lots (a tied match).
    pub by_lots: bool,
}

impl BracketMatch {
    fn winner_name(&self) -> Option<String> {
        match self.winner? {
            0 => self.top.clone(),
            _ => self.bottom.clone(),
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct BracketView {
    pub heading: Heading,
    /// Round 1 first; round r has half the matches of round r − 1.
    pub rounds: Vec<Vec<BracketMatch>>,
    /// The third-place match, when one is played.
    pub third_place: Option<BracketMatch>,
    /// The bracket decides the title (the final): its winner is 冠军; otherwise a group's
    /// winner, 小组第一.
    pub decides_title: bool,
}

const SECTION: usize = 32;

/// One tree to draw: `entries` on the left, `rounds[l]` the matches between level l
/// and l + 1. `entry_notes` are printed before entries (page references), `last_note`
/// after the last level.
struct Tree<'a> {
    entries: &'a [Option<String>],
    rounds: &'a [&'a [BracketMatch]],
    entry_notes: &'a [String],
    last_note: &'a str,
    /// An empty first-round line is a bye (else a line not known yet).
    byes: bool,
}

fn draw_tree(page: &mut Page, top: f32, tree: Tree<'_>, lang: Lang) {
    let Tree {
        entries,
        rounds,
        entry_notes,
        last_note,
        byes: bye_first_round,
    } = tree;
    let levels = rounds.len();
    let bottom = MARGIN + 20.0;
    let left = MARGIN
        + if entry_notes.iter().any(|n| !n.is_empty()) {
            46.0
        } else {
            0.0
        };
    let col = (page.width - MARGIN - left) / (levels as f32 + 1.0);
    let dy = (top - bottom) / entries.len().max(1) as f32;
    let size = (dy * 0.55).clamp(5.5, 10.0);
    let mut ys: Vec<f32> = (0..entries.len())
        .map(|i| top - (i as f32 + 0.5) * dy)
        .collect();
    let mut names: Vec<Option<String>> = entries.to_vec();
    let empty = if bye_first_round {
        label(lang, msg!("doc.bye"))
    } else {
        String::new()
    };
    #[allow(clippy::needless_range_loop)] // level runs one past rounds: the winners column
    for level in 0..=levels {
        let x = left + level as f32 * col;
        for (k, y) in ys.iter().enumerate() {
            page.line(x, *y, x + col, *y, 0.6);
            let name = names[k].clone().unwrap_or_else(|| {
                if level == 0 {
                    empty.to_string()
                } else {
                    String::new()
                }
            });
            page.cell(x, y + 2.5, col, size, &name, Align::Left);
            if level == 0
                && let Some(note) = entry_notes.get(k).filter(|n| !n.is_empty())
            {
                page.text(MARGIN, y + 2.5, 7.5, note, Align::Left);
            }
        }
        if level == levels {
            if !last_note.is_empty() {
                for y in &ys {
                    page.text(x + col - 2.0, y - 9.0, 7.5, last_note, Align::Right);
                }
            }
            break;
        }
        let matches = rounds[level];
        let mut next_ys = Vec::new();
        let mut next_names = Vec::new();
        for k in 0..ys.len() / 2 {
            let (a, b) = (ys[2 * k], ys[2 * k + 1]);
            page.line(x + col, a, x + col, b, 0.6);
            let m = matches.get(k);
            if let Some(m) = m
                && let Some(score) = m.score.as_deref()
            {
                // A tie decided by drawing lots says so beside its score.
                let score = if m.by_lots {
                    format!("{score}{}", label(lang, msg!("doc.lots")))
                } else {
                    score.to_string()
                };
                page.text(
                    x + col - 3.0,
                    (a + b) / 2.0 - 3.0,
                    (size * 0.8).max(5.5),
                    &score,
                    Align::Right,
                );
            }
            next_ys.push((a + b) / 2.0);
            next_names.push(m.and_then(BracketMatch::winner_name));
        }
        ys = next_ys;
        names = next_names;
    }
}

fn first_round_entries(rounds: &[Vec<BracketMatch>]) -> Vec<Option<String>> {
    rounds.first().map_or_else(Vec::new, |r| {
        r.iter()
            .flat_map(|m| [m.top.clone(), m.bottom.clone()])
            .collect()
    })
}

/// One bracket after another (a stage's groups), each from a new page.
pub fn render_bracket(views: &[BracketView], options: PrintOptions) -> Vec<u8> {
    let title = views.first().map_or("", |v| v.heading.title.as_str());
    let mut doc = Document::new(title, options.setup);
    for view in views {
        draw_bracket(&mut doc, view, options.lang);
    }
    number_pages(&mut doc, options.lang);
    doc.finish()
}

/// The winner, in the bottom corner: 冠军 on the final's bracket, 小组第一 on a group's.
fn champion_line(page: &mut Page, champion: &str, l: Lang, decides_title: bool) {
    let title = if decides_title {
        label(l, msg!("doc.champion"))
    } else {
        label(l, msg!("doc.group_winner"))
    };
    let label = format!("{title}：{champion}");
    page.text(
        page.width - MARGIN,
        MARGIN + 4.0,
        12.0,
        &label,
        Align::Right,
    );
}

/// The third-place match, written under the tree.
fn third_place_line(page: &mut Page, view: &BracketView, l: Lang) {
    let Some(m) = &view.third_place else { return };
    let players = format!(
        "{} — {}",
        m.top.clone().unwrap_or_default(),
        m.bottom.clone().unwrap_or_default()
    );
    let line = match (m.winner_name(), &m.score) {
        (Some(w), Some(score)) => format!(
            "{}：{players}  {score}（{w}）",
            label(l, msg!("doc.third_place"))
        ),
        _ => format!("{}：{players}", label(l, msg!("doc.third_place"))),
    };
    page.text(MARGIN, MARGIN + 4.0, 10.0, &line, Align::Left);
}

fn draw_bracket(doc: &mut Document, view: &BracketView, l: Lang) {
    let entries = first_round_entries(&view.rounds);
    let lines = entries.len();
    let all: Vec<&[BracketMatch]> = view.rounds.iter().map(Vec::as_slice).collect();
    if lines <= SECTION {
        let page = doc.new_page();
        let top = draw_heading(page, &view.heading);
        draw_tree(
            page,
            top,
            Tree {
                entries: &entries,
                rounds: &all,
                entry_notes: &[],
                last_note: "",
                byes: true,
            },
            l,
        );
        let champion = view
            .rounds
            .last()
            .and_then(|r| r.first())
            .and_then(BracketMatch::winner_name);
        if let Some(champion) = champion {
            champion_line(page, &champion, l, view.decides_title);
        }
        third_place_line(page, view, l);
    } else {
        let sections = lines / SECTION;
        let depth = SECTION.trailing_zeros() as usize;
        let final_page = doc.page_count() + sections + 1;
        for s in 0..sections {
            let page = doc.new_page();
            let mut heading = view.heading.clone();
            heading.lines.push(label(
                l,
                msg!(
                    "doc.bracket_section",
                    section = s + 1,
                    first = s * SECTION + 1,
                    last = (s + 1) * SECTION
                ),
            ));
            let top = draw_heading(page, &heading);
            let rounds: Vec<&[BracketMatch]> = (0..depth.min(all.len()))
                .map(|r| {
                    let per = SECTION >> (r + 1);
                    let start = (s * per).min(all[r].len());
                    &all[r][start..(start + per).min(all[r].len())]
                })
                .collect();
            let note = label(l, msg!("doc.continues_on_page", page = final_page));
            let section = &entries[s * SECTION..(s + 1) * SECTION];
            draw_tree(
                page,
                top,
                Tree {
                    entries: section,
                    rounds: &rounds,
                    entry_notes: &[],
                    last_note: &note,
                    byes: true,
                },
                l,
            );
        }
        let first_section_page = doc.page_count() + 1 - sections;
        let page = doc.new_page();
        let mut heading = view.heading.clone();
        heading
            .lines
            .push(label(l, msg!("doc.section_winners")).to_string());
        let top = draw_heading(page, &heading);
        let winners: Vec<Option<String>> = (0..sections)
            .map(|s| {
                all.get(depth - 1)
                    .and_then(|r| r.get(s))
                    .and_then(BracketMatch::winner_name)
            })
            .collect();
        let notes: Vec<String> = (0..sections)
            .map(|s| label(l, msg!("doc.page", page = first_section_page + s)))
            .collect();
        let later: Vec<&[BracketMatch]> = all.iter().skip(depth).copied().collect();
        draw_tree(
            page,
            top,
            Tree {
                entries: &winners,
                rounds: &later,
                entry_notes: &notes,
                last_note: "",
                byes: false,
            },
            l,
        );
        if let Some(champion) = view
            .rounds
            .last()
            .and_then(|r| r.first())
            .and_then(BracketMatch::winner_name)
        {
            champion_line(page, &champion, l, view.decides_title);
        }
        third_place_line(page, view, l);
    }
}
