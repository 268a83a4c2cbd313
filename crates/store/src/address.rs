//! Where an event lives: an event file's path, or an event in a PostgreSQL database
//! named by an address, `postgres://USER@HOST[:PORT]/DB?event=NAME` (also
//! `postgresql://`). Wherever a file may be named (`-f`, `QISAI_FILE`, `qisai serve`,
//! the desktop app) an address may be given instead.
//!
//! The password comes from the address, `PGPASSWORD` or the password file (`PGPASSFILE`,
//! by default `~/.pgpass`), as libpq finds it; it is never shown: an address is shown
//! as [`PgAddress::shown`], without it.

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use crate::StoreError;

/// Where an event lives.
#[derive(Clone)]
pub enum Address {
    File(PathBuf),
    Database(Box<PgAddress>),
}

/// An event in a PostgreSQL database.
#[derive(Clone)]
pub struct PgAddress {
    /// How to connect, password included.
    pub config: postgres::Config,
    /// The event's name inside the database.
    pub event: String,
    /// The address as shown to people: everything but the password.
    shown: String,
}

impl fmt::Debug for PgAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.shown)
    }
}

impl PgAddress {
    /// The address without its password, for messages, the log and the UI.
    pub fn shown(&self) -> &str {
        &self.shown
    }
}

/// Whether `text` names a database rather than a file.
pub fn is_database(text: &str) -> bool {
    let lower = text.trim_start().to_ascii_lowercase();
    lower.starts_with("postgres://") || lower.starts_with("postgresql://")
}

impl Address {
    /// Reads a path given on the command line or in a form: an address when it starts
    /// with `postgres://` or `postgresql://`, otherwise a file.
    pub fn of(path: &Path) -> Result<Address, StoreError> {
        match path.to_str() {
            Some(text) if is_database(text) => Ok(Address::Database(Box::new(parse(text.trim())?))),
            _ => Ok(Address::File(path.to_path_buf())),
        }
    }
}

/// Where Debian's PostgreSQL listens on this machine.
const LOCAL_SOCKETS: &str = "/var/run/postgresql";

/// The parts of `postgres://USER[:PASSWORD]@HOST[:PORT]/DB?event=NAME&sslmode=…`.
fn parse(text: &str) -> Result<PgAddress, StoreError> {
    let bad = |why: &str| StoreError::Address {
        address: redact(text),
        why: why.to_string(),
    };
    let (base, query) = text.split_once('?').unwrap_or((text, ""));
    let mut event = None;
    let mut kept = Vec::new();
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        if key == "event" {
            event = Some(decode(value).ok_or_else(|| bad("event=…"))?);
        } else {
            kept.push(pair);
        }
    }
    let event = event
        .map(|e| e.trim().to_string())
        .filter(|e| !e.is_empty())
        .ok_or_else(|| bad("event=…"))?;
    let url = match kept.is_empty() {
        true => base.to_string(),
        false => format!("{base}?{}", kept.join("&")),
    };
    let mut config = postgres::Config::from_str(&url).map_err(|e| bad(&e.to_string()))?;
    // As libpq: without a host the local server's socket (or this machine), without a
    // user PGUSER or the login name.
    if config.get_hosts().is_empty() {
        match std::env::var("PGHOST") {
            Ok(host) if !host.is_empty() => config.host(&host),
            _ if Path::new(LOCAL_SOCKETS).is_dir() => config.host_path(LOCAL_SOCKETS),
            _ => config.host("localhost"),
        };
    }
    if config.get_user().is_none() {
        let user = ["PGUSER", "USER", "LOGNAME"]
            .iter()
            .find_map(|v| std::env::var(v).ok().filter(|u| !u.is_empty()))
            .or_else(login_name)
            .ok_or_else(|| bad("user"))?;
        config.user(&user);
    }
    if config.get_dbname().is_none() {
        let user = config.get_user().unwrap_or_default().to_string();
        config.dbname(&user);
    }
    if config.get_password().is_none()
        && let Some(password) = password_for(&config)
    {
        config.password(password);
    }
    config.application_name("qisai");
    Ok(PgAddress {
        config,
        event,
        shown: redact(text),
    })
}

/// The name this program runs under, as `id -un` says.
fn login_name() -> Option<String> {
    let out = std::process::Command::new("id").arg("-un").output().ok()?;
    let name = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (out.status.success() && !name.is_empty()).then_some(name)
}

/// The address with any password taken out of it.
pub fn redact(text: &str) -> String {
    let Some((scheme, rest)) = text.split_once("://") else {
        return text.to_string();
    };
    let (rest, query) = rest.split_once('?').unwrap_or((rest, ""));
    let authority_end = rest.find('/').unwrap_or(rest.len());
    let (authority, path) = rest.split_at(authority_end);
    let authority = match authority.rsplit_once('@') {
        Some((user, host)) => {
            let user = user.split(':').next().unwrap_or_default();
            format!("{user}@{host}")
        }
        None => authority.to_string(),
    };
    let query: Vec<&str> = query
        .split('&')
        .filter(|pair| !pair.is_empty() && !pair.starts_with("password="))
        .collect();
    match query.is_empty() {
        true => format!("{scheme}://{authority}{path}"),
        false => format!("{scheme}://{authority}{path}?{}", query.join("&")),
    }
}

