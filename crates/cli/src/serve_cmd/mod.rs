//! `qisai serve FILE`: the built UI and the event's operations as JSON over HTTP, for
//! the browser, the hall's other devices and the browser tests.
//!
//! `POST /api/<operation>` with a JSON object runs one operation of the `api` crate;
//! `GET /events` is a stream of server-sent events, one `data:` line after every change;
//! `GET /hall` says where the hall's devices reach it; anything else is a file of the
//! built UI (which shows `/display` and `/arbiter` as their own pages). On 127.0.0.1
//! (the default) nobody else can connect; bound to another address, a request's
//! `X-Qisai-Token` decides its role (`roles.rs`): the token printed at start calls
//! everything, a sector arbiter's enters its results, none reads the display. Requests
//! from another web origin (or for another host name: DNS rebinding) are refused, so a
//! web page open in a browser cannot drive it.
//!
//! One client cannot stop the others: headers and bodies must arrive within a few
//! seconds, bodies are bounded (a few MB for files, a few KB otherwise) and a body
//! declared too large is refused before it is read, connections are capped, and the
//! event's operations run off the network threads, changes one at a time, reads on a
//! connection of their own.

mod guard;
mod roles;
mod ui;

use std::convert::Infallible;
use std::net::IpAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use api::{ApiError, Operation, Session};
use axum::Router;
use axum::body::Body;
use axum::extract::{Path as UrlPath, State};
use axum::http::{HeaderMap, Method, StatusCode, Uri, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get};
use clap::Args;
use messages::msg;
use service::BackupPolicy;
use tokio::sync::{Semaphore, broadcast, watch};

use crate::Failure;
use roles::Role;
use ui::Ui;

#[derive(Args)]
pub struct ServeArgs {
    /// The event file (created from the UI if it does not exist yet), or an event in a
    /// database: postgres://USER@HOST/DB?event=NAME
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
    /// Pages that may follow the live updates at once (projectors, phones); more are
    /// told to come back later
    #[arg(long, default_value_t = MAX_LISTENERS, value_parser = clap::value_parser!(u32).range(1..=65_536))]
    pub max_listeners: u32,
    /// The chief arbiter's token beyond loopback (16 to 128 letters and digits); a new
    /// one each start by default. Servers of one event in a database may share one
    #[arg(long, env = "QISAI_TOKEN", hide_env_values = true)]
    pub token: Option<String>,
}

/// A chief arbiter's token given at start: long enough not to be guessed.
fn given_token(token: &str) -> Result<String, Failure> {
    let token = token.trim();
    let fits =
        (16..=128).contains(&token.len()) && token.chars().all(|c| c.is_ascii_alphanumeric());
    match fits {
        true => Ok(token.to_string()),
        false => Err(Failure::usage(crate::messages::say(&msg!(
            "serve.token_form"
        )))),
    }
}

/// Connections served at once for requests; more wait in the kernel's queue until one
/// closes.
const MAX_CONNECTIONS: usize = 512;
/// Pages listening on `/events` at once by default: a stream never ends, so listeners
/// give their connection's seat back and count here instead (a few KB each). A hall of
/// phones fits; past it a listener is told to come back later.
const MAX_LISTENERS: u32 = 4096;
/// What an overflowing listener is told to wait, in seconds.
const LISTENER_RETRY: &str = "10";
/// A request's headers must arrive within this, and so must its body.
const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
const BODY_TIMEOUT: Duration = Duration::from_secs(10);
/// Operations that carry a file (an entry list, a game record) may send this much.
const FILE_BODY_LIMIT: usize = 8 << 20;
/// Every other operation's arguments fit in this.
const BODY_LIMIT: usize = 256 << 10;
/// How long the requests in flight may take to finish once the server is asked to stop.
const DRAIN_TIMEOUT: Duration = Duration::from_secs(10);

/// The operations whose arguments hold a file, base64-encoded.
fn carries_a_file(name: &str) -> bool {
    matches!(
        name,
        "entrants.import" | "entrants.preview_import" | "records.read" | "results.record"
    )
}

/// Connections kept open for reads; more are opened while many read at once.
const IDLE_READERS: usize = 4;

