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

/// Days from 1970-01-01 to a civil date (the inverse of [`civil`]).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The standard offset east of UTC, in seconds, of a POSIX TZ string (`CST-8`,
/// `UTC0`, `<+08>-8`); daylight saving is not followed.
fn posix_offset(tz: &str) -> Option<i64> {
    let rest = match tz.strip_prefix('<') {
        Some(quoted) => &quoted[quoted.find('>')? + 1..],
        None => tz.trim_start_matches(|c: char| c.is_ascii_alphabetic()),
    };
    let (sign, rest) = match rest.as_bytes().first()? {
        b'-' => (1, &rest[1..]),
        b'+' => (-1, &rest[1..]),
        _ => (-1, rest),
    };
    let end = rest
        .find(|c: char| !(c.is_ascii_digit() || c == ':'))
        .unwrap_or(rest.len());
    let mut parts = rest[..end].split(':').map(|p| p.parse::<i64>().ok());
    let hours = parts.next()??;
    let minutes = parts.next().flatten().unwrap_or(0);
    Some(sign * (hours * 3600 + minutes * 60))
}

/// This machine's offset from UTC: `TZ` (a POSIX string or a zone name), else
/// /etc/localtime, read from the POSIX string at the end of the zone file; UTC when
/// neither says.
fn local_offset() -> i64 {
    let from_zone_file = |path: &std::path::Path| {
        let bytes = std::fs::read(path).ok()?;
        let text = String::from_utf8_lossy(&bytes);
        let footer = text.trim_end_matches('\n').rsplit('\n').next()?.to_string();
        posix_offset(footer.trim())
    };
    match std::env::var("TZ") {
        Ok(tz) if !tz.is_empty() => {
            let tz = tz.trim_start_matches(':');
            posix_offset(tz)
                .filter(|_| tz.chars().any(|c| c.is_ascii_digit()))
                .or_else(|| from_zone_file(&std::path::Path::new("/usr/share/zoneinfo").join(tz)))
                .unwrap_or(0)
        }
        _ => from_zone_file(std::path::Path::new("/etc/localtime")).unwrap_or(0),
    }
}

/// An audit time (`YYYY-MM-DDTHH:MM:SSZ`) in local time, `YYYY-MM-DD HH:MM:SS`; the
/// text as it is when it is not one.
pub fn local(utc: &str) -> String {
    local_with(utc, local_offset())
}

fn local_with(utc: &str, offset: i64) -> String {
    let parse = || -> Option<i64> {
        let (date, time) = utc.strip_suffix('Z')?.split_once('T')?;
        let mut d = date.split('-').map(|p| p.parse::<i64>().ok());
        let (y, m, day) = (d.next()??, d.next()??, d.next()??);
        let mut t = time.split(':').map(|p| p.parse::<i64>().ok());
        let (h, min, sec) = (t.next()??, t.next()??, t.next()??);
        Some(days_from_civil(y, m, day) * 86_400 + h * 3600 + min * 60 + sec)
    };
    let Some(secs) = parse() else {
        return utc.to_string();
    };
    let secs = secs + offset;
    let (y, m, d) = civil(secs.div_euclid(86_400));
    let rest = secs.rem_euclid(86_400);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02}:{:02}",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

#[cfg(test)]
mod tests {
    use super::{civil, days_from_civil, local_with, posix_offset};

    #[test]
    fn local_time_from_the_zone() {
        assert_eq!(posix_offset("CST-8"), Some(8 * 3600));
        assert_eq!(posix_offset("UTC0"), Some(0));
        assert_eq!(posix_offset("<+0545>-5:45"), Some(5 * 3600 + 45 * 60));
        assert_eq!(posix_offset("EST5EDT,M3.2.0,M11.1.0"), Some(-5 * 3600));
        assert_eq!(days_from_civil(2025, 11, 30), 20_422);
        // Beijing is eight hours ahead: 20:30 UTC is 04:30 the next day.
        assert_eq!(
            local_with("2026-12-01T20:30:05Z", 8 * 3600),
            "2026-12-02 04:30:05"
        );
        assert_eq!(local_with("not a time", 0), "not a time");
    }

    #[test]
    fn known_dates() {
        assert_eq!(civil(0), (1970, 1, 1));
        assert_eq!(civil(20_422), (2025, 11, 30));
        assert_eq!(civil(11_016), (2000, 2, 29));
    }
}
