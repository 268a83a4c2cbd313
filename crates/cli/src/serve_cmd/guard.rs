//! Who may call the server: this server's own page (no foreign origin, no foreign host
//! name on loopback), with JSON, and for changes beyond loopback the printed token.

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};

use axum::http::{HeaderMap, header};

fn value(headers: &HeaderMap, name: impl axum::http::header::AsHeaderName) -> &str {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
}

/// 128 bits from the process's randomly keyed hasher: nothing an attacker on the LAN
/// can guess.
pub(super) fn new_token() -> String {
    let state = RandomState::new();
    let half = |n: u64| {
        let mut h = state.build_hasher();
        h.write_u64(n);
        h.finish()
    };
    format!("{:016x}{:016x}", half(1), half(2))
}

/// The request comes from this server's page. A browser always names a foreign
/// origin; and a foreign site's name pointed at this server (DNS rebinding) arrives
/// with its own Host: on loopback only loopback names are served, on the network only
/// addresses, `localhost` and the LAN's own `.local` names.
pub(super) fn own_page(headers: &HeaderMap, networked: bool) -> bool {
    let host = value(headers, header::HOST);
    let foreign = headers.get(header::ORIGIN).is_some_and(|origin| {
        origin
            .to_str()
            .ok()
            .and_then(|o| o.split_once("://"))
            .is_none_or(|(_, rest)| rest != host)
    });
    let rebound = match networked {
        false => !["127.0.0.1:", "localhost:", "[::1]:"]
            .iter()
            .any(|local| host.starts_with(local)),
        true => !host_is_ours(host),
    };
    !foreign && !rebound
}

/// A Host header no foreign site can have made us answer to: an IP address, or a
/// name that only this network resolves.
fn host_is_ours(host: &str) -> bool {
    let name = match host.strip_prefix('[') {
        Some(v6) => {
            return v6
                .split(']')
                .next()
                .is_some_and(|a| a.parse::<std::net::Ipv6Addr>().is_ok());
        }
        None => host.rsplit_once(':').map_or(host, |(name, _)| name),
    };
    let name = name.to_ascii_lowercase();
    name.parse::<std::net::Ipv4Addr>().is_ok()
        || name == "localhost"
        || (name.ends_with(".local") && name.len() > ".local".len())
}

/// A cross-site form or fetch cannot send JSON without a preflight we never answer.
pub(super) fn json(headers: &HeaderMap) -> bool {
    // The media type itself, parameters aside: `application/jsonx` is not JSON.
    let given = value(headers, header::CONTENT_TYPE);
    let media = given.split(';').next().unwrap_or_default().trim();
    media.eq_ignore_ascii_case("application/json")
}

/// The token a request carries (`X-Qisai-Token`), if any.
pub(super) fn token(headers: &HeaderMap) -> Option<String> {
    let given = value(headers, "x-qisai-token").trim();
    (!given.is_empty()).then(|| given.to_string())
}

/// The page that sent a change (`X-Qisai-Client`), so that it can tell its own changes
/// from others' on `/events`.
pub(super) fn client(headers: &HeaderMap) -> Option<String> {
    let id = value(headers, "x-qisai-client");
    let clean = !id.is_empty()
        && id.len() <= 64
        && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
    clean.then(|| id.to_string())
}

/// Wrong tokens tried from one address: after `MAX_FAILURES` within `WINDOW`, that
/// address may not try again until the window has passed.
pub(super) struct Attempts {
    failures:
        std::sync::Mutex<std::collections::HashMap<std::net::IpAddr, (u32, std::time::Instant)>>,
}

const MAX_FAILURES: u32 = 10;
const WINDOW: std::time::Duration = std::time::Duration::from_secs(60);

impl Attempts {
    pub(super) fn new() -> Attempts {
        Attempts {
            failures: Default::default(),
        }
    }

    fn with<T>(
        &self,
        f: impl FnOnce(&mut std::collections::HashMap<std::net::IpAddr, (u32, std::time::Instant)>) -> T,
    ) -> T {
        let mut map = self
            .failures
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        // Old windows are forgotten, so the map stays small.
        map.retain(|_, (_, since)| since.elapsed() < WINDOW);
        f(&mut map)
    }

    /// Too many wrong tokens from `ip` lately.
    pub(super) fn blocked(&self, ip: std::net::IpAddr) -> bool {
        self.with(|map| map.get(&ip).is_some_and(|(n, _)| *n >= MAX_FAILURES))
    }

    pub(super) fn failed(&self, ip: std::net::IpAddr) {
        self.with(|map| {
            let entry = map.entry(ip).or_insert((0, std::time::Instant::now()));
            entry.0 += 1;
        });
    }

    pub(super) fn succeeded(&self, ip: std::net::IpAddr) {
        self.with(|map| {
            map.remove(&ip);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_is_the_media_type_itself() {
        let with = |t: &str| {
            let mut h = HeaderMap::new();
            h.insert(header::CONTENT_TYPE, t.parse().unwrap());
            json(&h)
        };
        assert!(with("application/json"));
        assert!(with("application/json; charset=utf-8"));
        assert!(with("Application/JSON"));
        assert!(!with("application/jsonx"));
        assert!(!with("application/json-patch+json"));
        assert!(!with("text/plain"));
        assert!(!json(&HeaderMap::new()));
    }

    #[test]
    fn on_the_network_only_addresses_and_local_names_are_served() {
        for ours in [
            "192.168.1.5:8155",
            "[fe80::1]:8155",
            "localhost:8155",
            "saiqu.local:8155",
            "10.0.0.2",
        ] {
            assert!(host_is_ours(ours), "{ours}");
        }
        for foreign in [
            "evil.example:8155",
            "192.168.1.5.evil.example:80",
            ".local:1",
            "",
        ] {
            assert!(!host_is_ours(foreign), "{foreign}");
        }
    }
}
