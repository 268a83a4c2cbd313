//! A record that cannot be read or replayed, as a message of the one catalogue:
//! where (line, ply or move) and why.

use messages::{Message, Param, msg};

/// A line of a record that cannot be read.
pub fn unreadable(line: usize, why: &str) -> Message {
    msg!("record.line", line = line, why = why)
}

pub fn xiangqi_record(e: &xiangqi::record::RecordError) -> Message {
    use xiangqi::record::RecordError::*;
    match e {
        Tag { line, text } => msg!("record.tag", line = *line, text = text),
        Format { line, source } => msg!("record.notation", line = *line, why = source.to_string()),
        Unclosed { line, what } => msg!("record.unclosed", line = *line, what = *what),
        Fen(why) => msg!("record.fen", why = why),
    }
}

/// The first Xiangqi move that cannot be played: its ply, its line, the reason.
pub fn xiangqi_illegal(e: &xiangqi::IllegalAt) -> Message {
    let why = Param::words(&e.why_zh, &e.why);
    match e.line {
        Some(line) => msg!(
            "record.illegal_ply_line",
            ply = e.ply,
            line = line,
            text = &e.text,
            why = why
        ),
        None => msg!("record.illegal_ply", ply = e.ply, text = &e.text, why = why),
    }
}

pub fn checkers_illegal(e: &checkers::IllegalAt) -> Message {
    msg!(
        "record.illegal_move_line",
        number = e.number,
        line = e.line,
        text = &e.text,
        why = &e.why
    )
}

pub fn junqi_illegal(e: &junqi::IllegalAt) -> Message {
    match e.number {
        0 => msg!("record.setup", why = &e.why),
        n => msg!("record.illegal_move", number = n, why = &e.why),
    }
}
