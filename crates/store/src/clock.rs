//! Wall-clock time as UTC text, for audit entries and printed dates.

/// Seconds since 1970-01-01 UTC.
fn unix_seconds() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

/// (year, month, day) of a day counted from 1970-01-01 (H. Hinnant's algorithm).
fn civil(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(month <= 2), month, day)
}

/// Today, `YYYY-MM-DD` (UTC).
pub fn today() -> String {
    let (y, m, d) = civil(unix_seconds().div_euclid(86_400));
    format!("{y:04}-{m:02}-{d:02}")
}

/// Now, RFC 3339 in UTC: `YYYY-MM-DDTHH:MM:SSZ`.
pub fn now() -> String {
    let secs = unix_seconds();
    let rest = secs.rem_euclid(86_400);
    format!(
        "{}T{:02}:{:02}:{:02}Z",
        today(),
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

#[cfg(test)]
mod tests {
    use super::civil;

    #[test]
    fn known_dates() {
        assert_eq!(civil(0), (1970, 1, 1));
        assert_eq!(civil(20_422), (2025, 11, 30));
        assert_eq!(civil(11_016), (2000, 2, 29));
    }
}
