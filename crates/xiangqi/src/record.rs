//! Game records: a plain list of moves in any notation, or Xiangqi PGN
//! (`[Game "Chinese Chess"]`, `[FEN]`, `[Format "ICCS"|"WXF"|"Chinese"]`, numbered move
//! text; comments, variations and NAGs skipped). Moves stay text here; replaying them
//! against positions is [`crate::adjudicate`]'s job.

use std::str::FromStr;

use crate::{Notation, Outcome, Position, Setup, notation::UnknownNotation};

/// One move as written, with the line it stands on (1-based).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveText {
    pub text: String,
    pub line: usize,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Record {
    /// PGN tags in file order.
    pub tags: Vec<(String, String)>,
    pub moves: Vec<MoveText>,
    /// The notation named by `[Format]`, if any.
    pub notation: Option<Notation>,
    pub claimed: Option<Outcome>,
    /// Comments kept with the moves: (plies before it, text); 0 is before the first move.
    pub comments: Vec<(usize, String)>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    #[error("line {line}: malformed tag: {text}")]
    Tag { line: usize, text: String },
    #[error("line {line}: {source}")]
    Format {
        line: usize,
        source: UnknownNotation,
    },
    #[error("line {line}: unclosed {what}")]
    Unclosed { line: usize, what: Bracket },
    /// The `[FEN]` tag cannot be read.
    #[error("[FEN]: {0}")]
    Fen(crate::fen::FenError),
    /// The `[FEN]` tag's position cannot arise in a game.
    #[error("[FEN]: {0}")]
    Position(crate::InvalidPosition),
}

/// What a record opened and did not close.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Bracket {
    #[error("comment '{{'")]
    Comment,
    #[error("variation '('")]
    Variation,
}

impl Record {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The record as PGN text, its moves as written and its comments in braces: what a
    /// record read from another format (XQF) is kept as, read back by [`FromStr`].
    pub fn to_pgn_text(&self) -> String {
        let mut out = String::new();
        for (k, v) in &self.tags {
            out.push_str(&format!("[{k} \"{}\"]\n", v.replace('"', "\\\"")));
        }
        if let Some(notation) = self.notation {
            out.push_str(&format!("[Format \"{}\"]\n", format_tag(notation)));
        }
        out.push('\n');
        let comment = |plies: usize| {
            self.comments
                .iter()
                .filter(move |(k, _)| *k == plies)
                .map(|(_, c)| format!("{{{}}}\n", c.replace('}', ")")))
        };
        out.extend(comment(0));
        for (i, m) in self.moves.iter().enumerate() {
            out.push_str(&m.text);
            out.push('\n');
            out.extend(comment(i + 1));
        }
        out
    }

    /// The starting position: the `[FEN]` tag, or the initial array.
    pub fn start(&self) -> Result<Position, RecordError> {
        match self.tag("FEN") {
            None => Ok(Position::start()),
            Some(fen) => {
                let setup: Setup = fen.parse().map_err(RecordError::Fen)?;
                Position::from_setup(setup).map_err(RecordError::Position)
            }
        }
    }
}

impl FromStr for Record {
    type Err = RecordError;

    fn from_str(text: &str) -> Result<Record, RecordError> {
        let mut record = Record::default();
        let mut body = String::new();
        let mut body_start = 1;
        let mut in_header = true;
        for (index, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if in_header && line.starts_with('[') {
                let (key, value) = parse_tag(line).ok_or_else(|| RecordError::Tag {
                    line: index + 1,
                    text: line.to_string(),
                })?;
                if key.eq_ignore_ascii_case("Format") {
                    let n = value.parse().map_err(|source| RecordError::Format {
                        line: index + 1,
                        source,
                    })?;
                    record.notation = Some(n);
                }
                if key.eq_ignore_ascii_case("Result") {
                    record.claimed = Outcome::from_token(&value);
                }
                record.tags.push((key, value));
                continue;
            }
            if in_header && line.is_empty() {
                continue;
            }
            if in_header {
                in_header = false;
                body_start = index + 1;
            }
            body.push_str(raw);
            body.push('\n');
        }
        let (moves, result) = movetext(&body, body_start)?;
        record.moves = moves;
        if record.claimed.is_none() {
            record.claimed = result;
        }
        Ok(record)
    }
}

fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.trim_end().strip_suffix(']')?.trim();
    let (key, rest) = inner.split_once(char::is_whitespace)?;
    let value = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    Some((key.to_string(), value.replace("\\\"", "\"")))
}

/// Splits move text into move tokens, skipping comments, variations, NAGs, move
/// numbers and the result token.
fn movetext(
    body: &str,
    first_line: usize,
) -> Result<(Vec<MoveText>, Option<Outcome>), RecordError> {
    let mut moves = Vec::new();
    let mut result = None;
    let mut line = first_line;
    let mut token = String::new();
    let mut token_line = line;
    let mut depth = 0usize;
    let mut opened_at = 0;
    let mut chars = body.chars().peekable();
    let flush =
        |token: &mut String, at: usize, moves: &mut Vec<MoveText>, result: &mut Option<Outcome>| {
            if let Some(text) = move_token(token) {
                if let Some(o) = Outcome::from_token(&text) {
                    *result = Some(o);
                } else {
                    moves.push(MoveText { text, line: at });
                }
            }
            token.clear();
        };
    while let Some(c) = chars.next() {
        match c {
            '{' if depth == 0 => {
                flush(&mut token, token_line, &mut moves, &mut result);
                opened_at = line;
                loop {
                    match chars.next() {
                        Some('}') => break,
                        Some('\n') => line += 1,
                        Some(_) => {}
                        None => {
                            return Err(RecordError::Unclosed {
                                line: opened_at,
                                what: Bracket::Comment,
                            });
                        }
                    }
                }
            }
            ';' if depth == 0 => {
                flush(&mut token, token_line, &mut moves, &mut result);
                for c in chars.by_ref() {
                    if c == '\n' {
                        line += 1;
                        break;
                    }
                }
            }
            '(' => {
                flush(&mut token, token_line, &mut moves, &mut result);
                if depth == 0 {
                    opened_at = line;
                }
                depth += 1;
            }
            ')' if depth > 0 => depth -= 1,
            _ if depth > 0 => {
                if c == '\n' {
                    line += 1;
                }
            }
            c if c.is_whitespace() || c == ',' || c == '，' || c == '、' => {
                flush(&mut token, token_line, &mut moves, &mut result);
                if c == '\n' {
                    line += 1;
                }
            }
            _ => {
                if token.is_empty() {
                    token_line = line;
                }
                token.push(c);
            }
        }
    }
    if depth > 0 {
        return Err(RecordError::Unclosed {
            line: opened_at,
            what: Bracket::Variation,
        });
    }
    flush(&mut token, token_line, &mut moves, &mut result);
    Ok((moves, result))
}

/// The move in a token, without a leading move number (`12.`, `12...`, `12．`);
/// `None` for pure numbers and NAGs.
fn move_token(token: &str) -> Option<String> {
    if token.is_empty() || token.starts_with('$') {
        return None;
    }
    if Notation::detect(token).is_some() || Outcome::from_token(token).is_some() {
        return Some(token.to_string());
    }
    let digits = token.chars().take_while(|c| c.is_ascii_digit()).count();
    let rest = &token[digits..];
    let after_dots = rest.trim_start_matches(['.', '．', '。', '、']);
    if digits > 0 && after_dots.len() < rest.len() {
        return (!after_dots.is_empty()).then(|| after_dots.to_string());
    }
    Some(token.to_string())
}

/// A notation as PGN's `[Format]` tag names it.
fn format_tag(notation: Notation) -> &'static str {
    match notation {
        Notation::Iccs => "ICCS",
        Notation::Wxf => "WXF",
        Notation::Chinese => "Chinese",
    }
}

/// Writes a PGN record of legal moves from `start`.
pub fn write_pgn(
    tags: &[(String, String)],
    start: &Position,
    moves: &[crate::Move],
    notation: Notation,
    result: Outcome,
) -> String {
    write_pgn_with_comments(tags, start, moves, notation, result, &[])
}