/// One connection to the event for changes, others for reads: a change waiting for
/// the file's lock does not stop anyone from reading, and reads run side by side.
struct Served {
    file: PathBuf,
    writer: Mutex<Session>,
    readers: Mutex<Vec<Session>>,
    /// Needed for writes when listening beyond loopback.
    token: Option<String>,
    ui: Option<Ui>,
    /// Every change, told to the pages that listen on `/events`.
    changes: broadcast::Sender<String>,
    /// Set when the server stops: the event streams end.
    stopping: watch::Receiver<bool>,
    /// Wrong tokens, by address: too many and that address must wait.
    attempts: guard::Attempts,
    /// Where the hall's devices reach this server (`http://192.168.1.5:8155/`).
    address: String,
    /// Seats for pages listening on `/events`, apart from the requests' seats.
    listeners: Arc<Semaphore>,
    /// Changes waiting for the writer: whoever holds it runs all that wait, the
    /// results among them as one commit (group commit).
    pending: Mutex<Vec<Job>>,
}

/// A change waiting to be run, and where its answer goes.
struct Job {
    op: Operation,
    args: serde_json::Value,
    answer: std::sync::mpsc::Sender<Result<serde_json::Value, ApiError>>,
}

/// A connection's seat among the [`MAX_CONNECTIONS`]: given back when the connection
/// closes, or as soon as it becomes an event stream.
#[derive(Clone, Default)]
struct Seat(Arc<Mutex<Option<tokio::sync::OwnedSemaphorePermit>>>);

impl Seat {
    fn give_back(&self) {
        lock(&self.0).take();
    }
}

/// The address a connection comes from, for the wrong-token limit.
#[derive(Clone, Copy)]
struct Peer(std::net::IpAddr);

/// A panic in one request must not lock everyone out of the event.
fn lock<T>(held: &Mutex<T>) -> MutexGuard<'_, T> {
    held.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Served {
    /// A reading session of its own, opened on the event once the writing one has
    /// created it; given back with [`Served::done_reading`].
    fn reader(&self) -> Result<Session, ApiError> {
        let idle = lock(&self.readers).pop();
        match idle {
            Some(reader) if reader.path().is_some() || !service::Event::exists(&self.file)? => {
                Ok(reader)
            }
            _ => Session::pinned(self.file.clone()),
        }
    }

    fn done_reading(&self, reader: Session) {
        let mut idle = lock(&self.readers);
        if idle.len() < IDLE_READERS {
            idle.push(reader);
        }
    }

    /// Who the token of a request belongs to; `None` for a token nobody has.
    fn role(&self, token: Option<&str>) -> Result<Option<Role>, ApiError> {
        let Some(token) = token else {
            // Without a token: everything on loopback, the public's views beyond.
            return Ok(Some(match self.token {
                None => Role::Chief,
                Some(_) => Role::Public,
            }));
        };
        if self
            .token
            .as_deref()
            .is_some_and(|t| service::same_secret(t, token))
        {
            return Ok(Some(Role::Chief));
        }
        let reader = self.reader()?;
        let arbiter = api::arbiter_for_token(&reader, token);
        self.done_reading(reader);
        Ok(arbiter?.map(|(name, competition)| Role::Sector { name, competition }))
    }

    /// Runs one operation in the session it needs.
    fn call(&self, op: Operation, args: serde_json::Value) -> Result<serde_json::Value, ApiError> {
        if op.writes {
            return self.write(op, args);
        }
        let mut reader = self.reader()?;
        let answer = api::call(&mut reader, op.name, args);
        self.done_reading(reader);
        answer
    }

    /// A change, answered once it is on disk. It waits with the others; whoever gets
    /// the writer first runs every change waiting then, so a burst of results costs
    /// one commit instead of one each.
    fn write(&self, op: Operation, args: serde_json::Value) -> Result<serde_json::Value, ApiError> {
        let (answer, answered) = std::sync::mpsc::channel();
        lock(&self.pending).push(Job { op, args, answer });
        loop {
            if let Ok(done) = answered.try_recv() {
                return done;
            }
            let mut writer = lock(&self.writer);
            let jobs = std::mem::take(&mut *lock(&self.pending));
            if jobs.is_empty() {
                // Ours was run by the writer before us, which has finished.
                drop(writer);
                return answered
                    .recv()
                    .unwrap_or_else(|_| Err(ApiError::failed("the change was lost")));
            }
            run_jobs(&mut writer, jobs);
        }
    }

    /// Closes the event cleanly, after the requests in flight.
    fn close(&self) {
        let mut writer = lock(&self.writer);
        *writer = Session::new();
        lock(&self.readers).clear();
    }
}

