//! The tiebreaks of the FIDE handbook (C.07, Play-off and Tie-break Regulations) under
//! their acronyms, with the cut and median modifiers and the handling of unplayed
//! rounds of each edition: 2026 (in force from 1 March 2026, the default), 2024 (the
//! regulations of 2023, in force for rated events from April 2024) and 2012 (C.02's
//! virtual opponent). Points knockouts, 对手分 and the other Chinese criteria live
//! beside these in `tiebreak`; PTS, PS and DE are those criteria under FIDE's names.

mod direct;
mod opponents;
mod own;
mod ratings;
mod sheet;

use std::fmt;

use messages::{Message, msg};

use super::{Criterion, Explained, Tiebreak, Token};
use crate::EntrantId;
use crate::standings::Field;

pub use sheet::Kind as RoundKind;

/// The edition of the regulations the values are computed by.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Edition {
    /// In force from 1 March 2026: dummy opponents capped (§16.4).
    #[default]
    #[serde(rename = "2026")]
    E2026,
    /// The 2023 regulations (rated events from April 2024): the dummy opponent has the
    /// entrant's own score.
    #[serde(rename = "2024")]
    E2024,
    /// C.02 (2012): the virtual opponent; opponents' unplayed rounds count as draws.
    #[serde(rename = "2012")]
    E2012,
}

impl std::str::FromStr for Edition {
    type Err = ();
    fn from_str(s: &str) -> Result<Edition, ()> {
        match s.trim() {
            "2026" => Ok(Edition::E2026),
            "2024" | "2023" => Ok(Edition::E2024),
            "2012" => Ok(Edition::E2012),
            _ => Err(()),
        }
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Edition::E2026 => "2026",
            Edition::E2024 => "2024",
            Edition::E2012 => "2012",
        })
    }
}

/// A FIDE tiebreak (C.07 §7–10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum Code {
    /// Rounds scoring a win's points, played or not (§7.1).
    Win,
    /// Games won over the board (§7.2).
    Won,
    /// Games played with black (§7.3).
    Bpg,
    /// Games won with black (§7.4).
    Bwg,
    /// Rounds one elected to play in (§7.6; GE before 2026).
    Rep,
    /// Standard points: rounds scoring more than the scheduled opponent, half for
    /// the same (2026, §7.7).
    Std,
    /// Tournament pairing number, lowest first (2026, §7.8).
    Tpn,
    /// The entrant's own rating, highest first (2026, §10.6).
    Rtng,
    /// Buchholz (§8.1).
    Bh,
    /// Fore Buchholz: the last round's games as draws (§8.3).
    Fb,
    /// Average of the opponents' Buchholz (§8.2).
    Aob,
    /// Sonneborn-Berger (§9.1).
    Sb,
    /// Koya: points against the opponents with at least half the maximum (§9.2).
    Ks,
    /// Direct encounter among the tied (§6): their place among themselves.
    De,
    /// Average rating of the opponents (§10.1).
    Aro,
    /// Tournament performance rating (§10.2).
    Tpr,
    /// Perfect tournament performance (§10.3).
    Ptp,
    /// Average of the opponents' TPR (§10.4).
    Apro,
    /// Average of the opponents' PTP (§10.5).
    Appo,
}

/// How a tiebreak's values read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    /// Points, in sixteenths.
    Points,
    /// Points to two decimals, in hundredths (averages).
    Hundredths,
    Count,
    Rating,
}

impl Code {
    const ALL: [(Code, &'static str); 19] = [
        (Code::Win, "WIN"),
        (Code::Won, "WON"),
        (Code::Bpg, "BPG"),
        (Code::Bwg, "BWG"),
        (Code::Rep, "REP"),
        (Code::Std, "STD"),
        (Code::Tpn, "TPN"),
        (Code::Rtng, "RTNG"),
        (Code::Bh, "BH"),
        (Code::Fb, "FB"),
        (Code::Aob, "AOB"),
        (Code::Sb, "SB"),
        (Code::Ks, "KS"),
        (Code::De, "DE"),
        (Code::Aro, "ARO"),
        (Code::Tpr, "TPR"),
        (Code::Ptp, "PTP"),
        (Code::Apro, "APRO"),
        (Code::Appo, "APPO"),
    ];

    pub fn acronym(self) -> &'static str {
        Code::ALL
            .iter()
            .find(|(c, _)| *c == self)
            .map_or("", |(_, a)| a)
    }

    fn parse(acronym: &str) -> Option<Code> {
        let acronym = if acronym == "GE" { "REP" } else { acronym };
        Code::ALL
            .iter()
            .find(|(_, a)| *a == acronym)
            .map(|(c, _)| *c)
    }

    /// Whether the cut and median modifiers apply (C.07 §14: to the Buchholz family,
    /// Sonneborn-Berger and the rating averages).
    fn cuts(self) -> bool {
        matches!(self, Code::Bh | Code::Fb | Code::Sb | Code::Aro)
    }

