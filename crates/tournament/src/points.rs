use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Mul, Neg, Sub};
use std::str::FromStr;

/// A score in exact quarter points (checkers' dead game scores 0.75 / 0.25), never a float.
#[derive(
    Debug,
    Clone,
    Copy,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    serde::Serialize,
    serde::Deserialize,
)]
#[serde(transparent)]
pub struct Points(i32);

impl Points {
    pub const ZERO: Points = Points(0);

    pub const fn from_quarters(quarters: i32) -> Points {
        Points(quarters)
    }

    pub const fn whole(n: i32) -> Points {
        Points(n * 4)
    }

    pub const fn half() -> Points {
        Points(2)
    }

    pub fn is_zero(&self) -> bool {
        self.0 == 0
    }

    pub const fn quarters(self) -> i32 {
        self.0
    }
}

impl Add for Points {
    type Output = Points;
    fn add(self, o: Points) -> Points {
        Points(self.0 + o.0)
    }
}

impl AddAssign for Points {
    fn add_assign(&mut self, o: Points) {
        self.0 += o.0;
    }
}

impl Sub for Points {
    type Output = Points;
    fn sub(self, o: Points) -> Points {
        Points(self.0 - o.0)
    }
}

impl Neg for Points {
    type Output = Points;
    fn neg(self) -> Points {
        Points(-self.0)
    }
}

impl Mul<i32> for Points {
    type Output = Points;
    fn mul(self, k: i32) -> Points {
        Points(self.0 * k)
    }
}

impl Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, Add::add)
    }
}

/// Writes `2`, `1.5`, `0.75`, `-2`.
impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_fraction(f, self.0 as i64, 4)
    }
}

/// Writes `n / denominator` as a short decimal (denominators are powers of two).
pub(crate) fn write_fraction(f: &mut fmt::Formatter<'_>, n: i64, denominator: i64) -> fmt::Result {
    let sign = if n < 0 { "-" } else { "" };
    let n = n.abs();
    let whole = n / denominator;
    let mut rest = n % denominator;
    write!(f, "{sign}{whole}")?;
    if rest == 0 {
        return Ok(());
    }
    f.write_str(".")?;
    while rest != 0 {
        rest *= 10;
        write!(f, "{}", rest / denominator)?;
        rest %= denominator;
    }
    Ok(())
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a score in quarter points (e.g. 2, 1.5, 0.75)")]
pub struct ParsePointsError(pub String);

impl FromStr for Points {
    type Err = ParsePointsError;
    fn from_str(s: &str) -> Result<Points, ParsePointsError> {
        let bad = || ParsePointsError(s.to_string());
        let t = s.trim();
        let (negative, t) = match t.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, t),
        };
        let (whole, frac) = t.split_once('.').unwrap_or((t, ""));
        let whole: i32 = whole.parse().map_err(|_| bad())?;
        let quarter = match frac.trim_end_matches('0') {
            "" => 0,
            "25" => 1,
            "5" => 2,
            "75" => 3,
            _ => return Err(bad()),
        };
        let q = whole
            .checked_mul(4)
            .and_then(|w| w.checked_add(quarter))
            .ok_or_else(bad)?;
        Ok(Points(if negative { -q } else { q }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quarters_print_and_parse() {
        for (text, q) in [
            ("2", 8),
            ("1.5", 6),
            ("0.75", 3),
            ("0.25", 1),
            ("-2", -8),
            ("0", 0),
        ] {
            assert_eq!(text.parse::<Points>().unwrap(), Points::from_quarters(q));
            assert_eq!(Points::from_quarters(q).to_string(), text);
        }
        assert!("0.3".parse::<Points>().is_err());
        assert!("x".parse::<Points>().is_err());
    }
}
