//! Chinese notation: `炮二平五`, `马8进7`, `前车进一`, `后炮平四`, `中兵进一`, `二兵平五`
//! (four or five soldiers on a file, counted from the front), `前七平六` (soldiers
//! sharing two files: order, then file). Traditional characters (車馬砲帥仕相...),
//! full-width digits and the Hong Kong order `車前平三` are read too. Red writes
//! Chinese numerals, black Arabic digits.

use super::descriptive::{self, Described, Descriptive, Direction, Pick, Which};
use super::{Chars, Syntax, SyntaxError};
use crate::{Color, IllegalMove, Move, Position, Role};

const NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

fn role_of(c: char) -> Option<Role> {
    Some(match c {
        '帅' | '帥' | '将' | '將' => Role::General,
        '仕' | '士' => Role::Advisor,
        '相' | '象' => Role::Elephant,
        '马' | '馬' | '傌' | '碼' => Role::Horse,
        '车' | '車' | '俥' | '伡' => Role::Chariot,
        '炮' | '砲' | '包' => Role::Cannon,
        '兵' | '卒' => Role::Soldier,
        _ => return None,
    })
}

/// 1–9 from a Chinese numeral, an ASCII digit or a full-width digit.
fn number(c: char) -> Option<u8> {
    if let Some(i) = NUMERALS.iter().position(|&n| n == c) {
        return Some(i as u8 + 1);
    }
    let ascii = match c {
        '１'..='９' => char::from_u32(c as u32 - '１' as u32 + '1' as u32)?,
        _ => c,
    };
    ascii
        .to_digit(10)
        .filter(|d| (1..=9).contains(d))
        .map(|d| d as u8)
}

fn direction_of(c: char) -> Option<Direction> {
    match c {
        '进' | '進' => Some(Direction::Forward),
        '退' => Some(Direction::Backward),
        '平' => Some(Direction::Sideways),
        _ => None,
    }
}

fn pick_of(c: char) -> Option<Pick> {
    match c {
        '前' => Some(Pick::Front),
        '后' | '後' => Some(Pick::Rear),
        '中' => Some(Pick::Middle),
        _ => None,
    }
}

/// What a character (of the Basic Multilingual Plane) says in a move, one byte each: a
/// piece (1–7: the roles in [`ROLES`] order), a numeral (16 + n) or a direction
/// (32 + forward 0, back 1, sideways 2); 0 for anything else. One load a character on
/// the hot path of reading records, indexed by the code point itself.
static CLASS: [u8; 0x10000] = {
    let mut table = [0u8; 0x10000];
    let pieces: [(&[char], u8); 7] = [
        (&['帅', '帥', '将', '將'], 1),
        (&['仕', '士'], 2),
        (&['相', '象'], 3),
        (&['马', '馬', '傌', '碼'], 4),
        (&['车', '車', '俥', '伡'], 5),
        (&['炮', '砲', '包'], 6),
        (&['兵', '卒'], 7),
    ];
    let mut i = 0;
    while i < pieces.len() {
        let (chars, class) = pieces[i];
        let mut k = 0;
        while k < chars.len() {
            table[chars[k] as usize] = class;
            k += 1;
        }
        i += 1;
    }
    let mut n = 0;
    while n < NUMERALS.len() {
        table[NUMERALS[n] as usize] = 17 + n as u8;
        n += 1;
    }
    table['进' as usize] = 32;
    table['進' as usize] = 32;
    table['退' as usize] = 33;
    table['平' as usize] = 34;
    table
};

/// The class of a three-byte UTF-8 character (0 when it is none of ours).
#[inline]
fn class3([lead, second, third]: [u8; 3]) -> u8 {
    if lead & 0xF0 != 0xE0 {
        return 0;
    }
    // Below 0x10000 by construction: one load, no bounds check.
    let code = (usize::from(lead & 0x0F) << 12)
        | (usize::from(second & 0x3F) << 6)
        | usize::from(third & 0x3F);
    CLASS[code]
}

