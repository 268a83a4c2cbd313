//! `qisai serve FILE`: the built UI and the event's operations as JSON over HTTP, for
//! browser tests and, later, result entry from other devices on a LAN.
//!
//! `POST /api/<operation>` with a JSON object runs one operation of the `api` crate;
//! anything else is a file of the built UI. On 127.0.0.1 (the default) nobody else can
//! connect; bound to another address, every write needs the token printed at start
//! in an `X-Qisai-Token` header. Requests from another web origin (or, on loopback,
//! for another host name) are refused, so a web page open in the organizer's browser
//! cannot drive the server.

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::net::IpAddr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use api::{ApiError, Operation, Session};
use clap::Args;
use service::BackupPolicy;
use tiny_http::{Header, Method, Request, Response, Server};

use crate::Failure;

#[derive(Args)]
pub struct ServeArgs {
    /// The event file (created from the UI if it does not exist yet)
    pub file: PathBuf,
    /// Port to listen on; 0 picks a free one
    #[arg(long, default_value_t = 8155)]
    pub port: u16,
    /// Address to listen on. Anything but a loopback address opens the event to the
    /// network: writes then need the token printed at start
    #[arg(long, default_value = "127.0.0.1")]
    pub bind: IpAddr,
    /// The built UI (ui/dist); by default found beside the program or the current folder
    #[arg(long, env = "QISAI_UI_DIR")]
    pub ui: Option<PathBuf>,
    /// Automatic backups kept in NAME.backups/ beside the event (0: none)
    #[arg(long, env = "QISAI_BACKUPS", default_value_t = 10)]
    pub backups: usize,
    /// Minutes between automatic backups (0: after every change)
    #[arg(long, env = "QISAI_BACKUP_MINUTES", default_value_t = 10)]
    pub backup_minutes: u64,
}

/// Requests handled at once: reads go on while a change waits for another program's
/// lock, and one slow client does not hold up the rest.
const WORKERS: usize = 4;

const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; object-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/// 128 bits from the process's randomly keyed hasher: no extra dependency, and nothing
/// an attacker on the LAN can guess.
fn new_token() -> String {
    let state = RandomState::new();
    let half = |n: u64| {
        let mut h = state.build_hasher();
        h.write_u64(n);
        h.finish()
    };
    format!("{:016x}{:016x}", half(1), half(2))
}

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/ui_files.rs"));
}

/// Where the UI comes from: a folder, or the copy built into the program.
enum Ui {
    Folder(PathBuf),
    Embedded,
}

/// Where the built UI is: the flag, then ui/dist under the current folder or any folder
/// above the program (target/release/qisai in a checkout), then the copy built in.
fn find_ui(flag: Option<PathBuf>) -> Option<Ui> {
    folder_ui(flag)
        .map(Ui::Folder)
        .or_else(|| (!embedded::UI_FILES.is_empty()).then_some(Ui::Embedded))
}

fn folder_ui(flag: Option<PathBuf>) -> Option<PathBuf> {
    if let Some(dir) = flag {
        return Some(dir);
    }
    let mut candidates = vec![PathBuf::from("ui/dist")];
    if let Ok(exe) = std::env::current_exe() {
        candidates.extend(exe.ancestors().skip(1).map(|a| a.join("ui/dist")));
    }
    candidates
        .into_iter()
        .find(|d| d.join("index.html").is_file())
}

fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("a valid header")
}

fn json_response(status: u16, body: &serde_json::Value) -> Response<std::io::Cursor<Vec<u8>>> {
    Response::from_data(body.to_string().into_bytes())
        .with_status_code(status)
        .with_header(header("Content-Type", "application/json; charset=utf-8"))
        .with_header(header("Cache-Control", "no-store"))
}

fn error_response(status: u16, error: &ApiError) -> Response<std::io::Cursor<Vec<u8>>> {
    json_response(status, &serde_json::json!({ "error": error }))
}

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("ico") => "image/x-icon",
        Some("json") => "application/json",
        Some("woff2") => "font/woff2",
        _ => "application/octet-stream",
    }
}