/// The password as libpq would find it when the address has none: `PGPASSWORD`, then
/// the password file.
fn password_for(config: &postgres::Config) -> Option<String> {
    if let Ok(p) = std::env::var("PGPASSWORD")
        && !p.is_empty()
    {
        return Some(p);
    }
    let file = std::env::var_os("PGPASSFILE")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".pgpass")))?;
    let text = std::fs::read_to_string(file).ok()?;
    let host = match config.get_hosts().first()? {
        postgres::config::Host::Tcp(h) => h.clone(),
        // As libpq: a socket of this machine is "localhost" in the file.
        postgres::config::Host::Unix(_) => "localhost".to_string(),
    };
    let port = config
        .get_ports()
        .first()
        .copied()
        .unwrap_or(5432)
        .to_string();
    let wanted = [
        host.as_str(),
        port.as_str(),
        config.get_dbname().unwrap_or_default(),
        config.get_user().unwrap_or_default(),
    ];
    text.lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .find_map(|line| passfile_match(line, &wanted))
}

/// The password of one `host:port:database:user:password` line that matches, `*`
/// matching anything and `\:` standing for a colon.
fn passfile_match(line: &str, wanted: &[&str; 4]) -> Option<String> {
    let mut fields = vec![String::new()];
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => fields.last_mut()?.push(chars.next().unwrap_or('\\')),
            ':' if fields.len() < 5 => fields.push(String::new()),
            c => fields.last_mut()?.push(c),
        }
    }
    if fields.len() != 5 {
        return None;
    }
    let matches = fields[..4].iter().zip(wanted).all(|(field, want)| {
        field == "*" || field == want || (field == "localhost" && *want == "127.0.0.1")
    });
    matches.then(|| fields[4].clone())
}

fn decode(text: &str) -> Option<String> {
    let mut bytes = Vec::new();
    let mut it = text.bytes();
    while let Some(b) = it.next() {
        match b {
            b'%' => {
                let hex = [it.next()?, it.next()?];
                bytes.push(u8::from_str_radix(std::str::from_utf8(&hex).ok()?, 16).ok()?);
            }
            b'+' => bytes.push(b' '),
            b => bytes.push(b),
        }
    }
    String::from_utf8(bytes).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn database(text: &str) -> PgAddress {
        match Address::of(Path::new(text)) {
            Ok(Address::Database(a)) => *a,
            Ok(Address::File(_)) => panic!("{text}: read as a file"),
            Err(e) => panic!("{text}: {e}"),
        }
    }

    #[test]
    fn an_address_names_the_database_and_the_event() {
        let a = database("postgres://arbiter:s3cret@db.example:5433/league?event=spring");
        assert_eq!(a.event, "spring");
        assert_eq!(a.config.get_user(), Some("arbiter"));
        assert_eq!(a.config.get_dbname(), Some("league"));
        assert_eq!(a.config.get_ports(), &[5433]);
        assert_eq!(a.config.get_password(), Some(&b"s3cret"[..]));
        assert_eq!(
            a.shown(),
            "postgres://arbiter@db.example:5433/league?event=spring"
        );
        let b = database(
            "postgresql://arbiter@db.example/league?sslmode=require&event=%E6%98%A5%E5%AD%A3",
        );
        assert_eq!(b.event, "春季");
        assert_eq!(b.config.get_ssl_mode(), postgres::config::SslMode::Require);
        assert!(!format!("{b:?}").contains("s3cret"));
    }

    #[test]
    fn a_path_is_a_file_and_an_address_without_an_event_is_refused() {
        assert!(matches!(
            Address::of(Path::new("春季.qisai")),
            Ok(Address::File(_))
        ));
        for text in [
            "postgres://arbiter:s3cret@db.example/league",
            "postgres://arbiter:s3cret@db.example/league?event=",
        ] {
            let Err(e) = Address::of(Path::new(text)) else {
                panic!("{text}: accepted");
            };
            assert!(!e.to_string().contains("s3cret"), "{e}");
            assert!(e.to_string().contains("event"), "{e}");
        }
    }

    #[test]
    fn the_password_file_is_read_as_libpq_reads_it() {
        let wanted = ["db.example", "5432", "league", "arbiter"];
        assert_eq!(
            passfile_match("db.example:*:league:arbiter:pa\\:ss", &wanted),
            Some("pa:ss".into())
        );
        assert_eq!(passfile_match("other:*:*:*:x", &wanted), None);
        assert_eq!(passfile_match("*:*:*:*:any", &wanted), Some("any".into()));
    }

    #[test]
    fn without_a_host_or_user_the_local_server_and_the_login_name_are_meant() {
        let a = database("postgres:///league?event=spring");
        assert!(!a.config.get_hosts().is_empty());
        assert_eq!(a.config.get_dbname(), Some("league"));
        assert_eq!(a.shown(), "postgres:///league?event=spring");
    }

    #[test]
    fn a_password_never_survives_redaction() {
        assert_eq!(
            redact("postgres://u:p@h:1/d?password=x&event=e"),
            "postgres://u@h:1/d?event=e"
        );
    }
}
