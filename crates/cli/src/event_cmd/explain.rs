//! `pairings --explain` as text: each round's score groups and their members, then its
//! boards with who floated and why, then anyone moved more than one group.

use messages::{Lang, msg, render};
use service::RoundExplanation;

pub(super) fn explain_text(rounds: &[RoundExplanation], lang: Lang) -> String {
    let mut out = String::new();
    for r in rounds {
        out.push_str(&render(
            &msg!("swiss_explain.round_groups", round = r.round),
            lang,
        ));
        out.push('\n');
        for g in &r.groups {
            out.push_str(&format!("  {}\n", g.words.text(lang)));
        }
        if !r.tables.is_empty() {
            out.push_str(&render(&msg!("swiss_explain.tables_rule"), lang));
            out.push('\n');
        }
        for t in &r.tables {
            out.push_str(&format!("{} {}\n", r.round, t.words.text(lang)));
        }
        for n in &r.boards {
            let black = n
                .black
                .clone()
                .unwrap_or_else(|| render(&msg!("swiss_explain.bye_mark"), lang));
            out.push_str(&format!(
                "{} {:>3}  {} - {}  {}\n",
                n.round,
                n.board,
                n.red.clone().unwrap_or_default(),
                black,
                n.words.text(lang)
            ));
        }
        for f in r.boards.iter().filter_map(|n| n.float.as_ref()) {
            if f.groups > 1 {
                let far = msg!(
                    "swiss_explain.float_far",
                    player = f.player.clone(),
                    groups = f.groups
                );
                out.push_str(&format!("! {}\n", render(&far, lang)));
            }
        }
    }
    out
}
