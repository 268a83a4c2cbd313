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

use api::{ApiError, Operation, Session};
use clap::Args;
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
}

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

/// Where the built UI is: the flag, then ui/dist under the current folder or any folder
/// above the program (target/release/qisai in a checkout).
fn find_ui(flag: Option<PathBuf>) -> Option<PathBuf> {
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
fn static_file(ui: Option<&Path>, url: &str) -> Response<std::io::Cursor<Vec<u8>>> {
    let Some(ui) = ui else {
        return Response::from_string(
            "Qisai: the UI is not built (npm --prefix ui run build), or give --ui DIR",
        )
        .with_status_code(404);
    };
    let path = url.split(['?', '#']).next().unwrap_or("/");
    let relative: PathBuf = path
        .split('/')
        .filter(|part| !part.is_empty() && *part != "." && *part != "..")
        .collect();
    let mut file = ui.join(&relative);
    if relative.as_os_str().is_empty() || !file.is_file() {
        file = ui.join("index.html");
    }
    match std::fs::read(&file) {
        Ok(bytes) => Response::from_data(bytes)
            .with_header(header("Content-Type", content_type(&file)))
            .with_header(header("Content-Security-Policy", CONTENT_SECURITY_POLICY))
            .with_header(header("X-Content-Type-Options", "nosniff")),
        Err(_) => Response::from_string("not found").with_status_code(404),
    }
}

fn header_value<'a>(request: &'a Request, name: &str) -> Option<&'a str> {
    request
        .headers()
        .iter()
        .find(|h| h.field.as_str().as_str().eq_ignore_ascii_case(name))
        .map(|h| h.value.as_str())
}

struct Served {
    session: Session,
    /// Needed for writes when listening beyond loopback.
    token: Option<String>,
    ui: Option<PathBuf>,
}

impl Served {
    fn api(&mut self, request: &mut Request, name: &str) -> Response<std::io::Cursor<Vec<u8>>> {
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
        match api::call(&mut self.session, name, args) {
            Ok(value) => json_response(200, &value),
            Err(e) => {
                let status = match e.code {
                    "bad_arguments" | "unknown_operation" => 400,
                    "failed" => 500,
                    _ => 422,
                };
                error_response(status, &e)
            }
        }
    }

    fn handle(&mut self, mut request: Request) {
        let url = request.url().to_string();
        let response = match url.strip_prefix("/api/") {
            Some(name) => {
                let name = name.split('?').next().unwrap_or_default().to_string();
                self.api(&mut request, &name)
            }
            None => static_file(self.ui.as_deref(), &url),
        };
        // The client may have gone; nothing to do about it.
        let _ = request.respond(response);
    }
}

pub fn run(args: ServeArgs) -> Result<(), Failure> {
    let session = Session::pinned(args.file.clone()).map_err(|e| Failure::rejected(e.message))?;
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
    let mut state = Served { session, token, ui };
    for request in server.incoming_requests() {
        state.handle(request);
    }
    Ok(())
}
