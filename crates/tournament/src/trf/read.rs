//! Reads a tournament report file line by line and column by column (FIDE's TRF-16
//! layout, with JaVaFo's `XXR`/`XXS` and bbpPairings' `BB?` extensions and TRF-26's
//! `142`/`162`). Columns count characters, so Chinese names as written read back.

use super::{Field, Problem, ReportFile, ReportPlayer, ReportRound, Scale, TrfError};
use crate::Points;

/// The first column of round 1's entry; each round takes ten.
pub(super) const FIRST_ROUND: usize = 92;
pub(super) const ROUND_WIDTH: usize = 10;

/// One line as characters, read by 1-based column.
struct Line<'a> {
    number: usize,
    chars: Vec<char>,
    text: &'a str,
}

impl Line<'_> {
    fn field(&self, from: usize, to: usize) -> String {
        let end = to.min(self.chars.len());
        if from > end {
            return String::new();
        }
        self.chars[from - 1..end]
            .iter()
            .collect::<String>()
            .trim()
            .to_string()
    }

    fn error(&self, column: usize, problem: Problem) -> TrfError {
        TrfError {
            line: self.number,
            column,
            problem,
        }
    }

    fn unreadable(&self, column: usize, field: Field, text: &str) -> TrfError {
        self.error(
            column,
            Problem::Unreadable {
                field,
                text: text.to_string(),
            },
        )
    }

    fn number<T: std::str::FromStr>(
        &self,
        from: usize,
        to: usize,
        field: Field,
    ) -> Result<Option<T>, TrfError> {
        let text = self.field(from, to);
        if text.is_empty() {
            return Ok(None);
        }
        text.parse()
            .map(Some)
            .map_err(|_| self.unreadable(from, field, &text))
    }
}

fn points(text: &str) -> Option<Points> {
    text.trim().replace(',', ".").parse().ok()
}

/// Reads a whole file. Only what a line says is checked here; what the lines say
/// together (opponents, scores) is checked when the event is built.
pub fn read(text: &str) -> Result<ReportFile, TrfError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut file = ReportFile::default();
    for (index, raw) in text.lines().enumerate() {
        let raw = raw.trim_end_matches('\r');
        let line = Line {
            number: index + 1,
            chars: raw.chars().collect(),
            text: raw,
        };
        if raw.trim().is_empty() {
            continue;
        }
        let code: String = line.chars.iter().take(3).collect();
        let value = line.field(5, usize::MAX);
        match code.as_str() {
            "001" => file.players.push(player(&line)?),
            "012" => file.name = Some(value),
            "022" => file.city = Some(value),
            "042" => file.start = Some(value),
            "052" => file.end = Some(value),
            "102" => file.arbiter = Some(value),
            "122" => file.time_control = Some(value),
            "062" | "072" => {}
            "XXR" | "142" => {
                let rounds = value.parse().ok().filter(|&r| r > 0);
                file.rounds =
                    Some(rounds.ok_or_else(|| line.unreadable(5, Field::Rounds, &value))?);
            }
            "XXS" => scale_xxs(&line, &mut file.scale)?,
            "162" => scale_162(&line, &mut file.scale)?,
            "BBW" | "BBD" | "BBL" | "BBZ" | "BBF" | "BBU" => {
                let p = points(&value).ok_or_else(|| line.unreadable(5, Field::Scale, &value))?;
                let scale = &mut file.scale;
                match code.as_str() {
                    "BBW" => scale.win = p,
                    "BBD" => scale.draw = p,
                    "BBL" => scale.loss = p,
                    "BBZ" => scale.zero_bye = p,
                    "BBF" => scale.forfeit_loss = p,
                    _ => scale.pairing_bye = Some(p),
                }
            }
            _ => {}
        }
        if code != "001" {
            // Kept in order: those Qisai fills itself by code, the rest as written.
            file.header.push(match code.as_str() {
                "012" | "022" | "042" | "052" | "062" | "072" | "102" | "122" | "XXR" => code,
                _ => line.text.to_string(),
            });
        }
    }
    Ok(file)
}