    fn unit(self) -> Unit {
        match self {
            Code::Bh | Code::Fb | Code::Sb | Code::Ks | Code::Std | Code::De => Unit::Points,
            Code::Aob => Unit::Hundredths,
            Code::Win | Code::Won | Code::Bpg | Code::Bwg | Code::Rep | Code::Tpn => Unit::Count,
            Code::Rtng | Code::Aro | Code::Tpr | Code::Ptp | Code::Apro | Code::Appo => {
                Unit::Rating
            }
        }
    }

    /// The tiebreak's name (without its acronym).
    fn name(self) -> Message {
        match self {
            Code::Win => msg!("fide.code.win"),
            Code::Won => msg!("fide.code.won"),
            Code::Bpg => msg!("fide.code.bpg"),
            Code::Bwg => msg!("fide.code.bwg"),
            Code::Rep => msg!("fide.code.rep"),
            Code::Std => msg!("fide.code.std"),
            Code::Tpn => msg!("fide.code.tpn"),
            Code::Rtng => msg!("fide.code.rtng"),
            Code::Bh => msg!("fide.code.bh"),
            Code::Fb => msg!("fide.code.fb"),
            Code::Aob => msg!("fide.code.aob"),
            Code::Sb => msg!("fide.code.sb"),
            Code::Ks => msg!("fide.code.ks"),
            Code::De => msg!("fide.code.de"),
            Code::Aro => msg!("fide.code.aro"),
            Code::Tpr => msg!("fide.code.tpr"),
            Code::Ptp => msg!("fide.code.ptp"),
            Code::Apro => msg!("fide.code.apro"),
            Code::Appo => msg!("fide.code.appo"),
        }
    }
}

/// A FIDE tiebreak with its modifiers and edition, as stored in a chain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Fide {
    pub code: Code,
    /// The least significant values cut (`-C1`, `-C2`; `-M1` cuts one at each end).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub cut_low: u8,
    /// The most significant values cut (`-M1`, `-M2`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub cut_high: u8,
    #[serde(default)]
    pub edition: Edition,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// Why a FIDE tiebreak's name was not understood.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseError {
    Unknown,
    /// A modifier the tiebreak does not take (`WIN-C1`).
    NoModifier,
}

impl Fide {
    pub fn new(code: Code, edition: Edition) -> Fide {
        Fide {
            code,
            cut_low: 0,
            cut_high: 0,
            edition,
        }
    }

    /// Reads `BH`, `BH-C1`, `SB/C2`, `BH-M1`, `ARO-C1`, `GE` (the name before 2026).
    pub fn parse(text: &str, edition: Edition) -> Result<Fide, ParseError> {
        let text = text.trim().to_ascii_uppercase();
        let mut parts = text.split(['-', '/']);
        let code = parts
            .next()
            .and_then(Code::parse)
            .ok_or(ParseError::Unknown)?;
        let mut fide = Fide::new(code, edition);
        for modifier in parts {
            let (kind, n) = modifier.split_at(modifier.len().min(1));
            let n: u8 = n.parse().map_err(|_| ParseError::Unknown)?;
            if !code.cuts() || n == 0 || n > 9 {
                return Err(ParseError::NoModifier);
            }
            match kind {
                "C" => fide.cut_low = n,
                "M" => {
                    fide.cut_low = n;
                    fide.cut_high = n;
                }
                _ => return Err(ParseError::Unknown),
            }
        }
        Ok(fide)
    }

    /// The acronym with its modifiers: `BH-C1`, `BH-M1`.
    pub fn acronym(&self) -> String {
        let base = self.code.acronym();
        match (self.cut_low, self.cut_high) {
            (0, 0) => base.to_string(),
            (l, h) if l == h => format!("{base}-M{l}"),
            (l, 0) => format!("{base}-C{l}"),
            (l, h) => format!("{base}-C{l}-H{h}"),
        }
    }

    /// The name with the acronym, which carries the modifiers: 对手分（BH-C1）,
    /// Buchholz (BH-C1).
    pub fn name(&self) -> Message {
        msg!(
            "tiebreak.fide",
            name = self.code.name(),
            acronym = self.acronym()
        )
    }

    pub fn unit(&self) -> Unit {
        self.code.unit()
    }

    /// The pairing number and the place among the tied rank lowest first; everything
    /// else highest first.
    pub fn higher_is_better(&self) -> bool {
        !matches!(self.code, Code::Tpn | Code::De)
    }

    /// Computed among the entrants still tied (DE).
    pub fn among_tied(&self) -> bool {
        self.code == Code::De
    }