/// Runs waiting changes in the order they came: each run of results together as one
/// commit, anything else alone.
fn run_jobs(writer: &mut Session, jobs: Vec<Job>) {
    let mut jobs = jobs.into_iter().peekable();
    while let Some(job) = jobs.next() {
        if !api::batchable(job.op.name) || !jobs.peek().is_some_and(|j| api::batchable(j.op.name)) {
            let _ = job.answer.send(api::call(writer, job.op.name, job.args));
            continue;
        }
        let mut batch = vec![job];
        while let Some(next) = jobs.next_if(|j| api::batchable(j.op.name)) {
            batch.push(next);
        }
        let (calls, answers): (Vec<_>, Vec<_>) = batch
            .into_iter()
            .map(|j| ((j.op.name, j.args), j.answer))
            .unzip();
        for (answer, done) in answers.iter().zip(api::call_batch(writer, calls)) {
            // A request that gave up waiting is no reason to stop.
            let _ = answer.send(done);
        }
    }
}

/// Why a request was not run: its status and what to say.
type Refused = (StatusCode, ApiError);

/// The caller's role from its token, the wrong-token limit kept; then the operation,
/// if the role may call it.
fn authorised_call(
    served: &Served,
    peer: IpAddr,
    token: Option<String>,
    op: Operation,
    mut args: serde_json::Value,
) -> Result<serde_json::Value, Refused> {
    if token.is_some() && served.attempts.blocked(peer) {
        let e = ApiError::denied(messages::msg!("serve.too_many_tokens"));
        return Err((StatusCode::TOO_MANY_REQUESTS, e));
    }
    let role = served
        .role(token.as_deref())
        .map_err(|e| (StatusCode::INTERNAL_SERVER_ERROR, e))?;
    let Some(role) = role else {
        served.attempts.failed(peer);
        let e = ApiError::denied(messages::msg!("serve.unknown_token"));
        return Err((StatusCode::UNAUTHORIZED, e));
    };
    if token.is_some() {
        served.attempts.succeeded(peer);
    }
    if !role.may_call(op.name) {
        // Without a token: say which one is needed; with a sector's: it may not.
        return Err(match role {
            Role::Public => (
                StatusCode::UNAUTHORIZED,
                ApiError::denied(messages::msg!("serve.needs_token")),
            ),
            _ => (
                StatusCode::FORBIDDEN,
                ApiError::denied(messages::msg!("serve.sector_only")),
            ),
        });
    }
    role.bind_arguments(&mut args);
    served.call(op, args).map_err(|e| {
        let status = match e.code {
            "bad_arguments" | "unknown_operation" => StatusCode::BAD_REQUEST,
            "failed" | "disk_full" => StatusCode::INTERNAL_SERVER_ERROR,
            "locked" => StatusCode::SERVICE_UNAVAILABLE,
            _ => StatusCode::UNPROCESSABLE_ENTITY,
        };
        (status, e)
    })
}

