//! Who may enter a competition (参赛资格): an age group by date of birth (U10: born on
//! or after 2016-01-01) and a women's or men's competition, checked as a player
//! registers and when the rule changes.

use std::fmt;

use crate::PlayerDetails;

/// A calendar date as registration forms give it: `2016-01-01`, `2016/1/1`,
/// `2016.01.01` or `20160101`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Date {
    year: u16,
    month: u8,
    day: u8,
}

impl Date {
    pub fn parse(text: &str) -> Option<Date> {
        let text = text.trim();
        let parts: Vec<&str> = match text.len() == 8 && text.bytes().all(|b| b.is_ascii_digit()) {
            true => vec![&text[..4], &text[4..6], &text[6..]],
            false => text.split(['-', '/', '.']).collect(),
        };
        let [year, month, day] = parts[..] else {
            return None;
        };
        let date = Date {
            year: year.parse().ok()?,
            month: month.parse().ok()?,
            day: day.parse().ok()?,
        };
        date.is_real().then_some(date)
    }

    fn is_real(self) -> bool {
        let y = self.year;
        let leap = y.is_multiple_of(4) && (!y.is_multiple_of(100) || y.is_multiple_of(400));
        let days = match self.month {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 if leap => 29,
            2 => 28,
            _ => return false,
        };
        (1000..=9999).contains(&self.year) && (1..=days).contains(&self.day)
    }

    /// As TRF writes a birth date: `2016/01/01`.
    pub fn trf(self) -> String {
        format!("{:04}/{:02}/{:02}", self.year, self.month, self.day)
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl serde::Serialize for Date {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Date {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Date, D::Error> {
        let text = String::deserialize(d)?;
        Date::parse(&text).ok_or_else(|| serde::de::Error::custom(format!("not a date: {text}")))
    }
}

/// A competition for women or for men, as TRF marks a player (`w`, `m`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Gender {
    #[serde(rename = "m")]
    Male,
    #[serde(rename = "w")]
    Female,
}

impl Gender {
    /// As typed: 男 / 女, m / w (f), male / female.
    pub fn parse(text: &str) -> Option<Gender> {
        match text.trim().to_lowercase().as_str() {
            "男" | "男子" | "m" | "male" => Some(Gender::Male),
            "女" | "女子" | "w" | "f" | "female" => Some(Gender::Female),
            _ => None,
        }
    }

    /// As TRF writes it.
    pub fn trf(self) -> char {
        match self {
            Gender::Male => 'm',
            Gender::Female => 'w',
        }
    }

    fn of(details: &PlayerDetails) -> Option<Gender> {
        match details.sex? {
            'm' | 'M' => Some(Gender::Male),
            'w' | 'W' | 'f' | 'F' => Some(Gender::Female),
            _ => None,
        }
    }
}

/// What a competition requires of its players; nothing by default.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Eligibility {
    /// Born on this day or later.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub born_after: Option<Date>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gender: Option<Gender>,
}

/// Why a player may not enter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ineligible {
    /// Born before the age group's first day (only the year known: a year before it).
    BornBefore {
        after: Date,
    },
    /// The age group needs a date of birth, or a fuller one than a year.
    NoBirthDate {
        after: Date,
    },
    OtherGender {
        required: Gender,
    },
    NoGender {
        required: Gender,
    },
}

impl Eligibility {
    pub fn is_open(&self) -> bool {
        *self == Eligibility::default()
    }

    /// Whether a player with these details may enter.
    pub fn admits(&self, details: &PlayerDetails) -> Result<(), Ineligible> {
        if let Some(after) = self.born_after {
            born_on_or_after(details.birth.as_deref(), after)?;
        }
        if let Some(required) = self.gender {
            match Gender::of(details) {
                Some(g) if g == required => {}
                Some(_) => return Err(Ineligible::OtherGender { required }),
                None => return Err(Ineligible::NoGender { required }),
            }
        }
        Ok(())
    }
}

fn born_on_or_after(birth: Option<&str>, after: Date) -> Result<(), Ineligible> {
    let birth = birth.map(str::trim).unwrap_or_default();
    if let Some(date) = Date::parse(birth) {
        return match date >= after {
            true => Ok(()),
            false => Err(Ineligible::BornBefore { after }),
        };
    }
    // A year alone decides unless it is the age group's own year (after its 1 January).
    match birth.parse::<u16>() {
        Ok(year)
            if year > after.year || (year == after.year && (after.month, after.day) == (1, 1)) =>
        {
            Ok(())
        }
        Ok(year) if year < after.year => Err(Ineligible::BornBefore { after }),
        _ => Err(Ineligible::NoBirthDate { after }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(birth: Option<&str>, sex: Option<char>) -> PlayerDetails {
        PlayerDetails {
            birth: birth.map(str::to_string),
            sex,
            ..PlayerDetails::default()
        }
    }

    #[test]
    fn dates_read_as_forms_write_them() {
        let d = Date::parse("2016-01-01").unwrap();
        for same in ["2016/1/1", "2016.01.01", "20160101", " 2016-1-01 "] {
            assert_eq!(Date::parse(same), Some(d), "{same}");
        }
        assert_eq!(d.to_string(), "2016-01-01");
        assert_eq!(d.trf(), "2016/01/01");
        for bad in [
            "2016-02-30",
            "2015-02-29",
            "2016-13-01",
            "16-1-1",
            "2016",
            "x",
        ] {
            assert_eq!(Date::parse(bad), None, "{bad}");
        }
        assert!(Date::parse("2016-02-29").is_some());
    }

    /// U10 of 2026: born on or after 1 January 2016; the girls' group too.
    #[test]
    fn an_age_group_admits_from_its_first_day() {
        let u10 = Eligibility {
            born_after: Date::parse("2016-01-01"),
            gender: None,
        };
        let after = Date::parse("2016-01-01").unwrap();
        assert_eq!(u10.admits(&player(Some("2016/01/01"), None)), Ok(()));
        assert_eq!(u10.admits(&player(Some("2017-06-30"), None)), Ok(()));
        assert_eq!(
            u10.admits(&player(Some("2015-12-31"), None)),
            Err(Ineligible::BornBefore { after })
        );
        assert_eq!(u10.admits(&player(Some("2016"), None)), Ok(()));
        assert_eq!(
            u10.admits(&player(Some("2015"), None)),
            Err(Ineligible::BornBefore { after })
        );
        assert_eq!(
            u10.admits(&player(None, None)),
            Err(Ineligible::NoBirthDate { after })
        );
        let mid_year = Eligibility {
            born_after: Date::parse("2016-09-01"),
            gender: None,
        };
        assert!(matches!(
            mid_year.admits(&player(Some("2016"), None)),
            Err(Ineligible::NoBirthDate { .. })
        ));
        let girls = Eligibility {
            gender: Some(Gender::Female),
            ..u10
        };
        assert_eq!(girls.admits(&player(Some("2016-03-08"), Some('w'))), Ok(()));
        assert_eq!(
            girls.admits(&player(Some("2016-03-08"), Some('m'))),
            Err(Ineligible::OtherGender {
                required: Gender::Female
            })
        );
        assert_eq!(
            girls.admits(&player(Some("2016-03-08"), None)),
            Err(Ineligible::NoGender {
                required: Gender::Female
            })
        );
        assert!(Eligibility::default().admits(&player(None, None)).is_ok());
    }
}