/// A file of the built UI; unknown paths get index.html (the UI routes itself).
fn static_file(ui: Option<&Ui>, url: &str) -> Response<std::io::Cursor<Vec<u8>>> {
    let Some(ui) = ui else {
        return Response::from_string(
            "Qisai: the UI is not built (npm --prefix ui run build), or give --ui DIR",
        )
        .with_status_code(404);
    };
    let path = url.split(['?', '#']).next().unwrap_or("/");
    let parts: Vec<&str> = path
        .split('/')
        .filter(|part| !part.is_empty() && *part != "." && *part != "..")
        .collect();
    let found = match ui {
        Ui::Folder(dir) => {
            let relative: PathBuf = parts.iter().collect();
            let mut file = dir.join(&relative);
            if relative.as_os_str().is_empty() || !file.is_file() {
                file = dir.join("index.html");
            }
            std::fs::read(&file).ok().map(|bytes| (file, bytes))
        }
        Ui::Embedded => {
            let wanted = parts.join("/");
            let lookup = |name: &str| {
                embedded::UI_FILES
                    .iter()
                    .find(|(path, _)| *path == name)
                    .map(|(path, bytes)| (PathBuf::from(path), bytes.to_vec()))
            };
            lookup(&wanted).or_else(|| lookup("index.html"))
        }
    };
    match found {
        Some((file, bytes)) => Response::from_data(bytes)
            .with_header(header("Content-Type", content_type(&file)))
            .with_header(header("Content-Security-Policy", CONTENT_SECURITY_POLICY))
            .with_header(header("X-Content-Type-Options", "nosniff")),
        None => Response::from_string("not found").with_status_code(404),
    }
}

fn header_value<'a>(request: &'a Request, name: &str) -> Option<&'a str> {
    request
        .headers()
        .iter()
        .find(|h| h.field.as_str().as_str().eq_ignore_ascii_case(name))
        .map(|h| h.value.as_str())
}

/// One connection to the event for changes, one for reads: a change waiting for the
/// file's lock does not stop anyone from reading.
struct Served {
    file: PathBuf,
    writer: Mutex<Session>,
    reader: Mutex<Session>,
    /// Needed for writes when listening beyond loopback.
    token: Option<String>,
    ui: Option<Ui>,
}

/// A panic in one request must not lock everyone out of the event.
fn lock(session: &Mutex<Session>) -> MutexGuard<'_, Session> {
    session
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Served {
    /// The session an operation runs in. The reading one opens the event once the
    /// writing one has created it.
    fn session_for(&self, op: Operation) -> Result<MutexGuard<'_, Session>, ApiError> {
        if op.writes {
            return Ok(lock(&self.writer));
        }
        let mut reader = lock(&self.reader);
        if reader.path().is_none() && self.file.exists() {
            *reader = Session::pinned(self.file.clone())?;
        }
        Ok(reader)
    }

    /// Closes the event cleanly (its write-ahead log checkpointed and removed), after
    /// the requests in flight.
    fn close(&self) {
        let mut writer = lock(&self.writer);
        let mut reader = lock(&self.reader);
        *writer = Session::new();
        *reader = Session::new();
    }

    fn api(&self, request: &mut Request, name: &str) -> Response<std::io::Cursor<Vec<u8>>> {
        if *request.method() != Method::Post {
            return error_response(
                405,
                &ApiError::bad_arguments("operations are POSTed as JSON"),
            );
        }
        // A cross-site form or fetch cannot send JSON without a preflight we never
        // answer, and a browser always names a foreign origin.
        let json = header_value(request, "Content-Type")
            .is_some_and(|t| t.starts_with("application/json"));
        let host = header_value(request, "Host").unwrap_or_default();
        let foreign = header_value(request, "Origin").is_some_and(|origin| {
            origin
                .split_once("://")
                .map(|(_, rest)| rest)
                .is_none_or(|rest| rest != host)
        });
        // DNS rebinding: a foreign site's name pointed at 127.0.0.1 arrives with its own
        // Host (and a matching Origin); on loopback only loopback names are served.
        let rebound = self.token.is_none()
            && !["127.0.0.1:", "localhost:", "[::1]:"]
                .iter()
                .any(|local| host.starts_with(local));
        if !json || foreign || rebound {
            return error_response(
                403,
                &ApiError::bad_arguments("only this server's page may call it, with JSON"),
            );
        }
        let Some(op) = Operation::find(name) else {
            return error_response(
                404,
                &ApiError::bad_arguments(format!("no operation '{name}'")),
            );
        };
        if op.writes
            && let Some(token) = &self.token
            && header_value(request, "X-Qisai-Token") != Some(token.as_str())
        {
            return error_response(
                401,
                &ApiError::bad_arguments("this change needs the token printed by qisai serve"),
            );
        }
        let mut body = String::new();
        if let Err(e) = request.as_reader().read_to_string(&mut body) {
            return error_response(400, &ApiError::bad_arguments(format!("body: {e}")));
        }
        let args = if body.trim().is_empty() {
            serde_json::Value::Null
        } else {
            match serde_json::from_str(&body) {
                Ok(v) => v,
                Err(e) => {
                    return error_response(400, &ApiError::bad_arguments(format!("body: {e}")));
                }
            }
        };
        let outcome = self
            .session_for(op)
            .and_then(|mut session| api::call(&mut session, name, args));
        match outcome {
            Ok(value) => json_response(200, &value),
            Err(e) => {
                let status = match e.code {
                    "bad_arguments" | "unknown_operation" => 400,
                    "failed" | "disk_full" => 500,
                    "locked" => 503,
                    _ => 422,
                };
                error_response(status, &e)
            }
        }
    }

    fn handle(&self, mut request: Request) {
        let url = request.url().to_string();
        let response = match url.strip_prefix("/api/") {
            Some(name) => {
                let name = name.split('?').next().unwrap_or_default().to_string();
                self.api(&mut request, &name)
            }
            None => static_file(self.ui.as_ref(), &url),
        };
        // The client may have gone; nothing to do about it.
        let _ = request.respond(response);
    }
}

