//! WXF notation: `C2.5` (also `C2=5`), `H8+7`, `R+.3` / `+R.3` for the front one of
//! two, `++.4` / `P+.4` / `P3.4` / `P-.4` / `--.4` for four or five soldiers on a
//! file, `3+.4` when soldiers share two files.

use super::descriptive::{self, Described, Descriptive, Direction, Pick, Which};
use super::{Chars, Syntax, SyntaxError};
use crate::{IllegalMove, Move, Position, Role};

fn role_of(c: char) -> Option<Role> {
    Some(match c.to_ascii_uppercase() {
        'K' => Role::General,
        'A' => Role::Advisor,
        'E' | 'B' | 'M' => Role::Elephant,
        'H' | 'N' => Role::Horse,
        'R' => Role::Chariot,
        'C' => Role::Cannon,
        'P' | 'S' => Role::Soldier,
        _ => return None,
    })
}

fn direction_of(c: char) -> Option<Direction> {
    match c {
        '+' => Some(Direction::Forward),
        '-' => Some(Direction::Backward),
        '.' | '=' => Some(Direction::Sideways),
        _ => None,
    }
}

fn digit(c: char) -> Option<u8> {
    c.to_digit(10)
        .filter(|d| (1..=9).contains(d))
        .map(|d| d as u8)
}

/// What a byte says in a WXF move, one load each on the hot path of reading records: a
/// piece letter (1–7: the roles in [`Role::ALL`] order, either case), a digit 1–9
/// (16 + n) or a direction (32 forward `+`, 33 back `-`, 34 sideways `.` or `=`); 0
/// for anything else.
static BYTES: [u8; 256] = {
    let mut table = [0u8; 256];
    let letters: [(&[u8], u8); 7] = [
        (b"Kk", 1),
        (b"Aa", 2),
        (b"EeBbMm", 3),
        (b"HhNn", 4),
        (b"Rr", 5),
        (b"Cc", 6),
        (b"PpSs", 7),
    ];
    let mut i = 0;
    while i < letters.len() {
        let (bytes, class) = letters[i];
        let mut k = 0;
        while k < bytes.len() {
            table[bytes[k] as usize] = class;
            k += 1;
        }
        i += 1;
    }
    let mut d = b'1';
    while d <= b'9' {
        table[d as usize] = 16 + (d - b'0');
        d += 1;
    }
    table[b'+' as usize] = 32;
    table[b'-' as usize] = 33;
    table[b'.' as usize] = 34;
    table[b'=' as usize] = 34;
    table
};

/// Plays `C2.5`, `H8+7` (a piece named by its file) in one pass; `None` for any other
/// form, or when the general path must decide.
#[inline]
pub(crate) fn play_fast(pos: &mut Position, text: &str) -> Option<Result<Move, IllegalMove>> {
    let &[a, b, op, n] = text.as_bytes() else {
        return None;
    };
    let [a, b, op, n] = [a, b, op, n].map(|byte| BYTES[usize::from(byte)]);
    let digit = |class: u8| (17..=25).contains(&class).then(|| class - 16);
    let role = *Role::ALL.get(usize::from(a).checked_sub(1)?)?;
    let file = digit(b)?;
    let direction = match op {
        32 => Direction::Forward,
        33 => Direction::Backward,
        34 => Direction::Sideways,
        _ => return None,
    };
    let number = digit(n)?;
    // WXF writes the middle of three or five soldiers by its file: the general path.
    descriptive::play_by_file(pos, role, file, direction, number)
}

#[inline]
pub fn parse(text: &str) -> Result<Descriptive, SyntaxError> {
    let bad = |kind: Syntax| SyntaxError::new(text, kind);
    let four = || bad(Syntax::WxfLength);
    let chars = Chars::<4>::of(text).ok_or_else(four)?;
    let [a, b, op, n] = chars.as_slice()[..] else {
        return Err(four());
    };
    let direction = direction_of(op).ok_or_else(|| bad(Syntax::WxfDirection))?;
    let number = digit(n).ok_or_else(|| bad(Syntax::WxfSteps))?;
    let tandem = |c: char| match c {
        '+' => Some(Pick::WxfPlus),
        '-' => Some(Pick::WxfMinus),
        _ => None,
    };
    let (role, which) = match (role_of(a), digit(a), tandem(a)) {
        (Some(role), _, _) => match (digit(b), tandem(b)) {
            (Some(file), _) => (role, Which::File(file)),
            (_, Some(pick)) => (role, Which::Tandem { file: None, pick }),
            _ => return Err(bad(Syntax::WxfAfterPiece)),
        },
        // `3+.4`, `33.4`: soldiers sharing two files, named by file.
        (None, Some(file), _) => match (digit(b), tandem(b)) {
            (Some(same), _) if same == file => (Role::Soldier, Which::File(file)),
            (_, Some(pick)) => (
                Role::Soldier,
                Which::Tandem {
                    file: Some(file),
                    pick,
                },
            ),
            _ => return Err(bad(Syntax::WxfAfterFile)),
        },
        (None, None, Some(first)) => match (role_of(b), tandem(b)) {
            // `+R.3` spelling of the front chariot.
            (Some(role), _) => (
                role,
                Which::Tandem {
                    file: None,
                    pick: first,
                },
            ),
            // `++` / `--`: foremost or rearmost of four or five soldiers.
            (_, Some(second)) if second == first => {
                let pick = if first == Pick::WxfPlus {
                    Pick::Front
                } else {
                    Pick::Rear
                };
                (Role::Soldier, Which::Tandem { file: None, pick })
            }
            _ => return Err(bad(Syntax::WxfAfterSign)),
        },
        _ => {
            return Err(bad(Syntax::WxfFirst));
        }
    };
    Ok(Descriptive {
        role,
        which,
        direction,
        number,
    })
}

pub fn write(d: &Described) -> String {
    let letter = d.piece.role.wxf_char();
    let file = char::from(b'0' + d.file);
    let designator: String = if d.count <= 1 {
        format!("{letter}{file}")
    } else if d.name_file {
        let order = match (d.index, d.count) {
            (0, _) => '+',
            (i, n) if i + 1 == n => '-',
            _ => file,
        };
        format!("{file}{order}")
    } else {
        match (d.count, d.index) {
            (2 | 3, 0) => format!("{letter}+"),
            (2, _) | (3, 2) => format!("{letter}-"),
            (3, _) => format!("{letter}{file}"),
            (_, 0) => "++".to_string(),
            (_, 1) => format!("{letter}+"),
            (n, i) if i + 1 == n => "--".to_string(),
            (n, i) if i + 2 == n => format!("{letter}-"),
            _ => format!("{letter}{file}"),
        }
    };
    let op = match d.direction {
        Direction::Forward => '+',
        Direction::Backward => '-',
        Direction::Sideways => '.',
    };
    format!("{designator}{op}{}", d.number)
}

/// Whether the text has the shape of a WXF move.
pub(crate) fn looks_like(text: &str) -> bool {
    parse(text).is_ok()
}