fn player(line: &Line) -> Result<ReportPlayer, TrfError> {
    let number = line
        .number::<u32>(5, 8, Field::StartNumber)?
        .filter(|&n| n > 0)
        .ok_or_else(|| line.unreadable(5, Field::StartNumber, &line.field(5, 8)))?;
    let sex = match line.field(10, 10).as_str() {
        "" => None,
        "m" | "M" => Some('m'),
        "w" | "W" | "f" | "F" => Some('w'),
        other => return Err(line.unreadable(10, Field::Sex, other)),
    };
    let title = Some(line.field(11, 13)).filter(|t| !t.is_empty());
    let name = line.field(15, 47);
    let rating = line
        .number::<u32>(49, 52, Field::Rating)?
        .filter(|&r| r > 0);
    let federation = Some(line.field(54, 56)).filter(|t| !t.is_empty());
    let fide_id = line
        .number::<u64>(58, 68, Field::FideId)?
        .filter(|&n| n > 0);
    let birth = Some(line.field(70, 79)).filter(|t| !t.is_empty());
    let points_text = line.field(81, 84);
    let file_points = if points_text.is_empty() {
        None
    } else {
        Some(points(&points_text).ok_or_else(|| line.unreadable(81, Field::Points, &points_text))?)
    };
    let rank = line.number::<u32>(86, 89, Field::Rank)?;
    let mut rounds = Vec::new();
    let mut column = FIRST_ROUND;
    while column <= line.chars.len() {
        rounds.push(round_entry(line, column)?);
        column += ROUND_WIDTH;
    }
    // Rounds left blank at the end of a line are no rounds at all.
    while rounds.last().is_some_and(|r: &ReportRound| r.is_blank()) {
        rounds.pop();
    }
    Ok(ReportPlayer {
        line: line.number,
        number,
        sex,
        title,
        name,
        rating,
        federation,
        fide_id,
        birth,
        points: file_points,
        rank,
        rounds,
    })
}

fn round_entry(line: &Line, column: usize) -> Result<ReportRound, TrfError> {
    let opponent_text = line.field(column, column + 3);
    let opponent = match opponent_text.as_str() {
        "" => None,
        t => {
            let n: u32 = t
                .parse()
                .map_err(|_| line.unreadable(column, Field::Opponent, t))?;
            (n > 0).then_some(n)
        }
    };
    let colour = match line.field(column + 5, column + 5).as_str() {
        "w" | "W" => Some('w'),
        "b" | "B" => Some('b'),
        "" | "-" => None,
        other => return Err(line.unreadable(column + 5, Field::Colour, other)),
    };
    let result = line
        .field(column + 7, column + 7)
        .chars()
        .next()
        .unwrap_or(' ');
    if !"10=+-WDLHFUZ ".contains(result) {
        return Err(line.unreadable(column + 7, Field::Result, &result.to_string()));
    }
    Ok(ReportRound {
        column,
        opponent,
        colour,
        result,
        blank: opponent_text.is_empty(),
    })
}

/// JaVaFo's scoring line: `XXS W=3 D=1 HPB=1 …`.
fn scale_xxs(line: &Line, scale: &mut Scale) -> Result<(), TrfError> {
    let mut column = 5;
    for token in line.field(5, usize::MAX).split_whitespace() {
        let bad = || line.unreadable(column, Field::Scale, token);
        let (key, value) = token.split_once('=').ok_or_else(bad)?;
        let p = points(value).ok_or_else(bad)?;
        match key.to_ascii_uppercase().as_str() {
            "W" | "WW" | "BW" => scale.win = p,
            "D" | "WD" | "BD" => scale.draw = p,
            "L" | "WL" | "BL" => scale.loss = p,
            "ZPB" => scale.zero_bye = p,
            "HPB" => scale.half_bye = Some(p),
            "FPB" => scale.full_bye = Some(p),
            "PAB" => scale.pairing_bye = Some(p),
            "FW" => scale.forfeit_win = Some(p),
            "FL" => scale.forfeit_loss = p,
            _ => return Err(bad()),
        }
        column += token.chars().count() + 1;
    }
    Ok(())
}

/// TRF-26's point system: `162 W 1.0  D 0.5  L 0.0 …` (a letter, then its points).
fn scale_162(line: &Line, scale: &mut Scale) -> Result<(), TrfError> {
    let value = line.field(5, usize::MAX);
    let tokens: Vec<&str> = value.split_whitespace().collect();
    for pair in tokens.chunks(2) {
        let bad = || line.unreadable(5, Field::Scale, &pair.join(" "));
        let [letter, amount] = pair else {
            return Err(bad());
        };
        let p = points(amount).ok_or_else(bad)?;
        match *letter {
            "W" => scale.win = p,
            "D" => scale.draw = p,
            "L" => scale.loss = p,
            "Z" => {
                scale.zero_bye = p;
                scale.forfeit_loss = p;
            }
            "P" => scale.pairing_bye = Some(p),
            _ => return Err(bad()),
        }
    }
    Ok(())
}