pub fn run(args: ServeArgs) -> Result<(), Failure> {
    let opening = |e: ApiError| Failure::rejected(e.message);
    let mut writer = Session::pinned(args.file.clone()).map_err(opening)?;
    writer.set_backups(BackupPolicy {
        keep: args.backups,
        every: Duration::from_secs(args.backup_minutes.saturating_mul(60)),
    });
    let reader = Session::pinned(args.file.clone()).map_err(opening)?;
    let server = Server::http((args.bind, args.port))
        .map_err(|e| Failure::usage(format!("{}:{}: {e}", args.bind, args.port)))?;
    let address = server
        .server_addr()
        .to_ip()
        .map(|a| a.to_string())
        .unwrap_or_default();
    let ui = find_ui(args.ui);
    let token = (!args.bind.is_loopback()).then(new_token);
    println!("Qisai: {} at http://{address}/", args.file.display());
    match &token {
        Some(t) => println!("token for changes from other devices: {t}"),
        None => println!("only this computer can connect (--bind to open it to the network)"),
    }
    if ui.is_none() {
        println!("the UI is not built: only /api/ answers (npm --prefix ui run build)");
    }
    let served = Arc::new(Served {
        file: args.file.clone(),
        writer: Mutex::new(writer),
        reader: Mutex::new(reader),
        token,
        ui,
    });
    let server = Arc::new(server);
    for _ in 0..WORKERS {
        let (server, served) = (Arc::clone(&server), Arc::clone(&served));
        std::thread::spawn(move || {
            while let Ok(request) = server.recv() {
                served.handle(request);
            }
        });
    }
    // Ctrl-C, SIGTERM or SIGHUP: finish the requests in flight, close the file whole.
    let (stop, stopped) = std::sync::mpsc::channel();
    ctrlc::set_handler(move || {
        let _ = stop.send(());
    })
    .map_err(|e| Failure::usage(format!("signals: {e}")))?;
    let _ = stopped.recv();
    served.close();
    // Whoever read our first lines may be gone by now: no panic on a closed stdout.
    use std::io::Write;
    let _ = writeln!(
        std::io::stdout(),
        "Qisai: stopped; {} is closed",
        args.file.display()
    );
    Ok(())
}