/// [`write_pgn`] with comments, each `{…}` on its own line after the ply it follows
/// ([`Record::comments`]).
pub fn write_pgn_with_comments(
    tags: &[(String, String)],
    start: &Position,
    moves: &[crate::Move],
    notation: Notation,
    result: Outcome,
    comments: &[(usize, String)],
) -> String {
    let comment_after = |plies: usize| {
        comments
            .iter()
            .filter(move |(k, _)| *k == plies)
            .map(|(_, text)| format!("{{{}}}\n", text.replace('}', ")")))
    };
    let mut out = String::new();
    let has = |k: &str| tags.iter().any(|(t, _)| t.eq_ignore_ascii_case(k));
    if !has("Game") {
        out.push_str("[Game \"Chinese Chess\"]\n");
    }
    for (k, v) in tags {
        if !k.eq_ignore_ascii_case("Format") && !k.eq_ignore_ascii_case("Result") {
            out.push_str(&format!("[{k} \"{}\"]\n", v.replace('"', "\\\"")));
        }
    }
    if !has("FEN") && *start != Position::start() {
        out.push_str(&format!("[FEN \"{start}\"]\n"));
    }
    let format = format_tag(notation);
    out.push_str(&format!(
        "[Format \"{format}\"]\n[Result \"{}\"]\n\n",
        result.pgn()
    ));
    out.extend(comment_after(0));
    let mut pos = start.clone();
    let mut line = String::new();
    let mut after_comment = false;
    for (i, &m) in moves.iter().enumerate() {
        if i == 0 || after_comment || pos.turn() == crate::Color::Red {
            after_comment = false;
            if !line.is_empty() {
                out.push_str(line.trim_end());
                out.push('\n');
                line.clear();
            }
            let dots = if pos.turn() == crate::Color::Red {
                "."
            } else {
                "..."
            };
            line.push_str(&format!("{}{dots} ", pos.fullmoves()));
        }
        let text = notation.write_move(&pos, m);
        let text = if notation == Notation::Iccs {
            format!("{}-{}", &text[..2], &text[2..]).to_uppercase()
        } else {
            text
        };
        line.push_str(&text);
        line.push(' ');
        pos.play_unchecked(m);
        let notes: Vec<String> = comment_after(i + 1).collect();
        if !notes.is_empty() {
            out.push_str(line.trim_end());
            out.push('\n');
            line.clear();
            notes.iter().for_each(|n| out.push_str(n));
            after_comment = true;
        }
    }
    line.push_str(result.pgn());
    out.push_str(line.trim_end());
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pgn_with_comments_and_variations() {
        let pgn = "[Game \"Chinese Chess\"]\n[Red \"许银川\"]\n[Black \"吕钦\"]\n[Result \"1-0\"]\n[Format \"ICCS\"]\n\n1. H2-E2 {中炮} H9-G7 (1... C7-E7 2. H0-G2) 2. H0-G2 $1 ; rest\nI9-H9 1-0\n";
        let record: Record = pgn.parse().unwrap();
        assert_eq!(record.tag("Red"), Some("许银川"));
        assert_eq!(record.notation, Some(Notation::Iccs));
        assert_eq!(record.claimed, Some(Outcome::Red));
        let texts: Vec<&str> = record.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["H2-E2", "H9-G7", "H0-G2", "I9-H9"]);
        assert_eq!(record.moves[3].line, 8);
    }

    #[test]
    fn plain_lists_with_move_numbers() {
        let record: Record = "1.炮二平五 马8进7\n2．马二进三 车9平8\n".parse().unwrap();
        let texts: Vec<&str> = record.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["炮二平五", "马8进7", "马二进三", "车9平8"]);
        assert_eq!(record.moves[2].line, 2);
        // WXF moves that start with digits are not move numbers.
        let record: Record = "1. 33.4 P+.5".parse().unwrap();
        assert_eq!(record.moves[0].text, "33.4");
    }

    #[test]
    fn malformed_records_name_the_line() {
        let err = "[Game \"x\"\n".parse::<Record>().unwrap_err();
        assert_eq!(err.to_string(), "line 1: malformed tag: [Game \"x\"");
        let err = "h2e2\nh9g7 {never closed".parse::<Record>().unwrap_err();
        assert_eq!(err.to_string(), "line 2: unclosed comment '{'");
        let err = "[Format \"XQF\"]\nh2e2".parse::<Record>().unwrap_err();
        assert!(err.to_string().starts_with("line 1: unknown notation"));
    }
}