    pub fn format_value(&self, value: i64) -> String {
        match self.unit() {
            Unit::Count | Unit::Rating => value.to_string(),
            Unit::Hundredths => format!(
                "{}{}.{:02}",
                if value < 0 { "-" } else { "" },
                value.abs() / 100,
                value.abs() % 100
            ),
            Unit::Points => super::sixteenths_text(value),
        }
    }
}

/// FIDE's tiebreaks (C.07) as one kind of criterion: read by their acronyms, written in
/// capitals (`BH-C1`, `SB`, `ARO`).
pub struct FideTiebreaks;

fn fide(c: &Criterion) -> Option<&Fide> {
    match c {
        Criterion::Fide(f) => Some(f),
        _ => None,
    }
}

impl Tiebreak for FideTiebreaks {
    fn parse(&self, token: &Token) -> Option<Criterion> {
        if !token.is_acronym() {
            return None;
        }
        Fide::parse(token.name(), token.edition)
            .ok()
            .map(Criterion::Fide)
    }

    fn owns(&self, c: &Criterion) -> bool {
        fide(c).is_some()
    }

    fn code(&self, c: &Criterion) -> String {
        fide(c).map(Fide::acronym).unwrap_or_default()
    }

    /// The name with the acronym, which carries the modifiers: 对手分（BH-C1）.
    fn name(&self, c: &Criterion) -> Message {
        let Some(f) = fide(c) else {
            return msg!("format.nothing");
        };
        f.name()
    }

    fn short_en(&self, c: &Criterion) -> String {
        self.code(c)
    }

    fn higher_is_better(&self, c: &Criterion) -> bool {
        fide(c).is_none_or(Fide::higher_is_better)
    }

    fn among_tied(&self, c: &Criterion) -> bool {
        fide(c).is_some_and(Fide::among_tied)
    }

    fn format_value(&self, c: &Criterion, value: i64) -> String {
        fide(c).map(|f| f.format_value(value)).unwrap_or_default()
    }

    fn evaluate(&self, c: &Criterion, field: &Field, entrants: &[EntrantId]) -> Vec<Explained> {
        fide(c)
            .map(|f| f.evaluate(field, entrants))
            .unwrap_or_default()
    }
}

impl Fide {
    /// Values for `entrants`, in that order (DE among them as the tied).
    pub fn evaluate(&self, field: &Field, entrants: &[EntrantId]) -> Vec<Explained> {
        let ctx = sheet::Context::of(field, self.edition);
        match self.code {
            Code::De => direct::direct_encounter(field, &ctx, entrants),
            _ => entrants
                .iter()
                .map(|&id| self.value_of(field, &ctx, id))
                .collect(),
        }
    }
}

impl Fide {
    fn value_of(&self, field: &Field, ctx: &sheet::Context, id: EntrantId) -> Explained {
        match self.code {
            Code::Bh => opponents::buchholz(field, ctx, id, false, self),
            Code::Fb => opponents::buchholz(field, ctx, id, true, self),
            Code::Aob => opponents::average_buchholz(field, ctx, id),
            Code::Sb => opponents::sonneborn_berger(field, ctx, id, self),
            Code::Ks => opponents::koya(field, ctx, id),
            // Alone, an entrant is first among the tied.
            Code::De => direct::direct_encounter(field, ctx, &[id]).swap_remove(0),
            Code::Win => own::wins(field, ctx, id),
            Code::Won => own::won(field, ctx, id),
            Code::Bpg => own::black(field, ctx, id, false),
            Code::Bwg => own::black(field, ctx, id, true),
            Code::Rep => own::elected(field, ctx, id),
            Code::Std => own::standard(field, ctx, id),
            Code::Tpn => own::pairing_number(id),
            Code::Rtng => own::rating(field, id),
            Code::Aro => ratings::average_rating(field, ctx, id, self),
            Code::Tpr => ratings::performance(field, ctx, id),
            Code::Ptp => ratings::perfect(field, ctx, id),
            Code::Apro => ratings::average_of(field, ctx, id, ratings::performance),
            Code::Appo => ratings::average_of(field, ctx, id, ratings::perfect),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn acronyms_and_modifiers_read_back() {
        for text in [
            "BH", "BH-C1", "BH-C2", "BH-M1", "SB-C1", "ARO-C1", "AOB", "APPO",
        ] {
            let fide = Fide::parse(text, Edition::E2026).unwrap();
            assert_eq!(fide.acronym(), text);
        }
        assert_eq!(
            Fide::parse("bh/c1", Edition::E2024).unwrap().acronym(),
            "BH-C1"
        );
        assert_eq!(Fide::parse("GE", Edition::E2024).unwrap().code, Code::Rep);
        assert_eq!(
            Fide::parse("WIN-C1", Edition::E2026),
            Err(ParseError::NoModifier)
        );
        assert_eq!(Fide::parse("XYZ", Edition::E2026), Err(ParseError::Unknown));
    }
}
