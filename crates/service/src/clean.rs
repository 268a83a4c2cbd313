//! Text as the organizer meant it, before it is stored or compared: Unicode NFC, no
//! zero-width characters, no surrounding spaces, and no control characters at all
//! (a newline or a terminal escape in a name would break every sheet it is printed on).

use unicode_normalization::UnicodeNormalization;

use crate::{Result, ServiceError};

/// The text fields an organizer types, named in messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextField {
    EventName,
    TimeControl,
    Name,
    Club,
    Member,
    StageName,
    Venue,
    Dates,
    Organizer,
    Arbiter,
}

impl TextField {
    /// The field's name, worded where it is shown.
    pub fn words(self) -> messages::Message {
        messages::Message::new(match self {
            TextField::EventName => "field.event_name",
            TextField::TimeControl => "field.time_control",
            TextField::Name => "field.name",
            TextField::Club => "field.club",
            TextField::Member => "field.member",
            TextField::StageName => "field.stage_name",
            TextField::Venue => "field.venue",
            TextField::Dates => "field.dates",
            TextField::Organizer => "field.organizer",
            TextField::Arbiter => "field.arbiter",
        })
    }
}

impl TextField {
    /// The most characters the field may hold: longer is a paste gone wrong, and would
    /// break every sheet it is printed on.
    pub fn max_chars(self) -> usize {
        match self {
            TextField::Name | TextField::Member | TextField::Arbiter => 64,
            TextField::Club | TextField::StageName | TextField::Dates => 100,
            TextField::EventName
            | TextField::TimeControl
            | TextField::Venue
            | TextField::Organizer => 200,
        }
    }
}

impl std::fmt::Display for TextField {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&messages::render(&self.words(), messages::Lang::En))
    }
}

/// Invisible characters that make two equal-looking names differ.
fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}' | '\u{180E}' | '\u{200B}'..='\u{200D}' | '\u{2060}' | '\u{FEFF}'
    )
}

/// Characters that steer a terminal or reorder text instead of showing.
fn is_control(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// `value` cleaned; refused when it holds a control character. May be empty.
pub fn clean(field: TextField, value: &str) -> Result<String> {
    if let Some(c) = value.chars().find(|&c| is_control(c)) {
        return Err(ServiceError::ControlCharacter {
            field,
            character: c,
        });
    }
    // Counted before anything is built from it: a megabyte of name is refused as
    // quickly as a long one.
    let max = field.max_chars();
    if value
        .chars()
        .filter(|&c| !is_invisible(c))
        .nth(max * 2)
        .is_some()
    {
        return Err(ServiceError::TooLong { field, max });
    }
    let text: String = value.nfc().filter(|&c| !is_invisible(c)).collect();
    let text = text.trim();
    if text.chars().nth(max).is_some() {
        return Err(ServiceError::TooLong { field, max });
    }
    Ok(text.to_string())
}

/// `value` cleaned, `None` when nothing is left.
pub fn clean_optional(field: TextField, value: Option<&str>) -> Result<Option<String>> {
    Ok(value
        .map(|v| clean(field, v))
        .transpose()?
        .filter(|v| !v.is_empty()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn equal_looking_names_become_equal() {
        let plain = clean(TextField::Name, "王天一").unwrap();
        assert_eq!(clean(TextField::Name, " 王天一\u{3000}").unwrap(), plain);
        assert_eq!(clean(TextField::Name, "王\u{200B}天一").unwrap(), plain);
        assert_eq!(clean(TextField::Name, "\u{FEFF}王天一").unwrap(), plain);
        // "é" typed as e + combining acute, and as one character.
        assert_eq!(
            clean(TextField::Name, "Jose\u{0301}").unwrap(),
            clean(TextField::Name, "Jos\u{00E9}").unwrap()
        );
    }

    #[test]
    fn long_text_is_refused_naming_the_field_and_the_bound() {
        let name = "王".repeat(64);
        assert_eq!(clean(TextField::Name, &name).unwrap(), name);
        let e = clean(TextField::Name, &format!("{name}一")).unwrap_err();
        assert!(matches!(
            e,
            ServiceError::TooLong {
                field: TextField::Name,
                max: 64
            }
        ));
        assert!(clean(TextField::Club, &"x".repeat(1 << 20)).is_err());
        // Spaces around a name of full length are no part of it.
        assert!(clean(TextField::Name, &format!("  {name}  ")).is_ok());
    }

    #[test]
    fn control_characters_are_refused_naming_the_field() {
        for bad in [
            "王\n天一",
            "\u{1b}[31m红\u{1b}[0m",
            "a\tb",
            "x\u{202E}y",
            "\u{7f}",
        ] {
            let e = clean(TextField::Club, bad).unwrap_err();
            assert!(
                matches!(
                    e,
                    ServiceError::ControlCharacter {
                        field: TextField::Club,
                        ..
                    }
                ),
                "{bad:?}: {e}"
            );
        }
    }

    proptest! {
        #[test]
        fn cleaned_text_is_stable_and_printable(s in "\\PC{0,12}|[\\x00-\\x20\u{200B}\u{FEFF}a王]{0,12}") {
            match clean(TextField::Name, &s) {
                Ok(once) => {
                    prop_assert_eq!(clean(TextField::Name, &once).unwrap(), once.clone());
                    prop_assert!(!once.chars().any(|c| is_control(c) || is_invisible(c)));
                    prop_assert_eq!(once.trim(), once.as_str());
                }
                Err(_) => prop_assert!(s.chars().any(is_control)),
            }
        }
    }
}