fn json(status: StatusCode, body: &serde_json::Value) -> Response {
    (
        status,
        [
            (header::CONTENT_TYPE, "application/json; charset=utf-8"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        body.to_string(),
    )
        .into_response()
}

fn refusal(status: StatusCode, error: &ApiError) -> Response {
    json(status, &serde_json::json!({ "error": error }))
}

async fn api(
    State(served): State<Arc<Served>>,
    axum::Extension(Peer(peer)): axum::Extension<Peer>,
    UrlPath(name): UrlPath<String>,
    method: Method,
    headers: HeaderMap,
    body: Body,
) -> Response {
    if method != Method::POST {
        let e = ApiError::bad_arguments(msg!("serve.post_json"));
        return refusal(StatusCode::METHOD_NOT_ALLOWED, &e);
    }
    if !guard::own_page(&headers, served.token.is_some()) || !guard::json(&headers) {
        let e = ApiError::bad_arguments(msg!("serve.own_page_json"));
        return refusal(StatusCode::FORBIDDEN, &e);
    }
    let Some(op) = Operation::find(&name) else {
        let e = ApiError::bad_arguments(msg!("api.unknown_operation", operation = &name));
        return refusal(StatusCode::NOT_FOUND, &e);
    };
    let limit = if carries_a_file(op.name) {
        FILE_BODY_LIMIT
    } else {
        BODY_LIMIT
    };
    let too_large = || {
        let e = ApiError::bad_arguments(msg!("serve.body_too_large", limit = limit));
        refusal(StatusCode::PAYLOAD_TOO_LARGE, &e)
    };
    // A body declared too large is refused before a byte of it is read.
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > limit as u64) {
        return too_large();
    }
    let bytes = match tokio::time::timeout(BODY_TIMEOUT, axum::body::to_bytes(body, limit)).await {
        Err(_) => {
            let e = ApiError::bad_arguments(msg!("serve.body_slow"));
            return refusal(StatusCode::REQUEST_TIMEOUT, &e);
        }
        Ok(Err(_)) => return too_large(),
        Ok(Ok(bytes)) => bytes,
    };
    let args = if bytes.iter().all(u8::is_ascii_whitespace) {
        serde_json::Value::Null
    } else {
        match serde_json::from_slice(&bytes) {
            Ok(v) => v,
            Err(e) => {
                let e = ApiError::bad_arguments(msg!("api.arg.invalid", detail = e.to_string()));
                return refusal(StatusCode::BAD_REQUEST, &e);
            }
        }
    };
    // The event's operations touch SQLite: off the network threads.
    let client = guard::client(&headers);
    let token = guard::token(&headers);
    let worker = Arc::clone(&served);
    let outcome =
        tokio::task::spawn_blocking(move || authorised_call(&worker, peer, token, op, args)).await;
    match outcome {
        Ok(Ok(value)) => {
            if op.writes {
                let change = serde_json::json!({ "operation": op.name, "client": client });
                // Nobody listening is no error.
                let _ = served.changes.send(change.to_string());
            }
            json(StatusCode::OK, &value)
        }
        Ok(Err((status, e))) => refusal(status, &e),
        Err(_) => {
            let e = ApiError::failed("the operation stopped unexpectedly");
            refusal(StatusCode::INTERNAL_SERVER_ERROR, &e)
        }
    }
}

/// `GET /events`: one `data:` line, `{"operation", "client"}`, after every change.
async fn events(
    State(served): State<Arc<Served>>,
    axum::Extension(seat): axum::Extension<Seat>,
    headers: HeaderMap,
) -> Response {
    if !guard::own_page(&headers, served.token.is_some()) {
        let e = ApiError::bad_arguments(msg!("serve.own_page_listen"));
        return refusal(StatusCode::FORBIDDEN, &e);
    }
    let Ok(listening) = Arc::clone(&served.listeners).try_acquire_owned() else {
        let e = ApiError::busy(messages::msg!("serve.too_many_listeners"));
        let mut answer = refusal(StatusCode::SERVICE_UNAVAILABLE, &e);
        answer.headers_mut().insert(
            header::RETRY_AFTER,
            header::HeaderValue::from_static(LISTENER_RETRY),
        );
        return answer;
    };
    // A stream never ends: it must not keep a request's seat.
    seat.give_back();
    let changes = served.changes.subscribe();
    let stopping = served.stopping.clone();
    let stream = futures_util::stream::unfold(
        (changes, stopping, listening),
        |(mut changes, mut stopping, listening)| async move {
            tokio::select! {
                change = changes.recv() => {
                    let data = match change {
                        Ok(data) => data,
                        // Too slow to keep up: told to reload everything.
                        Err(broadcast::error::RecvError::Lagged(_)) => {
                            r#"{"operation":"lagged"}"#.to_string()
                        }
                        Err(broadcast::error::RecvError::Closed) => return None,
                    };
                    let event = Ok::<_, Infallible>(Event::default().data(data));
                    Some((event, (changes, stopping, listening)))
                }
                _ = stopping.changed() => None,
            }
        },
    );
    Sse::new(stream)
        .keep_alive(KeepAlive::default())
        .into_response()
}

/// An event in a database may be changed by other servers and commands: what they do
/// is told to this server's pages as its own changes are. The server listens before it
/// takes its first request; the listening connection is made again whenever it is lost
/// (and waits while the event is not yet created).
fn hear_other_servers(
    at: store::PgAddress,
    changes: broadcast::Sender<String>,
    stopping: watch::Receiver<bool>,
) {
    let mut first = store::pg::PgListener::new(&at).ok();
    std::thread::spawn(move || {
        while !*stopping.borrow() {
            let Some(mut listener) = first
                .take()
                .or_else(|| store::pg::PgListener::new(&at).ok())
            else {
                std::thread::sleep(Duration::from_secs(1));
                continue;
            };
            while !*stopping.borrow() {
                let Ok(heard) = listener.heard(Duration::from_millis(500)) else {
                    break;
                };
                for operation in heard {
                    let change = serde_json::json!({ "operation": operation, "client": null });
                    let _ = changes.send(change.to_string());
                }
            }
        }
    });
}

/// `GET /hall`: where the hall's devices reach this server, for the links and QR
/// codes the UI makes.
async fn hall(State(served): State<Arc<Served>>, headers: HeaderMap) -> Response {
    if !guard::own_page(&headers, served.token.is_some()) {
        let e = ApiError::bad_arguments(msg!("serve.own_page_ask"));
        return refusal(StatusCode::FORBIDDEN, &e);
    }
    json(
        StatusCode::OK,
        &serde_json::json!({ "address": served.address }),
    )
}

/// The address other devices reach a server bound to `bind` at: the address itself,
/// or for 0.0.0.0 the one of the interface the default route leaves by (a UDP
/// "connection" sends nothing).
fn reachable_address(bind: IpAddr, port: u16) -> String {
    let ip = if bind.is_unspecified() {
        std::net::UdpSocket::bind((bind, 0))
            .and_then(|socket| {
                socket.connect(("192.0.2.1", 9))?;
                socket.local_addr()
            })
            .map(|a| a.ip())
            .unwrap_or(IpAddr::from([127, 0, 0, 1]))
    } else {
        bind
    };
    format!("http://{}/", std::net::SocketAddr::new(ip, port))
}

async fn page(State(served): State<Arc<Served>>, uri: Uri) -> Response {
    ui::file(served.ui.as_ref(), uri.path())
}

/// The requests of one connection, until it closes or the server stops.
async fn connection(
    stream: tokio::net::TcpStream,
    router: Router,
    mut stopping: watch::Receiver<bool>,
) {
    use hyper_util::rt::{TokioIo, TokioTimer};
    // Small answers go out at once, not after the peer's delayed acknowledgement.
    let _ = stream.set_nodelay(true);
    let service = hyper_util::service::TowerToHyperService::new(router);
    let conn = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(HEADER_TIMEOUT)
        .keep_alive(true)
        .serve_connection(TokioIo::new(stream), service);
    tokio::pin!(conn);
    tokio::select! {
        _ = conn.as_mut() => {}
        _ = stopping.changed() => {
            conn.as_mut().graceful_shutdown();
            let _ = tokio::time::timeout(DRAIN_TIMEOUT, conn).await;
        }
    }
}

/// A line for whoever started the server: it may have read what it needed and gone
/// (a closed pipe is no reason to stop serving).
macro_rules! tell {
    ($($arg:tt)*) => {{
        use std::io::Write;
        let _ = writeln!(std::io::stdout(), $($arg)*);
    }};
}

pub fn run(args: ServeArgs) -> Result<(), Failure> {
    // Every listener and request is a descriptor: as many as the system lets us have
    // (many desktops start programs with 1,024), failing which the budget is smaller.
    let _ =
        rlimit::increase_nofile_limit(MAX_CONNECTIONS as u64 + u64::from(args.max_listeners) + 256);
    let opening = |e: ApiError| Failure::rejected(e.message);
    let mut writer = Session::pinned(args.file.clone()).map_err(opening)?;
    writer.set_backups(BackupPolicy {
        keep: args.backups,
        every: Duration::from_secs(args.backup_minutes.saturating_mul(60)),
    });
    let reader = Session::pinned(args.file.clone()).map_err(opening)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| Failure::usage(format!("runtime: {e}")))?;
    let where_ = format!("{}:{}", args.bind, args.port);
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind((args.bind, args.port)))
        .map_err(|e| Failure::usage(format!("{where_}: {e}")))?;
    let address = listener
        .local_addr()
        .map(|a| a.to_string())
        .unwrap_or_default();
    let ui = ui::find_ui(args.ui);
    let token = match (&args.token, args.bind.is_loopback()) {
        (_, true) => None,
        (Some(given), false) => Some(given_token(given)?),
        (None, false) => Some(guard::new_token()),
    };
    let (stop, stopping) = watch::channel(false);
    let changes = broadcast::channel(256).0;
    if let Ok(store::Address::Database(at)) = store::Address::of(&args.file) {
        hear_other_servers(*at, changes.clone(), stopping.clone());
    }
    tell!(
        "Qisai: {} at http://{address}/",
        service::shown_path(&args.file)
    );
    let port = listener.local_addr().map(|a| a.port()).unwrap_or(args.port);
    let reachable = reachable_address(args.bind, port);
    match &token {
        Some(t) => {
            tell!("token for changes from other devices: {t}");
            tell!("chief arbiter (everything): {reachable}?token={t}");
            tell!("projector and players (read-only): {reachable}display");
            tell!(
                "sector arbiters: `qisai arbiter add NAME --boards 1-20`, then {reachable}arbiter?token=THEIR-TOKEN (the UI shows each link as a QR code)"
            );
        }
        None => {
            tell!("only this computer can connect (--bind to open it to the network)");
            tell!("projector: {reachable}display");
        }
    }
    if ui.is_none() {
        tell!("the UI is not built: only /api/ answers (npm --prefix ui run build)");
    }
    let served = Arc::new(Served {
        file: args.file.clone(),
        writer: Mutex::new(writer),
        readers: Mutex::new(vec![reader]),
        token,
        ui,
        changes,
        stopping: stopping.clone(),
        attempts: guard::Attempts::new(),
        address: reachable,
        listeners: Arc::new(Semaphore::new(args.max_listeners as usize)),
        pending: Mutex::new(Vec::new()),
    });
    let router = Router::new()
        .route("/api/{name}", any(api))
        .route("/events", get(events))
        .route("/hall", get(hall))
        .fallback(page)
        .with_state(Arc::clone(&served));
    // Ctrl-C, SIGTERM or SIGHUP: finish the requests in flight, close the file whole.
    let (signal, signalled) = std::sync::mpsc::channel();
    ctrlc::set_handler(move || {
        let _ = signal.send(());
    })
    .map_err(|e| Failure::usage(format!("signals: {e}")))?;
    let watcher = std::thread::spawn(move || {
        let _ = signalled.recv();
        let _ = stop.send(true);
    });
    runtime.block_on(async move {
        let slots = Arc::new(Semaphore::new(MAX_CONNECTIONS));
        let mut stopped = stopping.clone();
        loop {
            let permit = tokio::select! {
                permit = Arc::clone(&slots).acquire_owned() => permit,
                _ = stopped.changed() => break,
            };
            let Ok(permit) = permit else { break };
            let accepted = tokio::select! {
                accepted = listener.accept() => accepted,
                _ = stopped.changed() => break,
            };
            let Ok((stream, from)) = accepted else {
                // Out of file descriptors, most likely: wait for some to close rather
                // than spin on the error.
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            };
            let seat = Seat(Arc::new(Mutex::new(Some(permit))));
            let router = router
                .clone()
                .layer(axum::Extension(Peer(from.ip())))
                .layer(axum::Extension(seat.clone()));
            let stopping = stopping.clone();
            tokio::spawn(async move {
                connection(stream, router, stopping).await;
                seat.give_back();
            });
        }
        // Every connection gives its slot back when it is done (or gives up).
        let _ =
            tokio::time::timeout(DRAIN_TIMEOUT, slots.acquire_many(MAX_CONNECTIONS as u32)).await;
    });
    let _ = watcher.join();
    served.close();
    // Whoever read our first lines may be gone by now: no panic on a closed stdout.
    use std::io::Write;
    let _ = writeln!(
        std::io::stdout(),
        "Qisai: stopped; {} is closed",
        service::shown_path(&args.file)
    );
    Ok(())
}
