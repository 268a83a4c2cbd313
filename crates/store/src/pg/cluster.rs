//! A private PostgreSQL server for tests: a cluster made with `initdb` in a temporary
//! folder, listening on loopback only, with a password; run as the `postgres` user
//! when the tests run as root (PostgreSQL refuses root). A watchdog stops it and
//! removes the folder when the test process ends, however it ends.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// The password of the cluster's user `qisai`.
pub const PASSWORD: &str = "qisai-test-secret";

pub struct TestCluster {
    pub port: u16,
}

impl TestCluster {
    /// The cluster of this test process, started on first use.
    pub fn shared() -> &'static TestCluster {
        static CLUSTER: OnceLock<TestCluster> = OnceLock::new();
        CLUSTER.get_or_init(|| TestCluster::start().unwrap_or_else(|why| panic!("{why}")))
    }

    /// The address of `event`, password included.
    pub fn address(&self, event: &str) -> String {
        format!(
            "postgres://qisai:{PASSWORD}@127.0.0.1:{}/postgres?event={event}",
            self.port
        )
    }

    /// The address of `event` without the password (given some other way).
    pub fn bare_address(&self, event: &str) -> String {
        format!(
            "postgres://qisai@127.0.0.1:{}/postgres?event={event}",
            self.port
        )
    }

    fn start() -> Result<TestCluster, String> {
        let bin = bin_dir().ok_or(
            "PostgreSQL is not installed (initdb not found): run scripts/setup, or set QISAI_PG_BIN",
        )?;
        let stamp = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0);
        let dir = std::env::temp_dir().join(format!("qisai-pg-{}-{stamp}", std::process::id()));
        std::fs::create_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        std::fs::write(dir.join("password"), PASSWORD).map_err(|e| e.to_string())?;
        // A certificate of its own, so that `sslmode=require` can be tried.
        let certified = Command::new("openssl")
            .args([
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
            ])
            .args(["-subj", "/CN=localhost", "-keyout"])
            .arg(dir.join("server.key"))
            .arg("-out")
            .arg(dir.join("server.crt"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .map_err(|e| format!("openssl: {e}"))?;
        if !certified.success() {
            return Err("openssl could not make the test server's certificate".into());
        }
        let as_root = is_root();
        if as_root {
            let owned = Command::new("chown")
                .args(["-R", "postgres:"])
                .arg(&dir)
                .status()
                .map_err(|e| format!("chown: {e}"))?;
            if !owned.success() {
                return Err("chown postgres failed: is there a postgres user?".into());
            }
        }
        let data = dir.join("data");
        let initdb = unprivileged(as_root, &bin.join("initdb"))
            .args([
                "-U",
                "qisai",
                "-A",
                "scram-sha-256",
                "-E",
                "UTF8",
                "--no-locale",
                "--no-sync",
            ])
            .arg("--pwfile")
            .arg(dir.join("password"))
            .arg("-D")
            .arg(&data)
            .stdout(Stdio::null())
            .output()
            .map_err(|e| format!("initdb: {e}"))?;
        if !initdb.status.success() {
            return Err(format!(
                "initdb failed: {}",
                String::from_utf8_lossy(&initdb.stderr)
            ));
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .map_err(|e| e.to_string())?;
        // The server runs until this process is gone, then is stopped and removed.
        let watchdog = r#"
chmod 600 "$2/server.key"
"$1/postgres" -D "$2/data" -p "$3" -c listen_addresses=127.0.0.1 \
  -c unix_socket_directories="$2" -c fsync=off -c max_connections=300 \
  -c ssl=on -c ssl_cert_file="$2/server.crt" -c ssl_key_file="$2/server.key" >"$2/log" 2>&1 &
server=$!
while [ -d "/proc/$4" ] && kill -0 "$server" 2>/dev/null; do sleep 0.2; done
kill -QUIT "$server" 2>/dev/null
wait "$server"
rm -rf "$2"
"#;
        unprivileged(as_root, Path::new("sh"))
            .args(["-c", watchdog, "sh"])
            .arg(&bin)
            .arg(&dir)
            .arg(port.to_string())
            .arg(std::process::id().to_string())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("postgres: {e}"))?;
        let cluster = TestCluster { port };
        let deadline = Instant::now() + Duration::from_secs(60);
        let config: postgres::Config =
            format!("host=127.0.0.1 port={port} user=qisai password={PASSWORD} dbname=postgres")
                .parse()
                .map_err(|e: postgres::Error| e.to_string())?;
        loop {
            match config.connect(postgres::NoTls) {
                Ok(_) => return Ok(cluster),
                Err(e) if Instant::now() > deadline => {
                    let log = std::fs::read_to_string(dir.join("log")).unwrap_or_default();
                    return Err(format!("PostgreSQL did not start: {e}\n{log}"));
                }
                Err(_) => std::thread::sleep(Duration::from_millis(100)),
            }
        }
    }
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// `program` run as the `postgres` user when we are root.
fn unprivileged(as_root: bool, program: &Path) -> Command {
    match as_root {
        true => {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(program);
            c
        }
        false => Command::new(program),
    }
}

/// Where PostgreSQL's server programs are: `QISAI_PG_BIN`, Debian's newest version,
/// or the folder of `initdb` on the PATH.
fn bin_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("QISAI_PG_BIN") {
        return Some(PathBuf::from(dir));
    }
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let version = e.file_name().to_str()?.parse().ok()?;
            let bin = e.path().join("bin");
            bin.join("initdb").exists().then_some((version, bin))
        })
        .collect();
    versions.sort();
    if let Some((_, bin)) = versions.pop() {
        return Some(bin);
    }
    std::env::var_os("PATH")
        .and_then(|paths| std::env::split_paths(&paths).find(|p| p.join("initdb").exists()))
}
