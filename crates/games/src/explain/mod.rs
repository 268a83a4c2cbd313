//! A record that cannot be read or replayed, as a message of the one catalogue:
//! where (line, ply or move) and why, each engine's typed reasons worded by its module.

use messages::{Message, msg};

pub mod checkers;
pub mod junqi;
pub mod xiangqi;

/// A line of a record that cannot be read.
pub fn unreadable(line: usize, why: Message) -> Message {
    msg!("record.line", line = line, why = why)
}

pub fn xiangqi_record(e: &::xiangqi::record::RecordError) -> Message {
    use ::xiangqi::record::RecordError::*;
    match e {
        Tag { line, text } => msg!("record.tag", line = *line, text = text),
        Format { line, source } => msg!("record.notation", line = *line, name = &source.0),
        Unclosed { line, what } => {
            let what = match what {
                ::xiangqi::record::Bracket::Comment => msg!("record.unclosed_comment"),
                ::xiangqi::record::Bracket::Variation => msg!("record.unclosed_variation"),
            };
            msg!("record.unclosed", line = *line, what = what)
        }
        Fen(e) => msg!("record.fen", why = xiangqi::fen(e)),
        Position(e) => msg!("record.fen", why = xiangqi::position(e)),
    }
}

/// An XQF file that cannot be read: what is wrong and at which byte.
pub fn xqf(e: &::xiangqi::xqf::XqfError) -> Message {
    msg!("record.xqf", why = xiangqi::xqf_error(e))
}

/// The first Xiangqi move that cannot be played: its ply, its line, the reason.
pub fn xiangqi_illegal(e: &::xiangqi::IllegalAt) -> Message {
    let why = xiangqi::move_error(&e.reason);
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

/// A checkers record's header line that cannot be read.
pub fn checkers_record(e: &::checkers::RecordError) -> Message {
    unreadable(e.line, checkers::record_fault(&e.fault))
}

/// The first checkers move that cannot be played (move 0: the setup).
pub fn checkers_illegal(e: &::checkers::IllegalAt) -> Message {
    let why = checkers::move_fault(&e.fault);
    match e.number {
        0 => msg!("record.setup", why = why),
        n => msg!(
            "record.illegal_move_line",
            number = n,
            line = e.line,
            text = &e.text,
            why = why
        ),
    }
}

/// A Junqi record's line that cannot be read.
pub fn junqi_record(e: &::junqi::RecordError) -> Message {
    unreadable(e.line, junqi::record_fault(&e.fault))
}

/// The first Junqi entry that cannot stand (move 0: a setup).
pub fn junqi_illegal(e: &::junqi::IllegalAt) -> Message {
    let why = junqi::move_fault(&e.fault);
    match e.number {
        0 => msg!("record.setup", why = why),
        n => msg!("record.illegal_move", number = n, why = why),
    }
}