/// Plays `炮二平五`, `马8进7` (a piece named by its file) in one pass; `None` for any other
/// form, or when the general path must decide.
#[inline]
pub(crate) fn play_fast(pos: &mut Position, text: &str) -> Option<Result<Move, IllegalMove>> {
    // By the byte length: red writes four Chinese characters (12 bytes), black two and
    // two ASCII digits (8 bytes); anything else takes the general path. Fixed-size
    // arrays let every byte be read without a bounds check.
    let digit = |d: u8| (b'1'..=b'9').contains(&d).then(|| d - b'0');
    let numeral = |class: u8| (17..=25).contains(&class).then(|| class - 16);
    let (p, file, d, steps) = match *text.as_bytes() {
        [a0, a1, a2, b0, b1, b2, c0, c1, c2, d0, d1, d2] => (
            class3([a0, a1, a2]),
            numeral(class3([b0, b1, b2]))?,
            class3([c0, c1, c2]),
            numeral(class3([d0, d1, d2]))?,
        ),
        [a0, a1, a2, f, c0, c1, c2, n] => (
            class3([a0, a1, a2]),
            digit(f)?,
            class3([c0, c1, c2]),
            digit(n)?,
        ),
        _ => return None,
    };
    let role = *Role::ALL.get(usize::from(p).checked_sub(1)?)?;
    let direction = match d {
        32 => Direction::Forward,
        33 => Direction::Backward,
        34 => Direction::Sideways,
        _ => return None,
    };
    descriptive::play_by_file(pos, role, file, direction, steps)
}

#[inline]
pub fn parse(text: &str) -> Result<Descriptive, SyntaxError> {
    let bad = |kind: Syntax| SyntaxError::new(text, kind);
    let four = || bad(Syntax::ChineseLength);
    let chars = Chars::<5>::of(text).ok_or_else(four)?;
    let chars = chars.as_slice();
    if chars.len() < 4 {
        return Err(four());
    }
    let (head, tail) = chars.split_at(chars.len() - 2);
    let direction = direction_of(tail[0]).ok_or_else(|| bad(Syntax::ChineseDirection))?;
    let steps = number(tail[1]).ok_or_else(|| bad(Syntax::ChineseSteps))?;
    let (role, which) = match *head {
        // 炮二 / 马8
        [p, f] if role_of(p).is_some() && number(f).is_some() => {
            (role_of(p), Which::File(number(f).unwrap_or(1)))
        }
        // 前车 / 中兵 / 二兵
        [o, p] if role_of(p).is_some() && (pick_of(o).is_some() || number(o).is_some()) => {
            let pick = pick_of(o).or(number(o).map(Pick::Nth));
            (
                role_of(p),
                Which::Tandem {
                    file: None,
                    pick: pick.unwrap_or(Pick::Front),
                },
            )
        }
        // 車前 (Hong Kong order)
        [p, o] if role_of(p).is_some() && pick_of(o).is_some() => (
            role_of(p),
            Which::Tandem {
                file: None,
                pick: pick_of(o).unwrap_or(Pick::Front),
            },
        ),
        // 前七 / 七前: soldiers sharing two files
        [o, f] if pick_of(o).is_some() && number(f).is_some() => (
            Some(Role::Soldier),
            Which::Tandem {
                file: number(f),
                pick: pick_of(o).unwrap_or(Pick::Front),
            },
        ),
        [f, o] if pick_of(o).is_some() && number(f).is_some() => (
            Some(Role::Soldier),
            Which::Tandem {
                file: number(f),
                pick: pick_of(o).unwrap_or(Pick::Front),
            },
        ),
        // 前兵七
        [o, p, f] if pick_of(o).is_some() && role_of(p).is_some() && number(f).is_some() => (
            role_of(p),
            Which::Tandem {
                file: number(f),
                pick: pick_of(o).unwrap_or(Pick::Front),
            },
        ),
        _ => {
            return Err(bad(Syntax::ChinesePiece));
        }
    };
    let role = role.ok_or_else(|| bad(Syntax::UnknownPiece))?;
    Ok(Descriptive {
        role,
        which,
        direction,
        number: steps,
    })
}

fn numeral(n: u8, color: Color) -> char {
    match color {
        Color::Red => NUMERALS[(n as usize).clamp(1, 9) - 1],
        Color::Black => char::from(b'0' + n),
    }
}

pub fn write(d: &Described) -> String {
    let color = d.piece.color;
    let name = d.piece.record_char();
    let file = numeral(d.file, color);
    let order = match (d.count, d.index) {
        (_, 0) => '前',
        (n, i) if i + 1 == n => '后',
        (3, _) => '中',
        (_, i) => NUMERALS[i as usize],
    };
    let order = if d.count >= 4 {
        NUMERALS[d.index as usize]
    } else {
        order
    };
    let head: String = if d.count <= 1 {
        format!("{name}{file}")
    } else if d.name_file {
        format!("{order}{file}")
    } else {
        format!("{order}{name}")
    };
    let op = match d.direction {
        Direction::Forward => '进',
        Direction::Backward => '退',
        Direction::Sideways => '平',
    };
    format!("{head}{op}{}", numeral(d.number, color))
}

/// Whether the text has the shape of a Chinese move.
pub(crate) fn looks_like(text: &str) -> bool {
    parse(text).is_ok()
}
